"""``mindspore._checkparam``: the argument validators model code imports from MindSpore
(``from mindspore import _checkparam as Validator``; ``Validator.check_positive_int(k, "k",
self.cls_name)``). Private in MindSpore but used by many public code bases (mindocr, mindface,
mindformers, mindscience ...), so mindcell gives the same functions with MindSpore 2.10's
behaviour: what they accept (``int`` checks refuse ``bool`` and numpy integers; ``float`` checks
refuse ``int`` and ``numpy.float32``), what they return (the checked value) and the exception
type and message of a refusal (checked with ms-oracle). Names MindSpore's module has and this one
does not (the dtype and sparse-tensor checks) raise mindcell's not-implemented error under
``python -m mindcell.run``.
"""
import functools
import inspect
import re

__all__ = []  # a private module: nothing is re-exported by ``from mindcell._checkparam import *``

# Relations of check/check_int/check_float/check_number, and the ranges of check_*_range.
EQ, NE, LT, LE, GT, GE = 1, 2, 3, 4, 5, 6
INC_NEITHER, INC_LEFT, INC_RIGHT, INC_BOTH = 7, 8, 9, 10
IN, NOT_IN = 11, 12

_REL = {EQ: ("=", lambda a, b: a == b), NE: ("!=", lambda a, b: a != b),
        LT: ("<", lambda a, b: a < b), LE: ("<=", lambda a, b: a <= b),
        GT: (">", lambda a, b: a > b), GE: (">=", lambda a, b: a >= b),
        IN: ("in", lambda a, b: a in b), NOT_IN: ("not in", lambda a, b: a not in b)}
_RANGE = {INC_NEITHER: ("(%s, %s)", lambda v, lo, hi: lo < v < hi),
          INC_LEFT: ("[%s, %s)", lambda v, lo, hi: lo <= v < hi),
          INC_RIGHT: ("(%s, %s]", lambda v, lo, hi: lo < v <= hi),
          INC_BOTH: ("[%s, %s]", lambda v, lo, hi: lo <= v <= hi)}


def _subject(arg_name, prim_name, default="input value"):
    """``For 'Op', the 'k'`` / ``The 'k'`` / ``For 'Op', the input value`` / ``The input value``."""
    name = "'%s'" % arg_name if arg_name else default
    return "For '%s', the %s" % (prim_name, name) if prim_name else "The %s" % name


def _check_rel(arg_value, value, rel, arg_name, prim_name, kind, accept):
    """The int/float checks against one relation: the type first (bool is never an int here),
    then the relation."""
    symbol, holds = _REL[rel]
    about = "%s must be %s and must %s %s, but got '%s' with type '%s'." % (
        _subject(arg_name, prim_name), kind, symbol, value, arg_value, type(arg_value).__name__)
    if isinstance(arg_value, bool):
        raise TypeError(about)
    if not accept(arg_value):
        raise TypeError("%s must be %s, but got '%s'" % (_subject(arg_name, prim_name), kind,
                                                          type(arg_value).__name__))
    if not holds(arg_value, value):
        raise ValueError(about)
    return arg_value


def _is_int(v):
    return isinstance(v, int) and not isinstance(v, bool)


def _is_float(v):
    return type(v) is float  # noqa: E721  (numpy.float64 is a float subclass; MindSpore refuses it)


def check_int(arg_value, value, rel, arg_name=None, prim_name=None):
    """``arg_value`` is an int (not a bool) with ``arg_value <rel> value``; returns it."""
    return _check_rel(arg_value, value, rel, arg_name, prim_name, "int", _is_int)


def check_equal_int(arg_value, value, arg_name=None, prim_name=None):
    """An int equal to ``value``."""
    return check_int(arg_value, value, EQ, arg_name, prim_name)


def check_positive_int(arg_value, arg_name=None, prim_name=None):
    """An int > 0."""
    return check_int(arg_value, 0, GT, arg_name, prim_name)


def check_negative_int(arg_value, arg_name=None, prim_name=None):
    """An int < 0."""
    return check_int(arg_value, 0, LT, arg_name, prim_name)


def check_non_positive_int(arg_value, arg_name=None, prim_name=None):
    """An int <= 0."""
    return check_int(arg_value, 0, LE, arg_name, prim_name)


def check_non_negative_int(arg_value, arg_name=None, prim_name=None):
    """An int >= 0."""
    return check_int(arg_value, 0, GE, arg_name, prim_name)


def check_float(arg_value, value, rel, arg_name=None, prim_name=None):
    """``arg_value`` is a Python float (not an int) with ``arg_value <rel> value``; returns it."""
    return _check_rel(arg_value, value, rel, arg_name, prim_name, "float", _is_float)


def check_positive_float(arg_value, arg_name=None, prim_name=None):
    """A float > 0."""
    return check_float(arg_value, 0, GT, arg_name, prim_name)


def check_negative_float(arg_value, arg_name=None, prim_name=None):
    """A float < 0."""
    return check_float(arg_value, 0, LT, arg_name, prim_name)


def check_non_positive_float(arg_value, arg_name=None, prim_name=None):
    """A float <= 0."""
    return check_float(arg_value, 0, LE, arg_name, prim_name)


def check_non_negative_float(arg_value, arg_name=None, prim_name=None):
    """A float >= 0."""
    return check_float(arg_value, 0, GE, arg_name, prim_name)


def _type_names(types):
    return [t.__name__ for t in types]


def check_number_range(arg_value, lower_limit, upper_limit, rel, value_type, arg_name=None,
                       prim_name=None):
    """``arg_value`` is a ``value_type`` (a bool only if bool is one) within the range ``rel``
    (INC_NEITHER, INC_LEFT, INC_RIGHT or INC_BOTH) of the limits; returns it."""
    types = value_type if isinstance(value_type, tuple) else (value_type,)
    if not isinstance(arg_value, types) or (isinstance(arg_value, bool) and bool not in types):
        shown = types[0].__name__ if len(types) == 1 else str(_type_names(types))
        raise TypeError("%s must be '%s',  but got '%s'." % (
            _subject(arg_name, prim_name), shown, type(arg_value).__name__))
    text, holds = _RANGE[rel]
    if not holds(arg_value, lower_limit, upper_limit):
        raise ValueError("%s must be in range of %s, but got %s with type '%s'." % (
            _subject(arg_name, prim_name), text % (lower_limit, upper_limit), arg_value,
            type(arg_value).__name__))
    return arg_value


def check_int_range(arg_value, lower_limit, upper_limit, rel, arg_name=None, prim_name=None):
    """An int within a range (see check_number_range)."""
    return check_number_range(arg_value, lower_limit, upper_limit, rel, int, arg_name, prim_name)


def check_float_range(arg_value, lower_limit, upper_limit, rel, arg_name=None, prim_name=None):
    """A float within a range (see check_number_range)."""
    return check_number_range(arg_value, lower_limit, upper_limit, rel, float, arg_name,
                              prim_name)


def check(arg_name, arg_value, value_name, value, rel=EQ, prim_name=None, excp_cls=ValueError):
    """``arg_value <rel> value`` (any types), else ``excp_cls``; returns ``arg_value``."""
    symbol, holds = _REL[rel]
    if not holds(arg_value, value):
        raise excp_cls("%s should be %s %s: %s, but got %s." % (
            _subject(arg_name, prim_name), symbol, value_name, value, arg_value))
    return arg_value


def check_number(arg_name, arg_value, value, rel, prim_name):
    """``arg_value <rel> value`` for any number (no type check); returns ``arg_value``."""
    symbol, holds = _REL[rel]
    if not holds(arg_value, value):
        raise ValueError("For '%s', the argument '%s' must %s %s, but got %s." % (
            prim_name, arg_name, symbol, value, arg_value))
    return arg_value


def _check_exact_type(arg_value, accept, type_name, arg_name, prim_name):
    if not accept(arg_value):
        name = "'%s'" % arg_name if arg_name else "input value"
        head = "For '%s', the type of %s" % (prim_name, name) if prim_name \
            else "The type of %s" % name
        raise TypeError("%s must be '%s', but got '%s'." % (head, type_name,
                                                            type(arg_value).__name__))
    return arg_value


def check_is_int(arg_value, arg_name=None, prim_name=None):
    """An int (not a bool, not a numpy integer); returns it."""
    return _check_exact_type(arg_value, _is_int, "int", arg_name, prim_name)


def check_is_float(arg_value, arg_name=None, prim_name=None):
    """A Python float (not numpy.float32); returns it."""
    return _check_exact_type(arg_value, _is_float, "float", arg_name, prim_name)


def check_is_number(arg_value, arg_type, arg_name=None, prim_name=None):
    """An instance of ``arg_type`` (int, float or a tuple of them; a bool is refused)."""
    types = arg_type if isinstance(arg_type, tuple) else (arg_type,)
    shown = types[0].__name__ if len(types) == 1 else str(_type_names(types))
    return _check_exact_type(
        arg_value, lambda v: isinstance(v, types) and not isinstance(v, bool), shown, arg_name,
        prim_name)


def check_bool(arg_value, arg_name=None, prim_name=None):
    """A Python bool (not numpy.bool_); returns it."""
    if not isinstance(arg_value, bool):
        raise TypeError("%s must be a bool, but got %s." % (_subject(arg_name, prim_name),
                                                            type(arg_value).__name__))
    return arg_value


def check_string(arg_value, valid_values, arg_name=None, prim_name=None):
    """A str ``in valid_values`` (a list, tuple or str); returns it."""
    if isinstance(arg_value, str) and arg_value in valid_values:
        return arg_value
    raise ValueError("%s must be str and must be in '%s', but got '%s'." % (
        _subject(arg_name or "parameter", prim_name), valid_values, arg_value))


def _value_type_ok(arg_value, types):
    if isinstance(arg_value, bool):
        return bool in types
    return isinstance(arg_value, types)


def check_value_type(arg_name, arg_value, valid_types, prim_name=None):
    """``arg_value`` is an instance of one of ``valid_types`` (a type, list or tuple of types; a
    bool only if bool is listed); returns it."""
    types = tuple(valid_types) if isinstance(valid_types, (list, tuple)) else (valid_types,)
    if not types:
        raise ValueError("check_value_type: 'valid_types' is empty")
    if not _value_type_ok(arg_value, types):
        names = _type_names(types)
        wanted = "'%s'" % names[0] if len(names) == 1 else "one of '%s'" % names
        head = "For '%s', the type of '%s'" % (prim_name, arg_name) if prim_name \
            else "The type of '%s'" % arg_name
        raise TypeError("%s should be %s, but got type '%s'." % (head, wanted,
                                                                 type(arg_value).__name__))
    return arg_value


def check_isinstance(arg_name, arg_value, classes):
    """``isinstance(arg_value, classes)``, else ValueError; returns ``arg_value``."""
    if not isinstance(arg_value, classes):
        raise ValueError("The parameter '%s' must be isinstance of %s, but got %s."
                         % (arg_name, classes, arg_value))
    return arg_value


def check_valid_input(arg_name, arg_value, prim_name):
    """``arg_value`` is not None; returns it."""
    if arg_value is None:
        raise ValueError("For '%s', the argument '%s'can not be None, but got %s."
                         % (prim_name, arg_name, arg_value))
    return arg_value


def _check_sequence(sequence, arg_name, prim_name, check_one):
    for i, item in enumerate(sequence):
        check_one(item, "%s[%d]" % (arg_name or "arg_name", i), prim_name)
    return sequence


def check_positive_int_sequence(sequence, arg_name=None, prim_name=None):
    """Every element is an int > 0; returns the sequence."""
    return _check_sequence(sequence, arg_name, prim_name, check_positive_int)


def check_non_negative_int_sequence(sequence, arg_name=None, prim_name=None):
    """Every element is an int >= 0; returns the sequence."""
    return _check_sequence(sequence, arg_name, prim_name, check_non_negative_int)


def check_positive_float_sequence(sequence, arg_name=None, prim_name=None):
    """Every element is a float > 0; returns the sequence."""
    return _check_sequence(sequence, arg_name, prim_name, check_positive_float)


def _check_elements(arg_name, items, valid_types, prim_name):
    types = tuple(valid_types) if isinstance(valid_types, (list, tuple)) else (valid_types,)
    for item in items:
        if not isinstance(item, types):  # a bool passes as an int here, as in MindSpore
            names = _type_names(types)
            wanted = names[0] if len(names) == 1 else "one of %s" % names
            head = "For '%s', the type of '%s'" % (prim_name, arg_name) if prim_name \
                else "The type of '%s'" % arg_name
            raise TypeError("%s should be %s, but got '%s' with type '%s'." % (
                head, wanted, item, type(item).__name__))


def check_element_type_of_iterable(arg_name, arg_value, valid_types, prim_name=None):
    """``arg_value`` is a list or tuple whose elements are ``valid_types``."""
    check_value_type(arg_name, arg_value, [list, tuple], prim_name)
    _check_elements(arg_name, arg_value, valid_types, prim_name)


def check_element_type_of_dict(arg_name, arg_value, key_types, value_types, prim_name=None):
    """``arg_value`` is a dict with ``key_types`` keys and ``value_types`` values."""
    check_value_type(arg_name, arg_value, [dict], prim_name)
    _check_elements(arg_name, list(arg_value.keys()), key_types, prim_name)
    _check_elements(arg_name, list(arg_value.values()), value_types, prim_name)


def check_size_and_element_type_of_tuple(arg_name, arg_value, expect_size, expect_element_type,
                                         prim_name=None):
    """``arg_value`` is a tuple of ``expect_size`` elements of ``expect_element_type``."""
    check_value_type(arg_name, arg_value, [tuple], prim_name)
    check_equal_int(len(arg_value), expect_size, arg_name + " size", prim_name)
    _check_elements("arg_name", arg_value, expect_element_type, prim_name)


def check_axis_in_range(axis, ndim):
    """An int axis in [-ndim, ndim); returns it made non-negative."""
    if not isinstance(axis, int):
        raise TypeError("The axes must be integers, but got %s" % type(axis))
    if not -ndim <= axis < ndim:
        raise ValueError("The 'axis' must be in the range of [-%d, %d), but got %d."
                         % (ndim, ndim, axis))
    return axis % ndim


_NAME_RE = r"^\w+[0-9a-zA-Z\_\.]*$"
_NAME_OR_EMPTY_RE = r"^\w*[0-9a-zA-Z\_\.\-]*$"
_FILE_RE = r"^[0-9a-zA-Z@\_\-\.\:\/\\]+$"


def _flags_text(flag):
    return "re.ASCII" if flag == re.ASCII else str(flag)


def check_str_by_regular(target, reg=None, flag=re.ASCII, prim_name=None):
    """``target`` matches ``reg`` (default: a word, then letters, digits, '_' and '.')."""
    reg = reg or _NAME_RE
    if re.match(reg, target, flag) is None:
        head = "For '%s', the" % prim_name if prim_name else "The"
        raise ValueError("%s '%s' is illegal, it must be match regular'%s' by flags'%s.'"
                         % (head, target, reg, _flags_text(flag)))
    return True


def check_str_and_none_by_regular(target, reg=None, flag=re.ASCII, prim_name=None):
    """As check_str_by_regular with a pattern that also allows '' and '-'."""
    return check_str_by_regular(target, reg or _NAME_OR_EMPTY_RE, flag, prim_name)


def check_file_name_by_regular(target, reg=None, prim_name=None):
    """``target`` is a str of letters, digits and ``@_-.:/\\`` (or matches ``reg``)."""
    if not isinstance(target, str):
        raise TypeError("%s'%s' must be string, but got %s." % (
            "For '%s', the " % prim_name if prim_name else "The ", target, type(target)))
    reg = reg or _FILE_RE
    if re.match(reg, target) is None:
        raise ValueError("%s'%s' is illegal, it must be match regular '%s'." % (
            "For '%s', the " % prim_name if prim_name else "The ", target, reg))
    return True


def _expander(n):
    def convert(m):
        if _is_int(m):
            return (m,) * n
        if isinstance(m, tuple):
            if len(m) != n:
                raise TypeError("When expanding an int number to tuple, input tuple dimension "
                                "must be %d, but got %s" % (n, m))
            for e in m:
                if not _is_int(e):
                    raise TypeError("When expanding an int number to tuple, the type of element "
                                    "in input tuple must be an integer, but got %s." % type(e))
            return m
        raise TypeError("When expanding an int number to tuple, input type must be integer or "
                        "tuple[int], but got %s" % type(m))
    convert.__doc__ = "An int ``m`` -> a tuple of %d copies; a tuple of %d ints as it is." % (n, n)
    return convert


def _sequence_expander(n):
    def convert(m):
        if _is_int(m):
            return (m,) * n
        if isinstance(m, (list, tuple)) and len(m) == n and all(_is_int(e) for e in m):
            return tuple(m)
        raise TypeError("When expanding an int number to tuple, input type must be integer or "
                        "a list or tuple of %d integers, but got %s" % (n, m))
    convert.__doc__ = "An int -> a tuple of %d copies; a list or tuple of %d ints -> a tuple." % (
        n, n)
    return convert


once, twice, triple = _expander(1), _expander(2), _expander(3)
once_sequence, twice_sequence, triple_sequence = (_sequence_expander(1), _sequence_expander(2),
                                                  _sequence_expander(3))
for _n, _f in (("once", once), ("twice", twice), ("triple", triple), ("once_sequence",
               once_sequence), ("twice_sequence", twice_sequence), ("triple_sequence",
               triple_sequence)):
    _f.__name__ = _f.__qualname__ = _n


def args_type_check(*type_args, **type_kwargs):
    """Decorator: the decorated function's arguments named in ``type_kwargs`` (name=type or tuple
    of types; positional ``type_args`` follow the parameter order) must be instances of those
    types when given, else TypeError."""
    def decorator(func):
        sig = inspect.signature(func)
        wanted = sig.bind_partial(*type_args, **type_kwargs).arguments

        @functools.wraps(func)
        def wrapper(*args, **kwargs):
            bound = sig.bind(*args, **kwargs)
            for name, value in bound.arguments.items():
                if name in wanted and not isinstance(value, wanted[name]):
                    raise TypeError("The parameter '%s' must be %s, but got %s"
                                    % (name, wanted[name], type(value)))
            return func(*args, **kwargs)
        return wrapper
    return decorator


def check_type_name(arg_name, arg_type, valid_types, prim_name):
    """A dtype among ``valid_types`` (one dtype or a list/tuple of them); returns it."""
    valid = tuple(valid_types) if isinstance(valid_types, (list, tuple)) else (valid_types,)
    element = getattr(arg_type, "element_type", None)
    candidate = element() if callable(element) else arg_type
    if candidate not in valid:
        shown = valid[0] if len(valid) == 1 else "one of %s" % list(valid)
        raise TypeError("For '%s', the '%s' should be %s, but got '%s'."
                        % (prim_name, arg_name, shown, arg_type))
    return arg_type


def _dtype_within(type_, template):
    """Whether ``type_`` is ``template`` or a member of the dtype family ``template`` (Float,
    Int ...: classes whose ``isinstance`` tests a dtype's family), as MindSpore's
    ``mstype._issubclass_``."""
    if type_ is template:
        return True
    if isinstance(template, type):
        return hasattr(template, "_members") and isinstance(type_, template)
    return type(type_) is type(template) and type_ == template


def check_subclass(arg_name, type_, template_types, prim_name, addition_error_info=None):
    """``type_`` (a dtype or a class) is one of ``template_types`` or of their dtype families;
    returns None (MindSpore's does), else TypeError with MindSpore's message."""
    if isinstance(template_types, str) or not hasattr(template_types, "__iter__"):
        template_types = (template_types,)
    template_types = tuple(template_types)
    if any(_dtype_within(type_, t) for t in template_types):
        return None
    extra = "" if addition_error_info is None else " " + str(addition_error_info)
    shown = ("type '%s'" % type(type_).__name__ if isinstance(type_, (tuple, list))
             else str(type_))
    names = ", ".join(_family_name(t) for t in template_types)
    raise TypeError("For '%s', the element of '%s' must be %s%s, but got %s%s.The supported data "
                    "types depend on the hardware that executes the operator, for more details, "
                    "please refer to the MindSpore official website to get more information "
                    "about the data type." % (prim_name, arg_name, "one of " if len(
                        template_types) > 1 else "", names, shown, extra))


def _family_name(template):
    """A dtype or family as MindSpore prints it in check_subclass: Float, Int32 ..."""
    return template.__name__ if hasattr(template, "_members") else str(template)
