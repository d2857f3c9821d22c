"""Sparse softmax cross-entropy where the logits are far apart, as a diverging zoo network
(GoogLeNet at lr 0.01 on 64x64 inputs) produces them: losses near 85, gradients (softmax minus
one-hot, with entries that underflow) and the 'none'/'sum' reductions of nn's loss.

Not recorded here (a MindSpore quirk): when the labelled logit is 87 or more below the largest,
MindSpore 2.10's ops.SparseSoftmaxCrossEntropyWithLogits (nn.SoftmaxCrossEntropyWithLogits with
sparse=True and reduction='mean') returns inf, while its gradient stays finite and its 'none' and
'sum' reductions return the finite loss; mindcell returns the finite loss on every path."""
import numpy as np
from _target import ms, nn, ops, Tensor, emit

prim = ops.SparseSoftmaxCrossEntropyWithLogits()
grad_prim = ops.SparseSoftmaxCrossEntropyWithLogits(is_grad=True)
label = Tensor(np.array([0], np.int32))
for gap in (50.0, 80.0, 85.0, 86.5):
    x = Tensor(np.array([[0.0, gap, 1.0]], np.float32))
    emit("prim.loss.%g" % gap, prim(x, label))
    emit("nn.mean.%g" % gap, nn.SoftmaxCrossEntropyWithLogits(sparse=True, reduction="mean")(
        x, label))
for gap in (85.0, 87.0, 100.0, 200.0):
    x = Tensor(np.array([[0.0, gap, 1.0]], np.float32))
    emit("prim.grad.%g" % gap, ms.grad(lambda a: prim(a, label))(x))
    emit("prim.is_grad.%g" % gap, grad_prim(x, label))
x = Tensor(np.array([[0.0, 100.0, 1.0], [0.0, 1.0, 2.0]], np.float32))
y = Tensor(np.array([0, 1], np.int32))
emit("nn.none", nn.SoftmaxCrossEntropyWithLogits(sparse=True, reduction="none")(x, y))
emit("nn.sum", nn.SoftmaxCrossEntropyWithLogits(sparse=True, reduction="sum")(x, y))
emit("nn.dense.none", nn.SoftmaxCrossEntropyWithLogits(sparse=False, reduction="none")(
    x, Tensor(np.array([[1.0, 0, 0], [0, 1.0, 0]], np.float32))))
emit("cross_entropy", ops.cross_entropy(x, y))
