"""nn.EmbeddingLookup (MindSpore's signature): rows of the table at integer ids of any shape,
optional max_norm clipping of each row, both modes equal numpy, float64 finite-difference
gradients, argument errors naming the layer and the argument."""
import numpy as np
import pytest

import mindcell as ms
from mindcell import nn, ops


def _numpy(table, ids, max_norm):
    out = table[ids]
    if max_norm is not None:
        norm = np.sqrt((out * out).sum(-1, keepdims=True))
        out = out * (max_norm / np.maximum(norm, max_norm))
    return out


@pytest.mark.parametrize("ids_shape", [(5,), (3, 4), (2, 2, 3), ()])
@pytest.mark.parametrize("max_norm", [None, 0.5, 3.0])
def test_lookup_matches_numpy(mode, ids_shape, max_norm):
    rng = np.random.default_rng(0)
    layer = nn.EmbeddingLookup(7, 3, param_init="normal", max_norm=max_norm)
    table = rng.normal(size=(7, 3)).astype(np.float32)
    layer.embedding_table.set_data(ms.Tensor(table))
    ids = rng.integers(0, 7, size=ids_shape).astype(np.int32)
    out = layer(ms.Tensor(ids))
    assert out.shape == ids_shape + (3,)
    np.testing.assert_allclose(out.asnumpy(), _numpy(table, ids, max_norm), rtol=1e-6, atol=1e-7)
    assert layer.embedding_table.name == "embedding_table"


@pytest.mark.parametrize("max_norm", [None, 0.7])
def test_gradient_matches_finite_differences(max_norm):
    # max_norm needs a float16/float32 table (MindSpore's ClipByNorm): that case is checked
    # in float32 against float64 finite differences of the numpy formula
    rng = np.random.default_rng(1)
    table = rng.normal(size=(5, 3))
    ids = np.array([[0, 2, 2], [4, 0, 1]], np.int32)
    w = rng.normal(size=(2, 3, 3))
    dtype = ms.float64 if max_norm is None else ms.float32
    layer = nn.EmbeddingLookup(5, 3, dtype=dtype, max_norm=max_norm)
    layer.embedding_table.set_data(ms.Tensor(table, dtype))
    grad = ops.GradOperation(get_by_list=True)(
        lambda i: (layer(i) * ms.Tensor(w, dtype)).sum(),
        ms.ParameterTuple([layer.embedding_table]))
    g = grad(ms.Tensor(ids))[0].asnumpy()
    eps, fd = 1e-6, np.zeros_like(table)
    for idx in np.ndindex(table.shape):
        plus, minus = table.copy(), table.copy()
        plus[idx] += eps
        minus[idx] -= eps
        fd[idx] = ((_numpy(plus, ids, max_norm) * w).sum()
                   - (_numpy(minus, ids, max_norm) * w).sum()) / (2 * eps)
    tol = dict(rtol=1e-5, atol=1e-7) if max_norm is None else dict(rtol=1e-4, atol=1e-5)
    np.testing.assert_allclose(g, fd, **tol)
    if max_norm is not None:
        with pytest.raises(TypeError, match="EmbeddingLookup: 'max_norm' needs a float16"):
            nn.EmbeddingLookup(5, 3, dtype=ms.float64, max_norm=max_norm)(ms.Tensor(ids))


@pytest.mark.parametrize("kwargs, err, msg", [
    ({"vocab_size": 0}, ValueError, "vocab_size"),
    ({"embedding_size": -1}, ValueError, "embedding_size"),
    ({"target": "GPU"}, ValueError, "'target' must be one of"),
    ({"slice_mode": "rows"}, ValueError, "'slice_mode' must be one of"),
    ({"sparse": 1}, TypeError, "'sparse' must be a bool"),
    ({"vocab_cache_size": 4}, TypeError, "vocab_cache_size"),  # not in MindSpore 2.10 either
    ({"max_norm": 0}, ValueError, "'max_norm' must be None or a positive number"),
    ({"max_norm": True}, ValueError, "'max_norm'"),
    ({"dtype": "float32"}, TypeError, "'dtype' must be a number or bool dtype"),
])
def test_bad_arguments(kwargs, err, msg):
    args = dict(vocab_size=5, embedding_size=3)
    args.update(kwargs)
    with pytest.raises(err, match="EmbeddingLookup: .*" + msg if "size" not in msg else msg):
        nn.EmbeddingLookup(**args)


def test_bad_ids(mode):
    layer = nn.EmbeddingLookup(5, 3)
    with pytest.raises(TypeError, match="EmbeddingLookup: indices must be integers"):
        layer(ms.Tensor(np.zeros(2, np.float32)))
    with pytest.raises((ValueError, IndexError), match="gather"):
        layer(ms.Tensor(np.array([1, 5], np.int32)))
