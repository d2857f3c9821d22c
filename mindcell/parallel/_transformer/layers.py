"""Basic layers of MindSpore's transformer library (``mindspore.parallel._transformer.layers``):
``_Linear``, ``_LayerNorm``, ``_Dropout`` and the argument checks the transformer classes share.

Sharding strategies (``shard``) are recorded and have no effect on one device, as in MindSpore's
stand-alone mode.
"""
import inspect
from functools import wraps, partial

from mindcell import _checkparam as Validator
from mindcell.common import dtype as mstype
from mindcell.common.initializer import initializer
from mindcell.common.parameter import Parameter
from mindcell.common.tensor import Tensor
from mindcell.nn.cell import Cell
from mindcell.nn.layer.activation import get_activation
from mindcell.ops import operations as P
from mindcell.ops import functional as F
from mindcell.parallel._utils import (  # noqa: F401 (MindSpore's module has them)
    ParallelMode, _get_parallel_mode, _is_sharding_propagation)
from mindcell.parallel._transformer.op_parallel_config import (  # noqa: F401
    OpParallelConfig, MoEParallelConfig, default_dpmp_config)

__all__ = ["FixedSparseAttention"]

_FLOAT_TYPES = [mstype.float32, mstype.float16]


def _args_type_validator_check(*type_args, **type_kwargs):
    """Decorator of ``__init__``: run ``check(value, name)`` for every argument given a check."""

    def type_check(func):
        sig = inspect.signature(func)
        bound_types = sig.bind_partial(*type_args, **{
            name: check for name, check in type_kwargs.items()
            if name in sig.parameters}).arguments

        @wraps(func)
        def wrapper(*args, **kwargs):
            arguments = sig.bind(*args, **kwargs).arguments
            for name, value in arguments.items():
                if name in bound_types:
                    bound_types[name](value, name)
            return func(*args, **kwargs)
        return wrapper
    return type_check


def _valid_type_checks(types, class_name):
    """A check that the value's type is one of ``types`` (TypeError naming ``class_name``)."""
    def validator_check_func(value, name):
        return Validator.check_type_name(name, type(value), types, class_name)
    return validator_check_func


def _valid_value_checks(types, class_name):
    """A check that the value (a dtype) is one of ``types`` (TypeError naming ``class_name``)."""
    def validator_check_func(value, name):
        return Validator.check_type_name(name, value, types, class_name)
    return validator_check_func


def _check_input_dtype(input_dtype, param_name, allow_dtypes, cls_name):
    Validator.check_type_name(param_name, input_dtype, allow_dtypes, cls_name)


class _LayerInputCheck:
    """Shape checks of the layers' inputs (static methods; ValueError on a mismatch)."""

    @staticmethod
    def check_shape_length(input_shape, param_name, func_name, target_len):
        """The rank of ``input_shape`` is ``target_len`` or one of a list of ranks."""
        allowed = target_len if isinstance(target_len, list) else [target_len]
        if len(input_shape) not in allowed:
            raise ValueError(f"{func_name} {param_name} shape length must be one of {allowed} "
                             f"dimension, but got shape {input_shape}")
        return True

    @staticmethod
    def check_shape_equal(input_shape, param_name, func_name, target_shape):
        """``input_shape`` equals ``target_shape`` or one of a list of shapes."""
        shapes = target_shape if isinstance(target_shape[0], list) else [target_shape]
        input_shape = list(input_shape)
        _LayerInputCheck.check_shape_length(input_shape, param_name, func_name,
                                            [len(item) for item in shapes])
        if not any(list(item) == input_shape for item in shapes):
            raise ValueError(f"{func_name} {param_name} shape must be one of {shapes},but got "
                             f"{input_shape}")
        return True

    @staticmethod
    def check_shape_value_on_axis(input_shape, dim, param_name, cls_name, target_value):
        """``input_shape[dim]`` is ``target_value``."""
        if input_shape[dim] != target_value:
            raise ValueError(f"{cls_name} {param_name} at {dim} shape must be {target_value},but "
                             f"got {input_shape[dim]}")
        return True

    @staticmethod
    def check_shape_equal_without_batch(input_shape, param_name, func_name, target_shape):
        """``input_shape`` is (batch, length, hidden) or (batch * length, hidden) for
        ``target_shape`` = (length, hidden)."""
        length, hidden = target_shape
        input_shape = list(input_shape)
        _LayerInputCheck.check_shape_length(input_shape, param_name, func_name,
                                            [len(target_shape), len(target_shape) + 1])
        if input_shape[-1] != hidden:
            raise ValueError(f"For {func_name}, the last dimension of {param_name} shape must be "
                             f"{hidden},but got the last dimension {input_shape[-1]} in "
                             f"{input_shape}.")
        if input_shape[0] == 0:
            raise ValueError(f"For {func_name}, the first dimension of {param_name} shape greater "
                             f"than 0,but got the first dimension {input_shape[0]} in "
                             f"{input_shape}.")
        if len(input_shape) == 2 and input_shape[0] % length != 0:
            raise ValueError(f"For {func_name}, the first dimension of {param_name} shape should "
                             f"be divisible by {length}, but got the first dimension "
                             f"{input_shape[0]} in {input_shape}.")
        return True


def _check_past_none_input_none(use_past, param_name, func_name, default_value, is_tensor,
                                is_default):
    """Without ``use_past`` the incremental-inference inputs must keep their defaults."""
    if not use_past:
        if is_tensor:
            raise TypeError(f"{func_name} {param_name} must be {default_value}, if use_pat is "
                            f"False, but found a tensor")
        if not is_default:
            raise TypeError(f"{func_name} {param_name} must be {default_value}, if use_pat is "
                            f"False.")
    elif not is_tensor:
        raise TypeError(f"{func_name} {param_name} must be tensor, if use_pat is True")
    return True


def _no_use_past(use_past, cls_name):
    """``use_past=True`` (incremental inference with a key/value cache) is not built."""
    if use_past:
        raise NotImplementedError(
            f"{cls_name}: use_past=True (incremental inference with cached keys and values) is "
            f"not implemented by mindcell; build the layer with use_past=False")


class _Dropout(Cell):
    r"""
    Dropout that keeps each element with probability ``keep_prob`` in training (identity when
    not training or when ``keep_prob`` is 1).

    Args:
        keep_prob (float): The keep probability, in (0, 1]. Default: ``0.5``.
        dtype (mindspore.dtype): Kept for MindSpore's signature. Default: ``mstype.float32``.

    Raises:
        ValueError: ``keep_prob`` is not in (0, 1].
        TypeError: ``keep_prob`` is not a float.
    """

    def __init__(self, keep_prob=0.5, dtype=mstype.float32):
        super().__init__()
        if keep_prob <= 0 or keep_prob > 1:
            raise ValueError("dropout probability should be a number in range (0, 1], but got {}"
                             .format(keep_prob))
        Validator.check_value_type("keep_prob", keep_prob, [float], self.cls_name)
        self.keep_prob = keep_prob
        self.dropout = P.Dropout(keep_prob)

    def construct(self, x):
        if not self.training or self.keep_prob == 1:
            return x
        out, _ = self.dropout(x)
        return out

    def extend_repr(self):
        return "keep_prob={}".format(self.keep_prob)

    def shard(self, strategy):
        self.dropout.shard(strategy)


class _LayerNorm(Cell):
    r"""
    Layer normalization over the last axis with parameters ``gamma`` (ones) and ``beta`` (zeros).

    Args:
        normalized_shape (tuple): The shape of ``gamma`` and ``beta``.
        eps (float): Added to the variance. Default: ``1e-5``.
        param_init_type (mindspore.dtype): float32 or float16, the parameters' dtype.
            Default: ``mstype.float32``.
        is_self_defined (bool): Compute from mean and variance with elementary operations instead
            of the fused LayerNorm. Default: ``False``.

    Inputs:
        - **x** (Tensor) - shape :math:`(..., normalized\_shape)`.

    Outputs:
        Tensor of the shape and dtype of ``x``.

    Raises:
        TypeError: ``param_init_type`` is neither float32 nor float16.

    Examples:
        >>> import numpy as np
        >>> import mindcell
        >>> from mindcell import Tensor
        >>> from mindcell.parallel._transformer.layers import _LayerNorm
        >>> net = _LayerNorm((4,))
        >>> net(Tensor(np.arange(8, dtype=np.float32).reshape(2, 4))).shape
        (2, 4)
    """

    def __init__(self, normalized_shape, eps=1e-5, param_init_type=mstype.float32,
                 is_self_defined=False):
        super().__init__()
        if param_init_type not in [mstype.float32, mstype.float16]:
            raise TypeError("The type of parameter 'param_init_type' should in [float32, float16], "
                            "but got the type : {}.".format(type(param_init_type)))
        self.is_self_defined = is_self_defined
        if not self.is_self_defined:
            self.layer_norm = P.LayerNorm(begin_norm_axis=-1, begin_params_axis=-1, epsilon=eps)
        self.gamma = Parameter(initializer("ones", normalized_shape, param_init_type), name="gamma",
                               parallel_optimizer=False)
        self.beta = Parameter(initializer("zeros", normalized_shape, param_init_type), name="beta",
                              parallel_optimizer=False)
        self.eps = eps

    def construct(self, x):
        if self.is_self_defined:
            mean = P.ReduceMean(keep_dims=True)(x, -1)
            diff = x - mean
            variance = P.ReduceMean(keep_dims=True)(P.Square()(diff), -1)
            output = diff / P.Sqrt()(variance + self.eps)
            return output * self.gamma + self.beta
        output, _, _ = self.layer_norm(x, self.gamma, self.beta)
        return output

    def shard(self, strategy):
        """Record a sharding strategy (no effect on one device). Returns self."""
        if not self.is_self_defined:
            self.layer_norm.shard((strategy[0], (1,), (1,)))
        return self


class _Linear(Cell):
    r"""
    A dense layer computed in ``compute_dtype``: :math:`act(x W + b)` with ``x`` flattened to 2-D,
    the result cast back to ``x``'s dtype and reshaped to ``x``'s leading axes.

    Args:
        in_channels (int): Input features.
        out_channels (int): Output features.
        weight_init (Union[str, Tensor, Initializer]): Default: ``'normal'``.
        bias_init (Union[str, Tensor, Initializer]): Default: ``'zeros'``.
        has_bias (bool): Add a bias. Default: ``True``.
        activation (Union[str, type]): An activation name or Cell class, or None. Default: ``None``.
        transpose_b (bool): The weight is stored as (out_channels, in_channels). Default: ``True``.
        expert_num (int): Experts; only 1 is implemented. Default: ``1``.
        outer_batch (int): Used by experts only. Default: ``1``.
        expert_group_size (int): Used by experts only. Default: ``None``.
        param_init_type (mindspore.dtype): The parameters' dtype. Default: ``mstype.float32``.
        compute_dtype (mindspore.dtype): The dtype of the product. Default: ``mstype.float16``.

    Inputs:
        - **x** (Tensor) - shape :math:`(..., in\_channels)`.

    Outputs:
        Tensor of shape :math:`(..., out\_channels)` and ``x``'s dtype.

    Raises:
        TypeError: ``activation`` is neither a str, a Cell class nor None; a dtype is not float.
        ValueError: a Tensor ``weight_init``/``bias_init`` has the wrong shape.
        NotImplementedError: ``expert_num`` > 1.

    Examples:
        >>> import numpy as np
        >>> import mindcell
        >>> from mindcell import Tensor
        >>> from mindcell.parallel._transformer.layers import _Linear
        >>> net = _Linear(3, 5)
        >>> out = net(Tensor(np.ones((2, 3), np.float32)))
        >>> out.shape, net.weight.shape
        ((2, 5), (5, 3))
    """

    @_args_type_validator_check(in_channels=Validator.check_positive_int,
                                out_channels=Validator.check_positive_int,
                                has_bias=Validator.check_bool,
                                transpose_b=Validator.check_bool,
                                expert_num=Validator.check_positive_int,
                                outer_batch=Validator.check_positive_int,
                                param_init_type=_valid_value_checks(_FLOAT_TYPES, "Linear"),
                                compute_dtype=_valid_value_checks(_FLOAT_TYPES, "Linear"))
    def __init__(self, in_channels, out_channels, weight_init="normal", bias_init="zeros",
                 has_bias=True, activation=None, transpose_b=True, expert_num=1, outer_batch=1,
                 expert_group_size=None, param_init_type=mstype.float32,
                 compute_dtype=mstype.float16):
        super().__init__()
        self.in_channels = in_channels
        self.out_channels = out_channels
        if not (isinstance(activation, str) or activation is None
                or (isinstance(activation, type) and issubclass(activation, Cell))):
            raise TypeError(f"For Linear cell, the activation should str type or nn.Cell type, "
                            f"but got {activation}.")
        if isinstance(weight_init, Tensor) and (weight_init.ndim != 2
                                                or weight_init.shape[0] != out_channels
                                                or weight_init.shape[1] != in_channels):
            raise ValueError("The shape of parameter 'weight_init' is error, please check shape "
                             "of 'weight_init'.")
        if expert_num > 1:
            raise NotImplementedError(
                "_Linear: expert_num > 1 (mixture-of-experts weights) is not implemented by "
                "mindcell, got expert_num={}".format(expert_num))
        weight_shape = [out_channels, in_channels] if transpose_b else [in_channels, out_channels]
        self.expert_num = expert_num
        self.outer_batch = outer_batch
        self.expert_group_size = expert_group_size
        self.expert_flag = False
        self.transpose_b = transpose_b
        self.weight = Parameter(initializer(weight_init, weight_shape, param_init_type),
                                name="weight")
        self.matmul = P.MatMul(transpose_b=transpose_b)
        self.bias = None
        self.has_bias = has_bias
        if self.has_bias:
            if isinstance(bias_init, Tensor) and (bias_init.ndim != 1
                                                  or bias_init.shape[0] != out_channels):
                raise ValueError("The shape of parameter 'bias_init' is error, please check shape "
                                 "of 'bias_init'.")
            self.bias = Parameter(initializer(bias_init, [out_channels], param_init_type),
                                  name="bias")
            self.bias.parallel_optimizer = False
            self.bias_add = P.Add()
        self.act_name = activation
        if isinstance(activation, type):
            self.activation = activation()
        else:
            self.activation = get_activation(activation) if isinstance(activation, str) else None
        self.activation_flag = self.activation is not None
        self.dtype = compute_dtype
        self.cast = P.Cast()

    def construct(self, x):
        out_shape = F.shape(x)[:-1] + (self.out_channels,)
        x = F.reshape(x, (-1, self.in_channels))
        ori_dtype = F.dtype(x)
        weight = self.cast(self.weight, self.dtype)
        x = self.cast(x, self.dtype)
        x = self.matmul(x, weight)
        if self.has_bias:
            x = self.bias_add(x, self.cast(self.bias, self.dtype))
        if self.activation_flag:
            x = self.activation(x)
        x = F.cast(x, ori_dtype)
        return F.reshape(x, out_shape)

    def shard(self, strategy_matmul, strategy_bias=None, strategy_activation=None):
        """Record sharding strategies (no effect on one device). Returns self."""
        self.matmul.shard(strategy_matmul)
        if self.has_bias and strategy_bias is not None:
            self.bias_add.shard(strategy_bias)
        return self


class FixedSparseAttention(Cell):
    r"""
    MindSpore's fixed block-sparse attention (an Ascend kernel composition); not implemented by
    mindcell.

    Raises:
        NotImplementedError: always, when constructed.
    """

    def __init__(self, *args, **kwargs):
        super().__init__()
        raise NotImplementedError("FixedSparseAttention is not implemented by mindcell")
