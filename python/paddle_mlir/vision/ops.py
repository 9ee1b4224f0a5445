"""`paddle.vision.ops`: the detection post-processing ops as Paddle exports
them (`pd.yolo_box`, `pd.roi_align`), for programs built with paddle_mlir
and, in eager mode, on eager tensors.

    boxes, scores = vision.ops.yolo_box(head, img_size, [10, 13, 16, 30], 80, 0.01, 32)
    rois = vision.ops.roi_align(features, boxes, boxes_num, 7, spatial_scale=1 / 16)
"""

from __future__ import annotations

from .. import eager as _eager
from ..dialects import pd
from ..tensor import building

__all__ = ["yolo_box", "roi_align"]


def yolo_box(x, img_size, anchors, class_num, conf_thresh, downsample_ratio, clip_bbox=True,
             name=None, scale_x_y=1.0, iou_aware=False, iou_aware_factor=0.5):
    """YOLOv3's boxes [N, A*H*W, 4] and scores [N, A*H*W, class_num] from a
    head x [N, A*(5+class_num), H, W] and img_size [N, 2] (height, width,
    int32); boxes below conf_thresh are zeros."""
    with building(x):
        return pd.yolo_box(x, img_size, list(anchors), class_num, conf_thresh, downsample_ratio,
                           clip_bbox, scale_x_y, iou_aware, iou_aware_factor)


def roi_align(x, boxes, boxes_num, output_size, spatial_scale=1.0, sampling_ratio=-1,
              aligned=True, name=None):
    """[R, C, *output_size] bins of x averaging bilinear samples of each roi
    (boxes [R, 4] as x1, y1, x2, y2; boxes_num [N] the rois of each image)."""
    pooled = (output_size, output_size) if isinstance(output_size, int) else tuple(output_size)
    with building(x):
        return pd.roi_align(x, boxes, boxes_num, pooled[0], pooled[1], spatial_scale,
                            sampling_ratio, aligned)


_eager.install(globals(), __all__)
