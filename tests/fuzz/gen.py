"""Random programs for the differential fuzzer (see README.md here).

A program is a list of Python statements over `xp`, the namespace under test (numpy or
ptensor), and `np` (NumPy, which builds the inputs). Its variables are a0, a1, ...;
`S.append(np.array(aK))` is a materialization point whose value is compared too.

Each candidate statement is run on NumPy while the program is generated and kept only when
NumPy accepts it and its values are defined: no float->int cast of NaN or out-of-range values,
no integer warning (division by zero, INT_MIN // -1), no shift by the bit width or more, no
overflowing integer power. Documented deviations of ptensor (README.md, "Choices and known
deviations") are not generated: float16 results, integer `reciprocal`, complex values cast
or assigned to real arrays, complex division by zero, ordering of complex numbers.

Writes (`aK[key] = v`, `aK += v`) must change the same arrays on both sides. ptensor's views
are basic indexing, squeeze, flip and expand_dims (each variable's `root` is the variable whose
storage it views); NumPy also returns views from reshape, permute_dims, broadcast_to, real,
... where ptensor makes new arrays, so a write is generated only when every live variable
sharing memory with its target (in NumPy) has the target's root.
"""
from __future__ import annotations

import math
import random
import re
import warnings

import numpy as np

DTYPES = ("bool", "int8", "int16", "int32", "int64", "uint8", "uint16", "uint32", "uint64",
          "float32", "float64", "complex64", "complex128")
DTYPE_WEIGHTS = (3, 2, 1, 1, 3, 2, 1, 1, 1, 3, 5, 1, 1)
VAR = re.compile(r"a(\d+)$")

UNARY = ("abs", "acos", "acosh", "asin", "asinh", "atan", "atanh", "bitwise_invert", "ceil",
         "cos", "cosh", "exp", "expm1", "floor", "log", "log1p", "log2", "log10", "negative",
         "positive", "round", "sign", "sin", "sinh", "sqrt", "square", "tan", "tanh", "trunc",
         "reciprocal", "conj", "real", "imag", "isnan", "isinf", "isfinite", "logical_not",
         "signbit")
BINARY = ("add", "subtract", "multiply", "divide", "floor_divide", "remainder", "pow",
          "maximum", "minimum", "bitwise_and", "bitwise_or", "bitwise_xor",
          "bitwise_left_shift", "bitwise_right_shift", "atan2", "hypot", "copysign",
          "logaddexp", "nextafter", "equal", "not_equal", "less", "less_equal", "greater",
          "greater_equal", "logical_and", "logical_or", "logical_xor")
OPERATORS = {"+": "add", "-": "subtract", "*": "multiply", "/": "divide", "//": "floor_divide",
             "%": "remainder", "**": "pow", "&": "bitwise_and", "|": "bitwise_or",
             "^": "bitwise_xor", "<<": "bitwise_left_shift", ">>": "bitwise_right_shift",
             "<": "less", "<=": "less_equal", ">": "greater", ">=": "greater_equal",
             "==": "equal", "!=": "not_equal"}
UNARY_OPERATORS = {"negative": "-{}", "positive": "+{}", "bitwise_invert": "~{}", "abs": "abs({})"}
IN_PLACE = ("+", "-", "*", "/", "//", "%", "**", "&", "|", "^", "<<", ">>")
REDUCTIONS = ("sum", "prod", "max", "min", "mean", "any", "all", "var", "std")
# Results that may differ from NumPy's in the last bits (another libm, summation order,
# complex arithmetic in double precision): their variables are "inexact" (Generator.inexact)
INEXACT_FUNCS = {"acos", "acosh", "asin", "asinh", "atan", "atanh", "cos", "cosh", "exp",
                 "expm1", "log", "log1p", "log2", "log10", "sin", "sinh", "tan", "tanh", "pow",
                 "atan2", "hypot", "logaddexp", "sum", "prod", "mean", "var", "std", "matmul",
                 "reciprocal", "divide", "multiply", "square", "median", "nanmean", "nansum",
                 "nanstd", "average", "dot", "isclose", "cumsum", "cumprod", "nanprod",
                 "reduce", "accumulate", "outer", "ptp"}
INEXACT_OPERATORS = ("@", "**", "*", "/")
NAME = re.compile(r"\ba\d+\b")
CALL = re.compile(r"xp\.(\w+)\(")
FFT = re.compile(r"xp\.fft\.(i?r?fftn?|hfft|ihfft)\(")  # the transforms (not the shifts)
ULPS = 8  # how far an inexact value may be from NumPy's, in units of its dtype's eps
MAX_SIZE = 100_000  # elements of one result: broadcasting can multiply sizes (seed 600369:
                    # where() of three arrays made 255 million, seconds per candidate)

# How Generator.perturbed moves inexact values: signs repeated over the elements, or ramps
PATTERNS = ((1.0,), (-1.0,), (1.0, -1.0), (-1.0, 1.0),
            tuple(np.random.default_rng(0).choice((-1.0, 1.0), 64)), "ramp", "-ramp")


def flip_zeros(x):
    """x with the sign of every zero (part) flipped."""
    if x.dtype.kind == "c":
        out = np.empty_like(x)
        out.real, out.imag = flip_zeros(x.real), flip_zeros(x.imag)
        return out
    return np.where(x == 0, -x, x).astype(x.dtype)


# ptensor does not order complex numbers (README: the standard leaves it undefined)
ORDERING = ("maximum", "minimum", "less", "less_equal", "greater", "greater_equal", "max", "min")


def generate(seed: int) -> list[str]:
    """The program of this seed (the same on every machine and MPI rank)."""
    return Generator(seed).program()


def literal(x) -> str:
    """Python source for a scalar (nan and inf as np.nan, np.inf)."""
    if isinstance(x, complex):
        return f"complex({literal(x.real)}, {literal(x.imag)})"
    if isinstance(x, float) and not math.isfinite(x):
        return "np.nan" if math.isnan(x) else ("np.inf" if x > 0 else "-np.inf")
    return repr(x)


def array_source(a: np.ndarray) -> str:
    """NumPy source that builds array a."""
    dtype = f"dtype=np.{a.dtype.name}"
    if a.size == 0:
        return f"np.zeros({a.shape}, {dtype})"
    values = [literal(v) for v in a.ravel().tolist()]
    if a.ndim == 0:
        return f"np.array({values[0]}, {dtype})"
    text = f"np.array([{', '.join(values)}], {dtype})"
    return text if a.ndim == 1 else f"{text}.reshape({a.shape})"


def cast_defined(value, dtype) -> bool:
    """Whether casting value (an array or scalar) to dtype has a defined result: complex only
    to complex or bool (ptensor raises TypeError for complex to real, README), no NaN, inf or
    out-of-range float to integer."""
    value, dtype = np.asarray(value), np.dtype(dtype)
    if value.dtype.kind == "c":
        return dtype.kind in "cb"
    if value.dtype.kind == "f" and dtype.kind in "iu":
        info, t = np.iinfo(dtype), np.trunc(value.astype(np.float64))
        return bool(np.all(np.isfinite(t) & (t >= info.min) & (t <= float(info.max))))
    return True


def binary_defined(name, x, y, result) -> bool:
    """Whether the binary op `name` on NumPy values x, y has defined, documented results."""
    if name in ORDERING and "c" in (np.asarray(x).dtype.kind, np.asarray(y).dtype.kind):
        return False
    if name in ("bitwise_left_shift", "bitwise_right_shift"):
        bits = 8 * np.asarray(result).dtype.itemsize
        return bool(np.all((np.asarray(y) >= 0) & (np.asarray(y) < bits)))
    if name == "copysign" and np.any(np.isnan(y)):  # a NaN's sign is unspecified (README)
        return False
    if name == "pow" and any(isinstance(v, np.ndarray) and v.dtype == np.bool_ for v in (x, y)) \
            and any(type(v) is int for v in (x, y)):  # int64, NumPy's power int8 (README; seed 8995)
        return False
    if name == "pow" and np.ndim(y) == 0 and np.asarray(y).dtype.kind == "f" and y == 0.5 and \
            np.any(np.isneginf(x) | ((np.asarray(x) == 0) & np.signbit(x))):
        return False  # NumPy's sqrt for a scalar 0.5 (README; seed 500662)
    kind = np.asarray(result).dtype.kind
    if name == "pow" and kind in "iu":
        return int_pow_fits(x, y, result.dtype)
    if name in ("divide", "pow") and kind == "c":  # C99 infinities vs NumPy's NaN parts
        d = np.asarray(y if name == "divide" else x)
        return bool(np.all((d != 0) & np.isfinite(d)))
    return True


def int_pow_fits(x, y, dtype) -> bool:
    """Whether integer x ** y stays in dtype's range (NumPy wraps, ptensor need not)."""
    info = np.iinfo(dtype)
    for b, e in np.broadcast(np.asarray(x), np.asarray(y)):
        b, e = int(b), int(e)
        if abs(b) > 1 and e > 64 or not info.min <= b ** e <= info.max:
            return False
    return True


class Generator:
    """Builds one random program, statement by statement, checking each on NumPy."""

    def __init__(self, seed: int):
        self.rng = random.Random(seed)
        self.lines: list[str] = []
        self.env = {"xp": np, "np": np, "S": []}  # the program's state on NumPy
        self.root: dict[str, str] = {}  # variable -> the variable whose storage it views
        self.inexact: set[str] = set()  # storage (roots) whose values may differ in last bits
        self.next_id = 0
        self.ops = {self.input: 2, self.create: 1, self.unary: 3, self.binary: 5,
                    self.reduce: 2, self.getitem: 3, self.setitem: 3, self.in_place: 1,
                    self.mask_get: 1, self.mask_set: 1, self.index_get: 1, self.index_set: 1,
                    self.reshape: 1, self.permute: 1, self.view_op: 1.5, self.roll: 0.5,
                    self.join: 1, self.broadcast: 0.5, self.sort: 1, self.cumulative: 1,
                    self.matmul: 1, self.astype: 1, self.where: 1, self.clip: 0.5,
                    self.searchsorted: 0.5, self.argmax: 0.5, self.snapshot: 1.5,
                    self.delete: 0.3, self.isin: 0.4, self.fourier: 0.5,
                    self.numpy_api: 1.5, self.loop: 1.5}

    def program(self) -> list[str]:
        length = self.rng.randint(6, 30)
        for _ in range(self.rng.randint(1, 3)):
            self.input()
        ops, weights = list(self.ops), list(self.ops.values())
        for _ in range(20 * length):
            if len(self.lines) >= length:
                break
            self.rng.choices(ops, weights)[0]()
        return self.lines

    # --- running candidates on NumPy ---

    def run_numpy(self, stmt):
        """Run stmt on the NumPy state: (accepted, [(warning category, message)])."""
        with warnings.catch_warnings(record=True) as caught, np.errstate(all="warn"):
            warnings.simplefilter("always")
            try:
                exec(stmt, self.env)
            except Exception:
                return False, []
        return True, [(w.category, str(w.message)) for w in caught]

    @staticmethod
    def warnings_ok(caught, dtype) -> bool:
        """Float warnings (overflow, invalid) are fine: IEEE defines the values; integer ones
        (division by zero, overflow of INT_MIN // -1) and invalid casts are not."""
        return all(cat is RuntimeWarning and "cast" not in msg and dtype.kind in "fc"
                   for cat, msg in caught)

    def keep(self, expr, *, view_of=None, check=None) -> bool:
        """Append `aN = expr` if NumPy gives a defined array result (a view of view_of's
        storage when given); check(value) may reject it, and so does ill-conditioning: a
        result of inexact operands that changes when they move by a few ulps."""
        name = f"a{self.next_id}"
        ok, caught = self.run_numpy(f"{name} = {expr}")
        value = self.env.get(name)
        kinds = np.ndarray if view_of else (np.ndarray, np.generic)  # (a view is no scalar)
        tainted = self.tainted(expr)
        if not (ok and isinstance(value, kinds) and value.dtype.name in DTYPES
                and value.size <= MAX_SIZE
                and self.warnings_ok(caught, value.dtype) and (check is None or check(value))
                and (not tainted or self.well_conditioned(expr, tainted, value))):
            self.env.pop(name, None)
            return False
        self.lines.append(f"{name} = {expr}")
        self.root[name] = self.root[view_of] if view_of else name
        if value.dtype.kind in "fc" and (tainted or self.makes_inexact(expr)):
            self.inexact.add(self.root[name])
        self.next_id += 1
        return True

    # --- values that may differ from NumPy's in the last bits ---

    def tainted(self, stmt) -> list[str]:
        """The variables stmt reads whose values are inexact."""
        return [v for v in NAME.findall(stmt) if self.root.get(v, v) in self.inexact]

    @staticmethod
    def makes_inexact(stmt) -> bool:
        return any(f in INEXACT_FUNCS for f in CALL.findall(stmt)) or \
            any(f" {op} " in stmt or f" {op}= " in stmt for op in INEXACT_OPERATORS) or \
            FFT.search(stmt) is not None  # (`a **= b` too: seed 1800133)

    def well_conditioned(self, expr, tainted, value) -> bool:
        """Whether expr's result stays (integers, bools exactly; floats within a tenth of
        run.py's tolerance) when its inexact operands move by ULPS ulps, all up, all down or
        element by element up or down: a
        comparison, a cast to int, a sort order or a count of unique values of nearly equal
        numbers would otherwise compare ptensor's rounding with NumPy's."""
        for pattern in PATTERNS:
            env = self.perturbed(self.env, tainted, pattern)
            with warnings.catch_warnings(), np.errstate(all="ignore"):
                warnings.simplefilter("ignore")
                try:
                    moved = eval(expr, env)
                except Exception:
                    return False
            if not self.stays(value, np.asarray(moved)):
                return False
        return True

    @staticmethod
    def perturbed(env, tainted, pattern):
        """env with copies of the tainted inexact arrays moved by ULPS ulps (pattern: the
        signs, repeated over the elements; "ramp" / "-ramp": from -1 to 1 / 1 to -1 over the
        elements in order, which separates ties (argmax of two equal stds, fuzz seed
        1700465), and the signs of zeros flipped, real and imaginary parts apart (asin of
        8 -+ 0j, seed 1800133))."""
        env = dict(env)
        for v in set(tainted):
            x = env.get(v)
            if isinstance(x, (np.ndarray, np.generic)) and x.dtype.kind in "fc":
                with np.errstate(all="ignore"):
                    env[v] = Generator.moved(x, pattern)
        return env

    @staticmethod
    def moved(x, pattern):
        """x moved by ULPS ulps in `pattern` (see perturbed)."""
        eps = np.finfo(x.dtype).eps
        if isinstance(pattern, str):
            d = np.linspace(-1.0, 1.0, max(x.size, 1))[:x.size].reshape(x.shape)
            d = -d if pattern.startswith("-") else d
            x = flip_zeros(x)
        else:
            d = np.resize(np.asarray(pattern), x.shape) if x.ndim else pattern[0]
        return (x * (1 + d * ULPS * eps)).astype(x.dtype)

    @staticmethod
    def stays(value, moved) -> bool:
        """Whether moved equals value: integers and bools exactly, floats within a tenth of
        run.py's tolerance, with the same non-finite positions."""
        if moved.shape != value.shape or moved.dtype != value.dtype:
            return False
        if value.dtype.kind in "fc":
            fin = np.isfinite(value)
            if np.any(fin != np.isfinite(moved)):
                return False
            wide = value.dtype.itemsize // (2 if value.dtype.kind == "c" else 1) >= 8
            rtol = 1e-7 if wide else 1e-4
            scale = np.max(np.abs(value), where=fin, initial=1.0)
            with np.errstate(all="ignore"):
                far = np.abs(moved - value) > rtol * np.maximum(np.abs(value), scale)
            return not np.any(far & fin)
        return not np.any(moved != value)

    def write_well_conditioned(self, stmt, target, tainted) -> bool:
        """Whether the array target holds after stmt (an in-place operator or an assignment
        into it) stays when stmt's inexact operands move by a few ulps (well_conditioned for
        writes: ``x %= 0.25`` of a product that differs in its last bit, fuzz seed 19)."""
        def after(env):
            env = {k: (np.array(v) if isinstance(v, np.ndarray) else v) for k, v in env.items()}
            with warnings.catch_warnings(), np.errstate(all="ignore"):
                warnings.simplefilter("ignore")
                exec(stmt, env)
            return np.asarray(env[target])
        try:
            value = after(self.env)
            return all(self.stays(value, after(self.perturbed(self.env, tainted, p)))
                       for p in PATTERNS)
        except Exception:  # noqa: BLE001
            return False

    def write(self, stmt, target) -> bool:
        """Append a statement that writes into target's storage, if that changes the same
        variables in ptensor as in NumPy and NumPy accepts it."""
        t = self.env[target]
        if not isinstance(t, np.ndarray) or any(
                self.root[v] != self.root[target] and np.may_share_memory(self.env[v], t)
                for v in self.live()):
            return False
        tainted = self.tainted(stmt.split(" = ", 1)[-1] if " = " in stmt else stmt)
        if tainted and t.dtype.kind not in "fc":  # (an inexact value cast to int or bool)
            return False
        if tainted and not self.write_well_conditioned(stmt, target, tainted):
            return False
        ok, caught = self.run_numpy(stmt)
        if ok and self.warnings_ok(caught, t.dtype):
            self.lines.append(stmt)
            if tainted or self.makes_inexact(stmt):
                self.inexact.add(self.root[target])
            return True
        if ok:  # written, but rejected: rebuild the NumPy state without it
            self.env = {"xp": np, "np": np, "S": []}
            for line in self.lines:
                self.run_numpy(line)
        return False

    # --- random pieces ---

    def live(self) -> list[str]:
        return sorted((k for k in self.env if VAR.match(k)), key=lambda k: int(k[1:]))

    def pick(self, ok=lambda v: True):
        """A live variable whose value passes ok, recent ones more likely; None if none."""
        names = [k for k in self.live() if ok(self.env[k])]
        if not names:
            return None
        return self.rng.choices(names, range(1, len(names) + 1))[0]

    def pick_broadcastable(self, shape, ok=lambda v: True):
        """A live variable whose shape broadcasts with shape (same shape preferred)."""
        same = self.pick(lambda v: ok(v) and v.shape == shape)
        if same and self.rng.random() < 0.6:
            return same
        return self.pick(lambda v: ok(v) and broadcasts(v.shape, shape))

    def dtype(self) -> str:
        return self.rng.choices(DTYPES, DTYPE_WEIGHTS)[0]

    def shape(self, ndim=None) -> tuple:
        r = self.rng
        ndim = r.choices(range(5), (2, 5, 6, 3, 1))[0] if ndim is None else ndim
        dims = [r.choices((0, 1, 2, 3, 4, 5, 7), (1, 4, 4, 4, 3, 2, 1))[0] for _ in range(ndim)]
        while math.prod(dims) > 64:
            dims[dims.index(max(dims))] //= 2
        return tuple(dims)

    def scalar(self, dtype):
        """A random Python value of dtype's kind: mostly small, exactly representable."""
        r, dtype = self.rng, np.dtype(dtype)
        if dtype.kind == "b":
            return r.random() < 0.5
        if dtype.kind in "iu":
            info = np.iinfo(dtype)
            if r.random() < 0.05:
                return r.choice((int(info.min), int(info.max)))
            return r.randint(max(int(info.min), -8), min(int(info.max), 8))
        if dtype.kind == "f":
            if r.random() < 0.1:
                return r.choice((math.nan, math.inf, -math.inf, -0.0, 0.0))
            return r.randint(-40, 40) / 4
        return complex(r.randint(-12, 12) / 4, r.randint(-12, 12) / 4)

    def operand_scalar(self, dtype) -> str:
        """A Python scalar operand for an array of dtype (sometimes of another kind)."""
        kind = self.rng.choice(("bool", "int64", "float64", np.dtype(dtype).name))
        return literal(self.scalar("int8" if kind == "int64" else kind))

    def array_literal(self, shape, dtype) -> str:
        """NumPy source for a random array of this shape and dtype."""
        values = [self.scalar(dtype) for _ in range(math.prod(shape))]
        return array_source(np.array(values, dtype=dtype).reshape(shape))

    def slice_text(self, n) -> str:
        r = self.rng
        bounds = ["" if r.random() < 0.4 else str(r.randint(-n - 2, n + 2)) for _ in "ab"]
        step = r.choice((None, None, 1, 2, 3, -1, -1, -2, -3, 5, -7, 100))
        return ":".join(bounds + ([] if step is None else [str(step)]))

    def basic_key(self, shape) -> str:
        """A basic index (ints, slices, None, ...) of an array of shape, never all ints (NumPy
        would return a scalar copy where ptensor returns a 0-d view)."""
        r = self.rng
        parts = []
        for n in shape:
            c = r.random()
            parts.append(str(r.randint(-n, n - 1)) if c < 0.25 and n > 0
                         else ":" if c < 0.4 else self.slice_text(n))
        if parts and r.random() < 0.3:
            parts = parts[:r.randint(0, len(parts))]
        if r.random() < 0.25:
            i = r.randint(0, len(parts))
            parts[i:r.randint(i, len(parts))] = ["..."]
        for _ in range(r.choice((0, 0, 0, 1, 2))):
            parts.insert(r.randint(0, len(parts)), "None")
        if all(p.lstrip("-").isdigit() for p in parts) and len(parts) == len(shape):
            parts.append("...")
        return ", ".join(parts) or "..."

    def index_array(self, n, unique=False) -> str:
        """An int64 index array (1-D, sometimes 2-D) of valid indices of an axis of length n."""
        r = self.rng
        if n == 0 or r.random() < 0.08:
            return "xp.asarray(np.zeros(0, dtype=np.int64))"
        if unique:
            values = r.sample(range(n), r.randint(1, min(n, 5)))
            values = [v - n if r.random() < 0.3 else v for v in values]
        else:
            values = [r.randint(-n, n - 1) for _ in range(r.randint(1, 5))]
        if not unique and len(values) % 2 == 0 and r.random() < 0.3:
            return f"xp.asarray(np.array({values}).reshape(2, -1))"
        return f"xp.asarray(np.array({values}))"

    def axis(self, ndim):
        """None, an axis (maybe negative) or a tuple of distinct axes of ndim."""
        r = self.rng
        c = r.random()
        if ndim == 0 or c < 0.25:
            return None
        if c < 0.8:
            return r.randint(-ndim, ndim - 1)
        return tuple(r.sample(range(ndim), r.randint(1, ndim)))

    def mask_text(self, name) -> str:
        """A boolean mask for variable name: a bool variable of a leading part of its shape,
        or a comparison of name with a scalar."""
        shape = self.env[name].shape
        m = self.pick(lambda v: v.dtype == bool and v.shape == shape[:v.ndim])
        if m and self.rng.random() < 0.5:
            return m
        dtype = self.env[name].dtype
        op = self.rng.choice(("!=", "==") if dtype.kind == "c" else ("<", ">", "!=", "=="))
        return f"{name} {op} {literal(self.scalar(dtype))}"

    def value_for(self, target_dtype, shape, apart_from=None) -> str | None:
        """Something to assign to a selection of shape: a scalar or a variable broadcasting
        to shape (sharing no memory with apart_from, if given), whose cast to target_dtype
        is defined; None if there is none."""
        if self.rng.random() < 0.5:
            text = literal(self.scalar(self.rng.choice((target_dtype.name, "float64"))))
        else:
            text = self.pick(lambda v: broadcasts_to(v.shape, shape) and (
                apart_from is None or not np.may_share_memory(v, apart_from)))
        if text is None or not cast_defined(eval(text, self.env), target_dtype):
            return None
        return text

    # --- the operations ---

    def input(self, shape=None, dtype=None) -> bool:
        r = self.rng
        dtype = dtype or self.dtype()
        if shape is None and r.random() < 0.05 and dtype != "bool":
            n = r.randint(1000, 3000)  # larger: sort's radix path, several blocks per rank
            shape = r.choice(((n,), (n // 10, 10)))
            # a pseudo-random permutation of -50..50, as dtype
            return self.keep(f"xp.asarray(((np.arange({math.prod(shape)}) * 7919 % 101) - 50)"
                             f".astype(np.{dtype}).reshape({shape}))")
        shape = self.shape() if shape is None else shape
        return self.keep(f"xp.asarray({self.array_literal(shape, dtype)})")

    def create(self) -> bool:
        r, dtype, shape = self.rng, self.dtype(), self.shape()
        kind = r.choice(("zeros", "ones", "full", "arange", "linspace", "eye", "like"))
        if kind in ("zeros", "ones"):
            return self.keep(f"xp.{kind}({shape}, dtype=xp.{dtype})")
        if kind == "full":
            return self.keep(f"xp.full({shape}, {literal(self.scalar(dtype))}, dtype=xp.{dtype})")
        if kind == "arange":
            start, stop, step = r.randint(-5, 5), r.randint(-5, 20), r.choice((1, 1, 2, 3, -1, -2))
            return self.keep(f"xp.arange({start}, {stop}, {step}, dtype=xp.{dtype})")
        if kind == "linspace":
            dtype = r.choice(("float32", "float64", "complex128"))
            a, b = (literal(self.scalar(dtype)) for _ in "ab")
            return self.keep(f"xp.linspace({a}, {b}, {r.randint(0, 9)}, "
                             f"endpoint={r.random() < 0.7}, dtype=xp.{dtype})",
                             check=lambda v: bool(np.all(np.isfinite(v))))
        if kind == "eye":
            n, m, k = r.randint(0, 5), r.randint(0, 5), r.randint(-3, 3)
            return self.keep(f"xp.eye({n}, {m}, k={k}, dtype=xp.{dtype})")
        x = self.pick()
        return x is not None and self.keep(
            f"xp.full_like({x}, {literal(self.scalar(self.env[x].dtype))})")

    def unary(self) -> bool:
        x = self.pick()
        if x is None:
            return False
        name, kind = self.rng.choice(UNARY), self.env[x].dtype.kind
        if name == "reciprocal" and (kind in "biu" or kind == "c" and not np.all(
                (self.env[x] != 0) & np.isfinite(self.env[x]))):  # C99's zeros, infinities
            return False
        if name in ("expm1", "tanh") and kind == "c" and not np.all(np.isfinite(self.env[x])):
            return False  # the standard's special cases at infinities (docs/deviations.md)
        if name == "conj" and kind == "b":  # bool stays bool in ptensor (README), int8 in NumPy
            return False
        if name == "signbit" and np.any(np.isnan(self.env[x])):  # a NaN's sign (README)
            return False
        if name in UNARY_OPERATORS and self.rng.random() < 0.3:
            return self.keep(UNARY_OPERATORS[name].format(x))
        return self.keep(f"xp.{name}({x})")

    def binary_operands(self):
        """((x source, x value), (y source, y value)) for a binary op: x a variable, y a
        variable broadcasting with it or a Python scalar; None if there are no variables."""
        x = self.pick()
        if x is None:
            return None
        if self.rng.random() < 0.3:
            y = self.operand_scalar(self.env[x].dtype)
            return (x, self.env[x]), (y, eval(y, self.env))
        y = self.pick_broadcastable(self.env[x].shape)
        return (x, self.env[x]), (y, self.env[y])

    def binary(self) -> bool:
        operands = self.binary_operands()
        if operands is None:
            return False
        if self.rng.random() < 0.4:
            op = self.rng.choice(list(OPERATORS))
            name, expr = OPERATORS[op], f"{operands[0][0]} {op} {operands[1][0]}"
        else:
            name = self.rng.choice(BINARY)
            if self.rng.random() < 0.2:
                operands = operands[::-1]
            expr = f"xp.{name}({operands[0][0]}, {operands[1][0]})"
        (_, x), (_, y) = operands
        return self.keep(expr, check=lambda v: binary_defined(name, x, y, v))

    def in_place(self) -> bool:
        operands = self.binary_operands()
        if operands is None:
            return False
        (x, x_value), (y, y_value) = operands
        op = self.rng.choice(IN_PLACE)
        with warnings.catch_warnings(), np.errstate(all="ignore"):
            warnings.simplefilter("ignore")
            try:
                result = eval(f"{x} {op} {y}", self.env)
            except Exception:
                return False
        return binary_defined(OPERATORS[op], x_value, y_value, result) \
            and self.write(f"{x} {op}= {y}", x)

    def reduce(self) -> bool:
        x = self.pick()
        if x is None:
            return False
        name, ndim = self.rng.choice(REDUCTIONS), self.env[x].ndim
        if name in ORDERING and self.env[x].dtype.kind == "c":
            return False
        args = [x, f"axis={self.axis(ndim)}"]
        if self.rng.random() < 0.3:
            args.append("keepdims=True")
        if name in ("var", "std") and self.rng.random() < 0.5:
            args.append("correction=1")
        alike = self.accumulates_alike(name, x, args)
        resolved = self.above_noise(name, x, args)
        return self.keep(f"xp.{name}({', '.join(args)})",
                         check=lambda v: (alike is None or alike(v)) and resolved(v))

    def above_noise(self, name, x, args):
        """A check that a sum, mean, var or std with a float result is not at the level of
        its rounding noise (n eps max|x| per element; max|x|^2 for var): there its value, and
        even its being 0, depend on the summation order (fuzz seed 2101988: NumPy's mean of a
        constant 2.5j is 2.5000000000000004j, so its std is 4.5e-16 where ptensor's is 0, and
        std / std was 1.0 against NaN). var and std are checked at 0 too; sum and mean at 0
        only when x holds inexact values or numbers beyond float64's exact integers."""
        xv = self.env[x]
        if name not in ("sum", "mean", "var", "std"):
            return lambda v: True
        axes = ", ".join(a for a in args[1:] if not a.startswith("correction"))
        tainted = bool(self.tainted(x))

        def check(value):
            value = np.asarray(value)
            if value.dtype.kind not in "fc" or value.size == 0 or xv.size == 0:
                return True
            with np.errstate(all="ignore"):
                scale = np.asarray(eval(f"np.max(np.abs(x).astype(np.float64), {axes})",
                                        {"np": np, "x": xv}))
                n = xv.size / value.size
                eps = np.finfo(value.dtype).eps
                noise = 1e3 * n * eps * (scale ** 2 if name == "var" else scale)
                mag = np.abs(value)
                fin = np.isfinite(mag) & np.isfinite(noise)
                small = fin & (mag <= noise) & (scale > 0)
                if name in ("sum", "mean") and not tainted:
                    # exact sums of the generator's numbers, unless they are beyond float64's
                    # integers (seed 2206176: a mean of int64s with 2**63 - 1 and -2**63 is
                    # 0.0 in NumPy's float64 order and -1/48 in ptensor's)
                    small &= (mag > 0) | (scale * n >= 2.0 ** 50)
            return not np.any(small)
        return check

    def accumulates_alike(self, name, x, args):
        """For a float32 / complex64 sum, prod, mean, var or std: a check that NumPy's result
        has the NaNs and infinities of the same reduction accumulated in double precision
        (README: ptensor accumulates float32 in float64; NumPy's float32 partial products
        overflow to inf, and inf * 0 to NaN, where the wide ones stay finite: seed 8445)."""
        dtype = self.env[x].dtype
        if name not in ("sum", "prod", "mean", "var", "std") or \
                dtype not in (np.float32, np.complex64):
            return None
        wide = "np.complex128" if dtype.kind == "c" else "np.float64"
        expr = f"np.{name}({x}.astype({wide}), {', '.join(args[1:])})"

        def check(value):
            with np.errstate(all="ignore"):
                w = np.asarray(eval(expr, {**self.env, "np": np})).astype(value.dtype)
            return np.array_equal(np.isnan(w), np.isnan(value)) and \
                np.array_equal(np.isinf(w), np.isinf(value))
        return check

    def getitem(self) -> bool:
        x = self.pick(lambda v: isinstance(v, np.ndarray))
        return x is not None and self.keep(f"{x}[{self.basic_key(self.env[x].shape)}]",
                                           view_of=x)

    def setitem(self) -> bool:
        x = self.pick(lambda v: isinstance(v, np.ndarray))
        if x is None:
            return False
        return self.assign(x, self.basic_key(self.env[x].shape))

    def assign(self, x, key) -> bool:
        """x[key] = a value of the selection's shape (x's dtype)."""
        try:
            shape = eval(f"{x}[{key}]", self.env).shape
        except IndexError:
            return False
        value = self.value_for(self.env[x].dtype, shape)
        return value is not None and self.write(f"{x}[{key}] = {value}", x)

    def mask_get(self) -> bool:
        x = self.pick()
        return x is not None and self.keep(f"{x}[{self.mask_text(x)}]")

    def mask_set(self) -> bool:
        x = self.pick(lambda v: isinstance(v, np.ndarray))
        if x is None:
            return False
        mask = self.mask_text(x)
        if mask in self.env and np.may_share_memory(self.env[mask], self.env[x]):
            return False  # NumPy reads such a mask while it writes through it (seed 1100183:
            # a4 = flip(a3); a4[a3] = 0 cleared half of a3; ptensor reads the mask first)
        with np.errstate(all="ignore"):
            m = eval(mask, self.env)
            shape = self.env[x][m].shape
        # a mask of inexact values must select the same elements when they move by a few ulps
        # (seed 50058 under 3 ranks: a distributed cumulative_sum gave 6.000000000000014 where
        # NumPy's sequential one gave 6.0, and `x[x > 6.0] = v` wrote one element more)
        tainted = self.tainted(mask)
        if tainted and not self.well_conditioned(mask, tainted, np.asarray(m)):
            return False
        # NumPy writes a mask's selection element by element, reading a value that overlaps x
        # as it changes (index arrays and slices read it first, as ptensor does)
        value = self.value_for(self.env[x].dtype, shape, apart_from=self.env[x])
        return value is not None and self.write(f"{x}[{mask}] = {value}", x)

    def index_key(self, shape, unique=False) -> str:
        """A key with integer arrays: x[i], x[:, i], x[i, 1:], x[i, j]."""
        r = self.rng
        form = r.choice(("first", "second", "slice", "two")) if len(shape) >= 2 else "first"
        if form == "first":
            return self.index_array(shape[0], unique)
        if form == "second":
            return f":, {self.index_array(shape[1], unique)}"
        if form == "slice":
            return f"{self.index_array(shape[0], unique)}, {self.slice_text(shape[1])}"
        n = r.randint(1, min(shape[0], shape[1], 3)) if min(shape[:2]) else 0
        rows = r.sample(range(shape[0]), n)
        cols = r.sample(range(shape[1]), n) if unique else [r.randrange(shape[1]) for _ in rows]
        return f"xp.asarray(np.array({rows}, dtype=np.int64)), " \
               f"xp.asarray(np.array({cols}, dtype=np.int64))"

    def index_get(self) -> bool:
        x = self.pick(lambda v: v.ndim > 0)
        if x is None:
            return False
        shape = self.env[x].shape
        if self.rng.random() < 0.3:
            ax = self.rng.randrange(len(shape))
            idx = self.index_array(shape[ax]).replace(".reshape(2, -1)", "")
            return self.keep(f"xp.take({x}, {idx}, axis={ax})")
        return self.keep(f"{x}[{self.index_key(shape)}]")

    def index_set(self) -> bool:
        x = self.pick(lambda v: isinstance(v, np.ndarray) and v.ndim > 0)
        if x is None:
            return False
        return self.assign(x, self.index_key(self.env[x].shape, unique=True))

    def reshape(self) -> bool:
        x = self.pick()
        if x is None:
            return False
        r, size = self.rng, self.env[x].size
        dims, rest = [], size
        for _ in range(r.randint(0, 3)):
            d = r.choice([d for d in range(1, rest + 1) if rest % d == 0] if rest else [0, 1, 2])
            dims.append(d)
            rest = rest // d if d else rest
        dims.append(rest)
        if size and r.random() < 0.3:
            dims[r.randrange(len(dims))] = -1
        if r.random() < 0.15 and size == 1:
            dims = []
        r.shuffle(dims)
        return self.keep(f"xp.reshape({x}, {tuple(dims)})")

    def permute(self) -> bool:
        x = self.pick(lambda v: v.ndim >= 2)
        if x is None:
            return False
        if self.rng.random() < 0.3:
            return self.keep(f"xp.matrix_transpose({x})")
        axes = list(range(self.env[x].ndim))
        self.rng.shuffle(axes)
        return self.keep(f"xp.permute_dims({x}, {tuple(axes)})")

    def view_op(self) -> bool:
        """squeeze, flip, expand_dims: views in ptensor as in NumPy."""
        x = self.pick(lambda v: isinstance(v, np.ndarray))
        if x is None:
            return False
        r, shape = self.rng, self.env[x].shape
        op = r.choice(("squeeze", "flip", "expand_dims"))
        if op == "squeeze":
            ones = [i for i, n in enumerate(shape) if n == 1]
            if not ones:
                return False
            axis = tuple(r.sample(ones, r.randint(1, len(ones))))
            return self.keep(f"xp.squeeze({x}, axis={axis[0] if len(axis) == 1 else axis})",
                             view_of=x)
        if op == "flip":
            return self.keep(f"xp.flip({x}, axis={self.axis(len(shape))})", view_of=x)
        if r.random() < 0.3:  # a tuple of axes (the array API 2025.12)
            m = len(shape) + 2
            axes = tuple(a - m if r.random() < 0.4 else a for a in r.sample(range(m), 2))
            return self.keep(f"xp.expand_dims({x}, axis={axes})", view_of=x)
        return self.keep(f"xp.expand_dims({x}, axis={r.randint(-len(shape) - 1, len(shape))})",
                         view_of=x)

    def roll(self) -> bool:
        x = self.pick()
        if x is None:
            return False
        axis = self.axis(self.env[x].ndim)
        shift = tuple(self.rng.randint(-7, 7) for _ in axis) if isinstance(axis, tuple) \
            else self.rng.randint(-7, 7)
        return self.keep(f"xp.roll({x}, {shift}, axis={axis})")

    def join(self) -> bool:
        """concat or stack of a variable with others of a fitting shape, or with itself."""
        x = self.pick(lambda v: v.ndim > 0)
        if x is None:
            return False
        r, shape = self.rng, self.env[x].shape
        stack = r.random() < 0.4
        ax = r.randint(-len(shape) - stack, len(shape) - 1 + stack)
        if stack:
            fits = lambda v: v.shape == shape
        else:
            k = ax % len(shape)
            fits = lambda v: v.ndim == len(shape) and v.shape[:k] + v.shape[k + 1:] == \
                shape[:k] + shape[k + 1:]
        others = [self.pick(fits) or x for _ in range(r.randint(1, 2))]
        arrays = ", ".join([x] + others)
        if stack:
            return self.keep(f"xp.stack([{arrays}], axis={ax})")
        return self.keep(f"xp.concat([{arrays}], axis={None if r.random() < 0.1 else ax})")

    def broadcast(self) -> bool:
        x = self.pick()
        if x is None:
            return False
        r = self.rng
        lead = [r.randint(0, 3) for _ in range(r.choice((0, 1, 1, 2)))]
        shape = tuple(lead + [r.randint(0, 3) if n == 1 else n for n in self.env[x].shape])
        return self.keep(f"xp.broadcast_to({x}, {shape})")

    def sort(self) -> bool:
        x = self.pick(lambda v: v.ndim > 0)
        if x is None:
            return False
        ax = self.rng.randint(-self.env[x].ndim, self.env[x].ndim - 1)
        op = self.rng.choice(("sort", "argsort", "unique"))
        if op == "unique":  # NumPy 2's unique_values does not sort; ptensor's does
            return self.keep(f"xp.sort(xp.unique_values({x}))")
        stable = ", stable=True" if op == "argsort" else ""
        return self.keep(f"xp.{op}({x}, axis={ax}{stable})")

    # NumPy's namespace beyond the array API: (template, what the operand must be); {x} a
    # variable, {y} one broadcasting with it
    NUMPY_API = (
        ("xp.cumsum({x})", "any"), ("xp.cumprod({x})", "nd"), ("xp.ravel({x})", "any"),
        ("xp.transpose({x})", "any"), ("xp.atleast_2d({x})", "any"), ("xp.flipud({x})", "nd"),
        ("xp.sum({x}, 0)", "nd"), ("xp.std({x}, ddof=1)", "real"), ("xp.diff({x}, 1, -1)", "nd"),
        ("xp.round({x}, 2)", "float"), ("xp.nan_to_num({x})", "float"), ("xp.fix({x})", "float"),
        ("xp.nansum({x})", "float"), ("xp.nanmax({x})", "float"), ("xp.nanmean({x})", "float"),
        ("xp.median({x})", "real"), ("xp.ptp({x})", "real"), ("xp.sort({x}, None)", "real"),
        ("xp.isneginf({x})", "float"), ("xp.add.reduce({x}, axis=0)", "nd"),
        ("xp.maximum.accumulate({x}, axis=0)", "realnd"), ("xp.minimum.reduce({x}, axis=None)",
                                                           "real"),
        ("xp.hstack([{x}, {x}])", "nd"), ("xp.vstack([{x}, {x}])", "nd"),
        ("xp.fmax({x}, {y})", "real"), ("xp.fmin({x}, {y})", "real"),
        ("xp.heaviside({x}, 0.5)", "float"), ("xp.isclose({x}, {y})", "any"),
        ("xp.add.outer({x}, {y})", "any"), ("xp.where({x})[0]", "any"))

    def loop(self) -> bool:
        """A Python loop of 1-50 iterations over a target's rows or elements, the way NumPy code
        is written (the eager path's loops, cut pending chains): each iteration updates row i
        from itself and a scalar, from the row before it (a recurrence), or from a fixed row j
        of the target itself (aliasing: i == j once) or another array."""
        t = self.pick(lambda v: isinstance(v, np.ndarray) and v.ndim >= 1 and v.shape[0] >= 1
                      and v.dtype.kind in "biuf")
        if t is None:
            return False
        value = self.env[t]
        n, r = value.shape[0], self.rng
        # (scalars of the target's kind: `x[i] -= 1.5` of an int vector is NumPy's scalar
        # arithmetic, cast on assignment, where ptensor's 0-d views refuse the cast)
        c, d = (literal(self.scalar(value.dtype.name)) for _ in "cd")
        op = r.choice(("+", "-", "*"))
        if r.random() < 0.3:  # (the loop need not cover every row)
            n = r.randint(1, n)
        n = min(n, 50)
        shape = ", ..." if value.ndim > 1 and r.random() < 0.5 else ""
        body = r.choice(("self", "recurrence", "row", "other"))
        if body == "self":
            stmt = f"for i in range({n}): {t}[i{shape}] = {t}[i] {op} {c}"
        elif body == "recurrence":
            if n < 2:
                return False
            stmt = f"for i in range(1, {n}): {t}[i{shape}] {op}= {t}[i - 1] {op} {c}"
        elif body == "row":
            j = r.randrange(value.shape[0])
            stmt = f"for i in range({n}): {t}[i] {op}= {t}[{j}] {op} {d}"
        else:
            o = self.pick_broadcastable(value.shape[1:], lambda v: v.dtype.kind in "biuf")
            if o is None or self.root[o] == self.root[t]:
                return False
            stmt = f"for i in range({n}): {t}[i] {op}= {o} * {c}"
        return self.write(stmt, t)

    def numpy_api(self) -> bool:
        template, need = self.rng.choice(self.NUMPY_API)
        ok = {"any": lambda v: True, "nd": lambda v: v.ndim > 0,
              "real": lambda v: v.dtype.kind in "biuf" and v.size > 0,
              "realnd": lambda v: v.dtype.kind in "biuf" and v.ndim > 0,
              "float": lambda v: v.dtype.kind == "f"}[need]
        x = self.pick(ok)
        if x is None:
            return False
        y = x
        if "{y}" in template:
            y = self.pick_broadcastable(self.env[x].shape, ok) or x
            if "outer" in template and self.env[x].size * self.env[y].size > 4096:
                return False
        return self.keep(template.format(x=x, y=y))

    def cumulative(self) -> bool:
        x = self.pick(lambda v: v.ndim > 0)
        if x is None:
            return False
        name = self.rng.choice(("cumulative_sum", "cumulative_prod"))
        ax = self.rng.randint(-self.env[x].ndim, self.env[x].ndim - 1)
        initial = ", include_initial=True" if self.rng.random() < 0.3 else ""
        return self.keep(f"xp.{name}({x}, axis={ax}{initial})")

    def matmul(self) -> bool:
        x = self.pick(lambda v: v.ndim > 0)
        if x is None:
            return False
        shape = self.env[x].shape

        def fits(v):
            try:
                np.matmul(np.empty(shape, np.int8), np.empty(v.shape, np.int8))
            except ValueError:
                return False
            return True

        y = self.pick(fits)
        if y is None or self.rng.random() < 0.3:
            rows = (shape[-1],) if self.rng.random() < 0.2 else (shape[-1], self.rng.randint(0, 4))
            if not self.input(rows, self.rng.choice((self.env[x].dtype.name, self.dtype()))):
                return False
            y = f"a{self.next_id - 1}"
        a, b = self.env[x], self.env[y]
        return self.keep(f"{x} @ {y}" if self.rng.random() < 0.5 else f"xp.matmul({x}, {y})",
                         check=lambda v: self.sum_order_free(a, b, v))

    @staticmethod
    def sum_order_free(a, b, value) -> bool:
        """Whether a @ b (value, NumPy's) hardly depends on the order of its sums: ptensor
        sums in another order. Exact when every term and partial sum is an integer the result
        dtype holds exactly (|a| @ |b| < 2**mantissa); otherwise each element's magnitude
        must be at least 1/ULPS of |a| @ |b| (one rounding of the largest partial sum stays
        within ULPS ulps of it). Fuzz seed 1505533: a uint64 @ int32 (float64) element that
        cancels to 0 in NumPy's order and to -176 in ptensor's, then expm1."""
        if value.dtype.kind not in "fc" or value.size == 0:
            return True
        if value.dtype.kind == "c" and not (np.all(np.isfinite(a)) and np.all(np.isfinite(b))):
            return False  # zgemm's NaN parts from infinities: docs/deviations.md (seed 2104534)
        with np.errstate(all="ignore"):
            s = np.abs(a).astype(np.float64) @ np.abs(b).astype(np.float64)
            if not np.all(np.isfinite(s)):
                return True  # overflow: infinities compare by position
            mantissa = 24 if value.dtype in (np.float32, np.complex64) else 53
            whole = all(v.dtype.kind in "biu" or (v.dtype.kind == "f" and np.all(v == np.trunc(v)))
                        for v in (a, b))
            if whole and np.all(s < 2.0 ** mantissa):
                return True
            return bool(np.all(s <= ULPS * np.abs(value)))

    def astype(self) -> bool:
        x = self.pick()
        if x is None:
            return False
        dtype = self.dtype()
        return cast_defined(self.env[x], dtype) and self.keep(f"xp.astype({x}, xp.{dtype})")

    def where(self) -> bool:
        x = self.pick()
        if x is None:
            return False
        shape = self.env[x].shape
        cond = self.pick_broadcastable(shape, lambda v: v.dtype == bool)
        if cond is None or self.rng.random() < 0.3:
            cond = self.mask_text(x)
        # a scalar of x's dtype: NumPy's where wraps out-of-range Python ints (ptensor raises
        # OverflowError, as NumPy's operators do)
        y = self.pick_broadcastable(shape) if self.rng.random() < 0.7 \
            else literal(self.scalar(self.env[x].dtype))
        return self.keep(f"xp.where({cond}, {x}, {y})")

    def clip(self) -> bool:
        x = self.pick(lambda v: v.dtype.kind in "iuf")
        if x is None:
            return False
        dtype = self.env[x].dtype
        lo, hi = sorted(self.scalar(dtype) for _ in "ab") if dtype.kind in "iu" \
            else (self.scalar(dtype), self.scalar(dtype))
        args = [x] + [f"{k}={literal(v)}" for k, v in (("min", lo), ("max", hi))
                      if self.rng.random() < 0.8]
        return self.keep(f"xp.clip({', '.join(args)})")

    def searchsorted(self) -> bool:
        x = self.pick(lambda v: v.ndim == 1 and v.dtype.kind in "biuf")
        if x is None:
            return False
        kind = self.env[x].dtype.kind
        side = self.rng.choice(("left", "right"))
        if self.rng.random() < 0.3:  # a Python scalar (the array API 2025.12)
            v = literal(self.scalar(self.env[x].dtype))
        else:
            v = self.pick(lambda v: v.dtype.kind == kind)
        return v is not None and self.keep(f"xp.searchsorted(xp.sort({x}), {v}, side={side!r})")

    def isin(self) -> bool:
        """isin (the array API 2025.12) of two arrays of one kind, or of an array and a
        Python scalar either way round."""
        x = self.pick(lambda v: v.dtype.kind in "biuf")
        if x is None:
            return False
        r, dtype = self.rng, self.env[x].dtype
        invert = ", invert=True" if r.random() < 0.3 else ""
        if r.random() < 0.25:
            s = literal(self.scalar(dtype))
            pair = f"{x}, {s}" if r.random() < 0.5 else f"{s}, {x}"
            return self.keep(f"xp.isin({pair}{invert})")
        v = self.pick(lambda v: v.dtype.kind == dtype.kind)
        return v is not None and self.keep(f"xp.isin({x}, {v}{invert})")

    def fourier(self) -> bool:
        """pt.fft against numpy.fft: a transform along one axis (n cut or padded) or over
        some axes (s), a norm; or an fftshift / ifftshift. Real-input transforms take real
        arrays only (complex: TypeError in ptensor, NumPy drops nothing but errs too)."""
        x = self.pick(lambda v: v.ndim > 0 and v.size > 0)  # (NumPy's irfft of an empty
        if x is None:  # signal padded returns uninitialized memory: seed 1100388)
            return False
        v = self.env[x]
        r = self.rng
        if r.random() < 0.2:
            fn = r.choice(("fftshift", "ifftshift"))
            axes = "" if r.random() < 0.4 else f", axes={r.randint(-v.ndim, v.ndim - 1)}"
            return self.keep(f"xp.fft.{fn}({x}{axes})")
        one = ("fft", "ifft", "irfft", "hfft") + (("rfft", "ihfft") if v.dtype.kind != "c" else ())
        many = ("fftn", "ifftn", "irfftn") + (("rfftn",) if v.dtype.kind != "c" else ())
        norm = r.choice(("backward", "ortho", "forward"))
        if r.random() < 0.6:
            fn = r.choice(one)
            n = "" if r.random() < 0.5 else f"n={r.randint(1, 12)}, "
            return self.keep(f"xp.fft.{fn}({x}, {n}axis={r.randint(-v.ndim, v.ndim - 1)}, "
                             f"norm={norm!r})", check=_finite)
        fn = r.choice(many)
        axes = r.sample(range(v.ndim), r.randint(1, v.ndim))
        s = "" if r.random() < 0.5 else \
            f"s={tuple(r.choice((-1, r.randint(1, 9))) for _ in axes)}, "
        return self.keep(f"xp.fft.{fn}({x}, {s}axes={tuple(axes)}, norm={norm!r})",
                         check=_finite)

    def argmax(self) -> bool:
        x = self.pick(lambda v: v.dtype.kind != "c")
        if x is None:
            return False
        ndim = self.env[x].ndim
        axis = None if ndim == 0 or self.rng.random() < 0.3 else self.rng.randint(-ndim, ndim - 1)
        keepdims = ", keepdims=True" if self.rng.random() < 0.3 else ""
        return self.keep(f"xp.{self.rng.choice(('argmax', 'argmin'))}({x}, axis={axis}"
                         f"{keepdims})")

    def snapshot(self) -> bool:
        x = self.pick()
        if x is None:
            return False
        self.lines.append(f"S.append(np.array({x}))")
        self.env["S"].append(np.array(self.env[x]))
        return True

    def delete(self) -> bool:
        if len(self.live()) < 3:
            return False
        x = self.pick()
        self.lines.append(f"del {x}")
        del self.env[x]
        return True


def _finite(value) -> bool:
    """A transform of infinities or NaNs spreads NaN where the order of the butterflies
    decides (a team transforms axis by axis): only finite results are compared."""
    return bool(np.all(np.isfinite(value)))


def broadcasts(a, b) -> bool:
    try:
        np.broadcast_shapes(a, b)
    except ValueError:
        return False
    return True


def broadcasts_to(a, shape) -> bool:
    return broadcasts(a, shape) and np.broadcast_shapes(a, shape) == tuple(shape)
