"""TFRecordDataset (+ Schema), TextFileDataset, CSVDataset, PaddedDataset/use_sampler and the
samplers. Expected values are what MindSpore 2.10 gave for the same files (orders are with
num_parallel_workers=2 where they depend on it)."""
import doctest
import importlib
import json

import numpy as np
import pytest

import mindcell as ms
import mindcell.dataset as ds
from mindcell.dataset import tfrecord_io


def _example(i):
    return tfrecord_io.encode_example({
        "image": [bytes([i, i + 1, 255])], "label": np.array([i], np.int64),
        "feat": np.array([i * 0.5, -1.0, 2.0], np.float32),
        "ids": np.array([i, -i, 2 ** 40], np.int64), "name": ["n%d" % i],
        "multi": [b"ab", b"cde"]})


@pytest.fixture()
def tf_files(tmp_path):
    paths = {}
    for name, labels in [("a", range(5)), ("b", range(10, 13)), ("c", range(20, 22))]:
        paths[name] = str(tmp_path / ("%s.tfrecord" % name))
        tfrecord_io.write_records(paths[name], [_example(i) for i in labels])
    return paths


def _dicts(data):
    return list(data.create_dict_iterator(output_numpy=True))


def test_crc32c_and_example_round_trip():
    assert tfrecord_io.crc32c(b"123456789") == 0xE3069283  # the CRC-32C check value
    features = tfrecord_io.parse_example(_example(3))
    assert features["label"][0] == "int64" and features["label"][1].tolist() == [3]
    assert features["ids"][1].tolist() == [3, -3, 2 ** 40]
    assert features["feat"][1].dtype == np.float32 and features["multi"][1] == [b"ab", b"cde"]


def test_tfrecord_without_schema(tf_files):
    data = ds.TFRecordDataset(tf_files["a"], shuffle=False)
    assert data.get_col_names() == ["feat", "ids", "image", "label", "multi", "name"]
    assert data.get_dataset_size() == 5
    row = _dicts(data)[1]
    assert row["feat"].dtype == np.float32 and row["feat"].tolist() == [0.5, -1.0, 2.0]
    assert row["ids"].dtype == np.int64 and row["ids"].tolist() == [1, -1, 2 ** 40]
    assert row["image"].dtype == np.uint8 and row["image"].tolist() == [1, 2, 255]
    assert row["multi"].tolist() == [97, 98, 32, 99, 100, 101]  # b"ab " + b"cde"
    assert row["name"].tolist() == [110, 49]


def test_tfrecord_with_schema(tf_files, tmp_path):
    schema = ds.Schema()
    schema.add_column("image", de_type=ms.uint8)
    schema.add_column("label", de_type=ms.int32, shape=[1])
    schema.add_column("feat", de_type=ms.float64, shape=[3])
    schema.add_column("ids", de_type="int64", shape=[1, 3])
    schema.add_column("name", de_type="string")
    data = ds.TFRecordDataset(tf_files["a"], schema=schema, shuffle=False)
    assert data.get_col_names() == ["image", "label", "feat", "ids", "name"]
    row = _dicts(data)[0]
    assert row["label"].dtype == np.int32 and row["feat"].dtype == np.float64
    assert row["ids"].shape == (1, 3) and row["name"].tolist() == ["n0"]
    scalars = ds.Schema()
    scalars.parse_columns({"label": {"type": "int64", "shape": []},
                           "name": {"type": "string", "shape": []},
                           "multi": {"type": "string", "shape": [2]}})
    data = ds.TFRecordDataset(tf_files["a"], schema=scalars, shuffle=False)
    assert data.get_col_names() == ["label", "multi", "name"]
    row = _dicts(data)[2]
    assert row["label"].shape == () and str(row["name"]) == "n2"
    assert row["multi"].tolist() == ["ab", "cde"]
    path = tmp_path / "schema.json"
    path.write_text(json.dumps({"columns": {"label": {"type": "int64", "rank": 1,
                                                      "shape": [1]}}, "numRows": 3}))
    data = ds.TFRecordDataset(tf_files["a"], schema=str(path), shuffle=False)
    assert data.get_dataset_size() == 3 and [r["label"][0] for r in _dicts(data)] == [0, 1, 2]
    data = ds.TFRecordDataset(tf_files["a"], schema=str(path), shuffle=False, num_samples=5)
    assert data.get_dataset_size() == 5  # num_samples wins over numRows, as in MindSpore


def _labels(files, **kw):
    data = ds.TFRecordDataset(files, columns_list=["label"], **kw)
    return [int(r["label"][0]) for r in _dicts(data)]


def test_tfrecord_order_shards_and_samples(tf_files):
    files = [tf_files["a"], tf_files["b"], tf_files["c"]]
    assert _labels(files, shuffle=False, num_parallel_workers=2) == \
        [0, 10, 1, 11, 2, 12, 3, 4, 20, 21]
    assert _labels(files, shuffle=False, num_parallel_workers=1) == \
        [0, 1, 2, 3, 4, 10, 11, 12, 20, 21]
    equal = [_labels(files, shuffle=False, num_shards=3, shard_id=k, shard_equal_rows=True,
                     num_parallel_workers=2) for k in range(3)]
    assert equal == [[0, 1, 2, 3], [4, 10, 11, 12], [20, 0, 21, 1]]
    by_file = [_labels(files, shuffle=False, num_shards=3, shard_id=k) for k in range(3)]
    assert by_file == [[0, 1, 2, 3, 4], [10, 11, 12], [20, 21]]
    with pytest.raises(RuntimeError, match="shard_equal_rows"):
        ds.TFRecordDataset(files, num_shards=4, shard_id=0)
    assert _labels(files, shuffle=False, num_samples=3, num_parallel_workers=2) == [0, 10, 1]
    assert sorted(_labels(files)) == [0, 1, 2, 3, 4, 10, 11, 12, 20, 21]
    infile = _labels(files, shuffle=ds.Shuffle.INFILE, num_parallel_workers=1)
    assert sorted(infile[:5]) == [0, 1, 2, 3, 4] and infile[5:8] != [] \
        and sorted(infile[5:8]) == [10, 11, 12]


def test_tfrecord_compression_and_errors(tmp_path):
    for kind in ("GZIP", "ZLIB"):
        path = str(tmp_path / ("z.%s" % kind))
        tfrecord_io.write_records(path, [_example(i) for i in range(3)], kind)
        assert _labels(path, shuffle=False, compression_type=kind) == [0, 1, 2]
    with pytest.raises(ValueError, match="did not match"):
        ds.TFRecordDataset(str(tmp_path / "none.tfrecord"))
    with pytest.raises(ValueError, match="compression_type"):
        ds.TFRecordDataset(str(tmp_path / "z.GZIP"), compression_type="LZ4")
    with pytest.raises(TypeError, match="shuffle"):
        ds.TFRecordDataset(str(tmp_path / "z.GZIP"), shuffle=3, compression_type="GZIP")
    bad = tmp_path / "bad.tfrecord"
    bad.write_bytes(b"not a tfrecord file at all")
    with pytest.raises(RuntimeError, match="TFRecord"):
        ds.TFRecordDataset(str(bad))
    with pytest.raises(RuntimeError, match="zz"):
        ds.TFRecordDataset(str(tmp_path / "z.ZLIB"), columns_list=["zz"],
                           compression_type="ZLIB")


def test_tfrecord_pipeline(tf_files):
    data = ds.TFRecordDataset([tf_files["a"], tf_files["b"]], columns_list=["label", "feat"],
                              shuffle=False, num_parallel_workers=1)
    data = data.map(lambda f: f * 2, input_columns="feat").shuffle(4).batch(3).repeat(2)
    batches = _dicts(data)
    assert len(batches) == 6 and batches[0]["feat"].shape == (3, 3)
    labels = sorted(int(v) for b in batches[:3] for v in b["label"][:, 0])
    assert labels == [0, 1, 2, 3, 4, 10, 11, 12]
    a, b = ds.TFRecordDataset(tf_files["a"], columns_list=["label"], shuffle=False) \
        .split([3, 2], randomize=False)
    assert [int(r["label"][0]) for r in _dicts(b)] == [3, 4]


def test_schema_json_and_errors(tmp_path):
    schema = ds.Schema()
    schema.add_column("image", de_type=ms.uint8, shape=[2, 2])
    schema.add_column("label", de_type="int64")
    assert json.loads(str(schema)) == {"columns": [
        {"name": "image", "rank": 2, "shape": [2, 2], "type": "uint8"},
        {"name": "label", "rank": 1, "type": "int64"}]}
    parsed = ds.Schema()
    parsed.from_json({"columns": {"x": {"type": "uint8", "rank": 1}}, "numRows": 5})
    assert json.loads(parsed.to_json()) == {
        "columns": [{"name": "x", "rank": 0, "shape": [], "type": "uint8"}], "numRows": 5}
    assert ds.Schema.get_num_rows(parsed) == 5
    with pytest.raises(TypeError):
        ds.Schema().add_column(1, "int32")
    with pytest.raises(TypeError):
        ds.Schema().add_column("a", "int99")
    with pytest.raises(TypeError):
        ds.Schema().add_column("a", "int32", shape=2)
    with pytest.raises(ValueError, match="does not exist"):
        ds.Schema(str(tmp_path / "none.json"))
    with pytest.raises(RuntimeError):
        ds.Schema().parse_columns({"a": {"shape": [2]}})


@pytest.fixture()
def text_dir(tmp_path):
    (tmp_path / "a.txt").write_bytes(b"line a0\nline a1\n\nline a3\n")
    (tmp_path / "b.txt").write_bytes(b"b0\nb1\r\nb2")
    (tmp_path / "c.csv").write_text('x,y,name\n1,2.5,"q,r"\n3,,s\n5,6.5,t\n')
    (tmp_path / "d.csv").write_text("7,8.5,u\n9,10.5,v\n")
    return tmp_path


def _texts(data):
    return [str(r["text"]) for r in _dicts(data)]


def test_text_file_dataset(text_dir):
    files = [str(text_dir / "a.txt"), str(text_dir / "b.txt")]
    assert _texts(ds.TextFileDataset(files, shuffle=False, num_parallel_workers=2)) == \
        ["line a0", "b0", "line a1", "b1\r", "line a3", "b2"]
    assert _texts(ds.TextFileDataset(files, shuffle=False, num_parallel_workers=1)) == \
        ["line a0", "line a1", "line a3", "b0", "b1\r", "b2"]
    shards = [_texts(ds.TextFileDataset(files, shuffle=False, num_shards=3, shard_id=k,
                                        num_parallel_workers=2)) for k in range(3)]
    assert shards == [["line a0", "line a1"], ["line a3", "b0"], ["b1\r", "b2"]]
    pattern = ds.TextFileDataset(str(text_dir / "*.txt"), shuffle=False, num_samples=3,
                                 num_parallel_workers=2)
    assert pattern.get_dataset_size() == 3 and _texts(pattern) == ["line a0", "b0", "line a1"]
    assert sorted(_texts(ds.TextFileDataset(files))) == sorted(_texts(
        ds.TextFileDataset(files, shuffle=False)))


def test_csv_dataset(text_dir):
    c, d = str(text_dir / "c.csv"), str(text_dir / "d.csv")
    data = ds.CSVDataset(c, shuffle=False)
    assert data.get_col_names() == ["x", "y", "name"]
    rows = _dicts(data)
    assert [str(r["name"]) for r in rows] == ["q,r", "s", "t"] and str(rows[1]["y"]) == ""
    typed = _dicts(ds.CSVDataset(d, column_defaults=[0, 1.0, "z"], column_names=["a", "b", "c"],
                                 shuffle=False))
    assert typed[1]["a"].dtype == np.int32 and int(typed[1]["a"]) == 9
    assert typed[1]["b"].dtype == np.float32 and float(typed[1]["b"]) == 10.5
    both = ds.CSVDataset([c, d], column_names=["a", "b", "c"], shuffle=False,
                         num_parallel_workers=2)
    assert [str(r["a"]) for r in _dicts(both)] == ["x", "7", "1", "9", "3", "5"]
    with pytest.raises(RuntimeError, match="column names"):
        ds.CSVDataset([d, c])
    with pytest.raises(RuntimeError, match="float32"):
        _dicts(ds.CSVDataset(c, column_defaults=[0, 7.0, "x"], shuffle=False))
    with pytest.raises(RuntimeError, match="fields"):
        _dicts(ds.CSVDataset(d, column_names=["a", "b"], shuffle=False))
    with pytest.raises(ValueError):
        ds.CSVDataset(d, field_delim="ab")
    with pytest.raises(TypeError):
        ds.CSVDataset(d, column_defaults=[None])


def _base():
    return ds.NumpySlicesDataset({"image": np.arange(10, dtype=np.uint8).reshape(5, 2),
                                  "label": np.arange(5, dtype=np.int32)}, shuffle=False)


def _pad(n):
    return ds.PaddedDataset([{"image": np.zeros(2, np.uint8),
                              "label": np.array(-1 - i, np.int32)} for i in range(n)])


def test_padded_dataset_and_use_sampler():
    shards = []
    for k in range(4):
        data = _base() + _pad(3)
        data.use_sampler(ds.DistributedSampler(num_shards=4, shard_id=k, shuffle=False))
        assert data.get_dataset_size() == 2
        shards.append([int(r["label"]) for r in _dicts(data)])
    assert shards == [[0, 4], [1, -1], [2, -2], [3, -3]]
    data = _base() + _pad(2)
    data.use_sampler(ds.DistributedSampler(num_shards=4, shard_id=3, shuffle=False))
    assert [int(r["label"]) for r in _dicts(data)] == [3]  # no wrap-around
    data = _base() + _pad(3)
    data.use_sampler(ds.DistributedSampler(num_shards=2, shard_id=1, shuffle=False))
    assert [b["label"].tolist() for b in _dicts(data.batch(2))] == [[1, 3], [-1, -3]]
    with pytest.raises(ValueError, match="shuffle"):
        (_base() + _pad(3)).use_sampler(ds.DistributedSampler(2, 0, shuffle=True))
    with pytest.raises(ValueError, match="num_samples"):
        (_base() + _pad(3)).use_sampler(ds.DistributedSampler(2, 0, False, num_samples=2))
    padded = ds.PaddedDataset([{"s": "str", "i": 3, "f": 1.5, "l": [1, 2]}])
    row = _dicts(padded.repeat(2))[1]
    assert padded.get_col_names() == ["s", "i", "f", "l"]
    assert row["i"].dtype == np.int64 and row["f"].dtype == np.float64
    assert row["l"].tolist() == [1, 2] and str(row["s"]) == "str"
    with pytest.raises(ValueError):
        ds.PaddedDataset([])
    with pytest.raises(TypeError):
        ds.PaddedDataset({"a": 1})
    with pytest.raises(TypeError):
        ds.PaddedDataset([1, 2])
    with pytest.raises(RuntimeError):
        ds.PaddedDataset([{"a": 1}, {"b": 2}])


def _sampled(sampler, n=10):
    data = ds.NumpySlicesDataset(np.arange(n), ["x"], sampler=sampler)
    return data.get_dataset_size(), [int(r[0]) for r in
                                     data.create_tuple_iterator(output_numpy=True)]


def test_samplers_match_mindspore():
    # sizes and (for the deterministic ones) rows MindSpore 2.10 gave
    assert _sampled(ds.SequentialSampler()) == (10, list(range(10)))
    assert _sampled(ds.SequentialSampler(3, 4)) == (4, [3, 4, 5, 6])
    assert _sampled(ds.SequentialSampler(8, 5)) == (2, [8, 9])  # MindSpore reports size -3
    size, rows = _sampled(ds.RandomSampler())
    assert size == 10 and sorted(rows) == list(range(10))
    size, rows = _sampled(ds.RandomSampler(num_samples=4))
    assert size == 4 and len(set(rows)) == 4
    size, rows = _sampled(ds.RandomSampler(True, 15))  # at most the dataset size
    assert size == 10 and len(rows) == 10 and set(rows) <= set(range(10))
    assert ds.SubsetRandomSampler([1, 2]).get_num_samples() == 2
    assert _sampled(ds.RandomSampler(num_samples=20))[0] == 10
    size, rows = _sampled(ds.SubsetRandomSampler([1, 5, 7]))
    assert size == 3 and sorted(rows) == [1, 5, 7]
    assert _sampled(ds.SubsetSampler([7, 1, 5, 1])) == (4, [7, 1, 5, 1])
    assert _sampled(ds.SubsetSampler([7, 1, 5], 2)) == (2, [7, 1])
    assert _sampled([3, 1, 2]) == (3, [3, 1, 2])
    size, rows = _sampled(ds.WeightedRandomSampler([0, 1, 0, 1, 0, 0, 0, 0, 0, 0], 6))
    assert size == 6 and set(rows) <= {1, 3}
    assert sorted(_sampled(ds.WeightedRandomSampler([0, 1, 0, 1], 2, False))[1]) == [1, 3]
    assert _sampled(ds.DistributedSampler(3, 1, shuffle=False)) == (4, [1, 4, 7, 0])
    assert _sampled(ds.DistributedSampler(3, 1, shuffle=False, num_samples=2)) == (2, [1, 4])
    assert [_sampled(ds.DistributedSampler(3, k, shuffle=False, offset=1)) for k in range(3)] \
        == [(3, [2, 5, 8]), (4, [0, 3, 6, 9]), (3, [1, 4, 7])]
    with pytest.raises(RuntimeError, match="offset"):
        _sampled(ds.DistributedSampler(3, 0, shuffle=False, offset=4))
    chained = ds.SequentialSampler(1, 6)
    chained.add_child(ds.SubsetSampler([0, 2, 4]))
    assert _sampled(chained) == (2, [2, 4])


def test_user_sampler():
    class Backwards(ds.Sampler):
        def __iter__(self):
            return iter(range(self.dataset_size - 1, -1, -2))

    assert _sampled(Backwards()) == (5, [9, 7, 5, 3, 1])
    assert _sampled(Backwards(num_samples=3)) == (3, [9, 7, 5])
    assert Backwards(num_samples=3).get_num_samples() == 3


def test_plain_iterable_as_sampler():
    class Plain:  # not a ds.Sampler: MindSpore wraps any iterable
        def __init__(self, length):
            self.length = length

        def __iter__(self):
            return iter(range(9, -1, -3))

        def __len__(self):
            return self.length

    assert _sampled(Plain(4)) == (4, [9, 6, 3, 0])
    with pytest.raises(RuntimeError, match="__len__"):
        _sampled(Plain(99))


def test_sampler_errors():
    with pytest.raises(TypeError):
        ds.RandomSampler(1)
    with pytest.raises(ValueError):
        ds.RandomSampler(num_samples=-1)
    with pytest.raises(TypeError):
        ds.SubsetRandomSampler([1.5])
    with pytest.raises(TypeError):
        ds.WeightedRandomSampler([1], 3, 1)
    for sampler in (ds.SubsetSampler([12]), ds.SubsetRandomSampler([-1]),
                    ds.WeightedRandomSampler([]), ds.WeightedRandomSampler([-1.0]),
                    ds.WeightedRandomSampler([0, 0]), ds.WeightedRandomSampler([0.5] * 12, 3)):
        with pytest.raises(RuntimeError):
            _sampled(sampler)
    with pytest.raises(ValueError, match="sampler"):
        ds.NumpySlicesDataset(np.arange(4), ["x"], sampler=ds.RandomSampler(), shuffle=True)
    with pytest.raises(TypeError, match="sampler"):
        ds.NumpySlicesDataset(np.arange(4), ["x"], sampler="ab")


@pytest.mark.parametrize("name", ["mindcell.dataset.tfrecord", "mindcell.dataset.schema",
                                  "mindcell.dataset.sampler_base",
                                  "mindcell.dataset.text_sources", "mindcell.dataset.padded"])
def test_docstring_examples(name):
    result = doctest.testmod(importlib.import_module(name),
                             optionflags=doctest.NORMALIZE_WHITESPACE)
    assert result.attempted > 0 and result.failed == 0


def test_generator_dataset_schema_and_column_types(tmp_path):
    def rows():
        for i in range(3):
            yield np.array([i, i + 0.5], np.float32), np.array(i, np.int32)

    schema = ds.Schema()
    schema.add_column("a", de_type=ms.float32)
    schema.add_column("b", de_type=ms.int32)
    data = ds.GeneratorDataset(rows, column_names=["x", "y"], schema=schema)
    assert data.get_col_names() == ["a", "b"]  # the schema's names, as in MindSpore
    assert [int(r["b"]) for r in _dicts(data)] == [0, 1, 2]
    typed = ds.GeneratorDataset(rows, ["x", "y"], column_types=[ms.float32, ms.int32])
    assert len(_dicts(typed)) == 3
    with pytest.raises(RuntimeError, match="float16"):  # checked, never cast
        _dicts(ds.GeneratorDataset(rows, ["x", "y"], column_types=[ms.float16, ms.int32]))
    path = tmp_path / "s.json"
    path.write_text(json.dumps({"columns": {"b": {"type": "int64"}, "a": {"type": "float64"}}}))
    with pytest.raises(RuntimeError, match="float64"):
        _dicts(ds.GeneratorDataset(rows, schema=str(path)))
    with pytest.raises(RuntimeError):
        ds.GeneratorDataset(rows, ["x"], column_types=[ms.float32, ms.int32])
    with pytest.raises(ValueError, match="column_names"):
        ds.GeneratorDataset(rows)


def test_user_sampler_attributes_do_not_clash():
    class Picked(ds.Sampler):  # a common pattern: the sampler keeps its own 'indices'
        def __init__(self, indices):
            super().__init__()
            self.indices = indices
            self.num_rows = len(indices)

        def __iter__(self):
            return iter(self.indices)

    assert _sampled(Picked([4, 2, 8])) == (3, [4, 2, 8])
    assert ds.SubsetSampler([3, 1]).indices == [3, 1]  # MindSpore's attribute name


def test_file_shards_reshuffle_files_every_epoch(tmp_path):
    files = []
    for f in range(4):
        files.append(str(tmp_path / ("p%d.tfrecord" % f)))
        tfrecord_io.write_records(files[-1], [tfrecord_io.encode_example(
            {"label": np.array([10 * f + i])}) for i in range(3)])

    def file_sets(shard, mode):
        data = ds.TFRecordDataset(files, shuffle=mode, num_shards=2, shard_id=shard)
        it = data.create_tuple_iterator(output_numpy=True, num_epochs=4)
        return [frozenset(int(r[0][0]) // 10 for r in it) for _ in range(4)]

    for mode in (True, ds.Shuffle.FILES):
        zero, one = file_sets(0, mode), file_sets(1, mode)
        # every epoch the two shards read complementary files, which change between epochs
        assert all(a | b == {0, 1, 2, 3} and not a & b for a, b in zip(zero, one))
        assert len(set(zero)) > 1
    assert len(set(file_sets(0, ds.Shuffle.INFILE))) == 1  # MindSpore keeps them for INFILE
