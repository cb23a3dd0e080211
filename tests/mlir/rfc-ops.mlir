// More ops of the RFC (Ops.td, "more ops of the RFC"): they round-trip, and --lower-ptensor
// expands them into core ops (Conversion/ExpandRfcOps.cpp) before lowering those; sort and
// argsort become calls of the host's built-in custom call "ptensor.sort". Their values are
// checked in rfc-ops-run.mlir (sort's through Python: tests/python/test_rfc_ops.py).
// RUN: %ptensor-opt %s | %ptensor-opt | %FileCheck %s --check-prefix=ROUND
// RUN: %ptensor-opt %s --lower-ptensor | %FileCheck %s --check-prefix=LOWER

// ROUND-LABEL: func.func @ops
// ROUND: ptensor.extract_triangle lower %{{.*}} k = 1 : <?x?xf64>
// ROUND: ptensor.combine concat(%{{.*}}, %{{.*}}) axis = 1 : (!ptensor.ptensor<?x?xf64>, !ptensor.ptensor<?x?xf64>) -> !ptensor.ptensor<?x?xf64>
// ROUND: ptensor.combine stack(%{{.*}}, %{{.*}}) axis = 0 : {{.*}} -> !ptensor.ptensor<2x?x?xf64>
// ROUND: ptensor.roll %{{.*}} shifts = [2, -1] axes = [1, 0] : <?x?xf64>
// ROUND: ptensor.vecdot %{{.*}}, %{{.*}} axis = 1 : <?x?xf64>, <?x?xf64> -> <?xf64>
// ROUND: ptensor.find_index argmin %{{.*}} axis = 0 : <?x?xf64> -> <?xi64>
// ROUND: ptensor.test all %{{.*}} axes = [0] : <?xi32> -> <i1>
// ROUND: ptensor.tensor_dot %{{.*}}, %{{.*}} axes = [0], [1] : <?x?xf64>, <?x?xf64> -> <?x?xf64>
// LOWER-LABEL: func.func @ops
// LOWER-NOT: ptensor.
// LOWER: linalg.generic
// LOWER-NOT: ptensor.
// LOWER: return
func.func @ops(%x: !ptensor.ptensor<?x?xf64>, %y: !ptensor.ptensor<?x?xf64>, %v: !ptensor.ptensor<?xi32>)
    -> (!ptensor.ptensor<?x?xf64>, !ptensor.ptensor<2x?x?xf64>, !ptensor.ptensor<?xf64>, !ptensor.ptensor<?xi64>, !ptensor.ptensor<i1>, !ptensor.ptensor<?x?xf64>) {
  %0 = ptensor.extract_triangle lower %x k = 1 : !ptensor.ptensor<?x?xf64>
  %1 = ptensor.combine concat (%0, %y) axis = 1 : (!ptensor.ptensor<?x?xf64>, !ptensor.ptensor<?x?xf64>) -> !ptensor.ptensor<?x?xf64>
  %2 = ptensor.combine stack (%x, %y) axis = 0 : (!ptensor.ptensor<?x?xf64>, !ptensor.ptensor<?x?xf64>) -> !ptensor.ptensor<2x?x?xf64>
  %3 = ptensor.roll %1 shifts = [2, -1] axes = [1, 0] : !ptensor.ptensor<?x?xf64>
  %4 = ptensor.vecdot %x, %y axis = 1 : !ptensor.ptensor<?x?xf64>, !ptensor.ptensor<?x?xf64> -> !ptensor.ptensor<?xf64>
  %5 = ptensor.find_index argmin %x axis = 0 : !ptensor.ptensor<?x?xf64> -> !ptensor.ptensor<?xi64>
  %6 = ptensor.test all %v axes = [0] : !ptensor.ptensor<?xi32> -> !ptensor.ptensor<i1>
  %7 = ptensor.tensor_dot %x, %y axes = [0], [1] : !ptensor.ptensor<?x?xf64>, !ptensor.ptensor<?x?xf64> -> !ptensor.ptensor<?x?xf64>
  return %3, %2, %4, %5, %6, %7 : !ptensor.ptensor<?x?xf64>, !ptensor.ptensor<2x?x?xf64>, !ptensor.ptensor<?xf64>, !ptensor.ptensor<?xi64>, !ptensor.ptensor<i1>, !ptensor.ptensor<?x?xf64>
}

// ROUND-LABEL: func.func @sort
// ROUND: ptensor.sort %{{.*}} axis = 0 {descending = true} : <?x?xf64>
// ROUND: ptensor.argsort %{{.*}} axis = 1 : <?x?xf64> -> <?x?xi64>
// LOWER-LABEL: func.func @sort
// LOWER-NOT: ptensor.sort
// LOWER: linalg.generic
// LOWER: call @ptensor_custom_call
// LOWER: linalg.generic
// LOWER: call @ptensor_custom_call
// LOWER-NOT: ptensor.
// LOWER: return
func.func @sort(%x: !ptensor.ptensor<?x?xf64>) -> (!ptensor.ptensor<?x?xf64>, !ptensor.ptensor<?x?xi64>) {
  %s = ptensor.sort %x axis = 0 {descending = true} : !ptensor.ptensor<?x?xf64>
  %a = ptensor.argsort %x axis = 1 : !ptensor.ptensor<?x?xf64> -> !ptensor.ptensor<?x?xi64>
  return %s, %a : !ptensor.ptensor<?x?xf64>, !ptensor.ptensor<?x?xi64>
}
