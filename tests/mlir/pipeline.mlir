// RUN: %ptensor-opt %s --ptensor-pipeline | %FileCheck %s
// RUN: %ptensor-opt %s --ptensor-pipeline-omp | %FileCheck %s --check-prefix=OMP

// The whole pipeline ends in the LLVM dialect; the temporary buffer is freed (through the
// generic allocation functions, which the JIT backs with its buffer pool).
// CHECK-LABEL: llvm.func @f
// CHECK-NOT: ptensor.
// CHECK-NOT: linalg.
// CHECK: llvm.call @_mlir_memref_to_llvm_free
// OMP-LABEL: llvm.func @f
// OMP: omp.parallel
func.func @f(%a: !ptensor.ptensor<?xf64>, %b: !ptensor.ptensor<?xf64>, %n: index) -> !ptensor.ptensor<?xf64> {
  %0 = ptensor.elementwise_binary_op add %a, %b : !ptensor.ptensor<?xf64>, !ptensor.ptensor<?xf64> -> !ptensor.ptensor<?xf64>
  %1 = ptensor.reduce sum %0 axes = [0] acc = f64 : !ptensor.ptensor<?xf64> -> !ptensor.ptensor<f64>
  %2 = ptensor.broadcast %1(%n) dims = [] : !ptensor.ptensor<f64> -> !ptensor.ptensor<?xf64>
  return %2 : !ptensor.ptensor<?xf64>
}
