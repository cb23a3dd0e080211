"""Runs every program of this folder with NumPy and with ptensor (the import line replaced)
and prints whether their results agree."""
import pathlib
import sys

HERE = pathlib.Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parents[1] / "tests" / "python"))
from numpy_programs import compare, programs  # noqa: E402

if __name__ == "__main__":
    ok = 0
    for path in programs(HERE):
        err = compare(path)
        ok += err is None
        print(f"{path.stem:20s} {'same as NumPy' if err is None else 'FAILS: ' + err}")
    print(f"{ok} of {len(programs(HERE))} run unchanged with NumPy's results")
