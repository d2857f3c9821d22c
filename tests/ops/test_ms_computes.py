"""Calls MindSpore 2.10 computes that mindcell refused (the rows of tests/goldens/param_sweep and
tests/goldens/arg_kinds where mindcell raised and MindSpore returned a value; ms-oracle):
mindcell gives MindSpore's result, and the faces MindSpore refuses them on still raise."""
import numpy as np
import pytest

import mindcell as ms
from mindcell import Tensor, mint, nn, ops

RNG = np.random.default_rng(0)
X4 = RNG.standard_normal((1, 2, 4, 4)).astype(np.float32)
W3 = RNG.standard_normal((3, 2, 3, 3)).astype(np.float32)


@pytest.mark.parametrize("call, shape", [
    (lambda: ops.conv2d(Tensor(X4), Tensor(W3), dilation=2), (1, 3, 0, 0)),
    (lambda: ops.conv2d(Tensor(X4), Tensor(W3), Tensor(np.ones(3, np.float32)), dilation=(2, 1)),
     (1, 3, 0, 2)),
    (lambda: ops.Conv2D(3, 3, dilation=2)(Tensor(X4), Tensor(W3)), (1, 3, 0, 0)),
    (lambda: nn.Conv2d(2, 3, 3, dilation=2, pad_mode="valid")(Tensor(X4)), (1, 3, 0, 0)),
    (lambda: ops.conv1d(Tensor(X4[:, :, 0]), Tensor(W3[:, :, 0]), dilation=2), (1, 3, 0)),
    (lambda: ops.conv3d(Tensor(np.ones((1, 2, 4, 4, 4), np.float32)),
                        Tensor(np.ones((3, 2, 3, 3, 3), np.float32)), dilation=2), (1, 3, 0, 0, 0)),
])
def test_dilated_kernel_one_longer_than_the_input_gives_an_empty_output(call, shape):
    # the dilated 3-tap kernel spans 5 of the 4 inputs: no output position, as MindSpore 2.10
    out = call()
    assert out.shape == shape and out.dtype == Tensor(X4).dtype


@pytest.mark.parametrize("call", [
    lambda: ops.conv2d(Tensor(X4), Tensor(W3), dilation=3),  # span -3: MindSpore ValueError
    lambda: ops.conv2d(Tensor(X4), Tensor(np.ones((3, 2, 5, 5), np.float32))),  # undilated
    lambda: ops.conv2d(Tensor(X4), Tensor(W3), dilation=2, stride=2),  # MindSpore RuntimeError
    lambda: mint.nn.functional.conv2d(Tensor(X4), Tensor(W3), dilation=2),  # mint: ValueError
])
def test_longer_kernels_still_raise(call):
    with pytest.raises(ValueError, match="larger than the padded input"):
        call()


def test_mint_max_min_of_a_float_is_the_elementwise_overload():
    # MindSpore 2.10: mint.max(x, 2.0) is maximum(x, 2.0); with keepdim a float dim is refused
    x = np.array([[-1.5, 0.0, 0.5], [2.0, -0.25, 3.0]], np.float32)
    np.testing.assert_array_equal(mint.max(Tensor(x), 2.0).asnumpy(), np.maximum(x, 2))
    np.testing.assert_array_equal(mint.min(Tensor(x), 0.0).asnumpy(), np.minimum(x, 0))
    values, _ = mint.max(Tensor(x), 1)
    np.testing.assert_array_equal(values.asnumpy(), x.max(1))
    with pytest.raises(TypeError, match="mint.max"):
        mint.max(Tensor(x), 2.0, True)
    with pytest.raises(TypeError, match="mint.min"):
        mint.min(Tensor(x), dim=True)


X = np.array([[-1.5, 0.0, 0.5], [2.0, -0.25, 3.0]], np.float32)
X3 = np.arange(24, dtype=np.float32).reshape(2, 3, 4)
IDX = np.array([2, 0], np.int32)


@pytest.mark.parametrize("call, ref", [
    # MindSpore 2.10 (tests/goldens/arg_kinds): these functions check isinstance(axis, int),
    # which a bool passes, so True/False are the axes 1/0
    (lambda: ops.swapaxes(Tensor(X3), False, 2), lambda: X3.swapaxes(0, 2)),
    (lambda: Tensor(X3).swapaxes(0, True), lambda: X3.swapaxes(0, 1)),
    (lambda: ops.movedim(Tensor(X3), False, 2), lambda: np.moveaxis(X3, 0, 2)),
    (lambda: Tensor(X3).movedim((True,), (2,)), lambda: np.moveaxis(X3, 1, 2)),
    (lambda: ops.narrow(Tensor(X), True, 0, 2), lambda: X[:, :2]),
    (lambda: ops.topk(Tensor(X), 2, True)[0], lambda: -np.sort(-X, 1)[:, :2]),
    (lambda: ops.index_select(Tensor(X), True, Tensor(IDX)), lambda: X[:, IDX]),
])
def test_a_bool_axis_is_its_int_where_mindspore_takes_it(call, ref):
    np.testing.assert_array_equal(call().asnumpy(), ref())


@pytest.mark.parametrize("call", [
    # ... and the faces whose MindSpore 2.10 check refuses a bool still raise TypeError
    lambda: Tensor(X).narrow(True, 0, 2), lambda: Tensor(X).topk(2, True),
    lambda: Tensor(X).index_select(True, Tensor(IDX)), lambda: mint.swapaxes(Tensor(X3), False, 2),
    lambda: mint.transpose(Tensor(X3), 0, True), lambda: mint.narrow(Tensor(X), True, 0, 2),
    lambda: mint.topk(Tensor(X), 2, True), lambda: ops.narrow(Tensor(X), 1, False, 2),
    lambda: ops.topk(Tensor(X), True), lambda: ops.norm(Tensor(X), True, dim=1),
])
def test_a_bool_axis_is_refused_where_mindspore_refuses_it(call):
    with pytest.raises(TypeError, match="must be"):
        call()


def _t(dt, shape=(2,)):
    return Tensor(np.full(shape, 3, dt))


@pytest.mark.parametrize("call, dtype, value", [
    # MindSpore 2.10's Mul and Div take a 0-d tensor beside a tensor of its kind as a scalar:
    # the tensor's dtype is kept (ms-oracle); add, maximum, RealDiv and 1-element tensors promote
    (lambda: _t(np.float16) * _t(np.float32, ()), ms.float16, 9),
    (lambda: ops.mul(_t(np.float32, ()), _t(np.float16)), ms.float16, 9),
    (lambda: _t(np.float32) / _t(np.float64, ()), ms.float32, 1),
    (lambda: ops.div(_t(np.float16), _t(np.float32, ()), rounding_mode="trunc"), ms.float16, 1),
    (lambda: ops.Mul()(_t(np.int32), _t(np.int64, ())), ms.int32, 9),
    (lambda: mint.div(_t(np.float16), _t(np.float32, ())), ms.float16, 1),
    (lambda: ops.mul(_t(np.float16, ()), _t(np.float32)), ms.float32, 9),
    (lambda: ops.add(_t(np.float16), _t(np.float32, ())), ms.float32, 6),
    (lambda: ops.mul(_t(np.float16), _t(np.float32, (1,))), ms.float32, 9),
    (lambda: ops.mul(_t(np.float16, ()), _t(np.float32, ())), ms.float32, 9),
    (lambda: ops.mul(_t(np.int32), _t(np.float64, ())), ms.float64, 9),
    (lambda: ops.RealDiv()(_t(np.float16), _t(np.float32, ())), ms.float32, 1),
    (lambda: ops.RealDiv()(Tensor(np.array([-7, 7], np.int32)), _t(np.int64, ())), ms.int64, -2),
])
def test_mul_and_div_keep_the_tensor_dtype_beside_a_0d_tensor(call, dtype, value):
    out = call()
    assert out.dtype == dtype
    assert out.asnumpy().ravel()[0] == value


def test_inner_with_a_0d_operand_or_numpy_number_is_the_product():
    # MindSpore 2.10 (ms-oracle; arg_kinds ops:inner:a1=npscalar): the product, Mul's dtypes
    x = np.array([[-1.5, 0.0, 0.5], [2.0, -0.25, 3.0]], np.float32)
    for out in (ops.inner(Tensor(x), np.float64(2.0)), Tensor(x).inner(np.float32(2.0)),
                ops.inner(Tensor(x), Tensor(2.0, ms.float64))):
        assert out.dtype == ms.float32
        np.testing.assert_array_equal(out.asnumpy(), x * 2)
    i = ops.inner(Tensor(np.array([1, 2], np.int32)), np.int64(2))
    assert i.dtype == ms.int32 and i.asnumpy().tolist() == [2, 4]
    np.testing.assert_allclose(ops.inner(Tensor(x), Tensor(x)).asnumpy(), np.inner(x, x),
                               rtol=1e-6)
    with pytest.raises(TypeError, match="inner"):
        ops.inner(Tensor(x), np.ones(3))


def test_argmax_argmin_of_a_numpy_number():
    # MindSpore 2.10 hands a numpy number to numpy: index 0 as an Int64 Tensor (ms-oracle)
    for f in (ops.argmax, ops.argmin):
        out = f(np.float32(2.0))
        assert out.dtype == ms.int64 and int(out) == 0
        with pytest.raises(TypeError):
            f(np.ones(3, np.float32))
