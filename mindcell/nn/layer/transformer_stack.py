"""TransformerDecoderLayer, TransformerEncoder, TransformerDecoder and Transformer (MindSpore
2.x signatures; masks as in MultiheadAttention: boolean True = masked out, or additive)."""
import copy

from mindcell import dtype as mstype
from mindcell.common.initializer import XavierUniform, initializer
from mindcell.nn.cell import Cell
from mindcell.nn.layer.basic import Dropout
from mindcell.ops._errors import check_positive_int
from mindcell.nn.layer.container import CellList
from mindcell.nn.layer.normalization import LayerNorm
from mindcell.nn.layer.transformer import MultiheadAttention, TransformerEncoderLayer
from mindcell.ops import functional as F


class TransformerDecoderLayer(TransformerEncoderLayer):
    """TransformerDecoderLayer(d_model, nhead, dim_feedforward=2048, dropout=0.1,
    activation='relu', layer_norm_eps=1e-5, batch_first=False, norm_first=False)

    ``construct(tgt, memory, tgt_mask=None, memory_mask=None, tgt_key_padding_mask=None,
    memory_key_padding_mask=None)``: self-attention, attention over ``memory``, feed-forward.
    """

    def __init__(self, d_model, nhead, dim_feedforward=2048, dropout=0.1, activation="relu",
                 layer_norm_eps=1e-5, batch_first=False, norm_first=False, dtype=mstype.float32):
        super().__init__(d_model, nhead, dim_feedforward, dropout, activation, layer_norm_eps,
                         batch_first, norm_first, dtype)
        dtype = mstype.float32 if dtype is None else dtype
        self.multihead_attn = MultiheadAttention(d_model, nhead, dropout=dropout,
                                                 batch_first=batch_first, dtype=dtype)
        self.norm3 = LayerNorm((d_model,), epsilon=layer_norm_eps, dtype=dtype)
        self.dropout3 = Dropout(p=dropout) if dropout else None

    def _mha(self, x, memory, mask, padding):
        out = self.multihead_attn(x, memory, memory, key_padding_mask=padding, attn_mask=mask,
                                  need_weights=False)[0]
        return self._drop(self.dropout2, out)

    def _ff(self, x):
        h = self._drop(self.dropout, self.activation(self.dense1(x)))
        return self._drop(self.dropout3, self.dense2(h))

    def construct(self, tgt, memory, tgt_mask=None, memory_mask=None,
                  tgt_key_padding_mask=None, memory_key_padding_mask=None):
        x = tgt
        if self.norm_first:
            x = F.add(x, self._sa(self.norm1(x), tgt_mask, tgt_key_padding_mask))
            x = F.add(x, self._mha(self.norm2(x), memory, memory_mask, memory_key_padding_mask))
            return F.add(x, self._ff(self.norm3(x)))
        x = self.norm1(F.add(x, self._sa(x, tgt_mask, tgt_key_padding_mask)))
        x = self.norm2(F.add(x, self._mha(x, memory, memory_mask, memory_key_padding_mask)))
        return self.norm3(F.add(x, self._ff(x)))


def _clones(layer, num_layers, owner):
    if not isinstance(layer, Cell):
        raise TypeError("%s: the layer must be a Cell, but got %s" % (owner, type(layer).__name__))
    check_positive_int(num_layers, owner, "num_layers")
    return CellList([copy.deepcopy(layer) for _ in range(num_layers)])


class TransformerEncoder(Cell):
    """TransformerEncoder(encoder_layer, num_layers, norm=None): ``num_layers`` independent
    copies of ``encoder_layer`` in sequence, then ``norm`` if given.
    ``construct(src, src_mask=None, src_key_padding_mask=None)``."""

    def __init__(self, encoder_layer, num_layers, norm=None):
        super().__init__()
        self.layers = _clones(encoder_layer, num_layers, "TransformerEncoder")
        self.num_layers, self.norm = num_layers, norm

    def construct(self, src, src_mask=None, src_key_padding_mask=None):
        x = src
        for layer in self.layers:
            x = layer(x, src_mask, src_key_padding_mask)
        return self.norm(x) if self.norm is not None else x


class TransformerDecoder(Cell):
    """TransformerDecoder(decoder_layer, num_layers, norm=None). ``construct(tgt, memory,
    tgt_mask=None, memory_mask=None, tgt_key_padding_mask=None,
    memory_key_padding_mask=None)``."""

    def __init__(self, decoder_layer, num_layers, norm=None):
        super().__init__()
        self.layers = _clones(decoder_layer, num_layers, "TransformerDecoder")
        self.num_layers, self.norm = num_layers, norm

    def construct(self, tgt, memory, tgt_mask=None, memory_mask=None,
                  tgt_key_padding_mask=None, memory_key_padding_mask=None):
        x = tgt
        for layer in self.layers:
            x = layer(x, memory, tgt_mask, memory_mask, tgt_key_padding_mask,
                      memory_key_padding_mask)
        return self.norm(x) if self.norm is not None else x


class Transformer(Cell):
    """Transformer(d_model=512, nhead=8, num_encoder_layers=6, num_decoder_layers=6,
    dim_feedforward=2048, dropout=0.1, activation='relu', custom_encoder=None,
    custom_decoder=None, layer_norm_eps=1e-5, batch_first=False, norm_first=False)

    ``construct(src, tgt, src_mask=None, tgt_mask=None, memory_mask=None,
    src_key_padding_mask=None, tgt_key_padding_mask=None, memory_key_padding_mask=None)``.
    Matrix parameters start XavierUniform, as in MindSpore."""

    def __init__(self, d_model=512, nhead=8, num_encoder_layers=6, num_decoder_layers=6,
                 dim_feedforward=2048, dropout=0.1, activation="relu", custom_encoder=None,
                 custom_decoder=None, layer_norm_eps=1e-5, batch_first=False, norm_first=False,
                 dtype=mstype.float32):
        super().__init__()
        dtype = mstype.float32 if dtype is None else dtype
        args = (d_model, nhead, dim_feedforward, dropout, activation, layer_norm_eps,
                batch_first, norm_first, dtype)
        self.encoder = custom_encoder if custom_encoder is not None else TransformerEncoder(
            TransformerEncoderLayer(*args), num_encoder_layers,
            LayerNorm((d_model,), epsilon=layer_norm_eps, dtype=dtype))
        self.decoder = custom_decoder if custom_decoder is not None else TransformerDecoder(
            TransformerDecoderLayer(*args), num_decoder_layers,
            LayerNorm((d_model,), epsilon=layer_norm_eps, dtype=dtype))
        self.d_model, self.nhead, self.batch_first = d_model, nhead, batch_first
        for p in self.get_parameters():
            if p.ndim > 1:
                p.set_data(initializer(XavierUniform(), p.shape, p.dtype))

    def construct(self, src, tgt, src_mask=None, tgt_mask=None, memory_mask=None,
                  src_key_padding_mask=None, tgt_key_padding_mask=None,
                  memory_key_padding_mask=None):
        batch = 0 if self.batch_first else 1
        if src.ndim == 3 and tgt.ndim == 3 and src.shape[batch] != tgt.shape[batch]:
            raise ValueError("Transformer: src and tgt must have the same batch size, but got "
                             "shapes %s and %s" % (src.shape, tgt.shape))
        if src.shape[-1] != self.d_model or tgt.shape[-1] != self.d_model:
            raise ValueError("Transformer: the feature size of src and tgt must be d_model=%d, "
                             "but got %s and %s" % (self.d_model, src.shape, tgt.shape))
        memory = self.encoder(src, src_mask, src_key_padding_mask)
        return self.decoder(tgt, memory, tgt_mask, memory_mask, tgt_key_padding_mask,
                            memory_key_padding_mask)
