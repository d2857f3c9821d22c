"""LSTM language-model training step: embedding -> 2-layer LSTM (hidden 256) -> Dense ->
softmax cross-entropy -> SGD, batch 32, sequence 64, vocabulary 1000. Columns: numpy
(hand-written forward and backpropagation through time), PYNATIVE, GRAPH, PyTorch eager."""
import numpy as np
import pytest

import mindcell as ms
from mindcell import nn

WORKLOAD = "LSTM"

BATCH, SEQ, HIDDEN, LAYERS, VOCAB, LR = 32, 64, 256, 2, 1000, 0.1


def _data():
    rng = np.random.default_rng(0)
    ids = rng.integers(0, VOCAB, (BATCH, SEQ))
    return ids, rng.integers(0, VOCAB, BATCH * SEQ)


class LanguageModel(nn.Cell):
    def __init__(self):
        super().__init__()
        self.embedding = nn.Embedding(VOCAB, HIDDEN)
        self.lstm = nn.LSTM(HIDDEN, HIDDEN, LAYERS, batch_first=True)
        self.head = nn.Dense(HIDDEN, VOCAB)

    def construct(self, ids):
        out, _ = self.lstm(self.embedding(ids))
        return self.head(out.reshape((-1, HIDDEN)))


def _mindcell_step(mode):
    ms.set_context(mode=mode)
    ms.set_seed(0)
    net = LanguageModel()
    loss = nn.SoftmaxCrossEntropyWithLogits(sparse=True, reduction="mean")
    step = nn.TrainOneStepCell(nn.WithLossCell(net, loss), nn.SGD(net.trainable_params(), LR))
    step.set_train()
    ids, labels = _data()
    ids, labels = ms.Tensor(ids.astype(np.int32)), ms.Tensor(labels.astype(np.int32))
    assert np.isfinite(float(step(ids, labels).asnumpy()))
    return lambda: float(step(ids, labels).asnumpy())


# ----- plain numpy: the same model, time-major, gates i, f, g, o ------------------------------
def _sig(v):
    return 1 / (1 + np.exp(-v))


def _lstm_forward(x, w_ih, w_hh, b):
    T, B, _ = x.shape
    H = w_hh.shape[1]
    xp = (x.reshape(T * B, -1) @ w_ih.T + b).reshape(T, B, 4 * H)
    h, c = np.zeros((B, H), x.dtype), np.zeros((B, H), x.dtype)
    hs, cache = np.empty((T, B, H), x.dtype), []
    for t in range(T):
        g = xp[t] + h @ w_hh.T
        i, f, gg, o = _sig(g[:, :H]), _sig(g[:, H:2 * H]), np.tanh(g[:, 2 * H:3 * H]), _sig(
            g[:, 3 * H:])
        c_prev, h_prev = c, h
        c = f * c + i * gg
        tc = np.tanh(c)
        h = o * tc
        hs[t] = h
        cache.append((i, f, gg, o, tc, c_prev, h_prev))
    return hs, cache


def _lstm_backward(x, w_ih, w_hh, cache, dhs):
    T, B, _ = x.shape
    H = w_hh.shape[1]
    dh, dc = np.zeros((B, H), x.dtype), np.zeros((B, H), x.dtype)
    dg = np.empty((T, B, 4 * H), x.dtype)
    hprev = np.empty((T, B, H), x.dtype)
    for t in range(T - 1, -1, -1):
        i, f, gg, o, tc, c_prev, h_prev = cache[t]
        d = dh + dhs[t]
        dc = dc + d * o * (1 - tc * tc)
        dg[t] = np.concatenate([dc * gg * i * (1 - i), dc * c_prev * f * (1 - f),
                                dc * i * (1 - gg * gg), d * tc * o * (1 - o)], axis=1)
        dc = dc * f
        dh = dg[t] @ w_hh
        hprev[t] = h_prev
    g2 = dg.reshape(T * B, -1)
    return ((g2 @ w_ih).reshape(x.shape), g2.T @ x.reshape(T * B, -1),
            g2.T @ hprev.reshape(T * B, -1), g2.sum(0))


def _numpy_step():
    rng = np.random.default_rng(0)
    f32 = np.float32
    s = 1 / np.sqrt(HIDDEN)
    emb = rng.standard_normal((VOCAB, HIDDEN)).astype(f32) * 0.01
    layers = [[rng.uniform(-s, s, shp).astype(f32) for shp in
               ((4 * HIDDEN, HIDDEN), (4 * HIDDEN, HIDDEN), (4 * HIDDEN,))] for _ in range(LAYERS)]
    w_out, b_out = rng.uniform(-s, s, (VOCAB, HIDDEN)).astype(f32), np.zeros(VOCAB, f32)
    ids, labels = _data()
    ids_t = ids.T  # time-major
    rows = np.arange(labels.size)

    def step():
        x = emb[ids_t]
        inputs, caches = [], []
        for w_ih, w_hh, b in layers:
            inputs.append(x)
            x, cache = _lstm_forward(x, w_ih, w_hh, b)
            caches.append(cache)
        feats = x.transpose(1, 0, 2).reshape(-1, HIDDEN)  # batch-major rows, like the labels
        z = feats @ w_out.T + b_out
        p = np.exp(z - z.max(1, keepdims=True))
        p /= p.sum(1, keepdims=True)
        loss = -np.log(p[rows, labels]).mean()
        p[rows, labels] -= 1
        p /= labels.size
        d = (p @ w_out).reshape(BATCH, SEQ, HIDDEN).transpose(1, 0, 2)
        w_out[...] -= LR * (p.T @ feats)
        b_out[...] -= LR * p.sum(0)
        for (w_ih, w_hh, b), x_in, cache in reversed(list(zip(layers, inputs, caches))):
            d, dw_ih, dw_hh, db = _lstm_backward(x_in, w_ih, w_hh, cache, d)
            w_ih -= LR * dw_ih
            w_hh -= LR * dw_hh
            b -= LR * 2 * db  # b_ih and b_hh get the same gradient
        np.add.at(emb, ids_t, -LR * d)
        return float(loss)
    return step


def _torch_step(torch):
    torch.manual_seed(0)

    class Model(torch.nn.Module):
        def __init__(self):
            super().__init__()
            self.embedding = torch.nn.Embedding(VOCAB, HIDDEN)
            self.lstm = torch.nn.LSTM(HIDDEN, HIDDEN, LAYERS, batch_first=True)
            self.head = torch.nn.Linear(HIDDEN, VOCAB)

        def forward(self, ids):
            return self.head(self.lstm(self.embedding(ids))[0].reshape(-1, HIDDEN))

    net = Model()
    opt = torch.optim.SGD(net.parameters(), lr=LR)
    ids, labels = (torch.from_numpy(a) for a in _data())

    def step():
        opt.zero_grad()
        loss = torch.nn.functional.cross_entropy(net(ids), labels)
        loss.backward()
        opt.step()
        return loss.item()
    return step


@pytest.mark.parametrize("column", ["numpy", "pynative", "graph", "torch"])
def test_lstm_language_model_training_step(benchmark, column, request):
    benchmark.group = "LSTM LM training step, batch %d, seq %d, hidden %d, %d layers" % (
        BATCH, SEQ, HIDDEN, LAYERS)
    if column == "numpy":
        fn = _numpy_step()
    elif column == "torch":
        fn = _torch_step(request.getfixturevalue("torch"))
    else:
        fn = _mindcell_step(ms.GRAPH_MODE if column == "graph" else ms.PYNATIVE_MODE)
    assert np.isfinite(fn())
    benchmark(fn)
