"""`paddle.nn.functional` on pd values: Paddle 3.x names, arguments and
defaults, lowered to the pd ops Paddle itself emits in PIR mode.

    import paddle_mlir.nn.functional as F
    y = F.conv2d(x, w, b, stride=2, padding="SAME")
    y = F.dropout(F.relu(y), p=0.1, training=False)

Choices that follow Paddle's own lowering:
  * `linear` is `pd.matmul` + `pd.add`.
  * `conv2d` adds its bias as Paddle's `_add_with_axis` does: the bias is
    reshaped to [1, C, 1, 1] (NCHW) and added. With groups == in_channels
    (and out_channels a multiple of it) it emits `pd.depthwise_conv2d`.
  * `dropout(training=False)` emits `pd.dropout` with `is_test=True` and
    returns its first result, which is what Paddle 3.x exports in eval mode
    (inference passes delete it later); `p=0` returns `x` unchanged.
  * `batch_norm(training=False)` is `pd.batch_norm` with is_test=True and
    use_global_stats=True; the first of its six results is returned.
"""

from __future__ import annotations

import math
import numbers

from .. import ops as _T
from ..dialects import pd
from ..dialects._ods_common import _cext
from ..tensor import building

_cext.globals.register_traceback_file_exclusion(__file__)

flatten = _T.flatten
sigmoid = _T.sigmoid
tanh = _T.tanh


# -- activations -------------------------------------------------------------
def _act(op, name):
    def fn(x, name=None):
        with building(x):
            return op(x)
    fn.__name__ = fn.__qualname__ = name
    fn.__doc__ = f"`paddle.nn.functional.{name}(x)`."
    return fn


relu, relu6, silu, swish = _act(pd.relu, "relu"), _act(pd.relu6, "relu6"), \
    _act(pd.silu, "silu"), _act(pd.swish, "swish")
hardswish, mish, softsign = _act(pd.hardswish, "hardswish"), _act(pd.mish, "mish"), \
    _act(pd.softsign, "softsign")
tanhshrink, log_sigmoid = _act(pd.tanh_shrink, "tanhshrink"), _act(pd.logsigmoid, "log_sigmoid")


def gelu(x, approximate=False, name=None):
    """`approximate` is a bool, or 'tanh' / 'none' (Paddle 3.1 spelling)."""
    if isinstance(approximate, str):
        if approximate not in ("tanh", "none"):
            raise ValueError(f"gelu: approximate must be 'tanh' or 'none', got {approximate!r}")
        approximate = approximate == "tanh"
    with building(x):
        return pd.gelu(x, bool(approximate))


def leaky_relu(x, negative_slope=0.01, name=None):
    with building(x):
        return pd.leaky_relu(x, float(negative_slope))


def elu(x, alpha=1.0, name=None):
    with building(x):
        return pd.elu(x, float(alpha))


def celu(x, alpha=1.0, name=None):
    with building(x):
        return pd.celu(x, float(alpha))


def selu(x, scale=1.0507009873554804934193349852946,
         alpha=1.6732632423543772848170429916717, name=None):
    with building(x):
        return pd.selu(x, float(scale), float(alpha))


def hardsigmoid(x, slope=0.1666667, offset=0.5, name=None):
    with building(x):
        return pd.hardsigmoid(x, float(slope), float(offset))


def hardtanh(x, min=-1.0, max=1.0, name=None):
    with building(x):
        return pd.hardtanh(x, float(min), float(max))


def hardshrink(x, threshold=0.5, name=None):
    with building(x):
        return pd.hardshrink(x, float(threshold))


def softshrink(x, threshold=0.5, name=None):
    with building(x):
        return pd.softshrink(x, float(threshold))


def thresholded_relu(x, threshold=1.0, value=0.0, name=None):
    with building(x):
        return pd.thresholded_relu(x, float(threshold), float(value))


def softplus(x, beta=1, threshold=20, name=None):
    with building(x):
        return pd.softplus(x, float(beta), float(threshold))


def prelu(x, weight, data_format="NCHW", name=None):
    """One slope for all ('all') or one per channel ('channel')."""
    mode = "all" if weight.shape in ([], [1]) else "channel"
    with building(x):
        return pd.prelu(x, weight, data_format, mode)


def softmax(x, axis=-1, dtype=None, name=None):
    """With `dtype`, x is cast first (as Paddle does)."""
    with building(x):
        if dtype is not None:
            x = pd.cast(x, dtype)
        return pd.softmax(x, axis)


def log_softmax(x, axis=-1, dtype=None, name=None):
    with building(x):
        if dtype is not None:
            x = pd.cast(x, dtype)
        return pd.log_softmax(x, axis)


# -- common ------------------------------------------------------------------
def pixel_unshuffle(x, downscale_factor, data_format="NCHW", name=None):
    with building(x):
        return pd.pixel_unshuffle(x, downscale_factor, data_format)


def channel_shuffle(x, groups, data_format="NCHW", name=None):
    with building(x):
        return pd.channel_shuffle(x, groups, data_format)


def bilinear(x1, x2, weight, bias=None, name=None):
    """out[b, o] = x1[b] @ weight[o] @ x2[b] (+ bias[0, o])."""
    with building(x1):
        return pd.bilinear(x1, x2, weight, bias)


def grid_sample(x, grid, mode="bilinear", padding_mode="zeros", align_corners=True, name=None):
    """Samples x [N, C, H, W] at grid [N, Ho, Wo, 2] ((x, y) in [-1, 1])."""
    with building(x):
        return pd.grid_sample(x, grid, mode, padding_mode, align_corners)


def affine_grid(theta, out_shape, align_corners=True, name=None):
    """The sampling grid of affine transforms theta [N, 2, 3] (or [N, 3, 4])
    for an output of shape out_shape [N, C, H, W] (or [N, C, D, H, W])."""
    with building(theta):
        return pd.affine_grid(theta, out_shape, align_corners)


def unfold(x, kernel_sizes, strides=1, paddings=0, dilations=1, name=None):
    """im2col: [N, C, H, W] -> [N, C*kh*kw, L]. Sizes are an int or a list
    of 2; paddings an int, 2 values (height, width) or 4 (top, left,
    bottom, right), as in Paddle."""
    def pair(v, what):
        v = [v, v] if isinstance(v, int) else list(v)
        if len(v) != 2:
            raise ValueError(f"unfold: {what} must be an int or 2 ints, got {v}")
        return v
    paddings = [paddings] * 4 if isinstance(paddings, int) else list(paddings)
    if len(paddings) == 2:
        paddings = [paddings[0], paddings[1], paddings[0], paddings[1]]
    if len(paddings) != 4:
        raise ValueError(f"unfold: paddings must be an int, 2 or 4 ints, got {paddings}")
    with building(x):
        return pd.unfold(x, pair(kernel_sizes, "kernel_sizes"), pair(strides, "strides"),
                         paddings, pair(dilations, "dilations"))


def temporal_shift(x, seg_num, shift_ratio=0.25, name=None, data_format="NCHW"):
    with building(x):
        return pd.temporal_shift(x, seg_num, shift_ratio, data_format)


def maxout(x, groups, axis=1, name=None):
    with building(x):
        return pd.maxout(x, groups, axis)


def rrelu(x, lower=1.0 / 8.0, upper=1.0 / 3.0, training=False, name=None):
    """Inference rrelu: the negative slope is (lower + upper) / 2 (training
    draws random slopes, which the CPU backend refuses)."""
    with building(x):
        return pd.rrelu(x, lower, upper, not training)[0]


def sequence_mask(x, maxlen=None, dtype="int64", name=None):
    """mask[..., j] = j < x[...]; maxlen must be given (None, the largest
    length, makes the shape depend on the values)."""
    if maxlen is None:
        raise ValueError("sequence_mask needs maxlen: without it the mask's width is the "
                         "largest length, known only at run time")
    with building(x):
        return pd.sequence_mask(x, maxlen, dtype)


def label_smooth(label, prior_dist=None, epsilon=0.1, name=None):
    with building(label):
        return pd.label_smooth(label, prior_dist, epsilon)


def swiglu(x, y=None, name=None):
    with building(x):
        return pd.swiglu(x, y)


def linear(x, weight, bias=None, name=None):
    """x @ weight (+ bias); weight is [in_features, out_features]."""
    with building(x):
        out = pd.matmul(x, weight, False, False)
        return pd.add(out, bias) if bias is not None else out


def dropout(x, p=0.5, axis=None, training=True, mode="upscale_in_train", name=None):
    """Paddle 3.x: p == 0 returns x; otherwise `pd.dropout` with
    is_test = not training (kept in eval mode, as Paddle exports it)."""
    if isinstance(p, (int, float)):
        if p == 0:
            return x
        if not 0 <= p <= 1:
            raise ValueError(f"dropout: p must be in [0, 1], got {p}")
    if mode not in ("downscale_in_infer", "upscale_in_train"):
        raise ValueError(f"dropout: mode must be 'downscale_in_infer' or 'upscale_in_train', got {mode!r}")
    if axis is not None:
        if training:
            raise NotImplementedError("dropout with `axis` is only supported with training=False")
        return _T.scale(x, 1.0 - p) if mode == "downscale_in_infer" else x
    mode = "downgrade_in_infer" if mode == "downscale_in_infer" else mode
    with building(x):
        return pd.dropout(x, None, p, not training, mode, 0, False)[0]


def embedding(x, weight, padding_idx=None, max_norm=None, norm_type=2.0, sparse=False, name=None):
    """Rows of `weight` ([num_embeddings, dim]) picked by the ids in x."""
    if max_norm is not None:
        raise NotImplementedError("embedding: max_norm is not supported")
    num = weight.shape[0]
    if padding_idx is None:
        padding_idx = -1
    elif padding_idx < 0:
        padding_idx += num
    if padding_idx >= num or padding_idx < -1:
        raise ValueError(f"embedding: padding_idx must be within [-{num}, {num})")
    with building(x):
        return pd.embedding(x, weight, padding_idx, sparse)


def one_hot(x, num_classes, name=None):
    with building(x):
        return pd.one_hot(x, num_classes)


def pad(x, pad, mode="constant", value=0.0, data_format="NCHW", pad_from_left_axis=True, name=None):
    """Constant padding of every dim (len(pad) == 2 * ndim) is `pd.pad`,
    pairs ordered from the first axis (`pad_from_left_axis`) or the last.
    Otherwise 3-D/4-D/5-D inputs go through `pd.pad3d` like Paddle: `pad` is
    (left, right[, top, bottom[, front, back]]) for the trailing spatial dims."""
    pad = list(pad)
    ndim = x.ndim
    if mode == "constant" and len(pad) == 2 * ndim:
        if not pad_from_left_axis:
            pairs = [pad[i:i + 2] for i in range(0, len(pad), 2)]
            pad = [p for pair in reversed(pairs) for p in pair]
        with building(x):
            return pd.pad(x, pad, float(value))
    if ndim not in (3, 4, 5) or len(pad) != 2 * (ndim - 2):
        raise ValueError(f"pad: {len(pad)} paddings do not fit a {ndim}-D input in mode {mode!r}")
    channel_last = data_format[-1] == "C"
    squeeze = []
    if ndim == 3:
        pad, squeeze = [0, 0, 0, 0] + pad, ([2, 3] if channel_last else [3, 4])
    elif ndim == 4:
        pad, squeeze = pad + [0, 0], ([1] if channel_last else [2])
    with building(x):
        if squeeze:
            x = pd.unsqueeze(x, squeeze)
        out = pd.pad3d(x, pad, mode, float(value), "NDHWC" if channel_last else "NCDHW")
        return pd.squeeze(out, squeeze) if squeeze else out


_INTERP_MODES = {  # mode -> (op, input rank(s))
    "linear": ("linear_interp", (3,)),
    "bilinear": ("bilinear_interp", (4,)),
    "bicubic": ("bicubic_interp", (4,)),
    "trilinear": ("trilinear_interp", (5,)),
    "nearest": ("nearest_interp", (4, 5)),
}
_INTERP_FORMATS = {3: ("NCW", "NWC"), 4: ("NCHW", "NHWC"), 5: ("NCDHW", "NDHWC")}


def interpolate(x, size=None, scale_factor=None, mode="nearest", align_corners=False,
                align_mode=0, data_format=None, recompute_scale_factor=None, name=None):
    """Paddle's F.interpolate: 'linear' (3-D), 'bilinear' and 'bicubic'
    (4-D), 'trilinear' (5-D), 'nearest' (4-D or 5-D); a static `size` or a
    `scale_factor` (one for all spatial dims, or one per dim)."""
    mode = mode.lower()
    if mode not in _INTERP_MODES:
        raise ValueError(f"interpolate: mode {mode!r} is not one of "
                         f"{', '.join(sorted(_INTERP_MODES))}")
    op_name, ranks = _INTERP_MODES[mode]
    if x.ndim not in ranks:
        raise ValueError(f"interpolate: mode {mode!r} needs a "
                         f"{' or '.join(map(str, ranks))}-D input, got {x.ndim}-D")
    if mode == "nearest" and align_corners:
        raise ValueError("align_corners option can only be set with the interpolating "
                         "modes: linear | bilinear | bicubic | trilinear")
    if align_mode not in (0, 1):
        raise ValueError(f"interpolate: align_mode must be 0 or 1, got {align_mode}")
    if (size is None) == (scale_factor is None):
        raise ValueError("interpolate: give exactly one of size and scale_factor")
    formats = _INTERP_FORMATS[x.ndim]
    data_format = (data_format or formats[0]).upper()
    if data_format not in formats:
        raise ValueError(f"interpolate: data_format {data_format!r} for a {x.ndim}-D input "
                         f"must be {' or '.join(formats)}")
    spatial = x.ndim - 2
    sizes = [-1, -1, -1]
    scale = []
    if size is not None:
        sizes[3 - spatial:] = [int(s) for s in _pair(size, spatial)]
    else:
        scale = [float(s) for s in _pair(scale_factor, spatial)]
        if any(not s > 0 for s in scale):
            raise ValueError(f"interpolate: scale_factor must be positive, got {scale_factor}")
    # As in Paddle's programs: NCHW or NHWC whatever the rank.
    attr_format = "NCHW" if data_format == formats[0] else "NHWC"
    with building(x):
        return getattr(pd, op_name)(x, None, None, None, attr_format, *sizes, scale, mode,
                                    align_corners, align_mode)


upsample = interpolate


# -- convolution and pooling ----------------------------------------------------
def _pair(v, n=2):
    if isinstance(v, numbers.Integral) or isinstance(v, float):
        return [v] * n
    v = list(v)
    if len(v) != n:
        raise ValueError(f"expected {n} values, got {v}")
    return v


def _update_padding_nd(padding, channel_last, num_dims):
    """Paddle's padding forms -> (paddings, padding_algorithm): 'SAME'/'VALID',
    an int, [ph, pw], [top, bottom, left, right] or per-dim pairs
    [[0, 0], [0, 0], [t, b], [l, r]]; symmetric pairs collapse to one value."""
    if isinstance(padding, str):
        algorithm = padding.upper()
        if algorithm not in ("SAME", "VALID"):
            raise ValueError(f"unknown padding {padding!r}: expected 'SAME' or 'VALID'")
        return [0] * num_dims, algorithm
    if isinstance(padding, (list, tuple)):
        padding = list(padding)
        if len(padding) == 2 + num_dims and isinstance(padding[0], (list, tuple)):
            outer = [padding[0], padding[-1]] if channel_last else padding[:2]
            if any(list(p) != [0, 0] for p in outer):
                raise ValueError(f"non-zero padding {padding} in the batch or channel dimensions")
            inner = padding[1:-1] if channel_last else padding[2:]
            padding = [int(p) for pair in inner for p in pair]
        if len(padding) == 2 * num_dims:
            if all(padding[2 * i] == padding[2 * i + 1] for i in range(num_dims)):
                padding = padding[0::2]
            return [int(p) for p in padding], "EXPLICIT"
        if len(padding) == num_dims:
            return [int(p) for p in padding], "EXPLICIT"
        raise ValueError(f"invalid padding {padding} for {num_dims} spatial dims")
    return [int(padding)] * num_dims, "EXPLICIT"


def conv2d(x, weight, bias=None, stride=1, padding=0, dilation=1, groups=1,
           data_format="NCHW", name=None):
    """weight is [out_channels, in_channels // groups, kh, kw]."""
    if data_format not in ("NCHW", "NHWC"):
        raise ValueError(f"conv2d: data_format must be 'NCHW' or 'NHWC', got {data_format!r}")
    channel_last = data_format == "NHWC"
    channels, filters = x.shape[-1 if channel_last else 1], weight.shape[0]
    paddings, algorithm = _update_padding_nd(padding, channel_last, 2)
    strides, dilations = _pair(stride), _pair(dilation)
    with building(x):
        if channels == groups and channels != 1 and filters % channels == 0:
            out = pd.depthwise_conv2d(x, weight, strides, paddings, algorithm, groups,
                                      dilations, data_format)
        else:
            out = pd.conv2d(x, weight, strides, paddings, algorithm, dilations, groups,
                            data_format)
        if bias is None:
            return out
        if not channel_last:
            bias = pd.reshape(bias, [1, bias.shape[0], 1, 1])
        return pd.add(out, bias)


def _pool(x, kernel_size, stride, padding, ceil_mode, exclusive, data_format, kind, nd):
    """pool2d (nd 2) or pool3d (nd 3) with Paddle's argument forms."""
    formats = ("NCHW", "NHWC") if nd == 2 else ("NCDHW", "NDHWC")
    name = f"{kind}_pool{nd}d"
    if data_format not in formats:
        raise ValueError(f"{name}: data_format must be {formats[0]!r} or {formats[1]!r}, "
                         f"got {data_format!r}")
    if nd == 3 and x.ndim != 5:
        raise ValueError(f"{name}: the input must be 5-D, got {x.ndim}-D")
    kernel = _pair(kernel_size, nd)
    strides = kernel if stride is None else _pair(stride, nd)
    paddings, algorithm = _update_padding_nd(padding, data_format == formats[1], nd)
    if algorithm == "SAME" and ceil_mode:
        raise ValueError("when padding is 'SAME', ceil_mode must be False")
    op = pd.pool2d if nd == 2 else pd.pool3d
    with building(x):
        return op(x, kernel, strides, paddings, ceil_mode, exclusive, data_format, kind, False,
                  False, algorithm)


def _pool2d(x, kernel_size, stride, padding, ceil_mode, exclusive, data_format, kind):
    return _pool(x, kernel_size, stride, padding, ceil_mode, exclusive, data_format, kind, 2)


def max_pool2d(x, kernel_size, stride=None, padding=0, return_mask=False, ceil_mode=False,
               data_format="NCHW", name=None):
    """With return_mask, also each maximum's position h * W + w in its input
    map (int32), as pd.max_pool2d_with_index gives it (NCHW, symmetric
    paddings, as in Paddle)."""
    if not return_mask:
        return _pool2d(x, kernel_size, stride, padding, ceil_mode, True, data_format, "max")
    if data_format != "NCHW":
        raise ValueError("max_pool2d: return_mask needs data_format 'NCHW', "
                         f"got {data_format!r}")
    kernel = _pair(kernel_size)
    strides = kernel if stride is None else _pair(stride)
    paddings, algorithm = _update_padding_nd(padding, False, 2)
    if algorithm == "SAME" or len(paddings) != 2:
        raise ValueError(f"max_pool2d: return_mask needs symmetric explicit paddings, got {padding!r}")
    with building(x):
        out, mask = pd.max_pool2d_with_index(x, kernel, strides, paddings, False, False, ceil_mode)
    return out, mask


def max_unpool2d(x, indices, kernel_size, stride=None, padding=0, data_format="NCHW",
                 output_size=None, name=None):
    """The inverse of max_pool2d(return_mask=True): x's values at `indices`
    of zero maps of output_size (default (in - 1) * stride - 2 * padding +
    kernel_size)."""
    if data_format != "NCHW":
        raise ValueError(f"max_unpool2d: data_format must be 'NCHW', got {data_format!r}")
    kernel = _pair(kernel_size)
    strides = kernel if stride is None else _pair(stride)
    paddings = _pair(padding)
    if output_size is None:
        output_size = [(x.shape[2 + i] - 1) * strides[i] - 2 * paddings[i] + kernel[i]
                       for i in range(2)]
    else:
        output_size = list(output_size)[-2:]
    with building(x):
        return pd.unpool(x, indices, kernel, strides, paddings, output_size, data_format)


def avg_pool2d(x, kernel_size, stride=None, padding=0, ceil_mode=False, exclusive=True,
               divisor_override=None, data_format="NCHW", name=None):
    out = _pool2d(x, kernel_size, stride, padding, ceil_mode, exclusive, data_format, "avg")
    if divisor_override is None:
        return out
    kh, kw = _pair(kernel_size)
    return _T.scale(out, kh * kw / divisor_override)


def adaptive_avg_pool2d(x, output_size, data_format="NCHW", name=None):
    """`output_size` is an int or [h, w]; None keeps that input dim."""
    size = _pair(output_size) if not isinstance(output_size, (list, tuple)) else list(output_size)
    spatial = x.shape[1:3] if data_format == "NHWC" else x.shape[2:4]
    size = [spatial[i] if s is None else s for i, s in enumerate(size)]
    with building(x):
        return pd.pool2d(x, size, [1, 1], [0, 0], False, True, data_format, "avg",
                         False, True, "EXPLICIT")


def _pool3d(x, kernel_size, stride, padding, ceil_mode, exclusive, data_format, kind):
    return _pool(x, kernel_size, stride, padding, ceil_mode, exclusive, data_format, kind, 3)


def max_pool3d(x, kernel_size, stride=None, padding=0, return_mask=False, ceil_mode=False,
               data_format="NCDHW", name=None):
    if return_mask:
        raise NotImplementedError("max_pool3d: return_mask is not supported")
    return _pool3d(x, kernel_size, stride, padding, ceil_mode, True, data_format, "max")


def avg_pool3d(x, kernel_size, stride=None, padding=0, ceil_mode=False, exclusive=True,
               divisor_override=None, data_format="NCDHW", name=None):
    out = _pool3d(x, kernel_size, stride, padding, ceil_mode, exclusive, data_format, "avg")
    if divisor_override is None:
        return out
    kd, kh, kw = _pair(kernel_size, 3)
    return _T.scale(out, kd * kh * kw / divisor_override)


def _adaptive_pool3d(x, output_size, data_format, kind):
    if x.ndim != 5:
        raise ValueError(f"adaptive_{kind}_pool3d: the input must be 5-D, got {x.ndim}-D")
    size = (_pair(output_size, 3) if not isinstance(output_size, (list, tuple))
            else list(output_size))
    spatial = x.shape[1:4] if data_format == "NDHWC" else x.shape[2:5]
    size = [spatial[i] if s is None else s for i, s in enumerate(size)]
    with building(x):
        return pd.pool3d(x, size, [1, 1, 1], [0, 0, 0], False, True, data_format, kind,
                         False, True, "EXPLICIT")


def adaptive_avg_pool3d(x, output_size, data_format="NCDHW", name=None):
    """`output_size` is an int or [d, h, w]; None keeps that input dim."""
    return _adaptive_pool3d(x, output_size, data_format, "avg")


def adaptive_max_pool3d(x, output_size, return_mask=False, name=None):
    if return_mask:
        raise NotImplementedError("adaptive_max_pool3d: return_mask is not supported")
    return _adaptive_pool3d(x, output_size, "NCDHW", "max")


def local_response_norm(x, size, alpha=1e-4, beta=0.75, k=1.0, data_format="NCHW", name=None):
    """x / (k + alpha / size * sum of x^2 over `size` neighbouring channels)^beta,
    built as Paddle builds it (an average pool3d over the squared channels)."""
    if x.ndim < 3:
        raise ValueError(f"local_response_norm: the input must be at least 3-D, got {x.ndim}-D")
    channel_last = data_format[-1] == "C"
    sizes = list(x.shape)
    with building(x):
        sq = pd.multiply(x, x)
        # [N, 1, C, rest...] (channels first) with the rest folded into 2 dims.
        if channel_last:
            sq = pd.transpose(sq, [0, x.ndim - 1] + list(range(1, x.ndim - 1)))
            sizes = [sizes[0], sizes[-1]] + sizes[1:-1]
        rest = math.prod(sizes[2:])
        folded = [sizes[0], 1, sizes[1], rest, 1]
        sq = pd.reshape(sq, folded)
        sq = pd.pad3d(sq, [0, 0, 0, 0, size // 2, (size - 1) // 2], "constant", 0.0, "NCDHW")
        avg = pd.pool3d(sq, [size, 1, 1], [1, 1, 1], [0, 0, 0], False, True, "NCDHW", "avg",
                        False, False, "EXPLICIT")
        avg = pd.reshape(avg, sizes)
        if channel_last:
            avg = pd.transpose(avg, [0] + list(range(2, x.ndim)) + [1])
        div = pd.pow(pd.scale(avg, alpha, k, True), beta)
        return pd.divide(x, div)


# -- normalization ----------------------------------------------------------------
def batch_norm(x, running_mean, running_var, weight=None, bias=None, training=False,
               momentum=0.9, epsilon=1e-05, data_format="NCHW", use_global_stats=None,
               name=None):
    """Inference (training=False) normalizes with the running statistics.
    Returns the normalized tensor; `batch_norm_stats` also gives the
    updated running mean/variance."""
    return batch_norm_stats(x, running_mean, running_var, weight, bias, training, momentum,
                            epsilon, data_format, use_global_stats)[0]


def batch_norm_stats(x, running_mean, running_var, weight=None, bias=None, training=False,
                     momentum=0.9, epsilon=1e-05, data_format="NCHW", use_global_stats=None):
    """(out, mean_out, variance_out) of `pd.batch_norm` with Paddle's flags."""
    if x.ndim < 2:
        raise ValueError("batch_norm: the input must have at least 2 dims")
    if data_format not in ("NC", "NCL", "NCHW", "NCDHW", "NLC", "NHWC", "NDHWC"):
        raise ValueError(f"batch_norm: unknown data_format {data_format!r}")
    data_format = "NCHW" if data_format[1] == "C" else "NHWC"
    if use_global_stats is None:
        use_global_stats, trainable_statistics = not training, False
    else:
        trainable_statistics = not use_global_stats
    with building(x):
        results = pd.batch_norm(x, running_mean, running_var, weight, bias, not training,
                                float(momentum), float(epsilon), data_format,
                                use_global_stats, trainable_statistics)
    return results[0], results[1], results[2]


def rms_norm(input, normalized_shape, weight=None, eps=1e-05, name=None):
    """x / sqrt(mean(x^2) + eps) * weight over the trailing
    `normalized_shape` dims; returns (out, invvar) as Paddle does."""
    if isinstance(normalized_shape, numbers.Integral):
        normalized_shape = [normalized_shape]
    with building(input):
        return pd.rms_norm(input, weight, list(normalized_shape), eps)


def layer_norm(x, normalized_shape, weight=None, bias=None, epsilon=1e-05, name=None):
    """Normalizes over the trailing `normalized_shape` dims; weight and bias
    are flat [prod(normalized_shape)] as Paddle's LayerNorm creates them."""
    if isinstance(normalized_shape, numbers.Integral):
        normalized_shape = [normalized_shape]
    normalized_shape = list(normalized_shape)
    begin = x.ndim - len(normalized_shape)
    trailing = x.shape[begin:] if begin >= 0 else None
    if trailing is None or any(d != n and d != -1 for d, n in zip(trailing, normalized_shape)):
        raise ValueError(f"layer_norm: normalized_shape {normalized_shape} does not match the "
                         f"trailing dims of the input shape {x.shape}")
    with building(x):
        return pd.layer_norm(x, weight, bias, float(epsilon), begin)[0]


# -- attention ------------------------------------------------------------------
def _attention_mask(mask, dtype):
    """Paddle's _convert_attention_mask: a bool/int mask (1 = keep) becomes an
    additive mask (0 keep, -1e9 drop)."""
    if mask is None or mask.dtype == dtype:
        return mask
    with building(mask):
        if mask.dtype == "bool" or "int" in mask.dtype:
            return (pd.cast(mask, dtype) - 1.0) * 1e9
        return pd.cast(mask, dtype)


def scaled_dot_product_attention(query, key, value, attn_mask=None, dropout_p=0.0,
                                 is_causal=False, training=True, name=None):
    """softmax(q k^T / sqrt(d) + mask) v on [batch, seq, heads, head_dim]
    inputs, built from basic ops (matmul, softmax) rather than flash attention."""
    head_dim = query.shape[-1]
    with building(query):
        q, k, v = (pd.transpose(t, [0, 2, 1, 3]) for t in (query, key, value))
        scores = pd.matmul(q * (head_dim ** -0.5), k, False, True)
        if is_causal:
            sq, sk = query.shape[1], key.shape[1]
            if sq < 0 or sk < 0:
                raise NotImplementedError("is_causal needs static sequence lengths")
            causal = pd.triu(pd.full(pd.TensorType.get([sq, sk], scores.dtype), -math.inf), 1)
            scores = scores + causal
        if attn_mask is not None:
            scores = scores + _attention_mask(attn_mask, scores.dtype)
        weights = dropout(pd.softmax(scores, -1), dropout_p, training=training)
        return pd.transpose(pd.matmul(weights, v, False, False), [0, 2, 1, 3])


# -- losses -------------------------------------------------------------------------
def _reduce_loss(out, reduction, fn):
    """Paddle's reductions of a loss: the loss itself, its sum or its mean."""
    if reduction == "none":
        return out
    if reduction == "sum":
        return _T.sum(out)
    if reduction == "mean":
        return _T.mean(out)
    raise ValueError(f"{fn}: reduction must be 'none', 'mean' or 'sum', got {reduction!r}")


def smooth_l1_loss(input, label, reduction="mean", delta=1.0, name=None):
    """`pd.huber_loss` (0.5 d^2 where |d| <= delta, else delta (|d| - 0.5 delta),
    d = label - input), then the reduction."""
    with building(input):
        return _reduce_loss(pd.huber_loss(input, label, delta)[0], reduction, "smooth_l1_loss")


def log_loss(input, label, epsilon=1e-4, name=None):
    """`pd.log_loss`: input and label of shape [N, 1]."""
    with building(input):
        return pd.log_loss(input, label, epsilon)


def binary_cross_entropy(input, label, weight=None, reduction="mean", name=None):
    """`pd.bce_loss` of probabilities in [0, 1] (outside: a run-time error),
    times `weight`, then the reduction."""
    with building(input):
        out = pd.bce_loss(input, label)
        if weight is not None:
            out = _T.multiply(out, weight)
        return _reduce_loss(out, reduction, "binary_cross_entropy")


def kl_div(input, label, reduction="mean", log_target=False, name=None):
    """`pd.kldiv_loss`: label (log label - input), or exp(label) (label - input)
    with log_target; reduction none, mean, batchmean or sum."""
    if reduction not in ("none", "mean", "batchmean", "sum"):
        raise ValueError("kl_div: reduction must be 'none', 'mean', 'batchmean' or 'sum', "
                         f"got {reduction!r}")
    with building(input):
        return pd.kldiv_loss(input, label, reduction, log_target)


def binary_cross_entropy_with_logits(logit, label, weight=None, reduction="mean",
                                     pos_weight=None, name=None):
    """As Paddle: `pos_weight` becomes 1 + (pos_weight - 1) label, then
    `pd.sigmoid_cross_entropy_with_logits`, times `weight`, then the
    reduction."""
    if reduction not in ("none", "mean", "sum"):
        raise ValueError("binary_cross_entropy_with_logits: reduction must be 'none', 'mean' "
                         f"or 'sum', got {reduction!r}")
    with building(logit):
        if pos_weight is not None:
            one = _T.full([1], 1.0, logit.dtype)
            pos_weight = _T.add(_T.multiply(label, _T.subtract(pos_weight, one)), one)
        out = pd.sigmoid_cross_entropy_with_logits(logit, label, pos_weight, False, -100)
        if weight is not None:
            out = _T.multiply(out, weight)
        return _reduce_loss(out, reduction, "binary_cross_entropy_with_logits")


# Eager tensors run through every function here (see paddle_mlir.eager).
from .. import eager as _eager  # noqa: E402

_eager.install(globals(), [name for name, fn in list(globals().items())
                           if callable(fn) and not name.startswith("_")
                           and getattr(fn, "__module__", None) == __name__])
