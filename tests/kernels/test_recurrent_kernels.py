"""The fused recurrent kernels (csrc/recurrent.pyx + _rnn_gates.h) against their numpy oracles
in mindcell/ops/defs/recurrent.py, forward and backpropagation through time, for every kind,
direction, float type, full and ragged lengths, and hidden sizes that are not a multiple of the
vector width (the vectorised gate loops have remainders)."""
import itertools

import numpy as np
import pytest

from mindcell._core.kernels import recurrent as kernels
from mindcell.ops.defs import recurrent as oracle

KINDS = {  # name: (oracle kind, relu, kernel forward, kernel backward, has cell state)
    "rnn_tanh": ("RNNSequence", False, "rnn_sequence", "rnn_sequence_grad", False),
    "rnn_relu": ("RNNSequence", True, "rnn_sequence", "rnn_sequence_grad", False),
    "lstm": ("LSTMSequence", False, "lstm_sequence", "lstm_sequence_grad", True),
    "gru": ("GRUSequence", False, "gru_sequence", "gru_sequence_grad", False),
}
LENGTHS = {"full": lambda T, B: np.full(B, T), "ragged": lambda T, B: np.arange(B) % (T + 1)}
TOL = {np.float32: dict(rtol=2e-4, atol=2e-5), np.float64: dict(rtol=1e-10, atol=1e-12)}


def _operands(kind, T, B, I, H, dtype, seed):
    rng = np.random.default_rng(seed)
    G = oracle._GATES[KINDS[kind][0]] * H

    def draw(*shape, scale=1.0):
        return (rng.standard_normal(shape) * scale).astype(dtype)
    return dict(x=draw(T, B, I), h0=draw(B, H), c0=draw(B, H) if KINDS[kind][4] else None,
                w_ih=draw(G, I, scale=0.4), w_hh=draw(G, H, scale=0.4), b_ih=draw(G),
                b_hh=draw(G), dy=draw(T, B, H), dh=draw(B, H), dc=draw(B, H))


def _kernel_call(kind, op, relu, *args, reverse):
    attrs = dict(reverse=reverse)
    if kind.startswith("rnn"):
        attrs["nonlinearity"] = "relu" if relu else "tanh"
    return getattr(kernels, op)(*args, **attrs)


@pytest.mark.parametrize("kind,reverse,lengths,dtype,H", [
    (k, r, ln, dt, h) for k, r, ln, dt, h in itertools.product(
        KINDS, [False, True], LENGTHS, [np.float32, np.float64], [5, 13])] + [
    ("lstm", False, "full", np.float32, 64), ("gru", True, "ragged", np.float32, 40)])
def test_kernels_match_the_numpy_oracle(kind, reverse, lengths, dtype, H):
    name, relu, fwd, bwd, has_c = KINDS[kind]
    T, B, I = 6, 5, 7
    a = _operands(kind, T, B, I, H, dtype, seed=H)
    seq = LENGTHS[lengths](T, B).astype(np.int64)
    states = (a["h0"], a["c0"]) if has_c else (a["h0"],)
    weights = (a["w_ih"], a["w_hh"], a["b_ih"], a["b_hh"])
    got = _kernel_call(kind, fwd, relu, a["x"], *states, *weights, seq, reverse=reverse)
    want = oracle._sequence(name, relu, reverse, a["x"], a["h0"], a["c0"], *weights, seq)
    assert len(got) == len(want)
    for g, w in zip(got, want):
        assert g.dtype == dtype
        np.testing.assert_allclose(g, w, **TOL[dtype])
    reserve = want[-1]
    d_states = (a["dh"], a["dc"]) if has_c else (a["dh"],)
    got = _kernel_call(kind, bwd, relu, a["x"], a["w_ih"], a["w_hh"], seq, reserve, a["dy"],
                       *d_states, reverse=reverse)
    want = oracle._sequence_grad(name, relu, reverse, a["x"], a["w_ih"], a["w_hh"], seq,
                                 reserve, a["dy"], a["dh"], a["dc"] if has_c else None)
    assert len(got) == len(want)
    for g, w in zip(got, want):
        np.testing.assert_allclose(g, w, **TOL[dtype])


def test_kernels_leave_rows_past_their_length_zero_on_reused_memory():
    """Ragged lengths must zero what full lengths skip: run full then ragged, same shapes."""
    a = _operands("lstm", 4, 3, 2, 5, np.float32, seed=0)
    args = (a["x"], a["h0"], a["c0"], a["w_ih"], a["w_hh"], a["b_ih"], a["b_hh"])
    kernels.lstm_sequence(*args, np.full(3, 4, np.int64))
    y = kernels.lstm_sequence(*args, np.array([4, 1, 0], np.int64))[0]
    assert not y[1:, 1].any() and not y[:, 2].any()


@pytest.mark.parametrize("kind", KINDS)
def test_declared_fresh_outputs_share_no_memory_with_inputs(kind):
    """The primitives declare fresh_outputs (a graph does not copy them before later in-place
    writes of their inputs): neither the kernels nor the numpy impls may return a view."""
    from mindcell._core.primitive import REGISTRY
    name, relu, fwd, bwd, has_c = KINDS[kind]
    a = _operands(kind, 3, 2, 4, 5, np.float64, seed=1)
    seq = np.array([3, 0], np.int64)  # a row of length 0 keeps its initial state
    states = (a["h0"], a["c0"]) if has_c else (a["h0"],)
    args = (a["x"],) + states + (a["w_ih"], a["w_hh"], a["b_ih"], a["b_hh"], seq)
    attrs = {"nonlinearity": "relu" if relu else "tanh"} if kind.startswith("rnn") else {}
    grad_name = name + "Grad"
    for prim_name, call_args in ((name, args), (grad_name, None)):
        prim = REGISTRY[prim_name]
        assert prim.fresh_outputs
        if call_args is None:
            reserve = REGISTRY[name].impl(*args, **attrs)[-1]
            d_states = (a["dh"], a["dc"]) if has_c else (a["dh"],)
            call_args = (a["x"], a["w_ih"], a["w_hh"], seq, reserve, a["dy"]) + d_states
        kernel = getattr(kernels, fwd if prim_name == name else bwd)
        for outs in (prim.impl(*call_args, **attrs), kernel(*call_args, **attrs)):
            for out in outs:
                assert not any(np.shares_memory(out, i) for i in call_args), prim_name


def test_lstm_training_graph_copies_nothing():
    """fresh_outputs lets the LSTM gradients reach the optimizer without Copy nodes."""
    import mindcell as ms
    from mindcell import Tensor, nn
    ms.set_context(mode=ms.GRAPH_MODE)
    try:
        net = nn.LSTM(3, 4, 2)

        class Out(nn.Cell):
            def __init__(self):
                super().__init__()
                self.net = net

            def construct(self, x):
                return self.net(x)[0]
        step = nn.TrainOneStepCell(nn.WithLossCell(Out(), nn.MSELoss()),
                                   nn.SGD(net.trainable_params(), 0.1))
        step(Tensor(np.ones((5, 2, 3), np.float32)), Tensor(np.zeros((5, 2, 4), np.float32)))
        text = str(step._graph_cache.last_compiled.graph)
    finally:
        ms.set_context(mode=ms.PYNATIVE_MODE)
    assert "LSTMSequenceGrad" in text and "Copy(" not in text
