// RUN: %ptensor-opt %s --ptensor-arith-expand | %FileCheck %s

// Upstream's expansions, except a float min/max marked nsz (a reduction's combiner): that one
// stays, to become llvm.intr.maximum/minimum, which LLVM vectorizes as a reduction.
// CHECK-LABEL: func.func @f
// CHECK-NOT: arith.ceildivsi
// CHECK-NOT: arith.floordivsi
// CHECK: arith.cmpf
// CHECK: arith.select
// CHECK: %[[KEPT:.*]] = arith.maximumf %{{.*}}, %{{.*}} fastmath<nsz> : f64
// CHECK: %[[KEPT2:.*]] = arith.minimumf %{{.*}}, %{{.*}} fastmath<nsz> : f32
// CHECK-NOT: arith.maximumf
// CHECK: return
func.func @f(%a: i64, %b: i64, %x: f64, %y: f64, %u: f32, %v: f32) -> (i64, i64, f64, f64, f32) {
  %0 = arith.ceildivsi %a, %b : i64
  %1 = arith.floordivsi %a, %b : i64
  %2 = arith.maximumf %x, %y : f64
  %3 = arith.maximumf %x, %y fastmath<nsz> : f64
  %4 = arith.minimumf %u, %v fastmath<nsz> : f32
  return %0, %1, %2, %3, %4 : i64, i64, f64, f64, f32
}
