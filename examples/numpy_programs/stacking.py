"""Assembling blocks: hstack, vstack, concatenate, zeros with a positional dtype."""
import numpy as np

a = np.arange(12, dtype=np.float64).reshape(3, 4)
b = np.ones((3, 2), np.float64) * 7
top = np.hstack([a, b])
bottom = np.zeros((2, 6), np.float64)
m = np.vstack((top, bottom))
cols = np.column_stack([np.arange(5), np.arange(5) ** 2])
halves = np.split(np.concatenate([a.ravel(), a.ravel()]), 2)
result = [m, cols, halves[0] - halves[1], np.transpose(m).shape == (6, 5)]
