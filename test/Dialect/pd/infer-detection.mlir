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
