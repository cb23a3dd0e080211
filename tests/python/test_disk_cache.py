"""The persistent program cache (PTENSOR_CACHE_DIR): real separate processes, as users run
scripts. Each test uses its own empty cache directory."""
import ctypes
import json
import os
import struct
import subprocess
import sys
import time

import pytest

import ptensor as pt
from _helpers import on_a_device

# tests of the compiled programs themselves: every array is recorded (conftest.py)
pytestmark = pytest.mark.usefixtures("compiled")

SCRIPT = r"""
import json, numpy as np, ptensor as pt
a = np.linspace(0.5, 2.0, 1000)
x = pt.asarray(a)
r1 = pt.exp(x) * 2.0 + pt.log(x)
r2 = pt.sum(x * x, axis=0)
ok = bool(np.allclose(r1.to_numpy(), np.exp(a) * 2.0 + np.log(a), rtol=1e-13)
          and abs(float(r2) - float(np.sum(a * a))) < 1e-9)
print(json.dumps(dict(pt.cache_info(), ok=ok)))
"""


def run_script(cache_dir, script=SCRIPT):
    env = dict(os.environ, PTENSOR_CACHE_DIR=str(cache_dir))
    env.pop("PTENSOR_NUM_THREADS", None)  # (an MPI rank sets its share of the cores)
    pkg_root = os.path.dirname(os.path.dirname(os.path.abspath(pt.__file__)))
    env["PYTHONPATH"] = os.pathsep.join([pkg_root, env.get("PYTHONPATH", "")])
    return subprocess.Popen([sys.executable, "-c", script], env=env, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True)


def result(p):
    out, err = p.communicate(timeout=120)
    assert p.returncode == 0, err
    return json.loads(out.strip().splitlines()[-1])


def test_second_run_compiles_nothing(tmp_path):
    first = result(run_script(tmp_path))
    second = result(run_script(tmp_path))
    assert first["ok"] and second["ok"]
    assert first["compiles"] >= 1 and first["disk_hits"] == 0
    assert second["compiles"] == 0 and second["disk_hits"] == first["compiles"]
    assert second["cache_dir"] == str(tmp_path)


def test_concurrent_writers(tmp_path):
    procs = [run_script(tmp_path) for _ in range(3)]  # race to write the same programs
    assert all(result(p)["ok"] for p in procs)
    assert not [f for f in os.listdir(tmp_path) if ".tmp." in f]  # no leftovers
    after = result(run_script(tmp_path))
    assert after["ok"] and after["compiles"] == 0


def test_damaged_files_are_ignored(tmp_path):
    first = result(run_script(tmp_path))
    for f in os.listdir(tmp_path):
        path = tmp_path / f
        data = path.read_bytes()
        path.write_bytes(data[: len(data) // 2])  # truncated
    again = result(run_script(tmp_path))
    assert again["ok"] and again["compiles"] == first["compiles"] and again["disk_hits"] == 0
    for f in os.listdir(tmp_path):
        (tmp_path / f).write_bytes(b"not a ptensor cache file")
    assert result(run_script(tmp_path))["ok"]


def test_disabled(tmp_path):
    res = [result(run_script("off")) for _ in range(2)]
    assert all(r["ok"] and r["cache_dir"] == "" and r["compiles"] >= 1 for r in res)


@pytest.mark.parametrize("threads", ["1"])
def test_single_thread_programs_are_keyed_apart(tmp_path, threads):
    """PTENSOR_NUM_THREADS=1 compiles without OpenMP: not the same program as the default."""
    if on_a_device():
        pytest.skip("device programs do not depend on host threads")
    result(run_script(tmp_path))
    env_script = "import os; os.environ['PTENSOR_NUM_THREADS'] = '1'\n" + SCRIPT
    r = result(run_script(tmp_path, env_script))
    assert r["ok"] and r["compiles"] >= 1 and r["disk_hits"] == 0


BENCHMARKS = os.path.join(os.path.dirname(__file__), "..", "..", "examples", "benchmarks")
LEAPFROG = r"""
import json, sys, numpy as np, ptensor as pt
sys.path.insert(0, BENCHMARKS)
from compile_time import wave  # (the compile-time benchmark's leapfrog loop)
u0 = np.random.default_rng(0).random((64, 64))
ok = bool(np.allclose(wave(pt, pt.asarray(u0), 10).to_numpy(), wave(np, u0, 10), rtol=1e-12))
big = max(pt.compile_log(), key=lambda r: r["operations"])
print(json.dumps(dict(pt.cache_info(), ok=ok, big=big)))
"""


def object_parts(path):
    """How many object files (one per codegen thread) a cached program holds."""
    data = path.read_bytes()
    at = data.find(b"PTOBJS1\0")
    assert at >= 0, path
    return struct.unpack_from("<Q", data, at + 8)[0]


@pytest.mark.parametrize("threads", ["1", "2"])
def test_large_program_compiles_in_parts(tmp_path, threads):
    """A large program's machine code is generated on the program's threads (one object per
    thread, linked together), stored as all its objects and loaded back from them; the
    compile log names each stage's seconds."""
    if on_a_device():
        pytest.skip("device programs compile their host part on one thread")
    script = (f"import os; os.environ['PTENSOR_NUM_THREADS'] = {threads!r}\n" +
              LEAPFROG.replace("BENCHMARKS", repr(os.path.abspath(BENCHMARKS))))
    first = result(run_script(tmp_path, script))
    big = first["big"]
    assert first["ok"] and big["source"] == "compiled" and big["operations"] > 100, first
    stages = big["stages"]
    assert list(stages) == ["build", "lowering", "optimize", "codegen", "store"], stages
    assert all(s >= 0 for s in stages.values()) and sum(stages.values()) <= big["seconds"]
    assert max(object_parts(p) for p in tmp_path.glob("*.ptc")) == int(threads)
    second = result(run_script(tmp_path, script))
    assert second["ok"] and second["compiles"] == 0, second
    assert second["big"]["source"] == "disk" and second["big"]["stages"] == {}, second


THREADS = r"""
import os, json, numpy as np, ptensor as pt
before = len(os.listdir("/proc/self/task"))
a = np.linspace(0.0, 1.0, 200_000)
r = pt.exp(pt.asarray(a)) + 1.0
ok = bool(np.allclose(r.to_numpy(), np.exp(a) + 1.0, rtol=1e-13))
print(json.dumps({"ok": ok, "new_threads": len(os.listdir("/proc/self/task")) - before}))
"""


def test_num_threads_setting(tmp_path):
    if on_a_device():
        pytest.skip("device programs do not depend on host threads")
    """PTENSOR_NUM_THREADS=n runs compiled loops on n threads; 1 means no OpenMP team at all
    (the JIT itself may own a thread, hence the comparison of the two runs)."""
    new = {}
    for n in ("1", "3"):
        script = f"import os; os.environ['PTENSOR_NUM_THREADS'] = {n!r}\n" + THREADS
        r = result(run_script(tmp_path, script))
        assert r["ok"], r
        new[n] = r["new_threads"]
    assert new["3"] - new["1"] == 2, new


BLAS_THREADS = r"""
import os, json, ctypes
for v in ("OPENBLAS_NUM_THREADS", "GOTO_NUM_THREADS", "OMP_NUM_THREADS"):
    os.environ.pop(v, None)  # OpenBLAS's own count: one per usable core
os.environ["PTENSOR_NUM_THREADS"] = "1"
import numpy as np, ptensor as pt
a = np.random.default_rng(0).random((200, 200))
ok = bool(np.allclose((pt.asarray(a) @ pt.asarray(a)).to_numpy(), a @ a, rtol=1e-12))
lib = pt._core.blas_library()  # the one matmuls call: NumPy's, or (PTENSOR_BLAS_OWN) Debian's
blas = ctypes.CDLL(lib)  # (already loaded: the same handle)
get = next(getattr(blas, n) for n in ("scipy_openblas_get_num_threads64_",
                                      "openblas_get_num_threads64_", "openblas_get_num_threads")
           if hasattr(blas, n))
first = get()
pt.set_num_threads(64)
print(json.dumps({"ok": ok, "first": first, "after": get(), "numpy": "numpy" in lib}))
"""


@pytest.mark.parametrize("own", ["", "1"])
def test_num_threads_caps_openblas(tmp_path, own):
    """OpenBLAS keeps its own thread pool (all cores): PTENSOR_NUM_THREADS and
    set_num_threads cap the one matmuls call too (NumPy's where its wheel loaded one, else
    ptensor's own: PTENSOR_BLAS_OWN=1), never above its own count (ranks sharing a node under
    mpiexec would oversubscribe the cores otherwise)."""
    try:
        ctypes.CDLL("libopenblas.so.0")
    except OSError:
        pytest.skip("Debian's OpenBLAS is not installed")
    script = f"import os; os.environ['PTENSOR_BLAS_OWN'] = {own!r}\n" + BLAS_THREADS
    r = result(run_script(tmp_path, script))
    numpy_wheel = r.pop("numpy")
    if own:  # PTENSOR_BLAS_OWN=1: never NumPy's
        assert not numpy_wheel, r
    assert r == {"ok": True, "first": 1, "after": len(os.sched_getaffinity(0))}, r


def test_flipped_bits_are_detected(tmp_path):
    """A damaged object (one bit flipped anywhere in it) is never loaded: its checksum fails,
    the file is removed, the program compiled and stored again, the results stay right."""
    first = result(run_script(tmp_path))
    files = sorted(os.listdir(tmp_path))
    sizes = {f: (tmp_path / f).stat().st_size for f in files}
    for trial in range(6):
        for f in files:
            data = bytearray((tmp_path / f).read_bytes())
            pos = len(data) - 1 - (trial * 997) % (len(data) // 2)  # in the object's body
            data[pos] ^= 1 << (trial % 8)
            (tmp_path / f).write_bytes(bytes(data))
        again = result(run_script(tmp_path))
        assert again["ok"] and again["disk_hits"] == 0
        assert again["compiles"] == first["compiles"]
        assert {f: (tmp_path / f).stat().st_size for f in os.listdir(tmp_path)} == sizes
    assert result(run_script(tmp_path))["compiles"] == 0  # the rewritten files are good


@pytest.mark.parametrize("mode", [0o777, 0o770, 0o722])
def test_directory_others_can_write_is_refused(tmp_path, mode):
    """A cache directory another user can write would run their object code here: refused
    with a warning naming it, and the programs compiled in memory only."""
    d = tmp_path / "shared"
    d.mkdir()
    os.chmod(d, mode)
    p = run_script(d)
    out, err = p.communicate(timeout=120)
    assert p.returncode == 0, err
    r = json.loads(out.strip().splitlines()[-1])
    assert r["ok"] and r["cache_dir"] == "" and r["compiles"] >= 1
    assert "not used" in err and str(d) in err and "other users can write" in err
    assert os.listdir(d) == []


@pytest.mark.skipif(os.geteuid() != 0, reason="chown to another user needs root")
def test_directory_of_another_user_is_refused(tmp_path):
    d = tmp_path / "theirs"
    d.mkdir(mode=0o700)
    os.chown(d, 65534, 65534)  # nobody
    p = run_script(d)
    out, err = p.communicate(timeout=120)
    assert p.returncode == 0, err
    r = json.loads(out.strip().splitlines()[-1])
    assert r["ok"] and r["cache_dir"] == "" and "owned by another user" in err


def test_new_directory_is_private(tmp_path):
    d = tmp_path / "a" / "cache"
    assert result(run_script(d))["ok"]
    assert (d.stat().st_mode & 0o777) == 0o700 and os.listdir(d)


BOUNDED = r"""
import json, numpy as np, ptensor as pt
ok = True
a = np.arange(4.0)
for k in range(12):  # 12 distinct programs: chains of k + 1 operations
    y, want = pt.asarray(a), a
    for i in range(k + 1):
        y, want = (y * 2.0, want * 2.0) if i % 2 else (y + 1.0, want + 1.0)
    ok &= bool(np.array_equal(np.asarray(y), want))
print(json.dumps(dict(pt.cache_info(), ok=ok)))
"""


def test_disk_cache_size_bound(tmp_path):
    """PTENSOR_CACHE_MAX_MB bounds the directory: the least recently used programs go."""
    env_script = "import os; os.environ['PTENSOR_CACHE_MAX_MB'] = '0.02'\n" + BOUNDED
    r = result(run_script(tmp_path, env_script))
    assert r["ok"] and r["compiles"] == 12
    sizes = [(tmp_path / f).stat().st_size for f in os.listdir(tmp_path)]
    assert 0 < sum(sizes) <= 0.02 * 2**20 and len(sizes) < 12
    # the newest program stayed: a run of it alone finds it on disk
    again = result(run_script(tmp_path, env_script.replace("range(12)", "range(11, 12)")))
    assert again["ok"] and again["disk_hits"] == 1 and again["compiles"] == 0


def test_program_cache_bound():
    """The in-memory cache keeps at most set_program_cache_size programs (LRU); an evicted
    program is compiled again when needed and gives the same values."""
    r = result(run_script("off", "import ptensor as pt; pt.set_program_cache_size(4)\n" + BOUNDED))
    assert r["ok"] and r["cached_programs"] == 4 and r["program_cache_size"] == 4
    assert r["evictions"] >= 8
    r2 = result(run_script("off", "import os; os.environ['PTENSOR_PROGRAM_CACHE_SIZE'] = '3'\n"
                           + BOUNDED))
    assert r2["ok"] and r2["cached_programs"] == 3 and r2["program_cache_size"] == 3
    with pytest.raises(ValueError, match="at least 1"):
        pt.set_program_cache_size(0)


MPI_SCRIPT = r"""
import json, os, sys, numpy as np, ptensor as pt

a = np.linspace(0.5, 2.0, 1001)
x = pt.asarray(a)
ok = True
for f, g in [(pt.exp, np.exp), (pt.sin, np.sin), (pt.sqrt, np.sqrt), (pt.log, np.log)]:
    ok = ok and bool(np.allclose(pt.to_numpy(f(x) * 3.0 + x[::-1]), g(a) * 3.0 + a[::-1],
                                 rtol=1e-13))
# one file per rank: mpiexec merges the ranks' stdout, and two lines can run together
with open(os.path.join(sys.argv[1], os.environ["PMI_RANK"] + ".json"), "w") as f:
    json.dump(dict(pt.cache_info(), ok=ok), f)
"""


@pytest.mark.skipif(pt._dist.default_team() is not None, reason="starts its own mpiexec")
def test_mpi_ranks_compile_each_program_once(tmp_path):
    # the ranks reach every program together: one compiles it, the others wait for its file
    env = dict(os.environ, PTENSOR_CACHE_DIR=str(tmp_path / "cache"))
    out = tmp_path / "out"
    out.mkdir()
    r = subprocess.run(["mpiexec", "-n", "3", sys.executable, "-c", MPI_SCRIPT, str(out)],
                       env=env, capture_output=True, text=True, timeout=300)
    assert r.returncode == 0, r.stderr[-2000:]
    ranks = [json.loads((out / f).read_text()) for f in sorted(os.listdir(out))]
    assert len(ranks) == 3 and all(i["ok"] for i in ranks)
    programs = {i["compiles"] + i["disk_hits"] for i in ranks}
    assert len(programs) == 1  # every rank ran the same programs
    assert sum(i["compiles"] for i in ranks) == programs.pop()
    assert not [f for f in os.listdir(tmp_path / "cache") if f.endswith(".lock")]


def claim_files(tmp_path, first):
    """The programs of SCRIPT removed from the cache dir, each claimed by a lock file as
    another process writes it (host, pid); their bytes by name."""
    saved = {}
    for f in os.listdir(tmp_path):
        saved[f] = (tmp_path / f).read_bytes()
        (tmp_path / f).unlink()
    assert len(saved) == first["compiles"] >= 1
    return saved


def test_live_claim_is_waited_for(tmp_path):
    first = result(run_script(tmp_path))
    saved = claim_files(tmp_path, first)
    host = os.uname().nodename
    for f in saved:  # claimed by this (live) test process
        (tmp_path / f.replace(".ptc", ".lock")).write_text(f"{host} {os.getpid()}\n")
    p = run_script(tmp_path)
    time.sleep(3)  # the script waits for the claimant rather than compiling
    for f, data in saved.items():
        (tmp_path / f).write_bytes(data)
        (tmp_path / f.replace(".ptc", ".lock")).unlink()
    got = result(p)
    assert got["ok"] and got["compiles"] == 0 and got["disk_hits"] == first["compiles"]
    assert got["disk_waits"] >= 1


@pytest.mark.parametrize("who", ["ended", "old", "own", "empty"])
def test_stale_claims_are_not_waited_for(tmp_path, who):
    first = result(run_script(tmp_path))
    saved = claim_files(tmp_path, first)
    host = os.uname().nodename
    ended = subprocess.run([sys.executable, "-c", "import os; print(os.getpid())"],
                           capture_output=True, text=True).stdout.strip()
    for f in saved:
        lock = tmp_path / f.replace(".ptc", ".lock")
        if who == "ended":  # a process that has ended (same host)
            lock.write_text(f"{host} {ended}\n")
        elif who == "old":  # another machine's, older than the claim limit (300 s)
            lock.write_text("elsewhere.example 1\n")
            os.utime(lock, (time.time() - 400, time.time() - 400))
        elif who == "empty":  # damaged (not being written: older than 2 s)
            lock.write_text("")
            os.utime(lock, (time.time() - 5, time.time() - 5))
        else:  # the waiting process's own pid (a claim it never released): see below
            lock.write_text(f"{host} OWN\n")
    if who == "own":
        script = ("import os, glob\nfor f in glob.glob(os.environ['PTENSOR_CACHE_DIR'] + "
                  "'/*.lock'):\n    t = open(f).read().replace('OWN', str(os.getpid()))\n"
                  "    open(f, 'w').write(t)\n" + SCRIPT)
        p = run_script(tmp_path, script)
    else:
        p = run_script(tmp_path)
    t0 = time.time()
    got = result(p)
    assert time.time() - t0 < 60
    assert got["ok"] and got["compiles"] == first["compiles"] and got["disk_waits"] == 0
    assert not [f for f in os.listdir(tmp_path) if f.endswith(".lock")]
