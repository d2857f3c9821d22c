"""Round-4 user programs (language models, LLM courses, the MindSpore tutorials): the general
mechanisms those programs stopped at, each checked for its whole class against MindSpore 2.10's
behaviour (recorded with the ms-oracle)."""
import os

import numpy as np
import pytest

import mindcell as ms
import mindcell.dataset as ds


# ----- dataset folders holding one part: MNIST_Data/train, cifar-10-verify-bin ----------------
def _write_idx(folder, name, magic, array):
    header = np.array([magic, *array.shape], ">u4").tobytes()
    with open(os.path.join(folder, name), "wb") as f:
        f.write(header + array.astype(np.uint8).tobytes())


def _mnist_part(folder, prefix, labels):
    os.makedirs(folder, exist_ok=True)
    _write_idx(folder, prefix + "-images-idx3-ubyte", 2051,
               np.zeros((len(labels), 28, 28)) + np.arange(len(labels))[:, None, None])
    _write_idx(folder, prefix + "-labels-idx1-ubyte", 2049, np.array(labels))


@pytest.mark.parametrize("cls", [ds.MnistDataset, ds.FashionMnistDataset])
def test_idx_folder_with_one_part_reads_that_part(tmp_path, cls):
    # the tutorials' MNIST_Data/train holds only train-*, MNIST_Data/test only t10k-*; MindSpore
    # reads them with usage None ('all')
    _mnist_part(str(tmp_path / "train"), "train", [5, 0, 3])
    _mnist_part(str(tmp_path / "test"), "t10k", [4, 1])
    _mnist_part(str(tmp_path / "both"), "train", [5, 0, 3])
    _mnist_part(str(tmp_path / "both"), "t10k", [4, 1])
    for sub, want in (("train", [5, 0, 3]), ("test", [4, 1]), ("both", [4, 1, 5, 0, 3])):
        data = cls(str(tmp_path / sub), shuffle=False)
        assert data.get_dataset_size() == len(want)
        assert [int(r["label"]) for r in data.create_dict_iterator(num_epochs=1)] == want
    # the named part is still required, and a part without its labels is an error
    with pytest.raises(RuntimeError, match="t10k-images"):
        cls(str(tmp_path / "train"), usage="test")
    os.remove(str(tmp_path / "train" / "train-labels-idx1-ubyte"))
    with pytest.raises(RuntimeError, match="train-labels"):
        cls(str(tmp_path / "train"))


def _cifar_file(path, n, label_bytes):
    rows = [bytes([i % 10] * label_bytes) + bytes(3072) for i in range(n)]
    with open(path, "wb") as f:
        f.write(b"".join(rows))


def test_cifar_folder_with_one_part_reads_that_part(tmp_path):
    verify = tmp_path / "cifar-10-verify-bin"
    verify.mkdir()
    _cifar_file(str(verify / "test_batch.bin"), 3, 1)
    data = ds.Cifar10Dataset(str(verify), shuffle=False)
    assert [int(r["label"]) for r in data.create_dict_iterator(num_epochs=1)] == [0, 1, 2]
    train = tmp_path / "train10"
    train.mkdir()
    _cifar_file(str(train / "data_batch_1.bin"), 2, 1)
    _cifar_file(str(train / "data_batch_2.bin"), 2, 1)
    assert ds.Cifar10Dataset(str(train), shuffle=False).get_dataset_size() == 4
    for part in ("train", "test"):
        folder = tmp_path / ("c100_" + part)
        folder.mkdir()
        _cifar_file(str(folder / (part + ".bin")), 3, 2)
        assert ds.Cifar100Dataset(str(folder), shuffle=False).get_dataset_size() == 3
    with pytest.raises(RuntimeError, match="data_batch"):
        ds.Cifar10Dataset(str(verify), usage="train")
    empty = tmp_path / "empty"
    empty.mkdir()
    with pytest.raises(RuntimeError):
        ds.Cifar10Dataset(str(empty))


# ----- ops.partial binds keyword arguments (MindSpore's static-graph tutorial) ----------------
@pytest.mark.parametrize("mode", [ms.PYNATIVE_MODE, ms.GRAPH_MODE])
def test_partial_binds_keywords(mode):
    def add(x, y):
        return x + y

    def body():
        add_ = ms.ops.partial(add, x=ms.Tensor(2, ms.int32))
        return add_(y=ms.Tensor(3, ms.int32)), add_(y=ms.Tensor(5, ms.int32))

    ms.set_context(mode=mode)
    try:
        m, n = ms.jit(body)() if mode == ms.GRAPH_MODE else body()
    finally:
        ms.set_context(mode=ms.PYNATIVE_MODE)
    assert (int(m), int(n)) == (5, 7)  # MindSpore 2.10 jit: m:5 n:7
    with pytest.raises(TypeError):
        ms.ops.partial()


# ----- more tensor-dependent branches than the tracer can follow -----------------------------
def _branchy(x, y):
    out = 0
    for _ in range(100):
        if x < y:
            x = x - y
        else:
            x = x + y
        out = out + x
    return out


def _branchy_ref(x, y):
    out = 0
    for _ in range(100):
        x = x - y if x < y else x + y
        out = out + x
    return out


def test_jit_with_hundreds_of_tensor_branches_decides_by_value():
    # MindSpore's static-graph tutorial compiles an `if` on a tensor inside a 100-step loop
    # (2**100 paths); the graph is specialised on the call's values and traced again for others
    jitted = ms.jit(_branchy)
    for a, b in [(0, 1), (5, 2), (0, 1), (-3, 4)]:
        got = jitted(ms.Tensor([a], ms.int32), ms.Tensor([b], ms.int32))
        assert got.asnumpy().tolist() == [_branchy_ref(a, b)]


def test_branch_limit_fallback_differentiates():
    def f(x, w):
        out = 0
        for _ in range(20):
            if (x * w).sum() < 3:
                x = x * w + 1
            else:
                x = x - w
            out = out + x.sum()
        return out

    w = ms.Tensor(np.array([1.5, 0.5], np.float32))
    jitted = ms.jit(ms.value_and_grad(f, grad_position=(0, 1)))
    eager = ms.value_and_grad(f, grad_position=(0, 1))
    for xv in ([0.5, 0.2], [2.0, 1.0]):
        x = ms.Tensor(np.array(xv, np.float32))
        (v1, (gx1, gw1)), (v2, (gx2, gw2)) = jitted(x, w), eager(x, w)
        np.testing.assert_allclose(v1.asnumpy(), v2.asnumpy(), rtol=1e-5)
        np.testing.assert_allclose(gx1.asnumpy(), gx2.asnumpy(), rtol=1e-5)
        np.testing.assert_allclose(gw1.asnumpy(), gw2.asnumpy(), rtol=1e-5)
    # MindSpore 2.10 gives 58.995365 with dx [403.19678, 1.7895508] for the first input
    x = ms.Tensor(np.array([0.5, 0.2], np.float32))
    v, (gx, _) = jitted(x, w)
    np.testing.assert_allclose(v.asnumpy(), 58.995365, rtol=1e-5)
    np.testing.assert_allclose(gx.asnumpy(), [403.19678, 1.7895508], rtol=1e-5)


# ----- GeneratorDataset over an iterable source with shuffle=True (the GAN tutorial) -----------
def test_generator_over_iterable_ignores_shuffle_with_a_warning(tmp_path):
    _mnist_part(str(tmp_path), "train", [5, 0, 3, 7])
    mnist = ds.MnistDataset(str(tmp_path), shuffle=False)  # iterable, no __getitem__
    with pytest.warns(UserWarning, match="shuffle=True has no effect"):
        data = ds.GeneratorDataset(mnist, ["image", "label"], shuffle=True)
    # MindSpore 2.10 keeps the source's order
    assert [int(r[1]) for r in data.create_tuple_iterator(output_numpy=True)] == [5, 0, 3, 7]

    def gen():
        for i in range(4):
            yield (np.array(i),)

    with pytest.warns(UserWarning):
        rows = ds.GeneratorDataset(gen, ["x"], shuffle=True).create_tuple_iterator(
            output_numpy=True)
        assert [int(r[0]) for r in rows] == [0, 1, 2, 3]
    for kwargs in (dict(num_shards=2, shard_id=0), dict(sampler=ds.SequentialSampler())):
        with pytest.raises(ValueError, match="__getitem__"):
            ds.GeneratorDataset(gen, ["x"], **kwargs)


# ----- Dataset.map without input_columns feeds the first column (the GAN tutorial) -------------
def test_map_without_input_columns_takes_the_first_column():
    def make():
        return ds.NumpySlicesDataset({"a": np.arange(3), "b": np.arange(3) * 10,
                                      "c": np.arange(3) * 100}, shuffle=False)

    # MindSpore 2.10: ['p', 'q', 'b', 'c'] with p = a + 1, q = 2 a
    two = make().map(operations=lambda x: (x + 1, x * 2), output_columns=["p", "q"])
    assert two.get_col_names() == ["p", "q", "b", "c"]
    got = [[int(v) for v in r] for r in two.create_tuple_iterator(output_numpy=True)]
    assert got == [[1, 0, 0, 0], [2, 2, 10, 100], [3, 4, 20, 200]]
    chained = make().map(operations=[lambda x: (x + 1, x), lambda x, y: x + y],
                         output_columns=["z"])
    assert chained.get_col_names() == ["z", "b", "c"]
    assert [int(r[0]) for r in chained.create_tuple_iterator(output_numpy=True)] == [1, 3, 5]
    with pytest.raises(Exception):  # all three columns are not passed
        list(make().map(lambda a, b, c: a).create_tuple_iterator())


# ----- a generator expression returned from a jit function is a list (statements tutorial) ------
def test_jit_returns_generator_expressions_as_lists():
    @ms.jit
    def squares():
        return (x * x for x in range(1, 11) if x % 2 == 0)

    assert squares() == [4, 16, 36, 64, 100]  # MindSpore 2.10: ret:[4, 16, 36, 64, 100]
    assert squares() == [4, 16, 36, 64, 100]  # every call, not an exhausted generator

    @ms.jit
    def scaled(x):
        return (x * i for i in range(1, 6) if i % 2 == 1), (x + i for i in range(2))

    for v in (1.0, 2.0):
        odd, shifted = scaled(ms.Tensor(v, ms.float32))
        assert isinstance(odd, list) and isinstance(shifted, list)
        assert [float(t) for t in odd] == [v, 3 * v, 5 * v]
        assert [float(t) for t in shifted] == [v, v + 1]


# ----- integer tensors are differentiated, with integer gradients (static-graph tutorial) -------
@pytest.mark.parametrize("compiled", [False, True])
def test_integer_inputs_take_integer_gradients(compiled):
    def f(x, y):
        return x * y + x

    x, y = ms.Tensor(2, ms.int32), ms.Tensor(3, ms.int32)
    g = ms.grad(f, grad_position=(0, 1))
    gx, gy = ms.jit(g)(x, y) if compiled else g(x, y)
    # MindSpore 2.10: (Int32 4, Int32 2)
    assert (int(gx), int(gy)) == (4, 2) and gx.dtype == ms.int32 and gy.dtype == ms.int32
    vec = ms.grad(lambda a: (a * a).sum())(ms.Tensor([2, 3], ms.int32))
    assert vec.asnumpy().tolist() == [4, 6]
    loss, (ga, gb) = ms.value_and_grad(lambda a, b: (a * b).sum(), grad_position=(0, 1))(
        ms.Tensor([2, 3], ms.int32), ms.Tensor([1.0, 2.0], ms.float32))
    assert float(loss) == 8.0 and ga.asnumpy().tolist() == [1, 2] and ga.dtype == ms.int32
    assert gb.asnumpy().tolist() == [2.0, 3.0]


def test_jit_returns_map_filter_zip_enumerate_range_as_mindspore_builds_them():
    # MindSpore 2.10 (its python_builtin_functions tutorial, ms-oracle)
    @ms.jit
    def builtins():
        return (map(lambda a, b: a + b, (1, 2, 3), (4, 5, 6)),
                map(lambda a, b: a + b, [0, 1, 2], [6, 7, 8]),
                filter(lambda v: v % 2, (1, 2, 3, 4, 5)),
                zip((1, 2, 3), (4, 5, 6)),
                enumerate((100, 200), 3),
                range(0, 6, 2))

    for _ in range(2):  # a second call gets the same, not exhausted iterators
        assert builtins() == ((5, 7, 9), [6, 8, 10], [1, 3, 5], ((1, 4), (2, 5), (3, 6)),
                              ((3, 100), (4, 200)), (0, 2, 4))


def test_jit_returns_numpy_scalars_as_python_scalars():
    @ms.jit
    def func():
        return tuple(np.array([1, 2, 3])), list(np.array([1.5, 2.5])), np.float32(0.5)

    b, b_t, half = func()  # MindSpore 2.10: b: (1, 2, 3), b_t: [1.5, 2.5]
    assert b == (1, 2, 3) and all(type(v) is int for v in b)
    assert b_t == [1.5, 2.5] and all(type(v) is float for v in b_t)
    assert half == 0.5 and type(half) is float
