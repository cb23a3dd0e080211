"""The replicated fallback of distributed arrays: a function without a distributed
implementation gets its distributed arguments gathered (every rank the whole array), every
rank computes the same result and array results are split again (correct, O(N) memory and
communication). Also the team check of operands and the gathering of one operand."""
from __future__ import annotations

from ._array import Local
from ._dist import DArray, distribute


def _check_team(team, x):
    if x.team is not team and x.team != team:
        raise ValueError(f"operands are on different teams ({team} and {x.team}); move one "
                         "with pt.spmd.gather / from_locals first")


def _replicated_local(v, team):
    """A non-distributed operand as a local array (DArrays of another layout are gathered)."""
    if isinstance(v, DArray):
        _check_team(team, v)
        return v._replicated()
    return v



def _first_team(args, kwargs):
    for v in list(args) + list(kwargs.values()):
        if isinstance(v, DArray):
            return v.team
        if isinstance(v, (list, tuple)):
            for w in v:
                if isinstance(w, DArray):
                    return w.team
    return None


def _gathered(v, team):
    if isinstance(v, DArray):
        return _replicated_local(v, team)
    if isinstance(v, (list, tuple)) and any(isinstance(w, DArray) for w in v):
        return type(v)(_gathered(w, team) for w in v)
    return v


def _split_result(r, team):
    if isinstance(r, Local) and r.ndim > 0:
        return distribute(r, team)
    if isinstance(r, tuple):
        return type(r)(*(_split_result(v, team) for v in r)) if hasattr(r, "_fields") else \
            tuple(_split_result(v, team) for v in r)
    if isinstance(r, list):
        return [_split_result(v, team) for v in r]
    return r


def replicated(fn, args, kwargs):
    """fn on gathered copies of the distributed arguments; array results split again."""
    team = _first_team(args, kwargs)
    a = [_gathered(v, team) for v in args]
    kw = {n: _gathered(v, team) for n, v in kwargs.items()}
    r = fn(*a, **kw)
    # no distributed argument left (a caller gathered them): the result stays replicated
    return r if team is None else _split_result(r, team)

