"""``Schema``: the column names, types and shapes of a file-reading dataset (TFRecordDataset)."""
import json
import os

import numpy as np

from mindcell.dtype import DType

__all__ = ["Schema", "TYPE_NAMES"]

TYPE_NAMES = ("bool", "int8", "int16", "int32", "int64", "uint8", "uint16", "uint32", "uint64",
              "float16", "float32", "float64", "string")


def _type_name(de_type):
    if isinstance(de_type, DType) and de_type.name != "BFloat16":
        name = str(de_type.np_dtype)
    elif isinstance(de_type, str):
        name = de_type
    else:
        name = None
    if name not in TYPE_NAMES:
        raise TypeError("Schema: unknown column type %r; expected a mindcell dtype or one of %s"
                        % (de_type, list(TYPE_NAMES)))
    return name


def _check_shape(shape):
    if not isinstance(shape, list) or any(
            isinstance(d, bool) or not isinstance(d, int) or (d < 1 and d != -1) for d in shape):
        raise TypeError("Schema: 'shape' must be a list of positive ints (or -1), but got %r"
                        % (shape,))
    return list(shape)


class Schema:
    """Schema(schema_file=None): the column names, types and shapes of a file-reading dataset
    (``TFRecordDataset``), empty or read from a JSON file (``{"columns": {name: {"type": ...,
    "shape": [...]}} or [{"name": ...}, ...], "numRows": n, "datasetType": "TF"}``).

    A column has a ``type`` (``"int64"``, ``"float32"``, ``"uint8"``, ``"string"`` ...) and
    optionally a ``shape``: the values are reshaped to it (``[]``: a scalar); a column added
    with ``add_column`` without a shape keeps the values as read (1-D). ``numRows`` bounds the
    rows a dataset reads. ``str(schema)`` is :meth:`to_json`.

    Args:
        schema_file (str, optional): the path of a JSON schema file; None: an empty schema.
            Default: ``None``.

    Raises:
        TypeError: ``schema_file`` is not a str, or a column has an unknown type.
        ValueError: the schema file does not exist.
        RuntimeError: the file is not valid JSON, or a column has no name or type.

    Examples:
        >>> import mindcell as ms
        >>> from mindcell.dataset import Schema
        >>> schema = Schema()
        >>> schema.add_column("image", de_type=ms.uint8, shape=[2, 2])
        >>> schema.add_column("label", de_type="int64")
        >>> print(schema.to_json())  # doctest: +ELLIPSIS
        {
          "columns": [
            {
              "name": "image",
              "rank": 2,
              "shape": [
                2,
                2
              ],
              "type": "uint8"
            },
        ...
    """

    def __init__(self, schema_file=None):
        self.columns, self.num_rows, self.dataset_type = [], None, None
        # name -> declared rank of the parsed columns that came without a shape: a reader given
        # the schema (TFRecordDataset) keeps a rank-1 column's values as read
        self.free_ranks = {}
        if schema_file is None:
            return
        if not isinstance(schema_file, str):
            raise TypeError("Schema: 'schema_file' must be a str, but got %r" % (schema_file,))
        if not os.path.isfile(schema_file):
            raise ValueError("The file %s does not exist or permission denied!" % schema_file)
        with open(schema_file, encoding="utf-8") as f:
            try:
                content = json.load(f)
            except ValueError as e:
                raise RuntimeError("Schema: %s is not valid JSON: %s" % (schema_file, e)) \
                    from None
        self.from_json(content)

    def add_column(self, name, de_type, shape=None):
        """add_column(name, de_type, shape=None): append a column.

        Args:
            name (str): the column's name.
            de_type (Union[mindcell.dtype, str]): its type, a dtype or a type name (``"int64"``,
                ``"float32"``, ``"string"`` ...).
            shape (list[int], optional): the shape the values are reshaped to (-1 for any size);
                None keeps the values as read. Default: ``None``.

        Raises:
            TypeError: a name that is not a str, an unknown type, or a shape that is not a list of
                positive ints / -1.

        Examples:
            >>> import mindcell as ms
            >>> from mindcell.dataset import Schema
            >>> schema = Schema()
            >>> schema.add_column("x", ms.float32, [-1, 3])
            >>> schema.columns
            [{'name': 'x', 'type': 'float32', 'rank': 2, 'shape': [-1, 3]}]
        """
        if not isinstance(name, str):
            raise TypeError("Schema.add_column: 'name' must be a str, but got %r" % (name,))
        column = {"name": name, "type": _type_name(de_type), "rank": 1}
        if shape is not None:
            column["shape"] = _check_shape(shape)
            column["rank"] = len(shape)
        self.columns.append(column)

    def parse_columns(self, columns):
        """parse_columns(columns): replace the columns by ``columns``; a column without a shape is a
        scalar.

        Args:
            columns (Union[dict, list[dict]]): a dict name -> ``{"type": ..., "shape": [...]}``
                (taken sorted by name), or a list of such dicts with a ``"name"`` (in list order).

        Raises:
            TypeError: ``columns`` is not a dict or list, a type is unknown, or a shape malformed.
            RuntimeError: a column without a type or name.

        Examples:
            >>> from mindcell.dataset import Schema
            >>> schema = Schema()
            >>> schema.parse_columns({"b": {"type": "int32"},
            ...                       "a": {"type": "string", "shape": [2]}})
            >>> [(c["name"], c["type"], c["shape"]) for c in schema.columns]
            [('a', 'string', [2]), ('b', 'int32', [])]
        """
        if isinstance(columns, dict):
            # a dict's columns come sorted by name, as in MindSpore
            items = [dict(spec, name=name) if isinstance(spec, dict) else spec
                     for name, spec in sorted(columns.items())]
        elif isinstance(columns, list):
            items = columns
        else:
            raise TypeError("Schema.parse_columns: 'columns' must be a dict or a list, but got "
                            "%s" % type(columns).__name__)
        parsed, free = [], {}
        for spec in items:
            if not isinstance(spec, dict) or "name" not in spec or "type" not in spec:
                raise RuntimeError("Schema.parse_columns: every column needs a 'name' and a "
                                   "'type', but got %r" % (spec,))
            shape = _check_shape(spec.get("shape", []))
            if "shape" not in spec:
                free[spec["name"]] = spec.get("rank", 0)
            parsed.append({"name": spec["name"], "type": _type_name(spec["type"]),
                           "rank": len(shape), "shape": shape})
        self.columns, self.free_ranks = parsed, free

    def from_json(self, json_obj):
        """from_json(json_obj): read a schema dict: its ``columns`` (as :meth:`parse_columns`),
        optional ``numRows`` and ``datasetType``.

        Args:
            json_obj (dict): the schema.

        Raises:
            TypeError: a column type is unknown or a shape malformed.
            RuntimeError: ``json_obj`` has no ``columns``, a column has no name or type, or
                ``numRows`` is not an int >= 0.

        Examples:
            >>> from mindcell.dataset import Schema
            >>> schema = Schema()
            >>> schema.from_json({"columns": [{"name": "y", "type": "float64"}], "numRows": 5})
            >>> Schema.get_num_rows(schema), schema.columns[0]["type"]
            (5, 'float64')
        """
        if not isinstance(json_obj, dict) or "columns" not in json_obj:
            raise RuntimeError("Schema.from_json: the schema needs 'columns', but got %r"
                               % (json_obj,))
        self.parse_columns(json_obj["columns"])
        rows = json_obj.get("numRows")
        if rows is not None and (isinstance(rows, bool) or not isinstance(rows, int)
                                 or rows < 0):
            raise RuntimeError("Schema.from_json: 'numRows' must be an int >= 0, but got %r"
                               % (rows,))
        self.num_rows = rows
        self.dataset_type = json_obj.get("datasetType")

    def to_json(self):
        """to_json(): the schema as JSON text, keys sorted (also what ``str(schema)`` shows).

        Returns:
            str.

        Examples:
            >>> from mindcell.dataset import Schema
            >>> schema = Schema()
            >>> schema.add_column("s", "string")
            >>> import json
            >>> json.loads(schema.to_json())
            {'columns': [{'name': 's', 'rank': 1, 'type': 'string'}]}
        """
        out = {"columns": self.columns}
        if self.dataset_type is not None:
            out["datasetType"] = self.dataset_type
        if self.num_rows is not None:
            out["numRows"] = self.num_rows
        return json.dumps(out, indent=2, sort_keys=True)

    __str__ = to_json

    @staticmethod
    def get_num_rows(schema):
        """get_num_rows(schema): the ``numRows`` of a schema (a static method).

        Args:
            schema (Schema): the schema.

        Returns:
            int, or None when not set.

        Raises:
            TypeError: ``schema`` is not a Schema.

        Examples:
            >>> from mindcell.dataset import Schema
            >>> Schema.get_num_rows(Schema()) is None
            True
        """
        if not isinstance(schema, Schema):
            raise TypeError("Schema.get_num_rows: expected a Schema, but got %s"
                            % type(schema).__name__)
        return schema.num_rows

    def column(self, name):
        """column(name): the description of the column named ``name``.

        Args:
            name (str): the column's name.

        Returns:
            dict (``name``, ``type``, ``rank``, optional ``shape``), or None if absent.

        Examples:
            >>> from mindcell.dataset import Schema
            >>> schema = Schema()
            >>> schema.add_column("label", "int64")
            >>> schema.column("label"), schema.column("nope")
            ({'name': 'label', 'type': 'int64', 'rank': 1}, None)
        """
        return next((c for c in self.columns if c["name"] == name), None)

    def numpy_type(self, name):
        """numpy_type(name): the numpy dtype of a column (``str`` for strings).

        Args:
            name (str): the column's name (it must exist).

        Returns:
            numpy.dtype.

        Examples:
            >>> from mindcell.dataset import Schema
            >>> schema = Schema()
            >>> schema.add_column("a", "uint16")
            >>> schema.add_column("t", "string")
            >>> schema.numpy_type("a"), schema.numpy_type("t")
            (dtype('uint16'), dtype('<U'))
        """
        kind = self.column(name)["type"]
        return np.dtype(str) if kind == "string" else np.dtype(kind)
