//===- Recurrent.cpp - InferMeta of the fused recurrent layer (pd.rnn) ----===//
//
// Paddle's RnnInferMeta, with the checks the lowering relies on made here:
// the weight list must hold, for each layer and direction, the input and
// hidden weights ([gates * hidden, in] and [gates * hidden, hidden]) and then
// their biases ([gates * hidden]), as nn.LSTM / nn.GRU / nn.SimpleRNN pass it.
//
//===----------------------------------------------------------------------===//

#include "Dialect/Pd/InferMeta/InferMeta.h"

namespace mlir::pd {

namespace {

/// Checks one tensor of the weight list against its expected dims.
LogicalResult checkWeight(const MetaTensorList &weights, size_t index,
                          ArrayRef<int64_t> want, Type dtype, const char *what,
                          int64_t layer, int64_t direction, const MetaError &err) {
  const MetaTensor &w = weights.tensors[index];
  bool differs = w.rank() != (int64_t)want.size();
  for (size_t i = 0; !differs && i < want.size(); ++i)
    differs = knownAndDiffer(w.dims[i], want[i]);
  if (differs)
    return err("weight_list[", index, "] (the ", what, " of layer ", layer, ", direction ",
               direction, ") is ", dimsStr(w.dims), ", expected ", dimsStr(want));
  if (w.dtype != dtype)
    return err("weight_list[", index, "] has dtype ", w.dtype, ", x has ", dtype);
  return success();
}
} // namespace

/// The gates of one cell: LSTM i, f, c, o; GRU r, z, c; a simple RNN one.
FailureOr<int64_t> rnnGateCount(StringRef mode) {
  if (mode == "LSTM")
    return 4;
  if (mode == "GRU")
    return 3;
  if (mode == "RNN_TANH" || mode == "RNN_RELU")
    return 1;
  return failure();
}

LogicalResult RnnInferMeta(const MetaTensor &x, const MetaTensorList &preState,
                           const MetaTensorList &weightList, const MetaTensor &sequenceLength,
                           const MetaTensor &dropoutStateIn, float dropoutProb, bool isBidirec,
                           int32_t inputSize, int32_t hiddenSize, int32_t numLayers,
                           StringRef mode, bool isTest, MetaTensor &out,
                           MetaTensor &dropoutStateOut, SmallVectorImpl<MetaTensor> &state,
                           MetaTensor &reserve, const MetaError &err) {
  (void)dropoutStateIn; // any tensor: only training-time dropout reads it
  FailureOr<int64_t> gates = rnnGateCount(mode);
  if (failed(gates))
    return err("mode must be LSTM, GRU, RNN_TANH or RNN_RELU, got '", mode, "'");
  if (x.rank() != 3)
    return err("x must be [time, batch, input_size], got ", dimsStr(x.dims));
  if (!isa<FloatType>(x.dtype))
    return err("x must be a float tensor, got ", x.dtype);
  if (hiddenSize <= 0 || inputSize <= 0 || numLayers <= 0)
    return err("hidden_size, input_size and num_layers must be positive, got ", hiddenSize,
               ", ", inputSize, ", ", numLayers);
  // The weights grow with layers x gates x hidden^2: bound them so that no
  // product below overflows.
  if (hiddenSize > (1 << 20) || inputSize > (1 << 20) || numLayers > 1024)
    return err("hidden_size ", hiddenSize, ", input_size ", inputSize, " or num_layers ",
               numLayers, " is too large");
  if (knownAndDiffer(x.dims[2], inputSize))
    return err("x has ", x.dims[2], " features, input_size is ", inputSize);
  if (dropoutProb < 0 || dropoutProb > 1)
    return err("dropout_prob must be in [0, 1], got ", dropoutProb);
  if (!isTest && dropoutProb > 0 && numLayers > 1)
    return err("is_test = false with a dropout_prob above 0 drops out between layers, "
               "which is training; only inference (is_test = true) is supported");
  int64_t directions = isBidirec ? 2 : 1;
  int64_t batch = x.dims[1];
  size_t states = mode == "LSTM" ? 2 : 1;
  if (preState.tensors.size() != states)
    return err("pre_state must hold ", states, mode == "LSTM" ? " tensors (h, c)" : " tensor (h)",
               " for mode ", mode, ", got ", preState.tensors.size());
  SmallVector<int64_t> stateDims = {numLayers * directions, batch, hiddenSize};
  for (auto [i, s] : llvm::enumerate(preState.tensors)) {
    bool differs = s.rank() != 3;
    for (int64_t d = 0; !differs && d < 3; ++d)
      differs = knownAndDiffer(s.dims[d], stateDims[d]);
    if (differs)
      return err("pre_state[", i, "] is ", dimsStr(s.dims), ", expected ", dimsStr(stateDims),
                 " (layers x directions, batch, hidden_size)");
    if (s.dtype != x.dtype)
      return err("pre_state[", i, "] has dtype ", s.dtype, ", x has ", x.dtype);
  }
  size_t cells = numLayers * directions;
  if (weightList.tensors.size() != 4 * cells)
    return err("weight_list must hold ", 4 * cells, " tensors (input and hidden weights, then "
               "their biases, of ", numLayers, " layer(s) x ", directions,
               " direction(s)), got ", weightList.tensors.size());
  int64_t rows = *gates * hiddenSize;
  for (int64_t layer = 0; layer < numLayers; ++layer) {
    int64_t in = layer == 0 ? inputSize : directions * hiddenSize;
    for (int64_t d = 0; d < directions; ++d) {
      size_t k = layer * directions + d;
      if (failed(checkWeight(weightList, 2 * k, {rows, in}, x.dtype, "input weight", layer, d,
                             err)) ||
          failed(checkWeight(weightList, 2 * k + 1, {rows, hiddenSize}, x.dtype,
                             "hidden weight", layer, d, err)) ||
          failed(checkWeight(weightList, 2 * cells + 2 * k, {rows}, x.dtype, "input bias",
                             layer, d, err)) ||
          failed(checkWeight(weightList, 2 * cells + 2 * k + 1, {rows}, x.dtype,
                             "hidden bias", layer, d, err)))
        return failure();
    }
  }
  if (sequenceLength.present) {
    if (sequenceLength.rank() != 1 || knownAndDiffer(sequenceLength.dims[0], batch))
      return err("sequence_length must be [batch] = [", batch, "], got ",
                 dimsStr(sequenceLength.dims));
    if (!sequenceLength.dtype.isInteger(32) && !sequenceLength.dtype.isInteger(64))
      return err("sequence_length must be int32 or int64, got ", sequenceLength.dtype);
  }
  out.set({x.dims[0], batch, directions * hiddenSize}, x.dtype);
  state.clear();
  for (size_t i = 0; i < states; ++i)
    state.push_back(MetaTensor(stateDims, x.dtype));
  // Training outputs that Paddle's InferMeta leaves unset (a 0-D float32
  // tensor in its programs): the dropout mask's state, and the gates kept
  // for the backward pass. Inference computes neither.
  Type f32 = Float32Type::get(x.dtype.getContext());
  dropoutStateOut.set({}, f32);
  reserve.set({}, f32);
  return success();
}

} // namespace mlir::pd
