"""MindSpore's Python-value primitives of ``ops``/``ops.functional``: the scalar arithmetic and
comparisons (``scalar_add`` ... ``scalar_ge``), bool logic (``bool_and`` ...), and the tuple,
list, dict, slice and string operations its graph compiler emits for Python syntax
(``tuple_setitem``, ``list_getitem``, ``make_slice``, ``in_dict``, ``string_concat`` ...).
MindSpore runs the scalar ones with Python's operators (so Tensors pass through them too) and
the rest with the graph evaluators; each function here does the same computation and raises the
error type MindSpore's CPU build raises. They are generated from one record each: name,
the computation, a one-line summary and an example."""
import inspect
import math

import numpy as np

from mindcell import dtype as mstype
from mindcell.common.tensor import Tensor
from mindcell.ops._errors import show

__all__ = []


def _nonzero_divisor(y):
    if not isinstance(y, Tensor) and y == 0:
        raise ValueError("The divisor could not be zero. But the divisor is zero now.")


def _div(x, y):
    _nonzero_divisor(y)
    return x / y


def _floordiv(x, y):
    _nonzero_divisor(y)
    return x // y


def _mod(x, y):
    if not isinstance(y, Tensor) and y == 0:
        raise ValueError("Cannot perform modulo operation on zero.")
    return x % y


def _log(x):
    return math.log(x)


def _kind(op, index, value, kinds, expected):
    if not isinstance(value, kinds):
        raise TypeError("For '%s', input[%d] should be %s, but got %s."
                        % (op, index, expected, show(value)))


def _index(op, seq, index, action):
    """``index`` as a position of ``seq`` (negative counts from the end), IndexError outside."""
    n = len(seq)
    if not -n <= index < n:
        if action == "get":
            raise IndexError("%s evaluator index should be in range[%d, %d), but got %d."
                             % (op, -n, n, index))
        raise IndexError("%s evaluator the index: %d to set out of range: [%d,%d]."
                         % (op, index, -n, n - 1))
    return index % n


def _tuple_setitem(data, index, value):
    _kind("tuple_setitem", 0, data, tuple, "Tuple")
    i = _index("tuple_setitem", data, index, "set")
    return data[:i] + (value,) + data[i + 1:]


def _list_setitem(data, index, value):
    i = _index("list_setitem", data, index, "set")
    out = list(data)
    out[i] = value
    return out


def _list_getitem(data, index):
    return data[_index("list_getitem", data, index, "get")]


def _tuple_div(x, y):
    _kind("tuple_div", 0, x, tuple, "Tuple")
    _kind("tuple_div", 1, y, tuple, "Tuple")
    if len(x) != len(y):
        raise RuntimeError("The size of inputs of 'tuple_div' operator must be the same, but the "
                           "size of divisor tuple is %d, the size of dividend tuple is %d."
                           % (len(y), len(x)))
    out = []
    for a, b in zip(x, y):
        if not all(isinstance(v, (int, np.integer)) for v in (a, b)):
            raise RuntimeError("For 'tuple_div', the elements must be ints, but got %s and %s"
                               % (show(a), show(b)))
        if b == 0:
            raise RuntimeError("The divisor value should not be 0!")
        if a % b:
            raise RuntimeError("The inputs of 'tuple_div' operator should be divisible, but they "
                               "are not divisible now, the dividend is %d, the divisor is %d."
                               % (a, b))
        out.append(a // b)
    return tuple(out)


def _tuple_reversed(x):
    _kind("tuple_reversed", 0, x, tuple, "Tuple")
    return x[::-1]


def _bool_not(x):
    if isinstance(x, Tensor):
        if x.dtype != mstype.bool_ or x.ndim != 0:
            raise TypeError("For 'BoolNot', the input must be a bool scalar, but got %s"
                            % show(x))
        x = bool(x.asnumpy())
    elif not isinstance(x, (bool, np.bool_)):
        raise TypeError("For 'BoolNot', the input must be a bool, but got %s" % show(x))
    return Tensor(not x, mstype.bool_)


def _bool_binary(op, fn):
    def run(x, y):
        for i, v in enumerate((x, y)):
            _kind(op, i, v, (bool, np.bool_), "Bool")
        return bool(fn(x, y))
    return run


def _strings(op, fn):
    def run(x, y):
        for i, v in enumerate((x, y)):
            _kind(op, i, v, str, "String")
        return fn(x, y)
    return run


def _make_slice(*args):
    if len(args) != 3:
        raise RuntimeError("For 'make_slice', the number of input should be 3, but got %d"
                           % len(args))
    return slice(*args)


def _make_dict(keys, values):
    _kind("make_dict", 0, keys, (tuple, list), "Tuple")
    _kind("make_dict", 1, values, (tuple, list), "Tuple")
    if len(keys) != len(values):
        raise ValueError("For 'make_dict', the keys and values must have the same length, but "
                         "got %d and %d." % (len(keys), len(values)))
    return dict(zip(keys, values))


def _dict_getitem(data, key):
    _kind("dict_getitem", 0, data, dict, "Dictionary")
    if key not in data:
        raise ValueError("The key %s does not exist in the dict:%s" % (key, data))
    return data[key]


def _dict_setitem(data, key, value):
    _kind("dict_setitem", 0, data, dict, "Dictionary")
    out = dict(data)
    out[key] = value
    return out


def _in_dict(op, negate):
    def run(key, data):
        _kind(op, 1, data, dict, "Dictionary")
        return (key in data) != negate
    return run


# name, computation, summary, example call, what it shows
_RECORDS = [
    ("scalar_add", lambda x, y: x + y, "``x + y``", "scalar_add(1, 2.5)", "3.5"),
    ("scalar_sub", lambda x, y: x - y, "``x - y``", "scalar_sub(3, 5)", "-2"),
    ("scalar_mul", lambda x, y: x * y, "``x * y``", "scalar_mul(3, 0.5)", "1.5"),
    ("scalar_div", _div, "``x / y`` (a float for ints); ValueError when ``y`` is 0",
     "scalar_div(7, 2)", "3.5"),
    ("scalar_floordiv", _floordiv, "``x // y``; ValueError when ``y`` is 0",
     "scalar_floordiv(-7, 2)", "-4"),
    ("scalar_mod", _mod, "``x % y`` (the sign of ``y``); ValueError when ``y`` is 0",
     "scalar_mod(-7, 3)", "2"),
    ("scalar_pow", lambda x, y: x ** y, "``x ** y``", "scalar_pow(2, -1)", "0.5"),
    ("scalar_log", _log, "the natural logarithm of ``x`` (a float; ValueError for x <= 0)",
     "scalar_log(1)", "0.0"),
    ("scalar_uadd", lambda x: x, "``+x``: ``x`` itself", "scalar_uadd(3)", "3"),
    ("scalar_usub", lambda x: -x, "``-x`` (``-1`` for ``True``)", "scalar_usub(2.5)", "-2.5"),
    ("scalar_max", lambda x, y: max(x, y), "the larger of ``x`` and ``y`` (the first when equal)",
     "scalar_max(1, 2.5)", "2.5"),
    ("scalar_min", lambda x, y: min(x, y), "the smaller of ``x`` and ``y`` (the first when "
     "equal)", "scalar_min(1, 2.5)", "1"),
    ("scalar_eq", lambda x, y: x == y, "``x == y``", "scalar_eq(1, 1.0)", "True"),
    ("scalar_ne", lambda x, y: x != y, "``x != y``", "scalar_ne(1, 2)", "True"),
    ("scalar_lt", lambda x, y: x < y, "``x < y``", "scalar_lt(1, 2)", "True"),
    ("scalar_gt", lambda x, y: x > y, "``x > y``", "scalar_gt(1, 2)", "False"),
    ("scalar_le", lambda x, y: x <= y, "``x <= y``", "scalar_le(2, 2)", "True"),
    ("scalar_ge", lambda x, y: x >= y, "``x >= y``", "scalar_ge(1, 2)", "False"),
    ("bool_and", _bool_binary("bool_and", lambda x, y: x and y), "``x and y`` of two bools",
     "bool_and(True, False)", "False"),
    ("bool_or", _bool_binary("bool_or", lambda x, y: x or y), "``x or y`` of two bools",
     "bool_or(True, False)", "True"),
    ("bool_eq", _bool_binary("bool_eq", lambda x, y: x == y), "``x == y`` of two bools",
     "bool_eq(True, True)", "True"),
    ("bool_not", _bool_not, "``not x`` of a bool (or a bool scalar Tensor), as a bool scalar "
     "Tensor", "bool_not(True)",
     "Tensor(shape=[], dtype=Bool, value= False)"),
    ("tuple_div", _tuple_div, "the elementwise quotients of two tuples of ints of one length, "
     "each of which must divide exactly (RuntimeError otherwise)", "tuple_div((4, 6), (2, 3))",
     "(2, 2)"),
    ("tuple_equal", lambda x, y: x == y if isinstance(x, type(y)) or isinstance(y, type(x))
     else tuple(x) == tuple(y), "whether two sequences have equal elements",
     "tuple_equal((1, 2), (1, 2))", "True"),
    ("list_equal", lambda x, y: list(x) == list(y), "whether two sequences have equal elements",
     "list_equal([1, 2], [1, 3])", "False"),
    ("tuple_reversed", _tuple_reversed, "the tuple in reverse order",
     "tuple_reversed((1, 2, 3))", "(3, 2, 1)"),
    ("tuple_setitem", _tuple_setitem, "a copy of the tuple with item ``index`` replaced by "
     "``value`` (IndexError outside it)", "tuple_setitem((1, 2, 3), -1, 9)", "(1, 2, 9)"),
    ("list_setitem", _list_setitem, "a copy of the list with item ``index`` replaced by "
     "``value``; the input is not changed (IndexError outside it)",
     "list_setitem([1, 2, 3], 0, 7)", "[7, 2, 3]"),
    ("list_getitem", _list_getitem, "item ``index`` of the sequence (IndexError outside it)",
     "list_getitem([1, 2, 3], -1)", "3"),
    ("list_len", lambda x: len(x), "the length of a list or tuple", "list_len([1, 2, 3])", "3"),
    ("make_list", lambda *args: list(args), "a list of the arguments", "make_list(1, (2,))",
     "[1, (2,)]"),
    ("make_slice", _make_slice, "``slice(start, stop, step)`` (all three are required)",
     "make_slice(1, 5, None)", "slice(1, 5, None)"),
    ("make_dict", _make_dict, "the dict of ``keys`` and ``values``",
     "make_dict(('a', 'b'), (1, 2))", "{'a': 1, 'b': 2}"),
    ("dict_getitem", _dict_getitem, "``data[key]`` (ValueError for a missing key)",
     "dict_getitem({'a': 1}, 'a')", "1"),
    ("dict_setitem", _dict_setitem, "a copy of the dict with ``key`` set to ``value``",
     "dict_setitem({'a': 1}, 'b', 2)", "{'a': 1, 'b': 2}"),
    ("in_dict", _in_dict("in_dict", False), "``key in data`` for a dict",
     "in_dict('a', {'a': 1})", "True"),
    ("not_in_dict", _in_dict("not_in_dict", True), "``key not in data`` for a dict",
     "not_in_dict('a', {'a': 1})", "False"),
    ("is_", lambda x, y: x is y, "``x is y``", "is_(None, None)", "True"),
    ("is_not", lambda x, y: x is not y, "``x is not y``", "is_not(1, None)", "True"),
    ("string_concat", _strings("string_concat", lambda x, y: x + y), "the concatenation of two "
     "strings", "string_concat('ab', 'c')", "'abc'"),
    ("string_eq", _strings("string_eq", lambda x, y: x == y), "whether two strings are equal",
     "string_eq('a', 'a')", "True"),
]


_NAMED_INPUTS = {r[0] for r in _RECORDS if r[0].startswith("scalar_")} - {"scalar_ne"}


def _define(name, fn, summary, call, shows):
    def op(*args):
        try:
            signature.bind(*args)
        except TypeError as e:
            raise TypeError("For '%s', %s" % (name, e)) from None
        return fn(*args)

    signature = inspect.signature(fn)
    op.__name__ = op.__qualname__ = name
    # MindSpore's scalar ops are classes with a named __call__; the rest are generic Primitives
    op.__signature__ = signature if name in _NAMED_INPUTS else inspect.signature(lambda *args: 0)
    params = ", ".join(signature.parameters)
    op.__doc__ = """%s(%s): %s, as MindSpore's ``ops.functional.%s`` computes it (positional
    inputs only).

    Args:
        %s: Python values (numbers, bools, sequences, dicts or strings as the op needs; the
            scalar ops also take Tensors, with Python's operator semantics).

    Returns:
        The result, a Python value (a Tensor where an input Tensor makes it one).

    Raises:
        TypeError: wrong number or kinds of inputs.
        ValueError, IndexError, RuntimeError: as MindSpore raises them (see the summary).

    Examples:
        >>> from mindcell.ops import functional as F
        >>> F.%s
        %s
    """ % (name, params, summary, name, params or "args", call, shows)
    op.__module__ = __name__
    return op


for _record in _RECORDS:
    globals()[_record[0]] = _define(*_record)
    __all__.append(_record[0])
del _record
