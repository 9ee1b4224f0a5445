// RUN: paddle-opt %s -split-input-file -pass-pipeline='builtin.module(func.func(pd-approximate-math))' | FileCheck %s
// Running it twice changes nothing more.
// RUN: paddle-opt %s -split-input-file -pass-pipeline='builtin.module(func.func(pd-approximate-math,pd-approximate-math))' | FileCheck %s

// f32 erf, exp and tanh on vectors become arith (polynomials): no libm call
// per lane. (One function each, so that every CHECK-NOT spans the whole body.)
// erf: the argument clamped to [-4, 4], x P(x^2) / Q(x^2) (ten
// multiply-adds, one division, no selects among intervals).
// CHECK-LABEL: func.func @vector_erf(
// CHECK-NOT: math.erf
// CHECK: arith.minimumf
// CHECK: arith.maximumf
// CHECK-COUNT-10: math.fma
// CHECK-NOT: arith.select
// CHECK: arith.divf
// CHECK-NOT: math.erf
// CHECK: return
// CHECK-LABEL: func.func @vector_exp(
// CHECK-NOT: math.exp
// CHECK: math.fma
// CHECK-NOT: math.exp
// CHECK: return
// CHECK-LABEL: func.func @vector_tanh(
// CHECK-NOT: math.tanh
// CHECK: math.fma
// CHECK-NOT: math.tanh
// CHECK: return
// CHECK-LABEL: func.func @scalar_exp(
// CHECK-NOT: math.exp
// CHECK: return
func.func @vector_erf(%x: vector<16xf32>) -> vector<16xf32> {
  %e = math.erf %x : vector<16xf32>
  return %e : vector<16xf32>
}
func.func @vector_exp(%x: vector<16xf32>) -> vector<16xf32> {
  %p = math.exp %x : vector<16xf32>
  return %p : vector<16xf32>
}
func.func @vector_tanh(%x: vector<16xf32>) -> vector<16xf32> {
  %t = math.tanh %x : vector<16xf32>
  return %t : vector<16xf32>
}
func.func @scalar_exp(%x: f32) -> f32 {
  %p = math.exp %x : f32
  return %p : f32
}

// -----

// f64 keeps libm precision; functions without an approximation stay.
// CHECK-LABEL: func.func @left_alone(
// CHECK: math.exp {{.*}} : vector<8xf64>
// CHECK: math.erf {{.*}} : f64
// CHECK: math.sin {{.*}} : vector<16xf32>
func.func @left_alone(%x: vector<8xf64>, %y: f64, %z: vector<16xf32>) -> (vector<8xf64>, f64, vector<16xf32>) {
  %a = math.exp %x : vector<8xf64>
  %b = math.erf %y : f64
  %c = math.sin %z : vector<16xf32>
  return %a, %b, %c : vector<8xf64>, f64, vector<16xf32>
}

// -----

// expm1 and log1p (any float): Kahan's corrections from exp and log, never
// exp(x) - 1 or log(1 + x) alone.
// CHECK-LABEL: func.func @kahan(
// CHECK-NOT: math.expm1
// CHECK-NOT: math.log1p
// CHECK: math.exp {{.*}} : f64
// CHECK: math.log {{.*}} : f64
// CHECK: arith.select
// CHECK: return
func.func @kahan(%x: f64, %y: vector<4xf64>) -> (f64, vector<4xf64>) {
  %a = math.expm1 %x : f64
  %b = math.log1p %y : vector<4xf64>
  return %a, %b : f64, vector<4xf64>
}
