// RUN: %ptensor-opt %s --pass-pipeline='builtin.module(func.func(ptensor-separate-results),eliminate-empty-tensors)' | %FileCheck %s
// V (%g) is one result (%b) and, updated in place by an insert_slice, the other (%a): fuzz
// seed 5493 (`b = cumulative_prod(a)` over a length-1 axis, folded to an identity, then
// `a[0] = x`). eliminate-empty-tensors alone computes V into %a's buffer, whose copy of the
// updated value then overwrites V before V is copied into %b.

#map = affine_map<(d0) -> (d0)>
// CHECK-LABEL: func.func @shared
// CHECK: %[[A:.*]] = bufferization.alloc_tensor() : tensor<1xf32>
// CHECK-NOT: bufferization.to_tensor %{{.*}} restrict writable
// CHECK: linalg.generic {{.*}} outs(%[[A]] : tensor<1xf32>)
func.func @shared(%src: memref<1xf32>, %x: tensor<f32>, %a: memref<1xf32>, %b: memref<1xf32>) {
  %c0 = arith.constant 0 : index
  %s = bufferization.to_tensor %src restrict : memref<1xf32>
  %e = tensor.empty() : tensor<1xf32>
  %g = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]}
      ins(%s : tensor<1xf32>) outs(%e : tensor<1xf32>) {
  ^bb0(%in: f32, %out: f32):
    %m = arith.addf %in, %in : f32
    linalg.yield %m : f32
  } -> tensor<1xf32>
  %u = tensor.insert_slice %x into %g[%c0] [1] [1] : tensor<f32> into tensor<1xf32>
  bufferization.materialize_in_destination %u in restrict writable %a : (tensor<1xf32>, memref<1xf32>) -> ()
  bufferization.materialize_in_destination %g in restrict writable %b : (tensor<1xf32>, memref<1xf32>) -> ()
  return
}

// A result that only feeds its own destination is still computed straight into it.
// CHECK-LABEL: func.func @alone
// CHECK-NOT: alloc_tensor
// CHECK: bufferization.to_tensor %{{.*}} restrict writable
func.func @alone(%src: memref<1xf32>, %x: tensor<f32>, %a: memref<1xf32>) {
  %c0 = arith.constant 0 : index
  %s = bufferization.to_tensor %src restrict : memref<1xf32>
  %e = tensor.empty() : tensor<1xf32>
  %g = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]}
      ins(%s : tensor<1xf32>) outs(%e : tensor<1xf32>) {
  ^bb0(%in: f32, %out: f32):
    %m = arith.addf %in, %in : f32
    linalg.yield %m : f32
  } -> tensor<1xf32>
  %u = tensor.insert_slice %x into %g[%c0] [1] [1] : tensor<f32> into tensor<1xf32>
  bufferization.materialize_in_destination %u in restrict writable %a : (tensor<1xf32>, memref<1xf32>) -> ()
  return
}

// V (%g) updated in place twice, each update a result: fuzz seed 7638 (`a3 = roll(a2)` over
// a length-1 axis, folded away, then `a2[...] = -7` and a scatter into a view of a3). Neither
// result's value feeds the other, but computing V into %a's buffer lets the first update
// overwrite V before the second copies it.
// CHECK-LABEL: func.func @updated_twice
// CHECK: %[[A:.*]] = bufferization.alloc_tensor() : tensor<2xf32>
// CHECK: linalg.generic {{.*}} outs(%[[A]] : tensor<2xf32>)
func.func @updated_twice(%src: memref<2xf32>, %x: tensor<1xf32>, %y: tensor<1xf32>,
                         %a: memref<2xf32>, %b: memref<2xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %s = bufferization.to_tensor %src restrict : memref<2xf32>
  %e = tensor.empty() : tensor<2xf32>
  %g = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]}
      ins(%s : tensor<2xf32>) outs(%e : tensor<2xf32>) {
  ^bb0(%in: f32, %out: f32):
    %m = arith.addf %in, %in : f32
    linalg.yield %m : f32
  } -> tensor<2xf32>
  %u = tensor.insert_slice %x into %g[%c0] [1] [1] : tensor<1xf32> into tensor<2xf32>
  %w = tensor.insert_slice %y into %g[%c1] [1] [1] : tensor<1xf32> into tensor<2xf32>
  bufferization.materialize_in_destination %u in restrict writable %a : (tensor<2xf32>, memref<2xf32>) -> ()
  bufferization.materialize_in_destination %w in restrict writable %b : (tensor<2xf32>, memref<2xf32>) -> ()
  return
}
