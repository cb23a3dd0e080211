"""Arrays on GPU runtime devices (issue "Devices", docs/devices.md): the OpenCL device that
scripts/setup.sh installs (Intel's CPU OpenCL runtime from PyPI) runs the same SPIR-V kernels a
GPU would, through the real driver API. Every result is compared with NumPy, and each test
checks that kernels ran (cache_info()["gpu_launches"]) and where the result lives."""
import glob
import os
import shutil
import subprocess
import sys

import numpy as np
import pytest

import ptensor as pt
from conftest import TEAM

from _helpers import assert_matches, on_a_device


def _device_under_test():
    """PTENSOR_TEST_DEVICE (cuda:0 on a GPU machine: scripts/device_check.sh), else the first
    OpenCL device."""
    want = os.environ.get("PTENSOR_TEST_DEVICE")
    for d in pt.__array_namespace_info__().devices():
        if d == want if want else d.name.startswith("opencl:"):
            return d
    if want:
        raise RuntimeError(f"PTENSOR_TEST_DEVICE={want}: no such device ({pt._core.device_notes()})")
    return None


# (under mpiexec, scripts/test.sh, every array here is distributed: each rank's part lives on
# its own device, and the same comparisons hold)
DEV = _device_under_test()
if DEV is None:
    if os.environ.get("CI"):  # CI installs one: a missing device is a broken set-up
        raise RuntimeError("no OpenCL device: scripts/setup.sh installs Intel's CPU OpenCL "
                           "runtime (intel-opencl-rt) and its ICD file")
    pytest.skip("no OpenCL device (scripts/setup.sh installs one)", allow_module_level=True)

rng = np.random.default_rng(7)
A = rng.standard_normal((37, 23))
B = rng.standard_normal((37, 23))
I32 = rng.integers(-50, 50, (37, 23)).astype(np.int32)


def launches():
    return pt.cache_info()["gpu_launches"]


def gpu_layouts():
    """Whether DEV's kernels take the GPU layouts (a GPU, or PTENSOR_KERNEL_LAYOUT=gpu)."""
    return not DEV.name.startswith("opencl:cpu") or os.environ.get("PTENSOR_KERNEL_LAYOUT") == "gpu"


def on_device(fn, *arrays, rtol=1e-13, atol=None, signed_zeros=True):
    """fn of the arrays on DEV (as ptensor arrays) against fn of them in NumPy: the values,
    the result's device, and that at least one kernel ran."""
    want = fn(np, *arrays)
    before = launches()
    got = fn(pt, *(pt.asarray(a, device=DEV) for a in arrays))
    assert got.device == DEV
    assert_matches(got, want, rtol=rtol, atol=atol, signed_zeros=signed_zeros)
    assert launches() > before, "no kernel ran on the device"
    return got


def test_the_device_is_listed_and_not_the_default():
    if on_a_device():
        pytest.skip("the suite runs with a default device (PTENSOR_DEVICE)")
    info = pt.__array_namespace_info__()
    assert DEV in info.devices() and info.default_device() == "cpu"
    assert str(DEV).startswith("opencl:") and DEV == DEV.name
    assert pt.ones(3).device == "cpu"


@pytest.mark.parametrize("case", [
    lambda m, a, b: m.sin(a) * 2.0 + a,
    lambda m, a, b: a + b,
    lambda m, a, b: 3.0 - a / (1.5 + m.abs(b)),
    lambda m, a, b: m.where(a > b, a, b * 2),
    lambda m, a, b: m.exp(a) - m.log(m.abs(b) + 1),
    lambda m, a, b: a + b[0],               # broadcasting
    lambda m, a, b: a[1:, ::2] * b[:-1, ::-2],  # strided views
    lambda m, a, b: m.reshape(a, (23, 37)) * 2.0,
    lambda m, a, b: m.concat([a, b], axis=1),
])
def test_float64_elementwise(case):
    # exp and log on the device may differ from NumPy's by an ulp (OpenCL allows 3 in double;
    # Intel's CPU runtime without AVX-512 differs in places): where they cancel (exp(a) close
    # to log(|b| + 1)) the difference's relative error is unbounded, so a few ulps of the
    # terms (|terms| < 30 here) are allowed as an absolute error
    on_device(case, A, B, atol=3e-14)


def test_float32_and_integer_dtypes():
    on_device(lambda m, a: m.exp(a), A.astype(np.float32), rtol=1e-6)
    on_device(lambda m, a: a * 3 + 1, I32)
    on_device(lambda m, a: a // 7 - a % 5, I32.astype(np.int64))
    on_device(lambda m, a: a + 200, I32.astype(np.uint8))
    on_device(lambda m, a, b: m.logical_and(a > 0, b > 0), A, B)
    on_device(lambda m, a: m.astype(a, m.float32), A, rtol=1e-7)


@pytest.mark.parametrize("name", ["atan2", "atan", "tan", "sinh", "cosh", "asin", "acos",
                                  "asinh", "acosh", "atanh", "log2", "log10", "trunc"])
def test_math_functions_the_spirv_conversion_lacks(name):
    # OpenCL.std instructions or identities in the kernels (GpuToRuntime.cpp, prepareKernel)
    x = np.linspace(-0.95, 0.95, 41)
    if name in ("acosh",):
        x = 1 + np.abs(x) * 3
    if name in ("log2", "log10"):
        x = np.abs(x) * 100 + 1e-3
    npname = {"atan2": "arctan2", "atan": "arctan", "asin": "arcsin", "acos": "arccos",
              "asinh": "arcsinh", "acosh": "arccosh", "atanh": "arctanh"}.get(name, name)
    if name == "atan2":
        on_device(lambda m, a, b: getattr(m, name if m is pt else npname)(a, b), x, x[::-1])
    else:
        on_device(lambda m, a: getattr(m, name if m is pt else npname)(a), x, rtol=4e-16)


def test_integer_powers_and_a_middle_axis_reduction():
    on_device(lambda m, a: a ** 3 + a ** 2, I32.astype(np.int64))
    x = rng.standard_normal((5, 6, 7))
    on_device(lambda m, a: m.sum(a, axis=1), x, rtol=1e-13)  # a parallel loop in a sequential one


def test_reductions_and_matmul():
    on_device(lambda m, a: m.sum(a, axis=0), A)
    on_device(lambda m, a: m.max(a, axis=1), A)
    on_device(lambda m, a: m.std(a, axis=0), A, rtol=1e-12)
    on_device(lambda m, a, b: a @ b.T, A, B, rtol=1e-12)


@pytest.mark.parametrize("dtype", ["int64", "float64"])
def test_matmul_read_through_a_reshape(dtype):
    """A matmul's result read back through a reshape in the same program (einsum("i,i")):
    the host copy waits for the kernels launched inside the reduction's branch (it read the
    result before they ran: 0 instead of 11)."""
    a, b = np.array([1, 2], dtype), np.array([3, 4], dtype)
    on_device(lambda m, x, y: m.reshape(m.reshape(x, (1, 2)) @ m.reshape(y, (2, 1)), ()), a, b)
    on_device(lambda m, x, y: m.reshape(m.reshape(x, (1, -1)) @ m.reshape(y, (-1, 1)), ()),
              A[0], B[0], rtol=1e-12)


def test_creation_on_the_device():
    before = launches()
    for x, want in ((pt.ones((5, 3), device=DEV), np.ones((5, 3))),
                    (pt.full((4,), 2.5, device=DEV), np.full(4, 2.5)),
                    (pt.arange(10, device=DEV) * 2, np.arange(10) * 2),
                    (pt.linspace(0, 1, 7, device=DEV), np.linspace(0, 1, 7)),
                    (pt.eye(3, 4, k=1, device=DEV), np.eye(3, 4, k=1))):
        assert x.device == DEV
        assert_matches(x, want)
    assert launches() > before
    x = pt.asarray(A, device=DEV)
    for like in (pt.zeros_like(x), pt.ones_like(x), pt.full_like(x, 3.0), pt.empty_like(x)):
        assert like.device == DEV and like.shape == A.shape
    assert pt.zeros_like(x, device="cpu").device == "cpu"


@pytest.mark.parametrize("scalar", [np.float64(2.5), np.float32(2.5), np.int64(3), np.int8(-3),
                                    np.bool_(True), np.complex64(1 - 2j)])
def test_numpy_scalars_go_where_the_array_is(scalar):
    # a NumPy scalar is a value, like a Python scalar (x / np.sqrt(n) on a device; CuPy and
    # PyTorch take it), keeping its dtype in promotion (NumPy 2); NumPy arrays stay host data
    a = np.linspace(-2, 2, 5, dtype=np.float32)
    x = pt.asarray(a, device=DEV)
    for f in (lambda m, v: v * scalar, lambda m, v: scalar - v, lambda m, v: m.add(v, scalar)):
        got, want = f(pt, x), f(np, a)
        assert got.device == DEV
        assert_matches(got, want, rtol=1e-6)
    if not isinstance(scalar, np.complexfloating):
        for f in (lambda m, v: v < scalar, lambda m, v: m.maximum(v, scalar),
                  lambda m, v: m.where(v > 0, v, scalar)):
            got, want = f(pt, x), f(np, a)
            assert got.device == DEV
            assert_matches(got, want)
        got = pt.clip(x, scalar, None)
        assert got.device == DEV
        assert_matches(got, np.maximum(a, np.float32(scalar)))
        s = pt.searchsorted(x, scalar)
        assert s.device == DEV and int(s) == int(np.searchsorted(a, scalar))
        assert_matches(pt.isin(x, scalar), np.isin(a, scalar))
    if pt.__array_namespace_info__().default_device() != DEV:  # (else NumPy data goes to DEV)
        with pytest.raises(ValueError, match="different devices"):
            x + np.ones(5, np.float32)  # (a host array: no silent copy)


def test_dlpack_exports_device_memory():
    # DLPack names the memory's device: a CPU device's shared memory is host memory (NumPy
    # takes it without a copy), a CUDA array is a device pointer on its GPU (CuPy takes it
    # without a copy: checked where a GPU and CuPy are, scripts/device_check.sh)
    a = rng.standard_normal((30, 20))
    x = pt.asarray(a, device=DEV) * 3.0
    kind, index = x.__dlpack_device__()
    if DEV.name.startswith("opencl:cpu"):
        assert (kind, index) == (1, 0)
        n = np.from_dlpack(x)
        if TEAM is None:  # (a distributed array exports its gathered values)
            assert n.__array_interface__["data"][0] == \
                x.to_numpy(copy=False).__array_interface__["data"][0]
        np.testing.assert_array_equal(n, a * 3.0)
    elif DEV.name.startswith("cuda"):
        assert (kind, index) == (2, DEV.index)
        cupy = pytest.importorskip("cupy")
        c = cupy.from_dlpack(x)
        assert c.data.ptr == x.to_numpy(copy=False).__array_interface__["data"][0]
        np.testing.assert_array_equal(cupy.asnumpy(c), a * 3.0)
    # device memory is shared with the host: exported as host memory on request
    np.testing.assert_array_equal(np.from_dlpack(x, device="cpu"), a * 3.0)


def test_moving_between_devices():
    x = pt.asarray(A, device="cpu")
    y = x.to_device(DEV)
    assert y.device == DEV and x.device == "cpu" and y.to_device(DEV) is y
    z = (y * 2).to_device("cpu")
    assert z.device == "cpu"
    assert_matches(z + 1, A * 2 + 1)
    assert_matches(pt.asarray(A[::2, ::-3], device=DEV), A[::2, ::-3])  # strided source


def test_operands_on_different_devices_are_refused():
    x, y = pt.asarray(np.ones(3), device="cpu"), pt.ones(3, device=DEV)
    names = f"cpu, {DEV}|{DEV}, cpu"
    with pytest.raises(ValueError, match=f"different devices \\(({names})\\)"):
        x + y
    with pytest.raises(ValueError, match=f"different devices \\(({names})\\)"):
        y + x * 2  # a computation on data is data: not recomputed elsewhere
    with pytest.raises(ValueError, match="different devices"):
        pt.where(y > 0, x, y)
    # Python scalars (and pending fills: no data moves) are made where the array is
    assert_matches(2 * y + 1, np.full(3, 3.0))
    assert_matches(pt.zeros(3, device=None) + y, np.ones(3))
    # and so are index computations from no data (arange, linspace, fills and what
    # elementwise functions and where make of them), recomputed on the array's device
    idx = pt.arange(3) * 2 + 1
    r = y + idx
    assert r.device == DEV and idx.device == pt.zeros(1).device  # (the default device)
    assert_matches(r, np.arange(3) * 2 + 2.0)
    w = pt.where(pt.arange(3) > 0, pt.sin(pt.linspace(0, 1, 3)), -1.0)
    assert_matches(y * w, np.where(np.arange(3) > 0, np.sin(np.linspace(0, 1, 3)), -1.0))
    assert_matches(idx, np.arange(3) * 2 + 1)  # still computed where it was made


def test_writes_into_device_arrays():
    x = pt.asarray(A, device=DEV)
    x[1:3] = 7.0
    x[:, 0] += 1.0
    x[5] = B[5]  # NumPy data is copied to the device
    x[2:9:3, ::-4] *= 2
    want = A.copy()
    want[1:3] = 7.0
    want[:, 0] += 1.0
    want[5] = B[5]
    want[2:9:3, ::-4] *= 2
    assert_matches(x, want)
    assert x.device == DEV


def test_boolean_masks_and_searchsorted():
    # searchsorted's binary search (an scf.while, i64 bounds) runs in the kernels
    on_device(lambda m, a: a[a > 0.5], A)
    on_device(lambda m, a, v: m.searchsorted(a, v), np.sort(A[0]), A[1])
    x = pt.asarray(A, device=DEV)
    x[x > 1.5] = 0.0
    want = A.copy()
    want[want > 1.5] = 0.0
    assert_matches(x, want)


def test_a_process_wide_default_device():
    earlier = pt.__array_namespace_info__().default_device()  # (PTENSOR_DEVICE's in a run)
    try:
        pt.set_default_device(DEV)
        assert pt.__array_namespace_info__().default_device() == DEV
        before = launches()
        x = pt.asarray(A)  # NumPy data goes to the default device
        y = pt.ones(A.shape) * 2 + x
        assert x.device == DEV and y.device == DEV
        assert_matches(y, A + 2)
        assert launches() > before
        h = pt.asarray(A, device="cpu")  # an explicit device still wins
        assert h.device == "cpu" and (h + 1).device == "cpu"
        pt.set_default_device(None)
        assert pt.ones(2).device == "cpu"
    finally:
        pt.set_default_device(earlier)
    with pytest.raises(ValueError, match="unsupported device"):
        pt.set_default_device("cuda:7")
    # the environment variable, for whole scripts and test runs
    code = "import ptensor as pt; x = pt.arange(5) * 2; print(x.device, pt.to_numpy(x).tolist())"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         env=dict(os.environ, PTENSOR_DEVICE=DEV.name), timeout=300, check=True)
    assert out.stdout.split() == [DEV.name, "[0,", "2,", "4,", "6,", "8]"]


def test_kernels_are_valid_opencl_spirv(tmp_path):
    # every kernel of a program that uses several dtypes and views passes spirv-val
    if not DEV.name.startswith("opencl:"):
        pytest.skip("SPIR-V is the OpenCL devices' binary (test_cuda_ptx.py checks PTX)")
    validator = shutil.which("spirv-val")
    if validator is None:
        if os.environ.get("CI"):
            raise RuntimeError("spirv-val missing: scripts/setup.sh installs spirv-tools")
        pytest.skip("spirv-val (Debian spirv-tools) is not installed")
    code = f"""
import numpy as np, ptensor as pt
x = pt.asarray(np.arange(24.0).reshape(4, 6), device={DEV.name!r})
i = pt.asarray(np.arange(24, dtype=np.int32).reshape(4, 6), device={DEV.name!r})
r = pt.sin(x[::2, 1:]) * 2 + pt.astype(i[::2, 1:] // 3, pt.float64)
b = pt.astype(x > 3, pt.float32) + pt.sum(x, axis=1)[:, None]
c = pt.acos(pt.astype(x, pt.complex64) * 1j) ** 2.5 + pt.exp(x * (1 - 2j))
w = x * (1 - 2j)  # (the special-value selects of every complex libm function's formula)
d = pt.sin(w) + pt.cos(w) + pt.tan(w) + pt.tanh(w) + pt.asin(w) + pt.asinh(w) + pt.atan(w)
np.asarray(r), np.asarray(b), np.asarray(c), np.asarray(d)
"""
    env = dict(os.environ, PTENSOR_DUMP_KERNELS=str(tmp_path), PTENSOR_CACHE_DIR=str(tmp_path))
    subprocess.run([sys.executable, "-c", code], check=True, env=env, timeout=300)
    binaries = glob.glob(str(tmp_path / "*.spv"))
    assert binaries
    for f in binaries:
        out = subprocess.run([validator, "--target-env", "opencl2.0", f], capture_output=True,
                             text=True)
        assert out.returncode == 0, (f, out.stdout + out.stderr)


C = A + 1j * B
D = B - 0.5j * A
COMPLEX_FUNCTIONS = ["exp", "log", "sqrt", "sin", "cos", "tan", "sinh", "cosh", "tanh", "asin",
                     "acos", "atan", "asinh", "acosh", "atanh", "log2", "log10", "log1p",
                     "expm1", "abs", "sign", "square", "reciprocal", "conj", "real", "imag"]


@pytest.mark.parametrize("dtype,rtol,atol", [(np.complex128, 1e-12, 1e-14),
                                             (np.complex64, 1e-5, 1e-6)])
@pytest.mark.parametrize("name", COMPLEX_FUNCTIONS)
def test_complex_functions(name, dtype, rtol, atol):
    # devices have no libm: the C99 functions NumPy calls are formulas in the kernels
    # (KernelComplex.cpp), finite values within the host tests' tolerances; values on and
    # around the branch cuts (signed zeros) included
    z = np.concatenate([(C / 3).ravel(), [2 + 0j, 2 - 0j, -2 + 0j, -2 - 0j, 0.5j, -0.5j,
                                          1j * 0.0, -0.0 + 0j, 1.5 + 0.25j]]).astype(dtype)
    if name == "reciprocal":  # 1/0: C99 infinities as on the host (docs/deviations.md)
        z = z[z != 0]
    npname = {"asin": "arcsin", "acos": "arccos", "atan": "arctan", "asinh": "arcsinh",
              "acosh": "arccosh", "atanh": "arctanh"}.get(name, name)
    on_device(lambda m, a: getattr(m, name if m is pt else npname)(a), z, rtol=rtol, atol=atol,
              signed_zeros=name in ("conj", "real", "imag"))  # (as test_complex.py checks)


@pytest.mark.parametrize("case", [
    lambda m, a, b: a * b - a / (b + 2j) + a ** 2.5,     # Smith's division, pow
    lambda m, a, b: a ** 3 + a ** -2,                    # whole powers: NumPy's bits
    lambda m, a, b: a[1:, ::2] * (1 - 2j) + b[:-1, ::-2],  # strided complex views
    lambda m, a, b: a - m.mean(a),                       # a complex scalar into a kernel
    lambda m, a, b: m.where(m.abs(a) > 1, a, b),
    lambda m, a, b: m.astype(a, m.complex64) * 2,
    lambda m, a, b: m.real(a) + m.imag(b) * 1j,
    lambda m, a, b: m.sum(a, axis=0),
    lambda m, a, b: a @ b.T,
])
def test_complex_arithmetic(case):
    on_device(case, C, D, rtol=1e-12, atol=1e-13)


def test_complex_fft_on_the_device():
    x = pt.asarray(C, device=DEV)
    got = pt.fft.fft(x * 2, axis=1)
    assert got.device == DEV
    assert_matches(got, np.fft.fft(C * 2, axis=1), rtol=1e-12, atol=1e-12)


def test_device_buffers_are_pooled():
    # a loop that makes a new array each step reuses the freed buffers of earlier steps
    # (runtime/gpu/Gpu.cpp, Pool): the drivers allocate nothing after the first steps
    x, want = pt.asarray(A, device=DEV), A.copy()
    for _ in range(2):
        x, want = x * 0.5 + 1, want * 0.5 + 1
        np.asarray(x)
    before = pt.cache_info()["gpu_allocations"]
    for _ in range(6):
        x, want = x * 0.5 + 1, want * 0.5 + 1
        np.asarray(x)
    assert pt.cache_info()["gpu_allocations"] == before
    assert_matches(x, want)


def host_work():
    info = pt.cache_info()
    return info["gpu_host_loops"], info["gpu_host_calls"]


def test_host_work_of_device_programs_is_counted():
    # what a device program runs on the host over device memory is counted each time it runs
    # (docs/devices_overview.md): loop nests the kernels did not take, library calls
    x = pt.asarray(A, device=DEV)
    before = host_work()
    assert_matches(x * 2 + 1, A * 2 + 1)  # kernels only
    assert host_work() == before
    for _ in range(2):  # the second run is a cached program: counted again
        loops = host_work()[0]
        assert_matches(pt.sum(x), np.sum(A), rtol=1e-12)  # the fold of the partial sums
        if gpu_layouts():  # (folded by kernels: no host loop)
            assert host_work()[0] == loops
        else:
            assert host_work()[0] > loops
    calls = host_work()[1]
    assert_matches(pt.sort(x, axis=1), np.sort(A, axis=1))  # a library call
    assert host_work()[1] > calls
    assert pt.cache_info()["gpu_host_calls"] == host_work()[1]


def test_launches_queue_and_the_host_waits_once():
    # launches only queue their kernels; the host waits before it touches device memory
    # (here: once, at the program's end) and the results are those of the kernels in order
    a = rng.standard_normal((300, 7))
    want = a
    for _ in range(6):
        want = want - np.max(want, axis=0) * 0.5
    x = pt.asarray(a, device=DEV)
    y = x
    for _ in range(6):
        y = y - pt.max(y, axis=0) * 0.5  # (a reduction and an elementwise kernel each)
    before, waits = launches(), pt.cache_info()["gpu_waits"]
    assert_matches(y, want, rtol=1e-12)
    if TEAM is None:
        assert launches() - before >= 6
        assert pt.cache_info()["gpu_waits"] - waits == 1
    # a host loop after the kernels (the fold of partial sums) reads what they wrote
    z = pt.asarray(a, device=DEV) * 3.0
    assert_matches(pt.sum(z) + pt.sum(z * z), np.sum(a * 3.0) + np.sum((a * 3.0) ** 2),
                   rtol=1e-12)


@pytest.mark.parametrize("shape", [(7, 70001), (70001, 3), (3, 5, 70001), (300, 257)])
def test_kernels_of_wide_and_tall_arrays(shape):
    # GPU layouts make every kernel's loop 1-D (ptensor-linear-kernels: the last dimension
    # fastest); before, a (7, 70001) array's columns were CUDA's grid y dimension (at most
    # 65,535). Elementwise, transposed and sliced reads, a strided store, axis reductions.
    a = rng.standard_normal(shape)
    b = rng.standard_normal(shape[::-1])
    on_device(lambda m, x: x * 2.0 + 1.0, a)
    on_device(lambda m, x, y: x - m.permute_dims(y, tuple(range(len(shape)))[::-1]), a, b)
    on_device(lambda m, x: m.sin(x[..., 1::2]) + x[..., ::2][..., : (shape[-1] // 2)], a,
              atol=1e-12)
    on_device(lambda m, x: m.sum(x, axis=-1) + m.max(x, axis=0).sum(), a, rtol=1e-11)
    x = pt.asarray(a, device=DEV)
    x[..., ::3] = -1.0
    want = a.copy()
    want[..., ::3] = -1.0
    assert_matches(x, want)


@pytest.mark.parametrize("n", [1, 2, 129, 257, 1000, 16384 * 128 + 5])
def test_reductions_over_all_axes_fold_on_the_device(n):
    # GPU layouts: the partial results of a reduction over all axes are folded by two small
    # kernels (groups of 128, then the groups; a last group of one element where n = 129),
    # not by a host loop: x - mean(x) and std run without a wait in the middle.
    r = np.random.default_rng(n)
    a = r.standard_normal(n)
    x = pt.asarray(a, device=DEV)
    pt.sync()
    waits = pt.cache_info()["gpu_waits"]
    got = pt.sum(x - pt.mean(x))
    assert_matches(got, np.sum(a - np.mean(a)), atol=1e-9 * np.sqrt(n), signed_zeros=False)
    if gpu_layouts() and TEAM is None:
        assert pt.cache_info()["gpu_waits"] - waits == 1  # (at the program's end)
    assert_matches(pt.std(x), np.std(a), rtol=1e-10)
    assert_matches(pt.prod(1.0 + x / 64 / np.sqrt(n)), np.prod(1.0 + a / 64 / np.sqrt(n)),
                   rtol=1e-10)
    for fn in ("max", "min", "argmax"):
        assert_matches(getattr(pt, fn)(x), getattr(np, fn)(a))
    k = r.integers(-1000, 1000, n)
    assert_matches(pt.sum(pt.asarray(k, device=DEV)), np.sum(k))
    assert bool(pt.any(x > 3.0)) == bool(np.any(a > 3.0))
    assert bool(pt.all(x > -3.0)) == bool(np.all(a > -3.0))
    c = a - 1j * a[::-1]
    assert_matches(pt.sum(pt.asarray(c, device=DEV)), np.sum(c), rtol=1e-10, atol=1e-9)


@pytest.mark.parametrize("shape,axis", [((300, 7), 0), ((5, 7, 9), (0, 1)), ((4, 5, 6, 3), (0, 2)),
                                        ((40, 1), 0), ((2000, 64), 0), ((9, 4, 300), (0, 1)),
                                        ((17, 3), 0), ((3000, 2, 5), 0)])
@pytest.mark.parametrize("fn", ["sum", "max", "mean", "std", "argmin", "prod", "any"])
def test_reductions_over_leading_axes_are_kernels(shape, axis, fn):
    # ptensor-kernel-reduction-order: each work item accumulates one result element over the
    # reduced rows (before: the host looped over the rows and launched a kernel per row);
    # ptensor-split-reductions (kept-work): with few kept elements, parts of the rows as
    # work items and a kernel folding their partial results. The kernels launched do not
    # grow with the rows, and no loop runs on the host.
    if fn == "argmin" and isinstance(axis, tuple):
        pytest.skip("argmin takes one axis")
    counts = []
    for rows in (shape[0], 4 * shape[0]):
        a = rng.standard_normal((rows,) + shape[1:])
        if fn == "prod":
            a = 1.0 + a / 64  # (products of thousands of values stay finite)
        if fn == "any":
            a = a > 2.5  # (some columns all False)
        x = pt.asarray(a, device=DEV)
        before, loops = launches(), host_work()[0]
        got = getattr(pt, fn)(x, axis=axis)
        # (sums in another order: cancellation leaves ulps of the sum of |a|)
        assert_matches(got, getattr(np, fn)(a, axis=axis), rtol=1e-12, atol=1e-11)
        counts.append(launches() - before)
        if TEAM is None:
            assert host_work()[0] == loops
    if TEAM is None:  # (distributed: a part per rank, partial results combined)
        # (the 4x rows may be split where the first were not: one more kernel per reduction,
        # the fold; std has two reductions)
        assert counts[0] <= counts[1] <= counts[0] + 2 and counts[1] <= 10, counts


@pytest.mark.parametrize("shape,axis", [((64, 3000), 1), ((3, 5000), -1), ((5, 40, 300), (1, 2)),
                                        ((7, 2, 900), 2), ((2, 17), 1)])
@pytest.mark.parametrize("fn", ["sum", "min", "mean", "prod", "all"])
def test_reductions_over_trailing_axes_of_few_rows(shape, axis, fn):
    # ptensor-split-reductions (kept-work): few kept rows, each a long reduction: parts of
    # each row as work items (interleaved on GPUs, consecutive on CPU devices) and a kernel
    # folding them; no loop on the host
    a = rng.standard_normal(shape)
    if fn == "prod":
        a = 1.0 + a / 64
    if fn == "all":
        a = a > -3.0  # (some rows all True, some not)
    x = pt.asarray(a, device=DEV)
    before, loops = launches(), host_work()[0]
    got = getattr(pt, fn)(x, axis=axis)
    assert_matches(got, getattr(np, fn)(a, axis=axis), rtol=1e-12, atol=1e-11)
    if TEAM is None:
        assert 0 < launches() - before <= 4 and host_work()[0] == loops


@pytest.mark.parametrize("shape", [(0,), (1,), (7,), (4, 0), (2, 0, 3), (37, 23), (20000, 2),
                                   (3, 5000)])
@pytest.mark.parametrize("dtype", ["float64", "float32", "int64", "int32", "bool"])
def test_reductions_over_all_axes_are_a_kernel(shape, dtype):
    # ptensor-split-reductions: a kernel of partial results (contiguous chunks on this CPU
    # device, more chunks than rows and empty ones included), folded by a short host loop
    a = (rng.standard_normal(shape) * 3).astype(dtype)
    if dtype.startswith("float") and a.size > 3:
        a.flat[a.size // 2] = 1.5  # a tie-free extreme in the middle
    x = pt.asarray(a, device=DEV)
    rtol = 1e-5 if dtype == "float32" else 1e-12
    fns = ["any", "all"] if dtype == "bool" else ["sum", "prod", "max", "min"]
    for fn in fns:
        if fn in ("max", "min") and a.size == 0:
            continue
        b = a if fn != "prod" else (1 + a / 100).astype(dtype) if dtype.startswith("f") else a % 3
        before = launches()
        assert_matches(getattr(pt, fn)(pt.asarray(b, device=DEV)), getattr(np, fn)(b), rtol=rtol)
        if TEAM is None and b.size:
            assert launches() > before
    if dtype == "float64":
        assert_matches(pt.mean(x), np.mean(a) if a.size else np.nan, rtol=1e-12)
        c = a.copy()
        if c.size:
            c.flat[-1] = np.nan  # propagates through a partial result
            assert np.isnan(float(pt.max(pt.asarray(c, device=DEV))))
            assert np.isnan(float(pt.sum(pt.asarray(c, device=DEV))))


def test_searchsorted_and_isin_of_bool_arrays():
    # fuzz seeds 2600023 and 2600142 (found with PTENSOR_DEVICE): each work item read the
    # first value of a bool array loaded before the binary search's loop (GpuToRuntime.cpp,
    # bytesForBooleans)
    s = np.array([False, True, True, True])
    v = np.array([True, False, True, False])
    for side in ("left", "right"):
        on_device(lambda m, a, b: m.searchsorted(a, b, side=side), s, v)
    # seed 2704534: a needle computed in the kernel (x > 0), not loaded: the ordering
    # comparison of bytes gave 0 everywhere for side="left" (Intel's OpenCL CPU compiler and
    # OpULessThan; now signed); comparisons of computed booleans too
    x = np.array([-9.0, 5.75, -6.75, 3.0, 0.0])
    for side in ("left", "right"):
        on_device(lambda m, a, b: m.searchsorted(a, b > 0, side=side),
                  np.array([False, False, True, True]), x)
    on_device(lambda m, a, b: (a > 0) < (b > 1), x, x[::-1] * 2)
    on_device(lambda m, a, b: (a > 0) >= (b > 1), x, x[::-1] * 2)
    m3 = np.array([True, False, False, True, True, False]).reshape(3, 2)
    want = np.isin(m3, m3[::-1])
    got = pt.isin(pt.asarray(m3, device=DEV), pt.asarray(m3[::-1], device=DEV))
    assert got.device == DEV
    assert_matches(got, want)


@pytest.mark.parametrize("case", [
    lambda m, a, b: a[[0, 2]],
    lambda m, a, b: a[np.array([3, 1]), 1:],
    lambda m, a, b: m.take(a, np.array([4, 0]), axis=1),
    lambda m, a, b: m.take_along_axis(a, np.array([[0], [1], [2], [3]]), axis=1),
])
def test_index_arrays_go_to_the_indexed_arrays_device(case):
    # (NumPy index arrays are checked on the host and copied to x's device; the offsets'
    # aranges are made there)
    on_device(case, A[:4, :5].copy(), B[:4, :5].copy())


@pytest.mark.parametrize("dtype", [np.int64, np.int32, np.int8])
def test_remainder_of_the_most_negative_integer(dtype):
    # fuzz seed 2600890: MLIR's SPIR-V remsi took |INT_MIN| (which wraps): INT64_MIN % 9 was 8
    i = np.iinfo(dtype)
    a = np.array([i.min, i.min, -7, 7, -7, i.max, 5], dtype=dtype)
    b = np.array([9, -1, 2, -2, -2, 7, 3], dtype=dtype)
    on_device(lambda m, x, y: x % y, a, b)


def test_an_allocation_the_device_cannot_make_is_a_memory_error():
    with pytest.raises(MemoryError):
        np.asarray(pt.ones((1 << 40,), device=DEV))
    assert_matches(pt.ones(3, device=DEV) + 1, np.full(3, 2.0))  # the device goes on


def test_jit_replays_device_programs():
    """pt.jit on device arrays: the trace's stages are device programs; replays launch their
    kernels again on the new arguments, results and in-place writes stay on the device."""
    def step(u, k):
        u[1:-1] = u[1:-1] + k * (u[2:] - 2 * u[1:-1] + u[:-2])
        return pt.sum(u * u), u * 2
    f = pt.jit(step)
    a = np.sin(np.linspace(0, 3, 300)) ** 2
    u, e = pt.asarray(a, device=DEV), a.copy()
    for _ in range(3):
        before = launches()
        s, d = f(u, 0.25)
        e[1:-1] = e[1:-1] + 0.25 * (e[2:] - 2 * e[1:-1] + e[:-2])
        assert s.device == DEV and d.device == DEV and u.device == DEV
        assert_matches(u, e)
        assert_matches(d, e * 2)
        assert_matches(s, np.sum(e * e))
        assert launches() > before, "no kernel ran on the device"
    if TEAM is None:
        assert f.info()["replays"] == 2 and f.info()["eager_calls"] == 0, f.info()
