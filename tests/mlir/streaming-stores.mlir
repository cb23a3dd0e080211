// RUN: %ptensor-opt %s --pass-pipeline='builtin.module(func.func(ptensor-streaming-stores{threshold=1000}))' | %FileCheck %s
// RUN: %ptensor-opt %s --pass-pipeline='builtin.module(func.func(ptensor-streaming-stores{threshold=-1}))' | %FileCheck %s --check-prefix=NEVER
// RUN: %ptensor-opt %s --pass-pipeline='builtin.module(func.func(ptensor-streaming-stores{threshold=1000 x86=true}))' | %FileCheck %s --check-prefix=X86
// Elementwise loops whose results are not read again get a version with non-temporal vector
// stores, chosen at run time when the loop moves at least `threshold` bytes.

// The triad: 8 lanes of f64 (64 bytes); a masked step up to the line boundary of the
// result, non-temporal steps, a masked step for the rest of the block.
// CHECK-LABEL: func.func @triad
// CHECK: %[[BYTES:.*]] = arith.muli %{{.*}}, %c24
// CHECK: %[[BIG:.*]] = arith.cmpi sge, %[[BYTES]], %c1000
// CHECK: scf.if %[[BIG]] {
// CHECK: scf.parallel
// CHECK: vector.create_mask
// CHECK: vector.maskedload %arg0
// CHECK: vector.maskedstore %arg3
// CHECK: scf.for %{{.*}} step %c8
// CHECK: %[[B:.*]] = vector.load %arg0
// CHECK: %[[C:.*]] = vector.load %arg1
// CHECK: %[[S:.*]] = vector.broadcast %arg2 : f64 to vector<8xf64>
// CHECK: %[[M:.*]] = arith.mulf %[[S]], %[[C]] : vector<8xf64>
// CHECK: %[[A:.*]] = arith.addf %[[B]], %[[M]] : vector<8xf64>
// CHECK: vector.store %[[A]], %arg3[%{{.*}}] {nontemporal = true}
// CHECK: llvm.fence seq_cst
// CHECK: vector.maskedstore %arg3
// On x86 the streamed stores are ordered by an sfence (not an mfence, which waits for loads).
// X86-LABEL: func.func @triad
// X86: vector.store %{{.*}} {nontemporal = true}
// X86-NOT: llvm.fence
// X86: llvm.call_intrinsic "llvm.x86.sse.sfence"() : () -> ()
// X86: vector.maskedstore %arg3
// CHECK: } else {
// CHECK: scf.parallel
// CHECK: memref.store
// NEVER-LABEL: func.func @triad
// NEVER-NOT: vector
func.func @triad(%b: memref<?xf64>, %c: memref<?xf64>, %s: f64, %a: memref<?xf64>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = memref.dim %b, %c0 : memref<?xf64>
  scf.parallel (%i) = (%c0) to (%n) step (%c1) {
    %x = memref.load %b[%i] : memref<?xf64>
    %y = memref.load %c[%i] : memref<?xf64>
    %t = arith.mulf %s, %y : f64
    %r = arith.addf %x, %t : f64
    memref.store %r, %a[%i] : memref<?xf64>
    scf.reduce
  }
  return
}

// Rows of a 2-D f32 view with shifted columns (the last index i + 1) and a broadcast column
// (the same element for all lanes): 16 lanes; the row address enters the peel.
// CHECK-LABEL: func.func @rows
// CHECK: %{{.*}}, %{{.*}}, %{{.*}}:2, %[[ST:.*]]:2 = memref.extract_strided_metadata %arg2
// CHECK: scf.if
// CHECK: scf.parallel (%[[I:.*]], %{{.*}}) =
// CHECK: arith.muli %[[I]], %[[ST]]#0
// CHECK: scf.for %[[J:.*]] = %{{.*}} step %c16
// CHECK: %[[J1:.*]] = arith.addi %[[J]], %c1
// CHECK: vector.load %arg0[%[[I]], %[[J1]]] : memref<?x?xf32, strided<[?, 1], offset: ?>>, vector<16xf32>
// CHECK: %[[E:.*]] = memref.load %arg1[%[[I]], %c0]
// CHECK: vector.broadcast %[[E]] : f32 to vector<16xf32>
// CHECK: vector.store %{{.*}}, %arg2[%[[I]], %[[J]]] {nontemporal = true} : memref<?x?xf32>, vector<16xf32>
func.func @rows(%v: memref<?x?xf32, strided<[?, 1], offset: ?>>, %w: memref<?x?xf32>, %out: memref<?x?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %m = memref.dim %out, %c0 : memref<?x?xf32>
  %k = memref.dim %out, %c1 : memref<?x?xf32>
  scf.parallel (%i, %j) = (%c0, %c0) to (%m, %k) step (%c1, %c1) {
    %j1 = arith.addi %j, %c1 : index
    %x = memref.load %v[%i, %j1] : memref<?x?xf32, strided<[?, 1], offset: ?>>
    %e = memref.load %w[%i, %c0] : memref<?x?xf32>
    %r = arith.addf %x, %e : f32
    memref.store %r, %out[%i, %j] : memref<?x?xf32>
    scf.reduce
  }
  return
}

// Left as they are: a result read again after the loop (its lines should stay in the
// cache), a transcendental function (vector exp is not one instruction), an integer
// division (masked-off lanes would divide by zero), a column access (not contiguous) and a
// store into a temporary.
// CHECK-LABEL: func.func @kept
// CHECK-NOT: vector
// CHECK: return
func.func @kept(%b: memref<?xf64>, %n: index, %a: memref<?xf64>, %d: memref<?xf64>, %q: memref<?xi64>, %x: memref<?x?xf64>, %y: memref<?x?xf64>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.parallel (%i) = (%c0) to (%n) step (%c1) {
    %x0 = memref.load %b[%i] : memref<?xf64>
    memref.store %x0, %a[%i] : memref<?xf64>
    scf.reduce
  }
  %again = memref.load %a[%c0] : memref<?xf64>
  memref.store %again, %b[%c0] : memref<?xf64>
  scf.parallel (%i) = (%c0) to (%n) step (%c1) {
    %x0 = memref.load %b[%i] : memref<?xf64>
    %e = math.exp %x0 : f64
    memref.store %e, %d[%i] : memref<?xf64>
    scf.reduce
  }
  scf.parallel (%i) = (%c0) to (%n) step (%c1) {
    %x0 = memref.load %q[%i] : memref<?xi64>
    %c7 = arith.constant 7 : i64
    %r = arith.divsi %c7, %x0 : i64
    memref.store %r, %q[%i] : memref<?xi64>
    scf.reduce
  }
  scf.parallel (%i, %j) = (%c0, %c0) to (%n, %n) step (%c1, %c1) {
    %t = memref.load %x[%j, %i] : memref<?x?xf64>
    memref.store %t, %y[%i, %j] : memref<?x?xf64>
    scf.reduce
  }
  %tmp = memref.alloc(%n) : memref<?xf64>
  scf.parallel (%i) = (%c0) to (%n) step (%c1) {
    %x0 = memref.load %b[%i] : memref<?xf64>
    memref.store %x0, %tmp[%i] : memref<?xf64>
    scf.reduce
  }
  memref.dealloc %tmp : memref<?xf64>
  return
}

// A loop inside another (a sum over axis 0 accumulating into its result row by row): what
// it stores is read again by the next row, left alone.
// CHECK-LABEL: func.func @rows_accumulated
// CHECK-NOT: vector
// CHECK: return
func.func @rows_accumulated(%x: memref<?x?xf64>, %out: memref<?xf64>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %m = memref.dim %x, %c0 : memref<?x?xf64>
  %n = memref.dim %x, %c1 : memref<?x?xf64>
  scf.for %i = %c0 to %m step %c1 {
    scf.parallel (%j) = (%c0) to (%n) step (%c1) {
      %a = memref.load %out[%j] : memref<?xf64>
      %b = memref.load %x[%i, %j] : memref<?x?xf64>
      %s = arith.addf %a, %b : f64
      memref.store %s, %out[%j] : memref<?xf64>
      scf.reduce
    }
  }
  return
}
