"""Polar coordinates of a grid, binned by radius (mgrid, arctan2, power, histogram)."""
import numpy as np

y, x = np.mgrid[-2:2:41j, -3:3:61j]
r = np.sqrt(np.power(x, 2) + np.power(y, 2))
theta = np.arctan2(y, x)
hist, edges = np.histogram(r, bins=8, range=(0.0, 4.0))
result = [hist, edges, np.degrees(theta[::10, ::10])]
