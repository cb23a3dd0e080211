// RUN: %ptensor-opt %s --ptensor-short-reductions | %FileCheck %s
// The loop around a reduction over a short axis whose length is an argument is versioned for
// lengths 2, 3 and 4 (there the reduction loop's bound is a constant: LLVM unrolls it and
// vectorizes the enclosing loop); other lengths run the original loops.

// CHECK-LABEL: func.func @norms
// CHECK-DAG: %[[C2:.*]] = arith.constant 2 : index
// CHECK-DAG: %[[K:.*]] = memref.dim %{{.*}}, %c1
// CHECK: %[[IS2:.*]] = arith.cmpi eq, %[[K]], %[[C2]] : index
// CHECK: scf.if %[[IS2]] {
// CHECK-NEXT: scf.parallel
// CHECK-NEXT: scf.for %{{.*}} = %c0 to %[[C2]] step %c1 {
// CHECK: } else {
// CHECK: %[[C3:.*]] = arith.constant 3 : index
// CHECK: scf.if
// CHECK: scf.for %{{.*}} = %c0 to %[[C3]] step %c1 {
// CHECK: } else {
// CHECK: %[[C4:.*]] = arith.constant 4 : index
// CHECK: scf.for %{{.*}} = %c0 to %[[C4]] step %c1 {
// CHECK: } else {
// CHECK-NEXT: scf.parallel
// CHECK-NEXT: scf.for %{{.*}} = %c0 to %[[K]] step %c1 {
func.func @norms(%x: memref<?x?xf64>, %out: memref<?xf64>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = memref.dim %x, %c0 : memref<?x?xf64>
  %k = memref.dim %x, %c1 : memref<?x?xf64>
  scf.parallel (%i) = (%c0) to (%n) step (%c1) {
    scf.for %j = %c0 to %k step %c1 {
      %a = memref.load %x[%i, %j] : memref<?x?xf64>
      %s = memref.load %out[%i] : memref<?xf64>
      %p = arith.mulf %a, %a : f64
      %t = arith.addf %s, %p : f64
      memref.store %t, %out[%i] : memref<?xf64>
    }
    scf.reduce
  }
  return
}

// Not a reduction (the stored place moves with the loop), a constant bound, a loop with
// nothing around it: left alone.
// CHECK-LABEL: func.func @left_alone
// CHECK-NOT: scf.if
// CHECK: return
func.func @left_alone(%x: memref<?x?xf64>, %y: memref<?xf64>, %s: memref<f64>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %n = memref.dim %x, %c0 : memref<?x?xf64>
  %k = memref.dim %x, %c1 : memref<?x?xf64>
  scf.for %i = %c0 to %n step %c1 {
    scf.for %j = %c0 to %k step %c1 {
      %a = memref.load %x[%i, %j] : memref<?x?xf64>
      memref.store %a, %x[%j, %i] : memref<?x?xf64>
    }
    scf.for %j = %c0 to %c3 step %c1 {
      %a = memref.load %x[%i, %j] : memref<?x?xf64>
      %b = memref.load %y[%i] : memref<?xf64>
      %t = arith.addf %a, %b : f64
      memref.store %t, %y[%i] : memref<?xf64>
    }
  }
  scf.for %i = %c0 to %n step %c1 {
    %a = memref.load %y[%i] : memref<?xf64>
    %b = memref.load %s[] : memref<f64>
    %t = arith.addf %a, %b : f64
    memref.store %t, %s[] : memref<f64>
  }
  return
}
