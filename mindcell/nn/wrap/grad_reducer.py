"""DistributedGradReducer: data-parallel gradient all-reduce in size-bounded fused buckets,
and the start-of-training parameter broadcast and consistency check."""
import itertools
import weakref
import zlib

import numpy as np

from mindcell._arrays import c_contiguous
from mindcell.common.parameter import Parameter
from mindcell.communication import _comm
from mindcell.communication.management import GlobalComm
from mindcell.nn.cell import Cell
from mindcell.ops import functional as F
from mindcell.ops.defs.comm import bucket_all_reduce_p
from mindcell.parallel import _context

_MB = 1 << 20
_tokens = itertools.count()


class DistributedGradReducer(Cell):
    """DistributedGradReducer(parameters, mean=None, degree=None, fusion_type=1,
    group=GlobalComm.WORLD_COMM_GROUP): all-reduces a tuple of gradients over the ranks.

    The gradients are packed into buckets of consecutive same-dtype gradients of at most
    ``comm_fusion``'s size (``set_auto_parallel_context(comm_fusion={"allreduce": {"mode":
    "size", "config": MB}})``, 25 MB by default; a larger gradient is a bucket of its own);
    each bucket is one MPI all-reduce on a contiguous numpy buffer. In GRAPH_MODE each
    all-reduce is a side-effecting node of the compiled step.

    Args:
        parameters (list[Parameter]): the parameters the gradients belong to, in order.
        mean (bool): divide the sums by ``degree``; None takes ``gradients_mean`` from the
            auto-parallel context.
        degree (int): the divisor of the mean (default: the group's size).
        fusion_type (int): accepted for MindSpore compatibility (bucketing is by size).
        group (str): the communication group.

    Raises:
        TypeError: ``parameters`` is not a list of Parameters, or ``mean`` not a bool.
        ValueError: ``degree`` is not a positive int.

    Examples:
        >>> import numpy as np
        >>> import mindcell as ms
        >>> from mindcell import nn
        >>> net = nn.Dense(3, 2)
        >>> reducer = nn.DistributedGradReducer(net.trainable_params(), mean=True)
        >>> grads = tuple(ms.Tensor(np.ones(p.shape, np.float32)) for p in net.trainable_params())
        >>> [g.shape for g in reducer(grads)]  # one process: the sums are the gradients
        [(2, 3), (2,)]
    """

    def __init__(self, parameters, mean=None, degree=None, fusion_type=1,
                 group=GlobalComm.WORLD_COMM_GROUP):
        super().__init__(auto_prefix=False)
        params = list(parameters) if isinstance(parameters, (list, tuple)) else None
        if params is None or not all(isinstance(p, Parameter) for p in params):
            raise TypeError("DistributedGradReducer: 'parameters' must be a list of Parameters")
        if mean is None:
            mean = _context.get_auto_parallel_context("gradients_mean")
        if not isinstance(mean, bool):
            raise TypeError("DistributedGradReducer: 'mean' must be a bool, but got %r" % (mean,))
        size = _comm.group_size(group, "DistributedGradReducer")
        if degree is None:
            degree = size
        if isinstance(degree, bool) or not isinstance(degree, int) or degree <= 0:
            raise ValueError("DistributedGradReducer: 'degree' must be an int > 0, but got %r"
                             % (degree,))
        if isinstance(fusion_type, bool) or not isinstance(fusion_type, int):
            raise TypeError("DistributedGradReducer: 'fusion_type' must be an int")
        self.mean, self.degree, self.group = mean, degree, group
        self.fusion_type = fusion_type
        self._shapes = [tuple(p.shape) for p in params]
        self._buckets = make_buckets(params, _context.bucket_mb() * _MB)
        self._scale = 1.0 / degree if mean and degree != 1 else 1.0
        # each bucket all-reduces in a buffer kept across steps, freed with the reducer
        self._token = next(_tokens)
        weakref.finalize(self, _comm.drop_buffers, self._token)

    def construct(self, grads):
        if len(grads) != len(self._shapes):
            raise ValueError("DistributedGradReducer: got %d gradients for %d parameters"
                             % (len(grads), len(self._shapes)))
        out = [None] * len(grads)
        for b, bucket in enumerate(self._buckets):
            parts = [grads[i] for i in bucket]
            flat = bucket_all_reduce_p.bind(*parts, group=self.group, scale=self._scale,
                                            key=(self._token, b))
            if len(parts) > 1:  # views of the flat sum, as the gradients' shapes
                flat = F.split(flat, [g.size for g in parts])
            for i, piece, g in zip(bucket, flat if len(parts) > 1 else (flat,), parts):
                out[i] = F.reshape(piece, g.shape)
        return tuple(out)


def make_buckets(params, cap_bytes):
    """Lists of parameter indices: consecutive same-dtype parameters up to ``cap_bytes``."""
    buckets, current, used, dtype = [], [], 0, None
    for i, p in enumerate(params):
        nbytes = p._data.nbytes
        if current and (p._data.dtype != dtype or used + nbytes > cap_bytes):
            buckets.append(current)
            current, used = [], 0
        current.append(i)
        used += nbytes
        dtype = p._data.dtype
    if current:
        buckets.append(current)
    return buckets


def broadcast_parameters(params, root=0, group=GlobalComm.WORLD_COMM_GROUP):
    """Overwrite every parameter in place with rank ``root``'s value."""
    for p in params:
        _comm.broadcast(p._data, root, group, inplace=True)


def check_parameters_consistent(params, group=GlobalComm.WORLD_COMM_GROUP):
    """Raise RuntimeError naming the first parameter whose value differs between ranks."""
    if _comm.group_size(group, "DistributedGradReducer") == 1 or not params:
        return
    sums = np.array([zlib.crc32(c_contiguous(p._data).tobytes()) for p in params],
                    np.int64)
    every = _comm.all_gather(sums[None, :], group).reshape(-1, len(sums))
    differ = np.nonzero((every != every[0]).any(axis=0))[0]
    if len(differ):
        p = params[differ[0]]
        raise RuntimeError("data parallel: parameter %r differs between ranks after the first "
                           "step (%d of %d parameters differ); start every rank from the same "
                           "values: set_auto_parallel_context(parameter_broadcast=True) or "
                           "set_seed before building the network" % (p.name, len(differ),
                                                                    len(params)))
