"""pt.custom_call with the typed FFI: C handlers built here with the system compiler against
ptensor_ffi.h, loaded by path, and a ctypes (Python) handler; results against NumPy; typed
attributes; strided operands; several results; fusion with the rest of the program; error
codes and every bad input."""
import ctypes
import os
import shutil
import subprocess

import numpy as np
import pytest

import ptensor as pt
from _helpers import assert_matches

SOURCE = r"""
#include "ptensor_ffi.h"

/* y = alpha * x + beta, float64, any rank and strides of x */
int32_t axpb(const pt_call_frame *f) {
  double alpha, beta = 0;
  if (f->num_args != 1 || f->args[0].dtype != PT_FLOAT64)
    return pt_ffi_fail(f, PT_FFI_INVALID_ARGUMENT, "axpb expects one float64 array");
  if (pt_ffi_get_f64(f, "alpha", &alpha))
    return pt_ffi_fail(f, PT_FFI_INVALID_ARGUMENT, "attribute alpha (float) is required");
  pt_ffi_get_f64(f, "beta", &beta);
  const pt_buffer *x = &f->args[0];
  double *y = (double *)f->results[0].data;
  int64_t n = pt_ffi_size(x), idx[16] = {0};
  for (int64_t i = 0; i < n; ++i) {
    int64_t off = 0;
    for (int64_t d = 0; d < x->rank; ++d)
      off += idx[d] * x->strides[d];
    y[i] = alpha * ((const double *)x->data)[off] + beta;
    for (int64_t d = x->rank - 1; d >= 0; --d) {
      if (++idx[d] < x->shape[d]) break;
      idx[d] = 0;
    }
  }
  return PT_FFI_OK;
}

/* results: the attributes as float64 words (kind, count, values...); the sum of an int32
   vector as int64; and x > 0 as bool */
int32_t describe(const pt_call_frame *f) {
  double *o = (double *)f->results[0].data;
  int64_t k = 0, cap = f->results[0].shape[0];
#define PUT(v) do { if (k < cap) o[k++] = (double)(v); } while (0)
  for (int64_t i = 0; i < f->num_attrs; ++i) {
    const pt_attr *a = &f->attrs[i];
    PUT(a->kind); PUT(a->count);
    switch (a->kind) {
    case PT_ATTR_BOOL: case PT_ATTR_I64: PUT(a->value.i64); break;
    case PT_ATTR_F64: PUT(a->value.f64); break;
    case PT_ATTR_STRING: for (int64_t j = 0; j <= a->count; ++j) PUT((unsigned char)a->value.str[j]); break;
    case PT_ATTR_I64_ARRAY: for (int64_t j = 0; j < a->count; ++j) PUT(a->value.i64s[j]); break;
    case PT_ATTR_F64_ARRAY: for (int64_t j = 0; j < a->count; ++j) PUT(a->value.f64s[j]); break;
    }
  }
  while (k < cap) o[k++] = -1;
  const pt_buffer *v = &f->args[0];
  int64_t s = 0;
  for (int64_t i = 0; i < v->shape[0]; ++i) s += ((const int32_t *)v->data)[i * v->strides[0]];
  *(int64_t *)f->results[1].data = s;
  for (int64_t i = 0; i < v->shape[0]; ++i)
    ((uint8_t *)f->results[2].data)[i] = ((const int32_t *)v->data)[i * v->strides[0]] > 0;
  return PT_FFI_OK;
}

/* y = conj(x) * i for a contiguous complex128 or complex64 vector, with C99 _Complex */
#include <complex.h>
int32_t conj_i(const pt_call_frame *f) {
  const pt_buffer *x = &f->args[0];
  int64_t n = pt_ffi_size(x);
  if (x->dtype == PT_COMPLEX128) {
    for (int64_t i = 0; i < n; ++i)
      ((double _Complex *)f->results[0].data)[i] =
          conj(((const double _Complex *)x->data)[i * x->strides[0]]) * I;
  } else if (x->dtype == PT_COMPLEX64) {
    for (int64_t i = 0; i < n; ++i)
      ((float _Complex *)f->results[0].data)[i] =
          conjf(((const float _Complex *)x->data)[i * x->strides[0]]) * I;
  } else {
    return pt_ffi_fail(f, PT_FFI_INVALID_ARGUMENT, "conj_i expects a complex vector");
  }
  return PT_FFI_OK;
}

int64_t calls = 0;
int32_t count_calls(const pt_call_frame *f) {
  ++calls;
  *(int64_t *)f->results[0].data = calls;
  return PT_FFI_OK;
}

int32_t fail_with(const pt_call_frame *f) {
  int64_t code = 1;
  pt_ffi_get_i64(f, "code", &code);
  return pt_ffi_fail(f, (int32_t)code, "the handler says no");
}
"""


@pytest.fixture(scope="module")
def lib(tmp_path_factory):
    d = tmp_path_factory.mktemp("ffi")
    src, so = d / "handlers.c", d / "libhandlers.so"
    src.write_text(SOURCE)
    cc = shutil.which("cc") or shutil.which("gcc")
    assert cc, "a C compiler is part of the setup (scripts/setup.sh installs g++)"
    subprocess.run([cc, "-shared", "-fPIC", "-O2", "-Wall", "-Werror", "-I", pt.ffi_include_dir(),
                    "-o", str(so), str(src)], check=True)
    for name in ("axpb", "describe", "count_calls", "fail_with", "conj_i"):
        pt.register_custom_call(name, so)
    pt.register_custom_call("also_axpb", str(so), symbol="axpb")
    return ctypes.CDLL(str(so))


@pytest.mark.parametrize("shape", [(7,), (3, 4), (2, 3, 5), (0, 4), ()])
def test_c_handler_matches_numpy(lib, shape):
    a = np.random.default_rng(1).standard_normal(shape)
    y = pt.custom_call("axpb", pt.asarray(a), result=(shape, pt.float64),
                       attrs={"alpha": 2.5, "beta": -1.0})
    assert_matches(y, 2.5 * a - 1.0)
    z = pt.custom_call("also_axpb", pt.asarray(a), result=(shape, pt.float64), attrs={"alpha": 3.0})
    assert_matches(z, 3.0 * a)


@pytest.mark.parametrize("dtype", ["complex64", "complex128"])
def test_complex_buffers(lib, dtype):
    a = (np.arange(6.0) - 1j * np.arange(6.0)[::-1]).astype(dtype)
    x = pt.asarray(a)
    y = pt.custom_call("conj_i", x[::2] + 1, result=((3,), getattr(pt, dtype)))
    assert_matches(y, np.conj(a[::2] + 1) * 1j)
    with pytest.raises(ValueError, match="complex vector"):
        pt.custom_call("conj_i", pt.ones(3), result=((3,), getattr(pt, dtype))).to_numpy()


def test_strided_operands_and_fusion(lib):
    a = np.arange(48.0).reshape(6, 8)
    x = pt.asarray(a)
    v = x[1::2, ::-3] * 2.0  # computed in the same program as the call
    y = pt.custom_call("axpb", v, result=(v.shape, pt.float64), attrs={"alpha": 0.5})
    assert_matches(y + 1.0, a[1::2, ::-3] * 2.0 * 0.5 + 1.0)
    # a transposed / sliced view passed directly
    w = pt.custom_call("axpb", x[:, 2:5], result=((6, 3), pt.float64), attrs={"alpha": 1.0})
    assert_matches(w, a[:, 2:5])


def test_one_compile_for_many_sizes(lib, compiles):
    for n in (5, 9):  # warm the cache for this program's structure
        pt.custom_call("axpb", pt.ones(n), result=((n,), pt.float64), attrs={"alpha": 1.0}).to_numpy()
    before = compiles()
    for n in (3, 17, 100):
        y = pt.custom_call("axpb", pt.ones(n), result=((n,), pt.float64), attrs={"alpha": 1.0})
        assert_matches(y, np.ones(n))
    assert compiles() == before


def test_typed_attributes_and_several_results(lib):
    v = np.array([3, -1, 4, -1, 5], dtype=np.int32)
    words, total, positive = pt.custom_call(
        "describe", pt.asarray(v)[::-1],
        result=[((40,), pt.float64), ((), pt.int64), ((5,), pt.bool)],
        attrs={"z_flag": True, "i": -(2**62), "f": -0.1, "s": "hé", "ia": [3, 4, 5],
               "fa": (0.5, float("inf")), "empty": [], "npi": np.int16(7)})
    # attributes arrive sorted by name: empty, f, fa, i, ia, npi, s, z_flag
    expect = [4, 0,  2, 1, -0.1,  5, 2, 0.5, np.inf,  1, 1, -(2**62),  4, 3, 3, 4, 5,
              1, 1, 7,  3, 3] + list(b"h\xc3\xa9\x00") + [0, 1, 1]
    expect += [-1] * (40 - len(expect))
    assert_matches(words, np.array(expect, dtype=np.float64))
    assert_matches(total, np.int64(v.sum()))
    assert_matches(positive, v[::-1] > 0)


def test_nan_attribute(lib):
    words, _, _ = pt.custom_call("describe", pt.zeros(1, dtype=pt.int32),
                                 result=[((3,), pt.float64), ((), pt.int64), ((1,), pt.bool)],
                                 attrs={"x": float("nan")})
    assert np.isnan(words.to_numpy()[2])


def test_side_effect_runs_without_used_results(lib):
    counter = ctypes.c_int64.in_dll(lib, "calls")
    start = counter.value
    pt.custom_call("count_calls", result=((), pt.int64), has_side_effect=True)  # result dropped
    pt.sync()
    assert counter.value == start + 1
    r = pt.custom_call("count_calls", result=((), pt.int64))
    assert_matches(r, np.int64(start + 2))


def test_ctypes_python_handler():
    def negate(frame_p):
        f = frame_p.contents
        x, y = f.args[0], f.results[0]
        n = int(np.prod([x.shape[i] for i in range(x.rank)]))
        src = np.ctypeslib.as_array(ctypes.cast(x.data, ctypes.POINTER(ctypes.c_float)), (n,))
        dst = np.ctypeslib.as_array(ctypes.cast(y.data, ctypes.POINTER(ctypes.c_float)), (n,))
        dst[:] = -src
        return 0
    handler = pt.ffi.HANDLER(negate)
    pt.register_custom_call("py_negate", handler)
    a = np.arange(6, dtype=np.float32)
    assert_matches(pt.custom_call("py_negate", pt.asarray(a), result=pt.asarray(a)), -a)


@pytest.mark.parametrize("code,exc", [(1, pt.CustomCallError), (2, ValueError),
                                      (3, pt.linalg.LinAlgError), (77, pt.CustomCallError)])
def test_handler_errors_raise(lib, code, exc):
    r = pt.custom_call("fail_with", result=((2,), pt.float64), attrs={"code": code})
    with pytest.raises(exc, match="the handler says no"):
        r.to_numpy()
    ok = pt.custom_call("axpb", pt.ones(2), result=((2,), pt.float64), attrs={"alpha": 2.0})
    assert_matches(ok, np.full(2, 2.0))  # the next program runs normally
    bad = pt.custom_call("axpb", pt.ones(2), result=((2,), pt.float64))  # no alpha
    with pytest.raises(ValueError, match="alpha"):
        bad.to_numpy()


def test_bad_inputs(lib, tmp_path):
    x = pt.ones(3)
    with pytest.raises(ValueError, match="no handler is registered"):
        pt.custom_call("nope", x, result=((3,), pt.float64))
    with pytest.raises(TypeError, match="name"):
        pt.custom_call(3, x, result=((3,), pt.float64))
    with pytest.raises(TypeError, match="result"):
        pt.custom_call("axpb", x, result=3)
    with pytest.raises(TypeError, match="result"):
        pt.custom_call("axpb", x, result=[((3,), pt.float64), "x"])
    with pytest.raises(ValueError, match="negative"):
        pt.custom_call("axpb", x, result=((-1,), pt.float64))
    with pytest.raises(TypeError):
        pt.custom_call("axpb", x, result=((3,), "float16"))
    with pytest.raises(ValueError, match="at least one result"):
        pt.custom_call("axpb", x, result=[])
    with pytest.raises(TypeError, match="unsupported type"):
        pt.custom_call("axpb", x, result=((3,), pt.float64), attrs={"alpha": {"a": 1}})
    with pytest.raises(TypeError, match="only ints or"):
        pt.custom_call("axpb", x, result=((3,), pt.float64), attrs={"v": [1, "a"]})
    with pytest.raises(TypeError, match="dict"):
        pt.custom_call("axpb", x, result=((3,), pt.float64), attrs=[("alpha", 1.0)])
    with pytest.raises(TypeError, match="names"):
        pt.custom_call("axpb", x, result=((3,), pt.float64), attrs={1: 1.0})
    with pytest.raises(OverflowError):
        pt.custom_call("axpb", x, result=((3,), pt.float64), attrs={"i": 2**63})
    with pytest.raises(TypeError):
        pt.custom_call("axpb", "text", result=((3,), pt.float64))
    with pytest.raises(TypeError):
        pt.custom_call("axpb", x, ((3,), pt.float64))  # result is keyword-only
    with pytest.raises(ValueError, match="cannot load"):
        pt.register_custom_call("x", tmp_path / "missing.so")
    with pytest.raises(ValueError, match="no function"):
        pt.register_custom_call("x", lib._name, symbol="missing_symbol")
    with pytest.raises(ValueError, match="reserved"):
        pt.register_custom_call("ptensor.linalg.inv", lib._name)
    with pytest.raises(TypeError, match="target"):
        pt.register_custom_call("x", 1234)
    with pytest.raises(TypeError, match="name"):
        pt.register_custom_call("", lib._name)
    with pytest.raises(TypeError, match="symbol"):
        pt.register_custom_call("x", pt.ffi.HANDLER(lambda f: 0), symbol="s")


def test_include_dir_has_the_header():
    assert os.path.isfile(os.path.join(pt.ffi_include_dir(), "ptensor_ffi.h"))


def test_more_bad_inputs():
    with pytest.raises(ValueError, match="null pointer"):
        pt.register_custom_call("null_handler", pt.ffi.HANDLER())
    with pytest.raises(ValueError, match="at most 62 dimensions"):
        pt.custom_call("ptensor.sort", pt.ones(3), result=((1,) * 63, pt.float64))


@pytest.mark.parametrize("name,args,result,msg", [
    ("ptensor.linalg.inv", [pt.ones(3)], [((3,), pt.float64)], "expects matrices"),
    ("ptensor.linalg.det", [pt.ones((2, 2), dtype=pt.int64)], [((), pt.float64)],
     "float32, float64, complex64 or complex128"),
    ("ptensor.sort", [pt.ones(3)], [((3,), pt.float64)] * 3, "sort expects one array"),
    ("ptensor.fft", [pt.ones(3)], [((3,), pt.complex128)], "ptensor.fft: KeyError"),
    ("ptensor.fft", [pt.ones(3), pt.ones(3)], [((3,), pt.complex128)], "one array and one result"),
    ("ptensor.sort", [pt.ones(3)], [((4,), pt.float64)], "sort: results are"),
    ("ptensor.sort", [pt.ones(3)], [((3,), pt.float64), ((3,), pt.int32)], "sort: results are"),
    # merge_runs: runs, their int64 lengths (summing to the size), optional int64 indices
    ("ptensor.merge_runs", [pt.ones(3)], [((3,), pt.float64)], "merge_runs expects"),
    ("ptensor.merge_runs", [pt.ones(3), pt.asarray(np.array([1, 1]))], [((3,), pt.float64)],
     "merge_runs expects"),
    ("ptensor.merge_runs", [pt.ones(3), pt.asarray(np.array([4, -1]))], [((3,), pt.float64)],
     "merge_runs expects"),
    ("ptensor.merge_runs", [pt.ones(3), pt.asarray(np.array([3]))], [((3,), pt.float32)],
     "merge_runs expects"),
    ("ptensor.merge_runs", [pt.ones(3), pt.asarray(np.array([3])), pt.ones(3)],
     [((3,), pt.float64), ((3,), pt.int64)], "merge_runs expects"),
    ("ptensor.merge_runs", [pt.ones(3), pt.asarray(np.array([3])), pt.zeros(3, dtype=pt.int64)],
     [((3,), pt.float64)], "merge_runs expects"),
])
def test_builtin_handlers_reject_bad_calls(name, args, result, msg):
    # the built-in handlers check what they get like any handler (pt.linalg never does this)
    r = pt.custom_call(name, *args, result=result)
    with pytest.raises(ValueError, match=msg):
        (r[0] if isinstance(r, tuple) else r).to_numpy()


@pytest.mark.parametrize("name,args,result,attrs,msg", [
    # bincount: int64 values in [0, nbins), optional float64 weights of their length
    ("ptensor.bincount", [pt.asarray(np.array([0, 5, 2]))], ((3,), pt.int64), {},
     "value 5 is outside \\[0, 3\\)"),
    ("ptensor.bincount", [pt.asarray(np.array([0, -1]))], ((3,), pt.int64), {},
     "value -1 is outside"),
    ("ptensor.bincount", [pt.asarray(np.array([0, 1])), pt.asarray(np.array([1.0]))],
     ((3,), pt.float64), {}, "bincount expects"),
    ("ptensor.bincount", [pt.asarray(np.array([0.0, 1.0]))], ((3,), pt.int64), {},
     "bincount expects"),
    # partition: ascending kth within the last axis, real dtypes
    ("ptensor.partition", [pt.arange(4.0)], ((4,), pt.float64), {"kth": [3, 1]},
     "partition expects"),
    ("ptensor.partition", [pt.arange(4.0)], ((4,), pt.float64), {"kth": [4]},
     "partition expects"),
    ("ptensor.partition", [pt.arange(4.0)], ((4,), pt.float64), {}, "partition expects"),
    ("ptensor.partition", [pt.asarray(np.arange(4) + 1j)], ((4,), pt.complex128),
     {"kth": [1]}, "partition expects"),
    # scan: op 0..3, max and min of real numbers
    ("ptensor.scan", [pt.arange(4.0)], ((4,), pt.float64), {"axis": 0, "op": 7}, "op must be"),
    ("ptensor.scan", [pt.asarray(np.arange(4) + 1j)], ((4,), pt.complex128),
     {"axis": 0, "op": 2}, "real numbers only"),
])
def test_counting_selection_and_scan_handlers_reject_bad_calls(name, args, result, attrs, msg):
    r = pt.custom_call(name, *args, result=result, attrs=attrs)
    with pytest.raises(ValueError, match=msg):
        r.to_numpy()


@pytest.mark.skipif(pt._dist.default_team() is not None,
                    reason="under mpiexec the view is gathered into a contiguous array")
def test_merge_runs_rejects_strided_runs(compiled):
    r = pt.custom_call("ptensor.merge_runs", pt.ones(6)[::2], pt.asarray(np.array([3])),
                       result=((3,), pt.float64))
    with pytest.raises(ValueError, match="merge_runs expects x \\(1-D, contiguous"):
        r.to_numpy()


@pytest.mark.parametrize("lengths", [[0], [5], [3, 4], [0, 6, 0], [4, 0, 3, 5, 1], [2] * 9,
                                     [300001, 200003], [70000, 0, 150000, 90000, 1]])
@pytest.mark.parametrize("dtype", [np.float64, np.int16, np.bool_, np.complex64])
@pytest.mark.parametrize("descending", [False, True])
@pytest.mark.parametrize("indices", [False, True])
def test_merge_runs_against_numpy(lengths, dtype, descending, indices):
    # the distributed sort's last step (one rank's part; runtime/host/Sort.cpp): P runs, each
    # sorted in the sort's order, merged stably (equal elements of earlier runs first) = the
    # stable sort of their concatenation; values drawn from 4 (ties across runs), -0.0 equals
    # 0.0 and keeps its bits, NaN last ascending and first descending. The long runs (from
    # 1,000 values) merge in pieces on every thread (runtime/host/Sort.cpp, mergeChains).
    R = np.random.default_rng(len(lengths))
    a = R.integers(0, 4 if sum(lengths) < 1000 else 1000, sum(lengths)).astype(dtype)
    if dtype == np.float64:
        a[::5], a[2::7] = -0.0, np.nan
    if dtype == np.complex64:
        a[1::4] += 1j * R.integers(0, 2, len(a[1::4]))
        a[3::9] = complex(1, np.nan)

    def order(v):  # ptensor.sort's order (stable; descending: reverse of the reversed)
        if not descending:
            return np.argsort(v, kind="stable")
        return (len(v) - 1 - np.argsort(v[::-1], kind="stable"))[::-1]

    at = np.concatenate([[0], np.cumsum(lengths)]).astype(np.int64)
    g = R.permutation(len(a)).astype(np.int64)  # indices travel with their values
    runs, gs = [], []
    for s, e in zip(at[:-1], at[1:]):
        o = order(a[s:e])
        runs.append(a[s:e][o])
        gs.append(g[s:e][o])
    x, gx = np.concatenate(runs).astype(dtype), np.concatenate(gs).astype(np.int64)
    args = [pt.asarray(x), pt.asarray(np.array(lengths, dtype=np.int64))]
    outs = [((len(a),), pt.asarray(x).dtype)]
    if indices:
        args.append(pt.asarray(gx))
        outs.append(((len(a),), pt.int64))
    r = pt.custom_call("ptensor.merge_runs", *args, result=outs,
                       attrs={"descending": descending})
    r = r if isinstance(r, tuple) else (r,)
    want = order(x)  # positions in x: stable, so earlier runs first among equals
    np.testing.assert_array_equal(r[0].to_numpy(), x[want])
    if dtype == np.float64:
        np.testing.assert_array_equal(np.signbit(r[0].to_numpy()), np.signbit(x[want]))
    if indices:
        np.testing.assert_array_equal(r[1].to_numpy(), gx[want])


@pytest.mark.parametrize("kind", ["random", "ties", "disjoint", "disjoint_reversed", "nan_zeros"])
@pytest.mark.parametrize("lengths", [[0, 9], [8, 8], [17, 63], [1000, 4099], [300001, 200003],
                                     [70000, 5, 150000, 90000], [700001, 650003]])
@pytest.mark.parametrize("descending", [False, True])
def test_merge_runs_float64_values(kind, lengths, descending):
    # (outputs of 1M elements and more are streamed: non-temporal stores where aligned)
    # float64 values merge 8 at a time with AVX-512 where the CPU has it (runtime/host/
    # MergeAvx512.cpp: pieces in lockstep, each piece's rest element by element; equal
    # elements in any order, then the zeros rewritten in the stable order): the stable
    # merge, -0.0 and 0.0 where the stable sort puts them; ties, disjoint runs both ways,
    # NaN and signed zeros
    R = np.random.default_rng(sum(lengths))
    parts = []
    for q, m in enumerate(lengths):
        v = {"random": R.random(m), "ties": R.integers(0, 5, m).astype(float),
             "disjoint": R.random(m) + 2 * q, "disjoint_reversed": R.random(m) - 2 * q,
             "nan_zeros": R.random(m) - 0.5}[kind]
        if kind == "nan_zeros":
            v[R.random(m) < 0.1] = np.nan
            v[R.random(m) < 0.3] = 0.0
            v[R.random(m) < 0.2] = -0.0
        o = np.argsort(v, kind="stable") if not descending else \
            (m - 1 - np.argsort(v[::-1], kind="stable"))[::-1]
        parts.append(v[o])
    x = np.concatenate(parts)
    r = pt.custom_call("ptensor.merge_runs", pt.asarray(x), pt.asarray(np.array(lengths)),
                       result=(x.shape, pt.float64),
                       attrs={"descending": descending}).to_numpy()
    want = x[np.argsort(x, kind="stable")] if not descending else \
        x[(len(x) - 1 - np.argsort(x[::-1], kind="stable"))[::-1]]
    np.testing.assert_array_equal(r, want)
    np.testing.assert_array_equal(np.signbit(r), np.signbit(want))


@pytest.mark.parametrize("lengths", [[3, 9], [8, 8], [17, 63], [4099, 1000], [300001, 200003],
                                     [70000, 5, 150000, 90000], [700001, 650003]])
@pytest.mark.parametrize("descending", [False, True])
@pytest.mark.parametrize("spread", [5, 2**62])
def test_merge_runs_int64_values(lengths, descending, spread):
    # int64 values merge 8 at a time with AVX-512 where the CPU has it, stable or not (equal
    # integers cannot be told apart); ties, and values near both ends of the range
    R = np.random.default_rng(len(lengths) + spread % 7)
    runs = [np.sort(R.integers(-spread, spread, m, dtype=np.int64)) for m in lengths]
    x = np.concatenate([v[::-1] if descending else v for v in runs])
    r = pt.custom_call("ptensor.merge_runs", pt.asarray(x), pt.asarray(np.array(lengths)),
                       result=(x.shape, pt.int64), attrs={"descending": descending}).to_numpy()
    want = np.sort(x)[::-1] if descending else np.sort(x)
    np.testing.assert_array_equal(r, want)


@pytest.mark.parametrize("split", [(0, 2), (0, 0), (3, 3), (1, 1), (0, 3), (1, 2)])
@pytest.mark.parametrize("indices", [False, True])
def test_merge_runs_from_parts(split, indices):
    # parts=3 (the distributed sort: the slices of lower ranks, this rank's own slice where
    # its sort left it, those of higher ranks): x arrives as three arrays cut after runs
    # split[0] and split[1] (of 3 runs, one empty; empty parts too), the indices alike
    R = np.random.default_rng(5)
    lengths = [4000, 0, 3000]
    x = np.concatenate([np.sort(R.integers(0, 50, m).astype(np.float64)) for m in lengths])
    g = R.permutation(len(x)).astype(np.int64)
    at = np.concatenate([[0], np.cumsum(lengths)])
    cuts = [0, int(at[split[0]]), int(at[split[1]]), len(x)]
    pieces = [slice(cuts[i], cuts[i + 1]) for i in range(3)]
    args = [pt.asarray(x[p]) for p in pieces] + [pt.asarray(np.array(lengths, dtype=np.int64))]
    outs = [((len(x),), pt.float64)]
    if indices:
        args += [pt.asarray(g[p]) for p in pieces]
        outs.append(((len(x),), pt.int64))
    r = pt.custom_call("ptensor.merge_runs", *args, result=outs, attrs={"parts": 3})
    r = r if isinstance(r, tuple) else (r,)
    want = np.argsort(x, kind="stable")
    np.testing.assert_array_equal(r[0].to_numpy(), x[want])
    if indices:
        np.testing.assert_array_equal(r[1].to_numpy(), g[want])


@pytest.mark.parametrize("args, parts", [
    ([pt.ones(2), pt.ones(3), pt.asarray(np.array([3, 2]))], 2),  # a run across two parts
    ([pt.ones(2), pt.ones(3), pt.asarray(np.array([2, 2]))], 2),  # a part not used up
    ([pt.ones(2), pt.ones(3), pt.asarray(np.array([2, 3])), pt.zeros(2, dtype=pt.int64),
      pt.zeros(2, dtype=pt.int64)], 2),  # an index part of another size than its values
    ([pt.ones(5), pt.asarray(np.array([5]))], 4),  # fewer arrays than parts
    ([pt.ones(5), pt.asarray(np.array([5]))], 0),
])
def test_merge_runs_rejects_bad_parts(args, parts):
    idx = len(args) > parts + 1 and parts > 0
    result = [((5,), pt.float64)] + ([((5,), pt.int64)] if idx else [])
    r = pt.custom_call("ptensor.merge_runs", *args, result=result, attrs={"parts": parts})
    with pytest.raises(ValueError, match="merge_runs expects"):
        (r[0] if isinstance(r, tuple) else r).to_numpy()
