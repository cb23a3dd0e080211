"""The function-specific parts of the ufuncs' docstrings, one entry per ufunc (by its
ptensor name): _ufunc.py builds each docstring from its entry and one template.

summary: the first line; meaning: what it computes, its domain and special values; dtype: the
result dtype rule where it is not "the promoted dtype of the inputs, as NumPy"; notes: where
ptensor differs from NumPy, or a case that raises; see: See Also lines; example: doctest lines
(run by tests/python/test_docstrings.py); names: the public names of the ufunc where they are
not its ptensor name and NumPy aliases; bool: a bool result."""

DOCS = {
    'add': {
        'summary': (
            'Add arguments elementwise.'
        ),
        'meaning': (
            '``x1 + x2`` with broadcasting, as numpy.add; the ``+`` operator of arrays.'
        ),
        'see': (
            'subtract : Subtract elementwise.\n'
            'sum : Sum along axes.'
        ),
        'example': (
            '>>> x = pt.asarray([1, 2, 3])\n'
            '>>> pt.add(x, 10)\n'
            'Array([11, 12, 13])\n'
            '>>> pt.add(x, pt.asarray([[0], [100]]))\n'
            'Array([[  1,   2,   3],\n'
            '       [101, 102, 103]])\n'
            '>>> pt.add.reduce(x)\n'
            'Array(6)'
        ),
    },
    'subtract': {
        'summary': (
            'Subtract arguments elementwise.'
        ),
        'meaning': (
            '``x1 - x2`` with broadcasting, as numpy.subtract; the ``-`` operator of arrays.'
        ),
        'see': (
            'add : Add elementwise.'
        ),
        'example': (
            '>>> pt.subtract(pt.asarray([5, 7, 9]), pt.asarray([1, 2, 3]))\n'
            'Array([4, 5, 6])\n'
            '>>> pt.subtract(1.0, pt.asarray([0.5, 2.0]))\n'
            'Array([ 0.5, -1. ])'
        ),
    },
    'multiply': {
        'summary': (
            'Multiply arguments elementwise.'
        ),
        'meaning': (
            '``x1 * x2`` with broadcasting, as numpy.multiply; the ``*`` operator of arrays.'
        ),
        'see': (
            'prod : Product along axes.'
        ),
        'example': (
            '>>> pt.multiply(pt.asarray([1, 2, 3]), pt.asarray([4, 5, 6]))\n'
            'Array([ 4, 10, 18])\n'
            '>>> pt.multiply(pt.asarray([1.5, 2.0], dtype=pt.float32), 2)\n'
            'Array([3., 4.], dtype=float32)\n'
            '>>> pt.multiply.outer(pt.asarray([1, 2]), pt.asarray([1, 10, 100]))\n'
            'Array([[  1,  10, 100],\n'
            '       [  2,  20, 200]])'
        ),
    },
    'divide': {
        'summary': (
            'Divide arguments elementwise (true division).'
        ),
        'meaning': (
            '``x1 / x2`` with broadcasting, as numpy.divide; the ``/`` operator of arrays. '
            'Division by zero gives ``inf`` or ``nan`` (IEEE 754).'
        ),
        'dtype': (
            'Integer and bool inputs give the default floating dtype (float64), as NumPy.'
        ),
        'see': (
            'floor_divide : Integer (floor) division.'
        ),
        'example': (
            '>>> pt.divide(pt.asarray([1, 2, 3]), 2)\n'
            'Array([0.5, 1. , 1.5])\n'
            '>>> pt.divide(pt.asarray([1.0, -1.0, 0.0]), 0.0)\n'
            'Array([ inf, -inf,  nan])'
        ),
    },
    'sin': {
        'summary': (
            'Trigonometric sine, elementwise.'
        ),
        'meaning': (
            'The sine of ``x`` (in radians), as numpy.sin.'
        ),
        'see': (
            'cos : Cosine.\n'
            'arcsin : Inverse sine.'
        ),
        'example': (
            '>>> x = pt.asarray([0.0, pt.pi / 6, pt.pi / 2])\n'
            '>>> pt.sin(x)\n'
            'Array([0. , 0.5, 1. ])'
        ),
    },
    'cos': {
        'summary': (
            'Trigonometric cosine, elementwise.'
        ),
        'meaning': (
            'The cosine of ``x`` (in radians), as numpy.cos.'
        ),
        'see': (
            'sin : Sine.\n'
            'arccos : Inverse cosine.'
        ),
        'example': (
            '>>> pt.cos(pt.asarray([0.0, pt.pi / 3, pt.pi]))\n'
            'Array([ 1. ,  0.5, -1. ])'
        ),
    },
    'exp': {
        'summary': (
            'The exponential ``e**x``, elementwise.'
        ),
        'meaning': (
            'As numpy.exp; large arguments overflow to ``inf``.'
        ),
        'see': (
            'log : Natural logarithm.\n'
            'expm1 : ``exp(x) - 1`` accurate near 0.'
        ),
        'example': (
            '>>> pt.exp(pt.asarray([0.0, 1.0, 2.0]))\n'
            'Array([1.        , 2.71828183, 7.3890561 ])'
        ),
    },
    'log': {
        'summary': (
            'Natural logarithm, elementwise.'
        ),
        'meaning': (
            'The inverse of ``exp``, as numpy.log: ``log(0)`` is ``-inf``, negative real '
            'arguments give ``nan``.'
        ),
        'see': (
            'log1p : ``log(1 + x)`` accurate near 0.\n'
            'log2 : Base-2 logarithm.\n'
            'log10 : Base-10 logarithm.'
        ),
        'example': (
            '>>> pt.log(pt.asarray([1.0, pt.e, 0.0]))\n'
            'Array([  0.,   1., -inf])'
        ),
    },
    'sqrt': {
        'summary': (
            'Non-negative square root, elementwise.'
        ),
        'meaning': (
            'As numpy.sqrt: negative real arguments give ``nan``; complex arguments give the '
            'principal root.'
        ),
        'see': (
            'cbrt : Cube root.\n'
            'square : ``x * x``.'
        ),
        'example': (
            '>>> pt.sqrt(pt.asarray([1.0, 4.0, 9.0]))\n'
            'Array([1., 2., 3.])\n'
            '>>> pt.sqrt(pt.asarray([-4.0 + 0j]))\n'
            'Array([0.+2.j])'
        ),
    },
    'abs': {
        'summary': (
            'Absolute value, elementwise.'
        ),
        'meaning': (
            '``|x|``, as numpy.absolute; for complex ``x`` the magnitude, a real array (float32 '
            'for complex64, float64 for complex128).'
        ),
        'see': (
            'fabs : Absolute value of real numbers, as a float.\n'
            'sign : Sign.'
        ),
        'example': (
            '>>> pt.abs(pt.asarray([-1.5, 0.0, 2.0]))\n'
            'Array([1.5, 0. , 2. ])\n'
            '>>> pt.abs(pt.asarray([3 + 4j]))\n'
            'Array([5.])'
        ),
    },
    'maximum': {
        'summary': (
            'Elementwise maximum of two arrays.'
        ),
        'meaning': (
            'As numpy.maximum: a NaN in either input gives NaN (``fmax`` ignores NaNs).'
        ),
        'notes': (
            'Complex inputs raise TypeError (the array API defines no ordering of complex '
            'numbers; NumPy orders them lexicographically).'
        ),
        'see': (
            'minimum : Elementwise minimum.\n'
            'fmax : Maximum ignoring NaNs.\n'
            'max : Maximum along axes.'
        ),
        'example': (
            '>>> pt.maximum(pt.asarray([1, 5, 3]), pt.asarray([4, 2, 6]))\n'
            'Array([4, 5, 6])\n'
            '>>> pt.maximum(pt.asarray([1.0, pt.nan]), 0.0)\n'
            'Array([ 1., nan])\n'
            '>>> pt.maximum.reduce(pt.asarray([[1, 7], [4, 2]]), axis=1)\n'
            'Array([7, 4])'
        ),
    },
    'minimum': {
        'summary': (
            'Elementwise minimum of two arrays.'
        ),
        'meaning': (
            'As numpy.minimum: a NaN in either input gives NaN (``fmin`` ignores NaNs).'
        ),
        'notes': (
            'Complex inputs raise TypeError (the array API defines no ordering of complex '
            'numbers; NumPy orders them lexicographically).'
        ),
        'see': (
            'maximum : Elementwise maximum.\n'
            'fmin : Minimum ignoring NaNs.\n'
            'min : Minimum along axes.'
        ),
        'example': (
            '>>> pt.minimum(pt.asarray([1, 5, 3]), pt.asarray([4, 2, 6]))\n'
            'Array([1, 2, 3])\n'
            '>>> pt.minimum(pt.asarray([-1.0, 2.0, pt.nan]), 0.0)\n'
            'Array([-1.,  0., nan])'
        ),
    },
    'pow': {
        'summary': (
            'First array raised to powers from the second, elementwise.'
        ),
        'meaning': (
            '``x1 ** x2`` with broadcasting, as numpy.power; the ``**`` operator of arrays.'
        ),
        'notes': (
            'An integer array to a negative integer power raises ValueError, as in NumPy.'
        ),
        'see': (
            'float_power : Power computed in float64.'
        ),
        'example': (
            '>>> pt.pow(pt.asarray([1, 2, 3]), 2)\n'
            'Array([1, 4, 9])\n'
            '>>> pt.pow(2.0, pt.asarray([0.5, -1.0, 3.0]))\n'
            'Array([1.41421356, 0.5       , 8.        ])'
        ),
    },
    'equal': {
        "bool": True,
        'summary': (
            'Return ``x1 == x2`` elementwise.'
        ),
        'meaning': (
            'As numpy.equal: NaN is not equal to anything, NaN included. The ``==`` operator of '
            'arrays.'
        ),
        'dtype': (
            'The result is bool; the inputs are compared in their promoted dtype, and integers '
            "of different signedness (or Python integers beyond the array's range) exactly."
        ),
        'see': (
            'not_equal : ``x1 != x2``.\n'
            'array_equal : Whether two arrays are equal.'
        ),
        'example': (
            '>>> pt.equal(pt.asarray([1, 2, 3]), 2)\n'
            'Array([False,  True, False])\n'
            '>>> pt.equal(pt.asarray([1.0, pt.nan]), pt.asarray([1.0, pt.nan]))\n'
            'Array([ True, False])'
        ),
    },
    'less': {
        "bool": True,
        'summary': (
            'Return ``x1 < x2`` elementwise.'
        ),
        'meaning': (
            'As numpy.less; the ``<`` operator of arrays.'
        ),
        'dtype': (
            'The result is bool; integers of different signedness (or Python integers beyond the '
            "array's range) are compared exactly."
        ),
        'notes': (
            'Complex inputs raise TypeError (the array API defines no ordering of complex '
            'numbers; NumPy orders them lexicographically).'
        ),
        'see': (
            'less_equal : ``x1 <= x2``.\n'
            'greater : ``x1 > x2``.'
        ),
        'example': (
            '>>> pt.less(pt.asarray([1, 2, 3]), 2)\n'
            'Array([ True, False, False])\n'
            '>>> pt.less(pt.asarray([-1], dtype=pt.int64), pt.asarray([0], dtype=pt.uint64))\n'
            'Array([ True])'
        ),
    },
    'greater': {
        "bool": True,
        'summary': (
            'Return ``x1 > x2`` elementwise.'
        ),
        'meaning': (
            'As numpy.greater; the ``>`` operator of arrays.'
        ),
        'dtype': (
            'The result is bool; integers of different signedness (or Python integers beyond the '
            "array's range) are compared exactly."
        ),
        'notes': (
            'Complex inputs raise TypeError (the array API defines no ordering of complex '
            'numbers; NumPy orders them lexicographically).'
        ),
        'see': (
            'greater_equal : ``x1 >= x2``.\n'
            'less : ``x1 < x2``.'
        ),
        'example': (
            '>>> pt.greater(pt.asarray([1, 2, 3]), 2)\n'
            'Array([False, False,  True])\n'
            '>>> pt.greater(pt.asarray([1.0, pt.nan]), 0.0)\n'
            'Array([ True, False])'
        ),
    },
    'logical_and': {
        "bool": True,
        'summary': (
            'Logical AND of the truth values, elementwise.'
        ),
        'meaning': (
            'As numpy.logical_and: nonzero values are true.'
        ),
        'dtype': (
            'The result is bool.'
        ),
        'see': (
            'logical_or : Logical OR.\n'
            'all : Whether all elements are true.'
        ),
        'example': (
            '>>> pt.logical_and(pt.asarray([True, True, False]), pt.asarray([True, False, '
            'False]))\n'
            'Array([ True, False, False])\n'
            '>>> pt.logical_and(pt.asarray([0, 1, 2]), 1)\n'
            'Array([False,  True,  True])'
        ),
    },
    'isnan': {
        "bool": True,
        'summary': (
            'Test elementwise for NaN.'
        ),
        'meaning': (
            'As numpy.isnan: true where ``x`` is NaN (for complex ``x``: where either part is); '
            'integers and bools are never NaN.'
        ),
        'dtype': (
            'The result is bool.'
        ),
        'see': (
            'isinf : Test for infinity.\n'
            'isfinite : Test for finite values.'
        ),
        'example': (
            '>>> pt.isnan(pt.asarray([1.0, pt.nan, pt.inf]))\n'
            'Array([False,  True, False])'
        ),
    },
    'floor': {
        'summary': (
            'Floor of the input, elementwise.'
        ),
        'meaning': (
            'The largest integer ``i <= x``, as numpy.floor; integer arrays are returned '
            'unchanged (as a new array of their dtype).'
        ),
        'see': (
            'ceil : Ceiling.\n'
            'trunc : Round towards zero.'
        ),
        'example': (
            '>>> pt.floor(pt.asarray([-1.5, -0.5, 0.5, 1.5]))\n'
            'Array([-2., -1.,  0.,  1.])'
        ),
    },
    'atan2': {
        'summary': (
            'Elementwise arc tangent of ``x1 / x2``, choosing the quadrant.'
        ),
        'meaning': (
            'The angle in radians, in ``[-pi, pi]``, between the positive x axis and the point '
            '``(x2, x1)``, as numpy.arctan2 (``x1`` is the y coordinate).'
        ),
        'see': (
            'arctan : Inverse tangent of one argument.\n'
            'hypot : ``sqrt(x1**2 + x2**2)``.'
        ),
        'example': (
            '>>> pt.atan2(pt.asarray([1.0, 1.0, -1.0]), pt.asarray([1.0, -1.0, -1.0]))\n'
            'Array([ 0.78539816,  2.35619449, -2.35619449])'
        ),
    },
    'acos': {
        'summary': (
            'Inverse cosine, elementwise.'
        ),
        'meaning': (
            'The angle in ``[0, pi]`` whose cosine is ``x``, as numpy.arccos; real arguments '
            'outside ``[-1, 1]`` give ``nan``.'
        ),
        'see': (
            'cos : Cosine.\n'
            'arcsin : Inverse sine.'
        ),
        'example': (
            '>>> pt.acos(pt.asarray([1.0, 0.0, -1.0]))\n'
            'Array([0.        , 1.57079633, 3.14159265])'
        ),
    },
    'acosh': {
        'summary': (
            'Inverse hyperbolic cosine, elementwise.'
        ),
        'meaning': (
            'As numpy.arccosh; real arguments below 1 give ``nan``.'
        ),
        'see': (
            'cosh : Hyperbolic cosine.'
        ),
        'example': (
            '>>> pt.acosh(pt.asarray([1.0, 2.0, 10.0]))\n'
            'Array([0.        , 1.3169579 , 2.99322285])'
        ),
    },
    'asin': {
        'summary': (
            'Inverse sine, elementwise.'
        ),
        'meaning': (
            'The angle in ``[-pi/2, pi/2]`` whose sine is ``x``, as numpy.arcsin; real arguments '
            'outside ``[-1, 1]`` give ``nan``.'
        ),
        'see': (
            'sin : Sine.\n'
            'arccos : Inverse cosine.'
        ),
        'example': (
            '>>> pt.asin(pt.asarray([0.0, 0.5, 1.0]))\n'
            'Array([0.        , 0.52359878, 1.57079633])'
        ),
    },
    'asinh': {
        'summary': (
            'Inverse hyperbolic sine, elementwise.'
        ),
        'meaning': (
            'As numpy.arcsinh.'
        ),
        'see': (
            'sinh : Hyperbolic sine.'
        ),
        'example': (
            '>>> pt.asinh(pt.asarray([0.0, 1.0, -2.0]))\n'
            'Array([ 0.        ,  0.88137359, -1.44363548])'
        ),
    },
    'atan': {
        'summary': (
            'Inverse tangent, elementwise.'
        ),
        'meaning': (
            'The angle in ``(-pi/2, pi/2)`` whose tangent is ``x``, as numpy.arctan.'
        ),
        'see': (
            'arctan2 : Inverse tangent of ``x1 / x2`` with the quadrant.\n'
            'tan : Tangent.'
        ),
        'example': (
            '>>> pt.atan(pt.asarray([0.0, 1.0, pt.inf]))\n'
            'Array([0.        , 0.78539816, 1.57079633])'
        ),
    },
    'atanh': {
        'summary': (
            'Inverse hyperbolic tangent, elementwise.'
        ),
        'meaning': (
            'As numpy.arctanh; ``+-1`` give ``+-inf``, real arguments outside ``[-1, 1]`` give '
            '``nan``.'
        ),
        'see': (
            'tanh : Hyperbolic tangent.'
        ),
        'example': (
            '>>> pt.atanh(pt.asarray([0.0, 0.5, 1.0]))\n'
            'Array([0.        , 0.54930614,        inf])'
        ),
    },
    'bitwise_and': {
        'summary': (
            'Bitwise AND of integers or bools, elementwise.'
        ),
        'meaning': (
            '``x1 & x2``, as numpy.bitwise_and; the ``&`` operator of arrays.'
        ),
        'see': (
            'bitwise_or : Bitwise OR.\n'
            'logical_and : Logical AND.'
        ),
        'example': (
            '>>> pt.bitwise_and(pt.asarray([12, 10]), 6)\n'
            'Array([4, 2])\n'
            '>>> pt.bitwise_and(pt.asarray([True, False]), True)\n'
            'Array([ True, False])'
        ),
    },
    'bitwise_count': {
        'summary': (
            'The number of 1 bits in the absolute value of ``x``, elementwise.'
        ),
        'meaning': (
            'As numpy.bitwise_count, for integers and bools.'
        ),
        'dtype': (
            'The result is uint8, as NumPy.'
        ),
        'example': (
            '>>> pt.bitwise_count(pt.asarray([0, 7, -8, 255]))\n'
            'Array([0, 3, 1, 8], dtype=uint8)'
        ),
    },
    'bitwise_invert': {
        "names": ('bitwise_invert', 'invert', 'bitwise_not'),
        'summary': (
            'Bitwise NOT (inversion) of integers or bools, elementwise.'
        ),
        'meaning': (
            "``~x``, as numpy.invert: the two's complement NOT of integers, logical NOT of bools."
        ),
        'example': (
            '>>> pt.bitwise_invert(pt.asarray([0, 5], dtype=pt.uint8))\n'
            'Array([255, 250], dtype=uint8)\n'
            '>>> pt.bitwise_invert(pt.asarray([0, -1, 2]))\n'
            'Array([-1,  0, -3])\n'
            '>>> pt.bitwise_invert(pt.asarray([True, False]))\n'
            'Array([False,  True])'
        ),
    },
    'bitwise_left_shift': {
        'summary': (
            'Shift the bits of integers to the left, elementwise.'
        ),
        'meaning': (
            '``x1 << x2``, as numpy.left_shift: multiplies by ``2**x2``, bits shifted out are lost.'
        ),
        'see': (
            'bitwise_right_shift : Shift to the right.'
        ),
        'example': (
            '>>> pt.bitwise_left_shift(pt.asarray([1, 3, 5]), 2)\n'
            'Array([ 4, 12, 20])'
        ),
    },
    'bitwise_or': {
        'summary': (
            'Bitwise OR of integers or bools, elementwise.'
        ),
        'meaning': (
            '``x1 | x2``, as numpy.bitwise_or; the ``|`` operator of arrays.'
        ),
        'see': (
            'bitwise_and : Bitwise AND.\n'
            'logical_or : Logical OR.'
        ),
        'example': (
            '>>> pt.bitwise_or(pt.asarray([12, 10]), 3)\n'
            'Array([15, 11])\n'
            '>>> pt.bitwise_or.reduce(pt.asarray([1, 2, 8]))\n'
            'Array(11)'
        ),
    },
    'bitwise_right_shift': {
        'summary': (
            'Shift the bits of integers to the right, elementwise.'
        ),
        'meaning': (
            '``x1 >> x2``, as numpy.right_shift: floor division by ``2**x2`` (arithmetic shift '
            'of signed integers).'
        ),
        'see': (
            'bitwise_left_shift : Shift to the left.'
        ),
        'example': (
            '>>> pt.bitwise_right_shift(pt.asarray([16, 7, -8]), 2)\n'
            'Array([ 4,  1, -2])'
        ),
    },
    'bitwise_xor': {
        'summary': (
            'Bitwise exclusive OR of integers or bools, elementwise.'
        ),
        'meaning': (
            '``x1 ^ x2``, as numpy.bitwise_xor; the ``^`` operator of arrays.'
        ),
        'see': (
            'logical_xor : Logical exclusive OR.'
        ),
        'example': (
            '>>> pt.bitwise_xor(pt.asarray([12, 10]), 6)\n'
            'Array([10, 12])'
        ),
    },
    'cbrt': {
        'summary': (
            'Cube root, elementwise.'
        ),
        'meaning': (
            'The real cube root, as numpy.cbrt: negative for negative ``x``; exact cubes give '
            'exact roots.'
        ),
        'dtype': (
            "Integer and bool inputs give NumPy's floating dtype (float64 for 32- and 64-bit "
            "integers; NumPy's float16 becomes float32, as ptensor has no float16); floating "
            'inputs keep their dtype.'
        ),
        'see': (
            'sqrt : Square root.'
        ),
        'example': (
            '>>> pt.cbrt(pt.asarray([1.0, 8.0, -27.0]))\n'
            'Array([ 1.,  2., -3.])'
        ),
    },
    'ceil': {
        'summary': (
            'Ceiling of the input, elementwise.'
        ),
        'meaning': (
            'The smallest integer ``i >= x``, as numpy.ceil; integer arrays are returned '
            'unchanged (as a new array of their dtype).'
        ),
        'see': (
            'floor : Floor.\n'
            'trunc : Round towards zero.'
        ),
        'example': (
            '>>> pt.ceil(pt.asarray([-1.5, -0.5, 0.5, 1.5]))\n'
            'Array([-1., -0.,  1.,  2.])'
        ),
    },
    'conj': {
        'summary': (
            'Complex conjugate, elementwise.'
        ),
        'meaning': (
            "As numpy.conjugate: the imaginary part's sign flipped; a real array gives a copy of "
            'itself (a new array).'
        ),
        'dtype': (
            "The result has ``x``'s dtype."
        ),
        'notes': (
            "A bool array stays bool, where NumPy's conjugate (which has no bool loop) gives int8."
        ),
        'see': (
            'real : Real part.\n'
            'imag : Imaginary part.'
        ),
        'example': (
            '>>> pt.conj(pt.asarray([1 + 2j, 3 - 1j]))\n'
            'Array([1.-2.j, 3.+1.j])'
        ),
    },
    'copysign': {
        'summary': (
            '``x1`` with the sign of ``x2``, elementwise.'
        ),
        'meaning': (
            'The magnitude of ``x1`` and the sign bit of ``x2``, as numpy.copysign (``-0.0`` '
            'counts as negative).'
        ),
        'see': (
            'signbit : Whether the sign bit is set.'
        ),
        'example': (
            '>>> pt.copysign(pt.asarray([1.0, 2.0, 3.0]), pt.asarray([-1.0, 0.0, -0.0]))\n'
            'Array([-1.,  2., -3.])'
        ),
    },
    'cosh': {
        'summary': (
            'Hyperbolic cosine, elementwise.'
        ),
        'meaning': (
            '``(exp(x) + exp(-x)) / 2``, as numpy.cosh.'
        ),
        'see': (
            'arccosh : Inverse hyperbolic cosine.'
        ),
        'example': (
            '>>> pt.cosh(pt.asarray([0.0, 1.0, -1.0]))\n'
            'Array([1.        , 1.54308063, 1.54308063])'
        ),
    },
    'deg2rad': {
        'summary': (
            'Convert angles from degrees to radians, elementwise.'
        ),
        'meaning': (
            '``x * pi / 180``, as numpy.deg2rad (the same as ``radians``).'
        ),
        'dtype': (
            "Integer and bool inputs give NumPy's floating dtype (float64 for 32- and 64-bit "
            "integers; NumPy's float16 becomes float32, as ptensor has no float16); floating "
            'inputs keep their dtype.'
        ),
        'see': (
            'rad2deg : Radians to degrees.'
        ),
        'example': (
            '>>> pt.deg2rad(pt.asarray([0.0, 90.0, 180.0]))\n'
            'Array([0.        , 1.57079633, 3.14159265])'
        ),
    },
    'degrees': {
        'summary': (
            'Convert angles from radians to degrees, elementwise.'
        ),
        'meaning': (
            '``x * 180 / pi``, as numpy.degrees (the same as ``rad2deg``).'
        ),
        'dtype': (
            "Integer and bool inputs give NumPy's floating dtype (float64 for 32- and 64-bit "
            "integers; NumPy's float16 becomes float32, as ptensor has no float16); floating "
            'inputs keep their dtype.'
        ),
        'see': (
            'radians : Degrees to radians.'
        ),
        'example': (
            '>>> pt.degrees(pt.asarray([0.0, pt.pi / 2, pt.pi]))\n'
            'Array([  0.,  90., 180.])'
        ),
    },
    'erf': {
        'summary': (
            'The error function, elementwise.'
        ),
        'meaning': (
            '``2 / sqrt(pi)`` times the integral of ``exp(-t**2)`` from 0 to ``x``, as '
            'scipy.special.erf: a ptensor extension (NumPy has no ``erf``).'
        ),
        'dtype': (
            "Integer and bool inputs give NumPy's floating dtype (float64 for 32- and 64-bit "
            "integers; NumPy's float16 becomes float32, as ptensor has no float16); floating "
            'inputs keep their dtype.'
        ),
        'notes': (
            'Complex inputs raise TypeError.'
        ),
        'see': (
            'exp : Exponential.'
        ),
        'example': (
            '>>> pt.erf(pt.asarray([0.0, 0.5, -1.0, pt.inf]))\n'
            'Array([ 0.        ,  0.52049988, -0.84270079,  1.        ])'
        ),
    },
    'exp2': {
        'summary': (
            '``2**x``, elementwise.'
        ),
        'meaning': (
            'As numpy.exp2.'
        ),
        'dtype': (
            "Integer and bool inputs give NumPy's floating dtype (float64 for 32- and 64-bit "
            "integers; NumPy's float16 becomes float32, as ptensor has no float16); floating "
            'inputs keep their dtype.'
        ),
        'see': (
            'exp : ``e**x``.\n'
            'log2 : Base-2 logarithm.'
        ),
        'example': (
            '>>> pt.exp2(pt.asarray([0.0, 3.0, -1.0]))\n'
            'Array([1. , 8. , 0.5])'
        ),
    },
    'expm1': {
        'summary': (
            '``exp(x) - 1``, elementwise.'
        ),
        'meaning': (
            'As numpy.expm1: accurate for ``x`` near 0, where ``exp(x) - 1`` loses digits.'
        ),
        'see': (
            'exp : Exponential.\n'
            'log1p : ``log(1 + x)``.'
        ),
        'example': (
            '>>> pt.expm1(pt.asarray([0.0, 1e-10, 1.0]))\n'
            'Array([0.00000000e+00, 1.00000000e-10, 1.71828183e+00])'
        ),
    },
    'fabs': {
        'summary': (
            'Absolute value of real numbers, elementwise.'
        ),
        'meaning': (
            'As numpy.fabs.'
        ),
        'dtype': (
            "Integer and bool inputs give NumPy's floating dtype (float64 for 32- and 64-bit "
            "integers; NumPy's float16 becomes float32, as ptensor has no float16); floating "
            'inputs keep their dtype; complex inputs raise TypeError, as NumPy.'
        ),
        'see': (
            'abs : Absolute value of any number.'
        ),
        'example': (
            '>>> pt.fabs(pt.asarray([-1, 0, 2]))\n'
            'Array([1., 0., 2.])\n'
            '>>> pt.fabs(pt.asarray([-1.5, 2.5], dtype=pt.float32))\n'
            'Array([1.5, 2.5], dtype=float32)'
        ),
    },
    'float_power': {
        'summary': (
            'First array raised to powers from the second, computed in float64 (or complex128).'
        ),
        'meaning': (
            'As numpy.float_power: the inputs are cast to float64 (complex128 for complex '
            'inputs) before ``x1 ** x2``, so integers to negative powers are allowed.'
        ),
        'dtype': (
            'The result is float64, or complex128 for complex inputs.'
        ),
        'see': (
            "power : Power in the inputs' promoted dtype."
        ),
        'example': (
            '>>> pt.float_power(pt.asarray([1, 2, 3]), -1)\n'
            'Array([1.        , 0.5       , 0.33333333])\n'
            '>>> pt.float_power(pt.asarray([2.0], dtype=pt.float32), 2)\n'
            'Array([4.])'
        ),
    },
    'floor_divide': {
        'summary': (
            'Floor of the quotient, elementwise.'
        ),
        'meaning': (
            '``x1 // x2``, as numpy.floor_divide: the largest integer not greater than ``x1 / '
            'x2``; the ``//`` operator of arrays. Integer division by zero gives 0, as NumPy.'
        ),
        'see': (
            'remainder : The remainder of floor division.\n'
            'divide : True division.'
        ),
        'example': (
            '>>> pt.floor_divide(pt.asarray([7, -7, 7]), pt.asarray([2, 2, -2]))\n'
            'Array([ 3, -4, -4])\n'
            '>>> pt.floor_divide(pt.asarray([7.5, -1.0]), 2.0)\n'
            'Array([ 3., -1.])'
        ),
    },
    'fmax': {
        'summary': (
            'Elementwise maximum of two arrays, ignoring NaNs.'
        ),
        'meaning': (
            'As numpy.fmax: where one input is NaN the other is the result; NaN only where both '
            'are NaN.'
        ),
        'see': (
            'maximum : Maximum that propagates NaNs.\n'
            'fmin : Minimum ignoring NaNs.'
        ),
        'example': (
            '>>> pt.fmax(pt.asarray([1.0, pt.nan, pt.nan]), pt.asarray([2.0, 0.0, pt.nan]))\n'
            'Array([ 2.,  0., nan])'
        ),
    },
    'fmin': {
        'summary': (
            'Elementwise minimum of two arrays, ignoring NaNs.'
        ),
        'meaning': (
            'As numpy.fmin: where one input is NaN the other is the result; NaN only where both '
            'are NaN.'
        ),
        'see': (
            'minimum : Minimum that propagates NaNs.\n'
            'fmax : Maximum ignoring NaNs.'
        ),
        'example': (
            '>>> pt.fmin(pt.asarray([1.0, pt.nan, pt.nan]), pt.asarray([2.0, 0.0, pt.nan]))\n'
            'Array([ 1.,  0., nan])'
        ),
    },
    'fmod': {
        'summary': (
            'Remainder of division with the sign of the dividend, elementwise.'
        ),
        'meaning': (
            "As numpy.fmod (C's ``fmod``): ``x1 - trunc(x1 / x2) * x2``, taking the sign of "
            '``x1``; integer division by zero gives 0, as NumPy.'
        ),
        'see': (
            'remainder : The remainder with the sign of the divisor.'
        ),
        'example': (
            '>>> pt.fmod(pt.asarray([5, -5, 5]), pt.asarray([3, 3, -3]))\n'
            'Array([ 2, -2,  2])\n'
            '>>> pt.fmod(pt.asarray([5.5, -5.5]), 2.0)\n'
            'Array([ 1.5, -1.5])'
        ),
    },
    'gcd': {
        'summary': (
            'Greatest common divisor of the absolute values, elementwise.'
        ),
        'meaning': (
            'As numpy.gcd, for integers; ``gcd(0, 0)`` is 0.'
        ),
        'see': (
            'lcm : Least common multiple.'
        ),
        'example': (
            '>>> pt.gcd(pt.asarray([12, 20, -9, 0]), 6)\n'
            'Array([6, 2, 3, 6])\n'
            '>>> pt.gcd.reduce(pt.asarray([12, 18, 30]))\n'
            'Array(6)'
        ),
    },
    'greater_equal': {
        "bool": True,
        'summary': (
            'Return ``x1 >= x2`` elementwise.'
        ),
        'meaning': (
            'As numpy.greater_equal; the ``>=`` operator of arrays.'
        ),
        'dtype': (
            'The result is bool; integers of different signedness (or Python integers beyond the '
            "array's range) are compared exactly."
        ),
        'notes': (
            'Complex inputs raise TypeError (the array API defines no ordering of complex '
            'numbers; NumPy orders them lexicographically).'
        ),
        'see': (
            'greater : ``x1 > x2``.\n'
            'less_equal : ``x1 <= x2``.'
        ),
        'example': (
            '>>> pt.greater_equal(pt.asarray([1, 2, 3]), 2)\n'
            'Array([False,  True,  True])'
        ),
    },
    'heaviside': {
        'summary': (
            'The Heaviside step function, elementwise.'
        ),
        'meaning': (
            'As numpy.heaviside: 0 where ``x1 < 0``, ``x2`` where ``x1 == 0``, 1 where ``x1 > '
            '0``, NaN where ``x1`` is NaN.'
        ),
        'dtype': (
            "Integer and bool inputs give NumPy's floating dtype (float64 for 32- and 64-bit "
            "integers; NumPy's float16 becomes float32, as ptensor has no float16); floating "
            'inputs keep their dtype.'
        ),
        'example': (
            '>>> pt.heaviside(pt.asarray([-1.5, 0.0, 2.0]), 0.5)\n'
            'Array([0. , 0.5, 1. ])'
        ),
    },
    'hypot': {
        'summary': (
            'The hypotenuse ``sqrt(x1**2 + x2**2)``, elementwise.'
        ),
        'meaning': (
            'As numpy.hypot, without overflow for large inputs.'
        ),
        'see': (
            'arctan2 : The angle of the point ``(x2, x1)``.'
        ),
        'example': (
            '>>> pt.hypot(pt.asarray([3.0, 5.0]), pt.asarray([4.0, 12.0]))\n'
            'Array([ 5., 13.])\n'
            '>>> pt.hypot(pt.asarray([3e200]), 4e200)\n'
            'Array([5.e+200])'
        ),
    },
    'imag': {
        'summary': (
            'The imaginary part, elementwise.'
        ),
        'meaning': (
            'As numpy.imag: for complex ``x`` a real array (float32 for complex64, float64 for '
            'complex128); for real ``x``, zeros of its dtype.'
        ),
        'dtype': (
            "The result is real: float32 for complex64, float64 for complex128, ``x``'s dtype "
            'otherwise.'
        ),
        'see': (
            'real : Real part.\n'
            'conj : Complex conjugate.'
        ),
        'example': (
            '>>> pt.imag(pt.asarray([1 + 2j, 3 - 4j]))\n'
            'Array([ 2., -4.])\n'
            '>>> pt.imag(pt.asarray([1.0, 2.0]))\n'
            'Array([0., 0.])'
        ),
    },
    'isfinite': {
        "bool": True,
        'summary': (
            'Test elementwise for finite values (not infinity, not NaN).'
        ),
        'meaning': (
            'As numpy.isfinite; integers and bools are always finite; complex numbers are finite '
            'where both parts are.'
        ),
        'dtype': (
            'The result is bool.'
        ),
        'see': (
            'isinf : Test for infinity.\n'
            'isnan : Test for NaN.'
        ),
        'example': (
            '>>> pt.isfinite(pt.asarray([1.0, pt.inf, -pt.inf, pt.nan]))\n'
            'Array([ True, False, False, False])'
        ),
    },
    'isinf': {
        "bool": True,
        'summary': (
            'Test elementwise for positive or negative infinity.'
        ),
        'meaning': (
            'As numpy.isinf; for complex ``x``, true where either part is infinite.'
        ),
        'dtype': (
            'The result is bool.'
        ),
        'see': (
            'isfinite : Test for finite values.\n'
            'isnan : Test for NaN.'
        ),
        'example': (
            '>>> pt.isinf(pt.asarray([1.0, pt.inf, -pt.inf, pt.nan]))\n'
            'Array([False,  True,  True, False])'
        ),
    },
    'lcm': {
        'summary': (
            'Least common multiple of the absolute values, elementwise.'
        ),
        'meaning': (
            'As numpy.lcm, for integers; 0 where either input is 0.'
        ),
        'see': (
            'gcd : Greatest common divisor.'
        ),
        'example': (
            '>>> pt.lcm(pt.asarray([4, 6, 0]), 6)\n'
            'Array([12,  6,  0])\n'
            '>>> pt.lcm.reduce(pt.asarray([2, 3, 4]))\n'
            'Array(12)'
        ),
    },
    'ldexp': {
        'summary': (
            '``x1 * 2**x2``, elementwise.'
        ),
        'meaning': (
            'As numpy.ldexp: ``x2`` must be an integer array or an integer (a float exponent '
            'raises TypeError).'
        ),
        'dtype': (
            "Integer and bool inputs give NumPy's floating dtype (float64 for 32- and 64-bit "
            "integers; NumPy's float16 becomes float32, as ptensor has no float16); floating "
            'inputs keep their dtype.'
        ),
        'example': (
            '>>> pt.ldexp(pt.asarray([1.0, 3.0, 0.5]), pt.asarray([2, 1, -1]))\n'
            'Array([4.  , 6.  , 0.25])'
        ),
    },
    'less_equal': {
        "bool": True,
        'summary': (
            'Return ``x1 <= x2`` elementwise.'
        ),
        'meaning': (
            'As numpy.less_equal; the ``<=`` operator of arrays.'
        ),
        'dtype': (
            'The result is bool; integers of different signedness (or Python integers beyond the '
            "array's range) are compared exactly."
        ),
        'notes': (
            'Complex inputs raise TypeError (the array API defines no ordering of complex '
            'numbers; NumPy orders them lexicographically).'
        ),
        'see': (
            'less : ``x1 < x2``.\n'
            'greater_equal : ``x1 >= x2``.'
        ),
        'example': (
            '>>> pt.less_equal(pt.asarray([1, 2, 3]), 2)\n'
            'Array([ True,  True, False])'
        ),
    },
    'log10': {
        'summary': (
            'Base-10 logarithm, elementwise.'
        ),
        'meaning': (
            'As numpy.log10: ``log10(0)`` is ``-inf``, negative real arguments give ``nan``.'
        ),
        'see': (
            'log : Natural logarithm.'
        ),
        'example': (
            '>>> pt.log10(pt.asarray([1.0, 10.0, 1000.0]))\n'
            'Array([0., 1., 3.])'
        ),
    },
    'log1p': {
        'summary': (
            '``log(1 + x)``, elementwise.'
        ),
        'meaning': (
            'As numpy.log1p: accurate for ``x`` near 0, where ``log(1 + x)`` loses digits.'
        ),
        'see': (
            'expm1 : ``exp(x) - 1``.\n'
            'log : Natural logarithm.'
        ),
        'example': (
            '>>> pt.log1p(pt.asarray([0.0, 1e-10, pt.e - 1]))\n'
            'Array([0.e+00, 1.e-10, 1.e+00])'
        ),
    },
    'log2': {
        'summary': (
            'Base-2 logarithm, elementwise.'
        ),
        'meaning': (
            'As numpy.log2: ``log2(0)`` is ``-inf``, negative real arguments give ``nan``.'
        ),
        'see': (
            'exp2 : ``2**x``.\n'
            'log : Natural logarithm.'
        ),
        'example': (
            '>>> pt.log2(pt.asarray([1.0, 8.0, 0.5]))\n'
            'Array([ 0.,  3., -1.])'
        ),
    },
    'logaddexp': {
        'summary': (
            '``log(exp(x1) + exp(x2))``, elementwise.'
        ),
        'meaning': (
            'As numpy.logaddexp, without overflow for large inputs (sums of probabilities kept '
            'as logarithms).'
        ),
        'see': (
            'logaddexp2 : The same in base 2.'
        ),
        'example': (
            '>>> pt.logaddexp(pt.asarray([0.0, 1000.0]), pt.asarray([0.0, 1000.0]))\n'
            'Array([6.93147181e-01, 1.00069315e+03])'
        ),
    },
    'logaddexp2': {
        'summary': (
            '``log2(2**x1 + 2**x2)``, elementwise.'
        ),
        'meaning': (
            'As numpy.logaddexp2, without overflow for large inputs.'
        ),
        'dtype': (
            "Integer and bool inputs give NumPy's floating dtype (float64 for 32- and 64-bit "
            "integers; NumPy's float16 becomes float32, as ptensor has no float16); floating "
            'inputs keep their dtype.'
        ),
        'see': (
            'logaddexp : The same in base e.'
        ),
        'example': (
            '>>> pt.logaddexp2(pt.asarray([0.0, 1.0, 2000.0]), pt.asarray([0.0, 3.0, 2000.0]))\n'
            'Array([1.00000000e+00, 3.32192809e+00, 2.00100000e+03])'
        ),
    },
    'logical_not': {
        "bool": True,
        'summary': (
            'Logical NOT of the truth values, elementwise.'
        ),
        'meaning': (
            'As numpy.logical_not: true where ``x`` is zero (false).'
        ),
        'dtype': (
            'The result is bool.'
        ),
        'see': (
            'bitwise_invert : Bitwise NOT.'
        ),
        'example': (
            '>>> pt.logical_not(pt.asarray([True, False]))\n'
            'Array([False,  True])\n'
            '>>> pt.logical_not(pt.asarray([0, 1, 2]))\n'
            'Array([ True, False, False])'
        ),
    },
    'logical_or': {
        "bool": True,
        'summary': (
            'Logical OR of the truth values, elementwise.'
        ),
        'meaning': (
            'As numpy.logical_or: nonzero values are true.'
        ),
        'dtype': (
            'The result is bool.'
        ),
        'see': (
            'logical_and : Logical AND.\n'
            'any : Whether any element is true.'
        ),
        'example': (
            '>>> pt.logical_or(pt.asarray([True, False, False]), pt.asarray([True, True, False]))\n'
            'Array([ True,  True, False])'
        ),
    },
    'logical_xor': {
        "bool": True,
        'summary': (
            'Logical exclusive OR of the truth values, elementwise.'
        ),
        'meaning': (
            'As numpy.logical_xor: true where exactly one input is true (nonzero).'
        ),
        'dtype': (
            'The result is bool.'
        ),
        'see': (
            'bitwise_xor : Bitwise exclusive OR.'
        ),
        'example': (
            '>>> pt.logical_xor(pt.asarray([True, True, False]), pt.asarray([True, False, '
            'False]))\n'
            'Array([False,  True, False])'
        ),
    },
    'negative': {
        'summary': (
            'Numerical negative, elementwise.'
        ),
        'meaning': (
            '``-x``, as numpy.negative; the unary ``-`` of arrays. Unsigned integers wrap around.'
        ),
        'notes': (
            'Bool arrays raise TypeError, as NumPy.'
        ),
        'see': (
            'positive : ``+x``.'
        ),
        'example': (
            '>>> pt.negative(pt.asarray([1.0, -2.0, 0.0]))\n'
            'Array([-1.,  2., -0.])'
        ),
    },
    'nextafter': {
        'summary': (
            'The next floating-point value after ``x1`` towards ``x2``, elementwise.'
        ),
        'meaning': (
            'As numpy.nextafter.'
        ),
        'see': (
            'spacing : The distance to the next value.'
        ),
        'example': (
            '>>> pt.nextafter(pt.asarray([1.0, 1.0]), pt.asarray([2.0, 0.0])) - 1.0\n'
            'Array([ 2.22044605e-16, -1.11022302e-16])'
        ),
    },
    'not_equal': {
        "bool": True,
        'summary': (
            'Return ``x1 != x2`` elementwise.'
        ),
        'meaning': (
            'As numpy.not_equal: NaN is unequal to everything, NaN included. The ``!=`` operator '
            'of arrays.'
        ),
        'dtype': (
            'The result is bool; integers of different signedness (or Python integers beyond the '
            "array's range) are compared exactly."
        ),
        'see': (
            'equal : ``x1 == x2``.'
        ),
        'example': (
            '>>> pt.not_equal(pt.asarray([1, 2, 3]), 2)\n'
            'Array([ True, False,  True])\n'
            '>>> pt.not_equal(pt.asarray([pt.nan]), pt.nan)\n'
            'Array([ True])'
        ),
    },
    'positive': {
        'summary': (
            'Numerical positive, elementwise.'
        ),
        'meaning': (
            '``+x``, as numpy.positive: a copy of ``x`` (a new array).'
        ),
        'notes': (
            'Bool arrays raise TypeError, as NumPy.'
        ),
        'see': (
            'negative : ``-x``.'
        ),
        'example': (
            '>>> pt.positive(pt.asarray([1.0, -2.0]))\n'
            'Array([ 1., -2.])'
        ),
    },
    'rad2deg': {
        'summary': (
            'Convert angles from radians to degrees, elementwise.'
        ),
        'meaning': (
            '``x * 180 / pi``, as numpy.rad2deg (the same as ``degrees``).'
        ),
        'dtype': (
            "Integer and bool inputs give NumPy's floating dtype (float64 for 32- and 64-bit "
            "integers; NumPy's float16 becomes float32, as ptensor has no float16); floating "
            'inputs keep their dtype.'
        ),
        'see': (
            'deg2rad : Degrees to radians.'
        ),
        'example': (
            '>>> pt.rad2deg(pt.asarray([0.0, pt.pi / 2, pt.pi]))\n'
            'Array([  0.,  90., 180.])'
        ),
    },
    'radians': {
        'summary': (
            'Convert angles from degrees to radians, elementwise.'
        ),
        'meaning': (
            '``x * pi / 180``, as numpy.radians (the same as ``deg2rad``).'
        ),
        'dtype': (
            "Integer and bool inputs give NumPy's floating dtype (float64 for 32- and 64-bit "
            "integers; NumPy's float16 becomes float32, as ptensor has no float16); floating "
            'inputs keep their dtype.'
        ),
        'see': (
            'degrees : Radians to degrees.'
        ),
        'example': (
            '>>> pt.radians(pt.asarray([0.0, 90.0, 180.0]))\n'
            'Array([0.        , 1.57079633, 3.14159265])'
        ),
    },
    'real': {
        'summary': (
            'The real part, elementwise.'
        ),
        'meaning': (
            'As numpy.real: for complex ``x`` a real array (float32 for complex64, float64 for '
            'complex128); for real ``x``, a copy (a new array).'
        ),
        'dtype': (
            "The result is real: float32 for complex64, float64 for complex128, ``x``'s dtype "
            'otherwise.'
        ),
        'see': (
            'imag : Imaginary part.\n'
            'conj : Complex conjugate.'
        ),
        'example': (
            '>>> pt.real(pt.asarray([1 + 2j, 3 - 4j]))\n'
            'Array([1., 3.])'
        ),
    },
    'reciprocal': {
        'summary': (
            'The reciprocal ``1 / x``, elementwise.'
        ),
        'meaning': (
            'As numpy.reciprocal for floating and complex ``x``; ``1 / 0`` is ``inf``.'
        ),
        'dtype': (
            "Integer and bool arrays are cast to float64 first (the array API's rule)."
        ),
        'notes': (
            'For integers NumPy computes an integer ``1 // x`` (``np.reciprocal(np.array([2, '
            '4]))`` is ``[0, 0]``); ptensor gives the floating reciprocal.'
        ),
        'see': (
            'divide : True division.'
        ),
        'example': (
            '>>> pt.reciprocal(pt.asarray([1.0, 2.0, 0.0]))\n'
            'Array([1. , 0.5, inf])\n'
            '>>> pt.reciprocal(pt.asarray([0.5, -4.0], dtype=pt.float32))\n'
            'Array([ 2.  , -0.25], dtype=float32)'
        ),
    },
    'remainder': {
        "names": ('remainder', 'mod'),
        'summary': (
            'Remainder of floor division, elementwise.'
        ),
        'meaning': (
            '``x1 % x2``, as numpy.remainder: the result has the sign of the divisor ``x2``, so '
            '``floor_divide(x1, x2) * x2 + remainder(x1, x2) == x1``; the ``%`` operator of '
            'arrays. Integer division by zero gives 0, as NumPy.'
        ),
        'see': (
            'fmod : The remainder with the sign of the dividend.\n'
            'floor_divide : Floor division.'
        ),
        'example': (
            '>>> pt.remainder(pt.asarray([5, -5, 5]), pt.asarray([3, 3, -3]))\n'
            'Array([ 2,  1, -1])\n'
            '>>> pt.remainder(pt.asarray([5.5, -5.5]), 2.0)\n'
            'Array([1.5, 0.5])'
        ),
    },
    'round': {
        "names": ('rint',),
        'summary': (
            "Round to the nearest integer, elementwise (NumPy's ``rint``)."
        ),
        'meaning': (
            'Halves round to the nearest even integer, as numpy.rint.'
        ),
        'dtype': (
            'Floating and complex inputs keep their dtype.'
        ),
        'see': (
            "round : Round to given decimals (NumPy's signature).\n"
            'floor : Floor.\n'
            'trunc : Round towards zero.'
        ),
        'example': (
            '>>> pt.rint(pt.asarray([-1.5, -0.5, 0.5, 1.5, 2.5]))\n'
            'Array([-2., -0.,  0.,  2.,  2.])'
        ),
    },
    'sign': {
        'summary': (
            'The sign of the input, elementwise.'
        ),
        'meaning': (
            'As numpy.sign: -1, 0 or 1 (NaN for NaN); for complex ``x`` it is ``x / |x|`` (0 for '
            '0).'
        ),
        'see': (
            'signbit : Whether the sign bit is set.\n'
            'abs : Absolute value.'
        ),
        'example': (
            '>>> pt.sign(pt.asarray([-3.0, 0.0, 2.5]))\n'
            'Array([-1.,  0.,  1.])\n'
            '>>> pt.sign(pt.asarray([3 + 4j]))\n'
            'Array([0.6+0.8j])'
        ),
    },
    'signbit': {
        "bool": True,
        'summary': (
            'Test elementwise whether the sign bit is set (less than zero).'
        ),
        'meaning': (
            'As numpy.signbit: true for negative numbers and ``-0.0``.'
        ),
        'dtype': (
            'The result is bool.'
        ),
        'see': (
            'copysign : Copy the sign of another array.'
        ),
        'example': (
            '>>> pt.signbit(pt.asarray([-1.0, -0.0, 0.0, 2.0]))\n'
            'Array([ True,  True, False, False])'
        ),
    },
    'sinh': {
        'summary': (
            'Hyperbolic sine, elementwise.'
        ),
        'meaning': (
            '``(exp(x) - exp(-x)) / 2``, as numpy.sinh.'
        ),
        'see': (
            'arcsinh : Inverse hyperbolic sine.'
        ),
        'example': (
            '>>> pt.sinh(pt.asarray([0.0, 1.0, -1.0]))\n'
            'Array([ 0.        ,  1.17520119, -1.17520119])'
        ),
    },
    'spacing': {
        'summary': (
            'The distance between ``x`` and the nearest adjacent number, elementwise.'
        ),
        'meaning': (
            'As numpy.spacing: the gap to the next representable value away from zero, with '
            "``x``'s sign; ``inf`` and NaN give NaN."
        ),
        'dtype': (
            "Integer and bool inputs give NumPy's floating dtype (float64 for 32- and 64-bit "
            "integers; NumPy's float16 becomes float32, as ptensor has no float16); floating "
            'inputs keep their dtype.'
        ),
        'see': (
            'nextafter : The next value towards another.'
        ),
        'example': (
            '>>> pt.spacing(pt.asarray([1.0, -1.0, 1e10]))\n'
            'Array([ 2.22044605e-16, -2.22044605e-16,  1.90734863e-06])'
        ),
    },
    'square': {
        'summary': (
            'The square ``x * x``, elementwise.'
        ),
        'meaning': (
            'As numpy.square.'
        ),
        'see': (
            'sqrt : Square root.\n'
            'power : Powers.'
        ),
        'example': (
            '>>> pt.square(pt.asarray([-2, 3]))\n'
            'Array([4, 9])\n'
            '>>> pt.square(pt.asarray([1 + 1j]))\n'
            'Array([0.+2.j])'
        ),
    },
    'tan': {
        'summary': (
            'Trigonometric tangent, elementwise.'
        ),
        'meaning': (
            'The tangent of ``x`` (in radians), as numpy.tan.'
        ),
        'see': (
            'arctan : Inverse tangent.'
        ),
        'example': (
            '>>> pt.tan(pt.asarray([0.0, pt.pi / 4, -pt.pi / 4]))\n'
            'Array([ 0.,  1., -1.])'
        ),
    },
    'tanh': {
        'summary': (
            'Hyperbolic tangent, elementwise.'
        ),
        'meaning': (
            'As numpy.tanh: values in ``[-1, 1]``.'
        ),
        'see': (
            'arctanh : Inverse hyperbolic tangent.'
        ),
        'example': (
            '>>> pt.tanh(pt.asarray([0.0, 1.0, -20.0]))\n'
            'Array([ 0.        ,  0.76159416, -1.        ])'
        ),
    },
    'trunc': {
        'summary': (
            'Truncate towards zero, elementwise.'
        ),
        'meaning': (
            'The integer part of ``x`` (the nearest integer towards zero), as numpy.trunc; '
            'integer arrays are returned unchanged (as a new array of their dtype).'
        ),
        'see': (
            'floor : Floor.\n'
            'ceil : Ceiling.'
        ),
        'example': (
            '>>> pt.trunc(pt.asarray([-1.7, -0.5, 0.5, 1.7]))\n'
            'Array([-1., -0.,  0.,  1.])'
        ),
    },
}
