"""Placement: where arrays live (issue "House", item 2; devices come with issue "Devices").

One Device type, the array API's device object, and the one implementation of `device`,
`to_device` and `size` that local and distributed arrays share (Placed). Today there is one
device, the host CPU; a device that does not exist raises ValueError. A Device equals its
name (`x.device == "cpu"`), as NumPy's string devices do.
"""
from __future__ import annotations

import math
from typing import TYPE_CHECKING

from . import _core


class Device:
    """A device (the array API's device object): its kind and index."""
    __slots__ = ("kind", "index")

    def __init__(self, kind: str, index: int = 0):
        self.kind, self.index = kind, index

    @property
    def name(self) -> str:
        return self.kind if self.kind == "cpu" else f"{self.kind}:{self.index}"

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Device):
            return (self.kind, self.index) == (other.kind, other.index)
        if isinstance(other, str):
            return other == self.name
        return NotImplemented

    def __hash__(self) -> int:
        return hash(self.name)

    def __repr__(self) -> str:
        return f"Device({self.name!r})"

    def __str__(self) -> str:
        return self.name


def _found():
    """The devices of this build, in the C++ core's order (a device's position is its index
    in _core.record's `device`): the backends' names (src/Backend.h), the host CPU first."""
    out = []
    for name in _core.devices():
        kind, _, index = name.partition(":")
        out.append(Device(kind, int(index) if index else 0))
    return tuple(out)


DEVICES = _found()  # today the host CPU only (issue "Devices")
CPU = DEVICES[0]


def default_device() -> Device:
    return CPU


def as_device(device: object) -> Device:
    """A device argument (None: the default device; a Device; or its name) as a Device;
    ValueError for a device that does not exist."""
    if device is None:
        return default_device()
    for d in DEVICES:
        if d == device:
            return d
    names = ", ".join(repr(d.name) for d in DEVICES)
    raise ValueError(f"device: unsupported device {device!r} (this build supports {names})")


if TYPE_CHECKING:
    from typing import TypeVar

    _P = TypeVar("_P", bound="Placed")


class Placed:
    """device, to_device and size of an array (local or distributed): its `shape` and, once
    there is more than one device, its `_device`."""
    __slots__ = ()

    if TYPE_CHECKING:  # (the arrays' own)
        @property
        def shape(self) -> tuple[int, ...]: ...

    @property
    def device(self) -> Device:
        return CPU

    def to_device(self: _P, device: Device | str, /, *, stream: object = None) -> _P:
        """The array on `device`: itself when it is there already (no copy, as the standard
        allows); the one device today is the host CPU."""
        as_device(device)
        return self

    @property
    def size(self) -> int:
        return math.prod(self.shape)
