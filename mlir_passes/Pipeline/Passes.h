// ptensor passes and the one compilation pipeline shared by the JIT and ptensor-opt.
#pragma once

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Complex/IR/Complex.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/Pass/Pass.h"
#include "mlir/Pass/PassManager.h"

namespace mlir { class DialectRegistry; class RewritePatternSet; class TypeConverter; }

namespace ptensor {
#define GEN_PASS_DECL
#include "Pipeline/Passes.h.inc"

#define GEN_PASS_REGISTRATION
#include "Pipeline/Passes.h.inc"

/// Function-argument attribute set by the JIT's IR builder: the size class of each dimension of
/// a memref argument (or of an index argument). Equal classes are equal sizes at run time (the
/// cache key includes the pattern), which lets fusion prove that loop domains agree.
inline constexpr const char *kSizeClassesAttr = "ptensor.size_classes";

/// Function-argument attribute set by the JIT's IR builder on result buffers the runtime
/// allocated for the call (not donated leaves): no other argument aliases them. Read by
/// --ptensor-fuse-parallel-loops, which removes it (keep-fresh=true: device pipelines, where
/// --ptensor-gpu-to-runtime reads and removes it).
inline constexpr const char *kFreshAttr = "ptensor.fresh";

/// Horizontal fusion: merges all-parallel linalg.generic ops on tensors whose loop domains are
/// provably equal and which read a common input into one multi-result generic (so shared
/// subexpressions are computed once). Part of --ptensor-fuse-elementwise. Removes the
/// kSizeClassesAttr argument attributes it reads afterwards.
void fuseSiblings(mlir::func::FuncOp fn);

/// The memref a view is a view of (subviews, casts, reshapes, the base buffers of
/// extract_strided_metadata followed back; FuseParallelLoops.cpp).
mlir::Value memrefRoot(mlir::Value m);
/// Memory no other memref of the function reaches: an allocation, or a result buffer the
/// runtime allocated (kFreshAttr, until --ptensor-fuse-parallel-loops removes it).
bool uniqueMemory(mlir::Value root);

/// The ptensor.custom_call lowering of --lower-ptensor (a runtime call; CustomCallLowering.cpp).
void populateCustomCallLowering(mlir::RewritePatternSet &patterns, mlir::TypeConverter &tc);

/// Options of the pipeline; part of the JIT cache key.
struct PipelineOptions {
  bool parallel = true; ///< scf.parallel -> OpenMP threads
  bool blas = false;    ///< float matmuls -> CBLAS gemm calls (the library must be loaded)
  int64_t gpuDevice = -1; ///< >= 0: a device program for this GPU runtime device (kernels)
  std::string gpuTarget = "spirv"; ///< its kernels' binary: spirv or nvptx:<chip>
  bool gpuIsCpu = false; ///< the device is a CPU (OpenCL): work items take contiguous chunks
  /// host loops moving at least this many bytes store their results non-temporally
  /// (--ptensor-streaming-stores; the last-level cache's size; < 0: never)
  int64_t streamingBytes = 32 << 20;
};

/// The named pipeline `ptensor-pipeline`: lower-ptensor, fusion, bufferization with
/// deallocation, loops (OpenMP when parallel), LLVM dialect.
void buildPipeline(mlir::OpPassManager &pm, const PipelineOptions &opts);
/// The pipeline's first stage alone (lower-ptensor and fusion): the loops a program will run,
/// as linalg on tensors (pt.explain).
void buildFusionStage(mlir::OpPassManager &pm);

/// Registers PTensor, Dist, Region and every dialect the pipeline produces.
void registerDialects(mlir::DialectRegistry &registry);
/// Registers the passes and the named pipeline (for ptensor-opt).
void registerPassesAndPipeline();
/// ptensor-opt: mlir-opt with ptensor's dialects, passes and pipeline (the ptensor-opt
/// executable's main, and _core.opt_main where wheels run it from the extension).
int optMain(int argc, char **argv);
} // namespace ptensor
