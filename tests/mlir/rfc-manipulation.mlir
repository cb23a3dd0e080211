// The RFC's manipulation ops defined by core ops (Ops.td): they round-trip, and --lower-ptensor
// expands them into core ops (Conversion/ExpandComposites.cpp) before lowering those.
// RUN: %ptensor-opt %s | %ptensor-opt | %FileCheck %s --check-prefix=ROUND
// RUN: %ptensor-opt %s --lower-ptensor | %FileCheck %s --check-prefix=LOWER

// ROUND-LABEL: func.func @ops
// ROUND: ptensor.expand_dims %{{.*}} axis = 1 : <?x?xf64> -> <?x1x?xf64>
// ROUND: ptensor.squeeze %{{.*}} axes = [1] : <?x1x?xf64> -> <?x?xf64>
// ROUND: ptensor.matrix_transpose %{{.*}} : <?x?xf64> -> <?x?xf64>
// ROUND: ptensor.flip %{{.*}} axes = [0, 1] : <?x?xf64>
// ROUND: ptensor.create_like %{{.*}} value %{{.*}} : f64 : <?x?xf64> -> <?x?xi32>
// ROUND: ptensor.create_like %{{.*}} : <?x?xf64> -> <?x?xf64>
// LOWER-LABEL: func.func @ops
// LOWER-NOT: ptensor.
// LOWER: tensor.extract_slice
// LOWER-NOT: ptensor.
// LOWER: return
func.func @ops(%x: !ptensor.ptensor<?x?xf64>, %v: f64) -> (!ptensor.ptensor<?x?xf64>, !ptensor.ptensor<?x?xf64>, !ptensor.ptensor<?x?xf64>, !ptensor.ptensor<?x?xi32>, !ptensor.ptensor<?x?xf64>) {
  %e = ptensor.expand_dims %x axis = 1 : !ptensor.ptensor<?x?xf64> -> !ptensor.ptensor<?x1x?xf64>
  %s = ptensor.squeeze %e axes = [1] : !ptensor.ptensor<?x1x?xf64> -> !ptensor.ptensor<?x?xf64>
  %t = ptensor.matrix_transpose %s : !ptensor.ptensor<?x?xf64> -> !ptensor.ptensor<?x?xf64>
  %f = ptensor.flip %t axes = [0, 1] : !ptensor.ptensor<?x?xf64>
  %c = ptensor.create_like %x value %v : f64 : !ptensor.ptensor<?x?xf64> -> !ptensor.ptensor<?x?xi32>
  %u = ptensor.create_like %x : !ptensor.ptensor<?x?xf64> -> !ptensor.ptensor<?x?xf64>
  return %s, %t, %f, %c, %u : !ptensor.ptensor<?x?xf64>, !ptensor.ptensor<?x?xf64>, !ptensor.ptensor<?x?xf64>, !ptensor.ptensor<?x?xi32>, !ptensor.ptensor<?x?xf64>
}
