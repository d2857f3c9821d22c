"""Round 10 (gh10c): data-pipeline and utility programs (MindSpore's dataset tutorials, checkpoint,
callback and Model programs). Expected behaviour was recorded with MindSpore 2.10 CPU (ms-oracle)."""
import numpy as np
import pytest

import mindcell as ms
import mindcell.dataset as ds


# ----- a numpy-backed tensor prints its values as numpy does ----------------------------------
# The dataset tutorials print the rows of GeneratorDataset / NumpySlicesDataset; MindSpore 2.10's
# iterators (and Tensor.from_numpy) wrap numpy arrays, whose repr keeps numpy's formatting.
def _row_reprs(dataset):
    return [repr(t) for row in dataset.create_tuple_iterator() for t in row]


def test_dataset_rows_print_as_numpy_values():
    class Source:
        def __getitem__(self, i):
            return (np.ones((2,)), np.array([[0.5, 1e-5], [3, 4]], np.float32),
                    np.arange(3, dtype=np.int32), np.array(1 / 3), np.array([1e10, 1.0]),
                    np.ones((2,), np.float16))

        def __len__(self):
            return 1

    got = _row_reprs(ds.GeneratorDataset(Source(), ["a", "b", "c", "d", "e", "f"]))
    assert got == [
        "Tensor(shape=[2], dtype=Float64, value= [1., 1.])",
        "Tensor(shape=[2, 2], dtype=Float32, value=\n[[5.e-01, 1.e-05],\n [3.e+00, 4.e+00]])",
        "Tensor(shape=[3], dtype=Int32, value= [0, 1, 2])",
        "Tensor(shape=[], dtype=Float64, value= 0.33333333)",
        "Tensor(shape=[2], dtype=Float64, value= [1.e+10, 1.e+00])",
        "Tensor(shape=[2], dtype=Float16, value= [1., 1.])"]
    batch = ds.NumpySlicesDataset({"x": np.arange(6, dtype=np.float32).reshape(3, 2) / 3},
                                  shuffle=False).batch(2)
    first = next(batch.create_dict_iterator())["x"]
    assert repr(first) == ("Tensor(shape=[2, 2], dtype=Float32, value=\n"
                           "[[0.        , 0.33333334],\n [0.6666667 , 1.        ]])")


def test_from_numpy_repr_until_new_data():
    """Tensor.from_numpy / ms.from_numpy print numpy-style; setitem keeps it, Tensor(t) shares
    it; an op's result and assign_value print MindSpore's usual '% .8e' form."""
    for make in (ms.Tensor.from_numpy, ms.from_numpy):
        t = make(np.array([0.1, 0.25], np.float32))
        assert repr(t) == "Tensor(shape=[2], dtype=Float32, value= [0.1 , 0.25])"
        t[0] = 5.0
        assert repr(t) == "Tensor(shape=[2], dtype=Float32, value= [5.  , 0.25])"
        assert repr(ms.Tensor(t)) == repr(t)
        assert repr(t + 0) == ("Tensor(shape=[2], dtype=Float32, value= [ 5.00000000e+00,  "
                               "2.50000000e-01])")
        t.assign_value(ms.Tensor([1.0, 2.0], ms.float32))
        assert repr(t) == ("Tensor(shape=[2], dtype=Float32, value= [ 1.00000000e+00,  "
                           "2.00000000e+00])")
    three = ms.Tensor.from_numpy(np.arange(8, dtype=np.int64).reshape(2, 2, 2))
    assert repr(three) == ("Tensor(shape=[2, 2, 2], dtype=Int64, value=\n"
                           "[[[0, 1],\n  [2, 3]],\n\n [[4, 5],\n  [6, 7]]])")
    assert repr(ms.Tensor.from_numpy(np.zeros((0, 2), np.float32))) == \
        "Tensor(shape=[0, 2], dtype=Float32, value=\n[])"


def test_from_numpy_keeps_a_0d_array_0d():
    """Tensor.from_numpy(np.array(3)) is 0-d in MindSpore 2.10; mindcell made it shape (1,)."""
    a = np.array(1 / 3, np.float32)
    t = ms.Tensor.from_numpy(a)
    assert t.shape == () and repr(t) == "Tensor(shape=[], dtype=Float32, value= 0.33333334)"
    a[...] = 2
    assert float(t) == 2.0  # still shares the array's memory


# ----- a sampler that is only a sequence (__getitem__/__len__) ----------------------------------
# The sampler tutorial passes an object with __getitem__ and __len__ (no Sampler base, no
# __iter__); MindSpore 2.10 iterates it with Python's sequence protocol.
def test_sequence_protocol_object_is_a_sampler():
    class Indices:
        def __init__(self):
            self.ids = [3, 1, 3, 0, 2]

        def __getitem__(self, i):
            return self.ids[i]

        def __len__(self):
            return len(self.ids)

    data = ds.NumpySlicesDataset(["a", "b", "c", "d"], column_names=["s"], sampler=Indices())
    got = [str(r[0]) for r in data.create_tuple_iterator(output_numpy=True)]
    assert got == ["d", "b", "d", "a", "c"]
    with pytest.raises(TypeError, match="sampler"):
        ds.NumpySlicesDataset(["a"], column_names=["s"], sampler=object())


# ----- Dataset.save: the MindRecord tutorial saves a Cifar10Dataset and reads it back ---------
def test_dataset_save_schema_and_round_trip(tmp_path):
    """MindSpore 2.10 derives the schema from the first row: scalars without shape, arrays
    [-1, *rest]; small integers (bool, uint8 too) int32, uint32 int64, float16 float32."""
    from mindcell.mindrecord import FileReader
    cols = {"b": np.array([True, False]), "u8img": np.arange(24, dtype=np.uint8).reshape(2, 2, 3, 2),
            "u32": np.array([7, 8], np.uint32), "i64v": np.arange(6).reshape(2, 3),
            "f16": np.array([[0.5, 1]], np.float16).repeat(2, 0), "f64": np.array([0.1, 0.2]),
            "s": np.array(["ab", "cde"]), "bz": np.array([b"ab", b"c"])}
    path = str(tmp_path / "rows.mindrecord")
    ds.NumpySlicesDataset(cols, shuffle=False).save(path)
    reader = FileReader(path)
    assert reader.schema() == {
        "b": {"type": "int32"}, "u8img": {"shape": [-1, 3, 2], "type": "int32"},
        "u32": {"type": "int64"}, "i64v": {"shape": [-1], "type": "int64"},
        "f16": {"shape": [-1], "type": "float32"}, "f64": {"type": "float64"},
        "s": {"type": "string"}, "bz": {"type": "bytes"}}
    reader.close()
    rows = list(ds.MindDataset(path, shuffle=False).create_dict_iterator(output_numpy=True))
    assert [int(r["b"]) for r in rows] == [1, 0]
    np.testing.assert_array_equal(rows[1]["u8img"], cols["u8img"][1].astype(np.int32))
    assert rows[1]["u8img"].dtype == np.int32 and rows[0]["f16"].dtype == np.float32
    assert [str(r["s"]) for r in rows] == ["ab", "cde"]
    with pytest.raises(RuntimeError):  # MindSpore does not overwrite
        ds.NumpySlicesDataset(cols, shuffle=False).save(path)


def test_dataset_save_arguments_and_shards(tmp_path):
    data = ds.NumpySlicesDataset({"x": np.arange(10, dtype=np.int32)}, shuffle=False).repeat(2)
    with pytest.raises(ValueError, match="num_files should between 0 and 1000"):
        data.save(str(tmp_path / "a.mindrecord"), num_files=0)
    with pytest.raises(ValueError, match="tfrecord dataset format is not supported"):
        data.save(str(tmp_path / "a.mindrecord"), file_type="tfrecord")
    data.save(str(tmp_path / "s.mindrecord"), num_files=3)
    assert sorted(p.name for p in tmp_path.iterdir()) == [
        "s.mindrecord%d%s" % (i, ext) for i in range(3) for ext in ("", ".db")]
    back = ds.MindDataset(str(tmp_path / "s.mindrecord0"), shuffle=False)
    assert sorted(int(r[0]) for r in back.create_tuple_iterator(output_numpy=True)) == \
        sorted(list(range(10)) * 2)


# ----- Python dicts as column values (the python_objects tutorial) ----------------------------
def test_dict_columns_flow_through_source_map_batch_and_iterators():
    def rows():
        for i in range(3):
            yield {"number": i, "pair": [i, i]}, i

    data = ds.GeneratorDataset(rows, ["col1", "col2"], shuffle=False)
    got = list(data.create_dict_iterator(num_epochs=1, output_numpy=True))
    assert repr(got[1]) == ("{'col1': {'number': array(1), 'pair': [array(1), array(1)]}, "
                            "'col2': array(1, dtype=int64)}")
    tensors = next(data.create_dict_iterator(num_epochs=1))
    assert repr(tensors["col1"]["number"]) == "Tensor(shape=[], dtype=Int64, value= 0)"

    seen = []

    def square(col):
        seen.append(type(col))
        return {"powers": np.power(col["number"], [1, 2, 3])}

    mapped = data.map(square, input_columns=["col1"]).batch(3)
    out = next(mapped.create_dict_iterator(num_epochs=1, output_numpy=True))
    assert seen[0] is dict
    np.testing.assert_array_equal(out["col1"]["powers"], [[0, 0, 0], [1, 1, 1], [2, 4, 8]])
    assert repr(out["col2"]) == "array([0, 1, 2], dtype=int64)"
    nested = ds.GeneratorDataset(lambda: (({"b": {"c": i}},) for i in range(3)), ["col1"])
    with pytest.raises(RuntimeError, match="primitive types .* column 0, key: 'b'"):
        next(nested.batch(3).create_dict_iterator(num_epochs=1))

    def per_batch(col, info):
        return ({"original": col, "index": np.arange(3)},)

    whole = ds.GeneratorDataset(lambda: iter(range(6)), ["c"], shuffle=False).batch(
        3, per_batch_map=per_batch)
    first = next(whole.create_dict_iterator(num_epochs=1, output_numpy=True))["c"]
    assert [int(v) for v in first["original"]] == [0, 1, 2] and list(first["index"]) == [0, 1, 2]

    one = ds.GeneratorDataset(lambda: ({"a": np.array(i)} for i in range(2)), ["d"])
    assert [repr(r) for r in one] == ["[{'a': Tensor(shape=[], dtype=Int64, value= 0)}]",
                                      "[{'a': Tensor(shape=[], dtype=Int64, value= 1)}]"]


# ----- sync_wait / sync_update (the augmentation tutorial's epoch/step-dependent policy) ------
def test_sync_wait_releases_rows_after_each_update():
    """A map after sync_wait sees the state its callback set for the previous step: the
    tutorial's values 1 2 3 | 1 5 7 | 6 50 66 ... (MindSpore 2.10's, ms-oracle)."""
    state = {"ep": 0, "step": 0}
    data = ds.NumpySlicesDataset([1, 2, 3], shuffle=False)
    data = data.sync_wait("policy", callback=state.update)
    data = data.map(lambda x: np.array(x + state["step"] ** state["ep"] - 1))
    it, got, step = data.create_tuple_iterator(num_epochs=3, output_numpy=True), [], 0
    for ep in range(3):
        for row in it:
            got.append(int(row[0]))
            step += 1
            data.sync_update("policy", data={"ep": ep, "step": step})
    assert got == [1, 2, 3, 1, 5, 7, 6, 50, 66]


def test_sync_wait_num_batch_and_errors():
    seen = []
    data = ds.NumpySlicesDataset([1, 2, 3, 4], shuffle=False)
    data = data.sync_wait("c", num_batch=2, callback=seen.append).map(lambda x: x * 10)
    rows = []
    for i, row in enumerate(data.create_tuple_iterator(num_epochs=1, output_numpy=True)):
        rows.append(int(row[0]))
        if i % 2 == 1:
            data.sync_update("c", data=i)
    assert rows == [10, 20, 30, 40] and seen == [1, 3]
    with pytest.raises(RuntimeError):  # MindSpore: 'Condition name not found.'
        data.sync_update("nope")
    with pytest.raises(ValueError):
        ds.NumpySlicesDataset([1]).sync_wait("c", num_batch=0)
    for bad in (dict(condition_name=3), dict(condition_name="c", num_batch="x")):
        with pytest.raises(TypeError):
            ds.NumpySlicesDataset([1]).sync_wait(**bad)
    never = ds.NumpySlicesDataset([1, 2], shuffle=False).sync_wait("c")
    with pytest.raises(RuntimeError, match="sync_update"):  # MindSpore would block forever
        list(never.create_tuple_iterator(num_epochs=1))


# ----- EarlyStopping's verbose lines are MindSpore 2.10's -------------------------------------
def test_early_stopping_verbose_lines(capsys):
    from mindcell import nn
    from mindcell.train import Model, EarlyStopping
    x = np.linspace(-1, 1, 8, dtype=np.float32).reshape(8, 1)
    data = ds.NumpySlicesDataset((x, 2 * x), column_names=["x", "y"], shuffle=False).batch(4)
    net = nn.Dense(1, 1)
    model = Model(net, nn.MSELoss(), nn.SGD(net.trainable_params(), 10.0), metrics={"loss": nn.Loss()})
    stop = EarlyStopping(monitor="eval_loss", patience=1, verbose=True, restore_best_weights=True)
    model.fit(4, data, data, callbacks=[stop], dataset_sink_mode=False)
    lines = capsys.readouterr().out.splitlines()
    assert lines[-2:] == ["Restoring model weights from the end of the best epoch.",
                          "Epoch %05d: early stopping" % stop.stopped_epoch]


# ----- padded batches: rows longer than the pad shape, pad_to_bucket_boundary -----------------
def test_pad_shape_cuts_longer_rows_and_boundary_needs_list_shapes():
    """MindSpore 2.10 (ms-oracle): padded_batch cuts a row longer than the pad shape to it;
    pad_to_bucket_boundary pads only the None axes of list shapes to boundary - 1 (a None shape,
    pad_info={} or None pad to the batch's longest row, and the last bucket is then allowed)."""
    def rows():
        yield (np.arange(6, dtype=np.int32).reshape(2, 3),)
        yield (np.arange(20, dtype=np.int32).reshape(4, 5),)
    got = next(ds.GeneratorDataset(rows, ["t"], shuffle=False)
               .padded_batch(2, pad_info={"t": ([None, 2], 9)})
               .create_tuple_iterator(output_numpy=True))[0]
    assert got.tolist() == [[[0, 1], [3, 4], [9, 9], [9, 9]], [[0, 1], [5, 6], [10, 11], [15, 16]]]

    def bucketed(pad_info):
        data = ds.GeneratorDataset([np.arange(k) for k in (1, 2, 3, 5)], ["t"], shuffle=False)
        return [r[0].tolist() for r in data.bucket_batch_by_length(
            ["t"], [2, 4], [1, 1, 1], pad_info=pad_info, pad_to_bucket_boundary=True)
            .create_tuple_iterator(output_numpy=True)]
    for pad_info in ({"t": (None, 0)}, {}, None):
        assert bucketed(pad_info) == [[[0]], [[0, 1]], [[0, 1, 2]], [[0, 1, 2, 3, 4]]]
    with pytest.raises(RuntimeError, match="last bucket"):
        bucketed({"t": ([None], 0)})
