// Invalid forms of the RFC's ops of data-dependent size (Ops.td; verifiers in
// Dialect/PTensor/RfcOps.cpp).
// RUN: %ptensor-opt %s -split-input-file -verify-diagnostics

func.func @mask_not_bool(%x: !ptensor.ptensor<?xf64>, %m: !ptensor.ptensor<?xi8>) {
  // expected-error @+1 {{mask must be i1}}
  %0 = ptensor.extract_mask %x[%m] : !ptensor.ptensor<?xf64>, !ptensor.ptensor<?xi8> -> !ptensor.ptensor<?xf64>
  return
}

// -----

func.func @mask_shape(%x: !ptensor.ptensor<4x3xf64>, %m: !ptensor.ptensor<3xi1>) {
  // expected-error @+1 {{mask must have source's leading dimensions}}
  %0 = ptensor.extract_mask %x[%m] : !ptensor.ptensor<4x3xf64>, !ptensor.ptensor<3xi1> -> !ptensor.ptensor<?x3xf64>
  return
}

// -----

func.func @mask_rank(%x: !ptensor.ptensor<?xf64>, %m: !ptensor.ptensor<?x?xi1>) {
  // expected-error @+1 {{mask must have source's leading dimensions}}
  %0 = ptensor.extract_mask %x[%m] : !ptensor.ptensor<?xf64>, !ptensor.ptensor<?x?xi1> -> !ptensor.ptensor<?xf64>
  return
}

// -----

func.func @mask_result(%x: !ptensor.ptensor<?x3xf64>, %m: !ptensor.ptensor<?xi1>) {
  // expected-error @+1 {{result must be [count, source's dimensions after the mask's]}}
  %0 = ptensor.extract_mask %x[%m] : !ptensor.ptensor<?x3xf64>, !ptensor.ptensor<?xi1> -> !ptensor.ptensor<?x4xf64>
  return
}

// -----

func.func @mask_element(%x: !ptensor.ptensor<?xf64>, %m: !ptensor.ptensor<?xi1>) {
  // expected-error @+1 {{element type}}
  %0 = ptensor.extract_mask %x[%m] : !ptensor.ptensor<?xf64>, !ptensor.ptensor<?xi1> -> !ptensor.ptensor<?xf32>
  return
}

// -----

func.func @nonzero_0d(%x: !ptensor.ptensor<f64>) {
  // expected-error @+1 {{source must have at least one dimension}}
  %0 = ptensor.nonzero %x : !ptensor.ptensor<f64> -> !ptensor.ptensor<?xi64>
  return
}

// -----

func.func @nonzero_count(%x: !ptensor.ptensor<?x?xf64>) {
  // expected-error @+1 {{needs one result per dimension of the source (2), got 1}}
  %0 = ptensor.nonzero %x : !ptensor.ptensor<?x?xf64> -> !ptensor.ptensor<?xi64>
  return
}

// -----

func.func @nonzero_type(%x: !ptensor.ptensor<?xf64>) {
  // expected-error @+1 {{results must be 1-D i64}}
  %0 = ptensor.nonzero %x : !ptensor.ptensor<?xf64> -> !ptensor.ptensor<?xi32>
  return
}

// -----

func.func @nonzero_sizes(%x: !ptensor.ptensor<?x?xf64>) {
  // expected-error @+1 {{results must have one size, got 2 and 3}}
  %0:2 = ptensor.nonzero %x : !ptensor.ptensor<?x?xf64> -> !ptensor.ptensor<2xi64>, !ptensor.ptensor<3xi64>
  return
}

// -----

func.func @unique_values_type(%x: !ptensor.ptensor<?xf64>) {
  // expected-error @+1 {{values must be 1-D of the source's element type}}
  %0 = ptensor.unique_values %x : !ptensor.ptensor<?xf64> -> !ptensor.ptensor<?xf32>
  return
}

// -----

func.func @unique_counts_type(%x: !ptensor.ptensor<?xf64>) {
  // expected-error @+1 {{indices, counts and values must be 1-D i64}}
  %0:2 = ptensor.unique_counts %x : !ptensor.ptensor<?xf64> -> !ptensor.ptensor<?xf64>, !ptensor.ptensor<?xi32>
  return
}

// -----

func.func @unique_counts_size(%x: !ptensor.ptensor<?xf64>) {
  // expected-error @+1 {{indices, counts and values must have one size, got 2 and 3}}
  %0:2 = ptensor.unique_counts %x : !ptensor.ptensor<?xf64> -> !ptensor.ptensor<3xf64>, !ptensor.ptensor<2xi64>
  return
}

// -----

func.func @unique_inverse_shape(%x: !ptensor.ptensor<4x3xf64>) {
  // expected-error @+1 {{inverse indices must be i64 of the source's shape}}
  %0:2 = ptensor.unique_inverse %x : !ptensor.ptensor<4x3xf64> -> !ptensor.ptensor<?xf64>, !ptensor.ptensor<12xi64>
  return
}

// -----

func.func @unique_all_team(%x: !ptensor.ptensor<?xf64, team = 1>) {
  // expected-error @+1 {{operands belong to different teams}}
  %0:4 = ptensor.unique_all %x : !ptensor.ptensor<?xf64, team = 1> -> !ptensor.ptensor<?xf64>, !ptensor.ptensor<?xi64>, !ptensor.ptensor<?xi64>, !ptensor.ptensor<?xi64>
  return
}

// -----

func.func @from_dlpack_team(%a: i64) {
  // expected-error @+1 {{makes a local tensor: the result cannot have a team}}
  %0 = ptensor.from_dlpack %a : !ptensor.ptensor<?xf64, team = 1>
  return
}

// -----

func.func @from_dlpack_address(%a: i32) {
  // expected-error @+1 {{operand #0 must be 64-bit signless integer}}
  %0 = "ptensor.from_dlpack"(%a) : (i32) -> !ptensor.ptensor<?xf64>
  return
}
