"""Zoo losses (HuberLoss, KLDivLoss, CosineEmbeddingLoss, MarginRankingLoss, SoftMarginLoss,
MultiMarginLoss) and the Transformer stacks: numpy references, float64 finite differences,
both modes, parameter names, constructor validation."""
import copy

import numpy as np
import pytest

import mindcell as ms
from mindcell import nn, ops, Tensor
from mindcell.testing import assert_modes_agree

from test_zoo_layers import _fd_check, _x

_T = np.array([1.0, -1.0, 1.0])


def _np_huber(a, b, delta=1.0):
    d = np.abs(a - b)
    return np.where(d < delta, 0.5 * d ** 2, delta * (d - 0.5 * delta))


def _np_cos_embed(a, b, y, margin):
    cos = (a * b).sum(-1) / np.sqrt(((a * a).sum(-1) + 1e-12) * ((b * b).sum(-1) + 1e-12))
    return np.where(y == 1, 1 - cos, np.maximum(cos - margin, 0))


def _np_multi_margin(x, t, p, margin, w):
    n, c = x.shape
    picked = x[np.arange(n), t][:, None]
    terms = np.maximum(margin - picked + x, 0) ** p
    terms[np.arange(n), t] = 0
    if w is not None:
        terms = terms * w[t][:, None]
    return terms.sum(1) / c


_A, _B = _x(3, 4), _x(3, 4)
_P = np.random.default_rng(2).uniform(0.1, 0.9, (3, 4))
_CLS = np.array([0, 3, 1])
_W = np.array([0.5, 1.0, 2.0, 1.5])
# A Python float hyper-parameter enters a Float64 computation as a Float32 scalar, as MindSpore
# 2.10 converts Python float operands (ms-oracle): the references take it so.
_F32 = lambda v: float(np.float32(v))  # noqa: E731
_LOSSES = [  # cell, differentiable input, the other inputs, numpy reference
    (lambda: nn.HuberLoss(delta=0.7), _A, (_B,), lambda a, b: _np_huber(a, b, _F32(0.7)).mean()),
    (lambda: nn.HuberLoss("sum"), _A, (_B,), lambda a, b: _np_huber(a, b).sum()),
    (lambda: nn.KLDivLoss(), _A, (_P,), lambda a, p: (p * (np.log(p) - a)).mean()),
    (lambda: nn.KLDivLoss("batchmean"), _A, (_P,), lambda a, p: (p * (np.log(p) - a)).sum() / 3),
    (lambda: nn.CosineEmbeddingLoss(0.2), _A, (_B, _T),
     lambda a, b, y: _np_cos_embed(a, b, y, _F32(0.2)).mean()),
    (lambda: nn.MarginRankingLoss(0.3, "none"), _A[0], (_B[0], np.array([1.0, -1, -1, 1])),
     lambda a, b, y: np.maximum(-y * (a - b) + _F32(0.3), 0)),
    (lambda: nn.SoftMarginLoss(), _A, (np.sign(_B),), lambda a, y: np.log1p(np.exp(-y * a)).mean()),
    (lambda: nn.MultiMarginLoss(), _A, (_CLS,), lambda x, t: _np_multi_margin(x, t, 1, 1.0,
                                                                              None).mean()),
    (lambda: nn.MultiMarginLoss(2, 0.5, "sum", Tensor(_W)), _A, (_CLS,),
     lambda x, t: _np_multi_margin(x, t, 2, 0.5, _W).sum()),
]


@pytest.mark.parametrize("make, x, others, ref", _LOSSES)
def test_losses_match_numpy_and_fd(make, x, others, ref):
    cell = make()
    args = [Tensor(o) for o in others]
    np.testing.assert_allclose(cell(Tensor(x), *args).asnumpy(), ref(x, *others),
                               rtol=1e-10, atol=1e-12)
    _fd_check(lambda t: cell(t, *args), x)
    f32 = [Tensor(o.astype(np.float32) if o.dtype == np.float64 else o) for o in others]
    # a constructor weight must have the input's dtype (MindSpore 2.10 casts neither)
    w = getattr(cell, "weight", None)
    if isinstance(w, Tensor) and w.dtype == ms.float64:
        cell.weight = Tensor(w.asnumpy().astype(np.float32))
    assert_modes_agree(_Bound(cell, f32), Tensor(x.astype(np.float32)))


class _Bound(nn.Cell):
    def __init__(self, loss, others):
        super().__init__()
        self.loss, self.others = loss, others

    def construct(self, x):
        return self.loss(x, *self.others)


@pytest.mark.parametrize("make, err", [
    (lambda: nn.HuberLoss(delta=0), ValueError), (lambda: nn.HuberLoss("avg"), ValueError),
    (lambda: nn.KLDivLoss("batch"), ValueError), (lambda: nn.CosineEmbeddingLoss(2.0), ValueError),
    (lambda: nn.MarginRankingLoss("a"), TypeError), (lambda: nn.MultiMarginLoss(3), ValueError),
    (lambda: nn.SoftMarginLoss("max"), ValueError),
])
def test_loss_bad_constructor_args(make, err):
    with pytest.raises(err):
        make()


def test_loss_bad_inputs_raise():
    with pytest.raises(ValueError, match="cosine_embedding_loss"):
        nn.CosineEmbeddingLoss()(Tensor(_A), Tensor(_B), Tensor(_x(4)))
    with pytest.raises(ValueError, match="multi_margin_loss"):
        nn.MultiMarginLoss()(Tensor(_A), Tensor(np.array([0, 4, 1])))
    with pytest.raises(TypeError, match="multi_margin_loss"):
        nn.MultiMarginLoss()(Tensor(_A), Tensor(_A[:, 0]))


# ----- Transformer --------------------------------------------------------------------------
def test_encoder_layer_has_mindspore_parameter_names():
    layer = nn.TransformerEncoderLayer(8, 2, 16, dropout=0.0)
    names = [n for n, _ in layer.parameters_and_names()]
    assert {"dense1.weight", "dense1.bias", "dense2.weight", "norm1.gamma", "norm2.beta",
            "self_attn.in_proj_weight"} <= set(names)
    dec = nn.TransformerDecoderLayer(8, 2, 16, dropout=0.0)
    dnames = {n for n, _ in dec.parameters_and_names()}
    assert {"multihead_attn.in_proj_weight", "multihead_attn.out_proj.weight", "norm3.gamma",
            "dense1.weight"} <= dnames


def test_encoder_stacks_independent_copies(mode):
    layer = nn.TransformerEncoderLayer(8, 2, 16, dropout=0.0, batch_first=True)
    enc = nn.TransformerEncoder(layer, 2, nn.LayerNorm((8,)))
    assert enc.layers[0].dense1.weight is not enc.layers[1].dense1.weight
    assert "layers.1.dense2.bias" in {n for n, _ in enc.parameters_and_names()}
    x = Tensor(_x(2, 5, 8, dtype=np.float32))
    expected = enc.norm(enc.layers[1](enc.layers[0](x)))
    np.testing.assert_allclose(enc(x).asnumpy(), expected.asnumpy(), rtol=1e-6, atol=1e-6)


@pytest.mark.parametrize("norm_first", [False, True])
def test_decoder_layer_matches_composition(norm_first):
    dec = nn.TransformerDecoderLayer(8, 2, 16, dropout=0.0, batch_first=True,
                                     norm_first=norm_first)
    tgt, mem = Tensor(_x(2, 4, 8, dtype=np.float32)), Tensor(_x(2, 6, 8, dtype=np.float32))
    mask = Tensor(np.triu(np.ones((4, 4), bool), 1))

    def sa(x):
        return dec.self_attn(x, x, x, attn_mask=mask)[0]

    def mha(x):
        return dec.multihead_attn(x, mem, mem)[0]

    def ff(x):
        return dec.dense2(ops.relu(dec.dense1(x)))

    x = tgt
    if norm_first:
        x = x + sa(dec.norm1(x))
        x = x + mha(dec.norm2(x))
        x = x + ff(dec.norm3(x))
    else:
        x = dec.norm1(x + sa(x))
        x = dec.norm2(x + mha(x))
        x = dec.norm3(x + ff(x))
    np.testing.assert_allclose(dec(tgt, mem, tgt_mask=mask).asnumpy(), x.asnumpy(),
                               rtol=1e-5, atol=1e-5)


def test_transformer_end_to_end_and_modes():
    ms.set_seed(3)
    model = nn.Transformer(8, 2, 2, 1, 16, dropout=0.0)
    src, tgt = Tensor(_x(5, 2, 8, dtype=np.float32)), Tensor(_x(3, 2, 8, dtype=np.float32))
    out = model(src, tgt)
    assert out.shape == (3, 2, 8)
    memory = model.encoder(src)
    np.testing.assert_allclose(out.asnumpy(), model.decoder(tgt, memory).asnumpy(), rtol=1e-6)
    assert len(model.encoder.layers) == 2 and len(model.decoder.layers) == 1
    assert_modes_agree(model, src, tgt)


def test_transformer_bad_args():
    with pytest.raises(TypeError):
        nn.TransformerEncoder("layer", 2)
    with pytest.raises(ValueError):
        nn.TransformerDecoder(nn.TransformerDecoderLayer(8, 2, 16), 0)
    model = nn.Transformer(8, 2, 1, 1, 16, dropout=0.0)
    with pytest.raises(ValueError, match="batch"):
        model(Tensor(_x(5, 2, 8, dtype=np.float32)), Tensor(_x(3, 3, 8, dtype=np.float32)))
    with pytest.raises(ValueError, match="d_model"):
        model(Tensor(_x(5, 2, 6, dtype=np.float32)), Tensor(_x(3, 2, 6, dtype=np.float32)))
    assert copy.deepcopy(model) is not model
