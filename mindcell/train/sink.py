"""``data_sink``: a training-step function fed from a dataset, ``sink_size`` steps per call.

MindSpore sinks the dataset into a device queue (Ascend/GPU only; on the CPU it raises). mindcell
has no device queue: the returned function pulls the next batches from a host iterator that
restarts at the end of the data, as MindSpore's queue loops the dataset, and runs ``fn`` on
each, so programs written for data sinking train the same way on the CPU.
"""
import functools

from mindcell import context
from mindcell import log as logger
from mindcell.common.tensor import Tensor

__all__ = ["data_sink"]


def _check_signature(signature, batch):
    """TypeError unless each tensor of ``batch`` matches ``signature`` (None dims: any)."""
    sig = tuple(signature) if isinstance(signature, (list, tuple)) else (signature,)
    if len(sig) != len(batch):
        raise TypeError("data_sink: input_signature has %d tensors, but each dataset row has %d "
                        "columns" % (len(sig), len(batch)))
    for k, (s, t) in enumerate(zip(sig, batch)):
        shape_ok = len(s.shape) == len(t.shape) and all(
            a is None or a == -1 or a == b for a, b in zip(s.shape, t.shape))
        if s.dtype != t.dtype or not shape_ok:
            raise TypeError("data_sink: column %d of the dataset is %s %s, but input_signature "
                            "declares %s %s" % (k, t.dtype, t.shape, s.dtype, tuple(s.shape)))


def _check_signature_arg(signature):
    items = signature if isinstance(signature, (list, tuple)) else (signature,)
    if not all(isinstance(s, Tensor) for s in items):
        raise TypeError("data_sink: 'input_signature' must be a Tensor or a list or tuple of "
                        "Tensors, but got %r" % (signature,))


class _LoopingRows:
    """The dataset's rows as lists of Tensors, starting over at the end of the data."""

    def __init__(self, dataset):
        self.dataset = dataset
        self.iterator = None

    def next(self):
        for _ in range(2):
            if self.iterator is None:
                self.iterator = iter(self.dataset.create_tuple_iterator(num_epochs=-1))
            try:
                return next(self.iterator)
            except StopIteration:
                self.iterator = None
        raise ValueError("data_sink: the dataset yields no rows")


def data_sink(fn, dataset, sink_size=1, jit_config=None, input_signature=None):
    """data_sink(fn, dataset, sink_size=1, jit_config=None, input_signature=None): wrap ``fn``
    so that each call runs it on the next ``sink_size`` rows of ``dataset``.

    Each call of the returned function takes the next row (a tuple of column Tensors) for each
    of ``sink_size`` steps, calls ``fn(*row)`` and returns the last step's result. The rows
    continue from call to call and start over at the end of the dataset.

    Args:
        fn (Function): the step function, called with one row's columns.
        dataset (Dataset): a ``mindcell.dataset`` dataset.
        sink_size (int): steps per call, positive. Default: ``1``.
        jit_config (JitConfig): when given, ``fn`` runs compiled (``ms.jit``); None runs it as
            it is. As MindSpore, under GRAPH_MODE with ``jit_level="O2"`` one step runs per
            call (with a warning). Default: ``None``.
        input_signature (Union[Tensor, list[Tensor], tuple[Tensor]]): the dtype and shape each
            column must have (None dimensions match any size). Default: ``None``.

    Returns:
        Function, taking no arguments, returning ``fn``'s result of the last step.

    Raises:
        TypeError: ``sink_size`` is not an int, ``dataset`` is not a dataset, ``fn`` is not
            callable, ``jit_config`` is not a JitConfig, or a row does not match
            ``input_signature``.
        ValueError: ``sink_size`` is not positive.

    Examples:
        >>> import numpy as np
        >>> import mindcell as ms
        >>> from mindcell import dataset as ds
        >>> data = ds.NumpySlicesDataset({"x": np.ones((1,), np.int32),
        ...                               "y": np.ones((1,), np.int32)}, shuffle=False)
        >>> step = ms.data_sink(lambda x, y: x + y, data, sink_size=1)
        >>> print(step())
        2
    """
    from mindcell.graph.jit import JitConfig, jit
    if isinstance(sink_size, bool) or not isinstance(sink_size, int):
        raise TypeError("For 'Data sink', the type of 'sink_size' must be int, but got %s."
                        % type(sink_size).__name__)
    if sink_size <= 0:
        raise ValueError("The 'sink_size' must be positive, but got sink_size %d." % sink_size)
    if not callable(fn):
        raise TypeError("data_sink: 'fn' must be callable, but got %s" % type(fn).__name__)
    if not hasattr(dataset, "create_tuple_iterator"):
        raise TypeError("data_sink: 'dataset' must be a mindcell.dataset dataset, but got %s"
                        % type(dataset).__name__)
    if jit_config is not None and not isinstance(jit_config, JitConfig):
        raise TypeError("data_sink: 'jit_config' must be a JitConfig or None, but got %s"
                        % type(jit_config).__name__)
    if input_signature is not None:
        _check_signature_arg(input_signature)
    step = fn if jit_config is None else jit(fn, jit_config=jit_config)
    rows = _LoopingRows(dataset)

    @functools.wraps(fn)
    def sink_process(*args, **kwargs):
        loop = sink_size
        if (jit_config is not None and context.get_context("mode") == context.GRAPH_MODE
                and jit_config.jit_config_dict.get("jit_level") == "O2"):
            logger.warning("If sink_size is needed, both forward and backward operations need "
                           "to be placed in a cell.")
            loop = 1
        out = None
        for _ in range(loop):
            batch = rows.next()
            if input_signature is not None:
                _check_signature(input_signature, batch)
            out = step(*batch)
        return out

    return sink_process
