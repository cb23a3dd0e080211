"""Diagnostics (issue 26 item 6): the compile log with the reason each program is new,
PTENSOR_LOG, and cache_clear of the in-memory and disk caches. Each scenario runs in a fresh
process with its own cache directory, so the log starts empty."""
import json
import os
import subprocess
import sys
import textwrap

import numpy as np
import pytest

import ptensor as pt

# tests of the compiled programs themselves: every array is recorded (conftest.py)
pytestmark = pytest.mark.usefixtures("compiled")

SCRIPT = textwrap.dedent("""
    import json, os, sys
    import numpy as np
    import ptensor as pt
    out = {}
    def run(n, dtype, with_product=False, shape=None):
        x = pt.ones(shape or (n,), dtype=dtype)
        y = x + 1
        if with_product:
            z = y * 2
            np.asarray(z)
        return np.asarray(y)
    out["values"] = [run(10, pt.float64).tolist(), run(10, pt.float32).tolist()]
    run(10, pt.float64, with_product=True)
    run(10, pt.float64, shape=(10, 1))     # a size-1 dimension: another static fact
    run(12, pt.float64)                    # other sizes: the same program (no entry)
    x = pt.ones(10); y = x + 1; del x
    np.asarray(y)                          # x no longer live: one result fewer
    out["log"] = pt.compile_log()
    out["cleared"] = pt.cache_clear()
    out["after"] = pt.cache_info()["cached_programs"]
    out["again"] = run(10, pt.float64).tolist()
    out["last"] = pt.compile_log()[-1]
    if sys.argv[1] == "clear":
        out["files"] = pt.cache_clear()["files"]
        out["left"] = sorted(os.listdir(pt.cache_info()["cache_dir"]))
    print("RESULT " + json.dumps(out))
""")


def _run(tmp_path, mode, log=False):
    env = dict(os.environ, PTENSOR_CACHE_DIR=str(tmp_path / "cache"))
    env.pop("PTENSOR_LOG", None)
    if log:
        env["PTENSOR_LOG"] = "1"
    r = subprocess.run([sys.executable, "-c", SCRIPT, mode], capture_output=True, text=True,
                       timeout=600, env=env)
    assert r.returncode == 0, r.stderr[-3000:]
    line = next(s for s in r.stdout.splitlines() if s.startswith("RESULT "))
    return json.loads(line[len("RESULT "):]), r.stderr


def test_compile_log_reasons_and_cache_clear(tmp_path):
    out, err = _run(tmp_path, "keep", log=True)
    assert out["values"] == [[2.0] * 10, [2.0] * 10]
    log = out["log"]
    assert [e["reason"] for e in log] == ["new structure", "new dtypes", "new structure",
                                          "new size pattern", "new results"]
    assert all(e["source"] == "compiled" and e["seconds"] > 0 for e in log)
    assert [e["results"] for e in log] == [2, 2, 3, 2, 1]
    assert [e["operations"] for e in log][:2] == [3, 3]
    assert len({e["program"] for e in log}) == 5
    # PTENSOR_LOG=1: one line per entry, as it happens
    lines = [s for s in err.splitlines() if s.startswith("ptensor: compiled program")]
    assert len(lines) == 6 and lines[0].endswith(": new structure")
    # cache_clear: every program dropped; the next run compiles again ("evicted")
    assert out["cleared"]["programs"] == 5 and out["cleared"]["files"] == 5
    assert out["after"] == 0
    assert out["again"] == [2.0] * 10
    assert out["last"]["reason"] == "evicted" and out["last"]["source"] == "compiled"
    assert out["last"]["program"] == log[0]["program"]


def test_disk_loads_are_logged_and_cache_clear_removes_only_programs(tmp_path):
    _run(tmp_path, "keep")  # leaves 1 program file: the one compiled after its cache_clear
    (tmp_path / "cache" / "notes.txt").write_text("not ptensor's")
    out, err = _run(tmp_path, "clear")
    log = out["log"]
    assert log[0]["source"] == "disk" and log[0]["reason"] == "new structure"
    assert [e["source"] for e in log[1:]] == ["compiled"] * 4
    assert out["cleared"]["files"] == 5
    assert out["files"] == 1 and out["left"] == ["notes.txt"]
    assert "ptensor:" not in err  # no PTENSOR_LOG: silent


def test_in_process_cache_clear_keeps_results_right():
    x = pt.asarray(np.arange(5.0))
    y = x * 3
    np.testing.assert_array_equal(np.asarray(y), np.arange(5.0) * 3)
    pt.cache_clear(disk=False)
    assert pt.cache_info()["cached_programs"] == 0
    z = x * 3 + y
    np.testing.assert_array_equal(np.asarray(z), np.arange(5.0) * 6)
    assert isinstance(pt.compile_log(), list) and pt.compile_log()[-1]["reason"] in (
        "evicted", "new structure", "new results", "new dtypes", "new size pattern")


def test_explain_the_pending_program_without_running_it():
    a = pt.asarray(np.arange(8.0))
    b = pt.sin(a) * 2 + 1  # three elementwise operations: one loop after fusion
    e = pt.explain(b)
    assert e["pending"] and e["results"] >= 1 and e["inputs"] >= 1
    assert e["operations"] >= 3 and "ptensor." in e["ir"]
    assert e["loops"] >= 1 and "linalg.generic" in e["fused"]
    runs = pt.cache_info()["runs"]
    pt.explain(b)
    assert pt.cache_info()["runs"] == runs  # nothing ran
    np.testing.assert_allclose(np.asarray(b), np.sin(np.arange(8.0)) * 2 + 1)
    assert pt.explain(b)["pending"] is False  # materialized now
    c = b * 3
    e = pt.explain(c)
    assert e["pending"]
    np.asarray(c)
    d = b * 3  # the same program again: compiled already
    assert pt.explain(d)["compiled"] is True
    np.testing.assert_allclose(np.asarray(d), (np.sin(np.arange(8.0)) * 2 + 1) * 3)


def test_explain_fuses_a_chain_into_one_loop():
    x = pt.asarray(np.linspace(0.0, 1.0, 1000))
    y = pt.exp(x) * pt.cos(x) + x * x - 3.0
    del x
    e = pt.explain(y)
    assert e["operations"] >= 5
    assert e["fused"].count("linalg.generic") == 1, e["fused"]
    np.testing.assert_allclose(np.asarray(y), np.exp(np.linspace(0, 1, 1000)) *
                               np.cos(np.linspace(0, 1, 1000)) +
                               np.linspace(0, 1, 1000) ** 2 - 3.0)


def test_explain_bad_argument():
    with pytest.raises(TypeError, match="explain"):
        pt.explain(np.ones(3))
