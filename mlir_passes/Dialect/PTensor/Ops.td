#ifndef PTENSOR_OPS_TD
#define PTENSOR_OPS_TD

include "PTensor/Dialect.td"
include "PTensor/Types.td"
include "mlir/Interfaces/SideEffectInterfaces.td"

defvar PT = PTensor_PTensorType;

// ---- creation -------------------------------------------------------------------------
def PTensor_FromRankedOp : PTensor_Op<"from_ranked", [Pure]> {
  let summary = "wrap a builtin ranked tensor (e.g. a caller's buffer) as a ptensor";
  let description = [{
    Example:

    ```mlir
    %a = ptensor.from_ranked %ta : tensor<?xf64> -> !ptensor.ptensor<?xf64>
    ```
  }];
  let arguments = (ins AnyRankedTensor:$source);
  let results = (outs PT:$result);
  let assemblyFormat = "$source attr-dict `:` type($source) `->` type($result)";
  let hasVerifier = 1;
}

def PTensor_ToRankedOp : PTensor_Op<"to_ranked", [Pure]> {
  let summary = "the builtin ranked tensor holding a ptensor's (local) data";
  let description = [{
    Example:

    ```mlir
    %r = ptensor.to_ranked %b : !ptensor.ptensor<4xf64> -> tensor<4xf64>
    ```
  }];
  let arguments = (ins PT:$source);
  let results = (outs AnyRankedTensor:$result);
  let assemblyFormat = "$source attr-dict `:` type($source) `->` type($result)";
  let hasVerifier = 1;
}

def PTensor_ArangeOp : PTensor_Op<"arange", [Pure, AllTypesMatch<["start", "step"]>]> {
  let summary = "start + i*step for i in [0, size); size is computed once, at record time";
  let description = [{
    Example:

    ```mlir
    %a = ptensor.arange %start, %step, %n : i64 -> !ptensor.ptensor<?xi64>
    ```
  }];
  let arguments = (ins AnyTypeOf<[I64, F64]>:$start, AnyTypeOf<[I64, F64]>:$step, Index:$size);
  let results = (outs PT:$result);
  let assemblyFormat = "$start `,` $step `,` $size attr-dict `:` type($start) `->` type($result)";
  let hasVerifier = 1;
}

def PTensor_CreateOp : PTensor_Op<"create", [Pure, AttrSizedOperandSegments]> {
  let summary = "a tensor of the given shape filled with value (empty when no value)";
  let description = [{
    Covers empty, zeros, ones, full and the *_like forms. A complex result takes its real
    part from value and its imaginary part from imag (both f64); imag is only for complex.

    Example:

    ```mlir
    %e = ptensor.create(%n) : !ptensor.ptensor<?xf32>
    %z = ptensor.create(%n, %n) value %s : f64 : !ptensor.ptensor<?x?xf64>
    %c = ptensor.create(%n) value %re : f64 imag %im : !ptensor.ptensor<?xcomplex<f64>>
    ```
  }];
  let arguments = (ins Variadic<Index>:$shape, Optional<AnyTypeOf<[I64, F64]>>:$value,
                   Optional<F64>:$imag);
  let results = (outs PT:$result);
  let assemblyFormat = [{
    `(` $shape `)` (`value` $value^ `:` type($value))? (`imag` $imag^)? attr-dict `:` type($result)
  }];
  let hasVerifier = 1;
}

def PTensor_LinspaceOp : PTensor_Op<"linspace", [Pure]> {
  let summary = "num evenly spaced values in [start, stop] (or [start, stop) without endpoint)";
  let description = [{
    Example:

    ```mlir
    %l = ptensor.linspace %start, %stop, %n {endpoint = true} : !ptensor.ptensor<?xf32>
    ```
  }];
  let arguments = (ins F64:$start, F64:$stop, Index:$num, BoolAttr:$endpoint);
  let results = (outs PT:$result);
  let assemblyFormat = "$start `,` $stop `,` $num attr-dict `:` type($result)";
  let hasVerifier = 1;
}

def PTensor_EyeOp : PTensor_Op<"eye", [Pure]> {
  let summary = "rows x cols with ones on diagonal k";
  let description = [{
    Example:

    ```mlir
    %e = ptensor.eye %rows, %cols, %k : !ptensor.ptensor<?x?xf64>
    ```
  }];
  let arguments = (ins Index:$rows, Index:$cols, Index:$k);
  let results = (outs PT:$result);
  let assemblyFormat = "$rows `,` $cols `,` $k attr-dict `:` type($result)";
  let hasVerifier = 1;
}

// ---- attributes -----------------------------------------------------------------------
def PTensor_ShapeOp : PTensor_Op<"shape", [Pure]> {
  let summary = "the sizes of source's dimensions, as a 1-D tensor of index";
  let description = [{
    Example:

    ```mlir
    %s = ptensor.shape %a : !ptensor.ptensor<?x?xf64> -> tensor<2xindex>
    ```
  }];
  let arguments = (ins PT:$source);
  let results = (outs 1DTensorOf<[Index]>:$result);
  let assemblyFormat = "$source attr-dict `:` type($source) `->` type($result)";
}
def PTensor_RankOp : PTensor_Op<"rank", [Pure]> {
  let summary = "the number of source's dimensions";
  let description = [{
    Example:

    ```mlir
    %r = ptensor.rank %a : !ptensor.ptensor<?x?xf64>
    ```
  }];
  let arguments = (ins PT:$source);
  let results = (outs Index:$result);
  let assemblyFormat = "$source attr-dict `:` type($source)";
}
def PTensor_SizeOp : PTensor_Op<"size", [Pure]> {
  let summary = "the number of source's elements (the product of its sizes)";
  let description = [{
    Example:

    ```mlir
    %n = ptensor.size %a : !ptensor.ptensor<?x4xf64>
    ```
  }];
  let arguments = (ins PT:$source);
  let results = (outs Index:$result);
  let assemblyFormat = "$source attr-dict `:` type($source)";
}

// ---- data type functions --------------------------------------------------------------
def PTensor_CastOp : PTensor_Op<"cast", [Pure]> {
  let summary = "convert elements to the result's element type (array-API astype)";
  let description = [{
    Example:

    ```mlir
    %u = ptensor.cast %b : !ptensor.ptensor<?x?xi1> -> !ptensor.ptensor<?x?xui16>
    ```
  }];
  let arguments = (ins PT:$source);
  let results = (outs PT:$result);
  let assemblyFormat = "$source attr-dict `:` type($source) `->` type($result)";
  let hasVerifier = 1;
}

def PTensor_BroadcastOp : PTensor_Op<"broadcast", [Pure]> {
  let summary = "broadcast to the shape given by operands";
  let description = [{
    Source dimension i maps to result dimension dims[i] (dims strictly increasing). A source
    dimension of static size 1 is expanded; result dimensions not named in dims are new.
    This also expresses NumPy's `newaxis` and `keepdims`.

    Example:

    ```mlir
    %b = ptensor.broadcast %a(%n, %n, %m) dims = [1, 2] : !ptensor.ptensor<1x?xf64> -> !ptensor.ptensor<?x?x?xf64>
    ```
  }];
  let arguments = (ins PT:$source, Variadic<Index>:$shape, DenseI64ArrayAttr:$dims);
  let results = (outs PT:$result);
  let assemblyFormat = "$source `(` $shape `)` `dims` `=` $dims attr-dict `:` type($source) `->` type($result)";
  let hasVerifier = 1;
}

def PTensor_PermuteDimsOp : PTensor_Op<"permute_dims", [Pure]> {
  let summary = "result dimension i is source dimension perm[i]";
  let description = [{
    Example:

    ```mlir
    %t = ptensor.permute_dims %a perm = [1, 0] : !ptensor.ptensor<?x?xf64> -> !ptensor.ptensor<?x?xf64>
    ```
  }];
  let arguments = (ins PT:$source, DenseI64ArrayAttr:$perm);
  let results = (outs PT:$result);
  let assemblyFormat = "$source `perm` `=` $perm attr-dict `:` type($source) `->` type($result)";
  let hasVerifier = 1;
}

def PTensor_ReshapeOp : PTensor_Op<"reshape", [Pure]> {
  let summary = "same elements in row-major order, new shape (one size per result dimension)";
  let description = [{
    Example:

    ```mlir
    %r = ptensor.reshape %a(%m, %n) : !ptensor.ptensor<?xf64> -> !ptensor.ptensor<?x?xf64>
    ```
  }];
  let arguments = (ins PT:$source, Variadic<Index>:$shape);
  let results = (outs PT:$result);
  let assemblyFormat = "$source `(` $shape `)` attr-dict `:` type($source) `->` type($result)";
  let hasVerifier = 1;
}

// ---- indexing -------------------------------------------------------------------------
def PTensor_TakeOp : PTensor_Op<"take", [Pure]> {
  let summary = "gather along axis: result[..., j..., ...] = source[..., indices[j...], ...]";
  let description = [{
    The result's shape is source's with dimension `axis` replaced by the indices' shape.
    Indices are signless integers already wrapped into [0, size) (the caller checks bounds).

    Example:

    ```mlir
    %t = ptensor.take %a[%i] axis = 1 : !ptensor.ptensor<?x?xf64>, !ptensor.ptensor<?xi64> -> !ptensor.ptensor<?x?xf64>
    ```
  }];
  let arguments = (ins PT:$source, PT:$indices, I64Attr:$axis);
  let results = (outs PT:$result);
  let assemblyFormat = [{
    $source `[` $indices `]` `axis` `=` $axis attr-dict `:` type($source) `,` type($indices) `->` type($result)
  }];
  let hasVerifier = 1;
}

def PTensor_ExtractSliceOp : PTensor_Op<"extract_slice", [Pure, AttrSizedOperandSegments]> {
  let summary = "strided slice (steps may be negative); dimensions in dropped (size 1) are removed";
  let description = [{
    Example:

    ```mlir
    // a[1:1+n, 1::2]
    %s = ptensor.extract_slice %a[%c1, %c1][%n, %c2][%c1, %c2] dropped = [] : !ptensor.ptensor<?x4xf64> -> !ptensor.ptensor<?x2xf64>
    // a[i]: the row, its dimension 0 dropped
    %r = ptensor.extract_slice %a[%i, %c0][%c1, %c4][%c1, %c1] dropped = [0] : !ptensor.ptensor<?x4xf64> -> !ptensor.ptensor<4xf64>
    ```
  }];
  let arguments = (ins PT:$source, Variadic<Index>:$offsets, Variadic<Index>:$sizes,
                   Variadic<Index>:$strides, DenseI64ArrayAttr:$dropped);
  let results = (outs PT:$result);
  let assemblyFormat = [{
    $source `[` $offsets `]` `[` $sizes `]` `[` $strides `]` `dropped` `=` $dropped attr-dict
    `:` type($source) `->` type($result)
  }];
  let hasVerifier = 1;
}

def PTensor_InsertSliceOp : PTensor_Op<"insert_slice", [Pure, AttrSizedOperandSegments, AllTypesMatch<["dest", "result"]>]> {
  let summary = "dest with the strided slice replaced by source (value semantics)";
  let description = [{
    Example:

    ```mlir
    // d[o:o+n*st:st, :] = s
    %r = ptensor.insert_slice %s into %d[%o, %c0][%n, %c3][%st, %c1] dropped = [] : !ptensor.ptensor<?x3xf32> into !ptensor.ptensor<8x3xf32>
    ```
  }];
  let arguments = (ins PT:$source, PT:$dest, Variadic<Index>:$offsets, Variadic<Index>:$sizes,
                   Variadic<Index>:$strides, DenseI64ArrayAttr:$dropped);
  let results = (outs PT:$result);
  let assemblyFormat = [{
    $source `into` $dest `[` $offsets `]` `[` $sizes `]` `[` $strides `]` `dropped` `=` $dropped
    attr-dict `:` type($source) `into` type($dest)
  }];
  let hasVerifier = 1;
}

// ---- manipulation ops of the RFC defined by the core ops above ------------------------
// --lower-ptensor first expands each into core ops (Conversion/ExpandComposites.cpp: a
// broadcast, a slice, a permutation, a create), so they fuse and lower like them. On
// ptensors with a team they are not lowered (record the core ops instead).
def PTensor_ExpandDimsOp : PTensor_Op<"expand_dims", [Pure]> {
  let summary = "insert a dimension of size 1 at axis (the result's dimension `axis`)";
  let description = [{
    Example:

    ```mlir
    %e = ptensor.expand_dims %m axis = 1 : !ptensor.ptensor<?x?xi64> -> !ptensor.ptensor<?x1x?xi64>
    ```
  }];
  let arguments = (ins PT:$source, I64Attr:$axis);
  let results = (outs PT:$result);
  let assemblyFormat = "$source `axis` `=` $axis attr-dict `:` type($source) `->` type($result)";
  let hasVerifier = 1;
}

def PTensor_SqueezeOp : PTensor_Op<"squeeze", [Pure]> {
  let summary = "remove the dimensions `axes`, each of static size 1";
  let description = [{
    Example:

    ```mlir
    %s = ptensor.squeeze %x axes = [0] : !ptensor.ptensor<1x?xf64> -> !ptensor.ptensor<?xf64>
    ```
  }];
  let arguments = (ins PT:$source, DenseI64ArrayAttr:$axes);
  let results = (outs PT:$result);
  let assemblyFormat = "$source `axes` `=` $axes attr-dict `:` type($source) `->` type($result)";
  let hasVerifier = 1;
}

def PTensor_MatrixTransposeOp : PTensor_Op<"matrix_transpose", [Pure]> {
  let summary = "swap the last two dimensions (a stack of matrices transposed)";
  let description = [{
    Example:

    ```mlir
    %t = ptensor.matrix_transpose %m : !ptensor.ptensor<?x?xi64> -> !ptensor.ptensor<?x?xi64>
    ```
  }];
  let arguments = (ins PT:$source);
  let results = (outs PT:$result);
  let assemblyFormat = "$source attr-dict `:` type($source) `->` type($result)";
  let hasVerifier = 1;
}

def PTensor_FlipOp : PTensor_Op<"flip", [Pure, AllTypesMatch<["source", "result"]>]> {
  let summary = "reverse the order of the elements along `axes`";
  let description = [{
    Example:

    ```mlir
    %f = ptensor.flip %m axes = [0, 1] : !ptensor.ptensor<?x?xi64>
    ```
  }];
  let arguments = (ins PT:$source, DenseI64ArrayAttr:$axes);
  let results = (outs PT:$result);
  let assemblyFormat = "$source `axes` `=` $axes attr-dict `:` type($result)";
  let hasVerifier = 1;
}

def PTensor_CreateLikeOp : PTensor_Op<"create_like", [Pure, AttrSizedOperandSegments]> {
  let summary = "a tensor of source's shape and the result's element type, filled with value";
  let description = [{
    empty_like (no value), zeros_like, ones_like, full_like: as ptensor.create with the
    source's sizes (value and imag as there).

    Example:

    ```mlir
    %c = ptensor.create_like %m value %seven : i64 : !ptensor.ptensor<?x?xi64> -> !ptensor.ptensor<?x?xi64>
    ```
  }];
  let arguments = (ins PT:$source, Optional<AnyTypeOf<[I64, F64]>>:$value, Optional<F64>:$imag);
  let results = (outs PT:$result);
  let assemblyFormat = [{
    $source (`value` $value^ `:` type($value))? (`imag` $imag^)? attr-dict `:` type($source) `->` type($result)
  }];
  let hasVerifier = 1;
}

// ---- more ops of the RFC, defined by the core ops --------------------------------------
// Expanded at the start of --lower-ptensor as the manipulation ops above are
// (Conversion/ExpandRfcOps.cpp); sort and argsort become the host's built-in custom call.
// Python records them by name (the "op" node kind, src/Kinds.def). Enum-valued attributes are
// i32 in the generic form (the cases' numbers below).
def PTensor_TriangleSide : I32EnumAttr<"TriangleSide", "triangle", [
  I32EnumAttrCase<"lower", 0>, I32EnumAttrCase<"upper", 1>]> {
  let cppNamespace = "::ptensor";
}
def PTensor_CombineKind : I32EnumAttr<"CombineKind", "combination", [
  I32EnumAttrCase<"concat", 0>, I32EnumAttrCase<"stack", 1>]> {
  let cppNamespace = "::ptensor";
}
def PTensor_FindKind : I32EnumAttr<"FindKind", "index search", [
  I32EnumAttrCase<"argmax", 0>, I32EnumAttrCase<"argmin", 1>]> {
  let cppNamespace = "::ptensor";
}
def PTensor_TestKind : I32EnumAttr<"TestKind", "truth test", [
  I32EnumAttrCase<"any", 0>, I32EnumAttrCase<"all", 1>]> {
  let cppNamespace = "::ptensor";
}

def PTensor_ExtractTriangleOp : PTensor_Op<"extract_triangle", [Pure, AllTypesMatch<["source", "result"]>]> {
  let summary = "the lower (j - i <= k) or upper (j - i >= k) triangle of the last two dimensions";
  let description = [{
    tril / triu: elements outside the triangle are zero. Batched over leading dimensions.

    Example:

    ```mlir
    %u = ptensor.extract_triangle upper %m k = 1 : !ptensor.ptensor<?x?xi64>
    ```
  }];
  let arguments = (ins PTensor_TriangleSide:$side, PT:$source, I64Attr:$k);
  let results = (outs PT:$result);
  let assemblyFormat = "$side $source `k` `=` $k attr-dict `:` type($result)";
  let hasVerifier = 1;
}

def PTensor_CombineOp : PTensor_Op<"combine", [Pure]> {
  let summary = "join tensors along an existing axis (concat) or a new one (stack)";
  let description = [{
    The inputs have the result's element type (callers cast). concat: equal ranks, equal sizes
    but along `axis`; stack: equal shapes, the result has a new dimension `axis` of static
    size (the number of inputs).

    Example:

    ```mlir
    %c = ptensor.combine concat (%x, %y) axis = 1 : (!ptensor.ptensor<?x?xf64>, !ptensor.ptensor<?x?xf64>) -> !ptensor.ptensor<?x?xf64>
    %s = ptensor.combine stack (%x, %y) axis = 0 : (!ptensor.ptensor<?x?xf64>, !ptensor.ptensor<?x?xf64>) -> !ptensor.ptensor<2x?x?xf64>
    ```
  }];
  let arguments = (ins PTensor_CombineKind:$kind, Variadic<PT>:$inputs, I64Attr:$axis);
  let results = (outs PT:$result);
  let assemblyFormat = [{
    $kind `(` $inputs `)` `axis` `=` $axis attr-dict `:` functional-type($inputs, $result)
  }];
  let hasVerifier = 1;
}

def PTensor_RollOp : PTensor_Op<"roll", [Pure, AllTypesMatch<["source", "result"]>]> {
  let summary = "elements shifted along axes, wrapping around (shifts[i] along axes[i])";
  let description = [{
    Example:

    ```mlir
    %r = ptensor.roll %m shifts = [1, -1] axes = [1, 0] : !ptensor.ptensor<?x?xi64>
    ```
  }];
  let arguments = (ins PT:$source, DenseI64ArrayAttr:$shifts, DenseI64ArrayAttr:$axes);
  let results = (outs PT:$result);
  let assemblyFormat = "$source `shifts` `=` $shifts `axes` `=` $axes attr-dict `:` type($result)";
  let hasVerifier = 1;
}

def PTensor_VecdotOp : PTensor_Op<"vecdot", [Pure]> {
  let summary = "sum(conj(lhs) * rhs) along axis (equal shapes: broadcast is explicit)";
  let description = [{
    Accumulated as sum does (f64, complex<f64>, i64 or ui64), the result in the operands'
    element type; `axis` is removed.

    Example:

    ```mlir
    %d = ptensor.vecdot %m, %m axis = 1 : !ptensor.ptensor<?x?xi64>, !ptensor.ptensor<?x?xi64> -> !ptensor.ptensor<?xi64>
    ```
  }];
  let arguments = (ins PT:$lhs, PT:$rhs, I64Attr:$axis);
  let results = (outs PT:$result);
  let assemblyFormat = "$lhs `,` $rhs `axis` `=` $axis attr-dict `:` type($lhs) `,` type($rhs) `->` type($result)";
  let hasVerifier = 1;
}

def PTensor_FindIndexOp : PTensor_Op<"find_index", [Pure]> {
  let summary = "index (i64) of the first maximum (argmax) or minimum (argmin) along axis";
  let description = [{
    NaN counts as the extreme (NumPy's first NaN). The axis must not be empty (callers check);
    it is removed.

    Example:

    ```mlir
    %i = ptensor.find_index argmin %x axis = 0 : !ptensor.ptensor<?x?xf64> -> !ptensor.ptensor<?xi64>
    ```
  }];
  let arguments = (ins PTensor_FindKind:$kind, PT:$source, I64Attr:$axis);
  let results = (outs PT:$result);
  let assemblyFormat = "$kind $source `axis` `=` $axis attr-dict `:` type($source) `->` type($result)";
  let hasVerifier = 1;
}

def PTensor_TestOp : PTensor_Op<"test", [Pure]> {
  let summary = "whether any / all elements along axes are non-zero (i1; axes removed)";
  let description = [{
    Of no elements: any is false, all is true.

    Example:

    ```mlir
    %t = ptensor.test any %m axes = [1] : !ptensor.ptensor<?x?xi64> -> !ptensor.ptensor<?xi1>
    ```
  }];
  let arguments = (ins PTensor_TestKind:$kind, PT:$source, DenseI64ArrayAttr:$axes);
  let results = (outs PT:$result);
  let assemblyFormat = "$kind $source `axes` `=` $axes attr-dict `:` type($source) `->` type($result)";
  let hasVerifier = 1;
}

def PTensor_TensorDotOp : PTensor_Op<"tensor_dot", [Pure]> {
  let summary = "sum of products over lhs_axes of lhs and rhs_axes of rhs (paired in order)";
  let description = [{
    The result's dimensions are lhs's free dimensions, then rhs's, in order. One element type
    for operands and result, not i1 (callers cast). Expanded into permute_dims, reshape to
    one matmul, reshape back.

    Example:

    ```mlir
    %d = ptensor.tensor_dot %x, %y axes = [0], [1] : !ptensor.ptensor<?x?xf64>, !ptensor.ptensor<?x?xf64> -> !ptensor.ptensor<?x?xf64>
    ```
  }];
  let arguments = (ins PT:$lhs, PT:$rhs, DenseI64ArrayAttr:$lhs_axes, DenseI64ArrayAttr:$rhs_axes);
  let results = (outs PT:$result);
  let assemblyFormat = [{
    $lhs `,` $rhs `axes` `=` $lhs_axes `,` $rhs_axes attr-dict `:` type($lhs) `,` type($rhs) `->` type($result)
  }];
  let hasVerifier = 1;
}

def PTensor_SortOp : PTensor_Op<"sort", [AllTypesMatch<["source", "result"]>]> {
  let summary = "source sorted along axis (stable; NaN last ascending, first descending)";
  let description = [{
    Lowered to the host runtime's built-in custom call "ptensor.sort" (runtime/host/Sort.cpp),
    the axis moved last around it. Not Pure, as the custom call it becomes.

    Example:

    ```mlir
    %s = ptensor.sort %x axis = 0 {descending = true} : !ptensor.ptensor<?x?xf64>
    ```
  }];
  let arguments = (ins PT:$source, I64Attr:$axis, DefaultValuedAttr<BoolAttr, "false">:$descending);
  let results = (outs PT:$result);
  let assemblyFormat = "$source `axis` `=` $axis attr-dict `:` type($result)";
  let hasVerifier = 1;
}

def PTensor_ArgsortOp : PTensor_Op<"argsort", []> {
  let summary = "i64 indices that sort source along axis (stable: equal elements keep their order)";
  let description = [{
    Example:

    ```mlir
    %i = ptensor.argsort %x axis = 1 : !ptensor.ptensor<?x?xf64> -> !ptensor.ptensor<?x?xi64>
    ```
  }];
  let arguments = (ins PT:$source, I64Attr:$axis, DefaultValuedAttr<BoolAttr, "false">:$descending);
  let results = (outs PT:$result);
  let assemblyFormat = "$source `axis` `=` $axis attr-dict `:` type($source) `->` type($result)";
  let hasVerifier = 1;
}

// ---- the RFC's ops of data-dependent size ----------------------------------------------
// Their results' first (or only) dimension is a count the data decides: `?` in general; a
// static size must equal the count (python/ptensor records them so, having counted). Expanded
// at the start of --lower-ptensor (Conversion/ExpandRfcOps.cpp): the count is a reduction, the
// positions of the true elements of a flat mask are searchsorted(scan(mask), 1..count).
def PTensor_ExtractMaskOp : PTensor_Op<"extract_mask", [Pure]> {
  let summary = "the elements (or sub-arrays) of source where mask is true, in row-major order";
  let description = [{
    x[mask] of the array API: mask (i1) has source's leading dimensions; the result is
    [count, source's remaining dimensions...].

    Example:

    ```mlir
    %e = ptensor.extract_mask %x[%m] : !ptensor.ptensor<?x?x3xf32>, !ptensor.ptensor<?x?xi1> -> !ptensor.ptensor<?x3xf32>
    ```
  }];
  let arguments = (ins PT:$source, PT:$mask);
  let results = (outs PT:$result);
  let assemblyFormat = "$source `[` $mask `]` attr-dict `:` type($source) `,` type($mask) `->` type($result)";
  let hasVerifier = 1;
}

def PTensor_NonzeroOp : PTensor_Op<"nonzero", [Pure]> {
  let summary = "the indices of source's non-zero elements: one 1-D i64 tensor per dimension";
  let description = [{
    In row-major order; source has at least one dimension. All results have one size.

    Example:

    ```mlir
    %i:2 = ptensor.nonzero %v : !ptensor.ptensor<?x?xi32> -> !ptensor.ptensor<?xi64>, !ptensor.ptensor<?xi64>
    ```
  }];
  let arguments = (ins PT:$source);
  let results = (outs Variadic<PT>:$results);
  let assemblyFormat = "$source attr-dict `:` type($source) `->` type($results)";
  let hasVerifier = 1;
}

class PTensor_UniqueOp<string name, dag outs> : PTensor_Op<name, [Pure]> {
  let description = [{
    Of source flattened: values sorted ascending, each NaN its own value (the array API's
    rule), -0.0 equal to 0.0; indices (i64) of each value's first occurrence; inverse
    indices (i64, source's shape) of each element's value; counts (i64). Expanded into one
    stable sort, a mask of group starts and the mask's positions.

    Example:

    ```mlir
    %u = ptensor.unique_values %v : !ptensor.ptensor<?x?xi32> -> !ptensor.ptensor<?xi32>
    %c:2 = ptensor.unique_counts %v : !ptensor.ptensor<?x?xi32> -> !ptensor.ptensor<?xi32>, !ptensor.ptensor<?xi64>
    %i:2 = ptensor.unique_inverse %v : !ptensor.ptensor<?x?xi32> -> !ptensor.ptensor<?xi32>, !ptensor.ptensor<?x?xi64>
    %a:4 = ptensor.unique_all %v : !ptensor.ptensor<?x?xi32>
          -> !ptensor.ptensor<?xi32>, !ptensor.ptensor<?xi64>, !ptensor.ptensor<?x?xi64>, !ptensor.ptensor<?xi64>
    ```
  }];
  let arguments = (ins PT:$source);
  let results = outs;
  let assemblyFormat = "$source attr-dict `:` type($source) `->` type(results)";
  let hasVerifier = 1;
}
def PTensor_UniqueValuesOp : PTensor_UniqueOp<"unique_values", (outs PT:$values)> {
  let summary = "the distinct values of source, sorted";
}
def PTensor_UniqueCountsOp : PTensor_UniqueOp<"unique_counts", (outs PT:$values, PT:$counts)> {
  let summary = "the distinct values of source and how often each occurs";
}
def PTensor_UniqueInverseOp : PTensor_UniqueOp<"unique_inverse", (outs PT:$values, PT:$inverse_indices)> {
  let summary = "the distinct values of source and, per element, the index of its value";
}
def PTensor_UniqueAllOp : PTensor_UniqueOp<"unique_all",
    (outs PT:$values, PT:$indices, PT:$inverse_indices, PT:$counts)> {
  let summary = "distinct values, first indices, inverse indices and counts";
}

def PTensor_FromDlpackOp : PTensor_Op<"from_dlpack", []> {
  let summary = "a copy of the host tensor a DLPack DLManagedTensor describes";
  let description = [{
    `address` is a DLManagedTensor* (an integer, as ctypes and PyCapsule_GetPointer give it)
    of a CPU tensor whose dtype and rank are the result's; dynamic sizes come from it, static
    ones must match it. The data (any strides, byte_offset) is copied into the result by the
    host runtime's built-in custom call "ptensor.from_dlpack" (runtime/host/Dlpack.cpp), so
    the caller keeps ownership: it may call the tensor's deleter once the program has run. A
    mismatch raises CustomCallError naming it. Not Pure: it reads memory the IR does not see.

    Example:

    ```mlir
    %t = ptensor.from_dlpack %address : !ptensor.ptensor<?x4xf64>
    ```
  }];
  let arguments = (ins I64:$address);
  let results = (outs PT:$result);
  let assemblyFormat = "$address attr-dict `:` type($result)";
  let hasVerifier = 1;
}

// ---- elementwise (classified, as the RFC proposes) -------------------------------------
def PTensor_ElementwiseUnaryOp : PTensor_Op<"elementwise_unary_op", [Pure]> {
  let summary = "math class: `kind` of each element (abs of a complex tensor is real)";
  let description = [{
    Example:

    ```mlir
    %e = ptensor.elementwise_unary_op exp %a : !ptensor.ptensor<?xf64> -> !ptensor.ptensor<?xf64>
    %b = ptensor.elementwise_unary_op abs %q : !ptensor.ptensor<4xcomplex<f64>> -> !ptensor.ptensor<4xf64>
    ```
  }];
  let arguments = (ins PTensor_UnaryOpKind:$kind, PT:$source);
  let results = (outs PT:$result);
  let assemblyFormat = "$kind $source attr-dict `:` type($source) `->` type($result)";
  let hasVerifier = 1;
}

def PTensor_ElementwiseUnaryTestOp : PTensor_Op<"elementwise_unary_test", [Pure]> {
  let summary = "test class (isnan, isinf, isfinite, logical_not, signbit); the result is i1";
  let description = [{
    Example:

    ```mlir
    %t = ptensor.elementwise_unary_test isnan %a : !ptensor.ptensor<?x?xf64> -> !ptensor.ptensor<?x?xi1>
    ```
  }];
  let arguments = (ins PTensor_UnaryTestKind:$kind, PT:$source);
  let results = (outs PT:$result);
  let assemblyFormat = "$kind $source attr-dict `:` type($source) `->` type($result)";
  let hasVerifier = 1;
}

def PTensor_ElementwiseBinaryOp : PTensor_Op<"elementwise_binary_op", [Pure]> {
  let summary = "arithmetic class; operands have equal shapes (broadcast is explicit)";
  let description = [{
    Example:

    ```mlir
    %r = ptensor.elementwise_binary_op add %a, %b : !ptensor.ptensor<?xf64>, !ptensor.ptensor<?xf64> -> !ptensor.ptensor<?xf64>
    ```
  }];
  let arguments = (ins PTensor_BinaryOpKind:$kind, PT:$lhs, PT:$rhs);
  let results = (outs PT:$result);
  let assemblyFormat = "$kind $lhs `,` $rhs attr-dict `:` type($lhs) `,` type($rhs) `->` type($result)";
  let hasVerifier = 1;
}

def PTensor_ElementwiseBinaryTestOp : PTensor_Op<"elementwise_binary_test", [Pure]> {
  let summary = "comparison / logical class; the result is i1";
  let description = [{
    Example:

    ```mlir
    %t = ptensor.elementwise_binary_test less %a, %b : !ptensor.ptensor<?x?xf64>, !ptensor.ptensor<?x?xf64> -> !ptensor.ptensor<?x?xi1>
    ```
  }];
  let arguments = (ins PTensor_BinaryTestKind:$kind, PT:$lhs, PT:$rhs);
  let results = (outs PT:$result);
  let assemblyFormat = "$kind $lhs `,` $rhs attr-dict `:` type($lhs) `,` type($rhs) `->` type($result)";
  let hasVerifier = 1;
}

def PTensor_ScatterOp : PTensor_Op<"scatter", [Pure]> {
  let summary = "dest with its rows indices[k] replaced by updates[k] (axis 0; last write wins)";
  let description = [{
    dest is [R, ...], indices a 1-D integer tensor of K row numbers in [0, R) (the caller
    checks them), updates [K, ...] with dest's trailing shape. Rows are written in order k = 0,
    1, ..., so a repeated index keeps the last update, as NumPy's assignment does.

    Example:

    ```mlir
    %r = ptensor.scatter %d[%i] = %u : !ptensor.ptensor<?x?xf32>, !ptensor.ptensor<?xi64>, !ptensor.ptensor<?x?xf32>
          -> !ptensor.ptensor<?x?xf32>
    ```
  }];
  let arguments = (ins PT:$dest, PT:$indices, PT:$updates);
  let results = (outs PT:$result);
  let assemblyFormat = [{
    $dest `[` $indices `]` `=` $updates attr-dict `:` type($dest) `,` type($indices) `,` type($updates) `->` type($result)
  }];
  let hasVerifier = 1;
}

def PTensor_SearchSortedOp : PTensor_Op<"searchsorted", [Pure]> {
  let summary = "insertion points of values in a sorted 1-D tensor (binary search, NaN last)";
  let description = [{
    For each value v: the number of elements of `sorted` that order before v (`right` false:
    strictly before; true: before or equal), in NumPy's order where NaN sorts last. Result
    elements are i64, in the values' shape.

    Example:

    ```mlir
    %i = ptensor.searchsorted %s, %v right = false : !ptensor.ptensor<?xf64>, !ptensor.ptensor<?x?xf64> -> !ptensor.ptensor<?x?xi64>
    ```
  }];
  let arguments = (ins PT:$sorted, PT:$values, BoolAttr:$right);
  let results = (outs PT:$result);
  let assemblyFormat = [{
    $sorted `,` $values `right` `=` $right attr-dict `:` type($sorted) `,` type($values) `->` type($result)
  }];
  let hasVerifier = 1;
}

def PTensor_WhereOp : PTensor_Op<"where", [Pure]> {
  let summary = "elementwise select: lhs where cond is true, rhs elsewhere (equal shapes)";
  let description = [{
    Example:

    ```mlir
    %r = ptensor.where %c, %a, %b : !ptensor.ptensor<?xi1>, !ptensor.ptensor<?xf32>, !ptensor.ptensor<?xf32> -> !ptensor.ptensor<?xf32>
    ```
  }];
  let arguments = (ins PT:$cond, PT:$lhs, PT:$rhs);
  let results = (outs PT:$result);
  let assemblyFormat = [{
    $cond `,` $lhs `,` $rhs attr-dict `:` type($cond) `,` type($lhs) `,` type($rhs) `->` type($result)
  }];
  let hasVerifier = 1;
}

// ---- statistical ------------------------------------------------------------------------
def PTensor_ReduceOp : PTensor_Op<"reduce", [Pure]> {
  let summary = "reduce over axes, accumulating in acc_type (StableHLO: int8 sums in i64)";
  let description = [{
    Elements are converted to acc_type on the way in, combined in acc_type, and the result is
    converted to the result element type on the way out. Reduced axes are removed.

    Example:

    ```mlir
    %s = ptensor.reduce sum %a axes = [1] acc = i64 : !ptensor.ptensor<?x?xi8> -> !ptensor.ptensor<?xi64>
    %m = ptensor.reduce max %x axes = [0, 1] acc = f64 : !ptensor.ptensor<?x?xf64> -> !ptensor.ptensor<f64>
    ```
  }];
  let arguments = (ins PTensor_ReduceKind:$kind, PT:$source, DenseI64ArrayAttr:$axes,
                   TypeAttr:$acc_type);
  let results = (outs PT:$result);
  let assemblyFormat = [{
    $kind $source `axes` `=` $axes `acc` `=` $acc_type attr-dict `:` type($source) `->` type($result)
  }];
  let hasVerifier = 1;
}

// ---- linear algebra ------------------------------------------------------------------
def PTensor_MatmulOp : PTensor_Op<"matmul", [Pure]> {
  let summary = "matrix product over the last two dimensions, batched over the leading ones";
  let description = [{
    lhs is [..., m, k], rhs is [..., k, n] with equal leading (batch) dimensions (callers
    broadcast them first); the result is [..., m, n] in the operands' element type. Lowered to
    linalg.matmul (rank 2) or a batched linalg.generic; --ptensor-matmul-to-blas turns
    float matmuls on row-major buffers into BLAS gemm calls.

    Example:

    ```mlir
    %c = ptensor.matmul %a, %b : !ptensor.ptensor<?x?xf64>, !ptensor.ptensor<?x?xf64> -> !ptensor.ptensor<?x?xf64>
    ```
  }];
  let arguments = (ins PT:$lhs, PT:$rhs);
  let results = (outs PT:$result);
  let assemblyFormat = "$lhs `,` $rhs attr-dict `:` type($lhs) `,` type($rhs) `->` type($result)";
  let hasVerifier = 1;
}

// ---- foreign functions ----------------------------------------------------------------
def PTensor_CustomCallOp : PTensor_Op<"custom_call", [AttrSizedOperandSegments]> {
  let summary = "call a native function registered by name (StableHLO's typed FFI)";
  let description = [{
    Calls the handler registered under `call_target_name` once, with the operands as
    read-only buffers, the results as new row-major buffers it fills, and `backend_config`
    as typed attributes: bool, integers (i64), floats (f64), strings, array<i64> and
    array<f64>. `result_sizes` are the results' dynamic sizes, in order. The C ABI is
    python/ptensor/include/ptensor_ffi.h; --lower-ptensor lowers the op to a call of the
    runtime entry `ptensor_custom_call`, which finds the handler and builds its call frame.
    Not Pure: the handler may fail (the error is raised in Python after the program) or
    have side effects (`has_side_effect`).

    Example:

    ```mlir
    %r:2 = ptensor.custom_call "my_fn"(%a, %b) sizes(%n, %m)
          {backend_config = {alpha = 2.5 : f64, n = 3 : i64, mode = "fast", dims = array<i64: 1, 2>}}
          : (!ptensor.ptensor<?x?xf64>, !ptensor.ptensor<?xsi32>) -> (!ptensor.ptensor<?xf64>, !ptensor.ptensor<?x1xsi32>)
    ```
  }];
  let arguments = (ins Variadic<PT>:$inputs, Variadic<Index>:$result_sizes,
                       StrAttr:$call_target_name, DictionaryAttr:$backend_config,
                       DefaultValuedAttr<BoolAttr, "false">:$has_side_effect,
                       DefaultValuedAttr<I32Attr, "4">:$api_version);
  let results = (outs Variadic<PT>:$results);
  let assemblyFormat = [{
    $call_target_name `(` $inputs `)` (`sizes` `(` $result_sizes^ `)`)? attr-dict `:`
    functional-type($inputs, $results)
  }];
  let extraClassDeclaration = [{
    /// The ptensor_ffi.h attribute kind of a backend_config value, or -1 if it has none.
    static int64_t attrKind(::mlir::Attribute a);
  }];
  let hasVerifier = 1;
}

#endif
