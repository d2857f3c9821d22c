"""Parameter.value() as MindSpore 2.10 gives it (ms-oracle): a snapshot Tensor in its own
buffer that autodiff still traces to the Parameter. The model zoo's Transformer (and Bert)
EmbeddingLookup returns ``self.embedding_table.value()`` for the tied output projection;
mindcell returned a detached alias, so the projection's share of the table's gradient was
silently dropped (half of it in a small Transformer) and training diverged from MindSpore."""
import numpy as np
import pytest

import mindcell as ms
from mindcell import Parameter, Tensor, nn, ops


class TwoUses(nn.Cell):
    def __init__(self):
        super().__init__()
        self.w = Parameter(Tensor(np.array([1.0, 2.0], np.float32)), "w")

    def construct(self, x):
        v = self.w.value()
        return (v * x).sum() + (self.w * x).sum()


def test_gradient_flows_through_value(mode):
    net = TwoUses()
    x = Tensor(np.array([3.0, 4.0], np.float32))
    (g,) = ops.GradOperation(get_by_list=True)(net, net.trainable_params())(x)
    np.testing.assert_array_equal(g.asnumpy(), [6.0, 8.0])  # MindSpore 2.10, both modes


class TiedEmbedding(nn.Cell):
    """Lookup and output projection share one table read through value()."""

    def __init__(self):
        super().__init__()
        rng = np.random.default_rng(0)
        self.table = Parameter(Tensor(rng.standard_normal((5, 3)).astype(np.float32)), "table")

    def construct(self, ids):
        emb = ops.gather(self.table, ids, 0)
        table = self.table.value()
        logits = ops.matmul(emb, table.T)
        return ops.log_softmax(logits, -1).sum()


def test_tied_table_gets_both_gradients(mode):
    net = TiedEmbedding()
    ids = Tensor(np.array([0, 3, 3], np.int32))
    (g,) = ops.GradOperation(get_by_list=True)(net, net.trainable_params())(ids)

    # the same function with the table passed as an input: its full gradient
    def f(table):
        emb = ops.gather(table, ids, 0)
        return ops.log_softmax(ops.matmul(emb, table.T), -1).sum()
    want = ms.grad(f)(Tensor(net.table.asnumpy()))
    np.testing.assert_allclose(g.asnumpy(), want.asnumpy(), rtol=1e-5, atol=1e-6)
    assert np.abs(g.asnumpy()[[1, 2, 4]]).sum() > 0  # rows reached only through value()


def test_value_is_a_snapshot():
    ms.set_context(mode=ms.PYNATIVE_MODE)
    p = Parameter(Tensor(np.array([1.0, 2.0], np.float32)), "p")
    v = p.value()
    assert type(v) is Tensor and v.dtype == ms.float32 and v.shape == (2,)
    ops.assign(p, Tensor(np.array([5.0, 6.0], np.float32)))
    np.testing.assert_array_equal(v.asnumpy(), [1.0, 2.0])
    v[0] = 9.0
    np.testing.assert_array_equal(v.asnumpy(), [9.0, 2.0])
    np.testing.assert_array_equal(p.asnumpy(), [5.0, 6.0])
