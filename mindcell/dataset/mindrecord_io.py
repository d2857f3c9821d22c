"""MindSpore's MindRecord file format: reading and writing one shard file and its ``.db`` index.

A shard file is a header then fixed-size pages::

    [8-byte little-endian n][n bytes of JSON header] ... padded to header_size
    page 0 at header_size, page k at header_size + k * page_size (the last page is not padded)

The header (JSON, compact, in MindSpore's key order) holds the schema, the index fields, the
list of pages and the names of every shard file of the set. A page is ``BLOB_DATA`` or
``RAW_DATA``; each row has one entry in a page of each kind, an 8-byte little-endian length then
the payload:

- raw entry: a MessagePack map of the row's scalar fields (``msgpack_io``);
- blob entry: for every blob field (fields with a ``shape``, and ``bytes``), sorted by name, an
  8-byte big-endian length (left out when there is only one blob field) then the value:
  ``bytes`` as is, float arrays as their little-endian bytes, int32/int64 arrays *compressed*
  (a 4-byte big-endian count, 2 bits per value saying its width, 1/2/4/8 bytes, most
  significant bits first, then every value in that many little-endian bytes); a schema
  without blob fields still writes 4 zero bytes.

Blob pages fill first; every full blob page starts a *row group* (the page's ``page_type_id``),
and the raw page lists where each row group starts in it. The ``.db`` file beside the shard
is a SQLite index with one row per record (pages and offsets, plus the index fields), which
MindSpore's reader needs; this module's reader walks the pages and does not.
"""
import json
import os
import sqlite3
import struct

import numpy as np

from mindcell._arrays import c_contiguous
from mindcell.dataset import msgpack_io

__all__ = ["FIELD_TYPES", "HEADER_SIZE", "PAGE_SIZE", "blob_fields", "ShardWriter",
           "read_header", "shard_locations", "read_record", "decode_row"]

HEADER_SIZE = 1 << 24
PAGE_SIZE = 1 << 25
FIELD_TYPES = {"int32": np.int32, "int64": np.int64, "float32": np.float32,
               "float64": np.float64, "string": None, "bytes": None}
_SQL_TYPES = {"int32": "INTEGER", "int64": "INTEGER", "float32": "REAL", "float64": "REAL",
              "string": "TEXT"}
_WIDTHS = (1, 2, 4, 8)


def blob_fields(schema):
    """The sorted names of the fields stored in blob pages (arrays and bytes)."""
    return sorted(k for k, v in schema.items() if "shape" in v or v["type"] == "bytes")


# --- blob values ------------------------------------------------------------------------
_SHIFTS = np.array([6, 4, 2, 0], np.uint8)


def compress_ints(values):
    """MindRecord's compressed form of an int32/int64 array."""
    flat = np.asarray(values, np.int64).reshape(-1)
    n = flat.size
    codes = np.zeros(n, np.uint8)
    for code, bound in ((1, 1 << 7), (2, 1 << 15), (3, 1 << 31)):
        codes[(flat < -bound) | (flat >= bound)] = code
    padded = np.zeros(-(-n // 4) * 4, np.uint8)
    padded[:n] = codes
    kinds = np.bitwise_or.reduce(padded.reshape(-1, 4) << _SHIFTS, axis=1).astype(np.uint8)
    widths = np.array(_WIDTHS, np.int64)[codes]
    raw = flat.astype("<i8").view(np.uint8).reshape(n, 8)
    body = raw[np.arange(8) < widths[:, None]]
    return struct.pack(">I", n) + kinds.tobytes() + body.tobytes()


def decompress_ints(data):
    """The int64 values of a compressed int array."""
    n = struct.unpack_from(">I", data, 0)[0]
    nk = (n + 3) // 4
    kinds = np.frombuffer(data, np.uint8, nk, 4)
    codes = ((kinds[:, None] >> _SHIFTS) & 3).reshape(-1)[:n]
    widths = np.array(_WIDTHS, np.int64)[codes]
    body = np.frombuffer(data, np.uint8, int(widths.sum()), 4 + nk)
    out = np.zeros((n, 8), np.uint8)
    mask = np.arange(8) < widths[:, None]
    out[mask] = body
    negative = out[np.arange(n), widths - 1] >= 0x80  # sign-extend the short values
    out[~mask & negative[:, None]] = 0xFF
    return out.view("<i8").reshape(n).astype(np.int64)


def encode_blob(schema, blobs, row):
    """The blob entry of a row and the bytes its int compression saved."""
    if not blobs:
        return b"\0\0\0\0", 0
    parts, saved = [], 0
    for name in blobs:
        spec, value = schema[name], row[name]
        if spec["type"] == "bytes":
            data = bytes(value)
        elif spec["type"] in ("int32", "int64"):
            data = compress_ints(value)
            saved += value.nbytes - len(data)
        else:
            little = np.dtype(FIELD_TYPES[spec["type"]]).newbyteorder("<")
            data = c_contiguous(value).astype(little, copy=False).tobytes()
        parts += [struct.pack(">Q", len(data)), data]
    if len(blobs) == 1:  # a lone blob field is stored without its length
        parts = parts[1:]
    return b"".join(parts), saved


def decode_blob(schema, blobs, data):
    """The values of a blob entry: name -> numpy array (or bytes)."""
    out, pos = {}, 0
    for name in blobs:
        if len(blobs) == 1:
            chunk = bytes(data)
        else:
            n = struct.unpack_from(">Q", data, pos)[0]
            chunk = bytes(data[pos + 8:pos + 8 + n])
            pos += 8 + n
        spec = schema[name]
        if spec["type"] == "bytes":
            out[name] = chunk
            continue
        dtype = np.dtype(FIELD_TYPES[spec["type"]])
        if spec["type"] in ("int32", "int64"):
            values = decompress_ints(chunk).astype(dtype)
        else:
            values = np.frombuffer(chunk, dtype.newbyteorder("<")).astype(dtype)
        out[name] = values.reshape(spec.get("shape") or [-1])
    return out


def decode_row(schema, blobs, raw, blob):
    """A record as a dict field -> value (ints, floats, str, bytes and numpy arrays)."""
    row = msgpack_io.unpack(raw)
    row.update(decode_blob(schema, blobs, blob))
    return row


# --- writing ----------------------------------------------------------------------------
class _Page:
    def __init__(self, page_id, kind, type_id, start_row):
        self.page_id, self.kind, self.type_id = page_id, kind, type_id
        self.start_row, self.end_row, self.data, self.size = start_row, start_row, bytearray(), 0
        self.groups = []  # raw pages: [row group id, offset]


class ShardWriter:
    """Writes the rows of one shard file. The last page of each kind stays open (in memory)
    between batches, as in MindSpore's writer; a full page goes to the file at once."""

    def __init__(self, path, header_size, page_size):
        self.path, self.header_size, self.page_size = path, header_size, page_size
        self.pages, self.rows, self.saved = [], [], 0
        self._open = {}  # kind -> the page being filled
        self._file = None

    @classmethod
    def resume(cls, path, header):
        """A writer that appends to an existing shard file: its pages come from the header,
        the last page of each kind is reopened, its rows come from the ``.db`` index."""
        writer = cls(path, header["header_size"], header["page_size"])
        writer.saved = header.get("compression_size", 0)
        for info in sorted(header["page"], key=lambda p: p["page_id"]):
            page = _Page(info["page_id"], info["page_type"], info["page_type_id"],
                         info["start_row_id"])
            page.end_row, page.size = info["end_row_id"], info["page_size"]
            if info["page_type"] == "RAW_DATA":
                page.groups = [[g["id"], g["offset"]] for g in info["row_group_ids"]]
            writer.pages.append(page)
            writer._open[page.kind] = page
        with open(path, "rb") as f:
            for page in writer._open.values():
                f.seek(writer.header_size + page.page_id * writer.page_size)
                page.data = bytearray(f.read(page.size))
        db = sqlite3.connect(path + ".db")
        try:
            names = [d[1] for d in db.execute("PRAGMA table_info(INDEXES)")]
            fields = [n for n in names[8:] if not n.startswith("INC_")]
            table = db.execute("SELECT * FROM INDEXES ORDER BY ROW_ID").fetchall()
        finally:
            db.close()
        writer.rows = [tuple(r[1:8]) for r in table]
        values = [[r[names.index(f)] for f in fields] for r in table]
        writer._file = open(path, "r+b")
        return writer, values

    def _flush(self, page):
        if self._file is None:
            self._file = open(self.path, "wb")
        self._file.seek(self.header_size + page.page_id * self.page_size)
        self._file.write(page.data)
        page.data = bytearray()

    def _page_for(self, kind, nbytes, start_row):
        """The page of ``kind`` that takes an entry of ``nbytes`` (a new one when full)."""
        if nbytes > self.page_size:
            raise RuntimeError("FileWriter: a row of %d bytes does not fit in a page of %d "
                               "bytes; raise it with set_page_size" % (nbytes, self.page_size))
        page = self._open.get(kind)
        if page is not None and page.size + nbytes <= self.page_size:
            return page
        if page is not None:
            self._flush(page)
        type_id = sum(p.kind == kind for p in self.pages)
        page = self._open[kind] = _Page(len(self.pages), kind, type_id, start_row)
        self.pages.append(page)
        return page

    @staticmethod
    def _append(page, payload):
        start = page.size
        page.data += struct.pack("<Q", len(payload)) + payload
        page.size += 8 + len(payload)
        return start, page.size

    def write(self, raws, blobs):
        """Append a batch: ``raws`` and ``blobs`` are the payloads of its rows."""
        placed = []
        for blob in blobs:
            page = self._page_for("BLOB_DATA", 8 + len(blob), len(self.rows) + len(placed))
            placed.append((page.type_id, page.page_id) + self._append(page, blob))
            page.end_row += 1
        for raw, where in zip(raws, placed):
            page = self._page_for("RAW_DATA", 8 + len(raw), 0)
            if not page.groups or page.groups[-1][0] != where[0]:
                page.groups.append([where[0], page.size])
            self.rows.append((page.page_id,) + self._append(page, raw) + where)

    def header(self, schema, desc, index_fields, shard_id, addresses):
        pages = [{"end_row_id": p.end_row, "page_id": p.page_id, "page_size": p.size,
                  "page_type": p.kind, "page_type_id": p.type_id,
                  "row_group_ids": [{"id": g, "offset": o} for g, o in
                                    (p.groups or [[0, 0]])],
                  "shard_id": shard_id, "start_row_id": p.start_row} for p in self.pages]
        fields = {k: dict(sorted(v.items())) for k, v in sorted(schema.items())}
        header = {"header_size": self.header_size,
                  "index_fields": [{"index_field": f, "schema_id": 0} for f in index_fields],
                  "page": pages, "page_size": self.page_size, "compression_size": self.saved,
                  "schema": [{"blob_fields": blob_fields(schema), "desc": desc,
                              "schema": fields}],
                  "shard_addresses": addresses, "shard_id": shard_id, "statistics": None,
                  "version": "3.0"}
        return json.dumps(header, separators=(",", ":")).encode("utf-8")

    def commit(self, header, schema, index_fields, index_values):
        """Write the open pages, the header and the ``.db`` index."""
        if len(header) + 8 > self.header_size:
            raise RuntimeError("FileWriter: the header needs %d bytes but header_size is %d; "
                               "raise it with set_header_size" % (len(header) + 8,
                                                                  self.header_size))
        for page in self._open.values():
            self._flush(page)
        if self._file is None:
            self._file = open(self.path, "wb")
        try:
            self._file.seek(0)
            self._file.write(struct.pack("<Q", len(header)) + header)
        finally:
            self._file.close()
        _write_index_db(self.path + ".db", os.path.basename(self.path), schema, index_fields,
                        self.rows, index_values)


def _write_index_db(path, shard_name, schema, index_fields, rows, index_values):
    if os.path.exists(path):
        os.remove(path)
    base = ["ROW_ID", "PAGE_ID_RAW", "PAGE_OFFSET_RAW", "PAGE_OFFSET_RAW_END", "ROW_GROUP_ID",
            "PAGE_ID_BLOB", "PAGE_OFFSET_BLOB", "PAGE_OFFSET_BLOB_END"]
    sql = "CREATE TABLE INDEXES(  " + ", ".join("%-20s INT  NOT NULL" % c for c in base)
    for i, f in enumerate(index_fields):
        sql += ",INC_%d INT, %s_0 %s" % (i, f, _SQL_TYPES[schema[f]["type"]])
    sql += ", PRIMARY KEY(%s))" % ",".join(["ROW_ID"] + ["INC_%d" % i
                                                        for i in range(len(index_fields))])
    db = sqlite3.connect(path)
    try:
        db.execute(sql)
        db.execute("CREATE TABLE SHARD_NAME(NAME TEXT NOT NULL)")
        db.execute("INSERT INTO SHARD_NAME VALUES (?)", (shard_name,))
        marks = ",".join("?" * (8 + 2 * len(index_fields)))
        db.executemany("INSERT INTO INDEXES VALUES (%s)" % marks, [
            [i, r[0], r[1], r[2], r[3], r[4], r[5], r[6]]
            + [x for v in values for x in (0, v)]
            for i, (r, values) in enumerate(zip(rows, index_values))])
        db.commit()
    finally:
        db.close()


# --- reading ----------------------------------------------------------------------------
def read_header(path):
    """The JSON header of a shard file (a dict)."""
    with open(path, "rb") as f:
        head = f.read(8)
        if len(head) < 8:
            raise RuntimeError("MindRecord: %r is not a MindRecord file (too short)" % path)
        n = struct.unpack("<Q", head)[0]
        text = f.read(n) if n < (1 << 28) else b""
    try:
        header = json.loads(text.decode("utf-8"))
    except (UnicodeDecodeError, ValueError):
        raise RuntimeError("MindRecord: %r is not a MindRecord file (no JSON header)"
                           % path) from None
    for key in ("header_size", "page_size", "page", "schema"):
        if key not in header:
            raise RuntimeError("MindRecord: the header of %r has no %r" % (path, key))
    return header


def _locations_from_db(path, header):
    """Row locations from the ``.db`` index beside a shard (None when it cannot be read)."""
    if not os.path.isfile(path + ".db"):
        return None
    hsize, psize = header["header_size"], header["page_size"]
    try:
        db = sqlite3.connect(path + ".db")
        try:
            rows = db.execute("SELECT PAGE_ID_RAW, PAGE_OFFSET_RAW, PAGE_OFFSET_RAW_END, "
                              "PAGE_ID_BLOB, PAGE_OFFSET_BLOB, PAGE_OFFSET_BLOB_END FROM "
                              "INDEXES ORDER BY ROW_ID").fetchall()
        finally:
            db.close()
    except sqlite3.Error:
        return None
    out = np.array(rows, np.int64).reshape(-1, 6)
    raw = hsize + out[:, 0] * psize
    blob = hsize + out[:, 3] * psize
    return np.stack([raw + out[:, 1] + 8, raw + out[:, 2], blob + out[:, 4] + 8,
                     blob + out[:, 5]], axis=1)


def _walk_pages(f, header, kind):
    """(start, end) file offsets of the payloads of every entry in the pages of ``kind``."""
    hsize, psize = header["header_size"], header["page_size"]
    out = []
    pages = sorted((p for p in header["page"] if p["page_type"] == kind),
                   key=lambda p: p["page_type_id"])
    for page in pages:
        base, pos = hsize + page["page_id"] * psize, 0
        while pos + 8 <= page["page_size"]:
            f.seek(base + pos)
            n = struct.unpack("<Q", f.read(8))[0]
            out.append((base + pos + 8, base + pos + 8 + n))
            pos += 8 + n
    return out


def shard_locations(path, header=None):
    """An int64 array (rows, 4): the file offsets [raw start, raw end, blob start, blob end]
    of every record's payloads, in row order (from the ``.db`` index when there is one)."""
    header = header or read_header(path)
    found = _locations_from_db(path, header)
    if found is not None:
        return found
    with open(path, "rb") as f:
        raws, blobs = _walk_pages(f, header, "RAW_DATA"), _walk_pages(f, header, "BLOB_DATA")
    if len(blobs) != len(raws):
        raise RuntimeError("MindRecord: %r has %d raw and %d blob entries"
                           % (path, len(raws), len(blobs)))
    return np.array([r + b for r, b in zip(raws, blobs)], np.int64).reshape(-1, 4)


def read_record(fd, loc):
    """The (raw, blob) payloads at one row's locations, read from an open file descriptor."""
    raw = os.pread(fd, int(loc[1] - loc[0]), int(loc[0]))
    blob = os.pread(fd, int(loc[3] - loc[2]), int(loc[2]))
    return raw, blob
