"""Cell trees whose parameter names the naming cases record: containers filled at construction
or later, nesting, assignment order, auto_prefix=False, shared cells, explicit Parameter names,
ParameterTuples, update_parameters_name, container subclasses and late attributes.

``trees(ms)`` takes the framework module (MindSpore or mindcell) and returns an ordered list of
``(tag, build)``; each ``build()`` makes a new, deterministic network (weights are ones).
Both the golden cases and tests/nn/test_param_naming_trees.py use it.
"""
from collections import OrderedDict

import numpy as np


def trees(ms):
    nn, Parameter, Tensor, ParameterTuple = ms.nn, ms.Parameter, ms.Tensor, ms.ParameterTuple

    def dense():
        return nn.Dense(2, 2, weight_init="ones")

    def param(name=None):
        value = Tensor(np.ones(2, np.float32))
        return Parameter(value) if name is None else Parameter(value, name=name)

    class Holder(nn.Cell):
        def __init__(self, auto_prefix=True):
            super().__init__(auto_prefix)

        def construct(self, x):
            return x

    def holder(**children):
        h = Holder()
        for key, value in children.items():
            setattr(h, key, value)
        return h

    out = []

    def tree(fn):
        out.append((fn.__name__, fn))
        return fn

    # ----- SequentialCell --------------------------------------------------------------
    @tree
    def seq_full():
        return holder(layers=nn.SequentialCell([dense(), nn.ReLU(), dense()]))

    @tree
    def seq_full_args():
        return holder(layers=nn.SequentialCell(dense(), nn.ReLU(), dense()))

    @tree
    def seq_single_cell():
        return holder(layers=nn.SequentialCell(dense()))

    @tree
    def seq_empty_append():
        h = holder(layers=nn.SequentialCell())
        for cell in (dense(), nn.ReLU(), dense()):
            h.layers.append(cell)
        return h

    @tree
    def seq_filled_then_assigned():
        s = nn.SequentialCell()
        s.append(dense())
        s.append(dense())
        return holder(layers=s)

    @tree
    def seq_full_append():
        h = holder(layers=nn.SequentialCell([dense(), nn.ReLU()]))
        h.layers.append(dense())
        return h

    @tree
    def seq_relu_first_append():
        h = holder(layers=nn.SequentialCell([nn.ReLU(), dense()]))
        h.layers.append(dense())
        return h

    @tree
    def seq_only_relu_append():
        h = holder(layers=nn.SequentialCell([nn.ReLU()]))
        h.layers.append(dense())
        return h

    @tree
    def seq_setitem():
        h = holder(layers=nn.SequentialCell([dense(), nn.ReLU(), dense()]))
        h.layers[1] = dense()
        h.layers[0] = dense()
        return h

    @tree
    def seq_delitem():
        h = holder(layers=nn.SequentialCell([dense(), nn.ReLU(), dense(), dense()]))
        del h.layers[1]
        del h.layers[0]
        return h

    @tree
    def seq_delitem_slice():
        h = holder(layers=nn.SequentialCell([dense(), dense(), dense(), dense()]))
        del h.layers[1:3]
        return h

    @tree
    def seq_empty_append_delitem():
        h = holder(layers=nn.SequentialCell())
        for _ in range(3):
            h.layers.append(dense())
        del h.layers[0]
        return h

    @tree
    def seq_slice():
        h = holder(layers=nn.SequentialCell([dense(), dense(), dense()]))
        h.part = h.layers[1:]
        return h

    @tree
    def seq_slice_not_kept():
        h = holder(layers=nn.SequentialCell([dense(), dense(), dense()]))
        h.layers[1:]  # noqa: B018 - the slice itself is what renames, in MindSpore
        return h

    @tree
    def seq_od():
        return holder(body=nn.SequentialCell(OrderedDict([("fc", dense()), ("act", nn.ReLU()),
                                                          ("out", dense())])))

    @tree
    def seq_od_append():
        h = holder(body=nn.SequentialCell(OrderedDict([("fc", dense()), ("act", nn.ReLU())])))
        h.body.append(dense())
        return h

    @tree
    def seq_od_setitem_delitem():
        h = holder(body=nn.SequentialCell(OrderedDict([("fc", dense()), ("act", nn.ReLU()),
                                                       ("out", dense())])))
        h.body[2] = dense()
        del h.body[1]
        return h

    @tree
    def seq_od_mixed_delitem():
        h = holder(body=nn.SequentialCell(OrderedDict([("fc", dense()), ("out", dense())])))
        h.body.append(dense())
        h.body.append(dense())
        del h.body[0]
        return h

    @tree
    def seq_key_twice_in_name():
        # the first child's names are 'layers.0.0.weight': the key '0' occurs twice and, with
        # no second parameter-holding child to tell, the later occurrence is taken
        h = holder(layers=nn.SequentialCell([nn.SequentialCell([dense()])]))
        h.layers.append(dense())
        return h

    @tree
    def seq_key_twice_in_name_second_child():
        h = holder(layers=nn.SequentialCell([nn.SequentialCell([dense()]), dense()]))
        h.layers.append(dense())
        return h

    @tree
    def list_key_twice_delitem():
        h = holder(layers=nn.CellList([nn.ReLU(), nn.CellList([dense(), dense()]), dense()]))
        del h.layers[0]
        return h

    # ----- CellList ----------------------------------------------------------------------
    @tree
    def list_full():
        return holder(layers=nn.CellList([dense(), nn.ReLU(), dense()]))

    @tree
    def list_empty_append():
        h = holder(layers=nn.CellList())
        h.layers.append(dense())
        h.layers.append(dense())
        return h

    @tree
    def list_empty_extend():
        h = holder(layers=nn.CellList())
        h.layers.extend([dense(), dense()])
        return h

    @tree
    def list_empty_insert():
        h = holder(layers=nn.CellList())
        h.layers.insert(0, dense())
        h.layers.insert(0, dense())
        return h

    @tree
    def list_full_append_extend_insert():
        h = holder(layers=nn.CellList([dense()]))
        h.layers.append(dense())
        h.layers.extend([dense()])
        h.layers.insert(1, dense())
        return h

    @tree
    def list_iadd():
        h = holder(layers=nn.CellList([dense()]))
        h.layers += [dense()]
        return h

    @tree
    def list_empty_iadd():
        h = holder(layers=nn.CellList())
        h.layers += [dense(), dense()]
        return h

    @tree
    def list_setitem():
        h = holder(layers=nn.CellList([dense(), dense()]))
        h.layers[0] = dense()
        h.layers[-1] = dense()
        return h

    @tree
    def list_empty_append_setitem():
        h = holder(layers=nn.CellList())
        h.layers.append(dense())
        h.layers.append(dense())
        h.layers[1] = dense()
        return h

    @tree
    def list_delitem():
        h = holder(layers=nn.CellList([dense(), dense(), dense()]))
        del h.layers[0]
        return h

    @tree
    def list_delitem_slice():
        h = holder(layers=nn.CellList([dense(), dense(), dense(), dense()]))
        del h.layers[:2]
        return h

    @tree
    def list_relu_first_delitem():
        h = holder(layers=nn.CellList([nn.ReLU(), dense(), dense()]))
        del h.layers[0]
        return h

    @tree
    def list_slice():
        h = holder(layers=nn.CellList([dense(), dense(), dense()]))
        h.part = h.layers[1:]
        return h

    @tree
    def list_filled_then_assigned():
        cl = nn.CellList()
        cl.append(dense())
        cl.append(dense())
        return holder(layers=cl)

    @tree
    def list_two_empty_appended():
        h = holder(a=nn.CellList(), b=nn.CellList())
        h.a.append(dense())
        h.b.append(dense())
        return h

    # ----- CellDict ----------------------------------------------------------------------
    @tree
    def dict_full():
        return holder(heads=nn.CellDict(OrderedDict([("a", dense()), ("b", dense())])))

    @tree
    def dict_empty_setitem():
        h = holder(heads=nn.CellDict())
        h.heads["a"] = dense()
        h.heads["b"] = dense()
        return h

    @tree
    def dict_full_setitem_update():
        h = holder(heads=nn.CellDict({"a": dense()}))
        h.heads["b"] = dense()
        h.heads.update([("c", dense())])
        return h

    @tree
    def dict_delitem_pop():
        h = holder(heads=nn.CellDict(OrderedDict([("a", dense()), ("b", dense()),
                                                  ("c", dense())])))
        del h.heads["a"]
        h.heads.pop("b")
        return h

    # ----- nesting -----------------------------------------------------------------------
    @tree
    def nest_full():
        return holder(blocks=nn.CellList([nn.SequentialCell([dense(), dense()]),
                                          nn.SequentialCell([dense()])]))

    @tree
    def nest_inner_filled_before_outer_assigned():
        inner = nn.SequentialCell()
        inner.append(dense())
        outer = nn.CellList()
        outer.append(inner)
        outer.append(dense())
        return holder(blocks=outer)

    @tree
    def nest_outer_assigned_then_inner_appended():
        h = holder(blocks=nn.CellList([nn.SequentialCell([dense()])]))
        h.blocks[0].append(dense())
        return h

    @tree
    def nest_empty_inner_appended_later():
        h = holder(blocks=nn.CellList())
        h.blocks.append(nn.SequentialCell())
        h.blocks[0].append(dense())
        h.blocks.append(nn.SequentialCell())
        h.blocks[1].append(dense())
        return h

    @tree
    def nest_deep_wrapped():
        h = holder(blocks=nn.CellList([nn.SequentialCell([dense()])]))
        outer = holder(net=h)
        h.blocks[0].append(dense())
        h.blocks.append(nn.CellList())
        h.blocks[1].append(dense())
        return outer

    @tree
    def nest_list_in_seq_od():
        return holder(body=nn.SequentialCell(OrderedDict([
            ("stage", nn.SequentialCell([dense(), dense()])), ("head", dense())])))

    # ----- assignment order inside __init__ ----------------------------------------------
    class FillBefore(nn.Cell):
        def __init__(self):
            super().__init__()
            layers = nn.SequentialCell()
            layers.append(dense())
            layers.append(dense())
            self.layers = layers

        def construct(self, x):
            return self.layers(x)

    class FillAfter(nn.Cell):
        def __init__(self):
            super().__init__()
            self.layers = nn.SequentialCell()
            self.layers.append(dense())
            self.layers.append(dense())
            self.heads = nn.CellList()
            self.heads.append(dense())

        def construct(self, x):
            return self.layers(x)

    class FillAfterDistinct(nn.Cell):
        """FillAfter with one empty-filled container, so no two names collide."""

        def __init__(self):
            super().__init__()
            self.scale = param()
            self.stem = dense()
            self.layers = nn.SequentialCell()
            self.layers.append(dense())
            self.layers.append(nn.ReLU())
            self.layers.append(dense())

        def construct(self, x):
            return self.layers(self.stem(x))

    @tree
    def init_fill_before():
        return FillBefore()

    @tree
    def init_fill_after():
        return FillAfter()

    @tree
    def init_fill_after_distinct():
        return FillAfterDistinct()

    @tree
    def init_fill_after_wrapped():
        return holder(model=FillAfter())

    @tree
    def init_fill_after_wrapped_twice():
        return holder(outer=holder(model=FillAfterDistinct()))

    # ----- auto_prefix=False -------------------------------------------------------------
    @tree
    def no_prefix_cell():
        h = Holder(auto_prefix=False)
        h.fc = dense()
        h.layers = nn.SequentialCell([dense()])
        return h

    @tree
    def no_prefix_cell_wrapped():
        h = Holder(auto_prefix=False)
        h.fc = dense()
        return holder(inner=h)

    @tree
    def no_prefix_list():
        h = holder(layers=nn.CellList([dense()], auto_prefix=False))
        h.layers.append(dense())
        return h

    @tree
    def no_prefix_dict():
        h = holder(heads=nn.CellDict({"a": dense()}, auto_prefix=False))
        h.heads["b"] = dense()
        return h

    @tree
    def no_prefix_list_wrapped():
        h = holder(layers=nn.CellList([dense()], auto_prefix=False))
        h.layers.append(dense())
        return holder(top=h)

    # ----- shared cells ------------------------------------------------------------------
    @tree
    def shared_attr():
        d = dense()
        return holder(a=d, b=d)

    @tree
    def shared_in_two_lists():
        d = dense()
        return holder(first=nn.CellList([d, dense()]), second=nn.SequentialCell([dense(), d]))

    @tree
    def shared_attr_and_seq():
        d = dense()
        return holder(seq=nn.SequentialCell([d]), head=d)

    # ----- Parameters --------------------------------------------------------------------
    class Params(nn.Cell):
        def __init__(self):
            super().__init__()
            self.w = param("my_w")
            self.b = param()
            self.fc = dense()

        def construct(self, x):
            return x

    @tree
    def params_explicit_names():
        return Params()

    @tree
    def params_explicit_names_wrapped():
        return holder(p=Params())

    @tree
    def params_in_seq():
        return holder(seq=nn.SequentialCell([Params()]))

    @tree
    def params_late_attr():
        h = holder()
        h.w = param("late_w")
        h.v = param()
        return h

    class Tuples(nn.Cell):
        def __init__(self):
            super().__init__()
            self.pt = ParameterTuple([param("t_a"), param("t_b")])
            self.fc = dense()

        def construct(self, x):
            return x

    @tree
    def param_tuple():
        return Tuples()

    @tree
    def param_tuple_wrapped():
        return holder(t=Tuples())

    class ParamList(nn.Cell):
        def __init__(self):
            super().__init__()
            self.plist = [param("l_a"), param("l_b")]
            self.fc = dense()

        def construct(self, x):
            return x

    @tree
    def param_list_attr():
        return holder(pl=ParamList())

    # ----- update_parameters_name --------------------------------------------------------
    @tree
    def update_prefix():
        h = holder(layers=nn.SequentialCell([dense()]), fc=dense())
        h.update_parameters_name("pre.")
        return h

    @tree
    def update_prefix_then_append():
        h = holder(layers=nn.SequentialCell([dense()]))
        h.update_parameters_name("pre.")
        h.layers.append(dense())
        h.extra = dense()
        return h

    @tree
    def update_empty_prefix_fixes_paths():
        h = FillAfter()
        h.update_parameters_name()
        return h

    @tree
    def update_prefix_no_recurse():
        h = Params()
        h.update_parameters_name("x.", recurse=False)
        return h

    # ----- container subclasses ----------------------------------------------------------
    class MyList(nn.CellList):
        def __init__(self, n):
            super().__init__()
            for _ in range(n):
                self.append(dense())

    class MySeq(nn.SequentialCell):
        def __init__(self):
            super().__init__([dense(), nn.ReLU()])
            self.append(dense())

    @tree
    def subclass_list():
        return holder(blocks=MyList(2))

    @tree
    def subclass_list_appended_later():
        h = holder(blocks=MyList(1))
        h.blocks.append(dense())
        return h

    @tree
    def subclass_seq():
        return holder(body=MySeq())

    # ----- attributes added after construction -------------------------------------------
    @tree
    def late_attr():
        h = holder(fc=dense())
        h.extra = dense()
        return h

    @tree
    def late_attr_deep():
        h = holder(body=holder(fc=dense()))
        h.body.extra = dense()
        return h

    @tree
    def late_container_deep():
        h = holder(body=holder())
        h.body.stack = nn.CellList()
        h.body.stack.append(dense())
        return h

    @tree
    def late_replace_child():
        h = holder(fc=dense(), out=dense())
        h.fc = dense()
        return h

    @tree
    def late_into_full_container_of_wrapped():
        model = holder(layers=nn.SequentialCell([dense()]))
        h = holder(model=model)
        model.layers.append(dense())
        return h

    return out


def extra_trees(ms):
    """Trees whose traversal (empty containers, cells without parameters) is what matters."""
    nn = ms.nn

    class Holder(nn.Cell):
        def construct(self, x):
            return x

    def empty_containers_left():
        h = Holder()
        h.fc = nn.Dense(2, 2, weight_init="ones")
        h.empty_list = nn.CellList()
        h.empty_seq = nn.SequentialCell()
        h.empty_dict = nn.CellDict()
        h.acts = nn.CellList([nn.ReLU()])
        return h

    def no_parameters():
        h = Holder()
        h.act = nn.ReLU()
        return h

    return [("empty_containers_left", empty_containers_left), ("no_parameters", no_parameters)]
