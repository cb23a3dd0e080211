// Pieces of --lower-ptensor for ptensors with a team (LowerTeam.cpp). A team's ptensor is
// block-partitioned along axis 0 over the team (runtime/dist.c's block partition of its
// global rows); it lowers to this rank's block, a tensor whose dim 0 is dynamic, so one
// program serves every rank. Ops whose result is partitioned differently from their
// operands move rows with Dist ops: dist.repartition (slices, slice assignment, reshape),
// dist.all_to_all (permute_dims that moves the split axis, a row x[i]), dist.all_gather (an
// operand whose every row a rank may need: matmul's rhs, take's source or indices,
// searchsorted's sorted array, the source of a broadcast to new leading axes).
#pragma once

#include "PTensor/Dialect.h"

#include "mlir/IR/Builders.h"

namespace ptensor::team {
using mlir::Location;
using mlir::OpBuilder;
using mlir::Value;

/// The team of `ty` as an i64 constant.
Value teamValue(OpBuilder &b, Location loc, PTensorType ty);

/// This rank's block of a new ptensor of type ty with global sizes gsizes: its sizes and the
/// global index of its first row (RFC: dist.init_dtensor, local_shape, local_slice). Without
/// a team, or 0-d (replicated), the whole tensor: gsizes and no offset (null).
std::pair<llvm::SmallVector<Value>, Value> localBlock(OpBuilder &b, Location loc, PTensorType ty,
                                                      mlir::ValueRange gsizes);

/// The global rows of the team ptensor `v` (a value of the ptensor IR being lowered) whose
/// block is `local`: static from its type, else read from the op that made it (creation
/// sizes, a slice's sizes, an elementwise operand's rows), else one dist.all_reduce of the
/// blocks' rows.
Value globalRows(OpBuilder &b, Location loc, Value v, Value local);

/// Rows off, off + st, ... (n of them) of a team ptensor of L global rows whose block is
/// `local`, moved into the block partition of n rows (one dist.repartition).
Value sliceRows(OpBuilder &b, Location loc, Value team, Value local, Value L, Value off, Value n,
                Value st);

/// The rows (first) of this rank's block of a team ptensor of n global rows, and the global
/// index of its first row (second).
std::pair<Value, Value> block(OpBuilder &b, Location loc, Value team, Value n);

/// Whether this rank owns row i of a team ptensor of L global rows (i1), and the row's
/// index in its block (0 where it does not own it).
std::pair<Value, Value> owner(OpBuilder &b, Location loc, Value team, Value L, Value i);

/// Row i of a team ptensor of L global rows whose block is `local`: a part of one row on
/// the rank that owns it, of none elsewhere.
Value pickRow(OpBuilder &b, Location loc, Value team, Value local, Value L, Value i);

/// Where the rows of a slice assignment land on this rank: the source's n rows (block
/// `local`) go to rows off + st * i of a destination of L global rows. `rows` holds the
/// items this rank receives (a dist.repartition), `first` their first local row in the
/// destination's block, `count` how many.
struct Landing {
  Value rows, first, count;
};
Landing insertRows(OpBuilder &b, Location loc, Value team, Value local, Value n, Value L, Value off,
                   Value st);

/// The block `local` (split along axis 0) resplit along `axis`: this rank gets every row of
/// axis 0 and its block of `axis` (dist.all_to_all).
Value resplit(OpBuilder &b, Location loc, Value team, Value local, int64_t axis);

/// Every rank's block of `local` concatenated along axis 0 (dist.all_gather).
Value gatherRows(OpBuilder &b, Location loc, Value team, Value local);

/// The team ptensor `v` of L global rows (block `local`) reshaped, in C order, to the global
/// sizes `shape`, as the block of type `resTy` (one dist.repartition of the flattened blocks).
Value reshapeRows(OpBuilder &b, Location loc, Value team, Value local, Value L, mlir::ValueRange shape,
                  mlir::RankedTensorType resTy);

/// Whether --lower-ptensor lowers `op` on ptensors with a team; the others (custom calls:
/// what a team means to the called function is not defined; reshapes from or to 0-d) are
/// rejected with a diagnostic.
bool lowered(mlir::Operation *op);
} // namespace ptensor::team
