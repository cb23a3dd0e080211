"""ptensor arrays in the ecosystem's hands (issue 26 item 3): scikit-learn with array API
dispatch cross-validates on ptensor arrays in worker processes (loky pickles the arrays to
them) and a fitted estimator goes through joblib's dump and load; the scores and
predictions equal those computed from NumPy arrays. SciPy's fft and fftconvolve dispatch to
pt.fft and give SciPy's values."""
import os
import subprocess
import sys
import textwrap

import pytest

import ptensor as pt

SCRIPT = textwrap.dedent("""
    import io
    import joblib
    import numpy as np
    import sklearn
    from sklearn.discriminant_analysis import LinearDiscriminantAnalysis
    from sklearn.model_selection import cross_val_score
    import ptensor as pt

    rng = np.random.default_rng(0)
    X = rng.standard_normal((120, 4))
    y = (X[:, 0] + 0.3 * rng.standard_normal(120) > 0).astype(np.int64)
    with sklearn.config_context(array_api_dispatch=True):
        want = cross_val_score(LinearDiscriminantAnalysis(), X, y, cv=2)
        got = cross_val_score(LinearDiscriminantAnalysis(), pt.asarray(X), pt.asarray(y),
                              cv=2, n_jobs=2)
        np.testing.assert_allclose(np.asarray(got), want, rtol=1e-12)
        model = LinearDiscriminantAnalysis().fit(pt.asarray(X), pt.asarray(y))
        buf = io.BytesIO()
        joblib.dump(model, buf)
        buf.seek(0)
        loaded = joblib.load(buf)
        assert isinstance(loaded.coef_, pt.Array), type(loaded.coef_)
        ref = LinearDiscriminantAnalysis().fit(X, y)
        np.testing.assert_array_equal(np.asarray(loaded.predict(pt.asarray(X))), ref.predict(X))
        np.testing.assert_allclose(np.asarray(loaded.coef_), ref.coef_, rtol=1e-10)
    print("ecosystem ok")
""")


@pytest.mark.skipif(pt._dist.launched(), reason="runs worker processes of its own; once, in "
                    "the local suite")
def test_sklearn_cross_validation_workers_and_joblib(tmp_path):
    pytest.importorskip("sklearn")  # (scripts/setup.sh installs it)
    env = dict(os.environ, SCIPY_ARRAY_API="1")
    r = subprocess.run([sys.executable, "-c", SCRIPT], capture_output=True, text=True,
                       timeout=900, env=env, cwd=tmp_path)
    assert r.returncode == 0 and "ecosystem ok" in r.stdout, r.stdout + r.stderr[-3000:]


SCIPY_FFT = textwrap.dedent("""
    import numpy as np
    import scipy.fft
    import scipy.signal
    import ptensor as pt

    rng = np.random.default_rng(1)
    a, b = rng.standard_normal(300), rng.standard_normal(41)
    r = scipy.fft.rfft(pt.asarray(a))  # SciPy's array API dispatch reaches pt.fft
    assert isinstance(r, pt.Array), type(r)
    np.testing.assert_array_equal(np.asarray(r), np.fft.rfft(a))
    for mode in ("full", "same", "valid"):
        c = scipy.signal.fftconvolve(pt.asarray(a), pt.asarray(b), mode=mode)
        assert isinstance(c, pt.Array), type(c)
        np.testing.assert_allclose(np.asarray(c), scipy.signal.fftconvolve(a, b, mode=mode),
                                   rtol=1e-12, atol=1e-12)
    print("scipy fft ok")
""")


@pytest.mark.skipif(pt._dist.launched(), reason="once, in the local suite")
def test_scipy_fft_and_fftconvolve_dispatch_to_pt_fft(tmp_path):
    env = dict(os.environ, SCIPY_ARRAY_API="1")
    r = subprocess.run([sys.executable, "-c", SCIPY_FFT], capture_output=True, text=True,
                       timeout=600, env=env, cwd=tmp_path)
    assert r.returncode == 0 and "scipy fft ok" in r.stdout, r.stdout + r.stderr[-3000:]
