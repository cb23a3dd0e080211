"""pytest configuration for the ptensor tests (helpers live in _helpers.py)."""
import gc
import os
import sys

import pytest

sys.path.insert(0, os.path.dirname(__file__))

import ptensor as pt  # noqa: E402


@pytest.fixture
def compiles():
    """Returns a function giving the compile count after materializing everything pending."""
    def count():
        gc.collect()
        pt.sync()
        return pt.cache_info()["compiles"]
    return count
