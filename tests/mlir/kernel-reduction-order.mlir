// RUN: %ptensor-opt %s --ptensor-kernel-reduction-order | %FileCheck %s
// A reduction over leading axes (sequential loops around a parallel loop) becomes one
// parallel loop (one kernel) whose iterations each loop over the reduced rows; a loop with
// carried values, or with more than the parallel loop inside, is left alone.

// CHECK-LABEL: func.func @sum_axis0
// CHECK: scf.parallel (%[[J:.*]]) = (%{{.*}}) to (%[[N:.*]]) step
// CHECK-NEXT: scf.for %[[I:.*]] = %{{.*}} to %[[M:.*]] step
// CHECK-NEXT: memref.load %{{.*}}[%[[I]], %[[J]]]
// CHECK: memref.store %{{.*}}, %{{.*}}[%[[J]]]
// CHECK-NOT: scf.for
func.func @sum_axis0(%x: memref<?x?xf64>, %out: memref<?xf64>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %m = memref.dim %x, %c0 : memref<?x?xf64>
  %n = memref.dim %x, %c1 : memref<?x?xf64>
  scf.for %i = %c0 to %m step %c1 {
    scf.parallel (%j) = (%c0) to (%n) step (%c1) {
      %a = memref.load %x[%i, %j] : memref<?x?xf64>
      %s = memref.load %out[%j] : memref<?xf64>
      %t = arith.addf %s, %a : f64
      memref.store %t, %out[%j] : memref<?xf64>
      scf.reduce
    }
  }
  return
}

// Two reduced axes: both sequential loops move inside, in their order.
// CHECK-LABEL: func.func @sum_axes01
// CHECK: scf.parallel (%[[K:.*]]) =
// CHECK-NEXT: scf.for %[[I:.*]] =
// CHECK-NEXT: scf.for %[[J:.*]] =
// CHECK-NEXT: memref.load %{{.*}}[%[[I]], %[[J]], %[[K]]]
func.func @sum_axes01(%x: memref<?x?x?xf64>, %out: memref<?xf64>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %m = memref.dim %x, %c0 : memref<?x?x?xf64>
  %n = memref.dim %x, %c1 : memref<?x?x?xf64>
  %p = memref.dim %x, %c2 : memref<?x?x?xf64>
  scf.for %i = %c0 to %m step %c1 {
    scf.for %j = %c0 to %n step %c1 {
      scf.parallel (%k) = (%c0) to (%p) step (%c1) {
        %a = memref.load %x[%i, %j, %k] : memref<?x?x?xf64>
        %s = memref.load %out[%k] : memref<?xf64>
        %t = arith.addf %s, %a : f64
        memref.store %t, %out[%k] : memref<?xf64>
        scf.reduce
      }
    }
  }
  return
}

// CHECK-LABEL: func.func @left_alone
// CHECK: scf.for
// CHECK: scf.parallel
// CHECK: scf.for
// CHECK: memref.store
// CHECK: scf.parallel
func.func @left_alone(%x: memref<?xf64>, %out: memref<f64>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = memref.dim %x, %c0 : memref<?xf64>
  %z = arith.constant 0.0 : f64
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %z) -> f64 {
    scf.parallel (%j) = (%c0) to (%n) step (%c1) {
      memref.store %acc, %x[%j] : memref<?xf64>
      scf.reduce
    }
    %a = memref.load %x[%i] : memref<?xf64>
    %b = arith.addf %acc, %a : f64
    scf.yield %b : f64
  }
  scf.for %i = %c0 to %n step %c1 {
    memref.store %z, %out[] : memref<f64>
    scf.parallel (%j) = (%c0) to (%n) step (%c1) {
      memref.store %z, %x[%j] : memref<?xf64>
      scf.reduce
    }
  }
  return
}

// A middle axis: the kept dimensions become one parallel loop around the reduced one.
// CHECK-LABEL: func.func @sum_axis1
// CHECK: scf.parallel (%[[I:.*]], %[[K:.*]]) = (%{{.*}}, %{{.*}}) to (%{{.*}}, %{{.*}}) step
// CHECK-NEXT: scf.for %[[J:.*]] =
// CHECK-NEXT: memref.load %{{.*}}[%[[I]], %[[J]], %[[K]]]
// CHECK: memref.store %{{.*}}, %{{.*}}[%[[I]], %[[K]]]
// CHECK-NOT: scf.parallel
func.func @sum_axis1(%x: memref<?x?x?xf64>, %out: memref<?x?xf64>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %m = memref.dim %x, %c0 : memref<?x?x?xf64>
  %n = memref.dim %x, %c1 : memref<?x?x?xf64>
  %p = memref.dim %x, %c2 : memref<?x?x?xf64>
  scf.parallel (%i) = (%c0) to (%m) step (%c1) {
    scf.for %j = %c0 to %n step %c1 {
      scf.parallel (%k) = (%c0) to (%p) step (%c1) {
        %a = memref.load %x[%i, %j, %k] : memref<?x?x?xf64>
        %s = memref.load %out[%i, %k] : memref<?x?xf64>
        %t = arith.addf %s, %a : f64
        memref.store %t, %out[%i, %k] : memref<?x?xf64>
        scf.reduce
      }
    }
    scf.reduce
  }
  return
}
