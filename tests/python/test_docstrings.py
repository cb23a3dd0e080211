"""Every public name has a docstring, and the examples in the docstrings run and print what
they say (doctest, against the installed package). The examples run as users run them, with
the eager path on; the API reference (docs/api.rst) lists the same names (docs/_public.py)."""
import doctest
import os
import sys

import numpy as np
import pytest

import ptensor as pt

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "..", "docs"))
import _public  # noqa: E402  (the documented names: one list for the site and this test)

if pt._dist.default_team() is not None:
    pytest.skip("docstring examples run on one process", allow_module_level=True)

NAMES = _public.documented()
FLAGS = doctest.NORMALIZE_WHITESPACE | doctest.ELLIPSIS


@pytest.fixture(autouse=True)
def _as_users_run():
    """The eager path on for the example, and as it was after it: pt.spmd's examples start
    MPI, which turns the eager path off for the rest of the process (every rank must record
    the same nodes); on this one process the later tests of the worker get it back."""
    disabled = pt._eager._disabled
    previous = pt.set_eager_limit(pt._eager.DEFAULT_LIMIT)
    yield
    pt._eager._disabled = disabled
    pt.set_eager_limit(previous)


def _examples(qualname, obj):
    doc = _public.docstring(obj)
    return doctest.DocTestParser().get_doctest(doc, {"pt": pt, "np": np}, qualname, None, 0)


@pytest.mark.parametrize("qualname", [q for q, _ in NAMES])
def test_public_name_has_a_docstring(qualname):
    obj = dict(NAMES)[qualname]
    doc = _public.docstring(obj)
    assert doc.strip(), f"{qualname} has no docstring"


@pytest.mark.parametrize("qualname", [q for q, o in NAMES if ">>>" in _public.docstring(o)])
def test_docstring_examples_run(qualname):
    test = _examples(qualname, dict(NAMES)[qualname])
    runner = doctest.DocTestRunner(optionflags=FLAGS)
    out = []
    runner.run(test, out=out.append)
    assert runner.failures == 0, "".join(out)


def test_examples_cover_the_documented_names():
    """The names whose docstrings have no example yet (docs/_public.py: WITHOUT_EXAMPLE) are
    exactly those: a name that gains one leaves the list, a new name without one fails."""
    missing = {q for q, o in NAMES if ">>>" not in _public.docstring(o)}
    listed = set(_public.WITHOUT_EXAMPLE)
    assert not missing - listed, f"public names without an example: {sorted(missing - listed)}"
    assert not listed - missing, f"listed as without an example but have one (or are gone): " \
                                 f"{sorted(listed - missing)}"


def test_a_wrong_example_fails():
    """The runner sees an example printing something else than it says."""
    def f():
        """>>> pt.sum(pt.asarray([1, 2]))
        Array(4)
        """
    runner = doctest.DocTestRunner(optionflags=FLAGS)
    runner.run(_examples("f", f), out=lambda s: None)
    assert runner.failures == 1
