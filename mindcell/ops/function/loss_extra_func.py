"""More losses: huber_loss, kl_div, cosine_embedding_loss, margin_ranking_loss,
soft_margin_loss, multi_margin_loss (MindSpore's functional names and defaults)."""
import numpy as np

from mindcell.common.tensor import Tensor
from mindcell.ops._errors import (check_broadcast, check_choice, check_int, check_number,
                                  check_reduction, public_name)
from mindcell.ops._helpers import (cast_to, check_float, check_tensor, check_values_in,
                                   to_tensor)
from mindcell.ops.function import array_func as A
from mindcell.ops.function import math_func as M
from mindcell.ops.function import nn_func as NF
from mindcell.ops.function import reduce_func as R
from mindcell.ops.function.loss_func import reduce_loss


def _like(t, ref, op, arg):
    """``t`` as a tensor of ``ref``'s float dtype that broadcasts with ``ref``."""
    t = cast_to(to_tensor(t, op, arg), ref._np_dtype)
    check_broadcast(op, ref.shape, t.shape)
    return t


def huber_loss(input, target, reduction="mean", delta=1.0):
    """huber_loss(input, target, reduction='mean', delta=1.0): ``0.5 d**2`` where
    ``abs(d) < delta``, else ``delta (abs(d) - 0.5 delta)``, with ``d = input - target``."""
    op = "huber_loss"
    check_reduction(reduction, op)
    check_float(input, op)
    delta = check_number(delta, op, "delta", finite=True)
    if delta <= 0:
        raise ValueError("%s: 'delta' must be positive, but got %r" % (public_name(op), delta))
    diff = M.sub(input, _like(target, input, op, "target"))
    ad = M.abs(diff)
    loss = M.select(M.less(ad, delta), M.mul(M.square(diff), 0.5),
                    M.mul(M.sub(ad, 0.5 * delta), delta))
    return reduce_loss(loss, reduction, op)


def kl_div(logits, labels, reduction="mean"):
    """kl_div(logits, labels, reduction='mean'): labels * (log(labels) - logits), with
    ``logits`` log-probabilities; reduction 'none', 'sum', 'mean' or 'batchmean' (sum / N)."""
    op = "kl_div"
    check_choice(reduction, op, "reduction", ("none", "sum", "mean", "batchmean"))
    check_float(logits, op, "logits")
    labels = _like(labels, logits, op, "labels")
    loss = M.sub(M.xlogy(labels, labels), M.mul(labels, logits))
    if reduction != "batchmean":
        return reduce_loss(loss, reduction, op)
    n = logits.shape[0] if logits.ndim else 1
    return M.div(R.reduce_sum(loss, (), False), float(n))


def cosine_embedding_loss(input1, input2, target, margin=0.0, reduction="mean"):
    """cosine_embedding_loss(input1, input2, target, margin=0.0, reduction='mean'):
    1 - cos(x1, x2) where target is 1, max(0, cos(x1, x2) - margin) where it is -1; the cosine
    is taken over the last axis."""
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
    """margin_ranking_loss(input1, input2, target, margin=0.0, reduction='mean'):
    max(0, -target * (input1 - input2) + margin)."""
    op = "margin_ranking_loss"
    check_reduction(reduction, op)
    check_float(input1, op, "input1")
    input2 = _like(input2, input1, op, "input2")
    target = _like(target, input1, op, "target")
    margin = check_number(margin, op, "margin", finite=True)
    loss = M.maximum(M.add(M.mul(M.neg(target), M.sub(input1, input2)), margin), 0.0)
    return reduce_loss(loss, reduction, op)


def soft_margin_loss(input, target, reduction="mean"):
    """soft_margin_loss(input, target, reduction='mean'): log(1 + exp(-target * input))."""
    op = "soft_margin_loss"
    check_reduction(reduction, op)
    check_float(input, op)
    target = _like(target, input, op, "target")
    return reduce_loss(NF.softplus(M.neg(M.mul(target, input))), reduction, op)


def multi_margin_loss(input, target, p=1, margin=1, weight=None, reduction="mean"):
    """multi_margin_loss(input, target, p=1, margin=1, weight=None, reduction='mean'): for
    (N, C) scores and class indices, sum over i != target of
    weight[target] * max(0, margin - x[target] + x[i])**p, divided by C."""
    op = "multi_margin_loss"
    check_reduction(reduction, op)
    check_float(input, op)
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
