"""When colliding parameter names are refreshed to paths (a cell's first call in both modes,
check_names_and_refresh_name, not for a cell whose names are unique, relative to the cell that
is called first), which value a checkpoint keeps for a name two parameters share, and the
container errors and return values that go with naming."""
import os
import tempfile

import numpy as np

from _target import ms, nn, Tensor, emit


def dense():
    return nn.Dense(2, 2, weight_init="ones", bias_init="zeros")


class Holder(nn.Cell):
    def construct(self, x):
        return x


class FillAfter(nn.Cell):
    def __init__(self):
        super().__init__()
        self.layers = nn.SequentialCell()
        self.layers.append(dense())
        self.layers.append(dense())
        self.heads = nn.CellList()
        self.heads.append(dense())

    def construct(self, x):
        return self.heads[0](self.layers(x))


def names(net):
    return [p.name for p in net.get_parameters()]


def err(key, fn):
    try:
        emit(key, fn())
    except Exception as e:  # noqa: BLE001 - the exception type is the recorded result
        emit(key, e)


x = Tensor(np.ones((1, 2), np.float32))
for mode_name, mode in (("pynative", ms.PYNATIVE_MODE), ("graph", ms.GRAPH_MODE)):
    ms.set_context(mode=mode)
    net = FillAfter()
    emit(mode_name + "/before_call", names(net))
    emit(mode_name + "/out", net(x))
    emit(mode_name + "/after_call", names(net))
    net.layers.append(dense())  # added after the first call: no second refresh
    emit(mode_name + "/append_after_call", names(net))
    net(x)
    emit(mode_name + "/after_second_call", names(net))
ms.set_context(mode=ms.PYNATIVE_MODE)

h = Holder()
h.a = nn.CellList()
h.a.append(dense())
h.b = nn.CellList()
h.b.append(dense())
emit("explicit/before", names(h))
h.check_names_and_refresh_name()
emit("explicit/after", names(h))

outer = Holder()
outer.body = Holder()
outer.body.a = nn.CellList()
outer.body.a.append(dense())
outer.body.b = nn.CellList()
outer.body.b.append(dense())
outer.body(x)  # the inner cell is called first: paths from it
emit("inner_first/after_inner", names(outer))
outer(x)
emit("inner_first/after_outer", names(outer))

unique = Holder()
unique.body = Holder()
unique.body.extra = dense()
unique(x)
emit("unique/after_call", names(unique))

dup = FillAfter()
for i, p in enumerate(dup.get_parameters()):
    p.set_data(Tensor(np.full(p.shape, i + 1, np.float32)))
path = os.path.join(tempfile.mkdtemp(), "dup.ckpt")
ms.save_checkpoint(dup, path)
loaded = ms.load_checkpoint(path)
emit("dup_ckpt/keys", list(loaded))
emit("dup_ckpt/first_values", [float(v.asnumpy().reshape(-1)[0]) for v in loaded.values()])
emit("dup_dict/first_values", [float(v.asnumpy().reshape(-1)[0])
                               for v in dup.parameters_dict().values()])

cl = nn.CellList([dense()])
emit("list_append_returns", cl.append(dense()))
emit("list_extend_returns_self", cl.extend([dense()]) is cl)
seq = nn.SequentialCell([dense()])
emit("seq_append_returns", seq.append(dense()))
emit("seq_has_insert", hasattr(seq, "insert"))
emit("seq_has_extend", hasattr(seq, "extend"))
emit("empty_list_bool", bool(nn.CellList()))
emit("empty_seq_bool", bool(nn.SequentialCell()))
emit("empty_dict_bool", bool(nn.CellDict()))
emit("full_list_bool", bool(cl))
err("e_list_extend_tuple", lambda: nn.CellList().extend((dense(),)))
err("e_list_extend_celldict", lambda: nn.CellList().extend([nn.CellDict()]))
err("e_list_insert_range", lambda: nn.CellList([dense()]).insert(5, dense()))
err("e_list_insert_type", lambda: nn.CellList([dense()]).insert("0", dense()))
err("e_list_index_str", lambda: nn.CellList([dense()])["0"])
err("e_list_index_range", lambda: nn.CellList([dense()])[3])
err("e_list_delitem_str", lambda: nn.CellList([dense()]).__delitem__("0"))
err("e_seq_index_range", lambda: nn.SequentialCell([dense()])[3])
err("e_seq_setitem_not_cell", lambda: nn.SequentialCell([dense()]).__setitem__(0, 1))
err("e_dict_container_value", lambda: nn.CellDict().__setitem__("a", nn.CellList()))
err("e_dict_seq_value", lambda: nn.CellDict().__setitem__("a", nn.SequentialCell()))
err("e_dict_none_value", lambda: nn.CellDict().__setitem__("a", None))
err("e_dict_key_type", lambda: nn.CellDict().__setitem__(1, dense()))
err("e_dict_key_dot", lambda: nn.CellDict().__setitem__("a.b", dense()))
err("e_dict_key_empty", lambda: nn.CellDict().__setitem__("", dense()))
err("e_dict_key_attribute", lambda: nn.CellDict().__setitem__("training", dense()))
list_insert = nn.CellList()
list_insert.insert(0, dense())
list_insert.insert(-1, dense())
list_insert.insert(2, dense())
emit("list_insert_negative", names(list_insert))
# an optimizer over colliding names is refused until they are refreshed
err("e_optimizer_colliding_names", lambda: nn.Adam(FillAfter().trainable_params(), 0.1))
refreshed = FillAfter()
refreshed.check_names_and_refresh_name()
opt = nn.Momentum(refreshed.trainable_params(), 0.1, 0.9)
# the state named after the parameters (the order and the other entries of get_parameters are
# the optimizer's own business, not naming)
emit("optimizer_after_refresh", [p.name for p in opt.moments])
