"""ptensor: NumPy / array-API arrays recorded as PTensor IR (MLIR), fused, JIT-compiled with
LLVM and run. ``import ptensor as pt``."""
from __future__ import annotations

import math as _math
import os as _os
import sys as _sys

import numpy as _np  # noqa: F401  (first: the core then finds NumPy's BLAS loaded, src/Blas.cpp)

from . import _core
from ._core import CompileError, CustomCallError
CompileError.__doc__ = """A recorded program could not be compiled.

Raised when a result is materialized and its program fails to compile; the message names the
operation and the cause (and a file with the failing IR). A subclass of ``RuntimeError``. The
session goes on: other programs still compile and run.

Examples
--------
>>> issubclass(pt.CompileError, RuntimeError)
True
"""
CustomCallError.__doc__ = """A custom call's handler reported an error.

Raised in Python when the program holding the call runs (when a result is read) and the
handler returned a code other than ``PT_FFI_INVALID_ARGUMENT`` (which raises ``ValueError``) and
``PT_FFI_LINALG_ERROR`` (``pt.linalg.LinAlgError``); the message is the handler's. Nothing of
the failed program is delivered. A subclass of ``RuntimeError``.

Examples
--------
>>> fail = pt.ffi.HANDLER(lambda frame: 1)
>>> pt.register_custom_call("doc_fail", fail)
>>> y = pt.custom_call("doc_fail", pt.ones(3), result=((3,), pt.float64))
>>> try:
...     print(y)
... except pt.CustomCallError as e:
...     print(e)
custom_call 'doc_fail' failed (code 1)
"""
from ._custom_call import custom_call, ffi_include_dir, register_custom_call
from . import _custom_call as ffi  # ctypes mirrors of ptensor_ffi.h (CallFrame, HANDLER)
from . import _progress  # noqa: F401  (long compiles on stderr, compile records on logging)
from ._dtypes import (DType, bool_ as bool, int8, int16, int32, int64, uint8, uint16,  # noqa: A001
                      uint32, uint64, float32, float64, complex64, complex128, result_type)
from . import _array
from ._array import Array, Local as _Local
from ._creation import (arange, asarray, check_device as _check_device, empty, empty_like, eye,
                        from_dlpack, full, full_like, linspace, ones, ones_like, zeros,
                        zeros_like)
from ._creation_derived import meshgrid, tril, triu
from ._elementwise import *  # noqa: F401,F403
from ._elementwise import __all__ as _ew_all
from . import _elementwise
from ._indexing_ops import take, take_along_axis
from ._info import __array_namespace_info__, can_cast, finfo, iinfo, isdtype
from ._linalg import matmul, vecdot
from ._manipulation import (broadcast_arrays, broadcast_shapes, broadcast_to, concat,
                            expand_dims, flip,
                            matrix_transpose, moveaxis, permute_dims, reshape, roll, squeeze,
                            stack, tile, unstack)
from ._repeat import repeat
from ._searching import argmax, argmin, nonzero, searchsorted, where
from ._set import isin, unique_all, unique_counts, unique_inverse, unique_values
from ._sorting import argsort, sort
from ._utility import all, any, count_nonzero, diff  # noqa: A004
from ._statistical import (cumulative_prod, cumulative_sum, max, mean, min, prod, std,  # noqa: A004
                           sum, var)
from . import _dtypes as _dt
from . import _ops as _ops_mod
from . import (_advanced, _creation, _indexing_ops, _manipulation, _operators, _searching,
               _upcalls)
from . import linalg  # (the array API linalg extension)
from . import _habits  # NumPy habits beyond the standard: methods, NumPy's protocols, pickle
from ._habits import NumpyFallbackError, NumpyFallbackWarning, set_numpy_fallback
from . import random  # pt.random.default_rng: Philox random numbers computed in the programs
from . import fft  # the array API fft extension (pocketfft through numpy.fft, in the programs)
from ._jit import jit  # a function's programs recorded once per signature, then replayed
from ._eager import set_eager_limit  # small operations on arrays with values run at once
from .linalg import tensordot
# NumPy's namespace beyond the array API (docs/numpy.md): the elementwise functions as ufunc
# objects under their array API and NumPy names, and NumPy's other functions by its sections
from . import _ufunc
from ._ufunc import ufunc
from . import (_np_fft, _np_linalg, _np_manip, _np_math, _np_sets, _np_signal, _np_stats,
               _np_superset)
from ._np_manip import *  # noqa: F401,F403
from ._np_sets import *  # noqa: F401,F403
from ._np_math import *  # noqa: F401,F403
from ._np_signal import *  # noqa: F401,F403
from ._np_stats import *  # noqa: F401,F403

__array_api_version__ = "2025.12"
try:  # the one version number is pyproject.toml's
    from importlib.metadata import version as _version
    __version__ = _version("ptensor")
except Exception:  # (running from a source tree that was never installed)  # noqa: BLE001
    __version__ = "0+unknown"
e, inf, nan, pi = _math.e, _math.inf, _math.nan, _math.pi
newaxis = None


def astype(x: Array, dtype: DType, /, *, copy=True, device=None) -> Array:
    """Copy of ``x`` converted to ``dtype``, as the array API's ``astype``.

    A new array unless ``copy=False`` and the dtype is unchanged. Float to integer truncates
    toward zero, as NumPy's ``astype``. ``dtype`` may be a ptensor dtype, a NumPy dtype or a name.

    Parameters
    ----------
    x : Array
        A ptensor array.
    dtype : DType or dtype
        The target dtype.
    copy : bool, optional
        False: return ``x`` itself when the dtype is unchanged (default True).
    device : Device, optional
        Place the result on this device.

    Returns
    -------
    Array
        ``x`` in ``dtype``.

    Notes
    -----
    Complex to real raises TypeError (the array API does not permit it; NumPy drops the
    imaginary part with a warning). ``x`` must be a ptensor array (TypeError otherwise).

    Examples
    --------
    >>> pt.astype(pt.asarray([1.7, -2.5]), pt.int32)
    Array([ 1, -2], dtype=int32)
    >>> pt.astype(pt.asarray([1, 2]), "float32")
    Array([1., 2.], dtype=float32)
    """
    _check_device(device)
    if not isinstance(x, _Local):
        raise TypeError(f"astype: x must be a ptensor Array, got {type(x).__name__}")
    d = _dt.to_dtype(dtype)
    if _dt.is_complex(x.dtype) and d.kind in "iuf":
        raise TypeError(f"astype: cannot cast complex {x.dtype.name} to real {d.name} "
                        "(take real() or abs() first)")
    if d == x.dtype:
        r = _ops_mod.copy(x) if copy else x
    else:
        r = _ops_mod.cast(x, d)
    return r if device is None else r.to_device(device)


from ._device import set_default_device  # noqa: E402  (PTENSOR_DEVICE: at the end)


def sync() -> None:
    """Compute every pending array that Python still references.

    ptensor records operations lazily; ``sync`` materializes all of them now, as one program
    (compiled once per structure, then cached), instead of at the first read of a value. Use it
    to time the computation or to move it out of a later read. Returns None.

    See Also
    --------
    explain : What a materialization would run, without running it.

    Examples
    --------
    >>> x = pt.ones((100000,)) + 1
    >>> pt.sync()
    >>> pt.explain(x)["pending"]
    False
    """
    _core.sync()


def cache_info() -> dict:
    """JIT cache statistics of this process, as a dict.

    Keys: ``compiles``, ``hits``, ``runs``, ``disk_hits``, ``disk_waits`` (programs another
    process, e.g. another MPI rank, compiled while this one waited), ``compile_time`` (total
    seconds), ``donations`` (results written in place into the buffer of the array they update,
    e.g. ``a[k] = v`` when nothing else holds ``a``'s old value), ``cached_programs``,
    ``program_cache_size`` and ``evictions`` of the bounded in-memory cache, ``cache_dir``, the
    ``gpu_*`` counters, and ``numpy_fallbacks``: ``{NumPy function: times NumPy computed it from
    ptensor arrays' data}`` (see ``set_numpy_fallback``).

    Returns
    -------
    dict
        The statistics.

    See Also
    --------
    cache_clear : Drop the compiled programs.
    compile_log : The programs compiled, one by one.

    Examples
    --------
    >>> info = pt.cache_info()
    >>> info["compiles"] >= 0 and "cache_dir" in info
    True
    """
    info = _core.cache_info()
    info["numpy_fallbacks"] = dict(_habits.FALLBACKS)
    return info


def cache_clear(*, disk=True) -> dict[str, int]:
    """Drop the compiled programs; return how many programs and files were dropped.

    Empties this process's in-memory cache of compiled programs and, with ``disk=True``,
    deletes the program files of the disk cache (``cache_info()["cache_dir"]``; other files
    there are left alone). The next materialization of each program compiles it again. Under
    mpiexec each rank clears its own memory; the ranks share the disk cache.

    Parameters
    ----------
    disk : bool, optional
        Also delete the disk cache's program files (default True).

    Returns
    -------
    dict
        ``{"programs": dropped from memory, "files": deleted from disk}``.

    See Also
    --------
    cache_info : JIT cache statistics.
    set_program_cache_size : Bound the in-memory cache.

    Examples
    --------
    >>> r = pt.cache_clear(disk=False)
    >>> sorted(r), r["files"]
    (['files', 'programs'], 0)
    """
    return _core.cache_clear(True if disk else False)


def explain(x: Array | None = None) -> dict:
    """What materializing ``x`` (or everything pending) would run now, without running it.

    Returns a dict: ``pending`` (False: nothing to compute), ``results``, ``inputs``,
    ``operations`` (PTensor ops), ``loops`` (loop nests after fusion), ``compiled`` (the program
    is in the in-memory cache: no compile), ``on_disk`` (in the disk cache), ``ir`` (the
    program's PTensor IR) and ``fused`` (the IR after lowering and fusion, before bufferization:
    ``print(pt.explain(x)["fused"])``). Every array Python still references becomes a result of
    the same program, as at a real materialization; ``del`` temporaries to shrink it. Small
    arrays computed eagerly have nothing pending. For a distributed array, this rank's part is
    explained.

    Parameters
    ----------
    x : Array, optional
        The array to explain; None: everything pending.

    Returns
    -------
    dict
        The description above.

    Raises
    ------
    TypeError
        ``x`` is not a ptensor array.

    See Also
    --------
    sync : Materialize everything pending.

    Examples
    --------
    >>> x = pt.ones((100000,)) + 1
    >>> e = pt.explain(x)
    >>> e["pending"], e["results"]
    (True, 1)
    >>> sorted(e)
    ['compiled', 'fused', 'inputs', 'ir', 'loops', 'on_disk', 'operations', 'pending', 'results']
    """
    h = None
    if x is not None:
        if isinstance(x, _Local):
            h = x._t
        elif isinstance(x, Array):  # distributed: this rank's part
            h = x._local._t
        else:
            raise TypeError(f"explain: expected a ptensor array, got {type(x).__name__}")
    return _core.explain(h)


def compile_log() -> list[dict]:
    """The programs this process compiled or loaded from the disk cache, oldest first.

    One dict per program (the last 256): ``program`` (a hash of its structure),
    ``operations``, ``inputs``, ``results``, ``seconds``, ``source`` (``"compiled"`` or
    ``"disk"``), ``reason`` and ``stages``. ``reason`` is ``"new structure"`` (operations never
    seen), ``"new dtypes"``, ``"new results"`` (the same operations, another set of live arrays
    materialized), ``"new size pattern"`` (other size-1 dimensions, equal sizes or unit steps)
    or ``"evicted"`` (dropped from the bounded in-memory cache or by ``cache_clear``).
    ``stages`` holds the seconds of each compile stage (``"build"``: PTensor IR,
    ``"lowering"``: the MLIR pipeline, ``"optimize"``: LLVM's O3, ``"codegen"``: LLVM IR,
    machine code on the program's threads and linking, ``"store"``: the disk cache write);
    it is empty for a program loaded from disk. The environment variable ``PTENSOR_LOG=1``
    prints each record to stderr as it happens.

    Returns
    -------
    list of dict
        The records described above.

    See Also
    --------
    cache_info : JIT cache statistics.
    explain : What a materialization would run.

    Examples
    --------
    >>> x = pt.ones((100003,)) * 3 + 1
    >>> pt.sync()
    >>> sorted(pt.compile_log()[-1])
    ['inputs', 'operations', 'program', 'reason', 'results', 'seconds', 'source', 'stages']
    """
    return _core.compile_log()


def set_program_cache_size(n: int) -> None:
    """Bound the in-memory cache of compiled programs to ``n`` programs; returns None.

    Beyond ``n`` the least recently used programs are dropped (a later use compiles them again
    or loads them from the disk cache). The default is 512, or the environment variable
    ``PTENSOR_PROGRAM_CACHE_SIZE``. ``cache_info()`` reports ``cached_programs``,
    ``program_cache_size`` and ``evictions``. The disk cache has its own bound,
    ``PTENSOR_CACHE_MAX_MB``.

    Parameters
    ----------
    n : int
        The number of programs to keep.

    See Also
    --------
    cache_info : JIT cache statistics.
    cache_clear : Drop the compiled programs.

    Examples
    --------
    >>> old = pt.cache_info()["program_cache_size"]
    >>> pt.set_program_cache_size(100)
    >>> pt.cache_info()["program_cache_size"]
    100
    >>> pt.set_program_cache_size(old)
    """
    _core.set_program_cache_size(_ops_mod.as_index(n, "n"))


def set_num_threads(n: int) -> None:
    """Set the number of threads of compiled loops and of ``pt.fft``'s transforms.

    The compiled programs' parallel loops run on OpenMP threads; ``pt.fft`` splits large
    transforms over its own threads. The environment variable ``PTENSOR_NUM_THREADS`` sets the
    same at import (1 disables threading). Returns None.

    Parameters
    ----------
    n : int
        The number of threads.

    Examples
    --------
    >>> pt.set_num_threads(2)
    """
    _core.set_num_threads(_ops_mod.as_index(n, "n"))
    fft._set_num_threads(_ops_mod.as_index(n, "n"))


def to_numpy(x: Array):
    """``x`` as a NumPy array (a copy).

    Materializes ``x`` if it is pending. Under ``mpiexec`` a distributed array is gathered on
    every rank.

    Parameters
    ----------
    x : Array
        A ptensor array.

    Returns
    -------
    numpy.ndarray
        The values.

    Examples
    --------
    >>> pt.to_numpy(pt.asarray([1, 2]))
    array([1, 2])
    """
    return x.to_numpy()




__all__ = ["Array", "CompileError", "DType", "bool", "int8", "int16", "int32", "int64",
           "uint8", "uint16", "uint32", "uint64", "float32", "float64", "complex64",
           "complex128", "result_type",
           "arange", "asarray", "empty", "empty_like", "eye", "full", "full_like", "linspace",
           "ones", "ones_like", "zeros", "zeros_like", "broadcast_arrays", "broadcast_shapes",
           "broadcast_to",
           "matrix_transpose", "permute_dims", "max", "mean", "min", "prod", "std", "sum",
           "var", "astype", "sync", "cache_info", "cache_clear", "compile_log", "explain", "set_num_threads", "set_program_cache_size", "set_default_device", "to_numpy", "matmul",
           "__array_namespace_info__", "can_cast", "finfo", "iinfo", "isdtype", "concat",
           "expand_dims", "flip", "moveaxis", "roll", "squeeze", "stack", "unstack", "where",
           "all", "any", "diff", "e", "inf", "nan", "pi", "newaxis", "meshgrid", "tril",
           "triu", "vecdot", "count_nonzero", "reshape", "tile", "repeat", "argmax", "argmin",
           "cumulative_sum", "cumulative_prod", "from_dlpack", "take",
           "take_along_axis", "linalg", "tensordot", "searchsorted", "nonzero", "sort", "argsort", "unique_all", "unique_counts", "isin",
           "unique_inverse", "unique_values", "CustomCallError", "custom_call",
           "register_custom_call", "ffi_include_dir", "jit", "set_eager_limit"]
__all__ += _elementwise.__all__  # (this form: type checkers read it as re-exports)

# The elementwise functions become ufunc objects (calling one is calling the function);
# NumPy's names of the same ufuncs are aliases of them (pt.power is pt.pow).
_UFUNCS, _UFUNC_ALIASES = _ufunc.make({_n: globals()[_n] for _n in _ew_all})
globals().update(_UFUNCS)
globals().update(_UFUNC_ALIASES)
# NumPy's ufuncs that _np_math composes are ufunc objects too (pt.fmax.reduce, pt.gcd.outer)
globals().update(_ufunc.wrap_composed({_n: globals()[_n] for _n in _np_math.__all__}))
ndarray = Array  # NumPy's name of the array type (isinstance(x, np.ndarray) in NumPy code)
# NumPy's names beyond the standard: composed of the namespace's functions, so they are
# never wrapped for distributed arguments themselves (their parts are)
_NUMPY_ONLY = (list(_UFUNC_ALIASES) + _np_manip.__all__ + _np_math.__all__
               + _np_signal.__all__ + _np_stats.__all__ + _np_sets.__all__
               + _np_linalg.TOP_LEVEL)
globals().update({_n: getattr(_np_linalg, _n) for _n in _np_linalg.TOP_LEVEL})
# numpy.linalg's and numpy.fft's names beyond the extensions go into pt.linalg and pt.fft
for _n in _np_linalg.LINALG:
    setattr(linalg, _n, getattr(_np_linalg, _n))
for _n in _np_fft.__all__:
    setattr(fft, _n, getattr(_np_fft, _n))
__all__ += _NUMPY_ONLY + ["ufunc", "ndarray", "NumpyFallbackError", "NumpyFallbackWarning",
                          "set_numpy_fallback"]
_habits.NUMPY_NAMES.update({_n: globals()[_n] for _n in _NUMPY_ONLY})
# The standard functions under NumPy's signatures (superset: _np_superset.py); the standard
# ones stay in _np_superset.STANDARD, which is what the new ones call
for _n in _np_superset.NAMES + _np_superset.USES:
    _np_superset.STANDARD[_n] = globals()[_n]
for _n in _np_superset.NAMES:
    globals()[_n] = getattr(_np_superset, _n)
around = _np_superset.around
__all__ += ["around"]
_NUMPY_ONLY += ["around"]
_habits.NUMPY_NAMES.update({_n: globals()[_n] for _n in _np_superset.NAMES + ["around"]})


# --- MPI teams: creation functions take team= and split=; under a launcher (or once a team
# was used) every function accepts distributed arrays (ptensor/_dist.py explains the model).
from . import _dist as _dist_mod  # noqa: E402
from . import _dist_create  # noqa: E402
from . import _dist_dispatch  # noqa: E402
from . import _dist_index  # noqa: E402
from . import spmd  # noqa: E402
# NumPy's file formats (.npy, .npz, raw, text) under NumPy's names, and HDF5 / Zarr in pt.io:
# readers make the creation functions' layouts, so they handle distributed arrays themselves
from . import _io_npy  # noqa: E402
from . import io  # noqa: E402
from ._io_npy import (fromfile, genfromtxt, load, loadtxt, save, savetxt,  # noqa: E402
                      savez, savez_compressed)
__all__ += _io_npy.__all__ + ["io"]
_habits.NUMPY_NAMES.update({_n: globals()[_n] for _n in _io_npy.__all__})

globals().update(_dist_create.creation_functions())
# (NumPy's *_like reach the team-aware ones: they take NumPy's parameters)
_habits.NUMPY_NAMES.update({_n: globals()[_n] for _n in ("zeros_like", "ones_like",
                                                         "empty_like", "full_like")})


def _install_dist():
    g = globals()
    ew = set(_ew_all) | {"where"}
    skip = {"broadcast_shapes", "sync", "cache_info", "cache_clear", "compile_log", "explain", "set_num_threads", "set_program_cache_size", "set_default_device", "result_type", "can_cast", "finfo",
            "iinfo", "isdtype", "__array_namespace_info__", "to_numpy", "from_dlpack",
            "register_custom_call", "ffi_include_dir",
            "arange", "asarray", "empty", "empty_like", "eye", "full", "full_like",
            "linspace", "ones", "ones_like", "zeros", "zeros_like"}
    skip |= set(_NUMPY_ONLY) | set(_np_superset.NAMES) | set(_io_npy.__all__) | {
        "ufunc", "ndarray", "set_numpy_fallback", "io"}
    for name, f in _np_superset.STANDARD.items():  # (what the NumPy signatures call)
        if isinstance(f, ufunc):  # (round's ufunc: not the namespace's round, _np_superset's)
            f._wrap(lambda raw, name=name: _dist_dispatch.dispatching(name, raw, ew))
        else:
            _np_superset.STANDARD[name] = _dist_dispatch.dispatching(name, f, ew)
    for name in list(__all__):
        f = g.get(name)
        if name in skip:
            continue
        if isinstance(f, ufunc):  # (aliases are in skip: each ufunc is wrapped once)
            f._wrap(lambda raw, name=name: _dist_dispatch.dispatching(name, raw, ew))
        elif callable(f) and not isinstance(f, type):
            g[name] = _dist_dispatch.dispatching(name, f, ew)
    for name in linalg.__all__:
        f = getattr(linalg, name)
        if callable(f) and not isinstance(f, type):  # (LinAlgError stays a class)
            setattr(linalg, name, _dist_dispatch.dispatching(name, f, ()))
    _dist_dispatch.install_operators()


# --- up-calls (_upcalls.py): the functions lower layers call from the layers above them,
# provided here, once, and the operators of Array installed
_ops_mod.up.provide(Array=Array)
_array.up.provide(asarray=_creation.asarray, matrix_transpose=_manipulation.matrix_transpose,
                  permute_dims=_manipulation.permute_dims, take=_indexing_ops.take,
                  boolean_mask_getitem=_searching._boolean_mask_getitem,
                  getitem=_advanced.getitem, setitem=_advanced.setitem,
                  scatter_assign=_advanced.scatter_assign)
_operators.install()
_habits.install()
_upcalls.namespace.provide(_sys.modules[__name__])
_dist_mod.up.provide(getitem=_dist_index.getitem, setitem=_dist_index.setitem,
                     rows_of=_dist_index.rows_of, sync_moved=_dist_index._sync,
                     install_namespace=_install_dist)
if _dist_mod.launched():
    _dist_mod.prepare()

if _os.environ.get("PTENSOR_DEVICE"):  # a process-wide default device (docs/devices.md)
    set_default_device(_os.environ["PTENSOR_DEVICE"])
