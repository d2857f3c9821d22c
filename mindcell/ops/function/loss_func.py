"""Loss functions (functional form). Inputs are checked by the helpers at the top, so every
loss validates its logits, targets, class weights and reduction the same way."""
import numpy as np

from mindcell import dtype as mstype
from mindcell.common.tensor import Tensor
from mindcell.ops._helpers import (check_tensor, check_float, cast_to, check_values_in,
                                   check_same_input_dtypes, to_tensor)
from mindcell.ops._errors import (check_broadcast, check_int, check_number, check_reduction,
                                  public_name)
from mindcell.ops.defs import nn as N
from mindcell.ops.function import math_func as M
from mindcell.ops.function import reduce_func as R
from mindcell.ops.function import array_func as A
from mindcell.ops.function import nn_func as NF
from mindcell.ops.function.creation_func import ones_like, zeros_like


def reduce_loss(loss, reduction, op, weights=None):
    """Applies a loss reduction to an elementwise loss: ``'none'`` returns it, ``'sum'`` adds it
    up, ``'mean'`` averages it (or, with ``weights``, divides the sum by the sum of the weights,
    in Float32 for a Float16 loss).

    Args:
        loss (Tensor): the elementwise loss.
        reduction (str): ``'none'``, ``'mean'`` or ``'sum'``.
        op (str): the name of the calling loss, for error messages.
        weights (Tensor, optional): the weights of a weighted mean. Default: ``None``.

    Returns:
        Tensor, ``loss`` or a scalar.

    Raises:
        TypeError: ``reduction`` is not a str.
        ValueError: ``reduction`` is unknown.

    Examples:
        >>> import numpy as np
        >>> from mindcell import Tensor
        >>> from mindcell.ops import functional as F
        >>> loss = Tensor(np.array([1.0, 3.0], np.float32))
        >>> print(F.reduce_loss(loss, "mean", "my_loss"), F.reduce_loss(loss, "sum", "my_loss"))
        2.0 4.0
    """
    check_reduction(reduction, op)
    if reduction == "none":
        return loss
    if reduction == "sum":
        return R.reduce_sum(loss, (), False)
    if weights is not None:  # float16 sums could overflow before the division
        wide = np.dtype(np.float32) if loss._np_dtype == np.float16 else loss._np_dtype
        total = M.div(R.reduce_sum(cast_to(loss, wide), (), False),
                      R.reduce_sum(cast_to(weights, wide), (), False))
        return cast_to(total, loss._np_dtype)
    return R.reduce_mean(loss, (), False)


def _pair_inputs(input, target, op, ints=False):
    """``input`` and ``target`` of a loss comparing them elementwise, as MindSpore 2.10 takes
    them: two tensors are promoted to one dtype by the usual rules (Float16 with Float32 computes
    in Float32, Int64 with Float16 in Float16), a Python number is cast to a float ``input``'s
    dtype. The promoted dtype must be a float one, or with ``ints`` also an integer one (the loss
    then takes the difference in that dtype, wrapping as MindSpore's kernels do)."""
    if not isinstance(target, Tensor):
        check_float(input, op)
        target = cast_to(to_tensor(target, op, "target"), input._np_dtype)
        check_broadcast(op, input.shape, target.shape)
        return input, target
    if not ints:  # a float input (an integer one is a TypeError even with a float target)
        check_float(input, op)
    check_tensor(input, op)
    a, b = M._operands(input, target, op)
    if not mstype.is_float_np(a._np_dtype) and not (ints and a._np_dtype.kind in "iu"):
        raise TypeError("%s: 'input' and 'target' must promote to a float%s dtype, but %s and %s "
                        "promote to %s" % (public_name(op), " or integer" if ints else "",
                                           input.dtype, target.dtype, a.dtype))
    return a, b


def _class_targets(target, op, arg="target"):
    target = to_tensor(target, op, arg)
    if target._np_dtype.kind not in "iu":
        raise TypeError("%s: class-index '%s' must be an integer tensor, but got %s"
                        % (public_name(op), arg, target.dtype))
    return target


def _class_weight(weight, c, dtype, op):
    """None, or a per-class rescaling Tensor of shape (C,) cast to ``dtype``."""
    if weight is None:
        return None
    if check_tensor(weight, op, "weight").shape != (c,):
        raise ValueError("%s: 'weight' must have shape (%d,) (one per class), but got %s"
                         % (public_name(op), c, weight.shape))
    return cast_to(weight, dtype)


def _class_logits(input, op, arg="input"):
    """Float scores of shape (N, C, d...)."""
    check_float(input, op, arg)
    if input.ndim < 2:
        raise ValueError("%s: '%s' must be (N, C, ...), but got shape %s"
                         % (public_name(op), arg, input.shape))
    return input


def mse_loss(input, target, reduction="mean"):
    """Computes the mean squared error: ``(input - target) ** 2``, reduced.

    Args:
        input (Tensor): a float tensor or an integer one (the difference is then taken in
            its dtype, wrapping as in MindSpore).
        target (Union[Tensor, number]): broadcasts with ``input``; a tensor is promoted with
            it by the usual rules (Float16 with Float32 computes in Float32), a number cast to
            ``input``'s dtype.
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
        >>> x = Tensor(np.array([1.0, 2.0, 4.0], np.float32))
        >>> y = Tensor(np.array([1.0, 1.0, 1.0], np.float32))
        >>> print(ops.mse_loss(x, y), ops.mse_loss(x, y, reduction="none"))
        3.3333333 [0. 1. 9.]
    """
    check_reduction(reduction, "mse_loss")
    input, target = _pair_inputs(input, target, "mse_loss", ints=True)
    loss = M.square(M.sub(input, target))
    if not mstype.is_float_np(loss._np_dtype):  # integers: squared in their dtype, then Float32
        loss = cast_to(loss, np.dtype(np.float32))
    return reduce_loss(loss, reduction, "mse_loss")


def l1_loss(input, target, reduction="mean"):
    """Computes the mean absolute error: ``|input - target|``, reduced.

    Args:
        input (Tensor): a float tensor or an integer one (the difference is then taken in
            its dtype, wrapping as in MindSpore).
        target (Union[Tensor, number]): broadcasts with ``input``; a tensor is promoted with
            it by the usual rules (Float16 with Float32 computes in Float32), a number cast to
            ``input``'s dtype.
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
        >>> x = Tensor(np.array([[1.0, -2.0], [3.0, 0.5]], np.float32))
        >>> print(ops.l1_loss(x, 0.0), ops.l1_loss(x, 1.0, reduction="sum"))
        1.625 5.5
    """
    check_reduction(reduction, "l1_loss")
    input, target = _pair_inputs(input, target, "l1_loss", ints=True)
    return reduce_loss(M.abs(M.sub(input, target)), reduction, "l1_loss")


def smooth_l1_loss(input, target, beta=1.0, reduction="none"):
    """Computes the smooth L1 loss: ``0.5 * d**2 / beta`` where ``|d| < beta``, else
    ``|d| - 0.5 * beta``, with ``d = input - target``.

    Args:
        input (Tensor): a float tensor.
        target (Union[Tensor, number]): broadcasts with ``input``; a tensor is promoted with
            it by the usual rules (Float16 with Float32 computes in Float32), a number cast to
            ``input``'s dtype.
        beta (float): where the quadratic part turns linear, positive. Default: ``1.0``.
        reduction (str): ``'none'`` (the elementwise loss), ``'mean'`` or ``'sum'``.
            Default: ``'none'``.

    Returns:
        Tensor, the loss: the broadcast shape with 'none', else a scalar.

    Raises:
        TypeError: ``input`` is not a float tensor, ``beta`` is not a number, or ``reduction``
            is not a str.
        ValueError: ``beta`` is not positive and finite, the shapes do not broadcast, or
            ``reduction`` is unknown.

    Examples:
        >>> import numpy as np
        >>> from mindcell import Tensor, ops
        >>> x = Tensor(np.array([0.5, 3.0], np.float32))
        >>> print(ops.smooth_l1_loss(x, Tensor(np.zeros(2, np.float32))))
        [0.125 2.5  ]
    """
    check_reduction(reduction, "smooth_l1_loss")
    beta = check_number(beta, "smooth_l1_loss", "beta", finite=True)
    if beta <= 0:
        raise ValueError("%s: 'beta' must be positive, but got %r"
                         % (public_name("smooth_l1_loss"), beta))
    input, target = _pair_inputs(input, target, "smooth_l1_loss")
    diff = M.abs(M.sub(input, target))
    loss = M.select(M.less(diff, beta), M.div(M.mul(M.square(diff), 0.5), beta),
                    M.sub(diff, 0.5 * beta))
    return reduce_loss(loss, reduction, "smooth_l1_loss")


def nll_loss(inputs, target, weight=None, ignore_index=-100, reduction="mean",
             label_smoothing=0.0):
    """Computes the negative log-likelihood loss of log-probabilities and class indices.

    The loss of a sample is ``-weight[t] * inputs[n, t]`` for its target class ``t``; samples
    whose target is ``ignore_index`` count 0. 'mean' divides the sum by the total weight of the
    counted samples. With ``label_smoothing`` ``s``, the loss is
    ``(1 - s) * nll + s / C * (-sum over classes of weight[c] * inputs[n, c])``.

    Args:
        inputs (Tensor): float log-probabilities of shape (N, C) or (N, C, d1, ...).
        target (Tensor): integer class indices of shape (N,) or (N, d1, ...), in [0, C) or
            ``ignore_index``.
        weight (Tensor, optional): a rescaling weight per class, shape (C,). Default: ``None``.
        ignore_index (int): a target value that does not count. Default: ``-100``.
        reduction (str): ``'none'`` (per sample), ``'mean'`` or ``'sum'``. Default: ``'mean'``.
        label_smoothing (float): the weight of the uniform-distribution term (any finite
            number, as MindSpore). Default: ``0.0``.

    Returns:
        Tensor, the loss: a scalar, or of ``target``'s shape with 'none'.

    Raises:
        TypeError: ``inputs`` is not a float tensor, ``target`` is not an integer tensor, or
            ``reduction`` is not a str.
        ValueError: a wrong shape of ``inputs``, ``target`` or ``weight``, a target out of
            range, a ``label_smoothing`` that is not finite, or an unknown ``reduction``.

    Examples:
        >>> import numpy as np
        >>> from mindcell import Tensor, ops
        >>> logp = ops.log_softmax(Tensor(np.array([[2.0, 0.0], [0.0, 1.0]], np.float32)))
        >>> target = Tensor(np.array([0, 1], np.int32))
        >>> print(ops.nll_loss(logp, target), ops.nll_loss(logp, target, reduction="none"))
        0.22009486 [0.12692802 0.3132617 ]
    """
    op = "nll_loss"
    check_reduction(reduction, op)
    if isinstance(inputs, Tensor) and inputs._np_dtype.kind in "iu":
        inputs = cast_to(inputs, np.dtype(np.float32))  # integer scores read as float32, as MindSpore
    _class_logits(inputs, op, "inputs")
    c, dt = inputs.shape[1], inputs._np_dtype
    target = _class_targets(target, op)
    if target.shape != inputs.shape[:1] + inputs.shape[2:]:
        raise ValueError("%s: 'target' must have shape %s for inputs of shape %s, but got %s"
                         % (public_name(op), inputs.shape[:1] + inputs.shape[2:],
                            inputs.shape, target.shape))
    weight = _class_weight(weight, c, dt, op)
    ignore_index = check_int(ignore_index, op, "ignore_index", -2 ** 63, 2 ** 63 - 1)
    # any number: MindSpore 2.10's nll_loss computes the mixture outside [0, 1] too (ms-oracle)
    label_smoothing = check_number(label_smoothing, op, "label_smoothing", finite=True)
    logp = A.movedim(inputs, 1, -1) if inputs.ndim > 2 else inputs  # (..., C)
    valid = M.not_equal(target, ignore_index)
    safe_t = M.select(valid, target, zeros_like(target))
    check_values_in(safe_t, 0, c, op, "target")  # ignore_index entries are masked out
    picked = A.squeeze(A.gather_elements(logp, logp.ndim - 1, A.expand_dims(safe_t, -1)), -1)
    w = A.gather(weight, safe_t, 0) if weight is not None else ones_like(picked)
    w = M.mul(w, cast_to(valid, dt))
    loss = M.neg(M.mul(picked, w))
    if label_smoothing:
        cw = A.reshape(weight, (1,) * (logp.ndim - 1) + (c,)) if weight is not None else None
        smooth_terms = M.mul(logp, cw) if cw is not None else logp
        smooth = M.neg(R.reduce_sum(smooth_terms, (logp.ndim - 1,), False))
        smooth = M.mul(smooth, cast_to(valid, dt))
        loss = M.add(M.mul(loss, 1 - label_smoothing), M.mul(smooth, label_smoothing / c))
    return reduce_loss(loss, reduction, op, w if reduction == "mean" else None)


def _check_smoothing(label_smoothing, op):
    """cross_entropy's label_smoothing: a number >= 0 (MindSpore 2.10 has no upper bound here,
    1.5 computes; nn.CrossEntropyLoss checks [0, 1] itself)."""
    label_smoothing = check_number(label_smoothing, op, "label_smoothing", finite=True)
    if label_smoothing < 0:
        raise ValueError("%s: 'label_smoothing' must be >= 0, but got %r"
                         % (public_name(op), label_smoothing))
    return label_smoothing


def cross_entropy(input, target, weight=None, ignore_index=-100, reduction="mean",
                  label_smoothing=0.0):
    """Computes the cross-entropy loss of unnormalized scores and targets.

    ``target`` holds either class indices (an integer tensor: the loss is
    ``nll_loss(log_softmax(input, 1), target, ...)``, see :func:`nll_loss`) or class
    probabilities (a float tensor of ``input``'s shape: the loss of a sample is
    ``-sum over c of weight[c] * target[n, c] * log_softmax(input)[n, c]``, and 'mean' averages
    over the samples).

    Args:
        input (Tensor): float scores of shape (N, C) or (N, C, d1, ...).
        target (Tensor): class indices of shape (N,) or (N, d1, ...), or class probabilities
            of ``input``'s shape.
        weight (Tensor, optional): a rescaling weight per class, shape (C,). Default: ``None``.
        ignore_index (int): with class indices, a target value that does not count.
            Default: ``-100``.
        reduction (str): ``'none'`` (per sample), ``'mean'`` or ``'sum'``. Default: ``'mean'``.
        label_smoothing (float): >= 0; the targets are mixed with the uniform
            distribution. Default: ``0.0``.

    Returns:
        Tensor, the loss: a scalar, or per sample with 'none'.

    Raises:
        TypeError: ``input`` is not a float tensor, integer targets are of another dtype, or
            ``reduction`` is not a str.
        ValueError: wrong shapes, a target out of range, ``label_smoothing`` below 0, or an
            unknown ``reduction``.

    Examples:
        >>> import numpy as np
        >>> from mindcell import Tensor, ops
        >>> x = Tensor(np.array([[2.0, 0.0], [0.0, 1.0]], np.float32))
        >>> print(ops.cross_entropy(x, Tensor(np.array([0, 1], np.int32))))
        0.22009486
        >>> print(ops.cross_entropy(x, Tensor(np.array([[0.5, 0.5], [0.0, 1.0]], np.float32))))
        0.7200949
    """
    op = "cross_entropy"
    check_reduction(reduction, op)
    _class_logits(input, op)
    if not (isinstance(target, Tensor) and mstype.is_float_np(target._np_dtype)):
        return nll_loss(NF.log_softmax(input, 1), target, weight, ignore_index, reduction,
                        _check_smoothing(label_smoothing, op))
    if target.shape != input.shape:
        raise ValueError("%s: probability target must have the input's shape %s, but got %s"
                         % (public_name(op), input.shape, target.shape))
    c = input.shape[1]
    # log_softmax in the scores' dtype, then promoted with the probabilities (Float16 scores
    # with Float32 targets give a Float32 loss, as MindSpore 2.10)
    log_p, t = M._operands(NF.log_softmax(input, 1), target, op)
    weight = _class_weight(weight, c, log_p._np_dtype, op)
    label_smoothing = _check_smoothing(label_smoothing, op)
    if label_smoothing:
        t = M.add(M.mul(t, 1 - label_smoothing), label_smoothing / c)
    terms = M.mul(log_p, t)
    if weight is not None:
        terms = M.mul(terms, A.reshape(weight, (1, c) + (1,) * (input.ndim - 2)))
    return reduce_loss(M.neg(R.reduce_sum(terms, (1,), False)), reduction, op)


def sparse_softmax_cross_entropy(logits, labels):
    """Computes the softmax cross-entropy of each sample from logits and class indices (fused):
    ``-log_softmax(logits)[n, labels[n]]``.

    Args:
        logits (Tensor): float scores of shape (N, C).
        labels (Tensor): integer class indices of shape (N,), in [0, C).

    Returns:
        Tensor of shape (N,), the loss of each sample.

    Raises:
        TypeError: ``logits`` is not a float tensor, or ``labels`` is not an integer tensor.
        ValueError: wrong shapes, or a label out of range.

    Examples:
        >>> import numpy as np
        >>> from mindcell import Tensor, ops
        >>> logits = Tensor(np.array([[2.0, 0.0], [0.0, 0.0]], np.float32))
        >>> print(ops.sparse_softmax_cross_entropy(logits, Tensor(np.array([0, 1], np.int32))))
        [0.12692805 0.6931472 ]
    """
    op = "sparse_softmax_cross_entropy"
    _class_logits(logits, op, "logits")
    labels = _class_targets(labels, op, "labels")
    if logits.ndim != 2 or labels.shape != logits.shape[:1]:
        raise ValueError("%s: expected logits (N, C) and labels (N,), but got %s and %s"
                         % (public_name(op), logits.shape, labels.shape))
    check_values_in(labels, 0, logits.shape[1], op, "labels")
    return N.sparse_xent_p.bind(logits, labels)[0]


def softmax_cross_entropy_op(logits, labels):
    """The computation of the SoftmaxCrossEntropyWithLogits primitive: the per-sample softmax
    cross-entropy of (N, C) logits and (N, C) probabilities, and its gradient with respect to
    the logits (``softmax(logits) - labels``).

    Args:
        logits (Tensor): float scores of shape (N, C).
        labels (Tensor): probabilities of shape (N, C), cast to ``logits``' dtype.

    Returns:
        tuple(loss, backprop): ``loss`` of shape (N,) and ``backprop`` of shape (N, C).

    Raises:
        TypeError: ``logits`` is not a float tensor, or ``labels`` is not a Tensor.
        ValueError: ``logits`` and ``labels`` are not both (N, C).

    Examples:
        >>> import numpy as np
        >>> from mindcell import Tensor
        >>> from mindcell.ops import functional as F
        >>> logits = Tensor(np.array([[2.0, 0.0]], np.float32))
        >>> labels = Tensor(np.array([[1.0, 0.0]], np.float32))
        >>> loss, backprop = F.softmax_cross_entropy_op(logits, labels)
        >>> print(loss, backprop)
        [0.12692805] [[-0.11920303  0.11920291]]
    """
    op = "softmax_cross_entropy"
    _class_logits(logits, op, "logits")
    labels = cast_to(check_tensor(labels, op, "labels"), logits._np_dtype)
    if logits.ndim != 2 or labels.shape != logits.shape:
        raise ValueError("%s: logits and labels must both be (N, C), but got %s and %s"
                         % (public_name(op), logits.shape, labels.shape))
    return N.xent_p.bind(logits, labels)


def softmax_cross_entropy(logits, labels):
    """Computes the softmax cross-entropy of each sample from logits and class probabilities
    (fused): ``-sum over c of labels[n, c] * log_softmax(logits)[n, c]``.

    Args:
        logits (Tensor): float scores of shape (N, C).
        labels (Tensor): probabilities of shape (N, C), cast to ``logits``' dtype.

    Returns:
        Tensor of shape (N,), the loss of each sample.

    Raises:
        TypeError: ``logits`` is not a float tensor, or ``labels`` is not a Tensor.
        ValueError: ``logits`` and ``labels`` are not both (N, C).

    Examples:
        >>> import numpy as np
        >>> from mindcell import Tensor, ops
        >>> logits = Tensor(np.array([[2.0, 0.0], [0.0, 0.0]], np.float32))
        >>> labels = Tensor(np.array([[1.0, 0.0], [0.5, 0.5]], np.float32))
        >>> print(ops.softmax_cross_entropy(logits, labels))
        [0.12692805 0.6931472 ]
    """
    return softmax_cross_entropy_op(logits, labels)[0]


def binary_cross_entropy_with_logits(input, target, weight=None, pos_weight=None,
                                     reduction="mean"):
    """Computes the binary cross-entropy of logits (sigmoid applied inside, computed stably):
    ``-weight * (pos_weight * target * log(sigmoid(x)) + (1 - target) * log(1 - sigmoid(x)))``.

    Args:
        input (Tensor): float logits.
        target (Union[Tensor, number]): the labels in [0, 1], broadcasting with ``input``.
        weight (Tensor, optional): a rescaling weight broadcasting with the loss.
            Default: ``None``.
        pos_weight (Tensor, optional): the weight of the positive term, broadcasting (e.g. one
            per class along the last axis). Default: ``None``.
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
        >>> y = Tensor(np.array([1.0, 0.0], np.float32))
        >>> print(ops.binary_cross_entropy_with_logits(x, y, reduction="none"))
        [0.126928   0.31326163]
        >>> pw = Tensor(np.array([2.0, 2.0], np.float32))
        >>> print(ops.binary_cross_entropy_with_logits(x, y, pos_weight=pw))
        0.28355882
    """
    check_reduction(reduction, "binary_cross_entropy_with_logits")
    input, target = _pair_inputs(input, target, "binary_cross_entropy_with_logits")
    log_sig = NF.logsigmoid(input)
    log_one_minus = NF.logsigmoid(M.neg(input))
    pos = M.mul(target, log_sig)
    if pos_weight is not None:
        pos = M.mul(pos, pos_weight)
    loss = M.neg(M.add(pos, M.mul(M.sub(1.0, target), log_one_minus)))
    if weight is not None:
        loss = M.mul(loss, weight)
    return reduce_loss(loss, reduction, "binary_cross_entropy_with_logits")


def binary_cross_entropy(logits, labels, weight=None, reduction="mean"):
    """Computes the binary cross-entropy of probabilities:
    ``-weight * (labels * log(logits) + (1 - labels) * log(1 - logits))``.

    ``logits`` are probabilities in (0, 1) (MindSpore's name); the logs are taken of values
    clamped to at least ``1e-12`` (or the dtype's smallest normal number, if larger).

    Args:
        logits (Tensor): float probabilities.
        labels (Union[Tensor, number]): the targets in [0, 1], broadcasting with ``logits``.
        weight (Tensor, optional): a rescaling weight broadcasting with the loss.
            Default: ``None``.
        reduction (str): ``'none'`` (the elementwise loss), ``'mean'`` or ``'sum'``.
            Default: ``'mean'``.

    Returns:
        Tensor, the loss: a scalar, or the broadcast shape with 'none'.

    Raises:
        TypeError: ``logits`` is not a float tensor, ``reduction`` is not a str, or a Tensor
            ``labels``/``weight`` has another dtype than ``logits``.
        ValueError: the shapes do not broadcast, or ``reduction`` is unknown.

    Examples:
        >>> import numpy as np
        >>> from mindcell import Tensor, ops
        >>> p = Tensor(np.array([0.9, 0.2, 0.6], np.float32))
        >>> print(ops.binary_cross_entropy(p, Tensor(np.array([1.0, 0.0, 1.0], np.float32))))
        0.27977654
    """
    check_reduction(reduction, "binary_cross_entropy")
    # MindSpore 2.10 casts neither labels nor weight to the logits' dtype
    check_same_input_dtypes("binary_cross_entropy", logits=logits, labels=labels, weight=weight)
    input, target = _pair_inputs(logits, labels, "binary_cross_entropy")
    # the clamp must be representable in the input's dtype (1e-12 flushes to 0 in float16)
    eps = max(1e-12, float(mstype.finfo(input._np_dtype).tiny))
    logp = M.log(M.maximum(input, eps))
    log1mp = M.log(M.maximum(M.sub(1.0, input), eps))
    loss = M.neg(M.add(M.mul(target, logp), M.mul(M.sub(1.0, target), log1mp)))
    if weight is not None:
        loss = M.mul(loss, weight)
    return reduce_loss(loss, reduction, "binary_cross_entropy")


__all__ = [_n for _n, _v in list(globals().items())
           if not _n.startswith("_") and callable(_v) and getattr(_v, "__module__", "") == __name__]
