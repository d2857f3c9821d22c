"""Loss functions (functional form)."""
import numpy as np

from mindcell.common.tensor import Tensor
from mindcell.ops._helpers import check_tensor, check_float, cast_to, to_tensor
from mindcell.ops.defs import nn as N
from mindcell.ops.function import math_func as M
from mindcell.ops.function import reduce_func as R
from mindcell.ops.function import array_func as A
from mindcell.ops.function import nn_func as NF
from mindcell.ops.function.creation_func import ones_like, zeros_like

_REDUCTIONS = ("mean", "sum", "none")


def reduce_loss(loss, reduction, op, weights=None):
    """Apply 'mean' / 'sum' / 'none' to an elementwise loss."""
    if reduction == "none":
        return loss
    if reduction == "sum":
        return R.reduce_sum(loss, (), False)
    if reduction == "mean":
        if weights is not None:  # float16 sums could overflow before the division
            wide = np.dtype(np.float32) if loss._np_dtype == np.float16 else loss._np_dtype
            total = M.div(R.reduce_sum(cast_to(loss, wide), (), False),
                          R.reduce_sum(cast_to(weights, wide), (), False))
            return cast_to(total, loss._np_dtype)
        return R.reduce_mean(loss, (), False)
    raise ValueError("%s: 'reduction' must be one of %s, but got %r" % (op, _REDUCTIONS, reduction))


def _check_reduction(reduction, op):
    if reduction not in _REDUCTIONS:
        raise ValueError("%s: 'reduction' must be one of %s, but got %r"
                         % (op, _REDUCTIONS, reduction))


def _pair_inputs(input, target, op):
    check_float(input, op)
    target = cast_to(to_tensor(target, op, "target"), input._np_dtype)
    try:
        np.broadcast_shapes(input.shape, target.shape)
    except ValueError:
        raise ValueError("%s: input %s and target %s do not broadcast"
                         % (op, input.shape, target.shape)) from None
    return input, target


def mse_loss(input, target, reduction="mean"):
    """mse_loss(input, target, reduction='mean')."""
    _check_reduction(reduction, "mse_loss")
    input, target = _pair_inputs(input, target, "mse_loss")
    return reduce_loss(M.square(M.sub(input, target)), reduction, "mse_loss")


def l1_loss(input, target, reduction="mean"):
    """l1_loss(input, target, reduction='mean')."""
    _check_reduction(reduction, "l1_loss")
    input, target = _pair_inputs(input, target, "l1_loss")
    return reduce_loss(M.abs(M.sub(input, target)), reduction, "l1_loss")


def smooth_l1_loss(input, target, beta=1.0, reduction="none"):
    """smooth_l1_loss(input, target, beta=1.0, reduction='none')."""
    _check_reduction(reduction, "smooth_l1_loss")
    if beta <= 0:
        raise ValueError("smooth_l1_loss: 'beta' must be positive, but got %r" % (beta,))
    input, target = _pair_inputs(input, target, "smooth_l1_loss")
    diff = M.abs(M.sub(input, target))
    loss = M.select(M.less(diff, beta), M.div(M.mul(M.square(diff), 0.5), beta),
                    M.sub(diff, 0.5 * beta))
    return reduce_loss(loss, reduction, "smooth_l1_loss")


def _class_targets(target, n, op):
    target = to_tensor(target, op, "target")
    if target._np_dtype.kind not in "iu":
        raise TypeError("%s: class-index 'target' must be an integer tensor, but got %s"
                        % (op, target.dtype))
    return target


def nll_loss(inputs, target, weight=None, ignore_index=-100, reduction="mean",
             label_smoothing=0.0):
    """nll_loss(inputs, target, weight=None, ignore_index=-100, reduction='mean',
    label_smoothing=0.0): ``inputs`` are log-probabilities of shape (N, C) or (N, C, d...)."""
    _check_reduction(reduction, "nll_loss")
    check_float(inputs, "nll_loss", "inputs")
    if inputs.ndim < 2:
        raise ValueError("nll_loss: 'inputs' must be (N, C, ...), but got shape %s" % (inputs.shape,))
    c = inputs.shape[1]
    target = _class_targets(target, c, "nll_loss")
    if target.shape != inputs.shape[:1] + inputs.shape[2:]:
        raise ValueError("nll_loss: target shape %s does not match inputs %s"
                         % (target.shape, inputs.shape))
    logp = A.movedim(inputs, 1, -1) if inputs.ndim > 2 else inputs  # (..., C)
    valid = M.not_equal(target, ignore_index)
    safe_t = M.select(valid, target, zeros_like(target))
    if not safe_t._traced:  # traced targets are checked by GatherD when the graph runs
        t_data = safe_t._data
        if t_data.size and (t_data.min() < 0 or t_data.max() >= c):
            raise ValueError("nll_loss: target values must be in [0, %d) or ignore_index, but "
                             "got values in [%d, %d]" % (c, t_data.min(), t_data.max()))
    picked = A.squeeze(A.gather_elements(logp, logp.ndim - 1, A.expand_dims(safe_t, -1)), -1)
    w = (A.gather(cast_to(weight, inputs._np_dtype), safe_t, 0) if weight is not None
         else ones_like(picked))
    w = M.mul(w, cast_to(valid, inputs._np_dtype))
    loss = M.neg(M.mul(picked, w))
    if label_smoothing:
        cw = (A.reshape(cast_to(weight, inputs._np_dtype), (1,) * (logp.ndim - 1) + (c,))
              if weight is not None else None)
        smooth_terms = M.mul(logp, cw) if cw is not None else logp
        smooth = M.neg(R.reduce_sum(smooth_terms, (logp.ndim - 1,), False))
        smooth = M.mul(smooth, cast_to(valid, inputs._np_dtype))
        loss = M.add(M.mul(loss, 1 - label_smoothing), M.mul(smooth, label_smoothing / c))
    return reduce_loss(loss, reduction, "nll_loss", w if reduction == "mean" else None)


def cross_entropy(input, target, weight=None, ignore_index=-100, reduction="mean",
                  label_smoothing=0.0):
    """cross_entropy(input, target, weight=None, ignore_index=-100, reduction='mean',
    label_smoothing=0.0): class indices or class probabilities as ``target``."""
    _check_reduction(reduction, "cross_entropy")
    check_float(input, "cross_entropy")
    logp = NF.log_softmax(input, 1)
    if isinstance(target, Tensor) and target._np_dtype.kind == "f":
        if target.shape != input.shape:
            raise ValueError("cross_entropy: probability target must have the input's shape %s,"
                             " but got %s" % (input.shape, target.shape))
        c = input.shape[1]
        t = target
        if label_smoothing:
            t = M.add(M.mul(t, 1 - label_smoothing), label_smoothing / c)
        terms = M.mul(logp, t)
        if weight is not None:
            terms = M.mul(terms, A.reshape(weight, (1, c) + (1,) * (input.ndim - 2)))
        loss = M.neg(R.reduce_sum(terms, (1,), False))
        return reduce_loss(loss, reduction, "cross_entropy")
    return nll_loss(logp, target, weight, ignore_index, reduction, label_smoothing)


def sparse_softmax_cross_entropy(logits, labels):
    """Per-sample softmax cross-entropy of (N, C) logits and (N,) class indices (fused)."""
    check_float(logits, "SoftmaxCrossEntropyWithLogits", "logits")
    labels = _class_targets(labels, logits.shape[-1], "SoftmaxCrossEntropyWithLogits")
    if logits.ndim != 2 or labels.shape != logits.shape[:1]:
        raise ValueError("SoftmaxCrossEntropyWithLogits: expected logits (N, C) and labels (N,),"
                         " but got %s and %s" % (logits.shape, labels.shape))
    return N.sparse_xent_p.bind(logits, labels)[0]


def softmax_cross_entropy(logits, labels):
    """Per-sample softmax cross-entropy of (N, C) logits and (N, C) probabilities (fused)."""
    check_float(logits, "SoftmaxCrossEntropyWithLogits", "logits")
    labels = cast_to(check_tensor(labels, "SoftmaxCrossEntropyWithLogits", "labels"),
                     logits._np_dtype)
    if logits.ndim != 2 or labels.shape != logits.shape:
        raise ValueError("SoftmaxCrossEntropyWithLogits: logits and labels must both be (N, C),"
                         " but got %s and %s" % (logits.shape, labels.shape))
    return N.xent_p.bind(logits, labels)[0]


def binary_cross_entropy_with_logits(input, target, weight=None, pos_weight=None,
                                     reduction="mean"):
    """binary_cross_entropy_with_logits(input, target, weight=None, pos_weight=None,
    reduction='mean')."""
    _check_reduction(reduction, "binary_cross_entropy_with_logits")
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


def binary_cross_entropy(input, target, weight=None, reduction="mean"):
    """binary_cross_entropy(input, target, weight=None, reduction='mean'): input in (0, 1)."""
    _check_reduction(reduction, "binary_cross_entropy")
    input, target = _pair_inputs(input, target, "binary_cross_entropy")
    # the clamp must be representable in the input's dtype (1e-12 flushes to 0 in float16)
    eps = max(1e-12, float(np.finfo(input._np_dtype).tiny))
    logp = M.log(M.maximum(input, eps))
    log1mp = M.log(M.maximum(M.sub(1.0, input), eps))
    loss = M.neg(M.add(M.mul(target, logp), M.mul(M.sub(1.0, target), log1mp)))
    if weight is not None:
        loss = M.mul(loss, weight)
    return reduce_loss(loss, reduction, "binary_cross_entropy")


__all__ = [_n for _n, _v in list(globals().items())
           if not _n.startswith("_") and callable(_v) and getattr(_v, "__module__", "") == __name__]
