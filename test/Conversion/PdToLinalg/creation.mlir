// Lowering of the creation ops (lib/Conversion/PdToLinalg/Creation.cpp).
// RUN: paddle-opt %s -split-input-file -convert-pd-to-linalg | FileCheck %s

// Fills; dynamic dims come from x. empty/empty_like are zero-filled (Paddle
// leaves them undefined).
// CHECK-LABEL: func.func @full_like_empty_like(
// CHECK: %[[V:.*]] = arith.constant 2 : i32
// CHECK: %[[D:.*]] = tensor.dim %{{.*}}, %c0
// CHECK: %[[E:.*]] = tensor.empty(%[[D]]) : tensor<?x3xi32>
// CHECK: linalg.fill ins(%[[V]] : i32) outs(%[[E]] : tensor<?x3xi32>)
// CHECK: %[[Z:.*]] = arith.constant 0.000000e+00 : f32
// CHECK: linalg.fill ins(%[[Z]] : f32) outs(%{{.*}} : tensor<?x3xf32>)
func.func @full_like_empty_like() {
  %x = pd.data "x" : !pd.vtensor<?x3xf32>
  %v = pd.full(2.5) : !pd.vtensor<1xf32>
  %a = pd.full_like %x, %v {dtype = #pd.dtype<int32>} : (!pd.vtensor<?x3xf32>, !pd.vtensor<1xf32>) -> !pd.vtensor<?x3xi32>
  %b = pd.empty_like %x : (!pd.vtensor<?x3xf32>) -> !pd.vtensor<?x3xf32>
  %f0 = pd.fetch %a "a" col 0 : !pd.vtensor<?x3xi32>
  %f1 = pd.fetch %b "b" col 1 : !pd.vtensor<?x3xf32>
  return
}

// -----

// full_with_tensor fills with the first element of its value tensor.
// CHECK-LABEL: func.func @empty_full_with_tensor(
// CHECK-SAME: %[[V:.*]]: tensor<1xf32> {bufferization.writable = false})
// CHECK: linalg.fill ins(%{{.*}} : i64) outs(%{{.*}} : tensor<2x3xi64>)
// CHECK: %[[S:.*]] = tensor.extract %[[V]][%c0] : tensor<1xf32>
// CHECK: linalg.fill ins(%[[S]] : f32) outs(%{{.*}} : tensor<2x3xf32>)
func.func @empty_full_with_tensor() {
  %s = pd.full_int_array [2, 3] : !pd.vtensor<2xi64>
  %e = pd.empty %s {dtype = #pd.dtype<int64>} : (!pd.vtensor<2xi64>) -> !pd.vtensor<2x3xi64>
  %v = pd.data "v" : !pd.vtensor<1xf32>
  %w = pd.full_with_tensor %v, %s : (!pd.vtensor<1xf32>, !pd.vtensor<2xi64>) -> !pd.vtensor<2x3xf32>
  %f0 = pd.fetch %e "e" col 0 : !pd.vtensor<2x3xi64>
  %f1 = pd.fetch %w "w" col 1 : !pd.vtensor<2x3xf32>
  return
}

// -----

// CHECK-LABEL: func.func @arange(
// CHECK: %[[START:.*]] = arith.constant 0 : i64
// CHECK: %[[STEP:.*]] = arith.constant 3 : i64
// CHECK: linalg.generic {{.*}} outs(%{{.*}} : tensor<4xi64>)
// CHECK: %[[I:.*]] = linalg.index 0 : index
// CHECK: %[[IV:.*]] = arith.index_cast %[[I]] : index to i64
// CHECK: %[[M:.*]] = arith.muli %[[IV]], %[[STEP]] : i64
// CHECK: arith.addi %[[START]], %[[M]] : i64
func.func @arange() {
  %a = pd.full(0) : !pd.vtensor<1xi64>
  %b = pd.full(10) : !pd.vtensor<1xi64>
  %c = pd.full(3) : !pd.vtensor<1xi64>
  %r = pd.arange %a, %b, %c : (!pd.vtensor<1xi64>, !pd.vtensor<1xi64>, !pd.vtensor<1xi64>) -> !pd.vtensor<4xi64>
  %f = pd.fetch %r "r" col 0 : !pd.vtensor<4xi64>
  return
}

// -----

// A start known only at run time: the length is ceil((end - start) / step).
// CHECK-LABEL: func.func @arange_dynamic(
// CHECK: %[[START:.*]] = tensor.extract
// CHECK: math.ceil
// CHECK: %[[N:.*]] = arith.maxsi
// CHECK: tensor.empty(%[[N]]) : tensor<?xf32>
// CHECK: linalg.generic
// CHECK: arith.addf %[[START]], %{{.*}} : f32
func.func @arange_dynamic() {
  %a = pd.data "a" : !pd.vtensor<1xf32>
  %b = pd.full(5.0) : !pd.vtensor<1xf32>
  %c = pd.full(0.5) : !pd.vtensor<1xf32>
  %r = pd.arange %a, %b, %c {dtype = #pd.dtype<float32>} : (!pd.vtensor<1xf32>, !pd.vtensor<1xf32>, !pd.vtensor<1xf32>) -> !pd.vtensor<?xf32>
  %f = pd.fetch %r "r" col 0 : !pd.vtensor<?xf32>
  return
}

// -----

// PHI's linspace: the first half counts up from start, the rest down from
// stop, in f64.
// CHECK-LABEL: func.func @linspace(
// CHECK: linalg.generic {{.*}} outs(%{{.*}} : tensor<5xf32>)
// CHECK: arith.cmpi ult
// CHECK: arith.addf %{{.*}} : f64
// CHECK: arith.subf %{{.*}} : f64
// CHECK: arith.select
// CHECK: arith.truncf %{{.*}} : f64 to f32
func.func @linspace() {
  %a = pd.full(0.0) : !pd.vtensor<1xf32>
  %b = pd.full(1.0) : !pd.vtensor<1xf32>
  %n = pd.full(5) : !pd.vtensor<1xi32>
  %r = pd.linspace %a, %b, %n : (!pd.vtensor<1xf32>, !pd.vtensor<1xf32>, !pd.vtensor<1xi32>) -> !pd.vtensor<5xf32>
  %f = pd.fetch %r "r" col 0 : !pd.vtensor<5xf32>
  return
}

// -----

// CHECK-LABEL: func.func @eye(
// CHECK: linalg.generic {{.*}} outs(%{{.*}} : tensor<3x4xf32>)
// CHECK: %[[I:.*]] = linalg.index 0
// CHECK: %[[J:.*]] = linalg.index 1
// CHECK: arith.cmpi eq, %[[I]], %[[J]]
func.func @eye() {
  %r = pd.full(3) : !pd.vtensor<1xi64>
  %c = pd.full(4) : !pd.vtensor<1xi64>
  %e = pd.eye %r, %c : (!pd.vtensor<1xi64>, !pd.vtensor<1xi64>) -> !pd.vtensor<3x4xf32>
  %f = pd.fetch %e "e" col 0 : !pd.vtensor<3x4xf32>
  return
}

// -----

// Unsigned dtypes become signless (255 : ui8 is -1 : i8).
// CHECK-LABEL: func.func @assign_value(
// CHECK: arith.constant dense<{{\[}}[1.000000e+00, 2.500000e+00], [3.000000e+00, -4.000000e+00]]> : tensor<2x2xf32>
// CHECK: arith.constant dense<[1, 0, 1]> : tensor<3xi8>
// CHECK: arith.constant dense<[-1, 7]> : tensor<2xi8>
func.func @assign_value() {
  %a = pd.assign_value {shape = array<i32: 2, 2>, dtype = #pd.dtype<float32>, values = [1.0, 2.5, 3.0, -4.0]} : () -> !pd.vtensor<2x2xf32>
  %b = pd.assign_value {shape = array<i32: 3>, dtype = #pd.dtype<bool>, values = [true, false, true]} : () -> !pd.vtensor<3xi1>
  %c = pd.assign_value {shape = array<i32: 2>, dtype = #pd.dtype<uint8>, values = [255, 7]} : () -> !pd.vtensor<2xui8>
  %f0 = pd.fetch %a "a" col 0 : !pd.vtensor<2x2xf32>
  %f1 = pd.fetch %b "b" col 1 : !pd.vtensor<3xi1>
  %f2 = pd.fetch %c "c" col 2 : !pd.vtensor<2xui8>
  return
}

// -----

// Static shapes give constants; dynamic dims are read with tensor.dim.
// CHECK-LABEL: func.func @shape_numel(
// CHECK: %[[D0:.*]] = tensor.dim %{{.*}}, %c0
// CHECK: %[[D0I:.*]] = arith.index_cast %[[D0]] : index to i64
// CHECK: %[[D0T:.*]] = arith.trunci %[[D0I]] : i64 to i32
// CHECK: tensor.from_elements %[[D0T]], %{{.*}} : tensor<2xi32>
// CHECK: tensor.from_elements %{{.*}}, %{{.*}} : tensor<2xi64>
// CHECK: tensor.from_elements %{{.*}} : tensor<i64>
// CHECK: arith.constant dense<20> : tensor<i64>
func.func @shape_numel() {
  %x = pd.data "x" : !pd.vtensor<?x3xf32>
  %s = pd.shape %x : (!pd.vtensor<?x3xf32>) -> !pd.vtensor<2xi32>
  %t = pd.shape64 %x : (!pd.vtensor<?x3xf32>) -> !pd.vtensor<2xi64>
  %n = pd.numel %x : (!pd.vtensor<?x3xf32>) -> !pd.vtensor<i64>
  %y = pd.data "y" : !pd.vtensor<4x5xf32>
  %m = pd.numel %y : (!pd.vtensor<4x5xf32>) -> !pd.vtensor<i64>
  %f0 = pd.fetch %s "s" col 0 : !pd.vtensor<2xi32>
  %f1 = pd.fetch %t "t" col 1 : !pd.vtensor<2xi64>
  %f2 = pd.fetch %n "n" col 2 : !pd.vtensor<i64>
  %f3 = pd.fetch %m "m" col 3 : !pd.vtensor<i64>
  return
}

// -----

// Counter-based hashes of the element's linear index: no state, a fixed
// stream per op (seed 0: keyed by the op's position among the random ops).
// CHECK-LABEL: func.func @random(
// CHECK: linalg.generic {{.*}} outs(%{{.*}} : tensor<2x3xf32>)
// CHECK: arith.index_castui %{{.*}} : index to i32
// CHECK: arith.uitofp
// CHECK: linalg.generic {{.*}} outs(%{{.*}} : tensor<2x3xf32>)
// CHECK: math.log
// CHECK: math.sqrt
// CHECK: math.cos
// CHECK: linalg.generic {{.*}} outs(%{{.*}} : tensor<2x3xi64>)
// CHECK: arith.remui
func.func @random() {
  %s = pd.full_int_array [2, 3] : !pd.vtensor<2xi64>
  %min = pd.full(-1.0) : !pd.vtensor<1xf32>
  %max = pd.full(1.0) : !pd.vtensor<1xf32>
  %u = pd.uniform %s, %min, %max {dtype = #pd.dtype<float32>, seed = 0 : i32} : (!pd.vtensor<2xi64>, !pd.vtensor<1xf32>, !pd.vtensor<1xf32>) -> !pd.vtensor<2x3xf32>
  %g = pd.gaussian %s {dtype = #pd.dtype<float32>, mean = 0.000000e+00 : f32, seed = 0 : i32, std = 1.000000e+00 : f32} : (!pd.vtensor<2xi64>) -> !pd.vtensor<2x3xf32>
  %r = pd.randint %s {high = 10 : i32, low = 0 : i32} : (!pd.vtensor<2xi64>) -> !pd.vtensor<2x3xi64>
  %f0 = pd.fetch %u "u" col 0 : !pd.vtensor<2x3xf32>
  %f1 = pd.fetch %g "g" col 1 : !pd.vtensor<2x3xf32>
  %f2 = pd.fetch %r "r" col 2 : !pd.vtensor<2x3xi64>
  return
}

// -----

// A full_int_array declared [?] (an imported Paddle type with a negative
// dim; found by fuzz_import): the constant has its values' count, cast to
// the declared type (a dense attribute of a dynamic type asserted).
// (The empty constant folds to a tensor.empty.)
// CHECK-LABEL: func.func @full_int_array_unknown_length(
// CHECK: %[[C:.*]] = tensor.empty() : tensor<0xi64>
// CHECK: tensor.cast %[[C]] : tensor<0xi64> to tensor<?xi64>
func.func @full_int_array_unknown_length() {
  %s = pd.full_int_array [] : !pd.vtensor<?xi64>
  %f = pd.fetch %s "s" col 0 : !pd.vtensor<?xi64>
  return
}

// -----

// CHECK-LABEL: func.func @full_int_array_unknown_length_values(
// CHECK: %[[C:.*]] = arith.constant dense<[3, 5]> : tensor<2xi64>
// CHECK: tensor.cast %[[C]] : tensor<2xi64> to tensor<?xi64>
func.func @full_int_array_unknown_length_values() {
  %s = pd.full_int_array [3, 5] : !pd.vtensor<?xi64>
  %f = pd.fetch %s "s" col 0 : !pd.vtensor<?xi64>
  return
}
