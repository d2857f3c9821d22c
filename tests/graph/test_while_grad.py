"""Gradients through tensor-dependent while loops in GRAPH_MODE (one While node, and one
WhileGrad node walking the recorded iterations back) equal PYNATIVE_MODE's (which unrolls)
and float64 finite differences, on a table of loops."""
import numpy as np
import pytest

import mindcell as ms
from mindcell import nn, ops
from mindcell.graph.symbolic import GraphModeError
from mindcell.testing import numeric_grad


class Grow(nn.Cell):  # data-dependent trip count
    def construct(self, x, w):
        while x.sum() < 100:
            x = x * w + 1
        return (x * x).sum()


class WithParam(nn.Cell):  # a Parameter read in the body
    def __init__(self):
        super().__init__()
        self.p = ms.Parameter(ms.Tensor(np.array([1.25, 1.5])), name="p")

    def construct(self, x, w):
        while x.max() < 30:
            x = x * self.p + w.sin()
        return x.sum()


class IfInside(nn.Cell):  # a tensor-dependent if inside the loop body
    def construct(self, x, w):
        while x.max() < 40:
            if x.sum() > 6:
                x = x * w
            else:
                x = x + w * w
            x = x + 1
        return x.sum()


class Counter(nn.Cell):  # an int counter carried with the floats; two float carries
    def construct(self, x, w):
        n = 0
        y = w
        while x.sum() < 50:
            y = y * 1.1 + x
            x = x * 2 + w
            n = n + 1
        return x.sum() + y.sum() * n


class Nested(nn.Cell):  # a while inside the body of a while
    def construct(self, x, w):
        while x.sum() < 60:
            y = x
            while y.max() < 8:
                y = y * w
            x = x + y
        return x.sum()


class Fori(nn.Cell):  # ForiLoop with a tensor bound (a While node, not unrolled)
    def construct(self, x, w):
        return ops.ForiLoop()(0, ms.Tensor(3), lambda i, v: v * w + i, x).sum()


CASES = [  # (cell, x, w)
    (Grow, [1.0, 2.0], [1.5, 2.0]),
    (Grow, [90.0, 20.0], [1.5, 2.0]),  # zero iterations
    (WithParam, [1.0, 2.0], [0.3, 0.7]),
    (IfInside, [1.0, 2.0], [1.7, 1.3]),
    (IfInside, [5.0, 3.0], [1.7, 1.3]),
    (Counter, [1.0, 0.5], [0.2, 0.4]),
    (Nested, [1.0, 2.0], [1.6, 1.9]),
    (Fori, [1.0, 2.0], [0.5, 3.0]),
]


def _grads(make, x, w, mode):
    ms.set_context(mode=mode)
    net = make()
    grad = ops.grad(net, (0, 1), net.trainable_params() or None)
    g = grad(ms.Tensor(np.array(x)), ms.Tensor(np.array(w)))
    if net.trainable_params():
        (gx, gw), gp = g
        return [gx.asnumpy(), gw.asnumpy(), gp[0].asnumpy()]
    return [t.asnumpy() for t in g]


def _value(make, arrays):
    ms.set_context(mode=ms.PYNATIVE_MODE)
    net = make()
    if len(arrays) > 2:
        net.p.set_data(ms.Tensor(arrays[2]))
    return float(net(ms.Tensor(arrays[0]), ms.Tensor(arrays[1])).asnumpy())


@pytest.mark.parametrize("make,x,w", CASES)
def test_while_gradient_matches_pynative_and_finite_differences(make, x, w):
    graph = _grads(make, x, w, ms.GRAPH_MODE)
    eager = _grads(make, x, w, ms.PYNATIVE_MODE)
    arrays = [np.array(x), np.array(w)] + ([np.array([1.25, 1.5])] if len(graph) > 2 else [])
    for i, (g, e) in enumerate(zip(graph, eager)):
        np.testing.assert_allclose(g, e, rtol=1e-12, atol=1e-12)
        fd = numeric_grad(lambda a: _value(make, a), [a.copy() for a in arrays], i)
        np.testing.assert_allclose(g, fd, rtol=1e-6, atol=1e-6)


def test_backward_is_one_node_whatever_the_trip_count():
    ms.set_context(mode=ms.GRAPH_MODE)
    for x in ([1.0, 2.0], [0.01, 0.01], [200.0, 0.0]):  # several, many and no iterations
        fn = ms.jit(lambda a, b: ops.grad(Grow(), (0, 1))(a, b))
        gx, _ = fn(ms.Tensor(np.array(x)), ms.Tensor(np.array([1.5, 2.0])))
        names = [n.prim.name for n in fn.cache.last_compiled.graph.nodes]
        assert names.count("While") == 1 and names.count("WhileGrad") == 1
        ms.set_context(mode=ms.PYNATIVE_MODE)
        ex, _ = ops.grad(Grow(), (0, 1))(ms.Tensor(np.array(x)), ms.Tensor(np.array([1.5, 2.0])))
        ms.set_context(mode=ms.GRAPH_MODE)
        np.testing.assert_allclose(gx.asnumpy(), ex.asnumpy(), rtol=1e-12)


def test_forward_without_gradient_records_nothing():
    ms.set_context(mode=ms.GRAPH_MODE)
    net = Grow()
    net(ms.Tensor(np.array([1.0, 2.0])), ms.Tensor(np.array([1.5, 2.0])))
    (node,) = net._compile_cache["graph"].last_compiled.graph.nodes[:1]
    assert node.prim.name == "While" and "record" not in node.attrs


class AssignInLoop(nn.Cell):
    def __init__(self):
        super().__init__()
        self.p = ms.Parameter(ms.Tensor(np.zeros(2)), name="p")

    def construct(self, x):
        while x.sum() < 10:
            ops.assign(self.p, x)
            x = x * 2
        return x.sum()


def test_gradient_through_a_loop_with_side_effects_is_refused():
    ms.set_context(mode=ms.GRAPH_MODE)
    with pytest.raises(GraphModeError, match="while loop whose body or condition has side"):
        ops.grad(AssignInLoop())(ms.Tensor(np.array([1.0, 2.0])))


def test_second_order_gradient_through_a_while_raises():
    ms.set_context(mode=ms.GRAPH_MODE)
    first = ops.grad(Grow(), (0, 1))

    def first_x(x, w):
        return first(x, w)[0].sum()
    with pytest.raises(GraphModeError, match="differentiate twice through a tensor-dependent"):
        ops.grad(first_x, (0, 1))(ms.Tensor(np.array([1.0, 2.0])), ms.Tensor(np.array([1.5, 2.0])))
