// Round trip of the pd types, with every Paddle dtype as element type.
// RUN: paddle-opt %s | paddle-opt | FileCheck %s

// CHECK-LABEL: func.func private @shapes
// CHECK-SAME: !pd.tensor<4x?x784xf32>
// CHECK-SAME: !pd.vtensor<4x?x784xf32>
// CHECK-SAME: !pd.tensor<f32>
// CHECK-SAME: !pd.vtensor<?x?x?xf64>
// CHECK-SAME: !pd.tensor<0x1xi64>
func.func private @shapes(!pd.tensor<4x?x784xf32>, !pd.vtensor<4x?x784xf32>,
                          !pd.tensor<f32>, !pd.vtensor<?x?x?xf64>,
                          !pd.tensor<0x1xi64>)

// bool uint8 int8 uint16 int16 uint32 int32 uint64 int64 float16 bfloat16
// float32 float64 complex64 complex128 float8_e4m3fn float8_e5m2
// CHECK-LABEL: func.func private @dtypes
// CHECK-SAME: !pd.tensor<2xi1>, !pd.tensor<2xui8>, !pd.tensor<2xi8>, !pd.tensor<2xui16>, !pd.tensor<2xi16>, !pd.tensor<2xui32>, !pd.tensor<2xi32>, !pd.tensor<2xui64>, !pd.tensor<2xi64>
// CHECK-SAME: !pd.tensor<2xf16>, !pd.tensor<2xbf16>, !pd.tensor<2xf32>, !pd.tensor<2xf64>
// CHECK-SAME: !pd.tensor<2xcomplex<f32>>, !pd.tensor<2xcomplex<f64>>, !pd.tensor<2xf8E4M3FN>, !pd.tensor<2xf8E5M2>
func.func private @dtypes(!pd.tensor<2xi1>, !pd.tensor<2xui8>, !pd.tensor<2xi8>,
                          !pd.tensor<2xui16>, !pd.tensor<2xi16>,
                          !pd.tensor<2xui32>, !pd.tensor<2xi32>,
                          !pd.tensor<2xui64>, !pd.tensor<2xi64>,
                          !pd.tensor<2xf16>, !pd.tensor<2xbf16>,
                          !pd.tensor<2xf32>, !pd.tensor<2xf64>,
                          !pd.tensor<2xcomplex<f32>>, !pd.tensor<2xcomplex<f64>>,
                          !pd.tensor<2xf8E4M3FN>, !pd.tensor<2xf8E5M2>)

// CHECK-LABEL: func.func private @lists
// CHECK-SAME: !pd.vec<>
// CHECK-SAME: !pd.vec<!pd.tensor<2xf32>>
// CHECK-SAME: !pd.vec<!pd.tensor<2xf32>, !pd.vtensor<?xi64>>
func.func private @lists(!pd.vec<>, !pd.vec<!pd.tensor<2xf32>>,
                         !pd.vec<!pd.tensor<2xf32>, !pd.vtensor<?xi64>>)
