// Diagnostics of the ops whose InferMeta is in lib/Dialect/Pd/InferMeta/Unary.cpp:
// what InferMeta rejects, and, for ops that accept any input, a declared
// result type that is incompatible with the inferred one.
// RUN: paddle-opt %s -split-input-file -verify-diagnostics

func.func @acos_result(%x: !pd.vtensor<2x3xf32>) {
  // expected-error @+2 {{'pd.acos' op failed to infer returned types}}
  // expected-error @+1 {{'pd.acos' op inferred type(s) '!pd.vtensor<2x3xf32>' are incompatible with return type(s) of operation '!pd.vtensor<2x4xf32>'}}
  %0 = pd.acos %x : (!pd.vtensor<2x3xf32>) -> !pd.vtensor<2x4xf32>
  return
}

// -----

func.func @acosh_result(%x: !pd.vtensor<2x3xf32>) {
  // expected-error @+2 {{'pd.acosh' op failed to infer returned types}}
  // expected-error @+1 {{'pd.acosh' op inferred type(s) '!pd.vtensor<2x3xf32>' are incompatible with return type(s) of operation '!pd.vtensor<2x3xf16>'}}
  %0 = pd.acosh %x : (!pd.vtensor<2x3xf32>) -> !pd.vtensor<2x3xf16>
  return
}

// -----

func.func @asin_result(%x: !pd.vtensor<2x3xf32>) {
  // expected-error @+2 {{'pd.asin' op failed to infer returned types}}
  // expected-error @+1 {{'pd.asin' op inferred type(s) '!pd.vtensor<2x3xf32>' are incompatible with return type(s) of operation '!pd.vtensor<6xf32>'}}
  %0 = pd.asin %x : (!pd.vtensor<2x3xf32>) -> !pd.vtensor<6xf32>
  return
}

// -----

func.func @asinh_result(%x: !pd.vtensor<?x3xf32>) {
  // expected-error @+2 {{'pd.asinh' op failed to infer returned types}}
  // expected-error @+1 {{'pd.asinh' op inferred type(s) '!pd.vtensor<?x3xf32>' are incompatible with return type(s) of operation '!pd.vtensor<?x2xf32>'}}
  %0 = pd.asinh %x : (!pd.vtensor<?x3xf32>) -> !pd.vtensor<?x2xf32>
  return
}

// -----

func.func @atan_result(%x: !pd.vtensor<2x?xf32>) {
  // expected-error @+2 {{'pd.atan' op failed to infer returned types}}
  // expected-error @+1 {{'pd.atan' op inferred type(s) '!pd.vtensor<2x?xf32>' are incompatible with return type(s) of operation '!pd.vtensor<2x?xf64>'}}
  %0 = pd.atan %x : (!pd.vtensor<2x?xf32>) -> !pd.vtensor<2x?xf64>
  return
}

// -----

func.func @atanh_result(%x: !pd.vtensor<2x3xf32>) {
  // expected-error @+2 {{'pd.atanh' op failed to infer returned types}}
  // expected-error @+1 {{'pd.atanh' op inferred type(s) '!pd.vtensor<2x3xf32>' are incompatible with return type(s) of operation '!pd.vtensor<2x4xf32>'}}
  %0 = pd.atanh %x : (!pd.vtensor<2x3xf32>) -> !pd.vtensor<2x4xf32>
  return
}

// -----

func.func @ceil_result(%x: !pd.vtensor<2x3xf32>) {
  // expected-error @+2 {{'pd.ceil' op failed to infer returned types}}
  // expected-error @+1 {{'pd.ceil' op inferred type(s) '!pd.vtensor<2x3xf32>' are incompatible with return type(s) of operation '!pd.vtensor<2x3xf16>'}}
  %0 = pd.ceil %x : (!pd.vtensor<2x3xf32>) -> !pd.vtensor<2x3xf16>
  return
}

// -----

func.func @cos_result(%x: !pd.vtensor<2x3xf32>) {
  // expected-error @+2 {{'pd.cos' op failed to infer returned types}}
  // expected-error @+1 {{'pd.cos' op inferred type(s) '!pd.vtensor<2x3xf32>' are incompatible with return type(s) of operation '!pd.vtensor<6xf32>'}}
  %0 = pd.cos %x : (!pd.vtensor<2x3xf32>) -> !pd.vtensor<6xf32>
  return
}

// -----

func.func @cosh_result(%x: !pd.vtensor<?x3xf32>) {
  // expected-error @+2 {{'pd.cosh' op failed to infer returned types}}
  // expected-error @+1 {{'pd.cosh' op inferred type(s) '!pd.vtensor<?x3xf32>' are incompatible with return type(s) of operation '!pd.vtensor<?x2xf32>'}}
  %0 = pd.cosh %x : (!pd.vtensor<?x3xf32>) -> !pd.vtensor<?x2xf32>
  return
}

// -----

func.func @exp_result(%x: !pd.vtensor<2x?xf32>) {
  // expected-error @+2 {{'pd.exp' op failed to infer returned types}}
  // expected-error @+1 {{'pd.exp' op inferred type(s) '!pd.vtensor<2x?xf32>' are incompatible with return type(s) of operation '!pd.vtensor<2x?xf64>'}}
  %0 = pd.exp %x : (!pd.vtensor<2x?xf32>) -> !pd.vtensor<2x?xf64>
  return
}

// -----

func.func @expm1_result(%x: !pd.vtensor<2x3xf32>) {
  // expected-error @+2 {{'pd.expm1' op failed to infer returned types}}
  // expected-error @+1 {{'pd.expm1' op inferred type(s) '!pd.vtensor<2x3xf32>' are incompatible with return type(s) of operation '!pd.vtensor<2x4xf32>'}}
  %0 = pd.expm1 %x : (!pd.vtensor<2x3xf32>) -> !pd.vtensor<2x4xf32>
  return
}

// -----

func.func @floor_result(%x: !pd.vtensor<2x3xf32>) {
  // expected-error @+2 {{'pd.floor' op failed to infer returned types}}
  // expected-error @+1 {{'pd.floor' op inferred type(s) '!pd.vtensor<2x3xf32>' are incompatible with return type(s) of operation '!pd.vtensor<2x3xf16>'}}
  %0 = pd.floor %x : (!pd.vtensor<2x3xf32>) -> !pd.vtensor<2x3xf16>
  return
}

// -----

func.func @log_result(%x: !pd.vtensor<2x3xf32>) {
  // expected-error @+2 {{'pd.log' op failed to infer returned types}}
  // expected-error @+1 {{'pd.log' op inferred type(s) '!pd.vtensor<2x3xf32>' are incompatible with return type(s) of operation '!pd.vtensor<6xf32>'}}
  %0 = pd.log %x : (!pd.vtensor<2x3xf32>) -> !pd.vtensor<6xf32>
  return
}

// -----

func.func @log10_result(%x: !pd.vtensor<?x3xf32>) {
  // expected-error @+2 {{'pd.log10' op failed to infer returned types}}
  // expected-error @+1 {{'pd.log10' op inferred type(s) '!pd.vtensor<?x3xf32>' are incompatible with return type(s) of operation '!pd.vtensor<?x2xf32>'}}
  %0 = pd.log10 %x : (!pd.vtensor<?x3xf32>) -> !pd.vtensor<?x2xf32>
  return
}

// -----

func.func @log1p_result(%x: !pd.vtensor<2x?xf32>) {
  // expected-error @+2 {{'pd.log1p' op failed to infer returned types}}
  // expected-error @+1 {{'pd.log1p' op inferred type(s) '!pd.vtensor<2x?xf32>' are incompatible with return type(s) of operation '!pd.vtensor<2x?xf64>'}}
  %0 = pd.log1p %x : (!pd.vtensor<2x?xf32>) -> !pd.vtensor<2x?xf64>
  return
}

// -----

func.func @log2_result(%x: !pd.vtensor<2x3xf32>) {
  // expected-error @+2 {{'pd.log2' op failed to infer returned types}}
  // expected-error @+1 {{'pd.log2' op inferred type(s) '!pd.vtensor<2x3xf32>' are incompatible with return type(s) of operation '!pd.vtensor<2x4xf32>'}}
  %0 = pd.log2 %x : (!pd.vtensor<2x3xf32>) -> !pd.vtensor<2x4xf32>
  return
}

// -----

func.func @reciprocal_result(%x: !pd.vtensor<2x3xf32>) {
  // expected-error @+2 {{'pd.reciprocal' op failed to infer returned types}}
  // expected-error @+1 {{'pd.reciprocal' op inferred type(s) '!pd.vtensor<2x3xf32>' are incompatible with return type(s) of operation '!pd.vtensor<2x3xf16>'}}
  %0 = pd.reciprocal %x : (!pd.vtensor<2x3xf32>) -> !pd.vtensor<2x3xf16>
  return
}

// -----

func.func @round_result(%x: !pd.vtensor<2x3xf32>) {
  // expected-error @+2 {{'pd.round' op failed to infer returned types}}
  // expected-error @+1 {{'pd.round' op inferred type(s) '!pd.vtensor<2x3xf32>' are incompatible with return type(s) of operation '!pd.vtensor<6xf32>'}}
  %0 = pd.round %x {decimals = 2 : i32} : (!pd.vtensor<2x3xf32>) -> !pd.vtensor<6xf32>
  return
}

// -----

func.func @rsqrt_result(%x: !pd.vtensor<?x3xf32>) {
  // expected-error @+2 {{'pd.rsqrt' op failed to infer returned types}}
  // expected-error @+1 {{'pd.rsqrt' op inferred type(s) '!pd.vtensor<?x3xf32>' are incompatible with return type(s) of operation '!pd.vtensor<?x2xf32>'}}
  %0 = pd.rsqrt %x : (!pd.vtensor<?x3xf32>) -> !pd.vtensor<?x2xf32>
  return
}

// -----

func.func @sigmoid_result(%x: !pd.vtensor<2x?xf32>) {
  // expected-error @+2 {{'pd.sigmoid' op failed to infer returned types}}
  // expected-error @+1 {{'pd.sigmoid' op inferred type(s) '!pd.vtensor<2x?xf32>' are incompatible with return type(s) of operation '!pd.vtensor<2x?xf64>'}}
  %0 = pd.sigmoid %x : (!pd.vtensor<2x?xf32>) -> !pd.vtensor<2x?xf64>
  return
}

// -----

func.func @sign_result(%x: !pd.vtensor<2x3xf32>) {
  // expected-error @+2 {{'pd.sign' op failed to infer returned types}}
  // expected-error @+1 {{'pd.sign' op inferred type(s) '!pd.vtensor<2x3xf32>' are incompatible with return type(s) of operation '!pd.vtensor<2x4xf32>'}}
  %0 = pd.sign %x : (!pd.vtensor<2x3xf32>) -> !pd.vtensor<2x4xf32>
  return
}

// -----

func.func @sin_result(%x: !pd.vtensor<2x3xf32>) {
  // expected-error @+2 {{'pd.sin' op failed to infer returned types}}
  // expected-error @+1 {{'pd.sin' op inferred type(s) '!pd.vtensor<2x3xf32>' are incompatible with return type(s) of operation '!pd.vtensor<2x3xf16>'}}
  %0 = pd.sin %x : (!pd.vtensor<2x3xf32>) -> !pd.vtensor<2x3xf16>
  return
}

// -----

func.func @sinh_result(%x: !pd.vtensor<2x3xf32>) {
  // expected-error @+2 {{'pd.sinh' op failed to infer returned types}}
  // expected-error @+1 {{'pd.sinh' op inferred type(s) '!pd.vtensor<2x3xf32>' are incompatible with return type(s) of operation '!pd.vtensor<6xf32>'}}
  %0 = pd.sinh %x : (!pd.vtensor<2x3xf32>) -> !pd.vtensor<6xf32>
  return
}

// -----

func.func @sqrt_result(%x: !pd.vtensor<?x3xf32>) {
  // expected-error @+2 {{'pd.sqrt' op failed to infer returned types}}
  // expected-error @+1 {{'pd.sqrt' op inferred type(s) '!pd.vtensor<?x3xf32>' are incompatible with return type(s) of operation '!pd.vtensor<?x2xf32>'}}
  %0 = pd.sqrt %x : (!pd.vtensor<?x3xf32>) -> !pd.vtensor<?x2xf32>
  return
}

// -----

func.func @square_result(%x: !pd.vtensor<2x?xf32>) {
  // expected-error @+2 {{'pd.square' op failed to infer returned types}}
  // expected-error @+1 {{'pd.square' op inferred type(s) '!pd.vtensor<2x?xf32>' are incompatible with return type(s) of operation '!pd.vtensor<2x?xf64>'}}
  %0 = pd.square %x : (!pd.vtensor<2x?xf32>) -> !pd.vtensor<2x?xf64>
  return
}

// -----

func.func @tan_result(%x: !pd.vtensor<2x3xf32>) {
  // expected-error @+2 {{'pd.tan' op failed to infer returned types}}
  // expected-error @+1 {{'pd.tan' op inferred type(s) '!pd.vtensor<2x3xf32>' are incompatible with return type(s) of operation '!pd.vtensor<2x4xf32>'}}
  %0 = pd.tan %x : (!pd.vtensor<2x3xf32>) -> !pd.vtensor<2x4xf32>
  return
}

// -----

func.func @tanh_result(%x: !pd.vtensor<2x3xf32>) {
  // expected-error @+2 {{'pd.tanh' op failed to infer returned types}}
  // expected-error @+1 {{'pd.tanh' op inferred type(s) '!pd.vtensor<2x3xf32>' are incompatible with return type(s) of operation '!pd.vtensor<2x3xf16>'}}
  %0 = pd.tanh %x : (!pd.vtensor<2x3xf32>) -> !pd.vtensor<2x3xf16>
  return
}

// -----

func.func @trunc_result(%x: !pd.vtensor<2x3xf32>) {
  // expected-error @+2 {{'pd.trunc' op failed to infer returned types}}
  // expected-error @+1 {{'pd.trunc' op inferred type(s) '!pd.vtensor<2x3xf32>' are incompatible with return type(s) of operation '!pd.vtensor<6xf32>'}}
  %0 = pd.trunc %x : (!pd.vtensor<2x3xf32>) -> !pd.vtensor<6xf32>
  return
}

// -----

func.func @erf_result(%x: !pd.vtensor<?x3xf32>) {
  // expected-error @+2 {{'pd.erf' op failed to infer returned types}}
  // expected-error @+1 {{'pd.erf' op inferred type(s) '!pd.vtensor<?x3xf32>' are incompatible with return type(s) of operation '!pd.vtensor<?x2xf32>'}}
  %0 = pd.erf %x : (!pd.vtensor<?x3xf32>) -> !pd.vtensor<?x2xf32>
  return
}

// -----

func.func @erfinv_result(%x: !pd.vtensor<2x?xf32>) {
  // expected-error @+2 {{'pd.erfinv' op failed to infer returned types}}
  // expected-error @+1 {{'pd.erfinv' op inferred type(s) '!pd.vtensor<2x?xf32>' are incompatible with return type(s) of operation '!pd.vtensor<2x?xf64>'}}
  %0 = pd.erfinv %x : (!pd.vtensor<2x?xf32>) -> !pd.vtensor<2x?xf64>
  return
}

// -----

func.func @i0_result(%x: !pd.vtensor<2x?xf32>) {
  // expected-error @+2 {{'pd.i0' op failed to infer returned types}}
  // expected-error @+1 {{'pd.i0' op inferred type(s) '!pd.vtensor<2x?xf32>' are incompatible with return type(s) of operation '!pd.vtensor<2x?xf64>'}}
  %0 = pd.i0 %x : (!pd.vtensor<2x?xf32>) -> !pd.vtensor<2x?xf64>
  return
}

// -----

func.func @i0e_result(%x: !pd.vtensor<3xf64>) {
  // expected-error @+2 {{'pd.i0e' op failed to infer returned types}}
  // expected-error @+1 {{'pd.i0e' op inferred type(s) '!pd.vtensor<3xf64>' are incompatible with return type(s) of operation '!pd.vtensor<4xf64>'}}
  %0 = pd.i0e %x : (!pd.vtensor<3xf64>) -> !pd.vtensor<4xf64>
  return
}

// -----

func.func @i1_result(%x: !pd.vtensor<2x3xf32>) {
  // expected-error @+2 {{'pd.i1' op failed to infer returned types}}
  // expected-error @+1 {{'pd.i1' op inferred type(s) '!pd.vtensor<2x3xf32>' are incompatible with return type(s) of operation '!pd.vtensor<3x2xf32>'}}
  %0 = pd.i1 %x : (!pd.vtensor<2x3xf32>) -> !pd.vtensor<3x2xf32>
  return
}

// -----

func.func @i1e_result(%x: !pd.vtensor<?xf16>) {
  // expected-error @+2 {{'pd.i1e' op failed to infer returned types}}
  // expected-error @+1 {{'pd.i1e' op inferred type(s) '!pd.vtensor<?xf16>' are incompatible with return type(s) of operation '!pd.vtensor<?x1xf16>'}}
  %0 = pd.i1e %x : (!pd.vtensor<?xf16>) -> !pd.vtensor<?x1xf16>
  return
}

// -----

func.func @digamma_result(%x: !pd.vtensor<2x3xf32>) {
  // expected-error @+2 {{'pd.digamma' op failed to infer returned types}}
  // expected-error @+1 {{'pd.digamma' op inferred type(s) '!pd.vtensor<2x3xf32>' are incompatible with return type(s) of operation '!pd.vtensor<2x4xf32>'}}
  %0 = pd.digamma %x : (!pd.vtensor<2x3xf32>) -> !pd.vtensor<2x4xf32>
  return
}

// -----

func.func @lgamma_result(%x: !pd.vtensor<2x3xf32>) {
  // expected-error @+2 {{'pd.lgamma' op failed to infer returned types}}
  // expected-error @+1 {{'pd.lgamma' op inferred type(s) '!pd.vtensor<2x3xf32>' are incompatible with return type(s) of operation '!pd.vtensor<2x3xf16>'}}
  %0 = pd.lgamma %x : (!pd.vtensor<2x3xf32>) -> !pd.vtensor<2x3xf16>
  return
}

// -----

func.func @relu_result(%x: !pd.vtensor<2x3xf32>) {
  // expected-error @+2 {{'pd.relu' op failed to infer returned types}}
  // expected-error @+1 {{'pd.relu' op inferred type(s) '!pd.vtensor<2x3xf32>' are incompatible with return type(s) of operation '!pd.vtensor<6xf32>'}}
  %0 = pd.relu %x : (!pd.vtensor<2x3xf32>) -> !pd.vtensor<6xf32>
  return
}

// -----

func.func @relu6_result(%x: !pd.vtensor<?x3xf32>) {
  // expected-error @+2 {{'pd.relu6' op failed to infer returned types}}
  // expected-error @+1 {{'pd.relu6' op inferred type(s) '!pd.vtensor<?x3xf32>' are incompatible with return type(s) of operation '!pd.vtensor<?x2xf32>'}}
  %0 = pd.relu6 %x : (!pd.vtensor<?x3xf32>) -> !pd.vtensor<?x2xf32>
  return
}

// -----

func.func @silu_result(%x: !pd.vtensor<2x?xf32>) {
  // expected-error @+2 {{'pd.silu' op failed to infer returned types}}
  // expected-error @+1 {{'pd.silu' op inferred type(s) '!pd.vtensor<2x?xf32>' are incompatible with return type(s) of operation '!pd.vtensor<2x?xf64>'}}
  %0 = pd.silu %x : (!pd.vtensor<2x?xf32>) -> !pd.vtensor<2x?xf64>
  return
}

// -----

func.func @swish_result(%x: !pd.vtensor<2x3xf32>) {
  // expected-error @+2 {{'pd.swish' op failed to infer returned types}}
  // expected-error @+1 {{'pd.swish' op inferred type(s) '!pd.vtensor<2x3xf32>' are incompatible with return type(s) of operation '!pd.vtensor<2x4xf32>'}}
  %0 = pd.swish %x : (!pd.vtensor<2x3xf32>) -> !pd.vtensor<2x4xf32>
  return
}

// -----

func.func @hardswish_result(%x: !pd.vtensor<2x3xf32>) {
  // expected-error @+2 {{'pd.hardswish' op failed to infer returned types}}
  // expected-error @+1 {{'pd.hardswish' op inferred type(s) '!pd.vtensor<2x3xf32>' are incompatible with return type(s) of operation '!pd.vtensor<2x3xf16>'}}
  %0 = pd.hardswish %x : (!pd.vtensor<2x3xf32>) -> !pd.vtensor<2x3xf16>
  return
}

// -----

func.func @hardsigmoid_result(%x: !pd.vtensor<2x3xf32>) {
  // expected-error @+2 {{'pd.hardsigmoid' op failed to infer returned types}}
  // expected-error @+1 {{'pd.hardsigmoid' op inferred type(s) '!pd.vtensor<2x3xf32>' are incompatible with return type(s) of operation '!pd.vtensor<6xf32>'}}
  %0 = pd.hardsigmoid %x {offset = 4.000000e-01 : f32, slope = 1.000000e-01 : f32} : (!pd.vtensor<2x3xf32>) -> !pd.vtensor<6xf32>
  return
}

// -----

func.func @hardtanh_result(%x: !pd.vtensor<?x3xf32>) {
  // expected-error @+2 {{'pd.hardtanh' op failed to infer returned types}}
  // expected-error @+1 {{'pd.hardtanh' op inferred type(s) '!pd.vtensor<?x3xf32>' are incompatible with return type(s) of operation '!pd.vtensor<?x2xf32>'}}
  %0 = pd.hardtanh %x {t_max = 1.000000e+00 : f32, t_min = -1.000000e+00 : f32} : (!pd.vtensor<?x3xf32>) -> !pd.vtensor<?x2xf32>
  return
}

// -----

func.func @mish_result(%x: !pd.vtensor<2x?xf32>) {
  // expected-error @+2 {{'pd.mish' op failed to infer returned types}}
  // expected-error @+1 {{'pd.mish' op inferred type(s) '!pd.vtensor<2x?xf32>' are incompatible with return type(s) of operation '!pd.vtensor<2x?xf64>'}}
  %0 = pd.mish %x {lambda = 1.000000e+01 : f32} : (!pd.vtensor<2x?xf32>) -> !pd.vtensor<2x?xf64>
  return
}

// -----

func.func @softplus_result(%x: !pd.vtensor<2x3xf32>) {
  // expected-error @+2 {{'pd.softplus' op failed to infer returned types}}
  // expected-error @+1 {{'pd.softplus' op inferred type(s) '!pd.vtensor<2x3xf32>' are incompatible with return type(s) of operation '!pd.vtensor<2x4xf32>'}}
  %0 = pd.softplus %x {beta = 2.000000e+00 : f64, threshold = 1.000000e+01 : f64} : (!pd.vtensor<2x3xf32>) -> !pd.vtensor<2x4xf32>
  return
}

// -----

func.func @softsign_result(%x: !pd.vtensor<2x3xf32>) {
  // expected-error @+2 {{'pd.softsign' op failed to infer returned types}}
  // expected-error @+1 {{'pd.softsign' op inferred type(s) '!pd.vtensor<2x3xf32>' are incompatible with return type(s) of operation '!pd.vtensor<2x3xf16>'}}
  %0 = pd.softsign %x : (!pd.vtensor<2x3xf32>) -> !pd.vtensor<2x3xf16>
  return
}

// -----

func.func @elu_result(%x: !pd.vtensor<2x3xf32>) {
  // expected-error @+2 {{'pd.elu' op failed to infer returned types}}
  // expected-error @+1 {{'pd.elu' op inferred type(s) '!pd.vtensor<2x3xf32>' are incompatible with return type(s) of operation '!pd.vtensor<6xf32>'}}
  %0 = pd.elu %x {alpha = 5.000000e-01 : f32} : (!pd.vtensor<2x3xf32>) -> !pd.vtensor<6xf32>
  return
}

// -----

func.func @celu_result(%x: !pd.vtensor<?x3xf32>) {
  // expected-error @+2 {{'pd.celu' op failed to infer returned types}}
  // expected-error @+1 {{'pd.celu' op inferred type(s) '!pd.vtensor<?x3xf32>' are incompatible with return type(s) of operation '!pd.vtensor<?x2xf32>'}}
  %0 = pd.celu %x {alpha = 5.000000e-01 : f32} : (!pd.vtensor<?x3xf32>) -> !pd.vtensor<?x2xf32>
  return
}

// -----

func.func @selu_result(%x: !pd.vtensor<2x?xf32>) {
  // expected-error @+2 {{'pd.selu' op failed to infer returned types}}
  // expected-error @+1 {{'pd.selu' op inferred type(s) '!pd.vtensor<2x?xf32>' are incompatible with return type(s) of operation '!pd.vtensor<2x?xf64>'}}
  %0 = pd.selu %x {alpha = 1.500000e+00 : f32, scale = 1.000000e+00 : f32} : (!pd.vtensor<2x?xf32>) -> !pd.vtensor<2x?xf64>
  return
}

// -----

func.func @leaky_relu_result(%x: !pd.vtensor<2x3xf32>) {
  // expected-error @+2 {{'pd.leaky_relu' op failed to infer returned types}}
  // expected-error @+1 {{'pd.leaky_relu' op inferred type(s) '!pd.vtensor<2x3xf32>' are incompatible with return type(s) of operation '!pd.vtensor<2x4xf32>'}}
  %0 = pd.leaky_relu %x {negative_slope = 1.000000e-01 : f64} : (!pd.vtensor<2x3xf32>) -> !pd.vtensor<2x4xf32>
  return
}

// -----

func.func @gelu_result(%x: !pd.vtensor<2x3xf32>) {
  // expected-error @+2 {{'pd.gelu' op failed to infer returned types}}
  // expected-error @+1 {{'pd.gelu' op inferred type(s) '!pd.vtensor<2x3xf32>' are incompatible with return type(s) of operation '!pd.vtensor<2x3xf16>'}}
  %0 = pd.gelu %x {approximate = true} : (!pd.vtensor<2x3xf32>) -> !pd.vtensor<2x3xf16>
  return
}

// -----

func.func @logsigmoid_result(%x: !pd.vtensor<2x3xf32>) {
  // expected-error @+2 {{'pd.logsigmoid' op failed to infer returned types}}
  // expected-error @+1 {{'pd.logsigmoid' op inferred type(s) '!pd.vtensor<2x3xf32>' are incompatible with return type(s) of operation '!pd.vtensor<6xf32>'}}
  %0 = pd.logsigmoid %x : (!pd.vtensor<2x3xf32>) -> !pd.vtensor<6xf32>
  return
}

// -----

func.func @tanh_shrink_result(%x: !pd.vtensor<?x3xf32>) {
  // expected-error @+2 {{'pd.tanh_shrink' op failed to infer returned types}}
  // expected-error @+1 {{'pd.tanh_shrink' op inferred type(s) '!pd.vtensor<?x3xf32>' are incompatible with return type(s) of operation '!pd.vtensor<?x2xf32>'}}
  %0 = pd.tanh_shrink %x : (!pd.vtensor<?x3xf32>) -> !pd.vtensor<?x2xf32>
  return
}

// -----

func.func @softshrink_result(%x: !pd.vtensor<2x?xf32>) {
  // expected-error @+2 {{'pd.softshrink' op failed to infer returned types}}
  // expected-error @+1 {{'pd.softshrink' op inferred type(s) '!pd.vtensor<2x?xf32>' are incompatible with return type(s) of operation '!pd.vtensor<2x?xf64>'}}
  %0 = pd.softshrink %x {threshold = 3.000000e-01 : f32} : (!pd.vtensor<2x?xf32>) -> !pd.vtensor<2x?xf64>
  return
}

// -----

func.func @hardshrink_result(%x: !pd.vtensor<2x3xf32>) {
  // expected-error @+2 {{'pd.hardshrink' op failed to infer returned types}}
  // expected-error @+1 {{'pd.hardshrink' op inferred type(s) '!pd.vtensor<2x3xf32>' are incompatible with return type(s) of operation '!pd.vtensor<2x4xf32>'}}
  %0 = pd.hardshrink %x {threshold = 3.000000e-01 : f32} : (!pd.vtensor<2x3xf32>) -> !pd.vtensor<2x4xf32>
  return
}

// -----

func.func @thresholded_relu_result(%x: !pd.vtensor<2x3xf32>) {
  // expected-error @+2 {{'pd.thresholded_relu' op failed to infer returned types}}
  // expected-error @+1 {{'pd.thresholded_relu' op inferred type(s) '!pd.vtensor<2x3xf32>' are incompatible with return type(s) of operation '!pd.vtensor<2x3xf16>'}}
  %0 = pd.thresholded_relu %x {threshold = 5.000000e-01 : f32, value = 1.000000e-01 : f32} : (!pd.vtensor<2x3xf32>) -> !pd.vtensor<2x3xf16>
  return
}

// -----

func.func @logit_result(%x: !pd.vtensor<2x3xf32>) {
  // expected-error @+2 {{'pd.logit' op failed to infer returned types}}
  // expected-error @+1 {{'pd.logit' op inferred type(s) '!pd.vtensor<2x3xf32>' are incompatible with return type(s) of operation '!pd.vtensor<6xf32>'}}
  %0 = pd.logit %x {eps = 9.99999974E-6 : f64} : (!pd.vtensor<2x3xf32>) -> !pd.vtensor<6xf32>
  return
}

// -----

func.func @stanh_result(%x: !pd.vtensor<?x3xf32>) {
  // expected-error @+2 {{'pd.stanh' op failed to infer returned types}}
  // expected-error @+1 {{'pd.stanh' op inferred type(s) '!pd.vtensor<?x3xf32>' are incompatible with return type(s) of operation '!pd.vtensor<?x2xf32>'}}
  %0 = pd.stanh %x {scale_a = 5.000000e-01 : f32, scale_b = 1.500000e+00 : f32} : (!pd.vtensor<?x3xf32>) -> !pd.vtensor<?x2xf32>
  return
}

// -----

func.func @assign_result(%x: !pd.vtensor<2x?xf32>) {
  // expected-error @+2 {{'pd.assign' op failed to infer returned types}}
  // expected-error @+1 {{'pd.assign' op inferred type(s) '!pd.vtensor<2x?xf32>' are incompatible with return type(s) of operation '!pd.vtensor<2x?xf64>'}}
  %0 = pd.assign %x : (!pd.vtensor<2x?xf32>) -> !pd.vtensor<2x?xf64>
  return
}

// -----

func.func @increment_result(%x: !pd.vtensor<1xi64>) {
  // expected-error @+2 {{'pd.increment' op failed to infer returned types}}
  // expected-error @+1 {{'pd.increment' op inferred type(s) '!pd.vtensor<1xi64>' are incompatible with return type(s) of operation '!pd.vtensor<1xi32>'}}
  %0 = pd.increment %x : (!pd.vtensor<1xi64>) -> !pd.vtensor<1xi32>
  return
}

// -----

func.func @abs_complex_result(%x: !pd.vtensor<4xcomplex<f32>>) {
  // expected-error @+2 {{'pd.abs' op failed to infer returned types}}
  // expected-error @+1 {{'pd.abs' op inferred type(s) '!pd.vtensor<4xf32>' are incompatible with return type(s) of operation '!pd.vtensor<4xcomplex<f32>>'}}
  %0 = pd.abs %x : (!pd.vtensor<4xcomplex<f32>>) -> !pd.vtensor<4xcomplex<f32>>
  return
}

// -----

func.func @abs_result(%x: !pd.vtensor<?x4xf32>) {
  // expected-error @+2 {{'pd.abs' op failed to infer returned types}}
  // expected-error @+1 {{'pd.abs' op inferred type(s) '!pd.vtensor<?x4xf32>' are incompatible with return type(s) of operation '!pd.vtensor<?x5xf32>'}}
  %0 = pd.abs %x : (!pd.vtensor<?x4xf32>) -> !pd.vtensor<?x5xf32>
  return
}

// -----

func.func @logical_not_not_bool(%x: !pd.vtensor<2x3xf32>) {
  // expected-error @+2 {{'pd.logical_not' op failed to infer returned types}}
  // expected-error @+1 {{'pd.logical_not' op inferred type(s) '!pd.vtensor<2x3xi1>' are incompatible with return type(s) of operation '!pd.vtensor<2x3xf32>'}}
  %0 = pd.logical_not %x : (!pd.vtensor<2x3xf32>) -> !pd.vtensor<2x3xf32>
  return
}

// -----

func.func @isnan_not_bool(%x: !pd.vtensor<2x3xf32>) {
  // expected-error @+2 {{'pd.isnan' op failed to infer returned types}}
  // expected-error @+1 {{'pd.isnan' op inferred type(s) '!pd.vtensor<2x3xi1>' are incompatible with return type(s) of operation '!pd.vtensor<2x3xf32>'}}
  %0 = pd.isnan %x : (!pd.vtensor<2x3xf32>) -> !pd.vtensor<2x3xf32>
  return
}

// -----

func.func @isinf_not_bool(%x: !pd.vtensor<2x3xf32>) {
  // expected-error @+2 {{'pd.isinf' op failed to infer returned types}}
  // expected-error @+1 {{'pd.isinf' op inferred type(s) '!pd.vtensor<2x3xi1>' are incompatible with return type(s) of operation '!pd.vtensor<2x3xf32>'}}
  %0 = pd.isinf %x : (!pd.vtensor<2x3xf32>) -> !pd.vtensor<2x3xf32>
  return
}

// -----

func.func @isfinite_not_bool(%x: !pd.vtensor<2x3xf32>) {
  // expected-error @+2 {{'pd.isfinite' op failed to infer returned types}}
  // expected-error @+1 {{'pd.isfinite' op inferred type(s) '!pd.vtensor<2x3xi1>' are incompatible with return type(s) of operation '!pd.vtensor<2x3xf32>'}}
  %0 = pd.isfinite %x : (!pd.vtensor<2x3xf32>) -> !pd.vtensor<2x3xf32>
  return
}

// -----

func.func @bitwise_not_result(%x: !pd.vtensor<3xi32>) {
  // expected-error @+2 {{'pd.bitwise_not' op failed to infer returned types}}
  // expected-error @+1 {{'pd.bitwise_not' op inferred type(s) '!pd.vtensor<3xi32>' are incompatible with return type(s) of operation '!pd.vtensor<3xi1>'}}
  %0 = pd.bitwise_not %x : (!pd.vtensor<3xi32>) -> !pd.vtensor<3xi1>
  return
}

// -----

func.func @scale_result(%x: !pd.vtensor<2x3xf32>) {
  %s = pd.full(2.0) : !pd.vtensor<1xf32>
  // expected-error @+2 {{'pd.scale' op failed to infer returned types}}
  // expected-error @+1 {{'pd.scale' op inferred type(s) '!pd.vtensor<2x3xf32>' are incompatible with return type(s) of operation '!pd.vtensor<3x2xf32>'}}
  %0 = pd.scale %x, %s : (!pd.vtensor<2x3xf32>, !pd.vtensor<1xf32>) -> !pd.vtensor<3x2xf32>
  return
}

// -----

func.func @pow_result(%x: !pd.vtensor<2x3xf32>) {
  %s = pd.full(2.0) : !pd.vtensor<1xf32>
  // expected-error @+2 {{'pd.pow' op failed to infer returned types}}
  // expected-error @+1 {{'pd.pow' op inferred type(s) '!pd.vtensor<2x3xf32>' are incompatible with return type(s) of operation '!pd.vtensor<2x3xi32>'}}
  %0 = pd.pow %x : (!pd.vtensor<2x3xf32>) -> !pd.vtensor<2x3xi32>
  return
}

// -----

func.func @clip_min_greater_than_max(%x: !pd.vtensor<2x3xf32>) {
  %min = pd.full(2.5) : !pd.vtensor<1xf32>
  %max = pd.full(1) : !pd.vtensor<1xf32>
  // expected-error @+2 {{'pd.clip' op failed to infer returned types}}
  // expected-error @+1 {{'pd.clip' op min 2.500000e+00 is greater than max 1.000000e+00}}
  %0 = pd.clip %x, %min, %max : (!pd.vtensor<2x3xf32>, !pd.vtensor<1xf32>, !pd.vtensor<1xf32>) -> !pd.vtensor<2x3xf32>
  return
}

// -----

func.func @clip_inplace_min_greater_than_max(%x: !pd.tensor<?xf32>) {
  %min = pd.full(0.0) : !pd.vtensor<1xf32>
  %max = pd.full(-1.0) : !pd.vtensor<1xf32>
  // expected-error @+2 {{'pd.clip_' op failed to infer returned types}}
  // expected-error @+1 {{'pd.clip_' op min 0.000000e+00 is greater than max -1.000000e+00}}
  %0 = pd.clip_ %x, %min, %max : (!pd.tensor<?xf32>, !pd.vtensor<1xf32>, !pd.vtensor<1xf32>) -> !pd.tensor<?xf32>
  return
}

// -----

func.func @clip_result(%x: !pd.vtensor<2x3xf32>, %min: !pd.vtensor<1xf32>, %max: !pd.vtensor<1xf32>) {
  // expected-error @+2 {{'pd.clip' op failed to infer returned types}}
  // expected-error @+1 {{'pd.clip' op inferred type(s) '!pd.vtensor<2x3xf32>' are incompatible with return type(s) of operation '!pd.vtensor<2x3xf64>'}}
  %0 = pd.clip %x, %min, %max : (!pd.vtensor<2x3xf32>, !pd.vtensor<1xf32>, !pd.vtensor<1xf32>) -> !pd.vtensor<2x3xf64>
  return
}

// -----

func.func @cast_all_dtype(%x: !pd.vtensor<2x3xf32>) {
  // expected-error @+2 {{'pd.cast' op failed to infer returned types}}
  // expected-error @+1 {{'pd.cast' op cannot cast to dtype all_dtype}}
  %0 = pd.cast %x {dtype = #pd.dtype<all_dtype>} : (!pd.vtensor<2x3xf32>) -> !pd.vtensor<2x3xf32>
  return
}

// -----

func.func @cast_pstring(%x: !pd.vtensor<2x3xf32>) {
  // expected-error @+2 {{'pd.cast' op failed to infer returned types}}
  // expected-error @+1 {{'pd.cast' op cannot cast to dtype pstring}}
  %0 = pd.cast %x {dtype = #pd.dtype<pstring>} : (!pd.vtensor<2x3xf32>) -> !pd.vtensor<2x3xf32>
  return
}

// -----

func.func @cast_result_dtype(%x: !pd.vtensor<2x3xf32>) {
  // expected-error @+2 {{'pd.cast' op failed to infer returned types}}
  // expected-error @+1 {{'pd.cast' op inferred type(s) '!pd.vtensor<2x3xi32>' are incompatible with return type(s) of operation '!pd.vtensor<2x3xi64>'}}
  %0 = pd.cast %x {dtype = #pd.dtype<int32>} : (!pd.vtensor<2x3xf32>) -> !pd.vtensor<2x3xi64>
  return
}

// -----

func.func @cast_inplace_all_dtype(%x: !pd.tensor<4xi32>) {
  // expected-error @+2 {{'pd.cast_' op failed to infer returned types}}
  // expected-error @+1 {{'pd.cast_' op cannot cast to dtype all_dtype}}
  %0 = pd.cast_ %x {dtype = #pd.dtype<all_dtype>} : (!pd.tensor<4xi32>) -> !pd.tensor<4xi32>
  return
}

// -----

func.func @numel_int32(%x: !pd.vtensor<2x3xf32>) {
  // expected-error @+2 {{'pd.numel' op failed to infer returned types}}
  // expected-error @+1 {{'pd.numel' op inferred type(s) '!pd.vtensor<i64>' are incompatible with return type(s) of operation '!pd.vtensor<i32>'}}
  %0 = pd.numel %x : (!pd.vtensor<2x3xf32>) -> !pd.vtensor<i32>
  return
}

// -----

func.func @numel_not_0d(%x: !pd.vtensor<2x3xf32>) {
  // expected-error @+2 {{'pd.numel' op failed to infer returned types}}
  // expected-error @+1 {{'pd.numel' op inferred type(s) '!pd.vtensor<i64>' are incompatible with return type(s) of operation '!pd.vtensor<1xi64>'}}
  %0 = pd.numel %x : (!pd.vtensor<2x3xf32>) -> !pd.vtensor<1xi64>
  return
}

// -----

func.func @shape_int64(%x: !pd.vtensor<?x3xf32>) {
  // expected-error @+2 {{'pd.shape' op failed to infer returned types}}
  // expected-error @+1 {{'pd.shape' op inferred type(s) '!pd.vtensor<2xi32>' are incompatible with return type(s) of operation '!pd.vtensor<2xi64>'}}
  %0 = pd.shape %x : (!pd.vtensor<?x3xf32>) -> !pd.vtensor<2xi64>
  return
}

// -----

func.func @shape64_int32(%x: !pd.vtensor<?x3xf32>) {
  // expected-error @+2 {{'pd.shape64' op failed to infer returned types}}
  // expected-error @+1 {{'pd.shape64' op inferred type(s) '!pd.vtensor<2xi64>' are incompatible with return type(s) of operation '!pd.vtensor<2xi32>'}}
  %0 = pd.shape64 %x : (!pd.vtensor<?x3xf32>) -> !pd.vtensor<2xi32>
  return
}

// -----

func.func @shape_length(%x: !pd.vtensor<?x3xf32>) {
  // expected-error @+2 {{'pd.shape' op failed to infer returned types}}
  // expected-error @+1 {{'pd.shape' op inferred type(s) '!pd.vtensor<2xi32>' are incompatible with return type(s) of operation '!pd.vtensor<3xi32>'}}
  %0 = pd.shape %x : (!pd.vtensor<?x3xf32>) -> !pd.vtensor<3xi32>
  return
}

// -----

func.func @softmax_axis_too_large(%x: !pd.vtensor<2x3xf32>) {
  // expected-error @+2 {{'pd.softmax' op failed to infer returned types}}
  // expected-error @+1 {{'pd.softmax' op axis 2 is out of range for a tensor of rank 2 (expected [-2, 1])}}
  %0 = pd.softmax %x {axis = 2 : i32} : (!pd.vtensor<2x3xf32>) -> !pd.vtensor<2x3xf32>
  return
}

// -----

func.func @softmax_axis_too_small(%x: !pd.vtensor<2x3xf32>) {
  // expected-error @+2 {{'pd.softmax' op failed to infer returned types}}
  // expected-error @+1 {{'pd.softmax' op axis -3 is out of range for a tensor of rank 2 (expected [-2, 1])}}
  %0 = pd.softmax %x {axis = -3 : i32} : (!pd.vtensor<2x3xf32>) -> !pd.vtensor<2x3xf32>
  return
}

// -----

func.func @softmax_0d_axis(%x: !pd.vtensor<f32>) {
  // expected-error @+2 {{'pd.softmax' op failed to infer returned types}}
  // expected-error @+1 {{'pd.softmax' op axis 1 is out of range for a tensor of rank 0 (expected [-1, 0])}}
  %0 = pd.softmax %x {axis = 1 : i32} : (!pd.vtensor<f32>) -> !pd.vtensor<f32>
  return
}

// -----

func.func @softmax_inplace_axis(%x: !pd.tensor<4xf32>) {
  // expected-error @+2 {{'pd.softmax_' op failed to infer returned types}}
  // expected-error @+1 {{'pd.softmax_' op axis 1 is out of range for a tensor of rank 1 (expected [-1, 0])}}
  %0 = pd.softmax_ %x {axis = 1 : i32} : (!pd.tensor<4xf32>) -> !pd.tensor<4xf32>
  return
}

// -----

func.func @softmax_result(%x: !pd.vtensor<2x3xf32>) {
  // expected-error @+2 {{'pd.softmax' op failed to infer returned types}}
  // expected-error @+1 {{'pd.softmax' op inferred type(s) '!pd.vtensor<2x3xf32>' are incompatible with return type(s) of operation '!pd.vtensor<2x1xf32>'}}
  %0 = pd.softmax %x : (!pd.vtensor<2x3xf32>) -> !pd.vtensor<2x1xf32>
  return
}

// -----

func.func @log_softmax_axis(%x: !pd.vtensor<2x3x4xf32>) {
  // expected-error @+2 {{'pd.log_softmax' op failed to infer returned types}}
  // expected-error @+1 {{'pd.log_softmax' op axis 3 is out of range for a tensor of rank 3 (expected [-3, 2])}}
  %0 = pd.log_softmax %x {axis = 3 : i32} : (!pd.vtensor<2x3x4xf32>) -> !pd.vtensor<2x3x4xf32>
  return
}

// -----

func.func @log_softmax_result(%x: !pd.vtensor<2x3x4xf32>) {
  // expected-error @+2 {{'pd.log_softmax' op failed to infer returned types}}
  // expected-error @+1 {{'pd.log_softmax' op inferred type(s) '!pd.vtensor<2x3x4xf32>' are incompatible with return type(s) of operation '!pd.vtensor<2x3x4xf16>'}}
  %0 = pd.log_softmax %x {axis = 0 : i32} : (!pd.vtensor<2x3x4xf32>) -> !pd.vtensor<2x3x4xf16>
  return
}

// -----

func.func @dropout_p_above_1(%x: !pd.vtensor<2x3xf32>) {
  %p = pd.full(1.5) : !pd.vtensor<1xf32>
  // expected-error @+2 {{'pd.dropout' op failed to infer returned types}}
  // expected-error @+1 {{'pd.dropout' op dropout probability p must be in [0, 1], got 1.500000e+00}}
  %out, %mask = pd.dropout %x, %p : (!pd.vtensor<2x3xf32>, !pd.vtensor<1xf32>) -> (!pd.vtensor<2x3xf32>, !pd.vtensor<2x3xui8>)
  return
}

// -----

func.func @dropout_p_negative(%x: !pd.vtensor<2x3xf32>) {
  %p = pd.full(-0.25) : !pd.vtensor<1xf32>
  // expected-error @+2 {{'pd.dropout' op failed to infer returned types}}
  // expected-error @+1 {{'pd.dropout' op dropout probability p must be in [0, 1], got -2.500000e-01}}
  %out, %mask = pd.dropout %x, %p : (!pd.vtensor<2x3xf32>, !pd.vtensor<1xf32>) -> (!pd.vtensor<2x3xf32>, !pd.vtensor<2x3xui8>)
  return
}

// -----

func.func @dropout_mask_dtype(%x: !pd.vtensor<2x3xf32>) {
  %p = pd.full(0.5) : !pd.vtensor<1xf32>
  // expected-error @+2 {{'pd.dropout' op failed to infer returned types}}
  // expected-error @+1 {{'pd.dropout' op inferred type(s) '!pd.vtensor<2x3xf32>', '!pd.vtensor<2x3xui8>' are incompatible with return type(s) of operation '!pd.vtensor<2x3xf32>', '!pd.vtensor<2x3xf32>'}}
  %out, %mask = pd.dropout %x, %p : (!pd.vtensor<2x3xf32>, !pd.vtensor<1xf32>) -> (!pd.vtensor<2x3xf32>, !pd.vtensor<2x3xf32>)
  return
}

// -----

func.func @prelu_all_alpha_size(%x: !pd.vtensor<2x3x4x4xf32>, %alpha: !pd.vtensor<3xf32>) {
  // expected-error @+2 {{'pd.prelu' op failed to infer returned types}}
  // expected-error @+1 {{'pd.prelu' op mode 'all' needs a single alpha, got 3 elements}}
  %0 = pd.prelu %x, %alpha : (!pd.vtensor<2x3x4x4xf32>, !pd.vtensor<3xf32>) -> !pd.vtensor<2x3x4x4xf32>
  return
}

// -----

func.func @prelu_channel_nchw(%x: !pd.vtensor<2x3x4x4xf32>, %alpha: !pd.vtensor<4xf32>) {
  // expected-error @+2 {{'pd.prelu' op failed to infer returned types}}
  // expected-error @+1 {{'pd.prelu' op mode 'channel' needs 3 alphas, got 4}}
  %0 = pd.prelu %x, %alpha {mode = "channel"} : (!pd.vtensor<2x3x4x4xf32>, !pd.vtensor<4xf32>) -> !pd.vtensor<2x3x4x4xf32>
  return
}

// -----

func.func @prelu_channel_nhwc(%x: !pd.vtensor<2x3x4x5xf32>, %alpha: !pd.vtensor<3xf32>) {
  // expected-error @+2 {{'pd.prelu' op failed to infer returned types}}
  // expected-error @+1 {{'pd.prelu' op mode 'channel' needs 5 alphas, got 3}}
  %0 = pd.prelu %x, %alpha {data_format = "NHWC", mode = "channel"} : (!pd.vtensor<2x3x4x5xf32>, !pd.vtensor<3xf32>) -> !pd.vtensor<2x3x4x5xf32>
  return
}

// -----

func.func @prelu_channel_rank(%x: !pd.vtensor<3xf32>, %alpha: !pd.vtensor<3xf32>) {
  // expected-error @+2 {{'pd.prelu' op failed to infer returned types}}
  // expected-error @+1 {{'pd.prelu' op mode 'channel' needs an input of rank >= 2, got 1}}
  %0 = pd.prelu %x, %alpha {mode = "channel"} : (!pd.vtensor<3xf32>, !pd.vtensor<3xf32>) -> !pd.vtensor<3xf32>
  return
}

// -----

func.func @prelu_element_rank(%x: !pd.vtensor<2x3x4xf32>, %alpha: !pd.vtensor<12xf32>) {
  // expected-error @+2 {{'pd.prelu' op failed to infer returned types}}
  // expected-error @+1 {{'pd.prelu' op mode 'element' needs an alpha of rank 3, got 1}}
  %0 = pd.prelu %x, %alpha {mode = "element"} : (!pd.vtensor<2x3x4xf32>, !pd.vtensor<12xf32>) -> !pd.vtensor<2x3x4xf32>
  return
}

// -----

func.func @prelu_element_size(%x: !pd.vtensor<2x3x4xf32>, %alpha: !pd.vtensor<1x3x5xf32>) {
  // expected-error @+2 {{'pd.prelu' op failed to infer returned types}}
  // expected-error @+1 {{'pd.prelu' op mode 'element' needs 12 alphas per sample for x of shape [2, 3, 4], got alpha of shape [1, 3, 5]}}
  %0 = pd.prelu %x, %alpha {mode = "element"} : (!pd.vtensor<2x3x4xf32>, !pd.vtensor<1x3x5xf32>) -> !pd.vtensor<2x3x4xf32>
  return
}

// -----

func.func @prelu_element_0d(%x: !pd.vtensor<f32>, %alpha: !pd.vtensor<f32>) {
  // expected-error @+2 {{'pd.prelu' op failed to infer returned types}}
  // expected-error @+1 {{'pd.prelu' op mode 'element' needs an input of rank >= 1, got 0}}
  %0 = pd.prelu %x, %alpha {mode = "element"} : (!pd.vtensor<f32>, !pd.vtensor<f32>) -> !pd.vtensor<f32>
  return
}

// -----

func.func @prelu_bad_mode(%x: !pd.vtensor<2x3xf32>, %alpha: !pd.vtensor<1xf32>) {
  // expected-error @+2 {{'pd.prelu' op failed to infer returned types}}
  // expected-error @+1 {{'pd.prelu' op mode must be 'all', 'channel' or 'element', got 'channels'}}
  %0 = pd.prelu %x, %alpha {mode = "channels"} : (!pd.vtensor<2x3xf32>, !pd.vtensor<1xf32>) -> !pd.vtensor<2x3xf32>
  return
}

// -----

func.func @prelu_result(%x: !pd.vtensor<2x3xf32>, %alpha: !pd.vtensor<1xf32>) {
  // expected-error @+2 {{'pd.prelu' op failed to infer returned types}}
  // expected-error @+1 {{'pd.prelu' op inferred type(s) '!pd.vtensor<2x3xf32>' are incompatible with return type(s) of operation '!pd.vtensor<2x3xbf16>'}}
  %0 = pd.prelu %x, %alpha : (!pd.vtensor<2x3xf32>, !pd.vtensor<1xf32>) -> !pd.vtensor<2x3xbf16>
  return
}

// -----

func.func @relu_inplace_of_vtensor(%x: !pd.vtensor<2x3xf32>) {
  // expected-error @+1 {{'pd.relu_' op operand #0 must be a Paddle tensor that may alias other tensors and be mutated, but got '!pd.vtensor<2x3xf32>'}}
  %0 = pd.relu_ %x : (!pd.vtensor<2x3xf32>) -> !pd.tensor<2x3xf32>
  return
}

// -----

func.func @abs_inplace_result(%x: !pd.tensor<2x3xf32>) {
  // expected-error @+2 {{'pd.abs_' op failed to infer returned types}}
  // expected-error @+1 {{'pd.abs_' op inferred type(s) '!pd.tensor<2x3xf32>' are incompatible with return type(s) of operation '!pd.tensor<3x3xf32>'}}
  %0 = pd.abs_ %x : (!pd.tensor<2x3xf32>) -> !pd.tensor<3x3xf32>
  return
}

// -----

func.func @rint_result(%x: !pd.vtensor<2x3xf32>) {
  // expected-error @+2 {{'pd.rint' op failed to infer returned types}}
  // expected-error @+1 {{'pd.rint' op inferred type(s) '!pd.vtensor<2x3xf32>' are incompatible with return type(s) of operation '!pd.vtensor<2x4xf32>'}}
  %0 = pd.rint %x : (!pd.vtensor<2x3xf32>) -> !pd.vtensor<2x4xf32>
  return
}

// -----

func.func @gammaln_result(%x: !pd.vtensor<2x3xf32>) {
  // expected-error @+2 {{'pd.gammaln' op failed to infer returned types}}
  // expected-error @+1 {{'pd.gammaln' op inferred type(s) '!pd.vtensor<2x3xf32>' are incompatible with return type(s) of operation '!pd.vtensor<2x4xf32>'}}
  %0 = pd.gammaln %x : (!pd.vtensor<2x3xf32>) -> !pd.vtensor<2x4xf32>
  return
}

// -----

func.func @rrelu_bounds(%x: !pd.vtensor<3x4xf32>) {
  // expected-error @+2 {{'pd.rrelu' op upper (1.000000e-01) must not be below lower (3.000000e-01)}}
  // expected-error @+1 {{'pd.rrelu' op failed to infer returned types}}
  %o, %n = pd.rrelu %x {lower = 0.3 : f32, upper = 0.1 : f32} : (!pd.vtensor<3x4xf32>) -> (!pd.vtensor<?x?xf32>, !pd.vtensor<?x?xf32>)
  return
}

// -----

func.func @angle_declared(%x: !pd.vtensor<2x3xf32>) {
  // expected-error @+2 {{'pd.angle' op failed to infer returned types}}
  // expected-error @+1 {{'pd.angle' op inferred type(s) '!pd.vtensor<2x3xf32>' are incompatible with return type(s) of operation '!pd.vtensor<3x2xf32>'}}
  %0 = pd.angle %x : (!pd.vtensor<2x3xf32>) -> !pd.vtensor<3x2xf32>
  return
}

// -----

func.func @conj_declared(%x: !pd.vtensor<2x3xf32>) {
  // expected-error @+2 {{'pd.conj' op failed to infer returned types}}
  // expected-error @+1 {{'pd.conj' op inferred type(s) '!pd.vtensor<2x3xf32>' are incompatible with return type(s) of operation '!pd.vtensor<2x3xf64>'}}
  %0 = pd.conj %x : (!pd.vtensor<2x3xf32>) -> !pd.vtensor<2x3xf64>
  return
}

// -----

func.func @shard_index_shard_id(%x: !pd.vtensor<4x1xi64>) {
  // expected-error @+2 {{'pd.shard_index' op shard_id must be in [0, 2), got 2}}
  // expected-error @+1 {{'pd.shard_index' op failed to infer returned types}}
  %0 = pd.shard_index %x {index_num = 20 : i32, nshards = 2 : i32, shard_id = 2 : i32} : (!pd.vtensor<4x1xi64>) -> !pd.vtensor<4x1xi64>
  return
}

// -----

func.func @shard_index_last_dim(%x: !pd.vtensor<4x2xi64>) {
  // expected-error @+2 {{'pd.shard_index' op input must be [..., 1] of rank >= 2, got [4, 2]}}
  // expected-error @+1 {{'pd.shard_index' op failed to infer returned types}}
  %0 = pd.shard_index %x {index_num = 20 : i32, nshards = 2 : i32, shard_id = 0 : i32} : (!pd.vtensor<4x2xi64>) -> !pd.vtensor<4x2xi64>
  return
}
