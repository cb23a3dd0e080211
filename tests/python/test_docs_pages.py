"""The documentation's code runs: the README's tour, and the interactive examples (``>>>``)
of every page under docs/ print what the page says (doctest), with the eager path on as
users get it."""
import doctest
import glob
import os
import re

import numpy as np
import pytest

import ptensor as pt

ROOT = os.path.join(os.path.dirname(__file__), "..", "..")
PAGES = sorted(p for p in glob.glob(os.path.join(ROOT, "docs", "*.md"))
               if ">>>" in open(p).read())

if pt._dist.default_team() is not None:
    pytest.skip("the pages' examples run on one process", allow_module_level=True)


@pytest.fixture(autouse=True)
def _as_users_run():
    previous = pt.set_eager_limit(pt._eager.DEFAULT_LIMIT)
    yield
    pt.set_eager_limit(previous)


def test_some_pages_have_examples():
    assert any(p.endswith("getting_started.md") for p in PAGES)


@pytest.mark.parametrize("page", [os.path.basename(p) for p in PAGES])
def test_page_examples_run(page):
    text = open(os.path.join(ROOT, "docs", page)).read()
    test = doctest.DocTestParser().get_doctest(text, {"pt": pt, "np": np}, page, page, 0)
    runner = doctest.DocTestRunner(optionflags=doctest.NORMALIZE_WHITESPACE | doctest.ELLIPSIS)
    out = []
    runner.run(test, out=out.append)
    assert runner.failures == 0, "".join(out)


def test_readme_tour_runs(capsys):
    """The README's tour (its one python block) runs and prints NumPy's values."""
    readme = open(os.path.join(ROOT, "README.md")).read()
    blocks = re.findall(r"```python\n(.*?)```", readme, re.S)
    assert len(blocks) == 1
    env = {}
    exec(compile(blocks[0], "README.md", "exec"), env)
    a = np.arange(10, dtype=np.float64)
    np.testing.assert_allclose(np.asarray(env["b"]), np.sin(a) * 2 + a[::-1])
    c = np.zeros((3, 4))
    c[1:, ::2] = 5
    np.testing.assert_array_equal(np.asarray(env["c"]), c)
    assert isinstance(env["m"], pt.Array)
    assert "[10.  0. 10.  0.]" in capsys.readouterr().out
