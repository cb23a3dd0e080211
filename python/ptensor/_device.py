"""Placement: where arrays live.

One Device type, the array API's device object, and the one implementation of `device`,
`to_device` and `size` that local and distributed arrays share (Placed). The devices are the
host CPU ("cpu") and those the GPU runtime finds at import ("opencl:cpu:0", ...: see
docs/devices.md); a device that does not exist raises ValueError. A Device equals its name
(`x.device == "cpu"`), as NumPy's string devices do.
"""
from __future__ import annotations

import importlib.util
import math
import os
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


CPU = Device("cpu")
_found: tuple[Device, ...] = ()


def devices() -> tuple[Device, ...]:
    """The devices, in the C++ core's order (a device's position is its index in
    _core.record's `device`): the backends' names (src/Backend.h), the host CPU first. The
    GPU runtime looks for devices the first time this is asked (its drivers take a fifth of
    a second and 100 MB to load: `import ptensor` does not pay that)."""
    global _found
    if not _found:
        _find_libdevice()
        out = []
        for name in _core.devices():
            kind, _, index = name.rpartition(":")
            out.append(Device(kind, int(index)) if index.isdigit() and kind else Device(name))
        _found = tuple(out)
    return _found


_default: Device = CPU


def _find_libdevice() -> None:
    """CUDA kernels link libdevice (their math functions): unless PTENSOR_LIBDEVICE names one
    or a CUDA toolkit is found (GpuToRuntime.cpp), the one of PyPI's nvidia-cuda-nvcc-cu12
    where that is installed."""
    if os.environ.get("PTENSOR_LIBDEVICE"):
        return
    try:
        spec = importlib.util.find_spec("nvidia.cuda_nvcc")
    except (ImportError, ValueError):
        return
    for root in (spec.submodule_search_locations or []) if spec else []:
        path = os.path.join(root, "nvvm", "libdevice", "libdevice.10.bc")
        if os.path.isfile(path):
            os.environ["PTENSOR_LIBDEVICE"] = path
            return


def default_device() -> Device:
    """The device new arrays get when a creation function is not told one (the CPU, unless
    set_default_device or PTENSOR_DEVICE says otherwise)."""
    return _default


def set_default_device(device: object) -> None:
    """Set the device of new arrays for the whole process; returns None.

    Creation functions and ``asarray`` called without ``device=`` put their arrays on
    ``device`` from then on. The devices are the host CPU (``"cpu"``) and those the GPU runtime
    finds (``pt.__array_namespace_info__().devices()`` lists them; see docs/devices.md). The
    environment variable ``PTENSOR_DEVICE`` sets the same at import (for scripts and test
    runs).

    Parameters
    ----------
    device : Device, str or None
        A device or its name; None: the CPU.

    Raises
    ------
    ValueError
        A device that does not exist (the message lists the devices found and why a GPU
        runtime is missing).

    See Also
    --------
    Array.to_device : Copy an array to a device.

    Examples
    --------
    >>> pt.set_default_device("cpu")
    >>> pt.ones(3).device
    Device('cpu')
    >>> pt.set_default_device(None)
    """
    global _default
    d = CPU if device is None else as_device(device)
    _core.set_default_device(index_of(d))
    _default = d


def index_of(device: object) -> int:
    """The C++ core's index of a device argument; -1 for None (the default device, or the
    device of the arrays a computation from no data is used with: src/Module.cpp)."""
    if device is None:
        return -1
    if device == CPU:
        return 0
    return devices().index(as_device(device))


def as_device(device: object) -> Device:
    """A device argument (None: the default device; a Device; or its name) as a Device;
    ValueError for a device that does not exist."""
    if device is None:
        return default_device()
    if device == CPU:
        return CPU
    for d in devices():
        if d == device:
            return d
    names = ", ".join(repr(d.name) for d in devices())
    notes = "".join(f"; {line}" for line in _core.device_notes().splitlines())
    raise ValueError(f"device: unsupported device {device!r} (found: {names}){notes}")


if TYPE_CHECKING:
    from typing import TypeVar

    _P = TypeVar("_P", bound="Placed")


# DLPack's device types (dlpack.h): the memory of each kind of device as a consumer sees it.
# Device memory here is shared with the host (OpenCL SVM, CUDA managed memory, Level Zero
# shared USM). OpenCL's SVM pointers are host pointers (kDLOpenCL would promise a cl_mem
# handle): kDLCPU; a CUDA allocation is a device pointer on its GPU (kDLCUDA: CuPy and PyTorch
# take it without a copy); a Level Zero one a USM pointer (kDLOneAPI, as SYCL's consumers).
DLPACK_CPU, DLPACK_CUDA, DLPACK_ONEAPI = 1, 2, 14


def dlpack_device(d: Device) -> tuple[int, int]:
    """(DLPack device type, device id) of arrays on d."""
    if d.kind == "cuda":
        return (DLPACK_CUDA, d.index)
    if d.kind.startswith("level_zero"):
        return (DLPACK_ONEAPI, d.index)
    return (DLPACK_CPU, 0)  # (the host, OpenCL devices)


class Placed:
    """device, to_device and size of an array (local or distributed): its `shape` and, once
    there is more than one device, its `_device`."""
    __slots__ = ()

    if TYPE_CHECKING:  # (the arrays' own)
        @property
        def shape(self) -> tuple[int, ...]: ...

    @property
    def device(self) -> Device:
        """The device the array's values live on (``Device('cpu')`` for host arrays).

        Operations on arrays of one device run there; operands of different devices raise
        ValueError (the array API: no implicit transfers). :meth:`to_device` copies.

        Examples
        --------
        >>> pt.zeros(3).device
        Device('cpu')
        """
        h = getattr(self, "_h", None)  # a local array's tensor (distributed: _dist.DArray's)
        if h is None:  # a view not computed yet: its base's
            base = getattr(self, "_base", None)
            return CPU if base is None else base.device
        i = h.device
        return CPU if i == 0 else devices()[i]

    def to_device(self: _P, device: Device | str, /, *, stream: object = None) -> _P:
        """The array on ``device``: itself when it is there already (no copy, as the
        standard allows), else a copy there.

        Parameters
        ----------
        device : Device or str
            A device of ``pt.__array_namespace_info__().devices()`` or its name
            (``"cpu"``, ``"opencl:cpu:0"``, ``"cuda:0"``, ...).
        stream : None
            Accepted for the array API; ptensor orders its device work itself.

        Returns
        -------
        Array
            The same values on ``device``.

        Examples
        --------
        >>> x = pt.asarray([1.0, 2.0])
        >>> x.to_device("cpu") is x
        True
        """
        d = as_device(device)
        if d == self.device:
            return self
        return type(self)._new(_core.to_device(self._t, devices().index(d)),  # type: ignore
                               self.dtype)  # type: ignore[attr-defined]

    @property
    def size(self) -> int:
        """The number of elements: the product of :attr:`shape` (1 for a 0-d array).

        Examples
        --------
        >>> pt.zeros((2, 3)).size
        6
        """
        return math.prod(self.shape)
