"""The package's type annotations, as a user's type checker sees them (python/ptensor/py.typed
marks the package as typed): mypy runs on a sample user program (typing_samples/ok.py: the
types it must infer, no error), on a program with wrong calls (typing_samples/bad.py: an
error on each marked line, on no other) and on the package itself (``mypy -p ptensor``: no
error). mypy reads the source tree (python/), with the repository's configuration
(pyproject.toml's [tool.mypy]); nothing here needs the compiled core.

What type checkers cannot see is declared for them in the sources (under TYPE_CHECKING): the
functions _elementwise.py makes in loops, Array's operators (_operators.install) and its
NumPy habits (_habits.install). The last tests keep those declarations and the run-time
attributes equal."""
import ast
import inspect
import os
import pathlib
import re

import mypy.api
import pytest

import ptensor as pt

# mypy does not depend on the rank: run once, not on every rank of an MPI run
pytestmark = pytest.mark.skipif(pt._dist.default_team() is not None,
                                reason="type checks run once, in the local suite")

ROOT = pathlib.Path(__file__).resolve().parents[2]
SOURCES = ROOT / "python"
SAMPLES = pathlib.Path(__file__).resolve().parent / "typing_samples"
MESSAGE = re.compile(r"^(?P<path>[^:]+):(?P<line>\d+): (?P<kind>error|note|warning): "
                     r"(?P<text>.*)$")


@pytest.fixture(scope="module")
def cache_dir(tmp_path_factory):
    """One mypy cache for this module's runs (the later runs reuse the package's analysis)."""
    return str(tmp_path_factory.mktemp("mypy-cache"))


def run_mypy(cache_dir, *args):
    """mypy's (messages as (path, line, kind, text), exit status) for the arguments, run on
    the source tree with the repository's configuration."""
    old = os.environ.get("MYPYPATH")
    os.environ["MYPYPATH"] = str(SOURCES)  # `import ptensor` reads python/ptensor
    try:
        out, err, status = mypy.api.run(["--config-file", str(ROOT / "pyproject.toml"),
                                         "--cache-dir", cache_dir, "--show-traceback",
                                         "--no-error-summary", "--hide-error-context",
                                         "--no-pretty", *args])
    finally:
        if old is None:
            del os.environ["MYPYPATH"]
        else:
            os.environ["MYPYPATH"] = old
    messages = []
    for line in out.splitlines():
        m = MESSAGE.match(line)
        assert m, f"unexpected mypy output: {line!r}\n{out}{err}"
        messages.append((m["path"], int(m["line"]), m["kind"], m["text"]))
    assert status in (0, 1), f"mypy failed (status {status}):\n{out}{err}"
    return messages, out + err


def normalized(t):
    """A type as mypy writes it, without the builtins. prefix (mypy versions differ)."""
    return re.sub(r"\bbuiltins\.", "", t.strip())


def expected_reveals(path):
    """{line: expected type} of the `reveal_type(...)  # T: <type>` lines of a sample."""
    out = {}
    for i, line in enumerate(path.read_text().splitlines(), 1):
        if line.lstrip().startswith("reveal_type("):
            assert "# T: " in line, f"{path.name}:{i}: reveal_type without its expected type"
            out[i] = normalized(line.split("# T: ", 1)[1])
    return out


def check_reveals(messages, path):
    """The sample's revealed types are the expected ones, and mypy said nothing else."""
    want = expected_reveals(path)
    got, other = {}, []
    for p, line, kind, text in messages:
        m = re.fullmatch(r'Revealed type is "(.*)"', text)
        if kind == "note" and m and pathlib.Path(p).name == path.name:
            got[line] = normalized(m[1])
        else:
            other.append(f"{p}:{line}: {kind}: {text}")
    assert not other, "mypy messages besides the revealed types:\n" + "\n".join(other)
    wrong = [f"{path.name}:{line}: expected {want[line]!r}, mypy inferred {got.get(line)!r}"
             for line in sorted(want) if got.get(line) != want[line]]
    assert not wrong, "\n".join(wrong)
    assert set(got) == set(want)


def error_lines(messages, path):
    return {line for p, line, kind, _ in messages
            if kind == "error" and pathlib.Path(p).name == path.name}


def marked_lines(path):
    """The lines of a sample marked `# E`: those mypy must report an error on."""
    return {i for i, line in enumerate(path.read_text().splitlines(), 1)
            if re.search(r"#\s*E(\s.*)?$", line)}


def test_user_program_types(cache_dir):
    """Creation, operators with scalars, reductions, indexing, NumPy habits, linalg, fft,
    random, spmd: the types mypy infers are the expected ones and there is no error."""
    sample = SAMPLES / "ok.py"
    messages, _ = run_mypy(cache_dir, str(sample))
    assert len(expected_reveals(sample)) > 80
    check_reveals(messages, sample)


def test_user_program_under_strict(cache_dir):
    """Under --strict (no implicit re-exports, no Any leaking into the user's code) the sample
    program has no error either: the namespace's names are exported (its __all__)."""
    sample = SAMPLES / "ok.py"
    messages, out = run_mypy(cache_dir, "--strict", str(sample))
    errors = [m for m in messages if m[2] == "error" and pathlib.Path(m[0]).name == "ok.py"]
    assert not errors, out


def test_wrong_calls_are_errors(cache_dir):
    """Each wrong call of bad.py (a string for an array, a shape or an axis, two scalars to
    add, a wrong literal, ...) is an error, and the right call at its end is not."""
    sample = SAMPLES / "bad.py"
    messages, out = run_mypy(cache_dir, str(sample))
    want = marked_lines(sample)
    assert len(want) >= 15
    assert error_lines(messages, sample) == want, out


def test_package_has_no_type_errors(cache_dir):
    """mypy -p ptensor (what `cd python && mypy -p ptensor` runs) reports no error."""
    messages, out = run_mypy(cache_dir, "-p", "ptensor")
    errors = [m for m in messages if m[2] == "error"]
    assert not errors, out


def test_the_checks_can_fail(cache_dir, tmp_path):
    """A wrong expected type, an unmarked error and an error that is not there are caught
    (the comparisons above are not vacuous)."""
    sample = tmp_path / "sample.py"
    sample.write_text("import ptensor as pt\n"
                      "x = pt.ones(3)\n"
                      "reveal_type(x)  # T: builtins.int\n"
                      "pt.sin(x)  # E\n"
                      "pt.sin('a')\n")
    messages, _ = run_mypy(cache_dir, str(sample))
    with pytest.raises(AssertionError, match="expected 'int', mypy inferred "
                                             "'ptensor._array.Array'"):
        check_reveals([m for m in messages if m[2] == "note"], sample)
    with pytest.raises(AssertionError, match="besides the revealed types"):
        check_reveals(messages, sample)
    assert error_lines(messages, sample) == {5} and marked_lines(sample) == {4}  # (unequal)


# ------------------------------------------------- declarations for type checkers ----

def _type_checking_blocks(body):
    return [n for n in body if isinstance(n, ast.If) and isinstance(n.test, ast.Name)
            and n.test.id == "TYPE_CHECKING"]


def _declared(nodes):
    names = set()
    for n in nodes:
        if isinstance(n, ast.FunctionDef):
            names.add(n.name)
        elif isinstance(n, ast.AnnAssign) and isinstance(n.target, ast.Name):
            names.add(n.target.id)
    return names


def test_elementwise_declarations_match_the_tables():
    """The functions _elementwise.py makes in loops are declared (typed) for type checkers,
    every one of them and no other, and the written-out __all__ is the run-time one."""
    from ptensor import _elementwise as ew
    tree = ast.parse((SOURCES / "ptensor" / "_elementwise.py").read_text())
    declared, written_all = set(), None
    for block in _type_checking_blocks(tree.body):
        declared |= _declared(block.body)
        for n in block.body:
            if isinstance(n, ast.Assign) and [t.id for t in n.targets] == ["__all__"]:
                written_all = [e.value for e in n.value.elts]
    defined = {n.name for n in tree.body if isinstance(n, ast.FunctionDef)}
    assert written_all == ew.__all__
    assert declared == set(ew.__all__) - defined
    assert {"sin", "add", "isnan", "less"} <= declared and "clip" in defined


def test_array_declarations_match_what_is_installed():
    """Array's methods installed at import (operators, NumPy habits) are declared on the
    class for type checkers, every one and no other (NumPy's protocols and pickle's
    __reduce__ excepted: users do not call them)."""
    tree = ast.parse((SOURCES / "ptensor" / "_array.py").read_text())
    cls = next(n for n in tree.body if isinstance(n, ast.ClassDef) and n.name == "Array")
    stubs, static = set(), set()
    for n in cls.body:
        if n in _type_checking_blocks(cls.body):
            stubs |= _declared(n.body)
        elif isinstance(n, ast.FunctionDef):
            static.add(n.name)
        elif isinstance(n, ast.Assign):
            static |= {t.id for t in n.targets if isinstance(t, ast.Name)}
    stubs -= set(pt.Array.__slots__)  # (the slots' types)
    installed = set(vars(pt.Array)) - static - set(pt.Array.__slots__) - {
        "__module__", "__doc__", "__qualname__", "__firstlineno__", "__static_attributes__",
        "__annotations__", "__array_ufunc__", "__array_function__", "__reduce__"}
    assert {"sum", "reshape", "nbytes", "__add__", "__radd__", "__iadd__", "__eq__",
            "__matmul__", "__neg__", "__hash__"} <= installed
    assert stubs == installed, (sorted(installed - stubs), sorted(stubs - installed))


def _stub_parameters(fd):
    """(name, kind, has a default) of a function's parameters, from its AST."""
    P = inspect.Parameter
    a = fd.args
    positional = [(x.arg, P.POSITIONAL_ONLY) for x in a.posonlyargs] + \
        [(x.arg, P.POSITIONAL_OR_KEYWORD) for x in a.args]
    first_default = len(positional) - len(a.defaults)
    out = [(n, k, i >= first_default) for i, (n, k) in enumerate(positional)]
    if a.vararg:
        out.append((a.vararg.arg, P.VAR_POSITIONAL, False))
    out += [(x.arg, P.KEYWORD_ONLY, d is not None) for x, d in zip(a.kwonlyargs, a.kw_defaults)]
    if a.kwarg:
        out.append((a.kwarg.arg, P.VAR_KEYWORD, False))
    return out


def test_habit_declarations_have_the_methods_parameters():
    """The declared NumPy-habit methods take the parameters of the installed ones (names,
    kinds, defaults): the types describe the methods users call."""
    from ptensor import _habits
    tree = ast.parse((SOURCES / "ptensor" / "_array.py").read_text())
    cls = next(n for n in tree.body if isinstance(n, ast.ClassDef) and n.name == "Array")
    stubs = {m.name: m for block in _type_checking_blocks(cls.body) for m in block.body
             if isinstance(m, ast.FunctionDef)}
    for name, fn in _habits.METHODS.items():
        want = [(p.name, p.kind, p.default is not inspect.Parameter.empty)
                for p in inspect.signature(fn).parameters.values()]
        assert _stub_parameters(stubs[name]) == want, name
