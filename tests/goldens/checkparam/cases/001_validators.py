"""mindspore._checkparam (``from mindspore import _checkparam as Validator``): the validators
model code calls (mindocr, mindface, mindformers ...). For each call: the value returned, or the
exception type and message MindSpore 2.10 gives."""
import importlib
import re

import numpy as np
from _target import ms, emit

V = importlib.import_module(ms.__name__ + "._checkparam")


def run(key, f, *a, **k):
    try:
        r = f(*a, **k)
        emit(key, r if not isinstance(r, (list, tuple)) else list(r))
    except Exception as e:  # noqa: BLE001  (the type and message are the result)
        emit(key, "%s: %s" % (type(e).__name__, e))


calls = [
 ("check_positive_int", (3,), {}), ("check_positive_int", (0, "k", "Op"), {}), ("check_positive_int", (True,), {}), ("check_positive_int", (2.0, "k"), {}),
 ("check_positive_int", (np.int64(3),), {}),
 ("check_non_negative_int", (0,), {}), ("check_non_negative_int", (-1, "k", "Op"), {}),
 ("check_negative_int", (-1,), {}), ("check_non_positive_int", (1, "k"), {}),
 ("check_positive_float", (0.5,), {}), ("check_positive_float", (1,), {}), ("check_positive_float", (0.0, "f", "Op"), {}), ("check_positive_float", (np.float32(0.5),), {}),
 ("check_non_negative_float", (0.0,), {}), ("check_non_negative_float", (-0.1, "f"), {}), ("check_non_negative_float", (0,), {}),
 ("check_bool", (True,), {}), ("check_bool", (1, "b", "Op"), {}),
 ("check_int", (3, 2, V.GE, "a", "Op"), {}), ("check_int", (1, 2, V.GE, "a", "Op"), {}), ("check_int", (1.0, 2, V.GE, "a", "Op"), {}),
 ("check_equal_int", (2, 2), {}), ("check_equal_int", (3, 2, "a"), {}),
 ("check_float", (0.5, 0.0, V.GT, "a", "Op"), {}), ("check_float", (-0.5, 0.0, V.GT, "a", "Op"), {}),
 ("check_int_range", (3, 1, 5, V.INC_BOTH, "a", "Op"), {}), ("check_int_range", (5, 1, 5, V.INC_LEFT, "a", "Op"), {}), ("check_int_range", (0.5, 1, 5, V.INC_LEFT, "a", "Op"), {}),
 ("check_float_range", (0.5, 0.0, 1.0, V.INC_NEITHER, "a", "Op"), {}), ("check_float_range", (1.0, 0.0, 1.0, V.INC_NEITHER, "a", "Op"), {}), ("check_float_range", (1, 0.0, 1.0, V.INC_BOTH, "a", "Op"), {}),
 ("check_number_range", (1, 0, 2, V.INC_BOTH, int, "a", "Op"), {}), ("check_number_range", (3, 0, 2, V.INC_BOTH, int, "a", "Op"), {}), ("check_number_range", (1.5, 0, 2, V.INC_BOTH, float), {}), ("check_number_range", (1, 0, 2, V.INC_BOTH, float), {}),
 ("check", ("a", 1, "b", 1), {}), ("check", ("a", 1, "b", 2, V.EQ, "Op"), {}), ("check", ("a", 1, "b", 2, V.LT), {}),
 ("check_number", ("a", 3, 2, V.GT, "Op"), {}), ("check_number", ("a", 1, 2, V.GT, "Op"), {}),
 ("check_is_int", (3,), {}), ("check_is_int", (3.0, "a", "Op"), {}), ("check_is_int", (True,), {}),
 ("check_is_float", (3.0,), {}), ("check_is_float", (3, "a"), {}),
 ("check_string", ("a", ["a", "b"]), {}), ("check_string", ("c", ["a", "b"], "s", "Op"), {}), ("check_string", (1, ["a", "b"], "s", "Op"), {}),
 ("check_value_type", ("a", 1, [int]), {}), ("check_value_type", ("a", 1, [float], "Op"), {}), ("check_value_type", ("a", True, [int]), {}), ("check_value_type", ("a", 1, (int, float)), {}),("check_value_type", ("a", 1, int), {}), ("check_value_type", ("a", None, [int, type(None)]), {}), ("check_value_type", ("a", 1.5, [int, bool]), {}),
 ("check_isinstance", ("a", 1, int), {}), ("check_isinstance", ("a", 1, float), {}),
 ("check_positive_int_sequence", ((1, 2),), {}), ("check_positive_int_sequence", ((1, 0), "s", "Op"), {}), ("check_positive_int_sequence", ([1, 2],), {}),
 ("check_non_negative_int_sequence", ((0, 2),), {}), ("check_positive_float_sequence", ((0.5, 2.0),), {}), ("check_positive_float_sequence", ((0.5, 2),), {}),
 ("check_element_type_of_iterable", ("a", (1, 2), [int]), {}), ("check_element_type_of_iterable", ("a", (1, 2.0), [int], "Op"), {}), ("check_element_type_of_iterable", ("a", 3, [int]), {}),
 ("check_element_type_of_dict", ("a", {"x": 1}, [str], [int]), {}), ("check_element_type_of_dict", ("a", {"x": 1.0}, [str], [int]), {}),
 ("check_size_and_element_type_of_tuple", ("a", (1, 2), 2, int), {}), ("check_size_and_element_type_of_tuple", ("a", (1, 2), 3, int), {}),
 ("check_axis_in_range", (-1, 3), {}), ("check_axis_in_range", (3, 3), {}), ("check_axis_in_range", (1.0, 3), {}),
 ("check_valid_input", ("a", 1, "Op"), {}), ("check_valid_input", ("a", None, "Op"), {}),
 ("check_str_by_regular", ("abc_1",), {}), ("check_str_by_regular", ("a b",), {}), ("check_file_name_by_regular", ("x.ckpt",), {}),
 ("twice", (3,), {}), ("twice", ((3, 4),), {}), ("triple", (2,), {}), ("once", (2,), {}), ("twice", ((3, 4, 5),), {}), ("twice", (3.0,), {}),
 ("check_non_positive_float", (-1.0,), {}), ("check_negative_float", (1.0, "a"), {}),
 ("check_is_number", (1, int), {}), ("check_is_number", (1.0, int, "a", "Op"), {}),
]
for i, (name, a, k) in enumerate(calls):
    run("%03d_%s" % (i, name), getattr(V, name), *a, **k)


# probe2: more edges
def t(key, f, *a, **k):
    run(key, f, *a, **k)


t("pi_prim_only", V.check_positive_int, 0, prim_name="Op")
t("pi_str", V.check_positive_int, "a", "k", "Op")
t("vt_np_int", V.check_value_type, "a", np.int64(1), [int])
t("vt_np_f32", V.check_value_type, "a", np.float32(1), [float])
t("vt_list", V.check_value_type, "a", [1], [list, tuple])
t("vt_bool_int", V.check_value_type, "a", 1, [bool, int])
t("vt_bool", V.check_value_type, "a", True, bool)
t("check_ne_ok", V.check, "a", 1, "b", 2, V.NE)
t("check_ne_bad", V.check, "a", 1, "b", 1, V.NE)
t("ir_right", V.check_int_range, 3, 1, 5, V.INC_RIGHT, "a")
t("ir_right_bad", V.check_int_range, 1, 1, 5, V.INC_RIGHT)
t("ir_bool", V.check_int_range, True, 0, 5, V.INC_BOTH, "a")
t("nr_tuple", V.check_number_range, 1, 0, 2, V.INC_BOTH, (int, float), "a")
t("nr_bool", V.check_number_range, True, 0, 2, V.INC_BOTH, int, "a")
t("float_int_bound", V.check_float, 1.0, 1, V.GE, "a")
t("number_float", V.check_number, "a", 3.5, 2, V.GT, "Op")
t("number_none", V.check_number, "a", 3, 2, V.LE, None)
t("number_bool", V.check_number, "a", True, 0, V.GE, None)
t("is_float_np", V.check_is_float, np.float32(3.0))
t("is_number_tuple", V.check_is_number, 1, (int, float))
t("is_number_bool", V.check_is_number, True, int)
t("string_default_name", V.check_string, "A", ["a", "b"])
t("string_in_str", V.check_string, "a", "abc")
t("isinstance_bool", V.check_isinstance, "a", True, int)
t("pis_float", V.check_positive_int_sequence, (1, 2.0), "s")
t("pis_bool", V.check_positive_int_sequence, (1, True))
t("nnis", V.check_non_negative_int_sequence, (0, -1), "s", "Op")
t("iter_bool", V.check_element_type_of_iterable, "a", [1, True], [int])
t("iter_two", V.check_element_type_of_iterable, "a", [1, "x"], [int, float], "Op")
t("dict_key", V.check_element_type_of_dict, "a", {1: 1}, [str], [int])
t("dict_list", V.check_element_type_of_dict, "a", [1], [str], [int])
t("tuple_elem", V.check_size_and_element_type_of_tuple, "a", (1, 2.0), 2, int)
t("tuple_list", V.check_size_and_element_type_of_tuple, "a", [1, 2], 2, int, "Op")
t("axis_neg", V.check_axis_in_range, -4, 3)
t("axis_bool", V.check_axis_in_range, True, 3)
t("reg_digit", V.check_str_by_regular, "1abc")
t("reg_prim", V.check_str_by_regular, "ab.c", None, re.ASCII, "Op")
t("file_space", V.check_file_name_by_regular, "a b.ckpt")
t("file_int", V.check_file_name_by_regular, 3)
t("file_path", V.check_file_name_by_regular, "a/b.ckpt")
t("reg_none", V.check_str_and_none_by_regular, "a b")
t("twice_bool", V.twice, True)
t("triple_tuple", V.triple, (1, 2, 3))
t("twice_list", V.twice, [3, 4])
t("twice_float_elem", V.twice, (3.0, 4))
t("twice_np", V.twice, np.int64(3))
t("twice_seq", V.twice_sequence, 2)
t("triple_seq", V.triple_sequence, [1, 2, 3])
t("once_seq", V.once_sequence, 3)
t("equal_bool", V.check_equal_int, True, 1)
t("rel_constants", lambda: [V.EQ, V.NE, V.LT, V.LE, V.GT, V.GE, V.INC_NEITHER, V.INC_LEFT,
                            V.INC_RIGHT, V.INC_BOTH, V.IN, V.NOT_IN])


@V.args_type_check(a=int, b=(str, type(None)))
def f(a=1, b=None, c=2):
    return (a, b, c)


t("args_ok", f, 2, "x")
t("args_kw_bad", f, a=2.0)
t("args_pos_bad", f, 1, 3)
t("args_unchecked", f, c="q")
