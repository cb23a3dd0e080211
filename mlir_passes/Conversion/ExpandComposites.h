// The RFC's manipulation ops that the core PTensor ops define (expand_dims, squeeze,
// matrix_transpose, flip, create_like): expanded into core ops (ExpandComposites.cpp).
#pragma once

namespace mlir { class Operation; }

namespace ptensor {
/// Replaces every such op under root (except on ptensors with a team) by its core ops.
void expandComposites(mlir::Operation *root);
} // namespace ptensor
