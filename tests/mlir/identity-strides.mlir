// RUN: %ptensor-opt %s --expand-strided-metadata --ptensor-identity-strides --cse | %FileCheck %s
// A view of an identity-layout memref: its row stride is the memref's size (the same value
// as the loop bound read from it, so a loop versioned on that bound knows the stride too),
// and the view is made again inside the parallel loop that reads it.

// CHECK-LABEL: func.func @rows
// CHECK: %[[K:.*]] = memref.dim %arg0, %c1
// CHECK: scf.parallel
// CHECK-NEXT: memref.reinterpret_cast %{{.*}} to offset: [%{{.*}}], sizes: [%{{.*}}, %{{.*}}], strides: [%[[K]], 1]
// CHECK: arith.cmpi eq, %[[K]], %c3
func.func @rows(%x: memref<?x?xf64>, %i0: index, %n: index, %out: memref<?xf64>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %k = memref.dim %x, %c1 : memref<?x?xf64>
  %v = memref.subview %x[%i0, 0] [%n, %k] [1, 1] : memref<?x?xf64> to memref<?x?xf64, strided<[?, 1], offset: ?>>
  scf.parallel (%i) = (%c0) to (%n) step (%c1) {
    %is3 = arith.cmpi eq, %k, %c3 : index
    %a = memref.load %v[%i, %c0] : memref<?x?xf64, strided<[?, 1], offset: ?>>
    %z = arith.constant 0.0 : f64
    %b = arith.select %is3, %a, %z : f64
    memref.store %b, %out[%i] : memref<?xf64>
    scf.reduce
  }
  return
}
