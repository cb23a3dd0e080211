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
