// The diagnostics of the fused recurrent layer's InferMeta
// (lib/Dialect/Pd/InferMeta/Recurrent.cpp), reported by the verifier.
// RUN: paddle-opt %s -split-input-file -verify-diagnostics

// -----

func.func @rnn_mode(%x: !pd.vtensor<5x2x4xf32>, %s0: !pd.vtensor<1x2x3xf32>, %w0: !pd.vtensor<12x4xf32>, %w1: !pd.vtensor<12x3xf32>, %w2: !pd.vtensor<12xf32>, %w3: !pd.vtensor<12xf32>) {
  %s = pd.combine(%s0) : !pd.vtensor<1x2x3xf32>
  %w = pd.combine(%w0, %w1, %w2, %w3) : !pd.vtensor<12x4xf32>, !pd.vtensor<12x3xf32>, !pd.vtensor<12xf32>, !pd.vtensor<12xf32>
  // expected-error @+2 {{'pd.rnn' op mode must be LSTM, GRU, RNN_TANH or RNN_RELU, got 'TANH'}}
  // expected-error @+1 {{'pd.rnn' op failed to infer returned types}}
  %out, %ds, %state, %reserve = pd.rnn %x, %s, %w, %x {mode = "TANH", input_size = 4 : i32, hidden_size = 3 : i32, is_test = true} : (!pd.vtensor<5x2x4xf32>, !pd.vec<!pd.vtensor<1x2x3xf32>>, !pd.vec<!pd.vtensor<12x4xf32>, !pd.vtensor<12x3xf32>, !pd.vtensor<12xf32>, !pd.vtensor<12xf32>>, !pd.vtensor<5x2x4xf32>) -> (!pd.vtensor<?x?x?xf32>, !pd.vtensor<f32>, !pd.vec<!pd.vtensor<?x?x?xf32>>, !pd.vtensor<f32>)
  return
}

// -----

func.func @rnn_rank(%x: !pd.vtensor<5x4xf32>, %s0: !pd.vtensor<1x2x3xf32>, %s1: !pd.vtensor<1x2x3xf32>, %w0: !pd.vtensor<12x4xf32>, %w1: !pd.vtensor<12x3xf32>, %w2: !pd.vtensor<12xf32>, %w3: !pd.vtensor<12xf32>) {
  %s = pd.combine(%s0, %s1) : !pd.vtensor<1x2x3xf32>, !pd.vtensor<1x2x3xf32>
  %w = pd.combine(%w0, %w1, %w2, %w3) : !pd.vtensor<12x4xf32>, !pd.vtensor<12x3xf32>, !pd.vtensor<12xf32>, !pd.vtensor<12xf32>
  // expected-error @+2 {{'pd.rnn' op x must be [time, batch, input_size], got [5, 4]}}
  // expected-error @+1 {{'pd.rnn' op failed to infer returned types}}
  %out, %ds, %state, %reserve = pd.rnn %x, %s, %w, %x {mode = "LSTM", input_size = 4 : i32, hidden_size = 3 : i32, is_test = true} : (!pd.vtensor<5x4xf32>, !pd.vec<!pd.vtensor<1x2x3xf32>, !pd.vtensor<1x2x3xf32>>, !pd.vec<!pd.vtensor<12x4xf32>, !pd.vtensor<12x3xf32>, !pd.vtensor<12xf32>, !pd.vtensor<12xf32>>, !pd.vtensor<5x4xf32>) -> (!pd.vtensor<?x?x?xf32>, !pd.vtensor<f32>, !pd.vec<!pd.vtensor<?x?x?xf32>, !pd.vtensor<?x?x?xf32>>, !pd.vtensor<f32>)
  return
}

// -----

func.func @rnn_input_size(%x: !pd.vtensor<5x2x6xf32>, %s0: !pd.vtensor<1x2x3xf32>, %s1: !pd.vtensor<1x2x3xf32>, %w0: !pd.vtensor<12x4xf32>, %w1: !pd.vtensor<12x3xf32>, %w2: !pd.vtensor<12xf32>, %w3: !pd.vtensor<12xf32>) {
  %s = pd.combine(%s0, %s1) : !pd.vtensor<1x2x3xf32>, !pd.vtensor<1x2x3xf32>
  %w = pd.combine(%w0, %w1, %w2, %w3) : !pd.vtensor<12x4xf32>, !pd.vtensor<12x3xf32>, !pd.vtensor<12xf32>, !pd.vtensor<12xf32>
  // expected-error @+2 {{'pd.rnn' op x has 6 features, input_size is 4}}
  // expected-error @+1 {{'pd.rnn' op failed to infer returned types}}
  %out, %ds, %state, %reserve = pd.rnn %x, %s, %w, %x {mode = "LSTM", input_size = 4 : i32, hidden_size = 3 : i32, is_test = true} : (!pd.vtensor<5x2x6xf32>, !pd.vec<!pd.vtensor<1x2x3xf32>, !pd.vtensor<1x2x3xf32>>, !pd.vec<!pd.vtensor<12x4xf32>, !pd.vtensor<12x3xf32>, !pd.vtensor<12xf32>, !pd.vtensor<12xf32>>, !pd.vtensor<5x2x6xf32>) -> (!pd.vtensor<?x?x?xf32>, !pd.vtensor<f32>, !pd.vec<!pd.vtensor<?x?x?xf32>, !pd.vtensor<?x?x?xf32>>, !pd.vtensor<f32>)
  return
}

// -----

func.func @rnn_lstm_states(%x: !pd.vtensor<5x2x4xf32>, %s0: !pd.vtensor<1x2x3xf32>, %w0: !pd.vtensor<12x4xf32>, %w1: !pd.vtensor<12x3xf32>, %w2: !pd.vtensor<12xf32>, %w3: !pd.vtensor<12xf32>) {
  %s = pd.combine(%s0) : !pd.vtensor<1x2x3xf32>
  %w = pd.combine(%w0, %w1, %w2, %w3) : !pd.vtensor<12x4xf32>, !pd.vtensor<12x3xf32>, !pd.vtensor<12xf32>, !pd.vtensor<12xf32>
  // expected-error @+2 {{'pd.rnn' op pre_state must hold 2 tensors (h, c) for mode LSTM, got 1}}
  // expected-error @+1 {{'pd.rnn' op failed to infer returned types}}
  %out, %ds, %state, %reserve = pd.rnn %x, %s, %w, %x {mode = "LSTM", input_size = 4 : i32, hidden_size = 3 : i32, is_test = true} : (!pd.vtensor<5x2x4xf32>, !pd.vec<!pd.vtensor<1x2x3xf32>>, !pd.vec<!pd.vtensor<12x4xf32>, !pd.vtensor<12x3xf32>, !pd.vtensor<12xf32>, !pd.vtensor<12xf32>>, !pd.vtensor<5x2x4xf32>) -> (!pd.vtensor<?x?x?xf32>, !pd.vtensor<f32>, !pd.vec<!pd.vtensor<?x?x?xf32>>, !pd.vtensor<f32>)
  return
}

// -----

func.func @rnn_state_shape(%x: !pd.vtensor<5x2x4xf32>, %s0: !pd.vtensor<1x2x3xf32>, %s1: !pd.vtensor<1x3x3xf32>, %w0: !pd.vtensor<12x4xf32>, %w1: !pd.vtensor<12x3xf32>, %w2: !pd.vtensor<12xf32>, %w3: !pd.vtensor<12xf32>) {
  %s = pd.combine(%s0, %s1) : !pd.vtensor<1x2x3xf32>, !pd.vtensor<1x3x3xf32>
  %w = pd.combine(%w0, %w1, %w2, %w3) : !pd.vtensor<12x4xf32>, !pd.vtensor<12x3xf32>, !pd.vtensor<12xf32>, !pd.vtensor<12xf32>
  // expected-error @+2 {{'pd.rnn' op pre_state[1] is [1, 3, 3], expected [1, 2, 3] (layers x directions, batch, hidden_size)}}
  // expected-error @+1 {{'pd.rnn' op failed to infer returned types}}
  %out, %ds, %state, %reserve = pd.rnn %x, %s, %w, %x {mode = "LSTM", input_size = 4 : i32, hidden_size = 3 : i32, is_test = true} : (!pd.vtensor<5x2x4xf32>, !pd.vec<!pd.vtensor<1x2x3xf32>, !pd.vtensor<1x3x3xf32>>, !pd.vec<!pd.vtensor<12x4xf32>, !pd.vtensor<12x3xf32>, !pd.vtensor<12xf32>, !pd.vtensor<12xf32>>, !pd.vtensor<5x2x4xf32>) -> (!pd.vtensor<?x?x?xf32>, !pd.vtensor<f32>, !pd.vec<!pd.vtensor<?x?x?xf32>, !pd.vtensor<?x?x?xf32>>, !pd.vtensor<f32>)
  return
}

// -----

func.func @rnn_weight_count(%x: !pd.vtensor<5x2x4xf32>, %s0: !pd.vtensor<2x2x3xf32>, %s1: !pd.vtensor<2x2x3xf32>, %w0: !pd.vtensor<12x4xf32>, %w1: !pd.vtensor<12x3xf32>, %w2: !pd.vtensor<12xf32>, %w3: !pd.vtensor<12xf32>) {
  %s = pd.combine(%s0, %s1) : !pd.vtensor<2x2x3xf32>, !pd.vtensor<2x2x3xf32>
  %w = pd.combine(%w0, %w1, %w2, %w3) : !pd.vtensor<12x4xf32>, !pd.vtensor<12x3xf32>, !pd.vtensor<12xf32>, !pd.vtensor<12xf32>
  // expected-error @+2 {{'pd.rnn' op weight_list must hold 8 tensors (input and hidden weights, then their biases, of 1 layer(s) x 2 direction(s)), got 4}}
  // expected-error @+1 {{'pd.rnn' op failed to infer returned types}}
  %out, %ds, %state, %reserve = pd.rnn %x, %s, %w, %x {mode = "LSTM", input_size = 4 : i32, hidden_size = 3 : i32, is_test = true, is_bidirec = true} : (!pd.vtensor<5x2x4xf32>, !pd.vec<!pd.vtensor<2x2x3xf32>, !pd.vtensor<2x2x3xf32>>, !pd.vec<!pd.vtensor<12x4xf32>, !pd.vtensor<12x3xf32>, !pd.vtensor<12xf32>, !pd.vtensor<12xf32>>, !pd.vtensor<5x2x4xf32>) -> (!pd.vtensor<?x?x?xf32>, !pd.vtensor<f32>, !pd.vec<!pd.vtensor<?x?x?xf32>, !pd.vtensor<?x?x?xf32>>, !pd.vtensor<f32>)
  return
}

// -----

func.func @rnn_weight_shape(%x: !pd.vtensor<5x2x4xf32>, %s0: !pd.vtensor<1x2x3xf32>, %s1: !pd.vtensor<1x2x3xf32>, %w0: !pd.vtensor<12x4xf32>, %w1: !pd.vtensor<12x4xf32>, %w2: !pd.vtensor<12xf32>, %w3: !pd.vtensor<12xf32>) {
  %s = pd.combine(%s0, %s1) : !pd.vtensor<1x2x3xf32>, !pd.vtensor<1x2x3xf32>
  %w = pd.combine(%w0, %w1, %w2, %w3) : !pd.vtensor<12x4xf32>, !pd.vtensor<12x4xf32>, !pd.vtensor<12xf32>, !pd.vtensor<12xf32>
  // expected-error @+2 {{'pd.rnn' op weight_list[1] (the hidden weight of layer 0, direction 0) is [12, 4], expected [12, 3]}}
  // expected-error @+1 {{'pd.rnn' op failed to infer returned types}}
  %out, %ds, %state, %reserve = pd.rnn %x, %s, %w, %x {mode = "LSTM", input_size = 4 : i32, hidden_size = 3 : i32, is_test = true} : (!pd.vtensor<5x2x4xf32>, !pd.vec<!pd.vtensor<1x2x3xf32>, !pd.vtensor<1x2x3xf32>>, !pd.vec<!pd.vtensor<12x4xf32>, !pd.vtensor<12x4xf32>, !pd.vtensor<12xf32>, !pd.vtensor<12xf32>>, !pd.vtensor<5x2x4xf32>) -> (!pd.vtensor<?x?x?xf32>, !pd.vtensor<f32>, !pd.vec<!pd.vtensor<?x?x?xf32>, !pd.vtensor<?x?x?xf32>>, !pd.vtensor<f32>)
  return
}

// -----

func.func @rnn_gru_gates(%x: !pd.vtensor<5x2x4xf32>, %s0: !pd.vtensor<1x2x3xf32>, %w0: !pd.vtensor<12x4xf32>, %w1: !pd.vtensor<12x3xf32>, %w2: !pd.vtensor<12xf32>, %w3: !pd.vtensor<12xf32>) {
  %s = pd.combine(%s0) : !pd.vtensor<1x2x3xf32>
  %w = pd.combine(%w0, %w1, %w2, %w3) : !pd.vtensor<12x4xf32>, !pd.vtensor<12x3xf32>, !pd.vtensor<12xf32>, !pd.vtensor<12xf32>
  // expected-error @+2 {{'pd.rnn' op weight_list[0] (the input weight of layer 0, direction 0) is [12, 4], expected [9, 4]}}
  // expected-error @+1 {{'pd.rnn' op failed to infer returned types}}
  %out, %ds, %state, %reserve = pd.rnn %x, %s, %w, %x {mode = "GRU", input_size = 4 : i32, hidden_size = 3 : i32, is_test = true} : (!pd.vtensor<5x2x4xf32>, !pd.vec<!pd.vtensor<1x2x3xf32>>, !pd.vec<!pd.vtensor<12x4xf32>, !pd.vtensor<12x3xf32>, !pd.vtensor<12xf32>, !pd.vtensor<12xf32>>, !pd.vtensor<5x2x4xf32>) -> (!pd.vtensor<?x?x?xf32>, !pd.vtensor<f32>, !pd.vec<!pd.vtensor<?x?x?xf32>>, !pd.vtensor<f32>)
  return
}

// -----

func.func @rnn_lengths(%x: !pd.vtensor<5x2x4xf32>, %s0: !pd.vtensor<1x2x3xf32>, %s1: !pd.vtensor<1x2x3xf32>, %w0: !pd.vtensor<12x4xf32>, %w1: !pd.vtensor<12x3xf32>, %w2: !pd.vtensor<12xf32>, %w3: !pd.vtensor<12xf32>, %len: !pd.vtensor<2xf32>) {
  %s = pd.combine(%s0, %s1) : !pd.vtensor<1x2x3xf32>, !pd.vtensor<1x2x3xf32>
  %w = pd.combine(%w0, %w1, %w2, %w3) : !pd.vtensor<12x4xf32>, !pd.vtensor<12x3xf32>, !pd.vtensor<12xf32>, !pd.vtensor<12xf32>
  // expected-error @+2 {{'pd.rnn' op sequence_length must be int32 or int64, got 'f32'}}
  // expected-error @+1 {{'pd.rnn' op failed to infer returned types}}
  %out, %ds, %state, %reserve = pd.rnn %x, %s, %w, %x sequence_length(%len) {mode = "LSTM", input_size = 4 : i32, hidden_size = 3 : i32, is_test = true} : (!pd.vtensor<5x2x4xf32>, !pd.vec<!pd.vtensor<1x2x3xf32>, !pd.vtensor<1x2x3xf32>>, !pd.vec<!pd.vtensor<12x4xf32>, !pd.vtensor<12x3xf32>, !pd.vtensor<12xf32>, !pd.vtensor<12xf32>>, !pd.vtensor<2xf32>, !pd.vtensor<5x2x4xf32>) -> (!pd.vtensor<?x?x?xf32>, !pd.vtensor<f32>, !pd.vec<!pd.vtensor<?x?x?xf32>, !pd.vtensor<?x?x?xf32>>, !pd.vtensor<f32>)
  return
}

// -----

func.func @rnn_training_dropout(%x: !pd.vtensor<5x2x4xf32>, %s0: !pd.vtensor<2x2x3xf32>, %s1: !pd.vtensor<2x2x3xf32>, %w0: !pd.vtensor<12x4xf32>, %w1: !pd.vtensor<12x3xf32>, %w2: !pd.vtensor<12x3xf32>, %w3: !pd.vtensor<12x3xf32>, %w4: !pd.vtensor<12xf32>, %w5: !pd.vtensor<12xf32>, %w6: !pd.vtensor<12xf32>, %w7: !pd.vtensor<12xf32>) {
  %s = pd.combine(%s0, %s1) : !pd.vtensor<2x2x3xf32>, !pd.vtensor<2x2x3xf32>
  %w = pd.combine(%w0, %w1, %w2, %w3, %w4, %w5, %w6, %w7) : !pd.vtensor<12x4xf32>, !pd.vtensor<12x3xf32>, !pd.vtensor<12x3xf32>, !pd.vtensor<12x3xf32>, !pd.vtensor<12xf32>, !pd.vtensor<12xf32>, !pd.vtensor<12xf32>, !pd.vtensor<12xf32>
  // expected-error @+2 {{'pd.rnn' op is_test = false with a dropout_prob above 0 drops out between layers, which is training; only inference (is_test = true) is supported}}
  // expected-error @+1 {{'pd.rnn' op failed to infer returned types}}
  %out, %ds, %state, %reserve = pd.rnn %x, %s, %w, %x {mode = "LSTM", input_size = 4 : i32, hidden_size = 3 : i32, num_layers = 2 : i32, dropout_prob = 0.5 : f32, is_test = false} : (!pd.vtensor<5x2x4xf32>, !pd.vec<!pd.vtensor<2x2x3xf32>, !pd.vtensor<2x2x3xf32>>, !pd.vec<!pd.vtensor<12x4xf32>, !pd.vtensor<12x3xf32>, !pd.vtensor<12x3xf32>, !pd.vtensor<12x3xf32>, !pd.vtensor<12xf32>, !pd.vtensor<12xf32>, !pd.vtensor<12xf32>, !pd.vtensor<12xf32>>, !pd.vtensor<5x2x4xf32>) -> (!pd.vtensor<?x?x?xf32>, !pd.vtensor<f32>, !pd.vec<!pd.vtensor<?x?x?xf32>, !pd.vtensor<?x?x?xf32>>, !pd.vtensor<f32>)
  return
}
