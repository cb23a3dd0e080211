"""Counting labels: bincount, digitize, np.add.at and argwhere."""
import numpy as np

values = np.sin(np.arange(200) * 0.37) * 10
labels = np.digitize(values, np.array([-5.0, 0.0, 5.0]))
counts = np.bincount(labels, minlength=4)
totals = np.zeros(4)
np.add.at(totals, labels, values)
result = [labels[:20], counts, totals, np.argwhere(counts > 40)]
