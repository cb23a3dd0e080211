// RUN: %ptensor-opt %s --split-input-file --verify-diagnostics --pass-pipeline='builtin.module(func.func(scf-parallel-loop-tiling{parallel-loop-tile-sizes=256 no-min-max-bounds=true},gpu-map-parallel-loops,convert-parallel-loops-to-gpu),gpu-decompose-memrefs,gpu-kernel-outlining,lower-affine,ptensor-gpu-to-runtime{device=0})' | %FileCheck %s
// Complex numbers in kernels (KernelComplex.cpp): libm's cexp becomes a formula, complex
// arrays arrays of their parts, and a complex scalar operand two words (its parts as i64).

// CHECK-NOT: gpu.module
// CHECK-LABEL: func.func @scale_exp
// CHECK-DAG: %[[RE:.*]] = complex.re %arg0 : complex<f64>
// CHECK-DAG: %[[IM:.*]] = complex.im %arg0 : complex<f64>
// CHECK-DAG: arith.bitcast %[[RE]] : f64 to i64
// CHECK-DAG: arith.bitcast %[[IM]] : f64 to i64
// CHECK: call @ptensor_gpu_launch
// CHECK-NOT: call @cexp
func.func private @cexp(complex<f64>) -> complex<f64>
func.func @scale_exp(%a: complex<f64>, %x: memref<?xcomplex<f64>>, %y: memref<?xcomplex<f64>>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = memref.dim %x, %c0 : memref<?xcomplex<f64>>
  scf.parallel (%i) = (%c0) to (%n) step (%c1) {
    %xi = memref.load %x[%i] : memref<?xcomplex<f64>>
    %e = func.call @cexp(%xi) : (complex<f64>) -> complex<f64>
    %p = complex.mul %e, %a : complex<f64>
    memref.store %p, %y[%i] : memref<?xcomplex<f64>>
    scf.reduce
  }
  return
}

// -----

// A complex loop-carried value (a split complex sum's partial result) becomes its two parts.
// CHECK-LABEL: func.func @complex_loop
// CHECK: call @ptensor_gpu_launch
func.func @complex_loop(%x: memref<?xcomplex<f64>>, %y: memref<?xcomplex<f64>>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = memref.dim %x, %c0 : memref<?xcomplex<f64>>
  scf.parallel (%i) = (%c0) to (%n) step (%c1) {
    %z = memref.load %x[%i] : memref<?xcomplex<f64>>
    %s = scf.for %k = %c0 to %n step %c1 iter_args(%acc = %z) -> complex<f64> {
      %t = complex.add %acc, %z : complex<f64>
      scf.yield %t : complex<f64>
    }
    memref.store %s, %y[%i] : memref<?xcomplex<f64>>
    scf.reduce
  }
  return
}

// -----

// A complex value a kernel cannot take yet is a clear error, not a crash.
func.func @complex_while(%x: memref<?xcomplex<f64>>, %y: memref<?xcomplex<f64>>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = memref.dim %x, %c0 : memref<?xcomplex<f64>>
  scf.parallel (%i) = (%c0) to (%n) step (%c1) {
    %z = memref.load %x[%i] : memref<?xcomplex<f64>>
    // expected-error@+1 {{GPU kernels: complex values in 'scf.while' are not supported yet}}
    %s:2 = scf.while (%acc = %z, %k = %c0) : (complex<f64>, index) -> (complex<f64>, index) {
      %more = arith.cmpi slt, %k, %n : index
      scf.condition(%more) %acc, %k : complex<f64>, index
    } do {
    ^bb0(%a: complex<f64>, %j: index):
      %t = complex.add %a, %z : complex<f64>
      %j1 = arith.addi %j, %c1 : index
      scf.yield %t, %j1 : complex<f64>, index
    }
    memref.store %s#0, %y[%i] : memref<?xcomplex<f64>>
    scf.reduce
  }
  return
}
