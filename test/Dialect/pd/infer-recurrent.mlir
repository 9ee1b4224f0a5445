// Shape inference of the fused recurrent layer (RnnInferMeta in
// lib/Dialect/Pd/InferMeta/Recurrent.cpp): the output is [time, batch,
// directions * hidden], the final states have the initial states' shape.
// RUN: paddle-opt %s -split-input-file -pd-infer-shapes | FileCheck %s

// A bidirectional LSTM of one layer: h and c, outputs of both directions.
// CHECK-LABEL: func.func @lstm_bidirectional
// CHECK: pd.rnn {{.*}} -> (!pd.vtensor<5x2x12xf32>, !pd.vtensor<f32>, !pd.vec<!pd.vtensor<2x2x6xf32>, !pd.vtensor<2x2x6xf32>>, !pd.vtensor<f32>)
func.func @lstm_bidirectional(%x: !pd.vtensor<5x2x8xf32>, %h: !pd.vtensor<2x2x6xf32>, %c: !pd.vtensor<2x2x6xf32>,
    %w0: !pd.vtensor<24x8xf32>, %w1: !pd.vtensor<24x6xf32>, %b: !pd.vtensor<24xf32>, %d: !pd.vtensor<ui8>) {
  %s = pd.combine(%h, %c) : !pd.vtensor<2x2x6xf32>, !pd.vtensor<2x2x6xf32>
  %w = pd.combine(%w0, %w1, %w0, %w1, %b, %b, %b, %b) : !pd.vtensor<24x8xf32>, !pd.vtensor<24x6xf32>, !pd.vtensor<24x8xf32>, !pd.vtensor<24x6xf32>, !pd.vtensor<24xf32>, !pd.vtensor<24xf32>, !pd.vtensor<24xf32>, !pd.vtensor<24xf32>
  %out, %ds, %state, %reserve = pd.rnn %x, %s, %w, %d {mode = "LSTM", is_bidirec = true, input_size = 8 : i32, hidden_size = 6 : i32, num_layers = 1 : i32, is_test = true} : (!pd.vtensor<5x2x8xf32>, !pd.vec<!pd.vtensor<2x2x6xf32>, !pd.vtensor<2x2x6xf32>>, !pd.vec<!pd.vtensor<24x8xf32>, !pd.vtensor<24x6xf32>, !pd.vtensor<24x8xf32>, !pd.vtensor<24x6xf32>, !pd.vtensor<24xf32>, !pd.vtensor<24xf32>, !pd.vtensor<24xf32>, !pd.vtensor<24xf32>>, !pd.vtensor<ui8>) -> (!pd.vtensor<?x?x?xf32>, !pd.vtensor<f32>, !pd.vec<!pd.vtensor<?x?x?xf32>, !pd.vtensor<?x?x?xf32>>, !pd.vtensor<f32>)
  return
}

// -----

// A GRU with a dynamic time and batch and sequence lengths: one state.
// CHECK-LABEL: func.func @gru_dynamic
// CHECK: pd.rnn {{.*}} -> (!pd.vtensor<?x?x3xf64>, !pd.vtensor<f32>, !pd.vec<!pd.vtensor<1x?x3xf64>>, !pd.vtensor<f32>)
func.func @gru_dynamic(%x: !pd.vtensor<?x?x4xf64>, %h: !pd.vtensor<1x?x3xf64>, %w0: !pd.vtensor<9x4xf64>,
    %w1: !pd.vtensor<9x3xf64>, %b: !pd.vtensor<9xf64>, %len: !pd.vtensor<?xi32>) {
  %s = pd.combine(%h) : !pd.vtensor<1x?x3xf64>
  %w = pd.combine(%w0, %w1, %b, %b) : !pd.vtensor<9x4xf64>, !pd.vtensor<9x3xf64>, !pd.vtensor<9xf64>, !pd.vtensor<9xf64>
  %out, %ds, %state, %reserve = pd.rnn %x, %s, %w, %x sequence_length(%len) {mode = "GRU", input_size = 4 : i32, hidden_size = 3 : i32, is_test = true} : (!pd.vtensor<?x?x4xf64>, !pd.vec<!pd.vtensor<1x?x3xf64>>, !pd.vec<!pd.vtensor<9x4xf64>, !pd.vtensor<9x3xf64>, !pd.vtensor<9xf64>, !pd.vtensor<9xf64>>, !pd.vtensor<?xi32>, !pd.vtensor<?x?x4xf64>) -> (!pd.vtensor<?x?x?xf64>, !pd.vtensor<f32>, !pd.vec<!pd.vtensor<?x?x?xf64>>, !pd.vtensor<f32>)
  return
}
