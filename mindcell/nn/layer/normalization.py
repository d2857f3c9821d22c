"""BatchNorm1d, BatchNorm2d, LayerNorm (MindSpore's signature) and GroupNorm."""
import numpy as np

from mindcell import dtype as mstype
from mindcell.common.initializer import initializer
from mindcell.common.parameter import Parameter
from mindcell._extends import cell_attr_register  # noqa: F401  (MindSpore has it here)
from mindcell.nn.cell import Cell
from mindcell.nn.layer.basic import param_for
from mindcell.nn.layer.inner_prims import BatchNorm
from mindcell.ops._errors import check_positive_int
from mindcell.ops import functional as F
from mindcell.ops import operations as P
from mindcell.ops.function.nn_func import layer_norm_op


class _BatchNorm(Cell):
    _ndims = ()

    def __init__(self, num_features, eps=1e-5, momentum=0.9, affine=True, gamma_init="ones",
                 beta_init="zeros", moving_mean_init="zeros", moving_var_init="ones",
                 use_batch_statistics=None, data_format="NCHW", dtype=mstype.float32):
        super().__init__()
        owner = type(self).__name__
        if not isinstance(data_format, str):
            raise TypeError("%s: 'data_format' must be a str, but got %s"
                            % (owner, type(data_format).__name__))
        if data_format != "NCHW":
            raise ValueError("%s: the 'data_format' %r is not supported on CPU (MindSpore runs "
                             "'NHWC' on GPU only); use 'NCHW'" % (owner, data_format))
        self.num_features = check_positive_int(num_features, owner, "num_features")
        if not 0 <= momentum <= 1:
            raise ValueError("%s: 'momentum' must be in [0, 1], but got %r" % (owner, momentum))
        if eps <= 0:
            raise ValueError("%s: 'eps' must be positive, but got %r" % (owner, eps))
        self.eps, self.affine = float(eps), bool(affine)
        # as MindSpore stores it: the weight of the batch statistics, 1 - momentum
        self.momentum = 1.0 - float(momentum)
        self.use_batch_statistics = use_batch_statistics
        self.format, self.parallel_mode = "NCHW", "stand_alone"
        self.gamma_init, self.beta_init = gamma_init, beta_init
        self.moving_mean_init, self.moving_var_init = moving_mean_init, moving_var_init
        self._inner_primitives()
        shape = (num_features,)
        self.moving_mean = Parameter(initializer(moving_mean_init, shape, dtype), name="mean",
                                     requires_grad=False)
        self.moving_variance = Parameter(initializer(moving_var_init, shape, dtype),
                                         name="variance", requires_grad=False)
        self.gamma = Parameter(initializer(gamma_init, shape, dtype), name="gamma",
                               requires_grad=affine)
        self.beta = Parameter(initializer(beta_init, shape, dtype), name="beta",
                              requires_grad=affine)

    def _inner_primitives(self):
        """The primitives MindSpore's BatchNorm cells hold (subclasses call them)."""
        self.shape, self.reshape, self.dtype, self.cast = P.Shape(), P.Reshape(), P.DType(), \
            P.Cast()
        self.reduce_mean = P.ReduceMean(keep_dims=True)
        self.square, self.sqrt = P.Square(), P.Sqrt()
        self.bn_train = BatchNorm(is_training=True, epsilon=self.eps, momentum=self.momentum)
        self.bn_infer = BatchNorm(is_training=False, epsilon=self.eps)
        self.sub_mean, self.sub_var = P.Sub(), P.Sub()
        self.mul_mean, self.mul_var = P.Mul(), P.Mul()
        self.assign_sub_mean, self.assign_sub_var = P.AssignSub(), P.AssignSub()

    def construct(self, x):
        if x.ndim not in self._ndims or x.shape[1] != self.num_features:
            raise ValueError("%s: expected input of %s dims with %d channels at axis 1, but got "
                             "shape %s" % (type(self).__name__, " or ".join(map(str, self._ndims)),
                                           self.num_features, x.shape))
        training = self.training if self.use_batch_statistics is None \
            else self.use_batch_statistics
        # moving = (1 - m) * moving + m * batch; as MindSpore, m and eps are those of the
        # primitives built in __init__ (setting self.momentum or self.eps later changes nothing)
        prim = self.bn_train if training else self.bn_infer
        return F.batch_norm(x, self.moving_mean, self.moving_variance, param_for(x, self.gamma),
                            param_for(x, self.beta), training, self.bn_train.momentum,
                            prim.epsilon)

    def extend_repr(self):
        return "num_features=%d, eps=%s, momentum=%s, gamma=%s, beta=%s, moving_mean=%s, " \
               "moving_variance=%s" % (self.num_features, self.eps, 1.0 - self.momentum,
                                       self.gamma, self.beta, self.moving_mean,
                                       self.moving_variance)


class BatchNorm1d(_BatchNorm):
    """BatchNorm1d(num_features, eps=1e-5, momentum=0.9, affine=True, gamma_init='ones',
    beta_init='zeros', moving_mean_init='zeros', moving_var_init='ones',
    use_batch_statistics=None, data_format='NCHW', dtype=mstype.float32): batch normalization
    over (N, C) or (N, C, L) input.

    ``y = (x - mean) / sqrt(var + eps) * gamma + beta`` per channel, with the batch's
    statistics in training (updating ``moving_mean``/``moving_variance``) and the moving ones
    in evaluation.

    Args:
        num_features (int): the channel count C.
        eps (float): added to the variance, positive. Default: ``1e-5``.
        momentum (float): in [0, 1], the weight of the old moving statistics:
            ``moving = momentum * moving + (1 - momentum) * batch``. Default: ``0.9``.
        affine (bool): ``gamma`` and ``beta`` are trainable. Default: ``True``.
        gamma_init (Union[Tensor, str, Initializer, numbers.Number]): ``gamma``'s initializer.
            Default: ``'ones'``.
        beta_init (Union[Tensor, str, Initializer, numbers.Number]): ``beta``'s initializer.
            Default: ``'zeros'``.
        moving_mean_init (Union[Tensor, str, Initializer, numbers.Number]): the moving mean's
            initializer. Default: ``'zeros'``.
        moving_var_init (Union[Tensor, str, Initializer, numbers.Number]): the moving variance's
            initializer. Default: ``'ones'``.
        use_batch_statistics (bool, optional): ``None`` follows the training mode (batch
            statistics in training, the moving ones in evaluation); ``True``/``False`` forces
            one. Default: ``None``.
        data_format (str): only ``'NCHW'`` on CPU. Default: ``'NCHW'``.
        dtype (mindcell.dtype): the parameters' dtype. Default: ``mstype.float32``.

    Inputs:
        x (Tensor): a float Tensor of shape (N, C) or (N, C, L).

    Outputs:
        Tensor, the same shape and dtype as ``x``.

    Raises:
        TypeError: ``data_format`` is not a str.
        ValueError: ``data_format`` is not 'NCHW', ``num_features`` is not a positive int,
            ``momentum`` is outside [0, 1], ``eps`` is not positive, or the input's rank or
            channel count does not match.

    Examples:
        >>> import numpy as np
        >>> import mindcell as ms
        >>> bn = ms.nn.BatchNorm1d(2).set_train()
        >>> print(bn(ms.Tensor(np.array([[1.0, 10.0], [3.0, 30.0]], np.float32))))
        [[-0.999995   -0.99999994]
         [ 0.999995    0.99999994]]
        >>> print(bn.moving_mean.asnumpy())
        [0.2 2. ]
    """
    _ndims = (2, 3)


class BatchNorm2d(_BatchNorm):
    """BatchNorm2d(num_features, eps=1e-5, momentum=0.9, affine=True, gamma_init='ones',
    beta_init='zeros', moving_mean_init='zeros', moving_var_init='ones',
    use_batch_statistics=None, data_format='NCHW', dtype=mstype.float32): batch normalization
    over (N, C, H, W) input.

    ``y = (x - mean) / sqrt(var + eps) * gamma + beta`` per channel, the statistics over N, H
    and W: the batch's in training (updating ``moving_mean``/``moving_variance``), the moving
    ones in evaluation.

    Args:
        num_features (int): the channel count C.
        eps (float): added to the variance, positive. Default: ``1e-5``.
        momentum (float): in [0, 1], the weight of the old moving statistics:
            ``moving = momentum * moving + (1 - momentum) * batch``. Default: ``0.9``.
        affine (bool): ``gamma`` and ``beta`` are trainable. Default: ``True``.
        gamma_init (Union[Tensor, str, Initializer, numbers.Number]): ``gamma``'s initializer.
            Default: ``'ones'``.
        beta_init (Union[Tensor, str, Initializer, numbers.Number]): ``beta``'s initializer.
            Default: ``'zeros'``.
        moving_mean_init (Union[Tensor, str, Initializer, numbers.Number]): the moving mean's
            initializer. Default: ``'zeros'``.
        moving_var_init (Union[Tensor, str, Initializer, numbers.Number]): the moving variance's
            initializer. Default: ``'ones'``.
        use_batch_statistics (bool, optional): ``None`` follows the training mode (batch
            statistics in training, the moving ones in evaluation); ``True``/``False`` forces
            one. Default: ``None``.
        data_format (str): only ``'NCHW'`` on CPU. Default: ``'NCHW'``.
        dtype (mindcell.dtype): the parameters' dtype. Default: ``mstype.float32``.

    Inputs:
        x (Tensor): a float Tensor of shape (N, C, H, W).

    Outputs:
        Tensor, the same shape and dtype as ``x``.

    Raises:
        TypeError: ``data_format`` is not a str.
        ValueError: ``data_format`` is not 'NCHW', ``num_features`` is not a positive int,
            ``momentum`` is outside [0, 1], ``eps`` is not positive, or the input's rank or
            channel count does not match.

    Examples:
        >>> import numpy as np
        >>> import mindcell as ms
        >>> bn = ms.nn.BatchNorm2d(1, moving_mean_init="ones")
        >>> x = ms.Tensor(np.full((1, 1, 2, 2), 3.0, np.float32))
        >>> print(bn(x))
        [[[[1.99999 1.99999]
           [1.99999 1.99999]]]]
        >>> [p.name for p in bn.get_parameters()]
        ['mean', 'variance', 'gamma', 'beta']
    """
    _ndims = (4,)


class LayerNorm(Cell):
    """LayerNorm(normalized_shape, begin_norm_axis=-1, begin_params_axis=-1, gamma_init='ones',
    beta_init='zeros', epsilon=1e-7, dtype=mstype.float32): layer normalization, MindSpore's
    signature (``epsilon`` after the initializers).

    The axes from ``begin_norm_axis`` on are normalized with their mean and biased variance,
    then scaled by ``gamma`` and shifted by ``beta`` (Parameters of shape ``normalized_shape``,
    broadcast from ``begin_params_axis``).

    Args:
        normalized_shape (Union[int, tuple[int], list[int]]): the shape of ``gamma`` and
            ``beta``, the input's trailing dims.
        begin_norm_axis (int): the first axis to normalize. Default: ``-1``.
        begin_params_axis (int): the first axis ``gamma`` and ``beta`` apply to. Default: ``-1``.
        gamma_init (Union[Tensor, str, Initializer, numbers.Number]): ``gamma``'s initializer.
            Default: ``'ones'``.
        beta_init (Union[Tensor, str, Initializer, numbers.Number]): ``beta``'s initializer.
            Default: ``'zeros'``.
        epsilon (float): added to the variance. Default: ``1e-7``.
        dtype (mindcell.dtype): the parameters' dtype. Default: ``mstype.float32``.

    Inputs:
        input_x (Tensor): a float Tensor whose trailing dims are ``normalized_shape``.

    Outputs:
        Tensor, the same shape and dtype as ``input_x``.

    Raises:
        TypeError: ``normalized_shape`` is not an int or a non-empty tuple/list.

    Examples:
        >>> import numpy as np
        >>> import mindcell as ms
        >>> ln = ms.nn.LayerNorm((3,))
        >>> print(ln(ms.Tensor(np.array([[1.0, 2.0, 3.0], [0.0, 0.0, 6.0]], np.float32))))
        [[-1.2247448   0.          1.2247448 ]
         [-0.70710677 -0.70710677  1.4142135 ]]
    """

    def __init__(self, normalized_shape, begin_norm_axis=-1, begin_params_axis=-1,
                 gamma_init="ones", beta_init="zeros", epsilon=1e-7, dtype=mstype.float32):
        super().__init__()
        if isinstance(normalized_shape, int):
            normalized_shape = (normalized_shape,)
        if not isinstance(normalized_shape, (tuple, list)) or not normalized_shape:
            raise TypeError("LayerNorm: 'normalized_shape' must be a non-empty tuple of ints, but "
                            "got %r" % (normalized_shape,))
        self.normalized_shape = tuple(normalized_shape)
        self.begin_norm_axis, self.begin_params_axis = begin_norm_axis, begin_params_axis
        self.epsilon = float(epsilon)
        self.gamma = Parameter(initializer(gamma_init, self.normalized_shape, dtype),
                               name="gamma")
        self.beta = Parameter(initializer(beta_init, self.normalized_shape, dtype), name="beta")
        self.layer_norm = P.LayerNorm(begin_norm_axis, begin_params_axis, self.epsilon)

    def construct(self, input_x):
        return layer_norm_op(input_x, param_for(input_x, self.gamma),
                             param_for(input_x, self.beta), self.begin_norm_axis,
                             self.begin_params_axis, self.epsilon)[0]

    def extend_repr(self):
        return "normalized_shape=%s, begin_norm_axis=%s, begin_params_axis=%s, gamma%s, beta=%s" \
               % (list(self.normalized_shape), self.begin_norm_axis, self.begin_params_axis,
                  self.gamma, self.beta)


class GroupNorm(Cell):
    """GroupNorm(num_groups, num_channels, eps=1e-5, affine=True, gamma_init='ones',
    beta_init='zeros', dtype=mstype.float32): group normalization of (N, C, ...) input.

    The channels are split into ``num_groups`` groups; each (sample, group) is normalized with
    its mean and biased variance, then scaled by ``gamma`` and shifted by ``beta`` per channel.

    Args:
        num_groups (int): the number of groups; it divides ``num_channels``.
        num_channels (int): the channel count C.
        eps (float): added to the variance. Default: ``1e-5``.
        affine (bool): ``gamma`` and ``beta`` are trainable. Default: ``True``.
        gamma_init (Union[Tensor, str, Initializer, numbers.Number]): ``gamma``'s initializer.
            Default: ``'ones'``.
        beta_init (Union[Tensor, str, Initializer, numbers.Number]): ``beta``'s initializer.
            Default: ``'zeros'``.
        dtype (mindcell.dtype): the parameters' dtype. Default: ``mstype.float32``.

    Inputs:
        x (Tensor): a float Tensor of shape (N, C, ...).

    Outputs:
        Tensor, the same shape and dtype as ``x``.

    Raises:
        ValueError: a count is not a positive int, ``num_channels`` does not divide by
            ``num_groups``, or the input is not (N, num_channels, ...).

    Examples:
        >>> import numpy as np
        >>> import mindcell as ms
        >>> gn = ms.nn.GroupNorm(2, 4)
        >>> x = ms.Tensor(np.array([[1.0, 3.0, 5.0, 5.0]], np.float32).reshape(1, 4, 1))
        >>> print(gn(x).reshape(-1))
        [-0.999995  0.999995  0.        0.      ]
    """

    def __init__(self, num_groups, num_channels, eps=1e-5, affine=True, gamma_init="ones",
                 beta_init="zeros", dtype=mstype.float32):
        super().__init__()
        check_positive_int(num_groups, "GroupNorm", "num_groups")
        check_positive_int(num_channels, "GroupNorm", "num_channels")
        if num_channels % num_groups:
            raise ValueError("GroupNorm: num_channels (%d) must be divisible by num_groups (%d)"
                             % (num_channels, num_groups))
        self.num_groups, self.num_channels, self.eps = num_groups, num_channels, float(eps)
        self.affine = affine
        self.gamma = Parameter(initializer(gamma_init, (num_channels,), dtype), name="gamma",
                               requires_grad=affine)
        self.beta = Parameter(initializer(beta_init, (num_channels,), dtype), name="beta",
                              requires_grad=affine)

    def construct(self, x):
        if x.ndim < 2 or x.shape[1] != self.num_channels:
            raise ValueError("GroupNorm: expected (N, %d, ...) input, but got shape %s"
                             % (self.num_channels, x.shape))
        n = x.shape[0]
        grouped = F.reshape(x, (n, self.num_groups, -1))
        ones = F.ones((int(np.prod(grouped.shape[2:])),), x.dtype)
        zeros = F.zeros((int(np.prod(grouped.shape[2:])),), x.dtype)
        y = layer_norm_op(grouped, ones, zeros, 2, 2, self.eps)[0]
        bshape = (1, -1) + (1,) * (x.ndim - 2)
        y = F.reshape(y, x.shape)
        return F.add(F.mul(y, F.reshape(param_for(x, self.gamma), bshape)),
                     F.reshape(param_for(x, self.beta), bshape))
