// Lowering of the manipulation ops (lib/Conversion/PdToLinalg/Manipulation.cpp).
// RUN: paddle-opt %s -split-input-file -convert-pd-to-linalg | FileCheck %s

// CHECK-LABEL: func.func @reshape(
// CHECK-SAME: %[[X:.*]]: tensor<2x3x4xf32> {bufferization.writable = false}) -> tensor<2x12xf32>
// CHECK: %[[R:.*]] = tensor.collapse_shape %[[X]] {{\[}}[0], [1, 2]] : tensor<2x3x4xf32> into tensor<2x12xf32>
// CHECK: return %[[R]]
func.func @reshape() {
  %x = pd.data "x" : !pd.vtensor<2x3x4xf32>
  %s = pd.full_int_array [0, -1] : !pd.vtensor<2xi64>
  %r = pd.reshape %x, %s : (!pd.vtensor<2x3x4xf32>, !pd.vtensor<2xi64>) -> !pd.vtensor<2x12xf32>
  %f = pd.fetch %r "r" col 0 : !pd.vtensor<2x12xf32>
  return
}

// -----

// Paddle's 0 copies an input dim and -1 takes the rest, also when dims are
// dynamic: a view when the shapes line up.
// CHECK-LABEL: func.func @reshape_dynamic(
// CHECK: tensor.expand_shape %{{.*}} {{\[}}[0], [1], [2, 3]] output_shape [%{{.*}}, 3, 2, %{{.*}}] : tensor<?x3x?xf32> into tensor<?x3x2x?xf32>
func.func @reshape_dynamic() {
  %x = pd.data "x" : !pd.vtensor<?x3x?xf32>
  %s = pd.full_int_array [0, 0, 2, -1] : !pd.vtensor<4xi64>
  %r = pd.reshape %x, %s : (!pd.vtensor<?x3x?xf32>, !pd.vtensor<4xi64>) -> !pd.vtensor<?x3x2x?xf32>
  %f = pd.fetch %r "r" col 0 : !pd.vtensor<?x3x2x?xf32>
  return
}

// -----

// CHECK-LABEL: func.func @squeeze_unsqueeze_flatten(
// CHECK: %[[S:.*]] = tensor.collapse_shape %{{.*}} {{\[}}[0], [1, 2]] : tensor<?x1x4xf32> into tensor<?x4xf32>
// CHECK: %[[U:.*]] = tensor.expand_shape %[[S]] {{\[}}[0, 1], [2, 3]] output_shape [1, %{{.*}}, 4, 1] : tensor<?x4xf32> into tensor<1x?x4x1xf32>
// CHECK: tensor.collapse_shape %[[U]] {{\[}}[0], [1, 2, 3]] : tensor<1x?x4x1xf32> into tensor<1x?xf32>
func.func @squeeze_unsqueeze_flatten() {
  %x = pd.data "x" : !pd.vtensor<?x1x4xf32>
  %a = pd.full_int_array [1] : !pd.vtensor<1xi64>
  %s = pd.squeeze %x, %a : (!pd.vtensor<?x1x4xf32>, !pd.vtensor<1xi64>) -> !pd.vtensor<?x4xf32>
  %b = pd.full_int_array [0, -1] : !pd.vtensor<2xi64>
  %u = pd.unsqueeze %s, %b : (!pd.vtensor<?x4xf32>, !pd.vtensor<2xi64>) -> !pd.vtensor<1x?x4x1xf32>
  %l = pd.flatten %u {start_axis = 1 : i32, stop_axis = 3 : i32} : (!pd.vtensor<1x?x4x1xf32>) -> !pd.vtensor<1x?xf32>
  %f0 = pd.fetch %s "s" col 0 : !pd.vtensor<?x4xf32>
  %f1 = pd.fetch %u "u" col 1 : !pd.vtensor<1x?x4x1xf32>
  %f2 = pd.fetch %l "l" col 2 : !pd.vtensor<1x?xf32>
  return
}

// -----

// A negative perm entry counts from the end; dynamic dims follow the
// permutation.
// CHECK-LABEL: func.func @transpose(
// CHECK: %[[D:.*]] = tensor.dim %{{.*}}, %c0
// CHECK: %[[E:.*]] = tensor.empty(%[[D]]) : tensor<4x?x3xf32>
// CHECK: linalg.transpose ins(%{{.*}} : tensor<?x3x4xf32>) outs(%[[E]] : tensor<4x?x3xf32>) permutation = [2, 0, 1]
func.func @transpose() {
  %x = pd.data "x" : !pd.vtensor<?x3x4xf32>
  %r = pd.transpose %x {perm = array<i32: 2, 0, -2>} : (!pd.vtensor<?x3x4xf32>) -> !pd.vtensor<4x?x3xf32>
  %f = pd.fetch %r "r" col 0 : !pd.vtensor<4x?x3xf32>
  return
}

// -----

// concat and stack fill one tensor.empty with insert_slice (stack: a
// rank-reducing insert into a unit slice of the new axis).
// CHECK-LABEL: func.func @concat_stack(
// CHECK-SAME: %[[X:.*]]: tensor<2x3xf32> {bufferization.writable = false}, %[[Y:.*]]: tensor<2x5xf32> {bufferization.writable = false})
// CHECK: %[[C0:.*]] = tensor.empty() : tensor<2x8xf32>
// CHECK: %[[C1:.*]] = tensor.insert_slice %[[X]] into %[[C0]][0, 0] [2, 3] [1, 1]
// CHECK: %[[C2:.*]] = tensor.insert_slice %[[Y]] into %[[C1]][0, 3] [2, 5] [1, 1]
// CHECK: %[[S0:.*]] = tensor.empty() : tensor<2x2x3xf32>
// CHECK: %[[S1:.*]] = tensor.insert_slice %[[X]] into %[[S0]][0, 0, 0] [2, 1, 3] [1, 1, 1] : tensor<2x3xf32> into tensor<2x2x3xf32>
// CHECK: %[[S2:.*]] = tensor.insert_slice %[[X]] into %[[S1]][0, 1, 0] [2, 1, 3] [1, 1, 1]
// CHECK: return %[[C2]], %[[S2]]
func.func @concat_stack() {
  %x = pd.data "x" : !pd.vtensor<2x3xf32>
  %y = pd.data "y" : !pd.vtensor<2x5xf32>
  %ax = pd.full(-1) : !pd.vtensor<1xi64>
  %l = pd.combine(%x, %y) : !pd.vtensor<2x3xf32>, !pd.vtensor<2x5xf32>
  %c = pd.concat %l, %ax : (!pd.vec<!pd.vtensor<2x3xf32>, !pd.vtensor<2x5xf32>>, !pd.vtensor<1xi64>) -> !pd.vtensor<2x8xf32>
  %m = pd.combine(%x, %x) : !pd.vtensor<2x3xf32>, !pd.vtensor<2x3xf32>
  %s = pd.stack %m {axis = 1 : i32} : (!pd.vec<!pd.vtensor<2x3xf32>, !pd.vtensor<2x3xf32>>) -> !pd.vtensor<2x2x3xf32>
  %f0 = pd.fetch %c "c" col 0 : !pd.vtensor<2x8xf32>
  %f1 = pd.fetch %s "s" col 1 : !pd.vtensor<2x2x3xf32>
  return
}

// -----

// A -1 section takes what the others leave.
// CHECK-LABEL: func.func @split(
// CHECK: tensor.extract_slice %{{.*}}[0, 0] [1, 4] [1, 1] : tensor<6x4xf32> to tensor<1x4xf32>
// CHECK: %[[B:.*]] = tensor.extract_slice %{{.*}}[1, 0] [3, 4] [1, 1] : tensor<6x4xf32> to tensor<3x4xf32>
// CHECK: tensor.extract_slice %{{.*}}[4, 0] [2, 4] [1, 1] : tensor<6x4xf32> to tensor<2x4xf32>
// CHECK: tensor.extract_slice %{{.*}}[0, 0] [6, 2] [1, 1]
// CHECK: %[[E:.*]] = tensor.extract_slice %{{.*}}[0, 2] [6, 2] [1, 1] : tensor<6x4xf32> to tensor<6x2xf32>
// CHECK: return %[[B]], %[[E]]
func.func @split() {
  %x = pd.data "x" : !pd.vtensor<6x4xf32>
  %s = pd.full_int_array [1, -1, 2] : !pd.vtensor<3xi64>
  %ax = pd.full(0) : !pd.vtensor<1xi64>
  %l = pd.split %x, %s, %ax : (!pd.vtensor<6x4xf32>, !pd.vtensor<3xi64>, !pd.vtensor<1xi64>) -> !pd.vec<!pd.vtensor<1x4xf32>, !pd.vtensor<3x4xf32>, !pd.vtensor<2x4xf32>>
  %a, %b, %c = pd.builtin_split %l : !pd.vec<!pd.vtensor<1x4xf32>, !pd.vtensor<3x4xf32>, !pd.vtensor<2x4xf32>>
  %ax1 = pd.full(1) : !pd.vtensor<1xi64>
  %n = pd.split_with_num %x, %ax1 {num = 2 : i32} : (!pd.vtensor<6x4xf32>, !pd.vtensor<1xi64>) -> !pd.vec<!pd.vtensor<6x2xf32>, !pd.vtensor<6x2xf32>>
  %d, %e = pd.builtin_split %n : !pd.vec<!pd.vtensor<6x2xf32>, !pd.vtensor<6x2xf32>>
  %f0 = pd.fetch %b "b" col 0 : !pd.vtensor<3x4xf32>
  %f1 = pd.fetch %e "e" col 1 : !pd.vtensor<6x2xf32>
  return
}

// -----

// CHECK-LABEL: func.func @unstack_unbind(
// CHECK: tensor.extract_slice %{{.*}}[0, 0] [2, 1] [1, 1] : tensor<2x3xf32> to tensor<2xf32>
// CHECK: tensor.extract_slice %{{.*}}[0, 1] [2, 1] [1, 1] : tensor<2x3xf32> to tensor<2xf32>
// CHECK: %[[C:.*]] = tensor.extract_slice %{{.*}}[0, 2] [2, 1] [1, 1] : tensor<2x3xf32> to tensor<2xf32>
// CHECK: tensor.extract_slice %{{.*}}[0, 0] [1, 3] [1, 1] : tensor<2x3xf32> to tensor<3xf32>
// CHECK: %[[E:.*]] = tensor.extract_slice %{{.*}}[1, 0] [1, 3] [1, 1] : tensor<2x3xf32> to tensor<3xf32>
// CHECK: return %[[C]], %[[E]]
func.func @unstack_unbind() {
  %x = pd.data "x" : !pd.vtensor<2x3xf32>
  %l = pd.unstack %x {axis = 1 : i32} : (!pd.vtensor<2x3xf32>) -> !pd.vec<!pd.vtensor<2xf32>, !pd.vtensor<2xf32>, !pd.vtensor<2xf32>>
  %a, %b, %c = pd.builtin_split %l : !pd.vec<!pd.vtensor<2xf32>, !pd.vtensor<2xf32>, !pd.vtensor<2xf32>>
  %m = pd.unbind %x : (!pd.vtensor<2x3xf32>) -> !pd.vec<!pd.vtensor<3xf32>, !pd.vtensor<3xf32>>
  %d, %e = pd.builtin_split %m : !pd.vec<!pd.vtensor<3xf32>, !pd.vtensor<3xf32>>
  %f0 = pd.fetch %c "c" col 0 : !pd.vtensor<2xf32>
  %f1 = pd.fetch %e "e" col 1 : !pd.vtensor<3xf32>
  return
}

// -----

// Bounds count from the end when negative and are clamped; decrease_axis
// drops the dim (a rank-reducing extract_slice).
// CHECK-LABEL: func.func @slice(
// CHECK: tensor.extract_slice %{{.*}}[1, 0, 2] [1, 5, 4] [1, 1, 1] : tensor<4x5x6xf32> to tensor<5x4xf32>
func.func @slice() {
  %x = pd.data "x" : !pd.vtensor<4x5x6xf32>
  %st = pd.full_int_array [1, -4] : !pd.vtensor<2xi64>
  %en = pd.full_int_array [2, 2147483647] : !pd.vtensor<2xi64>
  %r = pd.slice %x, %st, %en {axes = array<i64: 0, 2>, infer_flags = array<i64: 1, 1>, decrease_axis = array<i64: 0>} : (!pd.vtensor<4x5x6xf32>, !pd.vtensor<2xi64>, !pd.vtensor<2xi64>) -> !pd.vtensor<5x4xf32>
  %f = pd.fetch %r "r" col 0 : !pd.vtensor<5x4xf32>
  return
}

// -----

// CHECK-LABEL: func.func @slice_dynamic(
// CHECK: %[[D:.*]] = tensor.dim %{{.*}}, %c0
// CHECK: %[[S:.*]] = arith.addi %[[D]], %c-2
// CHECK: %[[START:.*]] = arith.maxsi %[[S]], %{{.*}}
// CHECK: %[[END:.*]] = arith.minsi %c100, %[[D]]
// CHECK: %[[N:.*]] = arith.subi %[[END]], %[[START]]
// CHECK: %[[SIZE:.*]] = arith.maxsi %[[N]], %{{.*}}
// CHECK: tensor.extract_slice %{{.*}}[%[[START]], 0] [%[[SIZE]], 5] [1, 1] : tensor<?x5xf32> to tensor<?x5xf32>
func.func @slice_dynamic() {
  %x = pd.data "x" : !pd.vtensor<?x5xf32>
  %st = pd.full_int_array [-2] : !pd.vtensor<1xi64>
  %en = pd.full_int_array [100] : !pd.vtensor<1xi64>
  %r = pd.slice %x, %st, %en {axes = array<i64: 0>, infer_flags = array<i64: 1>, decrease_axis = array<i64>} : (!pd.vtensor<?x5xf32>, !pd.vtensor<1xi64>, !pd.vtensor<1xi64>) -> !pd.vtensor<?x5xf32>
  %f = pd.fetch %r "r" col 0 : !pd.vtensor<?x5xf32>
  return
}

// -----

// A negative stride takes the same elements with the positive stride, then
// flips them: x[8:1:-3] is x[2:9:3] reversed.
// CHECK: #[[FLIP:.*]] = affine_map<(d0, d1) -> (-d0 + 2, d1)>
// CHECK-LABEL: func.func @strided_slice(
// CHECK: %[[S:.*]] = tensor.extract_slice %{{.*}}[2, 0] [3, 2] [3, 2] : tensor<10x4xf32> to tensor<3x2xf32>
// CHECK: linalg.generic {indexing_maps = [#[[FLIP]], #{{.*}}]{{.*}} ins(%[[S]] : tensor<3x2xf32>)
func.func @strided_slice() {
  %x = pd.data "x" : !pd.vtensor<10x4xf32>
  %st = pd.full_int_array [8, 0] : !pd.vtensor<2xi64>
  %en = pd.full_int_array [1, 4] : !pd.vtensor<2xi64>
  %sd = pd.full_int_array [-3, 2] : !pd.vtensor<2xi64>
  %r = pd.strided_slice %x, %st, %en, %sd {axes = array<i32: 0, 1>} : (!pd.vtensor<10x4xf32>, !pd.vtensor<2xi64>, !pd.vtensor<2xi64>, !pd.vtensor<2xi64>) -> !pd.vtensor<3x2xf32>
  %f = pd.fetch %r "r" col 0 : !pd.vtensor<3x2xf32>
  return
}

// -----

// expand/expand_as broadcast (a static 1 reads index 0); tile and
// repeat_interleave broadcast into an interleaved shape, then collapse.
// CHECK-DAG: #[[BCAST:.*]] = affine_map<(d0, d1, d2) -> (d1, 0)>
// CHECK-DAG: #[[TILE:.*]] = affine_map<(d0, d1, d2, d3) -> (d1, d3)>
// CHECK-DAG: #[[REP:.*]] = affine_map<(d0, d1, d2, d3) -> (d0, d2)>
// CHECK-LABEL: func.func @expand_tile_repeat(
// CHECK: linalg.generic {indexing_maps = [#[[BCAST]], {{.*}}]{{.*}} outs(%{{.*}} : tensor<2x3x4xf32>)
// CHECK: linalg.generic {indexing_maps = [#[[BCAST]], {{.*}}]{{.*}} outs(%{{.*}} : tensor<5x3x2xf32>)
// CHECK: %[[T:.*]] = linalg.generic {indexing_maps = [#[[TILE]], {{.*}}]{{.*}} outs(%{{.*}} : tensor<2x3x3x1xf32>)
// CHECK: tensor.collapse_shape %[[T]] {{\[}}[0, 1], [2, 3]] : tensor<2x3x3x1xf32> into tensor<6x3xf32>
// CHECK: %[[R:.*]] = linalg.generic {indexing_maps = [#[[REP]], {{.*}}]{{.*}} outs(%{{.*}} : tensor<3x2x1x1xf32>)
// CHECK: tensor.collapse_shape %[[R]] {{\[}}[0, 1], [2, 3]] : tensor<3x2x1x1xf32> into tensor<6x1xf32>
func.func @expand_tile_repeat() {
  %x = pd.data "x" : !pd.vtensor<3x1xf32>
  %s = pd.full_int_array [2, -1, 4] : !pd.vtensor<3xi64>
  %e = pd.expand %x, %s : (!pd.vtensor<3x1xf32>, !pd.vtensor<3xi64>) -> !pd.vtensor<2x3x4xf32>
  %y = pd.data "y" : !pd.vtensor<5x3x2xf32>
  %a = pd.expand_as %x y(%y) : (!pd.vtensor<3x1xf32>, !pd.vtensor<5x3x2xf32>) -> !pd.vtensor<5x3x2xf32>
  %r = pd.full_int_array [2, 3] : !pd.vtensor<2xi64>
  %t = pd.tile %x, %r : (!pd.vtensor<3x1xf32>, !pd.vtensor<2xi64>) -> !pd.vtensor<6x3xf32>
  %i = pd.repeat_interleave %x {repeats = 2 : i32, axis = 0 : i32} : (!pd.vtensor<3x1xf32>) -> !pd.vtensor<6x1xf32>
  %f0 = pd.fetch %e "e" col 0 : !pd.vtensor<2x3x4xf32>
  %f1 = pd.fetch %a "a" col 1 : !pd.vtensor<5x3x2xf32>
  %f2 = pd.fetch %t "t" col 2 : !pd.vtensor<6x3xf32>
  %f3 = pd.fetch %i "i" col 3 : !pd.vtensor<6x1xf32>
  return
}

// -----

// CHECK: #[[FLIP:.*]] = affine_map<(d0, d1) -> (d0, -d1 + 4)>
// CHECK-LABEL: func.func @flip_roll(
// CHECK-SAME: %[[X:.*]]: tensor<4x5xf32> {bufferization.writable = false}
// CHECK: linalg.generic {indexing_maps = [#[[FLIP]], {{.*}}]{{.*}} ins(%[[X]] : tensor<4x5xf32>)
// Roll by 2 along axis 0: x[2:] first, then x[:2].
// CHECK: %[[E:.*]] = tensor.empty() : tensor<4x5xf32>
// CHECK: %[[HI:.*]] = tensor.extract_slice %[[X]][2, 0] [2, 5] [1, 1]
// CHECK: %[[R1:.*]] = tensor.insert_slice %[[HI]] into %[[E]][0, 0] [2, 5] [1, 1]
// CHECK: %[[LO:.*]] = tensor.extract_slice %[[X]][0, 0] [2, 5] [1, 1]
// CHECK: tensor.insert_slice %[[LO]] into %[[R1]][2, 0] [2, 5] [1, 1]
func.func @flip_roll() {
  %x = pd.data "x" : !pd.vtensor<4x5xf32>
  %r = pd.flip %x {axis = array<i32: -1>} : (!pd.vtensor<4x5xf32>) -> !pd.vtensor<4x5xf32>
  %s = pd.full_int_array [2] : !pd.vtensor<1xi64>
  %o = pd.roll %x, %s {axis = array<i64: 0>} : (!pd.vtensor<4x5xf32>, !pd.vtensor<1xi64>) -> !pd.vtensor<4x5xf32>
  %f0 = pd.fetch %r "r" col 0 : !pd.vtensor<4x5xf32>
  %f1 = pd.fetch %o "o" col 1 : !pd.vtensor<4x5xf32>
  return
}

// -----

// CHECK-LABEL: func.func @pad(
// CHECK: %[[V:.*]] = arith.constant 1.500000e+00 : f32
// CHECK: tensor.pad %{{.*}} low[1, 2] high[0, 1]
// CHECK: tensor.yield %[[V]] : f32
// CHECK: } : tensor<2x3xf32> to tensor<3x6xf32>
func.func @pad() {
  %x = pd.data "x" : !pd.vtensor<2x3xf32>
  %v = pd.full(1.5) : !pd.vtensor<1xf32>
  %r = pd.pad %x, %v {paddings = array<i32: 1, 0, 2, 1>} : (!pd.vtensor<2x3xf32>, !pd.vtensor<1xf32>) -> !pd.vtensor<3x6xf32>
  %f = pd.fetch %r "r" col 0 : !pd.vtensor<3x6xf32>
  return
}

// -----

// paddings are (left, right, top, bottom, front, back) of W, H, D. The
// reflect mode reads x at mirrored indices.
// CHECK-LABEL: func.func @pad3d(
// CHECK: tensor.pad %{{.*}} low[0, 0, 1, 1, 2] high[0, 0, 0, 2, 1]
// CHECK: } : tensor<1x2x3x4x5xf32> to tensor<1x2x4x7x8xf32>
// CHECK: linalg.generic
// CHECK-SAME: outs(%{{.*}} : tensor<1x2x4x7x8xf32>)
// CHECK: arith.select
// CHECK: tensor.extract %{{.*}} : tensor<1x2x3x4x5xf32>
func.func @pad3d() {
  %x = pd.data "x" : !pd.vtensor<1x2x3x4x5xf32>
  %p = pd.full_int_array [2, 1, 1, 2, 1, 0] : !pd.vtensor<6xi64>
  %c = pd.pad3d %x, %p {mode = "constant", pad_value = 5.000000e-01 : f64} : (!pd.vtensor<1x2x3x4x5xf32>, !pd.vtensor<6xi64>) -> !pd.vtensor<1x2x4x7x8xf32>
  %r = pd.pad3d %x, %p {mode = "reflect"} : (!pd.vtensor<1x2x3x4x5xf32>, !pd.vtensor<6xi64>) -> !pd.vtensor<1x2x4x7x8xf32>
  %f0 = pd.fetch %c "c" col 0 : !pd.vtensor<1x2x4x7x8xf32>
  %f1 = pd.fetch %r "r" col 1 : !pd.vtensor<1x2x4x7x8xf32>
  return
}

// -----

// Gathers first check their indices in a loop of their own: a negative
// index counts from the end, one out of range calls the runtime's
// @pdm_runtime_error(site, value, bound) (site = its message in the
// module's pd.runtime_checks) and becomes 0, so the gather that reads the
// source with tensor.extract at the checked indices stays in bounds.
// CHECK-DAG: #[[AX1:.*]] = affine_map<(d0, d1) -> (d1)>
// CHECK-DAG: #[[AX0:.*]] = affine_map<(d0, d1) -> (d0)>
// CHECK: module attributes {pd.runtime_checks = ["pd.gather at {{.*}}manipulation.mlir:{{[0-9]+}}:8: index {value} out of range [-{bound}, {bound})", "pd.index_select at {{.*}}", "pd.gather_nd at {{.*}}", "pd.take_along_axis at {{.*}}"]}
// CHECK-LABEL: func.func @gathers(
// CHECK-SAME: %[[X:[^:]*]]: tensor<4x5xf32> {bufferization.writable = false}, %[[I:[^:]*]]: tensor<3xi64> {bufferization.writable = false}, %[[J:[^:]*]]: tensor<2xi32> {bufferization.writable = false}, %[[K:[^:]*]]: tensor<3x2xi64> {bufferization.writable = false}, %[[T:[^:]*]]: tensor<4x2xi64> {bufferization.writable = false}
// CHECK: %[[CI:.*]] = linalg.generic {{.*}} ins(%[[I]] : tensor<3xi64>) outs(%{{.*}} : tensor<3xindex>)
// CHECK: %[[V:.*]] = arith.index_cast %{{.*}} : i64 to index
// CHECK: %[[NEG:.*]] = arith.cmpi slt, %[[V]]
// CHECK: %[[W:.*]] = arith.select %[[NEG]]
// CHECK: %[[OK:.*]] = arith.cmpi ult, %[[W]], %[[N:.*]] : index
// CHECK: %[[BAD:.*]] = arith.xori %[[OK]]
// CHECK: scf.if %[[BAD]] {
// CHECK: %[[SITE:.*]] = arith.constant 0 : i64
// CHECK: func.call @pdm_runtime_error(%[[SITE]], %{{.*}}, %{{.*}}) : (i64, i64, i64) -> ()
// CHECK: arith.select %[[OK]], %[[W]], %{{.*}} : index
// CHECK: linalg.generic {indexing_maps = [#[[AX1]], {{.*}}]{{.*}} ins(%[[CI]] : tensor<3xindex>) outs(%{{.*}} : tensor<4x3xf32>)
// CHECK: tensor.extract %[[X]]
// CHECK: %[[CJ:.*]] = linalg.generic {{.*}} ins(%[[J]] : tensor<2xi32>) outs(%{{.*}} : tensor<2xindex>)
// CHECK: arith.constant 1 : i64
// CHECK: linalg.generic {indexing_maps = [#[[AX0]], {{.*}}]{{.*}} ins(%[[CJ]] : tensor<2xindex>) outs(%{{.*}} : tensor<2x5xf32>)
// CHECK: tensor.extract %[[X]]
// gather_nd: index[..., j] is checked against dim j of x.
// CHECK: %[[CK:.*]] = linalg.generic {{.*}} ins(%[[K]] : tensor<3x2xi64>) outs(%{{.*}} : tensor<3x2xindex>)
// CHECK: %[[POS:.*]] = linalg.index 1 : index
// CHECK: arith.cmpi eq, %[[POS]]
// CHECK: linalg.generic {{.*}} outs(%{{.*}} : tensor<3xf32>)
// CHECK: tensor.extract %[[CK]]
// CHECK: tensor.extract %[[CK]]
// CHECK: tensor.extract %[[X]]
// CHECK: %[[CT:.*]] = linalg.generic {{.*}} ins(%[[T]] : tensor<4x2xi64>) outs(%{{.*}} : tensor<4x2xindex>)
// CHECK: linalg.generic {{.*}} ins(%[[CT]] : tensor<4x2xindex>) outs(%{{.*}} : tensor<4x2xf32>)
// CHECK: tensor.extract %[[X]]
// CHECK: func.func private @pdm_runtime_error(i64, i64, i64)
func.func @gathers() {
  %x = pd.data "x" : !pd.vtensor<4x5xf32>
  %i = pd.data "i" : !pd.vtensor<3xi64>
  %ax = pd.full(1) : !pd.vtensor<1xi64>
  %g = pd.gather %x, %i, %ax : (!pd.vtensor<4x5xf32>, !pd.vtensor<3xi64>, !pd.vtensor<1xi64>) -> !pd.vtensor<4x3xf32>
  %j = pd.data "j" : !pd.vtensor<2xi32>
  %s = pd.index_select %x, %j {axis = 0 : i32} : (!pd.vtensor<4x5xf32>, !pd.vtensor<2xi32>) -> !pd.vtensor<2x5xf32>
  %k = pd.data "k" : !pd.vtensor<3x2xi64>
  %n = pd.gather_nd %x, %k : (!pd.vtensor<4x5xf32>, !pd.vtensor<3x2xi64>) -> !pd.vtensor<3xf32>
  %t = pd.data "t" : !pd.vtensor<4x2xi64>
  %a = pd.take_along_axis %x, %t {axis = 1 : i32} : (!pd.vtensor<4x5xf32>, !pd.vtensor<4x2xi64>) -> !pd.vtensor<4x2xf32>
  %f0 = pd.fetch %g "g" col 0 : !pd.vtensor<4x3xf32>
  %f1 = pd.fetch %s "s" col 1 : !pd.vtensor<2x5xf32>
  %f2 = pd.fetch %n "n" col 2 : !pd.vtensor<3xf32>
  %f3 = pd.fetch %a "a" col 3 : !pd.vtensor<4x2xf32>
  return
}

// -----

// Rows are written in order into a copy of x (a repeated index keeps the
// last row); without overwrite the indexed rows are zeroed, then
// accumulated. The row indices are checked first (see @gathers).
// CHECK-LABEL: func.func @scatter(
// CHECK-SAME: %[[X:[^:]*]]: tensor<4x3xf32> {bufferization.writable = false}, %[[I:[^:]*]]: tensor<2xi64> {bufferization.writable = false}, %[[U:[^:]*]]: tensor<2x3xf32> {bufferization.writable = false}
// CHECK: %[[CI:.*]] = linalg.generic {{.*}} ins(%[[I]] : tensor<2xi64>) outs(%{{.*}} : tensor<2xindex>)
// CHECK: func.call @pdm_runtime_error
// CHECK: %[[COPY:.*]] = linalg.copy ins(%[[X]] : tensor<4x3xf32>)
// CHECK: scf.for %[[K:.*]] = %{{.*}} iter_args(%[[ACC:.*]] = %[[COPY]]) -> (tensor<4x3xf32>)
// CHECK: tensor.extract %[[CI]][%[[K]]]
// CHECK: %[[ROW:.*]] = tensor.extract_slice %[[U]][%[[K]], 0] [1, 3] [1, 1] : tensor<2x3xf32> to tensor<3xf32>
// CHECK: tensor.insert_slice %[[ROW]] into %[[ACC]][%{{.*}}, 0] [1, 3] [1, 1] : tensor<3xf32> into tensor<4x3xf32>
// CHECK: %[[ZERO:.*]] = linalg.fill {{.*}} -> tensor<3xf32>
// CHECK: %[[ZEROED:.*]] = scf.for
// CHECK: tensor.insert_slice %[[ZERO]] into
// CHECK: scf.for {{.*}} iter_args(%{{.*}} = %[[ZEROED]])
// CHECK: arith.addf
// CHECK: tensor.insert_slice
func.func @scatter() {
  %x = pd.data "x" : !pd.vtensor<4x3xf32>
  %i = pd.data "i" : !pd.vtensor<2xi64>
  %u = pd.data "u" : !pd.vtensor<2x3xf32>
  %o = pd.scatter %x, %i, %u {overwrite = true} : (!pd.vtensor<4x3xf32>, !pd.vtensor<2xi64>, !pd.vtensor<2x3xf32>) -> !pd.vtensor<4x3xf32>
  %a = pd.scatter %x, %i, %u {overwrite = false} : (!pd.vtensor<4x3xf32>, !pd.vtensor<2xi64>, !pd.vtensor<2x3xf32>) -> !pd.vtensor<4x3xf32>
  %f0 = pd.fetch %o "o" col 0 : !pd.vtensor<4x3xf32>
  %f1 = pd.fetch %a "a" col 1 : !pd.vtensor<4x3xf32>
  return
}

// -----

// CHECK-LABEL: func.func @embedding_one_hot(
// CHECK-SAME: %[[IDS:[^:]*]]: tensor<2x3xi64> {bufferization.writable = false}, %[[W:[^:]*]]: tensor<10x4xf32> {bufferization.writable = false}
// Ids are checked against [0, rows) (no negative ids), then read.
// CHECK: %[[CIDS:.*]] = linalg.generic {{.*}} ins(%[[IDS]] : tensor<2x3xi64>) outs(%{{.*}} : tensor<2x3xindex>)
// CHECK-NOT: arith.cmpi slt
// CHECK: arith.cmpi ult
// CHECK: func.call @pdm_runtime_error
// CHECK: linalg.generic {{.*}} ins(%[[CIDS]] : tensor<2x3xindex>) outs(%{{.*}} : tensor<2x3x4xf32>)
// CHECK: ^bb0(%[[ID:.*]]: index, %{{.*}}: f32):
// CHECK: %[[V:.*]] = tensor.extract %[[W]][%[[ID]], %{{.*}}]
// CHECK: %[[PAD:.*]] = arith.cmpi eq, %[[ID]], %c0
// CHECK: arith.select %[[PAD]], %{{.*}}, %[[V]]
// CHECK: linalg.generic {{.*}} ins(%[[IDS]] : tensor<2x3xi64>) outs(%{{.*}} : tensor<2x3x10xf32>)
// CHECK: arith.cmpi eq
func.func @embedding_one_hot() {
  %i = pd.data "i" : !pd.vtensor<2x3xi64>
  %w = pd.data "w" : !pd.vtensor<10x4xf32>
  %e = pd.embedding %i, %w {padding_idx = 0 : i64} : (!pd.vtensor<2x3xi64>, !pd.vtensor<10x4xf32>) -> !pd.vtensor<2x3x4xf32>
  %n = pd.full(10) : !pd.vtensor<1xi64>
  %o = pd.one_hot %i, %n : (!pd.vtensor<2x3xi64>, !pd.vtensor<1xi64>) -> !pd.vtensor<2x3x10xf32>
  %f0 = pd.fetch %e "e" col 0 : !pd.vtensor<2x3x4xf32>
  %f1 = pd.fetch %o "o" col 1 : !pd.vtensor<2x3x10xf32>
  return
}

// -----

// CHECK-LABEL: func.func @tril_triu(
// CHECK: linalg.generic
// CHECK: %[[D:.*]] = arith.subi %{{.*}}, %{{.*}} : index
// CHECK: arith.cmpi sle, %[[D]], %c0
// CHECK: linalg.generic
// CHECK: %[[D2:.*]] = arith.subi %{{.*}}, %{{.*}} : index
// CHECK: arith.cmpi sge, %[[D2]], %c1
func.func @tril_triu() {
  %x = pd.data "x" : !pd.vtensor<3x4xf32>
  %l = pd.tril %x {diagonal = 0 : i32} : (!pd.vtensor<3x4xf32>) -> !pd.vtensor<3x4xf32>
  %u = pd.triu %x {diagonal = 1 : i32} : (!pd.vtensor<3x4xf32>) -> !pd.vtensor<3x4xf32>
  %f0 = pd.fetch %l "l" col 0 : !pd.vtensor<3x4xf32>
  %f1 = pd.fetch %u "u" col 1 : !pd.vtensor<3x4xf32>
  return
}

// -----

// CHECK-LABEL: func.func @pixel_shuffle(
// CHECK: %[[E:.*]] = tensor.expand_shape %{{.*}} {{\[}}[0], [1, 2, 3], [4], [5]] output_shape [1, 2, 2, 2, 2, 3] : tensor<1x8x2x3xf32> into tensor<1x2x2x2x2x3xf32>
// CHECK: %[[T:.*]] = linalg.transpose ins(%[[E]] : tensor<1x2x2x2x2x3xf32>) outs(%{{.*}} : tensor<1x2x2x2x3x2xf32>) permutation = [0, 1, 4, 2, 5, 3]
// CHECK: tensor.collapse_shape %[[T]] {{\[}}[0], [1], [2, 3], [4, 5]] : tensor<1x2x2x2x3x2xf32> into tensor<1x2x4x6xf32>
func.func @pixel_shuffle() {
  %x = pd.data "x" : !pd.vtensor<1x8x2x3xf32>
  %r = pd.pixel_shuffle %x {upscale_factor = 2 : i32} : (!pd.vtensor<1x8x2x3xf32>) -> !pd.vtensor<1x2x4x6xf32>
  %f = pd.fetch %r "r" col 0 : !pd.vtensor<1x2x4x6xf32>
  return
}

// -----

// CHECK-LABEL: func.func @assign(
// CHECK-SAME: %[[X:.*]]: tensor<3xf32> {bufferization.writable = false})
// CHECK-NEXT: return %[[X]]
func.func @assign() {
  %x = pd.data "x" : !pd.vtensor<3xf32>
  %r = pd.assign %x : (!pd.vtensor<3xf32>) -> !pd.vtensor<3xf32>
  %f = pd.fetch %r "r" col 0 : !pd.vtensor<3xf32>
  return
}

// -----

// Slice assignment: the values broadcast onto the slice (from the right,
// past the decreased dims), flipped along a negative step, inserted with
// the slice's strides: x[8:1:-3, 0:4:2] = [1, 2] writes rows 8, 5, 2.
// CHECK-DAG: #[[ROW:.*]] = affine_map<(d0, d1) -> (d1)>
// CHECK-DAG: #[[FLIPV:.*]] = affine_map<(d0, d1) -> (-d0 + 2, d1)>
// CHECK-LABEL: func.func @set_value(
// CHECK: %[[B:.*]] = linalg.generic {indexing_maps = [#[[ROW]], #{{.*}}]{{.*}} ins(%{{.*}} : tensor<2xf32>) outs(%{{.*}} : tensor<3x2xf32>)
// CHECK: %[[F:.*]] = linalg.generic {indexing_maps = [#[[FLIPV]], #{{.*}}]{{.*}} ins(%[[B]] : tensor<3x2xf32>)
// CHECK: tensor.insert_slice %[[F]] into %{{.*}}[2, 0] [3, 2] [3, 2] : tensor<3x2xf32> into tensor<10x4xf32>
// A row from a tensor: x[3] = v (the decreased row dim comes back as 1).
// CHECK-LABEL: func.func @set_value_with_tensor(
// CHECK: linalg.generic {{.*}} ins(%{{.*}} : tensor<4xf32>) outs(%{{.*}} : tensor<1x4xf32>)
// CHECK: tensor.insert_slice %{{.*}} into %{{.*}}[3, 0] [1, 4] [1, 1] : tensor<1x4xf32> into tensor<10x4xf32>
func.func @set_value() {
  %x = pd.data "x" : !pd.vtensor<10x4xf32>
  %st = pd.full_int_array [8, 0] : !pd.vtensor<2xi64>
  %en = pd.full_int_array [1, 4] : !pd.vtensor<2xi64>
  %sd = pd.full_int_array [-3, 2] : !pd.vtensor<2xi64>
  %r = pd.set_value %x, %st, %en, %sd {axes = array<i64: 0, 1>, decrease_axes = array<i64>, none_axes = array<i64>, shape = array<i64: 2>, values = [1.0 : f64, 2.0 : f64]} : (!pd.vtensor<10x4xf32>, !pd.vtensor<2xi64>, !pd.vtensor<2xi64>, !pd.vtensor<2xi64>) -> !pd.vtensor<10x4xf32>
  %f = pd.fetch %r "r" col 0 : !pd.vtensor<10x4xf32>
  return
}
func.func @set_value_with_tensor() {
  %x = pd.data "x" : !pd.vtensor<10x4xf32>
  %v = pd.data "v" : !pd.vtensor<4xf32>
  %st = pd.full_int_array [3] : !pd.vtensor<1xi64>
  %en = pd.full_int_array [4] : !pd.vtensor<1xi64>
  %sd = pd.full_int_array [1] : !pd.vtensor<1xi64>
  %r = pd.set_value_with_tensor %x, %v, %st, %en, %sd {axes = array<i64: 0>, decrease_axes = array<i64: 0>, none_axes = array<i64>} : (!pd.vtensor<10x4xf32>, !pd.vtensor<4xf32>, !pd.vtensor<1xi64>, !pd.vtensor<1xi64>, !pd.vtensor<1xi64>) -> !pd.vtensor<10x4xf32>
  %f = pd.fetch %r "r" col 0 : !pd.vtensor<10x4xf32>
  return
}

// -----

// Tensors with no elements are tensor.empty: no slice at an offset into a
// dim of size 0 (MLIR's verifiers reject it), no insert of nothing.
// CHECK-LABEL: func.func @empty_tensors(
// CHECK-SAME: %[[A:.*]]: tensor<4x8x0xf32> {{.*}}, %[[B:.*]]: tensor<3x0x0xf32> {{.*}}, %[[C:.*]]: tensor<7x0xf32> {{.*}}, %[[D:.*]]: tensor<0x0xf32>
// CHECK-NOT: tensor.extract_slice
// CHECK-NOT: tensor.insert_slice
// CHECK: %[[S:.*]] = tensor.empty() : tensor<3x8x0xf32>
// CHECK-NOT: tensor.extract_slice
// CHECK-NOT: tensor.insert_slice
// CHECK: %[[CAT:.*]] = tensor.empty() : tensor<3x8x0xf32>
// CHECK-NOT: tensor.extract_slice
// CHECK-NOT: tensor.insert_slice
// CHECK: %[[CAT2:.*]] = tensor.empty() : tensor<7x0xf32>
// CHECK-NEXT: return %[[S]], %[[CAT]], %[[CAT2]]
func.func @empty_tensors() {
  %a = pd.data "a" : !pd.tensor<4x8x0xf32>
  %s0 = pd.full_int_array [0] : !pd.tensor<1xi64>
  %e3 = pd.full_int_array [3] : !pd.tensor<1xi64>
  %s = pd.slice %a, %s0, %e3 {axes = array<i64: 0>, decrease_axis = array<i64>, infer_flags = array<i64: 1>} : (!pd.tensor<4x8x0xf32>, !pd.tensor<1xi64>, !pd.tensor<1xi64>) -> !pd.tensor<3x8x0xf32>
  %b = pd.data "b" : !pd.tensor<3x0x0xf32>
  %l = pd.combine(%s, %b) : !pd.tensor<3x8x0xf32>, !pd.tensor<3x0x0xf32>
  %ax = pd.full(1) : !pd.tensor<1xi64>
  %c = pd.concat %l, %ax : (!pd.vec<!pd.tensor<3x8x0xf32>, !pd.tensor<3x0x0xf32>>, !pd.tensor<1xi64>) -> !pd.tensor<3x8x0xf32>
  %x = pd.data "c" : !pd.tensor<7x0xf32>
  %y = pd.data "d" : !pd.tensor<0x0xf32>
  %l2 = pd.combine(%x, %y) : !pd.tensor<7x0xf32>, !pd.tensor<0x0xf32>
  %ax0 = pd.full(0) : !pd.tensor<1xi64>
  %c2 = pd.concat %l2, %ax0 : (!pd.vec<!pd.tensor<7x0xf32>, !pd.tensor<0x0xf32>>, !pd.tensor<1xi64>) -> !pd.tensor<7x0xf32>
  %f0 = pd.fetch %s "s" col 0 : !pd.tensor<3x8x0xf32>
  %f1 = pd.fetch %c "c" col 1 : !pd.tensor<3x8x0xf32>
  %f2 = pd.fetch %c2 "c2" col 2 : !pd.tensor<7x0xf32>
  return
}

// -----

// A slice of nothing that the concat's lowering leaves unused is gone too.
// CHECK-LABEL: func.func @unused_empty_slice(
// CHECK-NOT: tensor.extract_slice
// CHECK: return
func.func @unused_empty_slice() {
  %a = pd.data "a" : !pd.tensor<4x5x17x0xf32>
  %s0 = pd.full_int_array [5] : !pd.tensor<1xi64>
  %e3 = pd.full_int_array [14] : !pd.tensor<1xi64>
  %s = pd.slice %a, %s0, %e3 {axes = array<i64: 2>, decrease_axis = array<i64>, infer_flags = array<i64: 1>} : (!pd.tensor<4x5x17x0xf32>, !pd.tensor<1xi64>, !pd.tensor<1xi64>) -> !pd.tensor<4x5x9x0xf32>
  %b = pd.data "b" : !pd.tensor<3x5x9x0xf32>
  %l = pd.combine(%s, %b) : !pd.tensor<4x5x9x0xf32>, !pd.tensor<3x5x9x0xf32>
  %ax = pd.full(0) : !pd.tensor<1xi64>
  %c = pd.concat %l, %ax : (!pd.vec<!pd.tensor<4x5x9x0xf32>, !pd.tensor<3x5x9x0xf32>>, !pd.tensor<1xi64>) -> !pd.tensor<7x5x9x0xf32>
  %f1 = pd.fetch %c "c" col 0 : !pd.tensor<7x5x9x0xf32>
  return
}

// -----

// index_put with integer indices: checked (negative ones wrap), then a loop
// over the positions writing value's slices.
// CHECK-LABEL: func.func @index_put_ints(
// CHECK: func.call @pdm_runtime_error
// CHECK: scf.for
// CHECK: tensor.extract_slice
// CHECK: tensor.insert_slice
// index_put with a mask and one value: a select over x.
// CHECK-LABEL: func.func @index_put_mask(
// CHECK: linalg.generic
// CHECK: arith.select
func.func @index_put_ints() {
  %x = pd.data "x" : !pd.vtensor<4x3xf32>
  %i = pd.data "i" : !pd.vtensor<2xi64>
  %v = pd.data "v" : !pd.vtensor<3xf32>
  %l = pd.combine(%i) : !pd.vtensor<2xi64>
  %r = pd.index_put %x, %l, %v : (!pd.vtensor<4x3xf32>, !pd.vec<!pd.vtensor<2xi64>>, !pd.vtensor<3xf32>) -> !pd.vtensor<4x3xf32>
  %f = pd.fetch %r "r" col 0 : !pd.vtensor<4x3xf32>
  return
}
func.func @index_put_mask() {
  %x = pd.data "x" : !pd.vtensor<4x3xf32>
  %m = pd.data "m" : !pd.vtensor<4xi1>
  %v = pd.data "v" : !pd.vtensor<f32>
  %l = pd.combine(%m) : !pd.vtensor<4xi1>
  %r = pd.index_put %x, %l, %v : (!pd.vtensor<4x3xf32>, !pd.vec<!pd.vtensor<4xi1>>, !pd.vtensor<f32>) -> !pd.vtensor<4x3xf32>
  %f = pd.fetch %r "r" col 0 : !pd.vtensor<4x3xf32>
  return
}
