"""Recurrent-sequence primitives: one layer-direction of an Elman RNN, LSTM or GRU over a whole
sequence. # NOTE: a primitive rather than a composite of per-step ops for speed: traced step by
step, a 64-step two-layer LSTM is thousands of graph nodes; as one primitive the forward is one
input GEMM plus a GEMM and fused gate math per step (csrc/recurrent.pyx), and the backward is one
backpropagation-through-time primitive that reuses the gate values the forward saved.

Inputs: x (T, B, I), initial state(s) (B, H), w_ih (G*H, I), w_hh (G*H, H), b_ih, b_hh (G*H,)
(zeros when a layer has no bias), seq_length (B,) integers in [0, T]. Gate order as MindSpore:
LSTM i, f, g, o; GRU r, z, n. Batch row b runs seq_length[b] steps (a reversed sequence visits
times seq_length[b]-1 .. 0); after them its state is frozen and its outputs are zero. The last
output, ``reserve`` (T, B, R*H), holds what the backward needs (layout in csrc/recurrent.pyx).
"""
import numpy as np

from mindcell._core.primitive import defprim
from mindcell.ops.defs._util import no_second_order

_GATES = {"RNNSequence": 1, "LSTMSequence": 4, "GRUSequence": 3}
_RESERVE = {"RNNSequence": 2, "LSTMSequence": 7, "GRUSequence": 5}


def _sig(v):
    return 1.0 / (1.0 + np.exp(-v))


def _steps(lengths, s, reverse):
    """(active rows, time index of every row) at step s (inactive rows get time 0)."""
    act = s < lengths
    t = np.where(act, lengths - 1 - s if reverse else s, 0)
    return act, t


# ----- numpy references (the oracles of csrc/recurrent.pyx) ------------------------------------
def _cell(kind, relu, p, gh, h, c):
    """One step for every batch row: (new h, new c, reserve row)."""
    H = h.shape[1]
    if kind == "LSTMSequence":
        pre = p + gh
        i, f, o = _sig(pre[:, :H]), _sig(pre[:, H:2 * H]), _sig(pre[:, 3 * H:])
        g = np.tanh(pre[:, 2 * H:3 * H])
        cn = f * c + i * g
        tc = np.tanh(cn)
        return o * tc, cn, np.concatenate([i, f, g, o, tc, c, h], axis=1)
    if kind == "GRUSequence":
        r, z = _sig(p[:, :H] + gh[:, :H]), _sig(p[:, H:2 * H] + gh[:, H:2 * H])
        ghn = gh[:, 2 * H:]
        n = np.tanh(p[:, 2 * H:] + r * ghn)
        return n + z * (h - n), c, np.concatenate([r, z, n, ghn, h], axis=1)
    pre = p + gh
    hn = np.maximum(pre, 0) if relu else np.tanh(pre)
    return hn, c, np.concatenate([hn, h], axis=1)


def _sequence(kind, relu, reverse, x, h0, c0, w_ih, w_hh, b_ih, b_hh, lengths):
    T, B = x.shape[:2]
    H = w_hh.shape[1]
    lengths = np.asarray(lengths, np.int64)
    xp = x @ w_ih.T + b_ih
    h, c = h0.copy(), (c0 if c0 is not None else np.zeros_like(h0)).copy()
    y = np.zeros((T, B, H), x.dtype)
    res = np.zeros((T, B, _RESERVE[kind] * H), x.dtype)
    rows = np.arange(B)
    for s in range(T):
        act, t = _steps(lengths, s, reverse)
        hn, cn, r = _cell(kind, relu, xp[t, rows], h @ w_hh.T + b_hh, h, c)
        h, c = np.where(act[:, None], hn, h), np.where(act[:, None], cn, c)
        y[t[act], rows[act]] = hn[act]
        res[t[act], rows[act]] = r[act]
    return (y, h, c, res) if c0 is not None else (y, h, res)


def _cell_grad(kind, relu, o, d, dc):
    """(d input pre-activations, d hidden pre-activations, direct d h_prev, d c_prev)."""
    H = d.shape[1]
    if kind == "LSTMSequence":
        i, f, g, og, tc, cp = (o[:, k * H:(k + 1) * H] for k in range(6))
        dcn = dc + d * og * (1 - tc * tc)
        q = np.concatenate([dcn * g * i * (1 - i), dcn * cp * f * (1 - f),
                            dcn * i * (1 - g * g), d * tc * og * (1 - og)], axis=1)
        return q, q, 0, dcn * f
    if kind == "GRUSequence":
        r, z, n, ghn, hp = (o[:, k * H:(k + 1) * H] for k in range(5))
        dn = d * (1 - z) * (1 - n * n)
        dr, dz = dn * ghn * r * (1 - r), d * (hp - n) * z * (1 - z)
        return (np.concatenate([dr, dz, dn], axis=1), np.concatenate([dr, dz, dn * r], axis=1),
                d * z, dc)
    hn = o[:, :H]
    q = np.where(hn > 0, d, 0) if relu else d * (1 - hn * hn)
    return q, q, 0, dc


def _sequence_grad(kind, relu, reverse, x, w_ih, w_hh, lengths, res, dy, dh_n, dc_n):
    T, B, I = x.shape
    G, H = w_hh.shape
    lengths = np.asarray(lengths, np.int64)
    dh = dh_n.copy()
    dc = (dc_n if dc_n is not None else np.zeros_like(dh_n)).copy()
    dgi, dgh = np.zeros((T, B, G), x.dtype), np.zeros((T, B, G), x.dtype)
    rows = np.arange(B)
    for s in range(T - 1, -1, -1):
        act, t = _steps(lengths, s, reverse)
        a, q, direct, dcp = _cell_grad(kind, relu, res[t, rows], dh + dy[t, rows], dc)
        q = np.where(act[:, None], q, 0)
        dgi[t[act], rows[act]] = a[act]
        dgh[t[act], rows[act]] = q[act]
        dh = np.where(act[:, None], direct + q @ w_hh, dh)
        dc = np.where(act[:, None], dcp, dc)
    hp = _RESERVE[kind] * H - H
    gi, gh = dgi.reshape(-1, G), dgh.reshape(-1, G)
    grads = ((gi @ w_ih).reshape(T, B, I).astype(x.dtype), dh)
    grads += (dc,) if dc_n is not None else ()
    return grads + (gi.T @ x.reshape(-1, I), gh.T @ res.reshape(-1, res.shape[2])[:, hp:],
                    gi.sum(0), gh.sum(0))


# ----- shapes ----------------------------------------------------------------------------------
def _check(name, x, states, w_ih, w_hh, b_ih, b_hh, seq_length):
    """Consistent shapes and dtypes (the nn layers check the user's arguments first)."""
    (T, B, I), dt = x
    G, H = _GATES[name] * w_hh[0][1], w_hh[0][1]
    want = [(s, (B, H)) for s in states] + [(w_ih, (G, I)), (w_hh, (G, H)), (b_ih, (G,)),
                                            (b_hh, (G,))]
    for aval, shape in want:
        if tuple(aval[0]) != shape or aval[1] != dt:
            raise ValueError("%s: expected an operand of shape %s and dtype %s, but got shape %s "
                             "and dtype %s" % (name, shape, dt, tuple(aval[0]), aval[1]))
    if tuple(seq_length[0]) != (B,) or seq_length[1].kind not in "iu":
        raise ValueError("%s: seq_length must be an integer vector of shape (%d,), but got %s %s"
                         % (name, B, seq_length[1], tuple(seq_length[0])))
    return T, B, H, dt


def _infer(name):
    def infer(x, *rest, **attrs):
        nstate = 2 if name == "LSTMSequence" else 1
        T, B, H, dt = _check(name, x, rest[:nstate], *rest[nstate:])
        state = ((B, H), dt)
        return (((T, B, H), dt),) + (state,) * nstate + (((T, B, _RESERVE[name] * H), dt),)
    return infer


def _grad_infer(x, w_ih, w_hh, seq_length, reserve, dy, *dstates, **attrs):
    (T, B, I), dt = x
    G, H = w_hh[0]
    state = ((B, H), dt)
    return ((x[0], dt),) + (state,) * len(dstates) + (w_ih, w_hh, ((G,), dt), ((G,), dt))


# ----- primitives ------------------------------------------------------------------------------
def _lstm_bprop(x, h0, c0, w_ih, w_hh, b_ih, b_hh, seq_length, out, dout, reverse=False):
    g = lstm_sequence_grad_p.bind(x, w_ih, w_hh, seq_length, out[3], dout[0], dout[1], dout[2],
                                  reverse=reverse)
    return tuple(g) + (None,)


def _bprop(prim_grad):
    def bprop(x, h0, w_ih, w_hh, b_ih, b_hh, seq_length, out, dout, **attrs):
        g = prim_grad().bind(x, w_ih, w_hh, seq_length, out[2], dout[0], dout[1], **attrs)
        return tuple(g) + (None,)
    return bprop


lstm_sequence_p = defprim(
    "LSTMSequence", lambda x, h0, c0, w_ih, w_hh, b_ih, b_hh, seq_length, reverse=False:
    _sequence("LSTMSequence", False, reverse, x, h0, c0, w_ih, w_hh, b_ih, b_hh, seq_length),
    nout=4, infer=_infer("LSTMSequence"), bprop=_lstm_bprop, fresh_outputs=True)
gru_sequence_p = defprim(
    "GRUSequence", lambda x, h0, w_ih, w_hh, b_ih, b_hh, seq_length, reverse=False:
    _sequence("GRUSequence", False, reverse, x, h0, None, w_ih, w_hh, b_ih, b_hh, seq_length),
    nout=3, infer=_infer("GRUSequence"), bprop=_bprop(lambda: gru_sequence_grad_p),
    fresh_outputs=True)
rnn_sequence_p = defprim(
    "RNNSequence", lambda x, h0, w_ih, w_hh, b_ih, b_hh, seq_length, reverse=False,
    nonlinearity="tanh": _sequence("RNNSequence", nonlinearity == "relu", reverse, x, h0, None,
                                   w_ih, w_hh, b_ih, b_hh, seq_length),
    nout=3, infer=_infer("RNNSequence"), bprop=_bprop(lambda: rnn_sequence_grad_p),
    fresh_outputs=True)

lstm_sequence_grad_p = defprim(
    "LSTMSequenceGrad", lambda x, w_ih, w_hh, seq_length, reserve, dy, dh_n, dc_n, reverse=False:
    _sequence_grad("LSTMSequence", False, reverse, x, w_ih, w_hh, seq_length, reserve, dy, dh_n,
                   dc_n),
    nout=7, infer=_grad_infer, bprop=no_second_order("LSTMSequenceGrad"),
    fresh_outputs=True)
gru_sequence_grad_p = defprim(
    "GRUSequenceGrad", lambda x, w_ih, w_hh, seq_length, reserve, dy, dh_n, reverse=False:
    _sequence_grad("GRUSequence", False, reverse, x, w_ih, w_hh, seq_length, reserve, dy, dh_n,
                   None),
    nout=6, infer=_grad_infer, bprop=no_second_order("GRUSequenceGrad"),
    fresh_outputs=True)
rnn_sequence_grad_p = defprim(
    "RNNSequenceGrad", lambda x, w_ih, w_hh, seq_length, reserve, dy, dh_n, reverse=False,
    nonlinearity="tanh": _sequence_grad("RNNSequence", nonlinearity == "relu", reverse, x, w_ih,
                                        w_hh, seq_length, reserve, dy, dh_n, None),
    nout=6, infer=_grad_infer, bprop=no_second_order("RNNSequenceGrad"),
    fresh_outputs=True)
