"""ops.embedding's padding_idx, max_norm, norm_type and scale_grad_by_freq (accepted and ignored
before) against numpy references of their documented meaning (MindSpore 2.10 has no CPU kernel
for this op, so there is no golden to record)."""
import numpy as np
import pytest

import mindcell as ms
from mindcell import ops, Parameter, Tensor

W = (np.arange(20, dtype=np.float32).reshape(5, 4) - 6) / 4
IDX = np.array([[0, 2, 2], [4, 2, 1]], np.int32)


def _grad(**kw):
    return ops.grad(lambda w: (ops.embedding(Tensor(IDX), w, **kw)
                               * Tensor(np.arange(1, 5, dtype=np.float32))).sum())(Tensor(W))


def _plain_grad(rows_factor):
    g = np.zeros_like(W)
    for i in IDX.ravel():
        g[i] += np.arange(1, 5) * rows_factor(i)
    return g


def test_forward_is_the_lookup():
    for kw in ({}, {"padding_idx": 2}, {"scale_grad_by_freq": True},
               {"padding_idx": -1, "scale_grad_by_freq": True}):
        np.testing.assert_array_equal(ops.embedding(Tensor(IDX), Tensor(W), **kw).asnumpy(),
                                      W[IDX])


def test_padding_idx_gets_no_gradient():
    np.testing.assert_array_equal(_grad(padding_idx=2).asnumpy(),
                                  _plain_grad(lambda i: float(i != 2)))
    np.testing.assert_array_equal(_grad(padding_idx=-1).asnumpy(),
                                  _plain_grad(lambda i: float(i != 4)))


def test_scale_grad_by_freq_divides_by_the_count():
    counts = np.bincount(IDX.ravel(), minlength=5)
    np.testing.assert_allclose(_grad(scale_grad_by_freq=True).asnumpy(),
                               _plain_grad(lambda i: 1.0 / counts[i]), rtol=1e-6)
    np.testing.assert_allclose(_grad(scale_grad_by_freq=True, padding_idx=0).asnumpy(),
                               _plain_grad(lambda i: float(i != 0) / counts[i]), rtol=1e-6)


@pytest.mark.parametrize("p", [2.0, 1.0, 3.0])
def test_max_norm_renormalises_the_used_rows_in_place(p):
    w = Parameter(Tensor(W.copy()), name="w")
    out = ops.embedding(Tensor(IDX), w, max_norm=1.5, norm_type=p).asnumpy()
    norms = (np.abs(W) ** p).sum(1) ** (1 / p)
    used = np.isin(np.arange(5), IDX)
    want = W * np.where(used & (norms > 1.5), 1.5 / (norms + 1e-7), 1.0)[:, None]
    np.testing.assert_allclose(w.asnumpy(), want, rtol=1e-6)  # row 3 (unused) is untouched
    np.testing.assert_allclose(out, want[IDX], rtol=1e-6)
    t = Tensor(W.copy())
    ops.embedding(Tensor(IDX), t, max_norm=1.5, norm_type=p)
    np.testing.assert_array_equal(t.asnumpy(), W)  # a plain Tensor is not written to


def test_max_norm_gradient_is_the_lookup_gradient():
    np.testing.assert_array_equal(_grad(max_norm=1.0).asnumpy(), _plain_grad(lambda i: 1.0))


def test_graph_mode_agrees():
    class Net(ms.nn.Cell):
        def construct(self, i, w):
            return ops.embedding(i, w, padding_idx=2, scale_grad_by_freq=True)

    eager = ops.grad(lambda w: Net()(Tensor(IDX), w).sum())(Tensor(W)).asnumpy()
    ms.set_context(mode=ms.GRAPH_MODE)
    try:
        graph = ops.grad(lambda w: Net()(Tensor(IDX), w).sum())(Tensor(W)).asnumpy()
    finally:
        ms.set_context(mode=ms.PYNATIVE_MODE)
    np.testing.assert_array_equal(graph, eager)


def test_bad_arguments_name_themselves():
    with pytest.raises(ValueError, match="padding_idx"):
        ops.embedding(Tensor(IDX), Tensor(W), padding_idx=5)
    with pytest.raises(TypeError, match="scale_grad_by_freq"):
        ops.embedding(Tensor(IDX), Tensor(W), scale_grad_by_freq=1)
    with pytest.raises(ValueError, match="max_norm"):
        ops.embedding(Tensor(IDX), Tensor(W), max_norm=-1.0)
    with pytest.raises(TypeError, match="norm_type"):
        ops.embedding(Tensor(IDX), Tensor(W), norm_type="2")
