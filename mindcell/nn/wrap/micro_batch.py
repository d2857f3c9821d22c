"""Micro-batch wrappers (MindSpore's pipeline and gradient-accumulation cells) on one process:
each call splits its inputs into micro-batches along axis 0, runs the network on each and adds
the outputs."""
from mindcell.common.tensor import Tensor
from mindcell.nn.cell import Cell
from mindcell.ops import functional as F

__all__ = ["MicroBatchInterleaved", "PipelineCell", "GradAccumulationCell"]


def _count(owner, name, value):
    if isinstance(value, bool) or not isinstance(value, int):
        raise TypeError("For '%s', the argument '%s' must be integer, but got the type : %s."
                        % (owner, name, type(value)))
    if value <= 0:
        raise ValueError("For '%s', the argument '%s' must be large than 0, but got %d."
                         % (owner, name, value))
    return value


class _MicroBatches(Cell):
    """The shared mechanism: ``count`` equal slices of every input along axis 0, the
    network's outputs on each added (in order, starting from the first)."""

    _owner = None
    _cells_only = True  # MindSpore 2.10's MicroBatchInterleaved also takes a plain function

    def __init__(self, network, count):
        super().__init__(auto_prefix=False)
        if self._cells_only and not isinstance(network, Cell):
            raise TypeError("For '%s', the argument 'network' must cell type, but got the type "
                            ": %s." % (self._owner, type(network)))
        self.network = network
        self._count = count

    def _slices(self, index, inputs):
        out = []
        for x in inputs:
            if not isinstance(x, Tensor):
                raise TypeError("For '%s', every input must be a Tensor, but got %s"
                                % (self._owner, type(x).__name__))
            rows = x.shape[0] if x.shape else 0
            if rows % self._count:
                raise ValueError("For '%s', the first dimension of every input must be "
                                 "divisible by %d (the micro-batch count), but got shape %s"
                                 % (self._owner, self._count, tuple(x.shape)))
            size = rows // self._count
            out.append(x[index * size:(index + 1) * size])
        return out

    def construct(self, *inputs):
        total = None
        for i in range(self._count):
            out = self.network(*self._slices(i, inputs))
            total = out if total is None else F.add(total, out)
        return total


class MicroBatchInterleaved(_MicroBatches):
    """MicroBatchInterleaved(network, interleave_num=2): runs ``network`` on
    ``interleave_num`` equal slices of its inputs (axis 0) and returns the sum of the outputs,
    as MindSpore 2.10 computes it on one process (where it is used to overlap communication
    with computation; here it only splits the batch).

    Args:
        network (Cell): the network (usually with its loss).
        interleave_num (int): the number of slices, > 0. Default: ``2``.

    Inputs:
        - **inputs** (Tensor) - the network's inputs; their first dimension divisible by
          ``interleave_num``.

    Outputs:
        The sum of the network's outputs on the slices.

    Raises:
        TypeError: ``interleave_num`` is not an int, or an input is not a Tensor.
        ValueError: ``interleave_num`` <= 0, or a first dimension is not divisible by it.

    Examples:
        >>> import numpy as np
        >>> import mindcell as ms
        >>> net = ms.nn.MicroBatchInterleaved(ms.nn.ReLU(), 2)
        >>> print(net(ms.Tensor(np.array([[1.0], [-2.0], [3.0], [4.0]], np.float32))))
        [[4.]
         [4.]]
    """

    _owner = "MicroBatchInterleaved"
    _cells_only = False

    def __init__(self, network, interleave_num=2):
        _count("MicroBatchInterleaved", "interleave_num", interleave_num)
        super().__init__(network, interleave_num)
        self.interleave_num = interleave_num


class PipelineCell(_MicroBatches):
    """PipelineCell(network, micro_size, stage_config=None, segment_config=None): splits the
    inputs into ``micro_size`` micro-batches (axis 0), runs ``network`` on each and returns the
    sum of the outputs, which is what MindSpore 2.10 computes on one process (one pipeline
    stage).

    Args:
        network (Cell): the network (usually with its loss).
        micro_size (int): the number of micro-batches, > 0.
        stage_config (dict, optional): cell names to pipeline stages; only ``None`` here.
            Default: ``None``.
        segment_config (dict, optional): only ``None`` here. Default: ``None``.

    Inputs:
        - **inputs** (Tensor) - the network's inputs; their first dimension divisible by
          ``micro_size``.

    Outputs:
        The sum of the network's outputs on the micro-batches.

    Raises:
        TypeError: ``network`` is not a Cell, ``micro_size`` not an int.
        ValueError: ``micro_size`` <= 0, or a first dimension is not divisible by it.
        NotImplementedError: ``stage_config`` or ``segment_config`` is given (pipeline stages
            run on several devices).

    Examples:
        >>> import numpy as np
        >>> import mindcell as ms
        >>> net = ms.nn.PipelineCell(ms.nn.ReLU(), 2)
        >>> print(net(ms.Tensor(np.array([[1.0], [-2.0], [3.0], [4.0]], np.float32))))
        [[4.]
         [4.]]
    """

    _owner = "PipelineCell"

    def __init__(self, network, micro_size, stage_config=None, segment_config=None):
        super().__init__(network, _count("PipelineCell", "micro_size", micro_size)
                         if isinstance(network, Cell) else 1)
        for name, value in (("stage_config", stage_config), ("segment_config", segment_config)):
            if value is not None:
                raise NotImplementedError(
                    "PipelineCell: '%s' assigns cells to pipeline stages on several devices; "
                    "mindcell runs one process (one stage): leave it None" % name)
        self.micro_size = micro_size


class GradAccumulationCell(_MicroBatches):
    """GradAccumulationCell(network, micro_size): splits the inputs into ``micro_size``
    micro-batches (axis 0), runs ``network`` on each and returns the sum of the outputs (whose
    gradient is the accumulated gradient), as MindSpore 2.10 computes it on one process.

    Args:
        network (Cell): the network (usually with its loss).
        micro_size (int): the number of micro-batches, > 0.

    Inputs:
        - **inputs** (Tensor) - the network's inputs; their first dimension divisible by
          ``micro_size``.

    Outputs:
        The sum of the network's outputs on the micro-batches.

    Raises:
        TypeError: ``network`` is not a Cell, ``micro_size`` not an int.
        ValueError: ``micro_size`` <= 0, or a first dimension is not divisible by it.

    Examples:
        >>> import numpy as np
        >>> import mindcell as ms
        >>> net = ms.nn.GradAccumulationCell(ms.nn.ReLU(), 4)
        >>> print(net(ms.Tensor(np.array([[1.0], [-2.0], [3.0], [4.0]], np.float32))))
        [[8.]]
    """

    _owner = "GradAccumulationCell"

    def __init__(self, network, micro_size):
        super().__init__(network, _count("GradAccumulationCell", "micro_size", micro_size)
                         if isinstance(network, Cell) else 1)
        self.micro_size = micro_size
