"""Primitive classes that MindSpore layers keep as attributes (``self.bn_train``,
``self.conv2d_transpose`` ...) and subclasses call, where ``mindcell.ops`` has no class of that
name yet. Each is callable and computes what MindSpore's primitive computes, through the same
functional ops the layers use."""
from mindcell.ops import functional as F
from mindcell.ops.primitive import Primitive


class BatchNorm(Primitive):
    """BatchNorm(is_training=False, epsilon=1e-5, momentum=0.1, data_format='NCHW')
    (x, scale, bias, mean, variance): batch normalisation over axis 1.

    In training it normalises with the batch statistics and updates ``mean``/``variance`` in
    place (``moving = (1 - momentum) * moving + momentum * batch``, unbiased batch variance);
    otherwise it normalises with ``mean``/``variance``.

    Returns:
        ``(y, batch_mean, batch_variance, reserve_space_1, reserve_space_2)``: in training the
        batch mean and (population) variance, twice; in inference ``mean`` and ``variance``.

    Raises:
        ValueError: ``data_format`` is not ``'NCHW'``.

    Examples:
        >>> import numpy as np
        >>> import mindcell as ms
        >>> from mindcell.nn.layer.inner_prims import BatchNorm
        >>> one, zero = ms.Tensor(np.ones(2, np.float32)), ms.Tensor(np.zeros(2, np.float32))
        >>> x = ms.Tensor(np.array([[1., 2.], [3., 4.]], np.float32))
        >>> BatchNorm()(x, one, zero, zero, one)[0].shape
        (2, 2)
    """

    def __init__(self, is_training=False, epsilon=1e-5, momentum=0.1, data_format="NCHW"):
        super().__init__("BatchNorm")
        if data_format != "NCHW":
            raise ValueError("BatchNorm: only data_format='NCHW' is supported, but got %r"
                             % (data_format,))
        for name, value in (("is_training", bool(is_training)), ("epsilon", float(epsilon)),
                            ("momentum", float(momentum)), ("data_format", data_format)):
            self.add_prim_attr(name, value)

    def __call__(self, x, scale, bias, mean, variance):
        y = F.batch_norm(x, mean, variance, scale, bias, self.is_training, self.momentum,
                         self.epsilon)
        if not self.is_training:
            return y, mean, variance, mean, variance
        axes = (0,) + tuple(range(2, x.ndim))
        batch_mean = F.mean(x, axes)
        batch_var = F.mean(F.square(F.sub(x, F.mean(x, axes, keep_dims=True))), axes)
        return y, batch_mean, batch_var, batch_mean, batch_var
