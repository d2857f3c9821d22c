"""MindSpore's mixed-precision flags: add_flags / add_flags_recursive with fp16, fp32 or bf16
make a cell run in that float type, as to_float does (GAT in MindSpore's model zoo asks for
float16 this way), and a cell running in a float type reads its trainable Parameters in it,
so a user cell that multiplies by its own Parameter works under float16 (MindSpore 2.10
PYNATIVE_MODE computes these in float16; checked with ms-oracle)."""
import numpy as np
import pytest

import mindcell as ms
from mindcell import Parameter, Tensor, nn, ops


class Affine(nn.Cell):
    """A user cell that uses its Parameters directly (no built-in layer casting them)."""

    def __init__(self):
        super().__init__()
        self.w = Parameter(Tensor(np.linspace(-1, 1, 6, dtype=np.float32).reshape(3, 2)), name="w")
        self.b = Parameter(Tensor(np.array([0.5, -0.25], np.float32)), name="b")
        self.calls = Parameter(Tensor(np.zeros(1, np.float32)), name="calls", requires_grad=False)

    def construct(self, x):
        ops.assign_add(self.calls, Tensor(np.ones(1, np.float32)))
        return ops.matmul(x, self.w) + self.b


class Outer(nn.Cell):
    def __init__(self):
        super().__init__()
        self.inner = Affine()

    def construct(self, x):
        return self.inner(x)


X = np.array([[0.1234567, 0.7654321, 0.3]], np.float32)


def _float16_reference():
    x16 = X.astype(np.float16)
    w16 = np.linspace(-1, 1, 6, dtype=np.float32).reshape(3, 2).astype(np.float16)
    return (x16 @ w16 + np.array([0.5, -0.25], np.float16)).astype(np.float16)


@pytest.mark.parametrize("how", ["to_float", "flags_recursive", "flag_on_outer_only"])
def test_float16_cells_read_parameters_in_float16(how, mode):
    net = Outer()
    if how == "to_float":
        net.to_float(ms.float16)
    elif how == "flags_recursive":
        net.add_flags_recursive(fp16=True)
    else:
        net.add_flags(fp16=True)
    out = net(Tensor(X))
    assert out.dtype == ms.float16
    np.testing.assert_allclose(out.asnumpy(), _float16_reference(), rtol=1e-3)
    # the stored Parameters keep float32, and the gradients reach them in float32
    assert net.inner.w.dtype == ms.float32
    grads = ops.grad(lambda a: net(a).sum(), None, net.trainable_params())(Tensor(X))
    assert [g.dtype for g in grads] == [ms.float32, ms.float32]
    np.testing.assert_allclose(grads[0].asnumpy(), np.repeat(X.T, 2, axis=1), rtol=1e-3)
    # a Parameter that is not trained (updated in place) is written, not a cast copy
    assert net.inner.calls.asnumpy()[0] >= 1


def test_flags_are_attributes_and_false_keeps_the_type():
    net = Affine()
    net.add_flags(fp16=False)
    assert net.fp16 is False
    out = net(Tensor(X))
    assert out.dtype == ms.float32
    net.add_flags(fp16=True)
    assert net(Tensor(X)).dtype == ms.float16
    net.add_flags(fp32=True)
    assert net(Tensor(X)).dtype == ms.float32


def test_parameters_outside_construct_are_the_stored_ones():
    net = Outer().to_float(ms.float16)
    net(Tensor(X))
    assert net.inner.w is net.inner._params["w"]
    assert net.inner.w.dtype == ms.float32
