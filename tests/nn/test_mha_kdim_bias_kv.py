"""nn.MultiheadAttention kdim/vdim, add_bias_kv, add_zero_attn, dtype (refused or ignored before)
against a numpy reference; MindSpore's values: tests/goldens/params/007."""
import numpy as np
import pytest

import mindcell as ms
from mindcell import nn, Tensor


def _softmax(x):
    e = np.exp(x - x.max(-1, keepdims=True))
    return e / e.sum(-1, keepdims=True)


def _reference(m, q, k, v, kpm):
    """(seq, batch, feature) inputs, as MindSpore's batch_first=False."""
    p = {x.name: x.asnumpy().astype(np.float64) for x in m.get_parameters()}
    e, h = m.embed_dim, m.num_heads
    bq, bk, bv = np.split(p["in_proj_bias"], 3)
    qp, kp, vp = (np.einsum("sbi,oi->bso", t, w) + b for t, w, b in (
        (q, p["q_proj_weight"], bq), (k, p["k_proj_weight"], bk), (v, p["v_proj_weight"], bv)))
    kp = np.concatenate([kp, np.broadcast_to(p["bias_k"], (kp.shape[0], 1, e))], 1)
    vp = np.concatenate([vp, np.broadcast_to(p["bias_v"], (vp.shape[0], 1, e))], 1)
    kpm = np.concatenate([kpm, np.zeros((kpm.shape[0], 2), bool)], 1)
    b, sq, d = qp.shape[0], qp.shape[1], e // h
    heads = lambda t: t.reshape(b, t.shape[1], h, d).transpose(0, 2, 1, 3)  # noqa: E731
    qh, kh, vh = heads(qp), heads(kp), heads(vp)
    kh = np.concatenate([kh, np.zeros((b, h, 1, d))], 2)
    vh = np.concatenate([vh, np.zeros((b, h, 1, d))], 2)
    scores = qh @ kh.transpose(0, 1, 3, 2) / np.sqrt(d)
    scores = np.where(kpm[:, None, None, :], -np.inf, scores)
    w = _softmax(scores)
    out = (w @ vh).transpose(0, 2, 1, 3).reshape(b, sq, e)
    out = out @ p["out_proj.weight"].T + p["out_proj.bias"]
    return out.transpose(1, 0, 2), w.mean(1)


def test_kdim_vdim_bias_kv_zero_attn_match_numpy():
    rng = np.random.default_rng(0)
    m = nn.MultiheadAttention(8, 2, kdim=6, vdim=4, add_bias_kv=True, add_zero_attn=True)
    for p in m.get_parameters():
        p.set_data(Tensor((rng.standard_normal(p.shape) * 0.3).astype(np.float32)))
    q = rng.standard_normal((3, 2, 8)).astype(np.float32)
    k = rng.standard_normal((5, 2, 6)).astype(np.float32)
    v = rng.standard_normal((5, 2, 4)).astype(np.float32)
    kpm = np.zeros((2, 5), bool)
    kpm[0, 4] = True
    out, w = m(Tensor(q), Tensor(k), Tensor(v), key_padding_mask=Tensor(kpm))
    want_out, want_w = _reference(m, q, k, v, kpm)
    np.testing.assert_allclose(out.asnumpy(), want_out, rtol=1e-4, atol=1e-5)
    np.testing.assert_allclose(w.asnumpy(), want_w, rtol=1e-4, atol=1e-6)
    assert [p.name for p in m.get_parameters()] == [
        "q_proj_weight", "k_proj_weight", "v_proj_weight", "in_proj_bias", "bias_k", "bias_v",
        "out_proj.weight", "out_proj.bias"]


def test_dtype_reaches_every_parameter():
    for cell in (nn.MultiheadAttention(8, 2, dtype=ms.float16),
                 nn.TransformerEncoderLayer(8, 2, 16, dtype=ms.float16),
                 nn.TransformerDecoderLayer(8, 2, 16, dtype=ms.float16),
                 nn.Transformer(8, 2, 1, 1, 16, dtype=ms.float16)):
        assert {p.dtype for p in cell.get_parameters()} == {ms.float16}
    layer = nn.TransformerEncoderLayer(8, 2, 16, dtype=ms.float16)
    assert layer(Tensor(np.ones((3, 2, 8), np.float16))).dtype == ms.float16


def test_bad_arguments_name_themselves():
    with pytest.raises(ValueError, match="kdim"):
        nn.MultiheadAttention(8, 2, kdim=0)
    with pytest.raises(TypeError, match="add_bias_kv"):
        nn.MultiheadAttention(8, 2, add_bias_kv=1)
    with pytest.raises(ValueError, match="features"):
        nn.MultiheadAttention(8, 2, kdim=6)(Tensor(np.ones((3, 2, 8), np.float32)),
                                            Tensor(np.ones((3, 2, 8), np.float32)),
                                            Tensor(np.ones((3, 2, 8), np.float32)))
