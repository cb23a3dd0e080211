// RUN: %ptensor-opt %s -split-input-file -verify-diagnostics

func.func @expand_axis(%x: !ptensor.ptensor<?xf64>) {
  // expected-error @+1 {{axis 2 is out of range [0, 1]}}
  %0 = ptensor.expand_dims %x axis = 2 : !ptensor.ptensor<?xf64> -> !ptensor.ptensor<?x1xf64>
  return
}

// -----

func.func @expand_not_one(%x: !ptensor.ptensor<?xf64>) {
  // expected-error @+1 {{result dimension 0 must have static size 1}}
  %0 = ptensor.expand_dims %x axis = 0 : !ptensor.ptensor<?xf64> -> !ptensor.ptensor<?x?xf64>
  return
}

// -----

func.func @squeeze_dynamic(%x: !ptensor.ptensor<?x?xf64>) {
  // expected-error @+1 {{squeezed dimension 1 must have static size 1}}
  %0 = ptensor.squeeze %x axes = [1] : !ptensor.ptensor<?x?xf64> -> !ptensor.ptensor<?xf64>
  return
}

// -----

func.func @squeeze_twice(%x: !ptensor.ptensor<1x1xf64>) {
  // expected-error @+1 {{axis 0 is named twice}}
  %0 = ptensor.squeeze %x axes = [0, 0] : !ptensor.ptensor<1x1xf64> -> !ptensor.ptensor<f64>
  return
}

// -----

func.func @transpose_1d(%x: !ptensor.ptensor<?xf64>) {
  // expected-error @+1 {{source must have at least 2 dimensions}}
  %0 = ptensor.matrix_transpose %x : !ptensor.ptensor<?xf64> -> !ptensor.ptensor<?xf64>
  return
}

// -----

func.func @transpose_shape(%x: !ptensor.ptensor<2x3xf64>) {
  // expected-error @+1 {{result dimensions must be the source's with the last two swapped}}
  %0 = ptensor.matrix_transpose %x : !ptensor.ptensor<2x3xf64> -> !ptensor.ptensor<2x3xf64>
  return
}

// -----

func.func @flip_axis(%x: !ptensor.ptensor<?xf64>) {
  // expected-error @+1 {{axis 1 is out of range for rank 1}}
  %0 = ptensor.flip %x axes = [1] : !ptensor.ptensor<?xf64>
  return
}

// -----

func.func @create_like_shape(%x: !ptensor.ptensor<?x?xf64>) {
  // expected-error @+1 {{result must have the source's shape}}
  %0 = ptensor.create_like %x : !ptensor.ptensor<?x?xf64> -> !ptensor.ptensor<?xf64>
  return
}

// -----

func.func @squeeze_element(%x: !ptensor.ptensor<1xf64>) {
  // expected-error @+1 {{source and result element types must match}}
  %0 = ptensor.squeeze %x axes = [0] : !ptensor.ptensor<1xf64> -> !ptensor.ptensor<f32>
  return
}
