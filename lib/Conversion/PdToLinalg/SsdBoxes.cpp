//===- SsdBoxes.cpp - SSD's anchors and box coding: prior_box, box_coder --===//
//
// As PHI's CPU kernels compute them (prior_box_kernel.cc, box_coder.cc).
// prior_box depends only on the attributes and the static shapes of the
// feature map and the image: it becomes two constants. box_coder is one
// generic over the [N, M, 4] output; each element reads its prior and
// target box (and variances) and keeps its coordinate.
//
//===----------------------------------------------------------------------===//

#include "Conversion/PdToLinalg/Lowering.h"
#include "Conversion/PdToLinalg/ScalarArith.h"
#include "Dialect/Pd/InferMeta/InferMeta.h"

#include <cmath>

using namespace mlir;
using namespace mlir::pd;
using namespace mlir::pd::lowering;

namespace {

RankedTensorType typeOf(Value v) { return cast<RankedTensorType>(v.getType()); }

/// prior_box: for cell (h, w), center ((w + offset) * step_w, (h + offset)
/// * step_h) (steps default to image / map size); per min size s, the
/// boxes of the expanded aspect ratios r (s * sqrt(r) by s / sqrt(r)),
/// then the square sqrt(s * max) (min_max_aspect_ratios_order: the square
/// s, the max square, the other ratios); in image-relative coordinates,
/// clipped to [0, 1] with clip.
LogicalResult lowerPriorBox(Operation *op, Lowerer &l) {
  auto o = cast<PriorBoxOp>(op);
  OpBuilder &b = l.b;
  Location loc = op->getLoc();
  RankedTensorType it = typeOf(l.get(o.getInput())), imt = typeOf(l.get(o.getImage()));
  RankedTensorType outType = loweredType(o.getOut().getType());
  if (failed(requireStatic(op, {it, imt, outType})))
    return failure();
  auto floatType = dyn_cast<FloatType>(outType.getElementType());
  if (!floatType)
    return op->emitOpError() << "the CPU lowering supports float element types here";
  int64_t fh = it.getDimSize(2), fw = it.getDimSize(3);
  double imgH = imt.getDimSize(2), imgW = imt.getDimSize(3);
  double stepW = o.getStepW().convertToFloat(), stepH = o.getStepH().convertToFloat();
  if (stepW == 0 || stepH == 0) {
    stepW = imgW / fw;
    stepH = imgH / fh;
  }
  double offset = o.getOffset().convertToFloat();
  ArrayRef<float> minSizes = o.getMinSizes(), maxSizes = o.getMaxSizes();
  SmallVector<float> ratios = expandAspectRatios(o.getAspectRatios(), o.getFlip());
  bool ordered = o.getMinMaxAspectRatiosOrder(), clip = o.getClip();
  SmallVector<double> boxes;
  boxes.reserve(outType.getNumElements());
  for (int64_t h = 0; h < fh; ++h) {
    for (int64_t w = 0; w < fw; ++w) {
      double cx = (w + offset) * stepW, cy = (h + offset) * stepH;
      auto push = [&](double halfW, double halfH) {
        for (double v : {(cx - halfW) / imgW, (cy - halfH) / imgH, (cx + halfW) / imgW,
                         (cy + halfH) / imgH})
          boxes.push_back(clip ? std::min(std::max(v, 0.0), 1.0) : v);
      };
      for (auto [s, minSize] : llvm::enumerate(minSizes)) {
        auto square = [&] {
          if (!maxSizes.empty()) {
            double half = std::sqrt((double)minSize * maxSizes[s]) / 2.0;
            push(half, half);
          }
        };
        if (ordered) {
          push(minSize / 2.0, minSize / 2.0);
          square();
          for (float r : ratios)
            if (std::fabs(r - 1.0) >= 1e-6)
              push(minSize * std::sqrt((double)r) / 2.0, minSize / std::sqrt((double)r) / 2.0);
        } else {
          for (float r : ratios)
            push(minSize * std::sqrt((double)r) / 2.0, minSize / std::sqrt((double)r) / 2.0);
          square();
        }
      }
    }
  }
  if ((int64_t)boxes.size() != outType.getNumElements())
    return op->emitOpError() << "computed " << boxes.size() << " coordinates for a result of "
                             << outType.getNumElements();
  ArrayRef<float> variances = o.getVariances();
  SmallVector<APFloat> outValues, varValues;
  bool lost;
  auto toElem = [&](double v) {
    APFloat f(v);
    f.convert(floatType.getFloatSemantics(), APFloat::rmNearestTiesToEven, &lost);
    return f;
  };
  for (auto [i, v] : llvm::enumerate(boxes)) {
    outValues.push_back(toElem(v));
    varValues.push_back(toElem(variances[i % 4]));
  }
  Value out = arith::ConstantOp::create(b, loc, DenseElementsAttr::get(outType, outValues));
  Value var = arith::ConstantOp::create(b, loc, DenseElementsAttr::get(outType, varValues));
  l.map(o.getOut(), out);
  l.map(o.getVar(), castTo(b, loc, var, loweredType(o.getVar().getType())));
  return success();
}

/// box_coder. With u = 1 for boxes not normalized (else 0), a box
/// (x1, y1, x2, y2) has size (x2 - x1 + u, y2 - y1 + u); a prior's center
/// is its corner plus half its size, a target's the mean of its corners.
/// encode: ((tcx - pcx) / pw, (tcy - pcy) / ph, log|tw / pw|, log|th / ph|)
/// over the variances; decode: center v0 * t0 * pw + pcx, size
/// exp(v2 * t2) * pw, and the corners (the far ones less u).
LogicalResult lowerBoxCoder(Operation *op, Lowerer &l) {
  auto o = cast<BoxCoderOp>(op);
  OpBuilder &b = l.b;
  Location loc = op->getLoc();
  Value prior = l.get(o.getPriorBox()), target = l.get(o.getTargetBox());
  Value priorVar = o.getPriorBoxVar() ? l.get(o.getPriorBoxVar()) : Value();
  RankedTensorType outType = loweredType(o.getOutputBox().getType());
  if (failed(requireStatic(op, {typeOf(prior), typeOf(target), outType})))
    return failure();
  Type elem = outType.getElementType();
  if (!isa<FloatType>(elem) || typeOf(prior).getElementType() != elem)
    return op->emitOpError() << "the CPU lowering supports float boxes of one type";
  bool encode = o.getCodeType() == "encode_center_size";
  double unit = o.getBoxNormalized() ? 0.0 : 1.0;
  bool byRow = (int32_t)o.getAxis() == 1;
  SmallVector<float> variance(o.getVariance());
  Value out = buildElementwiseWithIndices(
      b, loc, outType, {}, [&](OpBuilder &nb, Location nloc, ValueRange idx) -> Value {
        Arith a{nb, nloc, elem};
        Value i = idx[0], j = idx[1], k = idx[2];
        // The prior of this element: column j, or row i (decode, axis 1).
        Value p = encode || !byRow ? j : i;
        auto at = [&](Value t, ValueRange first, int64_t c) -> Value {
          SmallVector<Value> ix(first);
          ix.push_back(arith::ConstantIndexOp::create(nb, nloc, c));
          return tensor::ExtractOp::create(nb, nloc, t, ix);
        };
        Value px1 = at(prior, p, 0), py1 = at(prior, p, 1), px2 = at(prior, p, 2),
              py2 = at(prior, p, 3);
        Value pw = a.add(a.sub(px2, px1), a.c(unit)), ph = a.add(a.sub(py2, py1), a.c(unit));
        Value pcx = a.add(px1, a.div(pw, a.c(2))), pcy = a.add(py1, a.div(ph, a.c(2)));
        // The variance of coordinate c: the prior's row, the attribute, or 1.
        auto varOf = [&](int64_t c) -> Value {
          if (priorVar)
            return at(priorVar, p, c);
          return a.c(variance.empty() ? 1.0 : (double)variance[c]);
        };
        SmallVector<Value> coords;
        if (encode) {
          Value tx1 = at(target, i, 0), ty1 = at(target, i, 1), tx2 = at(target, i, 2),
                ty2 = at(target, i, 3);
          Value tcx = a.div(a.add(tx1, tx2), a.c(2)), tcy = a.div(a.add(ty1, ty2), a.c(2));
          Value tw = a.add(a.sub(tx2, tx1), a.c(unit)), th = a.add(a.sub(ty2, ty1), a.c(unit));
          coords = {a.div(a.sub(tcx, pcx), pw), a.div(a.sub(tcy, pcy), ph),
                    math::LogOp::create(nb, nloc, a.abs(a.div(tw, pw))),
                    math::LogOp::create(nb, nloc, a.abs(a.div(th, ph)))};
          if (priorVar || !variance.empty())
            for (int64_t c = 0; c < 4; ++c)
              coords[c] = a.div(coords[c], varOf(c));
        } else {
          SmallVector<Value> ij{i, j};
          Value t0 = at(target, ij, 0), t1 = at(target, ij, 1), t2 = at(target, ij, 2),
                t3 = at(target, ij, 3);
          Value cx = a.add(a.mul(a.mul(varOf(0), t0), pw), pcx);
          Value cy = a.add(a.mul(a.mul(varOf(1), t1), ph), pcy);
          Value w = a.mul(a.exp(a.mul(varOf(2), t2)), pw);
          Value h = a.mul(a.exp(a.mul(varOf(3), t3)), ph);
          Value hw = a.div(w, a.c(2)), hh = a.div(h, a.c(2));
          coords = {a.sub(cx, hw), a.sub(cy, hh), a.sub(a.add(cx, hw), a.c(unit)),
                    a.sub(a.add(cy, hh), a.c(unit))};
        }
        Value result = coords[3];
        for (int64_t c = 2; c >= 0; --c) {
          Value isC = arith::CmpIOp::create(nb, nloc, arith::CmpIPredicate::eq, k,
                                            arith::ConstantIndexOp::create(nb, nloc, c));
          result = arith::SelectOp::create(nb, nloc, isC, coords[c], result);
        }
        return result;
      });
  l.map(o.getOutputBox(), out);
  return success();
}

} // namespace

void lowering::populateSsdLowerings(LoweringTable &table) {
  table.add("pd.prior_box", lowerPriorBox);
  table.add("pd.box_coder", lowerBoxCoder);
}
