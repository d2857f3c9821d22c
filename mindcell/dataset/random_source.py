"""``RandomDataset``: rows of random values, one per schema column (a pipeline without data,
for tests and benchmarks)."""
import numpy as np

from mindcell.dataset.cache import check_cache
from mindcell.dataset.config import base_seed
from mindcell.dataset.schema import Schema
from mindcell.dataset.sources import MappableSource

__all__ = ["RandomDataset"]

# The dtypes of the columns made up when there is no schema (MindSpore's choice set).
_RANDOM_TYPES = ("bool", "int8", "uint8", "int16", "uint16", "int32", "uint32", "int64",
                 "uint64", "float16", "float32", "float64")


class RandomDataset(MappableSource):
    """RandomDataset(total_rows=None, schema=None, columns_list=None, num_samples=None,
    num_parallel_workers=None, cache=None, shuffle=None, num_shards=None, shard_id=None):
    ``total_rows`` rows of random data. As in MindSpore, every tensor of a row holds one random
    bit pattern of its dtype repeated over its shape (so float columns can hold any float,
    inf and nan included); a ``-1`` dimension gets a random size in [1, 32]. Without a schema,
    1 to 4 columns ``c0``, ``c1`` ... of random numeric dtypes and shapes (rank 1 to 4, sizes
    1 to 32) are made up. The rows are the same in every epoch; ``ds.config.set_seed`` makes
    them reproducible.

    Args:
        total_rows (int, optional): the number of rows, >= 1; None: random in [1, 1024].
            Default: ``None``.
        schema (Union[str, Schema], optional): the columns (a Schema or the path of its JSON
            file); a Schema's ``num_rows`` is used when ``total_rows`` is None.
            Default: ``None``.
        columns_list (list[str], optional): the schema columns to keep, in this order;
            None: all. Default: ``None``.
        num_samples (int, optional): the most rows read; None: all (MindSpore 2.10 ignores
            it). Default: ``None``.
        num_parallel_workers (int, optional): threads reading rows. Default: ``None``.
        cache (DatasetCache, optional): accepted for compatibility (no effect on the rows).
            Default: ``None``.
        shuffle (bool, optional): a new row order every epoch. Default: ``None`` (in order).
        num_shards (int, optional): split the rows into this many shards (MindSpore 2.10
            ignores it). Default: ``None``.
        shard_id (int, optional): the shard read, with ``num_shards``. Default: ``None``.

    Raises:
        TypeError: ``total_rows`` is not an int, ``schema`` not a str/Schema, or
            ``columns_list`` not a list of str.
        ValueError: ``total_rows`` < 1, or a column of ``columns_list`` is not in the schema.
        RuntimeError: (when reading) a string column (MindSpore cannot make random strings
            either).

    Examples:
        >>> import mindcell as ms
        >>> import mindcell.dataset as ds
        >>> schema = ds.Schema()
        >>> schema.add_column("image", de_type=ms.uint8, shape=[2, 3])
        >>> schema.add_column("label", de_type=ms.int32, shape=[1])
        >>> data = ds.RandomDataset(schema=schema, total_rows=4)
        >>> row = next(data.create_dict_iterator(output_numpy=True))
        >>> data.get_dataset_size(), row["image"].shape, row["label"].dtype
        (4, (2, 3), dtype('int32'))
        >>> bool((row["image"] == row["image"].flat[0]).all())
        True
    """

    def __init__(self, total_rows=None, schema=None, columns_list=None, num_samples=None,
                 num_parallel_workers=None, cache=None, shuffle=None, num_shards=None,
                 shard_id=None):
        op = "RandomDataset"
        check_cache(op, cache)
        seed = base_seed()
        rng = np.random.default_rng(seed)
        if isinstance(schema, str):
            schema = Schema(schema)
        elif schema is not None and not isinstance(schema, Schema):
            raise TypeError("%s: 'schema' must be a Schema, the path of a schema file or None, "
                            "but got %s" % (op, type(schema).__name__))
        if total_rows is None and schema is not None and schema.num_rows:
            total_rows = schema.num_rows
        if total_rows is None:
            total_rows = int(rng.integers(1, 1025))
        if isinstance(total_rows, bool) or not isinstance(total_rows, (int, np.integer)):
            raise TypeError("%s: 'total_rows' must be an int or None, but got %r"
                            % (op, total_rows))
        if total_rows < 1:
            raise ValueError("%s: 'total_rows' must be >= 1, but got %d" % (op, total_rows))
        if schema is not None:
            specs = [(c["name"], c["type"], list(c.get("shape", []))) for c in schema.columns]
        else:
            specs = []
            for i in range(int(rng.integers(1, 5))):
                rank = int(rng.integers(1, 5))
                specs.append(("c%d" % i, _RANDOM_TYPES[int(rng.integers(len(_RANDOM_TYPES)))],
                              rng.integers(1, 33, rank).tolist()))
        if columns_list is not None:
            if not (isinstance(columns_list, list)
                    and all(isinstance(c, str) for c in columns_list)):
                raise TypeError("%s: 'columns_list' must be a list of str, but got %r"
                                % (op, columns_list))
            names = [s[0] for s in specs]
            missing = [c for c in columns_list if c not in names]
            if missing:
                raise ValueError("%s: columns %s of 'columns_list' are not in the schema %s"
                                 % (op, missing, names))
            specs = [specs[names.index(c)] for c in columns_list]
        super().__init__(op, [s[0] for s in specs], shuffle if shuffle else None, num_samples,
                         None, num_shards, shard_id, num_parallel_workers)
        self.shuffle_rows = bool(shuffle)
        self._specs = specs
        self._total = int(total_rows)
        self._row_seeds = rng.integers(0, 2 ** 63, self._total)

    def _length(self):
        return self._total

    def _row_at(self, index):
        rng = np.random.default_rng(int(self._row_seeds[index]))
        row = []
        for name, type_name, shape in self._specs:
            if type_name in ("string", "bytes"):
                raise RuntimeError("RandomDataset: cannot make random values for the %s column "
                                   "%r" % (type_name, name))
            dtype = np.dtype("bool" if type_name == "bool" else type_name)
            shape = tuple(int(rng.integers(1, 33)) if d == -1 else int(d) for d in shape)
            bits = rng.integers(0, 256, dtype.itemsize, dtype=np.uint8)
            value = bits.view(np.uint8 if dtype == np.bool_ else dtype)[0]
            if dtype == np.bool_:
                value = bool(value & 1)
            row.append(np.full(shape, value, dtype))
        return tuple(row)
