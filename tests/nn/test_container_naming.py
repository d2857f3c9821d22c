"""Parameter names of cells put into containers after construction (append, extend, insert,
setitem, delitem, nesting a filled container, filling an attached one) are the names MindSpore
2.10 gives them (each expected list below was printed by the MindSpore oracle): a container
reads its prefix off its children's names, so cells added to one that was empty, or to a child
that was already attached, are not named by their full path (nn/_cell/naming.py). The first
call (or check_names_and_refresh_name) turns colliding names into paths."""
from collections import OrderedDict
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given, settings, strategies as st

import mindcell as ms
from mindcell import nn


def dense():
    return nn.Dense(2, 2)


def names(cell):
    return [p.name for p in cell.get_parameters()]


def paths(cell):
    return [k for k, _ in cell.parameters_and_names()]


def assert_named_by_path(root, expected=None):
    want = paths(root) if expected is None else expected
    assert names(root) == want
    assert [p.name for p in root.trainable_params()] == want
    assert list(root.parameters_dict().keys()) == want
    if expected is not None:
        assert paths(root) == expected


class Holder(nn.Cell):
    """A plain cell holding whatever is assigned to it."""

    def construct(self, x):
        return x


def _wd(prefix):
    return [prefix + "weight", prefix + "bias"]


# ----- each builder returns (root, expected names) -----------------------------------------
def seq_append_after_attach():
    h = Holder()
    h.layers = nn.SequentialCell([dense(), nn.ReLU()])
    h.layers.append(dense())
    return h, _wd("layers.0.") + _wd("layers.2.")


def seq_od_append_after_attach():
    h = Holder()
    h.body = nn.SequentialCell(OrderedDict([("fc", dense()), ("act", nn.ReLU())]))
    h.body.append(dense())
    return h, _wd("body.fc.") + _wd("body.2.")


def seq_setitem_and_delitem():
    h = Holder()
    h.layers = nn.SequentialCell([dense(), nn.ReLU(), dense()])
    h.layers[1] = dense()
    del h.layers[0]
    return h, _wd("layers.0.") + _wd("layers.1.")


def celllist_append_extend_insert_setitem():
    h = Holder()
    h.layers = nn.CellList([dense()])
    h.layers += [dense()]  # (re-assigns h.layers, which renames the whole list)
    h.layers.append(dense())
    h.layers.extend([dense()])
    h.layers.insert(1, dense())
    h.layers[0] = dense()
    return h, sum((_wd("layers.%d." % i) for i in range(5)), [])


def celllist_delitem_renumbers():
    h = Holder()
    h.layers = nn.CellList([dense(), dense(), dense()])
    del h.layers[0]
    return h, _wd("layers.0.") + _wd("layers.1.")


def celldict_setitem_update():
    h = Holder()
    h.heads = nn.CellDict({"a": dense()})
    h.heads["b"] = dense()
    h.heads.update([("c", dense())])
    return h, _wd("heads.a.") + _wd("heads.b.") + _wd("heads.c.")


def parent_assigned_before_fill():
    h = Holder()
    h.layers = nn.CellList()
    for _ in range(2):
        h.layers.append(dense())
    h.seq = nn.SequentialCell()
    h.seq.append(dense())
    return h, _wd("0.") + _wd("1.") + _wd("0.")  # empty containers infer no prefix


def nest_after_fill():
    inner = nn.CellList()
    inner.append(dense())
    inner.append(nn.SequentialCell([dense()]))
    h = Holder()
    h.blocks = inner
    return h, _wd("blocks.0.") + _wd("blocks.1.0.")


def nested_container_mutated_deep():
    h = Holder()
    h.blocks = nn.CellList([nn.SequentialCell([dense()])])
    outer = Holder()
    outer.net = h
    h.blocks[0].append(dense())
    h.blocks.append(nn.CellList())
    h.blocks[1].append(dense())
    return outer, _wd("net.blocks.0.0.") + _wd("net.blocks.0.1.") + _wd("0.")


def attribute_added_to_attached_child():
    outer = Holder()
    outer.body = Holder()
    outer.body.fc = dense()
    outer.body.stack = nn.CellList()
    outer.body.stack.append(dense())
    return outer, _wd("fc.") + _wd("0.")  # named from the attribute, not the tree


def slicing_renames():
    h = Holder()
    h.layers = nn.SequentialCell([dense(), dense()])
    h.more = nn.CellList([dense(), dense()])
    part, part2 = h.layers[1:], h.more[:1]  # new containers, built from the sliced cells
    assert names(part) == _wd("1.") and names(part2) == _wd("0.")
    return h, _wd("layers.0.") + _wd("1.") + _wd("0.") + _wd("more.1.")


BUILDERS = [seq_append_after_attach, seq_od_append_after_attach, seq_setitem_and_delitem,
            celllist_append_extend_insert_setitem, celllist_delitem_renumbers,
            celldict_setitem_update, parent_assigned_before_fill, nest_after_fill,
            nested_container_mutated_deep, attribute_added_to_attached_child,
            slicing_renames]


def _unique(seq):
    return list(OrderedDict.fromkeys(seq))


@pytest.mark.parametrize("build", BUILDERS, ids=lambda b: b.__name__)
def test_names_are_mindspores(build):
    root, expected = build()
    assert names(root) == expected
    assert [p.name for p in root.trainable_params()] == expected
    assert list(root.parameters_dict().keys()) == _unique(expected)
    root.check_names_and_refresh_name()
    if len(set(expected)) < len(expected):  # colliding names become paths
        assert_named_by_path(root)
    else:
        assert names(root) == expected


@pytest.mark.parametrize("build", BUILDERS, ids=lambda b: b.__name__)
def test_checkpoint_round_trip_loads_every_parameter(build, tmp_path):
    src, expected = build()
    path = str(tmp_path / "net.ckpt")
    ms.save_checkpoint(src, path)
    assert list(ms.load_checkpoint(path).keys()) == _unique(expected)  # what MindSpore writes
    if len(set(expected)) < len(expected):  # one entry per name: round trip once refreshed
        src.check_names_and_refresh_name()
        ms.save_checkpoint(src, path)
    dst, _ = build()
    dst.check_names_and_refresh_name()
    for p in dst.get_parameters():  # make the values differ from the saved ones
        p.set_data(ms.Tensor(np.full(p.shape, 7.0, np.float32)))
    not_loaded, unused = ms.load_param_into_net(dst, ms.load_checkpoint(path))
    assert list(not_loaded) == [] and list(unused) == []
    for a, b in zip(src.get_parameters(), dst.get_parameters()):
        np.testing.assert_array_equal(a.asnumpy(), b.asnumpy())


def test_auto_prefix_false_list_leaves_children_unprefixed():
    h = Holder()
    h.layers = nn.CellList([dense()], auto_prefix=False)
    h.layers.append(dense())
    assert names(h) == _wd("layers.0.") + _wd("")  # nothing renames the appended cell
    outer = Holder()
    outer.h = h  # a parent naming the whole tree gives full paths, as in MindSpore
    assert_named_by_path(outer)


# ----- property: any sequence of mutations gives names that refresh to attribute paths -----
CONTAINERS = ["seq", "list", "dict"]
MUTATIONS = ["append", "extend", "insert", "setitem", "delitem", "attach", "nest"]


def _new_container(kind):
    return {"seq": nn.SequentialCell, "list": nn.CellList, "dict": nn.CellDict}[kind]()


def _leaf(i):
    return dense() if i % 3 else nn.ReLU()


def _apply(root, target_index, mutation, kind, i):
    cells = [c for _, c in root.cells_and_names()]
    target = cells[target_index % len(cells)]
    new = _new_container(kind) if mutation == "nest" else _leaf(i)
    if isinstance(target, nn.CellDict):
        if isinstance(new, (nn.CellDict, nn.CellList, nn.SequentialCell)):
            new = _leaf(i)  # a CellDict holds no containers (TypeError, as in MindSpore)
        if mutation == "delitem" and len(target):
            del target[list(target.keys())[i % len(target)]]
        else:
            target["k%d" % i] = new
    elif isinstance(target, (nn.SequentialCell, nn.CellList)):
        n = len(target)
        if mutation in ("setitem", "delitem") and n:
            if mutation == "setitem":
                target[i % n] = new
            else:
                del target[i % n]
        elif mutation == "insert" and isinstance(target, nn.CellList):
            target.insert(i % (n + 1), new)
        elif mutation == "extend" and isinstance(target, nn.CellList):
            target.extend([new, _leaf(i + 1)])
        else:
            target.append(new)
    else:  # a plain cell: a new attribute (a container or a leaf)
        setattr(target, "a%d" % i, new if mutation != "attach" else _new_container(kind))


@settings(max_examples=60, deadline=None)
@given(st.lists(st.tuples(st.integers(0, 50), st.sampled_from(MUTATIONS),
                          st.sampled_from(CONTAINERS)), max_size=12),
       st.booleans())
def test_any_mutation_sequence_refreshes_to_paths(steps, wrap_at_end):
    def build():
        root = Holder()
        root.body = Holder()
        for i, (target_index, mutation, kind) in enumerate(steps):
            _apply(root, target_index, mutation, kind, i)
        if wrap_at_end:
            top = Holder()
            top.model = root
            _apply(top, len(steps), "append", "list", 99)
            root = top
        return root

    root, again = build(), build()
    assert names(root) == names(again)  # names depend only on the steps
    if len(set(names(root))) < len(names(root)):
        root(ms.Tensor(np.ones(2, np.float32)))  # the first call renames colliding names
        assert_named_by_path(root)
    root.update_parameters_name()
    assert_named_by_path(root)


NESTED = str(Path(__file__).resolve().parents[2].parent / "shared" / "interop" / "nested")


class _Block(nn.Cell):
    def __init__(self):
        super().__init__()
        self.conv = nn.Conv2d(2, 3, 3, has_bias=True)
        self.bn = nn.BatchNorm2d(3)

    def construct(self, x):
        return self.bn(self.conv(x))


class _FilledLate(nn.Cell):
    """The net of shared/interop/nested.ckpt, its containers filled after being attached."""

    def __init__(self):
        super().__init__()
        self.scale = ms.Parameter(ms.Tensor(np.ones(1, np.float32)))
        self.block = _Block()
        self.layers = nn.SequentialCell()
        for cell in (nn.Dense(4, 4), nn.ReLU(), nn.Dense(4, 2)):
            self.layers.append(cell)
        self.heads = nn.CellList()
        self.heads.append(nn.Dense(2, 2))
        self.emb = nn.Embedding(5, 3)

    def construct(self, x):
        return x


@pytest.mark.skipif(not __import__("os").path.exists(NESTED + ".ckpt"), reason="no sample")
def test_mindspore_checkpoint_loads_into_late_filled_containers():
    net = _FilledLate()  # 'layers.0' and 'heads.0' are both named '0.weight' until called
    with pytest.raises(RuntimeError, match="same shape"):  # as in MindSpore
        ms.load_param_into_net(net, ms.load_checkpoint(NESTED + ".ckpt"))
    net(ms.Tensor(np.ones((1, 4), np.float32)))
    not_loaded, _ = ms.load_param_into_net(net, ms.load_checkpoint(NESTED + ".ckpt"))
    assert list(not_loaded) == []
    want = np.load(NESTED + ".npz")
    for name, p in net.parameters_dict().items():
        np.testing.assert_array_equal(p.asnumpy(), want[name])
