// RUN: %ptensor-opt %s --pass-pipeline='builtin.module(func.func(ptensor-self-read-temporaries),eliminate-empty-tensors,one-shot-bufferize{bufferize-function-boundaries function-boundary-type-conversion=identity-layout-map})' | %FileCheck %s
// A stencil step written in place (u[1:-1] = u[:-2] + u[2:]): the generic reads two slices
// of u and its result is inserted into u. Computed straight into u's slice (what
// eliminate-empty-tensors alone does), each slice it reads would be copied first; with a
// temporary it reads u directly and one copy writes the result back.

#map = affine_map<(d0) -> (d0)>
// CHECK-LABEL: func.func @stencil
// CHECK: %[[T:.*]] = memref.alloc
// CHECK-NOT: memref.alloc
// CHECK-NOT: memref.copy
// CHECK: linalg.generic {{.*}} ins(%subview{{.*}}) outs(%[[T]] : memref<?xf64>)
// CHECK-NOT: memref.alloc
// CHECK: memref.copy %[[T]], %subview
// CHECK-LABEL: func.func @pointwise
func.func @stencil(%u: memref<?xf64>, %o0: index, %o1: index, %o2: index, %n: index) {
  %t = bufferization.to_tensor %u restrict writable : memref<?xf64>
  %a = tensor.extract_slice %t[%o0] [%n] [1] : tensor<?xf64> to tensor<?xf64>
  %b = tensor.extract_slice %t[%o2] [%n] [1] : tensor<?xf64> to tensor<?xf64>
  %e = tensor.empty(%n) : tensor<?xf64>
  %g = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel"]}
      ins(%a, %b : tensor<?xf64>, tensor<?xf64>) outs(%e : tensor<?xf64>) {
  ^bb0(%x: f64, %y: f64, %o: f64):
    %s = arith.addf %x, %y : f64
    linalg.yield %s : f64
  } -> tensor<?xf64>
  %r = tensor.insert_slice %g into %t[%o1] [%n] [1] : tensor<?xf64> into tensor<?xf64>
  bufferization.materialize_in_destination %r in restrict writable %u : (tensor<?xf64>, memref<?xf64>) -> ()
  return
}

// Reading only the slice it writes (u[1:-1] = 2 * u[1:-1]): left to the elimination (one
// copy of the slice read, as many as a temporary would cost).
// CHECK: memref.alloc
// CHECK: memref.copy %subview, %alloc
// CHECK: linalg.generic {{.*}} ins(%alloc : memref<?xf64>) outs(%subview
func.func @pointwise(%u: memref<?xf64>, %o1: index, %n: index) {
  %t = bufferization.to_tensor %u restrict writable : memref<?xf64>
  %a = tensor.extract_slice %t[%o1] [%n] [1] : tensor<?xf64> to tensor<?xf64>
  %e = tensor.empty(%n) : tensor<?xf64>
  %g = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]}
      ins(%a : tensor<?xf64>) outs(%e : tensor<?xf64>) {
  ^bb0(%x: f64, %o: f64):
    %s = arith.addf %x, %x : f64
    linalg.yield %s : f64
  } -> tensor<?xf64>
  %r = tensor.insert_slice %g into %t[%o1] [%n] [1] : tensor<?xf64> into tensor<?xf64>
  bufferization.materialize_in_destination %r in restrict writable %u : (tensor<?xf64>, memref<?xf64>) -> ()
  return
}

// Computed from another array (u[1:-1] = v + 1): straight into u, no temporary.
// CHECK-LABEL: func.func @other
// CHECK-NOT: memref.alloc
// CHECK: return
func.func @other(%u: memref<?xf64>, %v: memref<?xf64>, %o1: index, %n: index) {
  %t = bufferization.to_tensor %u restrict writable : memref<?xf64>
  %w = bufferization.to_tensor %v restrict : memref<?xf64>
  %e = tensor.empty(%n) : tensor<?xf64>
  %g = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]}
      ins(%w : tensor<?xf64>) outs(%e : tensor<?xf64>) {
  ^bb0(%x: f64, %o: f64):
    %s = arith.addf %x, %x : f64
    linalg.yield %s : f64
  } -> tensor<?xf64>
  %r = tensor.insert_slice %g into %t[%o1] [%n] [1] : tensor<?xf64> into tensor<?xf64>
  bufferization.materialize_in_destination %r in restrict writable %u : (tensor<?xf64>, memref<?xf64>) -> ()
  return
}
