"""Differential fuzzer of ptensor against NumPy (README.md here).

    python3 tests/fuzz/fuzz.py --seeds 0:300           # fixed seeds (CI)
    python3 tests/fuzz/fuzz.py --seeds 0:100 --mpi 3   # every program under mpiexec -n 3
    python3 tests/fuzz/fuzz.py --minutes 240           # long mode, from a random first seed

Programs (gen.py) run in a worker process (run.py) that imports ptensor once and runs one
seed after another; a worker that crashes or hangs (--timeout per program) is killed with its
process group and a new one goes on with the next seed. Failures are printed with their seed;
the first of each kind (signature) is minimized into a standalone script in --results.
"""
from __future__ import annotations

import argparse
import collections
import json
import os
import queue
import random
import re
import signal
import subprocess
import sys
import tempfile
import threading
import time
from dataclasses import dataclass
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

import gen  # noqa: E402
import minimize  # noqa: E402


@dataclass
class Failure:
    """A failed program: its seed and what went wrong."""
    seed: int
    result: dict  # run.check()'s result; crash and hang: made up here


def worker_command(mpi: int, *args: str) -> list[str]:
    command = [sys.executable, str(HERE / "run.py"), *args]
    return ["mpiexec", "-n", str(mpi), *command] if mpi > 1 else command


def crash_result(returncode: int, stderr_tail) -> dict:
    """The result of a worker that died: its signal or exit code (mpiexec passes a rank's
    signal on as its exit code) and the last lines of stderr that are no stack frames."""
    name = signal.Signals(-returncode).name if returncode < 0 else f"exit {returncode}"
    text = [line.strip() for line in stderr_tail
            if not re.match(r"\s*(#?\d+\s|=+$|$)", line)]
    return {"kind": "crash", "what": " | ".join(text[-5:])[-400:],
            "signature": f"crash {name}"}


HANG = {"kind": "hang", "what": "no result within the timeout", "signature": "hang"}


class Worker:
    """A run.py process in its own process group; threads queue its output lines."""

    def __init__(self, command: list[str]):
        self.proc = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                     text=True, start_new_session=True)
        self.stdout: queue.Queue[str | None] = queue.Queue()
        self.stderr: collections.deque[str] = collections.deque(maxlen=200)
        threading.Thread(target=self._pump, args=(self.proc.stdout, self.stdout.put, True),
                         daemon=True).start()
        self._stderr_pump = threading.Thread(
            target=self._pump, args=(self.proc.stderr, self.stderr.append, False), daemon=True)
        self._stderr_pump.start()

    @staticmethod
    def _pump(stream, put, end_mark):
        for line in stream:
            put(line.rstrip("\n"))
        if end_mark:
            put(None)

    def line(self, timeout: float) -> str | None:
        """The next stdout line, None at its end; raises queue.Empty after timeout seconds."""
        return self.stdout.get(timeout=max(timeout, 0))

    def wait(self) -> int:
        """The exit status, once the process has ended and its stderr is read."""
        returncode = self.proc.wait()
        self._stderr_pump.join(timeout=10)
        return returncode

    def kill(self):
        try:
            os.killpg(self.proc.pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
        self.proc.wait()


def run_seeds(first: int, stop: int | None, args, deadline: float | None, report) -> int:
    """Run seeds first..stop-1 (stop None: until the deadline) in workers, report(seed,
    result) for each program; the number of programs run."""
    seed, count = first, 0
    while (stop is None or seed < stop) and (deadline is None or time.monotonic() < deadline):
        ran, seed = run_worker(seed, stop, args, deadline, report)
        count += ran
    return count


def run_worker(first: int, stop: int | None, args, deadline: float | None, report):
    """One worker from seed first on, until it ends, crashes, hangs or the deadline passes:
    (programs run, the next seed to run)."""
    worker = Worker(worker_command(args.mpi, "--seeds", f"{first}:{stop or ''}"))
    # current: the last seed rank 0 started; results: {seed: {rank: result}} of seeds that
    # some ranks have not finished
    current, results, count, t0 = None, {}, 0, time.monotonic()
    next_seed = first
    while True:
        if deadline is not None and time.monotonic() >= deadline:
            worker.kill()
            return count, next_seed
        limit = t0 + args.timeout if deadline is None else min(t0 + args.timeout, deadline)
        try:
            line = worker.line(limit - time.monotonic())
        except queue.Empty:
            if time.monotonic() < t0 + args.timeout:
                continue  # the deadline came first
            worker.kill()
            hung = min(results, default=first if current is None else current)
            report(hung, HANG)
            return count + 1, hung + 1
        if line is None:  # the worker ended: all seeds run, or a crash
            returncode = worker.wait()
            if current is None and returncode:
                sys.exit(f"the worker does not start: {' | '.join(worker.stderr)}")
            if current is None or current < next_seed:
                return count, next_seed
            crashed = min(results, default=current)  # some ranks may still be on a seed
            report(crashed, crash_result(returncode, worker.stderr))
            return count + 1, crashed + 1
        m = re.match(r"(seed|done) (\d+) ?(\d+)? ?(.*)", line)
        if not m:
            continue
        seed = int(m[2])
        if m[1] == "seed":
            current, t0 = seed, time.monotonic()
            continue
        results.setdefault(seed, {})[m[3]] = json.loads(m[4])
        if len(results[seed]) == max(args.mpi, 1):
            bad = [r for r in results.pop(seed).values() if r["kind"] != "ok"]
            report(seed, bad[0] if bad else {"kind": "ok"})
            count, next_seed = count + 1, seed + 1


def run_program(lines: list[str], args) -> dict:
    """Run one program in a fresh worker (under mpiexec with --mpi): its result."""
    with tempfile.NamedTemporaryFile("w", suffix=".json", delete=False) as f:
        json.dump(lines, f)
    worker = Worker(worker_command(args.mpi, "--program", f.name))
    results, deadline = [], time.monotonic() + args.timeout
    try:
        while (line := worker.line(deadline - time.monotonic())) is not None:
            if line.startswith("done "):
                results.append(json.loads(line.split(" ", 3)[3]))
    except queue.Empty:
        worker.kill()
        return HANG
    finally:
        os.unlink(f.name)
    returncode = worker.wait()
    if len(results) < max(args.mpi, 1):
        return crash_result(returncode, worker.stderr)
    bad = [r for r in results if r["kind"] != "ok"]
    return bad[0] if bad else results[0]


def write_repro(failure: Failure, args) -> Path:
    """Minimize the failing program (unless --no-minimize) and write it as a script."""
    lines, result = gen.generate(failure.seed), failure.result
    note = ""
    if not args.no_minimize:
        signature = result["signature"]
        reproduced = run_program(lines, args)
        if reproduced.get("signature") != signature:
            note = "\nNot reproduced in a fresh process (it depends on earlier programs of " \
                   "the worker): the whole program."
        else:
            fails = lambda candidate: run_program(candidate, args).get("signature") == signature
            deadline = time.monotonic() + 60 * args.minimize_minutes
            lines = minimize.minimize(lines, fails, deadline)
            # (the last run fails as the others did, unless ptensor changed meanwhile)
            last = run_program(lines, args)
            result = last if last.get("signature") == signature else result
    mpi = f"mpiexec -n {args.mpi} " if args.mpi > 1 else ""
    header = (f"ptensor fuzz failure: {result['signature']}\n"
              f"{result['kind']}: {result.get('what', '')}\n"
              f"seed {failure.seed}: python3 tests/fuzz/fuzz.py --seeds "
              f"{failure.seed}:{failure.seed + 1}{f' --mpi {args.mpi}' if mpi else ''}; "
              f"{len(lines)} statements.{note}\nRun: {mpi}python3 <this file>\n")
    slug = re.sub(r"\W+", "-", result["signature"]).strip("-")
    ranks = f"-mpi{args.mpi}" if mpi else ""
    path = Path(args.results) / f"{slug}-seed{failure.seed}{ranks}.py"
    path.write_text(minimize.script(lines, result, header))
    return path


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seeds", help="A:B, the seeds A..B-1")
    ap.add_argument("--minutes", type=float, help="long mode: run this long")
    ap.add_argument("--start", type=int, help="long mode: first seed (default: random)")
    ap.add_argument("--mpi", type=int, default=1, help="ranks: run under mpiexec -n MPI")
    ap.add_argument("--jit", action="store_true",
                    help="each program as one pt.jit function, traced and replayed (run.py)")
    ap.add_argument("--compiled", action="store_true",
                    help="every array recorded and compiled (PTENSOR_EAGER=0: no eager path)")
    ap.add_argument("--timeout", type=float, default=60, help="seconds per program")
    ap.add_argument("--results", default=str(HERE / "results"), help="folder of repro scripts")
    ap.add_argument("--no-minimize", action="store_true", help="write whole programs")
    ap.add_argument("--minimize-minutes", type=float, default=5,
                    help="time to minimize each distinct failure")
    ap.add_argument("--known", default="",
                    help="seeds (comma-separated) of known open bugs: their failures are "
                         "reported but do not fail the run (see known.md here)")
    ap.add_argument("--progress", type=float, default=10,
                    help="print how many programs ran every PROGRESS minutes (0: never)")
    args = ap.parse_args()
    if args.jit:  # (the workers inherit the environment)
        os.environ["PTENSOR_FUZZ_JIT"] = "1"
    if args.compiled:
        os.environ["PTENSOR_EAGER"] = "0"
    if args.seeds:
        a, b = args.seeds.split(":")
        first, stop, deadline = int(a), int(b), None
    elif args.minutes:
        first = args.start if args.start is not None else random.randrange(10**9)
        stop, deadline = None, time.monotonic() + 60 * args.minutes
    else:
        ap.error("give --seeds A:B or --minutes M")
    Path(args.results).mkdir(parents=True, exist_ok=True)
    print(f"fuzzing from seed {first}{f' on {args.mpi} ranks' if args.mpi > 1 else ''}",
          flush=True)
    failures: dict[str, list[Failure]] = {}
    progress = {"count": 0, "next": time.monotonic() + 60 * args.progress}

    def report(seed, result):
        progress["count"] += 1
        if args.progress and time.monotonic() >= progress["next"]:
            progress["next"] += 60 * args.progress
            print(f"{progress['count']} programs, seeds {first}..{seed}, "
                  f"{sum(map(len, failures.values()))} failed", flush=True)
        if result["kind"] in ("ok", "skip"):
            return
        print(f"seed {seed}: {result['signature']}: {result.get('what', '')}", flush=True)
        failures.setdefault(result["signature"], []).append(Failure(seed, result))

    t0 = time.monotonic()
    count = run_seeds(first, stop, args, deadline, report)
    minutes = (time.monotonic() - t0) / 60
    print(f"{count} programs in {minutes:.1f} min ({count / max(minutes, 1e-9):.0f}/min), "
          f"{sum(map(len, failures.values()))} failed", flush=True)
    known = {int(s) for s in args.known.split(",") if s.strip()}
    for signature, group in failures.items():
        path = write_repro(group[0], args)
        print(f"{signature}: seeds {' '.join(str(f.seed) for f in group)}\n  {path}",
              flush=True)
    new = [f.seed for group in failures.values() for f in group if f.seed not in known]
    if failures and not new:
        print("every failure is a known open bug (--known)", flush=True)
    return 1 if new else 0


if __name__ == "__main__":
    sys.exit(main())
