"""Round 8 (issue 16): names public MindSpore code uses, differences MindSpore 2.10's own
docstring examples show, checked against MindSpore 2.10 (ms-oracle)."""
import warnings

import numpy as np
import pytest

import mindcell as ms
from mindcell import nn


# ----- experimental.optim: the step reads each group's hyper-parameters ------------------
# (values against MindSpore: tests/goldens/optim_more/cases/004_experimental_groups.py)
def _param():
    return ms.Parameter(ms.Tensor(np.array([1.0, 2.0], np.float32)), name="w")


def _ones():
    return (ms.Tensor(np.ones(2, np.float32)),)


@pytest.mark.parametrize("name", ["SGD", "Adam", "AdamW"])
def test_experimental_lr_float_is_used_tensor_is_not(name):
    from mindcell.experimental import optim
    results = {}
    for write in ("float", "tensor", "none"):
        p = _param()
        opt = getattr(optim, name)([p], lr=0.1)
        opt(_ones())
        if write == "float":
            opt.param_groups[0]["lr"] = 0.0
        elif write == "tensor":
            with pytest.warns(UserWarning, match="stored but not used"):
                opt.param_groups[0]["lr"] = ms.Tensor(0.0, ms.float32)
        before = p.asnumpy().copy()
        opt(_ones())
        results[write] = (before, p.asnumpy().copy())
    np.testing.assert_array_equal(results["float"][0], results["float"][1])  # lr 0: no move
    np.testing.assert_array_equal(results["tensor"][1], results["none"][1])  # as if unset
    assert isinstance(opt.lrs[0], ms.Parameter) and opt.lrs[0].name == "learning_rate_group_0"


def test_experimental_sgd_group_momentum_and_weight_decay_are_per_group():
    from mindcell.experimental import optim
    a, b = _param(), ms.Parameter(ms.Tensor(np.array([1.0, 2.0], np.float32)), name="b")
    opt = optim.SGD([{"params": [a], "momentum": 0.0, "weight_decay": 0.5},
                     {"params": [b]}], lr=0.1, momentum=0.9)
    for _ in range(2):
        opt(_ones() * 2)
    # group 0: no momentum, L2 decay 0.5 -> w -= 0.1 * (1 + 0.5 w), twice
    w = np.array([1.0, 2.0])
    for _ in range(2):
        w = w - 0.1 * (1 + 0.5 * w)
    np.testing.assert_allclose(a.asnumpy(), w, rtol=1e-6)
    # group 1: momentum 0.9, first step buffer = grad -> 1 - 0.1 - 0.1 * 1.9
    np.testing.assert_allclose(b.asnumpy(), [1 - 0.1 - 0.19, 2 - 0.1 - 0.19], rtol=1e-6)
    opt.param_groups[1]["momentum"] = 0.0  # read again at the next step
    before = b.asnumpy().copy()
    opt(_ones() * 2)
    np.testing.assert_allclose(b.asnumpy(), before - 0.1, rtol=1e-6)


def test_experimental_adam_amsgrad_warns_and_matches_plain_adam():
    from mindcell.experimental import optim
    out = []
    for amsgrad in (False, True):
        p = _param()
        if amsgrad:
            with pytest.warns(UserWarning, match="amsgrad"):
                opt = optim.Adam([p], lr=0.1, amsgrad=True)
        else:
            opt = optim.Adam([p], lr=0.1)
        for k in (1.0, -3.0, 0.5):
            opt((ms.Tensor(np.full(2, k, np.float32)),))
        out.append(p.asnumpy())
    np.testing.assert_array_equal(out[0], out[1])


def test_experimental_adamw_amsgrad_keeps_the_running_maximum():
    from mindcell.experimental import optim
    ps = [_param(), _param()]
    opts = [optim.AdamW([ps[0]], lr=0.1, amsgrad=False, weight_decay=0.0),
            optim.AdamW([ps[1]], lr=0.1, amsgrad=True, weight_decay=0.0)]
    for k in (3.0, 0.0, 0.0):
        for opt in opts:
            opt((ms.Tensor(np.full(2, k, np.float32)),))
    assert not np.allclose(ps[0].asnumpy(), ps[1].asnumpy())
    assert opts[1].max_exp_avg_sq[0].asnumpy()[0] > opts[1].exp_avg_sq[0].asnumpy()[0]


@pytest.mark.parametrize("kwargs, match", [
    (dict(lr=-0.1), "lr"), (dict(lr=0.1, momentum=-1.0), "momentum"),
    (dict(lr=0.1, nesterov=True), "nesterov"), (dict(lr=0.1, nesterov=1), "nesterov"),
])
def test_experimental_sgd_argument_errors(kwargs, match):
    from mindcell.experimental import optim
    with pytest.raises((TypeError, ValueError), match=match):
        optim.SGD([_param()], **kwargs)


@pytest.mark.parametrize("kwargs, match", [
    (dict(betas=(1.0, 0.9)), "beta"), (dict(eps=-1.0), "eps"),
    (dict(weight_decay=-0.1), "weight_decay"), (dict(lr=-1.0), "lr"),
])
def test_experimental_adam_argument_errors(kwargs, match):
    from mindcell.experimental import optim
    for cls in (optim.Adam, optim.AdamW):
        with pytest.raises(ValueError, match=match):
            cls([_param()], **kwargs)


def test_experimental_optimizer_docstring_subclass_runs_both_modes():
    from mindcell.experimental import optim

    class MySGD(optim.Optimizer):
        def __init__(self, params, lr):
            super().__init__(params, dict(lr=lr))

        def construct(self, gradients):
            for group_id, group in enumerate(self.param_groups):
                start = self.group_start_id[group_id]
                for i, param in enumerate(group["params"]):
                    ms.ops.assign(param, param + gradients[start + i] * group["lr"])

    net = nn.Dense(3, 1, weight_init="ones", bias_init="zeros")
    opt = MySGD(net.trainable_params(), 0.5)
    extra = ms.Parameter(ms.Tensor(np.array([0.01, 0.02], np.float32)))
    opt.add_param_group({"params": extra})
    assert opt.group_start_id == [0, 2, 3]
    opt((ms.Tensor(np.ones((1, 3), np.float32)), ms.Tensor(np.ones(1, np.float32)),
         ms.Tensor(np.ones(2, np.float32))))
    np.testing.assert_allclose(net.weight.asnumpy(), [[1.5, 1.5, 1.5]])
    np.testing.assert_allclose(extra.asnumpy(), [0.51, 0.52], rtol=1e-6)


@pytest.mark.parametrize("name", ["SGD", "Adam", "AdamW"])
def test_experimental_groups_compiled_step_equals_eager(name):
    from mindcell.experimental import optim
    out = []
    for compiled in (False, True):
        a, b = _param(), ms.Parameter(ms.Tensor(np.array([-1.0, 0.5], np.float32)), name="b")
        extra = {"momentum": 0.5} if name == "SGD" else {"betas": (0.5, 0.9)}
        kw = {"momentum": 0.9} if name == "SGD" else {"amsgrad": name == "AdamW"}
        opt = getattr(optim, name)([dict({"params": [a], "lr": 0.05, "weight_decay": 0.1},
                                         **extra), {"params": [b]}], lr=0.1, **kw)
        step = ms.jit(lambda g: opt(g)) if compiled else opt
        for k in (1.0, -2.0, 0.5):
            step((ms.Tensor(np.full(2, k, np.float32)), ms.Tensor(np.full(2, -k, np.float32))))
        out.append(np.concatenate([a.asnumpy(), b.asnumpy()]))
    np.testing.assert_allclose(out[0], out[1], rtol=1e-6)


# ----- amp.get_white_list: MindSpore 2.10's 20 entries; primitive classes in a white list ----
def test_amp_white_list_has_the_cells_then_the_primitives():
    names = [c.__name__ for c in ms.amp.get_white_list()]
    assert names == ["Conv1d", "Conv2d", "Conv3d", "Conv1dTranspose", "Conv2dTranspose",
                     "Conv3dTranspose", "Dense", "LSTMCell", "RNNCell", "GRUCell", "Conv2D",
                     "Conv3D", "Conv2DTranspose", "Conv3DTranspose", "Conv2DBackpropInput",
                     "MatMul", "BatchMatMul", "PReLU", "ReLU", "Ger"]
    assert [c.__name__ for c in ms.amp.get_black_list()] == [
        "BatchNorm1d", "BatchNorm2d", "BatchNorm3d", "LayerNorm"]


def test_custom_mixed_precision_casts_primitive_attributes():
    class Net(nn.Cell):
        def __init__(self):
            super().__init__()
            self.w = ms.Parameter(ms.Tensor(np.ones((3, 3), np.float32)))
            self.mm = ms.ops.MatMul()

        def construct(self, x):
            return self.mm(x, self.w)

    x = ms.Tensor(np.full((2, 3), 1.0001, np.float32))
    np.testing.assert_allclose(Net()(x).asnumpy(), 3.0003, rtol=1e-6)
    net = Net()
    prim = net.mm
    out = ms.amp.custom_mixed_precision(net, white_list=ms.amp.get_white_list())(x)
    assert out.dtype == ms.float32 and net.mm is prim and isinstance(prim, ms.ops.MatMul)
    np.testing.assert_array_equal(out.asnumpy(), 3.0)  # MindSpore 2.10: float16 rounding
    with pytest.raises(TypeError, match="black_list"):
        ms.amp.custom_mixed_precision(Net(), black_list=[ms.ops.MatMul])


# ----- vision.MixUp: batch_size weights combined by broadcasting (MindSpore 2.10's rule) ----
def test_mixup_weights_broadcast_as_mindspore():
    from mindcell.dataset import vision
    image = np.random.RandomState(0).randint(0, 255, (100, 100, 3)).astype(np.uint8)
    for label, want in ((np.array([[0, 1]]), (2, 2)), (np.array([0, 1]), (2, 2)),
                        (np.array([[[0, 1]]]), (1, 2, 2))):  # shapes from MindSpore 2.10
        img, lab = vision.MixUp(batch_size=2, alpha=0.2, is_single=False)(image, label)
        assert img.shape == (2, 100, 100, 3) and lab.shape == want
        assert img.dtype == lab.dtype == np.float64
        np.testing.assert_array_equal(img[0], image)  # the first call passes through
    # batch_size=1 after batch(4) (MindSpore's docstring): every sample mixes with the first,
    # with one weight
    images = np.random.RandomState(1).rand(4, 8, 8, 3)
    labels = np.eye(4)[:, None, :].repeat(3, 1)
    img, lab = vision.MixUp(batch_size=1, alpha=0.2)(images, labels)
    assert img.shape == (4, 8, 8, 3) and lab.shape == (4, 3, 4)
    lam = lab[1, 0, 1]
    np.testing.assert_allclose(img[1], lam * images[1] + (1 - lam) * images[0])
    np.testing.assert_allclose(lab[0], labels[0])
    with pytest.raises(ValueError, match="MixUp"):
        vision.MixUp(batch_size=2, alpha=0.2)(np.zeros((4, 8, 8, 3)), np.zeros((4, 2)))
    with pytest.raises(IndexError, match="MixUp"):
        vision.MixUp(batch_size=3, alpha=0.2)(np.zeros((2, 8, 8, 3)), np.zeros((2, 2)))


# ----- printed text: an empty Tensor's repr has no value (MindSpore 2.10), ops.dsplit example --
@pytest.mark.parametrize("shape, text", [
    ((0,), "Tensor(shape=[0], dtype=Float32, value= )"),
    ((2, 0), "Tensor(shape=[2, 0], dtype=Float32, value=\n)"),
    ((2, 2, 0), "Tensor(shape=[2, 2, 0], dtype=Float32, value=\n)"),
])
def test_empty_tensor_repr(shape, text):
    assert repr(ms.ops.zeros(shape, ms.float32)) == text
    assert str(ms.ops.zeros(shape, ms.float32)) == "[]"


def test_dsplit_docstring_example_text():
    x = ms.Tensor(np.arange(16).reshape(2, 2, 4).astype(np.float32))
    parts = ms.ops.dsplit(x, [3, 6])
    assert [p.shape for p in parts] == [(2, 2, 3), (2, 2, 1), (2, 2, 0)]
    assert str(parts).endswith("Tensor(shape=[2, 2, 0], dtype=Float32, value=\n))")


# ----- ops.HammingWindow/BlackmanWindow: the values of ops.hamming_window/blackman_window ------
@pytest.mark.parametrize("dtype", [ms.float16, ms.float32, ms.float64])
@pytest.mark.parametrize("periodic", [True, False])
def test_window_primitives_equal_the_functions(dtype, periodic):
    for length in (0, 1, 2, 5, 8):
        a = ms.ops.HammingWindow(periodic, 0.5, 0.4, dtype)(ms.Tensor(np.array([length])))
        b = ms.ops.hamming_window(length, periodic, 0.5, 0.4, dtype=dtype)
        np.testing.assert_array_equal(a.asnumpy(), b.asnumpy())
        c = ms.ops.BlackmanWindow(periodic, dtype)(ms.Tensor(np.array([length])))
        d = ms.ops.blackman_window(ms.Tensor(length), periodic, dtype=dtype)
        np.testing.assert_array_equal(c.asnumpy(), d.asnumpy())
        assert a.dtype == b.dtype == c.dtype == d.dtype == dtype


# ----- set_ps_context / get_ps_context / reset_ps_context (MindSpore 2.10's keys and errors) --
def test_ps_context_keys_values_and_errors():
    assert ms.get_ps_context("enable_ps") is False
    assert ms.get_ps_context("config_file_path") == ""
    assert ms.get_ps_context("enable_ssl") is False
    ms.set_ps_context(enable_ps=False, config_file_path="/tmp/recovery.json", enable_ssl=True,
                      client_password="", server_password="")
    try:
        assert ms.context.get_ps_context("config_file_path") == "/tmp/recovery.json"
        assert ms.get_ps_context("enable_ssl") is True
        for key in ("client_password", "server_password", "bogus"):
            with pytest.raises(ValueError, match="Get PS context keyword %s is not recognized"
                               % key):
                ms.get_ps_context(key)
        with pytest.raises(ValueError, match="Set PS context keyword bogus is not recognized"):
            ms.set_ps_context(bogus=1)
        with pytest.raises(TypeError, match="'enable_ps' must be <class 'bool'>"):
            ms.set_ps_context(enable_ps=1)
        with pytest.raises(NotImplementedError, match="enable_ps=True"):
            ms.context.set_ps_context(enable_ps=True)
        assert ms.get_ps_context("enable_ps") is False
    finally:
        ms.context.reset_ps_context()
    assert ms.get_ps_context("config_file_path") == "" and ms.get_ps_context("enable_ssl") is False


# ----- communication: destroy_group and the world group names ------------------------------
def test_destroy_group_and_world_names():
    from mindcell.communication import init, create_group, destroy_group, get_group_size
    from mindcell.communication import management as M
    assert (M.HCCL_WORLD_COMM_GROUP, M.NCCL_WORLD_COMM_GROUP, M.MCCL_WORLD_COMM_GROUP) == (
        "hccl_world_group", "nccl_world_group", "mccl_world_group")
    init()
    create_group("r8_pair", [0])
    assert get_group_size("r8_pair") == 1
    destroy_group("r8_pair")
    with pytest.raises(ValueError, match="r8_pair"):
        get_group_size("r8_pair")
    with pytest.raises(ValueError, match="does not exist"):
        destroy_group("r8_pair")
    with pytest.raises(ValueError, match="world"):
        destroy_group(M.HCCL_WORLD_COMM_GROUP)
    with pytest.raises(TypeError, match="string"):
        destroy_group(3)
    create_group("r8_pair", [0])  # the name is free again
    destroy_group("r8_pair")
    assert get_group_size(M.NCCL_WORLD_COMM_GROUP) == 1


# ----- mindcell.Symbol: a dimension hint in Tensor(shape=...) for set_inputs ---------------
def test_symbol_checks_to_dict_and_set_inputs():
    s1, s2 = ms.Symbol(divisor=8, remainder=1), ms.Symbol(max=32, unique=True)
    assert s1.to_dict() == {"divisor": 8, "remainder": 1}
    assert s2.to_dict() == {"max": 32, "id": s2.id}
    assert ms.Symbol(max=3, min=5).to_dict() == {"min": 5}
    dyn = ms.Tensor(shape=(None, s1, s1, s2, s2), dtype=ms.float32)
    assert dyn.shape == (-1, -1, -1, -1, -1)
    for mode in (ms.PYNATIVE_MODE, ms.GRAPH_MODE):
        ms.set_context(mode=mode)
        try:
            net = nn.ReLU()
            net.set_inputs(dyn)
            for shape in ((1, 9, 17, 32, 32), (2, 10, 3, 31, 30)):  # not checked, as MindSpore
                assert net(ms.Tensor(np.ones(shape, np.float32))).shape == shape
        finally:
            ms.set_context(mode=ms.PYNATIVE_MODE)
    for kwargs, err in ((dict(min=0), ValueError), (dict(divisor=0), ValueError),
                        (dict(remainder=-1), ValueError), (dict(max=1.5), TypeError),
                        (dict(unique=1), TypeError)):
        with pytest.raises(err, match="Symbol"):
            ms.Symbol(**kwargs)


# ----- ops.InsertGradientOf: the gradient of its output goes through f (MindSpore 2.10) --------
def _clip_gradient(dx):  # MindSpore's docstring example: a Python number may come back
    ret = dx
    if ret > 1.0:
        ret = 1.0
    if ret < 0.2:
        ret = 0.2
    return ret


@pytest.mark.parametrize("mode", [ms.PYNATIVE_MODE, ms.GRAPH_MODE])
def test_insert_gradient_of(mode):
    clip = ms.ops.InsertGradientOf(_clip_gradient)
    triple = ms.ops.InsertGradientOf(lambda d: d * 3)
    bounded = ms.ops.InsertGradientOf(lambda d: ms.ops.clip_by_value(d, -1.0, 1.0))
    ms.set_context(mode=mode)
    try:
        dx, dy = ms.grad(lambda x, y: clip(x * y) * 2, grad_position=(0, 1))(
            ms.Tensor(1.5, ms.float32), ms.Tensor(-2.0, ms.float32))
        assert (float(dx), float(dy)) == (-2.0, 1.5)  # dout 2 clipped to 1 (MindSpore 2.10)
        x = ms.Tensor(np.array([1.0, 2.0], np.float32))
        np.testing.assert_allclose(ms.grad(lambda x: ms.ops.sum(triple(x) ** 2))(x).asnumpy(),
                                   [6.0, 12.0])
        x = ms.Tensor(np.array([0.1, 2.0], np.float32))
        np.testing.assert_allclose(
            ms.grad(lambda x: ms.ops.sum(bounded(x * 4.0) * x))(x).asnumpy(), [0.8, 12.0],
            rtol=1e-6)
    finally:
        ms.set_context(mode=ms.PYNATIVE_MODE)
    np.testing.assert_array_equal(triple(x).asnumpy(), x.asnumpy())
    with pytest.raises(TypeError, match="InsertGradientOf"):
        ms.ops.InsertGradientOf(3)


# ----- nn.MicroBatchInterleaved / PipelineCell / GradAccumulationCell on one process --------
# (MindSpore 2.10, Dense(3, 2) ones/zeros + MSELoss, SGD 0.1, two steps on 6 samples)
_MICRO_WANT = {"MicroBatchInterleaved": (2, 4.0158233642578125, 1.6524078845977783),
               "PipelineCell": (3, 6.0237345695495605, 1.359473705291748),
               "GradAccumulationCell": (2, 4.0158233642578125, 1.6524078845977783)}


@pytest.mark.parametrize("name", sorted(_MICRO_WANT))
@pytest.mark.parametrize("mode", [ms.PYNATIVE_MODE, ms.GRAPH_MODE])
def test_micro_batch_cells_train_as_mindspore(name, mode):
    count, first, second = _MICRO_WANT[name]
    x = ms.Tensor(np.random.RandomState(0).rand(6, 3).astype(np.float32))
    y = ms.Tensor(np.random.RandomState(1).rand(6, 2).astype(np.float32))
    ms.set_context(mode=mode)
    try:
        net = nn.WithLossCell(nn.Dense(3, 2, weight_init="ones", bias_init="zeros"),
                              nn.MSELoss())
        step = nn.TrainOneStepCell(getattr(nn, name)(net, count),
                                   nn.SGD(net.trainable_params(), 0.1))
        np.testing.assert_allclose([float(step(x, y)), float(step(x, y))], [first, second],
                                   rtol=1e-5)
        with pytest.raises(ValueError, match="divisible by 4"):
            getattr(nn, name)(net, 4)(x, y)
    finally:
        ms.set_context(mode=ms.PYNATIVE_MODE)
    with pytest.raises(ValueError, match="large than 0"):
        getattr(nn, name)(net, 0)
    with pytest.raises(TypeError, match="integer"):
        getattr(nn, name)(net, 2.0)


def test_pipeline_cell_stage_config_needs_devices():
    net = nn.Dense(3, 2)
    with pytest.raises(NotImplementedError, match="stage_config"):
        nn.PipelineCell(net, 2, stage_config={"weight": 1})
    assert nn.wrap.PipelineCell is nn.PipelineCell


# ----- ops.derivative / ops.jet (values from MindSpore 2.10 on its docstring network) ---------
@pytest.mark.parametrize("mode", [ms.PYNATIVE_MODE, ms.GRAPH_MODE])
def test_derivative_and_jet_match_mindspore(mode):
    f = lambda x: ms.ops.exp(ms.ops.sin(x))  # noqa: E731
    x = ms.tensor([[1, 2], [3, 4]], ms.float32)
    ms.set_context(mode=mode)
    try:
        out, third = ms.ops.derivative(f, x, 3)
        np.testing.assert_allclose(out.asnumpy(), [[2.319777, 2.4825778], [1.1515628, 0.4691641]],
                                   rtol=1e-5)
        np.testing.assert_allclose(third.asnumpy(), [[-4.0515366, 3.6724353],
                                                     [0.5053504, -0.520614]], rtol=1e-5)
        series = ms.tensor([[[1, 1], [1, 1]], [[0.5, 0], [0, 2]], [[0, 1], [0, 0]]], ms.float32)
        _, d = ms.ops.jet(f, x, series)
        np.testing.assert_allclose(d.asnumpy(), [
            [[1.2533808, -1.0331169], [-1.1400385, -0.3066661]],
            [[-0.64813006, -1.8274732], [0.966121, -0.05781732]],
            [[-5.9637666, 2.6393185], [0.5053504, 2.8124757]]], rtol=1e-5)
        _, second = ms.ops.derivative(f, ms.tensor([1, 2], ms.int32), 2)  # int -> float32
        np.testing.assert_allclose(second.asnumpy(), [-1.2748204, -1.8274732], rtol=1e-5)
    finally:
        ms.set_context(mode=ms.PYNATIVE_MODE)
    with pytest.raises(ValueError, match="order"):
        ms.ops.derivative(f, x, 0)
    with pytest.raises(ValueError, match="series"):
        ms.ops.jet(f, x, ms.tensor(np.ones((2, 3), np.float32)))


def test_connect_network_with_dataset_is_sink_mode_only():
    from mindcell.train import DatasetHelper, connect_network_with_dataset
    data = ms.dataset.NumpySlicesDataset({"x": np.ones((2, 1), np.float32)})
    with pytest.raises(RuntimeError, match="should be called in dataset sink mode"):
        connect_network_with_dataset(nn.ReLU(), DatasetHelper(data, dataset_sink_mode=False))
    with pytest.raises(AttributeError, match="DatasetHelper"):  # MindSpore's error type
        connect_network_with_dataset(nn.ReLU(), data)
