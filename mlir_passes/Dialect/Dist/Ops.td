#ifndef DIST_OPS_TD
#define DIST_OPS_TD

include "mlir/IR/OpBase.td"
include "mlir/IR/EnumAttr.td"
include "mlir/Interfaces/SideEffectInterfaces.td"

// Distributed-memory primitives (RFC "Dist"). A team is an i64 handle of an MPI communicator;
// a distributed tensor is identified by an i64 id from init_dtensor. --dist-to-runtime lowers
// them to calls of runtime/dist.c.
def Dist_Dialect : Dialect {
  let name = "dist";
  let cppNamespace = "::dist";
  let summary = "distributed tensors over process teams";
}

class Dist_Op<string mnemonic, list<Trait> traits = []> : Op<Dist_Dialect, mnemonic, traits>;

// Collective reductions name their combiner with PTensor's ReduceKind (one enum for both).
include "ReduceKind.td"

def Dist_InitDTensorOp : Dist_Op<"init_dtensor"> {
  let summary = "register a tensor of a global shape block-partitioned over team along split";
  let description = [{
    Example:

    ```mlir
    %gid = dist.init_dtensor %team(%n, %n) split = 0
    ```
  }];
  let arguments = (ins I64:$team, Variadic<Index>:$gshape, I64Attr:$split);
  let results = (outs I64:$gid);
  let assemblyFormat = "$team `(` $gshape `)` `split` `=` $split attr-dict";
  let hasVerifier = 1;
}
def Dist_FiniDTensorOp : Dist_Op<"fini_dtensor"> {
  let summary = "release a tensor registered by init_dtensor";
  let description = [{
    Example:

    ```mlir
    dist.fini_dtensor %team, %gid
    ```
  }];
  let arguments = (ins I64:$team, I64:$gid);
  let assemblyFormat = "$team `,` $gid attr-dict";
}
def Dist_LocalShapeOp : Dist_Op<"local_shape", [Pure]> {
  let summary = "the sizes of this rank's part of a registered tensor";
  let description = [{
    Example:

    ```mlir
    %ls:2 = dist.local_shape %team, %gid : index, index
    ```
  }];
  let arguments = (ins I64:$team, I64:$gid);
  let results = (outs Variadic<Index>:$shape);
  let assemblyFormat = "$team `,` $gid attr-dict `:` type($shape)";
  let hasVerifier = 1;
}
def Dist_LocalSliceOp : Dist_Op<"local_slice", [Pure]> {
  let summary = "global offsets of this rank's part";
  let description = [{
    Example:

    ```mlir
    %off = dist.local_slice %team, %gid : index
    ```
  }];
  let arguments = (ins I64:$team, I64:$gid);
  let results = (outs Variadic<Index>:$offsets);
  let assemblyFormat = "$team `,` $gid attr-dict `:` type($offsets)";
  let hasVerifier = 1;
}
def Dist_RepartitionOp : Dist_Op<"repartition"> {
  let summary = "move items along one axis between two partitions (halo update, all-to-all)";
  let description = [{
    The n items i = 0..n-1 along `axis`: item i is row `sa + ss*i` of the source, an array
    partitioned as (spb, spo, sL), and row `ta + ts*i` of the target partition (tpb, tpo, tL).
    A rank owns rows [clip(b_r(pb) - po), clip(e_r(pb) - po)) (clip to [0, L), [b_r, e_r) the
    block partition of pb over the team). The result holds the items whose target row lies in
    this rank's range widened by hl rows below and hh above, in item order; it has `rows`
    rows and the source's other extents. With hl/hh > 0 this is a halo update (neighbours
    only); with another partition it is a repartition. Rows count in units of su partition
    rows on the source side and tu on the target side (a rank owning partition rows [lo, hi)
    owns rows [su*lo, su*hi)): 1 and 1 except for a reshape that regroups the split axis,
    which moves the flattened arrays (su, tu = elements per partition row). `spec` is
    (n, spb, spo, sL, sa, ss, tpb, tpo, tL, ta, ts, hl, hh, su, tu). With `ghosts_only` the result holds only the items that
    come from other ranks (the halo rows below, then those above), not the rank's own: a halo
    update that the caller writes into ghost rows kept with the array. Lowered by
    --dist-to-runtime to the runtime's ptensor_dist_repartition_start_<type> where the op
    stands and ptensor_dist_repartition_wait right before the result's first use.

    Example:

    ```mlir
    %h = dist.repartition %team, %own rows %n
          spec(%n, %n, %n, %n, %n, %n, %n, %n, %n, %n, %n, %n, %n, %n, %n) axis = 0 {ghosts_only}
          : tensor<?x?xf64> -> tensor<?x?xf64>
    ```
  }];
  let arguments = (ins I64:$team, AnyRankedTensor:$source, Index:$rows, Variadic<Index>:$spec,
                   I64Attr:$axis, UnitAttr:$ghosts_only);
  let results = (outs AnyRankedTensor:$result);
  let assemblyFormat = "$team `,` $source `rows` $rows `spec` `(` $spec `)` `axis` `=` $axis attr-dict `:` type($source) `->` type($result)";
  let hasVerifier = 1;
}
def Dist_FinalizeReduceOp : Dist_Op<"finalize_reduce", [AllTypesMatch<["source", "result"]>]> {
  let summary = "combine per-rank partial reductions (allreduce)";
  let description = [{
    Every rank contributes its partial result; every rank gets the combined one. Integer
    min/max compare as unsigned with `unsigned`; float min/max propagate NaN as NumPy does.
    Lowered by --dist-to-runtime to the runtime's ptensor_dist_allreduce_<type>.

    Example:

    ```mlir
    %s = dist.finalize_reduce max %team, %r unsigned : tensor<4xi32>
    ```
  }];
  let arguments = (ins I64:$team, PTensor_ReduceKind:$kind, AnyRankedTensor:$source,
                   UnitAttr:$is_unsigned);
  let results = (outs AnyRankedTensor:$result);
  let assemblyFormat = "$kind $team `,` $source (`unsigned` $is_unsigned^)? attr-dict `:` type($source)";
  let hasVerifier = 1;
}

// Collectives over several operands at once (StableHLO's tuple collectives RFC). Each
// operand is this rank's local tensor; the result of operand k depends only on the ranks'
// operand k (one collective per operand, issued in operand order). Shapes and element types
// must agree over the team where the semantics below say so (Python checks that before it
// records one). Lowered by --dist-to-runtime to the runtime's ptensor_dist_<op>_<type>.
class Dist_MultiCollective<string mnemonic> : Dist_Op<mnemonic> {
  let results = (outs Variadic<AnyRankedTensor>:$outputs);
  let hasVerifier = 1;
}
def Dist_AllReduceOp : Dist_MultiCollective<"all_reduce"> {
  let summary = "element-wise reduction over the team, every rank gets it";
  let description = [{
    Integer min/max compare as unsigned with `unsigned`; float min/max propagate NaN.

    Example:

    ```mlir
    %r:2 = dist.all_reduce sum %team, %t, %u : tensor<?xf64>, tensor<?xf64> -> tensor<?xf64>, tensor<?xf64>
    ```
  }];
  let arguments = (ins I64:$team, PTensor_ReduceKind:$kind, Variadic<AnyRankedTensor>:$inputs,
                   UnitAttr:$is_unsigned);
  let assemblyFormat = "$kind $team `,` $inputs (`unsigned` $is_unsigned^)? attr-dict `:` type($inputs) `->` type($outputs)";
}
def Dist_AllGatherOp : Dist_MultiCollective<"all_gather"> {
  let summary = "the ranks' operands concatenated along dim, in rank order";
  let description = [{
    The operands may differ in size along `dim` (the result's size there is their sum);
    their other extents agree.

    Example:

    ```mlir
    %g:2 = dist.all_gather %team, %a, %b dim = 0 : tensor<?x3xf32>, tensor<?xi64> -> tensor<?x3xf32>, tensor<?xi64>
    ```
  }];
  let arguments = (ins I64:$team, Variadic<AnyRankedTensor>:$inputs, I64Attr:$dim);
  let assemblyFormat = "$team `,` $inputs `dim` `=` $dim attr-dict `:` type($inputs) `->` type($outputs)";
}
def Dist_AllToAllOp : Dist_MultiCollective<"all_to_all"> {
  let summary = "block j along split_dim goes to rank j; received blocks concatenated";
  let description = [{
    Each operand is cut along `split_dim` into the block partition of its extent there
    (team-size equal blocks when the team size divides it, as StableHLO's all_to_all);
    block j goes to rank j, and the blocks a rank receives are concatenated in rank order
    along `concat_dim`. With split_dim != concat_dim the ranks' extents along concat_dim
    may differ (the result's is their sum: a block-partitioned array changing its split
    axis); every other extent agrees over the team.

    Example:

    ```mlir
    %g = dist.all_to_all %team, %a split = 1 concat = 0 : tensor<?x?xf64> -> tensor<?x?xf64>
    ```
  }];
  let arguments = (ins I64:$team, Variadic<AnyRankedTensor>:$inputs, I64Attr:$split_dim,
                   I64Attr:$concat_dim);
  let assemblyFormat = "$team `,` $inputs `split` `=` $split_dim `concat` `=` $concat_dim attr-dict `:` type($inputs) `->` type($outputs)";
}
def Dist_CollectiveBroadcastOp : Dist_Op<"collective_broadcast", [AllTypesMatch<["operand", "result"]>]> {
  let summary = "replicate root's operand to every rank of the team (StableHLO semantics)";
  let description = [{
    Example:

    ```mlir
    %b = dist.collective_broadcast %team, %t root %root : tensor<?xf64>
    ```
  }];
  let arguments = (ins I64:$team, AnyRankedTensor:$operand, Index:$root);
  let results = (outs AnyRankedTensor:$result);
  let assemblyFormat = "$team `,` $operand `root` $root attr-dict `:` type($operand)";
}
def Dist_ReduceScatterOp : Dist_Op<"reduce_scatter"> {
  let summary = "element-wise reduction over the team, rank r keeps block r along dim";
  let description = [{
    The operand (one shape on every rank) is cut into team-size blocks along `dim` (a
    multiple of the team size); rank r gets the reduction of every rank's block r.
    `unsigned` as for all_reduce.

    Example:

    ```mlir
    %g = dist.reduce_scatter sum %team, %a dim = 1 : tensor<?x?xf64> -> tensor<?x?xf64>
    ```
  }];
  let arguments = (ins I64:$team, PTensor_ReduceKind:$kind, AnyRankedTensor:$operand, I64Attr:$dim,
                   UnitAttr:$is_unsigned);
  let results = (outs AnyRankedTensor:$result);
  let assemblyFormat = "$kind $team `,` $operand `dim` `=` $dim (`unsigned` $is_unsigned^)? attr-dict `:` type($operand) `->` type($result)";
  let hasVerifier = 1;
}
def Dist_CollectivePermuteOp : Dist_MultiCollective<"collective_permute"> {
  let summary = "rank s sends its operands to rank t for each (s, t) of pairs";
  let description = [{
    `pairs` is flat: source0, target0, source1, target1, ... (team ranks). A rank appears at
    most once as a source and once as a target; a rank that is nobody's target gets zeros.
    Operands have one shape on every rank.

    Example:

    ```mlir
    %g = dist.collective_permute %team, %a pairs = [0, 1, 1, 0] : tensor<4xcomplex<f64>> -> tensor<4xcomplex<f64>>
    ```
  }];
  let arguments = (ins I64:$team, Variadic<AnyRankedTensor>:$inputs, DenseI64ArrayAttr:$pairs);
  let assemblyFormat = "$team `,` $inputs `pairs` `=` $pairs attr-dict `:` type($inputs) `->` type($outputs)";
}

#endif
