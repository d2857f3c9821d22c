"""ops.functional's Python-value primitives: scalar arithmetic and comparisons (numbers and
Tensors), tuple/list/dict/slice helpers and their errors in PyNative; the ones MindSpore's
PyNative cannot infer (bool_and, string_concat, make_dict ...) inside a jit function."""
import numpy as np
from _target import ms, ops, Tensor, emit, emit_err

F = ops.functional

CALLS = [
    ("add", "scalar_add", (1, 2.5)), ("add_bool", "scalar_add", (True, 2)),
    ("sub", "scalar_sub", (3, 5)), ("mul", "scalar_mul", (3, 0.5)),
    ("div", "scalar_div", (7, 2)), ("div_exact", "scalar_div", (6, 3)),
    ("floordiv", "scalar_floordiv", (-7, 2)), ("floordiv_f", "scalar_floordiv", (7.5, 2)),
    ("mod", "scalar_mod", (-7, 3)), ("mod_f", "scalar_mod", (-7.5, 2)),
    ("pow", "scalar_pow", (2, 3)), ("pow_neg", "scalar_pow", (2, -1)),
    ("pow_f", "scalar_pow", (2.0, 0.5)), ("log", "scalar_log", (2.0,)), ("log1", "scalar_log", (1,)),
    ("uadd", "scalar_uadd", (3,)), ("usub", "scalar_usub", (2.5,)), ("usub_b", "scalar_usub", (True,)),
    ("max", "scalar_max", (1, 2.5)), ("min", "scalar_min", (1, 2.5)), ("max_i", "scalar_max", (3, 2)),
    ("eq", "scalar_eq", (1, 1.0)), ("lt", "scalar_lt", (1, 2)), ("gt", "scalar_gt", (1, 2)),
    ("le", "scalar_le", (2, 2)), ("ge", "scalar_ge", (1, 2)),
    ("t_add", "scalar_add", (Tensor(1), 2)), ("t_div", "scalar_div", (Tensor(4.0), 2)),
    ("t_eq", "scalar_eq", (Tensor(1.0), 1)), ("t_usub", "scalar_usub", (Tensor([1, 2]),)),
    ("t_log", "scalar_log", (Tensor(1.0),)),
    ("bool_not", "bool_not", (True,)), ("bool_not_t", "bool_not", (Tensor(True),)),
    ("tuple_div", "tuple_div", ((4, 6), (2, 3))), ("tuple_eq", "tuple_equal", ((1, 2), (1, 2))),
    ("tuple_eq_list", "tuple_equal", ((1, 2), [1, 2])), ("tuple_ne", "tuple_equal", ((1, 2), (1,))),
    ("list_eq", "list_equal", ([1], (1,))), ("reversed", "tuple_reversed", ((1, 2, 3),)),
    ("tsetitem", "tuple_setitem", ((1, 2, 3), -1, 9)), ("lsetitem", "list_setitem", ([1, 2, 3], 0, 7)),
    ("lgetitem", "list_getitem", ([1, 2, 3], 1)), ("lgetitem_t", "list_getitem", ((1, 2, 3), -3)),
    ("list_len", "list_len", ([1, 2, 3],)), ("list_len_t", "list_len", ((1, 2),)),
    ("make_list", "make_list", (1, (2,))), ("make_list0", "make_list", ()),
    ("make_slice", "make_slice", (1, 5, 2)), ("make_slice_none", "make_slice", (None, 5, None)),
    ("dict_getitem", "dict_getitem", ({'a': 1}, 'a')), ("is", "is_", (None, None)),
    ("is_not", "is_not", (1, None)), ("in_dict", "in_dict", ('a', {'a': 1})),
    ("not_in_dict", "not_in_dict", ('b', {'a': 1})),
]
for key, name, args in CALLS:
    out = getattr(F, name)(*args)
    emit(key, out)
    emit(key + "_type", type(out).__name__)
    emit(key + "_same_at_ops", getattr(ops, name) is getattr(F, name))

ERRORS = [
    ("div0", "scalar_div", (1, 0)), ("div0f", "scalar_div", (1.0, 0.0)),
    ("floordiv0", "scalar_floordiv", (7, 0.0)), ("mod0", "scalar_mod", (7, 0)),
    ("log0", "scalar_log", (0,)), ("pow0", "scalar_pow", (0, -1)), ("add_str", "scalar_add", (1, "a")),
    ("add_arity", "scalar_add", (1,)), ("bool_not_num", "bool_not", (1.0,)),
    ("bool_not_none", "bool_not", (None,)),
    ("tdiv_indiv", "tuple_div", ((4, 6), (3, 3))), ("tdiv_len", "tuple_div", ((4,), (2, 3))),
    ("tdiv_zero", "tuple_div", ((4, 6), (0, 3))), ("tdiv_list", "tuple_div", ([4, 6], [2, 3])),
    ("tdiv_float", "tuple_div", ((4.0, 6), (2, 3))), ("rev_list", "tuple_reversed", ([1, 2],)),
    ("tset_range", "tuple_setitem", ((1, 2, 3), 5, 9)), ("tset_neg", "tuple_setitem", ((1, 2), -3, 7)),
    ("tset_list", "tuple_setitem", ([1, 2], 0, 7)), ("lset_range", "list_setitem", ([1, 2], 5, 7)),
    ("lget_range", "list_getitem", ([1, 2, 3], -4)), ("slice_arity", "make_slice", (1, 5)),
    ("dget_missing", "dict_getitem", ({'a': 1}, 'b')), ("in_dict_list", "in_dict", (1, [1])),
]
for key, name, args in ERRORS:
    emit_err(key, getattr(F, name), *args)

data = [1, 2, 3]
F.list_setitem(data, 0, 7)
emit("list_setitem_input_kept", data)

ms.set_context(mode=ms.GRAPH_MODE)


@ms.jit
def graph_only():
    return (F.scalar_ne(1, 2), F.scalar_ne(1, 1.0), F.bool_and(True, False), F.bool_or(True, False),
            F.bool_eq(True, True), F.string_concat('a', 'b'), F.string_eq('a', 'a'),
            F.make_dict(('a', 'b'), (1, 2)), F.dict_setitem({'a': 1}, 'b', 2))


emit("graph_only", graph_only())
ms.set_context(mode=ms.PYNATIVE_MODE)
