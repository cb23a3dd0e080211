"""Run fuzz programs on NumPy and on ptensor and compare them: the worker process of fuzz.py.

    python3 run.py --seeds 0:100      programs of seeds 0..99 (--seeds 0: has no end)
    python3 run.py --program p.json   one program (a JSON list of statements)

Under `mpiexec -n N` every rank runs the same programs. Output, one line each, flushed:
`seed N` (rank 0) before a program and `done N RANK {json}` (every rank) after it, the JSON
being check()'s result. A crash or a hang shows as a `seed` line without its `done` lines.
"""
from __future__ import annotations

import argparse
import gc
import json
import os
import re
import sys
import warnings

import numpy as np

import gen

# Relative tolerance per float kind, applied against the larger of |reference| and the largest
# finite |value| of the reference array (reductions and scans add in another order, float32
# reductions accumulate in float64, libmvec differs from NumPy by a few ulp).
RTOL = {4: 1e-3, 8: 1e-6}  # by the size of one real component in bytes

# ptensor exceptions that are documented choices, not bugs: (exception type name, message
# regex, why). Programs that raise one are not failures. Empty: the generator avoids the
# deviations that README.md documents instead.
DOCUMENTED_ERRORS: list[tuple[str, str, str]] = []
SNAPSHOT = re.compile(r"S\.append\(np\.array\((a\d+)\)\)$")


class ProgramError(Exception):
    """Statement `index` of a program (len(program): the final materialization) raised."""

    def __init__(self, index: int, error: Exception):
        super().__init__(index, error)
        self.index, self.error = index, error


def execute(lines: list[str], xp):
    """Run the program with namespace xp: (snapshots, {live variable: value}) as NumPy arrays."""
    ns = {"xp": xp, "np": np, "S": []}
    for i, line in enumerate(lines):
        try:
            exec(line, ns)
        except Exception as e:
            raise ProgramError(i, e) from e
    names = sorted((k for k in ns if gen.VAR.match(k)), key=lambda k: int(k[1:]))
    try:
        return ns["S"], {k: np.array(ns[k]) for k in names}
    except Exception as e:
        raise ProgramError(len(lines), e) from e


def difference(want: np.ndarray, got: np.ndarray) -> str | None:
    """How got differs from the reference want (None: equal within tolerance)."""
    if got.shape != want.shape or got.dtype != want.dtype:
        return f"{got.dtype}{list(got.shape)} where NumPy gives {want.dtype}{list(want.shape)}"
    if want.dtype.kind not in "fc":
        bad = want != got
    else:
        finite = np.isfinite(want)
        if want.dtype.kind == "c":  # C99 Annex G infinities: only non-finite positions agree
            bad = finite != np.isfinite(got)
        else:
            bad = (np.isnan(want) != np.isnan(got)) | (np.isinf(want) & (want != got))
        rtol = RTOL[want.dtype.itemsize // (2 if want.dtype.kind == "c" else 1)]
        with np.errstate(all="ignore"):
            scale = np.max(np.abs(want), where=finite, initial=1.0)
            close = np.abs(got - want) <= rtol * np.maximum(np.abs(want), scale)
        bad = bad | finite & ~close
    if not np.any(bad):
        return None
    i = tuple(int(k) for k in np.argwhere(bad)[0])
    return f"at {list(i)}: {got[i]!r} where NumPy gives {want[i]!r} ({int(np.sum(bad))} differ)"


def unique_difference(want: np.ndarray, got: np.ndarray) -> str | None:
    """unique_values of floats: values that differ in the last bits (x / x: 1 exactly or
    1 - 2**-24) are one value or two, so the sets are compared, each value within tolerance
    of one of the other's, the NaNs (each distinct) counted."""
    if got.dtype != want.dtype:
        return difference(want, got)
    rtol = RTOL[want.dtype.itemsize // (2 if want.dtype.kind == "c" else 1)]
    nan_w, nan_g = np.isnan(want), np.isnan(got)
    if nan_w.sum() != nan_g.sum():
        return f"{int(nan_g.sum())} NaNs where NumPy gives {int(nan_w.sum())}"
    w, g = want[~nan_w], got[~nan_g]
    with np.errstate(all="ignore"):
        scale = max(np.max(np.abs(w), where=np.isfinite(w), initial=1.0), 1.0)
        for a, b, who in ((g, w, "ptensor"), (w, g, "NumPy")):
            for v in a:
                near = (b == v) | (np.abs(b - v) <= rtol * scale)
                if not np.any(near):
                    return f"{v!r} of {who}'s unique values has no match in the other's"
    return None


def op_name(line: str) -> str:
    """The operation of a statement, for grouping failures: the xp function it calls, else
    getitem, setitem, inplace, operator <op>, materialize (a snapshot) or del."""
    if SNAPSHOT.match(line):
        return "materialize"
    head, assigns, rhs = line.partition(" = ")
    if not assigns:
        return "inplace" if re.match(r"a\d+ \S+= ", line) else line.split()[0]
    if "[" in head:
        return "setitem"
    m = re.match(r"(?:xp\.)?(\w+)\(", rhs)
    if m:
        return "unique_values" if rhs.startswith("xp.sort(xp.unique") else m[1]
    if re.match(r"a\d+\[", rhs):
        return "getitem"
    m = re.match(r"\S+ (\S+) ", rhs)
    return f"operator {m[1] if m else rhs[0]}"


def defining_line(lines: list[str], name: str) -> str:
    """The statement that last assigned variable name."""
    return next(line for line in reversed(lines) if line.startswith(f"{name} = "))


def check(lines: list[str], pt) -> dict:
    """Run a program on NumPy and ptensor. kind: ok, skip (NumPy raised), error (ptensor
    raised where NumPy did not), mismatch; signature groups failures of one cause."""
    with np.errstate(all="ignore"), warnings.catch_warnings():
        warnings.simplefilter("ignore")
        try:
            want_s, want = execute(lines, np)
        except ProgramError:
            return {"kind": "skip"}
        try:
            got_s, got = execute(lines, pt)
        except ProgramError as e:
            err = e.error
            what = f"{type(err).__name__}: {str(err).strip().splitlines()[0] if str(err) else ''}"
            if any(type(err).__name__ == t and re.search(m, str(err))
                   for t, m, _ in DOCUMENTED_ERRORS):
                return {"kind": "skip", "what": what}
            op = op_name(lines[e.index]) if e.index < len(lines) else "materialize"
            return {"kind": "error", "where": e.index, "what": what[:300],
                    "signature": f"error {op} {type(err).__name__}"}
    snapshots = [i for i, line in enumerate(lines) if line.startswith("S.append")]
    compared = [(f"S[{k}]", defining_line(lines[:i], SNAPSHOT.match(lines[i])[1]),
                 want_s[k], got_s[k]) for k, i in enumerate(snapshots)]
    compared += [(k, defining_line(lines, k), want[k], got[k]) for k in want]
    for name, line, w, g in compared:
        diff = difference(w, g)
        if diff and op_name(line) == "unique_values" and w.dtype.kind in "fc":
            diff = unique_difference(w, g)
        if diff:
            return {"kind": "mismatch", "variable": name, "what": diff[:300],
                    "signature": f"mismatch {op_name(line)}"}
    return {"kind": "ok"}


INPUT = re.compile(r"(a\d+) = (xp\.asarray\(np\..*\))$")


def check_jit(lines: list[str], pt) -> dict:
    """The program as one function under pt.jit (PTENSOR_FUZZ_JIT=1): its statements
    `aK = xp.asarray(<NumPy literal>)` become the function's arguments, its snapshots are
    dropped (each would make it run as written), and it returns a copy of every live
    variable. Called three times with fresh arguments (a trace, then replays), each result
    compared with NumPy's run of the program. kind "ok" carries "replayed": whether the
    calls were replays (else the program does what a replay cannot repeat)."""
    body, inputs = [], []
    for line in lines:
        if SNAPSHOT.match(line):
            continue
        m = INPUT.match(line)
        if m:
            body.append(f"{m[1]} = ARGS[{len(inputs)}]")
            inputs.append(m[2])
        else:
            body.append(line)
    with np.errstate(all="ignore"), warnings.catch_warnings():
        warnings.simplefilter("ignore")
        try:
            _, want = execute([ln for ln in lines if not SNAPSHOT.match(ln)], np)
        except ProgramError:
            return {"kind": "skip"}

        def program(*args):
            ns = {"xp": pt, "np": np, "S": [], "ARGS": args}
            for i, line in enumerate(body):
                try:
                    exec(line, ns)
                except Exception as e:
                    raise ProgramError(i, e) from e
            names = [k for k in ns if gen.VAR.match(k)]
            return {k: pt.asarray(ns[k], copy=True) for k in names}

        f = pt.jit(program)
        for call in range(3):
            try:
                args = [eval(e, {"xp": pt, "np": np}) for e in inputs]
                got = f(*args)
                got = {k: np.array(v) for k, v in got.items()}
            except ProgramError as e:
                err = e.error
                what = f"{type(err).__name__}: {str(err).strip().splitlines()[0] if str(err) else ''}"
                return {"kind": "error", "where": e.index, "what": f"jit call {call}: {what}"[:300],
                        "signature": f"jit error {op_name(body[e.index])} {type(err).__name__}"}
            except Exception as err:  # noqa: BLE001 - the trace, the replay or the results
                return {"kind": "error", "where": len(body),
                        "what": f"jit call {call}: {type(err).__name__}: {err}"[:300],
                        "signature": f"jit error {type(err).__name__}"}
            for k in want:
                diff = difference(want[k], got[k]) if k in got else "missing"
                if diff and op_name(defining_line(lines, k)) == "unique_values" \
                        and want[k].dtype.kind in "fc":
                    diff = unique_difference(want[k], got[k])
                if diff:
                    return {"kind": "mismatch", "variable": k, "what": f"jit call {call}: {diff}"[:300],
                            "signature": f"jit mismatch {op_name(defining_line(lines, k))}"}
    info = f.info()
    return {"kind": "ok", "replayed": info["replays"] == 2}


def emit(line: str):
    """Write one protocol line in one write (mpiexec merges the ranks' output by writes)."""
    sys.stdout.write(line + "\n")
    sys.stdout.flush()


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seeds", help="A:B, the seeds A..B-1 (A: for no end)")
    ap.add_argument("--program", help="a JSON file holding one program")
    args = ap.parse_args()
    import ptensor as pt
    rank = os.environ.get("PMI_RANK", "0")  # MPICH's launcher
    checker = check_jit if os.environ.get("PTENSOR_FUZZ_JIT") == "1" else check
    if args.program:
        with open(args.program) as f:
            result = checker(json.load(f), pt)
        emit(f"done - {rank} {json.dumps(result)}")
        return
    start, _, stop = args.seeds.partition(":")
    seed = int(start)
    while not stop or seed < int(stop):
        if rank == "0":
            emit(f"seed {seed}")
        result = checker(gen.generate(seed), pt)
        emit(f"done {seed} {rank} {json.dumps(result)}")
        if result["kind"] != "ok":
            gc.collect()
            pt.sync()  # if pending work of the failure cannot run, die: fuzz.py restarts us
        seed += 1


if __name__ == "__main__":
    sys.exit(main())
