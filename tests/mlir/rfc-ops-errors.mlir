// RUN: %ptensor-opt %s -split-input-file -verify-diagnostics

func.func @triangle_1d(%x: !ptensor.ptensor<?xf64>) {
  // expected-error @+1 {{source must have at least 2 dimensions}}
  %0 = ptensor.extract_triangle upper %x k = 0 : !ptensor.ptensor<?xf64>
  return
}

// -----

func.func @concat_element(%x: !ptensor.ptensor<?xf64>, %y: !ptensor.ptensor<?xf32>) {
  // expected-error @+1 {{inputs must have the result's element type (cast them first)}}
  %0 = ptensor.combine concat (%x, %y) axis = 0 : (!ptensor.ptensor<?xf64>, !ptensor.ptensor<?xf32>) -> !ptensor.ptensor<?xf64>
  return
}

// -----

func.func @concat_rank(%x: !ptensor.ptensor<?xf64>, %y: !ptensor.ptensor<?x?xf64>) {
  // expected-error @+1 {{inputs must have one rank}}
  %0 = ptensor.combine concat (%x, %y) axis = 0 : (!ptensor.ptensor<?xf64>, !ptensor.ptensor<?x?xf64>) -> !ptensor.ptensor<?xf64>
  return
}

// -----

func.func @concat_other_dims(%x: !ptensor.ptensor<2x3xf64>, %y: !ptensor.ptensor<2x4xf64>) {
  // expected-error @+1 {{inputs and result must agree except along axis 0}}
  %0 = ptensor.combine concat (%x, %y) axis = 0 : (!ptensor.ptensor<2x3xf64>, !ptensor.ptensor<2x4xf64>) -> !ptensor.ptensor<4x3xf64>
  return
}

// -----

func.func @concat_total(%x: !ptensor.ptensor<2x3xf64>, %y: !ptensor.ptensor<1x3xf64>) {
  // expected-error @+1 {{result dimension 0 must be 3, got 4}}
  %0 = ptensor.combine concat (%x, %y) axis = 0 : (!ptensor.ptensor<2x3xf64>, !ptensor.ptensor<1x3xf64>) -> !ptensor.ptensor<4x3xf64>
  return
}

// -----

func.func @concat_axis(%x: !ptensor.ptensor<?xf64>) {
  // expected-error @+1 {{axis 1 is out of range for rank 1}}
  %0 = ptensor.combine concat (%x) axis = 1 : (!ptensor.ptensor<?xf64>) -> !ptensor.ptensor<?xf64>
  return
}

// -----

func.func @stack_size(%x: !ptensor.ptensor<?xf64>) {
  // expected-error @+1 {{result must have a new dimension 0 of size 2}}
  %0 = ptensor.combine stack (%x, %x) axis = 0 : (!ptensor.ptensor<?xf64>, !ptensor.ptensor<?xf64>) -> !ptensor.ptensor<3x?xf64>
  return
}

// -----

func.func @roll_lengths(%x: !ptensor.ptensor<?x?xf64>) {
  // expected-error @+1 {{needs one shift per axis, got 1 shifts and 2 axes}}
  %0 = ptensor.roll %x shifts = [1] axes = [0, 1] : !ptensor.ptensor<?x?xf64>
  return
}

// -----

func.func @roll_axis(%x: !ptensor.ptensor<?x?xf64>) {
  // expected-error @+1 {{axis 2 is out of range for rank 2}}
  %0 = ptensor.roll %x shifts = [1] axes = [2] : !ptensor.ptensor<?x?xf64>
  return
}

// -----

func.func @vecdot_shapes(%x: !ptensor.ptensor<3xf64>, %y: !ptensor.ptensor<4xf64>) {
  // expected-error @+1 {{operand shapes differ}}
  %0 = ptensor.vecdot %x, %y axis = 0 : !ptensor.ptensor<3xf64>, !ptensor.ptensor<4xf64> -> !ptensor.ptensor<f64>
  return
}

// -----

func.func @vecdot_result(%x: !ptensor.ptensor<?x?xf64>) {
  // expected-error @+1 {{result must have the source's shape without the reduced axes}}
  %0 = ptensor.vecdot %x, %x axis = 0 : !ptensor.ptensor<?x?xf64>, !ptensor.ptensor<?x?xf64> -> !ptensor.ptensor<?x?xf64>
  return
}

// -----

func.func @find_complex(%x: !ptensor.ptensor<?xcomplex<f64>>) {
  // expected-error @+1 {{complex numbers have no order}}
  %0 = ptensor.find_index argmax %x axis = 0 : !ptensor.ptensor<?xcomplex<f64>> -> !ptensor.ptensor<i64>
  return
}

// -----

func.func @find_result(%x: !ptensor.ptensor<?xf64>) {
  // expected-error @+1 {{result element type must be i64}}
  %0 = ptensor.find_index argmin %x axis = 0 : !ptensor.ptensor<?xf64> -> !ptensor.ptensor<i32>
  return
}

// -----

func.func @test_result(%x: !ptensor.ptensor<?x?xf64>) {
  // expected-error @+1 {{result element type must be i1}}
  %0 = ptensor.test any %x axes = [0, 1] : !ptensor.ptensor<?x?xf64> -> !ptensor.ptensor<i64>
  return
}

// -----

func.func @test_axes(%x: !ptensor.ptensor<?x?xf64>) {
  // expected-error @+1 {{axis 1 is named twice}}
  %0 = ptensor.test all %x axes = [1, 1] : !ptensor.ptensor<?x?xf64> -> !ptensor.ptensor<?xi1>
  return
}

// -----

func.func @sort_axis(%x: !ptensor.ptensor<?xf64>) {
  // expected-error @+1 {{axis 1 is out of range for rank 1}}
  %0 = ptensor.sort %x axis = 1 : !ptensor.ptensor<?xf64>
  return
}

// -----

func.func @argsort_result(%x: !ptensor.ptensor<?xf64>) {
  // expected-error @+1 {{result element type must be i64}}
  %0 = ptensor.argsort %x axis = 0 : !ptensor.ptensor<?xf64> -> !ptensor.ptensor<?xf64>
  return
}

// -----

func.func @tensor_dot_bool(%x: !ptensor.ptensor<?x?xi1>) {
  // expected-error @+1 {{bool operands: cast them to an integer type first}}
  %0 = ptensor.tensor_dot %x, %x axes = [1], [0] : !ptensor.ptensor<?x?xi1>, !ptensor.ptensor<?x?xi1> -> !ptensor.ptensor<?x?xi1>
  return
}

// -----

func.func @tensor_dot_dims(%x: !ptensor.ptensor<2x3xf64>) {
  // expected-error @+1 {{contracted dimensions differ: lhs 1 (3) vs rhs 0 (2)}}
  %0 = ptensor.tensor_dot %x, %x axes = [1], [0] : !ptensor.ptensor<2x3xf64>, !ptensor.ptensor<2x3xf64> -> !ptensor.ptensor<2x3xf64>
  return
}

// -----

func.func @tensor_dot_counts(%x: !ptensor.ptensor<?x?xf64>) {
  // expected-error @+1 {{needs as many lhs axes as rhs axes}}
  %0 = ptensor.tensor_dot %x, %x axes = [1], [] : !ptensor.ptensor<?x?xf64>, !ptensor.ptensor<?x?xf64> -> !ptensor.ptensor<?x?x?xf64>
  return
}

// -----

func.func @tensor_dot_result(%x: !ptensor.ptensor<?x?xf64>) {
  // expected-error @+1 {{result must have lhs's free dimensions, then rhs's}}
  %0 = ptensor.tensor_dot %x, %x axes = [1], [0] : !ptensor.ptensor<?x?xf64>, !ptensor.ptensor<?x?xf64> -> !ptensor.ptensor<?xf64>
  return
}
