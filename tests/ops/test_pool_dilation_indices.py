"""max_pool2d / nn.MaxPool2d / nn.MaxPool1d dilation and return_indices (accepted and ignored
before), data_format on CPU, and the primitive arguments Argmax(output_type), Conv2D(mode),
SparseSoftmaxCrossEntropyWithLogits(is_grad); MindSpore's values: tests/goldens/params/004."""
import numpy as np
import pytest

import mindcell as ms
from mindcell import nn, ops, Tensor


def _reference(x, k, s, p, d, ceil):
    """numpy loop: max and first argmax (h * W + w) of each dilated window; padding = -inf."""
    n, c, h, w = x.shape
    span = [d[i] * (k[i] - 1) + 1 for i in range(2)]
    size = []
    for i, length in enumerate((h, w)):
        room = length + 2 * p[i] - span[i]
        o = (-(-room // s[i]) if ceil else room // s[i]) + 1
        if ceil and (o - 1) * s[i] >= length + p[i]:
            o -= 1
        size.append(o)
    out = np.full((n, c) + tuple(size), -np.inf, x.dtype)
    idx = np.zeros((n, c) + tuple(size), np.int64)
    for oh in range(size[0]):
        for ow in range(size[1]):
            for i in range(k[0]):
                for j in range(k[1]):
                    r, q = oh * s[0] - p[0] + i * d[0], ow * s[1] - p[1] + j * d[1]
                    if 0 <= r < h and 0 <= q < w:
                        v = x[:, :, r, q]
                        better = v > out[:, :, oh, ow]
                        out[:, :, oh, ow] = np.where(better, v, out[:, :, oh, ow])
                        idx[:, :, oh, ow] = np.where(better, r * w + q, idx[:, :, oh, ow])
    return out, idx


@pytest.mark.parametrize("k,s,p,d,ceil", [
    ((2, 2), (1, 1), (0, 0), (2, 2), False), ((3, 2), (2, 1), (1, 1), (2, 1), False),
    ((3, 3), (2, 2), (1, 1), (1, 1), True), ((2, 3), (1, 2), (1, 0), (3, 2), True)])
def test_max_pool2d_matches_numpy(k, s, p, d, ceil):
    x = np.random.default_rng(0).standard_normal((2, 3, 9, 8)).astype(np.float32)
    out, idx = ops.max_pool2d(Tensor(x), k, s, p, dilation=d, return_indices=True,
                              ceil_mode=ceil)
    want, want_idx = _reference(x, k, s, p, d, ceil)
    np.testing.assert_array_equal(out.asnumpy(), want)
    np.testing.assert_array_equal(idx.asnumpy(), want_idx)
    assert str(idx.dtype) == "Int64"
    only = ops.max_pool2d(Tensor(x), k, s, p, dilation=d, ceil_mode=ceil)
    np.testing.assert_array_equal(only.asnumpy(), want)


def test_dilated_pool_gradient_goes_to_the_maxima():
    x = np.random.default_rng(1).standard_normal((1, 1, 6, 6)).astype(np.float32)
    g = ops.grad(lambda t: ops.max_pool2d(t, 2, 1, 0, dilation=2).sum())(Tensor(x)).asnumpy()
    _, idx = _reference(x, (2, 2), (1, 1), (0, 0), (2, 2), False)
    want = np.bincount(idx.ravel(), minlength=36).reshape(1, 1, 6, 6).astype(np.float32)
    np.testing.assert_array_equal(g, want)


def test_cells_use_dilation_and_indices():
    x = np.random.default_rng(2).standard_normal((2, 3, 7, 7)).astype(np.float32)
    out, idx = nn.MaxPool2d(3, 2, pad_mode="pad", padding=1, dilation=2,
                            return_indices=True)(Tensor(x))
    want, want_idx = _reference(x, (3, 3), (2, 2), (1, 1), (2, 2), False)
    np.testing.assert_array_equal(out.asnumpy(), want)
    np.testing.assert_array_equal(idx.asnumpy(), want_idx)
    x1 = x[:, :, 0]
    out, idx = nn.MaxPool1d(2, 1, pad_mode="pad", dilation=3, return_indices=True)(Tensor(x1))
    want, want_idx = _reference(x1[:, :, None], (1, 2), (1, 1), (0, 0), (1, 3), False)
    np.testing.assert_array_equal(out.asnumpy(), want[:, :, 0])
    np.testing.assert_array_equal(idx.asnumpy(), want_idx[:, :, 0])


def test_graph_mode_agrees():
    x = Tensor(np.random.default_rng(3).standard_normal((1, 2, 6, 6)).astype(np.float32))
    net = nn.MaxPool2d(2, 1, pad_mode="pad", dilation=2, return_indices=True)
    eager = [t.asnumpy() for t in net(x)]
    ms.set_context(mode=ms.GRAPH_MODE)
    try:
        graph = [t.asnumpy() for t in nn.MaxPool2d(2, 1, pad_mode="pad", dilation=2,
                                                   return_indices=True)(x)]
    finally:
        ms.set_context(mode=ms.PYNATIVE_MODE)
    for a, b in zip(eager, graph):
        np.testing.assert_array_equal(a, b)


def test_refused_arguments_name_themselves():
    with pytest.raises(ValueError, match="dilation"):
        nn.MaxPool2d(2, 1, dilation=2)
    with pytest.raises(ValueError, match="return_indices"):
        nn.MaxPool1d(2, 1, return_indices=True)
    for make in (lambda: nn.MaxPool2d(2, data_format="NHWC"),
                 lambda: nn.AvgPool2d(2, data_format="NHWC"),
                 lambda: nn.BatchNorm2d(3, data_format="NHWC"),
                 lambda: ops.MaxPool(2, 2, data_format="NHWC"),
                 lambda: ops.Conv2D(2, 2, data_format="NHWC")):
        with pytest.raises(ValueError, match="data_format"):
            make()
    with pytest.raises(ValueError, match="'mode'"):
        ops.Conv2D(2, 2, mode=2)
    with pytest.raises(ValueError, match="output_type"):
        ops.Argmax(output_type=ms.float32)
    with pytest.raises(TypeError, match="is_grad"):
        ops.SparseSoftmaxCrossEntropyWithLogits(is_grad=1)


def test_argmax_output_type_and_sparse_ce_gradient():
    x = np.random.default_rng(4).standard_normal((4, 5)).astype(np.float32)
    out = ops.Argmax(output_type=ms.int64)(Tensor(x))
    assert str(out.dtype) == "Int64"
    np.testing.assert_array_equal(out.asnumpy(), x.argmax(-1))
    labels = np.array([0, 3, 1, 4], np.int32)
    g = ops.SparseSoftmaxCrossEntropyWithLogits(is_grad=True)(Tensor(x), Tensor(labels))
    p = np.exp(x - x.max(-1, keepdims=True))
    p /= p.sum(-1, keepdims=True)
    p[np.arange(4), labels] -= 1
    np.testing.assert_allclose(g.asnumpy(), p / 4, rtol=1e-5, atol=1e-7)
    loss = lambda t: ops.SparseSoftmaxCrossEntropyWithLogits()(t, Tensor(labels))  # noqa: E731
    np.testing.assert_allclose(ops.grad(loss)(Tensor(x)).asnumpy(), g.asnumpy(), rtol=1e-5,
                               atol=1e-7)
