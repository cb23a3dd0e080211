// The RFC's ops expanded into core ops (extract_triangle, combine, roll, vecdot, find_index,
// test, tensor_dot) run: --ptensor-pipeline compiles them and mlir-cpu-runner runs @main. Expected values
// (NumPy): m = np.arange(6).reshape(2, 3), x = np.array([[1, 5, nan], [3, 5, 2]]); each line
// is a result flattened in row-major order (bools as 0/1).
// RUN: %ptensor-opt %s --ptensor-pipeline -o %t.llvm.mlir
// RUN: %run-team %t.llvm.mlir | %FileCheck %s
!m = !ptensor.ptensor<?x?xi64>
!v = !ptensor.ptensor<?xi64>
!x = !ptensor.ptensor<2x3xf64>
!b = !ptensor.ptensor<?xi1>
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
func.func private @printI64(i64)
func.func private @printOpen()
func.func private @printComma()
func.func private @printClose()
func.func private @printNewline()

// "( x0, x1, ... )" of a result flattened (by the caller: a function boundary needs a
// contiguous buffer, and a flipped view is not one)
func.func @show(%t: tensor<?xi64>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = tensor.dim %t, %c0 : tensor<?xi64>
  func.call @printOpen() : () -> ()
  scf.for %i = %c0 to %n step %c1 {
    %e = tensor.extract %t[%i] : tensor<?xi64>
    %more = arith.cmpi ugt, %i, %c0 : index
    scf.if %more {
      func.call @printComma() : () -> ()
    }
    func.call @printI64(%e) : (i64) -> ()
  }
  func.call @printClose() : () -> ()
  func.call @printNewline() : () -> ()
  return
}


func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c6 = arith.constant 6 : index
  %z = arith.constant 0 : i64
  %one = arith.constant 1 : i64
  %a = ptensor.arange %z, %one, %c6 : i64 -> !v
  %m = ptensor.reshape %a (%c2, %c3) : !v -> !m
  %e = ptensor.create(%c0, %c3) value %z : i64 : !m
  %xc = arith.constant dense<[[1.0, 5.0, 0x7FF8000000000000], [3.0, 5.0, 2.0]]> : tensor<2x3xf64>
  %x = ptensor.from_ranked %xc : tensor<2x3xf64> -> !x
  // np.tril(m)
  // CHECK: ( 0, 0, 0, 3, 4, 0 )
  %r0 = ptensor.extract_triangle lower %m k = 0 : !m
  %n0 = ptensor.size %r0 : !m
  %f0 = ptensor.reshape %r0 (%n0) : !m -> !v
  %t0 = ptensor.to_ranked %f0 : !v -> tensor<?xi64>
  func.call @show(%t0) : (tensor<?xi64>) -> ()
  // np.triu(m, 1)
  // CHECK-NEXT: ( 0, 1, 2, 0, 0, 5 )
  %r1 = ptensor.extract_triangle upper %m k = 1 : !m
  %n1 = ptensor.size %r1 : !m
  %f1 = ptensor.reshape %r1 (%n1) : !m -> !v
  %t1 = ptensor.to_ranked %f1 : !v -> tensor<?xi64>
  func.call @show(%t1) : (tensor<?xi64>) -> ()
  // np.triu(m, -1)
  // CHECK-NEXT: ( 0, 1, 2, 3, 4, 5 )
  %r2 = ptensor.extract_triangle upper %m k = -1 : !m
  %n2 = ptensor.size %r2 : !m
  %f2 = ptensor.reshape %r2 (%n2) : !m -> !v
  %t2 = ptensor.to_ranked %f2 : !v -> tensor<?xi64>
  func.call @show(%t2) : (tensor<?xi64>) -> ()
  // np.concatenate([m, m], axis=1)
  // CHECK-NEXT: ( 0, 1, 2, 0, 1, 2, 3, 4, 5, 3, 4, 5 )
  %r3 = ptensor.combine concat (%m, %m) axis = 1 : (!m, !m) -> !m
  %n3 = ptensor.size %r3 : !m
  %f3 = ptensor.reshape %r3 (%n3) : !m -> !v
  %t3 = ptensor.to_ranked %f3 : !v -> tensor<?xi64>
  func.call @show(%t3) : (tensor<?xi64>) -> ()
  // np.stack([m, m], axis=1)
  // CHECK-NEXT: ( 0, 1, 2, 0, 1, 2, 3, 4, 5, 3, 4, 5 )
  %r4 = ptensor.combine stack (%m, %m) axis = 1 : (!m, !m) -> !ptensor.ptensor<?x2x?xi64>
  %n4 = ptensor.size %r4 : !ptensor.ptensor<?x2x?xi64>
  %f4 = ptensor.reshape %r4 (%n4) : !ptensor.ptensor<?x2x?xi64> -> !v
  %t4 = ptensor.to_ranked %f4 : !v -> tensor<?xi64>
  func.call @show(%t4) : (tensor<?xi64>) -> ()
  // np.roll(m, (1, -1), axis=(1, 0))
  // CHECK-NEXT: ( 5, 3, 4, 2, 0, 1 )
  %r5 = ptensor.roll %m shifts = [1, -1] axes = [1, 0] : !m
  %n5 = ptensor.size %r5 : !m
  %f5 = ptensor.reshape %r5 (%n5) : !m -> !v
  %t5 = ptensor.to_ranked %f5 : !v -> tensor<?xi64>
  func.call @show(%t5) : (tensor<?xi64>) -> ()
  // np.roll(m, 7, axis=1)
  // CHECK-NEXT: ( 2, 0, 1, 5, 3, 4 )
  %r6 = ptensor.roll %m shifts = [7] axes = [1] : !m
  %n6 = ptensor.size %r6 : !m
  %f6 = ptensor.reshape %r6 (%n6) : !m -> !v
  %t6 = ptensor.to_ranked %f6 : !v -> tensor<?xi64>
  func.call @show(%t6) : (tensor<?xi64>) -> ()
  // np.vecdot(m, m, axis=1)
  // CHECK-NEXT: ( 5, 50 )
  %r7 = ptensor.vecdot %m, %m axis = 1 : !m, !m -> !v
  %n7 = ptensor.size %r7 : !v
  %f7 = ptensor.reshape %r7 (%n7) : !v -> !v
  %t7 = ptensor.to_ranked %f7 : !v -> tensor<?xi64>
  func.call @show(%t7) : (tensor<?xi64>) -> ()
  // np.argmax(x, axis=0)
  // CHECK-NEXT: ( 1, 0, 0 )
  %r8 = ptensor.find_index argmax %x axis = 0 : !x -> !v
  %n8 = ptensor.size %r8 : !v
  %f8 = ptensor.reshape %r8 (%n8) : !v -> !v
  %t8 = ptensor.to_ranked %f8 : !v -> tensor<?xi64>
  func.call @show(%t8) : (tensor<?xi64>) -> ()
  // np.argmin(x, axis=1)
  // CHECK-NEXT: ( 2, 2 )
  %r9 = ptensor.find_index argmin %x axis = 1 : !x -> !v
  %n9 = ptensor.size %r9 : !v
  %f9 = ptensor.reshape %r9 (%n9) : !v -> !v
  %t9 = ptensor.to_ranked %f9 : !v -> tensor<?xi64>
  func.call @show(%t9) : (tensor<?xi64>) -> ()
  // np.any(m, axis=1)
  // CHECK-NEXT: ( 1, 1 )
  %r10 = ptensor.test any %m axes = [1] : !m -> !b
  %r10c = ptensor.cast %r10 : !b -> !v
  %n10 = ptensor.size %r10c : !v
  %f10 = ptensor.reshape %r10c (%n10) : !v -> !v
  %t10 = ptensor.to_ranked %f10 : !v -> tensor<?xi64>
  func.call @show(%t10) : (tensor<?xi64>) -> ()
  // np.all(m, axis=1)
  // CHECK-NEXT: ( 0, 1 )
  %r11 = ptensor.test all %m axes = [1] : !m -> !b
  %r11c = ptensor.cast %r11 : !b -> !v
  %n11 = ptensor.size %r11c : !v
  %f11 = ptensor.reshape %r11c (%n11) : !v -> !v
  %t11 = ptensor.to_ranked %f11 : !v -> tensor<?xi64>
  func.call @show(%t11) : (tensor<?xi64>) -> ()
  // np.all(np.zeros((0, 3)), axis=0)
  // CHECK-NEXT: ( 1, 1, 1 )
  %r12 = ptensor.test all %e axes = [0] : !m -> !b
  %r12c = ptensor.cast %r12 : !b -> !v
  %n12 = ptensor.size %r12c : !v
  %f12 = ptensor.reshape %r12c (%n12) : !v -> !v
  %t12 = ptensor.to_ranked %f12 : !v -> tensor<?xi64>
  func.call @show(%t12) : (tensor<?xi64>) -> ()
  // np.any(np.zeros((0, 3)), axis=0)
  // CHECK-NEXT: ( 0, 0, 0 )
  %r13 = ptensor.test any %e axes = [0] : !m -> !b
  %r13c = ptensor.cast %r13 : !b -> !v
  %n13 = ptensor.size %r13c : !v
  %f13 = ptensor.reshape %r13c (%n13) : !v -> !v
  %t13 = ptensor.to_ranked %f13 : !v -> tensor<?xi64>
  func.call @show(%t13) : (tensor<?xi64>) -> ()
  // np.tensordot(m, m, axes=([1], [1]))
  // CHECK-NEXT: ( 5, 14, 14, 50 )
  %d0 = ptensor.tensor_dot %m, %m axes = [1], [1] : !m, !m -> !m
  %dn0 = ptensor.size %d0 : !m
  %df0 = ptensor.reshape %d0 (%dn0) : !m -> !v
  %dt0 = ptensor.to_ranked %df0 : !v -> tensor<?xi64>
  func.call @show(%dt0) : (tensor<?xi64>) -> ()
  // np.tensordot(m, m, axes=([0], [0]))
  // CHECK-NEXT: ( 9, 12, 15, 12, 17, 22, 15, 22, 29 )
  %d1 = ptensor.tensor_dot %m, %m axes = [0], [0] : !m, !m -> !m
  %dn1 = ptensor.size %d1 : !m
  %df1 = ptensor.reshape %d1 (%dn1) : !m -> !v
  %dt1 = ptensor.to_ranked %df1 : !v -> tensor<?xi64>
  func.call @show(%dt1) : (tensor<?xi64>) -> ()
  // np.tensordot(m, m, axes=([0, 1], [0, 1]))
  // CHECK-NEXT: ( 55 )
  %d2 = ptensor.tensor_dot %m, %m axes = [0, 1], [0, 1] : !m, !m -> !ptensor.ptensor<i64>
  %df2 = ptensor.reshape %d2 (%c1) : !ptensor.ptensor<i64> -> !v
  %dt2 = ptensor.to_ranked %df2 : !v -> tensor<?xi64>
  func.call @show(%dt2) : (tensor<?xi64>) -> ()
  return
}
