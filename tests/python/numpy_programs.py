"""Running a NumPy program with NumPy and with ptensor (its `import numpy as np` line replaced
by `import ptensor as np`) and comparing the `result` each leaves: used by
test_numpy_programs.py and examples/numpy_programs/run_all.py."""
import pathlib
import warnings

import numpy

import ptensor

IMPORT = "import numpy as np"


def programs(folder):
    return sorted(p for p in pathlib.Path(folder).glob("*.py") if p.name != "run_all.py")


def run(path, module):
    """The program's `result`, run with `np` bound to module (numpy or ptensor)."""
    src = pathlib.Path(path).read_text()
    assert IMPORT in src, f"{path}: no '{IMPORT}' line"
    src = src.replace(IMPORT, f"import {module} as np")
    scope = {"__name__": "__program__"}
    with warnings.catch_warnings():
        warnings.simplefilter("error", ptensor.NumpyFallbackWarning)
        exec(compile(src, str(path), "exec"), scope)
    return scope["result"]


def differences(got, want, where="result"):
    """A description of the first difference between ptensor's and NumPy's results, or None.
    Where NumPy gives an array ptensor must give a ptensor array (no silent NumPy)."""
    if isinstance(want, (list, tuple)):
        if not isinstance(got, (list, tuple)) or len(got) != len(want):
            return f"{where}: {type(got).__name__} of another length"
        for k, (g, w) in enumerate(zip(got, want)):
            d = differences(g, w, f"{where}[{k}]")
            if d:
                return d
        return None
    if isinstance(want, numpy.ndarray):
        if not isinstance(got, ptensor.Array):
            return f"{where}: a {type(got).__name__}, not a ptensor array"
        g = numpy.asarray(got)
        if g.shape != want.shape or g.dtype != want.dtype:
            return f"{where}: {g.shape} {g.dtype} instead of {want.shape} {want.dtype}"
        tol = 1e-5 if want.dtype in (numpy.float32, numpy.complex64) else 1e-10
        if want.dtype.kind in "fc":
            ok = numpy.allclose(g, want, rtol=tol, atol=tol, equal_nan=True)
        else:
            ok = numpy.array_equal(g, want)
        return None if ok else f"{where}: values differ (max |d| " \
            f"{numpy.max(numpy.abs(g.astype(float) - want.astype(float)))})"
    g = got.item() if isinstance(got, ptensor.Array) and got.ndim == 0 else got
    if isinstance(want, (float, numpy.floating)):
        return None if numpy.isclose(g, want, rtol=1e-10, atol=1e-12) else \
            f"{where}: {g} instead of {want}"
    return None if g == want else f"{where}: {g!r} instead of {want!r}"


def compare(path):
    """None when the program gives NumPy's result under ptensor, else what differs."""
    want = run(path, "numpy")
    try:
        got = run(path, "ptensor")
    except Exception as e:  # noqa: BLE001  (reported, as the table shows it)
        return f"{type(e).__name__}: {e}"
    return differences(got, want)
