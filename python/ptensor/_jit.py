"""pt.jit: a function's programs recorded once per input signature and replayed, as jax.jit
does, so a loop of small operations costs its compiled programs and no Python recording.

The first call with a signature (each array argument's dtype, shape, device and layout;
every other argument's value) runs the function while the C++ core records the programs
materialization runs (src/Trace.h: the stages; a long chain is cut where it repeats, as in
an eager run). Later calls with that signature run those programs on the new arguments'
buffers. What a replay could not repeat makes the function run as written at every call
(``info()["eager_reasons"]`` says why): asking for values while it runs (``bool()``,
``float()``, ``to_numpy()``, printing), random numbers, writes into arrays that are neither
arguments nor made inside, collectives, results that are not arrays; and every call under
mpiexec with more than one rank (distributed arrays are not traced yet).

Contract (jax.jit's): arrays the function reads but does not take as arguments are
constants of the trace (their values at the first call); other Python values it reads are
baked in likewise. Arguments written in place (``x[1:] = ...``) are written at every call.
"""
from __future__ import annotations

import functools
from typing import Any, Callable

from . import _core
from . import _eager
from . import _dist
from ._array import Array, Local

_EAGER = "eager"


_SCALARS = frozenset({int, float, bool, complex, str, type(None)})


def _flatten(obj, arrays):
    """Structure key of obj (tuples, lists, dicts of arrays and hashable values); array
    leaves are appended to `arrays` and keyed by dtype, shape, device, layout and aliasing.
    (Exact type tests first: this runs at every call.)"""
    t = type(obj)
    if t is Array or (t not in _SCALARS and isinstance(obj, Local)):
        for i, a in enumerate(arrays):
            if a is obj:
                return ("same", i)
        arrays.append(obj)
        return obj._t.signature
    if t in _SCALARS:
        return (t, obj)
    if t is tuple or t is list:
        return (t,) + tuple([_flatten(v, arrays) for v in obj])
    if t is dict:
        return (dict,) + tuple([(k, _flatten(obj[k], arrays)) for k in sorted(obj, key=repr)])
    if isinstance(obj, Array):
        raise _NoTrace("it takes distributed arrays (under mpiexec pt.jit runs the function "
                       "as written)")
    try:
        hash(obj)
    except TypeError:
        raise _NoTrace(f"it takes an argument of type {t.__name__}, which is neither "
                       "an array nor hashable") from None
    return (t, obj)


class _NoTrace(Exception):
    """The call cannot be traced (the reason is the message): it runs as written."""


def _results(obj, out):
    """The result structure: arrays appended to out (None and containers of arrays allowed)."""
    if obj is None:
        return None
    if isinstance(obj, Local):
        if obj._base is not None:
            raise _NoTrace("it returns a view of an array (its writes would reach the base)")
        out.append(obj)
        return len(out) - 1
    if isinstance(obj, Array):
        raise _NoTrace("it returns distributed arrays")
    if isinstance(obj, (tuple, list)):
        return (type(obj), [_results(v, out) for v in obj])
    if isinstance(obj, dict):
        return (dict, [(k, _results(v, out)) for k, v in obj.items()])
    raise _NoTrace(f"it returns a {type(obj).__name__}, not arrays")


def _rebuild(tree, arrays):
    if tree is None:
        return None
    if isinstance(tree, int):
        return arrays[tree]
    kind, items = tree
    if kind is dict:
        return {k: _rebuild(v, arrays) for k, v in items}
    return kind(_rebuild(v, arrays) for v in items)


class _Entry:
    __slots__ = ("trace", "tree", "dtypes", "mutated", "same", "busy")

    def __init__(self, trace, tree, dtypes, mutated, same):
        self.trace, self.tree, self.dtypes, self.mutated = trace, tree, dtypes, mutated
        self.same = same  # per result: the argument it is (the same object), or -1
        self.busy = False  # a replay runs (a long program releases the GIL while it runs)


class Jitted:
    """A function compiled per input signature (see ptensor.jit)."""

    def __init__(self, fn: Callable[..., Any]):
        self._fn = fn
        self._cache: dict[Any, Any] = {}
        self._stats = {"traces": 0, "replays": 0, "eager_calls": 0}
        self._reasons: list[str] = []
        functools.update_wrapper(self, fn)

    def __call__(self, *args: Any, **kwargs: Any) -> Any:
        if _core.tracing():  # inside another traced function: part of its trace
            return self._fn(*args, **kwargs)
        if _dist.default_team() is not None:  # (a DArray's writes are not seen by the trace)
            return self._eager("under mpiexec pt.jit runs the function as written (distributed "
                               "arrays are not traced yet)", args, kwargs)
        arrays: list[Array] = []
        try:
            key = _flatten(args, arrays) if not kwargs else _flatten((args, kwargs), arrays)
        except _NoTrace as e:
            return self._eager(str(e), args, kwargs)
        entry = self._cache.get(key)
        if entry is None:
            return self._trace(key, arrays, args, kwargs)
        if entry is _EAGER or entry.busy:  # (busy: another thread replays it now, and its
            self._stats["eager_calls"] += 1  # stages hold that call's buffers)
            return self._fn(*args, **kwargs)
        entry.busy = True
        try:
            outs = _core.trace_replay(entry.trace, [a._t for a in arrays])
        finally:
            entry.busy = False
        self._stats["replays"] += 1
        n = len(entry.dtypes)
        for i, h in zip(entry.mutated, outs[n:]):
            a = arrays[i]
            a._h = h
            a._version += 1
        tree = entry.tree
        res = [Array._new(h, d) if j < 0 else arrays[j]  # (an argument returned: itself)
               for h, d, j in zip(outs[:n], entry.dtypes, entry.same)]
        return res[0] if type(tree) is int else _rebuild(tree, res)

    def _eager(self, why: str, args: Any, kwargs: Any) -> Any:
        self._stats["eager_calls"] += 1
        if why not in self._reasons:
            self._reasons.append(why)
        return self._fn(*args, **kwargs)

    def _trace(self, key: Any, arrays: list[Array], args: Any, kwargs: Any) -> Any:
        handles = [a._t for a in arrays]
        _core.trace_begin(handles)
        _eager.tracing(True)
        try:
            out = self._fn(*args, **kwargs)
        except BaseException:
            _core.trace_abort()
            raise
        finally:
            _eager.tracing(False)
        results: list[Array] = []
        why: str | None = None
        try:
            tree = _results(out, results)
        except _NoTrace as e:
            why, tree = str(e), None
        mutated = [i for i, a in enumerate(arrays) if a._h is not handles[i]]
        r = _core.trace_end([x._t for x in results] + [arrays[i]._h for i in mutated])
        self._stats["traces"] += 1
        if why is None and isinstance(r, str):
            why = r
        if why is not None:
            self._cache[key] = _EAGER
            if why not in self._reasons:
                self._reasons.append(why)
            return out
        same = [next((j for j, a in enumerate(arrays) if a is x), -1) for x in results]
        self._cache[key] = _Entry(r, tree, [x.dtype for x in results], mutated, same)
        return out

    def info(self) -> dict[str, Any]:
        """Calls so far: traces (first calls per signature), replays, eager_calls (calls that
        ran the function as written), eager_reasons, and the programs each trace replays."""
        d: dict[str, Any] = dict(self._stats)
        d["eager_reasons"] = list(self._reasons)
        d["signatures"] = len(self._cache)
        d["stages"] = [e.trace.stages for e in self._cache.values() if isinstance(e, _Entry)]
        return d

    def clear(self) -> None:
        """Forgets every trace (the next call traces again)."""
        self._cache.clear()


def jit(fn: Callable[..., Any] | None = None) -> Any:
    """Compile ``fn`` once per input signature, as ``jax.jit``: ``f = pt.jit(f)`` or ``@pt.jit``.

    The first call with a signature runs ``fn`` and records the programs it runs; later calls
    with that signature replay them without running ``fn``'s Python. Array arguments are
    inputs (a new dtype, shape, device or layout traces again); other arguments are part of
    the signature (a new value traces again). Arrays ``fn`` reads but does not take as
    arguments are constants of the trace. Where a replay could not repeat what ``fn`` does
    (it asks for values, draws random numbers, writes into arrays it does not take or make,
    returns non-arrays, runs collectives), ``fn`` runs as written at every call: the results
    are always the eager ones; ``f.info()`` says which happened and why.

    Parameters
    ----------
    fn : callable, optional
        The function; ``pt.jit()`` without it returns ``jit`` itself (for ``@pt.jit()``).

    Returns
    -------
    callable
        The jitted function, with an ``info()`` method (a dict of ``traces``, ``replays``,
        ``eager_calls``, ``eager_reasons``, ``signatures``, ``stages``).

    Raises
    ------
    TypeError
        ``fn`` is not callable.

    Examples
    --------
    >>> f = pt.jit(lambda x, y: x * 2 + y)
    >>> f(pt.asarray([1.0, 2.0]), pt.asarray([10.0, 20.0]))
    Array([12., 24.])
    >>> f(pt.asarray([3.0, 4.0]), pt.asarray([1.0, 1.0]))
    Array([7., 9.])
    >>> f.info()["traces"], f.info()["replays"]
    (1, 1)
    """
    if fn is None:
        return jit
    if not callable(fn):
        raise TypeError(f"jit: expected a function, got {type(fn).__name__}")
    return Jitted(fn)
