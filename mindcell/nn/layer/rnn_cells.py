"""RNNCell, LSTMCell, GRUCell: one time step; and the helpers the sequence layers share.

A cell runs the same fused recurrent primitive as nn.RNN/LSTM/GRU (mindcell/ops/defs/
recurrent.py) over a sequence of length one, so the two agree exactly.
"""
import math

import numpy as np

from mindcell import dtype as mstype
from mindcell.common.initializer import Uniform, initializer
from mindcell.common.parameter import Parameter
from mindcell.common.tensor import Tensor
from mindcell.nn.cell import Cell
from mindcell.nn.layer.basic import param_for
from mindcell.ops import functional as F
from mindcell.ops import operations as P
from mindcell.ops._errors import check_bool, check_choice, check_positive_int, show
from mindcell.ops.defs.recurrent import gru_sequence_p, lstm_sequence_p, rnn_sequence_p

GATES = {"RNN_TANH": 1, "RNN_RELU": 1, "LSTM": 4, "GRU": 3}
_FLOATS = (np.dtype(np.float16), np.dtype(np.float32), np.dtype(np.float64), mstype.BF16_NP)


def uniform_param(shape, hidden_size, name, dtype):
    """MindSpore's initialisation of recurrent weights: uniform(-1/sqrt(hidden), 1/sqrt(hidden))."""
    return Parameter(initializer(Uniform(1.0 / math.sqrt(hidden_size)), shape, dtype), name=name)


def numpy_uniform_param(shape, hidden_size, name, dtype):
    """The weights of nn.RNN/GRU/LSTM as MindSpore draws them: float32
    ``np.random.uniform(-1/sqrt(hidden), 1/sqrt(hidden), shape)`` from numpy's global generator,
    so after the same ``np.random.seed`` (or ``set_seed``) they are MindSpore's values."""
    stdv = 1.0 / math.sqrt(hidden_size)
    data = np.random.uniform(-stdv, stdv, shape).astype(np.float32)
    return Parameter(Tensor(data, dtype), name=name)


def check_float_tensor(v, owner, arg, ndim=None):
    if not isinstance(v, Tensor) or v._np_dtype not in _FLOATS:
        raise TypeError("%s: '%s' must be a float16/float32/float64 Tensor, but got %s"
                        % (owner, arg, v.dtype if isinstance(v, Tensor) else show(v)))
    if ndim is not None and v.ndim != ndim:
        raise ValueError("%s: '%s' must be %d-D, but got shape %s" % (owner, arg, ndim, v.shape))
    return v


def check_state(v, owner, arg, shape, dtype):
    check_float_tensor(v, owner, arg)
    if v.shape != tuple(shape):
        raise ValueError("%s: '%s' must have shape %s, but got %s" % (owner, arg, tuple(shape),
                                                                       v.shape))
    if v._np_dtype != dtype:
        raise TypeError("%s: '%s' must have the input's dtype %s, but got %s"
                        % (owner, arg, mstype.from_numpy_dtype(dtype), v.dtype))
    return v


def run_sequence(mode, x, states, weights, lengths, reverse):
    """One layer-direction: x (T, B, I), states (h0,) or (h0, c0), weights (w_ih, w_hh, b_ih,
    b_hh) with None biases for a layer without them, lengths (B,) integers.
    Returns (output (T, B, H), final states tuple)."""
    w_ih, w_hh, b_ih, b_hh = (param_for(x, w) for w in weights)
    if b_ih is None:
        zero = Tensor._make(np.zeros(w_ih.shape[0], x._np_dtype))
        b_ih = b_hh = zero
    if mode == "LSTM":
        out = lstm_sequence_p.bind(x, states[0], states[1], w_ih, w_hh, b_ih, b_hh, lengths,
                                   reverse=reverse)
        return out[0], (out[1], out[2])
    if mode == "GRU":
        out = gru_sequence_p.bind(x, states[0], w_ih, w_hh, b_ih, b_hh, lengths, reverse=reverse)
    else:
        out = rnn_sequence_p.bind(x, states[0], w_ih, w_hh, b_ih, b_hh, lengths, reverse=reverse,
                                  nonlinearity="relu" if mode == "RNN_RELU" else "tanh")
    return out[0], (out[1],)


def full_lengths(seq_len, batch):
    return Tensor._make(np.full(batch, seq_len, np.int64))


_CHUNK_MODES = {1: "RNN_TANH", 3: "GRU", 4: "LSTM"}  # num_chunks -> the fused primitive's mode


class RNNCellBase(Cell):
    """RNNCellBase(input_size, hidden_size, has_bias, num_chunks, dtype=mstype.float32): the base
    of RNNCell, LSTMCell and GRUCell, which holds their weights. Subclass it for a custom cell
    (write ``construct``); RNNCell, LSTMCell and GRUCell add theirs.

    Args:
        input_size (int): the number of input features.
        hidden_size (int): the number of hidden features.
        has_bias (bool): whether the cell has the biases ``bias_ih`` and ``bias_hh``.
        num_chunks (int): the number of gates: the weights have ``num_chunks * hidden_size`` rows
            (1 for RNNCell, 3 for GRUCell, 4 for LSTMCell).
        dtype (mindcell.dtype): the parameters' dtype. Default: ``mstype.float32``.

    Attributes:
        weight_ih (Parameter): (num_chunks * hidden_size, input_size).
        weight_hh (Parameter): (num_chunks * hidden_size, hidden_size).
        bias_ih, bias_hh (Parameter): (num_chunks * hidden_size,), or None without biases.
        All uniform in (-1/sqrt(hidden_size), 1/sqrt(hidden_size)).

    Raises:
        TypeError: a size or num_chunks is not an int, or has_bias is not a bool.
        ValueError: a size or num_chunks is not positive.

    Examples:
        >>> import mindcell as ms
        >>> from mindcell.nn.layer.rnn_cells import RNNCellBase
        >>> cell = RNNCellBase(4, 6, True, num_chunks=3)
        >>> cell.weight_ih.shape, cell.bias_hh.shape
        ((18, 4), (18,))
    """

    def __init__(self, input_size, hidden_size, has_bias, num_chunks, dtype=mstype.float32):
        super().__init__()
        owner = type(self).__name__
        self.input_size = check_positive_int(input_size, owner, "input_size")
        self.hidden_size = check_positive_int(hidden_size, owner, "hidden_size")
        self.has_bias = check_bool(has_bias, owner, "has_bias")
        num_chunks = check_positive_int(num_chunks, owner, "num_chunks")
        self._mode = _CHUNK_MODES.get(num_chunks)
        g = num_chunks * hidden_size
        # MindSpore first fills the four parameters with np.random.randn, then draws them again
        # (reset_parameters): numpy's global generator advances by both
        for shape in ((g, input_size), (g, hidden_size)) + (((g,), (g,)) if has_bias else ()):
            np.random.randn(*shape)
        self.weight_ih = uniform_param((g, input_size), hidden_size, "weight_ih", dtype)
        self.weight_hh = uniform_param((g, hidden_size), hidden_size, "weight_hh", dtype)
        self.bias_ih = uniform_param((g,), hidden_size, "bias_ih", dtype) if has_bias else None
        self.bias_hh = uniform_param((g,), hidden_size, "bias_hh", dtype) if has_bias else None

    def reset_parameters(self, dtype=mstype.float32):
        """Draw every parameter again, uniform in (-1/sqrt(hidden_size), 1/sqrt(hidden_size))."""
        stdv = 1.0 / math.sqrt(self.hidden_size)
        for weight in self.get_parameters():
            weight.set_data(initializer(Uniform(stdv), weight.shape, dtype))

    def _step(self, x, states):
        owner = type(self).__name__
        check_float_tensor(x, owner, "x", 2)
        if x.shape[1] != self.input_size:
            raise ValueError("%s: 'x' must have shape (batch_size, %d), but got %s"
                             % (owner, self.input_size, x.shape))
        names = ("hx[0]", "hx[1]") if len(states) == 2 else ("hx",)
        for s, name in zip(states, names):
            check_state(s, owner, name, (x.shape[0], self.hidden_size), x._np_dtype)
        weights = (self.weight_ih, self.weight_hh, self.bias_ih, self.bias_hh)
        _, final = run_sequence(self._mode, F.expand_dims(x, 0), states, weights,
                                full_lengths(1, x.shape[0]), False)
        return final


    def extend_repr(self):
        return "input_size=%d, hidden_size=%d, has_bias=%s" % (self.input_size, self.hidden_size,
                                                               self.has_bias)


class RNNCell(RNNCellBase):
    """RNNCell(input_size, hidden_size, has_bias=True, nonlinearity='tanh', dtype=mstype.float32):
    one Elman RNN step, ``h' = act(x @ W_ih^T + b_ih + h @ W_hh^T + b_hh)``.

    Inputs:
        x (Tensor): (batch_size, input_size). hx (Tensor): (batch_size, hidden_size), x's dtype.

    Outputs:
        Tensor of shape (batch_size, hidden_size).

    Raises:
        TypeError: a size is not an int, has_bias not a bool, x/hx not float Tensors.
        ValueError: a size is not positive, nonlinearity not 'tanh' or 'relu', wrong shapes.

    Examples:
        >>> import numpy as np
        >>> import mindcell as ms
        >>> net = ms.nn.RNNCell(10, 16)
        >>> hx = net(ms.Tensor(np.ones((3, 10), np.float32)), ms.Tensor(np.ones((3, 16),
        ...          np.float32)))
        >>> hx.shape
        (3, 16)
    """

    def __init__(self, input_size, hidden_size, has_bias=True, nonlinearity="tanh",
                 dtype=mstype.float32):
        check_choice(nonlinearity, "RNNCell", "nonlinearity", ("tanh", "relu"))
        super().__init__(input_size, hidden_size, has_bias, 1, dtype)
        self._mode = "RNN_RELU" if nonlinearity == "relu" else "RNN_TANH"
        self.nonlinearity = nonlinearity

    def construct(self, x, hx):
        return self._step(x, (hx,))[0]


class LSTMCell(RNNCellBase):
    """LSTMCell(input_size, hidden_size, has_bias=True, dtype=mstype.float32): one LSTM step
    (gates i, f, g, o): ``c' = f*c + i*g``, ``h' = o*tanh(c')``.

    Inputs:
        x (Tensor): (batch_size, input_size). hx (tuple): (h, c), each (batch_size, hidden_size).

    Outputs:
        tuple (h', c'), each of shape (batch_size, hidden_size).

    Examples:
        >>> import numpy as np
        >>> import mindcell as ms
        >>> net = ms.nn.LSTMCell(10, 16)
        >>> h = c = ms.Tensor(np.ones((3, 16), np.float32))
        >>> h1, c1 = net(ms.Tensor(np.ones((3, 10), np.float32)), (h, c))
        >>> h1.shape
        (3, 16)
    """

    def __init__(self, input_size, hidden_size, has_bias=True, dtype=mstype.float32):
        super().__init__(input_size, hidden_size, has_bias, 4, dtype)
        self.support_non_tensor_inputs = True  # as MindSpore's LSTMCell sets

    def construct(self, x, hx):
        if not isinstance(hx, (tuple, list)) or len(hx) != 2:
            raise TypeError("LSTMCell: 'hx' must be a tuple (h, c) of two Tensors, but got %s"
                            % show(hx))
        return self._step(x, tuple(hx))


class GRUCell(RNNCellBase):
    """GRUCell(input_size, hidden_size, has_bias=True, dtype=mstype.float32): one GRU step
    (gates r, z, n): ``n = tanh(W_in x + b_in + r*(W_hn h + b_hn))``, ``h' = (1-z)*n + z*h``.

    Inputs:
        x (Tensor): (batch_size, input_size). hx (Tensor): (batch_size, hidden_size).

    Outputs:
        Tensor of shape (batch_size, hidden_size).

    Examples:
        >>> import numpy as np
        >>> import mindcell as ms
        >>> net = ms.nn.GRUCell(10, 16)
        >>> hx = net(ms.Tensor(np.ones((3, 10), np.float32)), ms.Tensor(np.ones((3, 16),
        ...          np.float32)))
        >>> hx.shape
        (3, 16)
    """

    def __init__(self, input_size, hidden_size, has_bias=True, dtype=mstype.float32):
        super().__init__(input_size, hidden_size, has_bias, 3, dtype)

    def construct(self, x, hx):
        return self._step(x, (hx,))[0]
