//===- PdPasses.td - passes on the pd dialect ----------------*- tablegen -*-===//

#ifndef PADDLE_MLIR_PD_PASSES_TD
#define PADDLE_MLIR_PD_PASSES_TD

include "mlir/Pass/PassBase.td"

def PdVerifyProgram : Pass<"pd-verify-program", "::mlir::ModuleOp"> {
  let summary = "Check the program-level invariants a Paddle executor relies on";
  let description = [{
    Op verifiers see one op at a time; this pass checks what only the whole
    program shows, with a located error for each violation:

    - every `pd.data` feed name is declared once per function;
    - fetch names are unique per function and their `col`s are exactly
      0, 1, …, n-1;
    - every `pd.get_parameter` / `pd.set_parameter` of one name agrees on the
      parameter's shape and dtype across the module (the parameter table is
      shared by all functions).

    Before (rejected):

    ```mlir
    func.func @main() {
      %w = pd.get_parameter "w" : !pd.tensor<4xf32>
      %z = pd.full(0.0) : !pd.tensor<8xf32>
      pd.set_parameter %z "w" : !pd.tensor<8xf32>   // error: shape differs
      return
    }
    ```

    A valid program is left unchanged.
  }];
  let options = [
    Option<"requireFetch", "require-fetch", "bool", /*default=*/"false",
           "Also reject functions that read feeds but fetch nothing">
  ];
}

def PdInferShapes : Pass<"pd-infer-shapes"> {
  let summary = "Refine result types with each op's InferMeta";
  let description = [{
    Runs every pd op's InferMeta (its InferTypeOpInterface) in program order
    and refines declared result dims that are `?` but known from the inputs,
    so static shapes propagate through a program imported or built with
    dynamic dims. Dims the declaration knows and InferMeta does not stay as
    declared; element types and the aliasing kind never change. A value used
    by a non-pd op (e.g. `func.return`) keeps its type, so the IR stays valid.
    An op whose InferMeta rejects its operands (shapes that cannot be
    broadcast once a dynamic feed dim got a size, say) fails the pass with
    InferMeta's diagnostic at the op; inside a `pd.while` body refined on
    trial such a failure only keeps the declared types.

    Before:

    ```mlir
    %0 = pd.matmul %x, %w : (!pd.vtensor<4x8xf32>, !pd.vtensor<8x16xf32>)
                           -> !pd.vtensor<?x?xf32>
    %1 = pd.relu %0 : (!pd.vtensor<?x?xf32>) -> !pd.vtensor<?x?xf32>
    ```

    After:

    ```mlir
    %0 = pd.matmul %x, %w : (!pd.vtensor<4x8xf32>, !pd.vtensor<8x16xf32>)
                           -> !pd.vtensor<4x16xf32>
    %1 = pd.relu %0 : (!pd.vtensor<4x16xf32>) -> !pd.vtensor<4x16xf32>
    ```
  }];
  let dependentDialects = ["::mlir::pd::PdDialect"];
}

def PdRefineShapes : Pass<"pd-refine-shapes"> {
  let summary = "Fold shape computations and refine types until nothing changes";
  let description = [{
    Runs `pd-fold-constants`, `pd-infer-shapes` and `canonicalize` again
    and again until the IR stops changing (at most `max-iterations` times).
    Each round can only go one step further along a chain of shape
    computations: a reshape whose target is a folded `pd.full_int_array`
    gets a static type from pd-infer-shapes, after which the
    `pd.shape64` of its result folds, then the `pd.full_with_tensor` or
    the comparison of lengths that reads it, then a `pd.if` on that
    comparison becomes the branch it takes (PaddleNLP's T5 needs four
    rounds before every shape is static; one round left `pd.full_with_tensor`
    shapes that the CPU backend could not lower).

    Before (`pd-refine-shapes`):

    ```mlir
    %s = pd.full_int_array [1, -1, 4, 16] : !pd.vtensor<4xi64>
    %r = pd.reshape %x, %s : (!pd.vtensor<1x16x64xf32>, !pd.vtensor<4xi64>)
                           -> !pd.vtensor<?x?x4x16xf32>
    %n = pd.shape64 %r : (!pd.vtensor<?x?x4x16xf32>) -> !pd.vtensor<4xi64>
    %f = pd.full_with_tensor %one, %n : (!pd.vtensor<1xf32>, !pd.vtensor<4xi64>)
                                     -> !pd.vtensor<?x?x?x?xf32>
    ```

    After:

    ```mlir
    %r = pd.reshape %x, %s : (...) -> !pd.vtensor<1x16x4x16xf32>
    %n = pd.full_int_array [1, 16, 4, 16] : !pd.vtensor<4xi64>
    %f = pd.full_with_tensor %one, %n : (...) -> !pd.vtensor<1x16x4x16xf32>
    ```
  }];
  let options = [
    Option<"maxIterations", "max-iterations", "int64_t", /*default=*/"8",
           "Rounds at most (each a full pass over the program)">,
  ];
  let dependentDialects = ["::mlir::pd::PdDialect"];
}

def PdMaximizeValueSemantics : Pass<"pd-maximize-value-semantics"> {
  let summary = "Turn !pd.tensor into !pd.vtensor wherever nothing aliases or mutates it";
  let description = [{
    PIR design §2.5.1. Programs are built on `!pd.tensor`, which may alias
    and be mutated. In two steps:

    1. every op with value semantics (`HasValueSemantics`, tensor lists,
       constants) computes on `!pd.vtensor`: its `!pd.tensor` operands go
       through `pd.to_vtensor` (a snapshot) and its results through
       `pd.to_tensor` (a fresh copy) for users that still want a tensor;
    2. copies are removed where no user mutates or aliases the tensor:
       `pd.to_vtensor(pd.to_tensor(%v))` is `%v`, and a feed, constant or
       parameter read whose tensor is only ever snapshotted produces the
       value directly (a parameter only if no `pd.set_parameter` writes it);
       a tensor (a copy of a value, a feed or a constant) that is
       overwritten in place (the destination of `pd.copy_to` of a value,
       which `pd-reduce-inplace-variants` makes of `relu_` or `set_value_`),
       with every use in its block, holds at each point the value written
       last: its readers get that value and the copies go away.

    Other in-place ops, views and `pd.copy_to` keep `!pd.tensor` and are
    treated like pointers: nothing is moved across them.

    Before:

    ```mlir
    %x = pd.data "x" : !pd.tensor<2x3xf32>
    %y = pd.relu %x : (!pd.tensor<2x3xf32>) -> !pd.tensor<2x3xf32>
    %f = pd.fetch %y "y" col 0 : !pd.tensor<2x3xf32>
    ```

    After:

    ```mlir
    %x = pd.data "x" : !pd.vtensor<2x3xf32>
    %y = pd.relu %x : (!pd.vtensor<2x3xf32>) -> !pd.vtensor<2x3xf32>
    %f = pd.fetch %y "y" col 0 : !pd.vtensor<2x3xf32>
    ```
  }];
  let dependentDialects = ["::mlir::pd::PdDialect"];
}

def PdReduceInplaceVariants : Pass<"pd-reduce-inplace-variants"> {
  let summary = "Rewrite in-place ops (relu_) into their value variants (relu)";
  let description = [{
    PIR design §2.5.2. `%r = pd.relu_ %a` becomes `%r = pd.relu %a`; when the
    old tensor `%a` is still observable afterwards (used later, or a feed or
    parameter that outlives the program), `pd.copy_to %r, %a` keeps its
    aliases up to date. Later uses of the in-place result use `%r`. Outputs
    whose dtype the in-place op keeps (`equal_` of a float tensor) are cast
    back. Shape-changing in-place ops (`reshape_`) are rewritten only when
    `%a` is not observable afterwards. `assign_value_`, which overwrites its
    operand with constants (how Paddle saves `paddle.to_tensor`), becomes
    `assign_value`, which has no operand.

    Before:

    ```mlir
    %r = pd.relu_ %a : (!pd.tensor<4xf32>) -> !pd.tensor<4xf32>
    %s = pd.exp %a : (!pd.tensor<4xf32>) -> !pd.tensor<4xf32>
    ```

    After:

    ```mlir
    %r = pd.relu %a : (!pd.tensor<4xf32>) -> !pd.tensor<4xf32>
    pd.copy_to %r, %a : !pd.tensor<4xf32>, !pd.tensor<4xf32>
    %s = pd.exp %a : (!pd.tensor<4xf32>) -> !pd.tensor<4xf32>
    ```
  }];
  let dependentDialects = ["::mlir::pd::PdDialect"];
}

def PdRestoreInplace : Pass<"pd-restore-inplace"> {
  let summary = "Turn ops back into their in-place variants where the input dies";
  let description = [{
    The inverse of `pd-reduce-inplace-variants`, run late to save memory:
    `%r = pd.relu %a` becomes `%r = pd.relu_ %a` when `%a` is a `!pd.tensor`
    this op reads last (its only use), that nothing else can observe (not a
    feed, parameter, block argument or view) and whose shape and dtype the
    result keeps. Values (`!pd.vtensor`) are never updated in place.

    Before:

    ```mlir
    %e = pd.exp %x : (!pd.tensor<4xf32>) -> !pd.tensor<4xf32>
    %r = pd.relu %e : (!pd.tensor<4xf32>) -> !pd.tensor<4xf32>
    ```

    After:

    ```mlir
    %e = pd.exp %x : (!pd.tensor<4xf32>) -> !pd.tensor<4xf32>
    %r = pd.relu_ %e : (!pd.tensor<4xf32>) -> !pd.tensor<4xf32>
    ```
  }];
  let dependentDialects = ["::mlir::pd::PdDialect"];
}

def PdConvToLinear : Pass<"pd-conv-to-linear"> {
  let summary = "A 1x1 convolution of 1x1 maps with frozen weights becomes a matmul with the weights transposed at compile time";
  let description = [{
    A squeeze-and-excitation block's convolutions, and a classifier head's
    1x1 convolution of pooled features, read 1x1 maps: each is a linear
    layer, y[n, f] = sum_c w[f, c] x[n, c]. As a convolution it lowers to a
    product of the weights [F, C] with a single column: dot products along
    C, each ending in a horizontal reduction. With the weights transposed
    once, at compile time, it is a product of the input rows with a [C, F]
    matrix, which `pd-tile-and-vectorize` streams row by row (its
    vector-matrix tiles). PP-LCNet's 512 -> 1280 head read its 2.6 MB of
    weights at 9.4 GB/s as dot products; streamed rows of a cold weight
    reach about 19 GB/s on the same machine. PP-LCNet ran 4% faster.

    Only `pd.conv2d` with a frozen f32 `pd.constant` filter [F, C, 1, 1],
    one group, NCHW, no padding, an input [N, C, 1, 1] and a result
    [N, F, 1, 1] (any N). The input is flattened to [N, C], multiplied by
    the transposed filter, and reshaped back to [N, F, 1, 1]; what follows
    (a bias, an activation) is unchanged.

    Before:

    ```mlir
    %w = pd.constant dense<...> : tensor<960x240x1x1xf32> : !pd.vtensor<960x240x1x1xf32>
    %c = pd.conv2d %x, %w : (!pd.vtensor<1x240x1x1xf32>, !pd.vtensor<960x240x1x1xf32>) -> !pd.vtensor<1x960x1x1xf32>
    ```

    After:

    ```mlir
    %f = pd.flatten %x {start_axis = 1 : i32, stop_axis = 3 : i32} : (!pd.vtensor<1x240x1x1xf32>) -> !pd.vtensor<1x240xf32>
    %wt = pd.constant dense_resource<conv_as_linear_w> : tensor<240x960xf32> : !pd.vtensor<240x960xf32>
    %m = pd.matmul %f, %wt : (!pd.vtensor<1x240xf32>, !pd.vtensor<240x960xf32>) -> !pd.vtensor<1x960xf32>
    %s = pd.full_int_array [0, 960, 1, 1] : !pd.vtensor<4xi64>
    %c = pd.reshape %m, %s : (!pd.vtensor<1x960xf32>, !pd.vtensor<4xi64>) -> !pd.vtensor<1x960x1x1xf32>
    ```
  }];
  let dependentDialects = ["::mlir::pd::PdDialect"];
}

def PdVectorMatrixAsMatvec : Pass<"pd-vector-matrix-as-matvec"> {
  let summary = "A row times frozen weights becomes the transposed weights times a column";
  let description = [{
    A linear layer at batch 1 (a classifier head; a squeeze-and-excitation
    block's 1x1 convolutions after `pd-conv-to-linear`) multiplies one row
    [1, K] by frozen weights [K, N]. As a vector-matrix product, threads can
    only share the work by bands of columns of every weight row: too few
    bands to balance (MobileNetV2's 1280 x 1000 head: 3 bands on 2 threads,
    one idle a third of the time), or too little work per band to use
    threads at all (MobileNetV3's 960 x 240 excitations ran on one thread).
    With the weights transposed once, at compile time, the product is
    [N, K] x [K, 1]: `pd-tile-and-vectorize`'s matrix-vector kernel streams
    whole weight rows along K, four at a time, and splits the N rows over
    the threads. Eight products with cold 1280 x 1000 weights took 1347 us
    as vector-matrix products and 792 us as matrix-vector ones (2 threads;
    1945 and 1711 us on one).

    Only `pd.matmul` of a static f32 row [1, K] (K >= 64, not transposed) by
    a frozen `pd.constant` [K, N] (or [N, K] with `transpose_y`, used as it
    is). The row is reshaped to a column and the product back to [1, N];
    what follows (a bias, an activation) is unchanged. Weights read with
    `pd.get_parameter` may be written and are left alone, and so are rows
    of more than one sample (a real matrix product).

    Before:

    ```mlir
    %w = pd.constant dense_resource<fc_0.w_0> : tensor<1280x1000xf32> : !pd.vtensor<1280x1000xf32>
    %y = pd.matmul %x, %w : (!pd.vtensor<1x1280xf32>, !pd.vtensor<1280x1000xf32>) -> !pd.vtensor<1x1000xf32>
    ```

    After:

    ```mlir
    %wt = pd.constant dense_resource<matvec_w> : tensor<1000x1280xf32> : !pd.vtensor<1000x1280xf32>
    %s = pd.full_int_array [1280, 1] : !pd.vtensor<2xi64>
    %c = pd.reshape %x, %s : (!pd.vtensor<1x1280xf32>, !pd.vtensor<2xi64>) -> !pd.vtensor<1280x1xf32>
    %p = pd.matmul %wt, %c : (!pd.vtensor<1000x1280xf32>, !pd.vtensor<1280x1xf32>) -> !pd.vtensor<1000x1xf32>
    %s2 = pd.full_int_array [1, 1000] : !pd.vtensor<2xi64>
    %y = pd.reshape %p, %s2 : (!pd.vtensor<1000x1xf32>, !pd.vtensor<2xi64>) -> !pd.vtensor<1x1000xf32>
    ```
  }];
  let dependentDialects = ["::mlir::pd::PdDialect"];
}

def PdFoldConvBn : Pass<"pd-fold-conv-bn"> {
  let summary = "Fold inference batch_norm into the preceding convolution's weights";
  let description = [{
    For `pd.batch_norm` in inference mode (`is_test` or `use_global_stats`)
    on the output of `pd.conv2d` (grouped too) or `pd.depthwise_conv2d`
    (NCHW, optionally plus a per-channel bias as
    Paddle exports it: `reshape` to [1, C, 1, 1] and `add`), with every
    weight a frozen `pd.constant` (immutable: see `Program.freeze`), the
    pass computes

        inv = scale / sqrt(variance + epsilon)
        w'  = w * inv[out_channel]
        b'  = (b - mean) * inv + bias

    and replaces the pair by the same convolution with `w'` plus the bias
    `b'` (the filter's dim 0 is the output channel for all of them).
    A weight read with `pd.get_parameter` may be written by a training
    program, so such graphs are left alone, as is any batch_norm whose
    statistics outputs are used.

    Before:

    ```mlir
    %c = pd.conv2d %x, %w : (...) -> !pd.vtensor<1x4x6x6xf32>
    %y:6 = pd.batch_norm %c, %mean, %var scale(%s) bias(%b) {is_test = true, ...}
    ```

    After:

    ```mlir
    %w2 = pd.constant dense<...> : tensor<4x3x3x3xf32> : !pd.vtensor<4x3x3x3xf32>
    %c = pd.conv2d %x, %w2 : (...) -> !pd.vtensor<1x4x6x6xf32>
    %b2 = pd.constant dense<...> : tensor<1x4x1x1xf32> : !pd.vtensor<1x4x1x1xf32>
    %y = pd.add %c, %b2 : (...) -> !pd.vtensor<1x4x6x6xf32>
    ```
  }];
  let dependentDialects = ["::mlir::pd::PdDialect"];
}

//===----------------------------------------------------------------------===//
// Lowering to linalg and code generation
//===----------------------------------------------------------------------===//

def ConvertPdToLinalg : Pass<"convert-pd-to-linalg", "::mlir::ModuleOp"> {
  let summary = "Lower pd programs to linalg/tensor/arith/math/scf on builtin tensors";
  let description = [{
    Every function holding pd ops becomes a plain tensor function:

    * `pd.get_parameter` becomes a leading function argument (weights are
      passed at run time), `pd.data` a following argument (feeds, in program
      order), and the `pd.fetch` values (by `col`) the function results. The
      names are recorded as `pd.parameters`, `pd.feeds` and `pd.fetches`
      string arrays on the function, which also gets
      `llvm.emit_c_interface`. A frozen weight (`pd.constant`, e.g.
      `dense_resource`) becomes an `arith.constant`.
    * computing ops lower to named linalg ops where they exist (matmul,
      batch_matmul, convolutions, pooling, fill, transpose) and to
      `linalg.generic` for broadcasting elementwise ops and reductions
      (exact erf GELU; max-subtracted softmax/log_softmax; two-pass
      layer_norm); `pd.if`/`pd.while` become `scf.if`/`scf.while`.

    In a function that writes tensors in place (in-place ops,
    `pd.copy_to`), ops on `!pd.tensor` (which may alias) are rejected: run
    `pd-reduce-inplace-variants` and `pd-maximize-value-semantics` first
    (the `pd-lower-to-llvm` pipeline does); where nothing is written, a
    `!pd.tensor` is lowered like a value. `pd.while` loops need carried
    shapes that stay the same (each iteration overwrites one buffer). An op without a lowering, or one whose IntArray arguments are
    only known at run time, is reported at its location.

    Before:

    ```mlir
    func.func @main() {
      %x = pd.data "x" : !pd.vtensor<4x8xf32>
      %w = pd.get_parameter "w" : !pd.vtensor<8x16xf32>
      %y = pd.matmul %x, %w : (!pd.vtensor<4x8xf32>, !pd.vtensor<8x16xf32>) -> !pd.vtensor<4x16xf32>
      %r = pd.relu %y : (!pd.vtensor<4x16xf32>) -> !pd.vtensor<4x16xf32>
      %f = pd.fetch %r "out" col 0 : !pd.vtensor<4x16xf32>
      return
    }
    ```

    After:

    ```mlir
    func.func @main(%w: tensor<8x16xf32>, %x: tensor<4x8xf32>) -> tensor<4x16xf32>
        attributes {llvm.emit_c_interface, pd.feeds = ["x"], pd.fetches = ["out"],
                    pd.parameters = ["w"]} {
      %e = tensor.empty() : tensor<4x16xf32>
      %z = linalg.fill ins(%cst : f32) outs(%e : tensor<4x16xf32>) -> tensor<4x16xf32>
      %y = linalg.matmul ins(%x, %w : ...) outs(%z : tensor<4x16xf32>) -> tensor<4x16xf32>
      %r = linalg.generic {...} ins(%y : tensor<4x16xf32>) ... { arith.maximumf ... }
      return %r : tensor<4x16xf32>
    }
    ```

    Values only known at run time are checked by the code this pass emits:
    the indices of gather, gather_nd, index_select, take_along_axis,
    embedding and scatter against their bounds, and integer divisors
    against zero. A bad value calls the runtime's `pdm_runtime_error` with
    its site in the module's `pd.runtime_checks` messages and is replaced by
    a valid one, so the computation finishes without reading out of bounds
    and the caller raises `RuntimeCheckError`. `runtime-checks=false` emits
    none of this (indices are only converted, divisors used as they are):
    for inputs the caller trusts, since an out-of-range index then reads or
    writes outside its buffer and an integer division by zero traps.
  }];
  let options = [
    Option<"runtimeChecks", "runtime-checks", "bool", /*default=*/"true",
           "Check run-time indices and integer divisors (off: no checks; "
           "only for trusted inputs)">
  ];
  let dependentDialects = [
    "::mlir::arith::ArithDialect", "::mlir::bufferization::BufferizationDialect",
    "::mlir::func::FuncDialect", "::mlir::affine::AffineDialect",
    "::mlir::linalg::LinalgDialect", "::mlir::math::MathDialect",
    "::mlir::scf::SCFDialect", "::mlir::tensor::TensorDialect"
  ];
}

def PdTileAndVectorize : Pass<"pd-tile-and-vectorize", "::mlir::func::FuncOp"> {
  let summary = "Tile linalg ops on buffers for cache and registers, then vectorize them";
  let description = [{
    CPU code generation for the linalg ops `convert-pd-to-linalg` produces,
    run after bufferization (on memrefs, so that accumulators can be
    hoisted into registers):

    * contractions (`linalg.matmul`, `linalg.batch_matmul` and
      matmul-like `linalg.generic`s such as im2col convolutions): an outer
      `scf.parallel` over `matmul-cache-tile` row x column blocks (threads
      with `async-parallel-for`), a depth block, then a register tile of
      `matmul-register-tile` rows x columns that is vectorized into
      `vector.contract`, lowered to FMA outer products; redundant
      accumulator loads/stores are hoisted out of the depth loop. Sizes the
      register tile does not divide are peeled into ops of full tiles
      (columns: multiples of 64, then 48, 32 and 16; rows: multiples of the
      tile, then the rest), so every part is vectorized. A tile of 48
      columns (3 vectors of 16) is vectorized as one contraction, then
      split by upstream's vector unrolling into one per row and vector, in
      row order (each broadcast feeds its row's FMAs), with an accumulator
      each: LLVM would turn 48-lane vectors into scalar loads. With the
      default tile, rows that are a multiple of 8 but not of 6 (a 64-row
      cache tile: 60 + 4) take tiles of 8 rows by 48 columns instead of
      6 x 64 (as many accumulators, 24) where 48 leaves no more columns
      over than 64. Up to 8 columns
      left over whole vectors (196 = 192 + 4, 49 = 48 + 1: 14x14 and
      7x7 maps) are copied contiguous into a stack buffer and computed as
      dot products along k (the weights' rows read once; k of at least 8
      vectors, to pay for the final reductions), not as register
      tiles of 4 of 16 lanes or a 64-lane tile masked to 49. In a cache
      tile of 48 columns and such a rest (`narrow-columns-in-tile`), each
      register tile of 48 columns accumulates its rows' dot products with
      the rest every `vector-width` steps of its depth loop, from the rows
      its broadcasts just brought into the L1 cache. Register tiles
      take at most 8 rows where the left operand's rows are 4 KB apart (16
      such rows share one L1 cache set). Each step of a register tile's
      depth loop prefetches one cache line of the left operand's rows that
      the next register tile reads (`prefetch-rows`): the tile reads its
      rows as interleaved streams of a few lines (a 1x1 convolution's 160
      input channels are 10 lines), too short for the hardware prefetchers,
      and MobileNetV2's 160 -> 960 convolution on a 7x7 map waited on its
      weights for a third of its time. Unit leading
      dims are cast away, and where the vectorizer gives mulf + addf (an
      im2col contraction broadcasting its weights) the accumulator is still
      carried in registers and the multiply-adds are marked `contract`
      (FMAs). A constant fill of the whole output right before a matmul
      (the zeros it accumulates into) becomes the initial value of the
      register tiles when their depth loop covers all of k; the fill is
      erased when no tile reads the buffer any more. The cache tiles'
      rows divide m: a multiple of the register rows, else the largest
      divisor up to the tile's rows (m = 80, 112, 160, 184, 200: 40, 56,
      40, 46, 50 rows, the register tiles ending in a remainder), so that a
      1x1 convolution to such a channel count keeps its cache tiles and
      fused epilogue (MobileNetV3 lost both in five of its layer shapes);
    * a matmul that would be a single cache tile (one image, all rows and
      columns) but has work for threads (`min-parallel-work`) is split into
      row tiles (a divisor of m, at most half of it), one per thread;
    * a cache tile of one image of a batched contraction (a convolution's
      weights with each image's patches, a `batch_matmul`) becomes a
      `linalg.matmul` on views without the unit batch dims, so that it is
      vectorized like any matmul;
    * a convolution's patches (the `pd.im2col` copy of
      `pd-conv-to-im2col`, when only matmuls read it): each cache tile (an
      image, whole output rows) copies the patches of each depth block into
      a panel on the stack right before using it, instead of all patches
      being copied first (7 MB per image for a ResNet layer, written to
      memory and streamed back); the panel is allocated at the start of the
      parallel body (once per thread after `pd-outline-parallel-loops`) or
      in an `scf.execute_region` around a serial matmul, and the copy of all
      patches is erased;
    * a matmul's epilogue (`fuse-epilogues`): the elementwise
      `linalg.generic` right after it that reads its result (as the matrix
      or as the NCHW image of a convolution) with bias, activation or
      residual inputs, runs on each cache tile after the tile's last depth
      block, while the tile is in cache; the cache tiles are then whole
      image rows (or columns dividing n) so that each is a rectangle of the
      epilogue. Not where the epilogue writes the matmul's operands, reads
      the result twice or follows other memory operations. Where only the
      epilogue reads the result and one depth block covers all of k, each
      tile computes into a stack buffer of one tile, which the epilogue
      reads, and the result buffer is gone. The epilogue writes a few rows
      of each output channel, then jumps to the next channel's: each of its
      steps prefetches, for writing, the same place `prefetch-distance`
      channels ahead (`prefetch-outputs`), as such short runs escape the
      hardware prefetchers (MobileNetV2's first expansion into a padded
      buffer: 782 -> 674 us). Where the tile computes into a stack buffer,
      a register tile's depth loop also prefetches the cache lines of what
      the epilogue will read (a residual) and write for that register tile,
      each once, one every 2^j steps (`prefetch-epilogue`; at every step,
      computing the line's address cost ResNet-50 more than the prefetches
      saved it at batch 1): the epilogue runs after the whole
      tile, and streamed those lines from memory while the FMA units idled
      (ResNet-50 at batch 8: its 64 -> 256 convolutions adding a residual on
      56x56 maps took 37% less time, its 128 -> 512 ones 27%);
    * a matmul with one column (n = 1, contiguous rows and column: a
      squeeze-and-excitation block's 1x1 convolutions on a 1x1 map):
      vectorized along k instead, `vector-width` lanes, four rows per block
      sharing each load of the column, each row's vector reduced at the end
      and added to the fill value (or to the output); blocks on threads
      when the matrix has `min-parallel-elements` elements;
    * depthwise convolutions (`linalg.depthwise_conv_2d_nchw_chw`, which the
      vectorizer does not handle in NCHW): generated directly, channels in
      parallel, `vector-width` output columns at a time with a masked tail,
      the kernel window unrolled into FMAs on a register accumulator,
      strided inputs gathered; a constant fill of the output right before
      is the accumulator's initial value, and an elementwise epilogue
      (bias, activation, a residual read row by row) runs on each row of
      accumulators before it is stored (`fuse-epilogues`); the fills of
      a padded input's border (`pd-decompose-pad`) right before move into
      the loop over channels (PP-LCNet had 4 serial fills before each
      depthwise convolution, the second thread idle: 196 -> 71 us of serial
      time), which then takes blocks of up to 8 channels: the block's first
      channel's border is zeroed before its compute, each next channel's
      while the one before is computed (zeroed right before its own reads,
      each load that a border store covered in part waited for the store to
      reach the cache: PP-LCNet's 5x5 depthwise kernels ran 12% faster
      so, the model 1.5-3%);
      each step prefetches the input rows that the output row
      `window-prefetch-rows` rows below adds to its window, at the columns
      the step reads: a channel's rows are read as a few short runs per
      output row, which the hardware prefetchers did not follow from memory
      (ResNet-50's max pool at batch 8: 3.3 -> 1.1 ms);
    * max and sum pooling (`linalg.pooling_nchw_max/sum`, which the
      vectorizer leaves to scalar loops): the same window kernel as a
      depthwise convolution, without weights, combining with `maximumf` or
      adds from the fill value (ResNet's 3x3/2 max pool: 860 -> 153 us);
    * the im2col patch copy of `pd-conv-to-im2col` (`pd.im2col`): each
      output row copied `vector-width` columns at a time (masked vector
      loads, gathers for strides > 1);
    * elementwise `linalg.generic`, fills, copies and reductions: tiled to
      one row of `vector-width` elements and vectorized (masked when the
      innermost size does not divide). Consecutive ones over the same rows
      with a row reduction among them, each reading the buffers the others
      write only in its own row (softmax's scale, max, exponentials, sum
      and division; a layer norm's mean, variance and normalization) run in
      one parallel loop over the rows, each op's row in turn while the row
      is in cache (`fuse-rows`): a softmax was seven parallel loops, each
      reading the scores from memory (DeiT-tiny -3%);
    * anything the vectorizer rejects (gathers with data-dependent indices,
      other pooling windows, scans) is left for `convert-linalg-to-loops`;
    * an op with an empty loop (a slice past the end, batch 0) writes
      nothing and is erased.

    Before:

    ```mlir
    linalg.matmul ins(%a, %b : memref<64x64xf32>, memref<64x64xf32>)
                  outs(%c : memref<64x64xf32>)
    ```

    After (schematically):

    ```mlir
    scf.parallel (%i, %j) = ... {
      scf.for %k0 ... { scf.for %ii ... { scf.for %jj ...
        %acc = vector.transfer_read ...  : vector<6x64xf32>
        %r = scf.for %k ... iter_args(%c = %acc) {
          ... vector.fma ...
        }
        vector.transfer_write %r, ...
      } } }
    }
    ```
  }];
  let options = [
    Option<"vectorWidth", "vector-width", "int64_t", /*default=*/"16",
           "Elements per vector for elementwise ops and reductions">,
    ListOption<"matmulRegisterTile", "matmul-register-tile", "int64_t",
               "Rows,columns of the matmul register tile (default 6,64: 24 zmm accumulators)">,
    ListOption<"matmulCacheTile", "matmul-cache-tile", "int64_t",
               "Rows,columns,depth of the matmul cache tile (default 64,256,256)">,
    Option<"fusedTileDepth", "fused-tile-depth", "int64_t", /*default=*/"1152",
           "Depth of the cache tiles of a convolution's matmul (one that reads "
           "im2col patches or runs its epilogue on NCHW images): all of k up to "
           "this (one depth block, whose result stays on the stack for the "
           "epilogue), else the largest divisor of k up to it">,
    Option<"fusedTileBytes", "fused-tile-bytes", "int64_t", /*default=*/"524288",
           "Most bytes of the right operand's part of such a cache tile (depth x "
           "columns, the im2col panel): deeper tiles take fewer columns (at "
           "least 64), so that the panel stays in the L2 cache">,
    Option<"fuseEpilogues", "fuse-epilogues", "bool", /*default=*/"true",
           "Run the elementwise op that follows a matmul or a depthwise "
           "convolution (bias, activation, residual add) on each of its cache "
           "tiles or rows">,
    Option<"fuseRows", "fuse-rows", "bool", /*default=*/"true",
           "Run consecutive elementwise ops and row reductions over the same "
           "rows that read each other's results only in the row at hand "
           "(softmax, layer norm) in one parallel loop over the rows, each "
           "op's row in turn">,
    Option<"narrowColumnsInTile", "narrow-columns-in-tile", "bool", /*default=*/"true",
           "A cache tile of 48 columns and a few more (a 7x7 map's 49): each "
           "register tile of 48 columns also accumulates the dot products of its "
           "rows with the few columns, every vector-width steps of its depth loop, "
           "while its rows are in the L1 cache (else a pass of dot products of its "
           "own reads every row again)">,
    Option<"prefetchRows", "prefetch-rows", "bool", /*default=*/"true",
           "Prefetch the left operand's rows of a matmul's next register tile, "
           "a cache line per step of the depth loop, where the rows are short "
           "enough for those lines to cover them">,
    Option<"prefetchOutputs", "prefetch-outputs", "bool", /*default=*/"true",
           "In a matmul's epilogue on a cache tile, prefetch for writing the "
           "output rows `prefetch-distance` steps of its outermost loop ahead, "
           "and for reading the rows of inputs read like the output (a "
           "residual)">,
    Option<"prefetchEpilogue", "prefetch-epilogue", "bool", /*default=*/"true",
           "Where a matmul's cache tile computes into a stack buffer for its "
           "epilogue, a register tile's depth loop prefetches, each once, the "
           "cache lines of what the epilogue reads (a residual) and writes for "
           "that register tile, spread over its steps (one every 2^j steps), so "
           "that those lines arrive during the tile's multiply-adds instead of "
           "after them">,
    Option<"windowPrefetchRows", "window-prefetch-rows", "int64_t", /*default=*/"4",
           "Output rows ahead whose new input rows a window kernel (depthwise "
           "convolution, pooling) prefetches at each step (0: none)">,
    Option<"prefetchDistance", "prefetch-distance", "int64_t", /*default=*/"2",
           "Steps of an epilogue's outermost loop (output channels) that its "
           "prefetches run ahead">,
    Option<"minParallelWork", "min-parallel-work", "int64_t", /*default=*/"524288",
           "Multiply-adds (x2) below which a contraction or depthwise convolution "
           "runs on one thread (handing blocks to the thread pool costs a few "
           "microseconds, more than a tiny kernel takes)">,
    Option<"minParallelElements", "min-parallel-elements", "int64_t",
           /*default=*/"16384",
           "Elements below which an elementwise op, copy, im2col patch copy, "
           "matrix-vector product (the matrix's elements) or window kernel with "
           "less than min-parallel-work (its input's elements) runs on one thread">
  ];
  let dependentDialects = [
    "::mlir::arith::ArithDialect", "::mlir::linalg::LinalgDialect",
    "::mlir::memref::MemRefDialect", "::mlir::scf::SCFDialect",
    "::mlir::vector::VectorDialect"
  ];
}

def PdConvToWinograd : Pass<"pd-conv-to-winograd", "::mlir::func::FuncOp"> {
  let summary = "A 3x3, stride 1 convolution with constant weights becomes Winograd's F(2x2, 3x3) or F(4x4, 3x3): 16 or 36 matmuls between two data transforms";
  let description = [{
    Winograd's minimal filtering F(2x2, 3x3) (Lavin & Gray, 2015) computes
    each 2x2 block of a 3x3 convolution's outputs from a 4x4 tile of its
    (padded) input with 16 multiplications per input channel instead of 36:

      Y = A^T [ (G g G^T) (*) (B^T d B) ] A

    summed over the input channels, where (*) multiplies elementwise. Summed
    over channels, each of the 16 tile positions is a matmul: the
    transformed filters U[16, Cout, Cin], computed here at compile time from
    the constant weights (in double precision), times the transformed input
    tiles V[16, Cin, N * tiles] (`linalg.batch_matmul`, which
    `pd-tile-and-vectorize` tiles like any matmul). The data transforms are
    `linalg.generic` ops marked `pd.winograd` ("input", "output"): sums of
    the 16 windows times constant coefficients, which any lowering computes
    correctly, and which `pd-tile-and-vectorize` code-generates as vectors
    of tiles (two loads per input row, each window every other lane of
    one of them; the transforms' additions and subtractions; the output's
    two columns per tile interleaved into one store).

    The matmuls do 2.25 times fewer multiply-adds than the convolution; the
    transforms cost a pass over the tiles each, which pays off where the
    channels and outputs are many. The rounding error is that of a different order of
    summation (the coefficients are 0, +-1/2 and +-1).

    Where the output has at least `min-large-tiles` tiles of 4x4 (over the
    batch; a 28x28 map at batch 1 has 49), F(4x4, 3x3) instead: 6x6 input
    tiles, 36 matmuls U[36, Cout, Cin] x V[36, Cin, N * tiles], 4 times
    fewer multiply-adds than the convolution. Its transforms multiply by 4,
    5, 2 and 8 (B^T, A^T) and 1/4, 1/6, 1/12, 1/24 (G): the error grows
    (ResNet-50: 1.6e-4 against Paddle's outputs of magnitude 5, 0.9e-4
    with F(2x2, 3x3)), still within the corpus check's 1e-4 relative
    tolerance. Smaller maps keep F(2x2, 3x3): at batch 1 a 14x14 map's
    F(4x4) matmuls have 16 columns and 2.25 times the filter's weights to
    read (ResNet-18 ran 2.7% slower so, ResNet-50 3.5% faster). Its input
    transform shares the common terms of B^T's rows (12 operations per
    six values instead of 20), its output transform A^T's (10 instead of
    14). On the benchmark machine (2 threads, paired runs) ResNet-18 ran in
    0.77-0.79 of the time it took with F(2x2, 3x3) everywhere, DenseNet-121
    in 0.83-0.88, ResNet-50 in 0.91.

    Only `linalg.conv_2d_nchw_fchw` on static f32 tensors with a constant
    filter [Cout, Cin, 3, 3] (dense or dense_resource), strides and
    dilations 1, a zero-filled init, at least `min-channels` input and
    output channels, at least `min-tiles` 2x2 output tiles over the batch
    (a 5x5 map at batch 1 has 9: matmuls that narrow run far from the FMA
    peak) and at least `min-outputs` output values over the batch (the
    matmuls' rows times columns, times 4); anything else is left alone. An
    odd output is computed in whole tiles (the input padded by one more row
    or column) and cropped.

    On the 2-core AVX-512 machine of the benchmark, alone and on one thread:
    64 -> 64 channels on a 56x56 map (ResNet's first stage) ran in 0.59x the
    time of im2col + matmul, DenseNet's 128 -> 32 on 56x56 in 0.65x, on
    28x28 in 0.55x. In DenseNet-121, its 128 -> 32 layers on 14x14 and 7x7
    maps (6272 and 1568 outputs: 32 x 49 matmuls) made the model slower,
    hence `min-outputs`.

    Before:

    ```mlir
    %w = arith.constant dense_resource<w> : tensor<256x256x3x3xf32>
    %y = linalg.conv_2d_nchw_fchw {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
           ins(%x, %w : tensor<1x256x16x16xf32>, tensor<256x256x3x3xf32>) outs(%zeros : tensor<1x256x14x14xf32>) -> tensor<1x256x14x14xf32>
    ```

    After (abridged):

    ```mlir
    %v = linalg.generic {...} ins(%x, ..., %x, %k0, ..., %k15 : ...) outs(%e : tensor<4x4x256x1x7x7xf32>) attrs = {pd.winograd = "input"} {...}
    %vc = tensor.collapse_shape %v [[0, 1], [2], [3, 4, 5]] : tensor<4x4x256x1x7x7xf32> into tensor<16x256x49xf32>
    %u = arith.constant dense_resource<winograd_filter> : tensor<16x256x256xf32>
    %m = linalg.batch_matmul ins(%u, %vc : tensor<16x256x256xf32>, tensor<16x256x49xf32>) outs(%z : tensor<16x256x49xf32>) -> tensor<16x256x49xf32>
    %me = tensor.expand_shape %m [[0, 1], [2], [3, 4, 5]] ... into tensor<4x4x256x1x7x7xf32>
    %o = linalg.generic {...} ins(%me, ..., %me, %c0, ..., %c15 : ...) outs(%e2 : tensor<1x256x7x2x7x2xf32>) attrs = {pd.winograd = "output"} {...}
    %y = tensor.collapse_shape %o [[0], [1], [2, 3], [4, 5]] : tensor<1x256x7x2x7x2xf32> into tensor<1x256x14x14xf32>
    ```
  }];
  let options = [
    Option<"minChannels", "min-channels", "int64_t", /*default=*/"32",
           "Rewrite only convolutions with at least this many input and output channels">,
    Option<"minTiles", "min-tiles", "int64_t", /*default=*/"16",
           "Rewrite only convolutions with at least this many 2x2 output tiles (over the batch)">,
    Option<"minOutputs", "min-outputs", "int64_t", /*default=*/"16384",
           "Rewrite only convolutions with at least this many output values (over the batch)">,
    Option<"minLargeTiles", "min-large-tiles", "int64_t", /*default=*/"49",
           "Use F(4x4, 3x3) where the output has at least this many 4x4 tiles (over the batch), F(2x2, 3x3) below">,
  ];
  let dependentDialects = ["::mlir::arith::ArithDialect", "::mlir::linalg::LinalgDialect",
                           "::mlir::tensor::TensorDialect"];
}

def PdConvToIm2col : Pass<"pd-conv-to-im2col", "::mlir::func::FuncOp"> {
  let summary = "Rewrite 2-D convolutions on tensors into im2col + a matmul-like contraction";
  let description = [{
    `linalg.conv_2d_nchw_fchw` (and `conv_2d_nhwc_hwcf`) become an im2col
    `linalg.generic` gathering the input patches followed by a contraction
    that `pd-tile-and-vectorize` treats like a matmul. Runs on tensors,
    before bufferization. For NCHW the patches are a 6-D window copy
    `col[n, c, kh, kw, oh, ow] = x[n, c, oh*sh + kh*dh, ow*sw + kw*dw]`
    marked `pd.im2col` (strides, dilations), which `pd-tile-and-vectorize`
    copies row by row with vector loads, collapsed to `[n, c*kh*kw, oh*ow]`
    for a batch, and for one image to `[c*kh*kw, oh*ow]` for a plain
    `linalg.matmul` (vectorized to `vector.contract`: the batched form's
    broadcast weights gave 4x the LLVM IR, and DenseNet-121 took 20 s
    instead of 12 s to compile); upstream's `linalg::rewriteInIm2Col` (used
    for NHWC) flattens the patch indices into div/mod arithmetic that only
    scalar loops can follow.

    Before:

    ```mlir
    %r = linalg.conv_2d_nchw_fchw ins(%x, %w : tensor<1x3x8x8xf32>, tensor<4x3x3x3xf32>)
                                  outs(%o : tensor<1x4x6x6xf32>) -> tensor<1x4x6x6xf32>
    ```

    After:

    ```mlir
    %p = linalg.generic {...} outs(%e : tensor<1x3x3x3x6x6xf32>) attrs = {pd.im2col = ...} { ... }
    %col = tensor.collapse_shape %p [[0, 1, 2, 3], [4, 5]] : ... into tensor<27x36xf32>
    %m = linalg.matmul ins(%w2, %col : tensor<4x27xf32>, tensor<27x36xf32>)
                       outs(%o2 : tensor<4x36xf32>) -> tensor<4x36xf32>
    %r = tensor.expand_shape %m [[0, 1], [2, 3]] ... into tensor<1x4x6x6xf32>
    ```
  }];
  let dependentDialects = [
    "::mlir::linalg::LinalgDialect", "::mlir::tensor::TensorDialect"
  ];
}

def PdPadMatmulColumns : Pass<"pd-pad-matmul-columns", "::mlir::func::FuncOp"> {
  let summary = "Pad the columns of a matmul whose right operand is a transpose to whole vectors";
  let description = [{
    Attention's scores `q k^T` of a ViT have 197 columns (its tokens):
    `pd-tile-and-vectorize` generates 192 of them in register tiles of
    whole vectors on the threads, and the last 5 as kernels of 4 and 1
    columns (and of 5 rows) that ran on one thread: 3% of DeiT-tiny's time.
    Where a `linalg.matmul` or `linalg.batch_matmul` on tensors (default
    indexing maps) has a right operand that a `linalg.transpose` of an
    empty init produces (maybe through a `tensor.collapse_shape` that keeps
    its last dim), a constant fill of an empty tensor as its init, and at
    least `min-columns` columns that are not a multiple of `vector-width`,
    the transpose's result is padded with zero columns to the next multiple
    (`tensor.pad`, which `pd-decompose-pad` turns into the transpose writing
    into the wider buffer and a fill of the new columns only), the matmul
    computes the wider result from a fill of its own, and its users read the
    original columns as a `tensor.extract_slice` of it (the extra columns
    are zeros times the left operand). Other matmuls are left alone.

    Before:

    ```mlir
    %kt = linalg.transpose ins(%k : tensor<3x197x64xf32>) outs(%e : tensor<3x64x197xf32>) permutation = [0, 2, 1]
    %z = linalg.fill ins(%zero : f32) outs(%e2 : tensor<3x197x197xf32>) -> tensor<3x197x197xf32>
    %s = linalg.batch_matmul ins(%q, %kt : tensor<3x197x64xf32>, tensor<3x64x197xf32>) outs(%z : tensor<3x197x197xf32>) -> tensor<3x197x197xf32>
    ```

    After:

    ```mlir
    %kt = linalg.transpose ins(%k : tensor<3x197x64xf32>) outs(%e : tensor<3x64x197xf32>) permutation = [0, 2, 1]
    %ktp = tensor.pad %kt low[0, 0, 0] high[0, 0, 11] { ... tensor.yield %cst : f32 } : tensor<3x64x197xf32> to tensor<3x64x208xf32>
    %z2 = linalg.fill ins(%zero : f32) outs(%e3 : tensor<3x197x208xf32>) -> tensor<3x197x208xf32>
    %sp = linalg.batch_matmul ins(%q, %ktp : tensor<3x197x64xf32>, tensor<3x64x208xf32>) outs(%z2 : tensor<3x197x208xf32>) -> tensor<3x197x208xf32>
    %s = tensor.extract_slice %sp[0, 0, 0] [3, 197, 197] [1, 1, 1] : tensor<3x197x208xf32> to tensor<3x197x197xf32>
    ```
  }];
  let options = [
    Option<"vectorWidth", "vector-width", "int64_t", /*default=*/"16",
           "Columns are padded to a multiple of this">,
    Option<"minColumns", "min-columns", "int64_t", /*default=*/"64",
           "Matmuls with fewer columns are left alone">,
  ];
  let dependentDialects = ["::mlir::tensor::TensorDialect", "::mlir::arith::ArithDialect",
                           "::mlir::linalg::LinalgDialect"];
}

def PdDecomposePad : Pass<"pd-decompose-pad", "::mlir::func::FuncOp"> {
  let summary = "Rewrite tensor.pad as an insert_slice and fills of the border, so that producers write into the padded buffer";
  let description = [{
    Every static `tensor.pad` whose padding value is one value becomes a
    `tensor.insert_slice` of the source into a `tensor.empty` of the padded
    shape, then one `linalg.fill` per padded side of each dim, on a slice of
    the result (the border only; corners are filled twice). Followed by
    `eliminate-empty-tensors`, the op that computes the source (a
    convolution's input: the previous layer's activation) writes straight
    into the interior of the padded buffer, instead of into a buffer of its
    own that a copy then moves, and nothing fills the interior first: one
    pass over every padded activation instead of three. Other pads (dynamic
    sizes, a padding value computed per element) get upstream's
    `linalg::populateDecomposePadPatterns` (a fill of the whole buffer). A
    pad with a negative padding, or a static one equal to the dynamic marker
    without a value for it (both pass `tensor.pad`'s verifier), is refused
    with a diagnostic.

    Where the source is read again after the pad (a block's input that a
    3x3 convolution pads and a residual add reads: ResNet's basic blocks,
    MobileNetV3's first block) and every such later reader is an input of a
    linalg op, those readers read the padded value's interior (a
    `tensor.extract_slice`) instead: otherwise bufferization gives the
    source a buffer of its own, since the border fills modify the padded
    buffer while the source is live, and copies it into the padded buffer.

    Before:

    ```mlir
    %p = tensor.pad %x low[0, 0, 1, 1] high[0, 0, 1, 1] { ... tensor.yield %zero }
        : tensor<1x8x56x56xf32> to tensor<1x8x58x58xf32>
    ```

    After:

    ```mlir
    %e = tensor.empty() : tensor<1x8x58x58xf32>
    %in = tensor.insert_slice %x into %e[0, 0, 1, 1] [1, 8, 56, 56] [1, 1, 1, 1]
        : tensor<1x8x56x56xf32> into tensor<1x8x58x58xf32>
    %top = tensor.extract_slice %in[0, 0, 0, 0] [1, 8, 1, 58] [1, 1, 1, 1]
        : tensor<1x8x58x58xf32> to tensor<1x8x1x58xf32>
    %f = linalg.fill ins(%zero : f32) outs(%top : tensor<1x8x1x58xf32>) -> tensor<1x8x1x58xf32>
    %p0 = tensor.insert_slice %f into %in[0, 0, 0, 0] [1, 8, 1, 58] [1, 1, 1, 1]
        : tensor<1x8x1x58xf32> into tensor<1x8x58x58xf32>
    // ... the same for row 57 and for columns 0 and 57
    ```
  }];
  let dependentDialects = ["::mlir::linalg::LinalgDialect", "::mlir::tensor::TensorDialect"];
}

def PdApproximateMath : Pass<"pd-approximate-math", "::mlir::func::FuncOp"> {
  let summary = "f32 exp, log, log2, tanh and erf as polynomial approximations; precise expm1/log1p";
  let description = [{
    Upstream's polynomial approximations (`populateMathPolynomialApproximationPatterns`,
    `populatePolynomialApproximateErfPattern`) for f32 `math.exp`, `log`,
    `log2`, `tanh` and `erf`, scalar or vector: they become
    arith ops, so a vectorized GELU or softmax stays vectorized instead of
    calling libm once per lane (BERT and ViT spent 15% of their time in
    scalar `erff`/`expf`). Accurate to a few ulp (checked against numpy by
    the numerics tests); f64 and other functions are left to libm. `expm1`
    and `log1p` are rewritten with Kahan's corrections from
    `exp` and `log` (`(u - 1) * x / log(u)`, `u = exp(x)`), because MLIR's
    LLVM lowering spells them `exp(x) - 1` and `log(1 + x)`, which lose all
    relative precision near 0.

    Before:

    ```mlir
    %e = math.erf %x : vector<16xf32>
    ```

    After (abridged): clamps, a rational polynomial in FMAs and a select of
    the sign, all on `vector<16xf32>`.
  }];
  let dependentDialects = [
    "::mlir::arith::ArithDialect", "::mlir::math::MathDialect",
    "::mlir::vector::VectorDialect"
  ];
}

def PdPlanBuffers : Pass<"pd-plan-buffers", "::mlir::func::FuncOp"> {
  let summary = "Lay out a block's buffers in one arena, each in the range freed last";
  let description = [{
    Run after `pd-early-dealloc`. The buffers a block allocates and frees
    itself (a static shape with the identity layout, whole-byte integers or
    floats, one `memref.dealloc` in the same block) become `memref.view`s
    of one arena allocated before the first of them and freed after the
    last. Offsets are planned at compile time by replaying the block's
    allocations and frees in order: each buffer takes the start of the
    free range of the arena that was freed most recently among those it
    fits in (free ranges are merged with their neighbours), else the end
    of the arena. A layer then writes into the memory the layers just
    before it wrote, which is still in the cache, instead of a block that
    the allocator last handed out a whole run earlier (MobileNetV2's first
    expansion, 96 x 114 x 114 floats, spent half of its time writing to
    memory that had left the caches), and the arena is the peak of the
    run, without the power-of-two size classes of the caching allocator.
    Blocks with fewer than two such buffers are left alone.

    Before:

    ```mlir
    %a = memref.alloc() {alignment = 64 : i64} : memref<64xf32>
    call @kernel_0(%x, %a)
    %b = memref.alloc() {alignment = 64 : i64} : memref<64xf32>
    call @kernel_1(%a, %b)
    memref.dealloc %a : memref<64xf32>
    %c = memref.alloc() {alignment = 64 : i64} : memref<64xf32>
    call @kernel_2(%b, %c)
    memref.dealloc %b : memref<64xf32>
    call @kernel_3(%c, %out)
    memref.dealloc %c : memref<64xf32>
    ```

    After (`%c` takes the range `%a` had):

    ```mlir
    %arena = memref.alloc() {alignment = 64 : i64} : memref<512xi8>
    %a = memref.view %arena[%c0][] : memref<512xi8> to memref<64xf32>
    call @kernel_0(%x, %a)
    %b = memref.view %arena[%c256][] : memref<512xi8> to memref<64xf32>
    call @kernel_1(%a, %b)
    %c = memref.view %arena[%c0][] : memref<512xi8> to memref<64xf32>
    call @kernel_2(%b, %c)
    call @kernel_3(%c, %out)
    memref.dealloc %arena : memref<512xi8>
    ```
  }];
  let dependentDialects = ["::mlir::arith::ArithDialect", "::mlir::memref::MemRefDialect"];
}

def PdEarlyDealloc : Pass<"pd-early-dealloc", "::mlir::func::FuncOp"> {
  let summary = "Free each buffer right after its last use";
  let description = [{
    Upstream's ownership-based buffer deallocation places every
    `memref.dealloc` at the end of the block that allocated the buffer, so
    all intermediate buffers of a program function are live at once
    (ResNet-50 at batch 8: 1.2 GB). This pass moves the `memref.dealloc` of
    each `memref.alloc` of a block to just after the last op of the block
    that uses the buffer or a view of it (subview, expand/collapse_shape,
    cast). A buffer that may escape (returned, yielded, stored, or passed to
    an op that returns a memref that is not a view of it) is left alone.
    With the caching allocator of compiled libraries, freed blocks are taken
    again by later layers of the same run.

    Before:

    ```mlir
    %a = memref.alloc() : memref<64xf32>
    call @kernel_0(%x, %a)
    %b = memref.alloc() : memref<64xf32>
    call @kernel_1(%a, %b)
    call @kernel_2(%b, %out)
    memref.dealloc %a : memref<64xf32>
    memref.dealloc %b : memref<64xf32>
    ```

    After:

    ```mlir
    %a = memref.alloc() : memref<64xf32>
    call @kernel_0(%x, %a)
    %b = memref.alloc() : memref<64xf32>
    call @kernel_1(%a, %b)
    memref.dealloc %a : memref<64xf32>
    call @kernel_2(%b, %out)
    memref.dealloc %b : memref<64xf32>
    ```
  }];
  let dependentDialects = ["::mlir::memref::MemRefDialect"];
}

def PdSinkInitFills : Pass<"pd-sink-init-fills", "::mlir::func::FuncOp"> {
  let summary = "Give each op that accumulates into a filled tensor a fill of its own, right before it";
  let description = [{
    CSE merges identical `linalg.fill`s of `tensor.empty`s: the zeros that
    every convolution of one output shape accumulates into become one value,
    the init of all of them (MobileNetV2's three 960-channel depthwise
    convolutions and its 1x1 convolutions of the same shape). One-shot
    bufferization then gives the fill one buffer and copies it for every
    other user: a copy kernel per convolution, a buffer alive from the
    first user to the last, and kernels that see a copy instead of the fill
    they fold into their accumulators (`pd-tile-and-vectorize` starts the
    register accumulators from a fill right before the op, and then needs
    neither the fill nor its buffer). Each destination-passing-style op
    whose init is a fill of a `tensor.empty` (in its block) that is not
    right before it gets a clone of the `tensor.empty` and of the fill right
    before it; a fill left without users is erased. Fills of other tensors
    (a value that must be kept) and reads of a fill (inputs) are left alone.
    Likewise a `tensor.empty` in a function's body that fills (or reshapes
    into fills: a 1x1 convolution's collapsed result) share with other ops
    gives each fill an empty of its own: bufferization would otherwise put
    the results of two convolutions, or one's result and the next
    elementwise op's output, in one buffer, which is then no longer one
    op's result alone (`pd-tile-and-vectorize` keeps a result that only the
    epilogue reads in a tile buffer instead of memory). And an elementwise
    op whose output is a shared `tensor.empty` that also holds an input of
    the op whose result it reads (a 1x1 convolution's bias and residual
    add, sharing an empty with the activation the convolution reads) gets an
    empty of its own: written in place into the buffer the convolution
    reads, it could not run as the convolution's epilogue.

    Before:

    ```mlir
    %e = tensor.empty() : tensor<1x8x7x7xf32>
    %z = linalg.fill ins(%zero : f32) outs(%e : tensor<1x8x7x7xf32>) -> tensor<1x8x7x7xf32>
    %x = linalg.generic ...   // the padded input of %a
    %a = linalg.depthwise_conv_2d_nchw_chw ins(%x, %w : ...) outs(%z : tensor<1x8x7x7xf32>) -> ...
    %b = linalg.depthwise_conv_2d_nchw_chw ins(%y, %v : ...) outs(%z : tensor<1x8x7x7xf32>) -> ...
    ```

    After:

    ```mlir
    %x = linalg.generic ...
    %e = tensor.empty() : tensor<1x8x7x7xf32>
    %z = linalg.fill ins(%zero : f32) outs(%e : tensor<1x8x7x7xf32>) -> tensor<1x8x7x7xf32>
    %a = linalg.depthwise_conv_2d_nchw_chw ins(%x, %w : ...) outs(%z : tensor<1x8x7x7xf32>) -> ...
    %e1 = tensor.empty() : tensor<1x8x7x7xf32>
    %z1 = linalg.fill ins(%zero : f32) outs(%e1 : tensor<1x8x7x7xf32>) -> tensor<1x8x7x7xf32>
    %b = linalg.depthwise_conv_2d_nchw_chw ins(%y, %v : ...) outs(%z1 : tensor<1x8x7x7xf32>) -> ...
    ```
  }];
  let dependentDialects = ["::mlir::linalg::LinalgDialect", "::mlir::tensor::TensorDialect"];
}

def PdWriteTransposed : Pass<"pd-write-transposed", "::mlir::func::FuncOp"> {
  let summary = "The op that writes a transpose's input writes its result through a permuted view";
  let description = [{
    On buffers, before `pd-tile-and-vectorize`. Attention splits the heads
    of its q and v projections (`[b, s, h, d] -> [b, h, s, d]`) and merges
    them after attention times v (`[b, h, s, d] -> [b, s, h, d]`): each a
    `linalg.transpose` copy of a buffer that the op right before wrote.
    Where that op is an elementwise `linalg.generic` that overwrites all of
    the input buffer (a bias add, the matmul's epilogue) or a (batch)
    matmul with the fill of its output before it, and the input buffer's
    values die with the transpose (nothing reads it before it is
    overwritten or freed), the op writes the transpose's output through a
    `memref.transpose` view in the input's shape (reshaped as it wrote the
    input) and the copy goes. Only transposes that keep the innermost dim
    innermost: the producer then still writes contiguous rows.

    Before:

    ```mlir
    linalg.generic {...} ins(%x, %bias : ...) outs(%t : memref<1x128x4x64xf32>) {...}
    linalg.transpose ins(%t : memref<1x128x4x64xf32>)
                     outs(%o : memref<1x4x128x64xf32>) permutation = [0, 2, 1, 3]
    ```

    After:

    ```mlir
    %v = memref.transpose %o (d0, d1, d2, d3) -> (d0, d2, d1, d3)
        : memref<1x4x128x64xf32> to memref<1x128x4x64xf32, strided<[32768, 64, 8192, 1]>>
    linalg.generic {...} ins(%x, %bias : ...) outs(%v : ...) {...}
    ```
  }];
  let dependentDialects = ["::mlir::memref::MemRefDialect"];
}

def PdConcatInPlace : Pass<"pd-concat-in-place", "::mlir::func::FuncOp"> {
  let summary = "Concatenations that grow the previous one are built in the largest one's buffer";
  let description = [{
    convert-pd-to-linalg writes a concatenation as `tensor.insert_slice`s of
    its parts into a `tensor.empty`. In a DenseNet block each layer's input
    is the concatenation of all the block's features so far: the previous
    concatenation and the new layer's output. Bufferized as is, each
    concatenation is a new buffer and each layer copies all the features
    into it (16% of DenseNet-121's time). For each family of concatenations
    along one dim, in one block, where each is the first part of the next
    (once), this pass gives the largest an empty of its own at the start of
    the block and makes every smaller one's empty a `tensor.extract_slice`
    of the next larger one's (its prefix). The values stay the same (a slice
    of an empty is undefined, as the empty was); one-shot bufferization then
    builds all of them in one buffer and copies only the new parts. (Those
    parts' producers keep buffers of their own: computed into the big
    buffer, the convolutions of a block's layers differ in their output's
    offset and are no longer one kernel; DenseNet-121's compile time rose by
    half for no gain.) Runs right before `eliminate-empty-tensors` and
    `one-shot-bufferize` (a canonicalization would fold the slices of the
    empty back into empties).

    Before:

    ```mlir
    %e1 = tensor.empty() : tensor<1x96x8x8xf32>
    %a = tensor.insert_slice %x into %e1[0, 0, 0, 0] [1, 64, 8, 8] [1, 1, 1, 1] : ...
    %c1 = tensor.insert_slice %y1 into %a[0, 64, 0, 0] [1, 32, 8, 8] [1, 1, 1, 1] : ...
    %r = linalg.generic ... ins(%c1 : tensor<1x96x8x8xf32>) ...   // the next layer
    %e2 = tensor.empty() : tensor<1x128x8x8xf32>
    %b = tensor.insert_slice %c1 into %e2[0, 0, 0, 0] [1, 96, 8, 8] [1, 1, 1, 1] : ...
    %c2 = tensor.insert_slice %y2 into %b[0, 96, 0, 0] [1, 32, 8, 8] [1, 1, 1, 1] : ...
    ```

    After:

    ```mlir
    %big = tensor.empty() : tensor<1x128x8x8xf32>
    %e1 = tensor.extract_slice %big[0, 0, 0, 0] [1, 96, 8, 8] [1, 1, 1, 1] : ...
    %a = tensor.insert_slice %x into %e1[0, 0, 0, 0] [1, 64, 8, 8] [1, 1, 1, 1] : ...
    ...
    %b = tensor.insert_slice %c1 into %big[0, 0, 0, 0] [1, 96, 8, 8] [1, 1, 1, 1] : ...
    ```
  }];
  let dependentDialects = ["::mlir::tensor::TensorDialect"];
}

def PdPadWinogradPlanes : Pass<"pd-pad-winograd-planes", "::mlir::func::FuncOp"> {
  let summary = "Winograd's tile planes an odd number of cache lines apart";
  let description = [{
    `pd-conv-to-winograd` computes a convolution through the transformed
    input tiles V [alpha, alpha, C, N, th, tw] and the products M
    [alpha^2, Cout, N th tw] of its matmuls: alpha^2 planes (16 or 36), each
    of C (Cout) x N th tw floats. Each iteration of a data transform reads
    or writes one line of every plane. Planes a multiple of 4 KB apart (256
    channels of 8 images x 16 tiles: 128 KB) all fall into one set of the
    L1 and L2 caches, whose 12 to 16 ways cannot hold F(4x4, 3x3)'s 36
    lines: each store then fetched its line again, and ResNet-50's input
    transforms at batch 8 ran at a seventh of their speed per image at batch
    1, their output transforms at half.

    This pass gives V (the init of a generic marked `pd.winograd = "input"`)
    and M (the init, or the fill's init, of the `linalg.batch_matmul` whose
    expanded result a `pd.winograd = "output"` generic reads) planes an odd
    number of cache lines apart: their `tensor.empty` becomes an
    `extract_slice` of a larger empty [planes, stride], expanded back to the
    planes' shape. The values stay the same (a slice of an empty is
    undefined, as the empty was); one-shot bufferization then writes the
    transforms and the matmuls into a strided view of the larger buffer. An
    empty with other uses, and planes already apart, are left alone. Runs
    right before `one-shot-bufferize` (a canonicalization would fold the
    slice of the empty back into an empty).

    Before:

    ```mlir
    %e = tensor.empty() : tensor<6x6x256x8x4x4xf32>
    %v = linalg.generic {..., pd.winograd = "input"} ins(...) outs(%e : ...)
    ```

    After (256 x 128 = 2048 lines per plane; the stride 2049 lines):

    ```mlir
    %big = tensor.empty() : tensor<36x32784xf32>
    %s = tensor.extract_slice %big[0, 0] [36, 32768] [1, 1]
        : tensor<36x32784xf32> to tensor<36x32768xf32>
    %e = tensor.expand_shape %s [[0, 1], [2, 3, 4, 5]] output_shape [6, 6, 256, 8, 4, 4]
        : tensor<36x32768xf32> into tensor<6x6x256x8x4x4xf32>
    %v = linalg.generic {..., pd.winograd = "input"} ins(...) outs(%e : ...)
    ```
  }];
  let dependentDialects = ["::mlir::tensor::TensorDialect"];
}

def PdHoistStackBuffers : Pass<"pd-hoist-stack-buffers", "::mlir::func::FuncOp"> {
  let summary = "Allocate the stack buffers of loop bodies once, before the loops";
  let description = [{
    A `memref.alloca` of a static size in the body of an `scf.for` (a
    matmul's im2col panel, when its parallel loop runs sequentially) moves
    before the outermost `scf.for` around it, up to an `scf.parallel` body
    or the function: after `convert-scf-to-cf` an alloca in a loop is a
    dynamic allocation that grows the stack with each iteration (ResNet-50
    at batch 8 overflowed an 8 MB stack). Its content is undefined at each
    allocation anyway, so one buffer serves all iterations. An alloca that
    may outlive its iteration (yielded, returned or stored, also through a
    view) stays. `scf.parallel` bodies are left alone: their iterations may
    run at once (`pd-outline-parallel-loops` allocates their buffers once
    per thread).

    Before:

    ```mlir
    scf.for %i = %c0 to %c8 step %c1 {
      %panel = memref.alloca() : memref<64xf32>
      ... %panel ...
    }
    ```

    After:

    ```mlir
    %panel = memref.alloca() : memref<64xf32>
    scf.for %i = %c0 to %c8 step %c1 {
      ... %panel ...
    }
    ```
  }];
  let dependentDialects = ["::mlir::memref::MemRefDialect", "::mlir::scf::SCFDialect"];
}

def PdOutlineParallelLoops : Pass<"pd-outline-parallel-loops", "::mlir::ModuleOp"> {
  let summary = "Outline the body of each outermost scf.parallel for the thread pool";
  let description = [{
    The body of every outermost `scf.parallel` without reductions becomes a
    private function `@<fn>_parallel_<i>(%begin, %end, captures...)` that
    runs the linearized iterations [begin, end) (the last dimension
    fastest); constants are cloned into it. The loop becomes a call of a
    declaration `@<fn>_parallel_<i>_dispatch(%iterations, captures...)`
    marked `pd.parallel_body = @<fn>_parallel_<i>`, which
    `pd-lower-parallel-dispatch` turns into a call of the thread pool's
    `pdm_parallel_for` once the module is in the LLVM dialect. Nested
    parallel loops run sequentially inside the body. Stack buffers of a
    static size at the top of the body (`memref.alloca`: a matmul's im2col
    panel) are allocated once per call, before the iterations (an alloca
    in the loop would grow the stack with each iteration).

    Upstream's `async-parallel-for` dispatches through `async.execute`
    coroutines and keeps up to four copies of each body (compute function,
    aligned-loops variant, coroutine, caller); here the body exists once:
    DenseNet-121's `opt`+`llc` time went from 21 s back to 9.5 s.

    Before:

    ```mlir
    func.func @k(%x: memref<64x64xf32>) {
      scf.parallel (%i) = (%c0) to (%c64) step (%c4) {
        ... %x[%i, ...] ...
      }
      return
    }
    ```

    After:

    ```mlir
    func.func private @k_parallel_0_dispatch(index, memref<64x64xf32>)
        attributes {pd.parallel_body = @k_parallel_0}
    func.func @k(%x: memref<64x64xf32>) {
      call @k_parallel_0_dispatch(%c16, %x) : (index, memref<64x64xf32>) -> ()
      return
    }
    func.func private @k_parallel_0(%begin: index, %end: index, %x: memref<64x64xf32>) {
      scf.for %n = %begin to %end step %c1 {
        %i = arith.muli %n, %c4 : index
        ... %x[%i, ...] ...
      }
      return
    }
    ```
  }];
  let dependentDialects = ["::mlir::arith::ArithDialect", "::mlir::scf::SCFDialect",
                           "::mlir::LLVM::LLVMDialect"];
}

def PdLowerParallelDispatch : Pass<"pd-lower-parallel-dispatch", "::mlir::ModuleOp"> {
  let summary = "Call the thread pool for the dispatches of pd-outline-parallel-loops";
  let description = [{
    Runs on the LLVM dialect. Each call of a declaration marked
    `pd.parallel_body = @body` stores its arguments (all but the first, the
    iteration count) into a struct on the caller's stack and calls

    ```c
    void pdm_parallel_for(int64_t iterations,
                          void (*task)(void *arguments, int64_t begin, int64_t end),
                          void *arguments);
    ```

    with a generated internal `@body_task` that loads the arguments back
    and calls `@body(begin, end, arguments...)`. The thread pool
    (`backend/runtime/thread_pool.c`, compiled into each library) splits
    the iterations into blocks that the calling thread and the pool's
    workers take in turn. Done on the LLVM dialect because only there are
    the arguments (memref descriptors included) plain values that fit a
    struct.

    Before:

    ```mlir
    llvm.func @k_parallel_0_dispatch(i64, !llvm.ptr, ...) attributes {pd.parallel_body = @k_parallel_0}
    llvm.call @k_parallel_0_dispatch(%n, %p, ...) : (i64, !llvm.ptr, ...) -> ()
    ```

    After:

    ```mlir
    %frame = llvm.alloca %one x !llvm.struct<(ptr, ...)> : (i64) -> !llvm.ptr
    llvm.store %p, %field0 : !llvm.ptr, !llvm.ptr
    %task = llvm.mlir.addressof @k_parallel_0_task : !llvm.ptr
    llvm.call @pdm_parallel_for(%n, %task, %frame) : (i64, !llvm.ptr, !llvm.ptr) -> ()
    ```
  }];
  let dependentDialects = ["::mlir::LLVM::LLVMDialect"];
}

def PdFinalizeToLLVM : Pass<"pd-finalize-to-llvm", "::mlir::ModuleOp"> {
  let summary = "The memref, arith, index, ub, cf and func ops to the LLVM dialect in one conversion";
  let description = [{
    The end of the CPU lowering, after `convert-vector-to-llvm` and the math
    conversions: upstream's `finalize-memref-to-llvm`, `convert-arith-to-llvm`,
    `convert-index-to-llvm`, `convert-ub-to-llvm`, `convert-cf-to-llvm` and
    `convert-func-to-llvm` patterns (and the expansion of ceil/floor
    divisions that `convert-arith-to-llvm` does first) applied by one dialect
    conversion of the module, as upstream's `convert-to-llvm` composes them,
    but with the
    memref options the AOT library needs (`use-generic-functions`,
    `use-aligned-alloc`, which `convert-to-llvm` does not take). Each of
    those passes walked every op of the module and checked its legality;
    four of them on one thread. One conversion did the same work in 0.39 s
    where they took 0.85 s on DenseNet-121; the lowered module is the same.
    `reconcile-unrealized-casts` follows it.

    Before:

    ```mlir
    func.func private @kernel(%buffer: memref<4xf32>) {
      %c0 = arith.constant 0 : index
      %one = arith.constant 1.0 : f32
      memref.store %one, %buffer[%c0] : memref<4xf32>
      return
    }
    ```

    After:

    ```mlir
    llvm.func @kernel(%allocated: !llvm.ptr, %aligned: !llvm.ptr, %offset: i64,
                      %size: i64, %stride: i64) attributes {sym_visibility = "private"} {
      %one = llvm.mlir.constant(1.000000e+00 : f32) : f32
      llvm.store %one, %aligned : f32, !llvm.ptr
      llvm.return
    }
    ```
  }];
  let dependentDialects = ["::mlir::LLVM::LLVMDialect"];
  let options = [
    Option<"useGenericFunctions", "use-generic-functions", "bool", "false",
           "memref.alloc/dealloc call _mlir_memref_to_llvm_alloc/free (the AOT "
           "library's caching allocator), not malloc/free">,
    Option<"useAlignedAlloc", "use-aligned-alloc", "bool", "false",
           "memref.alloc calls an aligned allocation function">,
  ];
}

def PdPruneKernelArguments : Pass<"pd-prune-kernel-arguments", "::mlir::ModuleOp"> {
  let summary = "Drop the arguments that outlined kernels and parallel bodies never read";
  let description = [{
    Runs on the LLVM dialect, after `pd-finalize-to-llvm` and a
    canonicalization, before `pd-lower-parallel-dispatch`. Every memref
    argument of an outlined kernel became its whole descriptor (allocated
    and aligned pointers, offset, sizes, strides): 5 + 2 x rank values, of
    which a kernel of static shapes reads one or two. The program's calls
    then pass hundreds of constants, and LLVM's instruction selection of
    the program function took most of a DenseNet's or a DeiT's code
    generation (0.7 s for DeiT-tiny), since `llvm-split` puts callers and
    callees into different parts where LLVM's own dead-argument
    elimination cannot see both.

    An internal or private `llvm.func` whose symbol is used only as the
    callee of `llvm.call`s loses each argument its body does not use, and
    the calls lose the operand. A parallel body (`pd.parallel_body = @body`
    of a dispatch declaration) keeps its `(begin, end)` and loses the
    others together with the declaration's matching inputs and the
    dispatch calls' operands. Operand producers left without uses are
    erased, which can leave a caller's own argument unused: the pass
    repeats until nothing changes. Functions whose address is taken, or
    that are public, are left alone.

    Before:

    ```mlir
    llvm.func internal @kernel(%alloc: !llvm.ptr, %aligned: !llvm.ptr, %offset: i64) {
      llvm.store %c, %aligned : f32, !llvm.ptr
      llvm.return
    }
    llvm.call @kernel(%p, %p, %zero) : (!llvm.ptr, !llvm.ptr, i64) -> ()
    ```

    After:

    ```mlir
    llvm.func internal @kernel(%aligned: !llvm.ptr) { ... }
    llvm.call @kernel(%p) : (!llvm.ptr) -> ()
    ```
  }];
  let dependentDialects = ["::mlir::LLVM::LLVMDialect"];
}

def PdOutlineKernels : Pass<"pd-outline-kernels", "::mlir::ModuleOp"> {
  let summary = "Outline each top-level loop nest of a program into a function; share identical ones";
  let description = [{
    Run on buffers, after tiling and vectorization: each top-level op with
    regions (a loop nest, a linalg op) in a program function becomes a call
    of a private `@<program>_kernel_<i>` (marked `pd.kernel`, internal
    linkage, `noinline`) taking the values it uses from outside as arguments;
    constants are cloned into it. A kernel structurally identical to one
    already outlined (same ops, attributes and types; only its buffers,
    e.g. the weights, differ) is not created again: the call goes to the
    existing one.

    LLVM's optimizer and code generator are superlinear in the size of a
    function: with one huge `main`, a DenseNet-121 spent 40 s in `opt` and
    `llc`. Small functions compile in linear time, each distinct kernel
    once, and show up by name in a profiler.

    Before:

    ```mlir
    func.func @main(%x: memref<64xf32>, %w: memref<64xf32>, %o: memref<64xf32>) {
      scf.for %i = %c0 to %c64 step %c16 { ... %x ... %w ... %o ... }
      return
    }
    ```

    After:

    ```mlir
    func.func private @main_kernel_0(%a: memref<64xf32>, %b: memref<64xf32>,
                                     %c: memref<64xf32>) attributes {pd.kernel, ...} {
      %c0 = arith.constant 0 : index
      ...
      scf.for %i = %c0 to %c64 step %c16 { ... }
      return
    }
    func.func @main(%x: memref<64xf32>, %w: memref<64xf32>, %o: memref<64xf32>) {
      call @main_kernel_0(%x, %w, %o) : (memref<64xf32>, memref<64xf32>, memref<64xf32>) -> ()
      return
    }
    ```
  }];
  let dependentDialects = ["::mlir::func::FuncDialect", "::mlir::LLVM::LLVMDialect"];
}

def PdFuseLinalgElementwise : Pass<"pd-fuse-linalg-elementwise", "::mlir::func::FuncOp"> {
  let summary = "Fuse elementwise linalg producers into consumers that read each produced element once";
  let description = [{
    Upstream's `linalg-fuse-elementwise-ops` (producer into consumer generic,
    reshapes folded by expansion, constants folded) with one more condition:
    a producer is fused only where the consumer's indexing map for it is a
    permutation of all the consumer's loops. Otherwise the fused body would
    recompute each produced element once per iteration of the loops the
    operand does not use: a GELU fused into the matmul that consumes it
    evaluated `erf` once per multiply-add (BERT: 55% of its time in `erff`).

    Before (the GELU's output is read K times by the contraction):

    ```mlir
    %g = linalg.generic {iterator_types = ["parallel", "parallel"]} ins(%x) { erf ... }
    %y = linalg.generic {iterator_types = ["parallel", "parallel", "reduction"]}
           ins(%g, %w) { mulf, addf }
    ```

    After: unchanged (the upstream pass merges the two). Producers whose
    consumer reads them once, e.g. `exp` into the sum of a softmax, or chains
    of elementwise ops, are fused as upstream fuses them. A producer read by
    several consumers is fused only where it is cheap (at most two `arith`
    ops, e.g. a scale) and every reader is a `linalg.generic` reading each
    element once: it is then computed in each reader and never written
    (attention's 1/sqrt(d) scale was a pass of its own over the scores,
    which the softmax's maximum and exponentials both read back; DeiT-tiny
    1.6% faster). Reshapes are folded
    into elementwise ops by expansion, but never into contractions: a matmul
    reading merged attention heads would become a contraction over two
    reduction loops, which pd-tile-and-vectorize does not tile. Fused bodies
    stay under `max-fused-ops`: each fusion copies both bodies, so fusing a
    chain of 5,000 relus into one took 6 s (quadratic); now it is linear.
  }];
  let options = [
    Option<"maxFusedOps", "max-fused-ops", "int64_t", /*default=*/"64",
           "Largest fused body (ops): every fusion copies both bodies, so an "
           "unbounded chain costs quadratic compile time">
  ];
  let dependentDialects = [
    "::mlir::linalg::LinalgDialect", "::mlir::tensor::TensorDialect",
    "::mlir::affine::AffineDialect"
  ];
}

def PdFuseElementwise : Pass<"pd-fuse-elementwise"> {
  let summary = "Group chains of elementwise ops (and a trailing reduction) into pd.fusion_group";
  let description = [{
    Seed 004 (CINN) fuses elementwise and broadcast ops into one kernel.
    Walking each block in order, an elementwise op on value tensors joins
    the group of the op producing one of its operands when every other
    use of the group's values comes after it (so the group can be placed
    where its last op was); with `allow-reductions`, a reduction
    (sum/mean/max/min/prod over constant axes) may end a group. Groups of
    at least two ops become `pd.fusion_group` regions, which the lowering
    turns into a single fused loop nest. Constants (`pd.full`) are inputs.

    Before:

    ```mlir
    %s = pd.add %x, %b : (...) -> !pd.vtensor<4x8xf32>
    %r = pd.relu %s : (...) -> !pd.vtensor<4x8xf32>
    %e = pd.exp %r : (...) -> !pd.vtensor<4x8xf32>
    ```

    After:

    ```mlir
    %e = pd.fusion_group(%x, %b) : (...) -> !pd.vtensor<4x8xf32> {
    ^bb0(%a: !pd.vtensor<4x8xf32>, %c: !pd.vtensor<8xf32>):
      %s = pd.add %a, %c ...
      %r = pd.relu %s ...
      %e = pd.exp %r ...
      pd.yield %e : !pd.vtensor<4x8xf32>
    }
    ```
  }];
  let options = [
    Option<"maxGroupSize", "max-group-size", "unsigned", /*default=*/"16",
           "The most ops in one group">,
    Option<"allowReductions", "allow-reductions", "bool", /*default=*/"true",
           "Let a reduction end a group">
  ];
  let dependentDialects = ["::mlir::pd::PdDialect"];
}

def PdSelectKernels : Pass<"pd-select-kernels"> {
  let summary = "Pick each op's PHI kernel by (name, backend, layout, dtype)";
  let description = [{
    PHI kernel selection (design_cn §2.3.4). For every pd op with a kernel
    in the spec, the key is: `backend` (option), the layout of its
    `data_format` attribute (else ANY), and the dtype of the operand or
    attribute the spec's `kernel.data_type` names (else the first tensor
    operand's). The kernel registry is searched for the exact key, then
    with ANY layout, then with all_dtype, then with ALL_BACKEND (PHI's
    fallbacks). The chosen key is attached as `phi.kernel_key` and the
    kernel name as `phi.kernel_name`; later stages lower from there. A
    missing kernel is an error naming the op and the key.

    Kernels come from a registry filled from C++ (every op the CPU lowering
    supports is registered for CPU) and from Python
    (`paddle_mlir.kernels.register_kernel`).

    Before:

    ```mlir
    %r = pd.relu %x : (!pd.vtensor<4xf32>) -> !pd.vtensor<4xf32>
    ```

    After:

    ```mlir
    %r = pd.relu %x {phi.kernel_key = #phi.kernel_key<CPU, ANY, float32>,
                     phi.kernel_name = "relu"} : (!pd.vtensor<4xf32>) -> !pd.vtensor<4xf32>
    ```
  }];
  let options = [
    Option<"backend", "backend", "std::string", /*default=*/"\"CPU\"",
           "The backend to select kernels for (CPU, GPU, ...)">
  ];
  let dependentDialects = ["::mlir::pd::PdDialect", "::mlir::phi::PhiDialect"];
}

def PdMemrefCopyToLinalg : Pass<"pd-memref-copy-to-linalg", "::mlir::func::FuncOp"> {
  let summary = "Rewrite memref.copy into linalg.copy (loops instead of a runtime call)";
  let description = [{
    `finalize-memref-to-llvm` turns a `memref.copy` between non-contiguous
    buffers into a call to `memrefCopy` from `libmlir_c_runner_utils`, a
    library that links all of `libMLIR.so` (which must never be loaded next
    to the Python bindings' MLIR). As a `linalg.copy`, the copy becomes
    loops (vectorized by `pd-tile-and-vectorize`), and compiled programs
    need no runtime library. A copy of a region onto itself (two views of
    one buffer with the same static offset, shape and strides but those of
    unit dims: the parts of a concatenation computed in place by
    `pd-concat-in-place`, whose views reshapes give other unit-dim strides)
    is erased. A buffer of `i1`, which MLIR 22's memref lowering cannot load
    or store, is reported here as an error.

    Before:

    ```mlir
    memref.copy %a, %b : memref<4x8xf32, strided<[16, 1]>> to memref<4x8xf32>
    ```

    After:

    ```mlir
    linalg.copy ins(%a : memref<4x8xf32, strided<[16, 1]>>) outs(%b : memref<4x8xf32>)
    ```
  }];
  let dependentDialects = ["::mlir::linalg::LinalgDialect"];
}

def PdFoldConstants : Pass<"pd-fold-constants"> {
  let summary = "Evaluate ops whose inputs are all constants (pd.full, frozen weights)";
  let description = [{
    An elementwise op (unary, binary with broadcasting, scale, cast), or a
    reshape/transpose/squeeze/unsqueeze/flatten, on value tensors whose
    tensor operands are all `pd.full`, `pd.full_int_array` or `pd.constant`
    (dense or `dense_resource` float32 blobs, i.e. frozen parameters) is
    replaced by a `pd.constant` holding its result, computed in double
    precision and rounded once. Results above `max-elements` elements are
    left alone (to keep programs small), and so is an op with an operand
    above it (a `pd.full` of 2^31 elements is one number in the IR; the
    fold would expand it), as is anything reading a mutable
    `pd.get_parameter`.

    Before:

    ```mlir
    %w = pd.constant dense<[1.0, 4.0]> : tensor<2xf32> : !pd.vtensor<2xf32>
    %s = pd.sqrt %w : (!pd.vtensor<2xf32>) -> !pd.vtensor<2xf32>
    %t = pd.scale %s, %two : (!pd.vtensor<2xf32>, !pd.vtensor<1xf32>) -> !pd.vtensor<2xf32>
    ```

    After:

    ```mlir
    %t = pd.constant dense<[2.0, 4.0]> : tensor<2xf32> : !pd.vtensor<2xf32>
    ```
  }];
  let options = [
    Option<"maxElements", "max-elements", "int64_t", /*default=*/"1048576",
           "Largest result (in elements) to fold">
  ];
  let dependentDialects = ["::mlir::pd::PdDialect"];
}

def PdDedupeFetchResults : Pass<"pd-dedupe-fetch-results", "::mlir::ModuleOp"> {
  let summary = "Return each fetched tensor once from a lowered program";
  let description = [{
    After `convert-pd-to-linalg`, CSE and canonicalization may make two
    fetched values identical (two equal constants, say). Bufferization turns
    every result into its own caller-allocated buffer, which needs distinct
    values, so duplicates are dropped from the function's results and the
    `pd.fetch_results` map (fetch col -> result) is updated; the runtime
    hands a copy to each extra fetch.

    Before:

    ```mlir
    func.func @main(...) -> (tensor<3xf32>, tensor<3xf32>)
        attributes {pd.fetch_results = [0, 1], pd.fetches = ["a", "b"]} {
      return %z, %z : tensor<3xf32>, tensor<3xf32>
    }
    ```

    After:

    ```mlir
    func.func @main(...) -> tensor<3xf32>
        attributes {pd.fetch_results = [0, 0], pd.fetches = ["a"]} {
      return %z : tensor<3xf32>
    }
    ```
  }];
}

def PdBoundDynamicResults : Pass<"pd-bound-dynamic-results", "::mlir::ModuleOp"> {
  let summary = "Give data-dependent fetched results a bounded buffer and a shape result";
  let description = [{
    A fetched result whose size depends on the values computed (`nonzero`,
    `masked_select`) has dims that are dynamic even once every feed shape is
    known, and bufferization makes each result a caller-allocated buffer,
    which needs a size before the call. For each such result of a lowered
    program (a function with `pd.fetch_results`), the value-bounds analysis
    gives a constant upper bound of each dynamic dim (the lowerings state
    theirs with `affine.min`); the result becomes the value inserted at the
    start of a zero-filled tensor of the bounded shape, and a new result
    after the others, `tensor<rank x i64>`, holds the value's actual shape.
    `pd.dynamic_results` lists, per such result, its index, the index of its
    shape result and its bound; the runtime returns the leading part of the
    buffer. A dynamic result without a bound is an error naming the fetch.

    Before:

    ```mlir
    func.func @main(%x: tensor<6xf32>) -> tensor<?x1xi64>
        attributes {pd.fetch_results = [0], pd.fetches = ["idx"]} {
      ...
      %n = affine.min affine_map<(d0) -> (d0, 6)>(%count)
      %idx = tensor.extract_slice %rows[0, 0] [%n, 1] [1, 1] : tensor<6x1xi64> to tensor<?x1xi64>
      return %idx : tensor<?x1xi64>
    }
    ```

    After:

    ```mlir
    func.func @main(%x: tensor<6xf32>) -> (tensor<6x1xi64>, tensor<2xi64>)
        attributes {pd.dynamic_results = [{bound = array<i64: 6, 1>, result = 0 : i64,
                                           shape_result = 1 : i64} ],
                    pd.fetch_results = [0], pd.fetches = ["idx"]} {
      ...
      %zeros = linalg.fill ins(%c0_i64 : i64) outs(%empty : tensor<6x1xi64>) -> tensor<6x1xi64>
      %bounded = tensor.insert_slice %idx into %zeros[0, 0] [%n, 1] [1, 1]
      %shape = tensor.from_elements %n64, %c1_i64 : tensor<2xi64>
      return %bounded, %shape : tensor<6x1xi64>, tensor<2xi64>
    }
    ```
  }];
  let dependentDialects = [
    "::mlir::arith::ArithDialect", "::mlir::linalg::LinalgDialect",
    "::mlir::tensor::TensorDialect"
  ];
}

def PdCheckBatchSeparable : Pass<"pd-check-batch-separable", "::mlir::ModuleOp"> {
  let summary = "Decide whether a program computes every sample of its batch on its own";
  let description = [{
    Run on a program lowered to linalg on tensors (`convert-pd-to-linalg`)
    whose batch feeds were given a probe batch size N >= 2 (all equal, at
    dim 0). The analysis follows the batch through the function: a value is
    batched at a dim whose size is N * B where sample s owns the indices
    [s*B, (s+1)*B) (a collapse of [N, 5, 16] into [N*5, 16] keeps the batch at
    dim 0 with block 5). Linalg structured ops are judged by their indexing
    maps and iterators (the loop over the batch must be parallel, index the
    batch dim of every batched operand by itself and of nothing else, and not
    be read by `linalg.index`); `tensor.pad`, `collapse_shape`,
    `expand_shape`, `extract_slice`, `insert_slice`, `concat` and `cast` have
    rules of their own; any other op that reads a batched value, and every
    reduction, slice or concatenation across the batch, makes the program
    batch-dependent. Every result must be batched at dim 0.

    The runtime uses the answer to run a model exported with a dynamic batch
    dim at any batch size with code compiled once for a batch of one, on
    consecutive slices of the feeds and fetches. The program is not changed;
    its function gets `pd.batch_separable`, or `pd.batch_dependent` with the
    first op that mixes samples and why.

    Before:

    ```mlir
    func.func @main(%x: tensor<17x8xf32>) -> tensor<17xf32>
        attributes {pd.feeds = ["x"], pd.fetches = ["y"]} {
      %s = linalg.reduce ins(%x : tensor<17x8xf32>) outs(%init : tensor<17xf32>)
          dimensions = [1] (...)
      return %s : tensor<17xf32>
    }
    ```

    After:

    ```mlir
    func.func @main(%x: tensor<17x8xf32>) -> tensor<17xf32>
        attributes {pd.batch_separable, pd.feeds = ["x"], pd.fetches = ["y"]} {
    ```

    With `dimensions = [0]` instead (a sum over the batch) the function gets
    `pd.batch_dependent = "'linalg.reduce' at loc(...): reduces over the batch"`.
  }];
  let dependentDialects = ["::mlir::linalg::LinalgDialect", "::mlir::tensor::TensorDialect"];
  let options = [
    ListOption<"batchFeeds", "batch-feeds", "std::string",
               "Names of the feeds whose dim 0 is the batch (default: every feed)">
  ];
}

def PdGpuMapLinalg : Pass<"pd-gpu-map-linalg", "::mlir::func::FuncOp"> {
  let summary = "Map structured ops on buffers to GPU kernels, one thread per output point";
  let description = [{
    The mapping step of the CUDA backend (`pd-lower-to-cuda`), CINN's
    "fused group to loops bound to blocks and threads" in MLIR terms. Every
    linalg op of a bufferized host function (a fusion group after
    `pd-fuse-linalg-elementwise`, a matmul, a convolution, a reduction...) is
    generalized and becomes one `gpu.launch`: the points of its parallel
    loops are numbered row-major (the last loop fastest, so consecutive
    threads touch consecutive elements) and spread over blocks of
    `block-size` threads; a thread computes its point, running the reduction
    loops as an `scf.for` nest whose accumulators stay in registers (each
    output element is read once and written once). A dynamic iteration count
    of zero launches nothing.

    Two kinds of ops get more than a thread per output point:
    - **Contractions** (`tile-contractions`, on by default): an f32
      `linalg.generic` whose body is `out + a * b` and whose parallel loops
      are each used by only the first input (p), only the second (q) or by
      both (batch) — matmul, batch_matmul, and every convolution as an
      implicit GEMM (p = (n, oh, ow), q = f, k = (c, kh, kw)). Blocks of 256
      threads compute a 128x128, 64x64 or 32x32 tile of (p, q) (the largest
      that still makes two blocks per multiprocessor of `multiprocessors`); each step along
      k copies both operands' tiles into workgroup memory (coalesced, rows
      padded against bank conflicts), and each thread accumulates an
      8x8/4x4/2x2 register block from vector reads of it. When the blocks
      are still too few, k is split over grid.z and the partial sums are
      added with `memref.atomic_rmw addf`. With `tf32`, the products run on
      tensor cores: steps of 32 along k, the 8 warps as 2 x 4, each warp's
      share as `nvgpu.mma.sync` m16n8k8 tiles in TF32 (inputs keep 10 bits
      of mantissa: about 1e-3 relative error; sm_80 and later). A
      `linalg.fill` of C right before the contraction is folded in when k
      is not split: the kernel writes `fill value + A B` without reading C.
    - **Long sums into few outputs** (a fully connected layer at batch 1):
      an f32 reduction whose body is `out + x` is split over grid.y along
      its first reduction loop, each part adding its partial sum
      atomically.

    `memref.alloc`/`memref.dealloc` become `gpu.alloc`/`gpu.dealloc`. A
    `memref.load` left on the host (the condition of a `pd.if` or
    `pd.while`) reads through a copy: the element (gathered by a one-thread
    kernel when its buffer holds more than it) is copied with `gpu.memcpy`
    into a zeroed host stack buffer and loaded from there. A loop nest or
    branch left on the host that writes device memory (a scatter, a sort,
    NMS: ops lowered as scf loops rather than structured ops) runs as a
    kernel of one thread, in program order, when it yields nothing the host
    uses and allocates, calls and launches nothing. Any other host access of
    device memory is reported as unsupported with its location.

    Run-time checks (`func.call @pdm_runtime_error(site, value, bound)` from
    `convert-pd-to-linalg`: an index out of range of a gather or an
    embedding) cannot call the host from a kernel: the first failed check
    claims a device record [site, value, bound] (filled with -1 when the
    program starts) with `memref.generic_atomic_rmw`, and each return reads
    the record back and calls `pdm_runtime_error` on the host when a check
    failed.

    Before:

    ```mlir
    linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]}
        ins(%x : memref<1000xf32>) outs(%y : memref<1000xf32>) {
    ^bb0(%a: f32, %b: f32):
      %e = math.exp %a : f32
      linalg.yield %e : f32
    }
    ```

    After:

    ```mlir
    gpu.launch blocks(%bx, %by, %bz) in (%gx = %c4, ...) threads(%tx, %ty, %tz) in (%sx = %c256, ...) {
      %i = arith.addi(arith.muli(%bx, %c256), %tx)
      scf.if %i < %c1000 {
        %a = memref.load %x[%i] : memref<1000xf32>
        %e = math.exp %a : f32
        memref.store %e, %y[%i] : memref<1000xf32>
      }
      gpu.terminator
    }
    ```
  }];
  let options = [
    Option<"blockSize", "block-size", "int64_t", /*default=*/"256",
           "Threads per block (a multiple of 32, at most 1024)">,
    Option<"tileContractions", "tile-contractions", "bool", /*default=*/"true",
           "Map f32 contractions (matmul, batch_matmul, convolutions) to "
           "shared-memory tiled kernels">,
    Option<"tf32", "tf32", "bool", /*default=*/"false",
           "Tiled contractions multiply on tensor cores in TF32 "
           "(nvgpu.mma.sync m16n8k8; inputs keep 10 bits of mantissa)">,
    Option<"multiprocessors", "multiprocessors", "int64_t", /*default=*/"132",
           "Streaming multiprocessors of the target (H100: 132): tiles and "
           "reduction splits aim at two blocks per multiprocessor">
  ];
  let dependentDialects = ["::mlir::gpu::GPUDialect", "::mlir::scf::SCFDialect",
                           "::mlir::arith::ArithDialect", "::mlir::memref::MemRefDialect",
                           "::mlir::affine::AffineDialect", "::mlir::vector::VectorDialect",
                           "::mlir::nvgpu::NVGPUDialect", "::mlir::linalg::LinalgDialect",
                           "::mlir::func::FuncDialect"];
}

def PdGpuMergeKernelModules : Pass<"pd-gpu-merge-kernel-modules", "::mlir::ModuleOp"> {
  let summary = "Move every outlined kernel into one gpu.module";
  let description = [{
    `gpu-kernel-outlining` gives each kernel a `gpu.module` of its own, and
    `gpu-module-to-binary` compiles each module on its own: an LLVM NVPTX
    pipeline and a `ptxas` process per kernel, about two thirds of a CNN's
    CUDA compile time (ResNet-50: 199 kernels). This pass moves every kernel
    of a single-kernel `gpu.module` without targets into one module named
    `module-name`, renames each kernel after the module it came from (unique,
    and a name a profiler can tell apart) and retargets the
    `gpu.launch_func`s: one compilation, one `ptxas` run, one module load.

    Before:

    ```mlir
    gpu.module @main_kernel { gpu.func @main_kernel(...) kernel {...} }
    gpu.module @main_kernel_0 { gpu.func @main_kernel(...) kernel {...} }
    gpu.launch_func @main_kernel::@main_kernel ...
    gpu.launch_func @main_kernel_0::@main_kernel ...
    ```

    After:

    ```mlir
    gpu.module @kernels {
      gpu.func @main_kernel(...) kernel {...}
      gpu.func @main_kernel_0(...) kernel {...}
    }
    gpu.launch_func @kernels::@main_kernel ...
    gpu.launch_func @kernels::@main_kernel_0 ...
    ```
  }];
  let options = [
    Option<"moduleName", "module-name", "std::string", /*default=*/"\"kernels\"",
           "Name of the merged gpu.module (made unique if taken)">
  ];
  let dependentDialects = ["::mlir::gpu::GPUDialect"];
}

def PdGpuDeviceConstants : Pass<"pd-gpu-device-constants", "::mlir::ModuleOp"> {
  let summary = "Read constant globals (frozen weights) from a device copy uploaded once";
  let description = [{
    The last step of `pd-lower-to-cuda`, on the host code in the LLVM
    dialect. A kernel can only read device memory, but a frozen program
    keeps its weights in constant globals of the host module. Every
    `llvm.mlir.addressof` of such a global in a host function becomes a call
    of the CUDA runtime's `pdm_cuda_constant(slot, host, bytes)`, which
    uploads the global on its first call and afterwards returns the device
    copy cached in `slot` (a new internal global): weights cross to the GPU
    once per process.

    Before:

    ```mlir
    llvm.mlir.global private constant @__constant_4xf32(dense<...> : tensor<4xf32>) : !llvm.array<4 x f32>
    %w = llvm.mlir.addressof @__constant_4xf32 : !llvm.ptr
    ```

    After:

    ```mlir
    llvm.mlir.global internal @__constant_4xf32__pdm_device() : !llvm.ptr { llvm.mlir.zero ... }
    %slot = llvm.mlir.addressof @__constant_4xf32__pdm_device : !llvm.ptr
    %host = llvm.mlir.addressof @__constant_4xf32 : !llvm.ptr
    %w = llvm.call @pdm_cuda_constant(%slot, %host, %c16) : (!llvm.ptr, !llvm.ptr, i64) -> !llvm.ptr
    ```
  }];
  let dependentDialects = ["::mlir::LLVM::LLVMDialect"];
}

#endif // PADDLE_MLIR_PD_PASSES_TD
