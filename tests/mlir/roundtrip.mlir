// RUN: %ptensor-opt %s | %ptensor-opt | %FileCheck %s

// CHECK-LABEL: func.func @types
// CHECK-SAME: !ptensor.ptensor<?x4xf64>
// CHECK-SAME: !ptensor.ptensor<?xui8, device = "cuda:0", team = 1>
func.func @types(%a: !ptensor.ptensor<?x4xf64>, %b: !ptensor.ptensor<?xui8, device = "cuda:0", team = 1>) {
  return
}

// CHECK-LABEL: func.func @ops
func.func @ops(%a: !ptensor.ptensor<?x?xf64>, %n: index, %s: f64, %i: i64) -> !ptensor.ptensor<?xf64> {
  // CHECK: ptensor.arange
  %0 = ptensor.arange %i, %i, %n : i64 -> !ptensor.ptensor<?xi32>
  // CHECK: ptensor.create(%{{.*}}, %{{.*}}) value %{{.*}} : f64
  %1 = ptensor.create(%n, %n) value %s : f64 : !ptensor.ptensor<?x?xf64>
  // CHECK: ptensor.linspace {{.*}} {endpoint = true}
  %2 = ptensor.linspace %s, %s, %n {endpoint = true} : !ptensor.ptensor<?xf32>
  // CHECK: ptensor.eye
  %3 = ptensor.eye %n, %n, %n : !ptensor.ptensor<?x?xi1>
  // CHECK: ptensor.elementwise_binary_op add
  %4 = ptensor.elementwise_binary_op add %a, %1 : !ptensor.ptensor<?x?xf64>, !ptensor.ptensor<?x?xf64> -> !ptensor.ptensor<?x?xf64>
  // CHECK: ptensor.elementwise_binary_test less
  %5 = ptensor.elementwise_binary_test less %a, %4 : !ptensor.ptensor<?x?xf64>, !ptensor.ptensor<?x?xf64> -> !ptensor.ptensor<?x?xi1>
  // CHECK: ptensor.elementwise_unary_op tan
  %6 = ptensor.elementwise_unary_op tan %4 : !ptensor.ptensor<?x?xf64> -> !ptensor.ptensor<?x?xf64>
  // CHECK: ptensor.elementwise_unary_test isnan
  %7 = ptensor.elementwise_unary_test isnan %6 : !ptensor.ptensor<?x?xf64> -> !ptensor.ptensor<?x?xi1>
  // CHECK: ptensor.cast
  %8 = ptensor.cast %7 : !ptensor.ptensor<?x?xi1> -> !ptensor.ptensor<?x?xui16>
  // CHECK: ptensor.broadcast {{.*}} dims = [1]
  %9 = ptensor.broadcast %2(%n, %n) dims = [1] : !ptensor.ptensor<?xf32> -> !ptensor.ptensor<?x?xf32>
  // CHECK: ptensor.reduce sum {{.*}} axes = [0] acc = f64
  %10 = ptensor.reduce sum %6 axes = [0] acc = f64 : !ptensor.ptensor<?x?xf64> -> !ptensor.ptensor<?xf64>
  // CHECK: ptensor.extract_slice {{.*}} dropped = [0]
  %11 = ptensor.extract_slice %6[%n, %n][%n, %n][%n, %n] dropped = [0] : !ptensor.ptensor<?x?xf64> -> !ptensor.ptensor<?xf64>
  // CHECK: ptensor.insert_slice
  %12 = ptensor.insert_slice %11 into %6[%n, %n][%n, %n][%n, %n] dropped = [0] : !ptensor.ptensor<?xf64> into !ptensor.ptensor<?x?xf64>
  // CHECK: ptensor.permute_dims {{.*}} perm = [1, 0]
  %13 = ptensor.permute_dims %12 perm = [1, 0] : !ptensor.ptensor<?x?xf64> -> !ptensor.ptensor<?x?xf64>
  // CHECK: ptensor.shape
  %14 = ptensor.shape %13 : !ptensor.ptensor<?x?xf64> -> tensor<2xindex>
  // CHECK: ptensor.rank
  %15 = ptensor.rank %13 : !ptensor.ptensor<?x?xf64>
  // CHECK: ptensor.size
  %16 = ptensor.size %13 : !ptensor.ptensor<?x?xf64>
  return %10 : !ptensor.ptensor<?xf64>
}

// CHECK-LABEL: func.func @dist
func.func @dist(%team: i64, %n: index, %t: tensor<?xf64>) {
  // CHECK: dist.init_dtensor
  %gid = dist.init_dtensor %team(%n, %n) split = 0
  // CHECK: dist.local_shape
  %ls:2 = dist.local_shape %team, %gid : index, index
  // CHECK: dist.all_reduce sum
  %r:2 = dist.all_reduce sum %team, %t, %t : tensor<?xf64>, tensor<?xf64> -> tensor<?xf64>, tensor<?xf64>
  // CHECK: dist.collective_broadcast
  %b = dist.collective_broadcast %team, %t root %n : tensor<?xf64>
  // CHECK: region.device_region "cuda:0"
  %y = region.device_region "cuda:0" -> tensor<?xf64> {
    region.yield %t : tensor<?xf64>
  }
  // CHECK: region.device_region "opencl:cpu:0" -> tensor<?xf64>, tensor<?xf64>
  // CHECK-NEXT: region.yield %{{.*}}, %{{.*}} : tensor<?xf64>, tensor<?xf64>
  %z:2 = region.device_region "opencl:cpu:0" -> tensor<?xf64>, tensor<?xf64> {
    region.yield %t, %y : tensor<?xf64>, tensor<?xf64>
  }
  // CHECK: region.device_region "cuda:0" {
  // CHECK-NEXT: }
  region.device_region "cuda:0" {
  }
  return
}
