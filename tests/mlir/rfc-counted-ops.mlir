// The RFC's ops of data-dependent size (Ops.td): extract_mask, nonzero, unique_values /
// _counts / _inverse / _all, from_dlpack. They round-trip, and --lower-ptensor expands them
// (Conversion/ExpandRfcOps.cpp) into core ops and the host's built-in custom calls (the scan
// of a mask, the sort of unique, the copy of from_dlpack). Their values need those host
// kernels (ptensor._core), so they are checked through Python: tests/python/test_rfc_ops.py.
// RUN: %ptensor-opt %s | %ptensor-opt | %FileCheck %s --check-prefix=ROUND
// RUN: %ptensor-opt %s --lower-ptensor | %FileCheck %s --check-prefix=LOWER
// RUN: %ptensor-opt %s --ptensor-pipeline | %FileCheck %s --check-prefix=LLVM

// ROUND-LABEL: func.func @counted
// ROUND: ptensor.extract_mask %{{.*}}[%{{.*}}] : <?x?x3xf32>, <?x?xi1> -> <?x3xf32>
// ROUND: ptensor.nonzero %{{.*}} : <?x?xi32> -> !ptensor.ptensor<?xi64>, !ptensor.ptensor<?xi64>
// ROUND: ptensor.unique_values %{{.*}} : <?x?xi32> -> !ptensor.ptensor<?xi32>
// ROUND: ptensor.unique_counts %{{.*}} : <?x?xi32> -> !ptensor.ptensor<?xi32>, !ptensor.ptensor<?xi64>
// ROUND: ptensor.unique_inverse %{{.*}} : <?x?xi32> -> !ptensor.ptensor<?xi32>, !ptensor.ptensor<?x?xi64>
// ROUND: ptensor.unique_all %{{.*}} : <?x?xi32> -> !ptensor.ptensor<?xi32>, !ptensor.ptensor<?xi64>, !ptensor.ptensor<?x?xi64>, !ptensor.ptensor<?xi64>
// ROUND: ptensor.from_dlpack %{{.*}} : <?x4xf64>
// LOWER-LABEL: func.func @counted
// LOWER-NOT: ptensor.ptensor
// LOWER: call @ptensor_custom_call
// LOWER-NOT: ptensor.ptensor
// LOWER: return
// LLVM: llvm.func @counted
// LLVM: llvm.call @ptensor_custom_call
func.func @counted(%x: !ptensor.ptensor<?x?x3xf32>, %m: !ptensor.ptensor<?x?xi1>,
                   %v: !ptensor.ptensor<?x?xi32>, %address: i64)
    -> (!ptensor.ptensor<?x3xf32>, !ptensor.ptensor<?xi64>, !ptensor.ptensor<?xi64>,
        !ptensor.ptensor<?xi32>, !ptensor.ptensor<?xi64>, !ptensor.ptensor<?x?xi64>,
        !ptensor.ptensor<?xi64>, !ptensor.ptensor<?x4xf64>) {
  %0 = ptensor.extract_mask %x[%m] : !ptensor.ptensor<?x?x3xf32>, !ptensor.ptensor<?x?xi1> -> !ptensor.ptensor<?x3xf32>
  %1:2 = ptensor.nonzero %v : !ptensor.ptensor<?x?xi32> -> !ptensor.ptensor<?xi64>, !ptensor.ptensor<?xi64>
  %2 = ptensor.unique_values %v : !ptensor.ptensor<?x?xi32> -> !ptensor.ptensor<?xi32>
  %3:2 = ptensor.unique_counts %v : !ptensor.ptensor<?x?xi32> -> !ptensor.ptensor<?xi32>, !ptensor.ptensor<?xi64>
  %4:2 = ptensor.unique_inverse %v : !ptensor.ptensor<?x?xi32> -> !ptensor.ptensor<?xi32>, !ptensor.ptensor<?x?xi64>
  %5:4 = ptensor.unique_all %v : !ptensor.ptensor<?x?xi32> -> !ptensor.ptensor<?xi32>, !ptensor.ptensor<?xi64>, !ptensor.ptensor<?x?xi64>, !ptensor.ptensor<?xi64>
  %6 = ptensor.from_dlpack %address : !ptensor.ptensor<?x4xf64>
  return %0, %1#0, %1#1, %2, %3#1, %4#1, %5#3, %6 : !ptensor.ptensor<?x3xf32>, !ptensor.ptensor<?xi64>, !ptensor.ptensor<?xi64>, !ptensor.ptensor<?xi32>, !ptensor.ptensor<?xi64>, !ptensor.ptensor<?x?xi64>, !ptensor.ptensor<?xi64>, !ptensor.ptensor<?x4xf64>
}
