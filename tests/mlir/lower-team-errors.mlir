// RUN: %ptensor-opt %s --split-input-file --verify-diagnostics --lower-ptensor -o /dev/null
// Ops on ptensors with a team that --lower-ptensor does not lower (scatter, custom calls,
// assigning or taking a single row of the split axis): ptensor's Python layer records their
// dist ops itself. The verifier keeps reductions over the split axis replicated.

func.func @assign_row(%a: !ptensor.ptensor<?x4xf64, team = 1>, %r: !ptensor.ptensor<4xf64, team = 1>, %i: index) -> !ptensor.ptensor<?x4xf64, team = 1> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  // expected-error @+1 {{on ptensors with a team is not lowered}}
  %0 = ptensor.insert_slice %r into %a[%i, %c0][%c1, %c4][%c1, %c1] dropped = [0] : !ptensor.ptensor<4xf64, team = 1> into !ptensor.ptensor<?x4xf64, team = 1>
  return %0 : !ptensor.ptensor<?x4xf64, team = 1>
}

// -----

func.func @take_row(%a: !ptensor.ptensor<?x3xf64, team = 1>, %i: !ptensor.ptensor<i64, team = 1>) -> !ptensor.ptensor<3xf64, team = 1> {
  // expected-error @+1 {{on ptensors with a team is not lowered}}
  %0 = ptensor.take %a[%i] axis = 0 : !ptensor.ptensor<?x3xf64, team = 1>, !ptensor.ptensor<i64, team = 1> -> !ptensor.ptensor<3xf64, team = 1>
  return %0 : !ptensor.ptensor<3xf64, team = 1>
}

// -----

func.func @scatter(%d: !ptensor.ptensor<?xf64, team = 1>, %i: !ptensor.ptensor<?xi64, team = 1>, %u: !ptensor.ptensor<?xf64, team = 1>) -> !ptensor.ptensor<?xf64, team = 1> {
  // expected-error @+1 {{on ptensors with a team is not lowered}}
  %0 = ptensor.scatter %d[%i] = %u : !ptensor.ptensor<?xf64, team = 1>, !ptensor.ptensor<?xi64, team = 1>, !ptensor.ptensor<?xf64, team = 1> -> !ptensor.ptensor<?xf64, team = 1>
  return %0 : !ptensor.ptensor<?xf64, team = 1>
}

// -----

func.func @reduce_keeps_team(%a: !ptensor.ptensor<?xf64, team = 1>) -> !ptensor.ptensor<f64, team = 1> {
  // expected-error @+1 {{must be replicated (no team)}}
  %0 = ptensor.reduce sum %a axes = [0] acc = f64 : !ptensor.ptensor<?xf64, team = 1> -> !ptensor.ptensor<f64, team = 1>
  return %0 : !ptensor.ptensor<f64, team = 1>
}

// -----

func.func @reduce_drops_team(%a: !ptensor.ptensor<?x2xf64, team = 1>) -> !ptensor.ptensor<?xf64> {
  // expected-error @+1 {{operands belong to different teams}}
  %0 = ptensor.reduce sum %a axes = [1] acc = f64 : !ptensor.ptensor<?x2xf64, team = 1> -> !ptensor.ptensor<?xf64>
  return %0 : !ptensor.ptensor<?xf64>
}
