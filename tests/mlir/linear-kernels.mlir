// RUN: %ptensor-opt %s --ptensor-linear-kernels | %FileCheck %s
// An outermost parallel loop of several dimensions becomes one over the product of the
// extents, the last dimension fastest (neighbouring work items take neighbouring elements of
// a row, coalesced on a GPU); loops with reductions and nested parallel loops stay.

// CHECK-LABEL: func.func @add2d
// CHECK: %[[N0:.*]] = memref.dim %arg0, %c0
// CHECK: %[[N1:.*]] = memref.dim %arg0, %c1
// CHECK: %[[P:.*]] = arith.muli %{{.*}}, %[[N0]]
// CHECK-NEXT: %[[N:.*]] = arith.muli %[[P]], %[[N1]]
// CHECK: scf.parallel (%[[F:.*]]) = (%{{.*}}) to (%[[N]]) step (%{{.*}}) {
// CHECK-NEXT: %[[J:.*]] = arith.remsi %[[F]], %[[N1]]
// CHECK-NEXT: %[[I:.*]] = arith.divsi %[[F]], %[[N1]]
// CHECK-NEXT: memref.load %arg0[%[[I]], %[[J]]]
// CHECK: memref.store %{{.*}}, %arg1[%[[I]], %[[J]]]
func.func @add2d(%a: memref<?x?xf64>, %b: memref<?x?xf64>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n0 = memref.dim %a, %c0 : memref<?x?xf64>
  %n1 = memref.dim %a, %c1 : memref<?x?xf64>
  scf.parallel (%i, %j) = (%c0, %c0) to (%n0, %n1) step (%c1, %c1) {
    %x = memref.load %a[%i, %j] : memref<?x?xf64>
    %y = arith.addf %x, %x : f64
    memref.store %y, %b[%i, %j] : memref<?x?xf64>
    scf.reduce
  }
  return
}

// Three dimensions: the last fastest, then the middle one.
// CHECK-LABEL: func.func @copy3d
// CHECK: scf.parallel (%[[F:.*]]) =
// CHECK-NEXT: %[[K:.*]] = arith.remsi %[[F]], %c5
// CHECK-NEXT: %[[R:.*]] = arith.divsi %[[F]], %c5
// CHECK-NEXT: %[[J:.*]] = arith.remsi %[[R]], %c4
// CHECK-NEXT: %[[I:.*]] = arith.divsi %[[R]], %c4
// CHECK-NEXT: memref.load %arg0[%[[I]], %[[J]], %[[K]]]
func.func @copy3d(%a: memref<3x4x5xf32>, %b: memref<3x4x5xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %c5 = arith.constant 5 : index
  scf.parallel (%i, %j, %k) = (%c0, %c0, %c0) to (%c3, %c4, %c5) step (%c1, %c1, %c1) {
    %x = memref.load %a[%i, %j, %k] : memref<3x4x5xf32>
    memref.store %x, %b[%i, %j, %k] : memref<3x4x5xf32>
    scf.reduce
  }
  return
}

// CHECK-LABEL: func.func @left_alone
// CHECK: scf.parallel (%{{.*}}, %{{.*}}) = {{.*}} -> f64
// CHECK: scf.parallel (%{{.*}}) =
// CHECK: scf.parallel (%{{.*}}, %{{.*}}) =
func.func @left_alone(%a: memref<?x?xf64>) -> f64 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %z = arith.constant 0.0 : f64
  %n0 = memref.dim %a, %c0 : memref<?x?xf64>
  %n1 = memref.dim %a, %c1 : memref<?x?xf64>
  %s = scf.parallel (%i, %j) = (%c0, %c0) to (%n0, %n1) step (%c1, %c1) init (%z) -> f64 {
    %x = memref.load %a[%i, %j] : memref<?x?xf64>
    scf.reduce(%x : f64) {
    ^bb0(%l: f64, %r: f64):
      %t = arith.addf %l, %r : f64
      scf.reduce.return %t : f64
    }
  }
  scf.parallel (%i) = (%c0) to (%n0) step (%c1) {
    scf.parallel (%j, %k) = (%c0, %c0) to (%n1, %n1) step (%c1, %c1) {
      memref.store %z, %a[%j, %k] : memref<?x?xf64>
      scf.reduce
    }
    scf.reduce
  }
  return %s : f64
}
