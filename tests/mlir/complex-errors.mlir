// RUN: %not %ptensor-opt %s --lower-ptensor 2>&1 | %FileCheck %s

// Complex numbers have no order: the lowering names the op and the element type.
// CHECK: elementwise_binary_test less is not defined for element type 'complex<f64>'
func.func @less(%a: !ptensor.ptensor<4xcomplex<f64>>) -> !ptensor.ptensor<4xi1> {
  %0 = ptensor.elementwise_binary_test less %a, %a : !ptensor.ptensor<4xcomplex<f64>>, !ptensor.ptensor<4xcomplex<f64>> -> !ptensor.ptensor<4xi1>
  return %0 : !ptensor.ptensor<4xi1>
}
