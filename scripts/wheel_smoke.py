"""Smoke test of an installed self-contained wheel (scripts/test_wheel.sh): results against NumPy,
the JIT's libraries (libomp, OpenBLAS) are the wheel's own, and no shared library the process
maps comes from /usr/lib/llvm-19 or Debian's OpenBLAS. `--mpi` (under mpiexec): a distributed sum."""
import os
import sys

import numpy as np
import ptensor as pt

pkg = os.path.dirname(pt.__file__)
a = np.arange(12.0).reshape(3, 4)
x = pt.asarray(a)
np.testing.assert_allclose(np.asarray(pt.sin(x) * 2 + 1), np.sin(a) * 2 + 1)
m = np.random.default_rng(0).standard_normal((300, 300))
np.testing.assert_allclose(np.asarray(pt.asarray(m) @ pt.asarray(m)), m @ m, rtol=1e-10)
big = pt.ones((1 << 20,))  # above the parallel threshold: OpenMP
assert float(pt.sum(big * 3.0)) == 3.0 * (1 << 20)
if "--mpi" in sys.argv:
    from ptensor import spmd
    n = 1000
    d = pt.arange(n, dtype=pt.float64)
    assert float(pt.sum(d)) == n * (n - 1) / 2, float(pt.sum(d))
    print(f"rank {spmd.rank()} of {spmd.nranks()}: distributed sum ok")

maps = set()
with open("/proc/self/maps") as f:
    for line in f:
        parts = line.split()
        if len(parts) >= 6 and ".so" in parts[5]:
            maps.add(parts[5])
bad = [p for p in maps if "llvm-19" in p or "openblas-pthread" in p]
assert not bad, f"libraries from the system's LLVM or OpenBLAS: {bad}"
# libomp: loaded where programs may run on several threads (not where PTENSOR_NUM_THREADS is 1,
# as under mpiexec with as many ranks as cores: ptensor/_dist.py shares a node's cores out)
wants = ["libopenblas.so.0"] + ([] if os.environ.get("PTENSOR_NUM_THREADS") == "1" else
                                ["libomp.so.5"])
for want in wants:
    assert any(p.startswith(pkg) and p.endswith(want) for p in maps), (want, sorted(maps))
print("wheel smoke test ok:", pt.__version__, pkg)
