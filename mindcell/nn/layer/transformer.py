"""MultiheadAttention and TransformerEncoderLayer (MindSpore 2.x / PyTorch signatures)."""
import math

import numpy as np

from mindcell import dtype as mstype
from mindcell.common.initializer import XavierNormal, XavierUniform, initializer
from mindcell.common.parameter import Parameter
from mindcell.common.tensor import Tensor
from mindcell.nn.cell import Cell
from mindcell.nn.layer.activation import get_activation
from mindcell.nn.layer.basic import Dense, Dropout
from mindcell.ops._errors import check_bool, check_positive_int
from mindcell.nn.layer.normalization import LayerNorm
from mindcell.ops import functional as F


class MultiheadAttention(Cell):
    """MultiheadAttention(embed_dim, num_heads, dropout=0.0, has_bias=True, add_bias_kv=False,
    add_zero_attn=False, kdim=None, vdim=None, batch_first=False, dtype=mstype.float32):
    scaled dot-product attention over ``num_heads`` heads, with input and output projections.

    With ``kdim``/``vdim`` other than ``embed_dim`` the projections are separate parameters
    ``q_proj_weight``, ``k_proj_weight`` (embed_dim, kdim) and ``v_proj_weight``
    (embed_dim, vdim), as in MindSpore, else one ``in_proj_weight`` (3 * embed_dim, embed_dim);
    ``add_bias_kv`` appends the learned ``bias_k``/``bias_v`` (1, 1, embed_dim) to the projected
    keys and values, ``add_zero_attn`` a zero key and value per head (the masks get an unmasked
    column for each). Parameters are created in ``dtype``.

    Args:
        embed_dim (int): the model's feature size, divisible by ``num_heads``.
        num_heads (int): the number of heads.
        dropout (float): the dropout probability of the attention weights (in training).
            Default: ``0.0``.
        has_bias (bool): the projections have biases. Default: ``True``.
        add_bias_kv (bool): learn an extra key and value. Default: ``False``.
        add_zero_attn (bool): add a zero key and value. Default: ``False``.
        kdim (int, optional): the keys' feature size. Default: ``None`` (``embed_dim``).
        vdim (int, optional): the values' feature size. Default: ``None`` (``embed_dim``).
        batch_first (bool): inputs and outputs are (batch, seq, feature) instead of
            (seq, batch, feature). Default: ``False``.
        dtype (mindcell.dtype): the parameters' dtype. Default: ``mstype.float32``.

    Inputs:
        - **query** (Tensor) - (L, N, embed_dim), or (N, L, embed_dim) with ``batch_first``.
        - **key** (Tensor) - (S, N, kdim) (or batch first).
        - **value** (Tensor) - (S, N, vdim) (or batch first).
        - **key_padding_mask** (Tensor, optional) - (N, S): keys to ignore, boolean (True =
          masked out) or an additive float mask. Default: ``None``.
        - **need_weights** (bool) - also return the attention weights. Default: ``True``.
        - **attn_mask** (Tensor, optional) - (L, S) or (N * num_heads, L, S), boolean or
          additive. Default: ``None``.
        - **average_attn_weights** (bool) - average the weights over the heads. Default:
          ``True``.

    Outputs:
        Tuple ``(attn_output, attn_weights)``: the output in the query's layout, and the weights
        (N, L, S) (or (N, num_heads, L, S) without averaging), None without ``need_weights``.

    Raises:
        ValueError: a size is not a positive int, ``embed_dim`` does not divide by
            ``num_heads``, or the inputs' feature sizes do not match.
        TypeError: ``add_zero_attn`` is not a bool.

    Examples:
        >>> import numpy as np
        >>> import mindcell as ms
        >>> attn = ms.nn.MultiheadAttention(8, 2, batch_first=True)
        >>> q = ms.Tensor(np.ones((1, 3, 8), np.float32))
        >>> kv = ms.Tensor(np.ones((1, 5, 8), np.float32))
        >>> out, weights = attn(q, kv, kv)
        >>> print(out.shape, weights.shape, weights[0, 0, 0])
        (1, 3, 8) (1, 3, 5) 0.2
    """

    def __init__(self, embed_dim, num_heads, dropout=0.0, has_bias=True, add_bias_kv=False,
                 add_zero_attn=False, kdim=None, vdim=None, batch_first=False, dtype=mstype.float32):
        super().__init__()
        owner = "MultiheadAttention"
        check_positive_int(embed_dim, owner, "embed_dim")
        check_positive_int(num_heads, owner, "num_heads")
        if embed_dim % num_heads:
            raise ValueError("MultiheadAttention: embed_dim (%d) must be divisible by num_heads "
                             "(%d)" % (embed_dim, num_heads))
        dtype = mstype.float32 if dtype is None else dtype
        self.kdim = embed_dim if kdim is None else check_positive_int(kdim, owner, "kdim")
        self.vdim = embed_dim if vdim is None else check_positive_int(vdim, owner, "vdim")
        self._same_dims = self.kdim == embed_dim and self.vdim == embed_dim
        self.embed_dim, self.num_heads = embed_dim, num_heads
        self.head_dim = embed_dim // num_heads
        self.batch_first = batch_first
        self.add_zero_attn = check_bool(add_zero_attn, owner, "add_zero_attn")
        if self._same_dims:
            self.in_proj_weight = Parameter(initializer(XavierUniform(),
                                                        (3 * embed_dim, embed_dim), dtype),
                                            name="in_proj_weight")
            self.q_proj_weight = self.k_proj_weight = self.v_proj_weight = None
        else:
            self.in_proj_weight = None
            self.q_proj_weight = Parameter(initializer(XavierUniform(), (embed_dim, embed_dim),
                                                       dtype), name="q_proj_weight")
            self.k_proj_weight = Parameter(initializer(XavierUniform(), (embed_dim, self.kdim),
                                                       dtype), name="k_proj_weight")
            self.v_proj_weight = Parameter(initializer(XavierUniform(), (embed_dim, self.vdim),
                                                       dtype), name="v_proj_weight")
        self.in_proj_bias = Parameter(initializer("zeros", (3 * embed_dim,), dtype),
                                      name="in_proj_bias") if has_bias else None
        if check_bool(add_bias_kv, owner, "add_bias_kv"):
            self.bias_k = Parameter(initializer(XavierNormal(), (1, 1, embed_dim), dtype),
                                    name="bias_k")
            self.bias_v = Parameter(initializer(XavierNormal(), (1, 1, embed_dim), dtype),
                                    name="bias_v")
        else:
            self.bias_k = self.bias_v = None
        self.out_proj = Dense(embed_dim, embed_dim, has_bias=has_bias, dtype=dtype)
        # MindSpore's attributes: the dropout probability itself (applied to the attention
        # weights in training), whether the last call's key was its value / query its key,
        # and the parameters' dtype
        self.dropout = dropout
        self.k_is_v = self.q_is_k = False
        self.dtype = dtype

    def _heads(self, t, b, s):
        return F.transpose(F.reshape(t, (b, s, self.num_heads, self.head_dim)), (0, 2, 1, 3))

    def _weights(self):
        if self._same_dims:
            return F.split(self.in_proj_weight, self.embed_dim, 0)
        return self.q_proj_weight, self.k_proj_weight, self.v_proj_weight

    def construct(self, query, key, value, key_padding_mask=None, need_weights=True,
                  attn_mask=None, average_attn_weights=True):
        self.k_is_v, self.q_is_k = key is value, query is key
        if not self.batch_first:  # (seq, batch, embed) -> (batch, seq, embed)
            query, key, value = (F.swapaxes(t, 0, 1) for t in (query, key, value))
        b, sq, e = query.shape
        if e != self.embed_dim or key.shape[-1] != self.kdim or value.shape[-1] != self.vdim:
            raise ValueError("MultiheadAttention: expected query/key/value features %d/%d/%d, "
                             "but got %d/%d/%d" % (self.embed_dim, self.kdim, self.vdim, e,
                                                   key.shape[-1], value.shape[-1]))
        w = self._weights()
        bias = F.split(self.in_proj_bias, self.embed_dim, 0) if self.in_proj_bias is not None \
            else (None, None, None)
        q, k, v = F.dense(query, w[0], bias[0]), F.dense(key, w[1], bias[1]), \
            F.dense(value, w[2], bias[2])
        if self.bias_k is not None:
            k = F.concat((k, F.broadcast_to(self.bias_k, (b, 1, e))), 1)
            v = F.concat((v, F.broadcast_to(self.bias_v, (b, 1, e))), 1)
            attn_mask, key_padding_mask = _pad_masks(attn_mask, key_padding_mask)
        sk = k.shape[1]
        q, k, v = self._heads(q, b, sq), self._heads(k, b, sk), self._heads(v, b, sk)
        if self.add_zero_attn:
            zeros = F.zeros((b, self.num_heads, 1, self.head_dim), k.dtype)
            k, v = F.concat((k, zeros), 2), F.concat((v, zeros), 2)
            attn_mask, key_padding_mask = _pad_masks(attn_mask, key_padding_mask)
            sk += 1
        scores = F.mul(F.matmul(q, F.swapaxes(k, -1, -2)), 1.0 / math.sqrt(self.head_dim))
        if attn_mask is not None:
            scores = _apply_mask(scores, attn_mask)
        if key_padding_mask is not None:
            scores = _apply_mask(scores, F.reshape(key_padding_mask, (b, 1, 1, sk)))
        weights = F.softmax(scores, -1)
        if self.dropout and self.training:
            weights = F.dropout(weights, p=self.dropout, training=True)
        out = F.reshape(F.transpose(F.matmul(weights, v), (0, 2, 1, 3)), (b, sq, e))
        out = self.out_proj(out)
        if not self.batch_first:
            out = F.swapaxes(out, 0, 1)
        if not need_weights:
            return out, None
        return out, (F.mean(weights, 1) if average_attn_weights else weights)


def _pad_masks(*masks):
    """Each mask (or None) with one more, unmasked, key column."""
    return tuple(None if m is None else
                 F.concat((m, F.zeros(m.shape[:-1] + (1,), m.dtype)), -1) for m in masks)


def _apply_mask(scores, mask):
    if mask.dtype.name == "Bool":
        return F.masked_fill(scores, mask, float("-inf"))
    return F.add(scores, F.cast(mask, scores.dtype))


class TransformerEncoderLayer(Cell):
    """TransformerEncoderLayer(d_model, nhead, dim_feedforward=2048, dropout=0.1,
    activation='relu', layer_norm_eps=1e-5, batch_first=False, norm_first=False,
    dtype=mstype.float32): a self-attention block and a feed-forward block, each with a
    residual connection and a LayerNorm.

    ``norm_first=False``: ``x = norm1(x + sa(x)); x = norm2(x + ff(x))``; ``True``:
    ``x = x + sa(norm1(x)); x = x + ff(norm2(x))``.

    Args:
        d_model (int): the feature size.
        nhead (int): the number of attention heads; it divides ``d_model``.
        dim_feedforward (int): the feed-forward block's hidden size. Default: ``2048``.
        dropout (float): the dropout probability (in training). Default: ``0.1``.
        activation (Union[str, Cell, callable]): the feed-forward activation, e.g. ``'relu'`` or
            ``'gelu'``. Default: ``'relu'``.
        layer_norm_eps (float): the LayerNorms' epsilon. Default: ``1e-5``.
        batch_first (bool): (batch, seq, feature) layout. Default: ``False``.
        norm_first (bool): normalize before each block. Default: ``False``.
        dtype (mindcell.dtype): the parameters' dtype. Default: ``mstype.float32``.

    Inputs:
        - **src** (Tensor) - (S, N, d_model), or (N, S, d_model) with ``batch_first``.
        - **src_mask** (Tensor, optional) - the attention mask (S, S). Default: ``None``.
        - **src_key_padding_mask** (Tensor, optional) - (N, S), True = padding. Default:
          ``None``.

    Outputs:
        Tensor, the shape of ``src``.

    Raises:
        ValueError: ``d_model`` does not divide by ``nhead``, or the input's feature size is
            not ``d_model``.
        KeyError: ``activation`` is an unknown name.

    Examples:
        >>> import numpy as np
        >>> import mindcell as ms
        >>> layer = ms.nn.TransformerEncoderLayer(8, 2, dim_feedforward=16, batch_first=True)
        >>> layer(ms.Tensor(np.ones((2, 4, 8), np.float32))).shape
        (2, 4, 8)
    """

    def __init__(self, d_model, nhead, dim_feedforward=2048, dropout=0.1, activation="relu",
                 layer_norm_eps=1e-5, batch_first=False, norm_first=False, dtype=mstype.float32):
        super().__init__()
        dtype = mstype.float32 if dtype is None else dtype
        self.self_attn = MultiheadAttention(d_model, nhead, dropout=dropout,
                                            batch_first=batch_first, dtype=dtype)
        self.dense1 = Dense(d_model, dim_feedforward, dtype=dtype)
        self.dropout = Dropout(p=dropout) if dropout else None
        self.dense2 = Dense(dim_feedforward, d_model, dtype=dtype)
        self.norm_first = norm_first
        self.norm1 = LayerNorm((d_model,), epsilon=layer_norm_eps, dtype=dtype)
        self.norm2 = LayerNorm((d_model,), epsilon=layer_norm_eps, dtype=dtype)
        self.dropout1 = Dropout(p=dropout) if dropout else None
        self.dropout2 = Dropout(p=dropout) if dropout else None
        self.activation = get_activation(activation) if isinstance(activation, str) \
            else activation
        # MindSpore's attributes: the arguments as given (activation1: the activation argument)
        self.activation1, self.d_model, self.nhead = activation, d_model, nhead
        self.dim_feedforward, self.dropout_num = dim_feedforward, dropout
        self.layernorm_eps, self.batch_first, self.dtype = layer_norm_eps, batch_first, dtype

    def _drop(self, cell, x):
        return cell(x) if cell is not None else x

    def _sa(self, x, mask, padding):
        return self._drop(self.dropout1, self.self_attn(x, x, x, key_padding_mask=padding,
                                                        attn_mask=mask, need_weights=False)[0])

    def _ff(self, x):
        h = self._drop(self.dropout, self.activation(self.dense1(x)))
        return self._drop(self.dropout2, self.dense2(h))

    def construct(self, src, src_mask=None, src_key_padding_mask=None):
        x = src
        if self.norm_first:
            x = F.add(x, self._sa(self.norm1(x), src_mask, src_key_padding_mask))
            return F.add(x, self._ff(self.norm2(x)))
        x = self.norm1(F.add(x, self._sa(x, src_mask, src_key_padding_mask)))
        return self.norm2(F.add(x, self._ff(x)))
