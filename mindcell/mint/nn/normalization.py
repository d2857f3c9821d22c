"""``mint.nn`` BatchNorm1d/2d/3d and GroupNorm with MindSpore 2.10's (PyTorch-style)
constructors, parameter names ('weight', 'bias', 'running_mean', 'running_var',
'num_batches_tracked') and running-statistics update."""
from typing import Optional

import numpy as np

from mindcell import dtype as mstype
from mindcell import ops
from mindcell.common.initializer import initializer
from mindcell.common.parameter import Parameter
from mindcell.common.tensor import Tensor
from mindcell._docsections import shared_sections
from mindcell.mint.nn import functional as F
from mindcell.nn.cell import Cell
from mindcell.nn.layer.basic import param_for
from mindcell.ops._errors import check_number, check_positive_int


class _BatchNorm(Cell):
    _ndims = ()

    def __init__(self, num_features: int, eps=1e-05, momentum=0.1, affine=True,
                 track_running_stats=True, dtype=None) -> None:
        super().__init__()
        owner = type(self).__name__
        self.num_features = check_positive_int(num_features, owner, "num_features")
        self.eps = check_number(eps, owner, "eps")
        self.momentum = momentum if momentum is None else check_number(momentum, owner,
                                                                       "momentum", 0, 1)
        self.affine, self.track_running_stats = bool(affine), bool(track_running_stats)
        self.dtype = dtype = mstype.float32 if dtype is None else dtype
        shape = (num_features,)
        self.weight = self.bias = self.running_mean = self.running_var = None
        self.num_batches_tracked = None
        if self.affine:
            self.weight = Parameter(initializer("ones", shape, dtype), name="weight")
            self.bias = Parameter(initializer("zeros", shape, dtype), name="bias")
        if self.track_running_stats:
            self.running_mean = Parameter(initializer("zeros", shape, dtype),
                                          name="running_mean", requires_grad=False)
            self.running_var = Parameter(initializer("ones", shape, dtype), name="running_var",
                                         requires_grad=False)
            self.num_batches_tracked = Parameter(Tensor(0, mstype.int64),
                                                 name="num_batches_tracked",
                                                 requires_grad=False)

    def construct(self, input):
        if input.ndim not in self._ndims:
            raise ValueError("%s: expected a %s-D input, but got shape %s"
                             % (type(self).__name__, " or ".join(map(str, self._ndims)),
                                input.shape))
        batch_stats = self.training or not self.track_running_stats
        momentum = self.momentum
        if self.training and self.track_running_stats:
            ops.assign_add(self.num_batches_tracked, Tensor(1, mstype.int64))
            if momentum is None:  # a cumulative average over the batches seen
                momentum = 1.0 / float(self.num_batches_tracked.asnumpy())
        return F.batch_norm(input, self.running_mean, self.running_var,
                            param_for(input, self.weight),
                            param_for(input, self.bias), batch_stats, momentum or 0.0, self.eps)

    def reset_running_stats(self):
        """Running mean to zeros, running variance to ones, ``num_batches_tracked`` to 0 (with
        ``track_running_stats``; else nothing)."""
        if self.track_running_stats:
            for p, fill in ((self.running_mean, 0), (self.running_var, 1)):
                ops.assign(p, Tensor(np.full(self.num_features, fill), dtype=self.dtype))
            ops.assign(self.num_batches_tracked, Tensor(0, mstype.int64))

    def reset_parameters(self):
        """:meth:`reset_running_stats`, then (with ``affine``) ``weight`` to ones and ``bias``
        to zeros."""
        self.reset_running_stats()
        if self.affine:
            for p, fill in ((self.weight, 1), (self.bias, 0)):
                ops.assign(p, Tensor(np.full(self.num_features, fill), dtype=self.dtype))

    def extend_repr(self):
        return ("num_features=%d, eps=%s, momentum=%s, affine=%s, track_running_stats=%s"
                % (self.num_features, self.eps, self.momentum, self.affine,
                   self.track_running_stats))


class BatchNorm1d(_BatchNorm):
    """BatchNorm1d(num_features, eps=1e-05, momentum=0.1, affine=True, track_running_stats=True,
    dtype=None): normalises (N, C) or (N, C, L) per channel.

    In training the batch statistics are used and, with ``track_running_stats``, the running
    ones move by ``momentum`` (``None``: a cumulative average) with the unbiased batch variance;
    in evaluation the running statistics are used (the batch's without them).

    Args:
        num_features (int): C.
        eps (float): added to the variance. Default: ``1e-05``.
        momentum (Union[float, None]): the running statistics' update factor. Default: ``0.1``.
        affine (bool): whether there are 'weight' (ones) and 'bias' (zeros). Default: ``True``.
        track_running_stats (bool): whether there are 'running_mean', 'running_var' and
            'num_batches_tracked'. Default: ``True``.
        dtype (Union[mindspore.dtype, None]): the parameters' dtype (float32 when None).

    Inputs:
        input (Tensor): (N, C) or (N, C, L).

    Outputs:
        Tensor of the same shape.

    Raises:
        ValueError: the input's rank is wrong, or ``momentum`` is outside [0, 1].

    Examples:
        >>> import numpy as np
        >>> from mindcell import Tensor, mint
        >>> net = mint.nn.BatchNorm1d(2)
        >>> [p.name for p in net.get_parameters()]
        ['weight', 'bias', 'running_mean', 'running_var', 'num_batches_tracked']
    """
    _ndims = (2, 3)


@shared_sections(BatchNorm1d, ("Args:", "Raises:"))
class BatchNorm2d(_BatchNorm):
    """BatchNorm2d(num_features, eps=1e-05, momentum=0.1, affine=True, track_running_stats=True,
    dtype=None): :class:`BatchNorm1d` over (N, C, H, W).

    Inputs:
        input (Tensor): (N, C, H, W).

    Outputs:
        Tensor of the same shape.

    Examples:
        >>> import numpy as np
        >>> from mindcell import Tensor, mint
        >>> mint.nn.BatchNorm2d(3)(Tensor(np.ones((2, 3, 4, 4), np.float32))).shape
        (2, 3, 4, 4)
    """
    _ndims = (4,)


@shared_sections(BatchNorm1d, ("Args:", "Raises:"))
class BatchNorm3d(_BatchNorm):
    """BatchNorm3d(num_features, eps=1e-05, momentum=0.1, affine=True, track_running_stats=True,
    dtype=None): :class:`BatchNorm1d` over (N, C, D, H, W).

    Inputs:
        input (Tensor): (N, C, D, H, W).

    Outputs:
        Tensor of the same shape.

    Examples:
        >>> import numpy as np
        >>> from mindcell import Tensor, mint
        >>> mint.nn.BatchNorm3d(1)(Tensor(np.ones((2, 1, 2, 2, 2), np.float32))).shape
        (2, 1, 2, 2, 2)
    """
    _ndims = (5,)


class GroupNorm(Cell):
    """GroupNorm(num_groups, num_channels, eps=1e-05, affine=True, dtype=None): normalises each
    sample of ``(N, C, *)`` over groups of ``C / num_groups`` channels, then scales by 'weight'
    (ones) and shifts by 'bias' (zeros) per channel. As in MindSpore, both parameters exist
    (and are applied) with ``affine=False`` too; they are then not trained.

    Args:
        num_groups (int): the number of groups (divides ``num_channels``).
        num_channels (int): C.
        eps (float): added to the variance. Default: ``1e-05``.
        affine (bool): whether 'weight' and 'bias' are trained. Default: ``True``.
        dtype (Union[mindspore.dtype, None]): the parameters' dtype (float32 when None).

    Inputs:
        input (Tensor): ``(N, C, *)``.

    Outputs:
        Tensor of the same shape.

    Raises:
        ValueError: ``num_channels`` is not divisible by ``num_groups``.

    Examples:
        >>> import numpy as np
        >>> from mindcell import Tensor, mint
        >>> mint.nn.GroupNorm(2, 4)(Tensor(np.ones((1, 4, 2), np.float32))).shape
        (1, 4, 2)
    """

    def __init__(self, num_groups, num_channels, eps=1e-05, affine=True, dtype=None):
        super().__init__()
        self.num_groups = check_positive_int(num_groups, "GroupNorm", "num_groups")
        self.num_channels = check_positive_int(num_channels, "GroupNorm", "num_channels")
        if num_channels % num_groups:
            raise ValueError("GroupNorm: num_channels (%d) must be divisible by num_groups (%d)"
                             % (num_channels, num_groups))
        self.eps, self.affine = check_number(eps, "GroupNorm", "eps"), bool(affine)
        dtype = mstype.float32 if dtype is None else dtype
        self.weight = Parameter(initializer("ones", (num_channels,), dtype), name="weight",
                                requires_grad=self.affine)
        self.bias = Parameter(initializer("zeros", (num_channels,), dtype), name="bias",
                              requires_grad=self.affine)

    def construct(self, input):
        return F.group_norm(input, self.num_groups, param_for(input, self.weight),
                            param_for(input, self.bias), self.eps)

    def extend_repr(self):
        return "num_groups=%d, num_channels=%d, eps=%s, affine=%s" % (
            self.num_groups, self.num_channels, self.eps, self.affine)


class SyncBatchNorm(_BatchNorm):
    """SyncBatchNorm(num_features, eps=1e-05, momentum=0.1, affine=True,
    track_running_stats=True, process_group=None, dtype=None): :class:`BatchNorm1d` over
    ``(N, C, *)`` whose batch statistics are those of every rank's batch. In one process (a group
    of one rank) that is the local batch; with more ranks it raises NotImplementedError naming
    ``process_group`` (the statistics all-reduce is not implemented).

    Args:
        num_features (int): C.
        eps (float): added to the variance. Default: ``1e-05``.
        momentum (Union[float, None]): the running statistics' update factor. Default: ``0.1``.
        affine (bool): whether there are 'weight' (ones) and 'bias' (zeros). Default: ``True``.
        track_running_stats (bool): whether there are running statistics. Default: ``True``.
        process_group (str, optional): the communication group whose ranks share the
            statistics; None: the world group. Default: ``None``.
        dtype (Union[mindspore.dtype, None]): the parameters' dtype (float32 when None).

    Inputs:
        input (Tensor): ``(N, C, *)``, of rank 2 to 5.

    Outputs:
        Tensor of the same shape.

    Raises:
        ValueError: the input's rank is wrong, or ``momentum`` is outside [0, 1].
        NotImplementedError: training with a group of more than one rank.

    Examples:
        >>> import numpy as np
        >>> from mindcell import Tensor, mint
        >>> mint.nn.SyncBatchNorm(2)(Tensor(np.ones((3, 2, 4), np.float32))).shape
        (3, 2, 4)
    """
    _ndims = (2, 3, 4, 5)

    def __init__(self, num_features: int, eps: float = 1e-05, momentum: float = 0.1,
                 affine: bool = True, track_running_stats: bool = True,
                 process_group: Optional[str] = None, dtype=None):
        super().__init__(num_features, eps, momentum, affine, track_running_stats, dtype)
        self.process_group = process_group

    def construct(self, input):
        if self.training and _group_size(self.process_group) > 1:
            raise NotImplementedError(
                "SyncBatchNorm: 'process_group' %r has more than one rank; synchronising the "
                "batch statistics across ranks is not supported by mindcell"
                % (self.process_group,))
        return super().construct(input)


def _group_size(group):
    from mindcell import communication
    try:
        return communication.get_group_size() if group is None else \
            communication.get_group_size(group)
    except (RuntimeError, ValueError):  # communication not initialised: one process
        return 1
