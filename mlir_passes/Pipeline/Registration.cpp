// Registration of ptensor's dialects, passes and the named pipeline.
#include "Dist/Dialect.h"
#include "PTensor/Dialect.h"
#include "Pipeline/Passes.h"
#include "Region/Dialect.h"

#include "mlir/InitAllDialects.h"
#include "mlir/InitAllExtensions.h"
#include "mlir/InitAllPasses.h"
#include "mlir/Pass/PassRegistry.h"
#include "mlir/Target/LLVMIR/Dialect/All.h"
#include "mlir/Tools/mlir-opt/MlirOptMain.h"

using namespace mlir;

namespace ptensor {
void registerDialects(DialectRegistry &registry) {
  registerAllDialects(registry);
  registerAllExtensions(registry);
  // builtin, GPU, LLVM and NVVM to LLVM IR: gpu-module-to-binary (PTX kernels) needs them
  registerAllGPUToLLVMIRTranslations(registry);
  registry.insert<PTensorDialect, dist::DistDialect, region::RegionDialect>();
}

namespace {
struct GpuPipelineOptions : PassPipelineOptions<GpuPipelineOptions> {
  Option<std::string> target{*this, "target",
                             llvm::cl::desc("the kernels' binary: spirv or nvptx:<chip>"),
                             llvm::cl::init("spirv")};
  Option<bool> cpu{*this, "cpu", llvm::cl::desc("the device is a CPU (OpenCL)"),
                   llvm::cl::init(false)};
};
} // namespace

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
  registerKernelReductionOrder();
  registerLinearKernels();
  registerShortReductions();
  registerFuseParallelLoops();
  registerIdentityStrides();
  registerStreamingStores();
  registerFrameFills();
  registerSplitReductions();
  registerDistToRuntime();
  registerDistOverlap();
  registerCopyToLoops();
  registerReshapeSources();
  registerSeparateResults();
  registerSelfReadTemporaries();
  registerEarlyDealloc();
  registerForwardResultCopies();
  registerArithExpand();
  registerGpuToRuntime();
  PassPipelineRegistration<>(
      "ptensor-pipeline", "lower-ptensor, fuse, bufferize (with deallocation), BLAS matmuls, loops, LLVM",
      [](OpPassManager &pm) { buildPipeline(pm, PipelineOptions{/*parallel=*/false, /*blas=*/true}); });
  PassPipelineRegistration<>(
      "ptensor-pipeline-omp", "ptensor-pipeline with scf.parallel lowered to OpenMP threads",
      [](OpPassManager &pm) { buildPipeline(pm, PipelineOptions{/*parallel=*/true, /*blas=*/true}); });
  PassPipelineRegistration<GpuPipelineOptions>(
      "ptensor-pipeline-gpu",
      "ptensor-pipeline for GPU runtime device 0: parallel loops -> kernels (SPIR-V, or PTX with "
      "target=nvptx:<chip>) and launches",
      [](OpPassManager &pm, const GpuPipelineOptions &o) {
        buildPipeline(pm, PipelineOptions{/*parallel=*/false, /*blas=*/false, /*gpuDevice=*/0,
                                          o.target, o.cpu});
      });
}

int optMain(int argc, char **argv) {
  DialectRegistry registry;
  registerDialects(registry);
  registerPassesAndPipeline();
  return asMainReturnCode(MlirOptMain(argc, argv, "ptensor optimizer driver\n", registry));
}
} // namespace ptensor
