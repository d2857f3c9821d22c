"""Fixes found by running MindSpore's tests/st/ops/cpu test files (op names a..l) under mindcell
(round 11, helper st11a). Each test is written fresh; the expected values are numpy references or
what MindSpore 2.10 printed for the same program (ms-oracle)."""
import numpy as np
import pytest

import mindcell as ms
from mindcell import Parameter, Tensor, context, ops
from mindcell.ops import operations as P


@pytest.fixture
def pynative():
    old = context.get_context("mode")
    context.set_context(mode=context.PYNATIVE_MODE)
    yield
    context.set_context(mode=old)


def _sgd(var, lr, grad):
    return P.ApplyGradientDescent()(var, lr, grad)


def test_vmap_inplace_optimizer_writes_each_row_of_the_parameter(pynative):
    # ms-oracle: vmap(ApplyGradientDescent) over a Parameter updates the Parameter row by row
    start = np.array([[0.1, 0.2], [0.3, 0.4], [0.5, 0.6]], np.float32)
    var = Parameter(Tensor(start.copy()), name="var")
    lr = np.array([0.1, 0.2, 0.5], np.float32)
    grad = np.arange(6, dtype=np.float32).reshape(3, 2)
    out = ops.vmap(_sgd, in_axes=(0, 0, 0))(var, Tensor(lr), Tensor(grad))
    expect = start - lr[:, None] * grad
    np.testing.assert_allclose(out.asnumpy(), expect, rtol=1e-6)
    np.testing.assert_allclose(var.asnumpy(), expect, rtol=1e-6)


def test_inplace_optimizer_on_a_row_view_writes_the_base(pynative):
    # a plain Tensor row (basic indexing: a view eagerly) handed to an optimizer primitive:
    # the kernel writes into that memory, so the base changes too (as ops.assign on the row)
    base = Tensor(np.ones((2, 3), np.float32))
    accum = Tensor(np.full((2, 3), 0.5, np.float32))
    row, acc_row = base[1], accum[1]
    grad = Tensor(np.array([1.0, 2.0, 4.0], np.float32))
    P.ApplyAdagrad()(row, acc_row, Tensor(np.float32(0.1)), grad)
    g = np.array([1.0, 2.0, 4.0], np.float32)
    new_acc = 0.5 + g * g
    np.testing.assert_allclose(accum.asnumpy()[1], new_acc, rtol=1e-6)
    np.testing.assert_allclose(base.asnumpy()[1], 1 - 0.1 * g / np.sqrt(new_acc), rtol=1e-6)
    np.testing.assert_array_equal(base.asnumpy()[0], np.ones(3, np.float32))
