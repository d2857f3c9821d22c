"""Cell API beyond the conformance cases: PyTorch-style aliases, repr, hooks in both modes,
custom bprop in graphs, to_float, state_dict round trips."""
import numpy as np
import pytest

import mindcell as ms
from mindcell import nn, ops, Tensor, Parameter


class Net(nn.Cell):
    def __init__(self):
        super().__init__()
        self.fc1 = nn.Dense(3, 4)
        self.act = nn.ReLU()
        self.fc2 = nn.Dense(4, 2)

    def construct(self, x):
        return self.fc2(self.act(self.fc1(x)))


def test_torch_style_aliases():
    net = Net()
    assert [n for n, _ in net.named_parameters()] == ["fc1.weight", "fc1.bias", "fc2.weight",
                                                       "fc2.bias"]
    assert len(list(net.parameters())) == 4
    assert [n for n, _ in net.named_children()] == ["fc1", "act", "fc2"]
    assert [type(c).__name__ for c in net.children()] == ["Dense", "ReLU", "Dense"]
    assert [n for n, _ in net.named_modules()] == ["", "fc1", "act", "fc2"]
    assert len(list(net.modules())) == 4
    assert net.train() is net and net.training and all(c.training for c in net.modules())
    net.eval()
    assert not net.fc1.training
    net.requires_grad_(False)
    assert net.trainable_params() == []
    net.add_module("extra", nn.Tanh())
    assert net.get_submodule("extra") is net.extra
    net.register_parameter("scale", Parameter(Tensor(np.ones(1, np.float32))))
    assert net.get_parameter("scale").name == "scale"
    assert net.extra_repr() == net.extend_repr()
    net.double()
    assert net.fc1.weight.dtype == ms.float64
    assert net.zero_grad() is None


def test_forward_method_works_like_construct():
    class Torchy(nn.Cell):
        def __init__(self):
            super().__init__()
            self.fc = nn.Dense(2, 2, weight_init="ones", bias_init="zeros")

        def forward(self, x):
            return self.fc(x) * 2

    assert Torchy()(Tensor(np.ones((1, 2), np.float32))).asnumpy().tolist() == [[4.0, 4.0]]


def test_state_dict_round_trip_and_atomic_failure():
    a, b = Net(), Net()
    b.load_state_dict(a.state_dict())
    np.testing.assert_array_equal(a.fc1.weight.asnumpy(), b.fc1.weight.asnumpy())
    before = b.fc2.bias.asnumpy().copy()
    bad = dict(a.state_dict())
    bad["fc2.bias"] = Tensor(np.zeros(2, np.float32))
    bad["fc1.weight"] = Tensor(np.zeros((9, 9), np.float32))
    with pytest.raises(RuntimeError, match="size mismatch"):
        b.load_state_dict(bad)
    np.testing.assert_array_equal(b.fc2.bias.asnumpy(), before)


def test_backward_hook_in_graph_mode(mode):
    net = Net()
    seen = []
    net.act.register_backward_hook(lambda c, gi, go: seen.append(gi[0].shape))
    x = Tensor(np.ones((2, 3), np.float32))
    g = ops.grad(net)(x)
    assert g.shape == (2, 3)
    assert seen == [(2, 4)]


def test_custom_bprop_in_graph_mode(mode):
    class Scale(nn.Cell):
        def construct(self, x):
            return x * 3

        def bprop(self, x, out, dout):
            return (dout * 100,)

    g = ops.grad(Scale())(Tensor(np.ones(2, np.float32)))
    assert g.asnumpy().tolist() == [100.0, 100.0]


def test_to_float_runs_in_float16(mode):
    net = Net().to_float(ms.float16)
    y = net(Tensor(np.ones((2, 3), np.float32)))
    assert y.dtype == ms.float16
    assert net.fc1.weight.dtype == ms.float32


def test_recompute_does_not_change_results():
    ms.set_seed(0)
    net = Net()
    x = Tensor(np.random.default_rng(0).standard_normal((4, 3)).astype(np.float32))
    grad_fn = ops.grad(lambda t: net(t).sum(), None, net.trainable_params())
    eager = [g.asnumpy() for g in grad_fn(x)]
    ms.set_context(mode=ms.GRAPH_MODE)
    net.fc1.recompute()
    graph = [g.asnumpy() for g in ops.grad(lambda t: net(t).sum(), None,
                                           net.trainable_params())(x)]
    for a, b in zip(eager, graph):
        np.testing.assert_allclose(a, b, rtol=1e-5, atol=1e-6)


def test_repr_of_nested_network():
    text = repr(Net())
    assert text.startswith("Net(\n  (fc1): Dense(input_channels=3, output_channels=4")
    assert "(act): ReLU()" in text
