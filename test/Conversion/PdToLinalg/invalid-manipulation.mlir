// Manipulation ops the CPU lowering rejects, with the reason.
// RUN: paddle-opt %s -split-input-file -convert-pd-to-linalg -verify-diagnostics

func.func @nonzero_scalar() {
  %x = pd.data "x" : !pd.vtensor<f32>
  // expected-error @+1 {{'pd.nonzero' op the CPU lowering needs an input of rank 1 or more}}
  %r = pd.nonzero %x : (!pd.vtensor<f32>) -> !pd.vtensor<?x0xi64>
  %f = pd.fetch %r "r" col 0 : !pd.vtensor<?x0xi64>
  return
}

// -----

// A shape computed at run time is out of scope.
func.func @reshape_runtime_shape() {
  %x = pd.data "x" : !pd.vtensor<2x3xf32>
  %s = pd.data "s" : !pd.vtensor<2xi64>
  // expected-error @+1 {{'pd.reshape' op `shape` must be known at compile time}}
  %r = pd.reshape %x, %s : (!pd.vtensor<2x3xf32>, !pd.vtensor<2xi64>) -> !pd.vtensor<?x?xf32>
  %f = pd.fetch %r "r" col 0 : !pd.vtensor<?x?xf32>
  return
}

// -----

func.func @concat_runtime_axis() {
  %x = pd.data "x" : !pd.vtensor<2x3xf32>
  %a = pd.data "a" : !pd.vtensor<1xi64>
  %l = pd.combine(%x, %x) : !pd.vtensor<2x3xf32>, !pd.vtensor<2x3xf32>
  // expected-error @+1 {{'pd.concat' op `axis` must be known at compile time}}
  %r = pd.concat %l, %a : (!pd.vec<!pd.vtensor<2x3xf32>, !pd.vtensor<2x3xf32>>, !pd.vtensor<1xi64>) -> !pd.vtensor<?x?xf32>
  %f = pd.fetch %r "r" col 0 : !pd.vtensor<?x?xf32>
  return
}

// -----

func.func @strided_slice_dynamic() {
  %x = pd.data "x" : !pd.vtensor<?x4xf32>
  %st = pd.full_int_array [0] : !pd.vtensor<1xi64>
  %en = pd.full_int_array [4] : !pd.vtensor<1xi64>
  %sd = pd.full_int_array [2] : !pd.vtensor<1xi64>
  // expected-error @+1 {{'pd.strided_slice' op lowering needs static shapes here}}
  %r = pd.strided_slice %x, %st, %en, %sd {axes = array<i32: 1>} : (!pd.vtensor<?x4xf32>, !pd.vtensor<1xi64>, !pd.vtensor<1xi64>, !pd.vtensor<1xi64>) -> !pd.vtensor<?x2xf32>
  %f = pd.fetch %r "r" col 0 : !pd.vtensor<?x2xf32>
  return
}

// -----

func.func @flip_dynamic_axis() {
  %x = pd.data "x" : !pd.vtensor<?x4xf32>
  // expected-error @+1 {{'pd.flip' op lowering needs static shapes here}}
  %r = pd.flip %x {axis = array<i32: 0>} : (!pd.vtensor<?x4xf32>) -> !pd.vtensor<?x4xf32>
  %f = pd.fetch %r "r" col 0 : !pd.vtensor<?x4xf32>
  return
}

// -----

func.func @roll_dynamic() {
  %x = pd.data "x" : !pd.vtensor<?x4xf32>
  %s = pd.full_int_array [1] : !pd.vtensor<1xi64>
  // expected-error @+1 {{'pd.roll' op lowering needs static shapes here}}
  %r = pd.roll %x, %s {axis = array<i64: 1>} : (!pd.vtensor<?x4xf32>, !pd.vtensor<1xi64>) -> !pd.vtensor<?x4xf32>
  %f = pd.fetch %r "r" col 0 : !pd.vtensor<?x4xf32>
  return
}

// -----

func.func @pad3d_unknown_mode() {
  %x = pd.data "x" : !pd.vtensor<1x1x2x2x2xf32>
  %p = pd.full_int_array [1, 1, 1, 1, 1, 1] : !pd.vtensor<6xi64>
  // expected-error @+1 {{'pd.pad3d' op has unknown mode 'mirror'}}
  %r = pd.pad3d %x, %p {mode = "mirror"} : (!pd.vtensor<1x1x2x2x2xf32>, !pd.vtensor<6xi64>) -> !pd.vtensor<1x1x4x4x4xf32>
  %f = pd.fetch %r "r" col 0 : !pd.vtensor<1x1x4x4x4xf32>
  return
}

// -----

func.func @one_hot_runtime_classes() {
  %x = pd.data "x" : !pd.vtensor<3xi64>
  %n = pd.data "n" : !pd.vtensor<1xi64>
  // expected-error @+1 {{'pd.one_hot' op `num_classes` must be known at compile time}}
  %r = pd.one_hot %x, %n : (!pd.vtensor<3xi64>, !pd.vtensor<1xi64>) -> !pd.vtensor<3x?xf32>
  %f = pd.fetch %r "r" col 0 : !pd.vtensor<3x?xf32>
  return
}

// -----

func.func @tile_runtime_repeats() {
  %x = pd.data "x" : !pd.vtensor<2x3xf32>
  %s = pd.data "s" : !pd.vtensor<2xi64>
  // expected-error @+1 {{'pd.tile' op `repeat_times` must be known at compile time}}
  %r = pd.tile %x, %s : (!pd.vtensor<2x3xf32>, !pd.vtensor<2xi64>) -> !pd.vtensor<?x?xf32>
  %f = pd.fetch %r "r" col 0 : !pd.vtensor<?x?xf32>
  return
}

// -----

func.func @set_value_count() {
  %x = pd.data "x" : !pd.vtensor<10x4xf32>
  %st = pd.full_int_array [0] : !pd.vtensor<1xi64>
  %en = pd.full_int_array [4] : !pd.vtensor<1xi64>
  %sd = pd.full_int_array [1] : !pd.vtensor<1xi64>
  // expected-error @+1 {{has 1 values for a values shape of 4 elements}}
  %r = pd.set_value %x, %st, %en, %sd {axes = array<i64: 0>, decrease_axes = array<i64>, none_axes = array<i64>, shape = array<i64: 4>, values = [1.0 : f64]} : (!pd.vtensor<10x4xf32>, !pd.vtensor<1xi64>, !pd.vtensor<1xi64>, !pd.vtensor<1xi64>) -> !pd.vtensor<10x4xf32>
  %f = pd.fetch %r "r" col 0 : !pd.vtensor<10x4xf32>
  return
}

// -----

func.func @set_value_broadcast() {
  %x = pd.data "x" : !pd.vtensor<10x4xf32>
  %v = pd.data "v" : !pd.vtensor<3xf32>
  %st = pd.full_int_array [0] : !pd.vtensor<1xi64>
  %en = pd.full_int_array [2] : !pd.vtensor<1xi64>
  %sd = pd.full_int_array [1] : !pd.vtensor<1xi64>
  // expected-error @+1 {{values of shape [3] cannot be broadcast to the slice of shape [2, 4]}}
  %r = pd.set_value_with_tensor %x, %v, %st, %en, %sd {axes = array<i64: 0>, decrease_axes = array<i64>, none_axes = array<i64>} : (!pd.vtensor<10x4xf32>, !pd.vtensor<3xf32>, !pd.vtensor<1xi64>, !pd.vtensor<1xi64>, !pd.vtensor<1xi64>) -> !pd.vtensor<10x4xf32>
  %f = pd.fetch %r "r" col 0 : !pd.vtensor<10x4xf32>
  return
}

// -----

func.func @set_value_none_axes() {
  %x = pd.data "x" : !pd.vtensor<10x4xf32>
  %st = pd.full_int_array [0] : !pd.vtensor<1xi64>
  %en = pd.full_int_array [2] : !pd.vtensor<1xi64>
  %sd = pd.full_int_array [1] : !pd.vtensor<1xi64>
  // expected-error @+1 {{with none_axes (None in the index) is not supported by the CPU backend}}
  %r = pd.set_value %x, %st, %en, %sd {axes = array<i64: 0>, decrease_axes = array<i64>, none_axes = array<i64: 0>, shape = array<i64: 1>, values = [1.0 : f64]} : (!pd.vtensor<10x4xf32>, !pd.vtensor<1xi64>, !pd.vtensor<1xi64>, !pd.vtensor<1xi64>) -> !pd.vtensor<10x4xf32>
  %f = pd.fetch %r "r" col 0 : !pd.vtensor<10x4xf32>
  return
}

// -----

// unique along an axis (its slices compared) is not lowered yet.
func.func @unique_axis() {
  %x = pd.data "x" : !pd.vtensor<3x4xf32>
  // expected-error @+1 {{'pd.unique' op the CPU lowering supports unique of the flattened input (axis = []), got axis = [1]}}
  %r:4 = pd.unique %x {axis = array<i32: 1>, is_sorted = true} : (!pd.vtensor<3x4xf32>) -> (!pd.vtensor<3x?xf32>, !pd.vtensor<i64>, !pd.vtensor<i64>, !pd.vtensor<i64>)
  %f = pd.fetch %r#0 "r" col 0 : !pd.vtensor<3x?xf32>
  return
}

// -----

// multiclass_nms3 of polygons (8 coordinates per box) is not lowered.
func.func @multiclass_nms3_polygons() {
  %b = pd.data "b" : !pd.vtensor<1x4x8xf32>
  %s = pd.data "s" : !pd.vtensor<1x2x4xf32>
  // expected-error @+1 {{'pd.multiclass_nms3' op the CPU lowering supports scores [N, C, M] with bboxes [N, M, 4] (not polygons)}}
  %o, %i, %n = pd.multiclass_nms3 %b, %s {score_threshold = 0.3 : f32, nms_top_k = 6 : i32, keep_top_k = 5 : i32} : (!pd.vtensor<1x4x8xf32>, !pd.vtensor<1x2x4xf32>) -> (!pd.vtensor<?x10xf32>, !pd.vtensor<?x1xi32>, !pd.vtensor<1xi32>)
  %f = pd.fetch %o "o" col 0 : !pd.vtensor<?x10xf32>
  return
}

// -----

// topk with a k known only at run time: along the last axis only.
func.func @topk_runtime_k_axis0() {
  %x = pd.data "x" : !pd.vtensor<3x4xf32>
  %k = pd.data "k" : !pd.vtensor<1xi32>
  // expected-error @+1 {{'pd.topk' op the CPU lowering supports a `k` known only at run time along the last axis, got axis 0 of 2}}
  %v, %i = pd.topk %x, %k {axis = 0 : i32} : (!pd.vtensor<3x4xf32>, !pd.vtensor<1xi32>) -> (!pd.vtensor<?x4xf32>, !pd.vtensor<?x4xi64>)
  %f = pd.fetch %v "v" col 0 : !pd.vtensor<?x4xf32>
  return
}
