//===- Detection.cpp - detection post-processing ops ----------------------===//
//
// yolo_box as PHI's CPU kernel computes it (yolo_box_util.h): for anchor a
// at grid cell (k, l) of image n, with the channels of the anchor
// c0 = [A if iou_aware] + a * (5 + classes) and σ the sigmoid,
//   conf = σ(x[c0 + 4])  (iou_aware: conf^(1-f) * σ(x[a])^f)
//   cx = (l + σ(x[c0]) * s - (s - 1) / 2) * img_w / W, cy likewise with k, H
//   w = exp(x[c0 + 2]) * anchor_w * img_w / (ratio * W), h likewise
//   box = (cx - w/2, cy - h/2, cx + w/2, cy + h/2), clipped to the image
//   scores[c] = conf * σ(x[c0 + 5 + c])
// and a box whose conf is below conf_thresh is all zeros (box and scores).
// Each output is one generic over [N, A, H, W, 4 or classes] (an element
// recomputes its cell's box: the op is a small tail of the network), then
// reshaped to [N, A * H * W, ...].
//
// roi_align: see lowerRoiAlign.
//
//===----------------------------------------------------------------------===//

#include "Conversion/PdToLinalg/Lowering.h"
#include "Conversion/PdToLinalg/ScalarArith.h"

using namespace mlir;
using namespace mlir::pd;
using namespace mlir::pd::lowering;

namespace {

RankedTensorType typeOf(Value v) { return cast<RankedTensorType>(v.getType()); }

LogicalResult lowerYoloBox(Operation *op, Lowerer &l) {
  auto o = cast<YoloBoxOp>(op);
  Location loc = op->getLoc();
  OpBuilder &b = l.b;
  Value x = l.get(o.getX()), img = l.get(o.getImgSize());
  RankedTensorType xt = typeOf(x);
  RankedTensorType boxesType = loweredType(o.getBoxes().getType());
  RankedTensorType scoresType = loweredType(o.getScores().getType());
  if (failed(requireStatic(op, {xt, img.getType(), boxesType, scoresType})))
    return failure();
  Type elem = xt.getElementType();
  SmallVector<int64_t> anchors(o.getAnchors().begin(), o.getAnchors().end());
  int64_t n = xt.getDimSize(0), h = xt.getDimSize(2), w = xt.getDimSize(3);
  int64_t anchorCount = anchors.size() / 2, classes = (int32_t)o.getClassNum();
  bool iouAware = o.getIouAware(), clip = o.getClipBbox();
  double thresh = o.getConfThresh().convertToDouble();
  double scale = o.getScaleXY().convertToDouble();
  double factor = o.getIouAwareFactor().convertToDouble();
  double ratio = (int32_t)o.getDownsampleRatio();

  // Shared by both outputs: the cell's confidence, and whether it is kept.
  struct Cell {
    Value n, a, k, l, base, conf, kept;
  };
  auto cellOf = [&](OpBuilder &nb, Location nl, const Arith &ar, ValueRange idx) {
    auto cst = [&](int64_t v) { return arith::ConstantIndexOp::create(nb, nl, v).getResult(); };
    Cell c{idx[0], idx[1], idx[2], idx[3], {}, {}, {}};
    // The anchor's first channel.
    c.base = arith::AddIOp::create(
        nb, nl, cst(iouAware ? anchorCount : 0),
        arith::MulIOp::create(nb, nl, c.a, cst(5 + classes)));
    // (Captures copies: it is used after cellOf returns.)
    std::function<Value(int64_t)> channel = [&nb, nl, x, c](int64_t offset) -> Value {
      Value ch = arith::AddIOp::create(nb, nl, c.base,
                                       arith::ConstantIndexOp::create(nb, nl, offset));
      return tensor::ExtractOp::create(nb, nl, x, ValueRange{c.n, ch, c.k, c.l}).getResult();
    };
    c.conf = ar.sigmoid(channel(4));
    if (iouAware) {
      Value iou = ar.sigmoid(tensor::ExtractOp::create(nb, nl, x, ValueRange{c.n, c.a, c.k, c.l}));
      c.conf = ar.mul(math::PowFOp::create(nb, nl, c.conf, ar.c(1 - factor)),
                      math::PowFOp::create(nb, nl, iou, ar.c(factor)));
    }
    c.kept = arith::CmpFOp::create(nb, nl, arith::CmpFPredicate::OGE, c.conf, ar.c(thresh));
    return std::make_pair(c, channel);
  };
  auto toFloat = [&](OpBuilder &nb, Location nl, Value i) -> Value {
    if (isa<IndexType>(i.getType()))
      i = arith::IndexCastOp::create(nb, nl, nb.getI64Type(), i);
    return arith::SIToFPOp::create(nb, nl, elem, i);
  };

  auto boxes5 = RankedTensorType::get({n, anchorCount, h, w, 4}, elem);
  Value boxes = buildElementwiseWithIndices(
      b, loc, boxes5, {}, [&](OpBuilder &nb, Location nl, ValueRange idx) -> Value {
        Arith ar{nb, nl, elem};
        auto [c, channel] = cellOf(nb, nl, ar, idx);
        Value zero = arith::ConstantIndexOp::create(nb, nl, 0);
        Value one = arith::ConstantIndexOp::create(nb, nl, 1);
        Value imgH = toFloat(nb, nl, tensor::ExtractOp::create(nb, nl, img, ValueRange{c.n, zero}));
        Value imgW = toFloat(nb, nl, tensor::ExtractOp::create(nb, nl, img, ValueRange{c.n, one}));
        Value bias = ar.c(-0.5 * (scale - 1));
        Value cx = ar.div(ar.mul(ar.add(ar.add(toFloat(nb, nl, c.l),
                                               ar.mul(ar.sigmoid(channel(0)), ar.c(scale))),
                                        bias),
                                 imgW),
                          ar.c(w));
        Value cy = ar.div(ar.mul(ar.add(ar.add(toFloat(nb, nl, c.k),
                                               ar.mul(ar.sigmoid(channel(1)), ar.c(scale))),
                                        bias),
                                 imgH),
                          ar.c(h));
        // The anchor's size, picked by the anchor index.
        Value anchorW = ar.c(anchors[0]), anchorH = ar.c(anchors[1]);
        for (int64_t a = 1; a < anchorCount; ++a) {
          Value isA = arith::CmpIOp::create(nb, nl, arith::CmpIPredicate::eq, c.a,
                                            arith::ConstantIndexOp::create(nb, nl, a));
          anchorW = ar.select(isA, ar.c(anchors[2 * a]), anchorW);
          anchorH = ar.select(isA, ar.c(anchors[2 * a + 1]), anchorH);
        }
        Value bw = ar.div(ar.mul(ar.mul(ar.exp(channel(2)), anchorW), imgW), ar.c(ratio * w));
        Value bh = ar.div(ar.mul(ar.mul(ar.exp(channel(3)), anchorH), imgH), ar.c(ratio * h));
        Value halfW = ar.mul(bw, ar.c(0.5)), halfH = ar.mul(bh, ar.c(0.5));
        SmallVector<Value> corners = {ar.sub(cx, halfW), ar.sub(cy, halfH), ar.add(cx, halfW),
                                      ar.add(cy, halfH)};
        if (clip) {
          corners[0] = ar.max(corners[0], ar.c(0));
          corners[1] = ar.max(corners[1], ar.c(0));
          corners[2] = ar.min(corners[2], ar.sub(imgW, ar.c(1)));
          corners[3] = ar.min(corners[3], ar.sub(imgH, ar.c(1)));
        }
        Value v = corners[0];
        for (int64_t e = 1; e < 4; ++e) {
          Value isE = arith::CmpIOp::create(nb, nl, arith::CmpIPredicate::eq, idx[4],
                                            arith::ConstantIndexOp::create(nb, nl, e));
          v = ar.select(isE, corners[e], v);
        }
        return ar.select(c.kept, v, ar.c(0));
      });
  auto scores5 = RankedTensorType::get({n, anchorCount, h, w, classes}, elem);
  Value scores = buildElementwiseWithIndices(
      b, loc, scores5, {}, [&](OpBuilder &nb, Location nl, ValueRange idx) -> Value {
        Arith ar{nb, nl, elem};
        auto [c, channel] = cellOf(nb, nl, ar, idx);
        Value ch = arith::AddIOp::create(
            nb, nl, c.base,
            arith::AddIOp::create(nb, nl, idx[4], arith::ConstantIndexOp::create(nb, nl, 5)));
        Value logit = tensor::ExtractOp::create(nb, nl, x, ValueRange{c.n, ch, c.k, c.l});
        return ar.select(c.kept, ar.mul(c.conf, ar.sigmoid(logit)), ar.c(0));
      });
  l.map(o.getBoxes(), reshapeTo(b, loc, boxes, boxesType));
  l.map(o.getScores(), reshapeTo(b, loc, scores, scoresType));
  return success();
}

/// x[b, c] at (y, x) interpolated bilinearly as PHI's roi_align does: 0
/// outside [-1, H] x [-1, W], coordinates below 0 read at 0, and the last
/// row/column stands in for the one past it.
Value bilinearAt(OpBuilder &b, Location loc, const Arith &a, Value input, Value batch,
                 Value channel, Value y, Value x, int64_t height, int64_t width) {
  Type idx = b.getIndexType();
  Value outside = arith::OrIOp::create(
      b, loc,
      arith::OrIOp::create(b, loc, a.lt(y, a.c(-1.0)), a.gt(y, a.c((double)height))),
      arith::OrIOp::create(b, loc, a.lt(x, a.c(-1.0)), a.gt(x, a.c((double)width))));
  y = a.max(y, a.c(0));
  x = a.max(x, a.c(0));
  // (low, high, the weight of high) along one axis of `size`.
  auto axis = [&](Value v, int64_t size) {
    Value last = a.c((double)(size - 1));
    Value atEnd = arith::CmpFOp::create(b, loc, arith::CmpFPredicate::OGE,
                                        math::FloorOp::create(b, loc, v), last);
    Value low = a.select(atEnd, last, math::FloorOp::create(b, loc, v));
    Value pos = a.select(atEnd, last, v);
    Value lowI = arith::FPToSIOp::create(b, loc, b.getI64Type(), low);
    Value lowIdx = arith::IndexCastOp::create(b, loc, idx, lowI);
    Value highIdx = arith::MinSIOp::create(
        b, loc, arith::AddIOp::create(b, loc, lowIdx, arith::ConstantIndexOp::create(b, loc, 1)),
        arith::ConstantIndexOp::create(b, loc, size - 1));
    return std::make_tuple(lowIdx, highIdx, a.sub(pos, low));
  };
  auto [y0, y1, ly] = axis(y, height);
  auto [x0, x1, lx] = axis(x, width);
  auto at = [&](Value yi, Value xi) {
    return tensor::ExtractOp::create(b, loc, input, ValueRange{batch, channel, yi, xi})
        .getResult();
  };
  Value hy = a.sub(a.c(1), ly), hx = a.sub(a.c(1), lx);
  Value v = a.add(a.add(a.mul(a.mul(hy, hx), at(y0, x0)), a.mul(a.mul(hy, lx), at(y0, x1))),
                  a.add(a.mul(a.mul(ly, hx), at(y1, x0)), a.mul(a.mul(ly, lx), at(y1, x1))));
  return a.select(outside, a.c(0), v);
}

/// roi_align (PHI's CPU kernel): roi r of image b (boxes_num gives each
/// image's count) is [x1, y1, x2, y2] * spatial_scale (- 0.5 when aligned;
/// else at least 1 wide and high), cut into pooled_height x pooled_width
/// bins; a bin averages a grid of sampling_ratio^2 bilinear samples (or,
/// for sampling_ratio <= 0, ceil(roi size / pooled size) per axis: a loop
/// whose bound is known at run time).
LogicalResult lowerRoiAlign(Operation *op, Lowerer &l) {
  auto o = cast<RoiAlignOp>(op);
  Location loc = op->getLoc();
  OpBuilder &b = l.b;
  Value x = l.get(o.getX()), boxes = l.get(o.getBoxes());
  Value counts = o.getBoxesNum() ? l.get(o.getBoxesNum()) : Value();
  RankedTensorType xt = typeOf(x), outType = loweredType(o.getType());
  SmallVector<Type> types = {xt, boxes.getType(), outType};
  if (counts)
    types.push_back(counts.getType());
  if (failed(requireStatic(op, types)))
    return failure();
  Type elem = xt.getElementType();
  int64_t images = xt.getDimSize(0), height = xt.getDimSize(2), width = xt.getDimSize(3);
  int64_t rois = typeOf(boxes).getDimSize(0);
  int64_t ph = (int32_t)o.getPooledHeight(), pw = (int32_t)o.getPooledWidth();
  int64_t sampling = (int32_t)o.getSamplingRatio();
  bool aligned = o.getAligned();
  double scale = o.getSpatialScale().convertToDouble();
  if (!counts && images != 1)
    return op->emitOpError() << "needs boxes_num for a batch of " << images
                             << " images (which image each roi is in)";
  if (height == 0 || width == 0)
    return op->emitOpError() << "has an empty image " << xt;
  Type i64 = b.getI64Type(), idxType = b.getIndexType();

  // Each roi's image: the number of images whose rois all come before it.
  Value imageOf;
  if (counts) {
    Type countElem = typeOf(counts).getElementType();
    int64_t site = l.runtimeChecks
                       ? registerRuntimeCheck(op, "boxes_num counts fewer rois than boxes has")
                       : -1;
    imageOf = buildElementwiseWithIndices(
        b, loc, RankedTensorType::get({rois}, i64), {},
        [&](OpBuilder &nb, Location nl, ValueRange idx) -> Value {
          Value r = arith::IndexCastOp::create(nb, nl, i64, idx[0]);
          Value zero = arith::ConstantIntOp::create(nb, nl, i64, 0);
          auto loop = scf::ForOp::create(
              nb, nl, arith::ConstantIndexOp::create(nb, nl, 0),
              arith::ConstantIndexOp::create(nb, nl, images),
              arith::ConstantIndexOp::create(nb, nl, 1), ValueRange{zero, zero},
              [&](OpBuilder &lb, Location ll, Value k, ValueRange acc) {
                Value c = tensor::ExtractOp::create(lb, ll, counts, ValueRange{k});
                if (countElem != i64)
                  c = arith::ExtSIOp::create(lb, ll, i64, c);
                Value end = arith::AddIOp::create(lb, ll, acc[0], c);
                Value before = arith::CmpIOp::create(lb, ll, arith::CmpIPredicate::sle, end, r);
                Value n = arith::AddIOp::create(lb, ll, acc[1],
                                                arith::ExtUIOp::create(lb, ll, i64, before));
                scf::YieldOp::create(lb, ll, ValueRange{end, n});
              });
          Value image = loop.getResult(1);
          Value last = arith::ConstantIntOp::create(nb, nl, i64, images - 1);
          if (site >= 0)
            reportIf(nb, nl, op, site,
                     arith::CmpIOp::create(nb, nl, arith::CmpIPredicate::sgt, image, last));
          return arith::MinSIOp::create(nb, nl, image, last);
        });
  }

  Value out = buildElementwiseWithIndices(
      b, loc, outType, {}, [&](OpBuilder &nb, Location nl, ValueRange idx) -> Value {
        Arith a{nb, nl, elem};
        Value r = idx[0], c = idx[1];
        Value image = counts ? arith::IndexCastOp::create(
                                   nb, nl, idxType,
                                   tensor::ExtractOp::create(nb, nl, imageOf, ValueRange{r}))
                                   .getResult()
                             : arith::ConstantIndexOp::create(nb, nl, 0).getResult();
        auto coord = [&](int64_t k) {
          Value v = tensor::ExtractOp::create(nb, nl, boxes,
                                              ValueRange{r, arith::ConstantIndexOp::create(nb, nl, k)});
          return a.sub(a.mul(v, a.c(scale)), a.c(aligned ? 0.5 : 0.0));
        };
        Value x1 = coord(0), y1 = coord(1), x2 = coord(2), y2 = coord(3);
        Value roiW = a.sub(x2, x1), roiH = a.sub(y2, y1);
        if (!aligned) {
          roiW = a.max(roiW, a.c(1));
          roiH = a.max(roiH, a.c(1));
        }
        Value binH = a.div(roiH, a.c((double)ph)), binW = a.div(roiW, a.c((double)pw));
        // The sampling grid (at least 1 x 1 for the loops; the count
        // divides by max(gh * gw, 1)).
        auto gridOf = [&](Value bin) -> Value {
          if (sampling > 0)
            return arith::ConstantIndexOp::create(nb, nl, sampling);
          Value n = arith::FPToSIOp::create(nb, nl, i64, math::CeilOp::create(nb, nl, bin));
          n = arith::MaxSIOp::create(nb, nl, n, arith::ConstantIntOp::create(nb, nl, i64, 0));
          return arith::IndexCastOp::create(nb, nl, idxType, n);
        };
        Value gh = gridOf(binH), gw = gridOf(binW);
        auto toF = [&](Value i) {
          return arith::SIToFPOp::create(nb, nl, elem,
                                         arith::IndexCastOp::create(nb, nl, i64, i));
        };
        Value y0 = a.add(y1, a.mul(toF(idx[2]), binH)), x0 = a.add(x1, a.mul(toF(idx[3]), binW));
        Value stepH = a.div(binH, toF(gh)), stepW = a.div(binW, toF(gw));
        Value zeroIdx = arith::ConstantIndexOp::create(nb, nl, 0);
        Value oneIdx = arith::ConstantIndexOp::create(nb, nl, 1);
        auto rows = scf::ForOp::create(
            nb, nl, zeroIdx, gh, oneIdx, ValueRange{a.c(0)},
            [&](OpBuilder &rb, Location rl, Value iy, ValueRange sumY) {
              Arith ra{rb, rl, elem};
              Value yy = ra.add(y0, ra.mul(ra.add(toF(iy), ra.c(0.5)), stepH));
              auto cols = scf::ForOp::create(
                  rb, rl, zeroIdx, gw, oneIdx, ValueRange{sumY[0]},
                  [&](OpBuilder &cb, Location cl, Value ix, ValueRange sumX) {
                    Arith ca{cb, cl, elem};
                    Value xx = ca.add(x0, ca.mul(ca.add(toF(ix), ca.c(0.5)), stepW));
                    Value v = bilinearAt(cb, cl, ca, x, image, c, yy, xx, height, width);
                    scf::YieldOp::create(cb, cl, ValueRange{ca.add(sumX[0], v)});
                  });
              scf::YieldOp::create(rb, rl, cols.getResults());
            });
        Value count = arith::MaxSIOp::create(nb, nl, arith::MulIOp::create(nb, nl, gh, gw),
                                             oneIdx);
        return a.div(rows.getResult(0), toF(count));
      });
  l.map(o.getOut(), out);
  return success();
}

} // namespace

void lowering::populateDetectionLowerings(LoweringTable &table) {
  table.add("pd.yolo_box", lowerYoloBox);
  table.add("pd.roi_align", lowerRoiAlign);
}
