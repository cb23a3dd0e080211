// RUN: %ptensor-opt %s --ptensor-pipeline-omp | %FileCheck %s
// RUN: %ptensor-opt %s --ptensor-pipeline-omp --mlir-print-ir-after=cse -o /dev/null 2>&1 | %FileCheck %s --check-prefix=LOOP
// Pairwise distances of points x (n, 3) as the JIT records them (sqrt(sum(d * d, axis=-1)),
// d = x[:, None, :] - x[None, :, :]): the fill of the sum, the sum and the sqrt are one
// parallel loop with the sum in a register (no temporary), and in the loop specialized for
// 3-element rows the rows' stride is the same value as the length compared with 3 (LLVM
// then vectorizes over j with stride 3; checked after the cse that follows). Made by:
// broadcast sizes from their sources, equal size classes as one value,
// ptensor-fuse-parallel-loops, ptensor-identity-strides.

// CHECK-COUNT-1: omp.parallel
// CHECK-NOT: omp.parallel
// CHECK-NOT: memref_to_llvm_alloc(
// LOOP: %[[K:.*]] = memref.dim %arg0, %c1
// LOOP: scf.parallel
// LOOP-NEXT: memref.reinterpret_cast %{{.*}} strides: [%[[K]], 1]
// LOOP: arith.cmpi eq, %[[K]], %c3
// LOOP: scf.for {{.*}} iter_args
// LOOP: math.sqrt
module {
  func.func @ptensor_main(%arg0: memref<?x?xf64> {ptensor.size_classes = array<i64: 0, 1>}, %arg1: index, %arg2: index, %arg3: index {ptensor.size_classes = array<i64: 0>}, %arg4: index {ptensor.size_classes = array<i64: 1>}, %arg5: index, %arg6: index, %arg7: index {ptensor.size_classes = array<i64: 2>}, %arg8: index {ptensor.size_classes = array<i64: 3>}, %arg9: index {ptensor.size_classes = array<i64: 1>}, %arg10: index {ptensor.size_classes = array<i64: 2>}, %arg11: index {ptensor.size_classes = array<i64: 0>}, %arg12: index {ptensor.size_classes = array<i64: 1>}, %arg13: index, %arg14: index, %arg15: index {ptensor.size_classes = array<i64: 0>}, %arg16: index {ptensor.size_classes = array<i64: 1>}, %arg17: index, %arg18: index, %arg19: index {ptensor.size_classes = array<i64: 4>}, %arg20: index {ptensor.size_classes = array<i64: 0>}, %arg21: index {ptensor.size_classes = array<i64: 1>}, %arg22: index {ptensor.size_classes = array<i64: 2>}, %arg23: index {ptensor.size_classes = array<i64: 0>}, %arg24: index {ptensor.size_classes = array<i64: 1>}, %arg25: memref<?x?xf64> {ptensor.fresh}) {
    %0 = bufferization.to_tensor %arg0 restrict : memref<?x?xf64>
    %1 = ptensor.from_ranked %0 : tensor<?x?xf64> -> <?x?xf64>
    %c1 = arith.constant 1 : index
    %c1_0 = arith.constant 1 : index
    %2 = ptensor.extract_slice %1[%arg1, %arg2] [%arg3, %arg4] [%c1, %c1_0] dropped = [] : <?x?xf64> -> <?x?xf64>
    %3 = ptensor.broadcast %2(%arg7, %arg8, %arg9) dims = [0, 2] : <?x?xf64> -> <?x1x?xf64>
    %4 = ptensor.broadcast %3(%arg10, %arg11, %arg12) dims = [0, 1, 2] : <?x1x?xf64> -> <?x?x?xf64>
    %c1_1 = arith.constant 1 : index
    %c1_2 = arith.constant 1 : index
    %5 = ptensor.extract_slice %1[%arg1, %arg2] [%arg3, %arg4] [%c1, %c1_0] dropped = [] : <?x?xf64> -> <?x?xf64>
    %6 = ptensor.broadcast %5(%arg19, %arg20, %arg21) dims = [1, 2] : <?x?xf64> -> <1x?x?xf64>
    %7 = ptensor.broadcast %6(%arg22, %arg23, %arg24) dims = [0, 1, 2] : <1x?x?xf64> -> <?x?x?xf64>
    %8 = ptensor.elementwise_binary_op subtract %4, %7 : <?x?x?xf64>, <?x?x?xf64> -> <?x?x?xf64>
    %9 = ptensor.elementwise_binary_op multiply %8, %8 : <?x?x?xf64>, <?x?x?xf64> -> <?x?x?xf64>
    %10 = ptensor.reduce sum %9 axes = [2] acc = f64 : <?x?x?xf64> -> <?x?xf64>
    %11 = ptensor.elementwise_unary_op sqrt %10 : <?x?xf64> -> <?x?xf64>
    %12 = ptensor.to_ranked %11 : <?x?xf64> -> tensor<?x?xf64>
    bufferization.materialize_in_destination %12 in restrict writable %arg25 : (tensor<?x?xf64>, memref<?x?xf64>) -> ()
    return
  }
}
