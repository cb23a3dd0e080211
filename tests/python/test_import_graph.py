"""The import graph of python/ptensor reads one way (issue "House" item 7).

Every module is parsed with `ast` (nothing is imported for the graph). The modules stand in
layers; a module imports only modules of its own layer or below, at its top (imports inside
functions would hide a dependency), and the graph of those imports has no circle. Calls
that must go up at run time go through ptensor/_upcalls.py, which the namespace fills at
import: the last test checks that every declared up-call is provided.
"""
import ast
import pathlib

import pytest

PKG = pathlib.Path(__file__).resolve().parents[2] / "python" / "ptensor"

# layer -> modules (docs/architecture.md draws them); a new module gets its place here
LAYERS = [
    ("data types, the compiled core and the up-call tables",
     {"_core", "_dtypes", "_device", "_upcalls", "_tools", "_typing", "_progress"}),
    ("recording helpers", {"_ops", "_indexing", "_eager"}),
    ("the array object", {"_array"}),
    ("category modules",
     {"_creation", "_elementwise", "_custom_call", "_manipulation", "_statistical",
      "_utility", "_linalg", "_indexing_ops", "_searching", "_advanced", "_repeat",
      "_creation_derived", "_sorting", "_set", "_lapack", "linalg", "_info", "_operators"}),
    ("the distributed layer",
     {"_dist_registry", "_dist", "spmd", "_dist_replicated", "_dist_move", "_dist_align",
      "_dist_index", "_dist_reduce", "_dist_create", "_dist_manip", "_dist_linalg",
      "_dist_scans", "_dist_compose", "_dist_dispatch"}),
    ("NumPy's namespace beyond the standard (ufunc objects, NumPy's functions by section)",
     {"_np_args", "_ufunc", "_ufunc_docs", "_np_superset", "_np_manip", "_np_math", "_np_signal",
      "_np_stats", "_np_sets", "_np_linalg", "_np_fft"}),
    ("NumPy habits beyond the standard (methods, NumPy's protocols, pickle)", {"_habits"}),
    ("extensions written with the namespace's functions",
     {"random", "fft", "_jit", "_io_files", "_io_npy", "io"}),
    ("the namespace", {"__init__"}),
]
LAYER = {m: i for i, (_, mods) in enumerate(LAYERS) for m in mods}


def _modules(pkg):
    return sorted(p.stem for p in pkg.glob("*.py"))


def _targets(node, known):
    """The package modules an import statement names."""
    out = []
    if isinstance(node, ast.ImportFrom):
        if node.level == 1 or (node.level == 0 and (node.module or "").split(".")[0] == "ptensor"):
            parts = (node.module or "").split(".")
            if node.level == 0:
                parts = parts[1:]
            if parts and parts[0]:
                out.append(parts[0])
            else:  # from . import a, b
                out += [a.name for a in node.names]
    elif isinstance(node, ast.Import):
        for a in node.names:
            parts = a.name.split(".")
            if parts[0] == "ptensor":
                out.append(parts[1] if len(parts) > 1 else "__init__")
    return [t for t in out if t in known]


def import_graph(pkg):
    """({module: set of modules it imports at its top}, [(module, imported, line) of the
    imports inside functions])."""
    known = set(_modules(pkg)) | {"_core"}
    top, inner = {}, []
    for name in _modules(pkg):
        tree = ast.parse((pkg / f"{name}.py").read_text(), filename=f"{name}.py")
        top[name] = set()

        def walk(node, in_function, name=name):
            for child in ast.iter_child_nodes(node):
                if isinstance(child, (ast.Import, ast.ImportFrom)):
                    for t in _targets(child, known):
                        if in_function:
                            inner.append((name, t, child.lineno))
                        else:
                            top[name].add(t)
                walk(child, in_function or isinstance(
                    child, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)))
        walk(tree, False)
    return top, inner


def find_cycle(graph):
    """A list of modules that import each other in a circle, or None."""
    state, stack = {}, []

    def visit(m):
        state[m] = 1
        stack.append(m)
        for n in sorted(graph.get(m, ())):
            if state.get(n) == 1:
                return stack[stack.index(n):] + [n]
            if n not in state:
                c = visit(n)
                if c:
                    return c
        stack.pop()
        state[m] = 2
        return None

    for m in sorted(graph):
        if m not in state:
            c = visit(m)
            if c:
                return c
    return None


def test_every_module_has_a_layer():
    missing = [m for m in _modules(PKG) if m not in LAYER]
    assert not missing, f"modules without a layer (add them to LAYERS): {missing}"


def test_no_import_circle():
    top, _ = import_graph(PKG)
    cycle = find_cycle(top)
    assert cycle is None, "import circle: " + " -> ".join(cycle)


def test_imports_go_down():
    top, _ = import_graph(PKG)
    up = [f"{m} ({LAYERS[LAYER[m]][0]}) imports {t} ({LAYERS[LAYER[t]][0]})"
          for m in sorted(top) for t in sorted(top[m])
          if m in LAYER and t in LAYER and LAYER[t] > LAYER[m]]
    assert not up, "imports that go up a layer (use _upcalls):\n" + "\n".join(up)


def test_imports_at_the_top():
    _, inner = import_graph(PKG)
    assert not inner, "package imports inside functions (import at the top, or an up-call " \
        "of _upcalls where a lower layer calls a higher one):\n" + "\n".join(
            f"{m}.py:{line} imports {t}" for m, t, line in inner)


def test_the_check_sees_a_circle(tmp_path):
    """The checks fail where they should: a circle and an upward import are found."""
    (tmp_path / "__init__.py").write_text("")
    (tmp_path / "_ops.py").write_text("from ._array import Array\n")
    (tmp_path / "_array.py").write_text("from . import _ops\n\ndef f():\n    import ptensor\n")
    top, inner = import_graph(tmp_path)
    assert find_cycle(top) in (["_array", "_ops", "_array"], ["_ops", "_array", "_ops"])
    assert LAYER["_array"] > LAYER["_ops"] and "_array" in top["_ops"]
    assert inner == [("_array", "__init__", 4)]


def test_every_up_call_is_provided():
    pt = pytest.importorskip("ptensor")
    from ptensor import _upcalls
    import importlib
    tables = []
    for name in _modules(PKG):
        mod = pt if name == "__init__" else importlib.import_module(f"ptensor.{name}")
        tables += [(name, k) for k, v in vars(mod).items()
                   if isinstance(v, (_upcalls.Slots, type(_upcalls.namespace)))]
    assert ("_array", "up") in tables and ("_ops", "up") in tables
    missing = [(m, k, getattr(importlib.import_module(f"ptensor.{m}") if m != "__init__"
                              else pt, k).missing()) for m, k in tables]
    assert all(not miss for _, _, miss in missing), missing
