"""GRAPH_MODE behaviour: compile once and replay, parameters bound by reference, Python
control flow, errors that point at the user's line, hooks, Print, set_inputs."""
import os
import re

import numpy as np
import pytest

import mindcell as ms
from mindcell import nn, ops, Tensor
from mindcell.graph.symbolic import GraphModeError
from mindcell.testing import assert_modes_agree


def f32(*shape, seed=0):
    return Tensor(np.random.default_rng(seed).standard_normal(shape).astype(np.float32))


class MLP(nn.Cell):
    def __init__(self):
        super().__init__()
        self.fc1 = nn.Dense(4, 8)
        self.act = nn.GELU()
        self.fc2 = nn.Dense(8, 3)

    def construct(self, x):
        return ops.softmax(self.fc2(self.act(self.fc1(x))), -1)


def _graph_entries(cell):
    return list(cell._graph_cache.entries.values())


def test_compiles_once_per_signature_and_replays():
    ms.set_context(mode=ms.GRAPH_MODE)
    net = MLP()
    x = f32(2, 4)
    calls = []
    net.fc1.register_forward_hook(lambda c, a, o: calls.append(1))
    first = net(x).asnumpy()
    second = net(x).asnumpy()
    assert len(calls) == 1  # construct (and its hooks) ran only while tracing
    np.testing.assert_array_equal(first, second)
    assert len(_graph_entries(net)) == 1
    net(f32(5, 4))
    assert len(_graph_entries(net)) == 2


def test_parameters_are_bound_by_reference():
    ms.set_context(mode=ms.GRAPH_MODE)
    net = nn.Dense(2, 1, weight_init="ones", bias_init="zeros")
    x = Tensor(np.array([[1.0, 2.0]], np.float32))
    assert net(x).asnumpy().tolist() == [[3.0]]
    net.weight.set_data(Tensor(np.array([[2.0, 2.0]], np.float32)))
    assert net(x).asnumpy().tolist() == [[6.0]]
    ops.assign(net.bias, Tensor(np.array([1.0], np.float32)))
    assert net(x).asnumpy().tolist() == [[7.0]]
    assert len(_graph_entries(net)) == 1


def test_modes_agree_on_outputs_and_gradients():
    ms.set_seed(1)
    assert_modes_agree(MLP(), f32(3, 4))


def test_assert_modes_agree_names_the_differing_op(monkeypatch):
    from mindcell.graph.passes import fuse

    class Chain(nn.Cell):
        def construct(self, x):
            return ops.tanh(x * 0.5 + 0.1) * 2.0 - x

    reference = fuse.fused_p.impl
    monkeypatch.setattr(fuse.fused_p, "kernel", lambda *a, **k: reference(*a, **k) + 1)
    monkeypatch.setattr(fuse.fused_p, "_kernel_resolved", True)
    monkeypatch.setattr(fuse.fused_p, "lowering", None)  # run it as the patched Python step
    with pytest.raises(AssertionError, match="FusedElementwise"):
        assert_modes_agree(Chain(), f32(3, 4), grads=False)


def test_training_flag_is_part_of_the_signature():
    ms.set_context(mode=ms.GRAPH_MODE)
    net = nn.SequentialCell([nn.Dense(4, 4), nn.Dropout(p=0.5)])
    x = f32(64, 4)
    eval_out = net(x).asnumpy()
    net.set_train()
    train_out = net(x).asnumpy()
    assert (train_out == 0).mean() > 0.2
    assert not np.array_equal(eval_out, train_out)
    assert len(_graph_entries(net)) == 2


def test_random_ops_draw_fresh_values_each_run():
    ms.set_context(mode=ms.GRAPH_MODE)

    class Noise(nn.Cell):
        def construct(self, x):
            return x + ops.randn(3)

    net = Noise()
    x = Tensor(np.zeros(3, np.float32))
    assert not np.array_equal(net(x).asnumpy(), net(x).asnumpy())


def test_python_control_flow_on_constants_and_loops():
    ms.set_context(mode=ms.GRAPH_MODE)

    class Net(nn.Cell):
        def __init__(self, double):
            super().__init__()
            self.double = double
            self.layers = nn.CellList([nn.Dense(3, 3) for _ in range(3)])

        def construct(self, x, scale=1.0):
            for i, layer in enumerate(self.layers):
                x = layer(x) * (i + 1)
            if self.double:
                x = x * 2
            return x * scale

    x = f32(2, 3)
    for double in (True, False):
        ms.set_seed(3)
        net = Net(double)
        graph = net(x, 0.5).asnumpy()
        ms.set_context(mode=ms.PYNATIVE_MODE)
        eager = net(x, 0.5).asnumpy()
        ms.set_context(mode=ms.GRAPH_MODE)
        np.testing.assert_allclose(graph, eager, rtol=1e-6)


def test_tensor_dependent_if_traces_both_branches():
    ms.set_context(mode=ms.GRAPH_MODE)

    class Branchy(nn.Cell):
        def construct(self, x):
            if x.sum() > 0:
                y = x * 2
            else:
                y = -x
            return y + 1

    net = Branchy()
    pos, neg = Tensor(np.array([1.0, 2.0], np.float32)), Tensor(np.array([-1.0, -2.0],
                                                                          np.float32))
    assert net(pos).asnumpy().tolist() == [3.0, 5.0]
    assert net(neg).asnumpy().tolist() == [2.0, 3.0]
    assert len(_graph_entries(net)) == 1
    grads = ops.grad(net)(pos).asnumpy()
    assert grads.tolist() == [2.0, 2.0]


def test_branches_with_different_shapes_follow_the_values_as_mindspore():
    # MindSpore 2.10 runs this (JIT Fallback); mindcell decides the branch by the call's
    # values and guards the graph on them: a sum of another sign traces again
    ms.set_context(mode=ms.GRAPH_MODE)

    class Diverge(nn.Cell):
        def construct(self, x):
            if x.sum() > 0:
                return x
            return x.sum()

    net = Diverge()
    assert net(f32(3)).shape == (3,)
    assert net(Tensor(-np.ones(3, np.float32))).shape == ()
    assert net(f32(3)).shape == (3,)


def test_branches_with_different_shapes_on_random_values_raise_with_the_user_line():
    ms.set_context(mode=ms.GRAPH_MODE)

    class Bad(nn.Cell):
        def construct(self, x):
            if ops.rand(1).sum() > 0.5:  # a random draw has no value while tracing
                return x
            return x.sum()

    with pytest.raises(GraphModeError) as info:
        Bad()(f32(3))
    assert "test_graph_mode.py" in str(info.value)


def test_converting_a_traced_tensor_names_the_user_line():
    ms.set_context(mode=ms.GRAPH_MODE)

    class ToNumpy(nn.Cell):
        def construct(self, x):
            return Tensor(ops.rand_like(x).asnumpy() * 2)  # the line the error names

    with pytest.raises(GraphModeError) as info:
        ToNumpy()(f32(3))
    message = str(info.value)
    assert os.path.basename(__file__) in message
    assert "ops.rand_like(x).asnumpy()" in message
    assert re.search(r":\d+:", message)
    assert "Instead" in message


def test_while_on_a_tensor_becomes_a_while_node():
    ms.set_context(mode=ms.GRAPH_MODE)

    class Loop(nn.Cell):
        def construct(self, x):
            while x.sum() < 1e6:
                x = x * 2
            return x

    np.testing.assert_array_equal(Loop()(Tensor(np.ones(2, np.float32))).asnumpy(),
                                  [2.0 ** 19] * 2)  # tests/graph/test_control_flow.py


def test_set_inputs_dynamic_dims_and_mismatches():
    ms.set_context(mode=ms.GRAPH_MODE)
    net = nn.Dense(3, 2)
    net.set_inputs(Tensor(np.zeros((1, 3), np.float32)))
    net(f32(1, 3))
    with pytest.raises(ValueError, match="set_inputs"):
        net(f32(1, 4))
    with pytest.raises(TypeError, match="set_inputs"):
        net(Tensor(np.ones((1, 3), np.float64)))


def test_recompiling_often_warns_naming_the_change():
    ms.set_context(mode=ms.GRAPH_MODE)
    net = nn.ReLU()
    with pytest.warns(RuntimeWarning, match="compiled 9 times"):
        for n in range(1, 10):
            net(f32(n))


def test_hook_removal_invalidates_the_compiled_program():
    ms.set_context(mode=ms.GRAPH_MODE)
    net = nn.Dense(2, 2, weight_init="ones", bias_init="zeros")
    x = Tensor(np.ones((1, 2), np.float32))
    handle = net.register_forward_hook(lambda c, a, out: out * 10)
    assert net(x).asnumpy().tolist() == [[20.0, 20.0]]
    handle.remove()
    assert net(x).asnumpy().tolist() == [[2.0, 2.0]]


def test_print_runs_inside_the_compiled_graph(capsys):
    ms.set_context(mode=ms.GRAPH_MODE)

    class Printer(nn.Cell):
        def construct(self, x):
            ops.print_("x is", x)
            return x * 2

    net = Printer()
    for _ in range(2):
        net(Tensor(np.array([1.0], np.float32)))
    assert capsys.readouterr().out.count("x is") == 2


def test_training_step_compiles_forward_backward_and_update(mode):
    ms.set_seed(0)
    net = nn.Dense(3, 1)
    w0 = net.weight.asnumpy()
    x, y = f32(8, 3), f32(8, 1, seed=1)

    def loss_fn(x, y):
        return ((net(x) - y) ** 2).mean()

    step = ops.value_and_grad(loss_fn, None, net.trainable_params())
    losses = []
    for _ in range(5):
        loss, grads = step(x, y)
        for p, g in zip(net.trainable_params(), grads):
            ops.assign_sub(p, g * 0.1)
        losses.append(float(loss.asnumpy()))
    assert losses[-1] < losses[0]
    assert not np.array_equal(w0, net.weight.asnumpy())


def test_jit_function_and_graph_printing():
    @ms.jit
    def f(x):
        return ops.exp(x) * 2 + 1

    x = f32(4)
    np.testing.assert_allclose(f(x).asnumpy(), np.exp(x.asnumpy()) * 2 + 1, rtol=1e-6)
    compiled = list(f.cache.entries.values())[0]
    text = str(compiled.graph)
    assert "FusedElementwise" in text and "(4,) float32" in text
    assert compiled.report.fusion_groups == 1
