// Registration of ptensor's dialects, passes and the named pipeline.
#include "Dist/Dialect.h"
#include "PTensor/Dialect.h"
#include "Pipeline/Passes.h"
#include "Region/Dialect.h"

#include "mlir/InitAllDialects.h"
#include "mlir/InitAllExtensions.h"
#include "mlir/InitAllPasses.h"
#include "mlir/Pass/PassRegistry.h"
#include "mlir/Tools/mlir-opt/MlirOptMain.h"

using namespace mlir;

namespace ptensor {
void registerDialects(DialectRegistry &registry) {
  registerAllDialects(registry);
  registerAllExtensions(registry);
  registry.insert<PTensorDialect, dist::DistDialect, region::RegionDialect>();
}

void registerPassesAndPipeline() {
  static bool done = false;
  if (done)
    return;
  done = true;
  registerAllPasses();
  registerLowerPTensor();
  registerFuseElementwise();
  registerMatmulToBlas();
  registerParallelOuter();
  registerDistToRuntime();
  registerDistOverlap();
  registerCopyToLoops();
  registerReshapeSources();
  registerSeparateResults();
  registerSelfReadTemporaries();
  registerEarlyDealloc();
  registerGpuToRuntime();
  PassPipelineRegistration<>(
      "ptensor-pipeline", "lower-ptensor, fuse, bufferize (with deallocation), BLAS matmuls, loops, LLVM",
      [](OpPassManager &pm) { buildPipeline(pm, PipelineOptions{/*parallel=*/false, /*blas=*/true}); });
  PassPipelineRegistration<>(
      "ptensor-pipeline-omp", "ptensor-pipeline with scf.parallel lowered to OpenMP threads",
      [](OpPassManager &pm) { buildPipeline(pm, PipelineOptions{/*parallel=*/true, /*blas=*/true}); });
  PassPipelineRegistration<>(
      "ptensor-pipeline-gpu",
      "ptensor-pipeline for GPU runtime device 0: parallel loops -> SPIR-V kernels and launches",
      [](OpPassManager &pm) {
        buildPipeline(pm, PipelineOptions{/*parallel=*/false, /*blas=*/false, /*gpuDevice=*/0});
      });
}

int optMain(int argc, char **argv) {
  DialectRegistry registry;
  registerDialects(registry);
  registerPassesAndPipeline();
  return asMainReturnCode(MlirOptMain(argc, argv, "ptensor optimizer driver\n", registry));
}
} // namespace ptensor
