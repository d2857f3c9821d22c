"""MindRecord: mindcell reads a file pair MindSpore 2.10 wrote (tests/dataset/data, made by
make_mindrecord.py), writes the same bytes from the same rows, and reads back what it writes."""
import os
import sqlite3
import sys

import numpy as np
import pytest

import mindcell.dataset as ds
from mindcell.dataset import mindrecord_io as mrio
from mindcell.dataset import msgpack_io
from mindcell.mindrecord import (FileReader, FileWriter, MindRecordException,
                                 MRMDefineIndexError, MRMInvalidSchemaError, ParamTypeError,
                                 ParamValueError)

DATA = os.path.join(os.path.dirname(__file__), "data")
MS_FILE = os.path.join(DATA, "ms_small.mindrecord")
sys.path.insert(0, DATA)
import make_mindrecord  # noqa: E402


def _dump(path):
    db = sqlite3.connect(path)
    try:
        return [list(db.execute("SELECT sql FROM sqlite_master")),
                list(db.execute("SELECT * FROM INDEXES")),
                list(db.execute("SELECT * FROM SHARD_NAME"))]
    finally:
        db.close()


def test_reads_a_mindspore_written_file():
    data = ds.MindDataset(MS_FILE, shuffle=False)
    assert data.get_col_names() == ["big", "data", "file_name", "label", "mat", "score", "vec"]
    assert data.get_dataset_size() == 6
    rows = list(data.create_dict_iterator(output_numpy=True))
    # what MindSpore 2.10's MindDataset yields for this file
    assert [int(r["big"]) for r in rows] == [1, -343, 117649, -40353607, 13841287201,
                                            -4747561509943]
    assert rows[3]["mat"].tolist() == [[0, -27000000, -54000000],
                                       [-81000000, -108000000, -135000000]]
    assert rows[1]["data"].dtype.str == "|S5" and rows[1]["data"].shape == (1,)
    assert rows[1]["data"][0] == b"\x01\x02\x03\x04\x05"
    assert rows[2]["file_name"].dtype.str == "<U9" and str(rows[2]["file_name"]) == "img_2.jpg"
    assert rows[4]["label"].dtype == np.int32 and rows[4]["label"].shape == ()
    assert rows[3]["score"].dtype == np.float64 and rows[3]["score"] == 0.10000000000000003
    assert rows[5]["vec"].dtype == np.float32
    np.testing.assert_array_equal(rows[5]["vec"], np.linspace(-1, 1, 6).astype(np.float32))
    for row, ref in zip(rows, make_mindrecord.rows()):
        np.testing.assert_array_equal(row["mat"], ref["mat"])
        assert row["data"][0] == ref["data"].rstrip(b"\0") or ref["data"][-1:] == b"\0"


def test_writer_matches_mindspore_bytes(tmp_path):
    path = str(tmp_path / "ms_small.mindrecord")
    writer = FileWriter(path, shard_num=1, overwrite=True)
    writer.set_header_size(1 << 14)
    writer.set_page_size(1 << 15)
    writer.add_schema(make_mindrecord.SCHEMA, "mindcell test data")
    writer.add_index(["file_name", "label"])
    writer.write_raw_data(make_mindrecord.rows()[:4])
    writer.write_raw_data(make_mindrecord.rows()[4:])
    writer.commit()
    with open(path, "rb") as a, open(MS_FILE, "rb") as b:
        assert a.read() == b.read()
    assert _dump(path + ".db") == _dump(MS_FILE + ".db")


def test_file_reader_values_and_columns():
    reader = FileReader(MS_FILE)
    rows = list(reader.get_next())
    assert reader.len() == 6 and len(rows) == 6
    assert reader.schema()["mat"] == {"type": "int64", "shape": [2, 3]}
    assert rows[2]["file_name"] == "img_2.jpg" and isinstance(rows[2]["label"], int)
    assert rows[2]["data"] == bytes(range(2, 8))
    reader.close()
    reader = FileReader(MS_FILE, columns=["label"])
    assert [r["label"] for r in reader.get_next()] == [0, 1, 2, 0, 1, 2]
    reader.close()
    with pytest.raises(ParamValueError):
        FileReader(MS_FILE, columns=["nope"])
    with pytest.raises(RuntimeError):
        FileReader(os.path.join(DATA, "missing.mindrecord"))


def _write(path, rows, shard_num=1, schema=None, **kw):
    writer = FileWriter(path, shard_num=shard_num, overwrite=True)
    for name, value in kw.items():
        getattr(writer, name)(value)
    writer.add_schema(schema or {"x": {"type": "int32"}, "s": {"type": "string"},
                                 "y": {"type": "float32", "shape": [2]}})
    writer.write_raw_data(rows)
    writer.commit()


def _rows(n):
    return [{"x": i, "s": "r%d" % i, "y": np.array([i, -i], np.float32)} for i in range(n)]


def test_shards_and_distributed_reading(tmp_path):
    path = str(tmp_path / "s.mindrecord")
    _write(path, _rows(7), shard_num=3)
    assert sorted(os.listdir(tmp_path)) == ["s.mindrecord%d%s" % (i, e) for i in range(3)
                                            for e in ("", ".db")]
    header = mrio.read_header(path + "0")
    assert header["shard_addresses"] == ["s.mindrecord0", "s.mindrecord1", "s.mindrecord2"]
    whole = ds.MindDataset(path + "0", shuffle=False)
    assert [int(r["x"]) for r in whole.create_dict_iterator(output_numpy=True)] == list(range(7))
    one = ds.MindDataset([path + "2"], shuffle=False)
    # 7 rows in blocks of 3, 2, 2 (MindSpore gives the extra rows to random shards)
    assert [int(r["x"]) for r in one.create_dict_iterator(output_numpy=True)] == [5, 6]
    shard = ds.MindDataset(path + "0", shuffle=False, num_shards=2, shard_id=1)
    # MindSpore 2.10 reads [1, 3, 5, 0] here
    assert [int(r["x"]) for r in shard.create_dict_iterator(output_numpy=True)] == [1, 3, 5, 0]


def test_columns_list_shuffle_modes_and_pipeline(tmp_path):
    path = str(tmp_path / "m.mindrecord")
    _write(path, _rows(8), shard_num=2)
    data = ds.MindDataset(path + "0", columns_list=["y", "x"], shuffle=False)
    first = next(iter(data.create_tuple_iterator(output_numpy=True)))
    assert data.get_col_names() == ["y", "x"] and first[0].tolist() == [0.0, -0.0]
    shuffled = ds.MindDataset(path + "0", columns_list=["x"])
    assert sorted(int(r[0]) for r in shuffled.create_tuple_iterator(output_numpy=True)) \
        == list(range(8))
    files = [int(r[0]) for r in ds.MindDataset(path + "0", ["x"], shuffle=ds.Shuffle.FILES)
             .create_tuple_iterator(output_numpy=True)]
    assert files in (list(range(8)), list(range(4, 8)) + list(range(4)))
    infile = [int(r[0]) for r in ds.MindDataset(path + "0", ["x"], shuffle=ds.Shuffle.INFILE)
              .create_tuple_iterator(output_numpy=True)]
    assert sorted(infile[:4]) == [0, 1, 2, 3] and sorted(infile[4:]) == [4, 5, 6, 7]
    piped = (ds.MindDataset(path + "0", ["x", "y"], shuffle=False)
             .map(lambda y: y * 2, input_columns="y").batch(3, drop_remainder=True).repeat(2))
    batches = list(piped.create_dict_iterator(output_numpy=True))
    assert len(batches) == 4 and batches[1]["x"].tolist() == [3, 4, 5]
    assert batches[0]["y"].tolist() == [[0, 0], [2, -2], [4, -4]]
    a, b = ds.MindDataset(path + "0", ["x"], shuffle=False).split([6, 2], randomize=False)
    assert [int(r[0]) for r in b.create_tuple_iterator(output_numpy=True)] == [6, 7]


def test_padded_sample(tmp_path):
    path = str(tmp_path / "p.mindrecord")
    _write(path, _rows(5))
    pad = {"x": -1, "s": "pad", "y": np.zeros(2, np.float32)}
    with pytest.raises(RuntimeError, match="columns_list"):
        ds.MindDataset(path, padded_sample=pad, num_padded=1)
    data = ds.MindDataset(path, columns_list=["x", "s"], shuffle=False, padded_sample=pad,
                          num_padded=3, num_shards=4, shard_id=3)
    rows = list(data.create_tuple_iterator(output_numpy=True))
    assert [int(r[0]) for r in rows] == [3, -1] and str(rows[1][1]) == "pad"
    with pytest.raises(RuntimeError, match="divide"):
        ds.MindDataset(path, columns_list=["x"], padded_sample=pad, num_padded=2,
                       num_shards=2, shard_id=0)
    tfr = ds.MindDataset(path, columns_list=["x"], shuffle=False, padded_sample=pad,
                         num_padded=2)
    assert [int(r[0]) for r in tfr.create_tuple_iterator(output_numpy=True)] == \
        [0, 1, 2, 3, 4, -1, -1]


def test_samplers_on_mind_dataset(tmp_path):
    path = str(tmp_path / "q.mindrecord")
    _write(path, _rows(10))
    data = ds.MindDataset(path, ["x"], sampler=ds.SubsetRandomSampler([1, 5, 7]))
    assert sorted(int(r[0]) for r in data.create_tuple_iterator(output_numpy=True)) == [1, 5, 7]
    data = ds.MindDataset(path, ["x"], sampler=ds.SequentialSampler(2, 3))
    assert [int(r[0]) for r in data.create_tuple_iterator(output_numpy=True)] == [2, 3, 4]


def test_int_compression_and_single_blob_field():
    values = np.array([-1, 300, 70000, 2 ** 40, -2 ** 40, 127, -128, 128, -129], np.int64)
    packed = mrio.compress_ints(values)
    # bytes MindSpore 2.10 wrote for these values
    assert packed.hex() == ("000000091bc140" "ff" "2c01" "70110100" "0000000000010000"
                            "0000000000ffffff" "7f" "80" "8000" "7fff")
    np.testing.assert_array_equal(mrio.decompress_ints(packed), values)
    schema = {"a": {"type": "int64", "shape": [-1]}}
    blob, saved = mrio.encode_blob(schema, ["a"], {"a": np.array([1, 300], np.int64)})
    assert blob.hex() == "0000000210012c01" and saved == 8


def test_msgpack_number_forms():
    assert msgpack_io.pack({"f": 0.1, "i": 2 ** 40}).hex() == \
        "82a166cb3fb999999999999a" "a169cf0000010000000000"
    assert msgpack_io.pack(1.5).hex() == "ca3fc00000"
    for v in [0, 127, 128, 255, 256, 65536, 2 ** 33, -1, -32, -33, -129, -32769, -2 ** 40,
              0.5, -2.0, 1e300, "x" * 40, {"k": "v"}]:
        assert msgpack_io.unpack(msgpack_io.pack(v)) == v


def test_writer_validation(tmp_path):
    path = str(tmp_path / "v.mindrecord")
    with pytest.raises(ParamValueError):
        FileWriter(path, shard_num=0)
    w = FileWriter(path, overwrite=True)
    with pytest.raises(MRMInvalidSchemaError):
        w.add_schema({"v": {"type": "int8"}})
    with pytest.raises(MRMInvalidSchemaError):
        w.add_schema({"v-a": {"type": "int32"}})
    with pytest.raises(MRMInvalidSchemaError):
        w.add_schema({"v": {"type": "string", "shape": [2]}})
    with pytest.raises(MindRecordException):
        w.add_schema({"v": {"type": "int32", "shape": [-1, -1]}})
    w.add_schema({"v": {"type": "int32"}, "a": {"type": "float32", "shape": [2]}})
    with pytest.raises(MRMDefineIndexError):
        w.add_index(["a"])
    with pytest.raises(ParamTypeError):
        w.add_index("v")
    with pytest.raises(RuntimeError):
        w.set_page_size(1000)
    good = {"v": 1, "a": np.zeros(2, np.float32)}
    # rows MindSpore rejects: an int64 scalar for int32, a float64 array for float32, a bool
    for bad in [{"v": np.int64(1), "a": good["a"]}, {"v": 1, "a": np.zeros(2)},
                {"v": True, "a": good["a"]}, {"v": 1}]:
        with pytest.raises(RuntimeError, match="no valid data"):
            w.write_raw_data([bad])
    w.write_raw_data([good, {"v": "x", "a": good["a"]}])  # the bad row is skipped
    w.commit()
    assert [r["v"] for r in FileReader(path).get_next()] == [1]
    with pytest.raises(RuntimeError, match="already exist"):
        FileWriter(path)
    with pytest.raises(ValueError, match="does not exist"):
        ds.MindDataset(str(tmp_path / "none.mindrecord"))
    with pytest.raises(ValueError, match="nope"):
        ds.MindDataset(path, columns_list=["nope"])


def test_reader_without_db_walks_pages(tmp_path):
    path = str(tmp_path / "w.mindrecord")
    rows = [{"x": i, "v": np.ones(1000 + i, np.float32) * i} for i in range(20)]
    _write(path, rows, schema={"x": {"type": "int64"}, "v": {"type": "float32", "shape": [-1]}},
           set_page_size=1 << 15, set_header_size=1 << 16)
    with_db = mrio.shard_locations(path)
    os.remove(path + ".db")
    np.testing.assert_array_equal(mrio.shard_locations(path), with_db)
    got = list(ds.MindDataset(path, shuffle=False).create_dict_iterator(output_numpy=True))
    assert [r["v"].shape[0] for r in got] == [1000 + i for i in range(20)]
    assert got[13]["v"][0] == 13.0


@pytest.mark.parametrize("name", ["mindcell.mindrecord", "mindcell.mindrecord.filewriter",
                                  "mindcell.mindrecord.filereader",
                                  "mindcell.dataset.mind_dataset", "mindcell.dataset.samplers"])
def test_docstring_examples(name):
    import doctest
    import importlib
    result = doctest.testmod(importlib.import_module(name),
                             optionflags=doctest.NORMALIZE_WHITESPACE)
    assert result.attempted > 0 and result.failed == 0


def test_open_for_append_equals_one_session(tmp_path):
    schema = {"x": {"type": "int64"}, "v": {"type": "float32", "shape": [-1]},
              "s": {"type": "string"}}
    rows = [{"x": i, "v": np.ones(3 + i, np.float32) * i, "s": "r%d" % i} for i in range(50)]
    whole = FileWriter(str(tmp_path / "a.mindrecord"), shard_num=2)
    whole.set_page_size(1 << 15)
    whole.add_schema(schema)
    whole.write_raw_data(rows[:30])
    whole.write_raw_data(rows[30:])
    whole.commit()
    first = FileWriter(str(tmp_path / "b.mindrecord"), shard_num=2)
    first.set_page_size(1 << 15)
    first.add_schema(schema)
    first.write_raw_data(rows[:30])
    first.commit()
    more = FileWriter.open_for_append(str(tmp_path / "b.mindrecord1"))
    more.write_raw_data(rows[30:])
    more.commit()
    for k in range(2):
        a = (tmp_path / ("a.mindrecord%d" % k)).read_bytes()
        b = (tmp_path / ("b.mindrecord%d" % k)).read_bytes()
        assert b.replace(b"b.mindrecord", b"a.mindrecord") == a
        assert _dump(str(tmp_path / ("a.mindrecord%d.db" % k)))[1] == \
            _dump(str(tmp_path / ("b.mindrecord%d.db" % k)))[1]
    with pytest.raises(RuntimeError, match="not exists"):
        FileWriter.open_for_append(str(tmp_path / "none.mindrecord"))


def test_locations_come_from_the_db():
    header = mrio.read_header(MS_FILE)
    from_db = mrio._locations_from_db(MS_FILE, header)
    assert from_db is not None and len(from_db) == 6
    with open(MS_FILE, "rb") as f:
        walked = [r + b for r, b in zip(mrio._walk_pages(f, header, "RAW_DATA"),
                                        mrio._walk_pages(f, header, "BLOB_DATA"))]
    np.testing.assert_array_equal(from_db, np.array(walked))


def test_decode_images_from_a_bytes_column(tmp_path):
    import io
    from PIL import Image
    import mindcell.dataset.vision as vision
    path = str(tmp_path / "img.mindrecord")
    rows = []
    for i in range(4):
        buf = io.BytesIO()
        Image.fromarray(np.full((8, 6, 3), i * 40, np.uint8)).save(buf, format="PNG")
        rows.append({"image": buf.getvalue(), "label": i})
    _write(path, rows, schema={"image": {"type": "bytes"}, "label": {"type": "int32"}})
    data = ds.MindDataset(path, columns_list=["image", "label"], shuffle=False,
                          num_parallel_workers=2)
    data = data.map([vision.Decode(), vision.Resize((4, 4)), vision.HWC2CHW()],
                    input_columns="image").batch(2)
    # MindSpore 2.10 gives these shapes and means for the same pipeline
    got = [(b["image"].shape, b["label"].tolist(), float(b["image"].mean()))
           for b in data.create_dict_iterator(output_numpy=True)]
    assert got == [((2, 3, 4, 4), [0, 1], 20.0), ((2, 3, 4, 4), [2, 3], 100.0)]
    assert vision.Decode()(rows[1]["image"]).shape == (8, 6, 3)


def test_mind_dataset_plus_padded_shards_in_blocks(tmp_path):
    path = str(tmp_path / "e.mindrecord")
    _write(path, [{"label": i} for i in range(10)], schema={"label": {"type": "int32"}})

    def shard(k, num_shards, first_pad=False):
        pad = ds.PaddedDataset([{"label": np.array(-1, np.int32)}] * 2)
        mind = ds.MindDataset(path, columns_list=["label"], shuffle=False)
        data = pad + mind if first_pad else mind + pad
        data.use_sampler(ds.DistributedSampler(num_shards=num_shards, shard_id=k,
                                               shuffle=False))
        return [int(r["label"]) for r in data.create_dict_iterator(output_numpy=True)]

    # what MindSpore 2.10 reads: the MindDataset in contiguous blocks, the padding after it
    assert [shard(k, 4) for k in range(4)] == [[0, 1, 2], [3, 4, 5], [6, 7, -1], [8, 9, -1]]
    assert [shard(k, 3) for k in range(3)] == [[0, 1, 2, 3], [4, 5, 6, -1], [7, 8, 9, -1]]
    assert [shard(k, 4, True) for k in range(4)] == [[-1, 0, 1], [-1, 2, 3], [4, 5, 6],
                                                     [7, 8, 9]]
