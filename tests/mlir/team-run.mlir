// Team ptensors run: --ptensor-pipeline compiles this file once, and the same program runs
// under mpiexec -n 1..4 (mlir-cpu-runner, runtime/dist.c over MPICH); rank 0 prints
// checksums of every result, equal to NumPy's (the expected lines were printed by NumPy for
// the expressions in the comments) for every team size: uneven blocks, empty blocks (3
// rows over 4 ranks), empty slices. The team is MPICH's MPI_COMM_WORLD handle (1140850688).
// RUN: %ptensor-opt %s --ptensor-pipeline -o %t.llvm.mlir
// RUN: mpiexec -n 1 %run-team %t.llvm.mlir | %FileCheck %s
// RUN: mpiexec -n 2 %run-team %t.llvm.mlir | %FileCheck %s
// RUN: mpiexec -n 3 %run-team %t.llvm.mlir | %FileCheck %s
// RUN: mpiexec -n 4 %run-team %t.llvm.mlir | %FileCheck %s

// Expected (NumPy): a = 3 + 7 * np.arange(10), m = np.arange(24).reshape(6, 4); check1(y) prints
// (len(y), y.sum(), (y * np.arange(1, len(y) + 1)).sum()), check2(y) y.shape, y.sum(0),
// (y * np.arange(1, len(y) + 1)[:, None]).sum(0).
!v = !ptensor.ptensor<?xi64, team = 1140850688>
!m = !ptensor.ptensor<?x?xi64, team = 1140850688>
// Compiled programs allocate through these (ptensor's JIT backs them with its buffer pool).
llvm.func @malloc(i64) -> !llvm.ptr
llvm.func @free(!llvm.ptr)
llvm.func @_mlir_memref_to_llvm_alloc(%n: i64) -> !llvm.ptr {
  %p = llvm.call @malloc(%n) : (i64) -> !llvm.ptr
  llvm.return %p : !llvm.ptr
}
llvm.func @_mlir_memref_to_llvm_free(%p: !llvm.ptr) {
  llvm.call @free(%p) : (!llvm.ptr) -> ()
  llvm.return
}

func.func private @ptensor_dist_init() -> i32
func.func private @ptensor_dist_finalize()
func.func private @ptensor_dist_rank(i64) -> i32
func.func private @printI64(i64)
func.func private @printOpen()
func.func private @printComma()
func.func private @printClose()
func.func private @printNewline()

// On rank 0: "( x0, x1, ... )".
func.func @show(%x: tensor<?xi64>) {
  %team = arith.constant 1140850688 : i64
  %r = func.call @ptensor_dist_rank(%team) : (i64) -> i32
  %z = arith.constant 0 : i32
  %is0 = arith.cmpi eq, %r, %z : i32
  scf.if %is0 {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %n = tensor.dim %x, %c0 : tensor<?xi64>
    func.call @printOpen() : () -> ()
    scf.for %i = %c0 to %n step %c1 {
      %e = tensor.extract %x[%i] : tensor<?xi64>
      %more = arith.cmpi ugt, %i, %c0 : index
      scf.if %more {
        func.call @printComma() : () -> ()
      }
      func.call @printI64(%e) : (i64) -> ()
    }
    func.call @printClose() : () -> ()
    func.call @printNewline() : () -> ()
  }
  return
}

// ( n, sum(y), sum(y * [1..n]) )
func.func @check1(%y: !v) {
  %n = ptensor.size %y : !v
  %c1 = arith.constant 1 : i64
  %w = ptensor.arange %c1, %c1, %n : i64 -> !v
  %z = ptensor.elementwise_binary_op multiply %y, %w : !v, !v -> !v
  %s = ptensor.reduce sum %y axes = [0] acc = i64 : !v -> !ptensor.ptensor<i64>
  %ws = ptensor.reduce sum %z axes = [0] acc = i64 : !v -> !ptensor.ptensor<i64>
  %st = ptensor.to_ranked %s : !ptensor.ptensor<i64> -> tensor<i64>
  %wst = ptensor.to_ranked %ws : !ptensor.ptensor<i64> -> tensor<i64>
  %a = tensor.extract %st[] : tensor<i64>
  %b = tensor.extract %wst[] : tensor<i64>
  %n64 = arith.index_cast %n : index to i64
  %t = tensor.from_elements %n64, %a, %b : tensor<3xi64>
  %d = tensor.cast %t : tensor<3xi64> to tensor<?xi64>
  func.call @show(%d) : (tensor<?xi64>) -> ()
  return
}

// ( n, m ), then the column sums of y and of y * [1..n][:, None]
func.func @check2(%y: !m) {
  %sh = ptensor.shape %y : !m -> tensor<2xindex>
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = tensor.extract %sh[%c0] : tensor<2xindex>
  %m = tensor.extract %sh[%c1] : tensor<2xindex>
  %one = arith.constant 1 : i64
  %w = ptensor.arange %one, %one, %n : i64 -> !v
  %wb = ptensor.broadcast %w(%n, %m) dims = [0] : !v -> !m
  %z = ptensor.elementwise_binary_op multiply %y, %wb : !m, !m -> !m
  %s = ptensor.reduce sum %y axes = [0] acc = i64 : !m -> !ptensor.ptensor<?xi64>
  %ws = ptensor.reduce sum %z axes = [0] acc = i64 : !m -> !ptensor.ptensor<?xi64>
  %n64 = arith.index_cast %n : index to i64
  %m64 = arith.index_cast %m : index to i64
  %t = tensor.from_elements %n64, %m64 : tensor<2xi64>
  %d = tensor.cast %t : tensor<2xi64> to tensor<?xi64>
  func.call @show(%d) : (tensor<?xi64>) -> ()
  %st = ptensor.to_ranked %s : !ptensor.ptensor<?xi64> -> tensor<?xi64>
  func.call @show(%st) : (tensor<?xi64>) -> ()
  %wst = ptensor.to_ranked %ws : !ptensor.ptensor<?xi64> -> tensor<?xi64>
  func.call @show(%wst) : (tensor<?xi64>) -> ()
  return
}

func.func @main() {
  %i = func.call @ptensor_dist_init() : () -> i32
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %c5 = arith.constant 5 : index
  %c6 = arith.constant 6 : index
  %c7 = arith.constant 7 : index
  %c8 = arith.constant 8 : index
  %c9 = arith.constant 9 : index
  %c10 = arith.constant 10 : index
  %c12 = arith.constant 12 : index
  %c24 = arith.constant 24 : index
  %cm2 = arith.constant -2 : index
  %cm3 = arith.constant -3 : index
  %i0 = arith.constant 0 : i64
  %i1 = arith.constant 1 : i64
  %i3 = arith.constant 3 : i64
  %i7 = arith.constant 7 : i64
  %i50 = arith.constant 50 : i64
  %i100 = arith.constant 100 : i64
  // a = 3 + 7 * arange(10)
  %a = ptensor.arange %i3, %i7, %c10 : i64 -> !v
  // CHECK: ( 10, 345, 2475 )
  func.call @check1(%a) : (!v) -> ()
  // a[1:9], a[9::-3], a[2::3], a[5:5]
  %s1 = ptensor.extract_slice %a[%c1][%c8][%c1] dropped = [] : !v -> !v
  // CHECK-NEXT: ( 8, 276, 1536 )
  func.call @check1(%s1) : (!v) -> ()
  %s2 = ptensor.extract_slice %a[%c9][%c4][%cm3] dropped = [] : !v -> !v
  // CHECK-NEXT: ( 4, 138, 240 )
  func.call @check1(%s2) : (!v) -> ()
  %s3 = ptensor.extract_slice %a[%c2][%c3][%c3] dropped = [] : !v -> !v
  // CHECK-NEXT: ( 3, 114, 270 )
  func.call @check1(%s3) : (!v) -> ()
  %s4 = ptensor.extract_slice %a[%c5][%c0][%c1] dropped = [] : !v -> !v
  // CHECK-NEXT: ( 0, 0, 0 )
  func.call @check1(%s4) : (!v) -> ()
  // d = zeros(10); d[8::-2] = 100 + arange(5); d[1:8:3] = 50 + arange(3)
  %d = ptensor.create(%c10) value %i0 : i64 : !v
  %u1 = ptensor.arange %i100, %i1, %c5 : i64 -> !v
  %d1 = ptensor.insert_slice %u1 into %d[%c8][%c5][%cm2] dropped = [] : !v into !v
  // CHECK-NEXT: ( 10, 510, 2530 )
  func.call @check1(%d1) : (!v) -> ()
  %u2 = ptensor.arange %i50, %i1, %c3 : i64 -> !v
  %d2 = ptensor.insert_slice %u2 into %d1[%c1][%c3][%c3] dropped = [] : !v into !v
  // CHECK-NEXT: ( 10, 561, 2791 )
  func.call @check1(%d2) : (!v) -> ()
  // m = arange(24).reshape(6, 4)
  %f = ptensor.arange %i0, %i1, %c24 : i64 -> !v
  %mm = ptensor.reshape %f(%c6, %c4) : !v -> !m
  // CHECK-NEXT: ( 6, 4 )
  // CHECK-NEXT: ( 60, 66, 72, 78 )
  // CHECK-NEXT: ( 280, 301, 322, 343 )
  func.call @check2(%mm) : (!m) -> ()
  // m[1:5, 1:4:2]
  %ms = ptensor.extract_slice %mm[%c1, %c1][%c4, %c2][%c1, %c2] dropped = [] : !m -> !m
  // CHECK-NEXT: ( 4, 2 )
  // CHECK-NEXT: ( 44, 52 )
  // CHECK-NEXT: ( 130, 150 )
  func.call @check2(%ms) : (!m) -> ()
  // m.T, m.T.reshape(8, 3)
  %mt = ptensor.permute_dims %mm perm = [1, 0] : !m -> !m
  // CHECK-NEXT: ( 4, 6 )
  // CHECK-NEXT: ( 6, 22, 38, 54, 70, 86 )
  // CHECK-NEXT: ( 20, 60, 100, 140, 180, 220 )
  func.call @check2(%mt) : (!m) -> ()
  %mr = ptensor.reshape %mt(%c8, %c3) : !m -> !m
  // CHECK-NEXT: ( 8, 3 )
  // CHECK-NEXT: ( 60, 92, 124 )
  // CHECK-NEXT: ( 314, 458, 602 )
  func.call @check2(%mr) : (!m) -> ()
  // m @ arange(12).reshape(4, 3)
  %g = ptensor.arange %i0, %i1, %c12 : i64 -> !v
  %b = ptensor.reshape %g(%c4, %c3) : !v -> !m
  %p = ptensor.matmul %mm, %b : !m, !m -> !m
  // CHECK-NEXT: ( 6, 3 )
  // CHECK-NEXT: ( 1332, 1608, 1884 )
  // CHECK-NEXT: ( 5922, 7168, 8414 )
  func.call @check2(%p) : (!m) -> ()
  // broadcast_to(a[:, None], (10, 3))
  %ab = ptensor.broadcast %a(%c10, %c3) dims = [0] : !v -> !m
  // CHECK-NEXT: ( 10, 3 )
  // CHECK-NEXT: ( 345, 345, 345 )
  // CHECK-NEXT: ( 2475, 2475, 2475 )
  func.call @check2(%ab) : (!m) -> ()
  // z = zeros((6, 4)); z[4::-2, 1:3] = arange(6).reshape(3, 2)
  %zz = ptensor.create(%c6, %c4) value %i0 : i64 : !m
  %h = ptensor.arange %i0, %i1, %c6 : i64 -> !v
  %hr = ptensor.reshape %h(%c3, %c2) : !v -> !m
  %zi = ptensor.insert_slice %hr into %zz[%c4, %c1][%c3, %c2][%cm2, %c1] dropped = [] : !m into !m
  // CHECK-NEXT: ( 6, 4 )
  // CHECK-NEXT: ( 0, 6, 9, 0 )
  // CHECK-NEXT: ( 0, 10, 19, 0 )
  func.call @check2(%zi) : (!m) -> ()
  // m[2], m[4, 1::2], and a[7] broadcast to (3,) (a 0-d result is every rank's)
  %r1 = ptensor.extract_slice %mm[%c2, %c0][%c1, %c4][%c1, %c1] dropped = [0] : !m -> !v
  // CHECK-NEXT: ( 4, 38, 100 )
  func.call @check1(%r1) : (!v) -> ()
  %r2 = ptensor.extract_slice %mm[%c4, %c1][%c1, %c2][%c1, %c2] dropped = [0] : !m -> !v
  // CHECK-NEXT: ( 2, 36, 55 )
  func.call @check1(%r2) : (!v) -> ()
  %e = ptensor.extract_slice %a[%c7][%c1][%c1] dropped = [0] : !v -> !ptensor.ptensor<i64, team = 1140850688>
  %eb = ptensor.broadcast %e(%c3) dims = [] : !ptensor.ptensor<i64, team = 1140850688> -> !v
  // CHECK-NEXT: ( 3, 156, 312 )
  func.call @check1(%eb) : (!v) -> ()
  // broadcast_to(a, (3, 10))
  %al = ptensor.broadcast %a(%c3, %c10) dims = [1] : !v -> !m
  // CHECK-NEXT: ( 3, 10 )
  // CHECK-NEXT: ( 9, 30, 51, 72, 93, 114, 135, 156, 177, 198 )
  // CHECK-NEXT: ( 18, 60, 102, 144, 186, 228, 270, 312, 354, 396 )
  func.call @check2(%al) : (!m) -> ()
  // a[[9, 7, 5, 3, 1]], m[:, [3, 2, 1]]
  %i9 = arith.constant 9 : i64
  %im2 = arith.constant -2 : i64
  %im1 = arith.constant -1 : i64
  %ix = ptensor.arange %i9, %im2, %c5 : i64 -> !v
  %tk = ptensor.take %a[%ix] axis = 0 : !v, !v -> !v
  // CHECK-NEXT: ( 5, 190, 430 )
  func.call @check1(%tk) : (!v) -> ()
  %iy = ptensor.arange %i3, %im1, %c3 : i64 -> !v
  %tk2 = ptensor.take %mm[%iy] axis = 1 : !m, !v -> !m
  // CHECK-NEXT: ( 6, 3 )
  // CHECK-NEXT: ( 78, 72, 66 )
  // CHECK-NEXT: ( 343, 322, 301 )
  func.call @check2(%tk2) : (!m) -> ()
  // np.searchsorted(a, 5 * np.arange(8))
  %i5 = arith.constant 5 : i64
  %vals = ptensor.arange %i0, %i5, %c8 : i64 -> !v
  %ss = ptensor.searchsorted %a, %vals right = false : !v, !v -> !v
  // CHECK-NEXT: ( 8, 20, 120 )
  func.call @check1(%ss) : (!v) -> ()
  // z = zeros(10); z[[9, 5, 1]] = [100, 110, 120] (scatter)
  %i9s = arith.constant 9 : i64
  %im4 = arith.constant -4 : i64
  %i10 = arith.constant 10 : i64
  %sx = ptensor.arange %i9s, %im4, %c3 : i64 -> !v
  %su = ptensor.arange %i100, %i10, %c3 : i64 -> !v
  %sc = ptensor.scatter %d[%sx] = %su : !v, !v, !v -> !v
  // CHECK-NEXT: ( 10, 330, 1900 )
  func.call @check1(%sc) : (!v) -> ()
  // m[3] = -1 - arange(4); m[4] (take of one index)
  %rowv = ptensor.arange %im1, %im1, %c4 : i64 -> !v
  %mi = ptensor.insert_slice %rowv into %mm[%c3, %c0][%c1, %c4][%c1, %c1] dropped = [0] : !v into !m
  // CHECK-NEXT: ( 6, 4 )
  // CHECK-NEXT: ( 47, 51, 55, 59 )
  // CHECK-NEXT: ( 228, 241, 254, 267 )
  func.call @check2(%mi) : (!m) -> ()
  %i4 = arith.constant 4 : i64
  %four = ptensor.create() value %i4 : i64 : !ptensor.ptensor<i64, team = 1140850688>
  %tr = ptensor.take %mm[%four] axis = 0 : !m, !ptensor.ptensor<i64, team = 1140850688> -> !v
  // CHECK-NEXT: ( 4, 70, 180 )
  func.call @check1(%tr) : (!v) -> ()
  func.call @ptensor_dist_finalize() : () -> ()
  return
}
