// RUN: %ptensor-opt %s --pass-pipeline='builtin.module(func.func(ptensor-reshape-sources),eliminate-empty-tensors)' | %FileCheck %s
// A (6, 4) result reshaped to (4, 6) and stored into a (4, 6) destination: both tensor<?x?xf64>.
// eliminate-empty-tensors alone would compute the (6, 4) source into the destination.

#map = affine_map<(d0, d1) -> (d0, d1)>
// CHECK-LABEL: func.func @fresh_source
// CHECK: %[[A:.*]] = bufferization.alloc_tensor(%{{.*}}, %{{.*}}) : tensor<?x?xf64>
// CHECK-NOT: tensor.empty
// CHECK: linalg.generic {{.*}} outs(%[[A]] : tensor<?x?xf64>)
// CHECK: tensor.reshape
func.func @fresh_source(%src: tensor<?x?xf64>, %shape: tensor<2xindex>, %dst: memref<?x?xf64>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %d0 = tensor.dim %src, %c0 : tensor<?x?xf64>
  %d1 = tensor.dim %src, %c1 : tensor<?x?xf64>
  %e = tensor.empty(%d0, %d1) : tensor<?x?xf64>
  %g = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]}
      ins(%src : tensor<?x?xf64>) outs(%e : tensor<?x?xf64>) {
  ^bb0(%in: f64, %out: f64):
    %m = arith.mulf %in, %in : f64
    linalg.yield %m : f64
  } -> tensor<?x?xf64>
  %r = tensor.reshape %g(%shape) : (tensor<?x?xf64>, tensor<2xindex>) -> tensor<?x?xf64>
  bufferization.materialize_in_destination %r in restrict writable %dst : (tensor<?x?xf64>, memref<?x?xf64>) -> ()
  return
}

// Without a reshape the result is still computed straight into the destination.
// CHECK-LABEL: func.func @no_reshape
// CHECK-NOT: alloc_tensor
// CHECK: %[[D:.*]] = bufferization.to_tensor %{{.*}} restrict writable
// CHECK: linalg.generic {{.*}} outs(%[[D]] : tensor<?x?xf64>)
func.func @no_reshape(%src: tensor<?x?xf64>, %dst: memref<?x?xf64>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %d0 = tensor.dim %src, %c0 : tensor<?x?xf64>
  %d1 = tensor.dim %src, %c1 : tensor<?x?xf64>
  %e = tensor.empty(%d0, %d1) : tensor<?x?xf64>
  %g = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]}
      ins(%src : tensor<?x?xf64>) outs(%e : tensor<?x?xf64>) {
  ^bb0(%in: f64, %out: f64):
    %m = arith.mulf %in, %in : f64
    linalg.yield %m : f64
  } -> tensor<?x?xf64>
  bufferization.materialize_in_destination %g in restrict writable %dst : (tensor<?x?xf64>, memref<?x?xf64>) -> ()
  return
}
