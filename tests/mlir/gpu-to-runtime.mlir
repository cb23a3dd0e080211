// RUN: %ptensor-opt %s --pass-pipeline='builtin.module(func.func(scf-parallel-loop-tiling{parallel-loop-tile-sizes=256 no-min-max-bounds=true},gpu-map-parallel-loops,convert-parallel-loops-to-gpu),gpu-decompose-memrefs,gpu-kernel-outlining,lower-affine,ptensor-gpu-to-runtime{device=2})' | %FileCheck %s
// A parallel loop becomes a kernel: its SPIR-V binary a constant global, its module slot a
// zero-initialized word, its launch a call of ptensor_gpu_launch with the device index, the
// grid and block sizes and the operands as 64-bit words with their sizes (0: a pointer).

// CHECK-NOT: gpu.module
// CHECK: func.func private @ptensor_gpu_launch(i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64)
// CHECK-DAG: memref.global "private" constant @__ptensor_gpu_axpy_kernel_spirv : memref<{{[0-9]+}}xi8> = dense<"0x03022307
// CHECK-DAG: memref.global "private" @__ptensor_gpu_axpy_kernel_module : memref<1xi64> = dense<0>
// CHECK-DAG: memref.global "private" constant @__ptensor_gpu_axpy_kernel_axpy_kernel_name : memref<12xi8>
// CHECK-LABEL: func.func @axpy
// CHECK-DAG: %[[DEV:.*]] = arith.constant 2 : i64
// CHECK-DAG: %[[WORDS:.*]] = memref.alloca() : memref<8xi64>
// CHECK-DAG: %[[SIZES:.*]] = memref.alloca() : memref<8xi64>
// CHECK-DAG: %[[A:.*]] = arith.bitcast %arg0 : f64 to i64
// CHECK: call @ptensor_gpu_launch(%[[DEV]], {{.*}}) : (i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64) -> ()
// CHECK-NOT: gpu.launch_func
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

// What stays on the host (a loop nest the kernels did not take, a library call) is counted
// when it runs: a call of ptensor_gpu_host_work(0: loop nest, 1: library call) before each
// outermost host loop and each ptensor_custom_call; none inside the loop, none for launches.
// CHECK-LABEL: func.func @host_work
// CHECK: %[[LOOP:.*]] = arith.constant 0 : i64
// CHECK-NEXT: call @ptensor_gpu_host_work(%[[LOOP]]) : (i64) -> ()
// CHECK-NEXT: scf.for
// CHECK-NOT: ptensor_gpu_host_work
// CHECK: %[[CALL:.*]] = arith.constant 1 : i64
// CHECK-NEXT: call @ptensor_gpu_host_work(%[[CALL]]) : (i64) -> ()
// CHECK-NEXT: call @ptensor_custom_call
// CHECK-NOT: ptensor_gpu_host_work
// CHECK: return
func.func private @ptensor_custom_call(i64)
func.func @host_work(%x: memref<?xf64>, %s: memref<f64>, %t: i64) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = memref.dim %x, %c0 : memref<?xf64>
  scf.for %i = %c0 to %n step %c1 {
    %xi = memref.load %x[%i] : memref<?xf64>
    %a = memref.load %s[] : memref<f64>
    %b = arith.addf %a, %xi : f64
    memref.store %b, %s[] : memref<f64>
  }
  call @ptensor_custom_call(%t) : (i64) -> ()
  return
}

// Launches only queue their kernels: the host waits (ptensor_gpu_wait with the device) before
// it reads or writes memory after a launch, once until the next launch; none between
// launches, none before a function's first launch, none at its end (the JIT waits there). A
// host loop that launches kernels gets its waits inside: after its launch, and at the start of
// its body (a launch of the iteration before may be queued; a wait with nothing queued
// returns at once).
// CHECK-LABEL: func.func @queued
// CHECK-NOT: call @ptensor_gpu_wait
// CHECK: call @ptensor_gpu_launch
// CHECK-NOT: call @ptensor_gpu_wait
// CHECK: call @ptensor_gpu_launch
// CHECK-NEXT: %[[D1:.*]] = arith.constant 2 : i64
// CHECK-NEXT: call @ptensor_gpu_wait(%[[D1]]) : (i64) -> ()
// CHECK-NEXT: memref.load
// CHECK-NEXT: memref.store
// CHECK: call @ptensor_gpu_host_work
// CHECK-NEXT: scf.for
// CHECK-NEXT: arith.constant 2 : i64
// CHECK-NEXT: call @ptensor_gpu_wait
// CHECK-NEXT: memref.load %arg1
// CHECK-NOT: call @ptensor_gpu_wait
// CHECK: call @ptensor_gpu_launch
// CHECK: %[[D2:.*]] = arith.constant 2 : i64
// CHECK-NEXT: call @ptensor_gpu_wait(%[[D2]]) : (i64) -> ()
// CHECK-NEXT: memref.load
// CHECK-NOT: call @ptensor_gpu_wait
// CHECK: return
func.func @queued(%x: memref<?xf64>, %s: memref<f64>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %n = memref.dim %x, %c0 : memref<?xf64>
  %two = arith.constant 2.0 : f64
  scf.parallel (%i) = (%c0) to (%n) step (%c1) {
    memref.store %two, %x[%i] : memref<?xf64>
    scf.reduce
  }
  scf.parallel (%i) = (%c0) to (%n) step (%c1) {
    %xi = memref.load %x[%i] : memref<?xf64>
    %d = arith.addf %xi, %xi : f64
    memref.store %d, %x[%i] : memref<?xf64>
    scf.reduce
  }
  %x0 = memref.load %x[%c0] : memref<?xf64>
  memref.store %x0, %s[] : memref<f64>
  scf.for %k = %c0 to %c4 step %c1 {
    %a = memref.load %s[] : memref<f64>
    scf.parallel (%i) = (%c0) to (%n) step (%c1) {
      memref.store %a, %x[%i] : memref<?xf64>
      scf.reduce
    }
    %b = memref.load %x[%c0] : memref<?xf64>
    %c = arith.addf %a, %b : f64
    memref.store %c, %s[] : memref<f64>
  }
  return
}

// Host stores into memory no queued kernel was given need no wait: a result buffer the
// runtime allocated (ptensor.fresh) and a small allocation (moved to the function's start,
// before any buffer was freed); a store into memory a queued kernel has, a load from a
// non-fresh argument, and a store after a kernel that had the fresh buffer wait.
// CHECK-LABEL: func.func @private_stores
// CHECK-SAME: %arg1: memref<f64>)
// CHECK-NEXT: %alloc = memref.alloc() : memref<f64>
// CHECK: call @ptensor_gpu_launch
// CHECK-NOT: call @ptensor_gpu_wait
// CHECK: memref.store %{{.*}}, %arg1[]
// CHECK-NOT: call @ptensor_gpu_wait
// CHECK: memref.store %{{.*}}, %alloc[]
// CHECK-NEXT: arith.constant 2 : i64
// CHECK-NEXT: call @ptensor_gpu_wait
// CHECK-NEXT: memref.store %{{.*}}, %arg0
// CHECK: call @ptensor_gpu_launch
// CHECK-NEXT: arith.constant 2 : i64
// CHECK-NEXT: call @ptensor_gpu_wait
// CHECK-NEXT: memref.store %{{.*}}, %arg1[]
// CHECK: return
func.func @private_stores(%x: memref<?xf64>, %out: memref<f64> {ptensor.fresh}) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = memref.dim %x, %c0 : memref<?xf64>
  %two = arith.constant 2.0 : f64
  %zero = arith.constant 0.0 : f64
  scf.parallel (%i) = (%c0) to (%n) step (%c1) {
    memref.store %two, %x[%i] : memref<?xf64>
    scf.reduce
  }
  memref.store %zero, %out[] : memref<f64>
  %t = memref.alloc() : memref<f64>
  memref.store %zero, %t[] : memref<f64>
  memref.store %zero, %x[%c0] : memref<?xf64>
  scf.parallel (%i) = (%c0) to (%c1) step (%c1) {
    %a = memref.load %t[] : memref<f64>
    %b = memref.load %x[%i] : memref<?xf64>
    %c = arith.addf %a, %b : f64
    memref.store %c, %out[] : memref<f64>
    scf.reduce
  }
  memref.store %two, %out[] : memref<f64>
  memref.dealloc %t : memref<f64>
  return
}

// An op whose regions only launch (and allocate and free: no host memory access of its own)
// still queues its kernels: the host copy of the memory they wrote, after it, waits (a
// matmul's result read through a reshape after an scf.if of split-reduction launches was
// read before its kernels ran).
// CHECK-LABEL: func.func @launches_in_a_branch
// CHECK: scf.if
// CHECK: call @ptensor_gpu_launch
// CHECK: }
// CHECK-NEXT: memref.reshape
// CHECK-NEXT: arith.constant 2 : i64
// CHECK-NEXT: call @ptensor_gpu_wait
// CHECK-NEXT: memref.copy
func.func @launches_in_a_branch(%x: memref<?xf64>, %flag: i1, %out: memref<f64>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = memref.dim %x, %c0 : memref<?xf64>
  %two = arith.constant 2.0 : f64
  %shape = memref.alloca() : memref<0xindex>
  %r = memref.alloc() : memref<1xf64>
  scf.if %flag {
    %t = memref.alloc(%n) : memref<?xf64>
    scf.parallel (%i) = (%c0) to (%c1) step (%c1) {
      memref.store %two, %r[%i] : memref<1xf64>
      scf.reduce
    }
    memref.dealloc %t : memref<?xf64>
  }
  %v = memref.reshape %r(%shape) : (memref<1xf64>, memref<0xindex>) -> memref<f64>
  memref.copy %v, %out : memref<f64> to memref<f64>
  memref.dealloc %r : memref<1xf64>
  return
}
