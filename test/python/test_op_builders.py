"""Every op of the spec has a Paddle-style Python builder that infers its
result types; a wrong shape raises an exception naming the op.

The expected types are written out per op (or per family of ops that share
an InferMeta function); a spec op without a case fails `test_every_op_is_covered`.
"""

import sys

import pytest
from mlir.dialects import func

from paddle_mlir import ir
from paddle_mlir.dialects import pd

sys.path.insert(0, str(__import__("pathlib").Path(__file__).resolve().parents[2] / "tools" / "pd-opgen"))
import pd_opgen  # noqa: E402

SPEC = pd_opgen.load_spec()
FORWARD = [op for op in SPEC if not op.is_inplace_variant or op.standalone_inplace]


@pytest.fixture
def block(ctx):
    module = ir.Module.create()
    with ir.InsertionPoint(module.body):
        f = func.FuncOp("main", ([], []))
    block = f.add_entry_block()
    with ir.InsertionPoint(block):
        yield module
        func.ReturnOp([])
    assert module.operation.verify()


def v(shape, dtype="float32"):
    """A value of type !pd.vtensor<shape x dtype> (a feed)."""
    v.count = getattr(v, "count", 0) + 1
    return pd.data(f"in{v.count}", pd.VTensorType.get(shape, dtype))


def t(shape, dtype="float32"):
    """A mutable !pd.tensor feed (for in-place ops)."""
    v.count = getattr(v, "count", 0) + 1
    return pd.data(f"in{v.count}", pd.TensorType.get(shape, dtype))


F = "!pd.vtensor<{}xf32>"

# Families: every op bound to these InferMeta functions behaves alike.
UNARY_SAME = {"UnchangedInferMeta", "UnchangedWithAxisInferMeta", "RealValuedInferMeta"}
BINARY = {"ElementwiseInferMeta"}
BOOL_BINARY = {"CompareInferMeta", "LogicalBinaryInferMeta"}

CASES = {
    # op: (builder call, expected result type(s))
    "isnan": (lambda: pd.isnan(v([2, 3])), "!pd.vtensor<2x3xi1>"),
    "isinf": (lambda: pd.isinf(v([2, 3])), "!pd.vtensor<2x3xi1>"),
    "isfinite": (lambda: pd.isfinite(v([2, 3])), "!pd.vtensor<2x3xi1>"),
    "logical_not": (lambda: pd.logical_not(v([4], "bool")), "!pd.vtensor<4xi1>"),
    "abs": (lambda: pd.abs(v([2, -1], "complex64")), "!pd.vtensor<2x?xf32>"),
    "cast": (lambda: pd.cast(v([2, 3]), "int32"), "!pd.vtensor<2x3xi32>"),
    "increment": (lambda: pd.increment(v([1], "int64")), "!pd.vtensor<1xi64>"),
    "numel": (lambda: pd.numel(v([2, 3])), "!pd.vtensor<i64>"),
    "shape": (lambda: pd.shape(v([2, 3, 4])), "!pd.vtensor<3xi32>"),
    "shape64": (lambda: pd.shape64(v([2, -1])), "!pd.vtensor<2xi64>"),
    "clip": (lambda: pd.clip(v([2, 3]), 0.0, 6.0), F.format("2x3")),
    "scale": (lambda: pd.scale(v([2, 3]), 2.0, 1.0), F.format("2x3")),
    "pow": (lambda: pd.pow(v([2, 3]), 3.0), F.format("2x3")),
    "dropout": (lambda: pd.dropout(v([2, 3]), None, 0.1, is_test=True),
                (F.format("2x3"), "!pd.vtensor<2x3xui8>")),
    "prelu": (lambda: pd.prelu(v([2, 3, 4, 4]), v([3]), "NCHW", "channel"), F.format("2x3x4x4")),
    "where": (lambda: pd.where(v([2, 1], "bool"), v([3]), v([2, 3])), F.format("2x3")),
    "lerp": (lambda: pd.lerp(v([2, 1]), v([3]), v([])), F.format("2x3")),
    "masked_fill": (lambda: pd.masked_fill(v([3]), v([2, 1], "bool"), v([])), F.format("2x3")),
    "matmul": (lambda: pd.matmul(v([5, 2, 8]), v([3, 8]), transpose_y=True), F.format("5x2x3")),
    "bmm": (lambda: pd.bmm(v([5, 2, 8]), v([5, 8, 3])), F.format("5x2x3")),
    "addmm": (lambda: pd.addmm(v([3]), v([2, 4]), v([4, 3])), F.format("2x3")),
    "dot": (lambda: pd.dot(v([-1, 5]), v([4, 5])), F.format("?")),
    "mv": (lambda: pd.mv(v([3, 5]), v([5])), F.format("3")),
    "trace": (lambda: pd.trace(v([2, 3, 4]), 1, 0, -1), F.format("3")),
    "diagonal": (lambda: pd.diagonal(v([3, 5]), -1), F.format("2")),
    "allclose": (lambda: pd.allclose(v([2, 3]), v([3])), "!pd.vtensor<i1>"),
    "equal_all": (lambda: pd.equal_all(v([2, 3]), v([4])), "!pd.vtensor<i1>"),
    "add_n": (lambda: pd.add_n([v([2, -1]), v([-1, 3])]), F.format("2x3")),
    "conv2d": (lambda: pd.conv2d(v([1, 3, 32, 32]), v([8, 3, 3, 3]), [2, 2], [1, 1]),
               F.format("1x8x16x16")),
    "depthwise_conv2d": (lambda: pd.depthwise_conv2d(v([1, 8, 32, 32]), v([8, 1, 3, 3]), [1, 1], [1, 1],
                                                     groups=8), F.format("1x8x32x32")),
    "conv3d": (lambda: pd.conv3d(v([1, 2, 8, 8, 8]), v([4, 2, 3, 3, 3])), F.format("1x4x6x6x6")),
    "conv2d_transpose": (lambda: pd.conv2d_transpose(v([1, 8, 16, 16]), v([8, 4, 4, 4]), [2, 2], [1, 1]),
                         F.format("1x4x32x32")),
    "pool2d": (lambda: pd.pool2d(v([1, 3, 32, 32]), [2, 2], [2, 2], [0, 0], False, True, "NCHW", "max",
                                 False, False, "EXPLICIT"), F.format("1x3x16x16")),
    "batch_norm": (lambda: pd.batch_norm(v([2, 3, 4, 4]), v([3]), v([3]), v([3]), v([3]), True, 0.9,
                                         1e-5, "NCHW", False, False),
                   (F.format("2x3x4x4"), F.format("3"), F.format("3"), F.format("3"), F.format("3"),
                    "!pd.vtensor<?xui8>")),
    "layer_norm": (lambda: pd.layer_norm(v([2, 5, 16]), v([16]), v([16]), 1e-5, 2),
                   (F.format("2x5x16"), F.format("2x5"), F.format("2x5"))),
    "group_norm": (lambda: pd.group_norm(v([2, 8, 4, 4]), None, None, groups=4),
                   (F.format("2x8x4x4"), F.format("2x4"), F.format("2x4"))),
    "instance_norm": (lambda: pd.instance_norm(v([2, 3, 4, 4]), None, None),
                      (F.format("2x3x4x4"), F.format("6"), F.format("6"))),
    "embedding": (lambda: pd.embedding(v([4, 7], "int64"), v([100, 32])), F.format("4x7x32")),
    "cross_entropy_with_softmax": (lambda: pd.cross_entropy_with_softmax(v([4, 10]), v([4, 1], "int64")),
                                   (F.format("4x10"), F.format("4x1"))),
    "bilinear_interp": (lambda: pd.bilinear_interp(v([1, 3, 8, 8]), None, None, None, out_h=16, out_w=12),
                        F.format("1x3x16x12")),
    "nearest_interp": (lambda: pd.nearest_interp(v([1, 3, 8, 8]), None, None, None, scale=[2.0, 2.0]),
                       F.format("1x3x16x16")),
    "pixel_shuffle": (lambda: pd.pixel_shuffle(v([1, 8, 4, 4]), 2), F.format("1x2x8x8")),
    "pixel_unshuffle": (lambda: pd.pixel_unshuffle(v([1, 2, 4, 6]), 2), F.format("1x8x2x3")),
    "channel_shuffle": (lambda: pd.channel_shuffle(v([1, 6, 2, 2]), 3), F.format("1x6x2x2")),
    "temporal_shift": (lambda: pd.temporal_shift(v([6, 8, 2, 2]), 3), F.format("6x8x2x2")),
    "bilinear": (lambda: pd.bilinear(v([4, 5]), v([4, 6]), v([3, 5, 6]), None), F.format("4x3")),
    "pool3d": (lambda: pd.pool3d(v([1, 2, 4, 6, 6]), [2, 2, 2], [2, 2, 2], [0, 0, 0], False, True,
                                 "NCDHW", "max", False, False, "EXPLICIT"), F.format("1x2x2x3x3")),
    "diag_embed": (lambda: pd.diag_embed(v([2, 3]), 1, 0, 2), F.format("4x2x4")),
    "multi_dot": (lambda: pd.multi_dot([v([5]), v([5, 3]), v([3, 2])]), F.format("2")),
    "crop": (lambda: pd.crop(v([4, 6]), [2, -1], [1, 2]), F.format("2x4")),
    "tril_indices": (lambda: pd.tril_indices(4, 3, 0, "int64"), "!pd.tensor<2x9xi64>"),
    "triu_indices": (lambda: pd.triu_indices(4, 3, 1, "int32"), "!pd.tensor<2x3xi32>"),
    "linear_interp": (lambda: pd.linear_interp(v([2, 3, 5]), None, None, None, out_w=9),
                      F.format("2x3x9")),
    "bicubic_interp": (lambda: pd.bicubic_interp(v([1, 2, 4, 5]), None, None, None, out_h=7,
                                                 out_w=3), F.format("1x2x7x3")),
    "trilinear_interp": (lambda: pd.trilinear_interp(v([1, 2, 3, 4, 5]), None, None, None,
                                                     scale=[2.0, 1.5, 1.0]),
                         F.format("1x2x6x6x5")),
    "grid_sample": (lambda: pd.grid_sample(v([2, 3, 5, 6]), v([2, 4, 7, 2])), F.format("2x3x4x7")),
    "affine_grid": (lambda: pd.affine_grid(v([2, 2, 3]), [2, 3, 4, 5]), F.format("2x4x5x2")),
    "bernoulli": (lambda: pd.bernoulli(v([2, 3])), F.format("2x3")),
    "randperm": (lambda: pd.randperm(7, "int32"), "!pd.tensor<7xi32>"),
    "multinomial": (lambda: pd.multinomial(v([2, 5]), 3), "!pd.vtensor<2x3xi64>"),
    "gumbel_softmax": (lambda: pd.gumbel_softmax(v([2, 5]), 0.5, True), F.format("2x5")),
    "det": (lambda: pd.det(v([2, 3, 3])), F.format("2")),
    "slogdet": (lambda: pd.slogdet(v([4, 3, 3])), F.format("2x4")),
    "inverse": (lambda: pd.inverse(v([3, 3])), F.format("3x3")),
    "matrix_power": (lambda: pd.matrix_power(v([2, 3, 3]), -2), F.format("2x3x3")),
    "solve": (lambda: pd.solve(v([2, 1, 3, 3]), v([4, 3, 2])), F.format("2x4x3x2")),
    "triangular_solve": (lambda: pd.triangular_solve(v([3, 3]), v([3, 5])), F.format("3x5")),
    "cholesky": (lambda: pd.cholesky(v([3, 3]), True), F.format("3x3")),
    "lu": (lambda: pd.lu(v([2, 4, 3])),
           (F.format("2x4x3"), "!pd.vtensor<2x3xi32>", "!pd.vtensor<2xi32>")),
    "lu_unpack": (lambda: pd.lu_unpack(v([4, 3]), v([3], "int32")),
                  (F.format("4x4"), F.format("4x3"), F.format("3x3"))),
    "cholesky_solve": (lambda: pd.cholesky_solve(v([2, 3, 2]), v([3, 3])), F.format("2x3x2")),
    "fc": (lambda: pd.fc(v([2, 3, 4]), v([12, 5]), v([5])), F.format("2x5")),
    "matmul_with_flatten": (lambda: pd.matmul_with_flatten(v([2, 3, 4]), v([4, 6]), 2),
                            F.format("2x3x6")),
    "skip_layernorm": (lambda: pd.skip_layernorm(v([2, 8]), v([2, 8]), v([8]), v([8]), 1e-5, 1),
                       F.format("2x8")),
    "rms_norm": (lambda: pd.rms_norm(v([2, 3, 8]), v([8]), [8]),
                 (F.format("2x3x8"), F.format("2x3"))),
    "add_position_encoding": (lambda: pd.add_position_encoding(v([2, 5, 8])), F.format("2x5x8")),
    "fused_softmax_mask": (lambda: pd.fused_softmax_mask(v([2, 4, 5, 5]), v([2, 1, 5, 5])),
                           F.format("2x4x5x5")),
    "fused_softmax_mask_upper_triangle": (
        lambda: pd.fused_softmax_mask_upper_triangle(v([2, 4, 5, 5])), F.format("2x4x5x5")),
    "reduce_as": (lambda: pd.reduce_as(v([2, 3, 4]), v([3, 1])), F.format("3x1")),
    "shard_index": (lambda: pd.shard_index(v([4, 1], "int64"), 20, 2, 1),
                    "!pd.vtensor<4x1xi64>"),
    "index_put": (lambda: pd.index_put(v([4, 3]), [v([4], "bool")], v([])), F.format("4x3")),
    "prior_box": (lambda: pd.prior_box(v([1, 8, 3, 4]), v([1, 3, 30, 40]), [8.0], [16.0], [2.0],
                                       [0.1, 0.1, 0.2, 0.2])[0],
                  F.format("3x4x4x4")),
    "box_coder": (lambda: pd.box_coder(v([5, 4]), None, v([3, 4])), F.format("3x5x4")),
    "fold": (lambda: pd.fold(v([1, 12, 12]), [4, 5], [2, 2], [1, 1], [0, 0, 0, 0], [1, 1]),
             F.format("1x3x4x5")),
    "lp_pool2d": (lambda: pd.lp_pool2d(v([1, 3, 8, 8]), [2, 2], [2, 2], norm_type=2.0),
                  F.format("1x3x4x4")),
    "nll_loss": (lambda: pd.nll_loss(v([4, 3, 2, 2]), v([4, 2, 2], "int64"), None, -100, "none")[0],
                 F.format("4x2x2")),
    "unfold": (lambda: pd.unfold(v([1, 2, 4, 4]), [2, 2], [1, 1], [0, 0, 0, 0], [1, 1]),
               F.format("1x8x9")),
    "maxout": (lambda: pd.maxout(v([1, 6, 2, 2]), 3), F.format("1x2x2x2")),
    "label_smooth": (lambda: pd.label_smooth(v([4, 5]), None, 0.1), F.format("4x5")),
    "swiglu": (lambda: pd.swiglu(v([4, 6]), None), F.format("4x3")),
    "kron": (lambda: pd.kron(v([2, 3]), v([4, 5])), F.format("8x15")),
    "cross": (lambda: pd.cross(v([4, 3]), v([4, 3])), F.format("4x3")),
    "baddbmm": (lambda: pd.baddbmm(v([2, 3, 5]), v([2, 3, 4]), v([2, 4, 5])), F.format("2x3x5")),
    "diag": (lambda: pd.diag(v([3]), 1), F.format("4x4")),
    "index_sample": (lambda: pd.index_sample(v([3, 5]), v([3, 2], "int64")), F.format("3x2")),
    "meshgrid": (lambda: pd.meshgrid([v([3]), v([2])]), [F.format("3x2")] * 2),
    "max_pool2d_with_index": (lambda: pd.max_pool2d_with_index(v([1, 2, 7, 9]), [3, 3], [2, 2], [1, 1],
                                                               ceil_mode=True),
                              (F.format("1x2x4x5"), "!pd.vtensor<1x2x4x5xi32>")),
    "unpool": (lambda: pd.unpool(v([1, 2, 4, 5]), v([1, 2, 4, 5], "int32"), [3, 3], [2, 2], [1, 1],
                                 [7, 9], "NCHW"), F.format("1x2x7x9")),
    "broadcast_tensors": (lambda: pd.broadcast_tensors([v([3, 1]), v([4])]), [F.format("3x4")] * 2),
    "einsum": (lambda: pd.einsum([v([2, 3]), v([3, 5])], "ij,jk->ik")[0], F.format("2x5")),
    "logcumsumexp": (lambda: pd.logcumsumexp(v([3, 4]), 0), F.format("3x4")),
    "searchsorted": (lambda: pd.searchsorted(v([5]), v([3, 4])), "!pd.vtensor<3x4xi64>"),
    "dist": (lambda: pd.dist(v([3, 4]), v([4])), "!pd.vtensor<f32>"),
    "shuffle_channel": (lambda: pd.shuffle_channel(v([1, 6, 2, 2]), 2), F.format("1x6x2x2")),
    "affine_channel": (lambda: pd.affine_channel(v([1, 6, 2, 2]), v([6]), v([6]), "NCHW"),
                       F.format("1x6x2x2")),
    "index_add": (lambda: pd.index_add(v([3, 4]), v([2], "int64"), v([3, 2]), 1), F.format("3x4")),
    "kthvalue": (lambda: pd.kthvalue(v([3, 4]), 2, 1, True)[0], F.format("3x1")),
    "histogram": (lambda: pd.histogram(v([3, 4]), None, 10), "!pd.vtensor<10xi64>"),
    "median": (lambda: pd.median(v([3, 4, 5]), [0, 2])[1], "!pd.vtensor<1x4x1x2xi64>"),
    "nanmedian": (lambda: pd.nanmedian(v([3, 4]), [], False, "min")[1], "!pd.vtensor<i64>"),
    "mode": (lambda: pd.mode(v([3, 4]), 0, True)[0], F.format("1x4")),
    "put_along_axis": (lambda: pd.put_along_axis(v([3, 4]), v([3, 2], "int64"), v([3, 2]), 1,
                                                 "add"), F.format("3x4")),
    "roi_align": (lambda: pd.roi_align(v([2, 3, 8, 8]), v([5, 4]), v([2], "int32"), 2, 3),
                  F.format("5x3x2x3")),
    "rrelu": (lambda: pd.rrelu(v([3, 4]), 0.1, 0.3, True)[0], F.format("3x4")),
    "frobenius_norm": (lambda: pd.frobenius_norm(v([3, 4, 5]), [0, 2], True, False),
                       F.format("1x4x1")),
    "squared_l2_norm": (lambda: pd.squared_l2_norm(v([3, 4])), F.format("1")),
    "l1_norm": (lambda: pd.l1_norm(v([3, 4])), "!pd.vtensor<f32>"),
    "multiplex": (lambda: pd.multiplex([v([4, 3]), v([4, 3])], v([4, 1], "int32")),
                  F.format("4x3")),
    "sequence_mask": (lambda: pd.sequence_mask(v([2, 3], "int64"), 5, "float32"),
                      F.format("2x3x5")),
    "yolo_box": (lambda: pd.yolo_box(v([2, 14, 4, 5]), v([2, 2], "int32"), [10, 13, 16, 30], 2)[1],
                 F.format("2x40x2")),
    "multiclass_nms3": (lambda: pd.multiclass_nms3(v([2, 8, 4]), v([2, 3, 8]), None, 0.3, 6, 5)[0],
                        "!pd.vtensor<?x6xf32>"),
    "rnn": (lambda: pd.rnn(v([5, 2, 4]), [v([1, 2, 3])], [v([9, 4]), v([9, 3]), v([9]), v([9])],
                           None, v([5, 2, 4]), 0.0, False, 4, 3, 1, "GRU", 0, True)[0],
            F.format("5x2x3")),
    "cummax": (lambda: pd.cummax(v([3, 4]), 0)[1], "!pd.vtensor<3x4xi64>"),
    "cummin": (lambda: pd.cummin(v([3, 4]), 1, "int32")[1], "!pd.vtensor<3x4xi32>"),
    "renorm": (lambda: pd.renorm(v([3, 4]), 2.0, 0, 1.0), F.format("3x4")),
    "huber_loss": (lambda: pd.huber_loss(v([3, 4]), v([3, 4]), 1.0)[1], F.format("3x4")),
    "log_loss": (lambda: pd.log_loss(v([5, 1]), v([5, 1]), 1e-4), F.format("5x1")),
    "hinge_loss": (lambda: pd.hinge_loss(v([5, 1]), v([5, 1])), F.format("5x1")),
    "bce_loss": (lambda: pd.bce_loss(v([3, 4]), v([3, 4])), F.format("3x4")),
    "kldiv_loss": (lambda: pd.kldiv_loss(v([3, 4]), v([3, 4]), "sum"), "!pd.vtensor<f32>"),
    "sigmoid_cross_entropy_with_logits": (
        lambda: pd.sigmoid_cross_entropy_with_logits(v([3, 4]), v([3, 4]), v([3, 4]), True),
        F.format("3x4")),
    "sum": (lambda: pd.sum(v([2, 3, 4], "int32"), [1]), "!pd.vtensor<2x4xi64>"),
    "mean": (lambda: pd.mean(v([2, 3, 4]), [-1], keepdim=True), F.format("2x3x1")),
    "max": (lambda: pd.max(v([2, 3, 4]), [0, 2]), F.format("3")),
    "min": (lambda: pd.min(v([2, 3, 4])), "!pd.vtensor<f32>"),
    "prod": (lambda: pd.prod(v([2, 3]), [1], False, False), F.format("2")),
    "amax": (lambda: pd.amax(v([2, 3]), [0]), F.format("3")),
    "nansum": (lambda: pd.nansum(v([2, 3], "int32"), [1], keepdim=True), "!pd.vtensor<2x1xi64>"),
    "var": (lambda: pd.var(v([2, 3, 4]), [0, 2]), F.format("3")),
    "std": (lambda: pd.std(v([2, 3]), [], True), F.format("1x1")),
    "variance": (lambda: pd.variance(v([2, 3]), [-1]), F.format("2")),
    "identity_loss": (lambda: pd.identity_loss(v([2, 3]), 1), "!pd.vtensor<f32>"),
    "clip_by_norm": (lambda: pd.clip_by_norm(v([2, 3]), 1.0), F.format("2x3")),
    "amin": (lambda: pd.amin(v([2, 3]), [0], True), F.format("1x3")),
    "all": (lambda: pd.all(v([2, 3], "bool"), [1]), "!pd.vtensor<2xi1>"),
    "any": (lambda: pd.any(v([2, 3], "bool")), "!pd.vtensor<i1>"),
    "logsumexp": (lambda: pd.logsumexp(v([2, 3]), [1]), F.format("2")),
    "mean_all": (lambda: pd.mean_all(v([2, 3])), "!pd.vtensor<f32>"),
    "argmax": (lambda: pd.argmax(v([2, 3]), 1), "!pd.vtensor<2xi64>"),
    "argmin": (lambda: pd.argmin(v([2, 3]), 0, keepdims=True, dtype="int32"), "!pd.vtensor<1x3xi32>"),
    "cumsum": (lambda: pd.cumsum(v([2, 3]), flatten=True), F.format("6")),
    "cumprod": (lambda: pd.cumprod(v([2, 3]), 1), F.format("2x3")),
    "topk": (lambda: pd.topk(v([2, 10]), 3), (F.format("2x3"), "!pd.vtensor<2x3xi64>")),
    "argsort": (lambda: pd.argsort(v([2, 10])), (F.format("2x10"), "!pd.vtensor<2x10xi64>")),
    "p_norm": (lambda: pd.p_norm(v([2, 10]), 2.0, 1), F.format("2")),
    "reshape": (lambda: pd.reshape(v([2, 3, 4]), [0, -1]), F.format("2x12")),
    "transpose": (lambda: pd.transpose(v([2, 3, 4]), [2, 0, 1]), F.format("4x2x3")),
    "concat": (lambda: pd.concat([v([2, 3]), v([5, 3])]), F.format("7x3")),
    "stack": (lambda: pd.stack([v([2, 3]), v([2, 3])], axis=1), F.format("2x2x3")),
    "split": (lambda: pd.split(v([6, 4]), [1, -1], 0), [F.format("1x4"), F.format("5x4")]),
    "split_with_num": (lambda: pd.split_with_num(v([6, 4]), 3, 0), [F.format("2x4")] * 3),
    "unstack": (lambda: pd.unstack(v([2, 3]), 1), [F.format("2")] * 3),
    "unbind": (lambda: pd.unbind(v([2, 3])), [F.format("3")] * 2),
    "slice": (lambda: pd.slice(v([10, 8]), [0, 1], [2, -3], [7, 1000], [1, 1], []), F.format("5x3")),
    "strided_slice": (lambda: pd.strided_slice(v([10]), [0], [-1], [-11], [-2]), F.format("5")),
    "set_value": (lambda: pd.set_value(v([4, 6]), [1], [3], [1], [0], [], [], [1], [0.0]),
                  F.format("4x6")),
    "set_value_with_tensor": (lambda: pd.set_value_with_tensor(v([4, 6]), v([6]), [1], [2], [1],
                                                               [0], [0], []), F.format("4x6")),
    "squeeze": (lambda: pd.squeeze(v([1, 3, 1])), F.format("3")),
    "unsqueeze": (lambda: pd.unsqueeze(v([3, 4]), [0, -1]), F.format("1x3x4x1")),
    "flatten": (lambda: pd.flatten(v([2, 3, 4, 5]), 1, 2), F.format("2x12x5")),
    "expand": (lambda: pd.expand(v([3, 1]), [2, -1, 4]), F.format("2x3x4")),
    "expand_as": (lambda: pd.expand_as(v([3, 1]), v([2, 3, 4])), F.format("2x3x4")),
    "tile": (lambda: pd.tile(v([3, 4]), [2, 1, 2]), F.format("2x3x8")),
    "gather": (lambda: pd.gather(v([10, 4]), v([3], "int64"), 0), F.format("3x4")),
    "gather_nd": (lambda: pd.gather_nd(v([10, 4, 5]), v([6, 2], "int64")), F.format("6x5")),
    "scatter_nd_add": (lambda: pd.scatter_nd_add(v([10, 4, 5]), v([6, 2], "int64"), v([6, 5])),
                       F.format("10x4x5")),
    "index_select": (lambda: pd.index_select(v([10, 4]), v([3], "int32"), 1), F.format("10x3")),
    "scatter": (lambda: pd.scatter(v([10, 4]), v([3], "int64"), v([3, 4])), F.format("10x4")),
    "take_along_axis": (lambda: pd.take_along_axis(v([10, 4]), v([10, 1], "int64"), 1), F.format("10x1")),
    "flip": (lambda: pd.flip(v([2, 3]), [0]), F.format("2x3")),
    "reverse": (lambda: pd.reverse(v([2, 3]), [0, -1]), F.format("2x3")),
    "roll": (lambda: pd.roll(v([2, 3]), [1], [1]), F.format("2x3")),
    "pad": (lambda: pd.pad(v([2, 3]), [1, 1, 0, 2], 0.0), F.format("4x5")),
    "pad3d": (lambda: pd.pad3d(v([1, 2, 4, 4, 4]), [1, 1, 2, 2, 0, 0]), F.format("1x2x4x8x6")),
    "one_hot": (lambda: pd.one_hot(v([4], "int64"), 10), F.format("4x10")),
    "nonzero": (lambda: pd.nonzero(v([3, 4])), "!pd.vtensor<?x2xi64>"),
    "masked_select": (lambda: pd.masked_select(v([3, 4]), v([1, 4], "bool")), "!pd.vtensor<?xf32>"),
    "unique_consecutive": (lambda: pd.unique_consecutive(v([3, 4]), True, True, [], "int32")[1],
                           "!pd.vtensor<12xi32>"),
    "unique": (lambda: pd.unique(v([3, 4], "int64"), True, True, True, [], "int32", True)[2],
               "!pd.vtensor<12xi32>"),
    "tril": (lambda: pd.tril(v([3, 4]), -1), F.format("3x4")),
    "fill_diagonal": (lambda: pd.fill_diagonal(v([7, 5]), 2.0, 1, True), F.format("7x5")),
    "triu": (lambda: pd.triu(v([2, 3, 4]), 1), F.format("2x3x4")),
    "repeat_interleave": (lambda: pd.repeat_interleave(v([2, 3]), 2, 1), F.format("2x6")),
    "assign_value": (lambda: pd.assign_value([2, 3], "int64", [1, 2, 3, 4, 5, 6]), "!pd.tensor<2x3xi64>"),
    "assign_value_": (lambda: pd.assign_value_(t([4]), [2], "float32", [0.5, 1.5]), "!pd.tensor<2xf32>"),
    "full_like": (lambda: pd.full_like(v([2, 3]), 1.0, "float16"), "!pd.vtensor<2x3xf16>"),
    "empty_like": (lambda: pd.empty_like(v([2, 3])), F.format("2x3")),
    "empty": (lambda: pd.empty([2, 3]), "!pd.tensor<2x3xf32>"),
    "full_with_tensor": (lambda: pd.full_with_tensor(v([1]), [4, 5]), F.format("4x5")),
    "arange": (lambda: pd.arange(0, 10, 3), "!pd.tensor<4xi64>"),
    "linspace": (lambda: pd.linspace(0.0, 1.0, 5), "!pd.tensor<5xf32>"),
    "logspace": (lambda: pd.logspace(0.0, 2.0, 5, 10.0), "!pd.tensor<5xf32>"),
    "eye": (lambda: pd.eye(3, -1), "!pd.tensor<3x3xf32>"),
    "uniform": (lambda: pd.uniform([2, 3], "float32", -1.0, 1.0, 0), "!pd.tensor<2x3xf32>"),
    "gaussian": (lambda: pd.gaussian([4], 0.0, 1.0, 0, "float64"), "!pd.tensor<4xf64>"),
    "randint": (lambda: pd.randint(0, 10, [3]), "!pd.tensor<3xi64>"),
}


def _types(result):
    if isinstance(result, tuple):
        return tuple(_types(r) for r in result)
    if isinstance(result, list):
        return [str(r.type) for r in result]
    return str(result.type)


def _generic_case(op):
    """Ops sharing a family InferMeta: build them generically."""
    if op.infer_func in UNARY_SAME:
        builder = getattr(pd, op.name)
        if op.name in ("cast", "increment"):
            return None
        return (lambda: builder(v([2, -1, 3])) if op.infer_func != "UnchangedWithAxisInferMeta"
                else builder(v([2, -1, 3]), 1)), "!pd.vtensor<2x?x3xf32>"
    if op.infer_func in BINARY:
        dtype = "int32" if op.name.startswith("bitwise") else "float32"
        t = "i32" if dtype == "int32" else "f32"
        return (lambda: getattr(pd, op.name)(v([2, 1, 3], dtype), v([4, 1], dtype)),
                f"!pd.vtensor<2x4x3x{t}>")
    if op.infer_func in BOOL_BINARY:
        return (lambda: getattr(pd, op.name)(v([2, 1], "int64"), v([3], "int64")), "!pd.vtensor<2x3xi1>")
    if op.infer_func == "BoolOutputInferMeta":
        return None
    return None


def _case(op):
    if op.name in CASES:
        return CASES[op.name]
    return _generic_case(op)


def test_every_op_is_covered():
    missing = [op.name for op in FORWARD if _case(op) is None]
    assert not missing, f"ops without a builder test case: {missing}"
    assert len(FORWARD) >= 120


@pytest.mark.parametrize("name", [op.name for op in FORWARD])
def test_builder_infers_result_types(block, name):
    op = next(o for o in FORWARD if o.name == name)
    build, expected = _case(op)
    assert _types(build()) == expected


@pytest.mark.parametrize("name", [op.name for op in SPEC
                                  if op.is_inplace_variant and not op.standalone_inplace])
def test_inplace_builders_exist_and_return_tensors(block, name):
    """In-place variants take the same arguments; their results are !pd.tensor."""
    op = next(o for o in SPEC if o.name == name)
    base = next(o for o in FORWARD if o.name == op.base_name)
    assert getattr(pd, name).__doc__.startswith(f"`pd.{name}(")
    if base.infer_func in UNARY_SAME:
        args = [t([2, 3])] + ([1] if base.infer_func == "UnchangedWithAxisInferMeta" else [])
        assert _types(getattr(pd, name)(*args)) == "!pd.tensor<2x3xf32>"
    elif base.infer_func == "TrilTriuInferMeta":
        assert _types(getattr(pd, name)(t([2, 3]), 0)) == "!pd.tensor<2x3xf32>"
    elif base.infer_func in BINARY and not name.startswith("bitwise"):
        assert _types(getattr(pd, name)(t([2, 3]), v([3]))) == "!pd.tensor<2x3xf32>"


WRONG_SHAPES = {
    "add": (lambda: pd.add(v([2, 3]), v([4])), r"'pd.add' op cannot broadcast x of shape \[2, 3\] with y of shape \[4\]"),
    "matmul": (lambda: pd.matmul(v([2, 3]), v([4, 5])), r"'pd.matmul' op contraction dims differ"),
    "conv2d": (lambda: pd.conv2d(v([1, 3, 8, 8]), v([8, 4, 3, 3])), r"'pd.conv2d' op input has 3 channels"),
    "reshape": (lambda: pd.reshape(v([2, 3]), [4, 2]), r"'pd.reshape' op cannot reshape \[2, 3\] \(6 elements\)"),
    "concat": (lambda: pd.concat([v([2, 3]), v([2, 4])]), r"'pd.concat' op inputs \[2, 3\] and \[2, 4\] differ in dimension 1"),
    "transpose": (lambda: pd.transpose(v([2, 3]), [0]), r"'pd.transpose' op perm has 1 entries"),
    "softmax": (lambda: pd.softmax(v([2, 3]), 2), r"'pd.softmax' op axis 2 is out of range"),
    "sum": (lambda: pd.sum(v([2, 3]), [5]), r"'pd.sum' op axis 5 is out of range"),
    "layer_norm": (lambda: pd.layer_norm(v([2, 8]), v([4]), None), r"'pd.layer_norm' op scale must have 8 elements"),
    "embedding": (lambda: pd.embedding(v([2]), v([10, 4])), r"'pd.embedding' op ids must be an integer tensor"),
}


@pytest.mark.parametrize("name", sorted(WRONG_SHAPES))
def test_wrong_shapes_raise_naming_the_op(block, name):
    build, message = WRONG_SHAPES[name]
    with pytest.raises(ir.MLIRError, match=message):
        build()


def test_constants_follow_the_inputs_aliasing_kind(block):
    x = t([2, 3, 4])
    y = pd.reshape(x, [0, -1])
    assert str(y.type) == "!pd.tensor<2x12xf32>"
    shape_op = y.owner.operands[1].owner
    assert str(shape_op.result.type) == "!pd.tensor<2xi64>"
    z = pd.reshape(v([2, 3, 4]), [0, -1])
    assert str(z.owner.operands[1].type) == "!pd.vtensor<2xi64>"
    # A shape computed at run time is passed through unchanged.
    w = pd.reshape(v([2, 3, 4]), pd.shape(v([4, 6])))
    assert str(w.type) == "!pd.vtensor<?x?xf32>"
