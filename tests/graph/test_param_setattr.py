"""``self.p = value`` and ``self.p += value`` on a Parameter attribute inside construct: in
GRAPH_MODE an Assign that runs at every call of the compiled graph (MindSpore's semantics),
so over several cached calls the Parameter and every value read after the write equal
PYNATIVE_MODE's; a value of another shape raises, naming the attribute."""
import numpy as np
import pytest

import mindcell as ms
from mindcell import nn, ops
from mindcell.common.parameter import Parameter
from mindcell.common.tensor import Tensor
from mindcell.graph.symbolic import GraphModeError


def _aug_add(cell, x):
    cell.p += 1
    return cell.p * x


def _aug_mul_tensor(cell, x):
    cell.p *= x
    return cell.p.sum()


def _set_from_expr(cell, x):
    before = cell.p * 1
    cell.p = cell.p * 0.5 + x
    return before, cell.p + 0


def _counter_decay(cell, x):  # the EMA warm-up pattern: a counter read right after its update
    cell.n += 1
    decay = 0.9 * (1 - ops.exp(-cell.n / 10.0))
    return decay * x


def _int_counter(cell, x):
    cell.k += 2
    return cell.k * 1


def _twice(cell, x):
    cell.p = cell.p + x
    cell.p = cell.p * 2
    return cell.p + 0


BODIES = [_aug_add, _aug_mul_tensor, _set_from_expr, _counter_decay, _int_counter, _twice]


class _Cell(nn.Cell):
    def __init__(self, body):
        super().__init__()
        self.body = body
        self.p = Parameter(Tensor(np.arange(6, dtype=np.float32).reshape(2, 3)), name="p")
        self.n = Parameter(Tensor(0.0, ms.float32), name="n")
        self.k = Parameter(Tensor(np.int32(3)), name="k")

    def construct(self, x):
        return self.body(self, x)


def _flat(out):
    return [o.asnumpy() for o in (out if isinstance(out, tuple) else (out,))]


def _run(body, mode):
    ms.set_context(mode=mode)
    try:
        cell = _Cell(body)
        rng = np.random.default_rng(0)
        outs = []
        for _ in range(3):
            outs.append(_flat(cell(Tensor(rng.normal(size=(2, 3)).astype(np.float32)))))
        state = [cell.p.asnumpy().copy(), cell.n.asnumpy().copy(), cell.k.asnumpy().copy()]
        return outs, state
    finally:
        ms.set_context(mode=ms.PYNATIVE_MODE)


@pytest.mark.parametrize("body", BODIES, ids=lambda b: b.__name__)
def test_graph_mode_writes_every_call_like_pynative(body):
    eager_outs, eager_state = _run(body, ms.PYNATIVE_MODE)
    graph_outs, graph_state = _run(body, ms.GRAPH_MODE)
    for e_call, g_call in zip(eager_outs, graph_outs):
        for e, g in zip(e_call, g_call):
            assert g.dtype == e.dtype
            np.testing.assert_allclose(g, e, rtol=1e-6)
    for e, g in zip(eager_state, graph_state):
        assert g.dtype == e.dtype
        np.testing.assert_allclose(g, e, rtol=1e-6)
    # the write happened on every call, not once while tracing
    initial = [np.arange(6, dtype=np.float32).reshape(2, 3), np.float32(0), np.int32(3)]
    changed = [not np.array_equal(s, i) for s, i in zip(graph_state, initial)]
    assert any(changed)


def test_counter_reaches_the_number_of_calls():
    ms.set_context(mode=ms.GRAPH_MODE)
    try:
        cell = _Cell(_counter_decay)
        for _ in range(4):
            cell(Tensor(np.ones((2, 3), np.float32)))
        assert float(cell.n.asnumpy()) == 4.0
    finally:
        ms.set_context(mode=ms.PYNATIVE_MODE)


def test_graph_mode_refuses_a_value_of_another_shape():
    def reshape(cell, x):
        cell.p = x.sum(0)
        return x

    ms.set_context(mode=ms.GRAPH_MODE)
    try:
        with pytest.raises((ValueError, GraphModeError)) as info:
            _Cell(reshape)(Tensor(np.ones((2, 3), np.float32)))
    finally:
        ms.set_context(mode=ms.PYNATIVE_MODE)
    msg = str(info.value)
    assert "self.p" in msg and "(2, 3)" in msg and "(3,)" in msg, msg
