//===- Winograd.h - Winograd's transforms as marked generics ----*- C++ -*-===//
//
// pd-conv-to-winograd computes a 3x3, stride 1 convolution as Winograd's
// F(2x2, 3x3) or F(4x4, 3x3): the input tiles transformed (B^T d B), 16 or
// 36 matmuls with the filters transformed at compile time (G g G^T), the
// products transformed back (A^T m A). The two data transforms are linalg.generic ops marked
// `pd.winograd` ("input" / "output"): their bodies are the transforms as
// sums of products with constant coefficients, which any lowering computes
// correctly; pd-tile-and-vectorize code-generates them as vectors of tiles
// with the additions and subtractions of the transforms alone.
//
//===----------------------------------------------------------------------===//

#ifndef PADDLE_MLIR_TRANSFORMS_WINOGRAD_H
#define PADDLE_MLIR_TRANSFORMS_WINOGRAD_H

#include "Transforms/RowAccess.h"

#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/IR/PatternMatch.h"

#include <functional>

namespace mlir::pd {

/// v[a, b, c, n, ti, tj] = sum_{i, j} B^T[a, i] B^T[b, j]
///                         x[n, c, m ti + i, m tj + j]
/// for tiles of m x m outputs (m = 2: F(2x2, 3x3); m = 4: F(4x4, 3x3)) from
/// alpha x alpha inputs (alpha = m + 2), of a padded NCHW `input` [N, C,
/// m th + 2, m tw + 2] (f32): a generic marked `pd.winograd = "input"` with
/// the alpha^2 windows of `input` and alpha^2 coefficient constants [alpha,
/// alpha] as operands; the result is [alpha, alpha, C, N, th, tw].
linalg::GenericOp buildWinogradInput(OpBuilder &b, Location loc, Value input, int64_t th,
                                     int64_t tw, int64_t m);

/// y[n, o, ti, a, tj, b] = sum_{p, q} A^T[a, p] A^T[b, q] m[p, q, o, n, ti, tj]
/// for the products `m` [alpha, alpha, Cout, N, th, tw] (f32): a generic
/// marked `pd.winograd = "output"`; the result [N, Cout, th, m, tw, m] is
/// the output map [N, Cout, m th, m tw] with its rows and columns split.
linalg::GenericOp buildWinogradOutput(OpBuilder &b, Location loc, Value products);

/// The elementwise op after an output transform (bias, activation,
/// residual add: findRowEpilogue), run on each output row before it is
/// stored: `read` is the view of the transform's result it reads (the
/// output map, cropped where it is odd), `out` where it writes, `apply`
/// its body on one row of `rows.width` lanes at `at` (the first `count`,
/// `mask`); `keepResult`: the result itself is read elsewhere too.
struct WinogradEpilogue {
  Value read, out;
  bool keepResult = true;
  std::function<Value(RowAccess &rows, Value value, ValueRange at, Value count, Value mask)>
      apply;
};

/// Code-generates a generic built by buildWinogradInput or
/// buildWinogradOutput once bufferized: loops over channels and images (on
/// threads when `threads`), tile rows, `vectorWidth` tiles at a time, and
/// the transforms as vector additions and subtractions. Checks the op
/// against what the builders make (maps, coefficients, body, shapes);
/// false, changing nothing, for anything else (the generic lowering then
/// computes it).
/// With `epilogue` (output transforms only), the epilogue runs on each
/// output row as it is stored; the caller erases the epilogue op once this
/// returns true.
///
/// With `perPlane` (input transforms only), called in the loop over
/// channels and images with the builder where an image's channel is
/// zeroed ahead of its reads (RowAccess::channelLoopsZeroingAhead), and
/// that image and channel (the padded input's border fills go there).
bool codegenWinograd(IRRewriter &rewriter, linalg::GenericOp op, int64_t vectorWidth,
                     int64_t minParallelElements, const WinogradEpilogue *epilogue = nullptr,
                     const std::function<void(Value image, Value channel)> &perPlane = {});

} // namespace mlir::pd

#endif // PADDLE_MLIR_TRANSFORMS_WINOGRAD_H
