"""pytest configuration for the ptensor tests (helpers live in _helpers.py)."""
import gc
import os
import sys
import zlib

import pytest

sys.path.insert(0, os.path.dirname(__file__))

# Hermetic runs: the tests' compiled programs go to a fresh disk cache, not the user's, so
# compile counts do not depend on earlier runs (test_disk_cache.py sets its own directories).
if "PTENSOR_CACHE_DIR" not in os.environ:
    import tempfile
    os.environ["PTENSOR_CACHE_DIR"] = tempfile.mkdtemp(prefix="ptensor-test-cache-")
# pytest-xdist's workers (scripts/test.sh runs the local suite with -n 2) inherit the
# directory: each takes its own below it, so a program the other worker compiled is not a
# disk hit here and the compile counts hold whichever worker ran which test first.
if os.environ.get("PYTEST_XDIST_WORKER"):
    os.environ["PTENSOR_CACHE_DIR"] = os.path.join(os.environ["PTENSOR_CACHE_DIR"],
                                                   os.environ["PYTEST_XDIST_WORKER"])
    os.makedirs(os.environ["PTENSOR_CACHE_DIR"], mode=0o700, exist_ok=True)

# The suite tests the compiled programs: small arrays would otherwise be computed by NumPy at
# once (the eager path, python/ptensor/_eager.py); the processes tests start (the disk cache's,
# the progress display's, ...) inherit this. PTENSOR_TEST_EAGER=1 runs the suite's own process
# with the eager path on, as users get it (scripts/test.sh runs it so once); tests of the
# compiler itself (compile counts, explain, fusion) take the `compiled` fixture, which turns
# it off in either run.
os.environ["PTENSOR_EAGER"] = "0"
EAGER = os.environ.get("PTENSOR_TEST_EAGER") == "1"

# A NumPy function ptensor lacks, applied to ptensor arrays, is an error in the tests (a
# silent NumPy fallback would hide a missing function); tests of fallbacks set the mode.
os.environ.setdefault("PTENSOR_FALLBACK", "error")

import numpy as np  # noqa: E402

import ptensor as pt  # noqa: E402

# Under `mpiexec -n N` (scripts/test.sh runs this suite so with N = 2) every array a test
# creates is distributed over the N ranks: the same tests then check distributed arrays
# against NumPy on every rank. A failure on one rank ends every rank (MPI_Abort) instead of
# leaving the others waiting in a collective.
TEAM = pt._dist.default_team()

# The suite run with every array on a device (PTENSOR_DEVICE=opencl:cpu:0, scripts/test.sh and
# scripts/test_devices.sh): a test that changes the default device must put it back, or the
# tests after it would run on another device than the run says.
_DEVICE = os.environ.get("PTENSOR_DEVICE")
if _DEVICE:
    @pytest.fixture(autouse=True)
    def _default_device_kept():
        yield
        now = pt.__array_namespace_info__().default_device()
        assert now == _DEVICE, f"the test left the default device at {now}, not {_DEVICE}"

if TEAM is not None:
    def pytest_runtest_logreport(report):
        if report.failed:
            sys.stderr.write(f"\n[rank {TEAM.rank}] FAILED {report.nodeid}\n"
                             f"{report.longreprtext}\n")
            sys.stderr.flush()
            pt._dist._lib.ptensor_dist_abort(TEAM.handle, 1)


if EAGER:
    pt.set_eager_limit(pt._eager.DEFAULT_LIMIT)


@pytest.fixture
def compiled():
    """The eager path off for this test (its arrays are recorded and compiled, whatever their
    size)."""
    previous = pt.set_eager_limit(0)
    yield
    pt.set_eager_limit(previous)


@pytest.fixture
def compiles(compiled):
    """Returns a function giving the compile count after materializing everything pending.
    Distributed programs are compiled per local shape class (a rank's part with a dimension of
    1 is another program), so the compile counts these tests assert hold for local runs only."""
    if TEAM is not None:
        pytest.skip("compile counts are asserted for local arrays only")

    def count():
        gc.collect()
        pt.sync()
        return pt.cache_info()["compiles"]
    return count


@pytest.fixture(autouse=True)
def _rng_of_the_test(request):
    """A module's RNG (the modules that draw their data from one) is reseeded for each test
    from the test's id: its data do not depend on which tests ran before it in its process
    (pytest-xdist deals the tests to its workers in no fixed order), and every rank of an
    MPI run draws the same."""
    if isinstance(getattr(request.module, "RNG", None), np.random.Generator):
        request.module.RNG = np.random.default_rng(zlib.crc32(request.node.nodeid.encode()))
