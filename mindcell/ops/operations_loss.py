"""Primitive classes of normalisation and loss ops (``ops.L2Normalize``, ``ops.SmoothL1Loss``,
``ops.BinaryCrossEntropy``, ``ops.NLLLoss``, ``ops.L2Loss``) with MindSpore's split between
constructor attributes and call inputs; the math is in the functional ops."""
import numpy as np

from mindcell.ops._errors import check_int, check_number, check_reduction, public_name, show
from mindcell.ops._helpers import check_float, check_tensor
from mindcell.ops._prim_attrs import AttrPrimitive
from mindcell.ops.function import array_func as A
from mindcell.ops.function import creation_func as C
from mindcell.ops.function import loss_func as L
from mindcell.ops.function import math_func as M
from mindcell.ops.function import reduce_func as R
from mindcell.ops.function import sequence_func as Q

# MindSpore records the reduction of these primitives as an enum value
_REDUCTION_CODE = {"sum": 0, "mean": 1, "none": 2}


def _reduction(reduction, op):
    check_reduction(reduction, op, type_error=ValueError)
    return _REDUCTION_CODE[reduction]


class L2Normalize(AttrPrimitive):
    """L2Normalize(axis=0, epsilon=1e-4)(x): ``x / sqrt(max(sum(x**2, axis), epsilon))``.

    ``axis`` is an int or a tuple/list holding one int.

    Args:
        axis (Union[int, tuple[int], list[int]]): the dimension normalized (a tuple or list holds
            one int). Default: ``0``.
        epsilon (float): the lower bound of the sum of squares, >= 0. Default: ``1e-4``.

    Inputs:
        - **x** (Tensor) - a float tensor.

    Outputs:
        Tensor of the shape and dtype of ``x``.

    Examples:
        >>> import numpy as np
        >>> from mindcell import Tensor, ops
        >>> ops.L2Normalize(-1)(Tensor(np.array([[3.0, 4.0]], np.float32))).asnumpy().tolist()
        [[0.6000000238418579, 0.800000011920929]]
    """

    def __init__(self, axis=0, epsilon=1e-4):
        super().__init__()
        op = "L2Normalize"
        if isinstance(axis, (tuple, list)):
            if len(axis) != 1:
                raise TypeError("%s: 'axis' must be an int or hold one int, but got %s"
                                % (op, show(axis)))
            axis = axis[0]
        axis = check_int(axis, op, "axis")
        self.set_attrs(given={"axis": [axis], "epsilon": epsilon}, axis=[axis],
                       epsilon=check_number(epsilon, op, "epsilon", 0.0, finite=True))

    def __call__(self, x):
        return Q.l2_normalize(x, self.axis[0], self.epsilon)


class LpNorm(AttrPrimitive):
    """LpNorm(axis, p=2, keep_dims=False, epsilon=1e-12)(input): the p-norm
    ``sum(|x|**p) ** (1/p)`` over ``axis``, at least ``epsilon``; ``p=0`` counts the nonzero
    elements (not bounded by ``epsilon``), as MindSpore's LpNorm.

    Args:
        axis (Union[int, tuple[int], list[int]]): the dimension(s) reduced.
        p (int): the order, an int >= 0. Default: ``2``.
        keep_dims (bool): keep the reduced dimensions with length 1. Default: ``False``.
        epsilon (float): the lower bound of the norm. Default: ``1e-12``.

    Inputs:
        - **input** (Tensor) - a float tensor.

    Outputs:
        Tensor of ``input``'s dtype.

    Raises:
        TypeError: ``axis`` is not an int, tuple or list, ``p`` not an int, ``keep_dims`` not a
            bool, or ``input`` not a float tensor.
        ValueError: ``p`` is negative.

    Examples:
        >>> import numpy as np
        >>> from mindcell import Tensor, ops
        >>> x = Tensor(np.array([[3.0, 4.0], [0.0, 0.0]], np.float32))
        >>> ops.LpNorm(axis=-1, keep_dims=True)(x).asnumpy().tolist()
        [[5.0], [9.999999960041972e-13]]
    """

    def __init__(self, axis, p=2, keep_dims=False, epsilon=1e-12):
        super().__init__()
        op = "LpNorm"
        if isinstance(axis, (tuple, list)):
            axis = [check_int(a, op, "axis") for a in axis]
        elif isinstance(axis, bool) or not isinstance(axis, (int, np.integer)):
            raise TypeError("%s: 'axis' must be an int, a tuple or a list, but got %s"
                            % (op, show(axis)))
        else:
            axis = int(axis)
        if not isinstance(keep_dims, bool):
            raise TypeError("%s: 'keep_dims' must be a bool, but got %s" % (op, show(keep_dims)))
        self.set_attrs(axis=axis, p=check_int(p, op, "p", 0), keep_dims=keep_dims,
                       epsilon=check_number(epsilon, op, "epsilon", finite=True))

    def __call__(self, input):
        op = "LpNorm"
        check_float(input, op)
        axis = tuple(self.axis) if isinstance(self.axis, list) else self.axis
        if self.p == 0:
            nonzero = M.cast(M.not_equal(input, 0), input.dtype)
            return R.sum(nonzero, axis, self.keep_dims)
        powered = M.abs(input) if self.p == 1 else M.pow(M.abs(input), float(self.p))
        total = R.sum(powered, axis, self.keep_dims)
        positive = M.gt(total, 0)
        # a zero sum takes the root of 1 instead, so the gradient stays finite (zero) there
        safe = A.select(positive, total, C.ones_like(total))
        norm = safe if self.p == 1 else M.pow(safe, 1.0 / self.p)
        norm = A.select(positive, norm, C.zeros_like(norm))
        return M.maximum(norm, float(self.epsilon))


class SmoothL1Loss(AttrPrimitive):
    """SmoothL1Loss(beta=1.0, reduction='none')(prediction, target): ``0.5 * d**2 / beta`` where
    ``|d| < beta``, else ``|d| - 0.5 * beta``; see :func:`ops.smooth_l1_loss`.

    Args:
        beta (float): where the loss turns from quadratic to linear (> 0). Default: ``1.0``.
        reduction (str): ``'none'``, ``'mean'`` or ``'sum'``. Default: ``'none'``.

    Inputs:
        - **prediction** (Tensor) - a float tensor.
        - **target** (Tensor) - a tensor of the same shape and dtype.

    Outputs:
        Tensor, the elementwise loss with ``'none'``, else a 0-D tensor.

    Raises:
        TypeError: ``beta`` not a number.
        ValueError: an unknown ``reduction``, or inputs of different shapes.
        RuntimeError: at call, when ``beta`` is not positive (MindSpore's kernel check).

    Examples:
        >>> import numpy as np
        >>> from mindcell import Tensor, ops
        >>> x = Tensor(np.array([0.5, 3.0], np.float32))
        >>> ops.SmoothL1Loss()(x, Tensor(np.zeros(2, np.float32))).asnumpy().tolist()
        [0.125, 2.5]
    """

    def __init__(self, beta=1.0, reduction="none"):
        super().__init__()
        beta = check_number(beta, "SmoothL1Loss", "beta")
        self.set_attrs(given={"beta": beta, "reduction": reduction}, beta=beta,
                       reduction=_reduction(reduction, "SmoothL1Loss"))
        self._reduction = reduction

    def __call__(self, prediction, target):
        check_tensor(prediction, "SmoothL1Loss", "prediction")
        check_tensor(target, "SmoothL1Loss", "target")
        if prediction.shape != target.shape:
            raise ValueError("SmoothL1Loss: 'target' must have the shape of 'prediction' %s, but "
                             "got %s" % (prediction.shape, target.shape))
        if self.beta <= 0:
            raise RuntimeError("SmoothL1Loss: 'beta' must be greater than 0, but got %r"
                               % (self.beta,))
        return L.smooth_l1_loss(prediction, target, self.beta, self._reduction)


class BinaryCrossEntropy(AttrPrimitive):
    """BinaryCrossEntropy(reduction='mean')(logits, labels, weight=None): the binary cross
    entropy of probabilities ``logits`` against ``labels``, optionally weighted (``weight``
    broadcasts against them; MindSpore's CPU kernel reads past a weight that needs
    broadcasting); see :func:`ops.binary_cross_entropy`.

    Args:
        reduction (str): ``'none'``, ``'mean'`` or ``'sum'``. Default: ``'mean'``.

    Inputs:
        - **logits** (Tensor) - float probabilities in (0, 1).
        - **labels** (Tensor) - the targets in [0, 1].
        - **weight** (Tensor) - optional, a weight broadcasting with the loss. Default:
          ``None``.

    Outputs:
        Tensor, the elementwise loss with ``'none'``, else a 0-D tensor.

    Raises:
        ValueError: an unknown ``reduction``.
        TypeError: ``labels`` or ``weight`` has another dtype than ``logits`` (MindSpore 2.10
            casts neither).

    Examples:
        >>> import numpy as np
        >>> from mindcell import Tensor, ops
        >>> p = Tensor(np.array([0.5, 0.5], np.float32))
        >>> round(float(ops.BinaryCrossEntropy()(p, Tensor(np.ones(2, np.float32)))), 4)
        0.6931
    """

    def __init__(self, reduction="mean"):
        super().__init__()
        self.set_attrs(given={"reduction": reduction},
                       reduction=_reduction(reduction, "BinaryCrossEntropy"))
        self._reduction = reduction

    def __call__(self, logits, labels, weight=None):
        return L.binary_cross_entropy(logits, labels, weight, self._reduction)


class NLLLoss(AttrPrimitive):
    """NLLLoss(reduction='mean', ignore_index=-100)(logits, labels, weight): the weighted
    negative log-likelihood of log-probabilities ``logits`` (N, C) at ``labels`` (N,), and the
    total weight of the counted samples.

    Sample ``i`` loses ``-weight[labels[i]] * logits[i, labels[i]]`` unless its label is
    ``ignore_index`` (then 0, and it adds nothing to the total weight). 'mean' divides the sum
    by the total weight (NaN when every sample is ignored).

    Args:
        reduction (str): ``'none'``, ``'mean'`` or ``'sum'``. Default: ``'mean'``.
        ignore_index (int): the label whose samples are not counted. Default: ``-100``.

    Inputs:
        - **logits** (Tensor) - float (N, C) log-probabilities.
        - **labels** (Tensor) - int32/int64 (N,) class indices.
        - **weight** (Tensor) - float (C,) class weights.

    Outputs:
        Tuple ``(loss, total_weight)``: ``loss`` (N,) for ``'none'``, else 0-D; ``total_weight``
        0-D.

    Examples:
        >>> import numpy as np
        >>> from mindcell import Tensor, ops
        >>> logp = Tensor(np.log(np.array([[0.5, 0.5], [0.2, 0.8]], np.float32)))
        >>> loss, total = ops.NLLLoss("sum")(logp, Tensor(np.array([0, 1], np.int32)),
        ...                                  Tensor(np.ones(2, np.float32)))
        >>> round(float(loss), 4), float(total)
        (0.9163, 2.0)
    """

    def __init__(self, reduction="mean", ignore_index=-100):
        super().__init__()
        ignore_index = check_int(ignore_index, "NLLLoss", "ignore_index")
        self.set_attrs(given={"reduction": reduction, "ignore_index": ignore_index},
                       reduction=_reduction(reduction, "NLLLoss"), ignore_index=ignore_index)
        self._reduction = reduction

    def __call__(self, logits, labels, weight):
        op = "NLLLoss"
        check_float(logits, op, "logits")
        if logits.ndim != 2:
            raise ValueError("%s: 'logits' must be 2-D (N, C), but got shape %s"
                             % (public_name(op), logits.shape))
        n, c = logits.shape
        check_tensor(labels, op, "labels")
        if labels._np_dtype not in (np.dtype(np.int32), np.dtype(np.int64)) or \
                labels.shape != (n,):
            raise TypeError("%s: 'labels' must be int32/int64 of shape (%d,), but got %s"
                            % (public_name(op), n, show(labels)))
        check_float(weight, op, "weight")
        if weight.shape != (c,):
            raise ValueError("%s: 'weight' must have shape (%d,), but got %s"
                             % (public_name(op), c, weight.shape))
        kept = M.not_equal(labels, self.ignore_index)
        safe = M.select(kept, labels, M.mul(labels, 0))
        Q.check_labels_in_range(safe, c, op)
        w = M.mul(A.gather(weight, safe, 0), M.cast(kept, weight.dtype))
        picked = A.squeeze(A.gather_elements(logits, 1, A.expand_dims(safe, 1)), 1)
        loss = M.neg(M.mul(picked, M.cast(w, logits.dtype)))
        total = R.reduce_sum(w)
        if self._reduction == "none":
            return loss, total
        summed = R.reduce_sum(loss)
        return (summed if self._reduction == "sum" else M.div(summed, total)), total


class L2Loss(AttrPrimitive):
    """L2Loss()(input_x): ``sum(input_x**2) / 2`` as a 0-D tensor of the float input's dtype.

    Inputs:
        - **input_x** (Tensor) - a float tensor.

    Outputs:
        0-D Tensor of the dtype of ``input_x``.

    Raises:
        TypeError: ``input_x`` is not a float tensor.

    Examples:
        >>> import numpy as np
        >>> from mindcell import Tensor, ops
        >>> float(ops.L2Loss()(Tensor(np.array([3.0, 4.0], np.float32))))
        12.5
    """

    def __call__(self, input_x):
        return Q.l2_loss(input_x)


__all__ = ["L2Normalize", "LpNorm", "SmoothL1Loss", "BinaryCrossEntropy", "NLLLoss", "L2Loss"]
