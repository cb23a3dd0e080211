"""Sphinx configuration of ptensor's documentation site (built by scripts/docs.sh).

The pages are the Markdown files of docs/ (MyST); the API reference (api.rst and one page
per public name under generated/) is written here at every build from docs/_public.py, the
one list of documented names that tests/python/test_docstrings.py checks too."""
import inspect
import os
import sys

sys.path.insert(0, os.path.dirname(__file__))
import _public  # noqa: E402

import ptensor  # noqa: E402

project = "ptensor"
author = "the ptensor developers"
copyright = "the ptensor developers"  # noqa: A001
release = ptensor.__version__
extensions = ["myst_parser", "sphinx.ext.autodoc", "sphinx.ext.napoleon",
              "sphinx.ext.intersphinx"]
source_suffix = {".rst": "restructuredtext", ".md": "markdown"}
exclude_patterns = ["_build", "README.md"]
html_theme = "pydata_sphinx_theme"
html_title = "ptensor"
# (an explicit mode: the theme reports an empty stored mode as a console error)
html_context = {"default_mode": "light"}
html_theme_options = {"navigation_depth": 2, "show_toc_level": 2}
myst_heading_anchors = 3
napoleon_numpy_docstring = True
napoleon_google_docstring = False
napoleon_use_rtype = False
autodoc_typehints = "none"  # the signatures show the parameters; the docstrings their types
autodoc_default_options = {}
intersphinx_mapping = {}
# (a parameter type spelled "dtype" matches Array.dtype and DType.dtype: the text stays plain)
suppress_warnings = ["ref.python"]

_HERE = os.path.dirname(__file__)


def _directive(qualname, obj):
    if isinstance(obj, property):
        return "autoproperty"
    if isinstance(obj, type):
        return "autoexception" if issubclass(obj, BaseException) else "autoclass"
    if qualname.startswith("ptensor.Array."):
        return "automethod"
    return "autofunction" if callable(obj) else "autodata"


def _summary(obj):
    doc = _public.docstring(obj)
    return doc.split("\n\n")[0].replace("\n", " ").strip() if doc else ""


def _escape(text):
    """A summary line as plain text in reST (its markup characters escaped)."""
    for c in "\\*|`_":
        text = text.replace(c, "\\" + c)
    return text


def _write_reference():
    """api.rst (a table per module) and generated/<name>.rst (one page per name)."""
    out = os.path.join(_HERE, "generated")
    os.makedirs(out, exist_ok=True)
    groups: dict[str, list[tuple[str, object]]] = {}
    for qualname, obj in _public.documented():
        module = qualname.rsplit(".", 1)[0]
        groups.setdefault(module, []).append((qualname, obj))
        name = qualname.rsplit(".", 1)[1]
        body = [qualname.replace("_", r"\_"), "=" * (len(qualname) + 8), ""]
        if qualname.startswith("ptensor.Array."):
            body += [".. currentmodule:: ptensor", "", f".. {_directive(qualname, obj)}:: Array.{name}"]
        else:
            body += [f".. currentmodule:: {module}", "", f".. {_directive(qualname, obj)}:: {name}"]
        if isinstance(obj, type) and not issubclass(obj, BaseException) and obj is not ptensor.Array:
            body += ["   :members:"]
        _write(os.path.join(out, qualname + ".rst"), "\n".join(body) + "\n")
    titles = {"ptensor": "ptensor", "ptensor.Array": "Array methods and properties",
              "ptensor.linalg": "ptensor.linalg", "ptensor.fft": "ptensor.fft",
              "ptensor.random": "ptensor.random", "ptensor.spmd": "ptensor.spmd",
              "ptensor.io": "ptensor.io"}
    lines = ["API reference", "=============", "",
             "Every public name of ptensor, generated from its docstring. The constants",
             "``pt.e``, ``pt.inf``, ``pt.nan``, ``pt.pi`` and ``pt.newaxis`` are NumPy's;",
             "the dtypes (``pt.bool``, ``pt.int8`` ... ``pt.complex128``) are instances of",
             ":class:`ptensor.DType`.", ""]
    for module in ["ptensor", "ptensor.Array", "ptensor.linalg", "ptensor.fft", "ptensor.random",
                   "ptensor.spmd", "ptensor.io"]:
        entries = groups.get(module, [])
        lines += [titles[module], "-" * len(titles[module]), "", ".. list-table::",
                  "   :widths: 30 70", ""]
        for qualname, obj in entries:
            summary = _escape(_summary(obj)) or " "
            lines += [f"   * - :doc:`{qualname.rsplit('.', 1)[1]} <generated/{qualname}>`",
                      f"     - {summary}"]
        lines += [""]
    lines += [".. toctree::", "   :hidden:", ""]
    lines += [f"   generated/{q}" for q, _ in _public.documented()]
    _write(os.path.join(_HERE, "api.rst"), "\n".join(lines) + "\n")


def _write(path, text):
    """Writes only a changed file (Sphinx rebuilds what changed)."""
    if os.path.exists(path) and open(path).read() == text:
        return
    with open(path, "w") as f:
        f.write(text)


def _no_empty_docstring(app, what, name, obj, options, lines):
    if not any(line.strip() for line in lines) and name.startswith("ptensor"):
        from sphinx.util import logging
        logging.getLogger(__name__).warning(f"{name} has no docstring")


_write_reference()


def setup(app):
    app.connect("autodoc-process-docstring", _no_empty_docstring)
