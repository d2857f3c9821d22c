"""More losses: huber_loss, kl_div, cosine_embedding_loss, margin_ranking_loss,
soft_margin_loss, multi_margin_loss (MindSpore's functional names and defaults)."""
import numpy as np

from mindcell.common.tensor import Tensor
from mindcell.ops._errors import (check_broadcast, check_choice, check_int, check_number,
                                  check_reduction, public_name)
from mindcell.ops._helpers import (cast_to, check_float, check_same_input_dtypes, check_tensor,
                                   check_values_in, to_tensor)
from mindcell.ops.function import array_func as A
from mindcell.ops.function import math_func as M
from mindcell.ops.function import nn_func as NF
from mindcell.ops.function import reduce_func as R
from mindcell.ops.function.creation_func import zeros_like
from mindcell.ops.function.loss_func import reduce_loss
from mindcell.ops.function.misc_func import stop_gradient


def _like(t, ref, op, arg):
    """``t`` as a tensor of ``ref``'s float dtype that broadcasts with ``ref``."""
    t = cast_to(to_tensor(t, op, arg), ref._np_dtype)
    check_broadcast(op, ref.shape, t.shape)
    return t


def huber_loss(input, target, reduction="mean", delta=1.0):
    """Computes the Huber loss: ``0.5 * d**2`` where ``|d| < delta``, else
    ``delta * (|d| - 0.5 * delta)``, with ``d = input - target``.

    Args:
        input (Tensor): a float tensor or an integer one (the difference is then taken in
            its dtype, wrapping as in MindSpore).
        target (Union[Tensor, number]): broadcasts with ``input``; a tensor is promoted with
            it by the usual rules (Float16 with Float32 computes in Float32), a number cast to
            ``input``'s dtype.
        reduction (str): ``'none'`` (the elementwise loss), ``'mean'`` or ``'sum'``.
            Default: ``'mean'``.
        delta (float): where the quadratic part turns linear, positive. Default: ``1.0``.

    Returns:
        Tensor, the loss: a scalar, or the broadcast shape with 'none'.

    Raises:
        TypeError: ``input`` is not a float tensor, ``delta`` is not a number, or
            ``reduction`` is not a str.
        ValueError: ``delta`` is not positive and finite, the shapes do not broadcast, or
            ``reduction`` is unknown.

    Examples:
        >>> import numpy as np
        >>> from mindcell import Tensor, ops
        >>> x = Tensor(np.array([0.5, 3.0], np.float32))
        >>> print(ops.huber_loss(x, Tensor(np.zeros(2, np.float32)), reduction="none", delta=2.0))
        [0.125 4.   ]
    """
    op = "huber_loss"
    check_reduction(reduction, op)
    delta = check_number(delta, op, "delta", finite=True)
    if delta <= 0:
        raise ValueError("%s: 'delta' must be positive, but got %r" % (public_name(op), delta))
    from mindcell.ops.function.loss_func import _pair_inputs
    a, b = _pair_inputs(input, target, op, ints=True)
    diff = M.sub(a, b)
    if diff._np_dtype.kind in "iu":  # integers: the difference in their dtype, then Float32
        diff = cast_to(diff, np.dtype(np.float32))
    ad = M.abs(diff)
    loss = M.select(M.less(ad, delta), M.mul(M.square(diff), 0.5),
                    M.mul(M.sub(ad, 0.5 * delta), delta))
    return reduce_loss(loss, reduction, op)


def kl_div(logits, labels, reduction="mean"):
    """Computes the Kullback-Leibler divergence ``labels * (log(labels) - logits)`` of the
    distribution ``labels`` from the log-probabilities ``logits`` (0 where ``labels`` <= 0, as
    MindSpore's kernel).

    Args:
        logits (Tensor): float log-probabilities.
        labels (Union[Tensor, number]): probabilities broadcasting with ``logits``.
        reduction (str): ``'none'`` (the elementwise loss), ``'sum'``, ``'mean'`` (over all
            elements) or ``'batchmean'`` (the sum divided by ``logits.shape[0]``).
            Default: ``'mean'``.

    Returns:
        Tensor, the loss: a scalar, or the broadcast shape with 'none'.

    Raises:
        TypeError: ``logits`` is not a float tensor, ``reduction`` is not a str, or a Tensor
            ``labels`` has another dtype than ``logits``.
        ValueError: the shapes do not broadcast, or ``reduction`` is unknown.

    Examples:
        >>> import numpy as np
        >>> from mindcell import Tensor, ops
        >>> logits = Tensor(np.log(np.array([[0.5, 0.5]], np.float32)))
        >>> labels = Tensor(np.array([[0.25, 0.75]], np.float32))
        >>> print(ops.kl_div(logits, labels, reduction="batchmean"))
        0.13081202
    """
    op = "kl_div"
    check_choice(reduction, op, "reduction", ("none", "sum", "mean", "batchmean"))
    check_float(logits, op, "logits")
    check_same_input_dtypes(op, logits=logits, labels=labels)  # MindSpore 2.10 casts neither
    # MindSpore's KLDivLoss bprop returns zeros for the labels: they are a fixed target
    labels = stop_gradient(_like(labels, logits, op, "labels"))
    loss = M.sub(M.xlogy(labels, labels), M.mul(labels, logits))
    # MindSpore's kernel counts only positive labels: a label <= 0 contributes 0 (not NaN)
    loss = M.select(M.greater(labels, 0), loss, zeros_like(loss))
    if reduction != "batchmean":
        return reduce_loss(loss, reduction, op)
    n = logits.shape[0] if logits.ndim else 1
    return M.div(R.reduce_sum(loss, (), False), float(n))


def cosine_embedding_loss(input1, input2, target, margin=0.0, reduction="mean"):
    """Computes the cosine embedding loss of pairs of vectors: ``1 - cos(x1, x2)`` where
    ``target`` is 1 and ``max(0, cos(x1, x2) - margin)`` where it is -1 (0 for other target
    values); the cosine is taken over the last axis.

    Args:
        input1 (Tensor): a float tensor, at least 1-D.
        input2 (Tensor): of ``input1``'s shape.
        target (Tensor): 1 or -1 per vector pair, of shape ``input1.shape[:-1]``.
        margin (float): in [-1, 1]. Default: ``0.0``.
        reduction (str): ``'none'`` (per pair), ``'mean'`` or ``'sum'``. Default: ``'mean'``.

    Returns:
        Tensor, the loss: a scalar, or of ``target``'s shape with 'none'.

    Raises:
        TypeError: ``input1`` is not a float tensor, ``input2``/``target`` is not a Tensor, or
            ``reduction`` is not a str.
        ValueError: wrong shapes, ``margin`` outside [-1, 1], or an unknown ``reduction``.

    Examples:
        >>> import numpy as np
        >>> from mindcell import Tensor, ops
        >>> a = Tensor(np.array([[1.0, 0.0], [1.0, 1.0]], np.float32))
        >>> b = Tensor(np.array([[0.0, 1.0], [1.0, 1.0]], np.float32))
        >>> target = Tensor(np.array([1, -1], np.int32))
        >>> print(ops.cosine_embedding_loss(a, b, target, reduction="none"))
        [1. 1.]
    """
    op = "cosine_embedding_loss"
    check_reduction(reduction, op)
    check_float(input1, op, "input1")
    input2 = cast_to(check_tensor(input2, op, "input2"), input1._np_dtype)
    if input1.shape != input2.shape or input1.ndim == 0:
        raise ValueError("%s: 'input1' and 'input2' must have the same shape of at least 1-D, "
                         "but got %s and %s" % (public_name(op), input1.shape, input2.shape))
    margin = check_number(margin, op, "margin", -1.0, 1.0)
    target = cast_to(check_tensor(target, op, "target"), input1._np_dtype)
    if target.shape != input1.shape[:-1]:
        raise ValueError("%s: 'target' must have shape %s, but got %s"
                         % (public_name(op), input1.shape[:-1], target.shape))
    eps = 1e-12
    dot = R.reduce_sum(M.mul(input1, input2), (-1,), False)
    mag = M.mul(M.add(R.reduce_sum(M.square(input1), (-1,), False), eps),
                M.add(R.reduce_sum(M.square(input2), (-1,), False), eps))
    cos = M.div(dot, M.sqrt(mag))
    zeros = M.mul(cos, 0.0)
    pos = M.select(M.equal(target, 1.0), M.sub(1.0, cos), zeros)
    neg = M.select(M.equal(target, -1.0), M.maximum(M.sub(cos, margin), 0.0), zeros)
    return reduce_loss(M.add(pos, neg), reduction, op)


def margin_ranking_loss(input1, input2, target, margin=0.0, reduction="mean"):
    """Computes the margin ranking loss ``max(0, -target * (input1 - input2) + margin)``:
    ``target`` 1 asks for ``input1`` to rank above ``input2``, -1 for the reverse.

    Args:
        input1 (Tensor): a float tensor.
        input2 (Union[Tensor, number]): broadcasting with ``input1``.
        target (Union[Tensor, number]): 1 or -1, broadcasting with ``input1``.
        margin (float): Default: ``0.0``.
        reduction (str): ``'none'`` (the elementwise loss), ``'mean'`` or ``'sum'``.
            Default: ``'mean'``.

    Returns:
        Tensor, the loss: a scalar, or the broadcast shape with 'none'.

    Raises:
        TypeError: ``input1`` is not a float tensor, ``margin`` is not a number, or
            ``reduction`` is not a str.
        ValueError: the shapes do not broadcast, ``margin`` is not finite, or ``reduction`` is
            unknown.

    Examples:
        >>> import numpy as np
        >>> from mindcell import Tensor, ops
        >>> x1 = Tensor(np.array([1.0, 2.0], np.float32))
        >>> x2 = Tensor(np.array([2.0, 1.0], np.float32))
        >>> target = Tensor(np.array([1.0, 1.0], np.float32))
        >>> print(ops.margin_ranking_loss(x1, x2, target, 0.5, "none"))
        [1.5 0. ]
    """
    op = "margin_ranking_loss"
    check_reduction(reduction, op)
    check_float(input1, op, "input1")
    input2 = _like(input2, input1, op, "input2")
    target = _like(target, input1, op, "target")
    margin = check_number(margin, op, "margin", finite=True)
    loss = M.maximum(M.add(M.mul(M.neg(target), M.sub(input1, input2)), margin), 0.0)
    return reduce_loss(loss, reduction, op)


def soft_margin_loss(input, target, reduction="mean"):
    """Computes the two-class soft margin loss ``log(1 + exp(-target * input))``.

    Args:
        input (Tensor): a float tensor of scores.
        target (Union[Tensor, number]): 1 or -1, broadcasting with ``input``.
        reduction (str): ``'none'`` (the elementwise loss), ``'mean'`` or ``'sum'``.
            Default: ``'mean'``.

    Returns:
        Tensor, the loss: a scalar, or the broadcast shape with 'none'.

    Raises:
        TypeError: ``input`` is not a float tensor, or ``reduction`` is not a str.
        ValueError: the shapes do not broadcast, or ``reduction`` is unknown.

    Examples:
        >>> import numpy as np
        >>> from mindcell import Tensor, ops
        >>> x = Tensor(np.array([2.0, -1.0], np.float32))
        >>> print(ops.soft_margin_loss(x, Tensor(np.array([1.0, 1.0], np.float32))))
        0.72009486
    """
    op = "soft_margin_loss"
    check_reduction(reduction, op)
    check_float(input, op)
    target = _like(target, input, op, "target")
    return reduce_loss(NF.softplus(M.neg(M.mul(target, input))), reduction, op)


def multi_margin_loss(input, target, p=1, margin=1, weight=None, reduction="mean"):
    """Computes the multi-class margin (hinge) loss of scores and class indices.

    For a sample with scores ``x`` and target class ``t``, the loss is the sum over the classes
    ``i != t`` of ``weight[t] * max(0, margin - x[t] + x[i]) ** p``, divided by the number of
    classes C.

    Args:
        input (Tensor): float scores of shape (N, C) or (C,).
        target (Tensor): integer class indices in [0, C), of shape (N,) (or 0-D or (1,) for a
            1-D ``input``).
        p (int): 1 or 2. Default: ``1``.
        margin (float): Default: ``1``.
        weight (Tensor, optional): a weight per class, shape (C,). Default: ``None``.
        reduction (str): ``'none'`` (per sample), ``'mean'`` or ``'sum'``. Default: ``'mean'``.

    Returns:
        Tensor, the loss: a scalar, or (N,) with 'none'.

    Raises:
        TypeError: ``input`` is not a float tensor, ``target`` is not an integer tensor of the
            right shape, ``p``/``margin`` is not a number, or ``weight`` has another dtype than
            ``input``.
        ValueError: ``input`` is not 1-D or 2-D, ``p`` is not 1 or 2, a target is out of range,
            ``weight`` has the wrong shape, or ``reduction`` is unknown.

    Examples:
        >>> import numpy as np
        >>> from mindcell import Tensor, ops
        >>> x = Tensor(np.array([[0.1, 0.2, 0.4], [2.0, 0.5, 0.3]], np.float32))
        >>> print(ops.multi_margin_loss(x, Tensor(np.array([2, 0], np.int32)), reduction="none"))
        [0.5 0. ]
    """
    op = "multi_margin_loss"
    check_reduction(reduction, op)
    check_float(input, op)
    check_same_input_dtypes(op, input=input, weight=weight)  # MindSpore 2.10 casts neither
    p = check_int(p, op, "p", 1, 2)
    margin = check_number(margin, op, "margin", finite=True)
    if input.ndim not in (1, 2):
        raise ValueError("%s: 'input' must be (N, C) or (C,), but got shape %s"
                         % (public_name(op), input.shape))
    x = input if input.ndim == 2 else A.expand_dims(input, 0)
    n, c = x.shape
    target = to_tensor(target, op, "target")
    shapes = ((n,),) if input.ndim == 2 else ((), (1,))
    if target._np_dtype.kind not in "iu" or target.shape not in shapes:
        raise TypeError("%s: 'target' must be an integer tensor of shape %s, but got %s of "
                        "shape %s" % (public_name(op), shapes[-1], target.dtype, target.shape))
    check_values_in(target, 0, c, op, "target")
    t = A.reshape(target, (n, 1))
    terms = M.maximum(M.add(M.sub(x, A.gather_elements(x, 1, t)), margin), 0.0)
    if p == 2:
        terms = M.square(terms)
    is_target = M.equal(Tensor._make(np.arange(c, dtype=np.int64)[None, :]), t)
    terms = M.select(is_target, M.mul(terms, 0.0), terms)
    if weight is not None:
        w = cast_to(check_tensor(weight, op, "weight"), x._np_dtype)
        if w.shape != (c,):
            raise ValueError("%s: 'weight' must have shape (%d,), but got %s"
                             % (public_name(op), c, w.shape))
        terms = M.mul(terms, A.gather(w, t, 0))
    loss = M.div(R.reduce_sum(terms, (1,), False), float(c))
    if input.ndim == 1:
        loss = A.reshape(loss, ())
    return reduce_loss(loss, reduction, op)


__all__ = ["huber_loss", "kl_div", "cosine_embedding_loss", "margin_ranking_loss",
           "soft_margin_loss", "multi_margin_loss"]
