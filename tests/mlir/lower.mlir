// RUN: %ptensor-opt %s --lower-ptensor | %FileCheck %s
// RUN: %ptensor-opt %s --lower-ptensor | %FileCheck %s --check-prefix=AXIS0
// RUN: %ptensor-opt %s --lower-ptensor --canonicalize --linalg-fuse-elementwise-ops | %FileCheck %s --check-prefix=FUSED

// A chain of elementwise ops lowers to one linalg.generic each and fuses into one loop nest.
// CHECK-LABEL: func.func @chain(%{{.*}}: tensor<?xf64>, %{{.*}}: tensor<?xf64>) -> tensor<?xf64>
// CHECK: linalg.generic
// CHECK: arith.addf
// CHECK: linalg.generic
// CHECK: math.exp
// CHECK: linalg.generic
// CHECK: arith.mulf
// FUSED-LABEL: func.func @chain
// FUSED: linalg.generic
// FUSED: arith.addf
// FUSED-NEXT: math.exp
// FUSED-NEXT: arith.mulf
// FUSED-NOT: linalg.generic
// FUSED: return
func.func @chain(%a: !ptensor.ptensor<?xf64>, %b: !ptensor.ptensor<?xf64>) -> !ptensor.ptensor<?xf64> {
  %0 = ptensor.elementwise_binary_op add %a, %b : !ptensor.ptensor<?xf64>, !ptensor.ptensor<?xf64> -> !ptensor.ptensor<?xf64>
  %1 = ptensor.elementwise_unary_op exp %0 : !ptensor.ptensor<?xf64> -> !ptensor.ptensor<?xf64>
  %2 = ptensor.elementwise_binary_op multiply %1, %a : !ptensor.ptensor<?xf64>, !ptensor.ptensor<?xf64> -> !ptensor.ptensor<?xf64>
  return %2 : !ptensor.ptensor<?xf64>
}

// Unsigned types lower to signless tensors and unsigned arithmetic.
// CHECK-LABEL: func.func @unsigned
// CHECK-SAME: tensor<?xi32>
// CHECK: arith.maxui
func.func @unsigned(%a: !ptensor.ptensor<?xui32>) -> !ptensor.ptensor<?xui32> {
  %0 = ptensor.elementwise_binary_op maximum %a, %a : !ptensor.ptensor<?xui32>, !ptensor.ptensor<?xui32> -> !ptensor.ptensor<?xui32>
  return %0 : !ptensor.ptensor<?xui32>
}

// Reductions convert into the accumulation type on the way in (seed 003).
// CHECK-LABEL: func.func @reduce
// CHECK: linalg.fill
// CHECK: linalg.generic {{.*}}iterator_types = ["parallel", "reduction"]
// CHECK: arith.extsi %{{.*}} : i8 to i64
// CHECK: arith.addi
func.func @reduce(%a: !ptensor.ptensor<?x?xi8>) -> !ptensor.ptensor<?xi64> {
  %0 = ptensor.reduce sum %a axes = [1] acc = i64 : !ptensor.ptensor<?x?xi8> -> !ptensor.ptensor<?xi64>
  return %0 : !ptensor.ptensor<?xi64>
}

// A float sum (f32 accumulated in f64) or product may be reassociated (LLVM keeps a vector
// of partial results); a max's signed zeros do not matter (--ptensor-arith-expand keeps it).
// CHECK-LABEL: func.func @reduce_float
// CHECK: arith.extf
// CHECK: arith.addf %{{.*}}, %{{.*}} fastmath<reassoc> : f64
// CHECK: arith.mulf %{{.*}}, %{{.*}} fastmath<reassoc> : f64
// CHECK: arith.maximumf %{{.*}}, %{{.*}} fastmath<nsz> : f64
func.func @reduce_float(%a: !ptensor.ptensor<?xf32>, %b: !ptensor.ptensor<?xf64>) -> (!ptensor.ptensor<f64>, !ptensor.ptensor<f64>, !ptensor.ptensor<f64>) {
  %0 = ptensor.reduce sum %a axes = [0] acc = f64 : !ptensor.ptensor<?xf32> -> !ptensor.ptensor<f64>
  %1 = ptensor.reduce prod %b axes = [0] acc = f64 : !ptensor.ptensor<?xf64> -> !ptensor.ptensor<f64>
  %2 = ptensor.reduce max %b axes = [0] acc = f64 : !ptensor.ptensor<?xf64> -> !ptensor.ptensor<f64>
  return %0, %1, %2 : !ptensor.ptensor<f64>, !ptensor.ptensor<f64>, !ptensor.ptensor<f64>
}

// A reduction over the leading axis iterates in the source's order (contiguous inner loop);
// --ptensor-parallel-outer later makes blocks of the kept axis the parallel loop.
// AXIS0-LABEL: func.func @reduce_axis0
// AXIS0: linalg.generic {{.*}}iterator_types = ["reduction", "parallel"]
func.func @reduce_axis0(%a: !ptensor.ptensor<?x?xf64>) -> !ptensor.ptensor<?xf64> {
  %0 = ptensor.reduce max %a axes = [0] acc = f64 : !ptensor.ptensor<?x?xf64> -> !ptensor.ptensor<?xf64>
  return %0 : !ptensor.ptensor<?xf64>
}

// Broadcast: a static size-1 dimension is read at index 0.
// CHECK-LABEL: func.func @bcast
// CHECK: linalg.generic {indexing_maps = [#{{.*}}, #{{.*}}]
func.func @bcast(%a: !ptensor.ptensor<1x?xf64>, %n: index, %m: index) -> !ptensor.ptensor<?x?x?xf64> {
  %0 = ptensor.broadcast %a(%n, %n, %m) dims = [1, 2] : !ptensor.ptensor<1x?xf64> -> !ptensor.ptensor<?x?x?xf64>
  return %0 : !ptensor.ptensor<?x?x?xf64>
}

// Slices become tensor.extract_slice / insert_slice; creation becomes linalg.generic.
// CHECK-LABEL: func.func @slices
// CHECK: tensor.extract_slice {{.*}} to tensor<?xf64>
// CHECK: tensor.insert_slice
// CHECK: linalg.index
func.func @slices(%a: !ptensor.ptensor<?x?xf64>, %i: index, %s: f64) -> !ptensor.ptensor<?xf64> {
  %0 = ptensor.extract_slice %a[%i, %i][%i, %i][%i, %i] dropped = [0] : !ptensor.ptensor<?x?xf64> -> !ptensor.ptensor<?xf64>
  %1 = ptensor.insert_slice %0 into %a[%i, %i][%i, %i][%i, %i] dropped = [0] : !ptensor.ptensor<?xf64> into !ptensor.ptensor<?x?xf64>
  %2 = ptensor.linspace %s, %s, %i {endpoint = false} : !ptensor.ptensor<?xf64>
  return %2 : !ptensor.ptensor<?xf64>
}

// where: one elementwise select.
// CHECK-LABEL: func.func @where
// CHECK: linalg.generic
// CHECK: arith.select %{{.*}}, %{{.*}}, %{{.*}} : f32
func.func @where(%c: !ptensor.ptensor<?xi1>, %a: !ptensor.ptensor<?xf32>, %b: !ptensor.ptensor<?xf32>) -> !ptensor.ptensor<?xf32> {
  %0 = ptensor.where %c, %a, %b : !ptensor.ptensor<?xi1>, !ptensor.ptensor<?xf32>, !ptensor.ptensor<?xf32> -> !ptensor.ptensor<?xf32>
  return %0 : !ptensor.ptensor<?xf32>
}

// reshape: tensor.reshape with the sizes gathered into a shape tensor (rank 0 included).
// CHECK-LABEL: func.func @reshape
// CHECK: tensor.from_elements %{{.*}}, %{{.*}} : tensor<2xindex>
// CHECK: tensor.reshape %{{.*}}(%{{.*}}) : (tensor<?xf64>, tensor<2xindex>) -> tensor<?x?xf64>
// CHECK: tensor.from_elements : tensor<0xindex>
func.func @reshape(%a: !ptensor.ptensor<?xf64>, %m: index, %n: index, %b: !ptensor.ptensor<1xf64>)
    -> (!ptensor.ptensor<?x?xf64>, !ptensor.ptensor<f64>) {
  %0 = ptensor.reshape %a(%m, %n) : !ptensor.ptensor<?xf64> -> !ptensor.ptensor<?x?xf64>
  %1 = ptensor.reshape %b() : !ptensor.ptensor<1xf64> -> !ptensor.ptensor<f64>
  return %0, %1 : !ptensor.ptensor<?x?xf64>, !ptensor.ptensor<f64>
}

// take: one loop over the result reading the index and extracting from the source.
// CHECK-LABEL: func.func @take
// CHECK: linalg.generic
// CHECK: linalg.index
// CHECK: arith.index_cast
// CHECK: tensor.extract
func.func @take(%a: !ptensor.ptensor<?x?xf64>, %i: !ptensor.ptensor<?xi64>) -> !ptensor.ptensor<?x?xf64> {
  %0 = ptensor.take %a[%i] axis = 1 : !ptensor.ptensor<?x?xf64>, !ptensor.ptensor<?xi64> -> !ptensor.ptensor<?x?xf64>
  return %0 : !ptensor.ptensor<?x?xf64>
}

// searchsorted: one loop over the values, a binary search (scf.while) in each, over i64
// bounds (an scf.while carrying index values does not convert to SPIR-V in MLIR 19).
// CHECK-LABEL: func.func @searchsorted
// CHECK: linalg.generic
// CHECK: scf.while {{.*}} : (i64, i64) -> (i64, i64)
// CHECK: arith.index_cast %{{.*}} : i64 to index
// CHECK: tensor.extract
// CHECK: arith.cmpf olt
// CHECK: linalg.yield %{{.*}} : i64
func.func @searchsorted(%s: !ptensor.ptensor<?xf64>, %v: !ptensor.ptensor<?x?xf64>) -> !ptensor.ptensor<?x?xi64> {
  %0 = ptensor.searchsorted %s, %v right = false : !ptensor.ptensor<?xf64>, !ptensor.ptensor<?x?xf64> -> !ptensor.ptensor<?x?xi64>
  return %0 : !ptensor.ptensor<?x?xi64>
}

// scatter: a sequential loop inserting one row per update.
// CHECK-LABEL: func.func @scatter
// CHECK: scf.for {{.*}} iter_args
// CHECK: tensor.extract %{{.*}}[%{{.*}}] : tensor<?xi64>
// CHECK: tensor.extract_slice
// CHECK: tensor.insert_slice
func.func @scatter(%d: !ptensor.ptensor<?x?xf32>, %i: !ptensor.ptensor<?xi64>, %u: !ptensor.ptensor<?x?xf32>) -> !ptensor.ptensor<?x?xf32> {
  %0 = ptensor.scatter %d[%i] = %u : !ptensor.ptensor<?x?xf32>, !ptensor.ptensor<?xi64>, !ptensor.ptensor<?x?xf32> -> !ptensor.ptensor<?x?xf32>
  return %0 : !ptensor.ptensor<?x?xf32>
}
