"""Random numbers: ``rng = pt.random.default_rng(seed)``, a Generator in NumPy's style.

The bits come from Philox4x32-10 (Salmon et al., "Parallel random numbers: as easy as 1, 2, 3",
SC 2011; the generator of cuRAND and Random123), a counter-based generator: the number at
position i of a call is a pure function of (key, call, i). This module writes its ten rounds
as ptensor operations on a uint64 counter made from ``arange``, so they are recorded like any
other expression: the rounds fuse with what consumes them into one compiled loop, and numbers
that are only consumed (``pt.sum(rng.random(n))``) never touch memory.

- The key is NumPy's ``SeedSequence(seed).generate_state(2, uint32)``: any seed NumPy takes
  (an int >= 0, a sequence of them); ``seed=None`` draws fresh entropy (under mpiexec rank 0's,
  broadcast: every rank has the same generator).
- Element i (its row-major position in the result) of the generator's c-th call takes half
  of counter block j = i // 2 = (j mod 2**32, j // 2**32, c mod 2**32, c // 2**32): words 0-1
  for even i, 2-3 for odd i (float32: a quarter, one word). Everything is a function of i,
  so under ``mpiexec -n N`` each rank computes its own rows (arange's block of the global
  index) and the same seed gives the same array on any number of ranks and on one process.
- Floats: 53 random bits (24 for float32) times 2**-53: uniform on [0, 1) with NumPy's
  resolution. Normals: Box-Muller of a block's two uniforms (cosine: even i, sine: odd i). Integers:
  the high 64 bits of a 64-bit random word times the range (bias at most range / 2**64).
- Cost: today each element computes its whole counter block (about 100 uint64 operations,
  vectorized), so two elements compute the same block; a kernel computing each block once
  for both would halve it without changing the numbers.
- The streams are not NumPy's (NumPy's default bit generator is PCG64): the same seed gives
  other numbers than ``numpy.random.default_rng(seed)``, with the same distributions.
- ``size=None`` gives a 0-d array (NumPy gives a Python scalar).
- Parameters (low, high, loc, scale) are Python numbers; ``choice``'s ``a`` and ``p`` and
  ``permutation``'s ``x`` may be arrays (NumPy's or ptensor's, local or distributed).
"""
from __future__ import annotations

import math
import operator
from typing import TYPE_CHECKING

import numpy as np

from . import _core
from . import _dist
from . import _dtypes as dt
from . import spmd
from ._upcalls import namespace as pt

if TYPE_CHECKING:
    from typing import Any, Sequence

    from ._array import Array
    from ._dtypes import DType
    from ._typing import ArrayLike, Shape

__all__ = ["Generator", "default_rng"]

_M0, _M1 = 0xD2511F53, 0xCD9E8D57  # Philox4x32 multipliers
_W0, _W1 = 0x9E3779B9, 0xBB67AE85  # Weyl key increments
_MASK = 0xFFFFFFFF
# The Philox records (about 110) count as this many toward the pending program's limit and
# are never cut apart (_core.begin_counted_as): one fused loop with their consumers.
_WEIGHT = 24


def _shape(size, name):
    if size is None:
        return ()
    if isinstance(size, (int, np.integer)) and not isinstance(size, bool):
        size = (size,)
    try:
        shape = tuple(operator.index(s) for s in size)
    except TypeError:
        raise TypeError(f"{name}: size must be None, an int or a tuple of ints, got "
                        f"{size!r}") from None
    if any(s < 0 for s in shape):
        raise ValueError(f"{name}: negative dimensions are not allowed: size={size!r}")
    return shape


def _number(v, name, what):
    if isinstance(v, bool) or not isinstance(v, (int, float, np.integer, np.floating)):
        raise TypeError(f"{name}: {what} must be a Python or NumPy real number, got "
                        f"{type(v).__name__}")
    return float(v)


def _philox(c0, c1, c2, c3, key):
    """The ten Philox4x32 rounds on uint64 arrays holding 32-bit words: the four output words."""
    k0, k1 = key
    for _ in range(10):
        p0, p1 = c0 * _M0, c2 * _M1
        c0, c1, c2, c3 = (p1 >> 32) ^ c1 ^ k0, p1 & _MASK, (p0 >> 32) ^ c3 ^ k1, p0 & _MASK
        k0, k1 = (k0 + _W0) & _MASK, (k1 + _W1) & _MASK
    return c0, c1, c2, c3


class Generator:
    """Random numbers in NumPy's style over Philox4x32-10, made by ``default_rng``.

    Every method returns a new ptensor array and advances the generator by one call; the
    numbers are recorded as ptensor operations (they fuse with what consumes them). Element
    ``i`` of a call depends only on the key, the call number and ``i``, so under
    ``mpiexec -n N`` each rank computes its own rows of a distributed result and the same seed
    gives the same array on any number of ranks. ``size=None`` gives a 0-d array (NumPy gives
    a Python scalar). The streams are not NumPy's: the same seed gives other numbers than
    ``numpy.random.default_rng(seed)``, with the same distributions.

    Methods: ``random(size, dtype)`` (uniform on [0, 1), float64 or float32),
    ``uniform(low, high, size)``, ``standard_normal(size, dtype)``,
    ``normal(loc, scale, size)``, ``exponential(scale, size)``,
    ``integers(low, high, size, dtype, endpoint)``, ``permutation(x)``, ``shuffle(x)``
    (in place, axis 0) and ``choice(a, size, replace, p, axis, shuffle)``.

    See Also
    --------
    default_rng : Make a Generator from a seed.

    Examples
    --------
    >>> rng = pt.random.default_rng(0)
    >>> rng.random(3)
    Array([0.1221869 , 0.54024509, 0.92046813])
    >>> rng.integers(0, 10, size=5)
    Array([1, 8, 2, 4, 5])
    >>> rng.random((2, 3), dtype=pt.float32).shape
    (2, 3)
    """

    def __init__(self, key):
        self._key = (int(key[0]) & _MASK, int(key[1]) & _MASK)
        self._calls = 0

    def __repr__(self) -> str:
        return f"Generator(Philox4x32-10, key={self._key[0]:#010x}{self._key[1]:08x})"

    # ---------------------------------------------------------------- bits ----

    def _words(self, shape, dtype, finish, per_block=2):
        """finish(w0, w1, w2, w3, lane) for this call's counter blocks: element i (row-major
        position) gets block i // per_block (per_block 2 or 4) and lane i % per_block, the
        words uint64 arrays of 32-bit values; recorded as one group (_core.begin_counted_as)."""
        call, self._calls = self._calls, self._calls + 1
        _core.trace_taint("it draws random numbers (a replay would repeat them)")
        u64 = dt.uint64
        _core.begin_counted_as()
        try:
            i = None
            stride = 1
            for ax in range(len(shape) - 1, -1, -1):  # the row-major position of each element
                n = shape[ax]
                kw = {} if ax == 0 else {"team": None}  # axis 0 split under mpiexec
                r = pt.arange(n, dtype=u64, **kw)
                if ax < len(shape) - 1:
                    r = pt.reshape(r, (n,) + (1,) * (len(shape) - 1 - ax))
                r = r * stride if stride != 1 else r
                i = r if i is None else r + i
                stride *= n
            if i is None:
                i = pt.zeros((), dtype=u64)
            j = i >> (per_block.bit_length() - 1)
            out = finish(*_philox(j & _MASK, j >> 32, pt.full_like(i, call & _MASK),
                                  pt.full_like(i, call >> 32), self._key),
                         i & (per_block - 1))
            if dtype is not None and out.dtype != dtype:
                out = pt.astype(out, dtype)
        finally:
            _core.end_counted_as(_WEIGHT)
        return out

    @staticmethod
    def _pair(w0, w1, w2, w3, lane) -> tuple[Any, Any]:
        """The lane's two words of a block (per_block 2): (w0, w1) or (w2, w3)."""
        first = lane == 0
        return pt.where(first, w0, w2), pt.where(first, w1, w3)

    @staticmethod
    def _unit53(a, b):
        """53 random bits as a float64 in [0, 1)."""
        return pt.astype(((a >> 5) << 26) | (b >> 6), dt.float64) * 2.0 ** -53

    def _uniform(self, *words):
        return self._unit53(*self._pair(*words))

    # ---------------------------------------------------------------- floats ----

    def random(self, size: Shape | None = None, dtype: DType | None = None, *,
               out: None = None) -> Array:
        """Floats uniform on [0, 1): float64 (53 random bits) or float32 (24 bits)."""
        if out is not None:
            raise TypeError("random: out= is not supported (assign the result: y[...] = ...)")
        d = dt.float64 if dtype is None else dt.to_dtype(dtype)
        if d not in (dt.float32, dt.float64):
            raise TypeError(f"random: dtype must be float32 or float64, got {d.name}")
        shape = _shape(size, "random")
        if d == dt.float32:
            def f32(w0, w1, w2, w3, lane):
                w = pt.where(lane < 2, pt.where(lane == 0, w0, w1), pt.where(lane == 2, w2, w3))
                return pt.astype(w >> 8, dt.float32) * np.float32(2.0 ** -24)
            return self._words(shape, None, f32, per_block=4)
        return self._words(shape, None, self._uniform)

    def uniform(self, low: float = 0.0, high: float = 1.0,
                size: Shape | None = None) -> Array:
        """Floats uniform on [low, high) (float64)."""
        lo, hi = _number(low, "uniform", "low"), _number(high, "uniform", "high")
        if not (math.isfinite(lo) and math.isfinite(hi)):
            raise OverflowError(f"uniform: low and high must be finite, got {low}, {high}")
        if hi - lo == math.inf:
            raise OverflowError("uniform: high - low overflows float64")
        shape = _shape(size, "uniform")
        return self._words(shape, None, lambda *w: lo + (hi - lo) * self._uniform(*w))

    def standard_normal(self, size: Shape | None = None, dtype: DType | None = None, *,
                        out: None = None) -> Array:
        """Normally distributed floats of mean 0 and standard deviation 1 (Box-Muller)."""
        if out is not None:
            raise TypeError("standard_normal: out= is not supported (assign the result)")
        d = dt.float64 if dtype is None else dt.to_dtype(dtype)
        if d not in (dt.float32, dt.float64):
            raise TypeError(f"standard_normal: dtype must be float32 or float64, got {d.name}")
        return self._words(_shape(size, "standard_normal"), d, self._box_muller)

    def _box_muller(self, w0, w1, w2, w3, lane):
        """Box-Muller of a block's two uniforms: its lane 0 the cosine's normal, lane 1 the
        sine's (as the cosine of the angle less pi/2)."""
        u1 = 1.0 - self._unit53(w0, w1)  # (0, 1]: a finite logarithm
        angle = (2 * math.pi) * self._unit53(w2, w3) - (math.pi / 2) * pt.astype(lane, dt.float64)
        return pt.sqrt(-2.0 * pt.log(u1)) * pt.cos(angle)

    def normal(self, loc: float = 0.0, scale: float = 1.0,
               size: Shape | None = None) -> Array:
        """Normally distributed floats of mean loc and standard deviation scale (>= 0)."""
        m, s = _number(loc, "normal", "loc"), _number(scale, "normal", "scale")
        if not s >= 0:
            raise ValueError(f"normal: scale must be non-negative, got {scale}")
        shape = _shape(size, "normal")
        return self._words(shape, None, lambda *w: m + s * self._box_muller(*w))

    def exponential(self, scale: float = 1.0, size: Shape | None = None) -> Array:
        """Exponentially distributed floats of mean scale (>= 0): -scale * log(1 - U)."""
        s = _number(scale, "exponential", "scale")
        if not s >= 0:
            raise ValueError(f"exponential: scale must be non-negative, got {scale}")
        shape = _shape(size, "exponential")
        return self._words(shape, None, lambda *w: -s * pt.log1p(-self._uniform(*w)))

    # ---------------------------------------------------------------- integers ----

    def integers(self, low: int, high: int | None = None, size: Shape | None = None,
                 dtype: DType | None = None, endpoint: bool = False) -> Array:
        """Integers uniform on [low, high) ([low, high] with endpoint=True); high=None: [0, low).
        dtype: any integer dtype (default int64); the bounds must fit it."""
        d = dt.int64 if dtype is None else dt.to_dtype(dtype)
        if not dt.is_int(d):
            raise TypeError(f"integers: dtype must be an integer dtype, got {d.name}")
        if high is None:
            low, high = 0, low
        for nm, v in (("low", low), ("high", high)):
            if isinstance(v, bool) or not isinstance(v, (int, np.integer)):
                raise TypeError(f"integers: {nm} must be a Python or NumPy int, got "
                                f"{type(v).__name__}")
        low, high = int(low), int(high)
        top = high if endpoint else high - 1
        if low > top:
            raise ValueError(f"integers: low >= high ({low} >= {high})" if not endpoint
                             else f"integers: low > high ({low} > {high})")
        info = np.iinfo(np.dtype(d.name))
        if low < info.min or top > info.max:
            raise ValueError(f"integers: [{low}, {top}] is out of bounds for {d.name} "
                             f"([{info.min}, {info.max}])")
        span = top - low + 1  # 1 .. 2**64
        shape = _shape(size, "integers")
        return self._words(shape, d, lambda *w: self._scaled(*self._pair(*w), span, low, d))

    @staticmethod
    def _scaled(a, b, span, low, d):
        """low + floor(x * span / 2**64) for the random 64-bit x = a * 2**32 + b, exact in
        uint64 arithmetic (the high half of the 128-bit product from 32-bit halves)."""
        if span == 1 << 64:
            hi = (a << 32) | b
        else:
            sh, sl = span >> 32, span & _MASK
            mid = ((b * sl) >> 32) + (a * sl & _MASK)
            hi = a * sl >> 32
            if sh:
                mid = mid + (b * sh & _MASK)
                hi = hi + a * sh + (b * sh >> 32)
            hi = hi + (mid >> 32)
        r = hi + (low & ((1 << 64) - 1)) if low else hi  # wraps modulo 2**64
        return pt.astype(r, d) if d != dt.uint64 else r

    # ---------------------------------------------------------------- sampling ----

    def _keys(self, n):
        """n random float64 sort keys in (0, 1]."""
        return self._words((n,), None, lambda *w: 1.0 - self._uniform(*w))

    def permutation(self, x: int | Array | ArrayLike) -> Array:
        """A random permutation: of arange(x) for an int x, else of x's rows (a new array)."""
        if isinstance(x, (int, np.integer)) and not isinstance(x, bool):
            n = int(x)
            if n < 0:
                raise ValueError(f"permutation: x must be non-negative, got {n}")
            return pt.argsort(self._keys(n))
        a = _as_array(x, "permutation")
        if a.ndim == 0:
            raise ValueError("permutation: x must be an int or an array of at least one "
                             "dimension")
        return pt.take(a, pt.argsort(self._keys(a.shape[0])), axis=0)

    def shuffle(self, x: Array) -> None:
        """Shuffle the rows of the ptensor array x in place (a random permutation of axis 0)."""
        if not isinstance(x, pt.Array):
            raise TypeError(f"shuffle: x must be a ptensor array, got {type(x).__name__}")
        if x.ndim == 0:
            raise ValueError("shuffle: x must have at least one dimension")
        x[...] = self.permutation(x)

    def choice(self, a: int | Array | ArrayLike, size: Shape | None = None, replace: bool = True,
               p: Array | ArrayLike | None = None, axis: int = 0,
               shuffle: bool = True) -> Array:
        """Random elements of a (an int n: of arange(n); else a's entries along axis):
        with replacement (optionally with probabilities p) or without (Efraimidis-Spirakis
        keys U**(1/p): the same distribution as drawing one after another)."""
        if isinstance(a, (int, np.integer)) and not isinstance(a, bool):
            n, arr = int(a), None
            if n < 0:
                raise ValueError(f"choice: a must be non-negative, got {n}")
        else:
            arr = _as_array(a, "choice")
            if arr.ndim == 0:
                raise ValueError("choice: a must be an int or an array of at least one "
                                 "dimension")
            axis = operator.index(axis)
            if not -arr.ndim <= axis < arr.ndim:
                raise IndexError(f"choice: axis {axis} is out of bounds for {arr.ndim} "
                                 "dimensions")
            n = arr.shape[axis]
        shape = _shape(size, "choice")
        k = math.prod(shape)
        if n == 0 and k > 0:
            raise ValueError("choice: a cannot be empty unless no samples are taken")
        w = None
        if p is not None:
            w = np.asarray(p.to_numpy() if hasattr(p, "to_numpy") else p, dtype=np.float64)
            if w.ndim != 1 or w.shape[0] != n:
                raise ValueError(f"choice: p must be 1-D of length {n}, got shape {w.shape}")
            if not np.all(np.isfinite(w)) or np.any(w < 0):
                raise ValueError("choice: probabilities must be finite and non-negative")
            if abs(w.sum() - 1.0) > np.sqrt(np.finfo(np.float64).eps):
                raise ValueError("choice: probabilities do not sum to 1")
        if replace:
            if w is None:
                idx = self.integers(0, n, size=shape) if n else pt.zeros(shape, dtype=dt.int64)
            else:
                cdf = pt.asarray(np.cumsum(w), team=None)
                u = self.random(shape) * float(np.cumsum(w)[-1])
                idx = pt.minimum(pt.searchsorted(cdf, pt.reshape(u, (-1,)), side="right"),
                                 n - 1)
                idx = pt.reshape(idx, shape)
        else:
            if k > n:
                raise ValueError(f"choice: cannot take a larger sample ({k}) than the "
                                 f"population ({n}) when replace is False")
            if w is not None and np.count_nonzero(w) < k:
                raise ValueError("choice: fewer non-zero entries in p than size")
            keys = self._keys(n)
            if w is not None:  # largest U**(1/p): smallest -log(U) / p
                keys = -pt.log(keys) / pt.asarray(w, team=None)
            # (shuffle=False: NumPy keeps the drawn elements in their order in a; here too)
            idx = pt.argsort(keys)[:k]
            if not shuffle:
                idx = pt.sort(idx)
            idx = pt.reshape(idx, shape)
        if arr is None:
            return idx
        flat = pt.take(arr, pt.reshape(idx, (-1,)), axis=axis)
        return pt.reshape(flat, arr.shape[:axis % arr.ndim] + shape +
                          arr.shape[axis % arr.ndim + 1:])


def _as_array(x, name):
    if isinstance(x, pt.Array):
        return x
    try:
        return pt.asarray(x)
    except Exception as e:  # noqa: BLE001
        raise TypeError(f"{name}: expected an array, got {type(x).__name__}") from e


def default_rng(seed: int | Sequence[int] | Generator | None = None) -> Generator:
    """A ``Generator`` (Philox4x32-10) keyed by NumPy's ``SeedSequence(seed)``.

    As ``numpy.random.default_rng``, with ptensor's counter-based generator: the key is
    ``SeedSequence(seed).generate_state(2, uint32)``, so the same seed gives the same numbers on
    one process and under ``mpiexec`` (on any number of ranks). ``seed=None`` draws fresh
    entropy (under ``mpiexec`` rank 0's, broadcast: every rank has the same generator).

    Parameters
    ----------
    seed : None, int, sequence of int, or Generator, optional
        Anything ``numpy.random.SeedSequence`` takes (ints >= 0); a Generator is returned as it
        is.

    Returns
    -------
    Generator
        The generator.

    Raises
    ------
    TypeError
        A bool, float or other seed NumPy's SeedSequence does not take.

    Examples
    --------
    >>> pt.random.default_rng(0).random(3)
    Array([0.1221869 , 0.54024509, 0.92046813])
    >>> pt.random.default_rng(0).random(3)
    Array([0.1221869 , 0.54024509, 0.92046813])
    """
    if isinstance(seed, Generator):
        return seed
    if isinstance(seed, bool) or isinstance(seed, float):
        raise TypeError(f"default_rng: seed must be None, an int >= 0 or a sequence of them, "
                        f"got {type(seed).__name__}")
    try:
        key = np.random.SeedSequence(seed).generate_state(2, np.uint32)
    except TypeError:
        raise TypeError(f"default_rng: seed must be None, an int >= 0 or a sequence of them, "
                        f"got {seed!r}") from None
    if seed is None and _dist.default_team() is not None:
        key = np.asarray(spmd.collective_broadcast(pt.asarray(key.astype(np.int64), team=None),
                                                   root=0))
    return Generator(key)
