"""Structured control flow in GRAPH_MODE: ``while``/``for range(tensor)`` on tensors and ``if``
with side effects become While/If nodes (construct's source is rewritten), ``ops.WhileLoop`` /
``ops.ForiLoop``; results equal PYNATIVE_MODE; both are differentiable (While gradients:
test_while_grad.py)."""
import numpy as np
import pytest

import mindcell as ms
from mindcell import nn, ops
from mindcell.graph.symbolic import GraphModeError
from mindcell.testing import numeric_grad


def _both(make, *args):
    """Results of a fresh ``make()`` called on ``args`` in PYNATIVE_MODE, then GRAPH_MODE."""
    out = []
    for mode in (ms.PYNATIVE_MODE, ms.GRAPH_MODE):
        ms.set_context(mode=mode)
        cell = make()
        out.append((cell, cell(*args)))
    return out


def _graph(cell):
    return cell._compile_cache["graph"].last_compiled.graph


def _names(graph):
    return [n.prim.name for n in graph.nodes]


class Newton(nn.Cell):
    def construct(self, a):
        def cond(s):
            return ops.abs(s[0] * s[0] - a).max() > 1e-6
        return ops.WhileLoop()(cond, lambda s: (0.5 * (s[0] + a / s[0]),), (a,))[0]


class Count(nn.Cell):
    def construct(self, x):
        n = 0
        while x.sum() < 100:
            y = x * 2
            x = y + 1
            n = n + 1
        return x, n


class RangeLoop(nn.Cell):
    def construct(self, x, k):
        s = x * 0
        for i in range(k):
            s = s + x * i
        return s


class NestedLoopIf(nn.Cell):
    def construct(self, x):
        while x.max() < 50:
            if x.sum() > 0:
                x = x * 3
            else:
                x = x - 1
            x = x + 2
        return x


class AssignInIf(nn.Cell):
    def __init__(self):
        super().__init__()
        self.p = ms.Parameter(ms.Tensor(np.zeros(2, np.float64)), name="p")

    def construct(self, x):
        if x.sum() > 0:
            ops.assign(self.p, x * 2)
            y = x + 1
        else:
            y = x - 1
        return y


def test_while_loop_newton_iteration():
    a = ms.Tensor(np.array([2.0, 9.0, 16.0]))
    (_, eager), (cell, graph) = _both(Newton, a)
    np.testing.assert_allclose(eager.asnumpy(), np.sqrt([2.0, 9.0, 16.0]), rtol=1e-6)
    np.testing.assert_array_equal(graph.asnumpy(), eager.asnumpy())
    assert _names(_graph(cell)) == ["While"]
    assert "graph while_body" in str(_graph(cell))
    assert _graph(cell).verify()


@pytest.mark.parametrize("start", [[1.0, 2.0], [30.0, 80.0], [0.0, -5.0]])
def test_while_on_tensor_in_construct_counts(start):
    x = ms.Tensor(np.array(start, np.float32))
    (_, (ex, en)), (cell, (gx, gn)) = _both(Count, x)
    np.testing.assert_array_equal(gx.asnumpy(), ex.asnumpy())
    assert int(gn) == en  # a Python counter becomes an int64 tensor in GRAPH_MODE
    assert _names(_graph(cell)).count("While") == 1


def test_node_count_independent_of_trip_count():
    ms.set_context(mode=ms.GRAPH_MODE)
    counts = []
    for start in ([99.0, 0.5], [0.01, 0.01]):  # 1 and 9 iterations
        cell = Count()
        cell(ms.Tensor(np.array(start, np.float32)))
        g = _graph(cell)
        counts.append(g.node_count() + sum(sub.node_count() for n in g.nodes
                                           for sub in n.attrs.values() if hasattr(sub, "nodes")))
    assert counts[0] == counts[1]


@pytest.mark.parametrize("k", [0, 1, 4])
def test_for_over_range_of_a_tensor(k):
    x = ms.Tensor(np.array([1.0, 2.0], np.float32))
    (_, eager), (_, graph) = _both(RangeLoop, x, ms.Tensor(k))
    np.testing.assert_array_equal(graph.asnumpy(), eager.asnumpy())
    np.testing.assert_array_equal(eager.asnumpy(), np.array([1.0, 2.0]) * sum(range(k)))


def test_nested_while_and_if():
    for start in ([1.0, 2.0], [-3.0, 1.0], [60.0, 0.0]):
        x = ms.Tensor(np.array(start))
        (_, eager), (_, graph) = _both(NestedLoopIf, x)
        np.testing.assert_array_equal(graph.asnumpy(), eager.asnumpy())


def test_if_assigning_a_parameter():
    for sign in (1.0, -1.0):
        x = ms.Tensor(np.array([1.0, 2.0]) * sign)
        (ce, eager), (cg, graph) = _both(AssignInIf, x)
        np.testing.assert_array_equal(graph.asnumpy(), eager.asnumpy())
        np.testing.assert_array_equal(cg.p.asnumpy(), ce.p.asnumpy())
        assert ce.p.asnumpy().any() == (sign > 0)
    (node,) = [n for n in _graph(cg).nodes if n.prim.name == "If"]
    assert node.attrs["then"].written_params == {id(cg.p)}
    assert node.attrs["else_"].written_params == frozenset()
    assert _graph(cg).written_params == frozenset()  # declared on every Graph


class TrainIfLarge(nn.Cell):
    def __init__(self):
        super().__init__()
        net = nn.Dense(3, 1)
        net.weight.set_data(ms.Tensor(np.full((1, 3), 0.1, np.float32)))
        net.bias.set_data(ms.Tensor(np.zeros(1, np.float32)))
        self.net = net
        self.step = nn.TrainOneStepCell(nn.WithLossCell(net, nn.MSELoss()),
                                        nn.SGD(net.trainable_params(), 0.1))

    def construct(self, x, y):
        loss = ops.zeros((), ms.float32)
        if ops.abs(self.net(x) - y).mean() > 0.5:
            loss = self.step(x, y)
        return loss


def test_train_one_step_cell_inside_a_tensor_if():
    x = ms.Tensor(np.ones((4, 3), np.float32))
    for target, trains in ((5.0, True), (0.3, False)):
        y = ms.Tensor(np.full((4, 1), target, np.float32))
        (ce, eager), (cg, graph) = _both(TrainIfLarge, x, y)
        np.testing.assert_allclose(graph.asnumpy(), eager.asnumpy(), rtol=1e-6)
        np.testing.assert_allclose(cg.net.weight.asnumpy(), ce.net.weight.asnumpy(), rtol=1e-6)
        assert (ce.net.weight.asnumpy() != 0.1).any() == trains


def _fd(f, x):
    return numeric_grad(lambda a: f(a[0]), [x.copy()], 0)


class IfNet(nn.Cell):
    def construct(self, x, w):
        if x.sum() > 0:
            ops.assign(self.unused, self.unused)  # a side effect elsewhere forces an If node
        return _cond_fn(x, w)

    def __init__(self):
        super().__init__()
        self.unused = ms.Parameter(ms.Tensor(np.zeros(1)), name="unused")


def _cond_fn(x, w):
    y = x * w
    if y.sum() > 0:
        out = (y * w).sin()
    else:
        out = y * y + w
    return out.sum()


@pytest.mark.parametrize("sign", [1.0, -1.0])
def test_if_gradient_matches_finite_differences(sign):
    x = np.array([0.3, 0.7]) * sign
    w = np.array([1.5, -0.4])
    ms.set_context(mode=ms.GRAPH_MODE)
    net = IfNet()
    grad = ops.grad(net, (0, 1))
    gx, gw = grad(ms.Tensor(x), ms.Tensor(w))
    np.testing.assert_allclose(gx.asnumpy(), _fd(lambda v: _cond_fn(ms.Tensor(v), ms.Tensor(w))
                                                 .asnumpy(), x), rtol=1e-6, atol=1e-8)
    np.testing.assert_allclose(gw.asnumpy(), _fd(lambda v: _cond_fn(ms.Tensor(x), ms.Tensor(v))
                                                 .asnumpy(), w), rtol=1e-6, atol=1e-8)
    ms.set_context(mode=ms.PYNATIVE_MODE)
    ex, ew = ops.grad(IfNet(), (0, 1))(ms.Tensor(x), ms.Tensor(w))
    np.testing.assert_allclose(gx.asnumpy(), ex.asnumpy(), rtol=1e-12)
    np.testing.assert_allclose(gw.asnumpy(), ew.asnumpy(), rtol=1e-12)


def _fori(x, w):
    return ops.ForiLoop()(0, 3, lambda i, v: v * w + i, x).sum()


def _fori_tensor(x, w):
    return ops.ForiLoop()(0, ms.Tensor(3), lambda i, v: v * w + 1.0, x).sum()


def test_fori_loop_is_differentiable_unrolled_and_with_tensor_bounds(mode):
    x, w = np.array([1.0, 2.0]), np.array([0.5, 3.0])
    gx = ops.grad(_fori)(ms.Tensor(x), ms.Tensor(w))
    np.testing.assert_allclose(gx.asnumpy(), w ** 3)
    np.testing.assert_allclose(ms.jit(_fori_tensor)(ms.Tensor(x), ms.Tensor(w)).asnumpy(),
                               (((x * w + 1) * w + 1) * w + 1).sum())
    np.testing.assert_allclose(ops.grad(_fori_tensor)(ms.Tensor(x), ms.Tensor(w)).asnumpy(),
                               w ** 3)


class ShapeChange(nn.Cell):
    def construct(self, x):
        while x.sum() < 10:
            x = ops.concat((x, x))
        return x


class DtypeChange(nn.Cell):
    def construct(self, x):
        while x.sum() < 10:
            x = x * 1.5
        return x


def test_carried_shape_change_names_the_line():
    ms.set_context(mode=ms.GRAPH_MODE)
    with pytest.raises(GraphModeError, match=r"test_control_flow.py:\d+.*shape or dtype"):
        ShapeChange()(ms.Tensor(np.ones(2, np.float32)))
    with pytest.raises(GraphModeError, match="shape or dtype"):
        DtypeChange()(ms.Tensor(np.ones(2, np.int32)))


def test_bad_arguments():
    with pytest.raises(TypeError, match="cond_func"):
        ops.WhileLoop()(1, lambda v: v, 0)
    with pytest.raises(TypeError, match="upper"):
        ops.ForiLoop()(0, 2.5, lambda i, v: v, 0)
    with pytest.raises(TypeError, match="unroll"):
        ops.ForiLoop()(0, 2, lambda i, v: v, 0, unroll=1)
    assert ops.WhileLoop()(lambda v: v < 100, lambda v: v + 1, 10) == 100
