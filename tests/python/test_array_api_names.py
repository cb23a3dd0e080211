"""The namespace against an external reference: array-api-strict (the consortium's strict
implementation of the standard, pinned in scripts/setup.sh). Every function of its namespace
and of its linalg and fft extensions exists in ptensor with the same parameters (names, positional /
keyword kinds; a parameter optional there is optional here), every Array attribute and
operator exists, and the inspection namespace agrees."""
import inspect

import array_api_strict as xp
import pytest

import ptensor as pt

# array-api-strict's own helpers
NOT_STANDARD = {"ArrayAPIStrictFlags", "Device", "ModuleType", "get_array_api_strict_flags",
                "set_array_api_strict_flags", "reset_array_api_strict_flags"}
AFTER_2024_12 = set()  # (what a newer revision adds before ptensor has it)


def _functions(mod):
    return sorted(n for n in dir(mod) if not n.startswith("_") and n not in NOT_STANDARD
                  and n not in AFTER_2024_12 and inspect.isfunction(getattr(mod, n))
                  and getattr(mod, n).__module__.startswith("array_api_strict._")
                  and "flags" not in getattr(mod, n).__module__
                  and "helpers" not in getattr(mod, n).__module__)


TOP = _functions(xp)
LINALG = [n for n in _functions(xp.linalg) if n not in ("conj", "finfo", "reshape")]  # re-exports
FFT = [n for n in _functions(xp.fft) if n not in ("astype", "device_supports_dtype")]  # helpers


def _params(f):
    return [(p.name, p.kind, p.default is not inspect.Parameter.empty)
            for p in inspect.signature(f).parameters.values()]


def test_reference_is_the_expected_one():
    assert len(TOP) > 120 and "matmul" in TOP and "cholesky" in LINALG
    assert pt.__array_api_version__ == "2025.12"
    assert {"isin", "broadcast_shapes"} <= set(TOP) and {"eig", "eigvals"} <= set(LINALG)
    assert len(FFT) == 14 and set(FFT) == set(pt.fft.__all__)


@pytest.mark.parametrize("mod,name", [("", n) for n in TOP] + [("linalg", n) for n in LINALG]
                         + [("fft", n) for n in FFT])
def test_function_and_signature(mod, name):
    """ptensor's signature accepts every call the standard's does (the conformance suite's
    rule: NumPy's spellings are a superset): the standard's positional parameters in order,
    its positional-or-keyword ones under the same names, its keyword-only ones by name
    (positional-or-keyword allowed: NumPy's positional axis and dtype); a parameter optional
    there is optional here; any extra parameter is optional."""
    ref = getattr(getattr(xp, mod) if mod else xp, name)
    ours = getattr(getattr(pt, mod) if mod else pt, name, None)
    assert ours is not None, f"ptensor has no {mod + '.' if mod else ''}{name}"
    want, got = _params(ref), _params(ours)
    if want and want[0][1] is inspect.Parameter.VAR_POSITIONAL:  # names of *args are free
        assert [k for _, k, _ in got] == [k for _, k, _ in want]
        return
    P = inspect.Parameter
    positional = [w for w in want if w[1] is not P.KEYWORD_ONLY]
    assert len(got) >= len(positional), (got, want)
    for (n, k, opt_ref), (gn, gk, g_opt) in zip(positional, got):
        if k is P.POSITIONAL_ONLY:
            assert gk in (P.POSITIONAL_ONLY, P.POSITIONAL_OR_KEYWORD), (name, n, gk)
        else:
            assert (gn, gk) == (n, k), (name, (gn, gk), (n, k))
        assert g_opt or not opt_ref, f"{name}: parameter {n} is optional in the standard"
    by_name = {g[0]: g for g in got}
    for n, k, opt_ref in want:
        if k is P.KEYWORD_ONLY:
            assert n in by_name, f"{name}: no keyword {n}"
            assert by_name[n][1] in (P.KEYWORD_ONLY, P.POSITIONAL_OR_KEYWORD), (name, n)
            assert by_name[n][2] or not opt_ref, f"{name}: parameter {n} is optional there"
    named = {w[0] for w in want}
    extra = [g for g in got[len(positional):] if g[0] not in named
             and g[1] not in (P.VAR_POSITIONAL, P.VAR_KEYWORD)]
    assert all(opt for _, _, opt in extra), f"{name}: extra required parameters {extra}"


def test_array_attributes_and_operators():
    ref = type(xp.asarray([1]))
    names = [n for n in dir(ref) if not n.startswith("_") or n.startswith("__") and
             n not in ("__annotations__", "__buffer__", "__weakref__", "__dict__", "__slots__",
                       "__module__", "__orig_bases__", "__parameters__")]
    missing = [n for n in names if not hasattr(pt.Array, n)]
    assert not missing, missing


def test_constants_and_dtypes():
    for c in ("e", "inf", "nan", "pi", "newaxis"):
        assert getattr(pt, c) == getattr(xp, c) or getattr(pt, c) != getattr(pt, c)
    ref = xp.__array_namespace_info__()
    ours = pt.__array_namespace_info__()
    assert set(ours.dtypes()) == set(ref.dtypes())
    for kind in ("bool", "signed integer", "unsigned integer", "integral", "real floating",
                 "complex floating", "numeric"):
        assert set(ours.dtypes(kind=kind)) == set(ref.dtypes(kind=kind)), kind
    assert set(ours.capabilities()) >= set(ref.capabilities()) - {"max rank"}
    assert {k: v.name for k, v in ours.default_dtypes().items()} == \
        {k: str(v).split(".")[-1] for k, v in ref.default_dtypes(device=ref.default_device()).items()}


def test_inplace_matmul():
    import numpy as np
    a = np.arange(4.0).reshape(2, 2)
    x = pt.asarray(a.copy())
    x @= pt.asarray(a)
    np.testing.assert_allclose(np.asarray(x), a @ a)
    with pytest.raises(ValueError, match="shape"):
        y = pt.ones((2, 3))
        y @= pt.ones((3, 4))
