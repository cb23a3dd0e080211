"""Order statistics and NaN-aware reductions of a table with missing values."""
import numpy as np

table = np.arange(30, dtype=np.float64).reshape(5, 6) % 7 - 2.5
table[1, 2] = np.nan
table[3, 0] = np.nan
result = [np.nanmean(table, axis=0), np.nanmax(table, axis=1), np.nanstd(table),
          np.median(np.nan_to_num(table), axis=1), np.percentile(np.nan_to_num(table), 75),
          np.ptp(np.nan_to_num(table), axis=0), np.isclose(table, 0.5)]
