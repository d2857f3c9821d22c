"""``SampledSoftmaxLoss``: softmax cross-entropy over the true classes and a sample of the other
classes (candidate sampling), for output layers with many classes."""
import numpy as np

from mindcell import dtype as mstype
from mindcell.common.tensor import Tensor
from mindcell.nn.loss.loss import LossBase
from mindcell.ops import functional as F

__all__ = ["SampledSoftmaxLoss"]


def _positive_int(value, arg):
    if isinstance(value, bool) or not isinstance(value, int) or value <= 0:
        raise ValueError("For 'SampledSoftmaxLoss', '%s' must be a positive int, but got %r"
                         % (arg, value))
    return value


def log_uniform_sample(rng, num_sampled, num_classes):
    """``num_sampled`` distinct classes drawn from the log-uniform (Zipf) distribution
    ``P(k) = log((k + 2) / (k + 1)) / log(num_classes + 1)``, and the expected count of each
    class in that many unique draws (``-expm1(tries * log1p(-P(k)))``), for the sampled classes
    and for any class array: returns (sampled, expected_count(classes) function)."""
    log_range = np.log(num_classes + 1.0)
    chosen, seen, tries = [], set(), 0
    while len(chosen) < num_sampled:
        k = int(np.exp(rng.random() * log_range)) - 1
        k = min(max(k, 0), num_classes - 1)
        tries += 1
        if k not in seen:
            seen.add(k)
            chosen.append(k)

    def expected(classes):
        classes = np.asarray(classes, np.float64)
        p = np.log((classes + 2.0) / (classes + 1.0)) / log_range
        return -np.expm1(tries * np.log1p(-p))
    return np.array(chosen, np.int64), expected


class SampledSoftmaxLoss(LossBase):
    r"""SampledSoftmaxLoss(num_sampled, num_classes, num_true=1, sampled_values=None,
    remove_accidental_hits=True, seed=0, reduction='none'): the softmax cross-entropy of each
    example over its ``num_true`` true classes and ``num_sampled`` sampled classes, each logit
    corrected by the log of its class's expected count in the sample; the true classes share the
    target probability equally.

    The logits are ``inputs @ weights[c].T + biases[c]`` for the classes ``c`` used, so
    gradients reach ``weights``, ``biases`` and ``inputs``.

    Args:
        num_sampled (int): the classes sampled per batch, at most ``num_classes``.
        num_classes (int): the number of classes.
        num_true (int): the true classes per example. Default: ``1``.
        sampled_values (tuple): ``(sampled_candidates, true_expected_count,
            sampled_expected_count)`` Tensors to use instead of sampling. Default: ``None``
            (distinct classes drawn from the log-uniform distribution).
        remove_accidental_hits (bool): a sampled class that is one of the example's true
            classes gets logit -FLT_MAX (it does not count as a negative). Default: ``True``.
        seed (int): the sampler's seed (0: follows ``set_seed``). Default: ``0``.
        reduction (str): ``'none'``, ``'mean'`` or ``'sum'``. Default: ``'none'``.

    Inputs:
        - **weights** (Tensor) - (num_classes, dim) class embeddings.
        - **biases** (Tensor) - (num_classes,) class biases.
        - **labels** (Tensor) - (batch, num_true) or (batch,) int true classes.
        - **logits** (Tensor) - (batch, dim) the inputs (MindSpore's name).

    Outputs:
        Tensor, (batch,) with ``reduction='none'``, else a scalar.

    Raises:
        ValueError: an int argument is not positive, ``num_sampled > num_classes``, or
            ``reduction`` is unknown.
        TypeError: ``remove_accidental_hits`` is not a bool.

    Examples:
        >>> import numpy as np
        >>> import mindcell as ms
        >>> w = ms.Tensor(np.eye(4, 3, dtype=np.float32))
        >>> b = ms.Tensor(np.zeros(4, np.float32))
        >>> x = ms.Tensor(np.array([[1.0, 0.0, 0.0]], np.float32))
        >>> sampled = (ms.Tensor(np.array([1, 2], np.int32)),
        ...            ms.Tensor(np.array([[1.0]], np.float32)), ms.Tensor(np.ones(2, np.float32)))
        >>> loss = ms.nn.SampledSoftmaxLoss(2, 4, sampled_values=sampled)
        >>> print(loss(w, b, ms.Tensor(np.array([0], np.int32)), x))
        [0.5514447]
    """

    def __init__(self, num_sampled, num_classes, num_true=1, sampled_values=None,
                 remove_accidental_hits=True, seed=0, reduction="none"):
        super().__init__(reduction)
        self.num_sampled = _positive_int(num_sampled, "num_sampled")
        self.num_classes = _positive_int(num_classes, "num_classes")
        self.num_true = _positive_int(num_true, "num_true")
        if num_sampled > num_classes:
            raise ValueError("For 'SampledSoftmaxLoss', the 'num_sampled' must be smaller than or "
                             "equal to 'num_classes', but got 'num_sampled': %d and "
                             "'num_classes': %d." % (num_sampled, num_classes))
        if not isinstance(remove_accidental_hits, bool):
            raise TypeError("For 'SampledSoftmaxLoss', 'remove_accidental_hits' must be a bool, "
                            "but got %r" % (remove_accidental_hits,))
        if isinstance(seed, bool) or not isinstance(seed, int) or seed < 0:
            raise ValueError("For 'SampledSoftmaxLoss', 'seed' must be a non-negative int, but "
                             "got %r" % (seed,))
        if sampled_values is not None and (not isinstance(sampled_values, (tuple, list))
                                           or len(sampled_values) != 3):
            raise TypeError("For 'SampledSoftmaxLoss', 'sampled_values' must be a tuple of 3 "
                            "Tensors or None, but got %r" % (sampled_values,))
        self.sampled_values = sampled_values
        self.remove_accidental_hits = remove_accidental_hits
        self.seed = seed

    def _sample(self, labels_np):
        if self.sampled_values is not None:
            sampled, true_count, sampled_count = self.sampled_values
            return (np.asarray(sampled.asnumpy(), np.int64), F.cast(true_count, mstype.float32),
                    F.cast(sampled_count, mstype.float32))
        from mindcell.ops.function.creation_func import _seed_stream
        rng = _seed_stream(self.seed or None, "SampledSoftmaxLoss").generator()
        sampled, expected = log_uniform_sample(rng, self.num_sampled, self.num_classes)
        return (sampled, Tensor(expected(labels_np).astype(np.float32)),
                Tensor(expected(sampled).astype(np.float32)))

    def construct(self, weights, biases, labels, logits):
        inputs = logits
        labels = F.reshape(labels, (-1, self.num_true))
        labels_np = labels.asnumpy().astype(np.int64)
        sampled, true_count, sampled_count = self._sample(labels_np)
        dtype = inputs.dtype
        true_w = F.gather(weights, Tensor(labels_np.reshape(-1)), 0)  # (batch*num_true, dim)
        true_w = F.reshape(true_w, (labels_np.shape[0], self.num_true, -1))
        true_b = F.reshape(F.gather(biases, Tensor(labels_np.reshape(-1)), 0), labels_np.shape)
        true_logits = F.reduce_sum(F.mul(F.expand_dims(inputs, 1), true_w), -1)
        true_logits = F.sub(F.add(true_logits, true_b), F.cast(F.log(true_count), dtype))
        sampled_t = Tensor(sampled)
        sampled_w = F.gather(weights, sampled_t, 0)  # (num_sampled, dim)
        sampled_logits = F.add(F.matmul(inputs, F.transpose(sampled_w, (1, 0))),
                               F.gather(biases, sampled_t, 0))
        sampled_logits = F.sub(sampled_logits, F.cast(F.log(sampled_count), dtype))
        if self.remove_accidental_hits:
            hits = (labels_np[:, :, None] == sampled[None, None, :]).any(1)  # (batch, sampled)
            if hits.any():
                sampled_logits = F.select(Tensor(hits), F.fill(
                    dtype, tuple(sampled_logits.shape), float(np.finfo(np.float32).min)),
                    sampled_logits)
        all_logits = F.concat((true_logits, sampled_logits), 1)
        target = np.zeros(all_logits.shape, np.float32)
        target[:, :self.num_true] = 1.0 / self.num_true
        log_prob = F.log_softmax(all_logits, 1)
        loss = F.neg(F.reduce_sum(F.mul(log_prob, F.cast(Tensor(target), dtype)), 1))
        return self.get_loss(loss)
