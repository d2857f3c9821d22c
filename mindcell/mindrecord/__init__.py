"""``mindcell.mindrecord`` (``mindspore.mindrecord``): MindSpore's MindRecord file format.
:class:`FileWriter` writes rows of a schema, :class:`FileReader` reads them back, and
``mindcell.dataset.MindDataset`` feeds them to a pipeline; files move between MindSpore and
mindcell in both directions (format: :mod:`mindcell.dataset.mindrecord_io`).

Examples:
    >>> import numpy as np, os, tempfile
    >>> from mindcell.mindrecord import FileWriter
    >>> import mindcell.dataset as ds
    >>> path = os.path.join(tempfile.mkdtemp(), "x.mindrecord")
    >>> w = FileWriter(path)
    >>> w.add_schema({"x": {"type": "float32", "shape": [2]}, "y": {"type": "int32"}})
    >>> w.write_raw_data([{"x": np.ones(2, np.float32) * i, "y": i} for i in range(4)])
    >>> w.commit()
    >>> data = ds.MindDataset(path, shuffle=False).batch(2)
    >>> [b["y"].tolist() for b in data.create_dict_iterator(output_numpy=True)]
    [[0, 1], [2, 3]]
"""
from mindcell.mindrecord.errors import *  # noqa: F401,F403
from mindcell.mindrecord.errors import __all__ as _errors
from mindcell.mindrecord.filereader import FileReader
from mindcell.mindrecord.filewriter import FileWriter

__all__ = ["FileWriter", "FileReader"] + list(_errors)
