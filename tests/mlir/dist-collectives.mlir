// RUN: %ptensor-opt %s --dist-to-runtime | %FileCheck %s

// The seed collectives become runtime calls, one per operand, on unranked memrefs of the
// operand and a fresh result buffer; extents that depend on the team come from the runtime,
// so the program is the same on every rank.

// all_gather: the result's extent along dim is the ranks' extents summed (a runtime call).
// CHECK-LABEL: func.func @gather
// CHECK: %[[N:.*]] = tensor.dim %arg1, %c0
// CHECK: %[[N64:.*]] = arith.index_cast %[[N]] : index to i64
// CHECK: %[[T:.*]] = call @ptensor_dist_gather_rows(%arg0, %[[N64]]) : (i64, i64) -> i64
// CHECK: %[[TI:.*]] = arith.index_cast %[[T]] : i64 to index
// CHECK: %[[OUT:.*]] = memref.alloc(%[[TI]]) : memref<?x3xf32>
// CHECK: %[[IN:.*]] = bufferization.to_memref %arg1 read_only
// CHECK: %[[UIN:.*]] = memref.cast %[[IN]] {{.*}} to memref<*xf32>
// CHECK: %[[UOUT:.*]] = memref.cast %[[OUT]] : memref<?x3xf32> to memref<*xf32>
// CHECK: call @ptensor_dist_all_gather_f32(%arg0, %[[UIN]], %[[UOUT]], %c0_i64)
// CHECK: bufferization.to_tensor %[[OUT]] restrict writable
// CHECK: call @ptensor_dist_gather_rows
// CHECK: call @ptensor_dist_all_gather_i64
func.func @gather(%team: i64, %a: tensor<?x3xf32>, %b: tensor<?xi64>) -> (tensor<?x3xf32>, tensor<?xi64>) {
  %g:2 = dist.all_gather %team, %a, %b dim = 0 : tensor<?x3xf32>, tensor<?xi64> -> tensor<?x3xf32>, tensor<?xi64>
  return %g#0, %g#1 : tensor<?x3xf32>, tensor<?xi64>
}

// all_to_all: along the split dim this rank's block of its extent (the block partition:
// the extent over the team size when that divides it), along the concat dim the ranks'
// extents summed (they may differ); P blocks when both are one dim.
// CHECK-LABEL: func.func @a2a
// CHECK: %[[D0:.*]] = tensor.dim %arg1, %c0
// CHECK: %[[D064:.*]] = arith.index_cast %[[D0]] : index to i64
// CHECK: %[[R64:.*]] = call @ptensor_dist_gather_rows(%arg0, %[[D064]]) : (i64, i64) -> i64
// CHECK: %[[R:.*]] = arith.index_cast %[[R64]] : i64 to index
// CHECK: %[[D1:.*]] = tensor.dim %arg1, %c1
// CHECK: %[[N:.*]] = arith.index_cast %[[D1]] : index to i64
// CHECK: call @ptensor_dist_block(%arg0, %[[N]], %c0_i64{{.*}}) : (i64, i64, i64) -> i64
// CHECK: call @ptensor_dist_block(%arg0, %[[N]], %c1_i64{{.*}}) : (i64, i64, i64) -> i64
// CHECK: %[[C:.*]] = arith.subi
// CHECK: memref.alloc(%[[R]], %[[C]]) : memref<?x?xf64>
// CHECK: call @ptensor_dist_all_to_all_f64(%arg0, %{{.*}}, %{{.*}}, %c1_i64{{.*}}, %c0_i64{{.*}})
func.func @a2a(%team: i64, %a: tensor<?x?xf64>) -> tensor<?x?xf64> {
  %g = dist.all_to_all %team, %a split = 1 concat = 0 : tensor<?x?xf64> -> tensor<?x?xf64>
  return %g : tensor<?x?xf64>
}

// CHECK-LABEL: func.func @a2a_one_dim
// CHECK: call @ptensor_dist_block
// CHECK: call @ptensor_dist_block
// CHECK: %[[MINE:.*]] = arith.subi
// CHECK: %[[P32:.*]] = call @ptensor_dist_size(%arg0) : (i64) -> i32
// CHECK: %[[P:.*]] = arith.index_cast %[[P32]] : i32 to index
// CHECK: %[[R:.*]] = arith.muli %[[MINE]], %[[P]]
// CHECK: memref.alloc(%[[R]]) : memref<?xi32>
func.func @a2a_one_dim(%team: i64, %a: tensor<?xi32>) -> tensor<?xi32> {
  %g = dist.all_to_all %team, %a split = 0 concat = 0 : tensor<?xi32> -> tensor<?xi32>
  return %g : tensor<?xi32>
}

// reduce_scatter of bools: sum is a logical or (max of bytes, kind 3).
// CHECK-LABEL: func.func @rs
// CHECK: call @ptensor_dist_size
// CHECK: arith.divui
// CHECK: call @ptensor_dist_reduce_scatter_i1(%arg0, %{{.*}}, %{{.*}}, %c1_i64, %c0_i64, %c3_i64)
func.func @rs(%team: i64, %a: tensor<?x?xi1>) -> tensor<?x?xi1> {
  %g = dist.reduce_scatter sum %team, %a dim = 1 : tensor<?x?xi1> -> tensor<?x?xi1>
  return %g : tensor<?x?xi1>
}

// collective_permute: this rank's target and source chosen from the pairs at run time.
// CHECK-LABEL: func.func @perm
// CHECK: %[[ME32:.*]] = call @ptensor_dist_rank(%arg0) : (i64) -> i32
// CHECK: %[[ME:.*]] = arith.index_cast %[[ME32]]
// CHECK: arith.cmpi eq, %[[ME]], %c0
// CHECK: %[[TO:.*]] = arith.select
// CHECK: %[[FROM:.*]] = arith.select
// CHECK: memref.alloc() : memref<4xcomplex<f64>>
// CHECK: call @ptensor_dist_permute_c128(%arg0, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}})
func.func @perm(%team: i64, %a: tensor<4xcomplex<f64>>) -> tensor<4xcomplex<f64>> {
  %g = dist.collective_permute %team, %a pairs = [0, 1, 1, 0] : tensor<4xcomplex<f64>> -> tensor<4xcomplex<f64>>
  return %g : tensor<4xcomplex<f64>>
}

// collective_broadcast and all_reduce work in place on a copy of the operand.
// CHECK-LABEL: func.func @bc
// CHECK: %[[ROOT:.*]] = arith.index_cast %arg2 : index to i64
// CHECK: %[[B:.*]] = memref.alloc
// CHECK: memref.copy %{{.*}}, %[[B]]
// CHECK: %[[UB:.*]] = memref.cast %[[B]]
// CHECK: call @ptensor_dist_bcast_i16(%arg0, %[[UB]], %[[ROOT]])
// CHECK: %[[S:.*]] = memref.alloc
// CHECK: memref.copy %{{.*}}, %[[S]]
// CHECK: call @ptensor_dist_allreduce_i16(%arg0, %{{.*}}, %c1_i64, %c3_i64)
func.func @bc(%team: i64, %a: tensor<?xi16>, %r: index) -> (tensor<?xi16>, tensor<?xi16>) {
  %g = dist.collective_broadcast %team, %a root %r : tensor<?xi16>
  %s = dist.all_reduce max %team, %a unsigned : tensor<?xi16> -> tensor<?xi16>
  return %g, %s : tensor<?xi16>, tensor<?xi16>
}
