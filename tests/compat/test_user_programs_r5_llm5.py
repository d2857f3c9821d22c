"""Round-5 user programs (mindformers' small LLM pieces, mindnlp's MindSpore-native modules and
trainer, golden-stick's CPU algorithms): the general mechanisms those programs stopped at, each
checked for its whole class against MindSpore 2.10's behaviour (recorded with the ms-oracle)."""
import importlib
import os
import subprocess
import sys

import numpy as np
import pytest

import mindcell as ms
from mindcell import _faces


def _run_program(tmp_path, source):
    script = tmp_path / "prog.py"
    script.write_text(source)
    out = subprocess.run([sys.executable, "-m", "mindcell.run", str(script)],
                         capture_output=True, text=True, timeout=300, cwd=str(tmp_path))
    assert out.returncode == 0, out.stderr[-3000:]
    return out.stdout


# ----- module paths below a mindcell module that is a file -----------------------------------
# mindformers' flash_attention.py: `from mindspore.ops.operations.nn_ops import ...`; the model
# zoo's `from mindspore.dataset.engine.datasets import BatchDataset`,
# `from mindspore.ops.composite.base import HyperMap`. mindcell's ops.operations, ops.composite,
# dataset.engine are files, and paths such as rewrite.api or nn.grad have no file at all: every
# recorded MindSpore module path below them failed with "... is not a package".
def _shadowed(name):
    """Whether MindSpore's package binds another object to ``name`` or to one of its ancestors
    (nn.optim.thor is a function there; mindcell makes no module for such a path)."""
    parts = name.split(".")
    for i in range(2, len(parts) + 1):
        parent, child = ".".join(parts[:i - 1]), parts[i - 1]
        if any((parent, child) in members for members in _faces._BY_MODULE.get(parent, ())):
            return True
        module = sys.modules.get(parent)
        bound = getattr(module, "__dict__", {}).get(child)
        if bound is not None and not isinstance(bound, type(os)):
            return True  # a function MindSpore binds there too (common.lazy_inline)
    return False


def test_every_recorded_module_path_imports():
    names = [n for n in sorted(_faces._BY_MODULE, key=lambda n: n.count("."))
             if n != "mindcell" and not _shadowed(n)]
    assert {"mindcell.ops.operations.nn_ops", "mindcell.ops.operations.math_ops",
            "mindcell.ops.operations.manually_defined.ops_def", "mindcell.dataset.engine.datasets",
            "mindcell.ops.composite.base", "mindcell.rewrite.api.node"} <= set(names)
    failed = []
    for name in names:
        try:
            importlib.import_module(name)
        except ImportError as e:
            failed.append("%s: %s" % (name, e))
    assert len(names) > 550 and not failed, failed
    # the names recorded there are mindcell's public objects
    from mindcell.ops.operations.nn_ops import Conv2D, BiasAdd
    from mindcell.ops.operations.math_ops import MatMul
    from mindcell.ops.composite.base import GradOperation
    from mindcell.dataset.engine.datasets import BatchDataset
    assert (Conv2D, BiasAdd, MatMul) == (ms.ops.Conv2D, ms.ops.BiasAdd, ms.ops.MatMul)
    assert GradOperation is ms.ops.GradOperation
    assert BatchDataset is ms.dataset.engine.BatchDataset
    # a file module keeps its own names and stays importable by its own path
    assert importlib.import_module("mindcell.ops.operations").Conv2D is ms.ops.Conv2D


SUBMODULE_PROGRAM = '''
import numpy as np
import mindspore as ms
from mindspore.ops.operations import nn_ops, math_ops
from mindspore.ops.operations.array_ops import Reshape
from mindspore.ops.composite.base import HyperMap
from mindspore.dataset.engine.datasets import BatchDataset
import mindspore.ops.operations.manually_defined.ops_def as ops_def
x = ms.Tensor(np.arange(6, dtype=np.float32))
y = math_ops.MatMul()(Reshape()(x, (2, 3)), Reshape()(x, (3, 2)))
print(y.asnumpy().tolist(), nn_ops.Softmax is ms.ops.Softmax, ops_def.Cast is ms.ops.Cast)
try:
    from mindspore.ops.operations.nn_ops import FlashAttentionScore
except ImportError as e:
    print("ImportError", "FlashAttentionScore" in str(e))
'''


def test_program_imports_primitives_from_operation_submodules(tmp_path):
    lines = _run_program(tmp_path, SUBMODULE_PROGRAM).splitlines()
    assert lines[0] == "[[10.0, 13.0], [28.0, 40.0]] True True"
    # MindSpore's CPU build has this Ascend-only class; mindcell names what it lacks
    assert lines[1] == "ImportError True"


# ----- functions MindSpore binds over its own submodule of the same name ----------------------
# mindformers' models/utils.py: `from mindspore.common import lazy_inline`. mindcell.common had
# no lazy_inline, so the lookup found the recorded module path common.lazy_inline and returned a
# module; MindSpore's common binds the functions lazy_inline and no_inline there.
def test_common_lazy_inline_and_no_inline_are_the_functions():
    import mindcell.common as common
    assert common.lazy_inline is ms.lazy_inline and common.no_inline is ms.no_inline
    for name in ("lazy_inline", "no_inline"):
        importlib.import_module("mindcell.common")  # a path lookup must not replace them
        assert callable(getattr(common, name)) and not isinstance(getattr(common, name), type(os))

    def body(x):
        return x * 3 + 2
    # as MindSpore 2.10: marks and returns the function itself, with or without parentheses
    assert ms.no_inline(body) is body and body.no_inline is True
    assert ms.no_inline()(body) is body


@pytest.mark.parametrize("mode", [ms.PYNATIVE_MODE, ms.GRAPH_MODE])
def test_no_inline_function_inside_jit(mode):
    ms.set_context(mode=mode)

    @ms.no_inline
    def step(v):
        return v * 3 + 2

    @ms.jit
    def repeat(v):
        for _ in range(4):
            v = step(v)
        return v
    assert repeat(ms.Tensor(1.0)).asnumpy() == pytest.approx(((1 * 3 + 2) * 3 + 2) * 9 + 8)
    ms.set_context(mode=ms.PYNATIVE_MODE)


# ----- mindspore.parallel on one process: Layout, shard, the strategy-search parameters -------
# mindformers builds Layouts and calls set_algo_parameters / shard in every model and loss
# module (`from mindspore.parallel.shard import Layout`, `from mindspore import Layout`). The
# values below were printed by MindSpore 2.10 (CPU, stand-alone).
def test_layout_tensor_maps_and_dict():
    from mindcell.parallel import Layout
    assert ms.Layout is Layout and importlib.import_module("mindcell.parallel.shard").Layout is Layout
    layout = Layout((2, 4, 1), ("dp", "mp", "sp"))
    with pytest.raises(ValueError, match="tensor_map of layout is None"):
        layout.to_dict()
    tensor = layout("dp", ("mp", "sp"))
    assert tensor.to_dict() == {"device_matrix": (2, 4, 1), "tensor_map": (2, (1, 0)),
                                "interleaved_parallel": False, "alias_name": ("dp", "mp", "sp"),
                                "rank_list": list(range(8))}
    # the call returns a copy and also sets the layout's own map
    assert tensor is not layout and layout.to_dict()["tensor_map"] == (2, (1, 0))
    other = layout("mp", "None")
    assert other.to_dict()["tensor_map"] == (1, -1) and tensor.to_dict()["tensor_map"] == (2, (1, 0))
    inter = Layout((2, 2, 2), ("dp", "mp", "interleaved_parallel"))("dp", "mp").to_dict()
    assert inter["tensor_map"] == (2, 1) and inter["interleaved_parallel"] is True
    assert Layout((2, 2), ("a", "b"), rank_list=[3, 2, 1, 0])("a", "b").to_dict()["rank_list"] == [3, 2, 1, 0]


@pytest.mark.parametrize("args,error", [
    (((2, 4.0), ("a", "b")), TypeError), (([2, 4], ("a", "b")), TypeError),
    (((2, 4), ["a", "b"]), TypeError), (((2, 4), ("a", 1)), TypeError),
    (((2, 4), ("None", "b")), ValueError), (((2, 2), ("a",)), ValueError),
    (((2, 2), ("a", "a")), ValueError), (((2, 2, 2), ("a", "interleaved_parallel", "b")), ValueError),
    (((2, 2), ("a", "b"), [0, 1]), ValueError), (((2, 2), ("a", "b"), (0, 1, 2, 3)), TypeError),
    (((2, 2), ("a", "b"), [0, 1, 2, 3.0]), TypeError)])
def test_layout_rejects_what_mindspore_rejects(args, error):
    with pytest.raises(error):
        ms.Layout(*args)


def test_layout_call_rejects_unknown_and_repeated_axes():
    layout = ms.Layout((2, 4), ("dp", "mp"))
    with pytest.raises(ValueError, match="xx is not found"):
        layout("dp", "xx")
    with pytest.raises(ValueError, match="more than one"):
        layout("dp", "dp")


def test_algo_parameters_keep_check_and_reset():
    from mindcell.parallel import set_algo_parameters, get_algo_parameters, reset_algo_parameters
    keys = ("fully_use_devices", "elementwise_op_strategy_follow", "tensor_slice_align_enable",
            "tensor_slice_align_size", "enable_algo_approxi", "algo_approxi_epsilon")
    reset_algo_parameters()
    assert [get_algo_parameters(k) for k in keys] == [False, False, False, 16, False,
                                                      0.10000000149011612]
    set_algo_parameters(elementwise_op_strategy_follow=True, tensor_slice_align_size=True,
                        algo_approxi_epsilon=0.5)
    assert get_algo_parameters("elementwise_op_strategy_follow") is True
    assert get_algo_parameters("tensor_slice_align_size") == 1  # True is an int
    assert get_algo_parameters("algo_approxi_epsilon") == 0.5
    for kwargs, error in ((dict(bad=1), ValueError), (dict(fully_use_devices=1), TypeError),
                          (dict(tensor_slice_align_size=4.0), TypeError),
                          (dict(tensor_slice_align_size=2048), ValueError),
                          (dict(algo_approxi_epsilon=1), TypeError),
                          (dict(algo_approxi_epsilon=0.0), RuntimeError)):
        with pytest.raises(error):
            set_algo_parameters(**kwargs)
    with pytest.raises(ValueError, match="not recognized"):
        get_algo_parameters("bad")
    reset_algo_parameters()
    assert get_algo_parameters("elementwise_op_strategy_follow") is False


PARALLEL_PROGRAM = '''
import numpy as np
import mindspore as ms
from mindspore import nn, ops, Layout
from mindspore.parallel import set_algo_parameters
from mindspore.parallel.shard import Layout as ShardLayout
set_algo_parameters(elementwise_op_strategy_follow=True, fully_use_devices=False)
layout = ShardLayout((1, 1), ("dp", "mp"))
class Net(nn.Cell):
    def __init__(self):
        super().__init__()
        self.w = ms.Parameter(ms.Tensor(np.arange(6, dtype=np.float32).reshape(3, 2)), "w")
        self.matmul = ops.MatMul().shard(in_strategy=(layout("dp", "mp"), layout("mp", "None")))
    def construct(self, x):
        return self.matmul(x, self.w)
for mode in (ms.PYNATIVE_MODE, ms.GRAPH_MODE):
    ms.set_context(mode=mode)
    net = ms.shard(Net(), in_strategy=((1, 1),))
    print(Layout is ShardLayout, net(ms.Tensor(np.ones((2, 3), np.float32))).asnumpy().tolist())
'''


def test_program_with_layouts_and_shard_runs_on_one_process(tmp_path):
    lines = _run_program(tmp_path, PARALLEL_PROGRAM).splitlines()
    assert lines == ["True [[6.0, 9.0], [6.0, 9.0]]"] * 2


# ----- MindSpore's generated Primitive classes (ops.auto_generate) ----------------------------
# mindformers' clip_grad.py and wrapper.py: `from mindspore.ops.auto_generate import SumExt`,
# then SumExt()(F.square(x), ()). 109 generated classes whose instance is what one of
# MindSpore's functions runs now compute with mindcell's function of that operation.
def test_every_generated_primitive_calls_its_function_with_its_inputs():
    import inspect
    ag = importlib.import_module("mindcell.ops.auto_generate")
    assert len(ag._TABLE) >= 100
    for name, module, function, inputs in ag._TABLE:
        cls = getattr(ag, name)
        prim = cls()
        assert isinstance(prim, ms.ops.Primitive) and prim.name == name
        fn = getattr(importlib.import_module("mindcell." + module), function)
        wanted = list(cls._inputs.parameters)
        assert list(inspect.signature(fn).parameters)[:len(wanted)] == wanted, name


@pytest.mark.parametrize("mode", [ms.PYNATIVE_MODE, ms.GRAPH_MODE])
def test_sum_ext_and_friends_match_mindspore(mode):
    from mindcell.ops.auto_generate import SumExt, MeanExt, ProdExt, MatMulExt, Max
    ms.set_context(mode=mode)
    x = np.random.RandomState(0).rand(2, 3, 4).astype(np.float32) - 0.3

    class Net(ms.nn.Cell):
        def __init__(self):
            super().__init__()
            self.sum, self.mean, self.prod, self.mm, self.max = (
                SumExt(), MeanExt(), ProdExt(), MatMulExt(), Max())

        def construct(self, t):
            return (self.sum(t, ()), self.sum(t, (0, 2), True), self.sum(t, None, False, ms.float64),
                    self.mean(t, 1, True), self.prod(t, 2), self.mm(t, t.swapaxes(1, 2)),
                    self.max(t))
    got = [o.asnumpy() for o in Net()(ms.Tensor(x))]
    ms.set_context(mode=ms.PYNATIVE_MODE)
    # MindSpore 2.10: dim () or None sums everything; dtype casts the result
    np.testing.assert_allclose(got[0], x.sum(), rtol=1e-6)
    np.testing.assert_allclose(got[1], x.sum((0, 2), keepdims=True), rtol=1e-6)
    assert got[2].dtype == np.float64 and got[1].shape == (1, 3, 1)
    np.testing.assert_allclose(got[3], x.mean(1, keepdims=True), rtol=1e-6)
    np.testing.assert_allclose(got[4], x.prod(2), rtol=1e-5)
    np.testing.assert_allclose(got[5], x @ x.swapaxes(1, 2), rtol=1e-5)
    assert got[6] == x.max()
    with pytest.raises(TypeError, match="SumExt"):
        SumExt()(ms.Tensor(x), 1, True, None, "extra")


# ----- _checkparam relations IN / NOT_IN -------------------------------------------------------
# mindformers' AdamW: validator.check("betas size", len(betas), "", [2], validator.IN, name).
# Every check taking a relation accepts all eight of MindSpore's; messages as MindSpore 2.10.
def test_checkparam_in_and_not_in_relations():
    from mindcell import _checkparam as V
    assert V.check("betas size", 2, "", [2], V.IN, "AdamW") == 2
    assert V.check("x", 5, "vals", [1, 3], V.NOT_IN) == 5
    assert V.check_number("x", 3, [1, 3], V.IN, "P") == 3
    assert V.check_int(3, [1, 2], V.NOT_IN, "x", "P") == 3
    cases = [
        (lambda: V.check("betas size", 3, "", [2], V.IN, "AdamW"),
         "For 'AdamW', the 'betas size' should be in : [2], but got 3."),
        (lambda: V.check("x", 3, "vals", [1, 3], V.NOT_IN),
         "The 'x' should be not in vals: [1, 3], but got 3."),
        (lambda: V.check_number("x", 1, [1, 2], V.NOT_IN, "P"),
         "For 'P', the argument 'x' must not in [1, 2], but got 1."),
        (lambda: V.check_int(3, [1, 2], V.IN, "x", "P"),
         "For 'P', the 'x' must be int and must in [1, 2], but got '3' with type 'int'."),
        (lambda: V.check_float(1.0, [1.0, 2.0], V.NOT_IN, "x", "P"),
         "For 'P', the 'x' must be float and must not in [1.0, 2.0], but got '1.0' with type "
         "'float'.")]
    for call, message in cases:
        with pytest.raises(ValueError) as info:
            call()
        assert str(info.value) == message


# ----- Parameter.param_info -----------------------------------------------------------------
# mindformers' and mindnlp's AdamW clone their state the way MindSpore's own optimizers once did:
#     state = Parameter(initializer(...)); state.param_info = param.param_info.clone()
#     param.param_info.cloned_obj = [state]; state.name = prefix + "." + state.name
# param_info was None. Behaviour below as printed by MindSpore 2.10.
def test_param_info_is_shared_with_its_parameter_and_clones_detach():
    from mindcell.common.initializer import initializer
    w = ms.Parameter(ms.Tensor(np.ones((2, 3), np.float32)), name="w", requires_grad=False,
                     layerwise_parallel=True, parallel_optimizer=False)
    info = w.param_info
    assert info is w.param_info and info.obj is w
    assert (info.name, info.requires_grad, info.layerwise_parallel, info.parallel_optimizer,
            info.comm_fusion, info.key, info.parameter_shape, info.requires_aggr) == \
        ("w", False, True, False, 1, -1, [2, 3], True)
    clone = info.clone()
    info.cloned_obj = [1]
    assert hasattr(w.param_info, "cloned_obj") and not hasattr(clone, "cloned_obj")
    with pytest.raises(AttributeError):
        clone.obj  # noqa: B018  (a detached clone describes no Parameter)
    state = ms.Parameter(initializer("zeros", shape=(2, 3), dtype=ms.float32))
    state.param_info = clone
    assert (state.name, state.requires_grad, state.layerwise_parallel, state.parallel_optimizer) \
        == ("w", False, True, False)
    assert state.param_info is clone and clone.obj is state
    state.name = "adam_m." + state.name
    assert (state.name, clone.name, w.name) == ("adam_m.w", "adam_m.w", "w")
    clone.name = "zz"
    state.requires_grad = True
    assert state.name == "zz" and clone.requires_grad is True
    info.name = "renamed"
    w.comm_fusion = 3
    assert w.name == "renamed" and info.comm_fusion == 3
    with pytest.raises(AttributeError, match="obj"):
        state.param_info = 3


CLONE_STATE_PROGRAM = '''
import numpy as np
import mindspore as ms
from mindspore import nn, ops, Parameter, ParameterTuple, Tensor
from mindspore.common.initializer import initializer
from mindspore.nn.optim.optimizer import Optimizer
class Momentumish(Optimizer):
    def __init__(self, params, learning_rate=0.1):
        super().__init__(learning_rate, params)
        states = []
        for p in self.parameters:
            s = Parameter(initializer("zeros", shape=p.shape, dtype=ms.float32))
            s.param_info = p.param_info.clone()
            p.param_info.cloned_obj = [s]
            s.is_init = False
            s.set_data(initializer("zeros", shape=p.shape, dtype=ms.float32))
            s.name = "moments." + s.name
            states.append(s)
        self.moments = ParameterTuple(states)
    def construct(self, grads):
        lr = self.get_lr()
        out = ()
        for p, m, g in zip(self._parameters, self.moments, grads):
            out += (ops.assign(m, m * 0.9 + g), ops.assign(p, p - lr * (m * 0.9 + g)))
        return out
ms.set_seed(0)
for mode in (ms.PYNATIVE_MODE, ms.GRAPH_MODE):
    ms.set_context(mode=mode)
    net = nn.Dense(3, 2, weight_init="ones", bias_init="zeros")
    opt = Momentumish(net.trainable_params())
    step = nn.TrainOneStepCell(nn.WithLossCell(net, nn.MSELoss()), opt)
    x, y = Tensor(np.ones((4, 3), np.float32)), Tensor(np.zeros((4, 2), np.float32))
    losses = [round(float(step(x, y).asnumpy()), 5) for _ in range(3)]
    print(sorted(m.name for m in opt.moments), losses)
'''


def test_program_cloning_optimizer_state_through_param_info(tmp_path):
    lines = _run_program(tmp_path, CLONE_STATE_PROGRAM).splitlines()
    # MindSpore 2.10 prints, in both modes:
    want = "['moments.bias', 'moments.weight'] [9.0, 0.5184, 0.63872]"
    assert lines == [want, want]


# ----- GRAPH_MODE: a name first assigned in only one branch of a tensor-dependent if ----------
# mindformers' CosineWithWarmUpLR: the warm-up branch sets `percent`, the other sets `progress`
# and `percent`; only `learning_rate` is used after the if. GRAPH_MODE refused to merge the
# branches ("return different structures"). Such a name stays unbound after the if, as in
# MindSpore 2.10 (which raises UnboundLocalError only where it is read).
class _OneBranchNames(ms.nn.Cell):
    def construct(self, x):
        if x.sum() > 0:
            tmp = x * 2
            y = tmp + 1
        else:
            other = x - 5
            y = other * 3
        return y


class _ReadAfter(ms.nn.Cell):
    def construct(self, x):
        if x.sum() > 0:
            y = x * 2
        return y + 1


@pytest.mark.parametrize("mode", [ms.PYNATIVE_MODE, ms.GRAPH_MODE])
def test_names_assigned_in_one_branch_only(mode):
    ms.set_context(mode=mode)
    try:
        net = _OneBranchNames()
        assert net(ms.Tensor(np.array([1.0, 2.0], np.float32))).asnumpy().tolist() == [3.0, 5.0]
        assert net(ms.Tensor(np.array([-1.0, -2.0], np.float32))).asnumpy().tolist() == [-18.0, -21.0]
        if mode == ms.GRAPH_MODE:  # MindSpore: UnboundLocalError at compile time
            with pytest.raises(UnboundLocalError):
                _ReadAfter()(ms.Tensor(np.array([1.0, 2.0], np.float32)))
    finally:
        ms.set_context(mode=ms.PYNATIVE_MODE)


def test_warmup_cosine_schedule_in_a_graph_mode_train_step():
    from mindcell.nn.learning_rate_schedule import LearningRateSchedule
    F32 = ms.float32

    class WarmupCosine(LearningRateSchedule):
        def __init__(self):
            super().__init__()
            self.warm, self.decay = ms.Tensor(2.0, F32), ms.Tensor(6.0, F32)
            self.end = ms.Tensor(0.001, F32)

        def construct(self, step):
            step = ms.ops.cast(step, F32)
            if step >= self.decay:
                return step - step + self.end
            if step < self.warm:
                percent = step / self.warm
                lr = 0.1 * percent
            else:
                progress = (step - self.warm) / (self.decay - self.warm)
                percent = 0.5 * (1.0 + ms.ops.cos(np.pi * progress))
                lr = self.end + (0.1 - self.end) * percent
            return lr
    results = []
    for mode in (ms.PYNATIVE_MODE, ms.GRAPH_MODE):
        ms.set_context(mode=mode)
        net = ms.nn.Dense(3, 2, weight_init="ones", bias_init="zeros")
        schedule = WarmupCosine()
        opt = ms.nn.SGD(net.trainable_params(), schedule)
        step = ms.nn.TrainOneStepCell(ms.nn.WithLossCell(net, ms.nn.MSELoss()), opt)
        x, y = ms.Tensor(np.ones((4, 3), np.float32)), ms.Tensor(np.zeros((4, 2), np.float32))
        results.append([float(step(x, y).asnumpy()) for _ in range(8)])
    ms.set_context(mode=ms.PYNATIVE_MODE)
    np.testing.assert_allclose(results[1], results[0], rtol=1e-6)
    lrs = [schedule(ms.Tensor(np.array([i], np.int32))).asnumpy().item() for i in range(8)]
    want = [0.0, 0.05, 0.1, 0.001 + 0.099 * 0.5 * (1 + np.cos(np.pi * 0.25))]
    np.testing.assert_allclose(lrs[:4], want, rtol=1e-5)
    assert lrs[6:] == pytest.approx([0.001, 0.001])


# ----- ops._primitive_cache._get_cache_prim (mindnlp's layers build primitives in construct) ---
PRIM_CACHE_PROGRAM = '''
import numpy as np
import mindspore as ms
from mindspore import nn, ops
from mindspore.ops import operations as P
from mindspore.ops._primitive_cache import _get_cache_prim
a = _get_cache_prim(P.ReduceSum)(keep_dims=True)
print(a is _get_cache_prim(P.ReduceSum)(keep_dims=True), a is _get_cache_prim(P.ReduceSum)(True),
      a is _get_cache_prim(P.ReduceSum)(keep_dims=False), a.keep_dims)
class Net(nn.Cell):
    def construct(self, x):
        return _get_cache_prim(P.ReduceSum)(keep_dims=True)(x, 1) * _get_cache_prim(P.Concat)(axis=0)((x, x)).sum()
for mode in (ms.PYNATIVE_MODE, ms.GRAPH_MODE):
    ms.set_context(mode=mode)
    print(Net()(ms.Tensor(np.ones((2, 3), np.float32))).asnumpy().tolist())
'''


def test_cached_primitives_are_shared_per_arguments(tmp_path):
    # MindSpore 2.10 prints these three lines
    assert _run_program(tmp_path, PRIM_CACHE_PROGRAM).splitlines() == [
        "True False False True", "[[36.0], [36.0]]", "[[36.0], [36.0]]"]


def test_generated_primitives_checked_by_value():
    """AddExt (14 mindformers files), SubExt, TExt, Narrow, Chunk: values printed by MindSpore
    2.10; GeluExt/IndexAddExt (kernels MindSpore's CPU build lacks) against their formulas."""
    from mindcell.ops.auto_generate import AddExt, SubExt, TExt, Narrow, Chunk, GeluExt, IndexAddExt
    a = np.arange(12, dtype=np.float32).reshape(3, 4) / 5 - 1
    x, y = ms.Tensor(a), ms.Tensor(np.full((3, 4), 0.5, np.float32))
    np.testing.assert_allclose(AddExt()(x, y, 2).asnumpy()[0], [0.0, 0.2, 0.4, 0.6], atol=1e-6)
    np.testing.assert_allclose(AddExt()(x, 2.0, 3).asnumpy()[2], [6.6, 6.8, 7.0, 7.2], rtol=1e-6)
    np.testing.assert_allclose(SubExt()(x, y, 3).asnumpy()[1], [-1.7, -1.5, -1.3, -1.1], rtol=1e-6)
    assert TExt()(x).shape == (4, 3)
    np.testing.assert_allclose(Narrow()(x, 1, 1, 2).asnumpy(), [[-0.8, -0.6], [0.0, 0.2], [0.8, 1.0]],
                               atol=1e-6)
    assert [c.shape for c in Chunk()(x, 2, 1)] == [(3, 2), (3, 2)]
    assert [c.shape for c in Chunk()(x, 2)] == [(2, 4), (1, 4)]
    from math import erf, sqrt
    want = [v * 0.5 * (1 + erf(v / sqrt(2))) for v in a.ravel()]
    np.testing.assert_allclose(GeluExt()(x).asnumpy().ravel(), want, rtol=1e-5, atol=1e-6)
    tanh_first = GeluExt()(x, "tanh").asnumpy().ravel()[0]
    assert tanh_first == pytest.approx(-0.15881, abs=1e-5)  # tanh approximation at -1
    out = IndexAddExt()(x, 0, ms.Tensor(np.array([0, 2], np.int32)),
                        ms.Tensor(np.ones((2, 4), np.float32)), 2).asnumpy()
    np.testing.assert_allclose(out, a + np.array([[2.0], [0.0], [2.0]], np.float32), rtol=1e-6)


# ----- ops.primitive._primexpr (mindformers' activation.py) --------------------------------------
@pytest.mark.parametrize("mode", [ms.PYNATIVE_MODE, ms.GRAPH_MODE])
def test_primexpr_runs_on_constants_and_shapes(mode):
    from mindcell.ops.primitive import _primexpr

    @_primexpr
    def scale(shape):
        return float(shape[-1]) ** -0.5

    class Net(ms.nn.Cell):
        def construct(self, x):
            return x * scale(x.shape)
    ms.set_context(mode=mode)
    try:
        # MindSpore 2.10 prints [[0.5, ...]] in both modes and 0.25
        assert Net()(ms.Tensor(np.ones((2, 4), np.float32))).asnumpy().tolist() == [[0.5] * 4] * 2
        assert scale((3, 16)) == 0.25
    finally:
        ms.set_context(mode=ms.PYNATIVE_MODE)
