// The RFC's manipulation ops run: --ptensor-pipeline compiles them (expanded into core ops)
// and mlir-cpu-runner runs @main. Expected values (NumPy): m = np.arange(6).reshape(2, 3);
// each line is a result flattened in row-major order.
// RUN: %ptensor-opt %s --ptensor-pipeline -o %t.llvm.mlir
// RUN: %run-team %t.llvm.mlir | %FileCheck %s
!m = !ptensor.ptensor<?x?xi64>
!v = !ptensor.ptensor<?xi64>
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
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c6 = arith.constant 6 : index
  %z = arith.constant 0 : i64
  %one = arith.constant 1 : i64
  %a = ptensor.arange %z, %one, %c6 : i64 -> !v
  %m = ptensor.reshape %a (%c2, %c3) : !v -> !m
  // np.flip(m)
  // CHECK: ( 5, 4, 3, 2, 1, 0 )
  %f = ptensor.flip %m axes = [0, 1] : !m
  %f_n = ptensor.size %f : !m
  %f_v = ptensor.reshape %f (%f_n) : !m -> !v
  %f_t = ptensor.to_ranked %f_v : !v -> tensor<?xi64>
  func.call @show(%f_t) : (tensor<?xi64>) -> ()
  // np.flip(m, axis=1)
  // CHECK-NEXT: ( 2, 1, 0, 5, 4, 3 )
  %f1 = ptensor.flip %m axes = [1] : !m
  %f1_n = ptensor.size %f1 : !m
  %f1_v = ptensor.reshape %f1 (%f1_n) : !m -> !v
  %f1_t = ptensor.to_ranked %f1_v : !v -> tensor<?xi64>
  func.call @show(%f1_t) : (tensor<?xi64>) -> ()
  // m.T
  // CHECK-NEXT: ( 0, 3, 1, 4, 2, 5 )
  %t = ptensor.matrix_transpose %m : !m -> !m
  %t_n = ptensor.size %t : !m
  %t_v = ptensor.reshape %t (%t_n) : !m -> !v
  %t_t = ptensor.to_ranked %t_v : !v -> tensor<?xi64>
  func.call @show(%t_t) : (tensor<?xi64>) -> ()
  // np.squeeze(np.expand_dims(m, 1), 1).T[::-1]
  // CHECK-NEXT: ( 2, 5, 1, 4, 0, 3 )
  %e = ptensor.expand_dims %m axis = 1 : !m -> !ptensor.ptensor<?x1x?xi64>
  %s = ptensor.squeeze %e axes = [1] : !ptensor.ptensor<?x1x?xi64> -> !m
  %st = ptensor.matrix_transpose %s : !m -> !m
  %sf = ptensor.flip %st axes = [0] : !m
  %sf_n = ptensor.size %sf : !m
  %sf_v = ptensor.reshape %sf (%sf_n) : !m -> !v
  %sf_t = ptensor.to_ranked %sf_v : !v -> tensor<?xi64>
  func.call @show(%sf_t) : (tensor<?xi64>) -> ()
  // np.full_like(m, 7)
  // CHECK-NEXT: ( 7, 7, 7, 7, 7, 7 )
  %seven = arith.constant 7 : i64
  %c = ptensor.create_like %m value %seven : i64 : !m -> !m
  %c_n = ptensor.size %c : !m
  %c_v = ptensor.reshape %c (%c_n) : !m -> !v
  %c_t = ptensor.to_ranked %c_v : !v -> tensor<?xi64>
  func.call @show(%c_t) : (tensor<?xi64>) -> ()
  // np.flip(np.zeros((0, 3)))
  // CHECK-NEXT: ( )
  %empty = ptensor.create(%c0, %c3) value %z : i64 : !m
  %fe = ptensor.flip %empty axes = [0, 1] : !m
  %fe_n = ptensor.size %fe : !m
  %fe_v = ptensor.reshape %fe (%fe_n) : !m -> !v
  %fe_t = ptensor.to_ranked %fe_v : !v -> tensor<?xi64>
  func.call @show(%fe_t) : (tensor<?xi64>) -> ()
  return
}
