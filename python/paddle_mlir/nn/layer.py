"""`paddle.nn` layers that build pd programs.

A layer creates its parameters when it is constructed, through
`static.create_parameter`: the weight is declared in the main program's
ParameterStore, read there with `pd.get_parameter`, and initialized in the
startup program. So construct layers inside `static.program_guard(main,
startup)`, and call them on tensors of that main program:

    with static.program_guard(main, startup):
        model = nn.Sequential(nn.Linear(784, 128), nn.ReLU(), nn.Linear(128, 10))
        model.eval()
        logits = model(static.data("x", [None, 784]))

Names follow Paddle: a layer is `unique_name.generate(snake_case(class))`
(`linear_0`, `batch_norm2d_0`), a parameter `<layer>.w_N` / `<layer>.b_N`,
so weights line up with Paddle's. Default initializers are Paddle's: weights
XavierUniform, biases Constant(0), Conv2D weights Normal(0, sqrt(2 / fan_in)),
norm scales 1 and shifts 0. `weight_attr` / `bias_attr` may be None, False
(no such parameter), a name, an Initializer or a ParamAttr.

Layers start in training mode, as in Paddle: call `.eval()` for inference
(Dropout then keeps a `pd.dropout` with is_test, BatchNorm uses the running
statistics).
"""

from __future__ import annotations

import copy
import math
import re
from collections import OrderedDict

import numpy as np

from .. import eager as _eager
from .. import static
from ..dialects import pd
from ..dialects._ods_common import _cext
from ..dialects._pd_builder_support import function_of_value
from ..tensor import Tensor, building
from ..utils import unique_name
from . import functional as F
from .initializer import Constant, Initializer, Normal, XavierUniform

_cext.globals.register_traceback_file_exclusion(__file__)

__all__ = [
    "ParamAttr", "Layer", "Sequential", "LayerList", "Linear", "Conv2D", "BatchNorm1D",
    "BatchNorm2D", "BatchNorm3D", "LayerNorm", "Embedding", "Dropout", "ReLU", "ReLU6",
    "GELU", "Sigmoid", "Tanh", "Silu", "Swish", "LeakyReLU", "ELU", "Hardswish",
    "Hardsigmoid", "Softplus", "Softmax", "LogSoftmax", "Identity", "Flatten", "MaxPool2D",
    "AvgPool2D", "AdaptiveAvgPool2D", "MultiHeadAttention", "TransformerEncoderLayer",
]


class ParamAttr:
    """Paddle's ParamAttr: a parameter's name, initializer and trainability."""

    def __init__(self, name=None, initializer=None, learning_rate=1.0, regularizer=None,
                 trainable=True, do_model_average=True, need_clip=True):
        self.name, self.initializer, self.trainable = name, initializer, trainable
        self.learning_rate, self.regularizer = learning_rate, regularizer
        self.do_model_average, self.need_clip = do_model_average, need_clip

    @staticmethod
    def _to_attr(arg):
        """None/True -> default ParamAttr, False -> False (no parameter),
        str -> named, Initializer -> initialized with it."""
        if arg is None or arg is True:
            return ParamAttr()
        if arg is False or isinstance(arg, ParamAttr):
            return arg
        if isinstance(arg, str):
            return ParamAttr(name=arg)
        if isinstance(arg, Initializer):
            return ParamAttr(initializer=arg)
        raise TypeError(f"a parameter attribute must be None, a bool, a name, an Initializer "
                        f"or a ParamAttr, got {arg!r}")


def _param_attr_list(attr, n):
    """One attribute per sub-layer (Paddle's _convert_param_attr_to_list)."""
    if isinstance(attr, (list, tuple)):
        if len(attr) != n:
            raise ValueError(f"expected {n} parameter attributes, got {len(attr)}")
        return [ParamAttr._to_attr(a) for a in attr]
    attr = ParamAttr._to_attr(attr)
    if attr is False:
        return [False] * n
    attrs = [copy.copy(attr) for _ in range(n)]
    if attr.name:
        for i, a in enumerate(attrs):
            a.name = f"{attr.name}_{i}"
    return attrs


def _camel_to_snake(name: str) -> str:
    """Paddle's layer-name rule: BatchNorm2D -> batch_norm2d, ReLU -> re_lu."""
    s1 = re.sub("(.)([A-Z][a-z]+)", r"\1_\2", name)
    return re.sub("([a-z])([A-Z])", r"\1_\2", s1).lower()


def _is_parameter(value) -> bool:
    return isinstance(value, Tensor) and getattr(value, "is_parameter", False)


def _read_parameter(program, param):
    """`param` (a parameter value of another program) read in `program`."""
    shared = getattr(param, "parameter", None)
    if shared is None:
        raise ValueError(f"parameter {param.name!r} belongs to another program and was not "
                         "created by Layer.create_parameter: it cannot be shared")
    program.parameters.share(shared)
    # At the start of the program: the read dominates every use, also when a
    # layer is first called inside a pd.if / pd.while region.
    with program.context, pd._ir.InsertionPoint.at_block_begin(program.block), \
            pd._ir.loc_tracebacks(max_depth=1):
        value = pd.GetParameterOp(param.type, param.name).result
    for attr in ("name", "is_parameter", "trainable", "stop_gradient", "parameter"):
        setattr(value, attr, getattr(param, attr))
    value._program = program  # see Layer.create_parameter
    return value


class Layer:
    """Base of all layers: sub-layers and parameters assigned as attributes
    are registered (in order), `layer(x)` runs `forward`."""

    def __init__(self, name_scope=None, dtype="float32"):
        object.__setattr__(self, "_parameters", OrderedDict())
        object.__setattr__(self, "_sub_layers", OrderedDict())
        self.training = True
        self._dtype = dtype
        self._full_name = unique_name.generate(name_scope or _camel_to_snake(type(self).__name__))

    # -- registration ------------------------------------------------------------
    def __setattr__(self, name, value):
        if "_parameters" not in self.__dict__:
            raise RuntimeError(f"{type(self).__name__}.__init__ must call super().__init__() "
                               "before assigning attributes")
        self._parameters.pop(name, None)
        self._sub_layers.pop(name, None)
        if isinstance(value, Layer):
            self._sub_layers[name] = value
        elif _is_parameter(value):
            self._parameters[name] = value
        object.__setattr__(self, name, value)

    def __delattr__(self, name):
        self._parameters.pop(name, None)
        self._sub_layers.pop(name, None)
        object.__delattr__(self, name)

    def add_sublayer(self, name, sublayer):
        setattr(self, str(name), sublayer)
        return sublayer

    def add_parameter(self, name, parameter):
        if parameter is not None and not _is_parameter(parameter):
            raise TypeError(f"{name}: not a parameter created by create_parameter")
        setattr(self, name, parameter)
        return parameter

    def create_parameter(self, shape, attr=None, dtype=None, is_bias=False,
                         default_initializer=None):
        """A parameter named `<full_name>.w_N` (`.b_N` for biases) unless the
        attribute names it; None if the attribute is False."""
        attr = ParamAttr._to_attr(attr)
        if attr is False:
            return None
        name = attr.name or unique_name.generate(f"{self._full_name}.{'b' if is_bias else 'w'}")
        init = attr.initializer or default_initializer or (
            Constant(0.0) if is_bias else XavierUniform())
        value = static.create_parameter(name, list(shape), dtype or self._dtype, init,
                                        trainable=attr.trainable)
        value.name, value.is_parameter = name, True
        # The weight itself, shared by every program the layer is called in.
        value.parameter = static.default_main_program().parameters.parameter(name)
        # The layer holds this value until it is called in another program:
        # the value keeps its program alive, as MLIR frees a module's IR with
        # it (a layer built in a program the user dropped, or in one jit.save
        # captured, then called elsewhere would read freed memory).
        value._program = static.default_main_program()
        value.trainable = attr.trainable
        value.stop_gradient = not attr.trainable
        return value

    # -- traversal -----------------------------------------------------------------
    def full_name(self) -> str:
        return self._full_name

    def children(self):
        return iter(self._sub_layers.values())

    def named_children(self):
        return iter(self._sub_layers.items())

    def named_sublayers(self, prefix="", include_self=False, layers_set=None):
        """(dotted name, layer) of every sub-layer, depth-first, each once."""
        layers_set = set() if layers_set is None else layers_set
        if include_self and id(self) not in layers_set:
            layers_set.add(id(self))
            yield prefix, self
        for key, layer in self._sub_layers.items():
            if layer is None:
                continue
            sub = f"{prefix}.{key}" if prefix else key
            yield from layer.named_sublayers(sub, True, layers_set)

    def sublayers(self, include_self=False):
        return [layer for _, layer in self.named_sublayers(include_self=include_self)]

    def named_parameters(self, prefix="", include_sublayers=True):
        """(dotted attribute path, parameter), each parameter once."""
        seen = set()
        layers = self.named_sublayers(prefix, True) if include_sublayers else [(prefix, self)]
        for path, layer in layers:
            for key, param in layer._parameters.items():
                if param is None or param.name in seen:
                    continue
                seen.add(param.name)
                yield (f"{path}.{key}" if path else key), param

    def parameters(self, include_sublayers=True):
        return [p for _, p in self.named_parameters(include_sublayers=include_sublayers)]

    # -- modes ---------------------------------------------------------------------
    def train(self):
        for layer in self.sublayers(include_self=True):
            layer.training = True
        return self

    def eval(self):
        for layer in self.sublayers(include_self=True):
            layer.training = False
        return self

    # -- running -------------------------------------------------------------------
    def forward(self, *inputs, **kwargs):
        raise NotImplementedError(f"{type(self).__name__} does not define forward")

    def __call__(self, *inputs, **kwargs):
        if "forward" in self.__dict__ and hasattr(self.forward, "program_cache"):
            # jit.to_static(layer): its StaticFunction captures and runs.
            return self.forward(*inputs, **kwargs)
        has_eager, symbolic = _eager._classify(inputs, kwargs)
        if has_eager and not symbolic and not _eager._building():
            # Paddle's dynamic graph: run now, on the parameters' values.
            with _eager.eager_parameters(self):
                return self.forward(*inputs, **kwargs)
        if has_eager:
            inputs, kwargs = _eager._map(inputs, _eager.embed), _eager._map(kwargs, _eager.embed)
        self._bind_parameters(static.default_main_program())
        return self.forward(*inputs, **kwargs)

    def _bind_parameters(self, program) -> None:
        """A layer built in one program and called in another (as Paddle
        allows) reads its parameters there: each gets a pd.get_parameter in
        `program`, whose ParameterStore shares the weight (one value, which
        either program's startup may initialize)."""
        rebound = {}
        for layer in self.sublayers(include_self=True):
            for key, param in list(layer._parameters.items()):
                if param is None:
                    continue
                home = function_of_value(param)
                if home is None or home == program.block.owner.operation:
                    continue
                value = rebound.get(param.name)
                if value is None:
                    value = rebound[param.name] = _read_parameter(program, param)
                layer._parameters[key] = value
                object.__setattr__(layer, key, value)

    def extra_repr(self) -> str:
        return ""

    def __repr__(self) -> str:
        lines = [f"({k}): " + repr(v).replace("\n", "\n  ") for k, v in self._sub_layers.items()]
        head = f"{type(self).__name__}({self.extra_repr()}"
        return head + ("\n  " + "\n  ".join(lines) + "\n)" if lines else ")")


# -- containers -------------------------------------------------------------------
class Sequential(Layer):
    """Runs its layers in order. Sub-layers are named "0", "1", ... or by
    the names of (name, layer) pairs."""

    def __init__(self, *layers):
        super().__init__()
        if layers and isinstance(layers[0], (list, tuple)):
            for name, layer in layers:
                self.add_sublayer(name, layer)
        else:
            for i, layer in enumerate(layers):
                self.add_sublayer(str(i), layer)

    def __getitem__(self, index):
        items = list(self._sub_layers.values())
        return Sequential(*items[index]) if isinstance(index, slice) else items[index]

    def __len__(self):
        return len(self._sub_layers)

    def forward(self, input):
        for layer in self._sub_layers.values():
            input = layer(input)
        return input


class LayerList(Layer):
    """A list of sub-layers named "0", "1", ..."""

    def __init__(self, sublayers=None):
        super().__init__()
        for layer in sublayers or ():
            self.append(layer)

    def append(self, sublayer):
        return self.add_sublayer(str(len(self._sub_layers)), sublayer)

    def __getitem__(self, index):
        return list(self._sub_layers.values())[index]

    def __len__(self):
        return len(self._sub_layers)

    def __iter__(self):
        return iter(self._sub_layers.values())


# -- basic layers -------------------------------------------------------------------
class Linear(Layer):
    """y = x @ weight + bias; weight is [in_features, out_features]."""

    def __init__(self, in_features, out_features, weight_attr=None, bias_attr=None, name=None):
        super().__init__()
        self.weight = self.create_parameter([in_features, out_features], weight_attr)
        self.bias = self.create_parameter([out_features], bias_attr, is_bias=True)

    def forward(self, input):
        return F.linear(input, self.weight, self.bias)

    def extra_repr(self):
        return f"in_features={self.weight.shape[0]}, out_features={self.weight.shape[1]}"


class Conv2D(Layer):
    """2-D convolution; weight [out, in // groups, kh, kw] initialized
    Normal(0, sqrt(2 / (kh * kw * in_channels))) as in Paddle."""

    def __init__(self, in_channels, out_channels, kernel_size, stride=1, padding=0, dilation=1,
                 groups=1, padding_mode="zeros", weight_attr=None, bias_attr=None,
                 data_format="NCHW"):
        super().__init__()
        if in_channels % groups:
            raise ValueError("in_channels must be divisible by groups.")
        if padding_mode not in ("zeros", "reflect", "replicate", "circular"):
            raise ValueError(f"padding_mode must be one of zeros, reflect, replicate, circular; "
                             f"got {padding_mode!r}")
        if padding_mode != "zeros" and not isinstance(padding, int):
            raise TypeError("when padding_mode in ['reflect', 'replicate', 'circular'], "
                            "type of padding must be int")
        self._stride, self._padding, self._dilation = stride, padding, dilation
        self._groups, self._padding_mode, self._data_format = groups, padding_mode, data_format
        kernel = F._pair(kernel_size)
        std = math.sqrt(2.0 / (math.prod(kernel) * in_channels))
        self.weight = self.create_parameter([out_channels, in_channels // groups] + kernel,
                                            weight_attr, default_initializer=Normal(0.0, std))
        self.bias = self.create_parameter([out_channels], bias_attr, is_bias=True)

    def forward(self, x):
        padding = self._padding
        if self._padding_mode != "zeros":
            x = F.pad(x, [padding] * 4, mode=self._padding_mode, data_format=self._data_format)
            padding = 0
        return F.conv2d(x, self.weight, self.bias, self._stride, padding, self._dilation,
                        self._groups, self._data_format)


class _BatchNormBase(Layer):
    """Scale (w_0, init 1), shift (b_0, 0), running mean (w_1, 0) and running
    variance (w_2, 1). Training mode normalizes with batch statistics and
    writes the updated running statistics back with `pd.set_parameter`."""

    _formats = ()

    def __init__(self, num_features, momentum=0.9, epsilon=1e-05, weight_attr=None,
                 bias_attr=None, data_format="NCHW", use_global_stats=None, name=None):
        super().__init__()
        if data_format not in self._formats:
            raise ValueError(f"{type(self).__name__}: data_format must be one of "
                             f"{self._formats}, got {data_format!r}")
        self._momentum, self._epsilon = momentum, epsilon
        self._data_format, self._use_global_stats = data_format, use_global_stats
        shape = [num_features]
        # weight_attr/bias_attr False: a fixed (non-trainable) scale 1 / shift 0.
        self.weight = self.create_parameter(
            shape, ParamAttr(trainable=False) if weight_attr is False else weight_attr,
            default_initializer=Constant(1.0))
        self.bias = self.create_parameter(
            shape, ParamAttr(trainable=False) if bias_attr is False else bias_attr, is_bias=True)
        self._mean = self.create_parameter(
            shape, ParamAttr(initializer=Constant(0.0), trainable=False))
        self._variance = self.create_parameter(
            shape, ParamAttr(initializer=Constant(1.0), trainable=False))

    def forward(self, input):
        out, mean, variance = F.batch_norm_stats(
            input, self._mean, self._variance, self.weight, self.bias, self.training,
            self._momentum, self._epsilon, self._data_format, self._use_global_stats)
        if self.training and isinstance(mean, _eager.EagerTensor):
            # Dynamic graph: the running statistics are updated now.
            self._mean.parameter.value = np.ascontiguousarray(mean.numpy())
            self._variance.parameter.value = np.ascontiguousarray(variance.numpy())
        elif self.training:
            with building(input):
                pd.set_parameter(mean, self._mean.name)
                pd.set_parameter(variance, self._variance.name)
        return out


class BatchNorm1D(_BatchNormBase):
    _formats = ("NC", "NCL", "NLC")


class BatchNorm2D(_BatchNormBase):
    _formats = ("NCHW", "NHWC")


class BatchNorm3D(_BatchNormBase):
    _formats = ("NCDHW", "NDHWC")


class LayerNorm(Layer):
    """Normalizes the trailing `normalized_shape` dims; flat weight/bias of
    prod(normalized_shape) elements (None when the attribute is False)."""

    def __init__(self, normalized_shape, epsilon=1e-05, weight_attr=None, bias_attr=None,
                 name=None):
        super().__init__()
        if isinstance(normalized_shape, int):
            normalized_shape = [normalized_shape]
        self._normalized_shape, self._epsilon = list(normalized_shape), epsilon
        shape = [math.prod(self._normalized_shape)]
        self.weight = self.create_parameter(shape, weight_attr, default_initializer=Constant(1.0))
        self.bias = self.create_parameter(shape, bias_attr, is_bias=True)

    def forward(self, input):
        return F.layer_norm(input, self._normalized_shape, self.weight, self.bias, self._epsilon)


class Embedding(Layer):
    """A [num_embeddings, embedding_dim] table (XavierUniform by default)."""

    def __init__(self, num_embeddings, embedding_dim, padding_idx=None, max_norm=None,
                 norm_type=2.0, sparse=False, weight_attr=None, name=None):
        super().__init__()
        if padding_idx is not None and padding_idx < 0:
            padding_idx += num_embeddings
        self._padding_idx, self._sparse = padding_idx, sparse
        self._max_norm, self._norm_type = max_norm, norm_type
        self.weight = self.create_parameter([num_embeddings, embedding_dim], weight_attr)

    def forward(self, x):
        return F.embedding(x, self.weight, self._padding_idx, self._max_norm, self._norm_type,
                           self._sparse)


class Dropout(Layer):
    def __init__(self, p=0.5, axis=None, mode="upscale_in_train", name=None):
        super().__init__()
        self.p, self.axis, self.mode = p, axis, mode

    def forward(self, input):
        return F.dropout(input, self.p, self.axis, self.training, self.mode)


def _activation(cls_name, fn, **defaults):
    """A layer class calling `fn(x, **its constructor arguments)`."""
    def __init__(self, *args, name=None, **kwargs):
        Layer.__init__(self)
        params = dict(defaults)
        params.update(zip(defaults, args))
        params.update(kwargs)
        self._kwargs = params

    def forward(self, x):
        return fn(x, **self._kwargs)

    return type(cls_name, (Layer,), {"__init__": __init__, "forward": forward,
                                     "__doc__": f"Layer form of F.{fn.__name__}."})


ReLU = _activation("ReLU", F.relu)
ReLU6 = _activation("ReLU6", F.relu6)
GELU = _activation("GELU", F.gelu, approximate=False)
Sigmoid = _activation("Sigmoid", F.sigmoid)
Tanh = _activation("Tanh", F.tanh)
Silu = _activation("Silu", F.silu)
Swish = _activation("Swish", F.swish)
LeakyReLU = _activation("LeakyReLU", F.leaky_relu, negative_slope=0.01)
ELU = _activation("ELU", F.elu, alpha=1.0)
Hardswish = _activation("Hardswish", F.hardswish)
Hardsigmoid = _activation("Hardsigmoid", F.hardsigmoid)
Softplus = _activation("Softplus", F.softplus, beta=1, threshold=20)
Softmax = _activation("Softmax", F.softmax, axis=-1)
LogSoftmax = _activation("LogSoftmax", F.log_softmax, axis=-1)


class Identity(Layer):
    def __init__(self, *args, **kwargs):
        super().__init__()

    def forward(self, input):
        return input


class Flatten(Layer):
    def __init__(self, start_axis=1, stop_axis=-1):
        super().__init__()
        self.start_axis, self.stop_axis = start_axis, stop_axis

    def forward(self, input):
        return F.flatten(input, self.start_axis, self.stop_axis)


class MaxPool2D(Layer):
    def __init__(self, kernel_size, stride=None, padding=0, return_mask=False, ceil_mode=False,
                 data_format="NCHW", name=None):
        super().__init__()
        self._args = (kernel_size, stride, padding, return_mask, ceil_mode, data_format)

    def forward(self, x):
        return F.max_pool2d(x, *self._args)


class AvgPool2D(Layer):
    def __init__(self, kernel_size, stride=None, padding=0, ceil_mode=False, exclusive=True,
                 divisor_override=None, data_format="NCHW", name=None):
        super().__init__()
        self._args = (kernel_size, stride, padding, ceil_mode, exclusive, divisor_override,
                      data_format)

    def forward(self, x):
        return F.avg_pool2d(x, *self._args)


class AdaptiveAvgPool2D(Layer):
    def __init__(self, output_size, data_format="NCHW", name=None):
        super().__init__()
        self._output_size, self._data_format = output_size, data_format

    def forward(self, x):
        return F.adaptive_avg_pool2d(x, self._output_size, self._data_format)


# -- attention ------------------------------------------------------------------------
class MultiHeadAttention(Layer):
    """Paddle's MultiHeadAttention on [batch, seq, embed_dim] inputs: q/k/v
    projections, [B, S, H, D] -> [B, H, S, D], softmax(q k^T / sqrt(D) + mask) v,
    back to [B, S, embed_dim], output projection."""

    def __init__(self, embed_dim, num_heads, dropout=0.0, kdim=None, vdim=None,
                 need_weights=False, weight_attr=None, bias_attr=None):
        super().__init__()
        if embed_dim <= 0 or num_heads <= 0 or embed_dim % num_heads:
            raise ValueError(f"embed_dim ({embed_dim}) must be a positive multiple of "
                             f"num_heads ({num_heads})")
        self.embed_dim, self.num_heads = embed_dim, num_heads
        self.head_dim = embed_dim // num_heads
        self.kdim, self.vdim = kdim or embed_dim, vdim or embed_dim
        self.dropout, self.need_weights = dropout, need_weights
        self.q_proj = Linear(embed_dim, embed_dim, weight_attr, bias_attr=bias_attr)
        self.k_proj = Linear(self.kdim, embed_dim, weight_attr, bias_attr=bias_attr)
        self.v_proj = Linear(self.vdim, embed_dim, weight_attr, bias_attr=bias_attr)
        self.out_proj = Linear(embed_dim, embed_dim, weight_attr, bias_attr=bias_attr)

    def _heads(self, x):
        with building(x):
            x = pd.reshape(x, [0, 0, self.num_heads, self.head_dim])
            return pd.transpose(x, [0, 2, 1, 3])

    def forward(self, query, key=None, value=None, attn_mask=None, cache=None):
        if cache is not None:
            raise NotImplementedError("MultiHeadAttention: cache is not supported")
        key = query if key is None else key
        value = query if value is None else value
        q = self._heads(self.q_proj(query))
        k = self._heads(self.k_proj(key))
        v = self._heads(self.v_proj(value))
        with building(q):
            product = pd.matmul(q * (self.head_dim ** -0.5), k, False, True)
            if attn_mask is not None:
                product = product + F._attention_mask(attn_mask, product.dtype)
            weights = F.softmax(product)
            if self.dropout:
                weights = F.dropout(weights, self.dropout, training=self.training,
                                    mode="upscale_in_train")
            out = pd.transpose(pd.matmul(weights, v, False, False), [0, 2, 1, 3])
            out = pd.reshape(out, [0, 0, self.embed_dim])
        out = self.out_proj(out)
        return (out, weights) if self.need_weights else out


class TransformerEncoderLayer(Layer):
    """Self-attention and a feed-forward block, each with a residual
    connection and LayerNorm (post-norm unless `normalize_before`)."""

    def __init__(self, d_model, nhead, dim_feedforward, dropout=0.1, activation="relu",
                 attn_dropout=None, act_dropout=None, normalize_before=False, weight_attr=None,
                 bias_attr=None, layer_norm_eps=1e-5):
        super().__init__()
        attn_dropout = dropout if attn_dropout is None else attn_dropout
        act_dropout = dropout if act_dropout is None else act_dropout
        self.normalize_before = normalize_before
        weight_attrs = _param_attr_list(weight_attr, 2)
        bias_attrs = _param_attr_list(bias_attr, 2)
        self.self_attn = MultiHeadAttention(d_model, nhead, dropout=attn_dropout,
                                            weight_attr=weight_attrs[0], bias_attr=bias_attrs[0])
        self.linear1 = Linear(d_model, dim_feedforward, weight_attrs[1], bias_attr=bias_attrs[1])
        self.dropout = Dropout(act_dropout, mode="upscale_in_train")
        self.linear2 = Linear(dim_feedforward, d_model, weight_attrs[1], bias_attr=bias_attrs[1])
        self.norm1 = LayerNorm(d_model, epsilon=layer_norm_eps)
        self.norm2 = LayerNorm(d_model, epsilon=layer_norm_eps)
        self.dropout1 = Dropout(dropout, mode="upscale_in_train")
        self.dropout2 = Dropout(dropout, mode="upscale_in_train")
        self.activation = getattr(F, activation)

    def forward(self, src, src_mask=None, cache=None):
        if cache is not None:
            raise NotImplementedError("TransformerEncoderLayer: cache is not supported")
        src_mask = F._attention_mask(src_mask, src.dtype)
        residual = src
        if self.normalize_before:
            src = self.norm1(src)
        src = residual + self.dropout1(self.self_attn(src, src, src, src_mask))
        if not self.normalize_before:
            src = self.norm1(src)
        residual = src
        if self.normalize_before:
            src = self.norm2(src)
        src = self.linear2(self.dropout(self.activation(self.linear1(src))))
        src = residual + self.dropout2(src)
        if not self.normalize_before:
            src = self.norm2(src)
        return src
