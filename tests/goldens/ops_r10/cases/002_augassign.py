"""ops.composite.augassign_*: Python's binary operators on numbers, Tensors, sequences and
strings (what the graph compiler runs for x op= y), and their errors."""
import numpy as np
from _target import ms, Tensor, emit, emit_err

C = ms.ops.composite

CALLS = [
    ("add", "augassign_add", (1, 2)), ("sub", "augassign_sub", (1, 2)),
    ("mul", "augassign_mul", (2, 3)), ("div", "augassign_div", (7, 2)),
    ("floordiv", "augassign_floordiv", (7, 2)), ("mod", "augassign_mod", (7, 2)),
    ("add_t", "augassign_add", (Tensor([1.0]), 2)), ("add_list", "augassign_add", ([1], [2])),
    ("add_tuple", "augassign_add", ((1,), (2,))), ("add_str", "augassign_add", ('a', 'b')),
    ("mul_list", "augassign_mul", ([1], 2)), ("add_tt", "augassign_add", (Tensor([1, 2]), Tensor([1.5, 2]))),
    ("div_t", "augassign_div", (Tensor([1, 2]), 2)), ("floordiv_t", "augassign_floordiv", (Tensor([7.0]), 2)),
    ("mod_t", "augassign_mod", (Tensor([7, -7]), 3)), ("add_fb", "augassign_add", (1.5, True)),
    ("add_t_tuple", "augassign_add", (Tensor([1]), (2,))),
]
for key, name, args in CALLS:
    out = getattr(C, name)(*args)
    emit(key, out)
    emit(key + "_type", type(out).__name__)
    if isinstance(out, Tensor):
        emit(key + "_dtype", out.dtype)
for key, name, args in [("div0", "augassign_div", (7, 0)), ("floordiv0", "augassign_floordiv", (7, 0)),
                        ("mod0", "augassign_mod", (7, 0)), ("add_int_str", "augassign_add", (1, 'a')),
                        ("sub_tuple", "augassign_sub", ((1,), (1,))),
                        ("add_list_tuple", "augassign_add", ([1], (2,))),
                        ("add_dict", "augassign_add", ({}, {})), ("add_none", "augassign_add", (None, 1))]:
    emit_err(key, getattr(C, name), *args)
