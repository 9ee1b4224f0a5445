//===- MulticlassNms.cpp - multiclass_nms3 as PHI's CPU kernel runs it ----===//
//
// PaddleDetection's post-processing (vision.ops.multiclass_nms, PP-YOLOE,
// PicoDet): for each image and each class but the background,
//   1. the boxes whose score is above score_threshold, by score (ties in
//      box order), the first nms_top_k of them;
//   2. greedy NMS: a box is kept when its IoU with every box kept before it
//      is at most the threshold, which becomes threshold * nms_eta after a
//      kept box while it is above 0.5 (nms_eta < 1);
//   3. with keep_top_k > -1, the keep_top_k best-scoring of the image's kept
//      boxes (ties: lower class, then kept order) stay;
// and the rows (label, score, x1, y1, x2, y2) come out by class, each class
// in kept order, with index = image * M + box. The number of rows is known
// only at run time: the rows fill a buffer of the most there can be, and
// the result is its leading rows (see DataDependent.cpp).
//
// The scores of every (image, class) row are sorted (stable); the
// rest is scalar loops: a box is compared with the boxes its class kept so
// far, up to the first that overlaps it too much, and the keep_top_k
// selection takes the best remaining box keep_top_k times (O(keep_top_k x
// kept) instead of sorting them). PicoDet's size (80 classes x 2125 boxes,
// nms_top_k 1000, keep_top_k 100) with ~790 candidates per class, nearly
// all kept: 85 ms, most of it the O(kept^2) overlaps PHI computes too.
//
//===----------------------------------------------------------------------===//

#include "Conversion/PdToLinalg/Lowering.h"

using namespace mlir;
using namespace mlir::pd;
using namespace mlir::pd::lowering;

namespace {

struct Builder {
  OpBuilder &b;
  Location loc;
  Type elem;

  Value idx(int64_t v) { return arith::ConstantIndexOp::create(b, loc, v); }
  Value num(double v) { return scalarConstant(b, loc, elem, v); }
  Value at(Value t, ValueRange i) { return tensor::ExtractOp::create(b, loc, t, i); }
  Value put(Value v, Value t, ValueRange i) { return tensor::InsertOp::create(b, loc, v, t, i); }
  Value add(Value x, Value y) {
    return isa<FloatType>(x.getType()) ? (Value)arith::AddFOp::create(b, loc, x, y)
                                       : (Value)arith::AddIOp::create(b, loc, x, y);
  }
  Value sub(Value x, Value y) { return arith::SubFOp::create(b, loc, x, y); }
  Value mul(Value x, Value y) {
    return isa<FloatType>(x.getType()) ? (Value)arith::MulFOp::create(b, loc, x, y)
                                       : (Value)arith::MulIOp::create(b, loc, x, y);
  }
  Value div(Value x, Value y) { return arith::DivFOp::create(b, loc, x, y); }
  Value lt(Value x, Value y) {
    return arith::CmpFOp::create(b, loc, arith::CmpFPredicate::OLT, x, y);
  }
  Value gt(Value x, Value y) {
    return arith::CmpFOp::create(b, loc, arith::CmpFPredicate::OGT, x, y);
  }
  Value le(Value x, Value y) {
    return arith::CmpFOp::create(b, loc, arith::CmpFPredicate::OLE, x, y);
  }
  Value select(Value c, Value x, Value y) { return arith::SelectOp::create(b, loc, c, x, y); }
  Value orI(Value x, Value y) { return arith::OrIOp::create(b, loc, x, y); }
  Value andI(Value x, Value y) { return arith::AndIOp::create(b, loc, x, y); }
  /// std::max / std::min as PHI calls them.
  Value max(Value x, Value y) { return select(lt(x, y), y, x); }
  Value min(Value x, Value y) { return select(lt(y, x), y, x); }
  Value toIndex(Value v) { return arith::IndexCastOp::create(b, loc, b.getIndexType(), v); }
  Value toI64(Value v) { return arith::IndexCastOp::create(b, loc, b.getI64Type(), v); }
  Value sub1(Value v) { return arith::SubIOp::create(b, loc, v, idx(1)); }
  Value not1(Value v) {
    return arith::XOrIOp::create(b, loc, v, arith::ConstantIntOp::create(b, loc, 1, 1));
  }

  /// BBoxArea: 0 for an invalid box, (w + 1)(h + 1) in pixel coordinates.
  Value area(ArrayRef<Value> box, bool normalized) {
    Value w = sub(box[2], box[0]), h = sub(box[3], box[1]);
    if (!normalized) {
      w = add(w, num(1));
      h = add(h, num(1));
    }
    Value invalid = orI(lt(box[2], box[0]), lt(box[3], box[1]));
    return select(invalid, num(0), mul(w, h));
  }

  /// JaccardOverlap(box1, box2).
  Value iou(ArrayRef<Value> b1, ArrayRef<Value> b2, bool normalized) {
    Value apart = orI(orI(gt(b2[0], b1[2]), lt(b2[2], b1[0])),
                      orI(gt(b2[1], b1[3]), lt(b2[3], b1[1])));
    Value norm = num(normalized ? 0 : 1);
    Value w = add(sub(min(b1[2], b2[2]), max(b1[0], b2[0])), norm);
    Value h = add(sub(min(b1[3], b2[3]), max(b1[1], b2[1])), norm);
    Value inter = mul(w, h);
    Value overlap = div(inter, sub(add(area(b1, normalized), area(b2, normalized)), inter));
    return select(apart, num(0), overlap);
  }
};

/// An scf.if yielding `types`: `then` and `otherwise` build the values.
ValueRange ifThenElse(OpBuilder &b, Location loc, Value cond,
                      function_ref<SmallVector<Value>(OpBuilder &)> then,
                      function_ref<SmallVector<Value>(OpBuilder &)> otherwise) {
  auto op = scf::IfOp::create(
      b, loc, cond,
      [&](OpBuilder &tb, Location tl) { scf::YieldOp::create(tb, tl, then(tb)); },
      [&](OpBuilder &eb, Location el) { scf::YieldOp::create(eb, el, otherwise(eb)); });
  return op.getResults();
}

/// scf.for from `lo` to `hi` carrying `init`; `body(builder, iv, carried)`.
ValueRange loop(OpBuilder &b, Location loc, Value lo, Value hi, ValueRange init,
                function_ref<SmallVector<Value>(OpBuilder &, Value, ValueRange)> body) {
  auto op = scf::ForOp::create(
      b, loc, lo, hi, arith::ConstantIndexOp::create(b, loc, 1), init,
      [&](OpBuilder &lb, Location ll, Value iv, ValueRange carried) {
        scf::YieldOp::create(lb, ll, body(lb, iv, carried));
      });
  return op.getResults();
}

LogicalResult lowerMulticlassNms(Operation *op, Lowerer &l) {
  auto o = cast<MulticlassNms3Op>(op);
  OpBuilder &b = l.b;
  Location loc = op->getLoc();
  if (o.getRoisNum())
    return op->emitOpError() << "the CPU lowering supports scores [N, C, M] with bboxes "
                                "[N, M, 4], not boxes grouped by rois_num";
  Value boxes = l.get(o.getBboxes()), scores = l.get(o.getScores());
  auto bt = cast<RankedTensorType>(boxes.getType());
  auto st = cast<RankedTensorType>(scores.getType());
  if (failed(requireStatic(op, {bt, st})))
    return failure();
  if (st.getRank() != 3 || bt.getDimSize(2) != 4)
    return op->emitOpError() << "the CPU lowering supports scores [N, C, M] with bboxes "
                                "[N, M, 4] (not polygons)";
  Type elem = st.getElementType();
  if (!isa<FloatType>(elem) || bt.getElementType() != elem)
    return op->emitOpError() << "the CPU lowering needs float boxes and scores of one type";
  int64_t n = st.getDimSize(0), classes = st.getDimSize(1), m = st.getDimSize(2);
  int64_t nmsTopK = (int32_t)o.getNmsTopK(), keepTopK = (int32_t)o.getKeepTopK();
  int64_t background = (int32_t)o.getBackgroundLabel();
  bool normalized = o.getNormalized();
  double eta = o.getNmsEta().convertToDouble();
  // The candidates of a class, the kept boxes of an image, the rows.
  int64_t candidates = nmsTopK > -1 ? std::min(nmsTopK, m) : m;
  int64_t perImage = classes * candidates;
  int64_t kept = keepTopK > -1 ? std::min(keepTopK, perImage) : perImage;
  int64_t bound = n * kept;

  Builder a{b, loc, elem};
  Value sorted, order;
  sortLastAxis(b, loc, reshapeTo(b, loc, scores, RankedTensorType::get({n * classes, m}, elem)),
               /*descending=*/true, sorted, order);
  Type i64 = b.getI64Type(), i32 = b.getI32Type(), i8 = b.getI8Type();
  auto filled = [&](ArrayRef<int64_t> shape, Type t) {
    return createFilled(b, loc, RankedTensorType::get(shape, t), scalarConstant(b, loc, t, 0));
  };
  Value scoreThreshold = a.num((float)o.getScoreThreshold().convertToDouble());
  Value nmsThreshold = a.num((float)o.getNmsThreshold().convertToDouble());
  Value c0 = a.idx(0), c1 = a.idx(1);
  auto boxOf = [&](Builder &x, Value image, Value box) {
    SmallVector<Value> v;
    for (int64_t k = 0; k < 4; ++k)
      v.push_back(x.at(boxes, {image, box, x.idx(k)}));
    return v;
  };

  ValueRange images = loop(
      b, loc, c0, a.idx(n),
      {filled({bound, 6}, elem), filled({bound, 1}, i32), filled({n}, i32), c0},
      [&](OpBuilder &ib, Value i, ValueRange img) -> SmallVector<Value> {
        Builder x{ib, loc, elem};
        // Per class: candidates by score, greedy NMS; kept boxes appended
        // as (label, box, score) at [0, count).
        ValueRange dets = loop(
            ib, loc, c0, x.idx(classes),
            {filled({perImage}, i64), filled({perImage}, i64), filled({perImage}, elem), c0},
            [&](OpBuilder &cb, Value c, ValueRange det) -> SmallVector<Value> {
              Builder y{cb, loc, elem};
              Value isBackground = arith::CmpIOp::create(cb, loc, arith::CmpIPredicate::eq, c,
                                                         y.idx(background));
              ValueRange r = ifThenElse(
                  cb, loc, isBackground,
                  [&](OpBuilder &) { return SmallVector<Value>(det); },
                  [&](OpBuilder &eb) -> SmallVector<Value> {
                    Builder z{eb, loc, elem};
                    Value row = z.add(z.mul(i, z.idx(classes)), c);
                    Value first = det[3];
                    ValueRange nms = loop(
                        eb, loc, c0, z.idx(candidates),
                        {det[0], det[1], det[2], det[3], nmsThreshold},
                        [&](OpBuilder &kb, Value k, ValueRange s) -> SmallVector<Value> {
                          Builder w{kb, loc, elem};
                          Value score = w.at(sorted, {row, k});
                          Value box = w.toIndex(w.at(order, {row, k}));
                          Value candidate = w.gt(score, scoreThreshold);
                          return SmallVector<Value>(ifThenElse(
                              kb, loc, candidate,
                              [&](OpBuilder &tb) -> SmallVector<Value> {
                                Builder t{tb, loc, elem};
                                SmallVector<Value> mine = boxOf(t, i, box);
                                // Against the boxes this class kept, up to
                                // the first that overlaps too much.
                                auto scan = scf::WhileOp::create(
                                    tb, loc, TypeRange{tb.getIndexType(), tb.getI1Type()},
                                    ValueRange{first, arith::ConstantIntOp::create(tb, loc, 1, 1)},
                                    [&](OpBuilder &qb, Location ql, ValueRange st) {
                                      Value more = arith::CmpIOp::create(
                                          qb, ql, arith::CmpIPredicate::slt, st[0], s[3]);
                                      Value go = arith::AndIOp::create(qb, ql, more, st[1]);
                                      scf::ConditionOp::create(qb, ql, go, st);
                                    },
                                    [&](OpBuilder &qb, Location ql, ValueRange st) {
                                      Builder u{qb, ql, elem};
                                      Value other = u.toIndex(u.at(s[1], {st[0]}));
                                      Value overlap = u.iou(mine, boxOf(u, i, other), normalized);
                                      scf::YieldOp::create(
                                          qb, ql, ValueRange{u.add(st[0], u.idx(1)),
                                                             u.le(overlap, s[4])});
                                    });
                                Value keep = scan.getResult(1);
                                return SmallVector<Value>(ifThenElse(
                                    tb, loc, keep,
                                    [&](OpBuilder &kb2) -> SmallVector<Value> {
                                      Builder v{kb2, loc, elem};
                                      Value label = v.put(v.toI64(c), s[0], {s[3]});
                                      Value at = v.put(v.toI64(box), s[1], {s[3]});
                                      Value sc = v.put(score, s[2], {s[3]});
                                      Value threshold = s[4];
                                      if (eta < 1)
                                        threshold = v.select(v.gt(s[4], v.num(0.5)),
                                                             v.mul(s[4], v.num((float)eta)), s[4]);
                                      return {label, at, sc, v.add(s[3], c1), threshold};
                                    },
                                    [&](OpBuilder &) { return SmallVector<Value>(s); }));
                              },
                              [&](OpBuilder &) { return SmallVector<Value>(s); }));
                        });
                    return {nms[0], nms[1], nms[2], nms[3]};
                  });
              return SmallVector<Value>(r);
            });
        Value count = dets[3];
        // keep_top_k: the best remaining box, keep_top_k times (ties: the
        // first in kept order, as PHI's stable sort).
        Value chosen = filled({perImage}, i8);
        if (keepTopK > -1)
          chosen = loop(
              ib, loc, c0, x.idx(keepTopK), {chosen},
              [&](OpBuilder &pb, Value, ValueRange sel) -> SmallVector<Value> {
                Builder y{pb, loc, elem};
                ValueRange best = loop(
                    pb, loc, c0, count,
                    {c0, y.num(0), arith::ConstantIntOp::create(pb, loc, 0, 1)},
                    [&](OpBuilder &db, Value d, ValueRange cur) -> SmallVector<Value> {
                      Builder z{db, loc, elem};
                      Value taken = arith::CmpIOp::create(
                          db, loc, arith::CmpIPredicate::ne, z.at(sel[0], {d}),
                          scalarConstant(db, loc, i8, 0));
                      Value sd = z.at(dets[2], {d});
                      Value notFound = arith::XOrIOp::create(
                          db, loc, cur[2], arith::ConstantIntOp::create(db, loc, 1, 1));
                      Value better = z.andI(
                          arith::XOrIOp::create(db, loc, taken,
                                                arith::ConstantIntOp::create(db, loc, 1, 1)),
                          z.orI(notFound, z.gt(sd, cur[1])));
                      return {z.select(better, d, cur[0]), z.select(better, sd, cur[1]),
                              z.orI(cur[2], better)};
                    });
                return SmallVector<Value>(ifThenElse(
                    pb, loc, best[2],
                    [&](OpBuilder &tb) -> SmallVector<Value> {
                      Builder t{tb, loc, elem};
                      return {t.put(scalarConstant(tb, loc, i8, 1), sel[0], {best[0]})};
                    },
                    [&](OpBuilder &) { return SmallVector<Value>(sel); }));
              })[0];
        // The rows, by class and kept order.
        ValueRange rows = loop(
            ib, loc, c0, count, {img[0], img[1], c0},
            [&](OpBuilder &db, Value d, ValueRange out) -> SmallVector<Value> {
              Builder y{db, loc, elem};
              Value take = arith::ConstantIntOp::create(db, loc, 1, 1);
              if (keepTopK > -1)
                take = arith::CmpIOp::create(db, loc, arith::CmpIPredicate::ne,
                                             y.at(chosen, {d}), scalarConstant(db, loc, i8, 0));
              return SmallVector<Value>(ifThenElse(
                  db, loc, take,
                  [&](OpBuilder &tb) -> SmallVector<Value> {
                    Builder t{tb, loc, elem};
                    Value r = t.add(img[3], out[2]);
                    Value box = t.toIndex(t.at(dets[1], {d}));
                    Value label = arith::SIToFPOp::create(tb, loc, elem, t.at(dets[0], {d}));
                    Value table = t.put(label, out[0], {r, t.idx(0)});
                    table = t.put(t.at(dets[2], {d}), table, {r, t.idx(1)});
                    SmallVector<Value> coords = boxOf(t, i, box);
                    for (int64_t k = 0; k < 4; ++k)
                      table = t.put(coords[k], table, {r, t.idx(2 + k)});
                    Value flat = t.add(t.mul(i, t.idx(m)), box);
                    Value index = arith::IndexCastOp::create(tb, loc, i32, flat);
                    Value indices = t.put(index, out[1], {r, t.idx(0)});
                    return {table, indices, t.add(out[2], c1)};
                  },
                  [&](OpBuilder &) { return SmallVector<Value>(out); }));
            });
        Value perImageCount = arith::IndexCastOp::create(ib, loc, i32, rows[2]);
        Value counts = x.put(perImageCount, img[2], {i});
        return {rows[0], rows[1], counts, x.add(img[3], rows[2])};
      });

  // The rows the images kept.
  l.map(o.getOut(), castTo(b, loc, leadingRows(b, loc, images[0], images[3]),
                           loweredType(o.getOut().getType())));
  l.map(o.getIndex(), castTo(b, loc, leadingRows(b, loc, images[1], images[3]),
                             loweredType(o.getIndex().getType())));
  l.map(o.getNmsRoisNum(), castTo(b, loc, images[2], loweredType(o.getNmsRoisNum().getType())));
  return success();
}

} // namespace

void lowering::populateNmsLowerings(LoweringTable &table) {
  table.add("pd.multiclass_nms3", lowerMulticlassNms);
}
