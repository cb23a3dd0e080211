// RUN: %ptensor-opt %s --ptensor-split-reductions | %FileCheck %s
// RUN: %ptensor-opt %s --ptensor-split-reductions=contiguous=true | %FileCheck %s --check-prefix=CHUNK
// RUN: %ptensor-opt %s "--ptensor-split-reductions=contiguous=true max-parts=256 min-work=16384" | %FileCheck %s --check-prefix=HOST
// A reduction over all axes (sequential loops accumulating into one place) becomes a parallel
// loop of partial results, each from the combiner's identity over every P-th row (or a
// contiguous chunk of rows), and a sequential fold of the partial results into the place.

// CHECK-LABEL: func.func @sum_all
// CHECK-DAG: %[[ID:.*]] = arith.constant -0.000000e+00 : f64
// CHECK-DAG: %[[MAXP:.*]] = arith.constant 16384 : index
// CHECK: %[[P:.*]] = arith.minsi %[[N:.*]], %[[MAXP]] : index
// CHECK: %[[PARTS:.*]] = memref.alloc(%[[P]]) : memref<?xf64>
// CHECK: scf.parallel (%[[I:.*]]) = (%{{.*}}) to (%[[P]])
// CHECK: scf.if
// CHECK: scf.for %[[R:.*]] = %[[I]] to %[[N]] step %[[P]] iter_args(%{{.*}} = %[[ID]])
// CHECK: scf.for
// CHECK: memref.load %{{.*}}[%[[R]], %{{.*}}]
// CHECK: arith.addf {{.*}} fastmath<reassoc>
// CHECK: memref.store %{{.*}}, %[[PARTS]][%[[I]]]
// CHECK: scf.for %[[K:.*]] = %{{.*}} to %[[P]]
// CHECK-NEXT: %[[V:.*]] = memref.load %[[PARTS]][%[[K]]]
// CHECK-NEXT: %[[O:.*]] = memref.load %arg1[]
// CHECK-NEXT: %[[S:.*]] = arith.addf %[[O]], %[[V]] fastmath<reassoc>
// CHECK-NEXT: memref.store %[[S]], %arg1[]
// CHECK: memref.dealloc %[[PARTS]]
// CHUNK-LABEL: func.func @sum_all
// CHUNK: %[[C:.*]] = arith.ceildivsi
// CHUNK: scf.parallel (%[[I:.*]]) =
// CHUNK: %[[LO:.*]] = arith.muli %[[I]], %[[C]]
// CHUNK: scf.for %{{.*}} = %[[LO]] to %{{.*}} step %c1
// Host programs: at most 256 parts of at least 16384 iterations of the whole nest (rows
// times columns), the nest as it was where that is one part.
// HOST-LABEL: func.func @sum_all
// HOST: %[[N:.*]] = memref.dim %arg0, %c0 :
// HOST: %[[M:.*]] = memref.dim %arg0, %c1 :
// HOST: %[[MAXP:.*]] = arith.constant 256 : index
// HOST: %[[P0:.*]] = arith.minsi %[[N]], %[[MAXP]] : index
// HOST: %[[MINW:.*]] = arith.constant 16384 : index
// HOST: %[[W:.*]] = arith.muli %[[N]], %[[M]] : index
// HOST: %[[PW:.*]] = arith.divsi %[[W]], %[[MINW]] : index
// HOST: %[[P:.*]] = arith.minsi %[[P0]], %[[PW]] : index
// HOST: %[[SEV:.*]] = arith.cmpi sgt, %[[P]], %{{.*}} : index
// HOST: scf.if %[[SEV]] {
// HOST: memref.alloc(%[[P]])
// HOST: scf.parallel
// HOST: memref.dealloc
// HOST: } else {
// HOST-NEXT: scf.for %{{.*}} = %c0 to %[[N]] step %c1 {
// HOST-NEXT: scf.for %{{.*}} = %c0 to %[[M]] step %c1 {
// HOST-NOT: scf.parallel
// HOST: return
func.func @sum_all(%x: memref<?x?xf64>, %out: memref<f64>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = memref.dim %x, %c0 : memref<?x?xf64>
  %m = memref.dim %x, %c1 : memref<?x?xf64>
  scf.for %i = %c0 to %n step %c1 {
    scf.for %j = %c0 to %m step %c1 {
      %a = memref.load %x[%i, %j] : memref<?x?xf64>
      %s = memref.load %out[] : memref<f64>
      %t = arith.addf %s, %a fastmath<reassoc> : f64
      memref.store %t, %out[] : memref<f64>
    }
  }
  return
}

// A float sum not marked reassociable, and an accumulation that reads the running value
// twice, stay as they are.
// CHECK-LABEL: func.func @left_alone
// CHECK-NOT: scf.parallel
// CHECK: return
func.func @left_alone(%x: memref<?xf64>, %out: memref<f64>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = memref.dim %x, %c0 : memref<?xf64>
  scf.for %i = %c0 to %n step %c1 {
    %a = memref.load %x[%i] : memref<?xf64>
    %s = memref.load %out[] : memref<f64>
    %t = arith.addf %s, %a : f64
    memref.store %t, %out[] : memref<f64>
  }
  scf.for %i = %c0 to %n step %c1 {
    %a = memref.load %x[%i] : memref<?xf64>
    %s = memref.load %out[] : memref<f64>
    %s2 = memref.load %out[] : memref<f64>
    %m = arith.mulf %s2, %a : f64
    %t = arith.maximumf %s, %m : f64
    memref.store %t, %out[] : memref<f64>
  }
  return
}
