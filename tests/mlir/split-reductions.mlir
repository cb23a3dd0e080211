// RUN: %ptensor-opt %s --ptensor-split-reductions | %FileCheck %s
// RUN: %ptensor-opt %s --ptensor-split-reductions=contiguous=true | %FileCheck %s --check-prefix=CHUNK
// RUN: %ptensor-opt %s "--ptensor-split-reductions=contiguous=true max-parts=256 min-work=16384" | %FileCheck %s --check-prefix=HOST
// RUN: %ptensor-opt %s --ptensor-split-reductions=fold-kernels=true | %FileCheck %s --check-prefix=FOLD
// A reduction over all axes (sequential loops accumulating into one place) becomes a parallel
// loop of partial results, each from the combiner's identity over every P-th row (or a
// contiguous chunk of rows) where there are at least P rows, else over every P-th (row,
// column) pair (a contiguous chunk of the rows x columns iterations), and a sequential fold
// of the partial results into the place.

// CHECK-LABEL: func.func @sum_all
// CHECK: %[[ID:.*]] = arith.constant -0.000000e+00 : f64
// CHECK: %[[N:.*]] = arith.muli %[[N0:.*]], %[[N1:.*]] : index
// CHECK: %[[MAXP:.*]] = arith.constant 16384 : index
// CHECK: %[[P:.*]] = arith.minsi %[[N]], %[[MAXP]] : index
// CHECK: %[[PARTS:.*]] = memref.alloc(%[[P]]) : memref<?xf64>
// CHECK: scf.parallel (%[[I:.*]]) = (%{{.*}}) to (%[[P]])
// CHECK: %[[ROWS:.*]] = arith.cmpi sge, %[[N0]], %[[P]]
// CHECK: %[[PART:.*]] = scf.if %[[ROWS]] -> (f64) {
// CHECK: scf.for %[[R:.*]] = %[[I]] to %[[N0]] step %[[P]] iter_args(%{{.*}} = %[[ID]])
// CHECK: scf.for %{{.*}} = %c0 to %[[N1]] step %c1
// CHECK: memref.load %{{.*}}[%[[R]], %{{.*}}]
// CHECK: } else {
// CHECK: scf.for %[[J:.*]] = %[[I]] to %[[N]] step %[[P]] iter_args(%{{.*}} = %[[ID]])
// CHECK-NEXT: %[[R2:.*]] = arith.divui %[[J]], %[[N1]]
// CHECK-NEXT: %[[C2:.*]] = arith.remui %[[J]], %[[N1]]
// CHECK-NEXT: memref.load %{{.*}}[%[[R2]], %[[C2]]]
// CHECK: arith.addf {{.*}} fastmath<reassoc>
// CHECK: memref.store %[[PART]], %[[PARTS]][%[[I]]]
// CHECK: scf.for %[[K:.*]] = %{{.*}} to %[[P]]
// CHECK-NEXT: %[[V:.*]] = memref.load %[[PARTS]][%[[K]]]
// CHECK-NEXT: %[[O:.*]] = memref.load %arg1[]
// CHECK-NEXT: %[[S:.*]] = arith.addf %[[O]], %[[V]] fastmath<reassoc>
// CHECK-NEXT: memref.store %[[S]], %arg1[]
// CHECK: memref.dealloc %[[PARTS]]
// GPUs (fold-kernels): the partial results folded by two parallel loops (kernels), not a
// host loop: groups of 128, each into its first element, then one iteration folding the
// groups' first elements into the place in order.
// FOLD-LABEL: func.func @sum_all
// FOLD: %[[P:.*]] = arith.minsi
// FOLD: %[[PARTS:.*]] = memref.alloc(%[[P]]) : memref<?xf64>
// FOLD: memref.store %{{.*}}, %[[PARTS]][%{{.*}}]
// FOLD: %[[G:.*]] = arith.constant 128 : index
// FOLD-NEXT: %[[NG:.*]] = arith.ceildivsi %[[P]], %[[G]]
// FOLD-NEXT: scf.parallel (%[[F:.*]]) = (%{{.*}}) to (%[[NG]]) step (%{{.*}}) {
// FOLD-NEXT: %[[LO:.*]] = arith.muli %[[F]], %[[G]]
// FOLD-NEXT: %[[E:.*]] = arith.addi %[[LO]], %[[G]]
// FOLD-NEXT: %[[HI:.*]] = arith.minsi %[[E]], %[[P]]
// FOLD-NEXT: %[[FIRST:.*]] = memref.load %[[PARTS]][%[[LO]]]
// FOLD: scf.for %[[Q:.*]] = %{{.*}} to %[[HI]] step %{{.*}} iter_args(%{{.*}} = %[[FIRST]])
// FOLD-NEXT: memref.load %[[PARTS]][%[[Q]]]
// FOLD-NEXT: arith.addf {{.*}} fastmath<reassoc>
// FOLD: memref.store %{{.*}}, %[[PARTS]][%[[LO]]]
// FOLD: scf.parallel (%{{.*}}) = (%[[Z:.*]]) to (%[[ONE:.*]]) step (%[[ONE]]) {
// FOLD-NEXT: %[[O:.*]] = memref.load %arg1[]
// FOLD: scf.for %[[K:.*]] = %[[Z]] to %[[NG]] step %[[ONE]] iter_args(%{{.*}} = %[[O]])
// FOLD-NEXT: %[[AT:.*]] = arith.muli %[[K]], %[[G]]
// FOLD-NEXT: memref.load %[[PARTS]][%[[AT]]]
// FOLD-NEXT: arith.addf {{.*}} fastmath<reassoc>
// FOLD: memref.store %{{.*}}, %arg1[]
// FOLD-NOT: scf.for
// FOLD: memref.dealloc %[[PARTS]]
// Contiguous: a chunk of rows, or a chunk [lo, hi) of the n0 * n1 iterations: the rows it
// touches, each over its columns in [lo, hi) (a plain inner loop).
// Inputs read as M[i0, i1] that are row-major at run time (row stride n1, column stride 1)
// run each part as one loop over its elements [lo, hi) of a flat view (the same parts).
// CHUNK-LABEL: func.func @sum_all
// CHUNK: %[[N:.*]] = arith.muli %[[N0:.*]], %[[N1:.*]] : index
// CHUNK: %{{.*}}, %[[OFF:.*]], %{{.*}}:2, %[[ST:.*]]:2 = memref.extract_strided_metadata %arg0
// CHUNK-NEXT: %[[E0:.*]] = arith.cmpi eq, %[[ST]]#0, %[[N1]]
// CHUNK-NEXT: %[[E1:.*]] = arith.cmpi eq, %[[ST]]#1, %c1
// CHUNK-NEXT: %[[DENSE:.*]] = arith.andi %[[E0]], %[[E1]]
// CHUNK-NEXT: %[[FLAT:.*]] = memref.reinterpret_cast %arg0 to offset: [%[[OFF]]], sizes: [%[[N]]], strides: [1] : memref<?x?xf64> to memref<?xf64, strided<[1], offset: ?>>
// CHUNK: scf.parallel (%[[I:.*]]) =
// CHUNK-NEXT: scf.if %[[DENSE]] -> (f64) {
// CHUNK: %[[LO:.*]] = arith.select
// CHUNK: %[[HI:.*]] = arith.select
// CHUNK: scf.for %[[F:.*]] = %[[LO]] to %[[HI]] step %{{.*}} iter_args
// CHUNK-NEXT: memref.load %[[FLAT]][%[[F]]]
// CHUNK: } else {
// CHUNK: arith.cmpi sge, %[[N0]]
// CHUNK: %[[RC:.*]] = arith.ceildivsi %[[N0]]
// CHUNK: %[[RLO:.*]] = arith.muli %[[I]], %[[RC]]
// CHUNK: scf.for %{{.*}} = %[[RLO]] to %{{.*}} step %c1
// CHUNK: } else {
// CHUNK: %[[C:.*]] = arith.ceildivsi %[[N]]
// CHUNK: %[[LO:.*]] = arith.muli %[[I]], %[[C]]
// CHUNK: %[[HI:.*]] = arith.minsi %{{.*}}, %[[N]]
// CHUNK: %[[R0:.*]] = arith.divsi %[[LO]], %[[N1]]
// CHUNK: %[[R1:.*]] = arith.ceildivsi %[[HI]], %[[N1]]
// CHUNK: scf.for %[[R:.*]] = %[[R0]] to %[[R1]] step %c1
// CHUNK: %[[B:.*]] = arith.muli %[[R]], %[[N1]]
// CHUNK: arith.subi %[[LO]], %[[B]]
// CHUNK: %[[CLO:.*]] = arith.maxsi
// CHUNK: arith.subi %[[HI]], %[[B]]
// CHUNK: %[[CHI:.*]] = arith.minsi %{{.*}}, %[[N1]]
// CHUNK: scf.for %{{.*}} = %[[CLO]] to %[[CHI]] step %c1
// CHUNK: memref.load %arg0[%[[R]], %{{.*}}]
// Host programs: at most 256 parts of at least 16384 iterations of the whole nest (rows
// times columns), the nest as it was where that is one part.
// HOST-LABEL: func.func @sum_all
// HOST: %[[N:.*]] = memref.dim %arg0, %c0 :
// HOST: %[[M:.*]] = memref.dim %arg0, %c1 :
// HOST: %[[NM:.*]] = arith.muli %[[N]], %[[M]] : index
// HOST: %[[MAXP:.*]] = arith.constant 256 : index
// HOST: %[[P0:.*]] = arith.minsi %[[NM]], %[[MAXP]] : index
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

// An inner loop whose bounds move with the row (not a rectangle): the parts divide the rows.
// CHECK-LABEL: func.func @triangle
// CHECK: %[[N:.*]] = memref.dim %arg0, %c0
// CHECK: %[[P:.*]] = arith.minsi %[[N]], %{{.*}} : index
// CHECK: scf.parallel (%[[I:.*]]) = (%{{.*}}) to (%[[P]])
// CHECK: scf.for %[[R:.*]] = %[[I]] to %[[N]] step %[[P]]
// CHECK: scf.for %{{.*}} = %[[R]] to %[[N]] step %c1
// CHECK-NOT: arith.divui
// CHECK: return
func.func @triangle(%x: memref<?x?xi64>, %out: memref<i64>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = memref.dim %x, %c0 : memref<?x?xi64>
  scf.for %i = %c0 to %n step %c1 {
    scf.for %j = %i to %n step %c1 {
      %a = memref.load %x[%i, %j] : memref<?x?xi64>
      %s = memref.load %out[] : memref<i64>
      %t = arith.addi %s, %a : i64
      memref.store %t, %out[] : memref<i64>
    }
  }
  return
}

// A complex sum (marked reassoc) is split too, from -0 - 0j (GPU kernels carry its parts as
// two floats: KernelComplex.cpp).
// CHECK-LABEL: func.func @complex_sum
// CHECK: %[[ID:.*]] = complex.constant [-0.000000e+00, -0.000000e+00] : complex<f64>
// CHECK: scf.parallel
// CHECK: scf.for %{{.*}} iter_args(%{{.*}} = %[[ID]]) -> (complex<f64>)
// CHECK: complex.add {{.*}} fastmath<reassoc>
// CHECK: memref.store %{{.*}}, %alloc
func.func @complex_sum(%x: memref<?xcomplex<f64>>, %out: memref<complex<f64>>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = memref.dim %x, %c0 : memref<?xcomplex<f64>>
  scf.for %i = %c0 to %n step %c1 {
    %a = memref.load %x[%i] : memref<?xcomplex<f64>>
    %s = memref.load %out[] : memref<complex<f64>>
    %t = complex.add %s, %a fastmath<reassoc> : complex<f64>
    memref.store %t, %out[] : memref<complex<f64>>
  }
  return
}
