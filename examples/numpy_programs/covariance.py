"""Covariance and correlation of a data matrix, by hand and by np.cov / np.corrcoef."""
import numpy as np

n, m = 40, 6
data = np.fromfunction(lambda i, j: np.sin(0.1 * i * (j + 1)) + 0.01 * j, (n, m),
                       dtype=np.float64)
mean = np.mean(data, axis=0)
centered = data - mean
cov_hand = np.dot(centered.T, centered) / (n - 1)
std = np.std(data, axis=0, ddof=1)
corr_hand = cov_hand / np.outer(std, std)
result = [cov_hand, np.cov(data, rowvar=False), corr_hand, np.corrcoef(data.T)]
