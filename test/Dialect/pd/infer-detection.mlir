// Shape inference of the detection post-processing ops (InferMeta in
// lib/Dialect/Pd/InferMeta/Detection.cpp).
// RUN: paddle-opt %s -split-input-file -pd-infer-shapes | FileCheck %s

// yolo_box: 3 anchors of 2 classes on a 4x5 grid: 60 boxes per image; with
// iou_aware, 3 more channels.
// CHECK-LABEL: func.func @yolo_box
// CHECK: pd.yolo_box {{.*}} -> (!pd.vtensor<2x60x4xf32>, !pd.vtensor<2x60x2xf32>)
// CHECK: pd.yolo_box {{.*}} -> (!pd.vtensor<?x60x4xf32>, !pd.vtensor<?x60x2xf32>)
func.func @yolo_box(%x: !pd.vtensor<2x21x4x5xf32>, %img: !pd.vtensor<2x2xi32>,
                    %xi: !pd.vtensor<?x24x4x5xf32>, %imgi: !pd.vtensor<?x2xi32>) {
  %b, %s = pd.yolo_box %x, %img {anchors = array<i32: 10, 13, 16, 30, 33, 23>, class_num = 2 : i32} : (!pd.vtensor<2x21x4x5xf32>, !pd.vtensor<2x2xi32>) -> (!pd.vtensor<?x?x?xf32>, !pd.vtensor<?x?x?xf32>)
  %bi, %si = pd.yolo_box %xi, %imgi {anchors = array<i32: 10, 13, 16, 30, 33, 23>, class_num = 2 : i32, iou_aware = true} : (!pd.vtensor<?x24x4x5xf32>, !pd.vtensor<?x2xi32>) -> (!pd.vtensor<?x?x?xf32>, !pd.vtensor<?x?x?xf32>)
  return
}

// -----

// roi_align: [rois, channels, pooled_height, pooled_width].
// CHECK-LABEL: func.func @roi_align
// CHECK: pd.roi_align {{.*}} -> !pd.vtensor<5x3x2x4xf32>
// CHECK: pd.roi_align {{.*}} -> !pd.vtensor<?x3x7x7xf32>
func.func @roi_align(%x: !pd.vtensor<2x3x8x8xf32>, %b: !pd.vtensor<5x4xf32>, %n: !pd.vtensor<2xi32>,
                     %bd: !pd.vtensor<?x4xf32>) {
  %0 = pd.roi_align %x, %b boxes_num(%n) {pooled_height = 2 : i32, pooled_width = 4 : i32} : (!pd.vtensor<2x3x8x8xf32>, !pd.vtensor<5x4xf32>, !pd.vtensor<2xi32>) -> !pd.vtensor<?x?x?x?xf32>
  %1 = pd.roi_align %x, %bd {pooled_height = 7 : i32, pooled_width = 7 : i32, spatial_scale = 0.25 : f32} : (!pd.vtensor<2x3x8x8xf32>, !pd.vtensor<?x4xf32>) -> !pd.vtensor<?x?x?x?xf32>
  return
}

// -----

// multiclass_nms3: rows (label, score, box) and int32 indices, as many as
// were kept (unknown); one count per image.
// CHECK-LABEL: func.func @multiclass_nms3
// CHECK: pd.multiclass_nms3 {{.*}} -> (!pd.vtensor<?x6xf32>, !pd.vtensor<?x1xi32>, !pd.vtensor<2xi32>)
func.func @multiclass_nms3(%boxes: !pd.vtensor<2x8x4xf32>, %scores: !pd.vtensor<2x3x8xf32>) {
  %o, %i, %n = pd.multiclass_nms3 %boxes, %scores {score_threshold = 0.3 : f32, nms_top_k = 6 : i32, keep_top_k = 5 : i32} : (!pd.vtensor<2x8x4xf32>, !pd.vtensor<2x3x8xf32>) -> (!pd.vtensor<?x?xf32>, !pd.vtensor<?x?xi32>, !pd.vtensor<?xi32>)
  return
}

// -----

// prior_box: [H, W, P, 4] with P = 3 ratios (1, 2 and 1/2; the given 1
// is a duplicate) * 2 min sizes + 2 max sizes = 8; box_coder encodes
// [N, 4] against [M, 4] into [N, M, 4] and decodes [N, M, 4] as is.
// CHECK-LABEL: func.func @ssd
// CHECK: pd.prior_box {{.*}} -> (!pd.vtensor<4x5x8x4xf32>, !pd.vtensor<4x5x8x4xf32>)
// CHECK: pd.box_coder {{.*}} -> !pd.vtensor<3x6x4xf32>
// CHECK: pd.box_coder {{.*}} -> !pd.vtensor<3x6x4xf32>
func.func @ssd(%x: !pd.vtensor<1x8x4x5xf32>, %img: !pd.vtensor<1x3x40x48xf32>, %p: !pd.vtensor<6x4xf32>, %t: !pd.vtensor<3x4xf32>, %d: !pd.vtensor<3x6x4xf32>) {
  %0:2 = pd.prior_box %x, %img {min_sizes = array<f32: 8.0, 16.0>, max_sizes = array<f32: 12.0, 24.0>, aspect_ratios = array<f32: 2.0, 1.0>, variances = array<f32: 0.1, 0.1, 0.2, 0.2>} : (!pd.vtensor<1x8x4x5xf32>, !pd.vtensor<1x3x40x48xf32>) -> (!pd.vtensor<?x?x?x?xf32>, !pd.vtensor<?x?x?x?xf32>)
  %1 = pd.box_coder %p, %t : (!pd.vtensor<6x4xf32>, !pd.vtensor<3x4xf32>) -> !pd.vtensor<?x?x?xf32>
  %2 = pd.box_coder %p, %d {code_type = "decode_center_size"} : (!pd.vtensor<6x4xf32>, !pd.vtensor<3x6x4xf32>) -> !pd.vtensor<?x?x?xf32>
  return
}
