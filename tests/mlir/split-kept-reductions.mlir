// RUN: %ptensor-opt %s "--ptensor-split-reductions=kept-work=4096 kept-parts=64" | %FileCheck %s
// RUN: %ptensor-opt %s --ptensor-split-reductions | %FileCheck %s --check-prefix=OFF
// RUN: %ptensor-opt %s "--ptensor-split-reductions=rows-outer=true all-axes=false kept-parts=16 min-work=65536" | %FileCheck %s --check-prefix=ROWS
// RUN: %ptensor-opt %s "--ptensor-split-reductions=kept-work=4096 kept-parts=64 contiguous=true" | %FileCheck %s --check-prefix=CONTIG
// A reduction over leading axes (sequential loops around a parallel loop over the C kept
// elements) with few kept elements: P = min(kept-parts, kept-work / C, rows / 8) parts of
// consecutive rows as P x C work items (w: part w / C, element w % C), each accumulating from
// the identity into partials[w] (a value carried by the loop, guarded against an empty part);
// then C work items fold their P partials into out[J] in order. P < 2: the nest as it was.

// CHECK-LABEL: func.func @sum_axis0
// CHECK: %[[C:.*]] = arith.muli %{{.*}}, %[[N1:.*]] : index
// CHECK: arith.divsi %c4096, %{{.*}}
// CHECK: arith.minsi %c64
// CHECK: %[[ROWS8:.*]] = arith.divsi %[[N0:.*]], %c8
// CHECK: %[[P:.*]] = arith.minsi %{{.*}}, %[[ROWS8]]
// CHECK: %[[SEVERAL:.*]] = arith.cmpi sgt, %[[P]]
// CHECK: scf.if %[[SEVERAL]] {
// CHECK: %[[ID:.*]] = arith.constant -0.000000e+00 : f64
// CHECK: %[[W:.*]] = arith.muli %[[P]], %[[C]]
// CHECK: %[[PARTS:.*]] = memref.alloc(%[[W]]) : memref<?xf64>
// CHECK: scf.parallel (%[[WI:.*]]) = (%{{.*}}) to (%[[W]])
// CHECK-NEXT: %[[PART:.*]] = arith.divui %[[WI]], %[[C]]
// CHECK-NEXT: %[[J:.*]] = arith.remui %[[WI]], %[[C]]
// CHECK-NEXT: %[[CHUNK:.*]] = arith.ceildivsi %[[N0]], %[[P]]
// CHECK-NEXT: %[[FIRST:.*]] = arith.muli %[[PART]], %[[CHUNK]]
// CHECK: %[[LAST:.*]] = arith.minsi
// CHECK: scf.if
// CHECK-NEXT: scf.for %[[I:.*]] = %[[FIRST]] to %[[LAST]] step %{{.*}} iter_args(%[[R:.*]] = %[[ID]])
// CHECK-NEXT: %[[X:.*]] = memref.load %{{.*}}[%[[I]], %[[J]]]
// CHECK-NEXT: %[[S:.*]] = arith.addf %[[R]], %[[X]] fastmath<reassoc>
// CHECK-NEXT: scf.yield %[[S]]
// CHECK: memref.store %{{.*}}, %[[PARTS]][%[[WI]]]
// CHECK: scf.parallel (%[[JF:.*]]) = (%{{.*}}) to (%[[C]])
// CHECK-NEXT: %[[OLD:.*]] = memref.load %[[OUT:.*]][%[[JF]]]
// CHECK: scf.for %[[Q:.*]] = %{{.*}} to %[[P]] step %{{.*}} iter_args(%[[T:.*]] = %[[OLD]])
// CHECK-NEXT: %[[QC:.*]] = arith.muli %[[Q]], %[[C]]
// CHECK-NEXT: %[[AT:.*]] = arith.addi %[[QC]], %[[JF]]
// CHECK-NEXT: %[[V:.*]] = memref.load %[[PARTS]][%[[AT]]]
// CHECK-NEXT: arith.addf %[[T]], %[[V]] fastmath<reassoc>
// CHECK: memref.store %{{.*}}, %[[OUT]][%[[JF]]]
// CHECK: memref.dealloc %[[PARTS]]
// CHECK-NEXT: } else {
// CHECK-NEXT: scf.for
// CHECK-NEXT: scf.parallel
// Host programs (rows-outer): P = min(16, rows / 8, rows x C / min-work) parts; part p fills
// its C partials with the identity, reads its rows in order, the kept elements innermost
// (contiguous: a thread's sequential read), then the parts fold into out one after another,
// each a parallel loop over the kept elements.
// ROWS-LABEL: func.func @sum_axis0
// ROWS: %[[C:.*]] = arith.muli %{{.*}}, %[[N1:.*]] : index
// ROWS: arith.minsi %c16
// ROWS: %[[W:.*]] = arith.muli %[[N0:.*]], %[[C]]
// ROWS-NEXT: %[[BYWORK:.*]] = arith.divsi %[[W]], %c65536
// ROWS-NEXT: %[[P:.*]] = arith.minsi %{{.*}}, %[[BYWORK]]
// ROWS: scf.if
// ROWS: %[[PARTS:.*]] = memref.alloc
// ROWS: scf.parallel (%[[PART:.*]]) = (%{{.*}}) to (%[[P]])
// ROWS-NEXT: %[[BASE:.*]] = arith.muli %[[PART]], %[[C]]
// ROWS-NEXT: scf.for %[[J0:.*]] = %{{.*}} to %[[C]]
// ROWS-NEXT: %[[AT0:.*]] = arith.addi %[[BASE]], %[[J0]]
// ROWS-NEXT: memref.store %{{.*}}, %[[PARTS]][%[[AT0]]]
// ROWS: scf.for %[[I:.*]] = %{{.*}} to %{{.*}} step
// ROWS-NEXT: scf.for %[[J:.*]] = %{{.*}} to %[[N1]] step
// ROWS: %[[AT:.*]] = arith.addi %[[BASE]], %{{.*}}
// ROWS-NEXT: %[[R:.*]] = memref.load %[[PARTS]][%[[AT]]]
// ROWS-NEXT: %[[X:.*]] = memref.load %arg0[%[[I]], %[[J]]]
// ROWS-NEXT: %[[S:.*]] = arith.addf %[[R]], %[[X]] fastmath<reassoc>
// ROWS-NEXT: memref.store %[[S]], %[[PARTS]][%[[AT]]]
// ROWS: scf.for %[[Q:.*]] = %{{.*}} to %[[P]]
// ROWS-NEXT: scf.parallel (%[[K:.*]]) = (%{{.*}}) to (%[[N1]])
// ROWS: %[[O:.*]] = memref.load %arg1[%[[K]]]
// ROWS-NEXT: %[[V:.*]] = memref.load %[[PARTS]]
// ROWS-NEXT: %[[T:.*]] = arith.addf %[[O]], %[[V]] fastmath<reassoc>
// ROWS-NEXT: memref.store %[[T]], %arg1[%[[K]]]
// ROWS: memref.dealloc %[[PARTS]]
// ROWS-NEXT: } else {
// ROWS-NEXT: scf.for
// ROWS-NEXT: scf.parallel
// OFF-LABEL: func.func @sum_axis0
// OFF-NOT: memref.alloc
// OFF: scf.for
// OFF-NEXT: scf.parallel
func.func @sum_axis0(%x: memref<?x?xf64>, %out: memref<?xf64>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %m = memref.dim %x, %c0 : memref<?x?xf64>
  %n = memref.dim %x, %c1 : memref<?x?xf64>
  scf.for %i = %c0 to %m step %c1 {
    scf.parallel (%j) = (%c0) to (%n) step (%c1) {
      %a = memref.load %x[%i, %j] : memref<?x?xf64>
      %s = memref.load %out[%j] : memref<?xf64>
      %t = arith.addf %s, %a fastmath<reassoc> : f64
      memref.store %t, %out[%j] : memref<?xf64>
      scf.reduce
    }
  }
  return
}

// Two kept dimensions (a max over axis 0 of a 3-D array): the flat element w % C is
// delinearized (the last dimension fastest) for the loads and for the fold's store; the
// second reduced loop runs whole inside each part.
// CHECK-LABEL: func.func @max_axes01
// CHECK: scf.parallel (%[[WI:.*]]) =
// CHECK: %[[J:.*]] = arith.remui %[[WI]]
// CHECK-NEXT: %[[L:.*]] = arith.remui %[[J]], %[[NL:.*]] : index
// CHECK-NEXT: %[[K:.*]] = arith.divui %[[J]], %[[NL]] : index
// CHECK: scf.for %[[I:.*]] = {{.*}} iter_args
// CHECK: scf.for %[[I2:.*]] = {{.*}} iter_args
// CHECK-NEXT: memref.load %{{.*}}[%[[I]], %[[I2]], %[[K]], %[[L]]]
// CHECK-NEXT: arith.maximumf
// CHECK: scf.parallel (%[[JF:.*]]) =
// CHECK-NEXT: %[[L2:.*]] = arith.remui %[[JF]], %[[NL]] : index
// CHECK-NEXT: %[[K2:.*]] = arith.divui %[[JF]], %[[NL]] : index
// CHECK-NEXT: memref.load %{{.*}}[%[[K2]], %[[L2]]]
func.func @max_axes01(%x: memref<?x?x?x?xf32>, %out: memref<?x?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %m = memref.dim %x, %c0 : memref<?x?x?x?xf32>
  %n = memref.dim %x, %c1 : memref<?x?x?x?xf32>
  %k = memref.dim %x, %c2 : memref<?x?x?x?xf32>
  %l = memref.dim %x, %c3 : memref<?x?x?x?xf32>
  scf.for %i = %c0 to %m step %c1 {
    scf.for %i2 = %c0 to %n step %c1 {
      scf.parallel (%a, %b) = (%c0, %c0) to (%k, %l) step (%c1, %c1) {
        %v = memref.load %x[%i, %i2, %a, %b] : memref<?x?x?x?xf32>
        %s = memref.load %out[%a, %b] : memref<?x?xf32>
        %t = arith.maximumf %s, %v : f32
        memref.store %t, %out[%a, %b] : memref<?x?xf32>
        scf.reduce
      }
    }
  }
  return
}

// Over a trailing axis (a parallel loop over few kept rows around the reduced loop): part
// p = w % P of row w / P, its elements every P-th from p (neighbouring work items read
// neighbouring elements), or (contiguous) consecutive chunks; the fold reads partials[j * P + q].
// CHECK-LABEL: func.func @sum_axis1
// CHECK: %[[ROWS8:.*]] = arith.divsi %[[N1:.*]], %c8
// CHECK: %[[P:.*]] = arith.minsi %{{.*}}, %[[ROWS8]]
// CHECK: scf.if
// CHECK: %[[PARTS:.*]] = memref.alloc
// CHECK: scf.parallel (%[[WI:.*]]) =
// CHECK-NEXT: %[[PART:.*]] = arith.remui %[[WI]], %[[P]]
// CHECK-NEXT: %[[J:.*]] = arith.divui %[[WI]], %[[P]]
// CHECK: scf.for %[[K:.*]] = %[[PART]] to %[[N1]] step %[[P]] iter_args
// CHECK-NEXT: memref.load %{{.*}}[%[[J]], %[[K]]]
// CHECK: memref.store %{{.*}}, %[[PARTS]][%[[WI]]]
// CHECK: scf.parallel (%[[JF:.*]]) =
// CHECK: scf.for %[[Q:.*]] = %{{.*}} to %[[P]]
// CHECK-NEXT: %[[JP:.*]] = arith.muli %[[JF]], %[[P]]
// CHECK-NEXT: %[[AT:.*]] = arith.addi %[[JP]], %[[Q]]
// CHECK-NEXT: memref.load %[[PARTS]][%[[AT]]]
// CHECK-NEXT: arith.muli %{{.*}} : i32
// CHECK: memref.dealloc %[[PARTS]]
// CHECK-NEXT: } else {
// CHECK-NEXT: scf.parallel
// CHECK-NEXT: scf.for
// CONTIG-LABEL: func.func @sum_axis1
// CONTIG: %[[PART:.*]] = arith.remui
// CONTIG: %[[SIZE:.*]] = arith.ceildivsi
// CONTIG-NEXT: %[[FIRST:.*]] = arith.muli %[[PART]], %[[SIZE]]
// CONTIG: scf.for %{{.*}} = %[[FIRST]] to %{{.*}} step %c1
func.func @sum_axis1(%x: memref<?x?xi32>, %out: memref<?xi32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %m = memref.dim %x, %c0 : memref<?x?xi32>
  %n = memref.dim %x, %c1 : memref<?x?xi32>
  scf.parallel (%i) = (%c0) to (%m) step (%c1) {
    scf.for %k = %c0 to %n step %c1 {
      %a = memref.load %x[%i, %k] : memref<?x?xi32>
      %s = memref.load %out[%i] : memref<?xi32>
      %t = arith.muli %s, %a : i32
      memref.store %t, %out[%i] : memref<?xi32>
    }
    scf.reduce
  }
  return
}

// Left alone: a float sum not marked reassoc (no identity to start parts from), a parallel
// loop whose bound is made inside the nest, two stores (an argmin's value and index).
// CHECK-LABEL: func.func @left_alone
// CHECK-NOT: memref.alloc
// CHECK: return
func.func @left_alone(%x: memref<?x?xf64>, %out: memref<?xf64>, %idx: memref<?xindex>) {
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
  scf.for %i = %c0 to %m step %c1 {
    %ni = arith.addi %i, %c1 : index
    scf.parallel (%j) = (%c0) to (%ni) step (%c1) {
      %a = memref.load %x[%i, %j] : memref<?x?xf64>
      %s = memref.load %out[%j] : memref<?xf64>
      %t = arith.maximumf %s, %a : f64
      memref.store %t, %out[%j] : memref<?xf64>
      scf.reduce
    }
  }
  scf.for %i = %c0 to %m step %c1 {
    scf.parallel (%j) = (%c0) to (%n) step (%c1) {
      %a = memref.load %x[%i, %j] : memref<?x?xf64>
      %s = memref.load %out[%j] : memref<?xf64>
      %t = arith.maximumf %s, %a : f64
      %c = arith.cmpf ogt, %a, %s : f64
      memref.store %t, %out[%j] : memref<?xf64>
      %k = memref.load %idx[%j] : memref<?xindex>
      %u = arith.select %c, %i, %k : index
      memref.store %u, %idx[%j] : memref<?xindex>
      scf.reduce
    }
  }
  return
}
