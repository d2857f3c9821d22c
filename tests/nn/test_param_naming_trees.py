"""Checkpoints move between MindSpore 2.10 and mindcell for the Cell trees of
tests/goldens/naming/cases/_trees.py (containers filled at construction or later, nesting,
auto_prefix=False, shared cells, explicit names, ParameterTuples, update_parameters_name ...).

tests/goldens/naming/ckpt/<tree>.ckpt were written by MindSpore (checkpoints.py write-ms),
parameter ``i`` holding ``i + 1``; the names themselves are compared with MindSpore's by the
golden cases (tests/goldens/naming). The other direction (mindcell writes, MindSpore loads) was
checked with the oracle: ``checkpoints.py write-mc DIR`` then ``check DIR`` (75 of 75 load).
"""
import importlib.util
from collections import Counter
from pathlib import Path

import numpy as np
import pytest

import mindcell as ms
from mindcell import nn
from mindcell.nn._cell.naming import container_prefix

NAMING = Path(__file__).resolve().parents[1] / "goldens" / "naming"


def _load(name, path):
    spec = importlib.util.spec_from_file_location(name, path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


_trees = _load("_naming_trees", NAMING / "cases" / "_trees.py")
TREES = dict(_trees.trees(ms))
MS_CKPTS = sorted(p.stem for p in (NAMING / "ckpt").glob("*.ckpt"))


def names(net):
    return [p.name for p in net.get_parameters()]


def paths(net):
    return [k for k, _ in net.parameters_and_names()]


def values(net):
    return [float(p.asnumpy().reshape(-1)[0]) for p in net.get_parameters()]


def has_duplicates(net):
    return len(set(names(net))) < len(names(net))


def fill(net, first=1):
    for i, p in enumerate(net.get_parameters()):
        p.set_data(ms.Tensor(np.full(p.shape, i + first, np.float32)))


def test_every_tree_with_unique_names_has_a_mindspore_checkpoint():
    unique = sorted(t for t, build in TREES.items()
                    if names(build()) and not has_duplicates(build()))
    assert unique == MS_CKPTS
    assert len(MS_CKPTS) >= 70


@pytest.mark.parametrize("tag", MS_CKPTS)
def test_mindspore_checkpoint_loads_whole(tag):
    net = TREES[tag]()
    fill(net, first=100)
    not_loaded, unused = ms.load_param_into_net(net, ms.load_checkpoint(
        str(NAMING / "ckpt" / (tag + ".ckpt"))))
    assert list(not_loaded) == [] and list(unused) == []
    assert values(net) == [i + 1.0 for i in range(len(values(net)))]  # each in its place


@pytest.mark.parametrize("tag", MS_CKPTS)
def test_mindcell_checkpoint_has_mindspores_keys(tag, tmp_path):
    net = TREES[tag]()
    fill(net)
    path = str(tmp_path / "net.ckpt")
    ms.save_checkpoint(net, path)
    ours = ms.load_checkpoint(path)
    theirs = ms.load_checkpoint(str(NAMING / "ckpt" / (tag + ".ckpt")))
    assert list(ours) == list(theirs)
    for key in theirs:
        np.testing.assert_array_equal(ours[key].asnumpy(), theirs[key].asnumpy())


DUPLICATED = [t for t, build in TREES.items() if has_duplicates(build())]


def test_some_trees_have_colliding_names():
    assert {"list_two_empty_appended", "init_fill_after",
            "nest_empty_inner_appended_later"} <= set(DUPLICATED)


@pytest.mark.parametrize("tag", DUPLICATED)
@pytest.mark.parametrize("mode", [ms.PYNATIVE_MODE, ms.GRAPH_MODE])
def test_colliding_names_become_paths_at_first_call_then_round_trip(tag, mode, tmp_path):
    ms.set_context(mode=mode)
    try:
        net = TREES[tag]()
        count = Counter(names(net))
        path = str(tmp_path / "net.ckpt")
        ms.save_checkpoint(net, path)  # one entry per name, as MindSpore writes
        assert list(ms.load_checkpoint(path)) == list(count)
        net(ms.Tensor(np.ones((1, 2), np.float32)))
        assert names(net) == paths(net)
        fill(net)
        ms.save_checkpoint(net, path)
        other = TREES[tag]()
        other(ms.Tensor(np.ones((1, 2), np.float32)))
        not_loaded, unused = ms.load_param_into_net(other, ms.load_checkpoint(path))
        assert list(not_loaded) == [] and list(unused) == []
        assert values(other) == values(net)
    finally:
        ms.set_context(mode=ms.PYNATIVE_MODE)


def test_names_are_given_when_placed_not_from_the_tree():
    root = TREES["late_attr_deep"]()
    assert names(root) == ["body.fc.weight", "body.fc.bias", "extra.weight", "extra.bias"]
    assert paths(root)[2:] == ["body.extra.weight", "body.extra.bias"]
    root(ms.Tensor(np.ones((1, 2), np.float32)))  # unique names: the call keeps them
    assert names(root)[2:] == ["extra.weight", "extra.bias"]
    root.update_parameters_name()
    assert names(root) == paths(root)


class _P:
    def __init__(self, name):
        self.name = name


class _Leaf:
    """Stands for a cell: its first parameter has ``name``."""

    def __init__(self, name):
        self._name = name

    def parameters_and_names(self):
        if self._name is not None:
            yield "p", _P(self._name)


@pytest.mark.parametrize("children,expected", [
    ({}, ("", 0)),
    ({"0": _Leaf(None), "1": _Leaf(None)}, ("", 0)),
    ({"0": _Leaf("0.weight")}, ("", 0)),
    ({"0": _Leaf("layers.0.weight")}, ("layers.", 1)),
    ({"0": _Leaf(None), "1": _Leaf("a.b.1.weight")}, ("a.b.", 2)),
    ({"fc": _Leaf("body.fc.weight")}, ("body.", 1)),
    ({"0": _Leaf("x.weight")}, ("", 0)),                       # key not in the name
    ({"0": _Leaf("l.0.0.weight")}, ("l.0.", 2)),               # ambiguous: the last one
    ({"0": _Leaf("l.0.0.weight"), "1": _Leaf("l.1.weight")}, ("l.", 1)),  # told apart
    ({"0": _Leaf("l.0.0.weight"), "1": _Leaf("z")}, ("l.0.", 2)),  # short second name
])
def test_container_prefix_reads_the_first_childs_name(children, expected):
    assert container_prefix(children) == expected


def test_slices_rename_as_in_mindspore():
    h = TREES["seq_slice_not_kept"]()
    assert names(h) == ["layers.0.weight", "layers.0.bias", "1.weight", "1.bias",
                        "2.weight", "2.bias"]
    cl = nn.CellList([nn.Dense(2, 2), nn.Dense(2, 2)])
    part = cl[1:]
    assert type(part) is nn.CellList and names(part) == ["0.weight", "0.bias"]
