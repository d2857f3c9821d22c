"""Argument conversion for ``mindcell.numpy``: array-likes into Tensors with mindspore.numpy's
dtype rules, ``dtype=`` arguments, axes, and errors that name the ``mindcell.numpy`` function.

mindspore.numpy's rules: Python ints become Int32 and floats Float32 (also inside lists and
tuples, where numpy would choose int64/float64); a numpy array keeps its dtype; a Tensor is used
as it is."""
import numbers
import textwrap

import numpy as np

from mindcell._arrays import c_contiguous
from mindcell import dtype as mstype
from mindcell.common.tensor import Tensor
from mindcell import ops

_F32 = np.dtype(np.float32)
_I32 = np.dtype(np.int32)


def fail(name, message, exc=TypeError):
    """``exc`` with a message naming ``mindcell.numpy.<name>``."""
    return exc("mindcell.numpy.%s: %s" % (name, message))


def describe(v):
    if isinstance(v, Tensor):
        return "Tensor of shape %s and dtype %s" % (v.shape, v.dtype)
    r = repr(v)
    return "%s %s" % (type(v).__name__, r if len(r) <= 60 else r[:57] + "...")


def is_number(v):
    return isinstance(v, (numbers.Number, np.bool_, np.generic)) and not isinstance(v, complex)


def scalar_np_dtype(v):
    """Python bool -> bool, int -> int32, float -> float32 (mindspore.numpy's defaults)."""
    if isinstance(v, (bool, np.bool_)):
        return np.dtype(np.bool_)
    if isinstance(v, np.generic):
        return v.dtype
    if isinstance(v, numbers.Integral):
        return _I32 if -2 ** 31 <= v < 2 ** 31 else np.dtype(np.int64)
    return _F32


def np_dtype(dtype, name, default=None):
    """A ``dtype=`` argument (mindcell dtype, numpy dtype or its name) as a numpy dtype."""
    if dtype is None:
        return default
    if isinstance(dtype, Tensor) or isinstance(dtype, (list, tuple, dict)):
        raise fail(name, "'dtype' must be a dtype, but got %s" % describe(dtype))
    try:
        return mstype.to_dtype(dtype).np_dtype
    except (TypeError, ValueError, KeyError, AttributeError):
        raise fail(name, "'dtype' must be a dtype, but got %s" % describe(dtype)) from None


def _from_nested(a, name):
    try:
        arr = np.asarray(a)
    except (TypeError, ValueError) as e:
        raise fail(name, "cannot convert %s to a Tensor (%s)" % (describe(a), e),
                   ValueError) from None
    if arr.dtype == object:
        raise fail(name, "the input must have the same size across all dimensions "
                   "and hold numbers, but got %s" % describe(a), ValueError)
    if mstype.np_kind(arr.dtype) not in "biuf":
        raise fail(name, "the input must hold numbers, but got %s" % describe(a))
    if arr.dtype == np.float64:
        arr = arr.astype(_F32)
    elif arr.dtype == np.int64 and arr.size and (arr.min() >= -2 ** 31 and arr.max() < 2 ** 31):
        arr = arr.astype(_I32)
    elif arr.dtype == np.int64 and not arr.size:
        arr = arr.astype(_I32)
    return arr


def _nested_tensors(a):
    """A list/tuple holding Tensors: the Tensors as numpy (eager values only)."""
    if isinstance(a, Tensor):
        return a.asnumpy()
    if isinstance(a, (list, tuple)):
        return [_nested_tensors(v) for v in a]
    return a


def asarray(a, name, dtype=None):
    """``a`` (Tensor, number, bool, list/tuple, numpy array) as a Tensor of ``dtype`` (numpy
    dtype or None)."""
    if isinstance(a, Tensor):
        t = a
    elif is_number(a):
        try:
            arr = np.asarray(a, scalar_np_dtype(a) if dtype is None else dtype)
        except OverflowError:
            raise fail(name, "the number %s does not fit in a tensor's dtype" % (a,),
                       ValueError) from None
        t = Tensor._make(arr)
    elif isinstance(a, np.ndarray):
        if mstype.np_kind(a.dtype) not in "biuf":
            raise fail(name, "the input must hold numbers, but got an array of dtype %s"
                       % a.dtype)
        t = Tensor._make(c_contiguous(a))
    elif isinstance(a, (list, tuple)) and a and all(isinstance(v, Tensor) for v in a):
        t = ops.stack(tensor_seq(a, name, "a"))  # traceable: no values read
    elif isinstance(a, (list, tuple)):
        t = Tensor._make(c_contiguous(_from_nested(_nested_tensors(a), name)))
    else:
        raise fail(name, "expected a Tensor, a number, a list/tuple or a numpy array, "
                   "but got %s" % describe(a))
    if dtype is not None and t._np_dtype != dtype:
        t = ops.cast(t, mstype.from_numpy_dtype(dtype))
    return t


def asarray_int64(a, name):
    """:func:`asarray`, but Python ints (and lists/tuples of them) become Int64: the
    conversion mindspore.numpy's around and cumprod use (its other functions make Int32)."""
    t = asarray(a, name)
    if not isinstance(a, (Tensor, np.ndarray, np.generic)) and t._np_dtype == _I32:
        t = ops.cast(t, mstype.int64)
    return t


def as_float(t):
    """Integer and bool tensors as Float32 (math functions and means)."""
    return t if mstype.is_float_np(t._np_dtype) else ops.cast(t, mstype.float32)


_HALF_SOURCES = {np.dtype(np.bool_), np.dtype(np.int8), np.dtype(np.uint8)}


def as_trig_float(t):
    """mindspore.numpy's rule for trigonometric and hyperbolic functions: bool, int8 and uint8
    tensors compute in Float16, other integer tensors in Float32, floats as they are."""
    if mstype.is_float_np(t._np_dtype):
        return t
    return ops.cast(t, mstype.float16 if t._np_dtype in _HALF_SOURCES else mstype.float32)


def refuse_bool(t, name):
    """A TypeError naming ``mindcell.numpy.<name>`` for a bool tensor (arithmetic that
    MindSpore 2.10's kernels refuse for bool: square, power, sign, subtract ...)."""
    if isinstance(t, Tensor) and t._np_dtype.kind == "b":
        raise fail(name, "bool input is not supported (as in MindSpore 2.10), but got %s"
                   % describe(t))
    return t


def apply_dtype(t, dtype, name):
    """Cast a result to the ``dtype=`` argument when one is given."""
    d = np_dtype(dtype, name)
    if d is None or t._np_dtype == d:
        return t
    return ops.cast(t, mstype.from_numpy_dtype(d))


def operand(x, name):
    """A binary op's operand as a Tensor: a Python number becomes a 0-D Tensor (int: Int32,
    float: Float32, bool: Bool) that then promotes with the other operand like any tensor,
    as in mindspore.numpy (``add(float16_tensor, 1.5)`` is Float32, ``add(bool_tensor, 2)``
    Int32)."""
    return x if isinstance(x, Tensor) else asarray(x, name)


def operands(x1, x2, name):
    return operand(x1, name), operand(x2, name)


_ARRAY_LIKE = "Union[Tensor, int, float, bool, list, tuple, numpy.ndarray]"


class Doc:
    """The documentation record of one function made by :func:`unary` or :func:`binary`; the
    factory writes the whole docstring from it (summary, Args, Returns, Raises, Examples), so
    the parts every such function shares are written once, here.

    Args:
        summary (str): what the function computes (one sentence).
        example (str): the arguments of the Example's call, as source text (``"[1.0, 4.0]"``).
        out (str): what ``print`` of that call shows (the doctest checks it).
        x (str): what ``x`` (or ``x1``) means. Default: ``None`` (the group's text).
        x2 (str): what ``x2`` means (binary functions). Default: ``None`` (the group's text).
        returns (str): the Returns text. Default: ``None`` (the group's text).
        note (str): a paragraph after the summary. Default: ``""``.
        setup (str): a statement run before the call (``"x = mnp.array([1, 2])"``).
            Default: ``""``.
        raises (tuple[str]): Raises entries after the common ones. Default: ``()``.
    """
    __slots__ = ("summary", "example", "out", "x", "x2", "returns", "note", "setup", "raises")

    def __init__(self, summary, example, out, x=None, x2=None, returns=None, note="",
                 setup="", raises=()):
        self.summary, self.example, self.out = summary, example, out
        self.x, self.x2, self.returns, self.note, self.setup = x, x2, returns, note, setup
        self.raises = tuple(raises)

    def defaults(self, x=None, x2=None, returns=None, note="", raises=()):
        """The record with a group's texts where it has none of its own (``raises`` entries
        are added to its own)."""
        return Doc(self.summary, self.example, self.out, self.x or x, self.x2 or x2,
                   self.returns or returns, self.note or note, self.setup,
                   self.raises + tuple(raises))

    def render(self, name, args):
        """The docstring of ``name(*args, dtype=None)``."""
        one = len(args) == 1
        entries = ["%s (%s): %s" % (args[0], _ARRAY_LIKE, self.x or (
            "the input." if one else "the first input."))]
        if not one:
            entries.append("%s (%s): %s" % (args[1], _ARRAY_LIKE, self.x2 or "the second input."))
        entries.append("dtype (mindcell.dtype, optional): the dtype the result is cast to. "
                       "Default: ``None`` (the dtype computed).")
        names = " or ".join("``%s``" % a for a in args)
        raises = ["TypeError: %s is not a Tensor, a number, a list/tuple or a numpy array of "
                  "numbers, or ``dtype`` is not a dtype." % names,
                  "ValueError: %s." % ("``x`` is a nested list of uneven lengths" if one else
                                       "``x1`` and ``x2`` do not broadcast to one shape, or "
                                       "one is a nested list of uneven lengths")]
        raises += list(self.raises)

        def block(title, items, more="        "):
            return [title] + [textwrap.fill(item, 92, initial_indent="    ",
                                            subsequent_indent=more) for item in items]
        lines = [textwrap.fill("%s(%s, dtype=None): %s" % (name, ", ".join(args), self.summary),
                               92), ""]
        if self.note:
            lines += [textwrap.fill(self.note, 92), ""]
        lines += block("Args:", entries) + [""] + block("Returns:", [self.returns or "Tensor."],
                                                             "    ")
        lines += [""] + block("Raises:", raises)
        lines += ["", "Examples:", "    >>> import mindcell.numpy as mnp"]
        if self.setup:
            lines.append("    >>> " + self.setup)
        lines.append("    >>> print(mnp.%s(%s))" % (name, self.example))
        lines += ["    " + o for o in self.out.split("\n")]
        return "\n".join(lines) + "\n"


def _named(op, name, doc, args):
    op.__name__ = op.__qualname__ = name
    op.__doc__ = doc.render(name, args) if isinstance(doc, Doc) else doc % name
    return op


def unary(fn, name, doc, convert=asarray):
    """The function ``name(x, dtype=None)``: ``fn`` of ``convert(x, name)``, cast to ``dtype``;
    ``doc`` is its :class:`Doc` record (or a docstring with ``%s`` for the name)."""
    def op(x, dtype=None):
        return apply_dtype(fn(convert(x, name)), dtype, name)
    return _named(op, name, doc, ("x",))


def binary(fn, name, doc, convert=operands):
    """The function ``name(x1, x2, dtype=None)``: ``fn`` of ``convert(x1, x2, name)``, cast
    to ``dtype``; ``doc`` is its :class:`Doc` record (or a docstring with ``%s`` for the
    name)."""
    def op(x1, x2, dtype=None):
        return apply_dtype(fn(*convert(x1, x2, name)), dtype, name)
    return _named(op, name, doc, ("x1", "x2"))


def check_int(v, name, arg):
    if not isinstance(v, (numbers.Integral, np.integer)) or isinstance(v, (bool, np.bool_)):
        raise fail(name, "'%s' must be an int, but got %s" % (arg, describe(v)))
    return int(v)


def check_ddof(v, name):
    """``ddof`` of var/nanvar/nanstd/cov: an int, or a bool meaning 0/1 as MindSpore 2.10
    (its ``std`` alone refuses a bool: that caller uses :func:`check_int`)."""
    return int(v) if isinstance(v, (bool, np.bool_)) else check_int(v, name, "ddof")


def check_bool(v, name, arg):
    if not isinstance(v, (bool, np.bool_)):
        raise fail(name, "'%s' must be a bool, but got %s" % (arg, describe(v)))
    return bool(v)


def axis_arg(axis, ndim, name):
    """One axis (int) into a non-negative int."""
    axis = check_int(axis, name, "axis")
    n = max(ndim, 1)
    if not -n <= axis < n:
        raise fail(name, "'axis' %d is out of range for a %d-D tensor" % (axis, ndim),
                   ValueError)
    return axis % n


def axes_arg(axis, ndim, name):
    """None (all axes), an int or a tuple/list of ints into a sorted tuple of axes."""
    if axis is None:
        return tuple(range(ndim))
    if isinstance(axis, (tuple, list)):
        axes = [axis_arg(a, ndim, name) for a in axis]
        if len(set(axes)) != len(axes):
            raise fail(name, "'axis' has duplicates: %r" % (tuple(axis),), ValueError)
        return tuple(sorted(axes))
    return (axis_arg(axis, ndim, name),)


def shape_arg(shape, name, arg="shape"):
    """An int or a tuple/list of non-negative ints."""
    if isinstance(shape, (numbers.Integral, np.integer)) and not isinstance(shape, bool):
        shape = (int(shape),)
    if not isinstance(shape, (tuple, list)):
        raise fail(name, "'%s' must be an int or a tuple of ints, but got %s"
                   % (arg, describe(shape)))
    out = tuple(check_int(n, name, arg) for n in shape)
    if any(n < 0 for n in out):
        raise fail(name, "'%s' entries must be >= 0, but got %s" % (arg, out), ValueError)
    return out


def tensor_seq(arrays, name, arg="arrays"):
    """A non-empty list/tuple of array-likes (or one Tensor, split along axis 0) as Tensors of
    one promoted dtype."""
    if isinstance(arrays, Tensor):
        arrays = [arrays[i] for i in range(arrays.shape[0])] if arrays.ndim else [arrays]
    if not isinstance(arrays, (list, tuple)) or not arrays:
        raise fail(name, "'%s' must be a non-empty list or tuple of tensors, but got %s"
                   % (arg, describe(arrays)))
    ts = [asarray(a, name) for a in arrays]
    dt = ts[0]._np_dtype
    for t in ts[1:]:
        if t._np_dtype != dt:
            dt = mstype.promote_types(mstype.from_numpy_dtype(dt),
                                      mstype.from_numpy_dtype(t._np_dtype)).np_dtype
    return [t if t._np_dtype == dt else ops.cast(t, mstype.from_numpy_dtype(dt)) for t in ts]
