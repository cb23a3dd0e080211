"""Sphinx configuration of ptensor's documentation site (built by scripts/docs.sh).

The pages are the Markdown files of docs/ (MyST) and the notebooks of examples/notebooks
(myst-nb); the API reference (api.rst and one page per public name under generated/) is
written here at every build from docs/_public.py, the one list of documented names that
tests/python/test_docstrings.py checks too."""
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
# (myst_nb brings myst_parser's Markdown with it and reads the notebooks)
extensions = ["myst_nb", "sphinx.ext.autodoc", "sphinx.ext.napoleon",
              "sphinx.ext.intersphinx"]
source_suffix = {".rst": "restructuredtext", ".md": "myst-nb", ".ipynb": "myst-nb"}
exclude_patterns = ["_build", "README.md", "**.ipynb_checkpoints"]
# The notebooks of examples/notebooks, copied into examples/ here at every build (_copy_notebooks)
# and shown with their outputs. They are stored without outputs: the build executes the tour
# (one kernel, seconds); the MPI ones need mpiexec and ipyparallel's engines (tens of seconds),
# so they are shown as code, and tests/python/test_notebooks.py executes all three. A cell
# that raises fails the build.
nb_execution_mode = "force"
nb_execution_excludepatterns = ["examples/distributed.ipynb", "examples/checkpoint.ipynb"]
nb_execution_raise_on_error = True
nb_execution_timeout = 120
nb_merge_streams = True
html_theme = "pydata_sphinx_theme"
html_title = "ptensor"
# (an explicit mode: the theme reports an empty stored mode as a console error)
html_context = {"default_mode": "light"}
html_theme_options = {"navigation_depth": 2, "show_toc_level": 2}
myst_heading_anchors = 3
napoleon_numpy_docstring = True
napoleon_google_docstring = False
napoleon_use_rtype = False
# Every cross-reference must resolve (nitpicky: -W fails the build on one that does not).
# Napoleon turns each "name : type" field into links: with preprocessing, quoted literals and
# {..} sets stay literals and "optional"/"default" stay words; the vocabulary below maps the
# type words of ptensor's docstrings to their targets: ptensor's classes, the glossary's terms
# (glossary.md), Python's own types (builtins and typing's names resolve without a link).
nitpicky = True
napoleon_preprocess_types = True
napoleon_type_aliases = {
    "Array": ":class:`~ptensor.Array`",
    "arrays": ":term:`arrays <array_like>`",
    "DType": ":class:`~ptensor.DType`",
    "Team": ":class:`~ptensor.spmd.Team`",
    "Device": ":term:`Device`",
    "dtype": ":term:`dtype`",
    "array_like": ":term:`array_like`",
    "array-like": ":term:`array_like`",
    "scalar": ":term:`scalar`",
    "scalars": ":term:`scalars <scalar>`",
    "Python scalar": ":term:`Python scalar`",
    "ints": ":class:`ints <int>`",
    "sequence": ":class:`sequence <typing.Sequence>`",
    "iterable": ":class:`iterable <typing.Iterable>`",
    "callable": ":class:`callable <typing.Callable>`",
    "file object": ":class:`file object <typing.IO>`",
    "file-like": ":class:`file-like <typing.IO>`",
    "mpi4py communicator": ":class:`mpi4py communicator <mpi4py.MPI.Comm>`",
}
# result types with no page of their own (named tuples, small classes whose fields the text
# describes): shown by name, resolved to their base class
napoleon_type_aliases.update(
    {n: f":class:`{n} <tuple>`" for n in ("EigResult", "EighResult", "QRResult", "SVDResult",
                                          "SlogdetResult", "UniqueAllResult",
                                          "UniqueCountsResult", "UniqueInverseResult")})
napoleon_type_aliases.update(
    {n: f":class:`{n} <object>`" for n in ("Info", "finfo_object", "iinfo_object", "NpzFile")})
# other projects' classes (no intersphinx: the build reads nothing from the network)
nitpick_ignore = [("py:class", "numpy.ndarray"), ("py:class", "numpy.dtype"),
                  ("py:class", "os.PathLike"), ("py:class", "mpi4py.MPI.Comm")]
autodoc_typehints = "none"  # the signatures show the parameters; the docstrings their types
autodoc_default_options = {}
intersphinx_mapping = {}

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
        lines += [titles[module], "-" * len(titles[module]), ""]
        if module != "ptensor.Array":  # (the target of :mod: references)
            lines += [f".. py:module:: {module}", ""]
        lines += [".. list-table::",
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


def _copy_notebooks():
    """examples/<name>.ipynb for each notebook of examples/notebooks (Sphinx reads its source
    folder only)."""
    src = os.path.join(_HERE, "..", "examples", "notebooks")
    out = os.path.join(_HERE, "examples")
    os.makedirs(out, exist_ok=True)
    for name in sorted(os.listdir(src)):
        if name.endswith(".ipynb"):
            with open(os.path.join(src, name)) as f:
                _write(os.path.join(out, name), f.read())


def _no_empty_docstring(app, what, name, obj, options, lines):
    if not any(line.strip() for line in lines) and name.startswith("ptensor"):
        from sphinx.util import logging
        logging.getLogger(__name__).warning(f"{name} has no docstring")


_write_reference()
_copy_notebooks()


def _napoleon_prose_summaries(app):
    """Napoleon reads the first line of a property's or data object's docstring as "type:
    text" where it has a colon. ptensor's docstrings open with a sentence ("The number of
    elements: the product of ..."): their napoleon step reads them as a function's (sections
    parsed, no inline type)."""
    from sphinx.ext.napoleon import _process_docstring
    for listener in list(app.events.listeners["autodoc-process-docstring"]):
        if listener.handler is _process_docstring:
            app.disconnect(listener.id)

            def process(app, what, name, obj, options, lines):
                kind = "function" if what in ("property", "data", "attribute") else what
                _process_docstring(app, kind, name, obj, options, lines)
            app.connect("autodoc-process-docstring", process, priority=listener.priority)


def setup(app):
    _napoleon_prose_summaries(app)
    app.connect("autodoc-process-docstring", _no_empty_docstring)
