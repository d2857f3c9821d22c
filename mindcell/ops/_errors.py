"""Argument checks for scalars (ints, floats, bools, pairs of sizes, reductions), and
``public_name``: the name of the op the user called, for error messages raised by shared helpers.

Validation happens up front in the op wrappers; these helpers only make the message right. A
composite (``std`` calls ``var``, ``chunk`` calls ``split``, ``ops.Softmax()`` calls ``softmax``)
passes its inner op's name to the checks it shares; when a check fails, ``public_name`` walks the
stack (on the error path only, no cost otherwise) to the outermost public mindcell op between the
raise and the user's code, and names that one."""
import numbers
import sys

import numpy as np

from mindcell._core.mixed_precision import running_float_type

_PUBLIC = None  # code object -> public name, built on the first error
_PRIM_CALL = set()  # __call__ code objects of the Primitive classes (named by type(self))
_SHARED = set()  # code objects shared by several public functions (made by one factory)
_SHARED_METHODS = set()  # the same for Tensor methods (their closures hold the method's 'name')
_API = None  # the mindcell.ops module, once complete (it sits above this module: registered)


def register_public_api(ops):
    """Called by ``mindcell.ops`` when it is complete: the ops that ``public_name`` can name."""
    global _API
    _API = ops


def _registry():
    global _PUBLIC
    if _PUBLIC is None:
        if _API is None:  # during import of mindcell.ops itself
            return None
        from mindcell.common.tensor import Tensor
        ops = _API
        table = {}
        for name in dir(ops):
            obj = getattr(ops, name)
            if name.startswith("_"):
                continue
            if isinstance(obj, type) and issubclass(obj, ops.Primitive):
                code = getattr(obj.__call__, "__code__", None)
                if code is not None:
                    _PRIM_CALL.add(code)
            elif callable(obj) and hasattr(obj, "__code__"):  # an alias names its original
                own = getattr(obj, "__name__", name)
                own = own if getattr(ops, own, None) is obj else name
                if table.get(obj.__code__, own) != own:  # one factory made several ops:
                    _SHARED.add(obj.__code__)  # their closures hold the op's 'name'
                table.setdefault(obj.__code__, own)
        first_method = {}  # code object -> the first method function seen with it
        for name, obj in vars(Tensor).items():
            if not name.startswith("_") and hasattr(obj, "__code__"):
                first = first_method.setdefault(obj.__code__, obj)
                if first is not obj:  # one factory made several methods (not one aliased)
                    _SHARED_METHODS.add(obj.__code__)
                table.setdefault(obj.__code__, "Tensor." + name)
        _PUBLIC = table
    return _PUBLIC


def public_name(op):
    """``op``, or the outermost public op that led to this call (``std`` for a check made in
    ``var`` on behalf of ``std``). Stops at the first frame outside mindcell (the user's code, a
    function given to ``grad``)."""
    table = _registry()
    if table is None:
        return op
    frame, found = sys._getframe(1), None
    pkg = __name__.rsplit(".", 2)[0]
    while frame is not None:
        # (the spec's name: under mindcell.run a module's __name__ is its MindSpore name)
        mod = getattr(frame.f_globals.get("__spec__"), "name", None) or frame.f_globals.get(
            "__name__", "")
        if mod != pkg and not mod.startswith(pkg + "."):
            break
        code = frame.f_code
        if code in _PRIM_CALL and "self" in frame.f_locals:
            found = type(frame.f_locals["self"]).__name__
        elif code in _SHARED:
            name = frame.f_locals.get("name")
            found = name if isinstance(name, str) else found
        elif code in _SHARED_METHODS:
            name = frame.f_locals.get("name")
            found = "Tensor." + name if isinstance(name, str) else found
        elif code in table:
            found = table[code]
        frame = frame.f_back
    return found or op


def show(v):
    """A short description of a bad value for a message (a Tensor by shape and dtype)."""
    if hasattr(v, "shape") and hasattr(v, "dtype"):
        return "%s of shape %s and dtype %s" % (type(v).__name__, tuple(v.shape), v.dtype)
    r = repr(v)
    return "%s %s" % (type(v).__name__, r if len(r) <= 60 else r[:57] + "...")


def _is_int(v):
    return isinstance(v, numbers.Integral) and not isinstance(v, (bool, np.bool_))


def int_arg(v):
    """The Python int a 0-d integer Tensor holds, when one is given for an int parameter (an
    axis, a size, a count, a shape entry); any other value unchanged.

    MindSpore 2.10 takes a 0-d integer Tensor wherever its ops take an int
    (``ops.reshape(x, (t, -1))``, ``ops.sum(x, t)``, ``ops.topk(x, t)``, ``x.transpose(t, 0)``:
    tests/goldens/arg_kinds, ms-oracle), so the int checks below read one through this."""
    if type(v) is int:  # the common case, first
        return v
    dt = getattr(v, "_np_dtype", None)
    if dt is not None and dt.kind in "iu" and not v.shape and _is_tensor(v):
        return int(v.item())
    return v


def _is_tensor(v):
    from mindcell.common.tensor import Tensor
    return isinstance(v, Tensor)


def check_int(v, op, arg, low=None, high=None):
    """An int (not bool; a 0-d integer Tensor reads as its int) in [low, high];
    TypeError/ValueError naming the op and argument."""
    if not _is_int(v):
        v = int_arg(v)  # (on this path only: an int costs nothing more)
        if not _is_int(v):
            raise TypeError("%s: '%s' must be an int, but got %s"
                            % (public_name(op), arg, show(v)))
    v = int(v)
    if (low is not None and v < low) or (high is not None and v > high):
        rng = "[%s, %s]" % ("-inf" if low is None else low, "inf" if high is None else high)
        raise ValueError("%s: '%s' must be in %s, but got %d" % (public_name(op), arg, rng, v))
    return v


def check_not_bool(v, op, arg):
    """``v`` unchanged unless it is a bool (TypeError naming ``op``): for the faces that refuse a
    bool where the ``ops`` function they share takes it as 0/1 (MindSpore 2.10: ops.narrow,
    ops.topk, ops.swapaxes take ``True`` for an axis; Tensor.narrow, Tensor.topk, mint.swapaxes
    and mint.narrow refuse it; tests/goldens/arg_kinds)."""
    if isinstance(v, (bool, np.bool_)):
        raise TypeError("%s: '%s' must be an int, but got %r" % (public_name(op), arg, v))
    return v


def check_positive_int(v, op, arg):
    return check_int(v, op, arg, 1, 2 ** 31 - 1)


def check_number(v, op, arg, low=None, high=None, finite=False):
    """A real number (int or float, not bool) in [low, high] as a float."""
    if not isinstance(v, numbers.Real) or isinstance(v, (bool, np.bool_)):
        raise TypeError("%s: '%s' must be a number, but got %s" % (public_name(op), arg, show(v)))
    f = float(v) if abs(v) < 1e308 or not _is_int(v) else float("inf")
    if (finite and not np.isfinite(f)) or f != f:
        raise ValueError("%s: '%s' must be a finite number, but got %r"
                         % (public_name(op), arg, v))
    if (low is not None and f < low) or (high is not None and f > high):
        raise ValueError("%s: '%s' must be in [%s, %s], but got %r"
                         % (public_name(op), arg, low, high, v))
    return f


def check_bool(v, op, arg):
    if not isinstance(v, (bool, np.bool_)):
        raise TypeError("%s: '%s' must be a bool, but got %s" % (public_name(op), arg, show(v)))
    return bool(v)


def check_ints(v, op, arg, n=None, low=None, high=2 ** 31 - 1):
    """An int or a tuple/list of ints (``n`` of them when given) each in [low, high]."""
    if not isinstance(v, (tuple, list)):
        v = int_arg(v)
    if _is_int(v):
        v = (v,) * (n or 1)
    if not isinstance(v, (tuple, list)) or (n is not None and len(v) != n):
        want = "an int or %s ints" % n if n else "an int or a tuple of ints"
        raise TypeError("%s: '%s' must be %s, but got %s" % (public_name(op), arg, want, show(v)))
    return tuple(check_int(i, op, arg, low, high) for i in v)


def check_pair(v, op, arg, low=1):
    """Kernel sizes, strides, dilations, output sizes: an int or two ints, each >= ``low``."""
    return check_ints(v, op, arg, 2, low)


def check_choice(v, op, arg, choices, type_error=TypeError):
    """A string option from ``choices`` (None too when it is one of them): ``type_error`` for
    another type (an array's ``in`` would be ambiguous), ValueError for another string."""
    if not isinstance(v, str) and not (v is None and None in choices):
        raise type_error("%s: '%s' must be a str, but got %s" % (public_name(op), arg, show(v)))
    if v not in choices:
        raise ValueError("%s: '%s' must be one of %s, but got %r"
                         % (public_name(op), arg, ", ".join(map(repr, choices)), v))
    return v


def check_reduction(reduction, op, choices=("mean", "sum", "none"), type_error=TypeError):
    """'mean', 'sum' or 'none' (or ``choices``); the nn loss Cells pass ValueError as
    ``type_error``, the error MindSpore's raise for any reduction they do not take."""
    return check_choice(reduction, op, "reduction", choices, type_error)


def check_broadcast(op, *shapes):
    """The broadcast shape of ``shapes``; ValueError naming the op when they do not broadcast."""
    try:
        return np.broadcast_shapes(*[tuple(s) for s in shapes])
    except ValueError:
        raise ValueError("%s: shapes %s do not broadcast" % (
            public_name(op), " and ".join(str(tuple(s)) for s in shapes))) from None


def check_same_dtype(op, a_dtype, b_dtype, a_name="x1", b_name="x2"):
    """Raise TypeError (MindSpore's type) when two operands of a matrix product or convolution
    have different dtypes: MindSpore neither promotes nor casts them (a float64 batch through
    a float32 layer is an error, not a float64 result). Inside a mixed-precision cell two float
    dtypes pass: the primitive call casts both to the cell's type
    (mindcell/_core/mixed_precision.py)."""
    if a_dtype != b_dtype and not (running_float_type() is not None
                                   and a_dtype.is_floating_point and b_dtype.is_floating_point):
        raise TypeError("%s: '%s' must have the dtype of '%s', but got '%s' %s and '%s' %s; cast "
                        "the input first, e.g. x.astype(ms.%s)"
                        % (public_name(op), b_name, a_name, a_name, a_dtype, b_name, b_dtype,
                           str(b_dtype).lower()))


def check_matmul_shapes(op, a_shape, b_shape, transpose_a=False, transpose_b=False):
    """Raise RuntimeError (MindSpore's error type for this) when the contracted dims of a
    matrix product differ or its batch dims do not broadcast; returns the batch shape."""
    ka = a_shape[-2] if transpose_a and len(a_shape) > 1 else a_shape[-1]
    kb = (b_shape[-1] if transpose_b else b_shape[-2]) if len(b_shape) > 1 else b_shape[0]
    if ka != kb:
        raise RuntimeError("%s: contracted dimensions differ (%d vs %d) for shapes %s and %s "
                           "(transpose_a=%s, transpose_b=%s)"
                           % (public_name(op), ka, kb, tuple(a_shape), tuple(b_shape), transpose_a,
                              transpose_b))
    try:
        return np.broadcast_shapes(tuple(a_shape[:-2]), tuple(b_shape[:-2]))
    except ValueError:
        raise RuntimeError("%s: batch dimensions %s and %s do not broadcast"
                           % (public_name(op), tuple(a_shape[:-2]), tuple(b_shape[:-2]))) from None
