// RUN: %ptensor-opt %s --split-input-file --verify-diagnostics --lower-ptensor -o /dev/null
// Ops on ptensors with a team that --lower-ptensor does not lower (custom calls, reshapes
// from or to 0-d): ptensor's Python layer records their dist ops itself. The verifier keeps
// reductions over the split axis replicated.

func.func @custom_call(%a: !ptensor.ptensor<?xf64, team = 1>, %n: index) -> !ptensor.ptensor<?xf64, team = 1> {
  // expected-error @+1 {{on ptensors with a team is not lowered}}
  %r = ptensor.custom_call "my_fn"(%a) sizes(%n) {backend_config = {}} : (!ptensor.ptensor<?xf64, team = 1>) -> (!ptensor.ptensor<?xf64, team = 1>)
  return %r : !ptensor.ptensor<?xf64, team = 1>
}

// -----

func.func @reshape_0d(%a: !ptensor.ptensor<1xf64, team = 1>) -> !ptensor.ptensor<f64, team = 1> {
  // expected-error @+1 {{on ptensors with a team is not lowered}}
  %0 = ptensor.reshape %a() : !ptensor.ptensor<1xf64, team = 1> -> !ptensor.ptensor<f64, team = 1>
  return %0 : !ptensor.ptensor<f64, team = 1>
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
