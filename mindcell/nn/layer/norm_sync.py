"""BatchNorm3d (a BatchNorm2d over (N, C, D*H, W), MindSpore's ``bn2d`` child) and
SyncBatchNorm (batch statistics all-reduced over the data-parallel group)."""
import itertools

from mindcell import dtype as mstype
from mindcell.communication import _comm
from mindcell.nn.cell import Cell
from mindcell.nn.layer.basic import param_for
from mindcell.nn.layer.normalization import BatchNorm2d, _BatchNorm
from mindcell.ops import functional as F
from mindcell.ops import operations as P
from mindcell.ops.defs.comm import all_reduce_p
from mindcell.ops.function.misc_func import assign, stop_gradient

_group_ids = itertools.count()


class BatchNorm3d(Cell):
    """Batch normalisation over the channels of (N, C, D, H, W) input (its parameters live in
    the child ``bn2d``, a BatchNorm2d, under MindSpore's names ``bn2d.gamma`` ...).

    Args:
        num_features (int): the channel count C.
        eps (float): added to the variance. Default: 1e-5.
        momentum (float): weight of the old moving statistics. Default: 0.9.
        affine (bool): learn ``gamma`` and ``beta``. Default: True.
        gamma_init, beta_init, moving_mean_init, moving_var_init: initial values.
        use_batch_statistics (Union[bool, None]): None follows the training flag.
        dtype (mindcell.dtype): the parameters' dtype. Default: float32.

    Inputs:
        - **x** (Tensor) - shape (N, C, D, H, W).

    Outputs:
        Tensor of the same shape.

    Raises:
        ValueError: the input is not 5-D, or an argument is out of range.

    Examples:
        >>> import numpy as np
        >>> import mindcell as ms
        >>> ms.nn.BatchNorm3d(2)(ms.Tensor(np.ones((1, 2, 2, 2, 2), np.float32))).shape
        (1, 2, 2, 2, 2)
    """

    def __init__(self, num_features, eps=1e-5, momentum=0.9, affine=True, gamma_init="ones",
                 beta_init="zeros", moving_mean_init="zeros", moving_var_init="ones",
                 use_batch_statistics=None, dtype=mstype.float32):
        super().__init__()
        self.bn2d = BatchNorm2d(num_features, eps, momentum, affine, gamma_init, beta_init,
                                moving_mean_init, moving_var_init, use_batch_statistics,
                                dtype=dtype)
        self.shape = P.Shape()
        self.reshape = P.Reshape()

    def construct(self, input_x):
        if input_x.ndim != 5:
            raise ValueError("BatchNorm3d: the input must have 5 dims (N, C, D, H, W), but got "
                             "shape %s" % (input_x.shape,))
        n, c, d, h, w = input_x.shape
        y = self.bn2d(F.reshape(input_x, (n, c, d * h, w)))
        return F.reshape(y, input_x.shape)


class SyncBatchNorm(_BatchNorm):
    """Batch normalisation whose training statistics cover the whole data-parallel batch: in a
    world of several processes (``mindcell.communication.init()`` under a launcher) each
    channel's batch mean and variance are all-reduced over the group before normalising, and
    the gradients flow back through the all-reduce. On one process it is BatchNorm2d.

    Every rank must feed batches of the same shape (the global count is the local count times
    the group size).

    Args:
        num_features (int): the channel count C.
        eps (float): added to the variance. Default: 1e-5.
        momentum (float): weight of the old moving statistics. Default: 0.9.
        affine (bool): learn ``gamma`` and ``beta``. Default: True.
        gamma_init, beta_init, moving_mean_init, moving_var_init: initial values.
        use_batch_statistics (Union[bool, None]): None follows the training flag.
        process_groups (Union[list[list[int]], None]): disjoint lists of world ranks; each
            rank synchronises with the ranks of its own list. None: the whole world.
        dtype (mindcell.dtype): the parameters' dtype. Default: float32.

    Inputs:
        - **x** (Tensor) - shape (N, C) or (N, C, H, W) (or (N, C, L)).

    Outputs:
        Tensor of the same shape.

    Raises:
        TypeError: ``process_groups`` is not a list of lists of ints.
        ValueError: a rank in ``process_groups`` is outside the world, or the input has the
            wrong rank or channel count.

    Examples:
        >>> import numpy as np
        >>> import mindcell as ms
        >>> net = ms.nn.SyncBatchNorm(2)
        >>> _ = net.set_train()
        >>> net(ms.Tensor(np.array([[0., 1.], [2., 3.]], np.float32))).asnumpy().round(3)
        array([[-1., -1.],
               [ 1.,  1.]], dtype=float32)
    """
    _ndims = (2, 3, 4)

    def __init__(self, num_features, eps=1e-5, momentum=0.9, affine=True, gamma_init="ones",
                 beta_init="zeros", moving_mean_init="zeros", moving_var_init="ones",
                 use_batch_statistics=None, process_groups=None, dtype=mstype.float32):
        super().__init__(num_features, eps, momentum, affine, gamma_init, beta_init,
                         moving_mean_init, moving_var_init, use_batch_statistics, dtype=dtype)
        state = _comm.require("SyncBatchNorm")
        self.rank_id, self.rank_size = state.rank, state.size
        self.process_groups = process_groups
        self.is_global, self.group_name = False, None
        if process_groups is not None:
            self.group_name = self._make_groups(process_groups)
        elif self.rank_size > 1:
            self.is_global, self.group_name = True, _comm.WORLD

    def _make_groups(self, process_groups):
        if not isinstance(process_groups, list) or not all(
                isinstance(g, list) for g in process_groups):
            raise TypeError("SyncBatchNorm: 'process_groups' must be a list of lists of ranks, "
                            "but got %r" % (process_groups,))
        for ranks in process_groups:
            for r in ranks:
                if isinstance(r, bool) or not isinstance(r, int):
                    raise TypeError("SyncBatchNorm: ranks in 'process_groups' must be ints, "
                                    "but got %r" % (r,))
                if not 0 <= r < self.rank_size:
                    raise ValueError("SyncBatchNorm: ranks in 'process_groups' must be in "
                                     "[0, %d), but got %d" % (self.rank_size, r))
        mine = None
        for ranks in process_groups:  # every rank creates every group (a collective)
            name = "sync_bn_group%d" % next(_group_ids)
            if len(ranks) > 1:
                _comm.create_group(name, ranks)
                if self.rank_id in ranks:
                    mine = name
        return mine

    def construct(self, x):
        training = self.training if self.use_batch_statistics is None \
            else self.use_batch_statistics
        if self.group_name is None or not training:
            return super().construct(x)
        if x.ndim not in self._ndims or x.shape[1] != self.num_features:
            raise ValueError("SyncBatchNorm: expected input of 2, 3 or 4 dims with %d channels "
                             "at axis 1, but got shape %s" % (self.num_features, x.shape))
        return self._synced(x)

    def _synced(self, x):
        c = self.num_features
        axes = (0,) + tuple(range(2, x.ndim))
        bshape = (1, c) + (1,) * (x.ndim - 2)
        count = (x.size // c) * _comm.group_size(self.group_name, "SyncBatchNorm")
        total = all_reduce_p.bind(F.reduce_sum(x, axes), op="sum", group=self.group_name)
        mean = F.reshape(F.div(total, float(count)), bshape)
        centred = F.sub(x, mean)
        sq = all_reduce_p.bind(F.reduce_sum(F.square(centred), axes), op="sum",
                               group=self.group_name)
        var = F.div(sq, float(count))
        keep = 1.0 - self.momentum  # self.momentum is the batch statistics' weight
        assign(self.moving_mean, F.add(F.mul(self.moving_mean, keep),
                                       F.mul(stop_gradient(F.reshape(mean, (c,))), 1 - keep)))
        unbiased = F.mul(stop_gradient(var), count / max(count - 1, 1))
        assign(self.moving_variance, F.add(F.mul(self.moving_variance, keep),
                                           F.mul(unbiased, 1 - keep)))
        xhat = F.mul(centred, F.rsqrt(F.add(F.reshape(var, bshape), self.eps)))
        return F.add(F.mul(xhat, F.reshape(param_for(x, self.gamma), bshape)),
                     F.reshape(param_for(x, self.beta), bshape))
