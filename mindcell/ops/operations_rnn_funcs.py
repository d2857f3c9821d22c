"""The computations of MindSpore's Ascend recurrent Primitives ``DynamicRNN`` (a time-major LSTM
over packed weights) and ``DynamicGRUV2`` (a time-major GRU). MindSpore 2.10 builds both on CPU
but has no CPU kernel for them (calling one raises "Unsupported op [DynamicRNN] on CPU"); model
zoo and user programs written for Ascend use them (CRNN, textrcnn, seq2seq, GNMT, DIEN,
soft-masked BERT ...), so mindcell computes them from the formulas MindSpore documents, with
ops (gradients and GRAPH_MODE come with them). The classes are generated from records in
``operations_from_functions``; each constructor parameter is either honoured or rejected with
an error naming it."""
from mindcell import dtype as mstype
from mindcell.common.tensor import Tensor
from mindcell.ops import functional as F

_FLOATS = (mstype.float16, mstype.float32, mstype.float64)


def _float_input(op, arg, value, ndim):
    if not isinstance(value, Tensor):
        raise TypeError("%s: '%s' must be a Tensor, but got %s" % (op, arg, type(value).__name__))
    if value.dtype not in _FLOATS:
        raise TypeError("%s: '%s' must be a float16/float32/float64 Tensor, but got %s"
                        % (op, arg, value.dtype))
    if value.ndim != ndim:
        raise ValueError("%s: '%s' must be %d-D, but got shape %s"
                         % (op, arg, ndim, tuple(value.shape)))
    return value


def _shape_is(op, arg, value, shape):
    if tuple(value.shape) != tuple(shape):
        raise ValueError("%s: '%s' must have shape %s, but got %s"
                         % (op, arg, tuple(shape), tuple(value.shape)))


def _only(op, **attrs):
    """Constructor parameters mindcell supports at one value only (as MindSpore's kernels)."""
    allowed = {"cell_type": "LSTM", "direction": "UNIDIRECTIONAL", "cell_depth": 1,
               "use_peephole": False, "keep_prob": 1.0, "cell_clip": -1.0, "num_proj": 0,
               "time_major": True, "activation": "tanh"}
    for name, value in attrs.items():
        if value != allowed[name] or type(value) is not type(allowed[name]):
            raise ValueError("%s: '%s' must be %r (the only value MindSpore's kernel "
                             "supports), but got %r" % (op, name, allowed[name], value))


def _compute_dtype(*tensors):
    """float32 for float16 inputs (Ascend accumulates in float32), float64 if any is."""
    return mstype.float64 if any(t.dtype == mstype.float64 for t in tensors) else mstype.float32


def dynamic_rnn(x, w, b, seq_length, init_h, init_c, cell_type="LSTM",
                direction="UNIDIRECTIONAL", cell_depth=1, use_peephole=False, keep_prob=1.0,
                cell_clip=-1.0, num_proj=0, time_major=True, activation="tanh",
                forget_bias=0.0, is_training=True):
    r"""Runs a one-layer LSTM over a time-major sequence with the weights packed as one matrix:
    at each step ``[x_t, h_{t-1}] @ w + b`` is split into the gates i, j, f, o (in that column
    order) and

    .. math::
        i = \sigma(\cdot),\ j = \tanh(\cdot),\ f = \sigma(\cdot + forget\_bias),\
        o = \sigma(\cdot),\ c_t = f * c_{t-1} + i * j,\ h_t = o * \tanh(c_t).

    Args:
        x (Tensor): the inputs, (num_step, batch_size, input_size), float.
        w (Tensor): (input_size + hidden_size, 4 * hidden_size), float.
        b (Tensor): (4 * hidden_size,), float; its dtype is the outputs'.
        seq_length (None): per-sample lengths are not supported (``None`` only, as MindSpore).
        init_h (Tensor): the initial hidden state, (1, batch_size, hidden_size).
        init_c (Tensor): the initial cell state, (1, batch_size, hidden_size).
        cell_type (str): ``'LSTM'`` only. Default: ``'LSTM'``.
        direction (str): ``'UNIDIRECTIONAL'`` only. Default: ``'UNIDIRECTIONAL'``.
        cell_depth (int): ``1`` only. Default: ``1``.
        use_peephole (bool): ``False`` only. Default: ``False``.
        keep_prob (float): ``1.0`` only (no dropout). Default: ``1.0``.
        cell_clip (float): ``-1.0`` only (no clipping). Default: ``-1.0``.
        num_proj (int): ``0`` only (no projection). Default: ``0``.
        time_major (bool): ``True`` only. Default: ``True``.
        activation (str): ``'tanh'`` only. Default: ``'tanh'``.
        forget_bias (float): added to the forget gate before its sigmoid. Default: ``0.0``.
        is_training (bool): whether the gates are kept for a backward pass on Ascend; the
            results are the same either way. Default: ``True``.

    Returns:
        Tuple of 8 Tensors, each (num_step, batch_size, hidden_size): y (every h_t),
        output_h (every h_t, in ``x``'s dtype), output_c (every c_t), i, j, f, o (the gates)
        and tanhc (every tanh(c_t)); all but output_h in ``b``'s dtype.

    Raises:
        TypeError: an input is not a float Tensor, or ``seq_length`` is not None.
        ValueError: a shape does not fit, or a constructor parameter has a value other than
            the one supported.

    Examples:
        >>> import numpy as np
        >>> from mindcell import Tensor, ops
        >>> x = Tensor(np.ones((2, 1, 3), np.float32))
        >>> w = Tensor(np.full((5, 8), 0.1, np.float32))
        >>> b = Tensor(np.zeros(8, np.float32))
        >>> h0 = Tensor(np.zeros((1, 1, 2), np.float32))
        >>> y = ops.DynamicRNN()(x, w, b, None, h0, h0)[0]
        >>> print(y.shape, np.round(y.asnumpy()[-1], 4))
        (2, 1, 2) [[0.1557 0.1557]]
    """
    op = "DynamicRNN"
    _only(op, cell_type=cell_type, direction=direction, cell_depth=cell_depth,
          use_peephole=use_peephole, keep_prob=float(keep_prob) if isinstance(
              keep_prob, (int, float)) and not isinstance(keep_prob, bool) else keep_prob,
          cell_clip=float(cell_clip) if isinstance(cell_clip, (int, float))
          and not isinstance(cell_clip, bool) else cell_clip,
          num_proj=num_proj, time_major=time_major, activation=activation)
    if seq_length is not None:
        raise TypeError("%s: 'seq_length' must be None (MindSpore supports no per-sample "
                        "lengths), but got %s" % (op, type(seq_length).__name__))
    _float_input(op, "x", x, 3)
    steps, batch, in_size = x.shape
    _float_input(op, "w", w, 2)
    hidden = w.shape[1] // 4
    _shape_is(op, "w", w, (in_size + hidden, 4 * hidden))
    _float_input(op, "b", b, 1)
    _shape_is(op, "b", b, (4 * hidden,))
    for arg, state in (("init_h", init_h), ("init_c", init_c)):
        _float_input(op, arg, state, 3)
        _shape_is(op, arg, state, (1, batch, hidden))
    ct = _compute_dtype(x, w, b, init_h, init_c)
    wc, bc = F.cast(w, ct), F.cast(b, ct)
    h, c = F.cast(init_h[0], ct), F.cast(init_c[0], ct)
    xc = F.cast(x, ct)
    outs = {k: [] for k in ("h", "c", "i", "j", "f", "o", "tanhc")}
    for t in range(steps):
        gates = F.matmul(F.concat((xc[t], h), 1), wc) + bc
        i, j, f, o = F.split(gates, hidden, 1)
        i, j, o = F.sigmoid(i), F.tanh(j), F.sigmoid(o)
        f = F.sigmoid(f + forget_bias) if forget_bias else F.sigmoid(f)
        c = f * c + i * j
        tanhc = F.tanh(c)
        h = o * tanhc
        for k, v in (("h", h), ("c", c), ("i", i), ("j", j), ("f", f), ("o", o),
                     ("tanhc", tanhc)):
            outs[k].append(v)
    stacked = {k: F.stack(v, 0) for k, v in outs.items()}
    out_t = b.dtype
    return (F.cast(stacked["h"], out_t), F.cast(stacked["h"], x.dtype),
            F.cast(stacked["c"], out_t), F.cast(stacked["i"], out_t),
            F.cast(stacked["j"], out_t), F.cast(stacked["f"], out_t),
            F.cast(stacked["o"], out_t), F.cast(stacked["tanhc"], out_t))


def dynamic_gru_v2(x, weight_input, weight_hidden, bias_input, bias_hidden, seq_length, init_h,
                   direction="UNIDIRECTIONAL", cell_depth=1, keep_prob=1.0, cell_clip=-1.0,
                   num_proj=0, time_major=True, activation="tanh", gate_order="rzh",
                   reset_after=True, is_training=True):
    r"""Runs a one-layer GRU over a time-major sequence:

    .. math::
        r = \sigma(W_{ir} x_t + b_{ir} + W_{hr} h_{t-1} + b_{hr}),\
        z = \sigma(W_{iz} x_t + b_{iz} + W_{hz} h_{t-1} + b_{hz}),\
        n = \tanh(W_{in} x_t + b_{in} + r * (W_{hn} h_{t-1} + b_{hn})),\
        h_t = (1 - z) * n + z * h_{t-1}

    (with ``reset_after=False``: ``n = tanh(W_in x_t + b_in + W_hn (r * h_{t-1}) + b_hn)``).
    The weights hold the gates' columns in ``gate_order``.

    Args:
        x (Tensor): the inputs, (num_step, batch_size, input_size), float.
        weight_input (Tensor): (input_size, 3 * hidden_size), float.
        weight_hidden (Tensor): (hidden_size, 3 * hidden_size), float.
        bias_input (Tensor, optional): (3 * hidden_size,), or None for no bias.
        bias_hidden (Tensor, optional): (3 * hidden_size,), or None for no bias.
        seq_length (None): per-sample lengths are not supported (``None`` only).
        init_h (Tensor): the initial hidden state, (batch_size, hidden_size).
        direction (str): ``'UNIDIRECTIONAL'`` only. Default: ``'UNIDIRECTIONAL'``.
        cell_depth (int): ``1`` only. Default: ``1``.
        keep_prob (float): ``1.0`` only (no dropout). Default: ``1.0``.
        cell_clip (float): ``-1.0`` only (no clipping). Default: ``-1.0``.
        num_proj (int): ``0`` only (no projection). Default: ``0``.
        time_major (bool): ``True`` only. Default: ``True``.
        activation (str): ``'tanh'`` only. Default: ``'tanh'``.
        gate_order (str): ``'rzh'`` (reset, update, new) or ``'zrh'`` (update, reset, new),
            the gates' column order in the weights and biases. Default: ``'rzh'``.
        reset_after (bool): apply the reset gate after the hidden product. Default: ``True``.
        is_training (bool): whether the gates are kept for a backward pass on Ascend; the
            results are the same either way. Default: ``True``.

    Returns:
        Tuple of 6 Tensors, each (num_step, batch_size, hidden_size): y and output_h (every
        h_t), update (z), reset (r), new (n) and hidden_new (``W_hn h_{t-1} + b_hn``), in the
        biases' dtype (``init_h``'s without biases).

    Raises:
        TypeError: an input is not a float Tensor, or ``seq_length`` is not None.
        ValueError: a shape does not fit, ``gate_order`` is unknown, or a constructor
            parameter has a value other than the one supported.

    Examples:
        >>> import numpy as np
        >>> from mindcell import Tensor, ops
        >>> x = Tensor(np.ones((2, 1, 3), np.float32))
        >>> wi = Tensor(np.full((3, 6), 0.1, np.float32))
        >>> wh = Tensor(np.full((2, 6), 0.1, np.float32))
        >>> h0 = Tensor(np.zeros((1, 2), np.float32))
        >>> y = ops.DynamicGRUV2()(x, wi, wh, None, None, None, h0)[0]
        >>> print(y.shape, np.round(y.asnumpy()[-1], 4))
        (2, 1, 2) [[0.1997 0.1997]]
    """
    op = "DynamicGRUV2"
    _only(op, direction=direction, cell_depth=cell_depth,
          keep_prob=float(keep_prob) if isinstance(keep_prob, (int, float))
          and not isinstance(keep_prob, bool) else keep_prob,
          cell_clip=float(cell_clip) if isinstance(cell_clip, (int, float))
          and not isinstance(cell_clip, bool) else cell_clip,
          num_proj=num_proj, time_major=time_major, activation=activation)
    if gate_order not in ("rzh", "zrh"):
        raise ValueError("%s: 'gate_order' must be 'rzh' or 'zrh', but got %r" % (op, gate_order))
    if not isinstance(reset_after, bool):
        raise TypeError("%s: 'reset_after' must be a bool, but got %r" % (op, reset_after))
    if seq_length is not None:
        raise TypeError("%s: 'seq_length' must be None (MindSpore supports no per-sample "
                        "lengths), but got %s" % (op, type(seq_length).__name__))
    _float_input(op, "x", x, 3)
    steps, batch, in_size = x.shape
    _float_input(op, "weight_hidden", weight_hidden, 2)
    hidden = weight_hidden.shape[0]
    _shape_is(op, "weight_hidden", weight_hidden, (hidden, 3 * hidden))
    _float_input(op, "weight_input", weight_input, 2)
    _shape_is(op, "weight_input", weight_input, (in_size, 3 * hidden))
    for arg, bias in (("bias_input", bias_input), ("bias_hidden", bias_hidden)):
        if bias is not None:
            _float_input(op, arg, bias, 1)
            _shape_is(op, arg, bias, (3 * hidden,))
    _float_input(op, "init_h", init_h, 2)
    _shape_is(op, "init_h", init_h, (batch, hidden))
    given = [t for t in (bias_input, bias_hidden) if t is not None]
    out_t = given[0].dtype if given else init_h.dtype
    ct = _compute_dtype(x, weight_input, weight_hidden, init_h, *given)
    wi, wh = F.cast(weight_input, ct), F.cast(weight_hidden, ct)
    bi = F.cast(bias_input, ct) if bias_input is not None else None
    bh = F.cast(bias_hidden, ct) if bias_hidden is not None else None
    # the input projection of every step at once: one (steps * batch, in) x (in, 3h) product
    xw = F.reshape(F.matmul(F.reshape(F.cast(x, ct), (steps * batch, in_size)), wi),
                   (steps, batch, 3 * hidden))
    if bi is not None:
        xw = xw + bi
    first, second = (0, 1) if gate_order == "rzh" else (1, 0)  # reset, update columns
    h = F.cast(init_h, ct)
    outs = {k: [] for k in ("h", "z", "r", "n", "hn")}
    for t in range(steps):
        xg = F.split(xw[t], hidden, 1)
        w_rz = wh[:, :2 * hidden]
        hg = F.matmul(h, w_rz)
        if bh is not None:
            hg = hg + bh[:2 * hidden]
        hg = F.split(hg, hidden, 1)
        r = F.sigmoid(xg[first] + hg[first])
        z = F.sigmoid(xg[second] + hg[second])
        hidden_new = F.matmul(h, wh[:, 2 * hidden:])
        if bh is not None:
            hidden_new = hidden_new + bh[2 * hidden:]
        if reset_after:
            n = F.tanh(xg[2] + r * hidden_new)
        else:
            n = F.matmul(r * h, wh[:, 2 * hidden:])
            n = F.tanh(xg[2] + (n + bh[2 * hidden:] if bh is not None else n))
        h = (1 - z) * n + z * h
        for k, v in (("h", h), ("z", z), ("r", r), ("n", n), ("hn", hidden_new)):
            outs[k].append(v)
    stacked = {k: F.cast(F.stack(v, 0), out_t) for k, v in outs.items()}
    return (stacked["h"], stacked["h"], stacked["z"], stacked["r"], stacked["n"],
            stacked["hn"])
