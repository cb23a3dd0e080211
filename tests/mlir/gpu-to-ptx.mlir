// RUN: rm -rf %t && mkdir -p %t
// RUN: env PTENSOR_DUMP_KERNELS=%t %ptensor-opt %s --pass-pipeline='builtin.module(func.func(scf-parallel-loop-tiling{parallel-loop-tile-sizes=256 no-min-max-bounds=true},gpu-map-parallel-loops,convert-parallel-loops-to-gpu),gpu-decompose-memrefs,gpu-kernel-outlining,lower-affine,ptensor-gpu-to-runtime{device=1 target=nvptx:sm_80})' | %FileCheck %s
// RUN: cat %t/*.ptx | %FileCheck %s --check-prefix=PTX
// RUN: env PTENSOR_LIBDEVICE=%t/none.bc not %ptensor-opt %s --pass-pipeline='builtin.module(func.func(scf-parallel-loop-tiling{parallel-loop-tile-sizes=256 no-min-max-bounds=true},gpu-map-parallel-loops,convert-parallel-loops-to-gpu),gpu-decompose-memrefs,gpu-kernel-outlining,lower-affine,ptensor-gpu-to-runtime{device=1 target=nvptx:sm_80})' 2>&1 | %FileCheck %s --check-prefix=NOLIB
// A parallel loop becomes a CUDA kernel: PTX (NUL-terminated) in a constant global, launched
// through ptensor_gpu_launch with the same operand words as SPIR-V kernels; the kernel takes
// its 0-D memrefs as bare pointers.

// CHECK-NOT: gpu.module
// CHECK-DAG: memref.global "private" constant @__ptensor_gpu_axpy_kernel_ptx : memref<{{[0-9]+}}xi8>
// CHECK-LABEL: func.func @axpy
// CHECK-DAG: %[[DEV:.*]] = arith.constant 1 : i64
// CHECK: call @ptensor_gpu_launch(%[[DEV]], {{.*}})
// PTX: .target sm_80
// PTX: .visible .entry axpy_kernel(
// PTX: .param .f64 axpy_kernel_param_{{[0-9]+}}
// NOLIB: error: PTENSOR_LIBDEVICE names {{.*}}none.bc, which does not exist
func.func @axpy(%a: f64, %x: memref<?xf64>, %y: memref<?xf64>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = memref.dim %x, %c0 : memref<?xf64>
  scf.parallel (%i) = (%c0) to (%n) step (%c1) {
    %xi = memref.load %x[%i] : memref<?xf64>
    %yi = memref.load %y[%i] : memref<?xf64>
    %p = arith.mulf %a, %xi : f64
    %s = arith.addf %p, %yi : f64
    memref.store %s, %y[%i] : memref<?xf64>
    scf.reduce
  }
  return
}

// RUN: not %ptensor-opt %s --pass-pipeline='builtin.module(func.func(scf-parallel-loop-tiling{parallel-loop-tile-sizes=256 no-min-max-bounds=true},gpu-map-parallel-loops,convert-parallel-loops-to-gpu),gpu-decompose-memrefs,gpu-kernel-outlining,lower-affine,ptensor-gpu-to-runtime{device=1 target=vulkan})' 2>&1 | %FileCheck %s --check-prefix=BADTARGET
// BADTARGET: error: GPU kernels: unknown target 'vulkan' (spirv or nvptx:<chip>)
