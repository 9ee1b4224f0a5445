// Diagnostics of the ops whose InferMeta is in lib/Dialect/Pd/InferMeta/Binary.cpp:
// shapes that do not broadcast, operands of different dtypes, a where
// condition that is not bool, and declared results that do not match.
// RUN: paddle-opt %s -split-input-file -verify-diagnostics

func.func @add_broadcast(%x: !pd.vtensor<2x3xf32>, %y: !pd.vtensor<4xf32>) {
  // expected-error @+2 {{'pd.add' op failed to infer returned types}}
  // expected-error @+1 {{'pd.add' op cannot broadcast x of shape [2, 3] with y of shape [4]: dimension 1 is 3 vs 4}}
  %0 = pd.add %x, %y : (!pd.vtensor<2x3xf32>, !pd.vtensor<4xf32>) -> !pd.vtensor<?x?xf32>
  return
}

// -----

func.func @subtract_broadcast(%x: !pd.vtensor<2x3x4xf32>, %y: !pd.vtensor<5x4xf32>) {
  // expected-error @+2 {{'pd.subtract' op failed to infer returned types}}
  // expected-error @+1 {{'pd.subtract' op cannot broadcast x of shape [2, 3, 4] with y of shape [5, 4]: dimension 1 is 3 vs 5}}
  %0 = pd.subtract %x, %y : (!pd.vtensor<2x3x4xf32>, !pd.vtensor<5x4xf32>) -> !pd.vtensor<?x?x?xf32>
  return
}

// -----

func.func @multiply_broadcast(%x: !pd.vtensor<?x3xf32>, %y: !pd.vtensor<2x4xf32>) {
  // expected-error @+2 {{'pd.multiply' op failed to infer returned types}}
  // expected-error @+1 {{'pd.multiply' op cannot broadcast x of shape [?, 3] with y of shape [2, 4]: dimension 1 is 3 vs 4}}
  %0 = pd.multiply %x, %y : (!pd.vtensor<?x3xf32>, !pd.vtensor<2x4xf32>) -> !pd.vtensor<?x?xf32>
  return
}

// -----

func.func @divide_broadcast(%x: !pd.vtensor<5x1x3xf32>, %y: !pd.vtensor<2x2xf32>) {
  // expected-error @+2 {{'pd.divide' op failed to infer returned types}}
  // expected-error @+1 {{'pd.divide' op cannot broadcast x of shape [5, 1, 3] with y of shape [2, 2]: dimension 2 is 3 vs 2}}
  %0 = pd.divide %x, %y : (!pd.vtensor<5x1x3xf32>, !pd.vtensor<2x2xf32>) -> !pd.vtensor<?x?x?xf32>
  return
}

// -----

func.func @maximum_broadcast(%x: !pd.vtensor<2x3xf32>, %y: !pd.vtensor<4xf32>) {
  // expected-error @+2 {{'pd.maximum' op failed to infer returned types}}
  // expected-error @+1 {{'pd.maximum' op cannot broadcast x of shape [2, 3] with y of shape [4]: dimension 1 is 3 vs 4}}
  %0 = pd.maximum %x, %y : (!pd.vtensor<2x3xf32>, !pd.vtensor<4xf32>) -> !pd.vtensor<?x?xf32>
  return
}

// -----

func.func @minimum_broadcast(%x: !pd.vtensor<2x3x4xf32>, %y: !pd.vtensor<5x4xf32>) {
  // expected-error @+2 {{'pd.minimum' op failed to infer returned types}}
  // expected-error @+1 {{'pd.minimum' op cannot broadcast x of shape [2, 3, 4] with y of shape [5, 4]: dimension 1 is 3 vs 5}}
  %0 = pd.minimum %x, %y : (!pd.vtensor<2x3x4xf32>, !pd.vtensor<5x4xf32>) -> !pd.vtensor<?x?x?xf32>
  return
}

// -----

func.func @elementwise_pow_broadcast(%x: !pd.vtensor<?x3xf32>, %y: !pd.vtensor<2x4xf32>) {
  // expected-error @+2 {{'pd.elementwise_pow' op failed to infer returned types}}
  // expected-error @+1 {{'pd.elementwise_pow' op cannot broadcast x of shape [?, 3] with y of shape [2, 4]: dimension 1 is 3 vs 4}}
  %0 = pd.elementwise_pow %x, %y : (!pd.vtensor<?x3xf32>, !pd.vtensor<2x4xf32>) -> !pd.vtensor<?x?xf32>
  return
}

// -----

func.func @floor_divide_broadcast(%x: !pd.vtensor<5x1x3xf32>, %y: !pd.vtensor<2x2xf32>) {
  // expected-error @+2 {{'pd.floor_divide' op failed to infer returned types}}
  // expected-error @+1 {{'pd.floor_divide' op cannot broadcast x of shape [5, 1, 3] with y of shape [2, 2]: dimension 2 is 3 vs 2}}
  %0 = pd.floor_divide %x, %y : (!pd.vtensor<5x1x3xf32>, !pd.vtensor<2x2xf32>) -> !pd.vtensor<?x?x?xf32>
  return
}

// -----

func.func @remainder_broadcast(%x: !pd.vtensor<2x3xf32>, %y: !pd.vtensor<4xf32>) {
  // expected-error @+2 {{'pd.remainder' op failed to infer returned types}}
  // expected-error @+1 {{'pd.remainder' op cannot broadcast x of shape [2, 3] with y of shape [4]: dimension 1 is 3 vs 4}}
  %0 = pd.remainder %x, %y : (!pd.vtensor<2x3xf32>, !pd.vtensor<4xf32>) -> !pd.vtensor<?x?xf32>
  return
}

// -----

func.func @fmax_broadcast(%x: !pd.vtensor<2x3x4xf32>, %y: !pd.vtensor<5x4xf32>) {
  // expected-error @+2 {{'pd.fmax' op failed to infer returned types}}
  // expected-error @+1 {{'pd.fmax' op cannot broadcast x of shape [2, 3, 4] with y of shape [5, 4]: dimension 1 is 3 vs 5}}
  %0 = pd.fmax %x, %y : (!pd.vtensor<2x3x4xf32>, !pd.vtensor<5x4xf32>) -> !pd.vtensor<?x?x?xf32>
  return
}

// -----

func.func @fmin_broadcast(%x: !pd.vtensor<?x3xf32>, %y: !pd.vtensor<2x4xf32>) {
  // expected-error @+2 {{'pd.fmin' op failed to infer returned types}}
  // expected-error @+1 {{'pd.fmin' op cannot broadcast x of shape [?, 3] with y of shape [2, 4]: dimension 1 is 3 vs 4}}
  %0 = pd.fmin %x, %y : (!pd.vtensor<?x3xf32>, !pd.vtensor<2x4xf32>) -> !pd.vtensor<?x?xf32>
  return
}

// -----

func.func @heaviside_broadcast(%x: !pd.vtensor<5x1x3xf32>, %y: !pd.vtensor<2x2xf32>) {
  // expected-error @+2 {{'pd.heaviside' op failed to infer returned types}}
  // expected-error @+1 {{'pd.heaviside' op cannot broadcast x of shape [5, 1, 3] with y of shape [2, 2]: dimension 2 is 3 vs 2}}
  %0 = pd.heaviside %x, %y : (!pd.vtensor<5x1x3xf32>, !pd.vtensor<2x2xf32>) -> !pd.vtensor<?x?x?xf32>
  return
}

// -----

func.func @atan2_broadcast(%x: !pd.vtensor<2x3xf32>, %y: !pd.vtensor<4xf32>) {
  // expected-error @+2 {{'pd.atan2' op failed to infer returned types}}
  // expected-error @+1 {{'pd.atan2' op cannot broadcast x of shape [2, 3] with y of shape [4]: dimension 1 is 3 vs 4}}
  %0 = pd.atan2 %x, %y : (!pd.vtensor<2x3xf32>, !pd.vtensor<4xf32>) -> !pd.vtensor<?x?xf32>
  return
}

// -----

func.func @bitwise_and_broadcast(%x: !pd.vtensor<2x3xi32>, %y: !pd.vtensor<4xi32>) {
  // expected-error @+2 {{'pd.bitwise_and' op failed to infer returned types}}
  // expected-error @+1 {{'pd.bitwise_and' op cannot broadcast x of shape [2, 3] with y of shape [4]: dimension 1 is 3 vs 4}}
  %0 = pd.bitwise_and %x, %y : (!pd.vtensor<2x3xi32>, !pd.vtensor<4xi32>) -> !pd.vtensor<?x?xi32>
  return
}

// -----

func.func @bitwise_or_broadcast(%x: !pd.vtensor<2x3x4xi32>, %y: !pd.vtensor<5x4xi32>) {
  // expected-error @+2 {{'pd.bitwise_or' op failed to infer returned types}}
  // expected-error @+1 {{'pd.bitwise_or' op cannot broadcast x of shape [2, 3, 4] with y of shape [5, 4]: dimension 1 is 3 vs 5}}
  %0 = pd.bitwise_or %x, %y : (!pd.vtensor<2x3x4xi32>, !pd.vtensor<5x4xi32>) -> !pd.vtensor<?x?x?xi32>
  return
}

// -----

func.func @bitwise_xor_broadcast(%x: !pd.vtensor<?x3xi32>, %y: !pd.vtensor<2x4xi32>) {
  // expected-error @+2 {{'pd.bitwise_xor' op failed to infer returned types}}
  // expected-error @+1 {{'pd.bitwise_xor' op cannot broadcast x of shape [?, 3] with y of shape [2, 4]: dimension 1 is 3 vs 4}}
  %0 = pd.bitwise_xor %x, %y : (!pd.vtensor<?x3xi32>, !pd.vtensor<2x4xi32>) -> !pd.vtensor<?x?xi32>
  return
}

// -----

func.func @logical_and_broadcast(%x: !pd.vtensor<2x3xi1>, %y: !pd.vtensor<4xi1>) {
  // expected-error @+2 {{'pd.logical_and' op failed to infer returned types}}
  // expected-error @+1 {{'pd.logical_and' op cannot broadcast x of shape [2, 3] with y of shape [4]: dimension 1 is 3 vs 4}}
  %0 = pd.logical_and %x, %y : (!pd.vtensor<2x3xi1>, !pd.vtensor<4xi1>) -> !pd.vtensor<?x?xi1>
  return
}

// -----

func.func @logical_or_broadcast(%x: !pd.vtensor<2x3x4xi1>, %y: !pd.vtensor<5x4xi1>) {
  // expected-error @+2 {{'pd.logical_or' op failed to infer returned types}}
  // expected-error @+1 {{'pd.logical_or' op cannot broadcast x of shape [2, 3, 4] with y of shape [5, 4]: dimension 1 is 3 vs 5}}
  %0 = pd.logical_or %x, %y : (!pd.vtensor<2x3x4xi1>, !pd.vtensor<5x4xi1>) -> !pd.vtensor<?x?x?xi1>
  return
}

// -----

func.func @logical_xor_broadcast(%x: !pd.vtensor<?x3xi1>, %y: !pd.vtensor<2x4xi1>) {
  // expected-error @+2 {{'pd.logical_xor' op failed to infer returned types}}
  // expected-error @+1 {{'pd.logical_xor' op cannot broadcast x of shape [?, 3] with y of shape [2, 4]: dimension 1 is 3 vs 4}}
  %0 = pd.logical_xor %x, %y : (!pd.vtensor<?x3xi1>, !pd.vtensor<2x4xi1>) -> !pd.vtensor<?x?xi1>
  return
}

// -----

func.func @equal_broadcast(%x: !pd.vtensor<2x3xf32>, %y: !pd.vtensor<4xf32>) {
  // expected-error @+2 {{'pd.equal' op failed to infer returned types}}
  // expected-error @+1 {{'pd.equal' op cannot broadcast x of shape [2, 3] with y of shape [4]: dimension 1 is 3 vs 4}}
  %0 = pd.equal %x, %y : (!pd.vtensor<2x3xf32>, !pd.vtensor<4xf32>) -> !pd.vtensor<?x?xi1>
  return
}

// -----

func.func @not_equal_broadcast(%x: !pd.vtensor<2x3x4xf32>, %y: !pd.vtensor<5x4xf32>) {
  // expected-error @+2 {{'pd.not_equal' op failed to infer returned types}}
  // expected-error @+1 {{'pd.not_equal' op cannot broadcast x of shape [2, 3, 4] with y of shape [5, 4]: dimension 1 is 3 vs 5}}
  %0 = pd.not_equal %x, %y : (!pd.vtensor<2x3x4xf32>, !pd.vtensor<5x4xf32>) -> !pd.vtensor<?x?x?xi1>
  return
}

// -----

func.func @less_than_broadcast(%x: !pd.vtensor<?x3xf32>, %y: !pd.vtensor<2x4xf32>) {
  // expected-error @+2 {{'pd.less_than' op failed to infer returned types}}
  // expected-error @+1 {{'pd.less_than' op cannot broadcast x of shape [?, 3] with y of shape [2, 4]: dimension 1 is 3 vs 4}}
  %0 = pd.less_than %x, %y : (!pd.vtensor<?x3xf32>, !pd.vtensor<2x4xf32>) -> !pd.vtensor<?x?xi1>
  return
}

// -----

func.func @less_equal_broadcast(%x: !pd.vtensor<5x1x3xf32>, %y: !pd.vtensor<2x2xf32>) {
  // expected-error @+2 {{'pd.less_equal' op failed to infer returned types}}
  // expected-error @+1 {{'pd.less_equal' op cannot broadcast x of shape [5, 1, 3] with y of shape [2, 2]: dimension 2 is 3 vs 2}}
  %0 = pd.less_equal %x, %y : (!pd.vtensor<5x1x3xf32>, !pd.vtensor<2x2xf32>) -> !pd.vtensor<?x?x?xi1>
  return
}

// -----

func.func @greater_than_broadcast(%x: !pd.vtensor<2x3xf32>, %y: !pd.vtensor<4xf32>) {
  // expected-error @+2 {{'pd.greater_than' op failed to infer returned types}}
  // expected-error @+1 {{'pd.greater_than' op cannot broadcast x of shape [2, 3] with y of shape [4]: dimension 1 is 3 vs 4}}
  %0 = pd.greater_than %x, %y : (!pd.vtensor<2x3xf32>, !pd.vtensor<4xf32>) -> !pd.vtensor<?x?xi1>
  return
}

// -----

func.func @greater_equal_broadcast(%x: !pd.vtensor<2x3x4xf32>, %y: !pd.vtensor<5x4xf32>) {
  // expected-error @+2 {{'pd.greater_equal' op failed to infer returned types}}
  // expected-error @+1 {{'pd.greater_equal' op cannot broadcast x of shape [2, 3, 4] with y of shape [5, 4]: dimension 1 is 3 vs 5}}
  %0 = pd.greater_equal %x, %y : (!pd.vtensor<2x3x4xf32>, !pd.vtensor<5x4xf32>) -> !pd.vtensor<?x?x?xi1>
  return
}

// -----

func.func @add_dtypes(%x: !pd.vtensor<2x3xf32>, %y: !pd.vtensor<3xf16>) {
  // expected-error @+2 {{'pd.add' op failed to infer returned types}}
  // expected-error @+1 {{'pd.add' op operands have different dtypes: x is 'f32', y is 'f16'}}
  %0 = pd.add %x, %y : (!pd.vtensor<2x3xf32>, !pd.vtensor<3xf16>) -> !pd.vtensor<2x3xf32>
  return
}

// -----

func.func @subtract_dtypes(%x: !pd.vtensor<2x3xf32>, %y: !pd.vtensor<3xf64>) {
  // expected-error @+2 {{'pd.subtract' op failed to infer returned types}}
  // expected-error @+1 {{'pd.subtract' op operands have different dtypes: x is 'f32', y is 'f64'}}
  %0 = pd.subtract %x, %y : (!pd.vtensor<2x3xf32>, !pd.vtensor<3xf64>) -> !pd.vtensor<2x3xf32>
  return
}

// -----

func.func @multiply_dtypes(%x: !pd.vtensor<2x3xi32>, %y: !pd.vtensor<3xi64>) {
  // expected-error @+2 {{'pd.multiply' op failed to infer returned types}}
  // expected-error @+1 {{'pd.multiply' op operands have different dtypes: x is 'i32', y is 'i64'}}
  %0 = pd.multiply %x, %y : (!pd.vtensor<2x3xi32>, !pd.vtensor<3xi64>) -> !pd.vtensor<2x3xi32>
  return
}

// -----

func.func @divide_dtypes(%x: !pd.vtensor<2x3xf32>, %y: !pd.vtensor<3xi32>) {
  // expected-error @+2 {{'pd.divide' op failed to infer returned types}}
  // expected-error @+1 {{'pd.divide' op operands have different dtypes: x is 'f32', y is 'i32'}}
  %0 = pd.divide %x, %y : (!pd.vtensor<2x3xf32>, !pd.vtensor<3xi32>) -> !pd.vtensor<2x3xf32>
  return
}

// -----

func.func @maximum_dtypes(%x: !pd.vtensor<2x3xbf16>, %y: !pd.vtensor<3xf32>) {
  // expected-error @+2 {{'pd.maximum' op failed to infer returned types}}
  // expected-error @+1 {{'pd.maximum' op operands have different dtypes: x is 'bf16', y is 'f32'}}
  %0 = pd.maximum %x, %y : (!pd.vtensor<2x3xbf16>, !pd.vtensor<3xf32>) -> !pd.vtensor<2x3xbf16>
  return
}

// -----

func.func @minimum_dtypes(%x: !pd.vtensor<2x3xf32>, %y: !pd.vtensor<3xf16>) {
  // expected-error @+2 {{'pd.minimum' op failed to infer returned types}}
  // expected-error @+1 {{'pd.minimum' op operands have different dtypes: x is 'f32', y is 'f16'}}
  %0 = pd.minimum %x, %y : (!pd.vtensor<2x3xf32>, !pd.vtensor<3xf16>) -> !pd.vtensor<2x3xf32>
  return
}

// -----

func.func @elementwise_pow_dtypes(%x: !pd.vtensor<2x3xf32>, %y: !pd.vtensor<3xf64>) {
  // expected-error @+2 {{'pd.elementwise_pow' op failed to infer returned types}}
  // expected-error @+1 {{'pd.elementwise_pow' op operands have different dtypes: x is 'f32', y is 'f64'}}
  %0 = pd.elementwise_pow %x, %y : (!pd.vtensor<2x3xf32>, !pd.vtensor<3xf64>) -> !pd.vtensor<2x3xf32>
  return
}

// -----

func.func @floor_divide_dtypes(%x: !pd.vtensor<2x3xi32>, %y: !pd.vtensor<3xi64>) {
  // expected-error @+2 {{'pd.floor_divide' op failed to infer returned types}}
  // expected-error @+1 {{'pd.floor_divide' op operands have different dtypes: x is 'i32', y is 'i64'}}
  %0 = pd.floor_divide %x, %y : (!pd.vtensor<2x3xi32>, !pd.vtensor<3xi64>) -> !pd.vtensor<2x3xi32>
  return
}

// -----

func.func @remainder_dtypes(%x: !pd.vtensor<2x3xf32>, %y: !pd.vtensor<3xi32>) {
  // expected-error @+2 {{'pd.remainder' op failed to infer returned types}}
  // expected-error @+1 {{'pd.remainder' op operands have different dtypes: x is 'f32', y is 'i32'}}
  %0 = pd.remainder %x, %y : (!pd.vtensor<2x3xf32>, !pd.vtensor<3xi32>) -> !pd.vtensor<2x3xf32>
  return
}

// -----

func.func @fmax_dtypes(%x: !pd.vtensor<2x3xbf16>, %y: !pd.vtensor<3xf32>) {
  // expected-error @+2 {{'pd.fmax' op failed to infer returned types}}
  // expected-error @+1 {{'pd.fmax' op operands have different dtypes: x is 'bf16', y is 'f32'}}
  %0 = pd.fmax %x, %y : (!pd.vtensor<2x3xbf16>, !pd.vtensor<3xf32>) -> !pd.vtensor<2x3xbf16>
  return
}

// -----

func.func @fmin_dtypes(%x: !pd.vtensor<2x3xf32>, %y: !pd.vtensor<3xf16>) {
  // expected-error @+2 {{'pd.fmin' op failed to infer returned types}}
  // expected-error @+1 {{'pd.fmin' op operands have different dtypes: x is 'f32', y is 'f16'}}
  %0 = pd.fmin %x, %y : (!pd.vtensor<2x3xf32>, !pd.vtensor<3xf16>) -> !pd.vtensor<2x3xf32>
  return
}

// -----

func.func @heaviside_dtypes(%x: !pd.vtensor<2x3xf32>, %y: !pd.vtensor<3xf64>) {
  // expected-error @+2 {{'pd.heaviside' op failed to infer returned types}}
  // expected-error @+1 {{'pd.heaviside' op operands have different dtypes: x is 'f32', y is 'f64'}}
  %0 = pd.heaviside %x, %y : (!pd.vtensor<2x3xf32>, !pd.vtensor<3xf64>) -> !pd.vtensor<2x3xf32>
  return
}

// -----

func.func @atan2_dtypes(%x: !pd.vtensor<2x3xi32>, %y: !pd.vtensor<3xi64>) {
  // expected-error @+2 {{'pd.atan2' op failed to infer returned types}}
  // expected-error @+1 {{'pd.atan2' op operands have different dtypes: x is 'i32', y is 'i64'}}
  %0 = pd.atan2 %x, %y : (!pd.vtensor<2x3xi32>, !pd.vtensor<3xi64>) -> !pd.vtensor<2x3xi32>
  return
}

// -----

func.func @bitwise_and_dtypes(%x: !pd.vtensor<2x3xi32>, %y: !pd.vtensor<3xi64>) {
  // expected-error @+2 {{'pd.bitwise_and' op failed to infer returned types}}
  // expected-error @+1 {{'pd.bitwise_and' op operands have different dtypes: x is 'i32', y is 'i64'}}
  %0 = pd.bitwise_and %x, %y : (!pd.vtensor<2x3xi32>, !pd.vtensor<3xi64>) -> !pd.vtensor<2x3xi32>
  return
}

// -----

func.func @bitwise_or_dtypes(%x: !pd.vtensor<2x3xi32>, %y: !pd.vtensor<3xi64>) {
  // expected-error @+2 {{'pd.bitwise_or' op failed to infer returned types}}
  // expected-error @+1 {{'pd.bitwise_or' op operands have different dtypes: x is 'i32', y is 'i64'}}
  %0 = pd.bitwise_or %x, %y : (!pd.vtensor<2x3xi32>, !pd.vtensor<3xi64>) -> !pd.vtensor<2x3xi32>
  return
}

// -----

func.func @bitwise_xor_dtypes(%x: !pd.vtensor<2x3xi32>, %y: !pd.vtensor<3xi64>) {
  // expected-error @+2 {{'pd.bitwise_xor' op failed to infer returned types}}
  // expected-error @+1 {{'pd.bitwise_xor' op operands have different dtypes: x is 'i32', y is 'i64'}}
  %0 = pd.bitwise_xor %x, %y : (!pd.vtensor<2x3xi32>, !pd.vtensor<3xi64>) -> !pd.vtensor<2x3xi32>
  return
}

// -----

func.func @equal_dtypes(%x: !pd.vtensor<2x3xf32>, %y: !pd.vtensor<3xf64>) {
  // expected-error @+2 {{'pd.equal' op failed to infer returned types}}
  // expected-error @+1 {{'pd.equal' op operands have different dtypes: x is 'f32', y is 'f64'}}
  %0 = pd.equal %x, %y : (!pd.vtensor<2x3xf32>, !pd.vtensor<3xf64>) -> !pd.vtensor<2x3xi1>
  return
}

// -----

func.func @not_equal_dtypes(%x: !pd.vtensor<2x3xi32>, %y: !pd.vtensor<3xi64>) {
  // expected-error @+2 {{'pd.not_equal' op failed to infer returned types}}
  // expected-error @+1 {{'pd.not_equal' op operands have different dtypes: x is 'i32', y is 'i64'}}
  %0 = pd.not_equal %x, %y : (!pd.vtensor<2x3xi32>, !pd.vtensor<3xi64>) -> !pd.vtensor<2x3xi1>
  return
}

// -----

func.func @less_than_dtypes(%x: !pd.vtensor<2x3xf32>, %y: !pd.vtensor<3xi32>) {
  // expected-error @+2 {{'pd.less_than' op failed to infer returned types}}
  // expected-error @+1 {{'pd.less_than' op operands have different dtypes: x is 'f32', y is 'i32'}}
  %0 = pd.less_than %x, %y : (!pd.vtensor<2x3xf32>, !pd.vtensor<3xi32>) -> !pd.vtensor<2x3xi1>
  return
}

// -----

func.func @less_equal_dtypes(%x: !pd.vtensor<2x3xbf16>, %y: !pd.vtensor<3xf32>) {
  // expected-error @+2 {{'pd.less_equal' op failed to infer returned types}}
  // expected-error @+1 {{'pd.less_equal' op operands have different dtypes: x is 'bf16', y is 'f32'}}
  %0 = pd.less_equal %x, %y : (!pd.vtensor<2x3xbf16>, !pd.vtensor<3xf32>) -> !pd.vtensor<2x3xi1>
  return
}

// -----

func.func @greater_than_dtypes(%x: !pd.vtensor<2x3xf32>, %y: !pd.vtensor<3xf16>) {
  // expected-error @+2 {{'pd.greater_than' op failed to infer returned types}}
  // expected-error @+1 {{'pd.greater_than' op operands have different dtypes: x is 'f32', y is 'f16'}}
  %0 = pd.greater_than %x, %y : (!pd.vtensor<2x3xf32>, !pd.vtensor<3xf16>) -> !pd.vtensor<2x3xi1>
  return
}

// -----

func.func @greater_equal_dtypes(%x: !pd.vtensor<2x3xf32>, %y: !pd.vtensor<3xf64>) {
  // expected-error @+2 {{'pd.greater_equal' op failed to infer returned types}}
  // expected-error @+1 {{'pd.greater_equal' op operands have different dtypes: x is 'f32', y is 'f64'}}
  %0 = pd.greater_equal %x, %y : (!pd.vtensor<2x3xf32>, !pd.vtensor<3xf64>) -> !pd.vtensor<2x3xi1>
  return
}

// -----

func.func @logical_and_not_bool(%x: !pd.vtensor<2x3xf32>, %y: !pd.vtensor<2x3xf32>) {
  // expected-error @+2 {{'pd.logical_and' op failed to infer returned types}}
  // expected-error @+1 {{'pd.logical_and' op inferred type(s) '!pd.vtensor<2x3xi1>' are incompatible with return type(s) of operation '!pd.vtensor<2x3xf32>'}}
  %0 = pd.logical_and %x, %y : (!pd.vtensor<2x3xf32>, !pd.vtensor<2x3xf32>) -> !pd.vtensor<2x3xf32>
  return
}

// -----

func.func @logical_or_not_bool(%x: !pd.vtensor<2x3xf32>, %y: !pd.vtensor<2x3xf32>) {
  // expected-error @+2 {{'pd.logical_or' op failed to infer returned types}}
  // expected-error @+1 {{'pd.logical_or' op inferred type(s) '!pd.vtensor<2x3xi1>' are incompatible with return type(s) of operation '!pd.vtensor<2x3xf32>'}}
  %0 = pd.logical_or %x, %y : (!pd.vtensor<2x3xf32>, !pd.vtensor<2x3xf32>) -> !pd.vtensor<2x3xf32>
  return
}

// -----

func.func @logical_xor_not_bool(%x: !pd.vtensor<2x3xf32>, %y: !pd.vtensor<2x3xf32>) {
  // expected-error @+2 {{'pd.logical_xor' op failed to infer returned types}}
  // expected-error @+1 {{'pd.logical_xor' op inferred type(s) '!pd.vtensor<2x3xi1>' are incompatible with return type(s) of operation '!pd.vtensor<2x3xf32>'}}
  %0 = pd.logical_xor %x, %y : (!pd.vtensor<2x3xf32>, !pd.vtensor<2x3xf32>) -> !pd.vtensor<2x3xf32>
  return
}

// -----

func.func @equal_not_bool(%x: !pd.vtensor<2x3xf32>, %y: !pd.vtensor<2x3xf32>) {
  // expected-error @+2 {{'pd.equal' op failed to infer returned types}}
  // expected-error @+1 {{'pd.equal' op inferred type(s) '!pd.vtensor<2x3xi1>' are incompatible with return type(s) of operation '!pd.vtensor<2x3xf32>'}}
  %0 = pd.equal %x, %y : (!pd.vtensor<2x3xf32>, !pd.vtensor<2x3xf32>) -> !pd.vtensor<2x3xf32>
  return
}

// -----

func.func @not_equal_not_bool(%x: !pd.vtensor<2x3xf32>, %y: !pd.vtensor<2x3xf32>) {
  // expected-error @+2 {{'pd.not_equal' op failed to infer returned types}}
  // expected-error @+1 {{'pd.not_equal' op inferred type(s) '!pd.vtensor<2x3xi1>' are incompatible with return type(s) of operation '!pd.vtensor<2x3xf32>'}}
  %0 = pd.not_equal %x, %y : (!pd.vtensor<2x3xf32>, !pd.vtensor<2x3xf32>) -> !pd.vtensor<2x3xf32>
  return
}

// -----

func.func @less_than_not_bool(%x: !pd.vtensor<2x3xf32>, %y: !pd.vtensor<2x3xf32>) {
  // expected-error @+2 {{'pd.less_than' op failed to infer returned types}}
  // expected-error @+1 {{'pd.less_than' op inferred type(s) '!pd.vtensor<2x3xi1>' are incompatible with return type(s) of operation '!pd.vtensor<2x3xf32>'}}
  %0 = pd.less_than %x, %y : (!pd.vtensor<2x3xf32>, !pd.vtensor<2x3xf32>) -> !pd.vtensor<2x3xf32>
  return
}

// -----

func.func @less_equal_not_bool(%x: !pd.vtensor<2x3xf32>, %y: !pd.vtensor<2x3xf32>) {
  // expected-error @+2 {{'pd.less_equal' op failed to infer returned types}}
  // expected-error @+1 {{'pd.less_equal' op inferred type(s) '!pd.vtensor<2x3xi1>' are incompatible with return type(s) of operation '!pd.vtensor<2x3xf32>'}}
  %0 = pd.less_equal %x, %y : (!pd.vtensor<2x3xf32>, !pd.vtensor<2x3xf32>) -> !pd.vtensor<2x3xf32>
  return
}

// -----

func.func @greater_than_not_bool(%x: !pd.vtensor<2x3xf32>, %y: !pd.vtensor<2x3xf32>) {
  // expected-error @+2 {{'pd.greater_than' op failed to infer returned types}}
  // expected-error @+1 {{'pd.greater_than' op inferred type(s) '!pd.vtensor<2x3xi1>' are incompatible with return type(s) of operation '!pd.vtensor<2x3xf32>'}}
  %0 = pd.greater_than %x, %y : (!pd.vtensor<2x3xf32>, !pd.vtensor<2x3xf32>) -> !pd.vtensor<2x3xf32>
  return
}

// -----

func.func @greater_equal_not_bool(%x: !pd.vtensor<2x3xf32>, %y: !pd.vtensor<2x3xf32>) {
  // expected-error @+2 {{'pd.greater_equal' op failed to infer returned types}}
  // expected-error @+1 {{'pd.greater_equal' op inferred type(s) '!pd.vtensor<2x3xi1>' are incompatible with return type(s) of operation '!pd.vtensor<2x3xf32>'}}
  %0 = pd.greater_equal %x, %y : (!pd.vtensor<2x3xf32>, !pd.vtensor<2x3xf32>) -> !pd.vtensor<2x3xf32>
  return
}

// -----

func.func @add_result(%x: !pd.vtensor<2x1xf32>, %y: !pd.vtensor<3xf32>) {
  // expected-error @+2 {{'pd.add' op failed to infer returned types}}
  // expected-error @+1 {{'pd.add' op inferred type(s) '!pd.vtensor<2x3xf32>' are incompatible with return type(s) of operation '!pd.vtensor<2x1xf32>'}}
  %0 = pd.add %x, %y : (!pd.vtensor<2x1xf32>, !pd.vtensor<3xf32>) -> !pd.vtensor<2x1xf32>
  return
}

// -----

func.func @subtract_result(%x: !pd.vtensor<2x1xf32>, %y: !pd.vtensor<3xf32>) {
  // expected-error @+2 {{'pd.subtract' op failed to infer returned types}}
  // expected-error @+1 {{'pd.subtract' op inferred type(s) '!pd.vtensor<2x3xf32>' are incompatible with return type(s) of operation '!pd.vtensor<2x1xf32>'}}
  %0 = pd.subtract %x, %y : (!pd.vtensor<2x1xf32>, !pd.vtensor<3xf32>) -> !pd.vtensor<2x1xf32>
  return
}

// -----

func.func @multiply_result(%x: !pd.vtensor<2x1xf32>, %y: !pd.vtensor<3xf32>) {
  // expected-error @+2 {{'pd.multiply' op failed to infer returned types}}
  // expected-error @+1 {{'pd.multiply' op inferred type(s) '!pd.vtensor<2x3xf32>' are incompatible with return type(s) of operation '!pd.vtensor<2x1xf32>'}}
  %0 = pd.multiply %x, %y : (!pd.vtensor<2x1xf32>, !pd.vtensor<3xf32>) -> !pd.vtensor<2x1xf32>
  return
}

// -----

func.func @divide_result(%x: !pd.vtensor<2x1xf32>, %y: !pd.vtensor<3xf32>) {
  // expected-error @+2 {{'pd.divide' op failed to infer returned types}}
  // expected-error @+1 {{'pd.divide' op inferred type(s) '!pd.vtensor<2x3xf32>' are incompatible with return type(s) of operation '!pd.vtensor<2x1xf32>'}}
  %0 = pd.divide %x, %y : (!pd.vtensor<2x1xf32>, !pd.vtensor<3xf32>) -> !pd.vtensor<2x1xf32>
  return
}

// -----

func.func @maximum_result(%x: !pd.vtensor<2x1xf32>, %y: !pd.vtensor<3xf32>) {
  // expected-error @+2 {{'pd.maximum' op failed to infer returned types}}
  // expected-error @+1 {{'pd.maximum' op inferred type(s) '!pd.vtensor<2x3xf32>' are incompatible with return type(s) of operation '!pd.vtensor<2x1xf32>'}}
  %0 = pd.maximum %x, %y : (!pd.vtensor<2x1xf32>, !pd.vtensor<3xf32>) -> !pd.vtensor<2x1xf32>
  return
}

// -----

func.func @minimum_result(%x: !pd.vtensor<2x1xf32>, %y: !pd.vtensor<3xf32>) {
  // expected-error @+2 {{'pd.minimum' op failed to infer returned types}}
  // expected-error @+1 {{'pd.minimum' op inferred type(s) '!pd.vtensor<2x3xf32>' are incompatible with return type(s) of operation '!pd.vtensor<2x1xf32>'}}
  %0 = pd.minimum %x, %y : (!pd.vtensor<2x1xf32>, !pd.vtensor<3xf32>) -> !pd.vtensor<2x1xf32>
  return
}

// -----

func.func @elementwise_pow_result(%x: !pd.vtensor<2x1xf32>, %y: !pd.vtensor<3xf32>) {
  // expected-error @+2 {{'pd.elementwise_pow' op failed to infer returned types}}
  // expected-error @+1 {{'pd.elementwise_pow' op inferred type(s) '!pd.vtensor<2x3xf32>' are incompatible with return type(s) of operation '!pd.vtensor<2x1xf32>'}}
  %0 = pd.elementwise_pow %x, %y : (!pd.vtensor<2x1xf32>, !pd.vtensor<3xf32>) -> !pd.vtensor<2x1xf32>
  return
}

// -----

func.func @floor_divide_result(%x: !pd.vtensor<2x1xf32>, %y: !pd.vtensor<3xf32>) {
  // expected-error @+2 {{'pd.floor_divide' op failed to infer returned types}}
  // expected-error @+1 {{'pd.floor_divide' op inferred type(s) '!pd.vtensor<2x3xf32>' are incompatible with return type(s) of operation '!pd.vtensor<2x1xf32>'}}
  %0 = pd.floor_divide %x, %y : (!pd.vtensor<2x1xf32>, !pd.vtensor<3xf32>) -> !pd.vtensor<2x1xf32>
  return
}

// -----

func.func @remainder_result(%x: !pd.vtensor<2x1xf32>, %y: !pd.vtensor<3xf32>) {
  // expected-error @+2 {{'pd.remainder' op failed to infer returned types}}
  // expected-error @+1 {{'pd.remainder' op inferred type(s) '!pd.vtensor<2x3xf32>' are incompatible with return type(s) of operation '!pd.vtensor<2x1xf32>'}}
  %0 = pd.remainder %x, %y : (!pd.vtensor<2x1xf32>, !pd.vtensor<3xf32>) -> !pd.vtensor<2x1xf32>
  return
}

// -----

func.func @fmax_result(%x: !pd.vtensor<2x1xf32>, %y: !pd.vtensor<3xf32>) {
  // expected-error @+2 {{'pd.fmax' op failed to infer returned types}}
  // expected-error @+1 {{'pd.fmax' op inferred type(s) '!pd.vtensor<2x3xf32>' are incompatible with return type(s) of operation '!pd.vtensor<2x1xf32>'}}
  %0 = pd.fmax %x, %y : (!pd.vtensor<2x1xf32>, !pd.vtensor<3xf32>) -> !pd.vtensor<2x1xf32>
  return
}

// -----

func.func @fmin_result(%x: !pd.vtensor<2x1xf32>, %y: !pd.vtensor<3xf32>) {
  // expected-error @+2 {{'pd.fmin' op failed to infer returned types}}
  // expected-error @+1 {{'pd.fmin' op inferred type(s) '!pd.vtensor<2x3xf32>' are incompatible with return type(s) of operation '!pd.vtensor<2x1xf32>'}}
  %0 = pd.fmin %x, %y : (!pd.vtensor<2x1xf32>, !pd.vtensor<3xf32>) -> !pd.vtensor<2x1xf32>
  return
}

// -----

func.func @heaviside_result(%x: !pd.vtensor<2x1xf32>, %y: !pd.vtensor<3xf32>) {
  // expected-error @+2 {{'pd.heaviside' op failed to infer returned types}}
  // expected-error @+1 {{'pd.heaviside' op inferred type(s) '!pd.vtensor<2x3xf32>' are incompatible with return type(s) of operation '!pd.vtensor<2x1xf32>'}}
  %0 = pd.heaviside %x, %y : (!pd.vtensor<2x1xf32>, !pd.vtensor<3xf32>) -> !pd.vtensor<2x1xf32>
  return
}

// -----

func.func @atan2_result(%x: !pd.vtensor<2x1xf32>, %y: !pd.vtensor<3xf32>) {
  // expected-error @+2 {{'pd.atan2' op failed to infer returned types}}
  // expected-error @+1 {{'pd.atan2' op inferred type(s) '!pd.vtensor<2x3xf32>' are incompatible with return type(s) of operation '!pd.vtensor<2x1xf32>'}}
  %0 = pd.atan2 %x, %y : (!pd.vtensor<2x1xf32>, !pd.vtensor<3xf32>) -> !pd.vtensor<2x1xf32>
  return
}

// -----

func.func @bitwise_and_result(%x: !pd.vtensor<2x1xi32>, %y: !pd.vtensor<3xi32>) {
  // expected-error @+2 {{'pd.bitwise_and' op failed to infer returned types}}
  // expected-error @+1 {{'pd.bitwise_and' op inferred type(s) '!pd.vtensor<2x3xi32>' are incompatible with return type(s) of operation '!pd.vtensor<2x1xi32>'}}
  %0 = pd.bitwise_and %x, %y : (!pd.vtensor<2x1xi32>, !pd.vtensor<3xi32>) -> !pd.vtensor<2x1xi32>
  return
}

// -----

func.func @bitwise_or_result(%x: !pd.vtensor<2x1xi32>, %y: !pd.vtensor<3xi32>) {
  // expected-error @+2 {{'pd.bitwise_or' op failed to infer returned types}}
  // expected-error @+1 {{'pd.bitwise_or' op inferred type(s) '!pd.vtensor<2x3xi32>' are incompatible with return type(s) of operation '!pd.vtensor<2x1xi32>'}}
  %0 = pd.bitwise_or %x, %y : (!pd.vtensor<2x1xi32>, !pd.vtensor<3xi32>) -> !pd.vtensor<2x1xi32>
  return
}

// -----

func.func @bitwise_xor_result(%x: !pd.vtensor<2x1xi32>, %y: !pd.vtensor<3xi32>) {
  // expected-error @+2 {{'pd.bitwise_xor' op failed to infer returned types}}
  // expected-error @+1 {{'pd.bitwise_xor' op inferred type(s) '!pd.vtensor<2x3xi32>' are incompatible with return type(s) of operation '!pd.vtensor<2x1xi32>'}}
  %0 = pd.bitwise_xor %x, %y : (!pd.vtensor<2x1xi32>, !pd.vtensor<3xi32>) -> !pd.vtensor<2x1xi32>
  return
}

// -----

func.func @where_condition_not_bool(%c: !pd.vtensor<2x3xi32>, %x: !pd.vtensor<2x3xf32>, %y: !pd.vtensor<2x3xf32>) {
  // expected-error @+2 {{'pd.where' op failed to infer returned types}}
  // expected-error @+1 {{'pd.where' op condition must be a bool tensor, got 'i32'}}
  %0 = pd.where %c, %x, %y : (!pd.vtensor<2x3xi32>, !pd.vtensor<2x3xf32>, !pd.vtensor<2x3xf32>) -> !pd.vtensor<2x3xf32>
  return
}

// -----

func.func @where_condition_float(%c: !pd.vtensor<2x3xf32>, %x: !pd.vtensor<2x3xf32>, %y: !pd.vtensor<2x3xf32>) {
  // expected-error @+2 {{'pd.where' op failed to infer returned types}}
  // expected-error @+1 {{'pd.where' op condition must be a bool tensor, got 'f32'}}
  %0 = pd.where %c, %x, %y : (!pd.vtensor<2x3xf32>, !pd.vtensor<2x3xf32>, !pd.vtensor<2x3xf32>) -> !pd.vtensor<2x3xf32>
  return
}

// -----

func.func @where_xy_dtypes(%c: !pd.vtensor<2x3xi1>, %x: !pd.vtensor<2x3xf32>, %y: !pd.vtensor<2x3xf64>) {
  // expected-error @+2 {{'pd.where' op failed to infer returned types}}
  // expected-error @+1 {{'pd.where' op operands have different dtypes: x is 'f32', y is 'f64'}}
  %0 = pd.where %c, %x, %y : (!pd.vtensor<2x3xi1>, !pd.vtensor<2x3xf32>, !pd.vtensor<2x3xf64>) -> !pd.vtensor<2x3xf32>
  return
}

// -----

func.func @where_xy_broadcast(%c: !pd.vtensor<2x3xi1>, %x: !pd.vtensor<2x3xf32>, %y: !pd.vtensor<2x2xf32>) {
  // expected-error @+2 {{'pd.where' op failed to infer returned types}}
  // expected-error @+1 {{'pd.where' op cannot broadcast x of shape [2, 3] with y of shape [2, 2]: dimension 1 is 3 vs 2}}
  %0 = pd.where %c, %x, %y : (!pd.vtensor<2x3xi1>, !pd.vtensor<2x3xf32>, !pd.vtensor<2x2xf32>) -> !pd.vtensor<2x3xf32>
  return
}

// -----

func.func @where_condition_broadcast(%c: !pd.vtensor<4x1xi1>, %x: !pd.vtensor<2x3xf32>, %y: !pd.vtensor<3xf32>) {
  // expected-error @+2 {{'pd.where' op failed to infer returned types}}
  // expected-error @+1 {{'pd.where' op cannot broadcast condition of shape [4, 1] with x and y of shape [2, 3]: dimension 0 is 4 vs 2}}
  %0 = pd.where %c, %x, %y : (!pd.vtensor<4x1xi1>, !pd.vtensor<2x3xf32>, !pd.vtensor<3xf32>) -> !pd.vtensor<?x?xf32>
  return
}

// -----

func.func @where_result(%c: !pd.vtensor<2x3xi1>, %x: !pd.vtensor<2x3xf32>, %y: !pd.vtensor<2x3xf32>) {
  // expected-error @+2 {{'pd.where' op failed to infer returned types}}
  // expected-error @+1 {{'pd.where' op inferred type(s) '!pd.vtensor<2x3xf32>' are incompatible with return type(s) of operation '!pd.vtensor<2x3xi1>'}}
  %0 = pd.where %c, %x, %y : (!pd.vtensor<2x3xi1>, !pd.vtensor<2x3xf32>, !pd.vtensor<2x3xf32>) -> !pd.vtensor<2x3xi1>
  return
}

// -----

func.func @where_inplace_condition(%c: !pd.vtensor<2x3xi8>, %x: !pd.tensor<2x3xf32>, %y: !pd.vtensor<2x3xf32>) {
  // expected-error @+2 {{'pd.where_' op failed to infer returned types}}
  // expected-error @+1 {{'pd.where_' op condition must be a bool tensor, got 'i8'}}
  %0 = pd.where_ %c, %x, %y : (!pd.vtensor<2x3xi8>, !pd.tensor<2x3xf32>, !pd.vtensor<2x3xf32>) -> !pd.tensor<2x3xf32>
  return
}

// -----

func.func @add_inplace_of_vtensor(%x: !pd.vtensor<2x3xf32>, %y: !pd.vtensor<2x3xf32>) {
  // expected-error @+1 {{'pd.add_' op operand #0 must be a Paddle tensor that may alias other tensors and be mutated, but got '!pd.vtensor<2x3xf32>'}}
  %0 = pd.add_ %x, %y : (!pd.vtensor<2x3xf32>, !pd.vtensor<2x3xf32>) -> !pd.tensor<2x3xf32>
  return
}

// -----

func.func @multiply_inplace_broadcast(%x: !pd.tensor<2x3xf32>, %y: !pd.vtensor<3x2xf32>) {
  // expected-error @+2 {{'pd.multiply_' op failed to infer returned types}}
  // expected-error @+1 {{'pd.multiply_' op cannot broadcast x of shape [2, 3] with y of shape [3, 2]: dimension 0 is 2 vs 3}}
  %0 = pd.multiply_ %x, %y : (!pd.tensor<2x3xf32>, !pd.vtensor<3x2xf32>) -> !pd.tensor<2x3xf32>
  return
}

// -----

func.func @subtract_inplace_dtypes(%x: !pd.tensor<4xf16>, %y: !pd.vtensor<4xf32>) {
  // expected-error @+2 {{'pd.subtract_' op failed to infer returned types}}
  // expected-error @+1 {{'pd.subtract_' op operands have different dtypes: x is 'f16', y is 'f32'}}
  %0 = pd.subtract_ %x, %y : (!pd.tensor<4xf16>, !pd.vtensor<4xf32>) -> !pd.tensor<4xf16>
  return
}

// -----

func.func @logical_or_inplace_broadcast(%x: !pd.tensor<3xi1>, %y: !pd.vtensor<2xi1>) {
  // expected-error @+2 {{'pd.logical_or_' op failed to infer returned types}}
  // expected-error @+1 {{'pd.logical_or_' op cannot broadcast x of shape [3] with y of shape [2]: dimension 0 is 3 vs 2}}
  %0 = pd.logical_or_ %x, %y : (!pd.tensor<3xi1>, !pd.vtensor<2xi1>) -> !pd.tensor<3xi1>
  return
}

// -----

func.func @greater_than_inplace_dtypes(%x: !pd.tensor<3xi32>, %y: !pd.vtensor<3xi64>) {
  // expected-error @+2 {{'pd.greater_than_' op failed to infer returned types}}
  // expected-error @+1 {{'pd.greater_than_' op operands have different dtypes: x is 'i32', y is 'i64'}}
  %0 = pd.greater_than_ %x, %y : (!pd.tensor<3xi32>, !pd.vtensor<3xi64>) -> !pd.tensor<3xi1>
  return
}

// -----

func.func @copysign_broadcast(%x: !pd.vtensor<2x3xf32>, %y: !pd.vtensor<4xf32>) {
  // expected-error @+2 {{'pd.copysign' op failed to infer returned types}}
  // expected-error @+1 {{'pd.copysign' op cannot broadcast x of shape [2, 3] with y of shape [4]: dimension 1 is 3 vs 4}}
  %0 = pd.copysign %x, %y : (!pd.vtensor<2x3xf32>, !pd.vtensor<4xf32>) -> !pd.vtensor<?x?xf32>
  return
}

// -----

func.func @trunc_divide_broadcast(%x: !pd.vtensor<2x3xi32>, %y: !pd.vtensor<4xi32>) {
  // expected-error @+2 {{'pd.trunc_divide' op failed to infer returned types}}
  // expected-error @+1 {{'pd.trunc_divide' op cannot broadcast x of shape [2, 3] with y of shape [4]: dimension 1 is 3 vs 4}}
  %0 = pd.trunc_divide %x, %y : (!pd.vtensor<2x3xi32>, !pd.vtensor<4xi32>) -> !pd.vtensor<?x?xi32>
  return
}

// -----

func.func @bitwise_left_shift_broadcast(%x: !pd.vtensor<2x3xi32>, %y: !pd.vtensor<4xi32>) {
  // expected-error @+2 {{'pd.bitwise_left_shift' op failed to infer returned types}}
  // expected-error @+1 {{'pd.bitwise_left_shift' op cannot broadcast x of shape [2, 3] with y of shape [4]: dimension 1 is 3 vs 4}}
  %0 = pd.bitwise_left_shift %x, %y : (!pd.vtensor<2x3xi32>, !pd.vtensor<4xi32>) -> !pd.vtensor<?x?xi32>
  return
}

// -----

func.func @bitwise_right_shift_dtypes(%x: !pd.vtensor<3xi32>, %y: !pd.vtensor<3xi64>) {
  // expected-error @+2 {{'pd.bitwise_right_shift' op failed to infer returned types}}
  // expected-error @+1 {{'pd.bitwise_right_shift' op operands have different dtypes: x is 'i32', y is 'i64'}}
  %0 = pd.bitwise_right_shift %x, %y : (!pd.vtensor<3xi32>, !pd.vtensor<3xi64>) -> !pd.vtensor<3xi32>
  return
}

// -----

func.func @nextafter_broadcast(%x: !pd.vtensor<2x3xf32>, %y: !pd.vtensor<4xf32>) {
  // expected-error @+2 {{'pd.nextafter' op failed to infer returned types}}
  // expected-error @+1 {{'pd.nextafter' op cannot broadcast x of shape [2, 3] with y of shape [4]: dimension 1 is 3 vs 4}}
  %0 = pd.nextafter %x, %y : (!pd.vtensor<2x3xf32>, !pd.vtensor<4xf32>) -> !pd.vtensor<?x?xf32>
  return
}

// -----

func.func @lerp_weight_broadcast(%x: !pd.vtensor<2x3xf32>, %y: !pd.vtensor<2x3xf32>, %w: !pd.vtensor<4xf32>) {
  // expected-error @+2 {{'pd.lerp' op failed to infer returned types}}
  // expected-error @+1 {{'pd.lerp' op cannot broadcast x and y of shape [2, 3] with weight of shape [4]: dimension 1 is 3 vs 4}}
  %0 = pd.lerp %x, %y, %w : (!pd.vtensor<2x3xf32>, !pd.vtensor<2x3xf32>, !pd.vtensor<4xf32>) -> !pd.vtensor<?x?xf32>
  return
}

// -----

func.func @lerp_int(%x: !pd.vtensor<3xi32>) {
  // expected-error @+2 {{'pd.lerp' op failed to infer returned types}}
  // expected-error @+1 {{'pd.lerp' op x must be a floating-point tensor, got 'i32'}}
  %0 = pd.lerp %x, %x, %x : (!pd.vtensor<3xi32>, !pd.vtensor<3xi32>, !pd.vtensor<3xi32>) -> !pd.vtensor<3xi32>
  return
}

// -----

func.func @masked_fill_mask_not_bool(%x: !pd.vtensor<2x3xf32>, %m: !pd.vtensor<2x3xf32>, %v: !pd.vtensor<f32>) {
  // expected-error @+2 {{'pd.masked_fill' op failed to infer returned types}}
  // expected-error @+1 {{'pd.masked_fill' op mask must be a bool tensor, got 'f32'}}
  %0 = pd.masked_fill %x, %m, %v : (!pd.vtensor<2x3xf32>, !pd.vtensor<2x3xf32>, !pd.vtensor<f32>) -> !pd.vtensor<2x3xf32>
  return
}

// -----

func.func @masked_fill_value_elements(%x: !pd.vtensor<2x3xf32>, %m: !pd.vtensor<2x3xi1>, %v: !pd.vtensor<2xf32>) {
  // expected-error @+2 {{'pd.masked_fill' op failed to infer returned types}}
  // expected-error @+1 {{'pd.masked_fill' op value must have one element, got 2}}
  %0 = pd.masked_fill %x, %m, %v : (!pd.vtensor<2x3xf32>, !pd.vtensor<2x3xi1>, !pd.vtensor<2xf32>) -> !pd.vtensor<2x3xf32>
  return
}

// -----

func.func @isclose_dtypes(%x: !pd.vtensor<3xf32>, %y: !pd.vtensor<3xf64>, %t: !pd.vtensor<f64>) {
  // expected-error @+2 {{'pd.isclose' op failed to infer returned types}}
  // expected-error @+1 {{'pd.isclose' op operands have different dtypes: x is 'f32', y is 'f64'}}
  %0 = pd.isclose %x, %y, %t, %t : (!pd.vtensor<3xf32>, !pd.vtensor<3xf64>, !pd.vtensor<f64>, !pd.vtensor<f64>) -> !pd.vtensor<3xi1>
  return
}

// -----

func.func @equal_all_dtypes(%x: !pd.vtensor<3xf32>, %y: !pd.vtensor<3xi32>) {
  // expected-error @+2 {{'pd.equal_all' op failed to infer returned types}}
  // expected-error @+1 {{'pd.equal_all' op operands have different dtypes: x is 'f32', y is 'i32'}}
  %0 = pd.equal_all %x, %y : (!pd.vtensor<3xf32>, !pd.vtensor<3xi32>) -> !pd.vtensor<i1>
  return
}

// -----

func.func @allclose_shapes(%x: !pd.vtensor<3xf32>, %y: !pd.vtensor<4xf32>, %t: !pd.vtensor<f64>) {
  // expected-error @+2 {{'pd.allclose' op failed to infer returned types}}
  // expected-error @+1 {{'pd.allclose' op cannot broadcast x of shape [3] with y of shape [4]}}
  %0 = pd.allclose %x, %y, %t, %t : (!pd.vtensor<3xf32>, !pd.vtensor<4xf32>, !pd.vtensor<f64>, !pd.vtensor<f64>) -> !pd.vtensor<i1>
  return
}

// -----

func.func @add_n_shapes(%x: !pd.vtensor<2x3xf32>, %y: !pd.vtensor<3x3xf32>) {
  %l = pd.combine(%x, %y) : !pd.vtensor<2x3xf32>, !pd.vtensor<3x3xf32>
  // expected-error @+2 {{'pd.add_n' op failed to infer returned types}}
  // expected-error @+1 {{'pd.add_n' op inputs have different shapes: input 0 is [2, 3], input 1 is [3, 3]}}
  %0 = pd.add_n %l : (!pd.vec<!pd.vtensor<2x3xf32>, !pd.vtensor<3x3xf32>>) -> !pd.vtensor<2x3xf32>
  return
}

// -----

func.func @add_n_dtypes(%x: !pd.vtensor<3xf32>, %y: !pd.vtensor<3xf64>) {
  %l = pd.combine(%x, %y) : !pd.vtensor<3xf32>, !pd.vtensor<3xf64>
  // expected-error @+2 {{'pd.add_n' op failed to infer returned types}}
  // expected-error @+1 {{'pd.add_n' op inputs have different dtypes: input 0 is 'f32', input 1 is 'f64'}}
  %0 = pd.add_n %l : (!pd.vec<!pd.vtensor<3xf32>, !pd.vtensor<3xf64>>) -> !pd.vtensor<3xf32>
  return
}
