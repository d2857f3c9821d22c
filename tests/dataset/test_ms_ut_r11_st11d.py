"""Dataset pipeline behaviours found by running MindSpore's dataset unit tests (round 11, st11d):
each test is written fresh and checks what MindSpore 2.10 does (ms-oracle probes)."""
import json

import numpy as np
import pytest

import mindcell.dataset as ds
from mindcell.dataset import tfrecord_io


def _rows(data, key=None):
    return [r if key is None else r[key]
            for r in data.create_dict_iterator(num_epochs=1, output_numpy=True)]


@pytest.fixture()
def tf_file(tmp_path):
    """Six records: a 3-value int64 list, a scalar-like int, 4 bytes of an image."""
    path = str(tmp_path / "rows.tfrecord")
    tfrecord_io.write_records(path, [tfrecord_io.encode_example({
        "ids": np.array([i, i + 1, i + 2], np.int64), "label": np.array([i], np.int64),
        "image": [bytes([i, 2 * i, 3 * i, 255])]}) for i in range(6)])
    return path


def _schema_file(tmp_path, columns, num_rows=None):
    spec = {"datasetType": "TF", "columns": columns}
    if num_rows is not None:
        spec["numRows"] = num_rows
    path = str(tmp_path / "schema.json")
    with open(path, "w") as f:
        json.dump(spec, f)
    return path


def test_tfrecord_schema_file_rank_without_shape(tf_file, tmp_path):
    # MindSpore 2.10 reads a schema-file column given a rank but no shape as stored when the
    # rank is 1 (any length), as a scalar when the rank is 0 (bytes stay 1-D); mindcell took
    # every shape-less column for a scalar and refused images and lists
    schema = _schema_file(tmp_path, {
        "ids": {"type": "int64", "rank": 1}, "label": {"type": "int32", "rank": 0},
        "image": {"type": "uint8", "rank": 1}})
    rows = _rows(ds.TFRecordDataset(tf_file, schema, shuffle=False))
    assert len(rows) == 6
    for i, row in enumerate(rows):
        np.testing.assert_array_equal(row["ids"], [i, i + 1, i + 2])
        assert row["label"].shape == () and row["label"].dtype == np.int32 and row["label"] == i
        np.testing.assert_array_equal(row["image"], [i, 2 * i, 3 * i, 255])
        assert row["image"].dtype == np.uint8
    schema = _schema_file(tmp_path, {"image": {"type": "uint8", "rank": 0}})
    row = _rows(ds.TFRecordDataset(tf_file, schema, shuffle=False))[2]
    np.testing.assert_array_equal(row["image"], [2, 4, 6, 255])
    # an explicit shape still reshapes; the Schema object reports rank 0 for shape-less columns
    schema = _schema_file(tmp_path, {"ids": {"type": "int64", "rank": 2, "shape": [3, 1]}})
    assert _rows(ds.TFRecordDataset(tf_file, schema, shuffle=False))[0]["ids"].shape == (3, 1)
    parsed = ds.Schema(_schema_file(tmp_path, {"image": {"type": "uint8", "rank": 1}}))
    assert parsed.columns == [{"name": "image", "type": "uint8", "rank": 0, "shape": []}]


def test_tfrecord_schema_rank_two_without_shape_raises(tf_file, tmp_path):
    schema = _schema_file(tmp_path, {"ids": {"type": "int64", "rank": 2}})
    with pytest.raises(RuntimeError, match="rank"):
        _rows(ds.TFRecordDataset(tf_file, schema, shuffle=False))


@pytest.mark.parametrize("seed", [0, 1, 2, 3])
def test_global_shuffle_mixes_the_first_rows_only(tf_file, tmp_path, seed):
    # MindSpore's TFRecordDataset(shuffle=Shuffle.GLOBAL) with numRows / num_samples = n reads
    # the first n rows of the files and shuffles those; mindcell shuffled all rows and kept n
    ds.config.set_seed(seed)
    schema = _schema_file(tmp_path, {"label": {"type": "int64", "rank": 1}}, num_rows=3)
    labels = [int(v[0]) for v in _rows(ds.TFRecordDataset(tf_file, schema), "label")]
    assert sorted(labels) == [0, 1, 2]
    data = ds.TFRecordDataset(tf_file, columns_list=["label"], num_samples=4,
                              shuffle=ds.Shuffle.GLOBAL)
    assert sorted(int(v[0]) for v in _rows(data, "label")) == [0, 1, 2, 3]
    full = ds.TFRecordDataset(tf_file, columns_list=["label"])
    assert sorted(int(v[0]) for v in _rows(full, "label")) == list(range(6))


def test_text_file_global_shuffle_takes_the_interleaved_first_rows(tmp_path):
    # two files read by two workers: the reader's first 3 rows are x1 y1 x2, x the first file
    # of the epoch's shuffled order (MindSpore 2.10: a1 a2 b1 or a1 b1 b2, never a third line)
    paths = []
    for name in "ab":
        paths.append(str(tmp_path / (name + ".txt")))
        with open(paths[-1], "w") as f:
            f.write("".join("%s%d\n" % (name, k) for k in range(1, 4)))
    for seed in range(3):
        ds.config.set_seed(seed)
        data = ds.TextFileDataset(paths, num_samples=3, shuffle=ds.Shuffle.GLOBAL,
                                  num_parallel_workers=2)
        assert sorted(str(v) for v in _rows(data, "text")) in (["a1", "a2", "b1"],
                                                             ["a1", "b1", "b2"])


def _mixed_rows():
    yield (np.array([1, 2], np.int64),)
    yield (np.array([1.5, 2.5], np.float64),)


@pytest.mark.parametrize("build", [
    lambda d: d.batch(2),
    lambda d: d.padded_batch(2, pad_info={"a": ([3], 0)}),
    lambda d: d.bucket_batch_by_length(["a"], [5], [2, 2]),
])
def test_batch_refuses_rows_of_different_types(build):
    # MindSpore 2.10: RuntimeError 'Cannot batch tensors with different types in column 0.
    # First element had type int64 and this element had type float64'; mindcell's np.stack
    # silently promoted the int rows to float64
    data = build(ds.GeneratorDataset(_mixed_rows, ["a"], shuffle=False))
    with pytest.raises(RuntimeError, match="different types in column 0"):
        _rows(data)


def test_batch_refuses_per_batch_map_outputs_of_different_types():
    def mixed(col, info):
        return ([np.array([1], np.int32), np.array([1], np.int64)],)

    data = ds.NumpySlicesDataset({"a": np.arange(4)}, shuffle=False).batch(2, per_batch_map=mixed)
    with pytest.raises(RuntimeError, match="int32 and this element had type int64"):
        _rows(data)


def test_batch_keeps_strings_of_any_length_and_one_type():
    data = ds.NumpySlicesDataset({"s": ["a", "bcd", "ef"]}, shuffle=False).batch(3)
    np.testing.assert_array_equal(_rows(data, "s")[0], ["a", "bcd", "ef"])
    ints = ds.NumpySlicesDataset({"x": np.arange(4, dtype=np.int16)}, shuffle=False).batch(2)
    assert [b.dtype for b in _rows(ints, "x")] == [np.int16, np.int16]


def test_batch_size_true_is_one():
    # MindSpore 2.10 takes batch_size=True as 1 (a bool is an int); False is out of range
    data = ds.NumpySlicesDataset({"x": np.arange(3)}, shuffle=False)
    assert [b.shape for b in _rows(data.batch(True), "x")] == [(1,), (1,), (1,)]
    with pytest.raises(ValueError):
        data.batch(False)


@pytest.mark.parametrize("make", ["create_tuple_iterator", "create_dict_iterator"])
def test_iterator_beyond_its_epochs_raises(make):
    # MindSpore 2.10: RuntimeError 'EOF buffer encountered. User tries to fetch data beyond the
    # specified number of epochs.'; mindcell gave silently empty epochs
    data = ds.NumpySlicesDataset({"x": np.arange(3)}, shuffle=False)
    it = getattr(data, make)(num_epochs=2, output_numpy=True)
    assert len(list(it)) == 3 and len(list(it)) == 3
    with pytest.raises(RuntimeError, match="beyond the specified number of epochs"):
        next(it)
    once = getattr(data, make)(num_epochs=1, output_numpy=True)
    assert len([r for r in once]) == 3
    with pytest.raises(RuntimeError, match="beyond the specified number of epochs"):
        for _ in once:
            pass
    endless = getattr(data, make)(num_epochs=-1, output_numpy=True)
    assert [len(list(endless)) for _ in range(4)] == [3, 3, 3, 3]


def test_iterator_stop():
    it = ds.NumpySlicesDataset({"x": np.arange(3)}).create_tuple_iterator(num_epochs=-1)
    assert len(list(it)) == 3
    it.stop()
    with pytest.raises(AttributeError, match="_runtime_context"):
        next(it)
