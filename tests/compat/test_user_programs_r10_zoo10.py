"""Round 10 (zoo10): mechanisms found running mindspore-ai/models research/ and official/
programs (LinUCB bandit, SDNE, Deep&Cross, NCF, PointNet, WGAN, MAML ...) under mindcell.
Small programs written for these tests in the style of what the programs do; the expected
behaviour and values were read from MindSpore 2.10 (CPU) with the ms-oracle."""
import numpy as np
import pytest

import mindcell as ms
from mindcell import nn, ops


def _ones(n=2):
    return ms.Tensor(np.ones(n, np.float32))


class _Counter(nn.Cell):
    """A step counter in construct whose value the result uses."""

    def __init__(self):
        super().__init__()
        self.n = 0

    def construct(self, x):
        self.n = self.n + 1
        return x * self.n


class _Decay(nn.Cell):
    """Python numbers construct updates but never returns (a bandit's regret, a schedule)."""

    def __init__(self):
        super().__init__()
        self.step = 0
        self.m = 1.0
        self.tag = None

    def construct(self, x):
        self.step += 1
        self.m = self.m * 0.5
        self.tag = ("seen", self.step)
        return x + 1


class _Regret(nn.Cell):
    """The LinUCB pattern: a Python float accumulated from a tensor value read in construct."""

    def __init__(self):
        super().__init__()
        self.total = 0.0

    def construct(self, x):
        y = x * 2
        self.total += float(y.sum().asnumpy())
        return y


def test_attribute_counter_runs_every_call(graph):
    """MindSpore 2.10 GRAPH_MODE reads and writes an attribute construct assigns on every
    call: x, 2x, 3x, and 11x after the caller sets it to 10 (ms-oracle). mindcell ran the
    assignment only while tracing, so every call gave x and the counter stayed at 1."""
    net = _Counter()
    outs = [net(_ones()).asnumpy().tolist() for _ in range(3)]
    assert outs == [[1.0, 1.0], [2.0, 2.0], [3.0, 3.0]] and net.n == 3
    net.n = 10
    assert net(_ones()).asnumpy().tolist() == [11.0, 11.0] and net.n == 11


def test_attribute_updates_without_output_dependence(graph):
    net = _Decay()
    for _ in range(3):
        assert net(_ones()).asnumpy().tolist() == [2.0, 2.0]
    assert (net.step, net.m, net.tag) == (3, 0.125, ("seen", 3))


def test_attribute_accumulating_a_tensor_value_with_equal_inputs(graph):
    """Same input every call: the compiled graph's value guards hold, yet the accumulated
    float must grow each call (2, 4, 6 in MindSpore 2.10)."""
    net = _Regret()
    totals = []
    for _ in range(3):
        net(_ones())
        totals.append(net.total)
    assert totals == [4.0, 8.0, 12.0]


def test_train_step_counter_with_gradients_matches_pynative(graph):
    """A TrainOneStepCell subclass counting its steps in construct: the count is the number
    of calls, and the weights follow PYNATIVE_MODE's."""
    class Step(nn.TrainOneStepCell):
        def __init__(self, net, opt):
            super().__init__(net, opt)
            self.steps = 0

        def construct(self, *inputs):
            self.steps = self.steps + 1
            return super().construct(*inputs)

    def run():
        net = nn.Dense(3, 2, weight_init="ones", bias_init="zeros")
        loss = nn.WithLossCell(net, nn.MSELoss())
        step = Step(loss, nn.SGD(net.trainable_params(), 0.1))
        x = ms.Tensor(np.arange(6, dtype=np.float32).reshape(2, 3) / 6)
        y = ms.Tensor(np.zeros((2, 2), np.float32))
        losses = [float(step(x, y).asnumpy()) for _ in range(7)]
        return step.steps, losses, net.weight.asnumpy()

    steps_g, losses_g, w_g = run()
    ms.set_context(mode=ms.PYNATIVE_MODE)
    steps_p, losses_p, w_p = run()
    assert steps_g == steps_p == 7
    np.testing.assert_allclose(losses_g, losses_p, rtol=1e-6)
    np.testing.assert_allclose(w_g, w_p, rtol=1e-6)
    assert losses_g[-1] < losses_g[0]


def test_attributes_only_read_stay_constants(graph):
    """Attributes construct only reads are constants of the compiled graph in MindSpore 2.10:
    a new value set between calls is not seen (x * t + b stays 2 after t=5, b=10)."""
    class Read(nn.Cell):
        def __init__(self):
            super().__init__()
            self.t = ms.Tensor(np.ones(2, np.float32))
            self.b = 1.0

        def construct(self, x):
            return x * self.t + self.b

    net = Read()
    assert net(_ones()).asnumpy().tolist() == [2.0, 2.0]
    net.t, net.b = ms.Tensor(np.full(2, 5, np.float32)), 10.0
    assert net(_ones()).asnumpy().tolist() == [2.0, 2.0]


def test_attribute_written_on_tensor_branches_follows_the_taken_branch(graph):
    """A Python attribute whose new value depends on a tensor condition: each call takes its
    own branch's value, as MindSpore 2.10 does (flag 1 after a positive sum, then 2)."""
    class Branchy(nn.Cell):
        def __init__(self):
            super().__init__()
            self.flag = 0

        def construct(self, x):
            if x.sum() > 0:
                self.flag = 1
                return x + 1
            self.flag = 2
            return x - 1

    net = Branchy()
    assert net(_ones()).asnumpy().tolist() == [2.0, 2.0] and net.flag == 1
    assert net(-_ones()).asnumpy().tolist() == [-2.0, -2.0] and net.flag == 2
    assert net(_ones()).asnumpy().tolist() == [2.0, 2.0] and net.flag == 1


def test_pynative_attribute_writes_unchanged():
    old = ms.get_context("mode")
    ms.set_context(mode=ms.PYNATIVE_MODE)
    try:
        net = _Counter()
        assert [net(_ones()).asnumpy()[0] for _ in range(3)] == [1.0, 2.0, 3.0]
    finally:
        ms.set_context(mode=old)


def test_constant_initializer_takes_one_value():
    """research/nlp/transX's TransR initialises an Embedding with Constant(identity matrices):
    MindSpore 2.10 fills with numpy's ndarray.fill and raises ValueError for any value of more
    than one element (ms-oracle); mindcell broadcast the array and ran on."""
    from mindcell.common.initializer import Constant, initializer
    eyes = np.eye(3, dtype=np.float32)[None].repeat(2, axis=0).reshape(2, 9)
    for value in (eyes, np.ones(2, np.float32), np.ones((2, 2), np.float32), [1.0, 2.0]):
        with pytest.raises(ValueError, match="sequence"):
            initializer(Constant(value), (2, 2), ms.float32).init_data()
    with pytest.raises(ValueError, match="sequence"):
        nn.Embedding(2, 9, embedding_table=Constant(eyes))
    # one value, as a scalar or a one-element array, fills the shape
    assert initializer(Constant(np.float32(2.0)), (2, 2), ms.float32).init_data().asnumpy().sum() == 8.0
    assert initializer(Constant(np.ones((1,), np.float32)), (2, 2),
                       ms.float32).init_data().asnumpy().sum() == 4.0
