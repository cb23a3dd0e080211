// RUN: %ptensor-opt %s --pass-pipeline="builtin.module(func.func(ptensor-parallel-outer))" | %FileCheck %s

// Only the outer dimension stays parallel (one OpenMP loop); the inner one becomes an
// scf.for whose unit-stride body LLVM can vectorize.
// CHECK-LABEL: func.func @two_d
// CHECK: scf.parallel (%[[I:.*]]) = (%{{.*}}) to (%{{.*}}) step (%{{.*}}) {
// CHECK-NEXT: scf.for %[[J:.*]] = %{{.*}} to %{{.*}} step %{{.*}} {
// CHECK-NEXT: memref.store %{{.*}}, %{{.*}}[%[[I]], %[[J]]]
func.func @two_d(%m: memref<?x?xf64>, %n0: index, %n1: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %f = arith.constant 1.0 : f64
  scf.parallel (%i, %j) = (%c0, %c0) to (%n0, %n1) step (%c1, %c1) {
    memref.store %f, %m[%i, %j] : memref<?x?xf64>
    scf.reduce
  }
  return
}

// A reduction over an outer dimension: blocks of the inner (kept) dimension become the one
// parallel loop, the reduction runs inside each block, the innermost loop stays contiguous.
// CHECK-LABEL: func.func @sum_axis0
// CHECK: %[[BSTEP:.*]] = arith.muli %{{.*}}, %c512
// CHECK: scf.parallel (%[[JB:.*]]) = (%{{.*}}) to (%[[N1:.*]]) step (%[[BSTEP]]) {
// CHECK: %[[END:.*]] = arith.minsi
// CHECK: scf.for %[[I:.*]] = %{{.*}} to %{{.*}} step
// CHECK-NEXT: scf.for %[[J:.*]] = %[[JB]] to %[[END]] step
// CHECK: memref.load %{{.*}}[%[[I]], %[[J]]]
func.func @sum_axis0(%m: memref<?x?xf64>, %out: memref<?xf64>, %n0: index, %n1: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.for %i = %c0 to %n0 step %c1 {
    scf.parallel (%j) = (%c0) to (%n1) step (%c1) {
      %x = memref.load %m[%i, %j] : memref<?x?xf64>
      %s = memref.load %out[%j] : memref<?xf64>
      %t = arith.addf %s, %x : f64
      memref.store %t, %out[%j] : memref<?xf64>
      scf.reduce
    }
  }
  return
}

// Two reduced leading axes (a sum over axes (0, 1)): their loops stay in order inside each
// block (one parallel region, not one per (i, k) row).
// CHECK-LABEL: func.func @sum_axes01
// CHECK: scf.parallel (%[[JB:.*]]) = (%{{.*}}) to (%{{.*}}) step (%{{.*}}) {
// CHECK: %[[END:.*]] = arith.minsi
// CHECK-NEXT: scf.for %[[I:.*]] = %{{.*}} to %{{.*}} step
// CHECK-NEXT: scf.for %[[K:.*]] = %{{.*}} to %[[I]] step
// CHECK-NEXT: scf.for %[[J:.*]] = %[[JB]] to %[[END]] step
// CHECK: memref.load %{{.*}}[%[[I]], %[[K]], %[[J]]]
// CHECK-NOT: scf.parallel
func.func @sum_axes01(%m: memref<?x?x?xf64>, %out: memref<?xf64>, %n0: index, %n2: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.for %i = %c0 to %n0 step %c1 {
    scf.for %k = %c0 to %i step %c1 {
      scf.parallel (%j) = (%c0) to (%n2) step (%c1) {
        %x = memref.load %m[%i, %k, %j] : memref<?x?x?xf64>
        %s = memref.load %out[%j] : memref<?xf64>
        %t = arith.addf %s, %x : f64
        memref.store %t, %out[%j] : memref<?xf64>
        scf.reduce
      }
    }
  }
  return
}
