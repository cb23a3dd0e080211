"""Shrink a failing fuzz program and write it as a standalone script."""
from __future__ import annotations

import re
import time

import numpy as np

import run

INPUT_LITERAL = re.compile(r"np\.array\(\[[^][]*\], dtype=np\.(\w+)\)(?:\.reshape\(\([\d, ]*\)\))?")


def minimize(lines: list[str], fails, deadline: float) -> list[str]:
    """A shorter program for which fails(program) still holds: greedily delete chunks of
    statements (halving the chunk size down to one statement) and replace input literals by
    zeros or ones, until no such change keeps the failure or time.monotonic() > deadline."""
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
        for i, line in enumerate(lines):
            for simpler in simpler_inputs(line):
                if time.monotonic() < deadline and fails(lines[:i] + [simpler] + lines[i + 1:]):
                    lines[i], changed = simpler, True
                    break
    return lines


def simpler_inputs(line: str) -> list[str]:
    """line with its array literal replaced by zeros and by ones of the same shape and dtype."""
    m = INPUT_LITERAL.search(line)
    if not m:
        return []
    shape = eval(m[0], {"np": np}).shape
    return [line.replace(m[0], f"np.{f}({shape}, dtype=np.{m[1]})") for f in ("zeros", "ones")]


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
