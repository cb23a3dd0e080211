"""Placement (issue "House", item 2): one Device type, shared by local and distributed arrays;
the host CPU is the first device and the default (GPU runtime devices: test_gpu_devices.py)."""
import numpy as np
import pytest

import ptensor as pt
from ptensor._device import CPU, Device

from _helpers import assert_matches, on_a_device

if on_a_device():
    pytest.skip("the CPU as the default device (the suite runs with PTENSOR_DEVICE: "
                "test_gpu_devices.py covers a device default)", allow_module_level=True)


def test_device_object():
    info = pt.__array_namespace_info__()
    d = info.default_device()
    assert isinstance(d, Device) and d == CPU and d == "cpu" and "cpu" == d
    assert repr(d) == "Device('cpu')" and str(d) == "cpu"
    assert hash(d) == hash(Device("cpu")) and {d, Device("cpu")} == {d}
    assert info.devices()[0] == d and d != "cuda:0" and d != Device("cuda", 0)


def test_arrays_are_placed_on_the_default_device():
    a = np.arange(6.0).reshape(2, 3)
    for x in (pt.asarray(a.copy()), pt.ones((2, 3)), pt.asarray(a.copy()) + 1):
        assert x.device == CPU and x.size == 6
        assert x.to_device(CPU) is x and x.to_device("cpu") is x
        assert x.to_device(x.device) is x
    y = pt.asarray(a.copy(), device=CPU)
    assert_matches(y, a)
    assert pt.zeros((0, 4), device=pt.__array_namespace_info__().default_device()).size == 0


@pytest.mark.parametrize("bad", ["cuda", "gpu:0", Device("cuda", 0), 3])
def test_devices_that_do_not_exist(bad):
    x = pt.ones(3)
    for call in (lambda: x.to_device(bad), lambda: pt.ones(3, device=bad),
                 lambda: pt.asarray([1.0], device=bad)):
        with pytest.raises(ValueError, match="unsupported device"):
            call()


def test_core_devices_are_the_namespace_devices():
    # one list of devices: the C++ core's backends, as Python's Device objects, host first
    from ptensor import _core
    assert [str(d) for d in pt.__array_namespace_info__().devices()] == _core.devices()
    assert _core.devices()[0] == "cpu"


def test_core_record_checks_the_device_index():
    # a node without operands is placed by record()'s device (an index into _core.devices())
    from ptensor import _core
    code = pt.float64.code
    ok = _core.record("create", "", [], code, [3], [], [3], [2.5], device=0)
    np.testing.assert_array_equal(_core.to_numpy(ok), np.full(3, 2.5))
    n = len(_core.devices())
    with pytest.raises(ValueError, match=f"no device with index {n}"):
        _core.record("create", "", [], code, [3], [], [3], [2.5], device=n)
    # a node with operands is on their device; naming another one is refused
    y = _core.record("unary", "negative", [ok], code, [3], [], [], [], device=0)
    np.testing.assert_array_equal(_core.to_numpy(y), np.full(3, -2.5))


def test_core_device_entries_check_their_index():
    # _core.to_device and _core.set_default_device take an index into _core.devices()
    from ptensor import _core
    n = len(_core.devices())
    h = _core.from_numpy(np.arange(3.0), pt.float64.code)
    assert _core.to_device(h, 0) is h  # already there: no copy
    for bad in (-1, n):
        with pytest.raises(ValueError, match=f"no device with index {bad}"):
            _core.to_device(h, bad)
        with pytest.raises(ValueError, match=f"no device with index {bad}"):
            _core.set_default_device(bad)
    assert pt.__array_namespace_info__().default_device() == "cpu"
