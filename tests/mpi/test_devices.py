"""Distributed arrays on a GPU runtime device (issue "Devices"): under mpiexec each rank's
part lives on its own device (here the OpenCL CPU device scripts/setup.sh installs; every
rank opens it), kernels compute it there, and halos, reductions and moves go through the
device memory the host shares (OpenCL SVM, CUDA managed memory). Compared with NumPy on every
rank; every result must be on the device."""
import os

import numpy as np
import pytest

import ptensor as pt
from _helpers import check, dist


def _device():
    for d in pt.__array_namespace_info__().devices():
        if d.name.startswith("opencl:"):
            return d
    if os.environ.get("CI"):
        raise RuntimeError("no OpenCL device: scripts/setup.sh installs one")
    pytest.skip("no OpenCL device (scripts/setup.sh installs one)", allow_module_level=True)


DEV = _device()
X = np.linspace(-2, 3, 77).reshape(11, 7)
G = np.cos(np.arange(13 * 9.0)).reshape(13, 9)


def on_dev(x, want, team, split=True):
    """x (split over the team, unless `split` is False: replicated) on DEV, equal to want."""
    assert x.device == DEV, x.device
    if team.size > 1 and split:
        assert dist(x) and x._local.device == DEV
    check(x, want)


def test_creation_on_the_device(team):
    on_dev(pt.ones((10, 4), device=DEV, team=team), np.ones((10, 4)), team)
    on_dev(pt.arange(17.0, device=DEV, team=team), np.arange(17.0), team)
    on_dev(pt.linspace(0, 1, 13, device=DEV, team=team), np.linspace(0, 1, 13), team)
    on_dev(pt.full((9, 3), 2.5, device=DEV, team=team), np.full((9, 3), 2.5), team)
    on_dev(pt.asarray(X, device=DEV, team=team), X, team)
    on_dev(pt.zeros_like(pt.asarray(X, device=DEV, team=team)), np.zeros_like(X), team)


@pytest.mark.parametrize("split", [0, 1])
def test_elementwise_and_rows(team, split):
    x = pt.asarray(X, device=DEV, team=team, split=split)
    before = pt.cache_info()["gpu_launches"]
    on_dev(pt.exp(x) * 2 - x / 3, np.exp(X) * 2 - X / 3, team)
    on_dev(x + x[0], X + X[0], team)          # a row, moved from its owner
    on_dev(pt.where(x > 0, x, -x), np.abs(X), team)
    assert pt.cache_info()["gpu_launches"] > before


def test_stencil_halos(team):
    g = pt.asarray(G, device=DEV, team=team)
    s = g[1:-1, 1:-1] * -4 + g[:-2, 1:-1] + g[2:, 1:-1] + g[1:-1, :-2] + g[1:-1, 2:]
    on_dev(s, G[1:-1, 1:-1] * -4 + G[:-2, 1:-1] + G[2:, 1:-1] + G[1:-1, :-2] + G[1:-1, 2:], team)
    h = pt.asarray(G, device=DEV, team=team)
    h[1:-1, 1:-1] = (h[:-2, 1:-1] + h[2:, 1:-1]) * 0.5  # written in place, halos from neighbours
    want = G.copy()
    want[1:-1, 1:-1] = (G[:-2, 1:-1] + G[2:, 1:-1]) * 0.5
    on_dev(h, want, team)


def test_reductions(team):
    x = pt.asarray(X, device=DEV, team=team)
    check(pt.sum(x), np.sum(X))
    check(pt.max(x), np.max(X))
    on_dev(pt.mean(x, axis=0), np.mean(X, axis=0), team, split=False)  # (replicated)
    on_dev(pt.std(x, axis=1), np.std(X, axis=1), team)
    on_dev(x - pt.mean(x), X - np.mean(X), team)  # a reduction's result in a kernel


def test_moving_between_devices(team):
    x = pt.asarray(X, team=team)
    assert x.device == "cpu"
    y = x.to_device(DEV)
    on_dev(y * 2, X * 2, team)
    back = (y + 1).to_device("cpu")
    assert back.device == "cpu"
    check(back, X + 1)
    with pytest.raises(ValueError, match="different devices"):
        x + y
