// RUN: %ptensor-opt %s --pass-pipeline='builtin.module(func.func(ptensor-frame-fills))' | %FileCheck %s
// A fill whose interior the next loop that touches the buffer overwrites fills only the
// frame around that interior.

// 2-D (zeros, then z[1:-1, 1:-1] = v): rows inside the interior store the strips left and
// right of it, the others the whole row.
// CHECK-LABEL: func.func @pad
// CHECK: %[[HI0:.*]] = arith.addi %arg1, %arg3
// CHECK: %[[HI1:.*]] = arith.addi %arg2, %arg4
// CHECK: scf.parallel (%[[I:.*]]) = (%c0{{.*}}) to (%arg0)
// CHECK-DAG: %[[A:.*]] = arith.cmpi sge, %[[I]], %arg1
// CHECK-DAG: %[[B:.*]] = arith.cmpi slt, %[[I]], %[[HI0]]
// CHECK: %[[IN:.*]] = arith.andi
// CHECK: scf.if %[[IN]] {
// CHECK: scf.for %[[J:.*]] = %c0{{.*}} to %arg2
// CHECK: memref.store %cst, %[[Z:.*]][%[[I]], %[[J]]]
// CHECK: scf.for %[[J2:.*]] = %[[HI1]] to %arg0
// CHECK: memref.store %cst, %[[Z]][%[[I]], %[[J2]]]
// CHECK: } else {
// CHECK: scf.for %[[J3:.*]] = %c0{{.*}} to %arg0
// CHECK: memref.store %cst, %[[Z]][%[[I]], %[[J3]]]
// CHECK-NOT: scf.parallel (%{{.*}}, %{{.*}}) = (%c0, %c0) to (%arg0, %arg0)
// CHECK: memref.subview %[[Z]]
func.func @pad(%n: index, %o0: index, %o1: index, %s0: index, %s1: index, %v: memref<?x?xf64>) -> memref<?x?xf64> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %cst = arith.constant 0.0 : f64
  %z = memref.alloc(%n, %n) : memref<?x?xf64>
  scf.parallel (%i, %j) = (%c0, %c0) to (%n, %n) step (%c1, %c1) {
    memref.store %cst, %z[%i, %j] : memref<?x?xf64>
    scf.reduce
  }
  %in = memref.subview %z[%o0, %o1] [%s0, %s1] [1, 1] : memref<?x?xf64> to memref<?x?xf64, strided<[?, 1], offset: ?>>
  scf.parallel (%i, %j) = (%c0, %c0) to (%s0, %s1) step (%c1, %c1) {
    %x = memref.load %v[%i, %j] : memref<?x?xf64>
    memref.store %x, %in[%i, %j] : memref<?x?xf64, strided<[?, 1], offset: ?>>
    scf.reduce
  }
  return %z : memref<?x?xf64>
}

// 1-D: two strips.
// CHECK-LABEL: func.func @pad1
// CHECK: scf.parallel (%[[J:.*]]) = (%c0{{.*}}) to (%arg1)
// CHECK: memref.store %cst, %{{.*}}[%[[J]]]
// CHECK: scf.parallel (%[[K:.*]]) = (%{{.*}}) to (%arg0)
// CHECK: memref.store %cst, %{{.*}}[%[[K]]]
func.func @pad1(%n: index, %o: index, %s: index, %v: memref<?xf64>) -> memref<?xf64> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %cst = arith.constant 0.0 : f64
  %z = memref.alloc(%n) : memref<?xf64>
  scf.parallel (%i) = (%c0) to (%n) step (%c1) {
    memref.store %cst, %z[%i] : memref<?xf64>
    scf.reduce
  }
  %in = memref.subview %z[%o] [%s] [1] : memref<?xf64> to memref<?xf64, strided<[1], offset: ?>>
  scf.parallel (%i) = (%c0) to (%s) step (%c1) {
    %x = memref.load %v[%i] : memref<?xf64>
    memref.store %x, %in[%i] : memref<?xf64, strided<[1], offset: ?>>
    scf.reduce
  }
  return %z : memref<?xf64>
}

// Kept whole: the overwrite reads the filled buffer; a loop reads it before the overwrite;
// the buffer is an argument that may alias another (not a fresh result); the overwrite
// covers only part of its view.
// CHECK-LABEL: func.func @kept
// CHECK-NOT: scf.if
// CHECK: return
func.func @kept(%n: index, %s: index, %v: memref<?xf64>, %arg: memref<?xf64>, %out: memref<?xf64>) -> (memref<?xf64>, memref<?xf64>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %cst = arith.constant 1.0 : f64
  %a = memref.alloc(%n) : memref<?xf64>
  scf.parallel (%i) = (%c0) to (%n) step (%c1) {
    memref.store %cst, %a[%i] : memref<?xf64>
    scf.reduce
  }
  %va = memref.subview %a[1] [%s] [1] : memref<?xf64> to memref<?xf64, strided<[1], offset: 1>>
  scf.parallel (%i) = (%c0) to (%s) step (%c1) {
    %x = memref.load %va[%i] : memref<?xf64, strided<[1], offset: 1>>
    %y = arith.addf %x, %cst : f64
    memref.store %y, %va[%i] : memref<?xf64, strided<[1], offset: 1>>
    scf.reduce
  }
  %b = memref.alloc(%n) : memref<?xf64>
  scf.parallel (%i) = (%c0) to (%n) step (%c1) {
    memref.store %cst, %b[%i] : memref<?xf64>
    scf.reduce
  }
  scf.parallel (%i) = (%c0) to (%n) step (%c1) {
    %x = memref.load %b[%i] : memref<?xf64>
    memref.store %x, %out[%i] : memref<?xf64>
    scf.reduce
  }
  %vb = memref.subview %b[1] [%s] [1] : memref<?xf64> to memref<?xf64, strided<[1], offset: 1>>
  scf.parallel (%i) = (%c0) to (%s) step (%c1) {
    %x = memref.load %v[%i] : memref<?xf64>
    memref.store %x, %vb[%i] : memref<?xf64, strided<[1], offset: 1>>
    scf.reduce
  }
  %dn = memref.dim %arg, %c0 : memref<?xf64>
  scf.parallel (%i) = (%c0) to (%dn) step (%c1) {
    memref.store %cst, %arg[%i] : memref<?xf64>
    scf.reduce
  }
  %varg = memref.subview %arg[1] [%s] [1] : memref<?xf64> to memref<?xf64, strided<[1], offset: 1>>
  scf.parallel (%i) = (%c0) to (%s) step (%c1) {
    %x = memref.load %v[%i] : memref<?xf64>
    memref.store %x, %varg[%i] : memref<?xf64, strided<[1], offset: 1>>
    scf.reduce
  }
  %c = memref.alloc(%n) : memref<?xf64>
  scf.parallel (%i) = (%c0) to (%n) step (%c1) {
    memref.store %cst, %c[%i] : memref<?xf64>
    scf.reduce
  }
  %vc = memref.subview %c[1] [%s] [1] : memref<?xf64> to memref<?xf64, strided<[1], offset: 1>>
  %half = arith.divui %s, %c2 : index
  scf.parallel (%i) = (%c0) to (%half) step (%c1) {
    %x = memref.load %v[%i] : memref<?xf64>
    memref.store %x, %vc[%i] : memref<?xf64, strided<[1], offset: 1>>
    scf.reduce
  }
  return %a, %b : memref<?xf64>, memref<?xf64>
}
