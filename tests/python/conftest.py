"""pytest configuration for the ptensor tests (helpers live in _helpers.py)."""
import gc
import os
import sys

import pytest

sys.path.insert(0, os.path.dirname(__file__))

# Hermetic runs: the tests' compiled programs go to a fresh disk cache, not the user's, so
# compile counts do not depend on earlier runs (test_disk_cache.py sets its own directories).
if "PTENSOR_CACHE_DIR" not in os.environ:
    import tempfile
    os.environ["PTENSOR_CACHE_DIR"] = tempfile.mkdtemp(prefix="ptensor-test-cache-")

import ptensor as pt  # noqa: E402


@pytest.fixture
def compiles():
    """Returns a function giving the compile count after materializing everything pending."""
    def count():
        gc.collect()
        pt.sync()
        return pt.cache_info()["compiles"]
    return count
