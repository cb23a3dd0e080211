// RUN: %ptensor-opt %s -split-input-file -verify-diagnostics

func.func @teams(%a: !ptensor.ptensor<?xf64, team = 1>, %b: !ptensor.ptensor<?xf64, team = 2>) {
  // expected-error @+1 {{operands belong to different teams}}
  %0 = ptensor.elementwise_binary_op add %a, %b : !ptensor.ptensor<?xf64, team = 1>, !ptensor.ptensor<?xf64, team = 2> -> !ptensor.ptensor<?xf64, team = 1>
  return
}

// -----

func.func @devices(%a: !ptensor.ptensor<?xf64, device = "cpu">, %b: !ptensor.ptensor<?xf64, device = "cuda:0">) {
  // expected-error @+1 {{operands live on different devices}}
  %0 = ptensor.elementwise_binary_op add %a, %b : !ptensor.ptensor<?xf64, device = "cpu">, !ptensor.ptensor<?xf64, device = "cuda:0"> -> !ptensor.ptensor<?xf64, device = "cpu">
  return
}

// -----

func.func @shapes(%a: !ptensor.ptensor<3xf64>, %b: !ptensor.ptensor<4xf64>) {
  // expected-error @+1 {{operand shapes differ}}
  %0 = ptensor.elementwise_binary_op add %a, %b : !ptensor.ptensor<3xf64>, !ptensor.ptensor<4xf64> -> !ptensor.ptensor<3xf64>
  return
}

// -----

func.func @dtypes(%a: !ptensor.ptensor<?xf64>, %b: !ptensor.ptensor<?xf32>) {
  // expected-error @+1 {{element types must match}}
  %0 = ptensor.elementwise_binary_op add %a, %b : !ptensor.ptensor<?xf64>, !ptensor.ptensor<?xf32> -> !ptensor.ptensor<?xf64>
  return
}

// -----

func.func @reduce_axes(%a: !ptensor.ptensor<?x?xf64>) {
  // expected-error @+1 {{dropped dims must be increasing}}
  %0 = ptensor.reduce sum %a axes = [1, 0] acc = f64 : !ptensor.ptensor<?x?xf64> -> !ptensor.ptensor<f64>
  return
}

// -----

func.func @nested(%t: tensor<4xf64>) {
  region.device_region "gpu:0" {
    // expected-error @+1 {{must not be nested}}
    region.device_region "gpu:1" {
      region.yield
    }
    region.yield
  }
  return
}

// -----

func.func @collective(%team: i64, %t: tensor<?xf64>) {
  // expected-error @+1 {{needs one result per operand}}
  %r = dist.all_reduce sum %team, %t, %t : tensor<?xf64>, tensor<?xf64> -> tensor<?xf64>
  return
}

// -----

func.func @matmul_contracted(%a: !ptensor.ptensor<3x4xf64>, %b: !ptensor.ptensor<5x2xf64>) {
  // expected-error @+1 {{contracted dimensions differ}}
  %0 = ptensor.matmul %a, %b : !ptensor.ptensor<3x4xf64>, !ptensor.ptensor<5x2xf64> -> !ptensor.ptensor<3x2xf64>
  return
}

// -----

func.func @matmul_bool(%a: !ptensor.ptensor<3x3xi1>) {
  // expected-error @+1 {{bool operands}}
  %0 = ptensor.matmul %a, %a : !ptensor.ptensor<3x3xi1>, !ptensor.ptensor<3x3xi1> -> !ptensor.ptensor<3x3xi1>
  return
}

// -----

func.func @where_cond(%c: !ptensor.ptensor<4xf32>, %a: !ptensor.ptensor<4xf32>) {
  // expected-error @+1 {{condition must have element type i1}}
  %0 = ptensor.where %c, %a, %a : !ptensor.ptensor<4xf32>, !ptensor.ptensor<4xf32>, !ptensor.ptensor<4xf32> -> !ptensor.ptensor<4xf32>
  return
}

// -----

func.func @reshape_size(%a: !ptensor.ptensor<6xf64>, %i: index) {
  // expected-error @+1 {{same number of elements}}
  %0 = ptensor.reshape %a(%i, %i) : !ptensor.ptensor<6xf64> -> !ptensor.ptensor<4x2xf64>
  return
}

// -----

func.func @take_axis(%a: !ptensor.ptensor<?xf64>, %i: !ptensor.ptensor<?xi64>) {
  // expected-error @+1 {{axis 1 out of range for rank 1}}
  %0 = ptensor.take %a[%i] axis = 1 : !ptensor.ptensor<?xf64>, !ptensor.ptensor<?xi64> -> !ptensor.ptensor<?xf64>
  return
}

// -----

func.func @scatter_bool_indices(%d: !ptensor.ptensor<?xf64>, %i: !ptensor.ptensor<?xi1>) {
  // expected-error @+1 {{indices must be integers}}
  %0 = ptensor.scatter %d[%i] = %d : !ptensor.ptensor<?xf64>, !ptensor.ptensor<?xi1>, !ptensor.ptensor<?xf64> -> !ptensor.ptensor<?xf64>
  return
}

// -----

func.func @searchsorted_2d(%s: !ptensor.ptensor<?x?xf64>, %v: !ptensor.ptensor<?xf64>) {
  // expected-error @+1 {{sorted must be one-dimensional}}
  %0 = ptensor.searchsorted %s, %v right = false : !ptensor.ptensor<?x?xf64>, !ptensor.ptensor<?xf64> -> !ptensor.ptensor<?xi64>
  return
}

// -----

func.func @searchsorted_result(%s: !ptensor.ptensor<?xf64>, %v: !ptensor.ptensor<?xf64>) {
  // expected-error @+1 {{must be i64 in the values' shape}}
  %0 = ptensor.searchsorted %s, %v right = false : !ptensor.ptensor<?xf64>, !ptensor.ptensor<?xf64> -> !ptensor.ptensor<?xi32>
  return
}

// -----

func.func @custom_call_sizes(%a: !ptensor.ptensor<?xf64>) {
  // expected-error @+1 {{expects 1 result sizes (one per dynamic result dimension), got 0}}
  %0 = ptensor.custom_call "f"(%a) {backend_config = {}} : (!ptensor.ptensor<?xf64>) -> !ptensor.ptensor<?xf64>
  return
}

// -----

func.func @custom_call_attr(%a: !ptensor.ptensor<4xf64>) {
  // expected-error @+1 {{backend_config entry 'bad' has type}}
  %0 = ptensor.custom_call "f"(%a) {backend_config = {bad = [1, 2]}} : (!ptensor.ptensor<4xf64>) -> !ptensor.ptensor<4xf64>
  return
}

// -----

func.func @custom_call_name(%a: !ptensor.ptensor<4xf64>) {
  // expected-error @+1 {{call_target_name must not be empty}}
  %0 = ptensor.custom_call ""(%a) {backend_config = {}} : (!ptensor.ptensor<4xf64>) -> !ptensor.ptensor<4xf64>
  return
}

// -----

func.func @create_imag_real(%n: index, %v: f64) {
  // expected-error @+1 {{imag needs a value and a complex result}}
  %0 = ptensor.create(%n) value %v : f64 imag %v : !ptensor.ptensor<?xf64>
  return
}
