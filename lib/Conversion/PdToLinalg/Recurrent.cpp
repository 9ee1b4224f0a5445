//===- Recurrent.cpp - pd.rnn (LSTM, GRU, simple RNN) as a loop over time -===//
//
// Each layer and direction of Paddle's fused recurrent op becomes:
//   - one GEMM of the input weights as stored with the whole input sequence
//     (plus the biases), [gates * hidden, in] x [in, time * batch], before
//     the loop: the gates gate-major, step t's are its batch columns;
//   - an scf.for over time whose body is the step's GEMM of the hidden state
//     with the hidden weights and one elementwise generic for the gates,
//     which writes the new hidden (and cell) state and the step's output.
// A backward direction walks time from the end. With sequence_length, a
// step t >= length[b] keeps batch row b's state and outputs 0, as Paddle's
// kernel does (the backward direction then starts at the row's last step).
// The states at the end are the layer's final states; a layer's outputs
// (both directions side by side) are the next layer's input.
//
//===----------------------------------------------------------------------===//

#include "Conversion/PdToLinalg/Lowering.h"
#include "Conversion/PdToLinalg/ScalarArith.h"

using namespace mlir;
using namespace mlir::pd;
using namespace mlir::pd::lowering;

namespace {

RankedTensorType typeOf(Value v) { return cast<RankedTensorType>(v.getType()); }

SmallVector<OpFoldResult> indexAttrs(OpBuilder &b, ArrayRef<int64_t> values) {
  SmallVector<OpFoldResult> out;
  for (int64_t v : values)
    out.push_back(b.getIndexAttr(v));
  return out;
}

/// The [rows, cols] block of a 2-D or 3-D `source` at `offsets` (the
/// leading dim of a 3-D source indexed by `lead`, dropped).
Value block2D(OpBuilder &b, Location loc, Value source, OpFoldResult lead, int64_t row0,
              int64_t col0, int64_t rows, int64_t cols) {
  RankedTensorType t = typeOf(source);
  auto type = RankedTensorType::get({rows, cols}, t.getElementType());
  SmallVector<OpFoldResult> offsets, sizes;
  if (t.getRank() == 3) {
    offsets.push_back(lead);
    sizes.push_back(b.getIndexAttr(1));
  }
  offsets.append({b.getIndexAttr(row0), b.getIndexAttr(col0)});
  sizes.append(indexAttrs(b, {rows, cols}));
  SmallVector<OpFoldResult> strides(offsets.size(), b.getIndexAttr(1));
  return tensor::ExtractSliceOp::create(b, loc, type, source, offsets, sizes, strides);
}

/// Writes the [rows, cols] `value` into `dest` (2-D or 3-D, like block2D).
Value insertBlock2D(OpBuilder &b, Location loc, Value value, Value dest, OpFoldResult lead,
                    int64_t row0, int64_t col0) {
  RankedTensorType t = typeOf(dest), v = typeOf(value);
  SmallVector<OpFoldResult> offsets, sizes;
  if (t.getRank() == 3) {
    offsets.push_back(lead);
    sizes.push_back(b.getIndexAttr(1));
  }
  offsets.append({b.getIndexAttr(row0), b.getIndexAttr(col0)});
  sizes.append(indexAttrs(b, v.getShape()));
  SmallVector<OpFoldResult> strides(offsets.size(), b.getIndexAttr(1));
  return tensor::InsertSliceOp::create(b, loc, value, dest, offsets, sizes, strides);
}

Value transpose2D(OpBuilder &b, Location loc, Value v) {
  RankedTensorType t = typeOf(v);
  Value init = tensor::EmptyOp::create(b, loc, {t.getDimSize(1), t.getDimSize(0)},
                                       t.getElementType());
  return linalg::TransposeOp::create(b, loc, v, init, ArrayRef<int64_t>{1, 0}).getResult()[0];
}

/// a [m, k] @ b [k, n] plus `biases`, each [m] (added to every column:
/// `perRow`) or [n] (added to every row). Two forms use it:
///  - the input gates of all steps, gate-major: W_ih as Paddle stores it
///    times the transposed inputs, [gates * hidden, steps * batch] (the
///    weights transposed instead cost a quarter of a bidirectional LSTM's
///    time, on every run);
///  - a step's hidden gates, batch-major: h times W_hh transposed once per
///    run (the gate-major form, a matrix-vector product over rows of k, ran
///    at half the speed of this vector-matrix product).
Value matmulPlusBiases(OpBuilder &b, Location loc, Value a, Value bMat, ValueRange biases,
                       bool perRow) {
  RankedTensorType at = typeOf(a), bt = typeOf(bMat);
  Type elem = at.getElementType();
  auto type = RankedTensorType::get({at.getDimSize(0), bt.getDimSize(1)}, elem);
  Value init = createFilled(b, loc, type, scalarConstant(b, loc, elem, 0));
  Value y =
      linalg::MatmulOp::create(b, loc, ValueRange{a, bMat}, ValueRange{init}).getResult(0);
  MLIRContext *ctx = b.getContext();
  AffineMap identity = AffineMap::getMultiDimIdentityMap(2, ctx);
  AffineMap along = AffineMap::get(2, 0, {getAffineDimExpr(perRow ? 0 : 1, ctx)}, ctx);
  for (Value bias : biases) {
    Value out = tensor::EmptyOp::create(b, loc, type.getShape(), elem);
    y = linalg::GenericOp::create(
            b, loc, TypeRange{type}, ValueRange{y, bias}, ValueRange{out},
            ArrayRef<AffineMap>{identity, along, identity},
            SmallVector<utils::IteratorType>(2, utils::IteratorType::parallel),
            [](OpBuilder &nb, Location nl, ValueRange v) {
              linalg::YieldOp::create(nb, nl,
                                      ValueRange{arith::AddFOp::create(nb, nl, v[0], v[1])});
            })
            .getResult(0);
  }
  return y;
}

struct RnnShape {
  StringRef mode;
  int64_t gates, hidden, layers, directions, time, batch;
};

/// One step's new hidden and cell state (LSTM) from the gates of the input
/// (`xg`, [gates * hidden, batch], biases included) and of the hidden state
/// (`hg`, [batch, gates * hidden]): one generic over [batch, hidden] with outputs h, c
/// (LSTM) and the step's output; rows past their sequence length keep
/// their state and output 0. The new states are copied over `h` and `c`:
/// the loop then carries the same buffers, so nothing allocated in a step
/// outlives it (a loop yielding fresh buffers needs run-time ownership
/// tracking, whose i1 buffers the LLVM lowering cannot store).
SmallVector<Value> cellStep(OpBuilder &b, Location loc, const RnnShape &s, Value xg, Value hg,
                            Value h, Value c, Value lengths, Value t) {
  int64_t n = s.hidden, rows = s.batch;
  MLIRContext *ctx = b.getContext();
  Type elem = typeOf(h).getElementType();
  AffineMap identity = AffineMap::getMultiDimIdentityMap(2, ctx);
  AffineMap transposed = AffineMap::getPermutationMap(ArrayRef<unsigned>{1, 0}, ctx);
  SmallVector<Value> inputs;
  SmallVector<AffineMap> maps;
  for (int64_t g = 0; g < s.gates; ++g) {
    inputs.push_back(block2D(b, loc, xg, {}, g * n, 0, n, rows));
    maps.push_back(transposed);
    inputs.push_back(block2D(b, loc, hg, {}, 0, g * n, rows, n));
    maps.push_back(identity);
  }
  bool lstm = s.mode == "LSTM";
  inputs.push_back(h);
  maps.push_back(identity);
  if (lstm) {
    inputs.push_back(c);
    maps.push_back(identity);
  }
  if (lengths) {
    inputs.push_back(lengths);
    maps.push_back(AffineMap::get(2, 0, {getAffineDimExpr(0, ctx)}, ctx));
  }
  auto type = RankedTensorType::get({rows, n}, elem);
  SmallVector<Value> outs;
  for (int i = 0, e = lstm ? 3 : 2; i < e; ++i)
    outs.push_back(tensor::EmptyOp::create(b, loc, type.getShape(), elem));
  maps.append(outs.size(), identity);
  SmallVector<utils::IteratorType> iterators(2, utils::IteratorType::parallel);
  auto generic = linalg::GenericOp::create(
      b, loc, TypeRange(ValueRange(outs)), inputs, outs, maps, iterators,
      [&](OpBuilder &nb, Location nl, ValueRange args) {
        Arith a{nb, nl, elem};
        auto gate = [&](int64_t g) { return a.add(args[2 * g], args[2 * g + 1]); };
        unsigned next = 2 * s.gates;
        Value hPrev = args[next++];
        Value cPrev = lstm ? args[next++] : Value();
        Value hNew, cNew;
        if (lstm) {
          // i, f, c, o
          cNew = a.add(a.mul(a.sigmoid(gate(1)), cPrev),
                       a.mul(a.sigmoid(gate(0)), a.tanh(gate(2))));
          hNew = a.mul(a.sigmoid(gate(3)), a.tanh(cNew));
        } else if (s.mode == "GRU") {
          // r, z, c: the reset gate scales the hidden part of the candidate.
          Value r = a.sigmoid(gate(0)), z = a.sigmoid(gate(1));
          Value cand = a.tanh(a.add(args[4], a.mul(r, args[5])));
          hNew = a.add(a.mul(z, hPrev), a.mul(a.sub(a.c(1), z), cand));
        } else {
          Value pre = gate(0);
          hNew = s.mode == "RNN_TANH" ? a.tanh(pre) : a.max(pre, a.c(0));
        }
        Value out = hNew;
        if (lengths) {
          Value len = args[next++];
          Value step = arith::IndexCastOp::create(nb, nl, len.getType(), t);
          Value valid =
              arith::CmpIOp::create(nb, nl, arith::CmpIPredicate::slt, step, len);
          hNew = a.select(valid, hNew, hPrev);
          if (lstm)
            cNew = a.select(valid, cNew, cPrev);
          out = a.select(valid, out, a.c(0));
        }
        SmallVector<Value> results = {hNew};
        if (lstm)
          results.push_back(cNew);
        results.push_back(out);
        linalg::YieldOp::create(nb, nl, results);
      });
  // Copied over the carried states (see above).
  SmallVector<Value> results(generic.getResults());
  results[0] = linalg::CopyOp::create(b, loc, results[0], h).getResult(0);
  if (lstm)
    results[1] = linalg::CopyOp::create(b, loc, results[1], c).getResult(0);
  return results;
}

/// One direction of one layer over the whole sequence `input` [T, B, in]:
/// its outputs [T, B, hidden] and final states (h, and c for an LSTM).
SmallVector<Value> runDirection(OpBuilder &b, Location loc, const RnnShape &s, Value input,
                                ArrayRef<Value> weights, Value h0, Value c0, Value lengths,
                                bool backward) {
  Value wIh = weights[0], wHh = weights[1], bIh = weights[2], bHh = weights[3];
  RankedTensorType it = typeOf(input);
  Type elem = it.getElementType();
  int64_t T = s.time, B = s.batch, gh = s.gates * s.hidden;
  // All steps' input gates at once ([gates * hidden, T * B]); the hidden
  // bias too, but for a GRU, whose candidate gate multiplies the hidden
  // part by the reset gate.
  Value flat = reshapeTo(b, loc, input, RankedTensorType::get({T * B, it.getDimSize(2)}, elem));
  bool gru = s.mode == "GRU";
  SmallVector<Value> inputBiases = {bIh};
  if (!gru)
    inputBiases.push_back(bHh);
  Value xg = matmulPlusBiases(b, loc, wIh, transpose2D(b, loc, flat), inputBiases,
                              /*perRow=*/true);
  Value wHhT = transpose2D(b, loc, wHh);
  SmallVector<Value> hiddenBiases;
  if (gru)
    hiddenBiases.push_back(bHh);

  auto seqType = RankedTensorType::get({T, B, s.hidden}, elem);
  Value y0 = createFilled(b, loc, seqType, scalarConstant(b, loc, elem, 0));
  SmallVector<Value> init = {h0};
  bool lstm = s.mode == "LSTM";
  if (lstm)
    init.push_back(c0);
  init.push_back(y0);
  Value zero = arith::ConstantIndexOp::create(b, loc, 0);
  Value steps = arith::ConstantIndexOp::create(b, loc, T);
  Value one = arith::ConstantIndexOp::create(b, loc, 1);
  auto loop = scf::ForOp::create(
      b, loc, zero, steps, one, init,
      [&](OpBuilder &nb, Location nl, Value i, ValueRange carried) {
        Value t = i;
        if (backward)
          t = arith::SubIOp::create(nb, nl, arith::ConstantIndexOp::create(nb, nl, T - 1), i);
        Value h = carried[0], c = lstm ? carried[1] : Value(), y = carried.back();
        // Step t's columns of the input gates.
        Value column = arith::MulIOp::create(nb, nl, t, arith::ConstantIndexOp::create(nb, nl, B));
        auto xtType = RankedTensorType::get({gh, B}, elem);
        SmallVector<OpFoldResult> offsets = {nb.getIndexAttr(0), column};
        SmallVector<OpFoldResult> sizes = {nb.getIndexAttr(gh), nb.getIndexAttr(B)};
        SmallVector<OpFoldResult> strides(2, nb.getIndexAttr(1));
        Value xt = tensor::ExtractSliceOp::create(nb, nl, xtType, xg, offsets, sizes, strides);
        Value hg = matmulPlusBiases(nb, nl, h, wHhT, hiddenBiases, /*perRow=*/false);
        SmallVector<Value> step = cellStep(nb, nl, s, xt, hg, h, c, lengths, t);
        Value yNext = insertBlock2D(nb, nl, step.back(), y, t, 0, 0);
        SmallVector<Value> yielded(step.begin(), step.end() - 1);
        yielded.push_back(yNext);
        scf::YieldOp::create(nb, nl, yielded);
      });
  return SmallVector<Value>(loop.getResults());
}

LogicalResult lowerRnn(Operation *op, Lowerer &l) {
  auto o = cast<RnnOp>(op);
  Location loc = op->getLoc();
  OpBuilder &b = l.b;
  Value x = l.get(o.getX());
  SmallVector<Value> preState = l.getList(o.getPreState());
  SmallVector<Value> weights = l.getList(o.getWeightList());
  SmallVector<Type> types = {x.getType()};
  for (Value v : llvm::concat<Value>(preState, weights))
    types.push_back(v.getType());
  if (failed(requireStatic(op, types)))
    return failure();
  RnnShape s;
  s.mode = o.getMode();
  FailureOr<int64_t> gates = rnnGateCount(s.mode);
  if (failed(gates))
    return op->emitOpError() << "has an unknown mode '" << s.mode << "'";
  s.gates = *gates;
  s.hidden = (int32_t)o.getHiddenSize();
  s.layers = (int32_t)o.getNumLayers();
  s.directions = o.getIsBidirec() ? 2 : 1;
  RankedTensorType xt = typeOf(x);
  s.time = xt.getDimSize(0);
  s.batch = xt.getDimSize(1);
  Type elem = xt.getElementType();
  if (!isa<FloatType>(elem))
    return op->emitOpError() << "needs a float input, got " << elem;
  Value lengths = o.getSequenceLength() ? l.get(o.getSequenceLength()) : Value();
  if (lengths && failed(requireStatic(op, {lengths.getType()})))
    return failure();

  int64_t cells = s.layers * s.directions;
  bool lstm = s.mode == "LSTM";
  auto stateType = RankedTensorType::get({cells, s.batch, s.hidden}, elem);
  Value hN = tensor::EmptyOp::create(b, loc, stateType.getShape(), elem);
  Value cN = lstm ? tensor::EmptyOp::create(b, loc, stateType.getShape(), elem).getResult()
                  : Value();
  Value input = x;
  for (int64_t layer = 0; layer < s.layers; ++layer) {
    auto outType = RankedTensorType::get({s.time, s.batch, s.directions * s.hidden}, elem);
    Value output = s.directions == 1 ? Value() : tensor::EmptyOp::create(b, loc, outType.getShape(), elem).getResult();
    for (int64_t d = 0; d < s.directions; ++d) {
      int64_t k = layer * s.directions + d;
      OpFoldResult cell = b.getIndexAttr(k);
      Value h0 = block2D(b, loc, preState[0], cell, 0, 0, s.batch, s.hidden);
      Value c0 = lstm ? block2D(b, loc, preState[1], cell, 0, 0, s.batch, s.hidden) : Value();
      SmallVector<Value> cellWeights = {weights[2 * k], weights[2 * k + 1],
                                        weights[2 * cells + 2 * k], weights[2 * cells + 2 * k + 1]};
      SmallVector<Value> r =
          runDirection(b, loc, s, input, cellWeights, h0, c0, lengths, /*backward=*/d == 1);
      hN = insertBlock2D(b, loc, r[0], hN, cell, 0, 0);
      if (lstm)
        cN = insertBlock2D(b, loc, r[1], cN, cell, 0, 0);
      if (s.directions == 1) {
        output = r.back();
      } else {
        SmallVector<OpFoldResult> offsets = indexAttrs(b, {0, 0, d * s.hidden});
        SmallVector<OpFoldResult> sizes = indexAttrs(b, {s.time, s.batch, s.hidden});
        SmallVector<OpFoldResult> strides(3, b.getIndexAttr(1));
        output = tensor::InsertSliceOp::create(b, loc, r.back(), output, offsets, sizes, strides);
      }
    }
    input = output;
  }
  l.map(o.getOut(), castTo(b, loc, input, loweredType(o.getOut().getType())));
  SmallVector<Value> states = {hN};
  if (lstm)
    states.push_back(cN);
  l.mapList(o.getState(), states);
  // Training outputs (the dropout mask's state, the gates kept for the
  // backward pass): zeros, inference computes neither.
  for (Value unused : {o.getDropoutStateOut(), o.getReserve()}) {
    RankedTensorType type = loweredType(unused.getType());
    if (failed(requireStatic(op, {type})))
      return failure();
    l.map(unused, createFilled(b, loc, type, scalarConstant(b, loc, type.getElementType(), 0)));
  }
  return success();
}

} // namespace

void lowering::populateRecurrentLowerings(LoweringTable &table) {
  table.add("pd.rnn", lowerRnn);
}
