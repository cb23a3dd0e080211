// RUN: %ptensor-opt %s --lower-ptensor | %FileCheck %s
// RUN: %ptensor-opt %s --lower-ptensor --dist-to-runtime | %FileCheck %s --check-prefix=RT

// Ptensors with a team are split along axis 0 over the team; each lowers to this rank's
// block. Creation follows the RFC's arange example: the block comes from Dist ops and the
// loop computes only its rows, offset by the block's first row.
// CHECK-LABEL: func.func @arange
// CHECK-SAME: (%{{.*}}: i64, %{{.*}}: i64, %[[N:.*]]: index) -> tensor<?xi64>
// CHECK: %[[TEAM:.*]] = arith.constant 7 : i64
// CHECK: %[[GID:.*]] = dist.init_dtensor %[[TEAM]](%[[N]]) split = 0
// CHECK: %[[LS:.*]] = dist.local_shape %[[TEAM]], %[[GID]] : index
// CHECK: %[[OFF:.*]] = dist.local_slice %[[TEAM]], %[[GID]] : index
// CHECK: tensor.empty(%[[LS]]) : tensor<?xi64>
// CHECK: linalg.generic
// CHECK: %[[I:.*]] = linalg.index 0 : index
// CHECK: arith.addi %[[I]], %[[OFF]] : index
// The runtime gives the block: ptensor_dist_block(team, n, 0) is its first row, (.., 1) one
// past its last; init_dtensor is gone (partitions are described, not registered).
// RT: func.func private @ptensor_dist_block(i64, i64, i64) -> i64
// RT-LABEL: func.func @arange
// RT-NOT: dist.
// RT: %[[N64:.*]] = arith.index_cast %{{.*}} : index to i64
// RT: call @ptensor_dist_block(%{{.*}}, %[[N64]], %{{.*}}) : (i64, i64, i64) -> i64
// RT: call @ptensor_dist_block(%{{.*}}, %[[N64]], %{{.*}}) : (i64, i64, i64) -> i64
// RT: arith.subi
// RT: linalg.generic
// RT: return
func.func @arange(%start: i64, %step: i64, %n: index) -> !ptensor.ptensor<?xi64, team = 7> {
  %a = ptensor.arange %start, %step, %n : i64 -> !ptensor.ptensor<?xi64, team = 7>
  return %a : !ptensor.ptensor<?xi64, team = 7>
}

// A static global shape still gives a dynamic block (one program serves every rank); the
// other axes stay whole. Elementwise ops on blocks of one team are local loops.
// CHECK-LABEL: func.func @full_add
// CHECK-SAME: (%{{.*}}: f64, %{{.*}}: tensor<?x4xf64>) -> tensor<?x4xf64>
// CHECK: %[[LS:.*]]:2 = dist.local_shape
// CHECK: tensor.empty(%[[LS]]#0) : tensor<?x4xf64>
// CHECK: linalg.generic
// CHECK: arith.addf
// CHECK-NOT: dist.
// CHECK: return
func.func @full_add(%v: f64, %x: !ptensor.ptensor<8x4xf64, team = 7>) -> !ptensor.ptensor<8x4xf64, team = 7> {
  %c8 = arith.constant 8 : index
  %c4 = arith.constant 4 : index
  %f = ptensor.create(%c8, %c4) value %v : f64 : !ptensor.ptensor<8x4xf64, team = 7>
  %s = ptensor.elementwise_binary_op add %f, %x : !ptensor.ptensor<8x4xf64, team = 7>, !ptensor.ptensor<8x4xf64, team = 7> -> !ptensor.ptensor<8x4xf64, team = 7>
  return %s : !ptensor.ptensor<8x4xf64, team = 7>
}

// A reduction over the split axis combines the ranks' partial results (in the accumulation
// type, before the cast to the result type): its result is replicated (no team).
// CHECK-LABEL: func.func @sum0(%{{.*}}: tensor<?x4xi8>) -> tensor<4xi8>
// CHECK: linalg.generic
// CHECK: %[[P:.*]] = dist.finalize_reduce sum %{{.*}}, %{{.*}} : tensor<4xi64>
// CHECK: linalg.generic {{.*}} ins(%[[P]] : tensor<4xi64>)
// CHECK: arith.trunci
func.func @sum0(%x: !ptensor.ptensor<8x4xi8, team = 7>) -> !ptensor.ptensor<4xi8> {
  %s = ptensor.reduce sum %x axes = [0] acc = i64 : !ptensor.ptensor<8x4xi8, team = 7> -> !ptensor.ptensor<4xi8>
  return %s : !ptensor.ptensor<4xi8>
}

// Unsigned max over every axis: the allreduce compares unsigned.
// CHECK-LABEL: func.func @max_all
// CHECK: dist.finalize_reduce max %{{.*}}, %{{.*}} unsigned : tensor<i32>
func.func @max_all(%x: !ptensor.ptensor<?x3xui32, team = 7>) -> !ptensor.ptensor<ui32> {
  %s = ptensor.reduce max %x axes = [0, 1] acc = ui32 : !ptensor.ptensor<?x3xui32, team = 7> -> !ptensor.ptensor<ui32>
  return %s : !ptensor.ptensor<ui32>
}

// Over another axis each rank reduces its own rows: the result keeps the team, no Dist op.
// CHECK-LABEL: func.func @sum1(%{{.*}}: tensor<?x4xf64>) -> tensor<?xf64>
// CHECK-NOT: dist.
// CHECK: return
func.func @sum1(%x: !ptensor.ptensor<8x4xf64, team = 7>) -> !ptensor.ptensor<8xf64, team = 7> {
  %s = ptensor.reduce sum %x axes = [1] acc = f64 : !ptensor.ptensor<8x4xf64, team = 7> -> !ptensor.ptensor<8xf64, team = 7>
  return %s : !ptensor.ptensor<8xf64, team = 7>
}

// linspace and eye offset the row index by the block's first row.
// CHECK-LABEL: func.func @eye_linspace
// CHECK: dist.local_slice
// CHECK: linalg.index 0
// CHECK: arith.addi
// CHECK: dist.local_slice
// CHECK: linalg.index 0
// CHECK: arith.addi
func.func @eye_linspace(%n: index, %a: f64) -> (!ptensor.ptensor<?x?xf32, team = 3>, !ptensor.ptensor<?xf64, team = 3>) {
  %e = ptensor.eye %n, %n, %n : !ptensor.ptensor<?x?xf32, team = 3>
  %l = ptensor.linspace %a, %a, %n {endpoint = true} : !ptensor.ptensor<?xf64, team = 3>
  return %e, %l : !ptensor.ptensor<?x?xf32, team = 3>, !ptensor.ptensor<?xf64, team = 3>
}

// A slice moves its rows into the block partition of its own rows: each rank slices its
// block along the other axes, then one dist.repartition (items: rows 1, 2, ... of the
// source, of L global rows; L from the blocks when the type does not give it).
// CHECK-LABEL: func.func @shifted
// CHECK: dist.all_reduce sum %{{.*}}, %{{.*}} : tensor<1xi64> -> tensor<1xi64>
// CHECK: %[[L:.*]] = arith.index_cast %{{.*}} : i64 to index
// CHECK: %[[LOC:.*]] = tensor.extract_slice %{{.*}}[0, 1] [%{{.*}}, 2] [1, 2]
// CHECK: %[[GID:.*]] = dist.init_dtensor %{{.*}}(%arg1) split = 0
// CHECK: %[[ROWS:.*]] = dist.local_shape %{{.*}}, %[[GID]] : index
// CHECK: dist.repartition %{{.*}}, %[[LOC]] rows %[[ROWS]] spec(%arg1, %[[L]], %{{[^,]*}}, %[[L]], %{{.*}}) axis = 0 : tensor<?x2xf64> -> tensor<?x2xf64>
// RT-LABEL: func.func @shifted
// RT: call @ptensor_dist_allreduce_i64
// RT: call @ptensor_dist_repartition_start_f64
// RT: call @ptensor_dist_repartition_wait
func.func @shifted(%a: !ptensor.ptensor<?x4xf64, team = 7>, %n: index) -> !ptensor.ptensor<?x2xf64, team = 7> {
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %0 = ptensor.extract_slice %a[%c1, %c1][%n, %c2][%c1, %c2] dropped = [] : !ptensor.ptensor<?x4xf64, team = 7> -> !ptensor.ptensor<?x2xf64, team = 7>
  return %0 : !ptensor.ptensor<?x2xf64, team = 7>
}

// Slice assignment: the source's rows go to the ranks whose blocks they land in (items i:
// row i of the source, row off + st * i of the destination), then a local insert at the
// first landing row, with the count received.
// CHECK-LABEL: func.func @assign
// CHECK: %[[R:.*]] = dist.repartition %{{.*}}, %arg1 rows %[[COUNT:[^ ]*]] spec(%arg3, %arg3, %{{[^,]*}}, %arg3, %{{[^,]*}}, %{{[^,]*}}, %c8, %{{[^,]*}}, %c8, %arg2, %arg4, %{{.*}}) axis = 0 : tensor<?x3xf32> -> tensor<?x3xf32>
// CHECK: tensor.insert_slice %[[R]] into %arg0[%{{.*}}, 0] [%[[COUNT]], 3] [%arg4, 1]
func.func @assign(%d: !ptensor.ptensor<8x3xf32, team = 7>, %s: !ptensor.ptensor<?x3xf32, team = 7>, %o: index, %n: index, %st: index) -> !ptensor.ptensor<8x3xf32, team = 7> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %0 = ptensor.insert_slice %s into %d[%o, %c0][%n, %c3][%st, %c1] dropped = [] : !ptensor.ptensor<?x3xf32, team = 7> into !ptensor.ptensor<8x3xf32, team = 7>
  return %0 : !ptensor.ptensor<8x3xf32, team = 7>
}

// permute_dims that moves the split axis: a resplit (dist.all_to_all) along the result's
// axis 0, then the local transpose.
// CHECK-LABEL: func.func @transpose
// CHECK: %[[A:.*]] = dist.all_to_all %{{.*}}, %{{.*}} split = 1 concat = 0 : tensor<?x?xi32> -> tensor<?x?xi32>
// CHECK: linalg.generic {{.*}} ins(%[[A]] : tensor<?x?xi32>)
// RT-LABEL: func.func @transpose
// RT: call @ptensor_dist_all_to_all
func.func @transpose(%a: !ptensor.ptensor<?x?xi32, team = 7>) -> !ptensor.ptensor<?x?xi32, team = 7> {
  %0 = ptensor.permute_dims %a perm = [1, 0] : !ptensor.ptensor<?x?xi32, team = 7> -> !ptensor.ptensor<?x?xi32, team = 7>
  return %0 : !ptensor.ptensor<?x?xi32, team = 7>
}

// reshape: the flattened blocks repartition in units of rows (10 items per source row, 5
// per result row); the global rows n come from the creation op (no collective).
// CHECK-LABEL: func.func @reshape
// CHECK-NOT: dist.all_reduce
// CHECK: %[[F:.*]] = tensor.collapse_shape %{{.*}} {{\[}}[0, 1]] : tensor<?x10xf64> into tensor<?xf64>
// CHECK: %[[M:.*]] = dist.repartition %{{.*}}, %[[F]] rows %{{.*}} spec(%{{[^,]*}}, %arg0, %{{[^,]*}}, %arg0, {{.*}}) axis = 0 : tensor<?xf64> -> tensor<?xf64>
// CHECK: tensor.reshape %[[M]](%{{.*}}) : (tensor<?xf64>, tensor<2xindex>) -> tensor<?x5xf64>
func.func @reshape(%n: index, %v: f64) -> !ptensor.ptensor<?x5xf64, team = 7> {
  %c5 = arith.constant 5 : index
  %c10 = arith.constant 10 : index
  %a = ptensor.create(%n, %c10) value %v : f64 : !ptensor.ptensor<?x10xf64, team = 7>
  %m = arith.muli %n, %c10 : index
  %k = arith.divui %m, %c5 : index
  %0 = ptensor.reshape %a(%k, %c5) : !ptensor.ptensor<?x10xf64, team = 7> -> !ptensor.ptensor<?x5xf64, team = 7>
  return %0 : !ptensor.ptensor<?x5xf64, team = 7>
}

// matmul: each rank multiplies its rows of lhs by the whole rhs (dist.all_gather).
// CHECK-LABEL: func.func @matmul
// CHECK: %[[B:.*]] = dist.all_gather %{{.*}}, %arg1 dim = 0 : tensor<?x?xf64> -> tensor<?x?xf64>
// CHECK: linalg.matmul ins(%arg0, %[[B]] : tensor<?x4xf64>, tensor<?x?xf64>)
// RT-LABEL: func.func @matmul
// RT: call @ptensor_dist_all_gather
func.func @matmul(%a: !ptensor.ptensor<?x4xf64, team = 7>, %b: !ptensor.ptensor<4x?xf64, team = 7>) -> !ptensor.ptensor<?x?xf64, team = 7> {
  %0 = ptensor.matmul %a, %b : !ptensor.ptensor<?x4xf64, team = 7>, !ptensor.ptensor<4x?xf64, team = 7> -> !ptensor.ptensor<?x?xf64, team = 7>
  return %0 : !ptensor.ptensor<?x?xf64, team = 7>
}

// shape and size give the global extents: the rows of a block come from the team.
// CHECK-LABEL: func.func @size
// CHECK: dist.all_reduce sum
// CHECK: arith.muli
func.func @size(%a: !ptensor.ptensor<?x4xf64, team = 7>) -> index {
  %0 = ptensor.size %a : !ptensor.ptensor<?x4xf64, team = 7>
  return %0 : index
}

// One row of the split axis (x[i]): the rank that owns row i takes it (a part of 0 or 1
// rows elsewhere), then the row is split along the result's axis 0 (dist.all_to_all).
// CHECK-LABEL: func.func @row
// CHECK: dist.local_slice
// CHECK: %[[OWN:.*]] = arith.andi
// CHECK: %[[FIRST:.*]] = arith.select %[[OWN]], %{{.*}}, %{{.*}} : index
// CHECK: %[[COUNT:.*]] = arith.select %[[OWN]], %{{.*}}, %{{.*}} : index
// CHECK: %[[PART:.*]] = tensor.extract_slice %{{.*}}[%[[FIRST]], 0] [%[[COUNT]], %{{.*}}] [1, 1] : tensor<?x?xf64> to tensor<?x?xf64>
// CHECK: %[[R:.*]] = dist.all_to_all %{{.*}}, %[[PART]] split = 1 concat = 0 : tensor<?x?xf64> -> tensor<?x?xf64>
// CHECK: tensor.collapse_shape %[[R]] {{\[}}[0, 1]] : tensor<?x?xf64> into tensor<?xf64>
func.func @row(%a: !ptensor.ptensor<?x4xf64, team = 7>, %i: index) -> !ptensor.ptensor<4xf64, team = 7> {
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c0 = arith.constant 0 : index
  %0 = ptensor.extract_slice %a[%i, %c0][%c1, %c4][%c1, %c1] dropped = [0] : !ptensor.ptensor<?x4xf64, team = 7> -> !ptensor.ptensor<4xf64, team = 7>
  return %0 : !ptensor.ptensor<4xf64, team = 7>
}

// Results whose rows need any rows of an operand gather that operand (dist.all_gather):
// take along axis 0 (the source), take along another axis (the indices), searchsorted (the
// sorted array), broadcast to new leading axes (the source; the result's block comes from
// dist.local_shape).
// CHECK-LABEL: func.func @gathers
// CHECK: %[[S:.*]] = dist.all_gather %{{.*}}, %arg0 dim = 0
// CHECK: linalg.generic {{.*}} ins(%arg1 : tensor<?xi64>)
// CHECK: tensor.extract %[[S]]
// CHECK: %[[I:.*]] = dist.all_gather %{{.*}}, %arg1 dim = 0
// CHECK: linalg.generic {{.*}} ins(%[[I]] : tensor<?xi64>)
// CHECK: %[[T:.*]] = dist.all_gather %{{.*}}, %arg0 dim = 0
// CHECK: scf.while
// CHECK: tensor.extract %[[T]]
// CHECK: %[[B:.*]] = dist.all_gather %{{.*}}, %arg0 dim = 0
// CHECK: %[[BS:.*]]:2 = dist.local_shape
// CHECK: tensor.empty(%[[BS]]#0, %{{.*}}) : tensor<?x?xf64>
// CHECK: linalg.generic {{.*}} ins(%[[B]] : tensor<?xf64>)
func.func @gathers(%a: !ptensor.ptensor<?xf64, team = 7>, %i: !ptensor.ptensor<?xi64, team = 7>,
                   %m: !ptensor.ptensor<?x?xf64, team = 7>, %n: index)
    -> (!ptensor.ptensor<?xf64, team = 7>, !ptensor.ptensor<?x?xf64, team = 7>,
        !ptensor.ptensor<?xi64, team = 7>, !ptensor.ptensor<?x?xf64, team = 7>) {
  %0 = ptensor.take %a[%i] axis = 0 : !ptensor.ptensor<?xf64, team = 7>, !ptensor.ptensor<?xi64, team = 7> -> !ptensor.ptensor<?xf64, team = 7>
  %1 = ptensor.take %m[%i] axis = 1 : !ptensor.ptensor<?x?xf64, team = 7>, !ptensor.ptensor<?xi64, team = 7> -> !ptensor.ptensor<?x?xf64, team = 7>
  %2 = ptensor.searchsorted %a, %a right = true : !ptensor.ptensor<?xf64, team = 7>, !ptensor.ptensor<?xf64, team = 7> -> !ptensor.ptensor<?xi64, team = 7>
  %3 = ptensor.broadcast %a(%n, %n) dims = [1] : !ptensor.ptensor<?xf64, team = 7> -> !ptensor.ptensor<?x?xf64, team = 7>
  return %0, %1, %2, %3 : !ptensor.ptensor<?xf64, team = 7>, !ptensor.ptensor<?x?xf64, team = 7>, !ptensor.ptensor<?xi64, team = 7>, !ptensor.ptensor<?x?xf64, team = 7>
}

// scatter and assigning one row: every rank gets all the updates (dist.all_gather) and
// writes those that land in its own block (scf.if on ownership).
// CHECK-LABEL: func.func @writes
// CHECK: dist.all_gather %{{.*}}, %arg1 dim = 0
// CHECK: dist.all_gather %{{.*}}, %arg2 dim = 0
// CHECK: scf.for
// CHECK: scf.if
// CHECK: tensor.insert
// CHECK: %[[R:.*]] = dist.all_gather %{{.*}}, %arg4 dim = 0
// CHECK: scf.if
// CHECK: tensor.insert_slice %[[R]] into %arg3
func.func @writes(%d: !ptensor.ptensor<?xf64, team = 7>, %i: !ptensor.ptensor<?xi64, team = 7>,
                  %u: !ptensor.ptensor<?xf64, team = 7>, %m: !ptensor.ptensor<?x3xf64, team = 7>,
                  %r: !ptensor.ptensor<3xf64, team = 7>, %k: index)
    -> (!ptensor.ptensor<?xf64, team = 7>, !ptensor.ptensor<?x3xf64, team = 7>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %0 = ptensor.scatter %d[%i] = %u : !ptensor.ptensor<?xf64, team = 7>, !ptensor.ptensor<?xi64, team = 7>, !ptensor.ptensor<?xf64, team = 7> -> !ptensor.ptensor<?xf64, team = 7>
  %1 = ptensor.insert_slice %r into %m[%k, %c0][%c1, %c3][%c1, %c1] dropped = [0] : !ptensor.ptensor<3xf64, team = 7> into !ptensor.ptensor<?x3xf64, team = 7>
  return %0, %1 : !ptensor.ptensor<?xf64, team = 7>, !ptensor.ptensor<?x3xf64, team = 7>
}
