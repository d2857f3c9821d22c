"""``not``, ``and`` and ``or`` in the condition of a tensor-dependent ``if``/``while`` that
GRAPH_MODE rewrites into If/While nodes (branches with side effects, such as the model-zoo
loss-scale step's ``if not overflow: self.optimizer(grads)``, tested in both modes in
tests/nn/test_loss_scale_subclass.py): the operators take traced tensors, Python operands
short-circuit as in Python, and results equal PYNATIVE_MODE."""
import numpy as np
import pytest

import mindcell as ms
from mindcell import Parameter, Tensor, nn, ops


def not_(p, x, y):
    if not x.sum() > 0:
        ops.assign(p, y)


def and_(p, x, y):
    if x.sum() > 0 and y.sum() > 0:
        ops.assign(p, y)


def or_(p, x, y):
    if x.sum() > 0 or y.sum() > 0:
        ops.assign(p, x + y)


def nested(p, x, y):
    if not (x.sum() > 0 and y.sum() > 0) or x.max() > 5:
        ops.assign(p, x - y)
    else:
        ops.assign(p, y)


def python_operand_first(p, x, y):
    scale = 2.0
    if scale > 1 and not y.min() > 0:
        ops.assign(p, x * scale)


def python_short_circuit(p, x, y):
    if x is None or x.sum() > 0:   # x is not None: the tensor test decides
        ops.assign(p, y * 3)


def three_operands(p, x, y):
    if x.sum() > 0 and y.sum() > 0 and x.max() > y.max():
        ops.assign(p, x)


def while_not(p, x, y):
    done = x.sum() > 100
    while not done:
        x = ops.abs(x) * 2 + 1
        done = x.sum() > 100
    ops.assign(p, x)


def while_and(p, x, y):
    n = x * 0
    while n.sum() < 20 and not x.sum() > 200:
        x = x * 2 + 1
        n = n + 1
    ops.assign(p, x + n)


class _Net(nn.Cell):
    def __init__(self, fn):
        super().__init__()
        self.p = Parameter(Tensor(np.full(3, -7.0, np.float32)), name="p")
        self.fn = fn

    def construct(self, x, y):
        self.fn(self.p, x, y)
        return self.p * 1


CASES = [not_, and_, or_, nested, python_operand_first, python_short_circuit, three_operands,
         while_not, while_and]
SIGNS = [(1, 1), (1, -1), (-1, 1), (-1, -1)]


@pytest.mark.parametrize("signs", SIGNS, ids=lambda s: "%+d%+d" % s)
@pytest.mark.parametrize("fn", CASES, ids=lambda f: f.__name__)
def test_condition_operators_graph_equals_pynative(fn, signs):
    x = Tensor(np.array([1.0, 2.0, 3.5], np.float32) * signs[0])
    y = Tensor(np.array([0.5, 1.5, 2.0], np.float32) * signs[1])
    results = []
    try:
        for mode in (ms.PYNATIVE_MODE, ms.GRAPH_MODE):
            ms.set_context(mode=mode)
            results.append(_Net(fn)(x, y).asnumpy())
    finally:
        ms.set_context(mode=ms.PYNATIVE_MODE)
    np.testing.assert_array_equal(results[1], results[0])
