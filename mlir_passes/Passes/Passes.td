#ifndef PTENSOR_PASSES_TD
#define PTENSOR_PASSES_TD

include "mlir/Pass/PassBase.td"

def LowerPTensor : Pass<"lower-ptensor", "::mlir::ModuleOp"> {
  let summary = "Lower PTensor ops and types to linalg, tensor, arith and math";
  let description = [{
    !ptensor.ptensor becomes a builtin ranked tensor with signless elements. Elementwise ops,
    creation, casts and broadcasts become linalg.generic ops (so that a chain of them fuses into
    one loop nest); reductions become linalg.generic with reduction iterators accumulating in
    the op's acc_type; slices become tensor.extract_slice / tensor.insert_slice.
    Ops whose operands have a team lower to Dist ops (MPI-teams issue) and ops on a device are
    wrapped in region.device_region (GPU issue); this slice rejects both with an error.
  }];
  let dependentDialects = [
    "::mlir::linalg::LinalgDialect", "::mlir::tensor::TensorDialect",
    "::mlir::arith::ArithDialect", "::mlir::math::MathDialect", "::mlir::func::FuncDialect",
    "::mlir::scf::SCFDialect"];
}

#endif
