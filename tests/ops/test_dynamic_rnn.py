"""ops.DynamicRNN and ops.DynamicGRUV2 (MindSpore's Ascend recurrent Primitives, which its CPU
build cannot run): checked against mindcell's nn.LSTM / nn.GRU (themselves checked against
MindSpore) after converting the weights to the packed layouts MindSpore documents, against
float64 finite differences, and GRAPH_MODE against PYNATIVE_MODE."""
import numpy as np
import pytest

import mindcell as ms
from mindcell import Tensor, nn, ops
from mindcell.ops import operations as P

T, B, I, H = 4, 3, 5, 2


def _params(cell):
    return {name: p.asnumpy() for name, p in cell.parameters_and_names()}


def _lstm_packed(p):
    """nn.LSTM's (i, f, g, o) rows -> DynamicRNN's (i, j, f, o) columns of one matrix."""
    def order(m):
        i, f, g, o = np.split(m, 4, axis=0)
        return np.concatenate([i, g, f, o], axis=0)
    w = np.concatenate([order(p["weight_ih_l0"]).T, order(p["weight_hh_l0"]).T], axis=0)
    b = order(p["bias_ih_l0"] + p["bias_hh_l0"])
    return w, b


def _seq(seed, *shape):
    return np.random.default_rng(seed).standard_normal(shape).astype(np.float32)


def test_dynamic_rnn_is_the_lstm_of_its_packed_weights():
    lstm = nn.LSTM(I, H, batch_first=False)
    w, b = _lstm_packed(_params(lstm))
    x, h0, c0 = _seq(0, T, B, I), _seq(1, 1, B, H), _seq(2, 1, B, H)
    want, (hn, cn) = lstm(Tensor(x), (Tensor(h0), Tensor(c0)))
    out = P.DynamicRNN()(Tensor(x), Tensor(w), Tensor(b), None, Tensor(h0), Tensor(c0))
    assert len(out) == 8 and all(o.shape == (T, B, H) for o in out)
    y, output_h, output_c, i, j, f, o, tanhc = [t.asnumpy() for t in out]
    np.testing.assert_allclose(y, want.asnumpy(), rtol=1e-5, atol=1e-6)
    np.testing.assert_allclose(output_h, y)
    np.testing.assert_allclose(output_c[-1], cn.asnumpy()[0], rtol=1e-5, atol=1e-6)
    np.testing.assert_allclose(tanhc, np.tanh(output_c), rtol=1e-5, atol=1e-6)
    np.testing.assert_allclose(y, o * tanhc, rtol=1e-5, atol=1e-6)
    c_prev = np.concatenate([c0, output_c[:-1]])
    np.testing.assert_allclose(output_c, f * c_prev + i * j, rtol=1e-5, atol=1e-6)


def test_dynamic_rnn_forget_bias_is_added_to_the_forget_gate():
    x, w, b = _seq(3, T, B, I), _seq(4, I + H, 4 * H), _seq(5, 4 * H)
    h0 = np.zeros((1, B, H), np.float32)
    shifted = b.copy()
    shifted[2 * H:3 * H] += 1.5
    got = P.DynamicRNN(forget_bias=1.5)(Tensor(x), Tensor(w), Tensor(b), None, Tensor(h0),
                                        Tensor(h0))[0]
    want = P.DynamicRNN()(Tensor(x), Tensor(w), Tensor(shifted), None, Tensor(h0),
                          Tensor(h0))[0]
    np.testing.assert_allclose(got.asnumpy(), want.asnumpy(), rtol=1e-6)


@pytest.mark.parametrize("gate_order", ["rzh", "zrh"])
def test_dynamic_gru_v2_is_the_gru_of_its_weights(gate_order):
    gru = nn.GRU(I, H, batch_first=False)
    p = _params(gru)

    def cols(m):  # nn.GRU's (r, z, n) rows -> columns in gate_order
        r, z, n = np.split(m, 3, axis=0)
        return np.concatenate([r, z, n] if gate_order == "rzh" else [z, r, n], axis=0).T

    x, h0 = _seq(6, T, B, I), _seq(7, B, H)
    want, hn = gru(Tensor(x), Tensor(h0[None]))
    out = P.DynamicGRUV2(gate_order=gate_order)(
        Tensor(x), Tensor(cols(p["weight_ih_l0"])), Tensor(cols(p["weight_hh_l0"])),
        Tensor(cols(p["bias_ih_l0"][:, None])[0]), Tensor(cols(p["bias_hh_l0"][:, None])[0]),
        None, Tensor(h0))
    assert len(out) == 6 and all(o.shape == (T, B, H) for o in out)
    y, output_h, z, r, n, hidden_new = [t.asnumpy() for t in out]
    np.testing.assert_allclose(y, want.asnumpy(), rtol=1e-5, atol=1e-6)
    np.testing.assert_allclose(output_h[-1], hn.asnumpy()[0], rtol=1e-5, atol=1e-6)
    h_prev = np.concatenate([h0[None], y[:-1]])
    np.testing.assert_allclose(y, (1 - z) * n + z * h_prev, rtol=1e-5, atol=1e-6)
    w_hn, b_hn = p["weight_hh_l0"][2 * H:], p["bias_hh_l0"][2 * H:]
    np.testing.assert_allclose(hidden_new, h_prev @ w_hn.T + b_hn, rtol=1e-5, atol=1e-5)
    assert 0 < r.min() and r.max() < 1


def test_dynamic_gru_v2_reset_before_the_product():
    x, wi, wh, h0 = _seq(8, T, B, I), _seq(9, I, 3 * H), _seq(10, H, 3 * H), _seq(11, B, H)
    y = P.DynamicGRUV2(reset_after=False)(Tensor(x), Tensor(wi), Tensor(wh), None, None, None,
                                          Tensor(h0))[0].asnumpy()
    sig = lambda v: 1 / (1 + np.exp(-v))  # noqa: E731
    h, ref = h0.astype(np.float64), []
    for t in range(T):
        xg, hg = x[t] @ wi, h @ wh[:, :2 * H]
        r, z = sig(xg[:, :H] + hg[:, :H]), sig(xg[:, H:2 * H] + hg[:, H:])
        n = np.tanh(xg[:, 2 * H:] + (r * h) @ wh[:, 2 * H:])
        h = (1 - z) * n + z * h
        ref.append(h)
    np.testing.assert_allclose(y, np.stack(ref), rtol=1e-5, atol=1e-6)


def test_float16_inputs_give_the_documented_output_dtypes():
    x = Tensor(_seq(12, T, B, I)).astype(ms.float16)
    w = Tensor(_seq(13, I + H, 4 * H) * 0.3).astype(ms.float16)
    h0 = Tensor(np.zeros((1, B, H), np.float16))
    out = P.DynamicRNN()(x, w, Tensor(np.zeros(4 * H, np.float32)), None, h0, h0)
    assert out[0].dtype == ms.float32 and out[1].dtype == ms.float16
    assert all(o.dtype == ms.float32 for o in out[2:])
    g = P.DynamicGRUV2()(x, Tensor(_seq(14, I, 3 * H)).astype(ms.float16),
                         Tensor(_seq(15, H, 3 * H)).astype(ms.float16), None, None, None,
                         Tensor(np.zeros((B, H), np.float16)))
    assert all(o.dtype == ms.float16 for o in g)


def test_gradients_match_float64_finite_differences():
    x, w, b = _seq(16, 3, 2, 3).astype(np.float64), _seq(17, 5, 8).astype(np.float64), \
        _seq(18, 8).astype(np.float64)
    h0 = np.zeros((1, 2, 2))

    def loss(wv):
        out = P.DynamicRNN(forget_bias=0.5)(Tensor(x), wv, Tensor(b), None, Tensor(h0),
                                            Tensor(h0))
        return (out[0] * out[0]).sum() + out[2].sum()

    grad = ms.grad(loss)(Tensor(w)).asnumpy()
    eps, num = 1e-6, np.zeros_like(w)
    for idx in np.ndindex(w.shape):
        hi, lo = w.copy(), w.copy()
        hi[idx] += eps
        lo[idx] -= eps
        num[idx] = (float(loss(Tensor(hi))) - float(loss(Tensor(lo)))) / (2 * eps)
    np.testing.assert_allclose(grad, num, rtol=1e-5, atol=1e-7)


def test_graph_mode_matches_pynative():
    class Net(nn.Cell):
        def __init__(self):
            super().__init__()
            self.rnn = P.DynamicRNN(forget_bias=1.0)
            self.gru = P.DynamicGRUV2(gate_order="zrh")
            self.w = ms.Parameter(Tensor(_seq(19, I + H, 4 * H) * 0.5), name="w")
            self.b = ms.Parameter(Tensor(_seq(20, 4 * H)), name="b")
            self.wi = ms.Parameter(Tensor(_seq(21, H, 3 * H)), name="wi")
            self.wh = ms.Parameter(Tensor(_seq(22, H, 3 * H)), name="wh")

        def construct(self, x, h0, c0, g0):
            y = self.rnn(x, self.w, self.b, None, h0, c0)[0]
            return self.gru(y, self.wi, self.wh, None, None, None, g0)[0]

    net = Net()
    args = [Tensor(_seq(23, T, B, I)), Tensor(_seq(24, 1, B, H)), Tensor(_seq(25, 1, B, H)),
            Tensor(_seq(26, B, H))]
    eager = net(*args).asnumpy()
    graph = ms.jit(net.construct)(*args).asnumpy()
    np.testing.assert_allclose(graph, eager, rtol=1e-6, atol=1e-7)


@pytest.mark.parametrize("kwargs,name", [
    ({"cell_type": "GRU"}, "cell_type"), ({"direction": "BIDIRECTIONAL"}, "direction"),
    ({"cell_depth": 2}, "cell_depth"), ({"use_peephole": True}, "use_peephole"),
    ({"keep_prob": 0.5}, "keep_prob"), ({"cell_clip": 3.0}, "cell_clip"),
    ({"num_proj": 4}, "num_proj"), ({"time_major": False}, "time_major"),
    ({"activation": "relu"}, "activation")])
def test_unsupported_dynamic_rnn_parameters_are_refused_by_name(kwargs, name):
    x, w, b = Tensor(_seq(27, T, B, I)), Tensor(_seq(28, I + H, 4 * H)), Tensor(_seq(29, 4 * H))
    h0 = Tensor(np.zeros((1, B, H), np.float32))
    with pytest.raises(ValueError, match="DynamicRNN: '%s'" % name):
        P.DynamicRNN(**kwargs)(x, w, b, None, h0, h0)


def test_bad_inputs_name_the_primitive():
    x, w, b = Tensor(_seq(30, T, B, I)), Tensor(_seq(31, I + H, 4 * H)), Tensor(_seq(32, 4 * H))
    h0 = Tensor(np.zeros((1, B, H), np.float32))
    with pytest.raises(TypeError, match="DynamicRNN: 'seq_length'"):
        P.DynamicRNN()(x, w, b, Tensor(np.full(B, T, np.int32)), h0, h0)
    with pytest.raises(ValueError, match="DynamicRNN: 'w' must have shape"):
        P.DynamicRNN()(x, Tensor(_seq(33, I, 4 * H)), b, None, h0, h0)
    with pytest.raises(ValueError, match="DynamicGRUV2: 'gate_order'"):
        P.DynamicGRUV2(gate_order="hzr")(x, Tensor(_seq(34, I, 3 * H)),
                                         Tensor(_seq(35, H, 3 * H)), None, None, None,
                                         Tensor(np.zeros((B, H), np.float32)))
    with pytest.raises(TypeError, match="DynamicGRUV2: 'x'"):
        P.DynamicGRUV2()(x.asnumpy(), Tensor(_seq(36, I, 3 * H)), Tensor(_seq(37, H, 3 * H)),
                         None, None, None, Tensor(np.zeros((B, H), np.float32)))
    assert ops.DynamicRNN is P.DynamicRNN and ops.DynamicGRUV2 is P.DynamicGRUV2
