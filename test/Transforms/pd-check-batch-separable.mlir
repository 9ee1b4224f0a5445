// RUN: paddle-opt %s -split-input-file -pd-check-batch-separable | FileCheck %s
// RUN: paddle-opt %s -split-input-file -pd-check-batch-separable='batch-feeds=x' | FileCheck %s --check-prefix=ONLYX

// A small CNN (the probe batch is 17): pad, convolution, a broadcast bias,
// pooling, flatten and a linear layer keep every sample apart.
// CHECK-LABEL: func.func @cnn(
// CHECK-SAME: pd.batch_separable
#bias = affine_map<(d0, d1, d2, d3) -> (0, d1, 0, 0)>
#id4 = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
func.func @cnn(%x: tensor<17x3x8x8xf32>) -> tensor<17x5xf32>
    attributes {pd.feeds = ["x"], pd.fetches = ["y"]} {
  %zero = arith.constant 0.0 : f32
  %ninf = arith.constant 0xFF800000 : f32
  %w = arith.constant dense<0.5> : tensor<4x3x3x3xf32>
  %b = arith.constant dense<[[[[1.0]], [[2.0]], [[3.0]], [[4.0]]]]> : tensor<1x4x1x1xf32>
  %fc = arith.constant dense<0.25> : tensor<64x5xf32>
  %p = tensor.pad %x low[0, 0, 1, 1] high[0, 0, 1, 1] {
  ^bb0(%i: index, %j: index, %k: index, %l: index):
    tensor.yield %zero : f32
  } : tensor<17x3x8x8xf32> to tensor<17x3x10x10xf32>
  %e = tensor.empty() : tensor<17x4x8x8xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<17x4x8x8xf32>) -> tensor<17x4x8x8xf32>
  %c = linalg.conv_2d_nchw_fchw ins(%p, %w : tensor<17x3x10x10xf32>, tensor<4x3x3x3xf32>)
      outs(%f : tensor<17x4x8x8xf32>) -> tensor<17x4x8x8xf32>
  %a = linalg.generic {indexing_maps = [#id4, #bias, #id4],
                       iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%c, %b : tensor<17x4x8x8xf32>, tensor<1x4x1x1xf32>) outs(%e : tensor<17x4x8x8xf32>) {
  ^bb0(%in: f32, %in2: f32, %out: f32):
    %s = arith.addf %in, %in2 : f32
    linalg.yield %s : f32
  } -> tensor<17x4x8x8xf32>
  %win = tensor.empty() : tensor<2x2xf32>
  %pe = tensor.empty() : tensor<17x4x4x4xf32>
  %pf = linalg.fill ins(%ninf : f32) outs(%pe : tensor<17x4x4x4xf32>) -> tensor<17x4x4x4xf32>
  %pool = linalg.pooling_nchw_max {dilations = dense<1> : tensor<2xi64>, strides = dense<2> : tensor<2xi64>}
      ins(%a, %win : tensor<17x4x8x8xf32>, tensor<2x2xf32>) outs(%pf : tensor<17x4x4x4xf32>) -> tensor<17x4x4x4xf32>
  %flat = tensor.collapse_shape %pool [[0], [1, 2, 3]] : tensor<17x4x4x4xf32> into tensor<17x64xf32>
  %me = tensor.empty() : tensor<17x5xf32>
  %mf = linalg.fill ins(%zero : f32) outs(%me : tensor<17x5xf32>) -> tensor<17x5xf32>
  %y = linalg.matmul ins(%flat, %fc : tensor<17x64xf32>, tensor<64x5xf32>) outs(%mf : tensor<17x5xf32>) -> tensor<17x5xf32>
  return %y : tensor<17x5xf32>
}

// -----

// A linear layer over a sequence: [17, 5, 16] collapsed to [85, 16] keeps
// the batch at dim 0 in blocks of 5 rows, and expanding back restores it.
// CHECK-LABEL: func.func @sequence_linear(
// CHECK-SAME: pd.batch_separable
func.func @sequence_linear(%x: tensor<17x5x16xf32>) -> tensor<17x5x8xf32>
    attributes {pd.feeds = ["x"], pd.fetches = ["y"]} {
  %zero = arith.constant 0.0 : f32
  %w = arith.constant dense<0.5> : tensor<16x8xf32>
  %rows = tensor.collapse_shape %x [[0, 1], [2]] : tensor<17x5x16xf32> into tensor<85x16xf32>
  %e = tensor.empty() : tensor<85x8xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<85x8xf32>) -> tensor<85x8xf32>
  %m = linalg.matmul ins(%rows, %w : tensor<85x16xf32>, tensor<16x8xf32>) outs(%f : tensor<85x8xf32>) -> tensor<85x8xf32>
  %y = tensor.expand_shape %m [[0, 1], [2]] output_shape [17, 5, 8] : tensor<85x8xf32> into tensor<17x5x8xf32>
  return %y : tensor<17x5x8xf32>
}

// -----

// Regrouping a blocked batch: [17*4] as [34, 2] still has whole samples
// (two rows each); as [4, 17] it would not.
// CHECK-LABEL: func.func @regroup_rows(
// CHECK-SAME: pd.batch_separable
func.func @regroup_rows(%x: tensor<17x4xf32>) -> tensor<17x4xf32>
    attributes {pd.feeds = ["x"], pd.fetches = ["y"]} {
  %flat = tensor.collapse_shape %x [[0, 1]] : tensor<17x4xf32> into tensor<68xf32>
  %pairs = tensor.expand_shape %flat [[0, 1]] output_shape [34, 2] : tensor<68xf32> into tensor<34x2xf32>
  %back = tensor.collapse_shape %pairs [[0, 1]] : tensor<34x2xf32> into tensor<68xf32>
  %y = tensor.expand_shape %back [[0, 1]] output_shape [17, 4] : tensor<68xf32> into tensor<17x4xf32>
  return %y : tensor<17x4xf32>
}

// -----

// CHECK-LABEL: func.func @split_across_dims(
// CHECK-SAME: pd.batch_dependent = "'tensor.expand_shape' at {{.*}}: splits the batch dim across dims"
func.func @split_across_dims(%x: tensor<17x4xf32>) -> tensor<4x17xf32>
    attributes {pd.feeds = ["x"], pd.fetches = ["y"]} {
  %flat = tensor.collapse_shape %x [[0, 1]] : tensor<17x4xf32> into tensor<68xf32>
  %y = tensor.expand_shape %flat [[0, 1]] output_shape [4, 17] : tensor<68xf32> into tensor<4x17xf32>
  return %y : tensor<4x17xf32>
}

// -----

// A sum over the batch (training-mode batch norm statistics, say).
// CHECK-LABEL: func.func @reduce_over_batch(
// CHECK-SAME: pd.batch_dependent = "'linalg.generic' at {{.*}}: reduces over the batch"
func.func @reduce_over_batch(%x: tensor<17x8xf32>) -> tensor<8xf32>
    attributes {pd.feeds = ["x"], pd.fetches = ["y"]} {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<8xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<8xf32>) -> tensor<8xf32>
  %y = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d1)>],
                       iterator_types = ["reduction", "parallel"]}
      ins(%x : tensor<17x8xf32>) outs(%f : tensor<8xf32>) {
  ^bb0(%in: f32, %out: f32):
    %s = arith.addf %in, %out : f32
    linalg.yield %s : f32
  } -> tensor<8xf32>
  return %y : tensor<8xf32>
}

// -----

// A constant with a row per sample (a batch size baked into the model).
// CHECK-LABEL: func.func @per_sample_constant(
// CHECK-SAME: pd.batch_dependent = "'linalg.generic' at {{.*}}: combines each sample with its own part of batch-invariant operand #1"
#id2 = affine_map<(d0, d1) -> (d0, d1)>
func.func @per_sample_constant(%x: tensor<17x2xf32>) -> tensor<17x2xf32>
    attributes {pd.feeds = ["x"], pd.fetches = ["y"]} {
  %c = arith.constant dense<[[1.0, 2.0], [3.0, 4.0], [1.0, 2.0], [3.0, 4.0], [1.0, 2.0], [3.0, 4.0], [1.0, 2.0], [3.0, 4.0], [1.0, 2.0], [3.0, 4.0], [1.0, 2.0], [3.0, 4.0], [1.0, 2.0], [3.0, 4.0], [1.0, 2.0], [3.0, 4.0], [1.0, 2.0]]> : tensor<17x2xf32>
  %e = tensor.empty() : tensor<17x2xf32>
  %y = linalg.generic {indexing_maps = [#id2, #id2, #id2], iterator_types = ["parallel", "parallel"]}
      ins(%x, %c : tensor<17x2xf32>, tensor<17x2xf32>) outs(%e : tensor<17x2xf32>) {
  ^bb0(%in: f32, %in2: f32, %out: f32):
    %s = arith.addf %in, %in2 : f32
    linalg.yield %s : f32
  } -> tensor<17x2xf32>
  return %y : tensor<17x2xf32>
}

// -----

// The same add with a splat constant is fine.
// CHECK-LABEL: func.func @splat_constant(
// CHECK-SAME: pd.batch_separable
#id2 = affine_map<(d0, d1) -> (d0, d1)>
func.func @splat_constant(%x: tensor<17x2xf32>) -> tensor<17x2xf32>
    attributes {pd.feeds = ["x"], pd.fetches = ["y"]} {
  %c = arith.constant dense<3.0> : tensor<17x2xf32>
  %e = tensor.empty() : tensor<17x2xf32>
  %y = linalg.generic {indexing_maps = [#id2, #id2, #id2], iterator_types = ["parallel", "parallel"]}
      ins(%x, %c : tensor<17x2xf32>, tensor<17x2xf32>) outs(%e : tensor<17x2xf32>) {
  ^bb0(%in: f32, %in2: f32, %out: f32):
    %s = arith.addf %in, %in2 : f32
    linalg.yield %s : f32
  } -> tensor<17x2xf32>
  return %y : tensor<17x2xf32>
}

// -----

// An arange along the batch.
// CHECK-LABEL: func.func @batch_index(
// CHECK-SAME: pd.batch_dependent = "'linalg.generic' at {{.*}}: computes with the index of the batch loop"
func.func @batch_index(%x: tensor<17xf32>) -> tensor<17xf32>
    attributes {pd.feeds = ["x"], pd.fetches = ["y"]} {
  %e = tensor.empty() : tensor<17xf32>
  %y = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>],
                       iterator_types = ["parallel"]}
      ins(%x : tensor<17xf32>) outs(%e : tensor<17xf32>) {
  ^bb0(%in: f32, %out: f32):
    %i = linalg.index 0 : index
    %ii = arith.index_cast %i : index to i32
    %fi = arith.sitofp %ii : i32 to f32
    %s = arith.addf %in, %fi : f32
    linalg.yield %s : f32
  } -> tensor<17xf32>
  return %y : tensor<17xf32>
}

// -----

// CHECK-LABEL: func.func @first_sample(
// CHECK-SAME: pd.batch_dependent = "'tensor.extract_slice' at {{.*}}: takes part of the batch"
func.func @first_sample(%x: tensor<17x4xf32>) -> tensor<1x4xf32>
    attributes {pd.feeds = ["x"], pd.fetches = ["y"]} {
  %y = tensor.extract_slice %x[0, 0] [1, 4] [1, 1] : tensor<17x4xf32> to tensor<1x4xf32>
  return %y : tensor<1x4xf32>
}

// -----

// Slicing the other dims and concatenating along them is per sample.
// CHECK-LABEL: func.func @slice_and_concat_features(
// CHECK-SAME: pd.batch_separable
func.func @slice_and_concat_features(%x: tensor<17x4xf32>) -> tensor<17x4xf32>
    attributes {pd.feeds = ["x"], pd.fetches = ["y"]} {
  %a = tensor.extract_slice %x[0, 0] [17, 2] [1, 1] : tensor<17x4xf32> to tensor<17x2xf32>
  %b = tensor.extract_slice %x[0, 2] [17, 2] [1, 1] : tensor<17x4xf32> to tensor<17x2xf32>
  %y = tensor.concat dim(1) %b, %a : (tensor<17x2xf32>, tensor<17x2xf32>) -> tensor<17x4xf32>
  return %y : tensor<17x4xf32>
}

// -----

// CHECK-LABEL: func.func @concat_batches(
// CHECK-SAME: pd.batch_dependent = "'tensor.concat' at {{.*}}: concatenates along the batch"
func.func @concat_batches(%x: tensor<17x4xf32>) -> tensor<34x4xf32>
    attributes {pd.feeds = ["x"], pd.fetches = ["y"]} {
  %y = tensor.concat dim(0) %x, %x : (tensor<17x4xf32>, tensor<17x4xf32>) -> tensor<34x4xf32>
  return %y : tensor<34x4xf32>
}

// -----

// The batch moved to dim 1 of a result: slices of it are not contiguous.
// CHECK-LABEL: func.func @transposed_result(
// CHECK-SAME: pd.batch_dependent = "result #0 carries the batch at dim 1, not 0"
func.func @transposed_result(%x: tensor<17x4xf32>) -> tensor<4x17xf32>
    attributes {pd.feeds = ["x"], pd.fetches = ["y"]} {
  %e = tensor.empty() : tensor<4x17xf32>
  %y = linalg.transpose ins(%x : tensor<17x4xf32>) outs(%e : tensor<4x17xf32>) permutation = [1, 0]
  return %y : tensor<4x17xf32>
}

// -----

// A fetch that does not depend on the feeds at all.
// CHECK-LABEL: func.func @constant_result(
// CHECK-SAME: pd.batch_dependent = "result #1 does not depend on the batch"
func.func @constant_result(%x: tensor<17x4xf32>) -> (tensor<17x4xf32>, tensor<4xf32>)
    attributes {pd.feeds = ["x"], pd.fetches = ["y", "c"]} {
  %c = arith.constant dense<1.0> : tensor<4xf32>
  return %x, %c : tensor<17x4xf32>, tensor<4xf32>
}

// -----

// A condition computed from the whole batch.
// CHECK-LABEL: func.func @branch_on_batch(
// CHECK-SAME: pd.batch_dependent = "'tensor.extract' at {{.*}}: reads a batched value in a way this analysis does not model"
func.func @branch_on_batch(%x: tensor<17xf32>) -> tensor<17xf32>
    attributes {pd.feeds = ["x"], pd.fetches = ["y"]} {
  %c0 = arith.constant 0 : index
  %zero = arith.constant 0.0 : f32
  %v = tensor.extract %x[%c0] : tensor<17xf32>
  %p = arith.cmpf ogt, %v, %zero : f32
  %y = scf.if %p -> tensor<17xf32> {
    scf.yield %x : tensor<17xf32>
  } else {
    scf.yield %x : tensor<17xf32>
  }
  return %y : tensor<17xf32>
}

// -----

// Two feeds: with `batch-feeds=x` the mask is an input like a weight,
// indexed along features only.
// CHECK-LABEL: func.func @two_feeds(
// CHECK-SAME: pd.batch_dependent = "feed 'mask' has batch 4, not 17"
// ONLYX-LABEL: func.func @two_feeds(
// ONLYX-SAME: pd.batch_separable
func.func @two_feeds(%x: tensor<17x4xf32>, %mask: tensor<4xf32>) -> tensor<17x4xf32>
    attributes {pd.feeds = ["x", "mask"], pd.fetches = ["y"]} {
  %e = tensor.empty() : tensor<17x4xf32>
  %y = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d1)>,
                                        affine_map<(d0, d1) -> (d0, d1)>],
                       iterator_types = ["parallel", "parallel"]}
      ins(%x, %mask : tensor<17x4xf32>, tensor<4xf32>) outs(%e : tensor<17x4xf32>) {
  ^bb0(%in: f32, %m: f32, %out: f32):
    %s = arith.mulf %in, %m : f32
    linalg.yield %s : f32
  } -> tensor<17x4xf32>
  return %y : tensor<17x4xf32>
}

// -----

// Adaptive average pooling gathers from the batched input in its body, one
// sample per iteration of the batch loop.
// CHECK-LABEL: func.func @gather_own_sample(
// CHECK-SAME: pd.batch_separable
func.func @gather_own_sample(%x: tensor<17x8x3xf32>) -> tensor<17x8xf32>
    attributes {pd.feeds = ["x"], pd.fetches = ["y"]} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<17x8xf32>
  %y = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>],
                       iterator_types = ["parallel", "parallel"]} outs(%e : tensor<17x8xf32>) {
  ^bb0(%out: f32):
    %n = linalg.index 0 : index
    %c = linalg.index 1 : index
    %s = scf.for %k = %c0 to %c3 step %c1 iter_args(%acc = %zero) -> (f32) {
      %v = tensor.extract %x[%n, %c, %k] : tensor<17x8x3xf32>
      %a = arith.addf %acc, %v : f32
      scf.yield %a : f32
    }
    linalg.yield %s : f32
  } -> tensor<17x8xf32>
  return %y : tensor<17x8xf32>
}

// -----

// A gather of sample 0 for every sample.
// CHECK-LABEL: func.func @gather_first_sample(
// CHECK-SAME: pd.batch_dependent = "'linalg.generic' at {{.*}}: reads a batched value in its body other than one sample at a time"
func.func @gather_first_sample(%x: tensor<17x8xf32>) -> tensor<17x8xf32>
    attributes {pd.feeds = ["x"], pd.fetches = ["y"]} {
  %c0 = arith.constant 0 : index
  %e = tensor.empty() : tensor<17x8xf32>
  %y = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>],
                       iterator_types = ["parallel", "parallel"]}
      ins(%x : tensor<17x8xf32>) outs(%e : tensor<17x8xf32>) {
  ^bb0(%in: f32, %out: f32):
    %c = linalg.index 1 : index
    %v = tensor.extract %x[%c0, %c] : tensor<17x8xf32>
    %a = arith.addf %in, %v : f32
    linalg.yield %a : f32
  } -> tensor<17x8xf32>
  return %y : tensor<17x8xf32>
}

// -----

// The batch index also feeds arithmetic: position-dependent values.
// CHECK-LABEL: func.func @gather_and_use_index(
// CHECK-SAME: pd.batch_dependent = "'linalg.generic' at {{.*}}: computes with the index of the batch loop"
func.func @gather_and_use_index(%x: tensor<17x8xf32>) -> tensor<17x8xf32>
    attributes {pd.feeds = ["x"], pd.fetches = ["y"]} {
  %e = tensor.empty() : tensor<17x8xf32>
  %y = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>],
                       iterator_types = ["parallel", "parallel"]} outs(%e : tensor<17x8xf32>) {
  ^bb0(%out: f32):
    %n = linalg.index 0 : index
    %c = linalg.index 1 : index
    %v = tensor.extract %x[%n, %c] : tensor<17x8xf32>
    %i = arith.index_cast %n : index to i32
    %f = arith.sitofp %i : i32 to f32
    %a = arith.addf %f, %v : f32
    linalg.yield %a : f32
  } -> tensor<17x8xf32>
  return %y : tensor<17x8xf32>
}

// -----

// A reassociation index beyond the rank (which the tensor.expand_shape
// verifier lets through) makes the analysis give up, not read out of
// bounds (found by tools/fuzz/fuzz_ir.py).
// CHECK-LABEL: func.func @bad_reassociation(
// CHECK-SAME: pd.batch_dependent = "'tensor.expand_shape' at {{.*}}: has an invalid reassociation"
func.func @bad_reassociation(%x: tensor<17x5x16xf32>) -> tensor<17x5x16xf32>
    attributes {pd.feeds = ["x"], pd.fetches = ["y"]} {
  %rows = tensor.collapse_shape %x [[0, 1], [2]] : tensor<17x5x16xf32> into tensor<85x16xf32>
  %y = tensor.expand_shape %rows [[4611686018427387904, 1], [2]] output_shape [17, 5, 16] : tensor<85x16xf32> into tensor<17x5x16xf32>
  return %y : tensor<17x5x16xf32>
}
