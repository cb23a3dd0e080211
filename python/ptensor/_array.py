"""The Array object: metadata known at once, data materialized on demand."""
from __future__ import annotations

import operator
from sys import getrefcount
from typing import TYPE_CHECKING, Any, Iterator

import numpy as np

from . import _core
from . import _dtypes as dt
from . import _eager
from . import _ops
from ._device import DLPACK_CPU, Placed, dlpack_device, index_of
from ._indexing import View, chain, is_element_key, remember
from ._upcalls import Slots, namespace

_tracing = _core.tracing
# the types of a basic index's parts (NumPy's indexing of the values gives the eager path's
# views at once)
_BASIC = (int, slice, type(None), type(Ellipsis))
# the View of each element index (x[i, j]: loops index the same elements again and again)
_ELEMENTS: dict[tuple[int, ...], View] = {}
_eager_item = _core.eager_item
_eager_set_item = _core.eager_set_item
_eager_leaf = _core.eager_result
_leaf_values = _core.eager_leaf_value


def _basic(key):
    """Whether every part of the tuple key is basic (_BASIC)."""
    for k in key:
        if type(k) not in _BASIC:
            return False
    return True


def _read(x, n, key):
    """x[key] for a basic key by NumPy's indexing of n, x's values (its _np, or a read-only
    view of its leaf's buffer): an element (every axis an int) as a 0-d view of x, a part
    of at most the eager limit's elements as a view holding a copy of its values and its
    key; None for anything else (indices NumPy refuses too: the caller's path raises
    ptensor's error)."""
    t = type(key)
    if t is tuple:
        ints = True
        for k in key:  # (a loop: faster than all() over a generator for these short keys)
            if type(k) is not int:
                ints = False
                if type(k) not in _BASIC:
                    return None
        if ints and key and len(key) == n.ndim:
            return _element(x, n, key)
    elif t is int:
        if n.ndim == 1:
            return _element(x, n, (key,))
    elif t is not slice:
        return None
    try:
        r = n[key]
    except (IndexError, TypeError, ValueError):
        return None
    if type(r) is np.ndarray:
        if r.size > _eager.LIMIT:
            return None
        r = r.copy()
    a = Array._of_values(r, x._dtype, x)
    a._vkey = key
    return a


def _element(x, n, index):
    """x[index] (an int per axis) as a 0-d view of x holding the element's value; IndexError
    with NumPy's message for an index out of bounds."""
    r = n[index]
    if min(index) < 0:
        index = tuple(i + s if i < 0 else i for i, s in zip(index, n.shape))
    view = _ELEMENTS.get(index)
    if view is None:
        view = View(index, (), True)
        remember(_ELEMENTS, index, view)
    return Array._of_values(r, x._dtype, x, view)

if TYPE_CHECKING:
    from types import ModuleType
    from typing import ClassVar, SupportsIndex, Tuple, Union

    from numpy.typing import NDArray

    from ._device import Device
    from ._dtypes import DType
    from ._typing import ArrayLike

    # what the Python operators take besides an Array (Array.__add__ ...: NotImplemented for
    # anything else); NumPy arrays and scalars become Arrays of their dtype
    _Operand = Union["Array", bool, int, float, complex, "NDArray[Any]", np.generic]
    # one index of x[...]: an integer, a slice, ..., None (a new axis), an integer or boolean
    # index array (an Array, a NumPy array or a list)
    _Index = Union[SupportsIndex, slice, "ellipsis", None, "Array", "NDArray[Any]", "list[Any]"]
    _Key = Union[_Index, Tuple[_Index, ...]]
    # an axis argument of the reductions' methods (a list too, as NumPy's)
    _MethodAxes = Union[int, Tuple[int, ...], "list[int]", None]

# the category functions Array's methods call (provided by ptensor/__init__.py)
up: Slots = Slots("ptensor._array",
                  asarray="_creation.asarray (index arrays and values given as NumPy or lists)",
                  matrix_transpose="_manipulation.matrix_transpose (.mT)",
                  permute_dims="_manipulation.permute_dims (.T)",
                  take="_indexing_ops.take (x[integer array])",
                  boolean_mask_getitem="_searching._boolean_mask_getitem (x[mask])",
                  getitem="_advanced.getitem (x[key] with index arrays in a tuple)",
                  setitem="_advanced.setitem (x[key] = v with index arrays in a tuple)",
                  scatter_assign="_advanced.scatter_assign (x[integer array or mask] = v)")


class Local:
    """The base of the local Array. ptensor's own code tests for local arrays with
    isinstance(x, Local) (exact and fast); isinstance(x, Array) is true for distributed
    arrays too (_ArrayType)."""
    __slots__ = ()


class _ArrayType(type):
    """isinstance(x, pt.Array) and issubclass(type(x), pt.Array) hold for distributed arrays
    (DArray, registered by ptensor._dist) as well, so a script that checks them runs unchanged
    under mpiexec, where its arrays are DArrays."""
    distributed: tuple[type, ...] = ()

    def __instancecheck__(cls, obj):
        return type.__instancecheck__(cls, obj) or isinstance(obj, _ArrayType.distributed)

    def __subclasscheck__(cls, sub):
        return type.__subclasscheck__(cls, sub) or issubclass(sub, _ArrayType.distributed)


class Array(Local, Placed, metaclass=_ArrayType):
    """An n-dimensional array of one dtype, ptensor's counterpart of ``numpy.ndarray``.

    Arrays are made by ``pt.asarray`` and the other creation functions (not by calling
    ``Array``). Operations on them record nodes that are fused and compiled; the data is
    computed at materialization points: ``repr``, conversion to NumPy (``np.asarray``,
    ``to_numpy``), ``bool``/``int``/``float``/``item``, and ``pt.sync()``. Small arrays are
    computed eagerly by NumPy. Distributed arrays (under mpiexec, ``pt.spmd``) are instances
    of ``Array`` too.

    Basic indexing returns a view: writing through it (``b = a[1:]; b[0] = 5``) updates ``a``,
    as in NumPy. A view remembers its base and its index relative to it.

    Examples
    --------
    >>> a = pt.asarray([[1, 2, 3], [4, 5, 6]])
    >>> a.shape, a.dtype
    ((2, 3), ptensor.int64)
    >>> b = a[1:]
    >>> b[0, 0] = 40
    >>> a
    Array([[ 1,  2,  3],
           [40,  5,  6]])
    >>> np.asarray(a * 2)
    array([[ 2,  4,  6],
           [80, 10, 12]])
    """
    __slots__ = ("_hs", "_np", "_dtype", "_base", "_v", "_vkey", "_seen", "_version",
                 "__weakref__")
    __array_priority__ = 100
    # an element of a distributed array (_dist_index._Element: a replicated 0-d copy, not a
    # view of the base): NumPy's scalar to in-place operators, which rebind it
    _element = False
    if TYPE_CHECKING:
        _hs: Any  # the C++ tensor handle (None: not made yet, see _h)
        _np: Any  # the eager path's NumPy values of a small array, or None (see _h)
        _dtype: DType
        _base: Array | None
        _v: Any  # (_indexing's View of the base; see _view)
        _vkey: Any  # (the key of a view the eager path made; see _view)
        _seen: int
        _version: int

    @classmethod
    def _new(cls, h, dtype, base=None, view=None):
        a = object.__new__(cls)
        a._hs, a._np, a._dtype, a._base, a._v, a._vkey, a._version = (h, None, dtype, base,
                                                                      view, None, 0)
        a._seen = base._version if base is not None else 0
        return a

    @classmethod
    def _of_values(cls, values, dtype, base=None, view=None):
        """An array of NumPy's result `values` (an ndarray of dtype's NumPy dtype or a NumPy
        scalar of it, at most the eager limit's elements; memory no one else holds), whose
        handle is made only when something records it (_h)."""
        a = object.__new__(cls)
        a._hs, a._np, a._dtype, a._base, a._v, a._vkey, a._version = (None, values, dtype, base,
                                                                      view, None, 0)
        a._seen = base._version if base is not None else 0
        return a

    # --- the handle. An array the eager path computed holds NumPy's values (_np) and gets
    # its C++ leaf only when something records it or reads its buffer: a chain of small
    # operations is NumPy's calls and the wrapping of their results, nothing more. The leaf
    # is made over the same memory (no copy), so writes in place through the handle (which
    # checks that nothing else sees the buffer) are seen in _np; ptensor never keeps a NumPy
    # view of _np (the eager paths copy parts and make new results), and a new handle
    # (the setter) drops _np. A view's _np is its value while its base is unchanged
    # (_seen == _base._version); _values() says when it may be used. ---
    @property
    def _h(self):
        h = self._hs
        if h is None and self._np is not None:
            v = self._np
            if type(v) is not np.ndarray:  # (a NumPy scalar: its own 0-d array from now on)
                v = self._np = np.asarray(v)
            h = self._hs = _eager_leaf(v, self._dtype.code, v.shape)
            if v.base is not None or not (v.flags.c_contiguous and v.flags.writeable):
                self._np = None  # (the leaf took a copy: only the handle holds the values now)
        return h

    @_h.setter
    def _h(self, h):
        self._hs, self._np = h, None

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        raise TypeError("use ptensor.asarray (or another creation function) to make an Array")

    # --- the current tensor of this array (views follow writes to their base; a view's
    # tensor is extracted when first used) ---
    @property
    def _view(self):
        """A view's View of its base; a view the eager path made (its values taken at once by
        NumPy's indexing) has only its key until the View is needed."""
        v = self._v
        if v is None and self._vkey is not None:
            v = self._v = chain(self._base.shape, None, (self._vkey,))
        return v

    @property
    def _t(self):
        b = self._base
        if b is not None and self._seen != b._version:
            self._h = self._view.extract(b)._h
            self._seen = b._version
        h = self._hs
        return h if h is not None else self._h

    # --- attributes ---
    @property
    def dtype(self) -> DType:
        """The data type of the elements (a ptensor dtype such as ``pt.int64``).

        Known at once, without computing the array. ``pt.float64`` and friends compare equal
        to NumPy's dtypes of the same name.

        Examples
        --------
        >>> x = pt.asarray([[1, 2, 3], [4, 5, 6]])
        >>> x.dtype
        ptensor.int64
        >>> x.astype(pt.float32).dtype
        ptensor.float32
        """
        return self._dtype

    @property
    def shape(self) -> tuple[int, ...]:
        """The length of each axis, as a tuple of ints (as ``numpy.ndarray.shape``).

        Known at once, without computing the array. Read-only: use :func:`ptensor.reshape`
        (or ``x.reshape``) for an array of another shape.

        Examples
        --------
        >>> x = pt.asarray([[1, 2, 3], [4, 5, 6]])
        >>> x.shape
        (2, 3)
        >>> pt.asarray(7).shape
        ()
        """
        n = self._np
        if n is not None:
            return n.shape
        return self._h.shape if self._base is None or self._v is None else self._v._shape

    @property
    def ndim(self) -> int:
        """The number of axes (``len(x.shape)``), as ``numpy.ndarray.ndim``.

        Examples
        --------
        >>> pt.asarray([[1, 2, 3], [4, 5, 6]]).ndim
        2
        >>> pt.asarray(7).ndim
        0
        """
        return len(self.shape)

    @property
    def mT(self) -> Array:
        """The matrix transpose: the last two axes swapped (:func:`ptensor.matrix_transpose`).

        A stack of matrices (shape ``(..., M, N)``) gives the stack of their transposes
        (``(..., N, M)``). A new array, not a view: writes to it do not reach ``x``.

        Raises
        ------
        ValueError
            If ``x`` has fewer than 2 dimensions.

        Examples
        --------
        >>> x = pt.asarray([[1, 2, 3], [4, 5, 6]])
        >>> x.mT
        Array([[1, 4],
               [2, 5],
               [3, 6]])
        >>> pt.zeros((5, 2, 3)).mT.shape
        (5, 3, 2)
        """
        if self.ndim < 2:
            raise ValueError(f"mT requires an array with at least 2 dimensions, got {self.ndim}")
        return up.matrix_transpose(self)

    @property
    def T(self) -> Array:
        """The transpose of a 2-D array (``permute_dims(x, (1, 0))``).

        As the array API, ``.T`` is defined for 2-D arrays only (NumPy reverses the axes of
        any array: use ``x.transpose()`` or :func:`ptensor.permute_dims` for that, ``x.mT``
        for stacks of matrices). A new array, not a view: writes to it do not reach ``x``.

        Raises
        ------
        ValueError
            If ``x`` is not 2-dimensional.

        Examples
        --------
        >>> x = pt.asarray([[1, 2, 3], [4, 5, 6]])
        >>> x.T
        Array([[1, 4],
               [2, 5],
               [3, 6]])
        """
        if self.ndim != 2:
            raise ValueError(f"T requires a 2-dimensional array, got {self.ndim} dimensions "
                             "(use .mT or permute_dims)")
        return up.permute_dims(self, (1, 0))

    def __len__(self) -> int:
        if self.ndim == 0:
            raise TypeError("len() of unsized object (0-d array)")
        return self.shape[0]

    def __iter__(self) -> Iterator[Array]:
        if self.ndim == 0:
            raise TypeError("iteration over a 0-d array")
        for i in range(self.shape[0]):
            yield self[i]

    # --- materialization ---
    def _numpy(self):
        """Read-only NumPy view of the (materialized) data."""
        return _core.to_numpy(self._t)

    def to_numpy(self, copy: bool = True) -> NDArray[Any]:
        """The array's values as a NumPy array (computing them first if they are pending).

        Parameters
        ----------
        copy : bool, optional
            True (the default): a new, writable NumPy array. False: a read-only NumPy view of
            ptensor's own buffer, without a copy (``np.asarray(x)`` gives the same).

        Returns
        -------
        numpy.ndarray
            Same shape and values; the NumPy dtype of the same name.

        Examples
        --------
        >>> x = pt.asarray([[1, 2, 3], [4, 5, 6]])
        >>> x.to_numpy()
        array([[1, 2, 3],
               [4, 5, 6]])
        >>> x.to_numpy(copy=False).flags.writeable
        False
        """
        a = self._numpy()
        return a.copy() if copy else a

    def __array__(self, dtype: Any = None, copy: bool | None = None) -> NDArray[Any]:
        a = self._numpy()
        if dtype is not None and np.dtype(dtype) != a.dtype:
            return a.astype(dtype)
        if copy:
            return a.copy()
        return a

    # --- DLPack (zero-copy exchange) ---
    def __dlpack__(self, /, *, stream: Any = None, max_version: tuple[int, int] | None = None,
                   dl_device: tuple[int, int] | None = None, copy: bool | None = None) -> Any:
        """Exports the materialized data without a copy, read-only (DLPack >= 1.0), on the
        array's device (``__dlpack_device__``: kDLCPU for host arrays and OpenCL devices, kDLCUDA
        for CUDA arrays); a consumer that only speaks the legacy protocol gets a copy (it
        could not see the read-only flag) unless copy=False. dl_device=(1, 0) exports device
        memory as host memory (it is shared with the host). The data is complete when this
        returns (ptensor waits for its kernels), so any stream a consumer names is fine."""
        device = dlpack_device(self.device)
        if dl_device is not None and tuple(dl_device) != device:
            if tuple(dl_device) != (DLPACK_CPU, 0):
                raise BufferError(f"ptensor: cannot export an array on {self.device} to DLPack "
                                  f"device {tuple(dl_device)}")
            device = (DLPACK_CPU, 0)
        if stream is not None and device[0] == DLPACK_CPU:
            raise BufferError("ptensor: stream must be None for CPU arrays")
        versioned = max_version is not None and tuple(max_version)[0] >= 1
        if not versioned:
            if copy is False:
                raise BufferError("ptensor: a legacy DLPack consumer (no max_version) would get "
                                  "write access to a read-only array; copy=False refused")
            copy = True
        x = _ops.copy(self) if copy else self
        return _core.dlpack_capsule(x._t, device[0], device[1], versioned, bool(copy),
                                    bool(copy))

    def __dlpack_device__(self) -> tuple[int, int]:
        return dlpack_device(self.device)

    def __repr__(self) -> str:
        return "A" + repr(self._numpy())[1:]

    def __str__(self) -> str:
        return str(self._numpy())

    def __format__(self, spec: str) -> str:
        return format(self._numpy(), spec) if self.ndim else format(self.item(), spec)

    def item(self) -> Any:
        """The only element of a size-1 array as a Python scalar (as ``numpy.ndarray.item``).

        Computes the array. An array of any shape with one element is accepted (``(1, 1)``,
        ``()``); the result is a ``bool``, ``int``, ``float`` or ``complex``.

        Raises
        ------
        ValueError
            If the array does not have exactly one element.

        Notes
        -----
        NumPy's ``x.item(i)`` element selection is not supported (a TypeError): index first,
        ``x[i].item()``.

        Examples
        --------
        >>> pt.asarray([[7]]).item()
        7
        >>> pt.sum(pt.asarray([0.5, 1.0])).item()
        1.5
        """
        if self.size != 1:
            raise ValueError(f"can only convert an array of size 1 to a Python scalar, got size {self.size}")
        n = self._np
        if n is not None and _eager.fast and (self._base is None
                                              or self._seen == self._base._version):
            return n.item()  # (not while pt.jit traces: a trace must see the value asked for)
        return self._numpy().reshape(()).item()

    def __bool__(self) -> bool:
        if self.size != 1:
            raise ValueError("The truth value of an array with more than one element is "
                             "ambiguous. Use any() or all()")
        return bool(self.item())

    def __int__(self) -> int:
        return int(self.item())

    def __float__(self) -> float:
        return float(self.item())

    def __complex__(self) -> complex:
        return complex(self.item())

    def __index__(self) -> int:
        if not dt.is_int(self.dtype) or self.ndim != 0:
            raise TypeError("only 0-d integer arrays can be converted to an index")
        return operator.index(self.item())

    # --- indexing ---
    def __getitem__(self, key: _Key) -> Array:
        if _eager.fast and self._base is None:  # NumPy's basic indexing of the values now
            n = self._np
            if n is None and self._hs is not None:
                n = _leaf_values(self._hs)
            if n is not None:
                a = _read(self, n, key)
                if a is not None:
                    return a
        if _eager.on and self._base is None:  # x[i, j]: the element's value now (_eager.py)
            r = _eager_item(self._h, key)
            if r is not None:  # (a 0-d view of it, as below: writes to either reach the other)
                view = _ELEMENTS.get(r[1])
                if view is None:
                    view = View(r[1], (), True)
                    remember(_ELEMENTS, r[1], view)
                return Array._new(r[0], self._dtype, self, view)
            if type(key) is slice or type(key) is int or type(key) is tuple and all(
                    type(k) in _BASIC for k in key):
                h = _eager.part(self._h, key)
                if h is not None:  # (a view, as below, holding its values and its key)
                    a = Array._new(h, self._dtype, self)
                    a._vkey = key
                    return a
        if isinstance(key, tuple) and _has_array(key):
            return up.getitem(self, _gathered(key))
        k = _array_key(key)
        if k is not None and k.dtype == dt.bool_ and k.ndim == 0:
            # 0-d mask: x[None] when True, the empty (0,) + x.shape when False; a copy, as
            # every boolean index gives (not a view: writes to x must not show in it)
            return _ops.copy(self[None] if k.item() else self[None][0:0])
        if k is not None:
            if k.dtype == dt.bool_:
                return up.boolean_mask_getitem(self, k)
            if self.ndim == 0:  # (an integer-array index on the first axis)
                raise IndexError("too many indices for a 0-d array")
            return up.take(self, k, axis=0)
        return self._index_chain((key,))

    def _index_chain(self, keys, sig=None):
        """self[keys[0]][keys[1]]... for basic keys, recorded as one extract of the base (the
        intermediate views are composed, not recorded); sig: the keys' signature if known
        (see _indexing.chain)."""
        base = self._base if self._base is not None else self
        view = chain(base.shape, self._view, keys, sig)
        if view.is_identity(base.shape) and not view.element:  # e.g. a[:] or a[::-1][::-1]:
            return base  # the base's own data (an element of a 0-d base stays an element)
        # lazy: the extract is recorded when the view is first computed with (_t), so a view
        # that is never used (list(x) keeps one per row) is no result of a program
        a = Array._new(None, base._dtype, base, view)
        a._seen = -1
        return a

    def __setitem__(self, key: _Key, value: Array | ArrayLike) -> None:
        if _eager.fast and self._base is None and type(value) is Array and value._np is not None \
                and (value._base is None or value._seen == value._base._version):
            # NumPy's values of a small array written in place (as below, when that is safe)
            n = value._np
            if (n.shape == () and _eager_set_item(self._h, key, n.item(), _SET_ITEM_REFS)
                    or value._dtype is self._dtype and type(n) is np.ndarray
                    and (type(key) is slice or type(key) is tuple and _basic(key))
                    and _eager.write_values(self._h, key, n, _BASE_REFS)):
                self._version += 1
                return
        if _eager.on:  # x[i, j] = scalar, in place (_eager.py)
            v = value._t if type(value) is Array else value
            if self._base is None:
                if _eager_set_item(self._h, key, v, _SET_ITEM_REFS) or (
                        type(value) is Array and value._dtype is self._dtype
                        and (type(key) is slice or type(key) is tuple
                             and all(type(k) in _BASIC for k in key))
                        and _eager.write_part(self._h, key, v, _BASE_REFS)):
                    self._version += 1
                    return
            elif (key is Ellipsis or key == ()) and not self._view.entries:  # x[i, j][...] = v
                b = self._base
                if _eager_set_item(b._h, self._view.offsets, v, _SET_ITEM_REFS):
                    b._version += 1
                    if type(value) is Array:  # (its value is known: no extract)
                        self._h, self._seen = v, b._version
                    return
        if isinstance(key, tuple) and _has_array(key):
            self[...] = up.setitem(self, _gathered(key), value)
            return
        k = _array_key(key)
        if k is not None and k.dtype == dt.bool_ and k.ndim == 0:
            # 0-d mask: x[None] = value when True; when False nothing is written, but value
            # must still broadcast to the empty selection (0,) + x.shape
            if k.item():
                self[None] = value
            else:
                _ops.broadcast_to(_coerce_value(value, self.dtype, self.device),
                                  (0,) + self.shape)
            return
        if k is not None and k.ndim > 0:
            self[...] = up.scatter_assign(self, k, value)
            return
        base = self._base if self._base is not None else self
        if _tracing():  # pt.jit: a write a replay must repeat (or cannot: Trace.h)
            _core.trace_write(base._h)
        view = chain(base.shape, self._view, (key,))
        done, v = _written_in_place(base, view, value) if _eager.on else (False, None)
        if done:
            base._version += 1
            return
        if v is None:
            v = _ops.cast(_coerce_value(value, base.dtype, base.device), base.dtype)
        v = _ops.broadcast_to(v, view.shape)
        if 0 in view.shape:  # an empty selection: nothing is written (the shapes were checked)
            return
        if view.is_identity(base.shape):  # whole array: no insert_slice needed
            base._h = v._t
        else:
            r = view.insert(base, v)
            if r._hs is None and r._np is not None and getrefcount(r) == 2:
                base._hs, base._np, r._np = None, r._np, None  # (NumPy's new values: base's)
            else:
                base._h = r._h
        base._version += 1

    # --- array API namespace ---
    def __array_namespace__(self, /, *, api_version: str | None = None) -> ModuleType:
        return namespace.for_version(api_version)

    if TYPE_CHECKING:
        # For type checkers only (nothing below exists at run time in this class body):
        # the Python operators, which the namespace installs on the class at import
        # (_operators.install), and the NumPy habits of _habits.METHODS and PROPERTIES
        # (_habits.install). tests/python/test_typing.py keeps these lists and theirs equal.
        def __add__(self, other: _Operand, /) -> Array: ...
        def __radd__(self, other: _Operand, /) -> Array: ...
        def __iadd__(self, other: _Operand, /) -> Array: ...
        def __sub__(self, other: _Operand, /) -> Array: ...
        def __rsub__(self, other: _Operand, /) -> Array: ...
        def __isub__(self, other: _Operand, /) -> Array: ...
        def __mul__(self, other: _Operand, /) -> Array: ...
        def __rmul__(self, other: _Operand, /) -> Array: ...
        def __imul__(self, other: _Operand, /) -> Array: ...
        def __truediv__(self, other: _Operand, /) -> Array: ...
        def __rtruediv__(self, other: _Operand, /) -> Array: ...
        def __itruediv__(self, other: _Operand, /) -> Array: ...
        def __floordiv__(self, other: _Operand, /) -> Array: ...
        def __rfloordiv__(self, other: _Operand, /) -> Array: ...
        def __ifloordiv__(self, other: _Operand, /) -> Array: ...
        def __mod__(self, other: _Operand, /) -> Array: ...
        def __rmod__(self, other: _Operand, /) -> Array: ...
        def __imod__(self, other: _Operand, /) -> Array: ...
        def __pow__(self, other: _Operand, /) -> Array: ...
        def __rpow__(self, other: _Operand, /) -> Array: ...
        def __ipow__(self, other: _Operand, /) -> Array: ...
        def __and__(self, other: _Operand, /) -> Array: ...
        def __rand__(self, other: _Operand, /) -> Array: ...
        def __iand__(self, other: _Operand, /) -> Array: ...
        def __or__(self, other: _Operand, /) -> Array: ...
        def __ror__(self, other: _Operand, /) -> Array: ...
        def __ior__(self, other: _Operand, /) -> Array: ...
        def __xor__(self, other: _Operand, /) -> Array: ...
        def __rxor__(self, other: _Operand, /) -> Array: ...
        def __ixor__(self, other: _Operand, /) -> Array: ...
        def __lshift__(self, other: _Operand, /) -> Array: ...
        def __rlshift__(self, other: _Operand, /) -> Array: ...
        def __ilshift__(self, other: _Operand, /) -> Array: ...
        def __rshift__(self, other: _Operand, /) -> Array: ...
        def __rrshift__(self, other: _Operand, /) -> Array: ...
        def __irshift__(self, other: _Operand, /) -> Array: ...
        def __matmul__(self, other: Array | NDArray[Any], /) -> Array: ...
        def __rmatmul__(self, other: Array | NDArray[Any], /) -> Array: ...
        def __imatmul__(self, other: Array | NDArray[Any], /) -> Array: ...
        # (comparisons give arrays of bools, as in NumPy and the array API)
        def __eq__(self, other: object, /) -> Array: ...  # type: ignore[override]
        def __ne__(self, other: object, /) -> Array: ...  # type: ignore[override]
        def __lt__(self, other: _Operand, /) -> Array: ...
        def __le__(self, other: _Operand, /) -> Array: ...
        def __gt__(self, other: _Operand, /) -> Array: ...
        def __ge__(self, other: _Operand, /) -> Array: ...
        def __neg__(self) -> Array: ...
        def __pos__(self) -> Array: ...
        def __abs__(self) -> Array: ...
        def __invert__(self) -> Array: ...
        __hash__: ClassVar[None]  # type: ignore[assignment]

        # NumPy habits: methods calling the namespace's function of the same name with
        # NumPy's parameters after the array (x.sum(0), x.clip(0, 1), x.sort() in place)
        def sum(self, *args: Any, **kwargs: Any) -> Array: ...
        def prod(self, *args: Any, **kwargs: Any) -> Array: ...
        def mean(self, *args: Any, **kwargs: Any) -> Array: ...
        def var(self, *args: Any, **kwargs: Any) -> Array: ...
        def std(self, *args: Any, **kwargs: Any) -> Array: ...
        def min(self, *args: Any, **kwargs: Any) -> Array: ...
        def max(self, *args: Any, **kwargs: Any) -> Array: ...
        def any(self, *args: Any, **kwargs: Any) -> Array: ...
        def all(self, *args: Any, **kwargs: Any) -> Array: ...
        def argmin(self, *args: Any, **kwargs: Any) -> Array: ...
        def argmax(self, *args: Any, **kwargs: Any) -> Array: ...
        def cumsum(self, *args: Any, **kwargs: Any) -> Array: ...
        def cumprod(self, *args: Any, **kwargs: Any) -> Array: ...
        def clip(self, *args: Any, **kwargs: Any) -> Array: ...
        def round(self, *args: Any, **kwargs: Any) -> Array: ...
        def nonzero(self, *args: Any, **kwargs: Any) -> tuple[Array, ...]: ...
        def argsort(self, *args: Any, **kwargs: Any) -> Array: ...
        def argpartition(self, *args: Any, **kwargs: Any) -> Array: ...
        def choose(self, *args: Any, **kwargs: Any) -> Array: ...
        def conj(self, *args: Any, **kwargs: Any) -> Array: ...
        def conjugate(self, *args: Any, **kwargs: Any) -> Array: ...
        def diagonal(self, *args: Any, **kwargs: Any) -> Array: ...
        def dot(self, *args: Any, **kwargs: Any) -> Array: ...
        def repeat(self, *args: Any, **kwargs: Any) -> Array: ...
        def searchsorted(self, *args: Any, **kwargs: Any) -> Array: ...
        def squeeze(self, *args: Any, **kwargs: Any) -> Array: ...
        def swapaxes(self, *args: Any, **kwargs: Any) -> Array: ...
        def take(self, *args: Any, **kwargs: Any) -> Array: ...
        def trace(self, *args: Any, **kwargs: Any) -> Array: ...
        def ptp(self, *args: Any, **kwargs: Any) -> Array: ...
        def sort(self, *args: Any, **kwargs: Any) -> None: ...
        def partition(self, *args: Any, **kwargs: Any) -> None: ...
        def compress(self, condition: Any, axis: int | None = None,
                     out: Array | None = None) -> Array: ...
        def fill(self, value: Any) -> None: ...
        def put(self, indices: Any, values: Any, mode: str = "raise") -> None: ...
        def tobytes(self, order: str = "C") -> bytes: ...
        def tofile(self, fid: Any, sep: str = "", format: str = "%s") -> None: ...
        # x.reshape(2, 3) or x.reshape((2, 3))
        def reshape(self, *shape: int | tuple[int, ...] | list[int], order: str = "C",
                    copy: bool | None = None) -> Array: ...
        def astype(self, dtype: DType, copy: bool = True,
                   device: Device | str | None = None) -> Array: ...
        def copy(self) -> Array: ...
        def tolist(self) -> Any: ...
        def ravel(self, order: str = "C") -> Array: ...
        def flatten(self, order: str = "C") -> Array: ...
        # x.transpose(), x.transpose(1, 0, 2) or x.transpose((1, 0, 2))
        def transpose(self, *axes: int | tuple[int, ...] | list[int] | None) -> Array: ...
        @property
        def nbytes(self) -> int: ...
        @property
        def itemsize(self) -> int: ...
        @property
        def real(self) -> Array: ...
        @property
        def imag(self) -> Array: ...
        @property
        def flat(self) -> Any: ...
        def __copy__(self) -> Array: ...
        def __deepcopy__(self, memo: dict[int, Any], /) -> Array: ...
        def _repr_html_(self) -> str: ...  # (Jupyter's rich display)


def _has_array(key):
    return any(isinstance(k, (Local, np.ndarray, list)) or type(k) in _ArrayType.distributed
               for k in key)


def _gathered(key):
    """The tuple key with its distributed index arrays gathered (a local array's index)."""
    return tuple(np.asarray(k) if type(k) in _ArrayType.distributed else k for k in key)


def _array_key(key):
    """A boolean or integer index array given as an Array, NumPy array or list, as an Array;
    None for every other key (basic indexing). A distributed index array is gathered."""
    if not isinstance(key, (Local, np.ndarray, list)):
        if type(key) in _ArrayType.distributed:
            return _array_key(np.asarray(key))
        return None
    if isinstance(key, Local):
        return key if key.dtype.kind in "biu" else None
    k = np.asarray(key)
    if isinstance(key, list) and k.size == 0:
        k = k.astype(np.int64)  # [] is an empty integer index, as in NumPy
    if k.dtype.kind not in "biu":
        return None
    return up.asarray(k)


# The Python references to an array's handle that its Array owns (its slot): one more means
# another Array holds the same handle (x[...] = y makes them share it), and y must not change.
_BASE_REFS = 1
_SET_ITEM_REFS = _BASE_REFS + 1  # (and the argument passed to eager_set_item)


def _written_in_place(base, view, value):
    """base[view] = value written into base's buffer by the eager path (_eager.py): (True,
    None) when done; (False, the value coerced and cast for the recorded write, or None) when
    base cannot be written in place or value has no values now."""
    key = view.numpy_key(base.ndim)
    if key is None or 0 in view.shape:
        return False, None
    t, d = type(value), base._dtype
    if t is float and d.kind == "f" or t is int and (
            d.kind == "f" or d.kind in "iu" and dt.scalar_fits(value, d)):
        return _eager.write_scalar(base._h, key, value, _BASE_REFS), None
    v = _ops.cast(_coerce_value(value, d, base.device), d)
    if not _ops.broadcasts_to(v.shape, view.shape):
        return False, v
    return _eager.write(base._h, key, view.shape, view.inner_shape(), v, _BASE_REFS), v


def _coerce_value(value, dtype, device=None):
    """A value for __setitem__ as an Array (on `device`, the written array's: NumPy data is
    copied there). Complex values into a real numeric array raise TypeError (NumPy would drop
    the imaginary part with a ComplexWarning); into a bool array they are nonzero tests, as
    astype to bool."""
    if not isinstance(value, Local) and not isinstance(value, (bool, int, float, complex)):
        value = up.asarray(value, device=device)
    if (isinstance(value, complex) or isinstance(value, Local) and dt.is_complex(value.dtype)) \
            and not dt.is_complex(dtype) and dtype != dt.bool_:
        raise TypeError(f"cannot assign complex values to an array of dtype {dtype.name}")
    if isinstance(value, Local):
        return value
    if isinstance(value, complex) and dtype == dt.bool_:
        value = bool(value)
    if isinstance(value, (bool, int, float, complex)):
        if not dt.scalar_fits(value, dtype):
            raise OverflowError(f"Python integer {value} out of bounds for {dtype.name}")
        if isinstance(value, float) and dt.is_int(dtype) and not np.isfinite(value):
            raise ValueError(f"cannot convert float {value} to integer")
        return _ops.full((), value, dtype, index_of(device))
    return up.asarray(value, device=device)


def _inplace(self, fn, other):
    """self = fn(self, other) written into self: the shape must stay and the result dtype
    must cast to self's (NumPy's same-kind rule). An element of an array (x[i, j], a 0-d view
    that integer indexing made) is NumPy's scalar here: x[i, j] += v is x[i, j] = x[i, j] + v
    (the assignment casts as any does), and e = x[i, j]; e += v rebinds e, leaving x."""
    r = fn(self, other)
    if self._element:
        return r
    b = self._base
    if b is not None and not self.shape and (
            is_element_key(self._vkey) if self._vkey is not None else self._view.element):
        return r  # (an element: NumPy's scalar; a part the eager path read keeps its key)
    if r.shape != self.shape:
        raise ValueError(f"non-broadcastable output operand with shape {self.shape} "
                         f"doesn't match the broadcast shape {r.shape}")
    if r.dtype != self.dtype:
        if not (dt.is_complex(self.dtype)
                or dt.is_float(self.dtype) and not dt.is_complex(r.dtype)
                or dt.is_int(self.dtype) and dt.is_int(r.dtype)):
            raise TypeError(f"cannot cast the result of in-place {fn.__name__} from "
                            f"{r.dtype.name} to {self.dtype.name}")
    if self._base is None and r._dtype is self._dtype and type(r) is Array and not _tracing():
        if r._hs is None and r._np is not None and r._base is None and getrefcount(r) == 2:
            # (r is this call's own result: its NumPy values become self's)
            self._hs, self._np, r._np = None, r._np, None
        else:
            self._h = r._t  # (what self[...] = r does for a whole array: its new value)
        self._version += 1
        return self
    if b is not None and self._vkey is not None and b._base is None and _eager.fast \
            and type(r) is Array and r._dtype is self._dtype:
        b[self._vkey] = r  # (self[...] = r, without composing self's View)
        if r._hs is None and type(r._np) is np.ndarray and r._base is None \
                and getrefcount(r) == 2:  # (r's values are the part's now: self's)
            self._hs, self._np, self._seen, r._np = None, r._np, b._version, None
        return self
    self[...] = r
    return self
