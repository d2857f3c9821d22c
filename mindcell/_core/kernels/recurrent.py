"""Wrappers of the fused recurrent-sequence kernels (csrc/recurrent.pyx): allocate outputs and
scratch, then run a whole layer-direction (forward) or its backpropagation through time."""
import numpy as np

from mindcell._arrays import c_contiguous
from mindcell._C import recurrent as _rec
from mindcell._core import blas
from mindcell._core.kernels import contiguous as _c, register, same_float_dtype as _ok

blas.bind(_rec)


def _lengths(seq_length):
    return c_contiguous(seq_length, dtype=np.int64)


def _forward(kind, relu, reverse, x, h0, c0, w_ih, w_hh, b_ih, b_hh, seq_length):
    if not _ok(x, h0, w_ih, w_hh, b_ih, b_hh) or (c0 is not None and c0.dtype != x.dtype):
        return NotImplemented
    t, b = x.shape[:2]
    g, h = w_hh.shape
    y = np.empty((t, b, h), x.dtype)
    hn = np.array(h0, x.dtype, order="C")
    cn = np.array(c0, x.dtype, order="C") if c0 is not None else np.zeros((b, h), x.dtype)
    reserve = np.empty((t, b, _rec.RESERVE[kind] * h), x.dtype)
    _rec.recurrent_forward(kind, relu, reverse, _c(x), _c(w_ih), _c(w_hh), _c(b_ih), _c(b_hh),
                           _lengths(seq_length), y, hn, cn, reserve,
                           np.empty((t, b, g), x.dtype), np.empty((b, g), x.dtype))
    return (y, hn, cn, reserve) if c0 is not None else (y, hn, reserve)


def _backward(kind, relu, reverse, x, w_ih, w_hh, seq_length, reserve, dy, dh_n, dc_n):
    if not _ok(x, w_ih, w_hh, reserve, dy, dh_n) or (dc_n is not None and dc_n.dtype != x.dtype):
        return NotImplemented
    t, b, i = x.shape
    g, h = w_hh.shape
    dh = np.array(dh_n, x.dtype, order="C")
    dc = np.array(dc_n, x.dtype, order="C") if dc_n is not None else np.zeros((b, h), x.dtype)
    dx = np.empty((t, b, i), x.dtype)
    dw_ih, dw_hh = np.empty((g, i), x.dtype), np.empty((g, h), x.dtype)
    db_ih, db_hh = np.empty(g, x.dtype), np.empty(g, x.dtype)
    dgi = np.empty((t, b, g), x.dtype)
    dgh = np.empty((t, b, g), x.dtype) if kind == 2 else dgi  # equal for RNN and LSTM
    _rec.recurrent_backward(kind, relu, reverse, _c(x), _c(w_ih), _c(w_hh), _lengths(seq_length),
                            _c(reserve), _c(dy), dh, dc, dx, dw_ih, dw_hh, db_ih, db_hh, dgi, dgh,
                            np.empty((b, g), x.dtype), np.empty((b, h), x.dtype))
    if dc_n is not None:
        return dx, dh, dc, dw_ih, dw_hh, db_ih, db_hh
    return dx, dh, dw_ih, dw_hh, db_ih, db_hh


@register("LSTMSequence")
def lstm_sequence(x, h0, c0, w_ih, w_hh, b_ih, b_hh, seq_length, reverse=False):
    return _forward(1, False, reverse, x, h0, c0, w_ih, w_hh, b_ih, b_hh, seq_length)


@register("GRUSequence")
def gru_sequence(x, h0, w_ih, w_hh, b_ih, b_hh, seq_length, reverse=False):
    return _forward(2, False, reverse, x, h0, None, w_ih, w_hh, b_ih, b_hh, seq_length)


@register("RNNSequence")
def rnn_sequence(x, h0, w_ih, w_hh, b_ih, b_hh, seq_length, reverse=False, nonlinearity="tanh"):
    return _forward(0, nonlinearity == "relu", reverse, x, h0, None, w_ih, w_hh, b_ih, b_hh,
                    seq_length)


@register("LSTMSequenceGrad")
def lstm_sequence_grad(x, w_ih, w_hh, seq_length, reserve, dy, dh_n, dc_n, reverse=False):
    return _backward(1, False, reverse, x, w_ih, w_hh, seq_length, reserve, dy, dh_n, dc_n)


@register("GRUSequenceGrad")
def gru_sequence_grad(x, w_ih, w_hh, seq_length, reserve, dy, dh_n, reverse=False):
    return _backward(2, False, reverse, x, w_ih, w_hh, seq_length, reserve, dy, dh_n, None)


@register("RNNSequenceGrad")
def rnn_sequence_grad(x, w_ih, w_hh, seq_length, reserve, dy, dh_n, reverse=False,
                      nonlinearity="tanh"):
    return _backward(0, nonlinearity == "relu", reverse, x, w_ih, w_hh, seq_length, reserve, dy,
                     dh_n, None)
