// RUN: %ptensor-opt %s --pass-pipeline='builtin.module(func.func(ptensor-forward-result-copies))' | %FileCheck %s
// A result made in a buffer of its own (a custom call's) and then copied into the result
// buffer the runtime allocated is made there instead.

func.func private @fill(memref<?xf64>)
func.func private @read(memref<?xf64>)

// CHECK-LABEL: func.func @forwarded
// CHECK-SAME: (%[[N:.*]]: index, %[[OUT:.*]]: memref<?xf64> {ptensor.fresh})
// CHECK-NOT: memref.alloc
// CHECK: call @fill(%[[OUT]])
// CHECK-NEXT: return
func.func @forwarded(%n: index, %out: memref<?xf64> {ptensor.fresh}) {
  %a = memref.alloc(%n) : memref<?xf64>
  call @fill(%a) : (memref<?xf64>) -> ()
  memref.copy %a, %out : memref<?xf64> to memref<?xf64>
  memref.dealloc %a : memref<?xf64>
  return
}

// Not a buffer of the runtime's (no ptensor.fresh: it may alias an input): the copy stays.
// CHECK-LABEL: func.func @not_fresh
// CHECK: memref.alloc
// CHECK: memref.copy
func.func @not_fresh(%n: index, %out: memref<?xf64>) {
  %a = memref.alloc(%n) : memref<?xf64>
  call @fill(%a) : (memref<?xf64>) -> ()
  memref.copy %a, %out : memref<?xf64> to memref<?xf64>
  memref.dealloc %a : memref<?xf64>
  return
}

// The result buffer is used before the copy: the copy stays.
// CHECK-LABEL: func.func @target_used
// CHECK: memref.alloc
// CHECK: memref.copy
func.func @target_used(%n: index, %out: memref<?xf64> {ptensor.fresh}) {
  %a = memref.alloc(%n) : memref<?xf64>
  call @fill(%out) : (memref<?xf64>) -> ()
  call @fill(%a) : (memref<?xf64>) -> ()
  memref.copy %a, %out : memref<?xf64> to memref<?xf64>
  memref.dealloc %a : memref<?xf64>
  return
}

// The buffer is used after the copy (it could be written again): the copy stays.
// CHECK-LABEL: func.func @used_after
// CHECK: memref.alloc
// CHECK: memref.copy
// CHECK: call @read
func.func @used_after(%n: index, %out: memref<?xf64> {ptensor.fresh}) {
  %a = memref.alloc(%n) : memref<?xf64>
  call @fill(%a) : (memref<?xf64>) -> ()
  memref.copy %a, %out : memref<?xf64> to memref<?xf64>
  call @read(%a) : (memref<?xf64>) -> ()
  memref.dealloc %a : memref<?xf64>
  return
}

// A copy inside a loop (the buffer made outside it): the copy stays.
// CHECK-LABEL: func.func @in_loop
// CHECK: memref.alloc
// CHECK: scf.for
// CHECK: memref.copy
func.func @in_loop(%n: index, %out: memref<?xf64> {ptensor.fresh}) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %a = memref.alloc(%n) : memref<?xf64>
  call @fill(%a) : (memref<?xf64>) -> ()
  scf.for %i = %c0 to %n step %c1 {
    memref.copy %a, %out : memref<?xf64> to memref<?xf64>
  }
  memref.dealloc %a : memref<?xf64>
  return
}
