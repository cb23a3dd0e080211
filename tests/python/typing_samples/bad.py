"""A user program with wrong calls (tests/python/test_typing.py runs mypy on it): mypy must
report an error on every line marked ``# E`` and on no other line. (Read by mypy, never run.)"""
from __future__ import annotations

import ptensor as pt

x = pt.arange(6.0)
rng = pt.random.default_rng(0)

pt.sin("a")  # E
pt.ones("3")  # E
pt.sum(x, axis="0")  # E
x.reshape("3", 2)  # E
pt.add(1, 2)  # E  (two Python scalars: one argument must be an array)
pt.mean(x, keepdims=1.5)  # E
pt.concat(x)  # E
pt.zeros(3, dtype=3)  # E
pt.linalg.inv([[1.0, 2.0], [3.0, 4.0]])  # E
pt.fft.fft(x, norm="sideways")  # E
rng.integers(0.5, 10)  # E
x + "a"  # E
x[1.5]  # E
x.shape = (3, 2)  # E
n: int = pt.sum(x)  # E
pt.unique_counts(x).bogus  # E
pt.spmd.rank(team=3)  # E
pt.custom_call("f", x, result=(3, "float64"))  # E
pt.no_such_function(x)  # E
pt.sum(x)  # (correct: no error here)
