"""The cross-entropy loss of MindSpore's transformer library
(``mindspore.parallel._transformer.loss``)."""
from mindcell.common import dtype as mstype
from mindcell.common.tensor import Tensor
from mindcell.nn.cell import Cell
from mindcell.ops import operations as P
from mindcell.ops import functional as F
from mindcell.parallel._transformer.layers import _check_input_dtype
from mindcell.parallel._transformer.op_parallel_config import (OpParallelConfig,
                                                              default_dpmp_config)

__all__ = ["CrossEntropyLoss"]


def _check_parallel_config(parallel_config):
    if not isinstance(parallel_config, OpParallelConfig):
        raise TypeError("For 'CrossEntropyLoss', the class variable 'parallel_config' must be "
                        "OpParallelConfig, but got the type: {}.".format(type(parallel_config)))


class _Softmax(Cell):
    """Softmax of float32 logits (the max subtracted) and the one-hot labels. Its backward passes
    the gradient of the softmax result through unchanged, as MindSpore's: with :class:`_NLLLoss`
    the logits get ``softmax - one_hot``."""

    def __init__(self, parallel_config=default_dpmp_config):
        super().__init__()
        _check_parallel_config(parallel_config)
        self.sum = P.ReduceSum()
        self.max = P.ArgMaxWithValue(axis=-1, keep_dims=True)
        self.sub = P.Sub()
        self.exp = P.Exp()
        self.div = P.RealDiv()
        self.onehot = P.OneHot()
        self.on_value = Tensor(1.0, mstype.float32)
        self.off_value = Tensor(0.0, mstype.float32)

    def construct(self, logits, label):
        logits = F.cast(logits, mstype.float32)
        _, logit_max = self.max(logits)
        logit_exp = self.exp(self.sub(logits, logit_max))
        exp_sum = self.sum(logit_exp, -1)
        exp_sum = F.reshape(exp_sum, (F.shape(exp_sum)[0], 1))
        softmax_result = self.div(logit_exp, exp_sum)
        one_hot_label = self.onehot(label, F.shape(logits)[-1], self.on_value, self.off_value)
        return softmax_result, one_hot_label

    def bprop(self, logits, label, out, dout):
        return F.cast(dout[0], F.dtype(logits)), F.zeros_like(label)


class _NLLLoss(Cell):
    """``-sum(one_hot * log(softmax + 1e-24))`` per row; its backward is
    ``(softmax - one_hot) * dout``."""

    def __init__(self, parallel_config=default_dpmp_config):
        super().__init__()
        _check_parallel_config(parallel_config)
        self.repeat_loss = 1
        self.eps_const = Tensor(1e-24, mstype.float32)
        self.sum = P.ReduceSum()
        self.mul = P.Mul()
        self.neg = P.Neg()
        self.log = P.Log()
        self.add = P.Add()

    def construct(self, softmax_result, one_hot_label):
        log_softmax_result = self.log(self.add(softmax_result, self.eps_const))
        loss = self.mul(log_softmax_result, one_hot_label)
        return self.sum(self.neg(loss), -1)

    def bprop(self, softmax_result, one_hot_label, out, dout):
        logits = softmax_result - one_hot_label
        logits = logits * P.ExpandDims()(dout, -1) * self.repeat_loss
        return logits, F.zeros_like(one_hot_label)


class CrossEntropyLoss(Cell):
    r"""
    The masked mean cross entropy of GPT-style language models:
    :math:`\sum_i m_i \, CE(logits_i, label_i) / (\sum_i m_i + 10^{-5})`, computed in float32.
    Its gradient with respect to the logits is :math:`(softmax - onehot) \, m_i / (\sum m + 10^{-5})`
    (MindSpore's custom backward).

    Args:
        parallel_config (OpParallelConfig): Recorded. Default: ``default_dpmp_config``.

    Inputs:
        - **logits** (Tensor) - float32 or float16, shape :math:`(N, C)`.
        - **label** (Tensor) - int32, shape :math:`(N,)`.
        - **input_mask** (Tensor) - float32, shape :math:`(N,)` (or any shape of N elements).

    Outputs:
        Tensor, a float32 scalar of shape (1,).

    Raises:
        TypeError: ``parallel_config`` is not an OpParallelConfig, or an input has the wrong type.

    Examples:
        >>> import numpy as np
        >>> import mindcell
        >>> from mindcell import Tensor
        >>> from mindcell.parallel._transformer import CrossEntropyLoss
        >>> loss = CrossEntropyLoss()
        >>> logits = Tensor(np.array([[3, 5, 6, 9, 12, 33, 42, 12, 32, 72]]), mindcell.float32)
        >>> labels = Tensor(np.array([1]), mindcell.int32)
        >>> mask = Tensor(np.ones((1,)), mindcell.float32)
        >>> print(loss(logits, labels, mask).shape)
        (1,)
    """

    def __init__(self, parallel_config=default_dpmp_config):
        super().__init__()
        _check_parallel_config(parallel_config)
        self.enable_force_redistribute = False
        self.sum2 = P.ReduceSum()
        self.mul2 = P.Mul()
        self.add2 = P.Add()
        self.div2 = P.RealDiv()
        self._softmax = _Softmax(parallel_config)
        self._nllloss = _NLLLoss(parallel_config)

    def construct(self, logits, label, input_mask):
        self._check_input(logits, label, input_mask)
        softmax, one_hot_label = self._softmax(logits, label)
        loss_reduce = self._nllloss(softmax, one_hot_label)
        input_mask = F.reshape(input_mask, (-1,))
        numerator = self.sum2(self.mul2(loss_reduce, input_mask))
        denominator = self.add2(self.sum2(input_mask),
                                P.Cast()(F.tuple_to_array((1e-5,)), mstype.float32))
        return self.div2(numerator, denominator)

    def _check_input(self, logits, label, input_mask):
        for name, value in (("logits", logits), ("label", label), ("input_mask", input_mask)):
            if not isinstance(value, Tensor):
                raise TypeError(f"For '{self.cls_name}', the '{name}' must be a Tensor, but got "
                                f"{type(value).__name__}.")
        _check_input_dtype(F.dtype(logits), "logits", [mstype.float32, mstype.float16],
                           self.cls_name)
        _check_input_dtype(F.dtype(label), "label", [mstype.int32], self.cls_name)
        _check_input_dtype(F.dtype(input_mask), "input_mask", [mstype.float32], self.cls_name)
        return True
