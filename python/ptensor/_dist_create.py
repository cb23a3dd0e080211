"""Creation of distributed arrays: the creation functions with team= and split= (a
creation split along axis 0 is recorded for the team: each rank computes its block; others
take this rank's rows), *_like of a distributed array (its layout), and asarray (of a
distributed array: another layout on request)."""
from __future__ import annotations

import functools

from . import _core
from . import _creation as c
from . import _dtypes as dt
from . import _ops
from . import _dist
from . import _dist_move
from ._array import Array
from ._dist import DArray, _DEFAULT, as_team, distribute
from ._dist_replicated import _check_team


def _team_split(team, split, ndim):
    t = as_team(team)
    if t is None or split is None or ndim == 0:
        return None, None
    return t, _ops.normalize_axis(split, ndim, "split")


def _created(probe, team, split):
    """A creation split over team. probe is the creation of the whole array, recorded but never
    computed: split along axis 0 it is recorded again for the team (global sizes in, the
    compiled program computes this rank's block: --lower-ptensor's Dist ops), otherwise (or
    for a composed creation such as a complex linspace) this rank's rows of it are taken."""
    t, ax = _team_split(team, split, probe.ndim)
    if t is None:
        return probe
    n = probe.shape[ax]
    lo, hi = t.owned(n, 0, n)
    if ax == 0:
        h = _core.for_team(probe._t, t.handle, hi - lo)
        if h is not None:
            return DArray(Array._new(h, probe.dtype), probe.shape, t, 0)
    return distribute(probe, t, ax)


def _asarray_dist(x, dtype, device, copy, team, split):
    """asarray of a distributed array: NumPy's copy and dtype rules applied to every rank's
    part; team / split (when given) ask for another layout: team=None or split=None gather
    the whole array on every rank (a local array), another split axis moves the data (an
    all-to-all). Moving or gathering copies, so copy=False then raises."""
    c.check_device(device)
    want = None if dtype is None else dt.to_dtype(dtype)
    t = x.team if team is _DEFAULT else as_team(team)
    if t is not None:
        _check_team(t, x)
    ax = x.split if split is _DEFAULT or split is None else _ops.normalize_axis(split, x.ndim,
                                                                              "split")
    moved = t is None or split is None or ax != x.split
    if moved and copy is False:
        raise ValueError("asarray: copy=False is impossible when the array moves to another "
                         "layout (team / split)")
    if t is None or split is None:
        return c.asarray(x._replicated(), dtype=want)
    if ax != x.split:
        x = _dist_move.resplit(x, ax)
    if want is not None and want != x.dtype:
        if copy is False:
            raise ValueError("asarray: copy=False is impossible when the dtype changes")
        return DArray(_ops.cast(x._local, want), x.shape, x.team, x.split, x._pb, x._po)
    if copy and not moved:
        return DArray(_ops.copy(x._local), x.shape, x.team, x.split, x._pb, x._po)
    return x


def creation_functions():
    """The dist-aware creation functions (team=, split=), keyed by name."""

    def created(local):
        @functools.wraps(local)
        def f(*args, team=_DEFAULT, split=0, **kw):
            probe = local(*args, **kw)  # checks the arguments; lazy
            if team is _DEFAULT and _dist._world is None and not _dist.launched():
                return probe
            extra = ()
            if isinstance(probe, tuple):  # (linspace's retstep: the values and the step)
                probe, extra = probe[0], probe[1:]
            r = _created(probe, team, split)
            _dist.note(local.__name__, (r,))
            return (r,) + extra if extra else r
        return f

    def like(name):
        local = getattr(c, name)

        @functools.wraps(local)
        def f(x, /, *args, **kw):
            if isinstance(x, DArray):
                return DArray(local(x._local, *args, **kw), x.shape, x.team, x.split, x._pb,
                              x._po)
            return local(x, *args, **kw)
        return f

    @functools.wraps(c.asarray)
    def asarray(obj, /, dtype=None, order=None, *, device=None, copy=None, team=_DEFAULT,
                split=_DEFAULT):
        c.check_order(order, "asarray")
        if isinstance(obj, DArray):
            return _asarray_dist(obj, dtype, device, copy, team, split)
        if split is _DEFAULT:
            split = 0
        a = c.asarray(obj, dtype=dtype, device=device, copy=copy)
        t, ax = _team_split(team, split, a.ndim)
        if t is None:
            return a
        return distribute(a, t, ax)

    out = {n: created(getattr(c, n))
           for n in ("zeros", "ones", "empty", "full", "arange", "linspace", "eye")}
    out.update({n: like(n) for n in ("zeros_like", "ones_like", "empty_like", "full_like")})
    out.update(asarray=asarray)
    return out

