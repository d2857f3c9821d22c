"""Dataset.save: one epoch of a pipeline written to MindRecord files, with the schema MindSpore 2.10
derives from the first row (ms-oracle)."""
import os

import numpy as np

# numpy dtype kind/size -> MindRecord type, as MindSpore 2.10's save widens them: every integer
# of up to 16 bits (bool and uint8 too) becomes int32, uint32/uint64 int64, float16 float32
_INT_TYPES = {("b", 1): "int32", ("i", 1): "int32", ("u", 1): "int32", ("i", 2): "int32",
              ("u", 2): "int32", ("i", 4): "int32", ("u", 4): "int64", ("i", 8): "int64",
              ("u", 8): "int64"}
_FLOAT_TYPES = {2: "float32", 4: "float32", 8: "float64"}


def _field(name, value):
    """The schema entry of a column from its first value."""
    value = np.asarray(value)
    kind = value.dtype.kind
    if kind in "US":
        if value.ndim:
            raise RuntimeError("Dataset.save: column %r holds a %d-d array of %s; only a single "
                               "string or bytes value per row can be saved"
                               % (name, value.ndim, "strings" if kind == "U" else "bytes"))
        return {"type": "string" if kind == "U" else "bytes"}
    if kind == "f":
        mr_type = _FLOAT_TYPES[value.dtype.itemsize]
    elif (kind, value.dtype.itemsize) in _INT_TYPES:
        mr_type = _INT_TYPES[(kind, value.dtype.itemsize)]
    else:
        raise RuntimeError("Dataset.save: column %r has dtype %s, which MindRecord cannot hold"
                           % (name, value.dtype))
    if value.ndim == 0:
        return {"type": mr_type}
    return {"type": mr_type, "shape": [-1] + list(value.shape[1:])}


def _convert(spec, value):
    value = np.asarray(value)
    if spec["type"] == "string":
        return str(value.item())
    if spec["type"] == "bytes":
        return bytes(value.item())
    dtype = np.dtype(spec["type"])
    if "shape" in spec:
        return value.astype(dtype)
    return int(value) if dtype.kind == "i" else float(value)


def save(dataset, file_name, num_files=1, file_type="mindrecord"):
    """Write one epoch of ``dataset`` to ``num_files`` MindRecord files (see Dataset.save)."""
    if not isinstance(file_name, str) or not file_name:
        raise TypeError("Dataset.save: 'file_name' must be a non-empty str, but got %r"
                        % (file_name,))
    if isinstance(num_files, bool) or not isinstance(num_files, int):
        raise TypeError("Dataset.save: 'num_files' must be an int, but got %r" % (num_files,))
    if not 1 <= num_files <= 1000:
        raise ValueError("num_files should between 0 and 1000.")
    if not isinstance(file_type, str):
        raise TypeError("Dataset.save: 'file_type' must be a str, but got %r" % (file_type,))
    if file_type != "mindrecord":
        raise ValueError("%s dataset format is not supported." % file_type)
    from mindcell.mindrecord import FileWriter
    names = dataset.get_col_names()
    rows = [dict(zip(names, row))
            for row in dataset.create_tuple_iterator(num_epochs=1, output_numpy=True)]
    if not rows:
        raise RuntimeError("Dataset.save: the dataset has no rows to save")
    schema = {name: _field(name, rows[0][name]) for name in names}
    try:
        writer = FileWriter(file_name, num_files)
    except RuntimeError as e:  # MindSpore refuses to overwrite, as FileWriter without overwrite
        raise RuntimeError("Dataset.save: %s" % str(e).split(";")[0]) from None
    writer.add_schema(schema, os.path.basename(file_name))
    writer.write_raw_data([{k: _convert(schema[k], v) for k, v in row.items()} for row in rows])
    writer.commit()
