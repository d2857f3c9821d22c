"""MultiheadAttention and TransformerEncoderLayer (MindSpore 2.x / PyTorch signatures)."""
import math

import numpy as np

from mindcell.common.initializer import XavierUniform, initializer
from mindcell.common.parameter import Parameter
from mindcell.common.tensor import Tensor
from mindcell.nn.cell import Cell
from mindcell.nn.layer.activation import get_activation
from mindcell.nn.layer.basic import Dense, Dropout
from mindcell.ops._errors import check_positive_int
from mindcell.nn.layer.normalization import LayerNorm
from mindcell.ops import functional as F


class MultiheadAttention(Cell):
    """MultiheadAttention(embed_dim, num_heads, dropout=0.0, has_bias=True, add_bias_kv=False,
    add_zero_attn=False, kdim=None, vdim=None, batch_first=False)

    ``construct(query, key, value, key_padding_mask=None, need_weights=True, attn_mask=None,
    average_attn_weights=True)`` returns ``(attn_output, attn_weights)``; masks are boolean
    (True = masked out) or additive float tensors.
    """

    def __init__(self, embed_dim, num_heads, dropout=0.0, has_bias=True, add_bias_kv=False,
                 add_zero_attn=False, kdim=None, vdim=None, batch_first=False, dtype=None):
        super().__init__()
        check_positive_int(embed_dim, "MultiheadAttention", "embed_dim")
        check_positive_int(num_heads, "MultiheadAttention", "num_heads")
        if embed_dim % num_heads:
            raise ValueError("MultiheadAttention: embed_dim (%d) must be divisible by num_heads "
                             "(%d)" % (embed_dim, num_heads))
        if add_bias_kv or add_zero_attn or (kdim not in (None, embed_dim)) or (
                vdim not in (None, embed_dim)):
            raise ValueError("MultiheadAttention: add_bias_kv, add_zero_attn and kdim/vdim "
                             "different from embed_dim are not supported")
        self.embed_dim, self.num_heads = embed_dim, num_heads
        self.head_dim = embed_dim // num_heads
        self.batch_first = batch_first
        self.in_proj_weight = Parameter(initializer(XavierUniform(), (3 * embed_dim, embed_dim)),
                                        name="in_proj_weight")
        self.in_proj_bias = Parameter(Tensor(np.zeros(3 * embed_dim, np.float32)),
                                      name="in_proj_bias") if has_bias else None
        self.out_proj = Dense(embed_dim, embed_dim, has_bias=has_bias)
        self.dropout = Dropout(p=dropout) if dropout else None

    def _heads(self, t, b, s):
        return F.transpose(F.reshape(t, (b, s, self.num_heads, self.head_dim)), (0, 2, 1, 3))

    def construct(self, query, key, value, key_padding_mask=None, need_weights=True,
                  attn_mask=None, average_attn_weights=True):
        if not self.batch_first:  # (seq, batch, embed) -> (batch, seq, embed)
            query, key, value = (F.swapaxes(t, 0, 1) for t in (query, key, value))
        b, sq, e = query.shape
        sk = key.shape[1]
        if e != self.embed_dim:
            raise ValueError("MultiheadAttention: expected embed_dim %d, but got %d"
                             % (self.embed_dim, e))
        w = F.split(self.in_proj_weight, self.embed_dim, 0)
        bias = F.split(self.in_proj_bias, self.embed_dim, 0) if self.in_proj_bias is not None \
            else (None, None, None)
        q = self._heads(F.dense(query, w[0], bias[0]), b, sq)
        k = self._heads(F.dense(key, w[1], bias[1]), b, sk)
        v = self._heads(F.dense(value, w[2], bias[2]), b, sk)
        scores = F.mul(F.matmul(q, F.swapaxes(k, -1, -2)), 1.0 / math.sqrt(self.head_dim))
        if attn_mask is not None:
            scores = _apply_mask(scores, attn_mask)
        if key_padding_mask is not None:
            scores = _apply_mask(scores, F.reshape(key_padding_mask, (b, 1, 1, sk)))
        weights = F.softmax(scores, -1)
        if self.dropout is not None:
            weights = self.dropout(weights)
        out = F.reshape(F.transpose(F.matmul(weights, v), (0, 2, 1, 3)), (b, sq, e))
        out = self.out_proj(out)
        if not self.batch_first:
            out = F.swapaxes(out, 0, 1)
        if not need_weights:
            return out, None
        return out, (F.mean(weights, 1) if average_attn_weights else weights)


def _apply_mask(scores, mask):
    if mask.dtype.name == "Bool":
        return F.masked_fill(scores, mask, float("-inf"))
    return F.add(scores, F.cast(mask, scores.dtype))


class TransformerEncoderLayer(Cell):
    """TransformerEncoderLayer(d_model, nhead, dim_feedforward=2048, dropout=0.1,
    activation='relu', layer_norm_eps=1e-5, batch_first=False, norm_first=False)"""

    def __init__(self, d_model, nhead, dim_feedforward=2048, dropout=0.1, activation="relu",
                 layer_norm_eps=1e-5, batch_first=False, norm_first=False, dtype=None):
        super().__init__()
        self.self_attn = MultiheadAttention(d_model, nhead, dropout=dropout,
                                            batch_first=batch_first)
        self.dense1 = Dense(d_model, dim_feedforward)
        self.dropout = Dropout(p=dropout) if dropout else None
        self.dense2 = Dense(dim_feedforward, d_model)
        self.norm_first = norm_first
        self.norm1 = LayerNorm((d_model,), epsilon=layer_norm_eps)
        self.norm2 = LayerNorm((d_model,), epsilon=layer_norm_eps)
        self.dropout1 = Dropout(p=dropout) if dropout else None
        self.dropout2 = Dropout(p=dropout) if dropout else None
        self.activation = get_activation(activation) if isinstance(activation, str) \
            else activation

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
