// The diagnostics of the detection post-processing ops' InferMeta
// (lib/Dialect/Pd/InferMeta/Detection.cpp), reported by the verifier.
// RUN: paddle-opt %s -split-input-file -verify-diagnostics

func.func @yolo_box_channels(%x: !pd.vtensor<2x20x4x5xf32>, %img: !pd.vtensor<2x2xi32>) {
  // expected-error @+2 {{'pd.yolo_box' op x has 20 channels; 3 anchors of 2 classes need 21}}
  // expected-error @+1 {{'pd.yolo_box' op failed to infer returned types}}
  %b, %s = pd.yolo_box %x, %img {anchors = array<i32: 10, 13, 16, 30, 33, 23>, class_num = 2 : i32} : (!pd.vtensor<2x20x4x5xf32>, !pd.vtensor<2x2xi32>) -> (!pd.vtensor<?x?x?xf32>, !pd.vtensor<?x?x?xf32>)
  return
}

// -----

func.func @yolo_box_anchors(%x: !pd.vtensor<2x21x4x5xf32>, %img: !pd.vtensor<2x2xi32>) {
  // expected-error @+2 {{'pd.yolo_box' op anchors must be (width, height) pairs, got 5 values}}
  // expected-error @+1 {{'pd.yolo_box' op failed to infer returned types}}
  %b, %s = pd.yolo_box %x, %img {anchors = array<i32: 10, 13, 16, 30, 33>, class_num = 2 : i32} : (!pd.vtensor<2x21x4x5xf32>, !pd.vtensor<2x2xi32>) -> (!pd.vtensor<?x?x?xf32>, !pd.vtensor<?x?x?xf32>)
  return
}

// -----

func.func @yolo_box_img_size(%x: !pd.vtensor<2x21x4x5xf32>, %img: !pd.vtensor<3x2xi32>) {
  // expected-error @+2 {{'pd.yolo_box' op img_size must be [N, 2] = [2, 2] (height, width), got [3, 2]}}
  // expected-error @+1 {{'pd.yolo_box' op failed to infer returned types}}
  %b, %s = pd.yolo_box %x, %img {anchors = array<i32: 10, 13, 16, 30, 33, 23>, class_num = 2 : i32} : (!pd.vtensor<2x21x4x5xf32>, !pd.vtensor<3x2xi32>) -> (!pd.vtensor<?x?x?xf32>, !pd.vtensor<?x?x?xf32>)
  return
}

// -----

func.func @yolo_box_img_dtype(%x: !pd.vtensor<2x21x4x5xf32>, %img: !pd.vtensor<2x2xf32>) {
  // expected-error @+2 {{'pd.yolo_box' op img_size must be int32, got 'f32'}}
  // expected-error @+1 {{'pd.yolo_box' op failed to infer returned types}}
  %b, %s = pd.yolo_box %x, %img {anchors = array<i32: 10, 13, 16, 30, 33, 23>, class_num = 2 : i32} : (!pd.vtensor<2x21x4x5xf32>, !pd.vtensor<2x2xf32>) -> (!pd.vtensor<?x?x?xf32>, !pd.vtensor<?x?x?xf32>)
  return
}

// -----

func.func @roi_align_boxes(%x: !pd.vtensor<2x3x8x8xf32>, %b: !pd.vtensor<5x5xf32>) {
  // expected-error @+2 {{'pd.roi_align' op boxes must be [R, 4] (x1, y1, x2, y2), got [5, 5]}}
  // expected-error @+1 {{'pd.roi_align' op failed to infer returned types}}
  %0 = pd.roi_align %x, %b : (!pd.vtensor<2x3x8x8xf32>, !pd.vtensor<5x5xf32>) -> !pd.vtensor<?x?x?x?xf32>
  return
}

// -----

func.func @roi_align_boxes_num(%x: !pd.vtensor<2x3x8x8xf32>, %b: !pd.vtensor<5x4xf32>, %n: !pd.vtensor<3xi32>) {
  // expected-error @+2 {{'pd.roi_align' op boxes_num must be [N] = [2] (the rois of each image), got [3]}}
  // expected-error @+1 {{'pd.roi_align' op failed to infer returned types}}
  %0 = pd.roi_align %x, %b boxes_num(%n) : (!pd.vtensor<2x3x8x8xf32>, !pd.vtensor<5x4xf32>, !pd.vtensor<3xi32>) -> !pd.vtensor<?x?x?x?xf32>
  return
}

// -----

func.func @roi_align_pooled(%x: !pd.vtensor<2x3x8x8xf32>, %b: !pd.vtensor<5x4xf32>) {
  // expected-error @+2 {{'pd.roi_align' op pooled_height and pooled_width must be positive, got 0 and 1}}
  // expected-error @+1 {{'pd.roi_align' op failed to infer returned types}}
  %0 = pd.roi_align %x, %b {pooled_height = 0 : i32} : (!pd.vtensor<2x3x8x8xf32>, !pd.vtensor<5x4xf32>) -> !pd.vtensor<?x?x?x?xf32>
  return
}

// -----

// A result whose element count overflows int64 is refused (as the type
// parser refuses such a type) before later passes count its elements.
func.func @roi_align_huge(%x: !pd.vtensor<2x3x8x8xf32>, %b: !pd.vtensor<5x4xf32>) {
  // expected-error @+2 {{'pd.roi_align' op output 'out' would have [5, 3, 2147483647, 2147483647]: its element count overflows int64}}
  // expected-error @+1 {{'pd.roi_align' op failed to infer returned types}}
  %0 = pd.roi_align %x, %b {pooled_height = 2147483647 : i32, pooled_width = 2147483647 : i32} : (!pd.vtensor<2x3x8x8xf32>, !pd.vtensor<5x4xf32>) -> !pd.vtensor<?x?x?x?xf32>
  return
}

// -----

func.func @multiclass_nms3_box_count(%boxes: !pd.vtensor<2x8x4xf32>, %scores: !pd.vtensor<2x3x9xf32>) {
  // expected-error @+2 {{'pd.multiclass_nms3' op scores [2, 3, 9] and bboxes [2, 8, 4] must have as many boxes (scores' dim 2, bboxes' dim 1)}}
  // expected-error @+1 {{'pd.multiclass_nms3' op failed to infer returned types}}
  %o, %i, %n = pd.multiclass_nms3 %boxes, %scores {score_threshold = 0.3 : f32, nms_top_k = 6 : i32, keep_top_k = 5 : i32} : (!pd.vtensor<2x8x4xf32>, !pd.vtensor<2x3x9xf32>) -> (!pd.vtensor<?x?xf32>, !pd.vtensor<?x?xi32>, !pd.vtensor<?xi32>)
  return
}

// -----

func.func @multiclass_nms3_box_size(%boxes: !pd.vtensor<2x8x5xf32>, %scores: !pd.vtensor<2x3x8xf32>) {
  // expected-error @+2 {{'pd.multiclass_nms3' op bboxes' last dim must be 4, 8, 16, 24 or 32, got 5}}
  // expected-error @+1 {{'pd.multiclass_nms3' op failed to infer returned types}}
  %o, %i, %n = pd.multiclass_nms3 %boxes, %scores {score_threshold = 0.3 : f32, nms_top_k = 6 : i32, keep_top_k = 5 : i32} : (!pd.vtensor<2x8x5xf32>, !pd.vtensor<2x3x8xf32>) -> (!pd.vtensor<?x?xf32>, !pd.vtensor<?x?xi32>, !pd.vtensor<?xi32>)
  return
}

// -----

func.func @prior_box_max_sizes(%x: !pd.vtensor<1x8x4x5xf32>, %img: !pd.vtensor<1x3x40x48xf32>) {
  // expected-error @+2 {{'pd.prior_box' op each max size must exceed its min size, got 8 <= 16}}
  // expected-error @+1 {{'pd.prior_box' op failed to infer returned types}}
  %0:2 = pd.prior_box %x, %img {min_sizes = array<f32: 16.0>, max_sizes = array<f32: 8.0>, variances = array<f32: 0.1, 0.1, 0.2, 0.2>} : (!pd.vtensor<1x8x4x5xf32>, !pd.vtensor<1x3x40x48xf32>) -> (!pd.vtensor<4x5x2x4xf32>, !pd.vtensor<4x5x2x4xf32>)
  return
}

// -----

func.func @box_coder_decode_shape(%p: !pd.vtensor<6x4xf32>, %t: !pd.vtensor<3x5x4xf32>) {
  // expected-error @+2 {{'pd.box_coder' op target_box [3, 5, 4] has no dim 1 of prior_box's 6 boxes}}
  // expected-error @+1 {{'pd.box_coder' op failed to infer returned types}}
  %0 = pd.box_coder %p, %t {code_type = "decode_center_size"} : (!pd.vtensor<6x4xf32>, !pd.vtensor<3x5x4xf32>) -> !pd.vtensor<3x5x4xf32>
  return
}
