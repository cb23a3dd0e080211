// RUN: %ptensor-opt %s --dist-to-runtime | %FileCheck %s

// A halo update (repartition with halo widths) and an allreduce become runtime calls on
// unranked memrefs; results re-enter as restrict tensors of fresh buffers. A repartition is
// started where it stands and waited for right before its result's first use (here the
// return), so the allreduce runs while its messages travel.
// CHECK: func.func private @ptensor_dist_allreduce_i32
// CHECK: func.func private @ptensor_dist_repartition_wait(i64)
// CHECK-NOT: attributes
// CHECK: func.func private @ptensor_dist_repartition_start_f64({{.*}}) -> i64 attributes {llvm.emit_c_interface}
// CHECK-LABEL: func.func @halo
// CHECK: %[[D:.*]] = tensor.dim %{{.*}}, %c1
// CHECK: %[[OUT:.*]] = memref.alloc(%{{.*}}, %[[D]]) : memref<?x?xf64>
// CHECK: bufferization.to_memref %{{.*}} read_only : memref<?x?xf64, strided<[?, ?], offset: ?>>
// CHECK: memref.cast %[[OUT]] : memref<?x?xf64> to memref<*xf64>
// CHECK: %[[H:.*]] = call @ptensor_dist_repartition_start_f64(%{{.*}}, %c0_i64{{.*}}) : (i64, memref<*xf64>, memref<*xf64>, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64) -> i64
// CHECK: memref.copy
// CHECK: call @ptensor_dist_allreduce_i32(%{{.*}}, %{{.*}}, %c1_i64{{.*}}, %c3_i64)
// CHECK: call @ptensor_dist_repartition_wait(%[[H]]) : (i64) -> ()
// CHECK-NEXT: %[[T:.*]] = bufferization.to_tensor %[[OUT]] restrict writable
// CHECK: return %[[T]]
func.func @halo(%team: i64, %t: tensor<?x?xf64>, %r: tensor<4xi32>, %n: index) -> (tensor<?x?xf64>, tensor<4xi32>) {
  %h = dist.repartition %team, %t rows %n spec(%n, %n, %n, %n, %n, %n, %n, %n, %n, %n, %n, %n, %n, %n, %n) axis = 0 : tensor<?x?xf64> -> tensor<?x?xf64>
  %s = dist.finalize_reduce max %team, %r unsigned : tensor<4xi32>
  return %h, %s : tensor<?x?xf64>, tensor<4xi32>
}


// ghosts_only (the rows other ranks own, for ghost rows kept with an array): the same entry
// point with its last argument 1.
// CHECK-LABEL: func.func @ghosts
// CHECK: %[[H:.*]] = call @ptensor_dist_repartition_start_f64(%{{.*}}, %c1_i64{{.*}}) : (i64, memref<*xf64>, memref<*xf64>, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64) -> i64
// CHECK-NEXT: call @ptensor_dist_repartition_wait(%[[H]])
func.func @ghosts(%team: i64, %t: tensor<?x?xf64>, %n: index) -> tensor<?x?xf64> {
  %h = dist.repartition %team, %t rows %n spec(%n, %n, %n, %n, %n, %n, %n, %n, %n, %n, %n, %n, %n, %n, %n) axis = 0 {ghosts_only} : tensor<?x?xf64> -> tensor<?x?xf64>
  return %h : tensor<?x?xf64>
}
