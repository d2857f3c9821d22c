"""mindcell.dataset sources and pipeline: MindSpore's layouts, every pipeline operation against
hand-computed rows, sizes, seeded determinism, iterators, Model.train, and bad arguments."""
import doctest

import numpy as np
import pytest

import mindcell as ms
import mindcell.dataset as ds
from mindcell import nn
from mindcell.train import Model


def rows(dataset, **kw):
    """All rows of one epoch as lists of Python values."""
    return [[np.asarray(v).tolist() for v in r]
            for r in dataset.create_tuple_iterator(output_numpy=True, **kw)]


def seq(n=10, **kw):
    return ds.NumpySlicesDataset(list(range(n)), column_names=["x"], shuffle=False, **kw)


def flat(dataset):
    return [r[0] for r in rows(dataset)]


# --- NumpySlicesDataset layouts (MindSpore: list -> one column, tuple -> one per element,
# dict -> one per key) ---------------------------------------------------------------------
LAYOUTS = [
    ([1, 2, 3], None, ["column_0"], [[1], [2], [3]]),
    ([[1, 2], [3, 4]], ["a"], ["a"], [[[1, 2]], [[3, 4]]]),
    (([1, 2], [3, 4], [5, 6]), None, ["column_0", "column_1", "column_2"],
     [[1, 3, 5], [2, 4, 6]]),
    ({"a": [1, 2], "b": [3, 4]}, None, ["a", "b"], [[1, 3], [2, 4]]),
    ({"a": [1, 2], "b": [3, 4]}, ["p", "q"], ["p", "q"], [[1, 3], [2, 4]]),
    (np.arange(6).reshape(3, 2), None, ["column_0"], [[[0, 1]], [[2, 3]], [[4, 5]]]),
    ((np.zeros((2, 2, 2)), np.array([7, 8])), ["img", "lab"], ["img", "lab"],
     [[np.zeros((2, 2)).tolist(), 7], [np.zeros((2, 2)).tolist(), 8]]),
]


@pytest.mark.parametrize("data,names,want_names,want_rows", LAYOUTS)
def test_numpy_slices_layouts(data, names, want_names, want_rows):
    d = ds.NumpySlicesDataset(data, column_names=names, shuffle=False)
    assert d.get_col_names() == want_names
    assert d.get_dataset_size() == len(want_rows)
    assert rows(d) == want_rows


def test_numpy_slices_default_shuffles_and_num_samples():
    d = ds.NumpySlicesDataset(list(range(50)), column_names=["x"])
    got = flat(d)
    assert sorted(got) == list(range(50)) and got != list(range(50))
    assert flat(seq(10, num_samples=4)) == [0, 1, 2, 3]
    assert seq(10, num_samples=4).get_dataset_size() == 4


def test_shards_partition_the_rows():
    parts = [flat(seq(10, num_shards=3, shard_id=i)) for i in range(3)]
    assert [len(p) for p in parts] == [4, 4, 4]
    assert set(sum(parts, [])) == set(range(10))
    assert ds.NumpySlicesDataset(list(range(10)), num_shards=3, shard_id=0).get_dataset_size() \
        == 4


# --- pipeline operations against hand-computed rows ------------------------------------
OPS = [
    ("batch", lambda d: d.batch(3), [[0, 1, 2], [3, 4, 5], [6, 7, 8], [9]]),
    ("batch_drop", lambda d: d.batch(3, drop_remainder=True), [[0, 1, 2], [3, 4, 5], [6, 7, 8]]),
    ("repeat", lambda d: d.take(3).repeat(2), [0, 1, 2, 0, 1, 2]),
    ("take", lambda d: d.take(4), [0, 1, 2, 3]),
    ("take_all", lambda d: d.take(-1), list(range(10))),
    ("take_more", lambda d: d.take(99), list(range(10))),
    ("skip", lambda d: d.skip(7), [7, 8, 9]),
    ("skip_all", lambda d: d.skip(20), []),
    ("skip_take", lambda d: d.skip(2).take(3), [2, 3, 4]),
    ("batch_after_repeat", lambda d: d.take(4).repeat(2).batch(3),
     [[0, 1, 2], [3, 0, 1], [2, 3]]),
    ("take_batches", lambda d: d.batch(4).take(2), [[0, 1, 2, 3], [4, 5, 6, 7]]),
    ("map", lambda d: d.map(lambda x: x * x), [i * i for i in range(10)]),
    ("map_chain", lambda d: d.map([lambda x: x + 1, lambda x: x * 10]),
     [(i + 1) * 10 for i in range(10)]),
    ("concat", lambda d: d.take(2).concat(d.skip(8)), [0, 1, 8, 9]),
    ("add", lambda d: d.take(1) + d.skip(9), [0, 9]),
    ("shuffle_all_kept", lambda d: d.shuffle(4).batch(10).map(np.sort), [list(range(10))]),
]


@pytest.mark.parametrize("name,build,want", OPS, ids=[o[0] for o in OPS])
def test_pipeline_operation(name, build, want):
    d = build(seq())
    assert flat(d) == want
    assert d.get_dataset_size() == len(want)
    assert d.get_col_names() == ["x"]


def test_map_columns_rename_split_and_order():
    d = ds.NumpySlicesDataset({"a": [1, 2], "b": [10, 20], "c": [5, 6]}, shuffle=False)
    renamed = d.map(lambda b: b + 1, input_columns="b", output_columns="bb")
    assert renamed.get_col_names() == ["a", "bb", "c"]
    assert rows(renamed) == [[1, 11, 5], [2, 21, 6]]
    # another number of outputs: the outputs come first, then the untouched columns
    split = d.map(lambda a, b: (a, b, a + b), input_columns=["a", "b"],
                  output_columns=["p", "q", "s"])
    assert split.get_col_names() == ["p", "q", "s", "c"]
    assert rows(split) == [[1, 10, 11, 5], [2, 20, 22, 6]]
    merged = d.map(lambda a, c: a * c, input_columns=["a", "c"], output_columns="ac")
    assert rows(merged) == [[5, 10], [12, 20]] and merged.get_col_names() == ["ac", "b"]
    ordered = d.map(lambda a: a, input_columns="a", column_order=["c", "a"])
    assert ordered.get_col_names() == ["c", "a"] and rows(ordered) == [[5, 1], [6, 2]]
    first = d.map(lambda a: a * 3)  # input_columns=None: the first column (MindSpore 2.10)
    assert first.get_col_names() == ["a", "b", "c"] and rows(first) == [[3, 10, 5], [6, 20, 6]]


def test_project_rename_zip():
    d = ds.NumpySlicesDataset({"a": [1, 2], "b": [3, 4]}, shuffle=False)
    assert rows(d.project(["b", "a"])) == [[3, 1], [4, 2]]
    assert d.project("b").get_col_names() == ["b"]
    r = d.rename(["a", "b"], ["x", "y"])
    assert r.get_col_names() == ["x", "y"] and rows(r) == [[1, 3], [2, 4]]
    z = ds.zip((d, seq(3)))
    assert z.get_col_names() == ["a", "b", "x"] and rows(z) == [[1, 3, 0], [2, 4, 1]]
    assert z.get_dataset_size() == 2 and rows(d.zip(seq(1))) == [[1, 3, 0]]


def test_shuffle_is_a_buffer_shuffle():
    # with a buffer of k rows, output position p holds a row of index <= p + k - 1
    for k in (2, 3):
        for seed in range(5):
            ms.set_seed(seed)
            got = flat(seq(20).shuffle(k))
            assert sorted(got) == list(range(20))
            assert all(v <= p + k - 1 for p, v in enumerate(got))
    ms.set_seed(0)
    assert any(flat(seq(20).shuffle(2)) != list(range(20)) for _ in range(3))


def test_shuffle_seeded_by_set_seed_and_new_each_epoch():
    def epochs(build, n=3):
        it = build().create_tuple_iterator(num_epochs=n, output_numpy=True)
        return [[int(r[0]) for r in it] for _ in range(n)]

    ms.set_seed(5)
    a = epochs(lambda: seq(30).shuffle(30))
    ms.set_seed(5)
    b = epochs(lambda: seq(30).shuffle(30))
    assert a == b and a[0] != a[1]
    # a fresh iterator starts again from epoch 0 (MindSpore 2.10 builds a new pipeline)
    d = seq(30).shuffle(30)
    assert flat(d) == flat(d) == a[0]
    ms.set_seed(6)
    assert epochs(lambda: seq(30).shuffle(30)) != a
    ds.config.set_seed(5)
    c = epochs(lambda: ds.NumpySlicesDataset(list(range(30)), column_names=["x"]))
    ms.set_seed(123)  # as MindSpore 2.10: the global set_seed also sets the dataset seed
    assert ds.config.get_seed() == 123
    assert epochs(lambda: ds.NumpySlicesDataset(list(range(30)), column_names=["x"])) != c
    ds.config.set_seed(5)
    assert epochs(lambda: ds.NumpySlicesDataset(list(range(30)), column_names=["x"])) == c
    assert ds.config.get_seed() == 5


def test_repeat_reshuffles_each_repetition():
    got = flat(ds.NumpySlicesDataset(list(range(20)), column_names=["x"]).repeat(2))
    assert sorted(got[:20]) == sorted(got[20:]) == list(range(20)) and got[:20] != got[20:]


@pytest.mark.parametrize("sizes,want", [([6, 4], [6, 4]), ([0.5, 0.5], [5, 5]),
                                        ([0.33, 0.33, 0.34], [4, 3, 3]),
                                        ([0.25, 0.75], [2, 8])])  # Python's round
@pytest.mark.parametrize("randomize", [True, False])
def test_split_sizes_and_disjoint(sizes, want, randomize):
    parts = ds.NumpySlicesDataset(list(range(10)), column_names=["x"]).split(sizes, randomize)
    got = [flat(p) for p in parts]
    assert [len(g) for g in got] == [p.get_dataset_size() for p in parts] == want
    assert sorted(sum(got, [])) == list(range(10))
    if not randomize:
        assert sum(got, []) == list(range(10))
    # the same rows every epoch, also on a pipeline that is not a source
    assert sorted(flat(parts[0])) == sorted(got[0])
    mapped = seq().map(lambda x: x + 100).split(sizes, randomize)
    assert sorted(sum((flat(p) for p in mapped), [])) == list(range(100, 110))


def test_iterators():
    d = ds.NumpySlicesDataset({"a": np.arange(4.0, dtype=np.float32), "b": [1, 2, 3, 4]},
                              shuffle=False).batch(2)
    first = next(iter(d.create_tuple_iterator()))
    assert isinstance(first[0], ms.Tensor) and first[0].dtype == ms.float32
    assert first[1].dtype == ms.int64 and first[1].shape == (2,)
    item = next(iter(d.create_dict_iterator(output_numpy=True)))
    assert set(item) == {"a", "b"} and isinstance(item["a"], np.ndarray)
    assert [r[0].tolist() for r in d.create_tuple_iterator(columns=["b"], output_numpy=True)] \
        == [[1, 2], [3, 4]]
    it = d.create_tuple_iterator(num_epochs=2, output_numpy=True)
    assert len(list(it)) == 2 and len(list(it)) == 2
    with pytest.raises(RuntimeError, match="beyond the specified number of epochs"):
        list(it)  # a third epoch of num_epochs=2 raises, as in MindSpore 2.10
    assert len(it) == 2 and len(list(d)) == 2
    assert d.output_shapes() == [[2], [2]]
    assert d.output_types() == [np.dtype(np.float32), np.dtype(np.int64)]
    assert ds.NumpySlicesDataset(np.zeros((5, 3))).shuffle(2).output_shapes() == [[3]]
    assert d.get_batch_size() == 2 and d.repeat(3).get_repeat_count() == 3
    assert seq().repeat().get_dataset_size() == 10  # an endless repeat counts one pass (MindSpore)


def test_generator_dataset_sources():
    def gen():
        for i in range(5):
            yield np.array([i], np.float32), np.int32(i % 2)

    class Access:
        def __getitem__(self, i):
            return np.full(2, i), i * 10

        def __len__(self):
            return 3

    d = ds.GeneratorDataset(gen, ["x", "y"]).batch(2, drop_remainder=True)
    assert d.get_dataset_size() == 2 and rows(d)[1] == [[[2.0], [3.0]], [0, 1]]
    assert rows(ds.GeneratorDataset([1, 2, 3], "v", shuffle=False)) == [[1], [2], [3]]
    acc = ds.GeneratorDataset(Access(), ["a", "b"], shuffle=False)
    assert rows(acc) == [[[0, 0], 0], [[1, 1], 10], [[2, 2], 20]]
    assert sorted(r[1] for r in rows(ds.GeneratorDataset(Access(), ["a", "b"]))) == [0, 10, 20]
    once = ds.GeneratorDataset(iter([(1,), (2,)]), ["v"])
    assert once.get_dataset_size() == 2 and flat(once) == flat(once) == [1, 2]
    assert flat(ds.GeneratorDataset(gen, ["x", "y"], num_samples=2).project("y")) == [0, 1]
    assert flat(ds.GeneratorDataset(list(range(10)), "v", num_shards=2, shard_id=1,
                                    shuffle=False)) == [1, 3, 5, 7, 9]


def test_model_train_on_mapped_batched_dataset():
    rng = np.random.default_rng(0)
    x = rng.standard_normal((64, 4)).astype(np.float64)
    y = (x[:, 0] - x[:, 1] > 0).astype(np.int64)
    data = ds.NumpySlicesDataset({"x": x, "y": y}, shuffle=True)
    data = data.map(ds.transforms.TypeCast(ms.float32), "x")
    data = data.map(ds.transforms.TypeCast(ms.int32), "y").batch(16)
    net = nn.Dense(4, 2)
    model = Model(net, nn.SoftmaxCrossEntropyWithLogits(sparse=True, reduction="mean"),
                  nn.Momentum(net.trainable_params(), 0.1, 0.9), metrics={"acc"})
    before = model.eval(data)["acc"]
    model.train(8, data)
    after = model.eval(data)["acc"]
    assert after > 0.9 and after > before


class Bad:
    def __call__(self, x):
        return x


BAD = [
    (lambda: seq().batch(0), ValueError, "batch_size"),
    (lambda: seq().batch(2.0), TypeError, "batch_size"),
    (lambda: seq().batch(2, drop_remainder=1), TypeError, "drop_remainder"),
    (lambda: seq().shuffle(1), ValueError, "buffer_size"),
    (lambda: seq().repeat(0), ValueError, "count"),
    (lambda: seq().take(0), ValueError, "take"),
    (lambda: seq().skip(-1), ValueError, "skip"),
    (lambda: seq().project(["nope"]), ValueError, "no column 'nope'"),
    (lambda: seq().rename(["x"], ["a", "b"]), ValueError, "differ in length"),
    (lambda: seq().map(3), TypeError, "callable"),
    (lambda: seq().map(Bad(), input_columns="y"), ValueError, "no column 'y'"),
    (lambda: seq().map(Bad(), output_columns=["x", "x"]), ValueError, "duplicate"),
    (lambda: rows(seq().map(lambda x: (x, x))), RuntimeError, "output_columns"),
    (lambda: rows(ds.GeneratorDataset([np.zeros(1), np.zeros(2)], "v", shuffle=False).batch(2)),
     RuntimeError, "different shapes"),
    (lambda: seq().create_tuple_iterator(num_epochs=0), ValueError, "num_epochs"),
    (lambda: ds.zip((seq(), seq())), ValueError, "share column names"),
    (lambda: seq().concat(seq().rename("x", "y")), ValueError, "columns differ"),
    (lambda: seq().split([5, 4]), RuntimeError, "sum to 9"),
    (lambda: seq().split([0.5, 0.6]), ValueError, "sum to 1"),
    (lambda: seq().split([0.99, 0.01]), RuntimeError, "empty split"),
    (lambda: seq().split([5, 0.5]), TypeError, "all ints or all floats"),
    (lambda: seq(num_shards=2, shard_id=0).split([5, 5]), RuntimeError, "sharded"),
    (lambda: ds.NumpySlicesDataset(3), TypeError, "'data'"),
    (lambda: ds.NumpySlicesDataset(([1, 2], [1])), ValueError, "different lengths"),
    (lambda: ds.NumpySlicesDataset([1, 2], column_names=["a", "b"]), ValueError, "column_names"),
    (lambda: ds.NumpySlicesDataset([1, 2], shuffle="yes"), TypeError, "shuffle"),
    (lambda: ds.NumpySlicesDataset([1, 2], num_samples=0), ValueError, "num_samples"),
    (lambda: ds.GeneratorDataset([1, 2]), ValueError, "column_names"),
    (lambda: ds.GeneratorDataset(lambda: iter([1]), "v", num_shards=2, shard_id=0),
     ValueError, "random-access"),
    (lambda: rows(ds.GeneratorDataset([(1, 2)], ["a"])), ValueError, "row of 2 values"),
    (lambda: ds.GeneratorDataset(5, "v"), TypeError, "source"),
    (lambda: ds.config.set_seed(-1), ValueError, "seed"),
    (lambda: ds.config.set_seed(1.5), TypeError, "seed"),
]


@pytest.mark.parametrize("call,error,match", BAD, ids=[b[2] for b in BAD])
def test_bad_arguments(call, error, match):
    with pytest.raises(error, match=match):
        call()


@pytest.mark.parametrize("name", ["mindcell.dataset", "mindcell.dataset.sources"])
def test_docstring_examples(name):
    import importlib
    result = doctest.testmod(importlib.import_module(name),
                             optionflags=doctest.NORMALIZE_WHITESPACE)
    assert result.attempted > 0 and result.failed == 0
