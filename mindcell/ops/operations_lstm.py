"""``ops.LSTM``: MindSpore's LSTM primitive on a flat weight tensor, run by mindcell's fused
LSTM sequence kernel (the one nn.LSTM uses)."""
import numpy as np

from mindcell.common.tensor import Tensor
from mindcell.ops import functional as F
from mindcell.ops._errors import check_bool, check_int, check_number
from mindcell.ops.defs.recurrent import lstm_sequence_p
from mindcell.ops.primitive import Primitive

__all__ = ["LSTM"]


class LSTM(Primitive):
    """LSTM(input_size, hidden_size, num_layers, has_bias, bidirectional, dropout, proj_size=0)

    ``LSTM(...)(x, h, c, w)``: a one-layer LSTM over ``x`` (seq_len, batch, input_size) from
    the states ``h``, ``c`` (num_directions, batch, hidden_size), with every weight in the flat
    ``w`` (n, 1, 1), laid out as MindSpore's CPU kernel reads it: the input weights
    (4 * hidden_size, input_size) of each direction, then the hidden weights
    (4 * hidden_size, hidden_size) of each direction, then, with ``has_bias``, one bias
    (4 * hidden_size) per direction (``b_ih + b_hh``); gates in the order i, f, g, o. ``w`` may
    also hold MindSpore's documented second bias per direction (4 * hidden_size more values,
    as in its example); MindSpore 2.10's CPU kernel adds only the first, and so does mindcell.

    Args:
        input_size (int): features of each step of ``x``.
        hidden_size (int): features of the states.
        num_layers (int): must be 1 (MindSpore's CPU kernel fails to build several layers;
            stack ``nn.LSTM`` layers instead).
        has_bias (bool): ``w`` ends with the biases.
        bidirectional (bool): a second direction runs backwards in time; outputs concatenate.
        dropout (float): dropout between layers, in [0, 1]: with one layer it has no effect.
        proj_size (int): must be 0 (projections are not implemented).

    Returns (when called):
        tuple: ``output`` (seq_len, batch, num_directions * hidden_size), the final ``h`` and
        ``c`` (num_directions, batch, hidden_size), and ``reserve``/``state``, MindSpore's
        kernel workspaces, here (1, 1) zeros.

    Raises:
        TypeError: an argument of the wrong type.
        ValueError: ``w`` has the wrong size, or the shapes do not agree.
        NotImplementedError: ``num_layers`` > 1 or ``proj_size`` > 0.

    Examples:
        >>> import numpy as np
        >>> from mindcell import ops, Tensor
        >>> I, H = 3, 2
        >>> w = Tensor(np.full((4 * H * (I + H) + 4 * H, 1, 1), 0.1, np.float32))
        >>> x = Tensor(np.ones((4, 1, I), np.float32))
        >>> h = c = Tensor(np.zeros((1, 1, H), np.float32))
        >>> out, hn, cn, _, _ = ops.LSTM(I, H, 1, True, False, 0.0)(x, h, c, w)
        >>> out.shape, hn.shape
        ((4, 1, 2), (1, 1, 2))
    """

    def __init__(self, input_size, hidden_size, num_layers, has_bias, bidirectional, dropout,
                 proj_size=0):
        super().__init__()
        self.input_size = check_int(input_size, "LSTM", "input_size", 1)
        self.hidden_size = check_int(hidden_size, "LSTM", "hidden_size", 1)
        self.num_layers = check_int(num_layers, "LSTM", "num_layers", 1)
        self.has_bias = check_bool(has_bias, "LSTM", "has_bias")
        self.bidirectional = check_bool(bidirectional, "LSTM", "bidirectional")
        self.dropout = float(check_number(dropout, "LSTM", "dropout"))
        if not 0.0 <= self.dropout <= 1.0:
            raise ValueError("LSTM: 'dropout' must be in [0, 1], but got %r" % (dropout,))
        self.proj_size = check_int(proj_size, "LSTM", "proj_size", 0)
        if self.num_layers != 1:
            raise NotImplementedError("LSTM: num_layers=%d is not implemented (MindSpore's CPU "
                                      "kernel builds one layer); stack nn.LSTM layers instead"
                                      % self.num_layers)
        if self.proj_size:
            raise NotImplementedError("LSTM: proj_size=%d is not implemented" % self.proj_size)

    def _split(self, w, dtype):
        """(w_ih, w_hh, bias) of each direction, from the flat weights."""
        I, H, D = self.input_size, self.hidden_size, 2 if self.bidirectional else 1
        sizes = [4 * H * I] * D + [4 * H * H] * D + ([4 * H] * D if self.has_bias else [])
        flat = F.reshape(w, (-1,))
        # MindSpore's documented layout has two biases per direction (b_ih, b_hh; 4 * H more
        # values each); its CPU kernel reads the first only (ms-oracle), and so does this
        allowed = (sum(sizes), sum(sizes) + 4 * H * D) if self.has_bias else (sum(sizes),)
        if flat.shape[0] not in allowed:
            raise ValueError("LSTM: 'w' must hold %s values (input, hidden weights%s of %d "
                             "direction(s)), but got %d"
                             % (" or ".join(map(str, allowed)), " and biases"
                                if self.has_bias else "", D, flat.shape[0]))
        parts, at = [], 0
        for n in sizes:
            parts.append(flat[at:at + n])
            at += n
        zero = Tensor._make(np.zeros(4 * H, dtype))
        return [(F.reshape(parts[d], (4 * H, I)), F.reshape(parts[D + d], (4 * H, H)),
                 parts[2 * D + d] if self.has_bias else zero) for d in range(D)]

    def __call__(self, x, h, c, w):
        for name, t in (("x", x), ("h", h), ("c", c), ("w", w)):
            if not isinstance(t, Tensor):
                raise TypeError("LSTM: '%s' must be a Tensor, but got %s"
                                % (name, type(t).__name__))
        D, H = 2 if self.bidirectional else 1, self.hidden_size
        if x.ndim != 3 or x.shape[2] != self.input_size:
            raise ValueError("LSTM: 'x' must have shape (seq_len, batch, %d), but got %s"
                             % (self.input_size, x.shape))
        T, B = x.shape[:2]
        for name, t in (("h", h), ("c", c)):
            if tuple(t.shape) != (D, B, H):
                raise ValueError("LSTM: '%s' must have shape %s, but got %s"
                                 % (name, (D, B, H), t.shape))
        lengths = Tensor._make(np.full(B, T, np.int64))
        zero = Tensor._make(np.zeros(4 * H, x._np_dtype))
        outs, hs, cs = [], [], []
        for d, (w_ih, w_hh, b) in enumerate(self._split(w, x._np_dtype)):
            y, hn, cn, _ = lstm_sequence_p.bind(x, h[d], c[d], w_ih, w_hh, b, zero, lengths,
                                                reverse=d == 1)
            outs.append(y)
            hs.append(hn)
            cs.append(cn)
        output = outs[0] if D == 1 else F.concat(outs, -1)
        workspace = Tensor._make(np.zeros((1, 1), x._np_dtype))
        return output, F.stack(hs), F.stack(cs), workspace, workspace
