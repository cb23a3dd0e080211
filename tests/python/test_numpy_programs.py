"""NumPy programs run unchanged with `import ptensor as np` (examples/numpy_programs): each
gives NumPy's results, as ptensor arrays, and no NumPy function falls back on the way."""
import pathlib

import pytest

from numpy_programs import compare, differences, programs

import numpy as np

import ptensor as pt

FOLDER = pathlib.Path(__file__).resolve().parents[2] / "examples" / "numpy_programs"


@pytest.mark.parametrize("path", programs(FOLDER), ids=lambda p: p.stem)
def test_program_runs_as_written(path):
    assert compare(path) is None, compare(path)


def test_the_comparison_can_fail():
    assert differences([np.ones(2)], [np.ones(2)]) is not None  # a NumPy array: not ours
    assert differences([pt.ones(2)], [np.zeros(2)]) is not None
    assert differences([pt.ones(2, dtype=pt.float32)], [np.ones(2)]) is not None
    assert differences([pt.ones(2)], [np.ones(2)]) is None
