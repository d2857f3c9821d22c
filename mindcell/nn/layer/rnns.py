"""RNN, LSTM, GRU: stacked, optionally bidirectional recurrent layers.

Each layer-direction is one fused primitive (mindcell/ops/defs/recurrent.py), so a GRAPH_MODE
graph has a handful of nodes per layer whatever the sequence length.
"""
from mindcell import dtype as mstype
from mindcell.common.parameter import ParameterTuple
from mindcell.common.tensor import Tensor
from mindcell.nn.cell import Cell
from mindcell.nn.layer.rnn_cells import (GATES, check_float_tensor, check_state, full_lengths,
                                         numpy_uniform_param, run_sequence)
from mindcell.ops import functional as F
from mindcell.ops import operations as P
from mindcell.ops._errors import check_bool, check_choice, check_number, check_positive_int, show


class _RNNBase(Cell):
    """Shared by RNN, LSTM and GRU. Parameters as MindSpore names them: ``weight_ih_l{k}``,
    ``weight_hh_l{k}``, ``bias_ih_l{k}``, ``bias_hh_l{k}`` (suffix ``_reverse`` for the backward
    direction), held in the ParameterTuples ``w_ih_list``, ``w_hh_list``, ``b_ih_list``,
    ``b_hh_list`` (index ``layer * num_directions + direction``)."""

    def __init__(self, mode, input_size, hidden_size, num_layers=1, has_bias=True,
                 batch_first=False, dropout=0.0, bidirectional=False, dtype=mstype.float32):
        super().__init__()
        owner = type(self).__name__
        self.input_size = check_positive_int(input_size, owner, "input_size")
        self.hidden_size = check_positive_int(hidden_size, owner, "hidden_size")
        self.num_layers = check_positive_int(num_layers, owner, "num_layers")
        self.has_bias = check_bool(has_bias, owner, "has_bias")
        self.batch_first = check_bool(batch_first, owner, "batch_first")
        self.bidirectional = check_bool(bidirectional, owner, "bidirectional")
        self.dropout = check_number(dropout, owner, "dropout")
        if not 0 <= self.dropout < 1:
            raise ValueError("%s: 'dropout' must be in [0, 1), but got %r" % (owner, dropout))
        self._mode = mode
        self.is_lstm = mode == "LSTM"
        self.num_directions = 2 if bidirectional else 1
        gate = GATES[mode] * hidden_size
        lists = ([], [], [], [])
        for layer in range(num_layers):
            for direction in range(self.num_directions):
                size = input_size if layer == 0 else hidden_size * self.num_directions
                sfx = "_l%d%s" % (layer, "_reverse" if direction else "")
                draw = numpy_uniform_param  # numpy's generator, in MindSpore's order
                lists[0].append(draw((gate, size), hidden_size, "weight_ih" + sfx, dtype))
                lists[1].append(draw((gate, hidden_size), hidden_size, "weight_hh" + sfx, dtype))
                if has_bias:
                    lists[2].append(draw((gate,), hidden_size, "bias_ih" + sfx, dtype))
                    lists[3].append(draw((gate,), hidden_size, "bias_hh" + sfx, dtype))
        self.w_ih_list, self.w_hh_list, self.b_ih_list, self.b_hh_list = (
            ParameterTuple(p) for p in lists)
        # MindSpore's primitives for the reverse direction (time-major sequences)
        self.reverse = P.ReverseV2(axis=[0])
        self.reverse_sequence = P.ReverseSequence(seq_dim=0, batch_dim=1)

    def _weights(self, k):
        if self.has_bias:
            return self.w_ih_list[k], self.w_hh_list[k], self.b_ih_list[k], self.b_hh_list[k]
        return self.w_ih_list[k], self.w_hh_list[k], None, None

    def _initial_states(self, hx, x):
        owner = type(self).__name__
        shape = (self.num_layers * self.num_directions, x.shape[1], self.hidden_size)
        n = 2 if self.is_lstm else 1
        if hx is None:
            return (F.zeros(shape, x.dtype),) * n
        if self.is_lstm:
            if not isinstance(hx, (tuple, list)) or len(hx) != 2:
                raise TypeError("LSTM: 'hx' must be a tuple (h_0, c_0) of two Tensors, but got "
                                "%s" % show(hx))
            return (check_state(hx[0], owner, "hx[0]", shape, x._np_dtype),
                    check_state(hx[1], owner, "hx[1]", shape, x._np_dtype))
        return (check_state(hx, owner, "hx", shape, x._np_dtype),)

    def _lengths(self, seq_length, x):
        if seq_length is None:
            return full_lengths(x.shape[0], x.shape[1])
        owner = type(self).__name__
        if not isinstance(seq_length, Tensor) or seq_length.dtype not in (mstype.int32,
                                                                          mstype.int64):
            raise TypeError("%s: 'seq_length' must be an int32 or int64 Tensor, but got %s"
                            % (owner, seq_length.dtype if isinstance(seq_length, Tensor)
                               else show(seq_length)))
        if seq_length.shape != (x.shape[1],):
            raise ValueError("%s: 'seq_length' must have shape (batch_size,) = (%d,), but got %s"
                             % (owner, x.shape[1], seq_length.shape))
        return seq_length

    def construct(self, x, hx=None, seq_length=None):
        owner = type(self).__name__
        check_float_tensor(x, owner, "x", 3)
        if x.shape[2] != self.input_size:
            raise ValueError("%s: the last dim of 'x' must be input_size=%d, but got shape %s"
                             % (owner, self.input_size, x.shape))
        if self.batch_first:
            x = F.transpose(x, (1, 0, 2))
        states = self._initial_states(hx, x)
        lengths = self._lengths(seq_length, x)
        finals = [[] for _ in states]
        for layer in range(self.num_layers):
            outs = []
            for d in range(self.num_directions):
                k = layer * self.num_directions + d
                out, final = run_sequence(self._mode, x, tuple(s[k] for s in states),
                                          self._weights(k), lengths, d == 1)
                outs.append(out)
                for acc, f in zip(finals, final):
                    acc.append(f)
            x = F.concat(outs, 2) if len(outs) > 1 else outs[0]
            if self.training and self.dropout > 0 and layer < self.num_layers - 1:
                x = F.dropout(x, self.dropout, True)
        if self.batch_first:
            x = F.transpose(x, (1, 0, 2))
        finals = tuple(F.stack(f, 0) for f in finals)
        return (x, finals) if self.is_lstm else (x, finals[0])

    def extend_repr(self):
        return ("input_size=%d, hidden_size=%d, num_layers=%d, has_bias=%s, batch_first=%s, "
                "dropout=%s, bidirectional=%s" % (self.input_size, self.hidden_size,
                                                  self.num_layers, self.has_bias,
                                                  self.batch_first, self.dropout,
                                                  self.bidirectional))


class RNN(_RNNBase):
    """RNN(input_size, hidden_size, num_layers=1, nonlinearity='tanh', has_bias=True,
    batch_first=False, dropout=0.0, bidirectional=False, dtype=mstype.float32): stacked Elman
    RNN layers, ``h_t = act(W_ih x_t + b_ih + W_hh h_{t-1} + b_hh)`` with act tanh or relu.

    Inputs:
        x (Tensor): (seq_len, batch_size, input_size), or (batch_size, seq_len, input_size)
            when batch_first.
        hx (Tensor): initial state (num_directions * num_layers, batch_size, hidden_size);
            zeros when None.
        seq_length (Tensor): int32/int64 (batch_size,) valid lengths; outputs past a
            sequence's length are zero and its h_n is taken at its last valid step.

    Outputs:
        tuple (output, h_n): output (seq_len, batch_size, num_directions * hidden_size)
        (batch first when batch_first), h_n like hx.

    Raises:
        TypeError: a size is not an int, a flag not a bool, dropout not a number, an input of
            the wrong type or dtype.
        ValueError: a size is not positive, dropout not in [0, 1), nonlinearity not 'tanh' or
            'relu', an input of the wrong shape.

    Examples:
        >>> import numpy as np
        >>> import mindcell as ms
        >>> net = ms.nn.RNN(10, 16, 2, batch_first=True)
        >>> out, h_n = net(ms.Tensor(np.ones((3, 5, 10), np.float32)))
        >>> out.shape, h_n.shape
        ((3, 5, 16), (2, 3, 16))
    """

    def __init__(self, *args, **kwargs):
        args = list(args)
        nonlinearity = args.pop(3) if len(args) > 3 else kwargs.pop("nonlinearity", "tanh")
        check_choice(nonlinearity, "RNN", "nonlinearity", ("tanh", "relu"))
        super().__init__("RNN_RELU" if nonlinearity == "relu" else "RNN_TANH", *args, **kwargs)
        self.nonlinearity = nonlinearity


class LSTM(_RNNBase):
    """LSTM(input_size, hidden_size, num_layers=1, has_bias=True, batch_first=False,
    dropout=0.0, bidirectional=False, dtype=mstype.float32): stacked LSTM layers, gates in
    MindSpore's order i, f, g, o: ``c_t = f*c_{t-1} + i*g``, ``h_t = o*tanh(c_t)``.

    Inputs:
        x (Tensor): as for :class:`RNN`. hx (tuple): (h_0, c_0), each (num_directions *
        num_layers, batch_size, hidden_size); zeros when None. seq_length: as for RNN.

    Outputs:
        tuple (output, (h_n, c_n)).

    Examples:
        >>> import numpy as np
        >>> import mindcell as ms
        >>> net = ms.nn.LSTM(10, 16, 2, bidirectional=True)
        >>> out, (h_n, c_n) = net(ms.Tensor(np.ones((5, 3, 10), np.float32)))
        >>> out.shape, h_n.shape
        ((5, 3, 32), (4, 3, 16))
    """

    def __init__(self, *args, **kwargs):
        super().__init__("LSTM", *args, **kwargs)


class GRU(_RNNBase):
    """GRU(input_size, hidden_size, num_layers=1, has_bias=True, batch_first=False,
    dropout=0.0, bidirectional=False, dtype=mstype.float32): stacked GRU layers, gates in
    MindSpore's order r, z, n: ``n = tanh(W_in x + b_in + r*(W_hn h + b_hn))``,
    ``h_t = (1-z)*n + z*h_{t-1}``.

    Args:
        input_size (int): the features of an input step.
        hidden_size (int): the features of the hidden state.
        num_layers (int): the stacked layers. Default: ``1``.
        has_bias (bool): the layers have the biases ``b_ih``/``b_hh``. Default: ``True``.
        batch_first (bool): inputs and outputs are (batch, seq, feature). Default: ``False``.
        dropout (float): in [0, 1), the dropout between layers in training. Default: ``0.0``.
        bidirectional (bool): run a reversed direction too. Default: ``False``.
        dtype (mindcell.dtype): the parameters' dtype. Default: ``mstype.float32``.

    Inputs:
        x (Tensor): (seq_len, batch_size, input_size), or (batch_size, seq_len, input_size)
            when batch_first.
        hx (Tensor): initial state (num_directions * num_layers, batch_size, hidden_size);
            zeros when None.
        seq_length (Tensor): int32/int64 (batch_size,) valid lengths, as for :class:`RNN`.

    Outputs:
        tuple (output, h_n): output (seq_len, batch_size, num_directions * hidden_size)
        (batch first when batch_first), h_n like hx.

    Raises:
        TypeError: a size is not an int, a flag not a bool, dropout not a number, an input of
            the wrong type or dtype.
        ValueError: a size is not positive, dropout not in [0, 1), an input of the wrong
            shape.

    Examples:
        >>> import numpy as np
        >>> import mindcell as ms
        >>> net = ms.nn.GRU(10, 16)
        >>> out, h_n = net(ms.Tensor(np.ones((5, 3, 10), np.float32)))
        >>> out.shape, h_n.shape
        ((5, 3, 16), (1, 3, 16))
    """

    def __init__(self, *args, **kwargs):
        super().__init__("GRU", *args, **kwargs)
