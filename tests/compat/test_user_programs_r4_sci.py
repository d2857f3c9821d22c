"""Rules that science, graph, reinforcement-learning and course programs (MindFlow, SciAI,
graphlearning, mindrl, book chapters) rely on, each checked against MindSpore 2.10's
behaviour (ms-oracle): the expected values below are what MindSpore returned."""
import numpy as np
import pytest

import mindcell.dataset as ds


def _slices(n=6):
    return ds.NumpySlicesDataset({"x": np.arange(n), "y": np.arange(n) * 10}, shuffle=False)


def _rows(data):
    return [[c.tolist() for c in r] for r in data.create_tuple_iterator(output_numpy=True)]


# ----- len(dataset) and get_dataset_size: an endless repeat counts one pass ---------------
# (course scripts write `datapipe(test, len(test))` and `for _ in range(ds.get_dataset_size())`
# after `.repeat()`; MindSpore gives one pass's size, -1 would silently train no step)
@pytest.mark.parametrize("build, size", [
    (lambda: _slices(), 6),
    (lambda: _slices().batch(4), 2),
    (lambda: _slices().batch(4, drop_remainder=True), 1),
    (lambda: _slices().repeat(3), 18),
    (lambda: _slices().repeat(), 6),
    (lambda: _slices().repeat(-1), 6),
    (lambda: _slices().repeat().batch(4), 2),
    (lambda: _slices().repeat().take(10), 6),
    (lambda: _slices().repeat().take(4), 4),
    (lambda: _slices().repeat().skip(2), 4),
    (lambda: _slices().repeat().repeat(2), 12),
    (lambda: _slices().repeat(2).repeat(), 12),
    (lambda: _slices().repeat().map(lambda x: x, input_columns="x"), 6),
    (lambda: _slices().repeat().shuffle(3), 6),
    (lambda: _slices().repeat() + _slices(3), 9),
    (lambda: ds.zip((_slices().repeat(), ds.NumpySlicesDataset({"z": np.arange(4)}))), 4),
    (lambda: ds.GeneratorDataset(lambda: iter([(np.ones(1),)] * 3), ["a"]).repeat(), 3),
])
def test_dataset_size_and_len(build, size):
    assert build().get_dataset_size() == size
    assert len(build()) == size


def test_endless_repeat_still_iterates_endlessly():
    it = _slices().repeat().create_tuple_iterator(output_numpy=True)
    assert [int(next(it)[0]) for _ in range(14)] == [0, 1, 2, 3, 4, 5] * 2 + [0, 1]
    assert _slices().repeat().get_repeat_count() == -1


# ----- Dataset.apply / filter / flat_map ---------------------------------------------------
def test_apply():
    assert _rows(_slices().apply(lambda d: d.skip(4))) == [[4, 40], [5, 50]]
    assert type(_slices().apply(lambda d: d.batch(2))).__name__ == "BatchDataset"
    with pytest.raises(TypeError, match="apply"):
        _slices().apply(lambda d: 3)
    with pytest.raises(TypeError, match="apply"):
        _slices().apply(3)


@pytest.mark.parametrize("predicate, cols, expected", [
    (lambda x: x % 2 == 0, ["x"], [[0, 0], [2, 20], [4, 40]]),
    (lambda x, y: y > 20, None, [[3, 30], [4, 40], [5, 50]]),
    (lambda x: np.array(x > 2), "x", [[3, 30], [4, 40], [5, 50]]),
    (lambda y, x: y > x * 5 and x != 3, ["y", "x"], [[1, 10], [2, 20], [4, 40], [5, 50]]),
    (lambda x: (False, True), "x", [[i, 10 * i] for i in range(6)]),  # a non-empty tuple
    (lambda x: [], "x", []),
    (lambda x: "", "x", []),
    (lambda x: 0.0, "x", []),
    (lambda x: None, "x", []),
])
def test_filter_keeps_rows_by_truth_value(predicate, cols, expected):
    kept = _slices().filter(predicate, input_columns=cols)
    assert _rows(kept) == expected
    assert kept.get_dataset_size() == len(expected)
    assert kept.get_col_names() == ["x", "y"]


def test_filter_in_a_pipeline():
    data = _slices(4)
    assert _rows(data.batch(2).filter(lambda x: x.sum() > 1, input_columns="x")) == \
        [[[2, 3], [20, 30]]]
    assert _slices(4).filter(lambda x: x > 0, input_columns="x").batch(2).get_dataset_size() == 2
    assert _rows(_slices(4).filter(lambda x: x > 0, "x", num_parallel_workers=2)) == \
        [[1, 10], [2, 20], [3, 30]]
    seen = []
    _rows(_slices(2).filter(lambda x: seen.append((type(x), x.shape)) or True, "x"))
    assert seen == [(np.ndarray, ())] * 2


def test_filter_errors():
    with pytest.raises(TypeError, match="predicate"):
        _slices().filter(3)
    with pytest.raises(ValueError, match="num_parallel_workers"):
        _slices().filter(lambda x: True, "x", num_parallel_workers=0)
    with pytest.raises(ValueError, match="zz"):
        _slices().filter(lambda x: True, input_columns=["zz"])
    with pytest.raises(ValueError, match="truth value"):
        _rows(_slices().filter(lambda x: np.array([False, True]), input_columns="x"))
    with pytest.raises(ZeroDivisionError):
        _rows(_slices().filter(lambda x: 1 / 0, input_columns="x"))


def test_flat_map():
    x_only = _slices(4).project("x")
    twice = x_only.flat_map(lambda x: ds.NumpySlicesDataset([int(x)] * 2, ["x"], shuffle=False))
    assert _rows(twice) == [[0], [0], [1], [1], [2], [2], [3], [3]]
    renamed = x_only.flat_map(lambda x: ds.NumpySlicesDataset({"q": np.array([x, x + 100])},
                                                            shuffle=False))
    assert renamed.get_col_names() == ["q"] and renamed.get_dataset_size() == 8
    assert _rows(renamed) == [[0], [100], [1], [101], [2], [102], [3], [103]]
    both = _slices(2).flat_map(lambda x, y: ds.NumpySlicesDataset(
        {"a": np.array([x]), "b": np.array([y])}, shuffle=False))
    assert _rows(both) == [[0, 0], [1, 10]]
    batched = _slices(2).project("x").flat_map(
        lambda x: ds.NumpySlicesDataset([int(x)] * 3, ["x"], shuffle=False).batch(2))
    assert _rows(batched) == [[[0, 0]], [[0]], [[1, 1]], [[1]]]


def test_flat_map_errors():
    with pytest.raises(TypeError, match="flat_map"):
        _slices().flat_map(3)
    with pytest.raises(TypeError, match="Dataset"):
        _rows(_slices().project("x").flat_map(lambda x: x))
    with pytest.raises(TypeError):  # func takes every column of the row
        _rows(_slices().flat_map(lambda x: ds.NumpySlicesDataset([1], ["x"])))


# ----- experimental.optim: a group's "lr" is what the step uses --------------------------
# (training loops and schedulers write `group["lr"] = x`; mindcell ignored it silently)
def _dense_and_grads():
    import mindcell as ms
    from mindcell import nn
    net = nn.Dense(2, 1, weight_init="ones", bias_init="zeros")
    grads = tuple(ms.Tensor(np.ones(p.shape, np.float32)) for p in net.trainable_params())
    return net, grads


def test_experimental_group_lr_is_a_parameter_per_group():
    from mindcell.experimental import optim
    net, _ = _dense_and_grads()
    opt = optim.SGD([{"params": [net.weight]}, {"params": [net.bias], "lr": 0.5}], lr=0.1)
    assert [g["lr"].name for g in opt.param_groups] == ["learning_rate_group_0",
                                                        "learning_rate_group_1"]
    np.testing.assert_allclose([float(g["lr"]) for g in opt.param_groups], [0.1, 0.5])


@pytest.mark.parametrize("compiled", [False, True])
def test_experimental_sgd_reads_the_group_lr(compiled):
    import mindcell as ms
    from mindcell.experimental import optim
    net, grads = _dense_and_grads()
    opt = optim.SGD([{"params": [net.weight]}, {"params": [net.bias], "lr": 0.5}], lr=0.1)
    opt.param_groups[1]["lr"] = 2.0
    step = ms.jit(lambda g: opt(g)) if compiled else opt
    step(grads)  # MindSpore: weight 1 - 0.1, bias 0 - 2.0
    np.testing.assert_allclose(net.weight.asnumpy(), [[0.9, 0.9]], rtol=1e-6)
    np.testing.assert_allclose(net.bias.asnumpy(), [-2.0])
    if not compiled:  # MindSpore's PyNative: the next step uses the new rate
        opt.param_groups[0]["lr"] = 1.0
        step(grads)
        np.testing.assert_allclose(net.weight.asnumpy(), [[-0.1, -0.1]], rtol=1e-5)


@pytest.mark.parametrize("name", ["SGD", "Adam", "AdamW"])
def test_every_experimental_optimizer_follows_a_changed_lr(name):
    from mindcell.experimental import optim
    net, grads = _dense_and_grads()
    opt = getattr(optim, name)(net.trainable_params(), lr=0.1)
    for group in opt.param_groups:
        group["lr"] = 0.0
    opt(grads)
    np.testing.assert_array_equal(net.weight.asnumpy(), [[1.0, 1.0]])
    np.testing.assert_array_equal(net.bias.asnumpy(), [0.0])
    for group in opt.param_groups:
        group["lr"] = 0.1
    opt(grads)
    assert (net.weight.asnumpy() < 1.0).all()
    with pytest.raises(TypeError, match="lr"):
        opt.param_groups[0]["lr"] = "fast"


# ----- dtype families: isinstance(x.dtype, ms.Int) (graphlearning's GraphField checks) ---
_FAMILIES = {  # MindSpore 2.10: which dtypes are instances of each family
    "Int": {"int8", "int16", "int32", "int64"},
    "Float": {"float16", "float32", "float64"},
    "Bool": {"bool_"},
}
_ALL = ["bool_", "int8", "int16", "int32", "int64", "uint8", "uint16", "uint32", "uint64",
        "float16", "float32", "float64", "bfloat16"]


@pytest.mark.parametrize("family", sorted(_FAMILIES))
def test_dtype_family_isinstance(family):
    import mindcell as ms
    from mindcell.common import dtype as mstype
    cls = getattr(mstype, family)
    assert {n for n in _ALL if isinstance(getattr(ms, n), cls)} == _FAMILIES[family]
    assert not isinstance(3, cls) and not isinstance(np.int32, cls)


def test_dtype_family_from_width():
    import mindcell as ms
    from mindcell.common import dtype as mstype
    assert ms.Int is mstype.Int
    assert [ms.Int(b) for b in (8, 16, 32, 64)] == [ms.int8, ms.int16, ms.int32, ms.int64]
    assert [mstype.Float(b) for b in (16, 32, 64)] == [ms.float16, ms.float32, ms.float64]
    assert isinstance(ms.Tensor(np.zeros(2, np.int32)).dtype, ms.Int)
    with pytest.raises(ValueError, match="Int"):
        ms.Int(7)
    with pytest.raises(NotImplementedError, match="Int"):
        ms.Int()
