"""batch: per_batch_map with BatchInfo, callable batch sizes, padded_batch / pad_info; and
num_parallel_workers: threaded map, batch and sources give exactly the serial rows."""
import time

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import mindcell as ms
import mindcell.dataset as ds
from mindcell.dataset import transforms as T
from mindcell.dataset import vision


def rows(dataset, num_epochs=1):
    it = dataset.create_tuple_iterator(output_numpy=True, num_epochs=num_epochs)
    return [[np.asarray(v).tolist() for v in r] for _ in range(num_epochs) for r in it]


def xy(n=7):
    return ds.NumpySlicesDataset({"x": np.arange(n), "y": np.arange(n) * 10}, shuffle=False)


def ragged(lengths):
    """Rows ``[1, 2, ..., k]`` of the given lengths (column 'c') and their index ('i')."""
    items = [(np.arange(1, k + 1), np.int32(i)) for i, k in enumerate(lengths)]
    return ds.GeneratorDataset(items, ["c", "i"], shuffle=False)


# --- per_batch_map: (build, columns, rows) against hand-computed batches ------------------
def _double(x, info):
    return ([v * 2 for v in x],)


def _sum_and_len(x, info):
    return [np.full_like(v, sum(x)) for v in x], [np.int64(len(x))] * len(x)


def _stamp(x, info):
    return ([np.array([info.get_batch_num(), info.get_epoch_num()]) for _ in x],)


PER_BATCH = [
    ("all_columns", lambda d: d.batch(3, per_batch_map=lambda x, y, i: (
        [v + 1 for v in x], [v - 1 for v in y])), ["x", "y"],
     [[[1, 2, 3], [-1, 9, 19]], [[4, 5, 6], [29, 39, 49]], [[7], [59]]]),
    ("one_column", lambda d: d.batch(3, per_batch_map=_double, input_columns="x"), ["x", "y"],
     [[[0, 2, 4], [0, 10, 20]], [[6, 8, 10], [30, 40, 50]], [[12], [60]]]),
    ("renamed", lambda d: d.batch(4, True, per_batch_map=_double, input_columns=["y"],
                                  output_columns=["z"]), ["x", "z"],
     [[[0, 1, 2, 3], [0, 20, 40, 60]]]),
    ("more_outputs", lambda d: d.batch(4, per_batch_map=_sum_and_len, input_columns="x",
                                       output_columns=["s", "n"]), ["s", "n", "y"],
     [[[6, 6, 6, 6], [4, 4, 4, 4], [0, 10, 20, 30]], [[15, 15, 15], [3, 3, 3], [40, 50, 60]]]),
    ("batch_info", lambda d: d.batch(3, per_batch_map=_stamp, input_columns="x"), ["x", "y"],
     [[[[0, 0]] * 3, [0, 10, 20]], [[[1, 0]] * 3, [30, 40, 50]], [[[2, 0]], [60]]]),
]


@pytest.mark.parametrize("name,build,names,want", PER_BATCH, ids=[p[0] for p in PER_BATCH])
def test_per_batch_map(name, build, names, want):
    d = build(xy())
    assert d.get_col_names() == names
    assert d.get_dataset_size() == len(want)
    assert rows(d) == want


def test_batch_info_counts_epochs():
    d = xy(4).batch(2, per_batch_map=_stamp, input_columns="x")
    got = [r[0][0] for r in rows(d, num_epochs=2)]
    assert got == [[0, 0], [1, 0], [0, 1], [1, 1]]
    # under a repeat every repetition is an epoch of the batch's input
    got = [r[0][0] for r in rows(xy(4).batch(2, per_batch_map=_stamp, input_columns="x")
                                 .repeat(2))]
    assert got == [[0, 0], [1, 0], [0, 1], [1, 1]]


# --- callable batch_size: MindSpore's documented outputs -------------------------------
def test_callable_batch_size():
    d = ds.GeneratorDataset([i for i in range(3)], "column1", shuffle=False)
    d = d.batch(batch_size=lambda info: info.get_batch_num() + 1)
    assert d.get_dataset_size() == 2 and d.get_batch_size() == -1
    assert rows(d) == [[[0]], [[1, 2]]]
    d = ds.GeneratorDataset([i for i in range(4)], "column1", shuffle=False)
    d = d.batch(batch_size=lambda info: info.get_epoch_num() + 1)
    assert rows(d, num_epochs=2) == [[[0]], [[1]], [[2]], [[3]], [[0, 1]], [[2, 3]]]
    grow = xy(10).batch(lambda info: 2 ** info.get_batch_num(), drop_remainder=True)
    assert [len(r[0]) for r in rows(grow)] == [1, 2, 4] and grow.get_dataset_size() == 3


# --- padded_batch and pad_info: numpy reference ----------------------------------------
def pad_ref(arrays, shape, value):
    target = [max(a.shape[k] for a in arrays) if shape is None or shape[k] is None else shape[k]
              for k in range(arrays[0].ndim)]
    out = np.full([len(arrays)] + target, value, arrays[0].dtype)
    for i, a in enumerate(arrays):
        out[(i,) + tuple(slice(0, s) for s in a.shape)] = a
    return out


PADS = [({}, None, 0), ({"c": ([6], -1)}, [6], -1), ({"c": (None, 9)}, None, 9),
        ({"c": ([None], None)}, None, 0)]


@pytest.mark.parametrize("pad_info,shape,value", PADS)
@pytest.mark.parametrize("method", ["padded_batch", "batch"])
def test_padded_batch(pad_info, shape, value, method):
    lengths = [1, 4, 2, 3, 5]
    d = getattr(ragged(lengths), method)(2, pad_info=pad_info)
    got = list(d.create_tuple_iterator(output_numpy=True))
    assert len(got) == 3
    for b, (c, i) in enumerate(got):
        arrays = [np.arange(1, k + 1) for k in lengths[2 * b:2 * b + 2]]
        np.testing.assert_array_equal(c, pad_ref(arrays, shape, value))
        np.testing.assert_array_equal(i, np.arange(2 * b, 2 * b + len(arrays)))


def test_padded_batch_2d_and_larger_row():
    items = [np.ones((2, 3), np.float32), np.ones((3, 1), np.float32)]
    d = ds.GeneratorDataset(items, ["m"], shuffle=False)
    got = next(d.padded_batch(2, pad_info={"m": ([None, 4], 0.5)})
               .create_tuple_iterator(output_numpy=True))[0]
    np.testing.assert_array_equal(got, pad_ref(items, [None, 4], 0.5))
    # a row longer than the pad shape is cut to it, as MindSpore 2.10 does (ms-oracle)
    cut = next(d.padded_batch(2, pad_info={"m": ([2, 4], 0)})
               .create_tuple_iterator(output_numpy=True))[0]
    np.testing.assert_array_equal(cut, [[[1, 1, 1, 0], [1, 1, 1, 0]], [[1, 0, 0, 0], [1, 0, 0, 0]]])
    with pytest.raises(RuntimeError, match="padded_batch"):
        list(d.batch(2))


# --- bucket_batch_by_length: a plain-Python reference ----------------------------------
def bucket_ref(lengths, bounds, sizes, fill, to_boundary, drop):
    buckets, out = [[] for _ in sizes], []

    def emit(b, group):
        width = bounds[b] - 1 if to_boundary else max(len(r) for r in group)
        out.append([list(r) + [fill] * (width - len(r)) for r in group])

    for k in lengths:
        b = sum(k >= x for x in bounds)
        buckets[b].append(list(range(1, k + 1)))
        if len(buckets[b]) == sizes[b]:
            emit(b, buckets[b])
            buckets[b] = []
    for b, group in enumerate(buckets):
        if group and not drop:
            emit(b, group)
    return out


BUCKETS = [
    ([1, 5, 2, 7, 3, 2, 9, 1], [3, 6], [2, 2, 2], 0, False, False),
    ([1, 5, 2, 7, 3, 2, 9, 1], [3, 6], [2, 2, 2], -1, False, True),
    ([1, 5, 2, 7, 3, 2, 8, 1, 4], [3, 6, 10], [3, 1, 2, 1], 7, True, False),
    ([4, 4, 4, 1], [2], [1, 2], 0, False, False),
]


@pytest.mark.parametrize("lengths,bounds,sizes,fill,to_boundary,drop", BUCKETS)
def test_bucket_batch_by_length(lengths, bounds, sizes, fill, to_boundary, drop):
    want = bucket_ref(lengths, bounds, sizes, fill, to_boundary, drop)
    d = ragged(lengths).bucket_batch_by_length(
        ["c"], bounds, sizes, pad_info={"c": ([None], fill)},
        pad_to_bucket_boundary=to_boundary, drop_remainder=drop)
    assert d.get_dataset_size() == len(want)
    assert [r[0] for r in rows(d)] == want
    by_fn = ragged(lengths).bucket_batch_by_length(
        ["c", "i"], bounds, sizes, lambda c, i: len(c), pad_info={"c": ([None], fill)},
        pad_to_bucket_boundary=to_boundary, drop_remainder=drop)
    assert [r[0] for r in rows(by_fn)] == want


def test_schema_queries_after_batching():
    d = ragged([2, 3, 1, 3]).padded_batch(2, pad_info={"c": ([4], 0)}).repeat(3)
    assert d.get_batch_size() == 2 and d.get_repeat_count() == 3
    assert d.output_shapes() == [[2, 4], [2]]
    assert d.output_types() == [np.dtype(np.int64), np.dtype(np.int32)]
    assert d.get_col_names() == ["c", "i"] and d.get_dataset_size() == 6


# --- num_parallel_workers: the serial rows, whatever order the threads finish in --------
def _slow(x):
    time.sleep(0.001 * (int(x.sum()) % 3))  # later rows often finish first
    return x * 2


def image_rows(n):
    images = np.arange(n * 6 * 5 * 3, dtype=np.uint8).reshape(n, 6, 5, 3)
    return ds.NumpySlicesDataset({"image": images, "label": np.arange(n)}, shuffle=False)


def augmented(workers, seed, multiprocessing=False):
    ms.set_seed(seed)
    d = image_rows(12).map([vision.RandomCrop(4), vision.RandomHorizontalFlip(), _slow,
                            T.RandomApply([vision.RandomVerticalFlip(1.0)])], "image",
                           num_parallel_workers=workers,
                           python_multiprocessing=multiprocessing)
    d = d.batch(5, num_parallel_workers=workers,
                per_batch_map=lambda im, lab, info: (
                    [v + int(np.random.default_rng(info.get_batch_num()).integers(3))
                     for v in im], lab))
    return rows(d, num_epochs=2)


@settings(max_examples=8, deadline=None)
@given(workers=st.integers(2, 5), seed=st.integers(0, 2 ** 16), mp=st.booleans())
def test_parallel_map_and_batch_equal_serial(workers, seed, mp):
    assert augmented(workers, seed, mp) == augmented(1, seed)


def test_parallel_random_transforms_still_random():
    a = augmented(3, 1)
    assert a != augmented(3, 2)
    flat = [np.asarray(b[0]).tobytes() for b in a]
    assert len(set(flat)) == len(flat)


def test_parallel_errors_come_in_order():
    def fail_at_3(x):
        if int(x) == 3:
            raise ValueError("row three")
        return x

    d = ds.NumpySlicesDataset(np.arange(8), ["x"], shuffle=False).map(
        fail_at_3, num_parallel_workers=4)
    seen = []
    with pytest.raises(ValueError, match="row three"):
        for r in d.create_tuple_iterator(output_numpy=True):
            seen.append(int(r[0]))
    assert seen == [0, 1, 2]


# --- bad arguments name the operation and the argument ---------------------------------
BAD = [
    (lambda: xy().batch(2, per_batch_map=3), TypeError, "batch: 'per_batch_map'"),
    (lambda: xy().batch(2, input_columns="x"), ValueError, "batch: 'input_columns'"),
    (lambda: xy().batch(2, per_batch_map=_double, input_columns="q"), ValueError, "'q'"),
    (lambda: list(xy().batch(2, per_batch_map=lambda x, y, i: [x, y])), TypeError,
     "must return a tuple"),
    (lambda: list(xy().batch(2, per_batch_map=lambda x, y, i: (x,))), RuntimeError,
     "output_columns"),
    (lambda: list(xy().batch(lambda info: 0)), ValueError, "batch: the callable batch_size"),
    (lambda: xy().batch(2, pad_info=[1]), TypeError, "batch: 'pad_info'"),
    (lambda: xy().padded_batch(2, pad_info={"x": 3}), TypeError, r"padded_batch: pad_info\['x'\]"),
    (lambda: xy().padded_batch(2, pad_info={"x": ([0], 0)}), TypeError, "shape"),
    (lambda: xy().padded_batch(2, pad_info={"nope": (None, 0)}), ValueError, "'nope'"),
    (lambda: xy().map(_double, num_parallel_workers=0), ValueError,
     "map: 'num_parallel_workers'"),
    (lambda: xy().map(_double, num_parallel_workers=1.5), TypeError,
     "map: 'num_parallel_workers'"),
    (lambda: xy().batch(2, num_parallel_workers="2"), TypeError,
     "batch: 'num_parallel_workers'"),
    (lambda: xy().map(_double, python_multiprocessing=1), TypeError,
     "map: 'python_multiprocessing'"),
    (lambda: xy().map(_double, not_an_arg=1), TypeError, "map: unexpected keyword"),
    (lambda: xy().map(_double, callbacks=[object()]), TypeError,
     "map: 'callbacks' must be DSCallback"),
    (lambda: xy().device_que(), RuntimeError, "device_que"),
    (lambda: xy().bucket_batch_by_length(["x", "y"], [2], [1, 2]), ValueError,
     "bucket_batch_by_length: without element_length_function"),
    (lambda: xy().bucket_batch_by_length("x", [2, 2], [1, 2, 3]), ValueError,
     "strictly increasing"),
    (lambda: xy().bucket_batch_by_length("x", [0], [1, 2]), ValueError, "'bucket_boundaries'"),
    (lambda: xy().bucket_batch_by_length("x", [2], [1]), ValueError, "'bucket_batch_sizes'"),
    (lambda: xy().bucket_batch_by_length("x", 2, [1, 1]), TypeError, "'bucket_boundaries'"),
    (lambda: xy().bucket_batch_by_length("x", [2], [1, 1], element_length_function=3),
     TypeError, "'element_length_function'"),
    (lambda: list(ragged([1, 5]).bucket_batch_by_length("c", [2], [1, 1],
                                                       pad_info={"c": ([None], 0)},
                                                       pad_to_bucket_boundary=True)),
     RuntimeError, "last bucket"),
    (lambda: list(xy().bucket_batch_by_length("x", [2], [1, 1], lambda x: 1.5)), TypeError,
     "element length must be an int"),
    (lambda: list(xy().bucket_batch_by_length("x", [2], [1, 1])), ValueError,
     "holds scalars"),
]


@pytest.mark.parametrize("call,error,match", BAD)
def test_bad_arguments(call, error, match):
    with pytest.raises(error, match=match):
        call()
