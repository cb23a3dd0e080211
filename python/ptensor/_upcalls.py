"""Calls up the layers: the one mechanism.

ptensor's modules import downward only: data types (_dtypes, _device) -> recording helpers
(_ops, _indexing) -> the array object (_array) -> the category modules -> the distributed
layer (_dist*, spmd) -> the namespace (__init__). docs/architecture.md draws the layers;
tests/python/test_import_graph.py holds their table and fails on an import circle or an
import that goes up. A few calls must go up at run time all the same: the recording helpers
make Arrays, Array's indexing calls category functions (take, asarray, ...), DArray's
indexing and reading of moved views call the distributed layer's, and distributed
implementations call the namespace's (dispatching) functions on distributed arrays.

Every such call goes through a table made here: the lower module declares its `Slots` (each
slot named and described where it is used), and the namespace (ptensor/__init__.py, its
block "up-calls") provides them all, once, at import, before any array exists. Distributed
modules call the namespace through `namespace` (``pt = _upcalls.namespace``: ``pt.sum``).
Python operators (Array.__add__, DArray.__add__, ...) are methods the namespace installs on
the classes from the same block (_operators.install, _dist_dispatch.install_operators).
A slot used before it is provided raises RuntimeError naming it.
"""
from __future__ import annotations


class Slots:
    """The functions (or objects) of higher layers that one lower module calls: declared
    there as ``up = Slots("module", name="what it is", ...)``, provided by the namespace with
    ``up.provide(name=value, ...)``, called as ``up.name(...)`` (a plain attribute once
    provided: no cost beyond an attribute lookup)."""

    def __init__(self, owner, **described):
        object.__setattr__(self, "_owner", owner)
        object.__setattr__(self, "_described", described)

    def provide(self, **values):
        for name, value in values.items():
            if name not in self._described:
                raise AttributeError(f"{self._owner} declares no up-call {name!r}")
            object.__setattr__(self, name, value)

    def missing(self):
        """The declared slots not provided yet."""
        return [n for n in self._described if n not in self.__dict__]

    def __setattr__(self, name, value):
        raise AttributeError("up-calls are set with provide()")

    def __getattr__(self, name):  # (only reached for names not provided)
        described = self.__dict__.get("_described", {})
        if name in described:
            raise RuntimeError(f"ptensor: {self._owner}'s up-call {name!r} "
                               f"({described[name]}) is not provided yet "
                               "(ptensor/__init__.py provides them at import)")
        raise AttributeError(name)


class _Namespace:
    """The ptensor namespace, for the distributed layer's calls of its functions."""
    __slots__ = ("_module",)

    def provide(self, module):
        object.__setattr__(self, "_module", module)

    def module(self):
        """The namespace module itself (``__array_namespace__``)."""
        try:
            return object.__getattribute__(self, "_module")
        except AttributeError:
            raise RuntimeError("ptensor: the namespace is not provided yet") from None

    def for_version(self, api_version):
        """``x.__array_namespace__(api_version=...)``: the namespace, which implements the
        array API versions below; ValueError for any other."""
        if api_version is not None and api_version not in API_VERSIONS:
            raise ValueError(f"__array_namespace__: unsupported api_version {api_version!r} "
                             f"(ptensor implements {', '.join(API_VERSIONS)})")
        return self.module()

    def missing(self):
        try:
            object.__getattribute__(self, "_module")
            return []
        except AttributeError:
            return ["ptensor"]

    def __getattr__(self, name):
        return getattr(self.module(), name)


API_VERSIONS = ("2021.12", "2022.12", "2023.12", "2024.12", "2025.12")
namespace = _Namespace()
