// Lowering of the fused recurrent layer (lib/Conversion/PdToLinalg/Recurrent.cpp).
// RUN: paddle-opt %s -convert-pd-to-linalg | FileCheck %s

// A GRU with sequence lengths: the input gates of all steps in one matmul,
// gate-major (the weights as stored, times the transposed input; the input
// bias added) before the loop; in the loop over time, step t's columns of
// them, the hidden state times the transposed hidden weights (plus the
// hidden bias, which the reset gate scales), one generic for the gates
// reading the lengths, the new state copied over the carried one and the
// step's output inserted at t.
// CHECK-LABEL: func.func @gru(
// CHECK: %[[XT:.*]] = linalg.transpose ins(%{{.*}} : tensor<10x4xf32>)
// CHECK: %[[XG:.*]] = linalg.matmul ins(%{{.*}}, %[[XT]] : tensor<9x4xf32>, tensor<4x10xf32>)
// CHECK: %[[HT:.*]] = linalg.transpose ins(%{{.*}} : tensor<9x3xf32>)
// CHECK: scf.for %[[T:.*]] = %{{.*}} iter_args(%[[H:.*]] = %{{.*}}, %[[Y:.*]] = %{{.*}}) -> (tensor<2x3xf32>, tensor<5x2x3xf32>)
// CHECK: tensor.extract_slice %{{.*}}[0, %{{.*}}] [9, 2] [1, 1] : tensor<9x10xf32> to tensor<9x2xf32>
// CHECK: linalg.matmul ins(%[[H]], %[[HT]] : tensor<2x3xf32>, tensor<3x9xf32>)
// CHECK: %[[STEP:.*]]:2 = linalg.generic {{.*}} ins({{.*}}, %[[H]], %{{.*}} : {{.*}}, tensor<2x3xf32>, tensor<2xi64>)
// CHECK: math.tanh
// CHECK: arith.cmpi slt
// CHECK: %[[NEXT:.*]] = linalg.copy ins(%[[STEP]]#0 : tensor<2x3xf32>) outs(%[[H]] : tensor<2x3xf32>)
// CHECK: %[[OUT:.*]] = tensor.insert_slice %[[STEP]]#1 into %[[Y]][%[[T]], 0, 0]
// CHECK: scf.yield %[[NEXT]], %[[OUT]]
func.func @gru() {
  %x = pd.data "x" : !pd.vtensor<5x2x4xf32>
  %h = pd.data "h" : !pd.vtensor<1x2x3xf32>
  %w0 = pd.data "w0" : !pd.vtensor<9x4xf32>
  %w1 = pd.data "w1" : !pd.vtensor<9x3xf32>
  %b0 = pd.data "b0" : !pd.vtensor<9xf32>
  %b1 = pd.data "b1" : !pd.vtensor<9xf32>
  %len = pd.data "len" : !pd.vtensor<2xi64>
  %s = pd.combine(%h) : !pd.vtensor<1x2x3xf32>
  %w = pd.combine(%w0, %w1, %b0, %b1) : !pd.vtensor<9x4xf32>, !pd.vtensor<9x3xf32>, !pd.vtensor<9xf32>, !pd.vtensor<9xf32>
  %out, %ds, %state, %reserve = pd.rnn %x, %s, %w, %x sequence_length(%len) {mode = "GRU", input_size = 4 : i32, hidden_size = 3 : i32, is_test = true} : (!pd.vtensor<5x2x4xf32>, !pd.vec<!pd.vtensor<1x2x3xf32>>, !pd.vec<!pd.vtensor<9x4xf32>, !pd.vtensor<9x3xf32>, !pd.vtensor<9xf32>, !pd.vtensor<9xf32>>, !pd.vtensor<2xi64>, !pd.vtensor<5x2x4xf32>) -> (!pd.vtensor<5x2x3xf32>, !pd.vtensor<f32>, !pd.vec<!pd.vtensor<1x2x3xf32>>, !pd.vtensor<f32>)
  %hn = pd.builtin_split %state : !pd.vec<!pd.vtensor<1x2x3xf32>>
  %f0 = pd.fetch %out "out" col 0 : !pd.vtensor<5x2x3xf32>
  %f1 = pd.fetch %hn "hn" col 1 : !pd.vtensor<1x2x3xf32>
  return
}
