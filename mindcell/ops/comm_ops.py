"""Collective Primitive classes (``ops.AllReduce()``, ``ops.AllGather()``,
``ops.ReduceScatter()``, ``ops.Broadcast(root_rank)``) and ``ops.ReduceOp``. They run over the
world of :mod:`mindcell.communication` (this process alone without a launcher)."""
from mindcell.communication import _comm
from mindcell.communication.management import GlobalComm
from mindcell.ops._errors import check_int, check_choice
from mindcell.ops._helpers import check_tensor
from mindcell.ops.defs import comm as C
from mindcell.ops.operations import Primitive

__all__ = ["AllReduce", "AllGather", "ReduceScatter", "Broadcast", "ReduceOp"]


class ReduceOp:
    """ReduceOp: the reductions of the collectives, as class attributes (MindSpore's class is
    used the same way, never instantiated): ``SUM``, ``MAX``, ``MIN``, ``PROD``.

    Examples:
        >>> from mindcell import ops
        >>> ops.AllReduce(ops.ReduceOp.MAX).op
        'max'
    """
    SUM = "sum"
    MAX = "max"
    MIN = "min"
    PROD = "prod"

_OPS = ("sum", "max", "min", "prod")


class _Collective(Primitive):
    def __init__(self, group):
        super().__init__()
        _comm.group(group, self.name)  # a bad or unknown group fails here, not at the call
        self.group = group
        self.add_prim_attr("group", group)


class _ReducingCollective(_Collective):
    """A collective with a reduction ``op`` (one of ReduceOp's), checked before the group."""

    def __init__(self, op=ReduceOp.SUM, group=GlobalComm.WORLD_COMM_GROUP):
        check_choice(op, type(self).__name__, "op", _OPS)
        super().__init__(group)
        self.op = op
        self.add_prim_attr("op", op)


class AllReduce(_ReducingCollective):
    """Reduces ``input_x`` over every rank of ``group``; every rank gets the same
    result. Its gradient is the all-reduce (sum) of the output gradient.

    Without a launcher the world is this process alone, so the result equals the input.

    Args:
        op (str): the reduction, one of ``ReduceOp.SUM``, ``MAX``, ``MIN``, ``PROD``. Default:
            ``ReduceOp.SUM``.
        group (str): the communication group. Default: ``GlobalComm.WORLD_COMM_GROUP``.

    Inputs:
        - **input_x** (Tensor) - this rank's tensor (the same shape on every rank).

    Outputs:
        Tensor of the shape and dtype of ``input_x``.

    Raises:
        ValueError: ``op`` is not one of the four.
        TypeError: ``input_x`` is not a Tensor.

    Examples:
        >>> import numpy as np
        >>> from mindcell import Tensor, ops
        >>> print(ops.AllReduce(ops.ReduceOp.SUM)(Tensor(np.array([1.0, 2.0], np.float32))))
        [1. 2.]
    """

    def __call__(self, input_x):
        check_tensor(input_x, "AllReduce", "input_x")
        return C.all_reduce_p.bind(input_x, op=self.op, group=self.group)


class AllGather(_Collective):
    """Concatenates every rank's ``input_x`` along axis 0, in rank order.

    Args:
        group (str): the communication group. Default: ``GlobalComm.WORLD_COMM_GROUP``.

    Inputs:
        - **input_x** (Tensor) - this rank's tensor (the same shape on every rank).

    Outputs:
        Tensor whose first dimension is the group size times that of ``input_x``.

    Raises:
        TypeError: ``input_x`` is not a Tensor.

    Examples:
        >>> import numpy as np
        >>> from mindcell import Tensor, ops
        >>> print(ops.AllGather()(Tensor(np.array([[1, 2]], np.int32))).shape)
        (1, 2)
    """

    def __init__(self, group=GlobalComm.WORLD_COMM_GROUP):
        super().__init__(group)

    def __call__(self, input_x):
        check_tensor(input_x, "AllGather", "input_x")
        return C.all_gather_p.bind(input_x, group=self.group)


class ReduceScatter(_ReducingCollective):
    """Reduces ``input_x`` over the group and splits the result along axis 0: rank
    ``r`` keeps the ``r``-th part.

    Args:
        op (str): the reduction, one of ``ReduceOp.SUM``, ``MAX``, ``MIN``, ``PROD``. Default:
            ``ReduceOp.SUM``.
        group (str): the communication group. Default: ``GlobalComm.WORLD_COMM_GROUP``.

    Inputs:
        - **input_x** (Tensor) - a tensor whose first dimension is a multiple of the group size.

    Outputs:
        Tensor whose first dimension is that of ``input_x`` divided by the group size.

    Raises:
        ValueError: ``op`` is not one of the four, or the first dimension is not a multiple of
            the group size.
        TypeError: ``input_x`` is not a Tensor.

    Examples:
        >>> import numpy as np
        >>> from mindcell import Tensor, ops
        >>> print(ops.ReduceScatter(ops.ReduceOp.MAX)(Tensor(np.array([3.0, 4.0], np.float32))))
        [3. 4.]
    """

    def __call__(self, input_x):
        check_tensor(input_x, "ReduceScatter", "input_x")
        n = _comm.group_size(self.group, "ReduceScatter")
        if input_x.ndim == 0 or input_x.shape[0] % n:
            raise ValueError("ReduceScatter: the first dimension of 'input_x' must be a multiple "
                             "of the group size %d, but got shape %s" % (n, input_x.shape))
        return C.reduce_scatter_p.bind(input_x, op=self.op, group=self.group)


class Broadcast(_Collective):
    """Gives every rank the tensors that rank ``root_rank`` of the group holds.

    Args:
        root_rank (int): the rank whose tensors are sent, in [0, group size).
        group (str): the communication group. Default: ``GlobalComm.WORLD_COMM_GROUP``.

    Inputs:
        - **input_x** (tuple[Tensor]) - a non-empty tuple of tensors.

    Outputs:
        tuple[Tensor], the root's tensors.

    Raises:
        ValueError: ``root_rank`` is outside the group.
        TypeError: ``input_x`` is not a non-empty tuple of Tensors.

    Examples:
        >>> import numpy as np
        >>> from mindcell import Tensor, ops
        >>> (y,) = ops.Broadcast(0)((Tensor(np.array([1.0, 2.0], np.float32)),))
        >>> print(y)
        [1. 2.]
    """

    def __init__(self, root_rank, group=GlobalComm.WORLD_COMM_GROUP):
        super().__init__(group)
        n = _comm.group_size(group, "Broadcast")
        self.root_rank = check_int(root_rank, "Broadcast", "root_rank", 0, n - 1)
        self.add_prim_attr("root_rank", root_rank)

    def __call__(self, input_x):
        if not isinstance(input_x, (tuple, list)) or not input_x:
            raise TypeError("Broadcast: 'input_x' must be a non-empty tuple of Tensors, but got "
                            "%s" % type(input_x).__name__)
        for t in input_x:
            check_tensor(t, "Broadcast", "input_x")
        return tuple(C.broadcast_p.bind(t, root_rank=self.root_rank, group=self.group)
                     for t in input_x)
