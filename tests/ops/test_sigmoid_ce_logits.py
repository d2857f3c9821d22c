"""ops.SigmoidCrossEntropyWithLogits: elementwise values against a float64 numpy reference (large
|logits| included), MindSpore's documented example, GRAPH_MODE == PYNATIVE_MODE, the logits
gradient (sigmoid(x) - label), and argument errors. FD gradients: tests/ops/api_table_classes."""
import numpy as np
import pytest
from hypothesis import given, settings, strategies as st
from hypothesis.extra import numpy as hnp

import mindcell as ms
from mindcell import nn, ops, Tensor


def reference(x, y):
    x, y = x.astype(np.float64), y.astype(np.float64)
    # log(sigmoid(x)) = -log1p(exp(-x)) written without overflow for either sign
    log_p = -np.logaddexp(0, -x)
    log_q = -np.logaddexp(0, x)
    return -(y * log_p + (1 - y) * log_q)


class Net(nn.Cell):
    def __init__(self):
        super().__init__()
        self.loss = ops.SigmoidCrossEntropyWithLogits()

    def construct(self, x, y):
        return self.loss(x, y)


floats = st.floats(-60, 60, allow_nan=False, width=32)


@settings(max_examples=40, deadline=None)
@given(st.sampled_from([np.float32, np.float64]), hnp.array_shapes(min_dims=1, max_dims=3,
                                                                    max_side=4), st.data())
def test_values_against_reference(dtype, shape, data):
    x = data.draw(hnp.arrays(dtype, shape, elements=floats))
    y = data.draw(hnp.arrays(dtype, shape, elements=st.floats(-1, 2, width=32)))
    out = ops.SigmoidCrossEntropyWithLogits()(Tensor(x), Tensor(y))
    assert out.dtype == Tensor(x).dtype and out.shape == shape
    tol = 1e-5 if dtype == np.float32 else 1e-9  # logsigmoid returns x beyond |x| > 20
    np.testing.assert_allclose(out.asnumpy(), reference(x, y), rtol=tol, atol=tol * 60)


def test_mindspore_example_and_modes(mode):
    logits = Tensor(np.array([[-0.8, 1.2, 0.7], [-0.1, -0.4, 0.7]], np.float32))
    labels = Tensor(np.array([[0.3, 0.8, 1.2], [-0.6, 0.1, 2.2]], np.float32))
    np.testing.assert_allclose(Net()(logits, labels).asnumpy(),
                               [[0.6111007, 0.5032824, 0.26318604],
                                [0.58439666, 0.5530153, -0.4368139]], rtol=2e-6)


def test_logits_gradient_is_sigmoid_minus_label(mode):
    rng = np.random.default_rng(0)
    x, y = rng.standard_normal((3, 4)) * 5, rng.random((3, 4))
    fn = lambda a, b: Net()(a, b).sum()  # noqa: E731
    g = ops.grad(fn)(Tensor(x), Tensor(y))
    np.testing.assert_allclose(g.asnumpy(), 1 / (1 + np.exp(-x)) - y, rtol=1e-12, atol=1e-14)


def test_label_gradient_is_zero(mode):
    # MindSpore 2.10's bprop gives the label zeros (ms-oracle), though the loss depends on it
    # (the functional binary_cross_entropy_with_logits differentiates its target)
    x = Tensor(np.array([[0.3, -1.2], [2.0, 0.5]], np.float32))
    y = Tensor(np.array([[1.0, 0.0], [0.0, 1.0]], np.float32))
    _, dy = ops.grad(lambda a, b: Net()(a, b).sum(), grad_position=(0, 1))(x, y)
    np.testing.assert_array_equal(dy.asnumpy(), np.zeros((2, 2), np.float32))
    _, dt = ops.grad(lambda a, b: ops.binary_cross_entropy_with_logits(a, b, reduction="sum"),
                     grad_position=(0, 1))(x, y)
    np.testing.assert_allclose(dt.asnumpy(), [[-0.3, 1.2], [-2.0, -0.5]], rtol=1e-6)


@pytest.mark.parametrize("args, exc, match", [
    ((np.ones(3, np.int32), np.ones(3, np.int32)), TypeError, "'logits' must be a float"),
    ((np.ones(3, np.float32), np.ones(3, np.float64)), TypeError, "'label' must have the dtype"),
    ((np.ones(3, np.float32), np.ones((1, 3), np.float32)), ValueError,
     r"'label' must have the shape of 'logits' \(3,\)"),
])
def test_errors(args, exc, match):
    with pytest.raises(exc, match="SigmoidCrossEntropyWithLogits: " + match):
        ops.SigmoidCrossEntropyWithLogits()(*[Tensor(a) for a in args])
    with pytest.raises(TypeError, match="SigmoidCrossEntropyWithLogits: 'label' must be a Tensor"):
        ops.SigmoidCrossEntropyWithLogits()(Tensor(np.ones(3, np.float32)), 1.0)
