"""The documentation's code runs: the README's tour, the interactive examples (``>>>``) of
every page under docs/ print what the page says (doctest), with the eager path on as users
get it, and every page's ```python blocks run, as a script in a fresh process."""
import doctest
import glob
import os
import re
import subprocess
import sys

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


# ```python blocks that need what a test cannot give them here (each is run elsewhere)
NOT_RUN = {"custom_calls.md": "needs its C library built (tests/python/test_custom_call.py "
                              "builds and calls one)"}
CODE_PAGES = sorted(os.path.basename(p) for p in glob.glob(os.path.join(ROOT, "docs", "*.md"))
                    if "```python" in open(p).read())


def test_some_pages_have_code():
    assert {"io.md", "jit.md", "numpy.md"} <= set(CODE_PAGES)


@pytest.mark.parametrize("page", CODE_PAGES)
def test_page_code_runs(page, tmp_path):
    """The page's ```python blocks, one after the other, as one script (np and pt imported
    first), in an empty directory (the files they write go there)."""
    if page in NOT_RUN:
        pytest.skip(NOT_RUN[page])
    text = open(os.path.join(ROOT, "docs", page)).read()
    blocks = re.findall(r"^```python\n(.*?)^```", text, re.S | re.M)
    if "opencl:" in text and not any(str(d).startswith("opencl:") for d in
                                     pt.__array_namespace_info__().devices()):
        pytest.skip("no OpenCL device (scripts/setup.sh installs one)")
    script = "import numpy as np\nimport ptensor as pt\n" + "\n".join(blocks)
    r = subprocess.run([sys.executable, "-c", script], cwd=tmp_path, capture_output=True,
                       text=True, timeout=600)
    assert r.returncode == 0, f"{page}: {r.stderr[-3000:]}"


def test_site_shows_every_notebook_and_plot():
    """Each notebook of examples/notebooks has its page (docs/notebooks.md's toctree: the
    build copies them into docs/examples/) and every image a page shows exists."""
    listed = open(os.path.join(ROOT, "docs", "notebooks.md")).read()
    for nb in glob.glob(os.path.join(ROOT, "examples", "notebooks", "*.ipynb")):
        assert f"examples/{os.path.basename(nb)[:-6]}\n" in listed, nb
    for page in glob.glob(os.path.join(ROOT, "docs", "*.md")) + [os.path.join(ROOT, "README.md")]:
        for image in re.findall(r"!\[[^\]]*\]\(([^)]+\.png)\)", open(page).read()):
            assert os.path.exists(os.path.join(os.path.dirname(page), image)), (page, image)
