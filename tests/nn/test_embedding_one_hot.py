"""nn.Embedding: use_one_hot (one_hot(ids) @ table) equals the gather lookup and numpy
``table[ids]`` in both modes, with the same table gradient (and float64 finite differences);
the ids / dtype / use_one_hot / padding_idx checks MindSpore documents."""
import numpy as np
import pytest

import mindcell as ms
from mindcell import nn, Tensor

TABLE = np.random.default_rng(0).standard_normal((6, 4)).astype(np.float32)


def _ids(shape, dtype):
    return np.random.default_rng(sum(shape)).integers(0, 6, shape).astype(dtype)


@pytest.mark.parametrize("use_one_hot, id_dtype", [(False, np.int32), (False, np.int64),
                                                   (True, np.int32)])
@pytest.mark.parametrize("shape", [(5,), (2, 3), (2, 1, 3)])
def test_lookup_values_and_table_gradient(mode, use_one_hot, id_dtype, shape):
    emb = nn.Embedding(6, 4, use_one_hot, embedding_table=Tensor(TABLE))
    ids = _ids(shape, id_dtype)
    out = emb(Tensor(ids))
    assert out.shape == shape + (4,) and out.dtype == ms.float32
    np.testing.assert_array_equal(out.asnumpy(), TABLE[ids])
    probe = np.random.default_rng(1).standard_normal(shape + (4,)).astype(np.float32)
    grad = ms.grad(lambda x: (emb(x) * Tensor(probe)).sum(), weights=emb.trainable_params())(
        Tensor(ids))[1][0]
    want = np.zeros_like(TABLE)
    np.add.at(want, ids.reshape(-1), probe.reshape(-1, 4))
    np.testing.assert_allclose(grad.asnumpy(), want, rtol=1e-6, atol=1e-6)


def test_one_hot_table_gradient_matches_finite_differences():
    table = np.random.default_rng(3).standard_normal((4, 3))
    ids = Tensor(np.array([[0, 3], [3, 1]], np.int32))
    probe = np.random.default_rng(4).standard_normal((2, 2, 3))

    def loss(t):
        emb = nn.Embedding(4, 3, True, embedding_table=Tensor(t), dtype=ms.float64)
        return float((emb(ids).asnumpy() * probe).sum()), emb

    _, emb = loss(table)
    g = ms.grad(lambda x: (emb(x) * Tensor(probe)).sum(), weights=emb.trainable_params())(ids)[1][0]
    assert g.dtype == ms.float64
    fd = np.zeros_like(table)
    for i in np.ndindex(table.shape):
        d = np.zeros_like(table)
        d[i] = 1e-6
        fd[i] = (loss(table + d)[0] - loss(table - d)[0]) / 2e-6
    np.testing.assert_allclose(g.asnumpy(), fd, rtol=1e-6, atol=1e-8)


def test_mindspore_example_and_padding_idx():
    out = nn.Embedding(20000, 768, True)(Tensor(np.ones([8, 128]), ms.int32))
    assert out.shape == (8, 128, 768)
    emb = nn.Embedding(6, 4, True, embedding_table=Tensor(TABLE), padding_idx=2)
    np.testing.assert_array_equal(emb(Tensor(np.array([2, 1], np.int32))).asnumpy(),
                                  [np.zeros(4), TABLE[1]])


@pytest.mark.parametrize("make, exc, match", [
    (lambda: nn.Embedding(6, 4, use_one_hot=1), TypeError, "'use_one_hot' must be a bool"),
    (lambda: nn.Embedding(6, 4, dtype=ms.bool_), TypeError, "'dtype' must be a number dtype"),
    (lambda: nn.Embedding(6, 4, dtype="float32"), TypeError, "'dtype' must be a number dtype"),
    (lambda: nn.Embedding(6, 4, True, dtype=ms.int32), TypeError,
     "with use_one_hot=True 'dtype'"),
    (lambda: nn.Embedding(6, 4, padding_idx=-1), ValueError, r"'padding_idx' must be in \[0, 5\]"),
    (lambda: nn.Embedding(6, 4, padding_idx=6), ValueError, "'padding_idx' must be in"),
    (lambda: nn.Embedding(6, 4, padding_idx=1.0), TypeError, "'padding_idx' must be an int"),
    # MindSpore 2.10 CPU (ms-oracle): Int16/Int32/Int64 ids for the lookup, Int32/Int64 with
    # use_one_hot; Int8, UInt8, floats and bools raise
    (lambda: nn.Embedding(6, 4)(Tensor(np.ones(2, np.float32))), TypeError,
     "ids must be Int16 or Int32 or Int64"),
    (lambda: nn.Embedding(6, 4)(Tensor(np.ones(2, np.int8))), TypeError, "ids must be"),
    (lambda: nn.Embedding(6, 4, True)(Tensor(np.ones(2, np.int16))), TypeError,
     r"ids must be Int32 or Int64 \(use_one_hot=True\)"),
])
def test_argument_errors(make, exc, match):
    with pytest.raises(exc, match="Embedding: " + match):
        make()


@pytest.mark.parametrize("mode", [ms.PYNATIVE_MODE, ms.GRAPH_MODE], ids=["pynative", "graph"])
def test_one_hot_out_of_range_ids_are_zero_rows_in_both_modes(mode):
    ms.set_context(mode=mode)  # MindSpore's one-hot lookup: zero rows
    out = nn.Embedding(6, 4, True, embedding_table=Tensor(TABLE))(Tensor(np.array([1, 9, -1],
                                                                                  np.int32)))
    np.testing.assert_array_equal(out.asnumpy(), [TABLE[1], np.zeros(4), np.zeros(4)])


def test_dtype_is_kept_and_shown():
    emb = nn.Embedding(6, 4, dtype=ms.int32)  # accepted (only the one-hot path uses it)
    assert emb.dtype == ms.int32 and "dtype=Int32" in repr(emb)
    table64 = nn.Embedding(2, 2, embedding_table=Tensor(np.eye(2))).embedding_table
    assert table64.dtype == ms.float64  # a given table keeps its dtype
