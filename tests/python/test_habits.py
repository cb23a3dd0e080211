"""NumPy habits beyond the array API (issue 26 items 2-4; ptensor/_habits.py): methods, NumPy's
__array_ufunc__ / __array_function__, pickle and copy, the package's basics. Every value is
compared with NumPy's."""
import contextlib
import copy
import html
import os
import sys
import warnings
import importlib.metadata
import pathlib
import pickle
import re
import shutil
import subprocess

import numpy as np
import pytest

import ptensor as pt
from ptensor import _habits

R = np.random.default_rng(26)
A = R.standard_normal((3, 4))


def same(got, want, ours=True):
    """got equals NumPy's want (shape, dtype, values) and is a ptensor array when ours."""
    if ours:
        assert isinstance(got, pt.Array), type(got)
    g = np.asarray(got)
    w = np.asarray(want)
    assert g.shape == w.shape, (g.shape, w.shape)
    assert g.dtype == w.dtype, (g.dtype, w.dtype)
    tol = 1e-6 if w.dtype in (np.float32, np.complex64) else 1e-12
    np.testing.assert_allclose(g, w, rtol=tol, atol=tol, equal_nan=True)


# ------------------------------------------------------------------ methods ----

METHOD_CALLS = [
    ("sum", (), {}), ("sum", (), {"axis": 0}), ("sum", (), {"axis": (0, 1)}),
    ("sum", (), {"axis": 1, "keepdims": True}), ("sum", (), {"dtype": np.float32}),
    ("prod", (), {"axis": 1}), ("mean", (), {}), ("mean", (), {"axis": 1}),
    ("mean", (1,), {}), ("var", (), {"ddof": 1}), ("std", (), {"axis": 0, "ddof": 1}),
    ("std", (), {}), ("min", (), {}), ("max", (), {"axis": 1, "keepdims": True}),
    ("any", (), {"axis": 0}), ("all", (), {}), ("argmin", (), {}),
    ("argmax", (), {"axis": 0}), ("argmax", (), {"axis": 1, "keepdims": True}),
    ("reshape", (2, 6), {}), ("reshape", ((6, 2),), {}), ("reshape", (-1,), {}),
    ("astype", (np.int32,), {}), ("copy", (), {}), ("ravel", (), {}), ("flatten", (), {}),
    ("transpose", (), {}), ("transpose", (1, 0), {}), ("transpose", ((1, 0),), {}),
]


@pytest.mark.parametrize("name,args,kwargs", METHOD_CALLS,
                         ids=[f"{n}{a}{k}" for n, a, k in METHOD_CALLS])
def test_methods_as_numpy(name, args, kwargs):
    x = pt.asarray(A)
    want = getattr(A, name)(*args, **kwargs)
    got = getattr(x, name)(*args, **kwargs)
    if name in ("any", "all"):
        want = getattr(A > 0, name)(*args, **kwargs)
        got = getattr(x > 0, name)(*args, **kwargs)
    same(got, want)


def test_method_results_are_new_arrays():
    x = pt.asarray(A)
    for y in (x.copy(), x.flatten(), x.ravel(), x.reshape(12), x.transpose()):
        y[...] = 0
    same(x, A)
    assert copy.copy(x) is not x
    c = copy.copy(x)
    c[0, 0] = 7.0
    same(x, A)


def test_tolist_item_sizes():
    x = pt.asarray(np.arange(6, dtype=np.int16).reshape(2, 3))
    assert x.tolist() == [[0, 1, 2], [3, 4, 5]]
    assert pt.asarray(2.5).tolist() == 2.5
    assert x.nbytes == 12 and x.itemsize == 2
    assert pt.zeros((0, 3), dtype=pt.complex128).nbytes == 0
    assert pt.ones(5, dtype=pt.complex64).itemsize == 8


def test_method_bad_arguments():
    x = pt.asarray(A)
    with pytest.raises(ValueError, match="shape"):
        x.sum(out=pt.zeros((2,)))
    with pytest.raises(TypeError, match="out="):
        x.sum(out=np.zeros(()))
    with pytest.raises(TypeError, match="bogus"):
        x.cumsum(bogus=1)
    with pytest.raises(ValueError, match="order"):
        x.reshape(12, order="F")
    with pytest.raises(TypeError, match="shape"):
        x.reshape()
    with pytest.raises(ValueError):
        x.reshape(5, 5)
    with pytest.raises(ValueError):
        x.transpose(0, 0)
    with pytest.raises(ValueError):
        x.sum(axis=2)


# ------------------------------------------------------------- NumPy ufuncs ----

def _ufunc_inputs(np_name):
    """NumPy inputs in the ufunc's domain."""
    u = getattr(np, np_name)
    if np_name in ("bitwise_and", "bitwise_or", "bitwise_xor", "invert", "left_shift",
                   "right_shift"):
        return [np.arange(12, dtype=np.int32).reshape(3, 4) % 5 for _ in range(u.nin)]
    if np_name.startswith("logical"):
        return [A > 0, A < 0.5][:u.nin]
    if np_name in ("matmul", "vecdot"):
        return [A, A.T] if np_name == "matmul" else [A, A]
    base = np.abs(A) / 4 + 0.05  # in (0, 1)
    if np_name == "arccosh":
        base = base + 1
    return [base, base[::-1] + 0.1][:u.nin]


UFUNC_NAMES = [n for n, p in _habits.UFUNCS.items()
               if hasattr(np, n) and hasattr(pt, p) and isinstance(getattr(np, n), np.ufunc)]


@pytest.mark.parametrize("np_name", UFUNC_NAMES)
def test_ufuncs_run_ptensors_function(np_name):
    u = getattr(np, np_name)
    inputs = _ufunc_inputs(np_name)
    same(u(*[pt.asarray(a) for a in inputs]), u(*inputs))


def test_ufuncs_with_numpy_operands():
    x = pt.asarray(A)
    same(np.ones((3, 4)) + x, np.ones((3, 4)) + A)
    same(x - np.ones(4), A - np.ones(4))
    same(np.float64(2.0) * x, 2.0 * A)
    same(np.arange(4.0) < x, np.arange(4.0) < A)
    same(np.ones((4, 2)).T @ x.T, np.ones((4, 2)).T @ A.T)
    a = np.zeros((3, 4))
    a += x  # NumPy's in-place operator writes its own array
    assert type(a) is np.ndarray
    np.testing.assert_array_equal(a, A)


def test_ufunc_out_ptensor_array():
    x = pt.asarray(A)
    y = pt.zeros((3, 4))
    r = np.add(x, 1, out=y)
    assert r is y
    same(y, A + 1)
    r = np.sin(x, out=(x,))
    assert r is x
    same(x, np.sin(A))
    i = pt.zeros((3, 4), dtype=pt.int64)
    with pytest.raises(TypeError, match="cast"):
        np.add(x, 1, out=i)
    same(i, np.zeros((3, 4), dtype=np.int64))
    with pytest.raises(ValueError, match="shape"):
        np.add(x, 1, out=pt.zeros((4,)))


def _distributed(x):
    return type(x) is pt._dist.DArray  # (tests/python also runs under mpiexec)


def _numpy_or_refused(f, *args, **kwargs):
    """f's result where NumPy computes it for local arrays; for distributed arrays TypeError
    (no implicit gather). None when refused."""
    if any(_distributed(a) for a in args):
        with pytest.raises(TypeError, match="distributed"):
            f(*args, **kwargs)
        return None
    r = f(*args, **kwargs)
    assert not isinstance(r, pt.Array)
    return r


def test_ufuncs_ptensor_lacks_compute_in_numpy():
    """A NumPy ufunc ptensor lacks (one the user made) is a fallback: NumPy's result,
    announced."""
    x = pt.asarray(A)
    half = np.frompyfunc(lambda v: v / 2, 1, 1)
    with fallbacks("warn"):
        r = _numpy_or_refused(half, x)
        if r is not None:
            assert type(r) is np.ndarray
            np.testing.assert_array_equal(r, half(A))
    with pytest.raises(TypeError, match="out="):
        half(x, out=pt.zeros((3, 4)))
    out = np.empty((3, 4), dtype=object)
    half(x, out=out)  # into a NumPy array: NumPy computes it (gathered when distributed)
    np.testing.assert_array_equal(out, half(A))


NUMPY_METHODS = [("cumsum", (), {}), ("cumsum", (1,), {}), ("cumprod", (0,), {}),
                 ("clip", (-0.5, 0.5), {}), ("round", (1,), {}), ("nonzero", (), {}),
                 ("argsort", (0,), {}), ("diagonal", (), {}), ("trace", (), {}),
                 ("dot", "T", {}), ("repeat", (2,), {"axis": 0}), ("take", ([2, 0],), {}),
                 ("squeeze", (), {}), ("swapaxes", (0, 1), {}), ("searchsorted", (0.5,), {}),
                 ("conj", (), {}), ("conjugate", (), {}), ("compress", ([True, False, True],),
                                                         {"axis": 0}),
                 ("argpartition", (1,), {}), ("sum", (0,), {"keepdims": True}),
                 ("std", (1,), {"ddof": 1}), ("max", (), {"initial": 9.0})]


@pytest.mark.parametrize("name,args,kwargs", NUMPY_METHODS,
                         ids=[f"{n}-{i}" for i, (n, _, _) in enumerate(NUMPY_METHODS)])
def test_numpy_methods(name, args, kwargs):
    """x.method(...) as NumPy's ndarray method (the namespace's function applied to x)."""
    a = A if name != "searchsorted" else np.sort(A.ravel())
    x = pt.asarray(a)
    if args == "T":
        got, want = getattr(x, name)(x.T), getattr(a, name)(a.T)
    else:
        got, want = getattr(x, name)(*args, **kwargs), getattr(a, name)(*args, **kwargs)
    if name == "argpartition":  # (the partition property: the k-th of each row in place)
        got = np.take_along_axis(a, np.asarray(got), -1)[:, 1]
        want = np.take_along_axis(a, want, -1)[:, 1]
        np.testing.assert_array_equal(got, want)
        return
    if isinstance(want, tuple):
        for g, w in zip(got, want):
            same(g, w)
        return
    same(got, np.asarray(want))


def test_numpy_in_place_methods_and_attributes():
    a = A.copy()
    x = pt.asarray(a)
    x.sort(0)
    a.sort(0)
    same(x, a)
    x.fill(2.5)
    a.fill(2.5)
    same(x, a)
    x.put([0, 5], [-1.0, -2.0])
    a.put([0, 5], [-1.0, -2.0])
    same(x, a)
    x.flat[3] = 7.0
    a.flat[3] = 7.0
    same(x, a)
    same(x.flat[2:6], a.flat[2:6])
    assert len(x.flat) == a.size and x.tobytes() == a.tobytes()
    c = pt.asarray(a * 1j + a)
    same(c.real, (a * 1j + a).real)
    same(c.imag, (a * 1j + a).imag)
    assert x.real is x
    same(x.imag, np.zeros_like(a))


# ---------------------------------------------------------- NumPy functions ----

B = np.array([[3, 1, 2], [0, 5, 4]], dtype=np.int64)
S = np.array([0.5, 1.5, 2.5, 3.5])

FUNCTION_CALLS = [
    ("sum", lambda m, A, B, S: m.sum(A, axis=1)), ("prod", lambda m, A, B, S: m.prod(A, axis=0)),
    ("mean", lambda m, A, B, S: m.mean(A)), ("std", lambda m, A, B, S: m.std(A, axis=0, ddof=1)),
    ("var", lambda m, A, B, S: m.var(A, keepdims=True)), ("max", lambda m, A, B, S: m.max(A, axis=1)),
    ("amin", lambda m, A, B, S: m.amin(A)), ("argmax", lambda m, A, B, S: m.argmax(A, axis=1)),
    ("any", lambda m, A, B, S: m.any(A > 1)), ("all", lambda m, A, B, S: m.all(A > -5, axis=0)),
    ("cumsum", lambda m, A, B, S: m.cumsum(A)), ("cumsum1", lambda m, A, B, S: m.cumsum(A, axis=1)),
    ("cumprod", lambda m, A, B, S: m.cumprod(B, axis=0)),
    ("concatenate", lambda m, A, B, S: m.concatenate([A, A], axis=1)),
    ("concatenate None", lambda m, A, B, S: m.concatenate((A, B), axis=None)),
    ("stack", lambda m, A, B, S: m.stack([A, A], axis=-1)),
    ("reshape", lambda m, A, B, S: m.reshape(A, (4, 3))), ("reshape int", lambda m, A, B, S: m.reshape(A, 12)),
    ("ravel", lambda m, A, B, S: m.ravel(A)), ("transpose", lambda m, A, B, S: m.transpose(A)),
    ("squeeze", lambda m, A, B, S: m.squeeze(A[None, :, None])),
    ("expand_dims", lambda m, A, B, S: m.expand_dims(A, 1)), ("flip", lambda m, A, B, S: m.flip(A, axis=0)),
    ("roll", lambda m, A, B, S: m.roll(A, 2)), ("roll axis", lambda m, A, B, S: m.roll(A, -1, axis=1)),
    ("moveaxis", lambda m, A, B, S: m.moveaxis(A[None], 0, -1)),
    ("broadcast_to", lambda m, A, B, S: m.broadcast_to(S, (2, 4))),
    ("tile", lambda m, A, B, S: m.tile(S, 2)), ("repeat", lambda m, A, B, S: m.repeat(B, 2, axis=1)),
    ("tril", lambda m, A, B, S: m.tril(A, k=1)), ("triu", lambda m, A, B, S: m.triu(A)),
    ("where", lambda m, A, B, S: m.where(A > 0, A, 0.0)), ("sort", lambda m, A, B, S: m.sort(A, axis=0)),
    ("sort None", lambda m, A, B, S: m.sort(A, axis=None)),
    ("argsort", lambda m, A, B, S: m.argsort(A)), ("dot 2d", lambda m, A, B, S: m.dot(A, A.T)),
    ("dot 1d", lambda m, A, B, S: m.dot(S, S)), ("dot 2d1d", lambda m, A, B, S: m.dot(A, S)),
    ("round", lambda m, A, B, S: m.round(A * 10)), ("take", lambda m, A, B, S: m.take(S, [3, 0, 0])),
    ("take axis", lambda m, A, B, S: m.take(A, np.array([2, 1]), axis=1)),
    ("clip", lambda m, A, B, S: m.clip(A, -0.5, 0.5)),
    ("searchsorted", lambda m, A, B, S: m.searchsorted(S, np.array([1.0, 3.0]), side="right")),
    ("diff", lambda m, A, B, S: m.diff(A, axis=0)), ("zeros_like", lambda m, A, B, S: m.zeros_like(B)),
    ("ones_like", lambda m, A, B, S: m.ones_like(A, dtype=np.float32)),
    ("full_like", lambda m, A, B, S: m.full_like(B, 7)), ("real", lambda m, A, B, S: m.real(A)),
    ("imag", lambda m, A, B, S: m.imag(A * 1j)),
]


@pytest.mark.parametrize("name,call", FUNCTION_CALLS, ids=[n for n, _ in FUNCTION_CALLS])
def test_numpy_functions_of_ptensor_arrays(name, call):
    """NumPy's own function called with ptensor arrays runs ptensor's (a ptensor result)."""
    same(call(np, pt.asarray(A), pt.asarray(B), pt.asarray(S)), call(np, A, B, S))


def test_numpy_functions_results_not_arrays():
    x = pt.asarray(A)
    assert np.shape(x) == (3, 4) and np.ndim(x) == 2 and np.size(x) == 12
    assert np.size(x, 1) == 4
    r, c = np.nonzero(x > 0)
    wr, wc = np.nonzero(A > 0)
    same(r, wr)
    same(c, wc)
    r, c = np.where(x > 0)
    same(c, wc)
    gx, gy = np.meshgrid(pt.asarray(S), pt.asarray(S[:2]))
    wx, wy = np.meshgrid(S, S[:2])
    same(gx, wx)
    same(gy, wy)


@contextlib.contextmanager
def fallbacks(mode):
    """NumPy fallbacks in this mode for the block (the suite runs with them as errors)."""
    old = pt.set_numpy_fallback(mode)
    try:
        yield
    finally:
        pt.set_numpy_fallback(old)


# NumPy functions ptensor does not implement: one of numpy.lib, and a ufunc made by the user
_HALF = np.frompyfunc(lambda v: v / 2, 1, 1)  # (its __name__: "<lambda> (vectorized)")
LACKING = [(np.lib.stride_tricks.sliding_window_view, lambda x: (x, (2, 2))), (_HALF, lambda x: (x,))]


@pytest.mark.parametrize("f,args", LACKING, ids=["sliding_window_view", "user_ufunc"])
def test_numpy_functions_ptensor_lacks_are_announced(f, args):
    """A NumPy function ptensor does not implement: a NumpyFallbackWarning once per
    function, NumPy's result, a count in cache_info; a NumpyFallbackError in error mode."""
    x = pt.asarray(A)
    a = args(x)
    name = f"numpy.{f.__name__}"
    before = pt.cache_info()["numpy_fallbacks"].get(name, 0)
    with fallbacks("error"):
        with pytest.raises(pt.NumpyFallbackError, match=re.escape(f.__name__)):
            f(*a)
    assert issubclass(pt.NumpyFallbackError, TypeError)
    if any(_distributed(v) for v in a) and isinstance(f, np.ufunc):
        return  # (ufuncs ptensor lacks refuse distributed arrays: no implicit gather)
    pt._habits._warned.discard(name)
    with fallbacks("warn"):
        with pytest.warns(pt.NumpyFallbackWarning, match=re.escape(name)):
            r = f(*a)
        with warnings.catch_warnings():
            warnings.simplefilter("error")
            f(*a)  # once per function
    assert not isinstance(r, pt.Array)
    np.testing.assert_array_equal(r, f(*[np.asarray(v) for v in a]))
    with fallbacks("ignore"):
        with warnings.catch_warnings():
            warnings.simplefilter("error")
            f(*a)
    assert pt.cache_info()["numpy_fallbacks"][name] == before + 4


def test_fallback_mode_is_checked():
    with pytest.raises(ValueError, match="mode"):
        pt.set_numpy_fallback("loud")
    env = dict(os.environ, PTENSOR_FALLBACK="sometimes")
    r = subprocess.run([sys.executable, "-c", "import ptensor"], env=env, capture_output=True,
                       text=True)
    assert r.returncode != 0 and "PTENSOR_FALLBACK" in r.stderr


def test_numpy_functions_ptensor_has_never_fall_back():
    """NumPy's functions that ptensor implements by name (beyond the handlers above) give
    ptensor arrays, also from NumPy's own module: np.median, np.linalg.inv, np.fft.fft."""
    x = pt.asarray(A)
    sq = pt.asarray(A[:3, :3] + 3 * np.eye(3))
    with fallbacks("error"):
        same(np.linalg.inv(sq), np.linalg.inv(A[:3, :3] + 3 * np.eye(3)))
        same(np.fft.fft(x[0]), np.fft.fft(A[0]))
        same(np.median(x, axis=0), np.median(A, axis=0))
        same(np.round(x, 2), np.round(A, 2))
        same(np.expand_dims(x, (0, 3)), np.expand_dims(A, (0, 3)))


def test_numpy_functions_never_lose_writes():
    x = pt.asarray(A)
    o = pt.zeros(4)
    assert np.sum(x, axis=0, out=o) is o  # a ptensor out: written by ptensor
    same(o, A.sum(axis=0))
    # NumPy would write its view (or a gathered copy) of the data: ptensor writes x
    y = pt.asarray(A.copy())
    np.copyto(y, 1.0, where=pt.asarray(A > 0))
    same(y, np.where(A > 0, 1.0, A))
    with pytest.raises(TypeError, match="cast"):
        np.copyto(pt.asarray(B), x)
    if not _distributed(x):  # (a local array's NumPy view is read-only; a gather is a copy)
        with pytest.raises(ValueError, match="read-only"):
            np.add(np.ones(4), 1, out=np.asarray(x)[0])
    same(x, A)
    out = np.empty(4)
    np.sum(x, axis=0, out=out)  # a NumPy out: NumPy fills it
    np.testing.assert_allclose(out, A.sum(axis=0))


def test_numpy_functions_with_a_foreign_array_type():
    class Other:
        def __array_function__(self, func, types, args, kwargs):
            return NotImplemented
    with pytest.raises(TypeError):
        np.concatenate([pt.asarray(S), Other()])


# ----------------------------------------------------------- pickle, copy ----

PICKLED = [np.arange(5, dtype=np.int8), np.array(3.5), np.zeros((0, 3), dtype=np.uint16),
           (A > 0), A.astype(np.complex64) * 1j, A, np.arange(24, dtype=np.uint64).reshape(2, 3, 4)]


@pytest.mark.parametrize("a", PICKLED, ids=[f"{a.dtype}{a.shape}" for a in PICKLED])
def test_pickle_roundtrip(a):
    x = pt.asarray(a)
    for protocol in (2, pickle.HIGHEST_PROTOCOL):
        y = pickle.loads(pickle.dumps(x, protocol=protocol))
        assert isinstance(y, pt.Array) and y.dtype == x.dtype and y.device == x.device
        same(y, a)
    d = copy.deepcopy({"x": x, "again": x})
    assert d["x"] is d["again"] and d["x"] is not x
    same(d["x"], a)


def test_pickle_of_a_view_and_pending_work():
    x = pt.asarray(A)
    v = x[::2, 1:]
    v[0, 0] = 42.0  # written through to x
    w = pickle.loads(pickle.dumps((x, v, x + 1)))
    want = A.copy()
    want[0, 1] = 42.0
    same(w[0], want)
    same(w[1], want[::2, 1:])
    same(w[2], want + 1)
    w[1][...] = 0  # the unpickled view is an array of its own
    same(w[0], want)


class _Payload:
    def __init__(self, *args):
        self.args = args

    def __reduce__(self):
        return (_habits._unpickle, self.args)


@pytest.mark.parametrize("args,err,match", [
    ((99, "cpu", np.zeros(2), None), ValueError, "version"),
    ((1, "cpu", [1, 2], None), TypeError, "damaged"),
    ((1, "cpu", np.array(["a"]), None), TypeError, "unsupported data type"),
    ((1, "cpu", np.array([object()]), None), TypeError, "unsupported data type"),
    ((1, "tpu:3", np.zeros(2), None), ValueError, "device"),
])
def test_unpickle_damaged_or_foreign(args, err, match):
    with pytest.raises(err, match=match):
        pickle.loads(pickle.dumps(_Payload(*args)))


def test_unpickle_truncated():
    data = pickle.dumps(pt.asarray(A))
    with pytest.raises((pickle.UnpicklingError, EOFError, ValueError)):
        pickle.loads(data[:len(data) // 2])


# ------------------------------------------------------ the package's basics ----

def test_version_is_the_packages():
    assert isinstance(pt.__version__, str)
    try:
        assert pt.__version__ == importlib.metadata.version("ptensor")
    except importlib.metadata.PackageNotFoundError:
        assert pt.__version__ == "0+unknown"


def test_array_namespace_api_version():
    x = pt.asarray(A)
    for v in (None, "2021.12", "2022.12", "2023.12", "2024.12", "2025.12"):
        assert x.__array_namespace__(api_version=v) is pt
    for v in ("foo", "2026.12", 2024.12):
        with pytest.raises(ValueError, match="api_version"):
            x.__array_namespace__(api_version=v)


def _public(mod, names):
    return [(f"{mod.__name__}.{n}", getattr(mod, n)) for n in names
            if callable(getattr(mod, n))]


PUBLIC = (_public(pt, pt.__all__) + _public(pt.linalg, pt.linalg.__all__) +
          _public(pt.random, pt.random.__all__) +
          [(f"Generator.{n}", f) for n, f in vars(pt.random.Generator).items()
           if callable(f) and not n.startswith("_")])


def test_every_public_callable_has_a_docstring_and_a_readable_repr():
    missing = [n for n, f in PUBLIC if not (f.__doc__ or "").strip()]
    assert missing == []
    unreadable = [n for n, f in PUBLIC if "<locals>" in repr(f) or "<lambda>" in repr(f)]
    assert unreadable == []
    assert repr(pt.sin) == "<ptensor ufunc 'sin'>" and repr(pt.median).startswith(
        "<function median ")
    methods = [n for n, f in _habits.METHODS.items() if not (f.__doc__ or "").strip()]
    assert methods == []


def test_package_files():
    here = pathlib.Path(pt.__file__).resolve().parent
    assert (here / "py.typed").exists()  # (PEP 561: the package's annotations are its own)
    # the installed distribution (a wheel too) carries the license
    files = importlib.metadata.distribution("ptensor").files or []
    licenses = [f for f in files if f.name.startswith("LICENSE")]
    assert licenses and "Apache License" in licenses[0].read_text()


def test_ptensor_opt_console_script():
    eps = [e for e in importlib.metadata.entry_points(group="console_scripts")
           if e.name == "ptensor-opt"]
    if not eps:
        pytest.skip("the installed ptensor predates its console script")
    assert eps[0].value == "ptensor._tools:opt"
    exe = shutil.which("ptensor-opt")
    assert exe is not None
    r = subprocess.run([exe, "--help"], capture_output=True, text=True, timeout=120)
    assert r.returncode == 0 and "ptensor-pipeline" in r.stdout


def test_repr_html_small_and_large():
    x = pt.asarray(np.arange(6, dtype=np.int32).reshape(2, 3))
    h = x._repr_html_()
    assert "(2, 3)" in h and "int32" in h and "cpu" in h
    assert html.escape(np.array2string(np.arange(6, dtype=np.int32).reshape(2, 3))) in h
    big = pt.reshape(pt.arange(3_000_000, dtype=pt.float64), (1000, 3000))
    h = big._repr_html_()
    assert "(1000, 3000)" in h and "of 3000000 elements" in h
    corner = np.arange(3_000_000, dtype=np.float64).reshape(1000, 3000)[:5, :5]
    assert html.escape(np.array2string(corner)) in h
    assert len(h) < 3000  # a preview, not the array
    if _distributed(big):
        assert "ranks" in h and "split" in h
