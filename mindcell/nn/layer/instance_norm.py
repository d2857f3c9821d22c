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
    """InstanceNorm1d(num_features, eps=1e-5, momentum=0.1, affine=True, gamma_init='ones',
    beta_init='zeros', dtype=mstype.float32): over (N, C, L) input."""
    _ndim = 3


class InstanceNorm2d(_InstanceNorm):
    """InstanceNorm2d(num_features, eps=1e-5, momentum=0.1, affine=True, gamma_init='ones',
    beta_init='zeros', dtype=mstype.float32): over (N, C, H, W) input."""
    _ndim = 4


class InstanceNorm3d(_InstanceNorm):
    """InstanceNorm3d(num_features, eps=1e-5, momentum=0.1, affine=True, gamma_init='ones',
    beta_init='zeros', dtype=mstype.float32): over (N, C, D, H, W) input."""
    _ndim = 5
