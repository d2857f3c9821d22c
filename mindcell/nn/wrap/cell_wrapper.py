"""WithLossCell, TrainOneStepCell and WithEvalCell."""
import numpy as np

from mindcell import dtype as mstype
from mindcell.common.tensor import Tensor
from mindcell.communication import _comm
from mindcell.nn.cell import Cell
from mindcell.nn.wrap.grad_reducer import (DistributedGradReducer, broadcast_parameters,
                                           check_parameters_consistent)
from mindcell.ops import functional as F
from mindcell.ops.grad import GradOperation, value_and_weight_grads
from mindcell.parallel import _context


class WithLossCell(Cell):
    """WithLossCell(backbone, loss_fn): ``loss_fn(backbone(data), label)``; parameters keep
    the backbone's names (auto_prefix=False).

    As in MindSpore 2.10 neither argument is checked when the cell is built: a plain function
    works as either, and one that cannot be called fails when the cell is (TypeError).

    Args:
        backbone (Cell): the network (or any callable).
        loss_fn (Cell): the loss, called as ``loss_fn(logits, label)`` (or any callable).

    Raises:
        TypeError: when called, ``backbone`` or ``loss_fn`` is not callable.

    Examples:
        >>> import numpy as np
        >>> import mindcell as ms
        >>> from mindcell import nn
        >>> net = nn.WithLossCell(nn.Dense(3, 1, weight_init="ones", bias_init="zeros"),
        ...                       nn.MSELoss())
        >>> net(ms.Tensor(np.ones((2, 3), np.float32)), ms.Tensor(np.zeros((2, 1), np.float32)))
        Tensor(shape=[], dtype=Float32, value= 9)
    """

    def __init__(self, backbone, loss_fn):
        super().__init__(auto_prefix=False)
        self._backbone = backbone
        self._loss_fn = loss_fn

    def construct(self, data, label):
        return self._loss_fn(self._backbone(data), label)

    @property
    def backbone_network(self):
        return self._backbone


class TrainOneStepCell(Cell):
    """TrainOneStepCell(network, optimizer, sens=None, return_grad=False): one training step;
    returns the loss.

    Computes the gradients of ``network(*inputs)`` (a loss) with respect to the optimizer's
    parameters, scaled by ``sens`` (1.0 by default), and applies the optimizer. In GRAPH_MODE the
    forward pass, backward pass and update compile into one graph. In data-parallel mode
    (``set_auto_parallel_context(parallel_mode=ParallelMode.DATA_PARALLEL)``) the gradients go
    through a :class:`DistributedGradReducer`, the parameters are broadcast from rank 0 before
    the first step when ``parameter_broadcast`` is set, and the ranks' parameters are compared
    after it.

    Args:
        network (Cell): returns the loss, e.g. a :class:`WithLossCell`.
        optimizer (Optimizer): updates its parameters from the gradients.
        sens (float): the gradient of the loss the backward pass starts from (1.0 if None).
        return_grad (bool): also return the gradients the optimizer applied, as a dict from
            parameter name to gradient (any value: its truth value counts, as in MindSpore).
            Default: False.

    Returns:
        Tensor: calling the cell returns the loss, computed before the update; with
        ``return_grad``, ``(loss, {parameter name: gradient})``.

    Raises:
        AttributeError: ``network`` has no ``set_grad`` (is not a Cell), or ``optimizer`` has
            no ``parameters``.
        ValueError: ``sens`` is 0.

    Examples:
        >>> import numpy as np
        >>> import mindcell as ms
        >>> from mindcell import nn
        >>> net = nn.Dense(3, 1, weight_init="ones", bias_init="zeros")
        >>> opt = nn.SGD(net.trainable_params(), learning_rate=0.1)
        >>> step = nn.TrainOneStepCell(nn.WithLossCell(net, nn.MSELoss()), opt)
        >>> x, y = ms.Tensor(np.ones((2, 3), np.float32)), ms.Tensor(np.zeros((2, 1), np.float32))
        >>> float(step(x, y)) > float(step(x, y))
        True
    """

    def __init__(self, network, optimizer, sens=None, return_grad=False):
        super().__init__(auto_prefix=False)
        _check_train_network("TrainOneStepCell", network)
        if sens is not None and not isinstance(sens, Tensor) and sens == 0:
            raise ValueError("The input argument of 'sens' can not be 0.")
        if not hasattr(optimizer, "parameters") or isinstance(optimizer, (str, type)):
            # MindSpore's type (it reads optimizer.parameters); the message says what to pass
            raise AttributeError(
                "TrainOneStepCell: 'optimizer' must be an optimizer Cell built over the "
                "network's parameters, e.g. nn.SGD(net.trainable_params(), learning_rate=0.1), "
                "but got %s %r" % (type(optimizer).__name__, optimizer))
        self.return_grad = bool(return_grad)  # MindSpore tests its truth value
        self.network = network
        self.network.set_grad()
        self.optimizer = optimizer
        self.weights = optimizer.parameters
        self.grad = GradOperation(get_by_list=True, sens_param=True)
        self.sens = 1.0 if sens is None else float(sens)
        self.parallel_mode = _context._get_parallel_mode()
        self.reducer_flag = _context.is_data_parallel()
        self.grad_reducer = _identity
        if self.reducer_flag:
            self.mean = _context.get_auto_parallel_context("gradients_mean")
            self.degree = _comm.group_size(_comm.WORLD, "TrainOneStepCell")
            self.grad_reducer = DistributedGradReducer(self.weights, self.mean, self.degree)
        self._sync_pending = self.reducer_flag

    def __call__(self, *args, **kwargs):
        if not self._sync_pending:
            return super().__call__(*args, **kwargs)
        # Data parallel, first step: start every rank from rank 0's parameters and optimizer
        # state (parameter_broadcast), then check that the ranks still agree after the step.
        params = list(self.get_parameters())
        if _context.get_auto_parallel_context("parameter_broadcast"):
            broadcast_parameters(params)
        out = super().__call__(*args, **kwargs)
        # The network's non-trainable buffers (BatchNorm's moving statistics) are per rank.
        weights = {id(p) for p in self.weights}
        check_parameters_consistent(list(self.weights) + [
            p for p in self.optimizer.get_parameters() if id(p) not in weights])
        self._sync_pending = False
        return out

    def construct(self, *inputs):
        # One recorded forward pass gives the loss and the gradients (MindSpore's version
        # runs the network again inside self.grad; the result is the same, minus a forward
        # pass and with one dropout mask for both). self.grad stays for subclasses.
        loss, grads = value_and_weight_grads(self.network, self.weights, inputs, self.sens)
        grads = self.grad_reducer(grads)
        loss = F.depend(loss, _as_tensor(self.optimizer(grads), loss))
        if self.return_grad:
            return loss, {w.name: g for w, g in zip(self.weights, grads)}
        return loss


def _check_train_network(api, network):
    """MindSpore's training wrappers call ``network.set_grad()`` first: anything without it
    stops there (AttributeError, as in MindSpore 2.10); the message says what to pass."""
    if not callable(getattr(network, "set_grad", None)):
        raise AttributeError("For '%s', 'network' must be a Cell (it calls network.set_grad()), "
                             "but got %s" % (api, type(network).__name__))


def _identity(grads):
    return grads


def _as_tensor(result, like):
    return result if isinstance(result, Tensor) else Tensor._make(np.zeros((), like._np_dtype))


def cast_floats(out, dtype):
    """``out`` (a Tensor or nested tuples/lists of them) with its float Tensors in ``dtype``;
    other values (class-index labels ...) unchanged."""
    if isinstance(out, Tensor):
        return F.cast(out, dtype) if out.dtype.is_floating_point and out.dtype != dtype else out
    if isinstance(out, (tuple, list)):
        return type(out)(cast_floats(o, dtype) for o in out)
    return out


class WithEvalCell(Cell):
    """WithEvalCell(network, loss_fn, add_cast_fp32=False): the evaluation wrapper,
    ``(loss_fn(network(data), label), network(data), label)``.

    Args:
        network (Cell): the network.
        loss_fn (Cell): the loss of its output and the label.
        add_cast_fp32 (bool): cast the float outputs and labels to float32 before the loss
            (integer class-index labels stay integers). Default: ``False``.

    Inputs:
        - **data** (Tensor) - the network's input.
        - **label** (Tensor) - the target.

    Outputs:
        Tuple ``(loss, outputs, label)``.

    Examples:
        >>> import numpy as np
        >>> import mindcell as ms
        >>> net = ms.nn.Dense(2, 1, weight_init="ones", bias_init="zeros")
        >>> evaluator = ms.nn.WithEvalCell(net, ms.nn.L1Loss())
        >>> x, y = ms.Tensor(np.ones((1, 2), np.float32)), ms.Tensor(np.zeros((1, 1), np.float32))
        >>> loss, out, label = evaluator(x, y)
        >>> print(loss, out)
        2.0 [[2.]]
    """

    def __init__(self, network, loss_fn, add_cast_fp32=False):
        super().__init__(auto_prefix=False)
        self._network = network
        self._loss_fn = loss_fn
        self.add_cast_fp32 = add_cast_fp32

    def construct(self, data, label):
        outputs = self._network(data)
        if self.add_cast_fp32:  # float tensors only: class-index labels stay integers
            label = cast_floats(label, mstype.float32)
            outputs = cast_floats(outputs, mstype.float32)
        return self._loss_fn(outputs, label), outputs, label


class _VirtualDatasetCell(Cell):
    """_VirtualDatasetCell(backbone): MindSpore's wrapper that marks where a semi-auto/auto
    parallel graph redistributes its inputs from the data-parallel layout; private in
    MindSpore, used by model-zoo training scripts. mindcell is data parallel only, where the
    layouts are the same: the cell calls ``backbone`` on its inputs unchanged. Built with
    ``auto_prefix=False``, so parameter names stay the backbone's (as MindSpore's).

    Args:
        backbone (Cell): the network wrapped (any callable, as in MindSpore 2.10).

    Examples:
        >>> import numpy as np
        >>> import mindcell as ms
        >>> from mindcell.nn.wrap.cell_wrapper import _VirtualDatasetCell
        >>> net = _VirtualDatasetCell(ms.nn.Dense(2, 1, weight_init="ones", has_bias=False))
        >>> print(net(ms.Tensor(np.ones((1, 2), np.float32))), net.trainable_params()[0].name)
        [[2.]] weight
    """

    def __init__(self, backbone):
        super().__init__(auto_prefix=False)
        self._backbone = backbone  # any callable, as in MindSpore 2.10

    def construct(self, *inputs):
        return self._backbone(*inputs)
