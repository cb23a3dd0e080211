// RUN: %ptensor-opt %s | %ptensor-opt | %FileCheck %s --check-prefix=ROUNDTRIP
// RUN: %ptensor-opt %s --lower-ptensor | %FileCheck %s
// RUN: %ptensor-opt %s --ptensor-pipeline | %FileCheck %s --check-prefix=LLVM

// ptensor.custom_call round-trips, and --lower-ptensor turns it into a call of the runtime
// entry with a constant config global (target name + typed attributes), a stack array
// describing the buffers, fresh result buffers and to_tensor of them.
// ROUNDTRIP-LABEL: func.func @call
// ROUNDTRIP: ptensor.custom_call "my_fn"(%{{.*}}, %{{.*}}) sizes(%{{.*}}, %{{.*}}) {backend_config = {alpha = 2.500000e+00 : f64, dims = array<i64: 1, 2>, mode = "fast", n = 3 : i64, on = true}}
// CHECK: func.func private @ptensor_custom_call(i64, i64, i64, i64)
// CHECK: memref.global "private" constant @__ptensor_custom_call_{{[0-9A-F]+}} : memref<{{[0-9]+}}xi64> = dense<[{{.*}}]> {alignment = 8 : i64}
// CHECK-LABEL: func.func @call
// CHECK-DAG: bufferization.to_memref %{{.*}} read_only : memref<?x?xf64, strided<[?, ?], offset: ?>>
// CHECK-DAG: %[[OUT0:.*]] = memref.alloc(%{{.*}}) : memref<?xf64>
// CHECK-DAG: %[[OUT1:.*]] = memref.alloc(%{{.*}}) : memref<?x1xi32>
// CHECK: %[[DESC:.*]] = memref.alloca() : memref<24xi64>
// CHECK: memref.extract_strided_metadata
// CHECK: memref.get_global @__ptensor_custom_call_
// CHECK: call @ptensor_custom_call(%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}) : (i64, i64, i64, i64) -> ()
// CHECK: bufferization.to_tensor %[[OUT0]] restrict writable
// CHECK: bufferization.to_tensor %[[OUT1]] restrict writable
// LLVM: llvm.mlir.global private constant @__ptensor_custom_call_
// LLVM: llvm.call @ptensor_custom_call
func.func @call(%a: !ptensor.ptensor<?x?xf64>, %b: !ptensor.ptensor<?xsi32>, %n: index, %m: index)
    -> (!ptensor.ptensor<?xf64>, !ptensor.ptensor<?x1xsi32>) {
  %r:2 = ptensor.custom_call "my_fn"(%a, %b) sizes(%n, %m) {backend_config = {alpha = 2.5 : f64, n = 3 : i64, on = true, mode = "fast", dims = array<i64: 1, 2>}}
      : (!ptensor.ptensor<?x?xf64>, !ptensor.ptensor<?xsi32>) -> (!ptensor.ptensor<?xf64>, !ptensor.ptensor<?x1xsi32>)
  return %r#0, %r#1 : !ptensor.ptensor<?xf64>, !ptensor.ptensor<?x1xsi32>
}
