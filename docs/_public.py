"""The public names the documentation covers: the API reference (docs/api.rst is generated
from this list by docs/conf.py) and tests/python/test_docstrings.py read it."""
import inspect

import ptensor as pt

# (module name, module): every name of each module's __all__
MODULES = [("ptensor", pt), ("ptensor.linalg", pt.linalg), ("ptensor.fft", pt.fft),
           ("ptensor.random", pt.random), ("ptensor.spmd", pt.spmd), ("ptensor.io", pt.io)]

# public names a module has beyond its __all__: numpy.linalg's and numpy.fft's functions
# that the package adds to pt.linalg and pt.fft (out of their __all__, the array API's)
EXTRA = {"ptensor.linalg": pt._np_linalg.LINALG, "ptensor.fft": pt._np_fft.__all__}

# data, not functions: documented in the reference's text, no docstring of their own
DATA = {"e", "inf", "nan", "pi", "newaxis", "bool", "int8", "int16", "int32", "int64", "uint8",
        "uint16", "uint32", "uint64", "float32", "float64", "complex64", "complex128", "linalg",
        "io"}

# public names whose docstrings have no executed example yet (tests/python/test_docstrings.py
# fails when one gains an example and stays here, or a new name lacks one)
WITHOUT_EXAMPLE: list[str] = []


def docstring(obj):
    """The text users see from help(obj) (inspect.getdoc: a ufunc's is its instance's, a
    grid's its class's), "" where there is none."""
    return inspect.getdoc(obj) or ""


def documented():
    """[(qualified name, object)] of every documented public name, in a stable order."""
    out = []
    for modname, mod in MODULES:
        for name in sorted([*mod.__all__, *EXTRA.get(modname, [])]):
            if modname == "ptensor" and name in DATA:
                continue
            out.append((f"{modname}.{name}", getattr(mod, name)))
    for name in sorted(dir(pt.Array)):  # (its own and its bases' attributes, not object's)
        if not name.startswith("_") and not hasattr(object, name):
            out.append((f"ptensor.Array.{name}", inspect.getattr_static(pt.Array, name)))
    return out
