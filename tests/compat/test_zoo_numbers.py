"""Training numbers of model-zoo style networks against MindSpore 2.10.

The networks (a grouped-convolution bottleneck net, a depthwise/squeeze-excite net and a
patch-embedding attention net) are defined in ``tests/goldens/zoo_numbers/cases/001_train_steps.py``,
which real MindSpore ran to record ``golden/001_train_steps.jsonl``: eval outputs, three SGD
steps' losses (lr 0.01, momentum 0.9, BatchNorm batch statistics) and each parameter's abs-sum
under its checkpoint name, in PYNATIVE_MODE and GRAPH_MODE. Here the same case runs on mindcell
with the tolerances of a training comparison (rtol 1e-4 forward, 1e-3 losses after 3 steps), and
MindSpore's parameter names must load through a checkpoint round trip."""
import json
import math
import pathlib
import sys
import types

import numpy as np
import pytest

import mindcell as ms
from mindcell import nn, ops, Tensor, Parameter

GOLDEN = pathlib.Path(__file__).parents[1] / "goldens" / "zoo_numbers"
CASE = GOLDEN / "cases" / "001_train_steps.py"
RECORD = GOLDEN / "golden" / "001_train_steps.jsonl"


def _to_py(value):
    """What the conformance emitter keeps of a value: numbers as nested lists."""
    if isinstance(value, Tensor):
        return value.asnumpy().tolist()
    if isinstance(value, np.ndarray):
        return value.tolist()
    if isinstance(value, dict):
        return {str(k): _to_py(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_to_py(v) for v in value]
    return value


@pytest.fixture(scope="module")
def case():
    """Runs the case on mindcell through a ``_target`` module that collects what it emits."""
    got = {}
    target = types.ModuleType("_target")
    target.ms, target.nn, target.ops, target.Tensor, target.Parameter = ms, nn, ops, Tensor, \
        Parameter
    target.emit = lambda key, value: got.__setitem__(key, _to_py(value))
    saved = sys.modules.get("_target")
    sys.modules["_target"] = target
    try:
        namespace = {"__name__": "zoo_numbers_case"}
        exec(compile(CASE.read_text(), str(CASE), "exec"), namespace)
    finally:
        if saved is None:
            sys.modules.pop("_target", None)
        else:
            sys.modules["_target"] = saved
        ms.set_context(mode=ms.PYNATIVE_MODE)
    want = {}
    for line in RECORD.read_text().splitlines():
        rec = json.loads(line)
        want[rec["k"]] = rec["v"]
    return types.SimpleNamespace(got=got, want=want, ns=namespace)


NETS = ("grouped", "depthwise", "attention")
MODES = ("pynative", "graph")


def _close(got, want, rtol, atol=1e-5):
    got, want = np.asarray(got, np.float64), np.asarray(want, np.float64)
    assert got.shape == want.shape
    # the golden keeps 5 significant digits: allow that rounding on top of rtol
    tol = atol + rtol * np.abs(want) + 5e-5 * np.abs(want)
    assert np.all(np.abs(got - want) <= tol), (got, want)


def test_every_golden_key_is_produced(case):
    assert list(case.got) == list(case.want)


@pytest.mark.parametrize("net", NETS)
@pytest.mark.parametrize("mode", MODES)
def test_eval_output_matches_mindspore(case, net, mode):
    key = "%s.%s.eval" % (net, mode)
    _close(case.got[key], case.want[key], 1e-4)


@pytest.mark.parametrize("net", NETS)
@pytest.mark.parametrize("mode", MODES)
def test_three_sgd_steps_match_mindspore(case, net, mode):
    tag = "%s.%s" % (net, mode)
    losses = case.got[tag + ".losses"]
    assert len(losses) == 3 and all(math.isfinite(v) for v in losses)
    assert losses[2] < losses[0]   # it trains
    _close(losses, case.want[tag + ".losses"], 1e-3)
    _close(case.got[tag + ".eval_after"], case.want[tag + ".eval_after"], 1e-3)


@pytest.mark.parametrize("net", NETS)
@pytest.mark.parametrize("mode", MODES)
def test_parameters_after_training_match_mindspore(case, net, mode):
    key = "%s.%s.params" % (net, mode)
    got, want = case.got[key], case.want[key]
    assert list(got) == list(want)   # MindSpore's checkpoint names, in its order
    _close([got[k] for k in want], list(want.values()), 1e-3)


@pytest.mark.parametrize("net,cls", [("grouped", "GroupedNet"), ("depthwise", "DepthwiseNet"),
                                     ("attention", "AttentionNet")])
def test_checkpoint_with_mindspore_names_round_trips(case, net, cls, tmp_path):
    names = list(case.want["%s.pynative.params" % net])
    src = case.ns[cls]()
    case.ns["init_params"](src, 3)
    path = str(tmp_path / (net + ".ckpt"))
    ms.save_checkpoint(src, path)
    loaded = ms.load_checkpoint(path)
    assert list(loaded) == names
    dst = case.ns[cls]()
    assert ms.load_param_into_net(dst, loaded, strict_load=True) == ([], [])
    for p, q in zip(src.get_parameters(), dst.get_parameters()):
        np.testing.assert_array_equal(p.asnumpy(), q.asnumpy())
