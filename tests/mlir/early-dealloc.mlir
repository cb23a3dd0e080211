// RUN: %ptensor-opt %s --pass-pipeline='builtin.module(func.func(ptensor-early-dealloc))' | %FileCheck %s
// Two steps, each with its own temporary: the first is freed as soon as its copy back is
// done, so malloc can give its memory to the second.

#map = affine_map<(d0) -> (d0)>
// CHECK-LABEL: func.func @steps
// CHECK: %[[A:.*]] = memref.alloc
// CHECK: memref.copy %[[A]]
// CHECK-NEXT: memref.dealloc %[[A]]
// CHECK: %[[B:.*]] = memref.alloc
// CHECK: memref.copy %[[B]]
// CHECK-NEXT: memref.dealloc %[[B]]
// CHECK-NEXT: return
func.func @steps(%u: memref<?xf64>, %n: index) {
  %c0 = arith.constant 0 : index
  %a = memref.alloc(%n) : memref<?xf64>
  linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]}
      ins(%u : memref<?xf64>) outs(%a : memref<?xf64>) {
  ^bb0(%x: f64, %o: f64):
    %s = arith.addf %x, %x : f64
    linalg.yield %s : f64
  }
  %d = memref.dim %a, %c0 : memref<?xf64>
  memref.copy %a, %u : memref<?xf64> to memref<?xf64>
  %b = memref.alloc(%n) : memref<?xf64>
  %sv = memref.subview %b[0] [%d] [1] : memref<?xf64> to memref<?xf64, strided<[1]>>
  linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]}
      ins(%u : memref<?xf64>) outs(%sv : memref<?xf64, strided<[1]>>) {
  ^bb0(%x: f64, %o: f64):
    %s = arith.mulf %x, %x : f64
    linalg.yield %s : f64
  }
  memref.copy %b, %u : memref<?xf64> to memref<?xf64>
  memref.dealloc %a : memref<?xf64>
  memref.dealloc %b : memref<?xf64>
  return
}

// A buffer that a call receives may be kept by the callee: its dealloc stays at the end.
// CHECK-LABEL: func.func @escapes
// CHECK: call @keep
// CHECK-NEXT: memref.copy
// CHECK-NEXT: memref.dealloc
func.func private @keep(memref<?xf64>)
func.func @escapes(%u: memref<?xf64>, %n: index) {
  %a = memref.alloc(%n) : memref<?xf64>
  call @keep(%a) : (memref<?xf64>) -> ()
  memref.copy %u, %u : memref<?xf64> to memref<?xf64>
  memref.dealloc %a : memref<?xf64>
  return
}
