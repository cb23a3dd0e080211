#ifndef DIST_OPS_TD
#define DIST_OPS_TD

include "mlir/IR/OpBase.td"
include "mlir/IR/EnumAttr.td"
include "mlir/Interfaces/SideEffectInterfaces.td"

// Distributed-memory primitives (RFC "Dist"). A team is an i64 handle of an MPI communicator;
// a distributed tensor is identified by an i64 id from init_dtensor. Declared with types and
// verifiers here; their lowering to the MPI runtime belongs to the MPI-teams issue.
def Dist_Dialect : Dialect {
  let name = "dist";
  let cppNamespace = "::dist";
  let summary = "distributed tensors over process teams";
}

class Dist_Op<string mnemonic, list<Trait> traits = []> : Op<Dist_Dialect, mnemonic, traits>;

def Dist_ReduceKind : I32EnumAttr<"ReduceKind", "collective reduction", [
  I32EnumAttrCase<"sum", 0>, I32EnumAttrCase<"prod", 1>, I32EnumAttrCase<"min", 2>,
  I32EnumAttrCase<"max", 3>]> {
  let cppNamespace = "::dist";
}

def Dist_InitDTensorOp : Dist_Op<"init_dtensor"> {
  let summary = "register a tensor of a global shape block-partitioned over team along split";
  let arguments = (ins I64:$team, Variadic<Index>:$gshape, I64Attr:$split);
  let results = (outs I64:$gid);
  let assemblyFormat = "$team `(` $gshape `)` `split` `=` $split attr-dict";
  let hasVerifier = 1;
}
def Dist_FiniDTensorOp : Dist_Op<"fini_dtensor"> {
  let arguments = (ins I64:$team, I64:$gid);
  let assemblyFormat = "$team `,` $gid attr-dict";
}
def Dist_LocalShapeOp : Dist_Op<"local_shape", [Pure]> {
  let arguments = (ins I64:$team, I64:$gid);
  let results = (outs Variadic<Index>:$shape);
  let assemblyFormat = "$team `,` $gid attr-dict `:` type($shape)";
  let hasVerifier = 1;
}
def Dist_LocalSliceOp : Dist_Op<"local_slice", [Pure]> {
  let summary = "global offsets of this rank's part";
  let arguments = (ins I64:$team, I64:$gid);
  let results = (outs Variadic<Index>:$offsets);
  let assemblyFormat = "$team `,` $gid attr-dict `:` type($offsets)";
  let hasVerifier = 1;
}
def Dist_RepartitionOp : Dist_Op<"repartition"> {
  let summary = "copy between two partitions of the same global tensor (all-to-all)";
  let arguments = (ins I64:$team, I64:$from_gid, I64:$to_gid, AnyRankedTensor:$source);
  let results = (outs AnyRankedTensor:$result);
  let assemblyFormat = "$team `,` $from_gid `->` $to_gid `,` $source attr-dict `:` type($source) `->` type($result)";
  let hasVerifier = 1;
}
def Dist_HaloUpdateOp : Dist_Op<"halo_update"> {
  let summary = "fetch lo/hi halo rows of the split axis from neighbours";
  let arguments = (ins I64:$team, I64:$gid, AnyRankedTensor:$source, Index:$lo, Index:$hi);
  let results = (outs AnyRankedTensor:$lo_halo, AnyRankedTensor:$hi_halo);
  let assemblyFormat = "$team `,` $gid `,` $source `,` $lo `,` $hi attr-dict `:` type($source) `->` type($lo_halo) `,` type($hi_halo)";
  let hasVerifier = 1;
}
def Dist_FinalizeReduceOp : Dist_Op<"finalize_reduce", [AllTypesMatch<["source", "result"]>]> {
  let summary = "combine per-rank partial reductions (allreduce)";
  let arguments = (ins I64:$team, Dist_ReduceKind:$kind, AnyRankedTensor:$source);
  let results = (outs AnyRankedTensor:$result);
  let assemblyFormat = "$kind $team `,` $source attr-dict `:` type($source)";
  let hasVerifier = 1;
}

// Collectives over several operands at once (StableHLO tuple collectives, seed 000).
class Dist_MultiCollective<string mnemonic> : Dist_Op<mnemonic> {
  let results = (outs Variadic<AnyRankedTensor>:$outputs);
  let hasVerifier = 1;
}
def Dist_AllReduceOp : Dist_MultiCollective<"all_reduce"> {
  let arguments = (ins I64:$team, Dist_ReduceKind:$kind, Variadic<AnyRankedTensor>:$inputs);
  let assemblyFormat = "$kind $team `,` $inputs attr-dict `:` type($inputs) `->` type($outputs)";
}
def Dist_AllGatherOp : Dist_MultiCollective<"all_gather"> {
  let arguments = (ins I64:$team, Variadic<AnyRankedTensor>:$inputs, I64Attr:$dim);
  let assemblyFormat = "$team `,` $inputs `dim` `=` $dim attr-dict `:` type($inputs) `->` type($outputs)";
}
def Dist_AllToAllOp : Dist_MultiCollective<"all_to_all"> {
  let arguments = (ins I64:$team, Variadic<AnyRankedTensor>:$inputs, I64Attr:$split_dim,
                   I64Attr:$concat_dim);
  let assemblyFormat = "$team `,` $inputs `split` `=` $split_dim `concat` `=` $concat_dim attr-dict `:` type($inputs) `->` type($outputs)";
}
def Dist_CollectiveBroadcastOp : Dist_Op<"collective_broadcast", [AllTypesMatch<["operand", "result"]>]> {
  let summary = "replicate root's operand to every rank of the team (seed 002)";
  let arguments = (ins I64:$team, AnyRankedTensor:$operand, Index:$root);
  let results = (outs AnyRankedTensor:$result);
  let assemblyFormat = "$team `,` $operand `root` $root attr-dict `:` type($operand)";
}
def Dist_ReduceScatterOp : Dist_Op<"reduce_scatter"> {
  let arguments = (ins I64:$team, Dist_ReduceKind:$kind, AnyRankedTensor:$operand, I64Attr:$dim);
  let results = (outs AnyRankedTensor:$result);
  let assemblyFormat = "$kind $team `,` $operand `dim` `=` $dim attr-dict `:` type($operand) `->` type($result)";
  let hasVerifier = 1;
}

#endif
