"""Pairwise distances with ufunc methods: np.subtract.outer, np.minimum.outer, np.add.reduce."""
import numpy as np

pts = np.linspace(0.0, 1.0, 9)
d = np.abs(np.subtract.outer(pts, pts))
m = np.minimum.outer(pts, pts[::-1])
rowsum = np.add.reduce(d, axis=1)
running = np.maximum.accumulate(np.sin(7 * pts))
result = [d, m, rowsum, running, isinstance(d, np.ndarray)]
