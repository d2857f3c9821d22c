"""nn.RNN / LSTM / GRU and their cells against a plain numpy reference of the cell equations:
outputs and final states, gradients (float64 finite differences through the reference) w.r.t.
the input, the initial states and every weight, GRAPH_MODE against PYNATIVE, parameter names."""
import numpy as np
import pytest

import mindcell as ms
from mindcell import Tensor, nn, ops
from mindcell.testing import numeric_grad

MODES = ["RNN_TANH", "RNN_RELU", "LSTM", "GRU"]


# ----- the reference: one cell step per mode, then layers, directions, lengths -----------------
def _sig(v):
    return 1 / (1 + np.exp(-v))


def _step(mode, x, h, c, w_ih, w_hh, b_ih, b_hh):
    gi, gh = x @ w_ih.T + b_ih, h @ w_hh.T + b_hh
    if mode == "LSTM":
        i, f, g, o = np.split(gi + gh, 4, axis=1)
        c = _sig(f) * c + _sig(i) * np.tanh(g)
        return _sig(o) * np.tanh(c), c
    if mode == "GRU":
        (ir, iz, inn), (hr, hz, hn) = np.split(gi, 3, axis=1), np.split(gh, 3, axis=1)
        r, z = _sig(ir + hr), _sig(iz + hz)
        n = np.tanh(inn + r * hn)
        return (1 - z) * n + z * h, c
    pre = gi + gh
    return (np.maximum(pre, 0) if mode == "RNN_RELU" else np.tanh(pre)), c


def _direction(mode, x, h, c, weights, lengths, reverse):
    """Each batch row separately: its first lengths[b] steps (reversed within them)."""
    T, B = x.shape[:2]
    H = h.shape[1]
    out = np.zeros((T, B, H))
    hn, cn = h.copy(), c.copy()
    for b in range(B):
        hb, cb = h[b:b + 1], c[b:b + 1]
        times = range(lengths[b])
        for t in (reversed(times) if reverse else times):
            hb, cb = _step(mode, x[t, b:b + 1], hb, cb, *weights)
            out[t, b] = hb[0]
        hn[b], cn[b] = hb[0], cb[0]
    return out, hn, cn


def reference(mode, params, x, h0, c0, lengths, num_layers, bidirectional, has_bias=True):
    """params: name -> array (MindSpore's names); x (T, B, I). Returns (out, h_n, c_n)."""
    hs, cs = [], []
    for layer in range(num_layers):
        outs = []
        for d in range(2 if bidirectional else 1):
            k = layer * (2 if bidirectional else 1) + d
            sfx = "_l%d%s" % (layer, "_reverse" if d else "")
            g = params["weight_hh" + sfx].shape[0]
            bias = (params["bias_ih" + sfx], params["bias_hh" + sfx]) if has_bias else (
                np.zeros(g), np.zeros(g))
            o, hn, cn = _direction(mode, x, h0[k], c0[k], (params["weight_ih" + sfx],
                                   params["weight_hh" + sfx]) + bias, lengths, d == 1)
            outs.append(o)
            hs.append(hn)
            cs.append(cn)
        x = np.concatenate(outs, axis=2)
    return x, np.stack(hs), np.stack(cs)


def _make(mode, dtype=ms.float64, **kw):
    cls = {"LSTM": nn.LSTM, "GRU": nn.GRU}.get(mode)
    if cls is None:
        return nn.RNN(3, 4, nonlinearity="relu" if mode == "RNN_RELU" else "tanh", dtype=dtype,
                      **kw)
    return cls(3, 4, dtype=dtype, **kw)


def _inputs(mode, net, T=5, B=3, seed=0):
    rng = np.random.default_rng(seed)
    n = net.num_layers * net.num_directions
    x = rng.standard_normal((T, B, 3))
    h0, c0 = rng.standard_normal((n, B, 4)), rng.standard_normal((n, B, 4))
    return x, h0, (c0 if mode == "LSTM" else np.zeros_like(c0))


def _call(net, mode, x, h0, c0, lengths=None):
    hx = (Tensor(h0), Tensor(c0)) if mode == "LSTM" else Tensor(h0)
    xin = Tensor(np.swapaxes(x, 0, 1).copy() if net.batch_first else x)
    seq = None if lengths is None else Tensor(np.asarray(lengths, np.int32))
    out, hn = net(xin, hx, seq)
    out = out.asnumpy()
    if net.batch_first:
        out = np.swapaxes(out, 0, 1)
    if mode == "LSTM":
        return out, hn[0].asnumpy(), hn[1].asnumpy()
    return out, hn.asnumpy(), None


def _params(net):
    return {p.name: p.asnumpy() for p in net.trainable_params()}


CONFIGS = [dict(), dict(num_layers=2), dict(bidirectional=True), dict(batch_first=True),
           dict(num_layers=2, bidirectional=True, has_bias=False)]


@pytest.mark.parametrize("kw", CONFIGS, ids=lambda k: "-".join(map(str, k)) or "default")
@pytest.mark.parametrize("rnn_mode", MODES)
@pytest.mark.parametrize("lengths", [None, [5, 2, 0]], ids=["full", "seq_length"])
def test_forward_matches_reference(rnn_mode, kw, lengths, mode):
    net = _make(rnn_mode, **kw)
    x, h0, c0 = _inputs(rnn_mode, net)
    out, hn, cn = _call(net, rnn_mode, x, h0, c0, lengths)
    ref = reference(rnn_mode, _params(net), x, h0, c0, lengths or [5] * 3, net.num_layers,
                    net.bidirectional, net.has_bias)
    np.testing.assert_allclose(out, ref[0], rtol=1e-10, atol=1e-12)
    np.testing.assert_allclose(hn, ref[1], rtol=1e-10, atol=1e-12)
    if rnn_mode == "LSTM":
        np.testing.assert_allclose(cn, ref[2], rtol=1e-10, atol=1e-12)


def test_float32_and_default_state(mode):
    net = nn.LSTM(3, 4, 2, bidirectional=True)
    x = np.random.default_rng(1).standard_normal((6, 2, 3)).astype(np.float32)
    out, (hn, cn) = net(Tensor(x))
    assert out.dtype == ms.float32 and out.shape == (6, 2, 8) and hn.shape == (4, 2, 4)
    params = {k: v.astype(np.float64) for k, v in _params(net).items()}
    z = np.zeros((4, 2, 4))
    ref = reference("LSTM", params, x.astype(np.float64), z, z, [6, 6], 2, True)
    np.testing.assert_allclose(out.asnumpy(), ref[0], rtol=1e-4, atol=1e-5)
    np.testing.assert_allclose(cn.asnumpy(), ref[2], rtol=1e-4, atol=1e-5)


# ----- gradients -------------------------------------------------------------------------------
def _numeric(f, a):
    """Central differences of ``f()``, which reads ``a``, with respect to ``a``."""
    return numeric_grad(lambda _: f(), [a], 0)


@pytest.mark.parametrize("rnn_mode", MODES)
@pytest.mark.parametrize("kw", [dict(num_layers=2, bidirectional=True),
                                dict(batch_first=True, has_bias=False)], ids=["2l-bi", "bf"])
def test_gradients_match_finite_differences(rnn_mode, kw, mode):
    net = _make(rnn_mode, **kw)
    x, h0, c0 = _inputs(rnn_mode, net, T=4, B=3, seed=2)
    lengths = [4, 1, 3]
    rng = np.random.default_rng(3)
    n = net.num_layers * net.num_directions
    wo, wh, wc = (rng.standard_normal(s) for s in ((4, 3, 4 * net.num_directions), (n, 3, 4),
                                                   (n, 3, 4)))
    is_lstm = rnn_mode == "LSTM"
    xin = np.swapaxes(x, 0, 1).copy() if net.batch_first else x

    def loss(xt, h, c):
        out, hn = net(xt, (h, c) if is_lstm else h, Tensor(np.array(lengths, np.int64)))
        if net.batch_first:
            out = ops.transpose(out, (1, 0, 2))
        if is_lstm:
            return (out * Tensor(wo)).sum() + (hn[0] * Tensor(wh)).sum() + (
                hn[1] * Tensor(wc)).sum()
        return (out * Tensor(wo)).sum() + (hn * Tensor(wh)).sum()

    params = net.trainable_params()
    grad_fn = ms.value_and_grad(loss, grad_position=(0, 1, 2), weights=params)
    _, (gin, gw) = grad_fn(Tensor(xin), Tensor(h0), Tensor(c0))
    arrays = {p.name: p.asnumpy().copy() for p in params}

    def ref_loss():
        o, hn, cn = reference(rnn_mode, arrays, x, h0, c0, lengths, net.num_layers,
                              net.bidirectional, net.has_bias)
        return (o * wo).sum() + (hn * wh).sum() + (cn * wc).sum() * is_lstm

    gx = gin[0].asnumpy()
    np.testing.assert_allclose(np.swapaxes(gx, 0, 1) if net.batch_first else gx,
                               _numeric(ref_loss, x), rtol=1e-6, atol=1e-8)
    np.testing.assert_allclose(gin[1].asnumpy(), _numeric(ref_loss, h0), rtol=1e-6, atol=1e-8)
    if is_lstm:
        np.testing.assert_allclose(gin[2].asnumpy(), _numeric(ref_loss, c0), rtol=1e-6,
                                   atol=1e-8)
    for p, g in zip(params, gw):
        np.testing.assert_allclose(g.asnumpy(), _numeric(ref_loss, arrays[p.name]), rtol=1e-6,
                                   atol=1e-8, err_msg=p.name)


@pytest.mark.parametrize("cls", ["RNNCell", "LSTMCell", "GRUCell"])
def test_cells_match_reference_and_gradients(cls, mode):
    net = getattr(nn, cls)(3, 4, dtype=ms.float64)
    rnn_mode = {"RNNCell": "RNN_TANH", "LSTMCell": "LSTM", "GRUCell": "GRU"}[cls]
    rng = np.random.default_rng(4)
    x, h, c = rng.standard_normal((2, 3)), rng.standard_normal((2, 4)), rng.standard_normal((2, 4))
    p = [q.asnumpy() for q in (net.weight_ih, net.weight_hh, net.bias_ih, net.bias_hh)]
    want = _step(rnn_mode, x, h, c, *p)
    if cls == "LSTMCell":
        got = net(Tensor(x), (Tensor(h), Tensor(c)))
        np.testing.assert_allclose(got[0].asnumpy(), want[0], rtol=1e-12)
        np.testing.assert_allclose(got[1].asnumpy(), want[1], rtol=1e-12)
        fn = lambda a, b, d: net(a, (b, d))[0].sum() * 2 + net(a, (b, d))[1].sum()  # noqa: E731
        ref = lambda: _step(rnn_mode, x, h, c, *p)[0].sum() * 2 + _step(  # noqa: E731
            rnn_mode, x, h, c, *p)[1].sum()
    else:
        np.testing.assert_allclose(net(Tensor(x), Tensor(h)).asnumpy(), want[0], rtol=1e-12)
        fn = lambda a, b, d: net(a, b).sum()  # noqa: E731
        ref = lambda: _step(rnn_mode, x, h, c, *p)[0].sum()  # noqa: E731
    gx, gh, _ = ops.grad(fn, (0, 1, 2))(Tensor(x), Tensor(h), Tensor(c))
    np.testing.assert_allclose(gx.asnumpy(), _numeric(ref, x), rtol=1e-6, atol=1e-8)
    np.testing.assert_allclose(gh.asnumpy(), _numeric(ref, h), rtol=1e-6, atol=1e-8)


# ----- modes, names, training ------------------------------------------------------------------
@pytest.mark.parametrize("rnn_mode", MODES)
def test_graph_mode_equals_pynative_with_gradients(rnn_mode):
    net = _make(rnn_mode, ms.float32, num_layers=2, bidirectional=True, batch_first=True)
    x = Tensor(np.random.default_rng(5).standard_normal((3, 6, 3)).astype(np.float32))
    seq = Tensor(np.array([6, 4, 1], np.int32))

    def loss(xt):
        out, hn = net(xt, None, seq)
        return (out * out).sum() + ((hn[0] if rnn_mode == "LSTM" else hn) ** 2).sum()

    fn = ms.value_and_grad(loss, 0, net.trainable_params())
    results = []
    for m in (ms.PYNATIVE_MODE, ms.GRAPH_MODE):
        ms.set_context(mode=m)
        v, (gx, gw) = fn(x)
        results.append([v.asnumpy(), gx.asnumpy()] + [g.asnumpy() for g in gw])
    for a, b in zip(*results):
        np.testing.assert_allclose(a, b, rtol=1e-5, atol=1e-6)


def test_parameter_names_shapes_and_init():
    net = nn.GRU(10, 8, num_layers=2, bidirectional=True)
    shapes = {n: p.shape for n, p in net.parameters_and_names()}
    assert list(shapes)[:4] == ["weight_ih_l0", "weight_ih_l0_reverse", "weight_ih_l1",
                                "weight_ih_l1_reverse"]
    assert shapes["weight_ih_l0"] == (24, 10) and shapes["weight_ih_l1_reverse"] == (24, 16)
    assert shapes["weight_hh_l1"] == (24, 8) and shapes["bias_hh_l0_reverse"] == (24,)
    assert len(shapes) == 16 and net.w_ih_list[1] is net.weight_ih_l0_reverse
    bound = 1 / np.sqrt(8)
    assert all(np.abs(p.asnumpy()).max() <= bound for p in net.trainable_params())
    assert [n for n, _ in nn.LSTM(3, 4, has_bias=False).parameters_and_names()] == [
        "weight_ih_l0", "weight_hh_l0"]
    assert [n for n, _ in nn.LSTMCell(3, 4).parameters_and_names()] == [
        "weight_ih", "weight_hh", "bias_ih", "bias_hh"]
    assert nn.LSTMCell(3, 4).weight_ih.shape == (16, 3)


@pytest.mark.parametrize("seq_len", [4, 64])
def test_graph_size_does_not_grow_with_the_sequence(seq_len):
    ms.set_context(mode=ms.GRAPH_MODE)
    net = nn.LSTM(3, 4, 2)
    step = nn.TrainOneStepCell(nn.WithLossCell(net_out(net), nn.MSELoss()),
                               nn.SGD(net.trainable_params(), 0.1))
    x = Tensor(np.ones((seq_len, 2, 3), np.float32))
    step(x, Tensor(np.zeros((seq_len, 2, 4), np.float32)))
    graph = step._graph_cache.last_compiled.graph
    text = str(graph)
    assert text.count("LSTMSequence") == 2 * 2  # forward and backward, per layer
    assert len(text.splitlines()) < 120


class net_out(nn.Cell):
    def __init__(self, rnn):
        super().__init__()
        self.rnn = rnn

    def construct(self, x):
        return self.rnn(x)[0]


class _LanguageModel(nn.Cell):
    def __init__(self, vocab, hidden):
        super().__init__()
        self.embedding = nn.Embedding(vocab, hidden)
        self.lstm = nn.LSTM(hidden, hidden, 2, batch_first=True, dropout=0.1)
        self.head = nn.Dense(hidden, vocab)

    def construct(self, ids):
        out, _ = self.lstm(self.embedding(ids))
        return self.head(out.reshape((-1, out.shape[-1])))


def test_lstm_language_model_loss_decreases(mode):
    vocab, rng = 12, np.random.default_rng(6)
    seqs = (np.arange(8)[None, :] + rng.integers(0, vocab, (4, 1))) % vocab  # counting sequences
    ids, labels = Tensor(seqs[:, :-1].astype(np.int32)), Tensor(seqs[:, 1:].reshape(-1).astype(
        np.int32))
    net = _LanguageModel(vocab, 16)
    loss = nn.SoftmaxCrossEntropyWithLogits(sparse=True, reduction="mean")
    step = nn.TrainOneStepCell(nn.WithLossCell(net, loss), nn.Adam(net.trainable_params(), 0.05))
    losses = [float(step(ids, labels).asnumpy()) for _ in range(15)]
    assert losses[-1] < 0.5 * losses[0], losses


@pytest.mark.parametrize("make, call, err, match", [
    (lambda: nn.LSTM(0, 4), None, ValueError, "input_size"),
    (lambda: nn.GRU(3, 4, has_bias=1), None, TypeError, "has_bias"),
    (lambda: nn.RNN(3, 4, dropout=1.0), None, ValueError, "dropout"),
    (lambda: nn.RNN(3, 4, nonlinearity="gelu"), None, ValueError, "nonlinearity"),
    (lambda: nn.LSTM(3, 4), lambda n: n(Tensor(np.ones((2, 3), np.float32))), ValueError, "3-D"),
    (lambda: nn.LSTM(3, 4), lambda n: n(Tensor(np.ones((2, 2, 5), np.float32))), ValueError,
     "input_size"),
    (lambda: nn.LSTM(3, 4), lambda n: n(Tensor(np.ones((2, 2, 3), np.int32))), TypeError, "x"),
    (lambda: nn.LSTM(3, 4), lambda n: n(Tensor(np.ones((2, 2, 3), np.float32)),
                                       Tensor(np.zeros((1, 2, 4), np.float32))), TypeError, "hx"),
    (lambda: nn.GRU(3, 4), lambda n: n(Tensor(np.ones((2, 2, 3), np.float32)),
                                      Tensor(np.zeros((1, 3, 4), np.float32))), ValueError, "hx"),
    (lambda: nn.GRU(3, 4), lambda n: n(Tensor(np.ones((2, 2, 3), np.float32)), None,
                                      Tensor(np.array([1.0, 2.0]))), TypeError, "seq_length"),
    (lambda: nn.GRU(3, 4), lambda n: n(Tensor(np.ones((2, 2, 3), np.float32)), None,
                                      Tensor(np.array([1, 3]))), ValueError, "lengths"),
    (lambda: nn.LSTMCell(3, 4), lambda n: n(Tensor(np.ones((2, 3), np.float32)),
                                           Tensor(np.ones((2, 4), np.float32))), TypeError, "hx"),
])
def test_bad_arguments_raise(make, call, err, match):
    with pytest.raises(err, match=match):
        net = make()
        call(net)


def test_second_order_through_the_sequence_raises():
    net = nn.RNN(3, 4, dtype=ms.float64)
    x = Tensor(np.ones((2, 1, 3)))
    inner = ops.grad(lambda t: (net(t)[0] ** 2).sum())
    with pytest.raises(RuntimeError, match="second-order gradients are not supported"):
        ops.grad(lambda t: inner(t).sum())(x)


# ----- RNNCellBase: the public base MindSpore code subclasses (mindocr's fp16-safe GRUCell) -----
def test_rnn_cell_base_is_mindspores():
    """nn.layer.rnn_cells.RNNCellBase(input_size, hidden_size, has_bias, num_chunks, dtype):
    MindSpore 2.10's parameters, shapes and public attributes (ms-oracle); the three cells derive
    from it; a subclass with its own construct trains through the base's parameters."""
    import inspect
    from mindcell.nn.layer.rnn_cells import RNNCellBase
    assert list(inspect.signature(RNNCellBase).parameters) == [
        "input_size", "hidden_size", "has_bias", "num_chunks", "dtype"]
    for cls in (nn.RNNCell, nn.LSTMCell, nn.GRUCell):
        assert isinstance(cls(2, 3), RNNCellBase)
    c = RNNCellBase(4, 6, True, 3)
    assert [(n, p.shape) for n, p in c.parameters_and_names()] == [
        ("weight_ih", (18, 4)), ("weight_hh", (18, 6)), ("bias_ih", (18,)), ("bias_hh", (18,))]
    assert {k: v for k, v in vars(c).items() if k in ("input_size", "hidden_size", "has_bias")} \
        == {"input_size": 4, "hidden_size": 6, "has_bias": True}
    assert np.abs(c.weight_hh.asnumpy()).max() <= 1 / np.sqrt(6)
    c = RNNCellBase(4, 6, False, 4)
    assert c.bias_ih is None and [n for n, _ in c.parameters_and_names()] == [
        "weight_ih", "weight_hh"]
    with pytest.raises(TypeError, match="has_bias"):
        RNNCellBase(4, 6, 1, 3)
    with pytest.raises(ValueError, match="input_size"):
        RNNCellBase(0, 6, True, 3)
    with pytest.raises(AttributeError, match="construct"):
        RNNCellBase(4, 6, True, 1)(Tensor(np.ones((2, 4), np.float32)),
                                   Tensor(np.ones((2, 6), np.float32)))

    class Tanh1(RNNCellBase):  # a user cell: h' = tanh(x W_ih^T + b_ih + h W_hh^T + b_hh)
        def __init__(self):
            super().__init__(3, 5, True, num_chunks=1)

        def construct(self, x, h):
            return ops.tanh(ops.matmul(x, self.weight_ih.T) + self.bias_ih
                            + ops.matmul(h, self.weight_hh.T) + self.bias_hh)

    cell = Tanh1()
    rng = np.random.default_rng(0)
    x, h = rng.normal(size=(2, 3)).astype(np.float32), rng.normal(size=(2, 5)).astype(np.float32)
    w = {n: p.asnumpy() for n, p in cell.parameters_and_names()}
    ref = np.tanh(x @ w["weight_ih"].T + w["bias_ih"] + h @ w["weight_hh"].T + w["bias_hh"])
    np.testing.assert_allclose(cell(Tensor(x), Tensor(h)).asnumpy(), ref, rtol=1e-5, atol=1e-6)
    grads = ms.grad(lambda a, b: cell(a, b).sum(), grad_position=None,
                    weights=cell.trainable_params())(Tensor(x), Tensor(h))
    np.testing.assert_allclose(grads[2].asnumpy(), (1 - ref ** 2).sum(0), rtol=1e-5, atol=1e-6)
