"""Embedding."""
from mindcell import dtype as mstype
from mindcell.common.initializer import initializer
from mindcell.common.parameter import Parameter
from mindcell.nn.cell import Cell
from mindcell.common.dtype import number_type
from mindcell.common.tensor import Tensor
from mindcell.ops._errors import check_bool, check_int, check_positive_int
from mindcell.ops import functional as F
from mindcell.ops import operations as P


class Embedding(Cell):
    """Embedding(vocab_size, embedding_size, use_one_hot=False, embedding_table='normal',
    dtype=mstype.float32, padding_idx=None): the rows of the table ``embedding_table`` at the
    integer indices of the input.

    ``use_one_hot`` computes the lookup as ``one_hot(ids) @ table`` (the same values; ids
    outside ``[0, vocab_size)`` give zero rows in both modes, as MindSpore's one-hot does).

    Args:
        vocab_size (int): the number of rows of the table.
        embedding_size (int): the size of a row.
        use_one_hot (bool): look up by a one-hot matrix product. Default: ``False``.
        embedding_table (Union[Tensor, str, Initializer, numbers.Number]): the table's
            initializer, or its initial value (a given Tensor keeps its dtype). Default:
            ``'normal'``.
        dtype (mindcell.dtype): the dtype of the one-hot matrix, a number dtype; with
            ``use_one_hot`` it must be the table's dtype. Default: ``mstype.float32``.
        padding_idx (int, optional): a row in ``[0, vocab_size)`` set to zeros at
            initialization. Default: ``None``.

    Inputs:
        ids (Tensor): int32 or int64 indices of any shape (also int16 without ``use_one_hot``).

    Outputs:
        Tensor of shape ``ids.shape + (embedding_size,)``, the table's dtype.

    Raises:
        ValueError: a size is not a positive int, or ``padding_idx`` is out of range.
        TypeError: ``use_one_hot`` is not a bool, ``dtype`` is not a number dtype (or not the
            table's with ``use_one_hot``), or the ids have another dtype.

    Examples:
        >>> import numpy as np
        >>> import mindcell as ms
        >>> table = ms.Tensor(np.arange(6, dtype=np.float32).reshape(3, 2))
        >>> emb = ms.nn.Embedding(3, 2, embedding_table=table, padding_idx=0)
        >>> print(emb(ms.Tensor(np.array([[2, 0]], np.int32))))
        [[[4. 5.]
          [0. 0.]]]
    """

    def __init__(self, vocab_size, embedding_size, use_one_hot=False, embedding_table="normal",
                 dtype=mstype.float32, padding_idx=None):
        super().__init__()
        self.vocab_size = check_positive_int(vocab_size, "Embedding", "vocab_size")
        self.embedding_size = check_positive_int(embedding_size, "Embedding", "embedding_size")
        self.use_one_hot = check_bool(use_one_hot, "Embedding", "use_one_hot")
        if dtype not in number_type:
            raise TypeError("Embedding: 'dtype' must be a number dtype such as mstype.float32, "
                            "but got %r" % (dtype,))
        self.dtype = dtype
        table = initializer(embedding_table, (vocab_size, embedding_size),
                            embedding_table.dtype if isinstance(embedding_table, Tensor)
                            else mstype.float32)  # a given table keeps its dtype
        if use_one_hot and dtype != table.dtype:
            raise TypeError("Embedding: with use_one_hot=True 'dtype' (the one-hot matrix's) must "
                            "be the embedding table's dtype %s, but got %s" % (table.dtype, dtype))
        if padding_idx is not None:
            padding_idx = check_int(padding_idx, "Embedding", "padding_idx", 0, vocab_size - 1)
            table._data[padding_idx] = 0
        self.padding_idx = padding_idx
        self.embedding_table = Parameter(table, name="embedding_table")
        self._lookup_primitives()

    def _lookup_primitives(self):
        """The attributes and primitives MindSpore's Embedding holds (subclasses use them);
        ``init_tensor`` shares the table's initial storage instead of copying it."""
        self.init_tensor = Tensor._make(self.embedding_table._data)
        self.expand, self.reshape_flat, self.shp_flat = P.ExpandDims(), P.Reshape(), (-1,)
        self.gather, self.one_hot = P.Gather(), P.OneHot(-1)
        self.on_value, self.off_value = Tensor(1.0, self.dtype), Tensor(0.0, self.dtype)
        self.array_mul, self.reshape, self.get_shp = P.MatMul(), P.Reshape(), P.Shape()
        self.concat = P.Concat(0)

    def construct(self, ids):
        # MindSpore 2.10 CPU's (ms-oracle): int16 ids only for the gather lookup
        allowed = (mstype.int32, mstype.int64) if self.use_one_hot else (
            mstype.int16, mstype.int32, mstype.int64)
        if ids.dtype not in allowed:
            raise TypeError("Embedding: ids must be %s%s, but got %s"
                            % (" or ".join(str(d) for d in allowed),
                               " (use_one_hot=True)" if self.use_one_hot else "", ids.dtype))
        if not self.use_one_hot:
            return F.gather(self.embedding_table, ids, 0)
        on, off = Tensor(1, self.dtype), Tensor(0, self.dtype)
        one_hot = F.one_hot(F.reshape(ids, (-1,)), self.vocab_size, on, off)
        return F.reshape(F.matmul(one_hot, self.embedding_table),
                         ids.shape + (self.embedding_size,))

    def extend_repr(self):
        return "vocab_size=%d, embedding_size=%d, use_one_hot=%s, embedding_table=%s, " \
               "dtype=%s, padding_idx=%s" % (self.vocab_size, self.embedding_size,
                                             self.use_one_hot, self.embedding_table, self.dtype,
                                             self.padding_idx)


_TARGETS = ("CPU", "DEVICE")
_SLICE_MODES = ("batch_slice", "field_slice", "table_row_slice", "table_column_slice")


class EmbeddingLookup(Cell):
    """EmbeddingLookup(vocab_size, embedding_size, param_init='normal', target='CPU',
    slice_mode='batch_slice', manual_shapes=None, max_norm=None, sparse=True,
    dtype=mstype.float32): the rows of ``embedding_table`` at the integer indices of the input,
    as the wide/deep recommenders look up sparse ids.

    With ``max_norm`` each looked-up row is scaled down to that L2 norm at most. ``target``,
    ``slice_mode``, ``manual_shapes`` and ``sparse`` only place and shard the table in
    MindSpore (one CPU here); ids outside ``[0, vocab_size)`` raise instead of giving zero rows.

    Args:
        vocab_size (int): the number of rows of the table.
        embedding_size (int): the size of a row.
        param_init (Union[Tensor, str, Initializer, numbers.Number]): the table's initializer.
            Default: ``'normal'``.
        target (str): ``'CPU'`` or ``'DEVICE'``. Default: ``'CPU'``.
        slice_mode (str): ``'batch_slice'``, ``'field_slice'``, ``'table_row_slice'`` or
            ``'table_column_slice'``. Default: ``'batch_slice'``.
        manual_shapes (tuple, optional): the shards of 'field_slice'. Default: ``None``.
        max_norm (Union[int, float], optional): the largest L2 norm of a returned row.
            Default: ``None``.
        sparse (bool): MindSpore's sparse-gradient switch. Default: ``True``.
        dtype (mindcell.dtype): the table's dtype: a float, integer or bool dtype, as MindSpore
            (an integer table from a float initializer holds its values cast toward zero).
            Default: ``mstype.float32``.

    Inputs:
        indices (Tensor): integer indices of any shape.

    Outputs:
        Tensor of shape ``indices.shape + (embedding_size,)``.

    Raises:
        ValueError: a size is not a positive int, ``target`` or ``slice_mode`` is unknown, or
            ``max_norm`` is not a positive number.
        TypeError: ``sparse`` is not a bool, ``dtype`` is not a number or bool dtype, the
            indices are floats, or ``max_norm`` is given with a table that is not float16/float32
            (MindSpore's ClipByNorm).

    Examples:
        >>> import numpy as np
        >>> import mindcell as ms
        >>> look = ms.nn.EmbeddingLookup(4, 2, param_init="ones", max_norm=1.0)
        >>> print(look(ms.Tensor(np.array([1, 3], np.int32))))
        [[0.70710677 0.70710677]
         [0.70710677 0.70710677]]
    """
    # MindSpore's names for the slice modes (programs pass slice_mode=nn.EmbeddingLookup.X)
    BATCH_SLICE, FIELD_SLICE, TABLE_ROW_SLICE, TABLE_COLUMN_SLICE = _SLICE_MODES

    def __init__(self, vocab_size, embedding_size, param_init="normal", target="CPU",
                 slice_mode="batch_slice", manual_shapes=None, max_norm=None, sparse=True,
                 dtype=mstype.float32):
        super().__init__()
        op = "EmbeddingLookup"
        self.vocab_size = check_positive_int(vocab_size, op, "vocab_size")
        self.embedding_size = check_positive_int(embedding_size, op, "embedding_size")
        if target not in _TARGETS:
            raise ValueError("%s: 'target' must be one of %s, but got %r" % (op, _TARGETS, target))
        if slice_mode not in _SLICE_MODES:
            raise ValueError("%s: 'slice_mode' must be one of %s, but got %r"
                             % (op, _SLICE_MODES, slice_mode))
        if not isinstance(sparse, bool):
            raise TypeError("%s: 'sparse' must be a bool, but got %s" % (op, type(sparse).__name__))
        if max_norm is not None and (isinstance(max_norm, bool)
                                     or not isinstance(max_norm, (int, float)) or max_norm <= 0):
            raise ValueError("%s: 'max_norm' must be None or a positive number, but got %r"
                             % (op, max_norm))
        if not isinstance(dtype, mstype.Type) or (dtype not in number_type
                                                   and dtype != mstype.bool_):
            raise TypeError("%s: 'dtype' must be a number or bool dtype, but got %r" % (op, dtype))
        self.target, self.slice_mode, self.sparse = target, slice_mode, sparse
        self.max_norm = max_norm
        self.embedding_table = Parameter(
            initializer(param_init, (vocab_size, embedding_size), dtype), name="embedding_table")

    def construct(self, indices):
        if indices.dtype.is_floating_point:
            raise TypeError("EmbeddingLookup: indices must be integers, but got %s"
                            % indices.dtype)
        out = F.gather(self.embedding_table, indices, 0)
        if self.max_norm is not None:
            if self.embedding_table.dtype not in (mstype.float16, mstype.float32):
                raise TypeError("EmbeddingLookup: 'max_norm' needs a float16 or float32 table, "
                                "but the table is %s" % self.embedding_table.dtype)
            norm = F.sqrt(F.reduce_sum(out * out, -1, keep_dims=True))
            out = out * (self.max_norm / F.maximum(norm, self.max_norm))
        return out

    def extend_repr(self):
        return "vocab_size=%d, embedding_size=%d, target=%s, slice_mode=%s, max_norm=%s" % (
            self.vocab_size, self.embedding_size, self.target, self.slice_mode, self.max_norm)
