// RUN: %ptensor-opt %s --pass-pipeline="builtin.module(lower-ptensor,func.func(canonicalize,ptensor-fuse-elementwise,canonicalize))" | %FileCheck %s

// Two results that share an input and whose sizes are in the same size class become one loop
// with two results; the shared exp is then computed once per element (after CSE).
// CHECK-LABEL: func.func @siblings
// CHECK: linalg.generic
// CHECK-SAME: ins(%{{.*}}, %{{.*}} : tensor<?xf64>, tensor<?xf64>) outs
// CHECK: math.exp
// CHECK: linalg.yield %{{.*}}, %{{.*}} : f64, f64
// CHECK-NOT: linalg.generic
// CHECK: return
func.func @siblings(%ma: memref<?xf64> {ptensor.size_classes = array<i64: 0>},
                    %mb: memref<?xf64> {ptensor.size_classes = array<i64: 0>})
    -> (tensor<?xf64>, tensor<?xf64>) {
  %ta = bufferization.to_tensor %ma restrict : memref<?xf64>
  %tb = bufferization.to_tensor %mb restrict : memref<?xf64>
  %a = ptensor.from_ranked %ta : tensor<?xf64> -> !ptensor.ptensor<?xf64>
  %b = ptensor.from_ranked %tb : tensor<?xf64> -> !ptensor.ptensor<?xf64>
  %e = ptensor.elementwise_unary_op exp %a : !ptensor.ptensor<?xf64> -> !ptensor.ptensor<?xf64>
  %x = ptensor.elementwise_binary_op add %e, %b : !ptensor.ptensor<?xf64>, !ptensor.ptensor<?xf64> -> !ptensor.ptensor<?xf64>
  %y = ptensor.elementwise_binary_op multiply %b, %e : !ptensor.ptensor<?xf64>, !ptensor.ptensor<?xf64> -> !ptensor.ptensor<?xf64>
  %rx = ptensor.to_ranked %x : !ptensor.ptensor<?xf64> -> tensor<?xf64>
  %ry = ptensor.to_ranked %y : !ptensor.ptensor<?xf64> -> tensor<?xf64>
  return %rx, %ry : tensor<?xf64>, tensor<?xf64>
}

// Without size classes nothing proves that b and c have a's size: the loops stay apart.
// CHECK-LABEL: func.func @unknown_sizes
// CHECK: linalg.generic
// CHECK: linalg.yield %{{.*}} : f64
// CHECK: linalg.generic
// CHECK: linalg.yield %{{.*}} : f64
func.func @unknown_sizes(%ma: memref<?xf64>, %mb: memref<?xf64>)
    -> (tensor<?xf64>, tensor<?xf64>) {
  %ta = bufferization.to_tensor %ma restrict : memref<?xf64>
  %tb = bufferization.to_tensor %mb restrict : memref<?xf64>
  %a = ptensor.from_ranked %ta : tensor<?xf64> -> !ptensor.ptensor<?xf64>
  %b = ptensor.from_ranked %tb : tensor<?xf64> -> !ptensor.ptensor<?xf64>
  %x = ptensor.elementwise_binary_op add %a, %b : !ptensor.ptensor<?xf64>, !ptensor.ptensor<?xf64> -> !ptensor.ptensor<?xf64>
  %y = ptensor.elementwise_binary_op multiply %b, %a : !ptensor.ptensor<?xf64>, !ptensor.ptensor<?xf64> -> !ptensor.ptensor<?xf64>
  %rx = ptensor.to_ranked %x : !ptensor.ptensor<?xf64> -> tensor<?xf64>
  %ry = ptensor.to_ranked %y : !ptensor.ptensor<?xf64> -> tensor<?xf64>
  return %rx, %ry : tensor<?xf64>, tensor<?xf64>
}

// Different size classes (a transposed read over a non-square domain) are not merged.
// CHECK-LABEL: func.func @different_classes
// CHECK-COUNT-2: linalg.yield %{{.*}} : f64
func.func @different_classes(%ma: memref<?x?xf64> {ptensor.size_classes = array<i64: 0, 1>},
                             %md: memref<?x?xf64> {ptensor.size_classes = array<i64: 2, 3>})
    -> (tensor<?x?xf64>, tensor<?x?xf64>) {
  %ta = bufferization.to_tensor %ma restrict : memref<?x?xf64>
  %td = bufferization.to_tensor %md restrict : memref<?x?xf64>
  %a = ptensor.from_ranked %ta : tensor<?x?xf64> -> !ptensor.ptensor<?x?xf64>
  %d = ptensor.from_ranked %td : tensor<?x?xf64> -> !ptensor.ptensor<?x?xf64>
  %x = ptensor.elementwise_unary_op exp %a : !ptensor.ptensor<?x?xf64> -> !ptensor.ptensor<?x?xf64>
  %at = ptensor.permute_dims %a perm = [1, 0] : !ptensor.ptensor<?x?xf64> -> !ptensor.ptensor<?x?xf64>
  %y = ptensor.elementwise_binary_op add %at, %d : !ptensor.ptensor<?x?xf64>, !ptensor.ptensor<?x?xf64> -> !ptensor.ptensor<?x?xf64>
  %rx = ptensor.to_ranked %x : !ptensor.ptensor<?x?xf64> -> tensor<?x?xf64>
  %ry = ptensor.to_ranked %y : !ptensor.ptensor<?x?xf64> -> tensor<?x?xf64>
  return %rx, %ry : tensor<?x?xf64>, tensor<?x?xf64>
}

// A value reaching a consumer along two paths is computed once in the fused loop (fusion
// CSEs each fused body; without it the copies multiply at every level).
// CHECK-LABEL: func.func @diamond
// CHECK: linalg.generic
// CHECK: math.exp
// CHECK-NOT: math.exp
// CHECK: linalg.yield
func.func @diamond(%ma: memref<?xf64> {ptensor.size_classes = array<i64: 0>}) -> tensor<?xf64> {
  %ta = bufferization.to_tensor %ma restrict : memref<?xf64>
  %a = ptensor.from_ranked %ta : tensor<?xf64> -> !ptensor.ptensor<?xf64>
  %e = ptensor.elementwise_unary_op exp %a : !ptensor.ptensor<?xf64> -> !ptensor.ptensor<?xf64>
  %p = ptensor.elementwise_binary_op multiply %e, %a : !ptensor.ptensor<?xf64>, !ptensor.ptensor<?xf64> -> !ptensor.ptensor<?xf64>
  %q = ptensor.elementwise_binary_op add %e, %a : !ptensor.ptensor<?xf64>, !ptensor.ptensor<?xf64> -> !ptensor.ptensor<?xf64>
  %r = ptensor.elementwise_binary_op divide %p, %q : !ptensor.ptensor<?xf64>, !ptensor.ptensor<?xf64> -> !ptensor.ptensor<?xf64>
  %rr = ptensor.to_ranked %r : !ptensor.ptensor<?xf64> -> tensor<?xf64>
  return %rr : tensor<?xf64>
}

// A reduction whose body folds to a constant once its inputs are deduplicated (prod(x > x),
// fuzz seed 2506) keeps its init for an empty domain: select(domain empty, init, constant),
// not upstream's tensor.empty init (uninitialized memory).
// CHECK-LABEL: func.func @reduction_keeps_init
// (select(empty, 1, 0) is canonicalized to extui(empty))
// CHECK: %[[N:.*]] = tensor.dim %arg0
// CHECK: %[[EMPTY:.*]] = arith.cmpi eq, %[[N]]
// CHECK: linalg.generic
// CHECK: arith.extui %[[EMPTY]] : i1 to i64
func.func @reduction_keeps_init(%arg0: tensor<?xi1>) -> tensor<i64> {
  %c1_i64 = arith.constant 1 : i64
  %4 = tensor.empty() : tensor<i64>
  %5 = linalg.fill ins(%c1_i64 : i64) outs(%4 : tensor<i64>) -> tensor<i64>
  %6 = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>, affine_map<(d0) -> ()>], iterator_types = ["reduction"]} ins(%arg0, %arg0 : tensor<?xi1>, tensor<?xi1>) outs(%5 : tensor<i64>) {
  ^bb0(%in: i1, %in2: i1, %out: i64):
    %8 = arith.cmpi ugt, %in, %in2 : i1
    %9 = arith.extui %8 : i1 to i64
    %10 = arith.muli %out, %9 : i64
    linalg.yield %10 : i64
  } -> tensor<i64>
  return %6 : tensor<i64>
}

// A reduction of a value that is also a program result reads the stored result back; it
// does not compute it again (Black-Scholes' prices and their sums in one program).
// CHECK-LABEL: func.func @reduce_a_result
// CHECK: linalg.generic
// CHECK-SAME: iterator_types = ["parallel"]
// CHECK: math.exp
// CHECK: linalg.generic
// CHECK-SAME: iterator_types = ["reduction"]
// CHECK-NOT: math.exp
// CHECK: linalg.yield
// CHECK: return
func.func @reduce_a_result(%ma: memref<?xf64> {ptensor.size_classes = array<i64: 0>},
                           %out: memref<?xf64>, %sum: memref<f64>) {
  %ta = bufferization.to_tensor %ma restrict : memref<?xf64>
  %a = ptensor.from_ranked %ta : tensor<?xf64> -> !ptensor.ptensor<?xf64>
  %e = ptensor.elementwise_unary_op exp %a : !ptensor.ptensor<?xf64> -> !ptensor.ptensor<?xf64>
  %s = ptensor.reduce sum %e axes = [0] acc = f64 : !ptensor.ptensor<?xf64> -> !ptensor.ptensor<f64>
  %re = ptensor.to_ranked %e : !ptensor.ptensor<?xf64> -> tensor<?xf64>
  %rs = ptensor.to_ranked %s : !ptensor.ptensor<f64> -> tensor<f64>
  bufferization.materialize_in_destination %re in restrict writable %out : (tensor<?xf64>, memref<?xf64>) -> ()
  bufferization.materialize_in_destination %rs in restrict writable %sum : (tensor<f64>, memref<f64>) -> ()
  return
}

// Not a result: the exp is computed inside the reduction (one loop, nothing stored).
// CHECK-LABEL: func.func @reduce_a_temporary
// CHECK: linalg.generic
// CHECK-SAME: iterator_types = ["reduction"]
// CHECK: math.exp
// CHECK-NOT: linalg.generic
// CHECK: return
func.func @reduce_a_temporary(%ma: memref<?xf64> {ptensor.size_classes = array<i64: 0>},
                              %sum: memref<f64>) {
  %ta = bufferization.to_tensor %ma restrict : memref<?xf64>
  %a = ptensor.from_ranked %ta : tensor<?xf64> -> !ptensor.ptensor<?xf64>
  %e = ptensor.elementwise_unary_op exp %a : !ptensor.ptensor<?xf64> -> !ptensor.ptensor<?xf64>
  %s = ptensor.reduce sum %e axes = [0] acc = f64 : !ptensor.ptensor<?xf64> -> !ptensor.ptensor<f64>
  %rs = ptensor.to_ranked %s : !ptensor.ptensor<f64> -> tensor<f64>
  bufferization.materialize_in_destination %rs in restrict writable %sum : (tensor<f64>, memref<f64>) -> ()
  return
}
