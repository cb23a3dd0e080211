// RUN: %ptensor-opt %s --lower-ptensor | %FileCheck %s
// RUN: %ptensor-opt %s --ptensor-pipeline | %FileCheck %s --check-prefix=LLVM

// complex<fN> elements: arithmetic in the complex dialect, transcendentals as calls of C99
// libm (declared once, double precision, no memory effects), abs as an overflow-safe hypot.
// CHECK-DAG: func.func private @casin(complex<f64>) -> complex<f64> attributes {memory = #llvm.memory_effects<other = none, argMem = none, inaccessibleMem = none>, no_unwind, will_return}
// CHECK-DAG: func.func private @cpow(complex<f64>, complex<f64>) -> complex<f64>
// CHECK-LABEL: func.func @ops
// CHECK: complex.create %{{.*}}, %{{.*}} : complex<f64>
// CHECK: complex.div
// CHECK: math.sqrt
// CHECK: func.call @casin(%{{.*}}) : (complex<f64>) -> complex<f64>
// CHECK: arith.extf
// CHECK: func.call @cexp
// CHECK: arith.truncf
// Equality: both parts equal.
// CHECK: outs(%{{.*}} : tensor<4xi1>)
// CHECK-NEXT: ^bb0
// CHECK-NEXT: complex.re
// CHECK-NEXT: complex.re
// CHECK-NEXT: arith.cmpf oeq
// CHECK-NEXT: complex.im
// CHECK-NEXT: complex.im
// CHECK-NEXT: arith.cmpf oeq
// CHECK-NEXT: arith.andi
// LLVM-NOT: complex.
// LLVM: llvm.call @casin(%{{.*}}) : (!llvm.struct<(f64, f64)>) -> !llvm.struct<(f64, f64)>
func.func @ops(%a: tensor<4xcomplex<f64>>, %f: tensor<4xcomplex<f32>>, %re: f64, %im: f64, %n: index)
    -> (tensor<4xf64>, tensor<4xcomplex<f64>>, tensor<4xcomplex<f32>>, tensor<4xi1>) {
  %x = ptensor.from_ranked %a : tensor<4xcomplex<f64>> -> !ptensor.ptensor<4xcomplex<f64>>
  %y = ptensor.from_ranked %f : tensor<4xcomplex<f32>> -> !ptensor.ptensor<4xcomplex<f32>>
  %c = ptensor.create(%n) value %re : f64 imag %im : !ptensor.ptensor<4xcomplex<f64>>
  %q = ptensor.elementwise_binary_op divide %x, %c : !ptensor.ptensor<4xcomplex<f64>>, !ptensor.ptensor<4xcomplex<f64>> -> !ptensor.ptensor<4xcomplex<f64>>
  %b = ptensor.elementwise_unary_op abs %q : !ptensor.ptensor<4xcomplex<f64>> -> !ptensor.ptensor<4xf64>
  %s = ptensor.elementwise_unary_op asin %q : !ptensor.ptensor<4xcomplex<f64>> -> !ptensor.ptensor<4xcomplex<f64>>
  %e = ptensor.elementwise_unary_op exp %y : !ptensor.ptensor<4xcomplex<f32>> -> !ptensor.ptensor<4xcomplex<f32>>
  %t = ptensor.elementwise_binary_test equal %s, %x : !ptensor.ptensor<4xcomplex<f64>>, !ptensor.ptensor<4xcomplex<f64>> -> !ptensor.ptensor<4xi1>
  %r0 = ptensor.to_ranked %b : !ptensor.ptensor<4xf64> -> tensor<4xf64>
  %r1 = ptensor.to_ranked %s : !ptensor.ptensor<4xcomplex<f64>> -> tensor<4xcomplex<f64>>
  %r2 = ptensor.to_ranked %e : !ptensor.ptensor<4xcomplex<f32>> -> tensor<4xcomplex<f32>>
  %r3 = ptensor.to_ranked %t : !ptensor.ptensor<4xi1> -> tensor<4xi1>
  return %r0, %r1, %r2, %r3 : tensor<4xf64>, tensor<4xcomplex<f64>>, tensor<4xcomplex<f32>>, tensor<4xi1>
}

// Complex sums start from complex 0 and add in the complex dialect.
// CHECK-LABEL: func.func @sum
// CHECK: linalg.fill
// CHECK: complex.add
func.func @sum(%a: tensor<3x4xcomplex<f32>>) -> tensor<3xcomplex<f64>> {
  %x = ptensor.from_ranked %a : tensor<3x4xcomplex<f32>> -> !ptensor.ptensor<3x4xcomplex<f32>>
  %s = ptensor.reduce sum %x axes = [1] acc = complex<f64> : !ptensor.ptensor<3x4xcomplex<f32>> -> !ptensor.ptensor<3xcomplex<f64>>
  %r = ptensor.to_ranked %s : !ptensor.ptensor<3xcomplex<f64>> -> tensor<3xcomplex<f64>>
  return %r : tensor<3xcomplex<f64>>
}
