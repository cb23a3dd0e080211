"""ptensor quickstart: the same NumPy-style code, recorded, fused, compiled and run."""
import numpy as np

import ptensor as pt

x = pt.linspace(0.0, 1.0, 8)
y = pt.sin(x) ** 2 + pt.cos(x) ** 2          # recorded; nothing runs yet
print("sin^2 + cos^2 =", y)                    # materialized: one fused loop

a = pt.arange(12, dtype=pt.float64)[::-1]      # views with negative steps
print("reversed:", a)
m = pt.asarray(np.arange(12.0).reshape(3, 4))
m[1, 1:3] = -1.0                               # writes through basic indexing
print("m =", m)
print("column sums:", pt.sum(m, axis=0), " row std:", pt.std(m, axis=1))

i8 = pt.asarray(np.full(1000, 100, dtype=np.int8))
print("int8 sum accumulates in int64:", int(pt.sum(i8)))

ref = np.sin(np.linspace(0.0, 1.0, 8)) ** 2 + np.cos(np.linspace(0.0, 1.0, 8)) ** 2
assert np.allclose(np.asarray(y), ref)
print("cache:", pt.cache_info())
