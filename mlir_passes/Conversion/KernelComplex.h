// Complex numbers in GPU kernels (docs/devices.md). MLIR 19's SPIR-V conversion has no complex
// type and devices have no libm, so before a kernel is converted:
// 1. inlineComplexLibm: the C99 libm calls ComplexOps.cpp emits for complex transcendental
//    functions (cexp, ..., cpow) become formulas in the complex dialect (lowered by
//    convert-complex-to-standard like everything else) and math ops;
// 2. (convert-complex-to-standard)
// 3. splitComplex: what is left complex becomes pairs of floats: complex kernel arguments
//    two float arguments (re, im), complex arrays arrays of their parts (the 0-D element views
//    gpu-decompose-memrefs makes: element k's parts at offsets 2k and 2k + 1), loads, stores,
//    selects and scf.if results pairs.
// The host passes a complex argument as two words (GpuToRuntime.cpp, kernelWords).
#pragma once

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Support/LogicalResult.h"

namespace ptensor {
mlir::LogicalResult inlineComplexLibm(mlir::gpu::GPUModuleOp gm);
mlir::LogicalResult splitComplex(mlir::gpu::GPUFuncOp kernel);
/// The kernel's function type made again from its arguments (after a rewrite retyped them).
void syncFunctionType(mlir::gpu::GPUFuncOp kernel);
} // namespace ptensor
