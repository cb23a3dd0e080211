// ptensor-opt: mlir-opt with the PTensor, Dist and Region dialects, ptensor's passes and the
// named pipeline (the same one the JIT runs).
#include "Pipeline/Passes.h"

#include "mlir/IR/DialectRegistry.h"
#include "mlir/Tools/mlir-opt/MlirOptMain.h"

int main(int argc, char **argv) {
  mlir::DialectRegistry registry;
  ptensor::registerDialects(registry);
  ptensor::registerPassesAndPipeline();
  return mlir::asMainReturnCode(
      mlir::MlirOptMain(argc, argv, "ptensor optimizer driver\n", registry));
}
