// RUN: %ptensor-opt %s --pass-pipeline='builtin.module(func.func(ptensor-fuse-parallel-loops))' | %FileCheck %s
// RUN: %ptensor-opt %s --pass-pipeline='builtin.module(func.func(ptensor-fuse-parallel-loops{contract=false}))' | %FileCheck %s --check-prefix=KEEP
// A reduction with its fill and epilogue (the norms of the rows of %x) is three parallel
// loops over the kept axis; fused into one, its temporary is a loop-carried value.

// CHECK-LABEL: func.func @norms
// CHECK-NOT: memref.alloc
// CHECK: scf.parallel (%[[I:.*]]) =
// CHECK-NEXT: %[[S:.*]] = scf.for %{{.*}} = %c0 to %{{.*}} step %c1 iter_args(%[[ACC:.*]] = %cst) -> (f64) {
// CHECK: %[[T:.*]] = arith.addf %[[ACC]], %{{.*}} : f64
// CHECK-NEXT: scf.yield %[[T]] : f64
// CHECK: %[[R:.*]] = math.sqrt %[[S]] : f64
// CHECK-NEXT: memref.store %[[R]], %{{.*}}[%[[I]]] : memref<?xf64>
// CHECK-NOT: scf.parallel
// CHECK-NOT: ptensor.fresh
// KEEP-LABEL: func.func @norms
// KEEP: %[[A:.*]] = memref.alloc
// KEEP: scf.parallel
// KEEP: memref.store %cst, %[[A]]
// KEEP: scf.for
// KEEP: math.sqrt
// KEEP-NOT: scf.parallel
// KEEP: memref.dealloc %[[A]]
func.func @norms(%x: memref<?x?xf64>, %out: memref<?xf64> {ptensor.fresh}) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %cst = arith.constant 0.0 : f64
  %n = memref.dim %x, %c0 : memref<?x?xf64>
  %k = memref.dim %x, %c1 : memref<?x?xf64>
  %t = memref.alloc(%n) : memref<?xf64>
  scf.parallel (%i) = (%c0) to (%n) step (%c1) {
    memref.store %cst, %t[%i] : memref<?xf64>
    scf.reduce
  }
  scf.parallel (%i) = (%c0) to (%n) step (%c1) {
    scf.for %j = %c0 to %k step %c1 {
      %a = memref.load %x[%i, %j] : memref<?x?xf64>
      %s = memref.load %t[%i] : memref<?xf64>
      %p = arith.mulf %a, %a : f64
      %u = arith.addf %s, %p : f64
      memref.store %u, %t[%i] : memref<?xf64>
    }
    scf.reduce
  }
  %n2 = memref.dim %t, %c0 : memref<?xf64>
  scf.parallel (%i) = (%c0) to (%n) step (%c1) {
    %s = memref.load %t[%i] : memref<?xf64>
    %r = math.sqrt %s : f64
    memref.store %r, %out[%i] : memref<?xf64>
    scf.reduce
  }
  memref.dealloc %t : memref<?xf64>
  return
}

// The result argument is not marked fresh (it may be %x's buffer, donated): the copy's
// write may alias the reduction's reads of %x at other places, not fused. The next loop
// reads what the copy wrote at the same place: fused. A loop that reads a neighbour of
// what the loop before wrote, a loop of other bounds: not fused.
// CHECK-LABEL: func.func @left_alone
// CHECK: scf.parallel
// CHECK: scf.parallel
// CHECK: memref.store %[[V:.*]], %arg1[%[[I:.*]]] : memref<?xf64>
// CHECK-NEXT: memref.load %arg1[%[[I]]]
// CHECK: scf.parallel
// CHECK: scf.parallel
// CHECK-NOT: scf.parallel
// CHECK: return
func.func @left_alone(%x: memref<?x?xf64>, %out: memref<?xf64>, %n: index, %m: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %cst = arith.constant 0.0 : f64
  %k = memref.dim %x, %c1 : memref<?x?xf64>
  %t = memref.alloc(%n) : memref<?xf64>
  scf.parallel (%i) = (%c0) to (%n) step (%c1) {
    memref.store %cst, %t[%i] : memref<?xf64>
    scf.for %j = %c0 to %k step %c1 {
      %a = memref.load %x[%i, %j] : memref<?x?xf64>
      %s = memref.load %t[%i] : memref<?xf64>
      %u = arith.addf %s, %a : f64
      memref.store %u, %t[%i] : memref<?xf64>
    }
    scf.reduce
  }
  scf.parallel (%i) = (%c0) to (%n) step (%c1) {
    %s = memref.load %t[%i] : memref<?xf64>
    memref.store %s, %out[%i] : memref<?xf64>
    scf.reduce
  }
  %u = memref.alloc(%n) : memref<?xf64>
  scf.parallel (%i) = (%c0) to (%n) step (%c1) {
    %s = memref.load %out[%i] : memref<?xf64>
    memref.store %s, %u[%i] : memref<?xf64>
    scf.reduce
  }
  scf.parallel (%i) = (%c1) to (%n) step (%c1) {
    %im = arith.subi %i, %c1 : index
    %s = memref.load %u[%im] : memref<?xf64>
    memref.store %s, %out[%i] : memref<?xf64>
    scf.reduce
  }
  scf.parallel (%i) = (%c0) to (%m) step (%c1) {
    memref.store %cst, %out[%i] : memref<?xf64>
    scf.reduce
  }
  memref.dealloc %u : memref<?xf64>
  memref.dealloc %t : memref<?xf64>
  return
}

// A loop of other bounds between two that can join (the fill of the second's buffer) and
// touching nothing of the first runs before the first: the two join. A loop in between that
// reads what the first wrote stays where it is, and the loops around it stay apart.
// CHECK-LABEL: func.func @hoisted
// CHECK: %[[B:.*]] = memref.alloc(%arg2)
// CHECK: scf.parallel (%{{.*}}) = (%c0) to (%arg2)
// CHECK-NEXT: memref.store %cst, %[[B]]
// CHECK: scf.parallel (%[[I:.*]]) = (%c0) to (%arg1)
// CHECK: memref.store %{{.*}}, %[[A:.*]][%[[I]]]
// CHECK: memref.store %{{.*}}, %[[B]][%[[I]]]
// CHECK-NOT: scf.parallel
// CHECK: return
func.func @hoisted(%x: memref<?xf64>, %n: index, %m: index) -> (memref<?xf64>, memref<?xf64>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %cst = arith.constant 0.0 : f64
  %a = memref.alloc(%n) : memref<?xf64>
  scf.parallel (%i) = (%c0) to (%n) step (%c1) {
    %v = memref.load %x[%i] : memref<?xf64>
    %w = arith.addf %v, %v : f64
    memref.store %w, %a[%i] : memref<?xf64>
    scf.reduce
  }
  %b = memref.alloc(%m) : memref<?xf64>
  scf.parallel (%i) = (%c0) to (%m) step (%c1) {
    memref.store %cst, %b[%i] : memref<?xf64>
    scf.reduce
  }
  scf.parallel (%i) = (%c0) to (%n) step (%c1) {
    %v = memref.load %x[%i] : memref<?xf64>
    %w = arith.mulf %v, %v : f64
    memref.store %w, %b[%i] : memref<?xf64>
    scf.reduce
  }
  return %a, %b : memref<?xf64>, memref<?xf64>
}

// CHECK-LABEL: func.func @kept_in_order
// CHECK: scf.parallel (%{{.*}}) = (%c0) to (%arg1)
// CHECK: scf.parallel (%{{.*}}) = (%c0) to (%arg2)
// CHECK: scf.parallel (%{{.*}}) = (%c0) to (%arg1)
func.func @kept_in_order(%x: memref<?xf64>, %n: index, %m: index) -> (memref<?xf64>, memref<?xf64>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %a = memref.alloc(%n) : memref<?xf64>
  scf.parallel (%i) = (%c0) to (%n) step (%c1) {
    %v = memref.load %x[%i] : memref<?xf64>
    memref.store %v, %a[%i] : memref<?xf64>
    scf.reduce
  }
  %b = memref.alloc(%m) : memref<?xf64>
  scf.parallel (%i) = (%c0) to (%m) step (%c1) {
    %v = memref.load %a[%c0] : memref<?xf64>
    memref.store %v, %b[%i] : memref<?xf64>
    scf.reduce
  }
  scf.parallel (%i) = (%c0) to (%n) step (%c1) {
    %v = memref.load %x[%i] : memref<?xf64>
    memref.store %v, %b[%i] : memref<?xf64>
    scf.reduce
  }
  return %a, %b : memref<?xf64>, memref<?xf64>
}

// The fill of a reduction's temporary between two loops of other bounds stays where it is
// when the loop after it joins it (not the loop before it): a fill moved away from its
// reduction would leave the temporary in memory.
// CHECK-LABEL: func.func @fill_stays
// CHECK: scf.parallel (%{{.*}}) = (%c0) to (%arg2)
// CHECK: scf.parallel (%[[I:.*]]) = (%c0) to (%arg1)
// CHECK-NOT: memref.alloc
// CHECK: scf.for
// CHECK-NOT: scf.parallel
// CHECK: return
func.func @fill_stays(%x: memref<?x?xf64>, %n: index, %m: index, %out: memref<?xf64>, %o2: memref<?xf64>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %cst = arith.constant 0.0 : f64
  %k = memref.dim %x, %c1 : memref<?x?xf64>
  scf.parallel (%i) = (%c0) to (%m) step (%c1) {
    memref.store %cst, %o2[%i] : memref<?xf64>
    scf.reduce
  }
  %t = memref.alloc(%n) : memref<?xf64>
  scf.parallel (%i) = (%c0) to (%n) step (%c1) {
    memref.store %cst, %t[%i] : memref<?xf64>
    scf.reduce
  }
  scf.parallel (%i) = (%c0) to (%n) step (%c1) {
    scf.for %j = %c0 to %k step %c1 {
      %a = memref.load %x[%i, %j] : memref<?x?xf64>
      %s = memref.load %t[%i] : memref<?xf64>
      %u = arith.addf %s, %a : f64
      memref.store %u, %t[%i] : memref<?xf64>
    }
    %r = memref.load %t[%i] : memref<?xf64>
    memref.store %r, %out[%i] : memref<?xf64>
    scf.reduce
  }
  memref.dealloc %t : memref<?xf64>
  return
}
