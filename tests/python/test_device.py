"""Placement (issue "House", item 2): one Device type, shared by local and distributed arrays;
only the host CPU exists until the Devices issue."""
import numpy as np
import pytest

import ptensor as pt
from ptensor._device import CPU, Device

from _helpers import assert_matches


def test_device_object():
    info = pt.__array_namespace_info__()
    d = info.default_device()
    assert isinstance(d, Device) and d == CPU and d == "cpu" and "cpu" == d
    assert repr(d) == "Device('cpu')" and str(d) == "cpu"
    assert hash(d) == hash(Device("cpu")) and {d, Device("cpu")} == {d}
    assert info.devices() == [d] and d != "cuda:0" and d != Device("cuda", 0)


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
