"""``FileReader``: read the rows of MindRecord files as dicts of Python values."""
import bisect
import os
import threading

from mindcell.dataset import mindrecord_io as mrio
from mindcell.mindrecord.errors import ParamTypeError, ParamValueError

__all__ = ["FileReader", "MindRecordFiles"]

_OPEN_LOCK = threading.Lock()  # reader threads of a dataset open the files once


class MindRecordFiles:
    """The shard files of a MindRecord set, opened for reading by row number.

    Args:
        op (str): the API name for messages.
        file_name (Union[str, list[str]]): one file (then every shard its header lists, in
            the same folder) or a list of shard files (only those).
    """

    _fds = None  # opened on the first read

    def __init__(self, op, file_name):
        if isinstance(file_name, str):
            files, expand = [file_name], True
        elif (isinstance(file_name, (list, tuple)) and file_name
              and all(isinstance(f, str) for f in file_name)):
            files, expand = list(file_name), False
        else:
            raise TypeError("%s: the file name must be a str or a non-empty list of str, but "
                            "got %r" % (op, file_name))
        for f in files:
            if not os.path.isfile(f):
                raise ValueError("%s: the file %s does not exist or permission denied!"
                                 % (op, f))
        header = mrio.read_header(files[0])
        if expand:
            folder = os.path.dirname(files[0])
            # older writers stored absolute paths: the set is looked for beside the given file
            files = [os.path.join(folder, os.path.basename(n))
                     for n in header.get("shard_addresses", [])] or files
            for f in files:
                if not os.path.isfile(f):
                    raise ValueError("%s: the shard file %s listed in the header of %s does "
                                     "not exist" % (op, f, file_name))
        self.files, self.schema = files, header["schema"][0]["schema"]
        self.blobs = mrio.blob_fields(self.schema)
        self.locations, self.counts = [], []
        for f in files:
            head = mrio.read_header(f)
            if head["schema"][0]["schema"] != self.schema:
                raise RuntimeError("%s: %s has another schema than %s" % (op, f, files[0]))
            loc = mrio.shard_locations(f, head)
            self.locations.append(loc)
            self.counts.append(len(loc))
        self.starts = [sum(self.counts[:i]) for i in range(len(files))]

    def __len__(self):
        return sum(self.counts)

    def record(self, index):
        """The record at a row number of the whole set, a dict field -> value."""
        if self._fds is None:
            with _OPEN_LOCK:
                if self._fds is None:
                    self._fds = [os.open(f, os.O_RDONLY) for f in self.files]
        k = bisect.bisect_right(self.starts, index) - 1
        raw, blob = mrio.read_record(self._fds[k], self.locations[k][index - self.starts[k]])
        return mrio.decode_row(self.schema, self.blobs, raw, blob)

    def close(self):
        for fd in self._fds or ():
            os.close(fd)
        self._fds = None

    def __del__(self):
        try:
            self.close()
        except (OSError, TypeError):
            pass


class FileReader:
    """FileReader(file_name, num_consumer=4, columns=None, operator=None): the rows of
    MindRecord files as dicts.

    Args:
        file_name (Union[str, list[str]]): a MindRecord file (every shard of its set is read)
            or a list of shard files (only those).
        num_consumer (int): reader threads in MindSpore, in [1, 64]; mindcell reads in the
            calling thread (the rows are the same).
        columns (list[str]): the fields to return (default: all).
        operator: reserved; must be None.

    Raises:
        RuntimeError: a file that does not exist. ParamTypeError / ParamValueError: other
        invalid arguments.

    Examples:
        >>> import numpy as np, os, tempfile
        >>> from mindcell.mindrecord import FileWriter, FileReader
        >>> path = os.path.join(tempfile.mkdtemp(), "r.mindrecord")
        >>> w = FileWriter(path)
        >>> w.add_schema({"name": {"type": "string"}, "v": {"type": "int64", "shape": [-1]}})
        >>> w.write_raw_data([{"name": "a", "v": np.array([1, 2])}])
        >>> w.commit()
        >>> reader = FileReader(path, columns=["name"])
        >>> list(reader.get_next()), reader.len()
        ([{'name': 'a'}], 1)
        >>> reader.close()
    """

    def __init__(self, file_name, num_consumer=4, columns=None, operator=None):
        names = file_name if isinstance(file_name, (list, tuple)) else [file_name]
        for f in names:
            if isinstance(f, str) and not os.path.isfile(f):
                raise RuntimeError("The input: %s is not exists." % f)
        if isinstance(num_consumer, bool) or not isinstance(num_consumer, int):
            raise ParamTypeError("'num_consumer' must be an int, but got %r" % (num_consumer,))
        if not 1 <= num_consumer <= 64:
            raise ParamValueError("'num_consumer' must be in [1, 64], but got %d"
                                  % num_consumer)
        if operator is not None:
            raise ParamValueError("'operator' is reserved and must be None, but got %r"
                                  % (operator,))
        self._files = MindRecordFiles("FileReader", file_name)
        if columns is not None:
            if not isinstance(columns, list) or not all(isinstance(c, str) for c in columns):
                raise ParamTypeError("'columns' must be a list of str, but got %r" % (columns,))
            unknown = [c for c in columns if c not in self._files.schema]
            if unknown:
                raise ParamValueError("'columns' %s are not fields of the schema %s"
                                      % (unknown, sorted(self._files.schema)))
        self._columns = columns

    def get_next(self):
        """get_next(): a generator of the rows, dicts field -> value (int, float, str, bytes
        or numpy array; as in MindSpore, a float field whose value is whole comes back as an
        int)."""
        for i in range(len(self._files)):
            row = self._files.record(i)
            if self._columns is not None:
                row = {c: row[c] for c in self._columns}
            for k, v in row.items():
                # MindSpore's reader hands whole floats back as ints (0.0 -> 0)
                if isinstance(v, float) and v.is_integer():
                    row[k] = int(v)
            yield row

    def len(self):
        """len(): the number of rows."""
        return len(self._files)

    def schema(self):
        """schema(): the schema dict, field -> ``{"type": ..., "shape": ...}``."""
        return {k: dict(v) for k, v in self._files.schema.items()}

    def close(self):
        """close(): release the open files."""
        self._files.close()
