"""Embedding."""
from mindcell import dtype as mstype
from mindcell.common.initializer import initializer
from mindcell.common.parameter import Parameter
from mindcell.nn.cell import Cell
from mindcell.ops._errors import check_positive_int
from mindcell.ops import functional as F


class Embedding(Cell):
    """Embedding(vocab_size, embedding_size, use_one_hot=False, embedding_table='normal',
    dtype=mstype.int32, padding_idx=None): rows of the table ``embedding_table`` at the integer
    indices of the input (any shape)."""

    def __init__(self, vocab_size, embedding_size, use_one_hot=False, embedding_table="normal",
                 dtype=mstype.int32, padding_idx=None):
        super().__init__()
        self.vocab_size = check_positive_int(vocab_size, "Embedding", "vocab_size")
        self.embedding_size = check_positive_int(embedding_size, "Embedding", "embedding_size")
        self.use_one_hot = use_one_hot
        table = initializer(embedding_table, (vocab_size, embedding_size), mstype.float32)
        if padding_idx is not None:
            if not -vocab_size <= padding_idx < vocab_size:
                raise ValueError("Embedding: 'padding_idx' %d is out of range" % padding_idx)
            table._data[padding_idx] = 0
        self.padding_idx = padding_idx
        self.embedding_table = Parameter(table, name="embedding_table")

    def construct(self, ids):
        if ids.dtype.is_floating_point:
            raise TypeError("Embedding: ids must be integers, but got %s" % ids.dtype)
        return F.gather(self.embedding_table, ids, 0)

    def extend_repr(self):
        return "vocab_size=%d, embedding_size=%d, use_one_hot=%s, embedding_table=%s, " \
               "dtype=Int32, padding_idx=%s" % (self.vocab_size, self.embedding_size,
                                               self.use_one_hot, self.embedding_table,
                                               self.padding_idx)
