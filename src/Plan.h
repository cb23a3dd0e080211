// A pending program flattened for compilation: nodes in topological order, the cache key, and
// the order of the compiled function's arguments (leaves, scalars, index values, results).
#pragma once

#include "Program.h"

#include <optional>
#include <unordered_map>

namespace ptensor {
struct Plan {
  std::vector<Node *> order;                 ///< topological, leaves included
  std::vector<Node *> leaves;                ///< memref inputs, in argument order
  std::vector<Node *> roots;                 ///< results, in argument order
  /// Per root: the index in `leaves` of the leaf whose buffer the root is written into (buffer
  /// donation: an array updated with `a[k] = v` whose old value no one else holds), or -1.
  std::vector<int> donors;
  std::vector<int64_t> key;                  ///< structure only: no sizes, no scalar values
  int device = 0;                            ///< its nodes' device (part of the key)
  int64_t maxElements = 0;                   ///< size of the largest array (threads or not)
  /// Size classes: equal sizes share a class (its pattern is part of the key), so the compiler
  /// may treat equal classes as equal sizes (horizontal fusion). Per leaf: one per dimension;
  /// per index argument: its class, or -1 where it is not a size (offsets, strides, eye's k).
  std::vector<std::vector<int64_t>> leafClasses;
  std::vector<int64_t> indexClasses;
  /// Per node of `order`: for a slice (extract or insert), an earlier slice with the same
  /// index arguments (offsets, sizes, steps) whose values it takes in the IR, else -1 (part
  /// of the key; Plan.cpp chooseSameRegions says which pairs). Then `b[r] += v` (an extract
  /// of a region, an insert of it back) folds: a chain of in-place updates of one region
  /// becomes one loop.
  std::vector<int32_t> sameRegion;
};

/// `pinned` nodes (and what they need) come first, in their order; then the roots' graphs.
/// Every node must be on one device (std::invalid_argument otherwise).
Plan makePlan(const std::vector<Node *> &roots, const std::vector<Node *> &pinned = {});
/// Fills plan.donors (and adds them to the key): a root that inserts into a leaf (insert_slice
/// chains) gets that leaf's buffer when only this program's nodes reference the leaf and only
/// the leaf holds its ptensor-owned contiguous buffer.
void chooseDonors(Plan &plan);

/// The plan materializing now would run (want's array first, then every pending array Python
/// holds, then the pinned collectives), made without running or changing anything; nullopt
/// when nothing is pending. keep holds its nodes alive (pt.explain).
std::optional<Plan> pendingPlan(const std::shared_ptr<Node> &want,
                                std::vector<std::shared_ptr<Node>> &keep);

/// Shape as it appears in types: size-1 dimensions static (they broadcast), others dynamic.
std::vector<int64_t> typeShape(const Node &n);
} // namespace ptensor
