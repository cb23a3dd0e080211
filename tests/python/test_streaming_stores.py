"""Non-temporal stores (--ptensor-streaming-stores): loops that move more bytes than the
last-level cache store their results with vectorized, line-aligned non-temporal stores.
The threshold is the cache's size; PTENSOR_STREAMING_BYTES=0 takes that path for every
eligible loop, so small arrays of every length around the vector width, offset views,
several results and dtypes check it against NumPy here (in a process of its own: the
threshold is read when the backend starts)."""
import os
import subprocess
import sys

import pytest

import ptensor as pt
from _helpers import on_a_device

SCRIPT = r"""
import sys
import numpy as np, ptensor as pt
rng = np.random.default_rng(0)
bad = []
def check(name, got, want):
    got = np.asarray(got)
    if got.dtype != want.dtype or got.shape != want.shape or not np.array_equal(got, want):
        bad.append(name)
for n in list(range(0, 34)) + [63, 64, 65, 127, 4095, 4096, 4097, 8200, 20011]:
    b = rng.random(n); c = rng.random(n)
    check(f"triad {n}", pt.asarray(b) + 3.0 * pt.asarray(c), b + 3.0 * c)
    check(f"fill {n}", pt.full((n,), 2.5), np.full((n,), 2.5))
    if n > 3:
        check(f"views {n}", pt.asarray(b)[1:-2] * pt.asarray(c)[3:], b[1:-2] * c[3:])
        f = b.astype(np.float32)
        check(f"f32 {n}", pt.sqrt(pt.asarray(f)) + 1, np.sqrt(f) + 1)
        i = (b * 100).astype(np.int32)
        check(f"i32 {n}", pt.asarray(i) * 3 - 7, i * 3 - 7)
        i8 = (b * 100).astype(np.int8)
        check(f"i8 {n}", pt.asarray(i8) + 1, i8 + 1)
        check(f"where {n}", pt.where(pt.asarray(b) > 0.5, pt.asarray(b), -pt.asarray(c)),
              np.where(b > 0.5, b, -c))
        check(f"compare {n}", pt.asarray(b) > pt.asarray(c), b > c)
for m, k in [(1, 1), (3, 7), (5, 9), (17, 33), (64, 100), (7, 4100), (300, 301)]:
    u = rng.random((m, k)); v = rng.random((m, k))
    check(f"2d {m}x{k}", 2 * pt.asarray(u) - pt.asarray(v), 2 * u - v)
    z = pt.zeros((m, k)); z[1:, 1:] = pt.asarray(u)[1:, 1:] + 1
    zz = np.zeros((m, k)); zz[1:, 1:] = u[1:, 1:] + 1
    check(f"setitem {m}x{k}", z, zz)
    a, s = pt.asarray(u) * 2, pt.asarray(v) + pt.asarray(u)
    check(f"two results {m}x{k}", a, u * 2); check(f"two results' second {m}x{k}", s, v + u)
    check(f"reversed {m}x{k}", pt.asarray(u)[:, ::-1] + 1, u[:, ::-1] + 1)
    check(f"transposed {m}x{k}", pt.asarray(u).T + pt.asarray(v).T, u.T + v.T)
    w = pt.asarray(u); w += 1
    check(f"in place {m}x{k}", w, u + 1)
    check(f"broadcast row {m}x{k}", pt.asarray(u) * pt.asarray(v[0]), u * v[0])
    check(f"broadcast column {m}x{k}", pt.asarray(u) - pt.asarray(v[:, :1]), u - v[:, :1])
print("BAD", bad)
"""


def run(env_extra):
    env = dict(os.environ, **env_extra)
    pkg_root = os.path.dirname(os.path.dirname(os.path.abspath(pt.__file__)))
    env["PYTHONPATH"] = os.pathsep.join([pkg_root, env.get("PYTHONPATH", "")])
    return subprocess.run([sys.executable, "-c", SCRIPT], env=env, capture_output=True,
                          text=True, timeout=600)


@pytest.mark.skipif(on_a_device(), reason="a host pipeline pass (device programs do not run it)")
@pytest.mark.parametrize("threads", ["1", "2"])
def test_streaming_stores_match_numpy(tmp_path, threads):
    dump = tmp_path / "llvm.ll"
    r = run({"PTENSOR_STREAMING_BYTES": "0", "PTENSOR_NUM_THREADS": threads,
             "PTENSOR_CACHE_DIR": str(tmp_path / "cache"), "PTENSOR_DUMP_LLVM": str(dump)})
    assert r.returncode == 0, r.stderr[-3000:]
    assert "BAD []" in r.stdout, r.stdout[-3000:]
    stores = [line for line in dump.read_text().splitlines()
              if "!nontemporal" in line and "store <" in line]
    assert stores, "no non-temporal vector store was compiled"
    # every one is a whole 64-byte line at a line-aligned address
    assert all(", align 64, !nontemporal" in s for s in stores), stores[:3]


@pytest.mark.skipif(on_a_device(), reason="a host pipeline pass (device programs do not run it)")
def test_streaming_stores_can_be_turned_off(tmp_path):
    dump = tmp_path / "llvm.ll"
    r = run({"PTENSOR_STREAMING_BYTES": "-1", "PTENSOR_CACHE_DIR": str(tmp_path / "cache"),
             "PTENSOR_DUMP_LLVM": str(dump)})
    assert r.returncode == 0, r.stderr[-3000:]
    assert "BAD []" in r.stdout, r.stdout[-3000:]
    assert "!nontemporal" not in dump.read_text()
