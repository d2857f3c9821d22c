"""InstanceNorm1d/2d/3d: normalise each (sample, channel) over its spatial dims, with the
instance's own statistics in training and evaluation alike."""
from mindcell import dtype as mstype
from mindcell.common.initializer import initializer
from mindcell.common.parameter import Parameter
from mindcell.nn.cell import Cell
from mindcell.nn.layer.basic import param_for
from mindcell.ops._errors import check_bool, check_number, check_positive_int
from mindcell.ops import functional as F


class _InstanceNorm(Cell):
    """Base of InstanceNorm1d/2d/3d; a subclass is a record (``_ndim``, the input's rank) and
    its docstring is derived from it by :func:`_document`."""
    _ndim = 4

    def __init__(self, num_features, eps=1e-5, momentum=0.1, affine=True, gamma_init="ones",
                 beta_init="zeros", dtype=mstype.float32):
        super().__init__()
        owner = type(self).__name__
        num_features = check_positive_int(num_features, owner, "num_features")
        if check_number(eps, owner, "eps") <= 0:
            raise ValueError("%s: 'eps' must be positive, but got %r" % (owner, eps))
        check_number(momentum, owner, "momentum", 0.0, 1.0)
        self.num_features, self.eps, self.momentum = num_features, float(eps), momentum
        self.affine = check_bool(affine, owner, "affine")
        # MindSpore's running statistics (checkpoint keys moving_mean/moving_variance, before
        # gamma/beta); its CPU build has no InstanceNorm kernel to say how training updates them,
        # so they keep their initial values here and the output never reads them
        self.moving_mean = Parameter(initializer("zeros", (num_features,), dtype), name="mean",
                                     requires_grad=False)
        self.moving_variance = Parameter(initializer("ones", (num_features,), dtype),
                                         name="variance", requires_grad=False)
        self.gamma = Parameter(initializer(gamma_init, (num_features,), dtype), name="gamma",
                               requires_grad=affine)
        self.beta = Parameter(initializer(beta_init, (num_features,), dtype), name="beta",
                              requires_grad=affine)

    def construct(self, x):
        if x.ndim != self._ndim or x.shape[1] != self.num_features:
            raise ValueError("%s: expected a %d-D (N, %d, ...) input, but got shape %s"
                             % (type(self).__name__, self._ndim, self.num_features, x.shape))
        axes = tuple(range(2, x.ndim))
        mean = F.mean(x, axes, True)
        centred = F.sub(x, mean)
        var = F.mean(F.square(centred), axes, True)
        y = F.mul(centred, F.rsqrt(F.add(var, self.eps)))
        bshape = (1, -1) + (1,) * (x.ndim - 2)
        return F.add(F.mul(y, F.reshape(param_for(x, self.gamma), bshape)),
                     F.reshape(param_for(x, self.beta), bshape))

    def extend_repr(self):
        return "num_features=%d, eps=%s, momentum=%s, affine=%s" % (
            self.num_features, self.eps, self.momentum, self.affine)


class InstanceNorm1d(_InstanceNorm):
    _ndim = 3


class InstanceNorm2d(_InstanceNorm):
    _ndim = 4


class InstanceNorm3d(_InstanceNorm):
    _ndim = 5


_SPATIAL = {3: "L", 4: "H, W", 5: "D, H, W"}


def _document(cls, example):
    """Set ``cls.__doc__`` from its record ``_ndim`` and its own Example."""
    shape = "(N, C, %s)" % _SPATIAL[cls._ndim]
    cls.__doc__ = """%s(num_features, eps=1e-5, momentum=0.1, affine=True, gamma_init='ones',
beta_init='zeros', dtype=mstype.float32): instance normalization over %s input.

Each (sample, channel) is normalized over its spatial dims (%s) with its own mean and
biased variance, in training and evaluation alike, then scaled by ``gamma`` and shifted by
``beta`` (Parameters of shape (C,)): ``y = (x - mean) / sqrt(var + eps) * gamma + beta``. As
MindSpore's, the cell also holds ``moving_mean`` (zeros) and ``moving_variance`` (ones), Parameters
of shape (C,) that are not trained and that the output does not read (they are checkpoint
entries; mindcell does not update them).

Args:
    num_features (int): the channel count C.
    eps (float): added to the variance, positive. Default: ``1e-5``.
    momentum (float): in [0, 1]; kept as an attribute (the moving statistics are not updated).
        Default: ``0.1``.
    affine (bool): ``gamma`` and ``beta`` are trainable. Default: ``True``.
    gamma_init (Union[Tensor, str, Initializer, numbers.Number]): ``gamma``'s initializer.
        Default: ``'ones'``.
    beta_init (Union[Tensor, str, Initializer, numbers.Number]): ``beta``'s initializer.
        Default: ``'zeros'``.
    dtype (mindcell.dtype): the parameters' dtype. Default: ``mstype.float32``.

Inputs:
    x (Tensor): a float Tensor of shape %s.

Outputs:
    Tensor, the same shape and dtype as ``x``.

Raises:
    ValueError: ``num_features`` is not a positive int, ``eps`` is not positive,
        ``momentum`` is outside [0, 1], or the input is not %d-D with C channels.
    TypeError: ``eps`` or ``momentum`` is not a number, or ``affine`` is not a bool.

Examples:
    >>> import numpy as np
    >>> import mindcell as ms
%s""" % (cls.__name__, shape, _SPATIAL[cls._ndim], shape, cls._ndim,
         "\n".join("    " + line for line in example.strip("\n").split("\n")))


_document(InstanceNorm1d, """
>>> x = ms.Tensor(np.array([[[1.0, 3.0], [2.0, 6.0]]], np.float32))
>>> print(ms.nn.InstanceNorm1d(2)(x))
[[[-0.999995   0.999995 ]
  [-0.9999988  0.9999988]]]
""")
_document(InstanceNorm2d, """
>>> x = ms.Tensor(np.arange(8, dtype=np.float32).reshape(1, 2, 2, 2))
>>> print(ms.nn.InstanceNorm2d(2, affine=False)(x)[0, 1])
[[-1.3416355  -0.44721183]
 [ 0.44721183  1.3416355 ]]
""")
_document(InstanceNorm3d, """
>>> norm = ms.nn.InstanceNorm3d(1, gamma_init="zeros", beta_init="ones")
>>> print(norm(ms.Tensor(np.arange(8, dtype=np.float32).reshape(1, 1, 2, 2, 2))).sum())
8.0
""")
