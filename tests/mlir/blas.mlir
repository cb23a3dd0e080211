// RUN: %ptensor-opt %s --ptensor-matmul-to-blas | %FileCheck %s
// RUN: %ptensor-opt %s --lower-ptensor | %FileCheck %s --check-prefix=LOWER

// A float matmul on row-major buffers calls CBLAS, guarded by BLAS's layout requirements;
// the loop nest stays in the else branch. linalg.matmul accumulates (C += A B: beta = 1)...
// CHECK-DAG: func.func private @cblas_dgemm(i32, i32, i32, i32, i32, i32, f64, !llvm.ptr, i32, !llvm.ptr, i32, f64, !llvm.ptr, i32)
// CHECK-DAG: func.func private @cblas_zgemm(i32, i32, i32, i32, i32, i32, !llvm.ptr, !llvm.ptr, i32, !llvm.ptr, i32, !llvm.ptr, !llvm.ptr, i32)
// CHECK-LABEL: func.func @row_major
// CHECK: scf.if
// CHECK: %[[BETA1:.*]] = arith.constant 1.000000e+00 : f64
// CHECK: func.call @cblas_dgemm({{.*}}, %[[BETA1]], %{{.*}}, %{{.*}}) :
// CHECK: } else {
// CHECK: linalg.matmul
func.func @row_major(%a: memref<?x?xf64>, %b: memref<?x?xf64>, %c: memref<?x?xf64>) {
  linalg.matmul ins(%a, %b : memref<?x?xf64>, memref<?x?xf64>) outs(%c : memref<?x?xf64>)
  return
}

// ... unless a zero fill of C precedes it (ptensor.matmul's lowering): then beta = 0 and the
// fill runs only in the loops' branch (BLAS does not read C).
// CHECK-LABEL: func.func @zero_filled
// CHECK-NOT: linalg.fill
// CHECK: scf.if
// CHECK: %[[BETA0:.*]] = arith.constant 0.000000e+00 : f64
// CHECK: func.call @cblas_dgemm({{.*}}, %[[BETA0]], %{{.*}}, %{{.*}}) :
// CHECK: } else {
// CHECK-NEXT: linalg.fill
// CHECK-NEXT: linalg.matmul
func.func @zero_filled(%a: memref<?x?xf64>, %b: memref<?x?xf64>, %c: memref<?x?xf64>) {
  %zero = arith.constant 0.0 : f64
  linalg.fill ins(%zero : f64) outs(%c : memref<?x?xf64>)
  linalg.matmul ins(%a, %b : memref<?x?xf64>, memref<?x?xf64>) outs(%c : memref<?x?xf64>)
  return
}

// A fill of another value, or with a write between, stays where it is (beta = 1).
// CHECK-LABEL: func.func @fill_kept
// CHECK: linalg.fill
// CHECK: memref.store
// CHECK: scf.if
// CHECK: arith.constant 1.000000e+00 : f64
// CHECK: func.call @cblas_dgemm
// CHECK: linalg.fill
// CHECK: scf.if
// CHECK: arith.constant 1.000000e+00 : f64
// CHECK: func.call @cblas_dgemm
func.func @fill_kept(%a: memref<?x?xf64>, %b: memref<?x?xf64>, %c: memref<?x?xf64>) {
  %zero = arith.constant 0.0 : f64
  %two = arith.constant 2.0 : f64
  %i = arith.constant 0 : index
  linalg.fill ins(%zero : f64) outs(%c : memref<?x?xf64>)
  memref.store %two, %c[%i, %i] : memref<?x?xf64>
  linalg.matmul ins(%a, %b : memref<?x?xf64>, memref<?x?xf64>) outs(%c : memref<?x?xf64>)
  linalg.fill ins(%two : f64) outs(%c : memref<?x?xf64>)
  linalg.matmul ins(%a, %b : memref<?x?xf64>, memref<?x?xf64>) outs(%c : memref<?x?xf64>)
  return
}

// A transposed operand (unit row stride) is passed as CblasTrans (112) of its storage, with
// its column stride as leading dimension; the flag and ld are chosen at run time from the
// strides (a dynamic layout may be either).
// CHECK-LABEL: func.func @transposed
// CHECK-DAG: %[[NT:.*]] = arith.constant 111 : i32
// CHECK-DAG: %[[T:.*]] = arith.constant 112 : i32
// CHECK: %[[FA:.*]] = arith.select %{{.*}}, %[[NT]], %[[T]] : i32
// CHECK: %[[FB:.*]] = arith.select %{{.*}}, %[[NT]], %[[T]] : i32
// CHECK: scf.if
// CHECK: func.call @cblas_dgemm(%{{.*}}, %[[FA]], %[[FB]],
// CHECK: } else {
// CHECK: linalg.matmul
func.func @transposed(%a: memref<?x?xf64, strided<[1, ?]>>, %b: memref<?x?xf64, strided<[?, ?], offset: ?>>,
                      %c: memref<?x?xf64>) {
  linalg.matmul ins(%a, %b : memref<?x?xf64, strided<[1, ?]>>, memref<?x?xf64, strided<[?, ?], offset: ?>>) outs(%c : memref<?x?xf64>)
  return
}

// Integer matmuls keep their loops.
// CHECK-LABEL: func.func @keep_loops
// CHECK-NOT: call
// CHECK: linalg.matmul
// CHECK: return
func.func @keep_loops(%ia: memref<4x4xi32>, %ic: memref<4x4xi32>) {
  linalg.matmul ins(%ia, %ia : memref<4x4xi32>, memref<4x4xi32>) outs(%ic : memref<4x4xi32>)
  return
}

// ptensor.matmul: rank 2 -> linalg.matmul into a zero-filled result; batched -> a generic
// with the contracted dimension as its one reduction.
// LOWER-LABEL: func.func @pt_matmul
// LOWER: linalg.fill
// LOWER: linalg.matmul
// LOWER: linalg.generic {{.*}}iterator_types = ["parallel", "parallel", "parallel", "reduction"]
// LOWER: arith.mulf
// LOWER: arith.addf
func.func @pt_matmul(%a: !ptensor.ptensor<?x?xf64>, %b: !ptensor.ptensor<?x?xf64>,
                     %x: !ptensor.ptensor<2x?x?xf32>, %y: !ptensor.ptensor<2x?x?xf32>)
    -> (!ptensor.ptensor<?x?xf64>, !ptensor.ptensor<2x?x?xf32>) {
  %0 = ptensor.matmul %a, %b : !ptensor.ptensor<?x?xf64>, !ptensor.ptensor<?x?xf64> -> !ptensor.ptensor<?x?xf64>
  %1 = ptensor.matmul %x, %y : !ptensor.ptensor<2x?x?xf32>, !ptensor.ptensor<2x?x?xf32> -> !ptensor.ptensor<2x?x?xf32>
  return %0, %1 : !ptensor.ptensor<?x?xf64>, !ptensor.ptensor<2x?x?xf32>
}

// Complex matmuls call cblas_zgemm / cblas_cgemm with alpha = (1, 0) and beta = (0, 0) in
// stack memory, passed by address.
// CHECK-LABEL: func.func @complex_matmul
// CHECK: scf.if
// CHECK: memref.alloca() : memref<2xf64>
// CHECK: func.call @cblas_zgemm
// CHECK: } else {
// CHECK-NEXT: linalg.fill
// CHECK-NEXT: linalg.matmul
func.func @complex_matmul(%a: memref<?x?xcomplex<f64>>, %b: memref<?x?xcomplex<f64>>, %c: memref<?x?xcomplex<f64>>) {
  %zero = complex.constant [0.0, 0.0] : complex<f64>
  linalg.fill ins(%zero : complex<f64>) outs(%c : memref<?x?xcomplex<f64>>)
  linalg.matmul ins(%a, %b : memref<?x?xcomplex<f64>>, memref<?x?xcomplex<f64>>) outs(%c : memref<?x?xcomplex<f64>>)
  return
}
