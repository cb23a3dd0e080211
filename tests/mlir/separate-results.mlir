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

// V (%g) is one result (%b) and, updated in place by a loop that carries it (a scatter:
// `b[idx] = ...` lowers to an scf.for over tensor.insert), the other (%a): fuzz seed
// 1504300 (`b4 = astype(b1, b1.dtype)`, folded to b1, then `b1[idx] = b1`). The loop's init
// is an in-place update like a destination-style op's.
// CHECK-LABEL: func.func @scattered
// CHECK: %[[A:.*]] = bufferization.alloc_tensor(%{{.*}}) : tensor<?xi64>
// CHECK: linalg.generic {{.*}} outs(%[[A]] : tensor<?xi64>)
func.func @scattered(%src: memref<?xi64>, %idx: memref<?xi64>, %a: memref<?xi64>,
                     %b: memref<?xi64>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %s = bufferization.to_tensor %src restrict : memref<?xi64>
  %n = memref.dim %src, %c0 : memref<?xi64>
  %e = tensor.empty(%n) : tensor<?xi64>
  %g = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]}
      ins(%s : tensor<?xi64>) outs(%e : tensor<?xi64>) {
  ^bb0(%in: i64, %out: i64):
    %m = arith.addi %in, %in : i64
    linalg.yield %m : i64
  } -> tensor<?xi64>
  %i = bufferization.to_tensor %idx restrict : memref<?xi64>
  %r = scf.for %k = %c0 to %n step %c1 iter_args(%t = %g) -> (tensor<?xi64>) {
    %j = tensor.extract %i[%k] : tensor<?xi64>
    %jj = arith.index_cast %j : i64 to index
    %v = tensor.extract %g[%k] : tensor<?xi64>
    %t2 = tensor.insert %v into %t[%jj] : tensor<?xi64>
    scf.yield %t2 : tensor<?xi64>
  }
  bufferization.materialize_in_destination %r in restrict writable %a : (tensor<?xi64>, memref<?xi64>) -> ()
  bufferization.materialize_in_destination %g in restrict writable %b : (tensor<?xi64>, memref<?xi64>) -> ()
  return
}

// A custom call's result (%t over %m) whose buffer a later call reads directly (canonicalize
// folded that call's to_memref of %t into %m): a write into %t must not go into %m, so %t
// loses `writable` (fuzz seed 1504965: a scan of a scan's result and a write into the first).
// CHECK-LABEL: func.func @read_as_memref
// CHECK: bufferization.to_tensor %{{.*}} restrict :
// CHECK-LABEL: func.func @not_read_later
// CHECK: bufferization.to_tensor %{{.*}} restrict writable
func.func private @call(memref<?xi64>)
func.func @read_as_memref(%n: index, %x: tensor<1xi64>, %a: memref<?xi64>) {
  %c0 = arith.constant 0 : index
  %m = memref.alloc(%n) : memref<?xi64>
  func.call @call(%m) : (memref<?xi64>) -> ()
  %t = bufferization.to_tensor %m restrict writable : memref<?xi64>
  %u = tensor.insert_slice %x into %t[%c0] [1] [1] : tensor<1xi64> into tensor<?xi64>
  func.call @call(%m) : (memref<?xi64>) -> ()
  bufferization.materialize_in_destination %u in restrict writable %a : (tensor<?xi64>, memref<?xi64>) -> ()
  return
}
func.func @not_read_later(%n: index, %x: tensor<1xi64>, %a: memref<?xi64>) {
  %c0 = arith.constant 0 : index
  %m = memref.alloc(%n) : memref<?xi64>
  func.call @call(%m) : (memref<?xi64>) -> ()
  %t = bufferization.to_tensor %m restrict writable : memref<?xi64>
  %u = tensor.insert_slice %x into %t[%c0] [1] [1] : tensor<1xi64> into tensor<?xi64>
  bufferization.materialize_in_destination %u in restrict writable %a : (tensor<?xi64>, memref<?xi64>) -> ()
  return
}
