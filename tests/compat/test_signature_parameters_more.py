"""Parameters of MindSpore 2.10's signatures that mindcell lacked or named differently (second
batch; tests/compat/surface_gaps.py lists what still differs). Values are checked against
MindSpore in tests/goldens/signatures (cases 010 on); here the numbers and the errors."""
import inspect

import numpy as np
import pytest

import mindcell as ms
from mindcell import dataset as ds


class _Source:
    def __init__(self, n=7):
        self.n = n

    def __getitem__(self, i):
        return np.array([i, i * i], np.float32), np.array(i, np.int32)

    def __len__(self):
        return self.n


def _rows(dataset):
    return [tuple(v.tolist() for v in r) for r in dataset.create_tuple_iterator(output_numpy=True)]


def test_batch_sampler_reads_each_index_list_as_one_stacked_row():
    rng = np.random.default_rng(0)
    batches = [sorted(rng.choice(7, size=k, replace=False).tolist()) for k in (3, 1, 4)]
    d = ds.GeneratorDataset(_Source(), ["a", "b"], batch_sampler=batches)
    assert d.get_dataset_size() == 3
    for (a, b), idx in zip(_rows(d), batches):
        np.testing.assert_array_equal(a, [[i, i * i] for i in idx])
        assert b == idx


def test_batch_sampler_without_len_and_read_every_epoch():
    def sampler():
        yield [2, 0]
        yield [1]

    class Batches:
        def __iter__(self):
            return sampler()

    d = ds.GeneratorDataset(_Source(), ["a", "b"], batch_sampler=Batches())
    assert d.get_dataset_size() == 2
    assert _rows(d) == _rows(d) == [([[2.0, 4.0], [0.0, 0.0]], [2, 0]), ([[1.0, 1.0]], [1])]


def test_collate_fn_gets_one_list_per_column():
    seen = []

    def collate(a, b):
        seen.append((type(a), len(a), len(b)))
        return np.concatenate(a), np.array(sum(b), np.int64)

    d = ds.GeneratorDataset(_Source(), ["a", "b"], batch_sampler=[[1, 3], [5]],
                            collate_fn=collate)
    assert _rows(d) == [([1.0, 1.0, 3.0, 9.0], 4), ([5.0, 25.0], 5)]
    assert seen == [(list, 2, 2), (list, 1, 1)]


def test_collate_fn_result_must_have_the_columns():
    d = ds.GeneratorDataset(_Source(), ["a", "b"], batch_sampler=[[0]],
                            collate_fn=lambda a, b: np.stack(a))
    with pytest.raises(ValueError, match="column_names has 2"):
        _rows(d)


@pytest.mark.parametrize("kw, error, match", [
    (dict(collate_fn=lambda *c: c), ValueError, "only when batch_sampler"),
    (dict(batch_sampler=[[0]], shuffle=False), ValueError, "mutually exclusive"),
    (dict(batch_sampler=[[0]], sampler=[0]), ValueError, "mutually exclusive"),
    (dict(batch_sampler=[[0]], num_samples=1), ValueError, "mutually exclusive"),
    (dict(batch_sampler=[[0]], num_shards=2, shard_id=0), ValueError, "mutually exclusive"),
    (dict(batch_sampler=5), TypeError, "batch_sampler should have"),
    (dict(batch_sampler=[[0]], collate_fn="f"), TypeError, "collate_fn should be callable")])
def test_batch_sampler_argument_errors(kw, error, match):
    with pytest.raises(error, match="GeneratorDataset: .*" + match):
        ds.GeneratorDataset(_Source(), ["a", "b"], **kw)


def test_batch_sampler_needs_a_random_access_source():
    with pytest.raises(ValueError, match="__getitem__"):
        ds.GeneratorDataset(lambda: iter([(1,)]), ["a"], batch_sampler=[[0]])


def test_world_group_default_is_mindspores_spelling_and_aliases_work():
    from mindcell import communication as comm
    assert comm.GlobalComm.WORLD_COMM_GROUP == "hccl_world_group"
    for fn in (comm.get_rank, comm.get_group_size, comm.get_local_rank):
        assert inspect.signature(fn).parameters["group"].default == "hccl_world_group"
    for name in ("hccl_world_group", "mccl_world_group", "nccl_world_group"):
        assert comm.get_group_size(name) == 1 and comm.get_rank(name) == 0
    x = ms.Tensor(np.arange(3, dtype=np.float32))
    np.testing.assert_array_equal(ms.ops.AllReduce(group="mccl_world_group")(x).asnumpy(),
                                  x.asnumpy())


def test_vision_not_random_is_its_own_function():
    f = ms.dataset.vision.not_random(lambda x: x)
    assert f.random is False
    assert ms.dataset.vision.not_random is not ms.dataset.transforms.not_random
    assert list(inspect.signature(ms.dataset.vision.not_random).parameters) == ["func"]


def _train(callbacks, delay=0.0, steps=4):
    import time

    def rows():
        for i in range(steps):
            time.sleep(delay)
            yield np.full((2, 3), i, np.float32), np.zeros((2, 1), np.float32)

    net = ms.nn.Dense(3, 1)
    model = ms.train.Model(net, ms.nn.MSELoss(), ms.nn.SGD(net.trainable_params(), 0.01))
    model.train(1, ds.GeneratorDataset(rows, ["x", "y"]), callbacks=callbacks,
                dataset_sink_mode=False)


def test_time_monitor_data_time_reports_the_fetch_time(capsys):
    import re
    _train([ms.train.TimeMonitor(data_time=True)], delay=0.03)
    line = capsys.readouterr().out.strip().splitlines()[-1]
    # MindSpore 2.10's line (ms-oracle): 'Train epoch time: 342.764 ms, per step time:
    # 85.691 ms (data time: 8.047 ms)'
    m = re.fullmatch(r"Train epoch time: ([\d.]+) ms, per step time: ([\d.]+) ms "
                     r"\(data time: ([\d.]+) ms\)", line)
    assert m, line
    step, data = float(m.group(2)), float(m.group(3))
    assert 25.0 <= data <= step  # each fetch sleeps 30 ms, a step includes its fetch
    _train([ms.train.TimeMonitor()])
    assert "data time" not in capsys.readouterr().out
    with pytest.raises(TypeError, match="'data_time' must be a bool, but got int"):
        ms.train.TimeMonitor(data_time=1)


def test_checkpoint_config_remove_redundancy(tmp_path):
    cfg = ms.train.CheckpointConfig(remove_redundancy=True)
    assert cfg.remove_redundancy is True and cfg.save_options["remove_redundancy"] is True
    assert ms.train.CheckpointConfig().save_options["remove_redundancy"] is False
    with pytest.raises(ValueError, match="'remove_redundancy' must be isinstance of"):
        ms.train.CheckpointConfig(remove_redundancy=1)
    ckpt = ms.train.ModelCheckpoint("net", str(tmp_path), cfg)
    _train([ckpt], steps=2)
    files = sorted(p.name for p in tmp_path.glob("*.ckpt"))
    assert files == ["net-1_1.ckpt", "net-1_2.ckpt"]
    loaded = ms.load_checkpoint(str(tmp_path / files[-1]))
    assert {"weight", "bias"} <= set(loaded)


def test_run_context_original_args():
    ctx = ms.train.RunContext(original_args={"cur_step_num": 3})
    assert ctx.original_args() == {"cur_step_num": 3}
    assert not ctx.get_stop_requested()
    ctx.request_stop()
    assert ctx.get_stop_requested()
    with pytest.raises(TypeError, match="'original_args' of RunContext should be dict type"):
        ms.train.RunContext([1])


def test_tensor_device_cpu_only():
    t = ms.tensor([1.5, 2.0], ms.float32, device="CPU")
    np.testing.assert_array_equal(t.asnumpy(), [1.5, 2.0])
    for device in ("cpu", "meta", "Ascend", 0):
        with pytest.raises(ValueError, match="'device'"):
            ms.tensor([1.0], device=device)
    assert ms.common.tensor is ms.tensor and ms.common.mutable is ms.mutable


def test_constexpr_name(mode):
    @ms.ops.constexpr(name="twice")
    def double(n):
        return 2 * n

    @ms.ops.constexpr
    def plus_one(n):
        return n + 1

    assert (double.name, plus_one.name) == ("twice", "plus_one")

    def f(x):
        return x * double(x.shape[0]) + plus_one(1)

    if mode == ms.GRAPH_MODE:
        f = ms.jit(f)
    np.testing.assert_array_equal(f(ms.Tensor(np.ones(3, np.float32))).asnumpy(), [8.0] * 3)
    with pytest.raises(TypeError, match="constexpr: 'name' must be a str"):
        ms.ops.constexpr(name=3)


def test_create_group_options_are_checked():
    from mindcell.communication import create_group, get_group_size, init

    class Options:
        hccl_config = {"hccl_buffer_size": 200, "hccl_op_expansion_mode": "AIV"}

    init()
    create_group("h15_options", [0], options=Options())
    assert get_group_size("h15_options") == 1
    with pytest.raises(TypeError, match="'options' must be None or a GroupOptions"):
        create_group("h15_bad", [0], options={"hccl_buffer_size": 1})

    class Unknown:
        hccl_config = {"buffer": 1}

    with pytest.raises(ValueError, match=r"hccl_config' supports .* but got \['buffer'\]"):
        create_group("h15_bad", [0], options=Unknown())


def test_primitive_defaults_as_mindspore():
    from mindcell import ops
    a = ms.Tensor(np.array([1.0, np.nan, 3.0], np.float32))
    assert ops.IsClose()(a, a).asnumpy().tolist() == [True, False, True]
    assert ops.IsClose(equal_nan=True)(a, a).asnumpy().tolist() == [True, True, True]
    assert ops.NanToNum().nan is None
    np.testing.assert_array_equal(ops.NanToNum()(a).asnumpy(), [1.0, 0.0, 3.0])
    assert ops.Argmax()(ms.Tensor(np.array([0.0, 2.0, 1.0], np.float32))).dtype == ms.int32
    x = np.random.default_rng(0).standard_normal((1, 2, 4, 6)).astype(np.float32)
    expected = x.reshape(1, 2, 2, 2, 3, 2).mean(axis=(3, 5))
    np.testing.assert_allclose(ops.AvgPool(2, 2)(ms.Tensor(x)).asnumpy(), expected, rtol=1e-6)
    r = np.arange(6.0, dtype=np.float32).reshape(2, 3)
    np.testing.assert_array_equal(ops.Roll(shifts=1, dims=1)(ms.Tensor(r)).asnumpy(),
                                  np.roll(r, 1, axis=1))
    np.testing.assert_array_equal(ops.Roll(2)(ms.Tensor(r)).asnumpy(), np.roll(r, 2))


def test_functional_primitive_faces_take_positional_inputs(mode):
    from mindcell.ops import functional as F
    x = ms.Tensor(np.array([3.0, 5.0], np.float32))
    y = ms.Tensor(np.array([1.0, 4.0], np.float32))

    def f(a, b):
        scale = F.partial(F.tensor_sub, a)
        return scale(b), F.tensor_div(a, b), F.tuple_getitem((a, b), 1)

    if mode == ms.GRAPH_MODE:
        f = ms.jit(f)
    d, q, g = f(x, y)
    np.testing.assert_array_equal(d.asnumpy(), [2.0, 1.0])
    np.testing.assert_allclose(q.asnumpy(), [3.0, 1.25])
    np.testing.assert_array_equal(g.asnumpy(), y.asnumpy())
    assert F.dtype(x=x) == ms.float32 and F.shape_mul(input_data=(2, 3, 4)) == 24
    with pytest.raises(TypeError, match="tensor_sub: takes 2 positional inputs, but got 1"):
        F.tensor_sub(x)
    with pytest.raises(TypeError, match="tuple_getitem: takes 2 positional inputs"):
        F.tuple_getitem((1, 2), 0, 1)
    with pytest.raises(TypeError, match="partial: the first input must be a callable"):
        F.partial(3, 4)


def test_functional_tensor_div_truncates_integer_quotients(mode):
    """F.tensor_div is MindSpore's RealDiv: two integer operands give the integer quotient
    rounded toward zero in their dtype (ms-oracle: [-3, 5, 7] / [2, 2, -2] = [-1, 2, -3]
    Int32; Int64 / 2 stays Int64); a float operand gives true division."""
    from mindcell.ops import functional as F
    a = ms.Tensor(np.array([-3, 5, 7], np.int32))
    b = ms.Tensor(np.array([2, 2, -2], np.int32))
    div = ms.jit(F.tensor_div) if mode == ms.GRAPH_MODE else F.tensor_div
    q = div(a, b)
    assert q.dtype == ms.int32 and q.asnumpy().tolist() == [-1, 2, -3]
    q = div(ms.Tensor(np.array([-3, 5], np.int64)), 2)
    assert q.dtype == ms.int64 and q.asnumpy().tolist() == [-1, 2]
    q = div(a, 2.0)
    assert q.dtype == ms.float32
    np.testing.assert_array_equal(q.asnumpy(), [-1.5, 2.5, 3.5])


def test_jit_config_debug_level_and_infer_boost():
    assert ms.JitConfig().jit_config_dict == {
        "jit_level": "", "exc_mode": "auto", "jit_syntax_level": "", "debug_level": "RELEASE",
        "infer_boost": "off"}
    cfg = ms.JitConfig(debug_level="DEBUG", infer_boost="on")
    assert (cfg.jit_config_dict["debug_level"], cfg.jit_config_dict["infer_boost"]) == (
        "DEBUG", "on")
    for kw in (dict(debug_level="x"), dict(debug_level=1), dict(infer_boost="yes")):
        with pytest.raises(ValueError, match="For '%s' must be one of" % next(iter(kw))):
            ms.JitConfig(**kw)


def test_round_decimals_against_numpy(mode):
    x = np.random.default_rng(1).uniform(-500, 500, 64).astype(np.float32)
    f = ms.ops.round
    if mode == ms.GRAPH_MODE:
        f = ms.jit(lambda t, d=0: ms.ops.round(t, decimals=d))
    for d in (0, 1, 2, -1, -2):
        got = (f(ms.Tensor(x), d) if mode == ms.GRAPH_MODE
               else f(ms.Tensor(x), decimals=d)).asnumpy()
        np.testing.assert_allclose(got, np.round(x, d), rtol=1e-6, atol=1e-4 * 10.0 ** -d)
    np.testing.assert_array_equal(ms.ops.round(ms.Tensor([0.5, 1.5, 2.5])).asnumpy(),
                                  [0.0, 2.0, 2.0])
    with pytest.raises(TypeError, match="round: 'decimals' must be an int, but got float"):
        ms.ops.round(ms.Tensor([1.0]), decimals=1.0)


def test_subtract_alpha_and_renamed_parameters():
    rng = np.random.default_rng(2)
    a, b = rng.standard_normal((2, 3)).astype(np.float32), rng.standard_normal(3).astype(
        np.float32)
    for alpha in (1, 2, -0.5):
        np.testing.assert_allclose(ms.ops.subtract(ms.Tensor(a), ms.Tensor(b), alpha=alpha)
                                   .asnumpy(), a - alpha * b, rtol=1e-6)
    i = ms.ops.subtract(ms.Tensor(np.array([5, 3], np.int32)), ms.Tensor(np.array([1, 2],
                                                                                  np.int32)),
                        alpha=0.5)
    assert i.dtype == ms.float32 and i.asnumpy().tolist() == [4.5, 2.0]
    with pytest.raises(TypeError, match="subtract: 'alpha' must be an int or a float"):
        ms.ops.subtract(ms.Tensor(a), ms.Tensor(b), alpha="2")
    x = ms.Tensor(np.array([4.0, 9.0], np.float32))
    np.testing.assert_allclose(ms.ops.sqrt(x=x).asnumpy(), [2.0, 3.0])
    np.testing.assert_allclose(ms.ops.arcsin(x=x / 9).asnumpy(), np.arcsin([4 / 9, 1.0]),
                               rtol=1e-6)
    np.testing.assert_array_equal(ms.ops.floor_div(x=x, y=2.5).asnumpy(), [1.0, 3.0])
    np.testing.assert_allclose(ms.ops.true_divide(dividend=x, divisor=2.5).asnumpy(),
                               [1.6, 3.6], rtol=1e-6)
    assert ms.ops.subtract is not ms.ops.sub and ms.ops.true_divide is not ms.ops.div


def test_round_extreme_decimals_are_exact():
    x = np.array([1.2345, -2.5, 1e300, 1e-30, np.nan, np.inf], np.float64)
    for d in (300, 400, 2 ** 70):
        np.testing.assert_array_equal(ms.ops.round(ms.Tensor(x), decimals=d).asnumpy(), x)
    np.testing.assert_array_equal(ms.ops.round(ms.Tensor(x), decimals=-400).asnumpy(),
                                  [0.0, -0.0, 0.0, 0.0, np.nan, np.inf])


def test_reduction_and_nonzero_parameter_names():
    rng = np.random.default_rng(3)
    a = rng.standard_normal((3, 4)).astype(np.float32)
    np.testing.assert_allclose(ms.ops.mean(x=ms.Tensor(a), axis=1, keep_dims=True).asnumpy(),
                               a.mean(1, keepdims=True), rtol=1e-6)
    np.testing.assert_allclose(ms.ops.logsumexp(ms.Tensor(a), dim=0, keepdim=True).asnumpy(),
                               np.log(np.exp(a).sum(0, keepdims=True)), rtol=1e-6)
    with pytest.raises(TypeError, match="keepdim"):
        ms.ops.logsumexp(ms.Tensor(a), 0, keepdim=1)
    z = ms.Tensor(np.array([[0, 2], [3, 0]], np.int32))
    rows, cols = ms.ops.nonzero(z, as_tuple=True)
    assert rows.asnumpy().tolist() == [0, 1] and cols.asnumpy().tolist() == [1, 0]
    with pytest.raises(TypeError):
        ms.ops.nonzero(z, True)  # keyword-only, as MindSpore
    nan = ms.Tensor(np.array([np.nan, 1.0], np.float32))
    np.testing.assert_array_equal(ms.ops.nan_to_num(nan).asnumpy(), [0.0, 1.0])
    np.testing.assert_array_equal(ms.ops.nan_to_num(nan, nan=None).asnumpy(), [0.0, 1.0])


def test_relu_inplace_writes_into_the_input(mode):
    a = np.array([-1.5, 0.0, 2.0], np.float32)
    x = ms.Tensor(a)
    out = ms.ops.relu(x, inplace=True)
    assert out is x
    np.testing.assert_array_equal(x.asnumpy(), np.maximum(a, 0))
    y = ms.Tensor(a)
    f = ms.ops.relu if mode == ms.PYNATIVE_MODE else ms.jit(lambda t: ms.ops.relu(t))
    np.testing.assert_array_equal(f(y).asnumpy(), np.maximum(a, 0))
    np.testing.assert_array_equal(y.asnumpy(), a)  # not in place by default
    with pytest.raises(TypeError, match="relu.*'inplace'"):
        ms.ops.relu(y, inplace=1)


def test_activation_input_names_and_avg_pool_divisor_zero():
    a = np.array([-4.0, -1.0, 0.5, 3.5], np.float32)
    np.testing.assert_allclose(ms.ops.hardswish(input=ms.Tensor(a)).asnumpy(),
                               a * np.clip(a + 3, 0, 6) / 6, rtol=1e-6)
    np.testing.assert_allclose(ms.ops.gelu(input=ms.Tensor(a), approximate="tanh").asnumpy(),
                               0.5 * a * (1 + np.tanh(np.sqrt(2 / np.pi)
                                                      * (a + 0.044715 * a ** 3))), rtol=1e-5, atol=1e-6)
    img = np.arange(16, dtype=np.float32).reshape(1, 1, 4, 4)
    mean = img.reshape(1, 1, 2, 2, 2, 2).mean(axis=(3, 5))
    for d in (0, None):
        np.testing.assert_allclose(ms.ops.avg_pool2d(ms.Tensor(img), 2, 2, divisor_override=d)
                                   .asnumpy(), mean)
    np.testing.assert_allclose(ms.ops.avg_pool2d(ms.Tensor(img), 2, 2, divisor_override=3)
                               .asnumpy(), mean * 4 / 3, rtol=1e-6)
    with pytest.raises((TypeError, ValueError), match="divisor_override"):
        ms.ops.avg_pool2d(ms.Tensor(img), 2, 2, divisor_override=-1)


def test_more_function_parameter_names():
    rng = np.random.default_rng(4)
    a = rng.standard_normal((2, 3, 4)).astype(np.float32)
    w = np.array([0.1, 0.2, 0.3], np.float32)
    np.testing.assert_allclose(ms.ops.prelu(input=ms.Tensor(a), weight=ms.Tensor(w)).asnumpy(),
                               np.where(a > 0, a, a * w[None, :, None]), rtol=1e-6)
    np.testing.assert_array_equal(ms.ops.copysign(x=ms.Tensor(a), other=-1.0).asnumpy(),
                                  -np.abs(a))
    np.testing.assert_allclose(ms.ops.frac(x=ms.Tensor(a)).asnumpy(), a - np.trunc(a))
    i = np.array([0, 5, -7], np.int32)
    assert ms.ops.invert(x=ms.Tensor(i)).asnumpy().tolist() == (~i).tolist()
    assert ms.ops.bitwise_not(input=ms.Tensor(i)).asnumpy().tolist() == (~i).tolist()
    with pytest.raises(TypeError, match="invert: 'x' must be an integer or bool tensor"):
        ms.ops.invert(ms.Tensor(a))
    np.testing.assert_array_equal(ms.ops.swapdims(ms.Tensor(a), dim0=0, dim1=2).asnumpy(),
                                  a.swapaxes(0, 2))
    assert ms.ops.uniform((3,), ms.Tensor(0.0), ms.Tensor(1.0), seed=1).dtype == ms.float32
    p = rng.uniform(0.05, 0.95, 5).astype(np.float32)
    t = (rng.uniform(size=5) > 0.5).astype(np.float32)
    expected = -(t * np.log(p) + (1 - t) * np.log(1 - p)).mean()
    np.testing.assert_allclose(ms.ops.binary_cross_entropy(logits=ms.Tensor(p),
                                                           labels=ms.Tensor(t)).asnumpy(),
                               expected, rtol=1e-5)
    np.testing.assert_allclose(ms.nn.BCELoss()(ms.Tensor(p), ms.Tensor(t)).asnumpy(), expected,
                               rtol=1e-5)


def test_numpy_parameter_names_and_dtypes():
    mnp = ms.numpy
    a = np.array([-2.5, 0.5, 3.0, np.inf, -np.inf], np.float32)
    x = mnp.asarray(a)
    np.testing.assert_array_equal(mnp.clip(x=x, xmin=-1.0, xmax=1.0).asnumpy(),
                                  np.clip(a, -1.0, 1.0))
    assert mnp.clip(x, 0, 2, dtype=ms.float16).dtype == ms.float16
    with pytest.raises(ValueError, match="'xmin' and 'xmax' cannot both be None"):
        mnp.clip(x, None, None)
    np.testing.assert_allclose(mnp.arccos(input=x[1:2], dtype=ms.float16).asnumpy(),
                               np.arccos(a[1:2]).astype(np.float16), rtol=1e-3)
    np.testing.assert_array_equal(mnp.negative(a=x).asnumpy(), -a)
    np.testing.assert_array_equal(mnp.positive(a=x, dtype=ms.float16).asnumpy(),
                                  a.astype(np.float16))
    np.testing.assert_array_equal(mnp.fix(x).asnumpy(), np.fix(a))
    np.testing.assert_array_equal(mnp.isposinf(x).asnumpy(), np.isposinf(a))
    np.testing.assert_array_equal(mnp.isneginf(x).asnumpy(), np.isneginf(a))


def test_transformer_dtype_defaults_and_erase_value():
    for cls in (ms.nn.MultiheadAttention, ms.nn.TransformerEncoderLayer,
                ms.nn.TransformerDecoderLayer, ms.nn.Transformer):
        assert inspect.signature(cls).parameters["dtype"].default == ms.float32
    assert ms.nn.MultiheadAttention(4, 2).in_proj_weight.dtype == ms.float32
    assert ms.nn.MultiheadAttention(4, 2, dtype=ms.float16).in_proj_weight.dtype == ms.float16
    img = np.full((2, 2, 3), 7, np.uint8)
    out = ms.dataset.vision.Erase(0, 0, 1, 1)(img)
    assert out.dtype == np.uint8 and out[0, 0].tolist() == [0, 0, 0]
    assert out[1, 1].tolist() == [7, 7, 7]


def test_grad_sens_param(mode):
    a = ms.Tensor(np.array([5.0, 3.0], np.float32))
    b = ms.Tensor(np.array([1.0, 2.0], np.float32))
    g1 = ms.ops.grad(lambda x: x * x, sens_param=True)
    g2 = ms.ops.grad(lambda x, y: (x * y, x + y), grad_position=(0, 1), sens_param=True)
    if mode == ms.GRAPH_MODE:
        g1, g2 = ms.jit(g1), ms.jit(g2)
    np.testing.assert_array_equal(g1(a, b).asnumpy(), [10.0, 12.0])  # 2 x * sens
    dx, dy = g2(a, b, (b, a))
    np.testing.assert_array_equal(dx.asnumpy(), [6.0, 7.0])  # y * s0 + s1
    np.testing.assert_array_equal(dy.asnumpy(), [10.0, 9.0])  # x * s0 + s1
    with pytest.raises(TypeError, match="grad: 'sens_param' must be a bool"):
        ms.ops.grad(lambda x: x, sens_param=1)


def test_bias_add_takes_mindspores_two_inputs():
    x = np.arange(24, dtype=np.float32).reshape(2, 3, 2, 2)
    bias = np.array([1.0, -1.0, 0.5], np.float32)
    np.testing.assert_array_equal(ms.ops.bias_add(ms.Tensor(x), ms.Tensor(bias)).asnumpy(),
                                  x + bias[None, :, None, None])
    with pytest.raises(TypeError):
        ms.ops.bias_add(ms.Tensor(x), ms.Tensor(bias), "NCHW")
    np.testing.assert_array_equal(ms.ops.BiasAdd()(ms.Tensor(x), ms.Tensor(bias)).asnumpy(),
                                  x + bias[None, :, None, None])


def test_reduce_op_is_a_class_of_constants_and_embedding_lookup_positional_dtype():
    assert inspect.isclass(ms.ops.ReduceOp)
    assert (ms.ops.ReduceOp.SUM, ms.ops.ReduceOp.MAX, ms.ops.ReduceOp.MIN,
            ms.ops.ReduceOp.PROD) == ("sum", "max", "min", "prod")
    x = ms.Tensor(np.array([1.0, -2.0], np.float32))
    np.testing.assert_array_equal(ms.ops.AllReduce(ms.ops.ReduceOp.MAX)(x).asnumpy(),
                                  x.asnumpy())  # one rank
    # MindSpore's 9th parameter is dtype (2.10 has no vocab_cache_size)
    emb = ms.nn.EmbeddingLookup(5, 3, "ones", "CPU", "batch_slice", None, None, True,
                                ms.float16)
    assert emb.embedding_table.dtype == ms.float16
    with pytest.raises(TypeError, match="vocab_cache_size"):
        ms.nn.EmbeddingLookup(5, 3, vocab_cache_size=4)


def test_scatter_faces_take_positional_inputs(mode):
    idx = ms.Tensor(np.array([[2], [0]], np.int32))
    upd = ms.Tensor(np.array([[1.0, 2.0], [3.0, 4.0]], np.float32))
    x = np.zeros((3, 2), np.float32)
    f = ms.ops.tensor_scatter_update
    if mode == ms.GRAPH_MODE:
        f = ms.jit(lambda a, i, u: ms.ops.tensor_scatter_update(a, i, u))
    np.testing.assert_array_equal(f(ms.Tensor(x), idx, upd).asnumpy(),
                                  [[3.0, 4.0], [0.0, 0.0], [1.0, 2.0]])
    p = ms.Parameter(ms.Tensor(x), name="h15_p")
    out = ms.ops.scatter_nd_update(p, idx, upd)
    assert type(out) is ms.Tensor  # MindSpore returns the updated value, not the Parameter
    np.testing.assert_array_equal(p.asnumpy(), [[3.0, 4.0], [0.0, 0.0], [1.0, 2.0]])
    with pytest.raises(TypeError, match="scatter_nd_update: takes 3 positional inputs"):
        ms.ops.scatter_nd_update(p, idx, upd, True)
    with pytest.raises(TypeError, match="tensor_scatter_update: takes 3 positional inputs"):
        ms.ops.tensor_scatter_update(ms.Tensor(x), idx)
