"""The registry of distributed implementations.

A namespace function called with a distributed argument runs the implementation registered
for its name, ``impl(name, fn, *args, **kwargs)`` (``fn``: the local function, which the
implementation applies to each rank's part). Every implementation registers where it is
written, with ``@distributed("name", ...)``. Two entries are not registered by name:
elementwise functions (``ELEMENTWISE``: the namespace's elementwise set, one implementation
that aligns the operands' partitions) and, for every other name, the replicated fallback
(``REPLICATED``: the distributed arguments are gathered, every rank computes the same
result, array results are split again; correct, O(N) memory and communication).
``_dist_dispatch.dispatching`` looks them up once per function, at import.
"""
from __future__ import annotations

from typing import Any

IMPLEMENTATIONS: dict[str, Any] = {}  # name -> impl(name, fn, *args, **kwargs)


def distributed(*names):
    """Registers the decorated function as the distributed implementation of `names`."""
    def register(impl):
        for name in names:
            if name in IMPLEMENTATIONS:
                raise RuntimeError(f"ptensor: two distributed implementations of {name}")
            IMPLEMENTATIONS[name] = impl
        return impl
    return register


def lookup(name, elementwise_names, elementwise, replicated):
    """The implementation of `name`: registered, elementwise, or the replicated fallback."""
    impl = IMPLEMENTATIONS.get(name)
    if impl is not None:
        return impl
    return elementwise if name in elementwise_names else replicated
