"""Tests of distributed arrays, run by scripts/test.sh under `mpiexec -n 1..4` (every rank
runs every test; results are compared with NumPy on every rank). A failure on any rank prints
its report and ends every rank (MPI_Abort), so no rank waits forever in a collective."""
import os
import sys

import pytest

sys.path.insert(0, os.path.dirname(__file__))

# NumPy functions ptensor lacks are errors here, as in tests/python (no silent fallback)
os.environ.setdefault("PTENSOR_FALLBACK", "error")

import ptensor as pt  # noqa: E402
from ptensor import spmd  # noqa: E402

WORLD = spmd.world()


def pytest_runtest_logreport(report):
    if report.failed:
        sys.stderr.write(f"\n[rank {WORLD.rank}] FAILED {report.nodeid}\n{report.longreprtext}\n")
        sys.stderr.flush()
        pt._dist._lib.ptensor_dist_abort(WORLD.handle, 1)


@pytest.fixture
def team():
    return WORLD
