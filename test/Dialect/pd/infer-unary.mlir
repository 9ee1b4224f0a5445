// Shape and dtype inference of the ops whose InferMeta is in
// lib/Dialect/Pd/InferMeta/Unary.cpp: results are declared with unknown dims
// and -pd-infer-shapes refines them from InferMeta.
// RUN: paddle-opt %s -split-input-file -pd-infer-shapes | FileCheck %s
// Without the pass the declared types are kept and verify (they are
// compatible with the inferred ones), and the output parses again.
// RUN: paddle-opt %s -split-input-file | paddle-opt -split-input-file | FileCheck %s --check-prefix=ROUNDTRIP

// UnchangedInferMeta: the result has x's shape and dtype.
// CHECK-LABEL: func.func @unchanged_static
// ROUNDTRIP-LABEL: func.func @unchanged_static
func.func @unchanged_static(%x: !pd.vtensor<2x3xf32>) {
  // ROUNDTRIP: pd.acos %{{.*}} : (!pd.vtensor<2x3xf32>) -> !pd.vtensor<?x?xf32>
  // CHECK: pd.acos %{{.*}} : (!pd.vtensor<2x3xf32>) -> !pd.vtensor<2x3xf32>
  %0 = pd.acos %x : (!pd.vtensor<2x3xf32>) -> !pd.vtensor<?x?xf32>
  // CHECK: pd.acosh %{{.*}} : (!pd.vtensor<2x3xf32>) -> !pd.vtensor<2x3xf32>
  %1 = pd.acosh %x : (!pd.vtensor<2x3xf32>) -> !pd.vtensor<?x?xf32>
  // CHECK: pd.asin %{{.*}} : (!pd.vtensor<2x3xf32>) -> !pd.vtensor<2x3xf32>
  %2 = pd.asin %x : (!pd.vtensor<2x3xf32>) -> !pd.vtensor<?x?xf32>
  // CHECK: pd.asinh %{{.*}} : (!pd.vtensor<2x3xf32>) -> !pd.vtensor<2x3xf32>
  %3 = pd.asinh %x : (!pd.vtensor<2x3xf32>) -> !pd.vtensor<?x?xf32>
  // CHECK: pd.atan %{{.*}} : (!pd.vtensor<2x3xf32>) -> !pd.vtensor<2x3xf32>
  %4 = pd.atan %x : (!pd.vtensor<2x3xf32>) -> !pd.vtensor<?x?xf32>
  // CHECK: pd.atanh %{{.*}} : (!pd.vtensor<2x3xf32>) -> !pd.vtensor<2x3xf32>
  %5 = pd.atanh %x : (!pd.vtensor<2x3xf32>) -> !pd.vtensor<?x?xf32>
  // CHECK: pd.ceil %{{.*}} : (!pd.vtensor<2x3xf32>) -> !pd.vtensor<2x3xf32>
  %6 = pd.ceil %x : (!pd.vtensor<2x3xf32>) -> !pd.vtensor<?x?xf32>
  // CHECK: pd.cos %{{.*}} : (!pd.vtensor<2x3xf32>) -> !pd.vtensor<2x3xf32>
  %7 = pd.cos %x : (!pd.vtensor<2x3xf32>) -> !pd.vtensor<?x?xf32>
  // CHECK: pd.cosh %{{.*}} : (!pd.vtensor<2x3xf32>) -> !pd.vtensor<2x3xf32>
  %8 = pd.cosh %x : (!pd.vtensor<2x3xf32>) -> !pd.vtensor<?x?xf32>
  // CHECK: pd.exp %{{.*}} : (!pd.vtensor<2x3xf32>) -> !pd.vtensor<2x3xf32>
  %9 = pd.exp %x : (!pd.vtensor<2x3xf32>) -> !pd.vtensor<?x?xf32>
  // CHECK: pd.expm1 %{{.*}} : (!pd.vtensor<2x3xf32>) -> !pd.vtensor<2x3xf32>
  %10 = pd.expm1 %x : (!pd.vtensor<2x3xf32>) -> !pd.vtensor<?x?xf32>
  // CHECK: pd.floor %{{.*}} : (!pd.vtensor<2x3xf32>) -> !pd.vtensor<2x3xf32>
  %11 = pd.floor %x : (!pd.vtensor<2x3xf32>) -> !pd.vtensor<?x?xf32>
  // CHECK: pd.log %{{.*}} : (!pd.vtensor<2x3xf32>) -> !pd.vtensor<2x3xf32>
  %12 = pd.log %x : (!pd.vtensor<2x3xf32>) -> !pd.vtensor<?x?xf32>
  // CHECK: pd.log10 %{{.*}} : (!pd.vtensor<2x3xf32>) -> !pd.vtensor<2x3xf32>
  %13 = pd.log10 %x : (!pd.vtensor<2x3xf32>) -> !pd.vtensor<?x?xf32>
  // CHECK: pd.log1p %{{.*}} : (!pd.vtensor<2x3xf32>) -> !pd.vtensor<2x3xf32>
  %14 = pd.log1p %x : (!pd.vtensor<2x3xf32>) -> !pd.vtensor<?x?xf32>
  // CHECK: pd.log2 %{{.*}} : (!pd.vtensor<2x3xf32>) -> !pd.vtensor<2x3xf32>
  %15 = pd.log2 %x : (!pd.vtensor<2x3xf32>) -> !pd.vtensor<?x?xf32>
  // CHECK: pd.reciprocal %{{.*}} : (!pd.vtensor<2x3xf32>) -> !pd.vtensor<2x3xf32>
  %16 = pd.reciprocal %x : (!pd.vtensor<2x3xf32>) -> !pd.vtensor<?x?xf32>
  // CHECK: pd.round %{{.*}} : (!pd.vtensor<2x3xf32>) -> !pd.vtensor<2x3xf32>
  %17 = pd.round %x {decimals = 2 : i32} : (!pd.vtensor<2x3xf32>) -> !pd.vtensor<?x?xf32>
  // CHECK: pd.rsqrt %{{.*}} : (!pd.vtensor<2x3xf32>) -> !pd.vtensor<2x3xf32>
  %18 = pd.rsqrt %x : (!pd.vtensor<2x3xf32>) -> !pd.vtensor<?x?xf32>
  // CHECK: pd.sigmoid %{{.*}} : (!pd.vtensor<2x3xf32>) -> !pd.vtensor<2x3xf32>
  %19 = pd.sigmoid %x : (!pd.vtensor<2x3xf32>) -> !pd.vtensor<?x?xf32>
  // CHECK: pd.sign %{{.*}} : (!pd.vtensor<2x3xf32>) -> !pd.vtensor<2x3xf32>
  %20 = pd.sign %x : (!pd.vtensor<2x3xf32>) -> !pd.vtensor<?x?xf32>
  // CHECK: pd.conj %{{.*}} : (!pd.vtensor<2x3xf32>) -> !pd.vtensor<2x3xf32>
  %conj = pd.conj %x : (!pd.vtensor<2x3xf32>) -> !pd.vtensor<?x?xf32>
  // CHECK: pd.sin %{{.*}} : (!pd.vtensor<2x3xf32>) -> !pd.vtensor<2x3xf32>
  %21 = pd.sin %x : (!pd.vtensor<2x3xf32>) -> !pd.vtensor<?x?xf32>
  // CHECK: pd.sinh %{{.*}} : (!pd.vtensor<2x3xf32>) -> !pd.vtensor<2x3xf32>
  %22 = pd.sinh %x : (!pd.vtensor<2x3xf32>) -> !pd.vtensor<?x?xf32>
  // CHECK: pd.sqrt %{{.*}} : (!pd.vtensor<2x3xf32>) -> !pd.vtensor<2x3xf32>
  %23 = pd.sqrt %x : (!pd.vtensor<2x3xf32>) -> !pd.vtensor<?x?xf32>
  // CHECK: pd.square %{{.*}} : (!pd.vtensor<2x3xf32>) -> !pd.vtensor<2x3xf32>
  %24 = pd.square %x : (!pd.vtensor<2x3xf32>) -> !pd.vtensor<?x?xf32>
  // CHECK: pd.tan %{{.*}} : (!pd.vtensor<2x3xf32>) -> !pd.vtensor<2x3xf32>
  %25 = pd.tan %x : (!pd.vtensor<2x3xf32>) -> !pd.vtensor<?x?xf32>
  // CHECK: pd.tanh %{{.*}} : (!pd.vtensor<2x3xf32>) -> !pd.vtensor<2x3xf32>
  %26 = pd.tanh %x : (!pd.vtensor<2x3xf32>) -> !pd.vtensor<?x?xf32>
  // CHECK: pd.trunc %{{.*}} : (!pd.vtensor<2x3xf32>) -> !pd.vtensor<2x3xf32>
  %27 = pd.trunc %x : (!pd.vtensor<2x3xf32>) -> !pd.vtensor<?x?xf32>
  // CHECK: pd.erf %{{.*}} : (!pd.vtensor<2x3xf32>) -> !pd.vtensor<2x3xf32>
  %28 = pd.erf %x : (!pd.vtensor<2x3xf32>) -> !pd.vtensor<?x?xf32>
  // CHECK: pd.erfinv %{{.*}} : (!pd.vtensor<2x3xf32>) -> !pd.vtensor<2x3xf32>
  %29 = pd.erfinv %x : (!pd.vtensor<2x3xf32>) -> !pd.vtensor<?x?xf32>
  // CHECK: pd.digamma %{{.*}} : (!pd.vtensor<2x3xf32>) -> !pd.vtensor<2x3xf32>
  %30 = pd.digamma %x : (!pd.vtensor<2x3xf32>) -> !pd.vtensor<?x?xf32>
  // CHECK: pd.lgamma %{{.*}} : (!pd.vtensor<2x3xf32>) -> !pd.vtensor<2x3xf32>
  %31 = pd.lgamma %x : (!pd.vtensor<2x3xf32>) -> !pd.vtensor<?x?xf32>
  // CHECK: pd.i0 %{{.*}} : (!pd.vtensor<2x3xf32>) -> !pd.vtensor<2x3xf32>
  %b0 = pd.i0 %x : (!pd.vtensor<2x3xf32>) -> !pd.vtensor<?x?xf32>
  // CHECK: pd.i0e %{{.*}} : (!pd.vtensor<2x3xf32>) -> !pd.vtensor<2x3xf32>
  %b1 = pd.i0e %x : (!pd.vtensor<2x3xf32>) -> !pd.vtensor<?x?xf32>
  // CHECK: pd.i1 %{{.*}} : (!pd.vtensor<2x3xf32>) -> !pd.vtensor<2x3xf32>
  %b2 = pd.i1 %x : (!pd.vtensor<2x3xf32>) -> !pd.vtensor<?x?xf32>
  // CHECK: pd.i1e %{{.*}} : (!pd.vtensor<2x3xf32>) -> !pd.vtensor<2x3xf32>
  %b3 = pd.i1e %x : (!pd.vtensor<2x3xf32>) -> !pd.vtensor<?x?xf32>
  // CHECK: pd.relu %{{.*}} : (!pd.vtensor<2x3xf32>) -> !pd.vtensor<2x3xf32>
  %32 = pd.relu %x : (!pd.vtensor<2x3xf32>) -> !pd.vtensor<?x?xf32>
  // CHECK: pd.relu6 %{{.*}} : (!pd.vtensor<2x3xf32>) -> !pd.vtensor<2x3xf32>
  %33 = pd.relu6 %x : (!pd.vtensor<2x3xf32>) -> !pd.vtensor<?x?xf32>
  // CHECK: pd.silu %{{.*}} : (!pd.vtensor<2x3xf32>) -> !pd.vtensor<2x3xf32>
  %34 = pd.silu %x : (!pd.vtensor<2x3xf32>) -> !pd.vtensor<?x?xf32>
  // CHECK: pd.swish %{{.*}} : (!pd.vtensor<2x3xf32>) -> !pd.vtensor<2x3xf32>
  %35 = pd.swish %x : (!pd.vtensor<2x3xf32>) -> !pd.vtensor<?x?xf32>
  // CHECK: pd.hardswish %{{.*}} : (!pd.vtensor<2x3xf32>) -> !pd.vtensor<2x3xf32>
  %36 = pd.hardswish %x : (!pd.vtensor<2x3xf32>) -> !pd.vtensor<?x?xf32>
  // CHECK: pd.hardsigmoid %{{.*}} : (!pd.vtensor<2x3xf32>) -> !pd.vtensor<2x3xf32>
  %37 = pd.hardsigmoid %x {offset = 4.000000e-01 : f32, slope = 1.000000e-01 : f32} : (!pd.vtensor<2x3xf32>) -> !pd.vtensor<?x?xf32>
  // CHECK: pd.hardtanh %{{.*}} : (!pd.vtensor<2x3xf32>) -> !pd.vtensor<2x3xf32>
  %38 = pd.hardtanh %x {t_max = 1.000000e+00 : f32, t_min = -1.000000e+00 : f32} : (!pd.vtensor<2x3xf32>) -> !pd.vtensor<?x?xf32>
  // CHECK: pd.mish %{{.*}} : (!pd.vtensor<2x3xf32>) -> !pd.vtensor<2x3xf32>
  %39 = pd.mish %x {lambda = 1.000000e+01 : f32} : (!pd.vtensor<2x3xf32>) -> !pd.vtensor<?x?xf32>
  // CHECK: pd.softplus %{{.*}} : (!pd.vtensor<2x3xf32>) -> !pd.vtensor<2x3xf32>
  %40 = pd.softplus %x {beta = 2.000000e+00 : f64, threshold = 1.000000e+01 : f64} : (!pd.vtensor<2x3xf32>) -> !pd.vtensor<?x?xf32>
  // CHECK: pd.softsign %{{.*}} : (!pd.vtensor<2x3xf32>) -> !pd.vtensor<2x3xf32>
  %41 = pd.softsign %x : (!pd.vtensor<2x3xf32>) -> !pd.vtensor<?x?xf32>
  // CHECK: pd.elu %{{.*}} : (!pd.vtensor<2x3xf32>) -> !pd.vtensor<2x3xf32>
  %42 = pd.elu %x {alpha = 5.000000e-01 : f32} : (!pd.vtensor<2x3xf32>) -> !pd.vtensor<?x?xf32>
  // CHECK: pd.celu %{{.*}} : (!pd.vtensor<2x3xf32>) -> !pd.vtensor<2x3xf32>
  %43 = pd.celu %x {alpha = 5.000000e-01 : f32} : (!pd.vtensor<2x3xf32>) -> !pd.vtensor<?x?xf32>
  // CHECK: pd.selu %{{.*}} : (!pd.vtensor<2x3xf32>) -> !pd.vtensor<2x3xf32>
  %44 = pd.selu %x {alpha = 1.500000e+00 : f32, scale = 1.000000e+00 : f32} : (!pd.vtensor<2x3xf32>) -> !pd.vtensor<?x?xf32>
  // CHECK: pd.leaky_relu %{{.*}} : (!pd.vtensor<2x3xf32>) -> !pd.vtensor<2x3xf32>
  %45 = pd.leaky_relu %x {negative_slope = 1.000000e-01 : f64} : (!pd.vtensor<2x3xf32>) -> !pd.vtensor<?x?xf32>
  // CHECK: pd.gelu %{{.*}} : (!pd.vtensor<2x3xf32>) -> !pd.vtensor<2x3xf32>
  %46 = pd.gelu %x {approximate = true} : (!pd.vtensor<2x3xf32>) -> !pd.vtensor<?x?xf32>
  // CHECK: pd.logsigmoid %{{.*}} : (!pd.vtensor<2x3xf32>) -> !pd.vtensor<2x3xf32>
  %47 = pd.logsigmoid %x : (!pd.vtensor<2x3xf32>) -> !pd.vtensor<?x?xf32>
  // CHECK: pd.tanh_shrink %{{.*}} : (!pd.vtensor<2x3xf32>) -> !pd.vtensor<2x3xf32>
  %48 = pd.tanh_shrink %x : (!pd.vtensor<2x3xf32>) -> !pd.vtensor<?x?xf32>
  // CHECK: pd.softshrink %{{.*}} : (!pd.vtensor<2x3xf32>) -> !pd.vtensor<2x3xf32>
  %49 = pd.softshrink %x {threshold = 3.000000e-01 : f32} : (!pd.vtensor<2x3xf32>) -> !pd.vtensor<?x?xf32>
  // CHECK: pd.hardshrink %{{.*}} : (!pd.vtensor<2x3xf32>) -> !pd.vtensor<2x3xf32>
  %50 = pd.hardshrink %x {threshold = 3.000000e-01 : f32} : (!pd.vtensor<2x3xf32>) -> !pd.vtensor<?x?xf32>
  // CHECK: pd.rint %{{.*}} : (!pd.vtensor<2x3xf32>) -> !pd.vtensor<2x3xf32>
  %r50 = pd.rint %x : (!pd.vtensor<2x3xf32>) -> !pd.vtensor<?x?xf32>
  // CHECK: pd.gammaln %{{.*}} : (!pd.vtensor<2x3xf32>) -> !pd.vtensor<2x3xf32>
  %g50 = pd.gammaln %x : (!pd.vtensor<2x3xf32>) -> !pd.vtensor<?x?xf32>
  // CHECK: pd.thresholded_relu %{{.*}} : (!pd.vtensor<2x3xf32>) -> !pd.vtensor<2x3xf32>
  %51 = pd.thresholded_relu %x {threshold = 5.000000e-01 : f32, value = 1.000000e-01 : f32} : (!pd.vtensor<2x3xf32>) -> !pd.vtensor<?x?xf32>
  // CHECK: pd.logit %{{.*}} : (!pd.vtensor<2x3xf32>) -> !pd.vtensor<2x3xf32>
  %52 = pd.logit %x {eps = 9.99999974E-6 : f64} : (!pd.vtensor<2x3xf32>) -> !pd.vtensor<?x?xf32>
  // CHECK: pd.stanh %{{.*}} : (!pd.vtensor<2x3xf32>) -> !pd.vtensor<2x3xf32>
  %53 = pd.stanh %x {scale_a = 5.000000e-01 : f32, scale_b = 1.500000e+00 : f32} : (!pd.vtensor<2x3xf32>) -> !pd.vtensor<?x?xf32>
  // CHECK: pd.assign %{{.*}} : (!pd.vtensor<2x3xf32>) -> !pd.vtensor<2x3xf32>
  %54 = pd.assign %x : (!pd.vtensor<2x3xf32>) -> !pd.vtensor<?x?xf32>
  return
}

// -----

// An unknown dim of x stays unknown; the dtype (f16) is kept.
// CHECK-LABEL: func.func @unchanged_dynamic
// ROUNDTRIP-LABEL: func.func @unchanged_dynamic
func.func @unchanged_dynamic(%x: !pd.vtensor<?x4xf16>) {
  // CHECK: pd.acos %{{.*}} : (!pd.vtensor<?x4xf16>) -> !pd.vtensor<?x4xf16>
  %0 = pd.acos %x : (!pd.vtensor<?x4xf16>) -> !pd.vtensor<?x?xf16>
  // CHECK: pd.acosh %{{.*}} : (!pd.vtensor<?x4xf16>) -> !pd.vtensor<?x4xf16>
  %1 = pd.acosh %x : (!pd.vtensor<?x4xf16>) -> !pd.vtensor<?x?xf16>
  // CHECK: pd.asin %{{.*}} : (!pd.vtensor<?x4xf16>) -> !pd.vtensor<?x4xf16>
  %2 = pd.asin %x : (!pd.vtensor<?x4xf16>) -> !pd.vtensor<?x?xf16>
  // CHECK: pd.asinh %{{.*}} : (!pd.vtensor<?x4xf16>) -> !pd.vtensor<?x4xf16>
  %3 = pd.asinh %x : (!pd.vtensor<?x4xf16>) -> !pd.vtensor<?x?xf16>
  // CHECK: pd.atan %{{.*}} : (!pd.vtensor<?x4xf16>) -> !pd.vtensor<?x4xf16>
  %4 = pd.atan %x : (!pd.vtensor<?x4xf16>) -> !pd.vtensor<?x?xf16>
  // CHECK: pd.atanh %{{.*}} : (!pd.vtensor<?x4xf16>) -> !pd.vtensor<?x4xf16>
  %5 = pd.atanh %x : (!pd.vtensor<?x4xf16>) -> !pd.vtensor<?x?xf16>
  // CHECK: pd.ceil %{{.*}} : (!pd.vtensor<?x4xf16>) -> !pd.vtensor<?x4xf16>
  %6 = pd.ceil %x : (!pd.vtensor<?x4xf16>) -> !pd.vtensor<?x?xf16>
  // CHECK: pd.cos %{{.*}} : (!pd.vtensor<?x4xf16>) -> !pd.vtensor<?x4xf16>
  %7 = pd.cos %x : (!pd.vtensor<?x4xf16>) -> !pd.vtensor<?x?xf16>
  // CHECK: pd.cosh %{{.*}} : (!pd.vtensor<?x4xf16>) -> !pd.vtensor<?x4xf16>
  %8 = pd.cosh %x : (!pd.vtensor<?x4xf16>) -> !pd.vtensor<?x?xf16>
  // CHECK: pd.exp %{{.*}} : (!pd.vtensor<?x4xf16>) -> !pd.vtensor<?x4xf16>
  %9 = pd.exp %x : (!pd.vtensor<?x4xf16>) -> !pd.vtensor<?x?xf16>
  // CHECK: pd.expm1 %{{.*}} : (!pd.vtensor<?x4xf16>) -> !pd.vtensor<?x4xf16>
  %10 = pd.expm1 %x : (!pd.vtensor<?x4xf16>) -> !pd.vtensor<?x?xf16>
  // CHECK: pd.floor %{{.*}} : (!pd.vtensor<?x4xf16>) -> !pd.vtensor<?x4xf16>
  %11 = pd.floor %x : (!pd.vtensor<?x4xf16>) -> !pd.vtensor<?x?xf16>
  // CHECK: pd.log %{{.*}} : (!pd.vtensor<?x4xf16>) -> !pd.vtensor<?x4xf16>
  %12 = pd.log %x : (!pd.vtensor<?x4xf16>) -> !pd.vtensor<?x?xf16>
  // CHECK: pd.log10 %{{.*}} : (!pd.vtensor<?x4xf16>) -> !pd.vtensor<?x4xf16>
  %13 = pd.log10 %x : (!pd.vtensor<?x4xf16>) -> !pd.vtensor<?x?xf16>
  // CHECK: pd.log1p %{{.*}} : (!pd.vtensor<?x4xf16>) -> !pd.vtensor<?x4xf16>
  %14 = pd.log1p %x : (!pd.vtensor<?x4xf16>) -> !pd.vtensor<?x?xf16>
  // CHECK: pd.log2 %{{.*}} : (!pd.vtensor<?x4xf16>) -> !pd.vtensor<?x4xf16>
  %15 = pd.log2 %x : (!pd.vtensor<?x4xf16>) -> !pd.vtensor<?x?xf16>
  // CHECK: pd.reciprocal %{{.*}} : (!pd.vtensor<?x4xf16>) -> !pd.vtensor<?x4xf16>
  %16 = pd.reciprocal %x : (!pd.vtensor<?x4xf16>) -> !pd.vtensor<?x?xf16>
  // CHECK: pd.round %{{.*}} : (!pd.vtensor<?x4xf16>) -> !pd.vtensor<?x4xf16>
  %17 = pd.round %x {decimals = 2 : i32} : (!pd.vtensor<?x4xf16>) -> !pd.vtensor<?x?xf16>
  // CHECK: pd.rsqrt %{{.*}} : (!pd.vtensor<?x4xf16>) -> !pd.vtensor<?x4xf16>
  %18 = pd.rsqrt %x : (!pd.vtensor<?x4xf16>) -> !pd.vtensor<?x?xf16>
  // CHECK: pd.sigmoid %{{.*}} : (!pd.vtensor<?x4xf16>) -> !pd.vtensor<?x4xf16>
  %19 = pd.sigmoid %x : (!pd.vtensor<?x4xf16>) -> !pd.vtensor<?x?xf16>
  // CHECK: pd.sign %{{.*}} : (!pd.vtensor<?x4xf16>) -> !pd.vtensor<?x4xf16>
  %20 = pd.sign %x : (!pd.vtensor<?x4xf16>) -> !pd.vtensor<?x?xf16>
  // CHECK: pd.sin %{{.*}} : (!pd.vtensor<?x4xf16>) -> !pd.vtensor<?x4xf16>
  %21 = pd.sin %x : (!pd.vtensor<?x4xf16>) -> !pd.vtensor<?x?xf16>
  // CHECK: pd.sinh %{{.*}} : (!pd.vtensor<?x4xf16>) -> !pd.vtensor<?x4xf16>
  %22 = pd.sinh %x : (!pd.vtensor<?x4xf16>) -> !pd.vtensor<?x?xf16>
  // CHECK: pd.sqrt %{{.*}} : (!pd.vtensor<?x4xf16>) -> !pd.vtensor<?x4xf16>
  %23 = pd.sqrt %x : (!pd.vtensor<?x4xf16>) -> !pd.vtensor<?x?xf16>
  // CHECK: pd.square %{{.*}} : (!pd.vtensor<?x4xf16>) -> !pd.vtensor<?x4xf16>
  %24 = pd.square %x : (!pd.vtensor<?x4xf16>) -> !pd.vtensor<?x?xf16>
  // CHECK: pd.tan %{{.*}} : (!pd.vtensor<?x4xf16>) -> !pd.vtensor<?x4xf16>
  %25 = pd.tan %x : (!pd.vtensor<?x4xf16>) -> !pd.vtensor<?x?xf16>
  // CHECK: pd.tanh %{{.*}} : (!pd.vtensor<?x4xf16>) -> !pd.vtensor<?x4xf16>
  %26 = pd.tanh %x : (!pd.vtensor<?x4xf16>) -> !pd.vtensor<?x?xf16>
  // CHECK: pd.trunc %{{.*}} : (!pd.vtensor<?x4xf16>) -> !pd.vtensor<?x4xf16>
  %27 = pd.trunc %x : (!pd.vtensor<?x4xf16>) -> !pd.vtensor<?x?xf16>
  // CHECK: pd.erf %{{.*}} : (!pd.vtensor<?x4xf16>) -> !pd.vtensor<?x4xf16>
  %28 = pd.erf %x : (!pd.vtensor<?x4xf16>) -> !pd.vtensor<?x?xf16>
  // CHECK: pd.erfinv %{{.*}} : (!pd.vtensor<?x4xf16>) -> !pd.vtensor<?x4xf16>
  %29 = pd.erfinv %x : (!pd.vtensor<?x4xf16>) -> !pd.vtensor<?x?xf16>
  // CHECK: pd.digamma %{{.*}} : (!pd.vtensor<?x4xf16>) -> !pd.vtensor<?x4xf16>
  %30 = pd.digamma %x : (!pd.vtensor<?x4xf16>) -> !pd.vtensor<?x?xf16>
  // CHECK: pd.lgamma %{{.*}} : (!pd.vtensor<?x4xf16>) -> !pd.vtensor<?x4xf16>
  %31 = pd.lgamma %x : (!pd.vtensor<?x4xf16>) -> !pd.vtensor<?x?xf16>
  // CHECK: pd.i0 %{{.*}} : (!pd.vtensor<?x4xf16>) -> !pd.vtensor<?x4xf16>
  %b0 = pd.i0 %x : (!pd.vtensor<?x4xf16>) -> !pd.vtensor<?x?xf16>
  // CHECK: pd.i0e %{{.*}} : (!pd.vtensor<?x4xf16>) -> !pd.vtensor<?x4xf16>
  %b1 = pd.i0e %x : (!pd.vtensor<?x4xf16>) -> !pd.vtensor<?x?xf16>
  // CHECK: pd.i1 %{{.*}} : (!pd.vtensor<?x4xf16>) -> !pd.vtensor<?x4xf16>
  %b2 = pd.i1 %x : (!pd.vtensor<?x4xf16>) -> !pd.vtensor<?x?xf16>
  // CHECK: pd.i1e %{{.*}} : (!pd.vtensor<?x4xf16>) -> !pd.vtensor<?x4xf16>
  %b3 = pd.i1e %x : (!pd.vtensor<?x4xf16>) -> !pd.vtensor<?x?xf16>
  // CHECK: pd.relu %{{.*}} : (!pd.vtensor<?x4xf16>) -> !pd.vtensor<?x4xf16>
  %32 = pd.relu %x : (!pd.vtensor<?x4xf16>) -> !pd.vtensor<?x?xf16>
  // CHECK: pd.relu6 %{{.*}} : (!pd.vtensor<?x4xf16>) -> !pd.vtensor<?x4xf16>
  %33 = pd.relu6 %x : (!pd.vtensor<?x4xf16>) -> !pd.vtensor<?x?xf16>
  // CHECK: pd.silu %{{.*}} : (!pd.vtensor<?x4xf16>) -> !pd.vtensor<?x4xf16>
  %34 = pd.silu %x : (!pd.vtensor<?x4xf16>) -> !pd.vtensor<?x?xf16>
  // CHECK: pd.swish %{{.*}} : (!pd.vtensor<?x4xf16>) -> !pd.vtensor<?x4xf16>
  %35 = pd.swish %x : (!pd.vtensor<?x4xf16>) -> !pd.vtensor<?x?xf16>
  // CHECK: pd.hardswish %{{.*}} : (!pd.vtensor<?x4xf16>) -> !pd.vtensor<?x4xf16>
  %36 = pd.hardswish %x : (!pd.vtensor<?x4xf16>) -> !pd.vtensor<?x?xf16>
  // CHECK: pd.hardsigmoid %{{.*}} : (!pd.vtensor<?x4xf16>) -> !pd.vtensor<?x4xf16>
  %37 = pd.hardsigmoid %x {offset = 4.000000e-01 : f32, slope = 1.000000e-01 : f32} : (!pd.vtensor<?x4xf16>) -> !pd.vtensor<?x?xf16>
  // CHECK: pd.hardtanh %{{.*}} : (!pd.vtensor<?x4xf16>) -> !pd.vtensor<?x4xf16>
  %38 = pd.hardtanh %x {t_max = 1.000000e+00 : f32, t_min = -1.000000e+00 : f32} : (!pd.vtensor<?x4xf16>) -> !pd.vtensor<?x?xf16>
  // CHECK: pd.mish %{{.*}} : (!pd.vtensor<?x4xf16>) -> !pd.vtensor<?x4xf16>
  %39 = pd.mish %x {lambda = 1.000000e+01 : f32} : (!pd.vtensor<?x4xf16>) -> !pd.vtensor<?x?xf16>
  // CHECK: pd.softplus %{{.*}} : (!pd.vtensor<?x4xf16>) -> !pd.vtensor<?x4xf16>
  %40 = pd.softplus %x {beta = 2.000000e+00 : f64, threshold = 1.000000e+01 : f64} : (!pd.vtensor<?x4xf16>) -> !pd.vtensor<?x?xf16>
  // CHECK: pd.softsign %{{.*}} : (!pd.vtensor<?x4xf16>) -> !pd.vtensor<?x4xf16>
  %41 = pd.softsign %x : (!pd.vtensor<?x4xf16>) -> !pd.vtensor<?x?xf16>
  // CHECK: pd.elu %{{.*}} : (!pd.vtensor<?x4xf16>) -> !pd.vtensor<?x4xf16>
  %42 = pd.elu %x {alpha = 5.000000e-01 : f32} : (!pd.vtensor<?x4xf16>) -> !pd.vtensor<?x?xf16>
  // CHECK: pd.celu %{{.*}} : (!pd.vtensor<?x4xf16>) -> !pd.vtensor<?x4xf16>
  %43 = pd.celu %x {alpha = 5.000000e-01 : f32} : (!pd.vtensor<?x4xf16>) -> !pd.vtensor<?x?xf16>
  // CHECK: pd.selu %{{.*}} : (!pd.vtensor<?x4xf16>) -> !pd.vtensor<?x4xf16>
  %44 = pd.selu %x {alpha = 1.500000e+00 : f32, scale = 1.000000e+00 : f32} : (!pd.vtensor<?x4xf16>) -> !pd.vtensor<?x?xf16>
  // CHECK: pd.leaky_relu %{{.*}} : (!pd.vtensor<?x4xf16>) -> !pd.vtensor<?x4xf16>
  %45 = pd.leaky_relu %x {negative_slope = 1.000000e-01 : f64} : (!pd.vtensor<?x4xf16>) -> !pd.vtensor<?x?xf16>
  // CHECK: pd.gelu %{{.*}} : (!pd.vtensor<?x4xf16>) -> !pd.vtensor<?x4xf16>
  %46 = pd.gelu %x {approximate = true} : (!pd.vtensor<?x4xf16>) -> !pd.vtensor<?x?xf16>
  // CHECK: pd.logsigmoid %{{.*}} : (!pd.vtensor<?x4xf16>) -> !pd.vtensor<?x4xf16>
  %47 = pd.logsigmoid %x : (!pd.vtensor<?x4xf16>) -> !pd.vtensor<?x?xf16>
  // CHECK: pd.tanh_shrink %{{.*}} : (!pd.vtensor<?x4xf16>) -> !pd.vtensor<?x4xf16>
  %48 = pd.tanh_shrink %x : (!pd.vtensor<?x4xf16>) -> !pd.vtensor<?x?xf16>
  // CHECK: pd.softshrink %{{.*}} : (!pd.vtensor<?x4xf16>) -> !pd.vtensor<?x4xf16>
  %49 = pd.softshrink %x {threshold = 3.000000e-01 : f32} : (!pd.vtensor<?x4xf16>) -> !pd.vtensor<?x?xf16>
  // CHECK: pd.hardshrink %{{.*}} : (!pd.vtensor<?x4xf16>) -> !pd.vtensor<?x4xf16>
  %50 = pd.hardshrink %x {threshold = 3.000000e-01 : f32} : (!pd.vtensor<?x4xf16>) -> !pd.vtensor<?x?xf16>
  // CHECK: pd.thresholded_relu %{{.*}} : (!pd.vtensor<?x4xf16>) -> !pd.vtensor<?x4xf16>
  %51 = pd.thresholded_relu %x {threshold = 5.000000e-01 : f32, value = 1.000000e-01 : f32} : (!pd.vtensor<?x4xf16>) -> !pd.vtensor<?x?xf16>
  // CHECK: pd.logit %{{.*}} : (!pd.vtensor<?x4xf16>) -> !pd.vtensor<?x4xf16>
  %52 = pd.logit %x {eps = 9.99999974E-6 : f64} : (!pd.vtensor<?x4xf16>) -> !pd.vtensor<?x?xf16>
  // CHECK: pd.stanh %{{.*}} : (!pd.vtensor<?x4xf16>) -> !pd.vtensor<?x4xf16>
  %53 = pd.stanh %x {scale_a = 5.000000e-01 : f32, scale_b = 1.500000e+00 : f32} : (!pd.vtensor<?x4xf16>) -> !pd.vtensor<?x?xf16>
  // CHECK: pd.assign %{{.*}} : (!pd.vtensor<?x4xf16>) -> !pd.vtensor<?x4xf16>
  %54 = pd.assign %x : (!pd.vtensor<?x4xf16>) -> !pd.vtensor<?x?xf16>
  return
}

// -----

// Other dtypes and ranks: 0-D bf16, f64 with unknown dims, a zero-size i32
// tensor, complex.
// CHECK-LABEL: func.func @unchanged_dtypes_and_ranks
// ROUNDTRIP-LABEL: func.func @unchanged_dtypes_and_ranks
func.func @unchanged_dtypes_and_ranks(%a0: !pd.vtensor<bf16>, %a1: !pd.vtensor<?x?x8xf64>, %a2: !pd.vtensor<0x5xi32>, %a3: !pd.vtensor<1x?xcomplex<f32>>) {
  // CHECK: pd.exp %{{.*}} : (!pd.vtensor<bf16>) -> !pd.vtensor<bf16>
  %0 = pd.exp %a0 : (!pd.vtensor<bf16>) -> !pd.vtensor<bf16>
  // CHECK: pd.relu %{{.*}} : (!pd.vtensor<bf16>) -> !pd.vtensor<bf16>
  %1 = pd.relu %a0 : (!pd.vtensor<bf16>) -> !pd.vtensor<bf16>
  // CHECK: pd.assign %{{.*}} : (!pd.vtensor<?x?x8xf64>) -> !pd.vtensor<?x?x8xf64>
  %2 = pd.assign %a1 : (!pd.vtensor<?x?x8xf64>) -> !pd.vtensor<?x?x?xf64>
  // CHECK: pd.sign %{{.*}} : (!pd.vtensor<?x?x8xf64>) -> !pd.vtensor<?x?x8xf64>
  %3 = pd.sign %a1 : (!pd.vtensor<?x?x8xf64>) -> !pd.vtensor<?x?x?xf64>
  // CHECK: pd.square %{{.*}} : (!pd.vtensor<0x5xi32>) -> !pd.vtensor<0x5xi32>
  %4 = pd.square %a2 : (!pd.vtensor<0x5xi32>) -> !pd.vtensor<?x?xi32>
  // CHECK: pd.sign %{{.*}} : (!pd.vtensor<0x5xi32>) -> !pd.vtensor<0x5xi32>
  %5 = pd.sign %a2 : (!pd.vtensor<0x5xi32>) -> !pd.vtensor<?x?xi32>
  // CHECK: pd.exp %{{.*}} : (!pd.vtensor<1x?xcomplex<f32>>) -> !pd.vtensor<1x?xcomplex<f32>>
  %6 = pd.exp %a3 : (!pd.vtensor<1x?xcomplex<f32>>) -> !pd.vtensor<?x?xcomplex<f32>>
  // CHECK: pd.tanh %{{.*}} : (!pd.vtensor<1x?xcomplex<f32>>) -> !pd.vtensor<1x?xcomplex<f32>>
  %7 = pd.tanh %a3 : (!pd.vtensor<1x?xcomplex<f32>>) -> !pd.vtensor<?x?xcomplex<f32>>
  return
}

// -----

// !pd.tensor operands; a refined result refines its users in turn.
// CHECK-LABEL: func.func @mutable_tensors_and_chains
// ROUNDTRIP-LABEL: func.func @mutable_tensors_and_chains
func.func @mutable_tensors_and_chains(%x: !pd.tensor<2x?xf32>) {
  // CHECK: pd.relu %{{.*}} : (!pd.tensor<2x?xf32>) -> !pd.tensor<2x?xf32>
  %0 = pd.relu %x : (!pd.tensor<2x?xf32>) -> !pd.tensor<?x?xf32>
  // CHECK: pd.sqrt %{{.*}} : (!pd.tensor<2x?xf32>) -> !pd.tensor<2x?xf32>
  %1 = pd.sqrt %0 : (!pd.tensor<?x?xf32>) -> !pd.tensor<?x?xf32>
  // CHECK: pd.exp %{{.*}} : (!pd.tensor<2x?xf32>) -> !pd.tensor<2x?xf32>
  %2 = pd.exp %1 : (!pd.tensor<?x?xf32>) -> !pd.tensor<?x?xf32>
  return
}

// -----

// increment (UnchangedInferMeta) of a 1-element counter.
// CHECK-LABEL: func.func @increment
// ROUNDTRIP-LABEL: func.func @increment
func.func @increment(%x: !pd.vtensor<1xf32>, %y: !pd.vtensor<?xi64>, %z: !pd.vtensor<i32>) {
  // CHECK: pd.increment %{{.*}} {value = 2.000000e+00 : f32} : (!pd.vtensor<1xf32>) -> !pd.vtensor<1xf32>
  %0 = pd.increment %x {value = 2.000000e+00 : f32} : (!pd.vtensor<1xf32>) -> !pd.vtensor<?xf32>
  // CHECK: pd.increment %{{.*}} : (!pd.vtensor<?xi64>) -> !pd.vtensor<?xi64>
  %1 = pd.increment %y : (!pd.vtensor<?xi64>) -> !pd.vtensor<?xi64>
  // CHECK: pd.increment %{{.*}} : (!pd.vtensor<i32>) -> !pd.vtensor<i32>
  %2 = pd.increment %z : (!pd.vtensor<i32>) -> !pd.vtensor<i32>
  return
}

// -----

// RealValuedInferMeta: abs of a complex tensor is real; other dtypes are kept.
// CHECK-LABEL: func.func @abs
// ROUNDTRIP-LABEL: func.func @abs
func.func @abs(%c: !pd.vtensor<3x?xcomplex<f32>>, %d: !pd.vtensor<4xcomplex<f64>>, %f: !pd.vtensor<2x3xf32>, %i: !pd.vtensor<?x5xi64>) {
  // CHECK: pd.abs %{{.*}} : (!pd.vtensor<3x?xcomplex<f32>>) -> !pd.vtensor<3x?xf32>
  %0 = pd.abs %c : (!pd.vtensor<3x?xcomplex<f32>>) -> !pd.vtensor<?x?xf32>
  // CHECK: pd.abs %{{.*}} : (!pd.vtensor<4xcomplex<f64>>) -> !pd.vtensor<4xf64>
  %1 = pd.abs %d : (!pd.vtensor<4xcomplex<f64>>) -> !pd.vtensor<?xf64>
  // CHECK: pd.abs %{{.*}} : (!pd.vtensor<2x3xf32>) -> !pd.vtensor<2x3xf32>
  %2 = pd.abs %f : (!pd.vtensor<2x3xf32>) -> !pd.vtensor<?x?xf32>
  // CHECK: pd.abs %{{.*}} : (!pd.vtensor<?x5xi64>) -> !pd.vtensor<?x5xi64>
  %3 = pd.abs %i : (!pd.vtensor<?x5xi64>) -> !pd.vtensor<?x?xi64>
  return
}

// -----

// BoolOutputInferMeta (logical_not, isnan, isinf, isfinite): x's shape, bool.
// bitwise_not keeps x's dtype.
// CHECK-LABEL: func.func @bool_output
// ROUNDTRIP-LABEL: func.func @bool_output
func.func @bool_output(%a: !pd.vtensor<2x3xf32>, %b: !pd.vtensor<?x7xf16>, %c: !pd.vtensor<4xi1>, %d: !pd.vtensor<2x?xi32>) {
  // CHECK: pd.logical_not %{{.*}} : (!pd.vtensor<2x3xf32>) -> !pd.vtensor<2x3xi1>
  %0 = pd.logical_not %a : (!pd.vtensor<2x3xf32>) -> !pd.vtensor<?x?xi1>
  // CHECK: pd.logical_not %{{.*}} : (!pd.vtensor<?x7xf16>) -> !pd.vtensor<?x7xi1>
  %1 = pd.logical_not %b : (!pd.vtensor<?x7xf16>) -> !pd.vtensor<?x?xi1>
  // CHECK: pd.isnan %{{.*}} : (!pd.vtensor<2x3xf32>) -> !pd.vtensor<2x3xi1>
  %2 = pd.isnan %a : (!pd.vtensor<2x3xf32>) -> !pd.vtensor<?x?xi1>
  // CHECK: pd.isnan %{{.*}} : (!pd.vtensor<?x7xf16>) -> !pd.vtensor<?x7xi1>
  %3 = pd.isnan %b : (!pd.vtensor<?x7xf16>) -> !pd.vtensor<?x?xi1>
  // CHECK: pd.isinf %{{.*}} : (!pd.vtensor<2x3xf32>) -> !pd.vtensor<2x3xi1>
  %4 = pd.isinf %a : (!pd.vtensor<2x3xf32>) -> !pd.vtensor<?x?xi1>
  // CHECK: pd.isinf %{{.*}} : (!pd.vtensor<?x7xf16>) -> !pd.vtensor<?x7xi1>
  %5 = pd.isinf %b : (!pd.vtensor<?x7xf16>) -> !pd.vtensor<?x?xi1>
  // CHECK: pd.isfinite %{{.*}} : (!pd.vtensor<2x3xf32>) -> !pd.vtensor<2x3xi1>
  %6 = pd.isfinite %a : (!pd.vtensor<2x3xf32>) -> !pd.vtensor<?x?xi1>
  // CHECK: pd.isfinite %{{.*}} : (!pd.vtensor<?x7xf16>) -> !pd.vtensor<?x7xi1>
  %7 = pd.isfinite %b : (!pd.vtensor<?x7xf16>) -> !pd.vtensor<?x?xi1>
  // CHECK: pd.logical_not %{{.*}} : (!pd.vtensor<4xi1>) -> !pd.vtensor<4xi1>
  %8 = pd.logical_not %c : (!pd.vtensor<4xi1>) -> !pd.vtensor<?xi1>
  // CHECK: pd.bitwise_not %{{.*}} : (!pd.vtensor<2x?xi32>) -> !pd.vtensor<2x?xi32>
  %9 = pd.bitwise_not %d : (!pd.vtensor<2x?xi32>) -> !pd.vtensor<?x?xi32>
  // CHECK: pd.bitwise_not %{{.*}} : (!pd.vtensor<4xi1>) -> !pd.vtensor<4xi1>
  %10 = pd.bitwise_not %c : (!pd.vtensor<4xi1>) -> !pd.vtensor<?xi1>
  return
}

// -----

// scale and pow (a Scalar operand, constant or not) keep x's shape and dtype;
// so does clip, with min == max, and with a min only known at run time.
// CHECK-LABEL: func.func @scalar_operands
// ROUNDTRIP-LABEL: func.func @scalar_operands
func.func @scalar_operands(%x: !pd.vtensor<2x3xf32>, %y: !pd.vtensor<?x3xf32>, %arg: !pd.vtensor<1xf32>) {
  %s = pd.full(2.0) : !pd.vtensor<1xf32>
  // CHECK: pd.scale {{.*}} : (!pd.vtensor<2x3xf32>, !pd.vtensor<1xf32>) -> !pd.vtensor<2x3xf32>
  %0 = pd.scale %x, %s {bias = 1.000000e+00 : f32, bias_after_scale = false} : (!pd.vtensor<2x3xf32>, !pd.vtensor<1xf32>) -> !pd.vtensor<?x?xf32>
  // CHECK: pd.scale {{.*}} : (!pd.vtensor<?x3xf32>, !pd.vtensor<1xf32>) -> !pd.vtensor<?x3xf32>
  %1 = pd.scale %y, %arg : (!pd.vtensor<?x3xf32>, !pd.vtensor<1xf32>) -> !pd.vtensor<?x?xf32>
  // CHECK: pd.pow {{.*}} : (!pd.vtensor<2x3xf32>) -> !pd.vtensor<2x3xf32>
  %2 = pd.pow %x {y = 3.0 : f32} : (!pd.vtensor<2x3xf32>) -> !pd.vtensor<?x?xf32>
  // CHECK: pd.pow {{.*}} : (!pd.vtensor<?x3xf32>) -> !pd.vtensor<?x3xf32>
  %3 = pd.pow %y : (!pd.vtensor<?x3xf32>) -> !pd.vtensor<?x?xf32>
  %lo = pd.full(-1.0) : !pd.vtensor<1xf32>
  %hi = pd.full(1) : !pd.vtensor<1xf32>
  // CHECK: pd.clip {{.*}} -> !pd.vtensor<2x3xf32>
  %4 = pd.clip %x, %lo, %hi : (!pd.vtensor<2x3xf32>, !pd.vtensor<1xf32>, !pd.vtensor<1xf32>) -> !pd.vtensor<?x?xf32>
  // CHECK: pd.clip {{.*}} -> !pd.vtensor<?x3xf32>
  %5 = pd.clip %y, %hi, %hi : (!pd.vtensor<?x3xf32>, !pd.vtensor<1xf32>, !pd.vtensor<1xf32>) -> !pd.vtensor<?x?xf32>
  // CHECK: pd.clip {{.*}} -> !pd.vtensor<?x3xf32>
  %6 = pd.clip %y, %arg, %lo : (!pd.vtensor<?x3xf32>, !pd.vtensor<1xf32>, !pd.vtensor<1xf32>) -> !pd.vtensor<?x?xf32>
  return
}

// -----

// CastInferMeta: x's shape, the target dtype.
// CHECK-LABEL: func.func @cast
// ROUNDTRIP-LABEL: func.func @cast
func.func @cast(%x: !pd.vtensor<2x?x4xf32>, %i: !pd.vtensor<i32>) {
  // CHECK: pd.cast %{{.*}} {dtype = #pd.dtype<float16>} : (!pd.vtensor<2x?x4xf32>) -> !pd.vtensor<2x?x4xf16>
  %0 = pd.cast %x {dtype = #pd.dtype<float16>} : (!pd.vtensor<2x?x4xf32>) -> !pd.vtensor<?x?x?xf16>
  // CHECK: pd.cast %{{.*}} {dtype = #pd.dtype<int64>} : (!pd.vtensor<2x?x4xf32>) -> !pd.vtensor<2x?x4xi64>
  %1 = pd.cast %x {dtype = #pd.dtype<int64>} : (!pd.vtensor<2x?x4xf32>) -> !pd.vtensor<?x?x?xi64>
  // CHECK: pd.cast %{{.*}} {dtype = #pd.dtype<bool>} : (!pd.vtensor<2x?x4xf32>) -> !pd.vtensor<2x?x4xi1>
  %2 = pd.cast %x {dtype = #pd.dtype<bool>} : (!pd.vtensor<2x?x4xf32>) -> !pd.vtensor<?x?x?xi1>
  // CHECK: pd.cast %{{.*}} {dtype = #pd.dtype<complex64>} : (!pd.vtensor<2x?x4xf32>) -> !pd.vtensor<2x?x4xcomplex<f32>>
  %3 = pd.cast %x {dtype = #pd.dtype<complex64>} : (!pd.vtensor<2x?x4xf32>) -> !pd.vtensor<?x?x?xcomplex<f32>>
  // CHECK: pd.cast %{{.*}} {dtype = #pd.dtype<uint8>} : (!pd.vtensor<2x?x4xf32>) -> !pd.vtensor<2x?x4xui8>
  %4 = pd.cast %x {dtype = #pd.dtype<uint8>} : (!pd.vtensor<2x?x4xf32>) -> !pd.vtensor<?x?x?xui8>
  // CHECK: pd.cast %{{.*}} {dtype = #pd.dtype<bfloat16>} : (!pd.vtensor<2x?x4xf32>) -> !pd.vtensor<2x?x4xbf16>
  %5 = pd.cast %x {dtype = #pd.dtype<bfloat16>} : (!pd.vtensor<2x?x4xf32>) -> !pd.vtensor<?x?x?xbf16>
  // CHECK: pd.cast %{{.*}} {dtype = #pd.dtype<float32>} : (!pd.vtensor<2x?x4xf32>) -> !pd.vtensor<2x?x4xf32>
  %6 = pd.cast %x {dtype = #pd.dtype<float32>} : (!pd.vtensor<2x?x4xf32>) -> !pd.vtensor<?x?x?xf32>
  // CHECK: pd.cast %{{.*}} {dtype = #pd.dtype<float64>} : (!pd.vtensor<i32>) -> !pd.vtensor<f64>
  %7 = pd.cast %i {dtype = #pd.dtype<float64>} : (!pd.vtensor<i32>) -> !pd.vtensor<f64>
  return
}

// -----

// numel: a 0-D int64 tensor, whatever x's shape. shape: a 1-D int32 tensor
// of x's rank, known even when x's dims are not.
// CHECK-LABEL: func.func @numel_and_shape
// ROUNDTRIP-LABEL: func.func @numel_and_shape
func.func @numel_and_shape(%x: !pd.vtensor<2x3xf32>, %y: !pd.vtensor<?x?x5xf16>, %z: !pd.vtensor<i1>) {
  // CHECK: pd.numel %{{.*}} : (!pd.vtensor<2x3xf32>) -> !pd.vtensor<i64>
  %0 = pd.numel %x : (!pd.vtensor<2x3xf32>) -> !pd.vtensor<i64>
  // CHECK: pd.numel %{{.*}} : (!pd.vtensor<?x?x5xf16>) -> !pd.vtensor<i64>
  %1 = pd.numel %y : (!pd.vtensor<?x?x5xf16>) -> !pd.vtensor<i64>
  // CHECK: pd.numel %{{.*}} : (!pd.vtensor<i1>) -> !pd.vtensor<i64>
  %2 = pd.numel %z : (!pd.vtensor<i1>) -> !pd.vtensor<i64>
  // CHECK: pd.shape %{{.*}} : (!pd.vtensor<2x3xf32>) -> !pd.vtensor<2xi32>
  %3 = pd.shape %x : (!pd.vtensor<2x3xf32>) -> !pd.vtensor<?xi32>
  // CHECK: pd.shape %{{.*}} : (!pd.vtensor<?x?x5xf16>) -> !pd.vtensor<3xi32>
  %4 = pd.shape %y : (!pd.vtensor<?x?x5xf16>) -> !pd.vtensor<?xi32>
  // CHECK: pd.shape %{{.*}} : (!pd.vtensor<i1>) -> !pd.vtensor<0xi32>
  %5 = pd.shape %z : (!pd.vtensor<i1>) -> !pd.vtensor<?xi32>
  // shape64 is Paddle 3's int64 variant (what paddle.shape exports).
  // CHECK: pd.shape64 %{{.*}} : (!pd.vtensor<?x?x5xf16>) -> !pd.vtensor<3xi64>
  %6 = pd.shape64 %y : (!pd.vtensor<?x?x5xf16>) -> !pd.vtensor<?xi64>
  return
}

// -----

// UnchangedWithAxisInferMeta: any axis in [-rank, rank) (and 0 or -1 for a
// 0-D x) keeps x's shape and dtype.
// CHECK-LABEL: func.func @softmax
// ROUNDTRIP-LABEL: func.func @softmax
func.func @softmax(%x: !pd.vtensor<2x3x4xf32>, %y: !pd.vtensor<?x10xf16>, %z: !pd.vtensor<f64>) {
  // CHECK: pd.softmax %{{.*}} : (!pd.vtensor<2x3x4xf32>) -> !pd.vtensor<2x3x4xf32>
  %0 = pd.softmax %x : (!pd.vtensor<2x3x4xf32>) -> !pd.vtensor<?x?x?xf32>
  // CHECK: pd.softmax %{{.*}} {axis = 1 : i32} : (!pd.vtensor<2x3x4xf32>) -> !pd.vtensor<2x3x4xf32>
  %1 = pd.softmax %x {axis = 1 : i32} : (!pd.vtensor<2x3x4xf32>) -> !pd.vtensor<?x?x?xf32>
  // CHECK: pd.softmax %{{.*}} {axis = -3 : i32} : (!pd.vtensor<2x3x4xf32>) -> !pd.vtensor<2x3x4xf32>
  %2 = pd.softmax %x {axis = -3 : i32} : (!pd.vtensor<2x3x4xf32>) -> !pd.vtensor<?x?x?xf32>
  // CHECK: pd.softmax %{{.*}} {axis = 0 : i32} : (!pd.vtensor<?x10xf16>) -> !pd.vtensor<?x10xf16>
  %3 = pd.softmax %y {axis = 0 : i32} : (!pd.vtensor<?x10xf16>) -> !pd.vtensor<?x?xf16>
  // CHECK: pd.softmax %{{.*}} {axis = 0 : i32} : (!pd.vtensor<f64>) -> !pd.vtensor<f64>
  %4 = pd.softmax %z {axis = 0 : i32} : (!pd.vtensor<f64>) -> !pd.vtensor<f64>
  // CHECK: pd.softmax %{{.*}} : (!pd.vtensor<f64>) -> !pd.vtensor<f64>
  %5 = pd.softmax %z : (!pd.vtensor<f64>) -> !pd.vtensor<f64>
  // CHECK: pd.log_softmax %{{.*}} : (!pd.vtensor<2x3x4xf32>) -> !pd.vtensor<2x3x4xf32>
  %6 = pd.log_softmax %x : (!pd.vtensor<2x3x4xf32>) -> !pd.vtensor<?x?x?xf32>
  // CHECK: pd.log_softmax %{{.*}} {axis = 1 : i32} : (!pd.vtensor<2x3x4xf32>) -> !pd.vtensor<2x3x4xf32>
  %7 = pd.log_softmax %x {axis = 1 : i32} : (!pd.vtensor<2x3x4xf32>) -> !pd.vtensor<?x?x?xf32>
  // CHECK: pd.log_softmax %{{.*}} {axis = -3 : i32} : (!pd.vtensor<2x3x4xf32>) -> !pd.vtensor<2x3x4xf32>
  %8 = pd.log_softmax %x {axis = -3 : i32} : (!pd.vtensor<2x3x4xf32>) -> !pd.vtensor<?x?x?xf32>
  // CHECK: pd.log_softmax %{{.*}} {axis = 0 : i32} : (!pd.vtensor<?x10xf16>) -> !pd.vtensor<?x10xf16>
  %9 = pd.log_softmax %y {axis = 0 : i32} : (!pd.vtensor<?x10xf16>) -> !pd.vtensor<?x?xf16>
  // CHECK: pd.log_softmax %{{.*}} {axis = 0 : i32} : (!pd.vtensor<f64>) -> !pd.vtensor<f64>
  %10 = pd.log_softmax %z {axis = 0 : i32} : (!pd.vtensor<f64>) -> !pd.vtensor<f64>
  // CHECK: pd.log_softmax %{{.*}} : (!pd.vtensor<f64>) -> !pd.vtensor<f64>
  %11 = pd.log_softmax %z : (!pd.vtensor<f64>) -> !pd.vtensor<f64>
  return
}

// -----

// DropoutInferMeta: out is like x, mask has x's shape and dtype uint8. p may
// be 0 or 1, or unknown.
// CHECK-LABEL: func.func @dropout
// ROUNDTRIP-LABEL: func.func @dropout
func.func @dropout(%x: !pd.vtensor<2x3xf32>, %y: !pd.vtensor<?x8xf16>, %seed: !pd.vtensor<1xi32>, %parg: !pd.vtensor<1xf32>) {
  %p = pd.full(0.5) : !pd.vtensor<1xf32>
  // CHECK: pd.dropout {{.*}} : (!pd.vtensor<2x3xf32>, !pd.vtensor<1xf32>) -> (!pd.vtensor<2x3xf32>, !pd.vtensor<2x3xui8>)
  %out, %mask = pd.dropout %x, %p : (!pd.vtensor<2x3xf32>, !pd.vtensor<1xf32>) -> (!pd.vtensor<?x?xf32>, !pd.vtensor<?x?xui8>)
  // CHECK: pd.dropout {{.*}} seed_tensor(%{{.*}}) {{.*}} : (!pd.vtensor<?x8xf16>, !pd.vtensor<1xi32>, !pd.vtensor<1xf32>) -> (!pd.vtensor<?x8xf16>, !pd.vtensor<?x8xui8>)
  %out1, %mask1 = pd.dropout %y, %p seed_tensor(%seed) {fix_seed = true, is_test = true, mode = "downscale_in_infer", seed = 7 : i32} : (!pd.vtensor<?x8xf16>, !pd.vtensor<1xi32>, !pd.vtensor<1xf32>) -> (!pd.vtensor<?x?xf16>, !pd.vtensor<?x?xui8>)
  %zero = pd.full(0) : !pd.vtensor<1xf32>
  %one = pd.full(1.0) : !pd.vtensor<1xf32>
  // CHECK: pd.dropout {{.*}} -> (!pd.vtensor<2x3xf32>, !pd.vtensor<2x3xui8>)
  %out2, %mask2 = pd.dropout %x, %zero : (!pd.vtensor<2x3xf32>, !pd.vtensor<1xf32>) -> (!pd.vtensor<2x?xf32>, !pd.vtensor<?x3xui8>)
  // CHECK: pd.dropout {{.*}} -> (!pd.vtensor<2x3xf32>, !pd.vtensor<2x3xui8>)
  %out3, %mask3 = pd.dropout %x, %one : (!pd.vtensor<2x3xf32>, !pd.vtensor<1xf32>) -> (!pd.vtensor<?x?xf32>, !pd.vtensor<?x?xui8>)
  // CHECK: pd.dropout {{.*}} -> (!pd.vtensor<2x3xf32>, !pd.vtensor<2x3xui8>)
  %out4, %mask4 = pd.dropout %x, %parg : (!pd.vtensor<2x3xf32>, !pd.vtensor<1xf32>) -> (!pd.vtensor<?x?xf32>, !pd.vtensor<?x?xui8>)
  return
}

// -----

// PreluInferMeta: out is like x; alpha has 1 element (mode all), one per
// channel (mode channel, NCHW: dim 1, NHWC: last dim) or x's shape without
// the batch dim (mode element). Unknown dims are not checked.
// CHECK-LABEL: func.func @prelu
// ROUNDTRIP-LABEL: func.func @prelu
func.func @prelu(%x: !pd.vtensor<2x3x4x4xf32>, %y: !pd.vtensor<?x3x?xf16>, %a1: !pd.vtensor<1xf32>, %a3: !pd.vtensor<3xf32>, %a1x4: !pd.vtensor<1x4xf32>, %ae: !pd.vtensor<1x3x4x4xf32>, %ad: !pd.vtensor<?xf32>, %ae3: !pd.vtensor<1x3x5xf32>) {
  // CHECK: pd.prelu {{.*}} -> !pd.vtensor<2x3x4x4xf32>
  %0 = pd.prelu %x, %a1 : (!pd.vtensor<2x3x4x4xf32>, !pd.vtensor<1xf32>) -> !pd.vtensor<?x?x?x?xf32>
  // CHECK: pd.prelu {{.*}} -> !pd.vtensor<2x3x4x4xf32>
  %1 = pd.prelu %x, %a3 {mode = "channel"} : (!pd.vtensor<2x3x4x4xf32>, !pd.vtensor<3xf32>) -> !pd.vtensor<?x?x?x?xf32>
  // CHECK: pd.prelu {{.*}} -> !pd.vtensor<2x3x4x4xf32>
  %2 = pd.prelu %x, %a1x4 {data_format = "NHWC", mode = "channel"} : (!pd.vtensor<2x3x4x4xf32>, !pd.vtensor<1x4xf32>) -> !pd.vtensor<?x?x?x?xf32>
  // CHECK: pd.prelu {{.*}} -> !pd.vtensor<2x3x4x4xf32>
  %3 = pd.prelu %x, %ae {mode = "element"} : (!pd.vtensor<2x3x4x4xf32>, !pd.vtensor<1x3x4x4xf32>) -> !pd.vtensor<?x?x?x?xf32>
  // CHECK: pd.prelu {{.*}} -> !pd.vtensor<?x3x?xf16>
  %4 = pd.prelu %y, %a3 {mode = "channel"} : (!pd.vtensor<?x3x?xf16>, !pd.vtensor<3xf32>) -> !pd.vtensor<?x?x?xf16>
  // CHECK: pd.prelu {{.*}} -> !pd.vtensor<?x3x?xf16>
  %5 = pd.prelu %y, %ad {mode = "channel"} : (!pd.vtensor<?x3x?xf16>, !pd.vtensor<?xf32>) -> !pd.vtensor<?x?x?xf16>
  // CHECK: pd.prelu {{.*}} -> !pd.vtensor<?x3x?xf16>
  %6 = pd.prelu %y, %ae3 {mode = "element"} : (!pd.vtensor<?x3x?xf16>, !pd.vtensor<1x3x5xf32>) -> !pd.vtensor<?x?x?xf16>
  return
}

// -----

// In-place variants take a !pd.tensor and infer like their value variant.
// CHECK-LABEL: func.func @inplace
// ROUNDTRIP-LABEL: func.func @inplace
func.func @inplace(%x: !pd.tensor<2x?xf32>, %c: !pd.tensor<1xi64>, %i: !pd.tensor<3xi8>) {
  %s = pd.full(2.0) : !pd.vtensor<1xf32>
  // CHECK: pd.relu_ %{{.*}} : (!pd.tensor<2x?xf32>) -> !pd.tensor<2x?xf32>
  %0 = pd.relu_ %x : (!pd.tensor<2x?xf32>) -> !pd.tensor<?x?xf32>
  // CHECK: pd.abs_ %{{.*}} : (!pd.tensor<2x?xf32>) -> !pd.tensor<2x?xf32>
  %1 = pd.abs_ %x : (!pd.tensor<2x?xf32>) -> !pd.tensor<?x?xf32>
  // CHECK: pd.sigmoid_ %{{.*}} : (!pd.tensor<2x?xf32>) -> !pd.tensor<2x?xf32>
  %2 = pd.sigmoid_ %x : (!pd.tensor<2x?xf32>) -> !pd.tensor<?x?xf32>
  // CHECK: pd.hardtanh_ {{.*}} : (!pd.tensor<2x?xf32>) -> !pd.tensor<2x?xf32>
  %3 = pd.hardtanh_ %x {t_max = 6.000000e+00 : f32} : (!pd.tensor<2x?xf32>) -> !pd.tensor<?x?xf32>
  // CHECK: pd.leaky_relu_ %{{.*}} : (!pd.tensor<2x?xf32>) -> !pd.tensor<2x?xf32>
  %4 = pd.leaky_relu_ %x : (!pd.tensor<2x?xf32>) -> !pd.tensor<?x?xf32>
  // CHECK: pd.scale_ {{.*}} : (!pd.tensor<2x?xf32>, !pd.vtensor<1xf32>) -> !pd.tensor<2x?xf32>
  %5 = pd.scale_ %x, %s : (!pd.tensor<2x?xf32>, !pd.vtensor<1xf32>) -> !pd.tensor<?x?xf32>
  // CHECK: pd.pow_ {{.*}} : (!pd.tensor<2x?xf32>) -> !pd.tensor<2x?xf32>
  %6 = pd.pow_ %x : (!pd.tensor<2x?xf32>) -> !pd.tensor<?x?xf32>
  // CHECK: pd.clip_ {{.*}} -> !pd.tensor<2x?xf32>
  %7 = pd.clip_ %x, %s, %s : (!pd.tensor<2x?xf32>, !pd.vtensor<1xf32>, !pd.vtensor<1xf32>) -> !pd.tensor<?x?xf32>
  // CHECK: pd.softmax_ {{.*}} : (!pd.tensor<2x?xf32>) -> !pd.tensor<2x?xf32>
  %8 = pd.softmax_ %x {axis = 0 : i32} : (!pd.tensor<2x?xf32>) -> !pd.tensor<?x?xf32>
  // CHECK: pd.cast_ {{.*}} : (!pd.tensor<2x?xf32>) -> !pd.tensor<2x?xf16>
  %9 = pd.cast_ %x {dtype = #pd.dtype<float16>} : (!pd.tensor<2x?xf32>) -> !pd.tensor<?x?xf16>
  // CHECK: pd.increment_ %{{.*}} : (!pd.tensor<1xi64>) -> !pd.tensor<1xi64>
  %10 = pd.increment_ %c : (!pd.tensor<1xi64>) -> !pd.tensor<?xi64>
  // CHECK: pd.assign_ %{{.*}} : (!pd.tensor<2x?xf32>) -> !pd.tensor<2x?xf32>
  %11 = pd.assign_ %x : (!pd.tensor<2x?xf32>) -> !pd.tensor<?x?xf32>
  // CHECK: pd.bitwise_not_ %{{.*}} : (!pd.tensor<3xi8>) -> !pd.tensor<3xi8>
  %12 = pd.bitwise_not_ %i : (!pd.tensor<3xi8>) -> !pd.tensor<?xi8>
  return
}

// -----

// rrelu: out and noise keep x's shape.
// CHECK-LABEL: func.func @rrelu
// CHECK: pd.rrelu {{.*}} -> (!pd.vtensor<3x4xf32>, !pd.vtensor<3x4xf32>)
func.func @rrelu(%x: !pd.vtensor<3x4xf32>) {
  %o, %n = pd.rrelu %x {is_test = true} : (!pd.vtensor<3x4xf32>) -> (!pd.vtensor<?x?xf32>, !pd.vtensor<?x?xf32>)
  return
}

// -----

// shard_index keeps input's shape and dtype.
// CHECK-LABEL: func.func @shard_index
// CHECK: pd.shard_index {{.*}} -> !pd.vtensor<4x1xi64>
func.func @shard_index(%x: !pd.vtensor<4x1xi64>) {
  %0 = pd.shard_index %x {index_num = 20 : i32, nshards = 2 : i32, shard_id = 1 : i32} : (!pd.vtensor<4x1xi64>) -> !pd.vtensor<?x?xi64>
  return
}
