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
    activation='relu', layer_norm_eps=1e-5, batch_first=False, norm_first=False,
    dtype=mstype.float32): self-attention, attention over ``memory`` and a feed-forward block,
    each with a residual connection and a LayerNorm (before the block with ``norm_first``).

    Args:
        d_model (int): the feature size.
        nhead (int): the number of attention heads; it divides ``d_model``.
        dim_feedforward (int): the feed-forward block's hidden size. Default: ``2048``.
        dropout (float): the dropout probability (in training). Default: ``0.1``.
        activation (Union[str, Cell, callable]): the feed-forward activation. Default: ``'relu'``.
        layer_norm_eps (float): the LayerNorms' epsilon. Default: ``1e-5``.
        batch_first (bool): (batch, seq, feature) layout. Default: ``False``.
        norm_first (bool): normalize before each block. Default: ``False``.
        dtype (mindcell.dtype): the parameters' dtype. Default: ``mstype.float32``.

    Inputs:
        - **tgt** (Tensor) - (T, N, d_model), or (N, T, d_model) with ``batch_first``.
        - **memory** (Tensor) - the encoder's output (S, N, d_model) (or batch first).
        - **tgt_mask** (Tensor, optional) - (T, T) self-attention mask. Default: ``None``.
        - **memory_mask** (Tensor, optional) - (T, S) mask over ``memory``. Default: ``None``.
        - **tgt_key_padding_mask** (Tensor, optional) - (N, T). Default: ``None``.
        - **memory_key_padding_mask** (Tensor, optional) - (N, S). Default: ``None``.

    Outputs:
        Tensor, the shape of ``tgt``.

    Raises:
        ValueError: ``d_model`` does not divide by ``nhead``, or a feature size is not
            ``d_model``.

    Examples:
        >>> import numpy as np
        >>> import mindcell as ms
        >>> layer = ms.nn.TransformerDecoderLayer(8, 2, dim_feedforward=16)
        >>> tgt = ms.Tensor(np.ones((3, 1, 8), np.float32))
        >>> memory = ms.Tensor(np.ones((5, 1, 8), np.float32))
        >>> layer(tgt, memory).shape
        (3, 1, 8)
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
    """TransformerEncoder(encoder_layer, num_layers, norm=None): ``num_layers`` independent copies
    of ``encoder_layer`` in sequence, then ``norm`` if given.

    Args:
        encoder_layer (Cell): the layer to copy, e.g. a :class:`TransformerEncoderLayer`.
        num_layers (int): the number of copies.
        norm (Cell, optional): applied to the last layer's output. Default: ``None``.

    Inputs:
        - **src** (Tensor) - the input sequence, in the layer's layout.
        - **src_mask** (Tensor, optional) - the attention mask. Default: ``None``.
        - **src_key_padding_mask** (Tensor, optional) - (N, S), True = padding. Default:
          ``None``.

    Outputs:
        Tensor, the shape of ``src``.

    Raises:
        TypeError: ``encoder_layer`` is not a Cell.
        ValueError: ``num_layers`` is not a positive int.

    Examples:
        >>> import numpy as np
        >>> import mindcell as ms
        >>> layer = ms.nn.TransformerEncoderLayer(8, 2, dim_feedforward=16)
        >>> encoder = ms.nn.TransformerEncoder(layer, num_layers=2)
        >>> encoder(ms.Tensor(np.ones((4, 2, 8), np.float32))).shape
        (4, 2, 8)
        >>> len(encoder.trainable_params())
        24
    """

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
    """TransformerDecoder(decoder_layer, num_layers, norm=None): ``num_layers`` independent copies
    of ``decoder_layer`` in sequence, each attending to ``memory``, then ``norm`` if given.

    Args:
        decoder_layer (Cell): the layer to copy, e.g. a :class:`TransformerDecoderLayer`.
        num_layers (int): the number of copies.
        norm (Cell, optional): applied to the last layer's output. Default: ``None``.

    Inputs:
        - **tgt** (Tensor) - the target sequence, in the layer's layout.
        - **memory** (Tensor) - the encoder's output.
        - **tgt_mask** (Tensor, optional) - self-attention mask. Default: ``None``.
        - **memory_mask** (Tensor, optional) - mask over ``memory``. Default: ``None``.
        - **tgt_key_padding_mask** (Tensor, optional) - Default: ``None``.
        - **memory_key_padding_mask** (Tensor, optional) - Default: ``None``.

    Outputs:
        Tensor, the shape of ``tgt``.

    Raises:
        TypeError: ``decoder_layer`` is not a Cell.
        ValueError: ``num_layers`` is not a positive int.

    Examples:
        >>> import numpy as np
        >>> import mindcell as ms
        >>> layer = ms.nn.TransformerDecoderLayer(8, 2, dim_feedforward=16, batch_first=True)
        >>> decoder = ms.nn.TransformerDecoder(layer, 3, norm=ms.nn.LayerNorm((8,)))
        >>> tgt = ms.Tensor(np.ones((1, 2, 8), np.float32))
        >>> memory = ms.Tensor(np.ones((1, 6, 8), np.float32))
        >>> decoder(tgt, memory).shape
        (1, 2, 8)
    """

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
    custom_decoder=None, layer_norm_eps=1e-5, batch_first=False, norm_first=False,
    dtype=mstype.float32): the encoder-decoder transformer.

    The encoder is a :class:`TransformerEncoder` of ``num_encoder_layers`` encoder layers and a
    final LayerNorm, the decoder likewise; matrix parameters start XavierUniform, as in
    MindSpore.

    Args:
        d_model (int): the feature size. Default: ``512``.
        nhead (int): the number of attention heads; it divides ``d_model``. Default: ``8``.
        dim_feedforward (int): the feed-forward block's hidden size. Default: ``2048``.
        dropout (float): the dropout probability (in training). Default: ``0.1``.
        activation (Union[str, Cell, callable]): the feed-forward activation. Default: ``'relu'``.
        layer_norm_eps (float): the LayerNorms' epsilon. Default: ``1e-5``.
        batch_first (bool): (batch, seq, feature) layout. Default: ``False``.
        norm_first (bool): normalize before each block. Default: ``False``.
        num_encoder_layers (int): the encoder's layer count. Default: ``6``.
        num_decoder_layers (int): the decoder's layer count. Default: ``6``.
        custom_encoder (Cell, optional): replaces the encoder. Default: ``None``.
        custom_decoder (Cell, optional): replaces the decoder. Default: ``None``.
        dtype (mindcell.dtype): the parameters' dtype. Default: ``mstype.float32``.

    Inputs:
        - **src** (Tensor) - (S, N, d_model), or (N, S, d_model) with ``batch_first``.
        - **tgt** (Tensor) - (T, N, d_model) (or batch first).
        - **src_mask**, **tgt_mask**, **memory_mask** (Tensor, optional) - attention masks
          (S, S), (T, T) and (T, S). Default: ``None``.
        - **src_key_padding_mask**, **tgt_key_padding_mask**, **memory_key_padding_mask**
          (Tensor, optional) - (N, S), (N, T), (N, S). Default: ``None``.

    Outputs:
        Tensor, the shape of ``tgt``.

    Raises:
        ValueError: src and tgt have different batch sizes or a feature size other than
            ``d_model``.

    Examples:
        >>> import numpy as np
        >>> import mindcell as ms
        >>> net = ms.nn.Transformer(d_model=8, nhead=2, num_encoder_layers=1,
        ...                         num_decoder_layers=1, dim_feedforward=16)
        >>> src = ms.Tensor(np.ones((5, 2, 8), np.float32))
        >>> tgt = ms.Tensor(np.ones((3, 2, 8), np.float32))
        >>> net(src, tgt).shape
        (3, 2, 8)
    """

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
