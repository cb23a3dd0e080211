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
