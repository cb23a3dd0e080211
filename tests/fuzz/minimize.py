"""Shrink a failing fuzz program and write it as a standalone script."""
from __future__ import annotations

import re
import time

import numpy as np

import gen
import run

INPUT_LITERAL = re.compile(r"np\.array\(\[[^][]*\], dtype=np\.(\w+)\)(?:\.reshape\(\([\d, ]*\)\))?")


def minimize(lines: list[str], fails, deadline: float) -> list[str]:
    """A shorter program for which fails(program) still holds. Greedily, until no change keeps
    the failure or time.monotonic() > deadline: delete chunks of statements (halving the
    chunk size down to one statement), replace results by input literals of their values
    (which cuts the statements they were computed from loose) and input literals by zeros or
    ones."""
    changed = True
    while changed and time.monotonic() < deadline:
        changed = False
        chunk = max(1, len(lines) // 2)
        while chunk >= 1:
            i = 0
            while i < len(lines) and time.monotonic() < deadline:
                candidate = lines[:i] + lines[i + chunk:]
                if candidate and fails(candidate):
                    lines, changed = candidate, True
                else:
                    i += chunk
            chunk //= 2
        for i, simpler in as_inputs(lines) + simpler_inputs(lines):
            if time.monotonic() < deadline and lines[i] != simpler \
                    and fails(lines[:i] + [simpler] + lines[i + 1:]):
                lines[i], changed = simpler, True
    return lines


def as_inputs(lines: list[str]) -> list[tuple[int, str]]:
    """(i, statement i with its result as an input literal) for each assignment of a small
    array that is not an input already."""
    ns, replacements = {"xp": np, "np": np, "S": []}, []
    with np.errstate(all="ignore"):
        for i, line in enumerate(lines):
            exec(line, ns)
            m = re.match(r"(a\d+) = (.*)", line)
            if m and not m[2].startswith("xp.asarray(np.") and np.size(ns[m[1]]) <= 64:
                source = gen.array_source(np.asarray(ns[m[1]]))
                replacements.append((i, f"{m[1]} = xp.asarray({source})"))
    return replacements


def simpler_inputs(lines: list[str]) -> list[tuple[int, str]]:
    """(i, statement i with an array literal replaced by zeros or ones of its shape)."""
    replacements = []
    for i, line in enumerate(lines):
        m = INPUT_LITERAL.search(line)
        if m:
            shape = eval(m[0], {"np": np}).shape
            replacements += [(i, line.replace(m[0], f"np.{f}({shape}, dtype=np.{m[1]})"))
                             for f in ("zeros", "ones")]
    return replacements


def script(lines: list[str], result: dict, header: str) -> str:
    """A standalone script running the program on NumPy and ptensor; for a mismatch it
    prints both values of the variable that differs."""
    with np.errstate(all="ignore"):
        _, live = run.execute(lines, np)
    body = "\n".join(f"    {line}" for line in lines)
    returned = ", ".join(f'"{k}": {k}' for k in live)
    text = f'''"""{header}"""
import numpy as np
import ptensor as pt


def program(xp):
    S = []  # values at materialization points
{body}
    return S, {{{returned}}}


with np.errstate(all="ignore"):
    want = program(np)
got = program(pt)
'''
    if result["kind"] == "mismatch":
        name = result["variable"]  # S[k] (a snapshot) or a variable
        item = f"[0]{name[1:]}" if name.startswith("S[") else f'[1]["{name}"]'
        text += f'print("NumPy:  ", repr(np.asarray(want{item})))\n' \
                f'print("ptensor:", repr(np.asarray(got{item})))\n'
    return text
