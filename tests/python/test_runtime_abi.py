"""The runtime's C ABI is declared once, in runtime/ptensor_runtime.h: the ctypes table of
ptensor._dist (Python's calls into the MPI runtime) and the declarations --dist-to-runtime
emits (compiled code's calls) must agree with it. (dist.c, CustomCall.cpp and Program.cpp
include the header, so the compiler checks the definitions.)"""
import ctypes
import os
import re
import shutil
import subprocess

import numpy as np
import pytest

import ptensor as pt
from ptensor import _dist

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
HEADER = os.path.join(ROOT, "runtime", "ptensor_runtime.h")
OPT = os.path.join(os.path.dirname(pt.__file__), "bin", "ptensor-opt")


def header_prototypes():
    """name -> (result type, [argument types]) of every function the header declares, after
    the C preprocessor (the per-element-type entries are a macro); types normalized to
    'int64_t', 'int', 'void', 'void*', 'int64_t*', 'pt_unranked*', 'uint64_t'."""
    cc = shutil.which("cc") or shutil.which("gcc")
    if cc is None:
        pytest.skip("no C compiler")
    text = subprocess.run([cc, "-E", "-P", "-x", "c", HEADER], check=True,
                          capture_output=True, text=True).stdout
    protos = {}
    for decl in " ".join(text.split()).split(";"):
        m = re.fullmatch(r"\s*(?:extern\s+)?([\w\s\*]+?)\s*\b(\w+)\s*\(([^()]*)\)\s*", decl)
        if not m or "typedef" in decl:
            continue
        ret, name, args = m.groups()
        params = [] if args.strip() in ("", "void") else [
            norm(re.sub(r"\b\w+\s*$", "", a.strip()) if not a.strip().endswith("*") else a)
            for a in args.split(",")]
        protos[name] = (norm(ret), params)
    return protos


def norm(t):
    t = t.replace("const", "").replace(" ", "")
    return t


def test_header_declares_the_runtime():
    protos = header_prototypes()
    assert protos["ptensor_dist_owned"] == (
        "void", ["int64_t"] * 5 + ["int64_t*", "int64_t*"])
    assert protos["ptensor_custom_call"] == ("void", ["int64_t"] * 4)
    assert protos["_mlir_ciface_ptensor_dist_bcast_c128"] == (
        "void", ["int64_t", "pt_unranked*", "int64_t"])


CTYPES = {ctypes.c_int: "int", ctypes.c_int64: "int64_t", ctypes.c_void_p: "void*",
          ctypes.POINTER(ctypes.c_int64): "int64_t*", None: "void"}


def test_python_ctypes_table_matches_the_header():
    protos = header_prototypes()
    assert _dist._ABI, "the ctypes table is empty"
    for name, res, args in _dist._ABI:
        assert name in protos, f"{name} is bound by ptensor._dist but not in {HEADER}"
        want = protos[name]
        got = (CTYPES[res], [CTYPES[a] for a in args])
        assert got == want, f"{name}: ctypes {got}, header {want}"


MLIR_TYPES = {"i64": "int64_t", "index": "int64_t", "i32": "int"}


def mlir_declarations():
    """The runtime functions --dist-to-runtime declares for the dist lit tests: name (with
    MLIR's C-interface prefix where it applies) -> (result, [arguments])."""
    if not os.path.exists(OPT):
        pytest.skip("ptensor-opt is not installed")
    decls = {}
    for test in ("dist.mlir", "dist-collectives.mlir"):
        out = subprocess.run([OPT, os.path.join(ROOT, "tests", "mlir", test),
                              "--dist-to-runtime"], check=True, capture_output=True,
                             text=True).stdout
        for m in re.finditer(r"func\.func private @(\w+)\(([^)]*)\)(?: -> (\w+))?"
                             r"( attributes \{llvm\.emit_c_interface\})?", out):
            name, args, res, ciface = m.groups()
            types = [("pt_unranked*" if a.strip().startswith("memref<*")
                      else MLIR_TYPES[a.strip()]) for a in re.split(r",\s*(?![^<]*>)", args)
                     if a.strip()]
            decls[("_mlir_ciface_" if ciface else "") + name] = (
                MLIR_TYPES[res] if res else "void", types)
    return decls


def test_compiled_code_declarations_match_the_header():
    protos = header_prototypes()
    decls = mlir_declarations()
    assert len(decls) >= 10, decls
    for name, sig in decls.items():
        assert name in protos, f"--dist-to-runtime calls {name}, not declared in {HEADER}"
        assert sig == protos[name], f"{name}: MLIR {sig}, header {protos[name]}"


def test_every_element_type_entry_is_in_the_runtime_library():
    path = os.path.join(os.path.dirname(pt.__file__), "libptensor_dist.so")
    if not os.path.exists(path):
        pytest.skip("built without MPI")
    nm = shutil.which("nm")
    if nm is None:
        pytest.skip("no nm")
    exported = set(subprocess.run([nm, "-D", "--defined-only", path], check=True,
                                  capture_output=True, text=True).stdout.split())
    missing = [n for n in header_prototypes()
               if n.startswith(("ptensor_dist", "_mlir_ciface_ptensor_dist")) and n not in exported]
    assert not missing, f"declared in {HEADER} but not exported by {path}: {missing}"


def test_python_move_matches_the_runtime_spec():
    """ptensor._dist.Move is passed as the words of the header's pt_move_spec."""
    with open(HEADER) as f:
        m = re.search(r"typedef struct \{\s*int64_t ([^;]*);\s*\} pt_move_spec;", f.read())
    assert m, "pt_move_spec not found"
    fields = tuple(v.strip() for v in m[1].split(","))
    assert _dist.Move._fields == fields
    assert _dist.Move(1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11)[-4:] == (0, 0, 1, 1)


class _Unranked(ctypes.Structure):
    _fields_ = [("rank", ctypes.c_int64), ("desc", ctypes.c_void_p)]


def _descriptor(a):
    """MLIR's ranked memref descriptor of a NumPy view (strides in elements), kept alive with a."""
    item = a.itemsize
    fields = [a.ctypes.data, a.ctypes.data, 0, *a.shape, *(s // item for s in a.strides)]
    d = (ctypes.c_int64 * len(fields))(*fields)
    return _Unranked(a.ndim, ctypes.cast(d, ctypes.c_void_p)), d


@pytest.mark.parametrize("case", range(6))
def test_memref_copy_between_strided_views(case):
    """ptensor_memref_copy (bound as MLIR's memrefCopy in the JIT) against NumPy's assignment:
    contiguous, strided, reversed, 0-d and empty views."""
    try:
        fn = ctypes.CDLL(pt._core.__file__).ptensor_memref_copy
    except AttributeError:
        pytest.skip("a self-contained build does not export it")
    fn.argtypes = [ctypes.c_int64, ctypes.POINTER(_Unranked), ctypes.POINTER(_Unranked)]
    base = np.arange(2 * 6 * 10, dtype=np.float64).reshape(2, 6, 10)
    src = [base, base[:, ::2, 1:9:3], base[::-1, ::-2, ::-1], base[1, 2, 3, ...],
           base[:, 1:1], base.astype(np.int16)[:, :, ::2]][case]
    out = np.full((8,) + src.shape[1:] if src.ndim else (), -1, dtype=src.dtype)
    dst = out[:src.shape[0]] if src.ndim else out
    if case == 1:  # a strided target too
        out = np.full((2, 6, 9), -1.0)
        dst = out[:, ::2, ::3]
    s, keep_s = _descriptor(src)
    d, keep_d = _descriptor(dst)
    want = out.copy()
    (want[:src.shape[0]] if src.ndim and case != 1 else want[:, ::2, ::3] if case == 1
     else want)[...] = src
    fn(src.itemsize, ctypes.byref(s), ctypes.byref(d))
    np.testing.assert_array_equal(out, want)


def test_missing_mpi_library_is_a_clear_error(monkeypatch):
    """A self-contained build loads the system's MPI when libptensor_dist needs it: a library
    that cannot be loaded gives RuntimeError naming what was tried, not a crash."""
    monkeypatch.setenv("PTENSOR_MPI_LIBRARY", "/nonexistent/libmpi.so.12")
    with pytest.raises(RuntimeError, match="no MPI library.*/nonexistent/libmpi.so.12"):
        _dist._load_mpi()
