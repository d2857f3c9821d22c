"""``mindcell.ops.composite`` (MindSpore's module path, usually imported as ``C``): gradient
transforms, ``MultitypeFuncGraph`` (functions dispatched on argument types), ``HyperMap`` and
``Map`` (apply a function over tuples), ``Partial`` and ``clip_by_global_norm``."""
import functools
import numbers

import numpy as np

from mindcell import dtype as mstype
from mindcell.common.tensor import Tensor
from mindcell.ops import functional as F
from mindcell.ops.grad import GradOperation, grad, value_and_grad, vjp  # noqa: F401
from mindcell.ops.primitive import Primitive
from mindcell.ops.composite_extra import add_flags  # noqa: F401

__all__ = ["GradOperation", "HyperMap", "Map", "MultitypeFuncGraph", "Partial",
           "clip_by_global_norm", "grad", "value_and_grad", "vjp"]


def _is(kind):
    return lambda v: isinstance(v, kind) and not isinstance(v, bool)


# MindSpore's type names for MultitypeFuncGraph.register.
_TYPE_CHECKS = {
    "Tensor": lambda v: isinstance(v, Tensor),
    "Number": lambda v: isinstance(v, numbers.Number),
    "Int": _is(numbers.Integral),
    "Float": _is(float),
    "Bool": lambda v: isinstance(v, bool),
    "String": lambda v: isinstance(v, str),
    "Tuple": lambda v: isinstance(v, tuple),
    "List": lambda v: isinstance(v, list),
    "Dictionary": lambda v: isinstance(v, dict),
    "Function": callable,
    "None": lambda v: v is None,
    "Slice": lambda v: isinstance(v, slice),
    "Ellipsis": lambda v: v is Ellipsis,
    "TypeType": lambda v: isinstance(v, mstype.DType),
    "UInt": lambda v: isinstance(v, np.unsignedinteger),
    # kinds of value mindcell never passes (a registration for them is kept, never chosen)
    "MapTensor": lambda v: False,
    "UMonad": lambda v: False,
    "IOMonad": lambda v: False,
}


# COOTensor and CSRTensor live in mindcell.sparse_tensor, a higher layer, which registers them
# here when it is imported (register_sparse_type); until then no value is one of them.
_SPARSE_TYPES = {}


def register_sparse_type(cls):
    """Let ``MultitypeFuncGraph.register`` match the type name ``cls.__name__``."""
    _SPARSE_TYPES[cls.__name__] = cls


def _sparse_checks():
    from mindcell.common.row_tensor import RowTensor
    checks = {"RowTensor": lambda v: isinstance(v, RowTensor)}
    for name in ("COOTensor", "CSRTensor"):
        checks[name] = lambda v, name=name: name in _SPARSE_TYPES and isinstance(
            v, _SPARSE_TYPES[name])
    return checks


def _scalar_dtype(v):
    """The dtype MindSpore gives a scalar argument: a Python int is Int64, a float Float64, a
    numpy scalar its own dtype (None for anything else, and for bool, which is Bool)."""
    if isinstance(v, (bool, np.bool_)):
        return None
    if isinstance(v, np.generic):
        try:
            return mstype.from_numpy_dtype(v.dtype)
        except TypeError:
            return None
    if isinstance(v, int):
        return mstype.int64
    if isinstance(v, float):
        return mstype.float64
    return None


def _type_check(name):
    """The check for a type name MultitypeFuncGraph.register takes: one of _TYPE_CHECKS, a sparse
    tensor kind, a scalar dtype name ('Int32', 'Float64': a scalar of that dtype) or
    'Tensor[<dtype>]' (a Tensor of that dtype); None for a name MindSpore does not know."""
    if not isinstance(name, str):
        return None
    if name in _TYPE_CHECKS:
        return _TYPE_CHECKS[name]
    if name in ("RowTensor", "COOTensor", "CSRTensor"):
        return _sparse_checks()[name]
    if name.startswith("Tensor[") and name.endswith("]"):
        dtype = _DTYPES.get(name[len("Tensor["):-1])
        return None if dtype is None else (
            lambda v: isinstance(v, Tensor) and v.dtype == dtype)
    dtype = _DTYPES.get(name)
    if dtype is not None and dtype != mstype.bool_:
        return lambda v: _scalar_dtype(v) == dtype
    return None


_DTYPES = {d.name: d for d in mstype.ALL_DTYPES}


def _type_name(v):
    for name in ("Tensor", "Bool", "Int", "Float", "Number", "String", "Tuple", "List",
                 "Dictionary", "None", "Function"):
        if _TYPE_CHECKS[name](v):
            return name
    return type(v).__name__


class MultitypeFuncGraph:
    """A function with several implementations, chosen by the types of the arguments it is called
    with.

    ``@f.register("Tensor", "Number")`` adds an implementation; the type names are MindSpore's
    (Tensor, Number, Int, Float, Bool, String, Tuple, List, Dictionary, Function, None). A call
    runs the first registered implementation with as many types as arguments, all matching.

    Args:
        name (str): the function's name (used in error messages).
        read_value (bool): the caller's promise that the registered functions write no
            Parameter (MindSpore may then pass values instead of references); mindcell passes
            the arguments themselves, which gives the same results. Default: ``False``.

    Inputs:
        - **args** (Any) - the arguments, matched against the registered types.

    Outputs:
        What the chosen implementation returns.

    Raises:
        TypeError: ``name`` is not a str, ``register`` is given an unknown type name, or a call
            matches no registered implementation.

    Examples:
        >>> from mindcell import ops
        >>> add = ops.MultitypeFuncGraph("add")
        >>> @add.register("Number", "Number")
        ... def _(x, y):
        ...     return x + y
        >>> @add.register("String", "String")
        ... def _(x, y):
        ...     return x + " " + y
        >>> add(1, 2), add("a", "b")
        (3, 'a b')
    """

    def __init__(self, name, read_value=False):
        if not isinstance(name, str):
            raise TypeError("MultitypeFuncGraph: 'name' must be a str, but got %s"
                            % type(name).__name__)
        self.name = name
        self.read_value = read_value
        self.entries = []

    def register(self, *type_names):
        """register(*type_names): decorator adding an implementation for these types."""
        checks = []
        for t in type_names:
            check = _type_check(t)
            if check is None:
                raise TypeError("MultitypeFuncGraph.register: unknown type name %r; known: %s, "
                                "RowTensor, COOTensor, CSRTensor, a dtype name ('Int32') or "
                                "'Tensor[<dtype>]'" % (t, ", ".join(_TYPE_CHECKS)))
            checks.append(check)
        checks = tuple(checks)

        def deco(fn):
            self.entries.append((type_names, checks, fn))
            return fn
        return deco

    def __call__(self, *args):
        for types, checks, fn in self.entries:
            if len(checks) == len(args) and all(c(a) for c, a in zip(checks, args)):
                return fn(*args)
        raise TypeError("MultitypeFuncGraph '%s': no implementation registered for argument "
                        "types (%s); registered: %s"
                        % (self.name, ", ".join(_type_name(a) for a in args),
                           "; ".join("(%s)" % ", ".join(t) for t, _, _ in self.entries)
                           or "none"))


def _map(fn, args, recursive, reverse, op):
    seqs = [a for a in args if isinstance(a, (tuple, list))]
    if not seqs:
        return fn(*args)
    if len(seqs) != len(args):
        raise TypeError("%s: the arguments must all be tuples/lists or all not, but got %s"
                        % (op, ", ".join(type(a).__name__ for a in args)))
    n = len(args[0])
    if any(len(a) != n for a in args):
        raise ValueError("%s: the sequences must have the same length, but got %s"
                         % (op, [len(a) for a in args]))
    order = range(n - 1, -1, -1) if reverse else range(n)
    out = [None] * n
    for i in order:
        items = [a[i] for a in args]
        out[i] = _map(fn, items, recursive, reverse, op) if recursive else fn(*items)
    # a plain tuple/list, as in MindSpore: mapping over a ParameterTuple gives Tensors, and a
    # subclass's constructor need not take one iterable
    return list(out) if isinstance(args[0], list) else tuple(out)


class _Mapper:
    _recursive = True

    def __init__(self, ops=None, reverse=False):
        if ops is not None and not callable(ops):
            raise TypeError("%s: 'ops' must be callable or None, but got %s"
                            % (type(self).__name__, type(ops).__name__))
        self.ops = ops
        self.reverse = bool(reverse)

    def __call__(self, *args):
        op = type(self).__name__
        fn, args = (self.ops, args) if self.ops is not None else (args[0] if args else None,
                                                                 args[1:])
        if not callable(fn):
            raise TypeError("%s: the function to apply must be callable, but got %s"
                            % (op, type(fn).__name__))
        if not args:
            raise TypeError("%s: expects at least one sequence to map over" % op)
        return _map(fn, args, self._recursive, self.reverse, op)


class HyperMap(_Mapper):
    """Applies a function to the leaves of (nested) tuples and lists, taken element by element
    from each argument; the result has the same structure.

    Args:
        ops (Callable, optional): the function; None means the first argument of each call is
            the function. Default: ``None``.
        reverse (bool): visit the elements last to first (the results keep their positions).
            Default: ``False``.

    Inputs:
        - **args** (Union[tuple, list, Any]) - sequences of one structure and length (or all
          non-sequences), preceded by the function when ``ops`` is None.

    Outputs:
        A tuple (or list, when the first argument is a list, as in MindSpore's GRAPH_MODE;
        its PYNATIVE_MODE gives a tuple) of the results, nested as the inputs; ``ops(*args)``
        itself for non-sequence arguments.

    Raises:
        TypeError: ``ops`` or the function given is not callable, nothing to map over is
            given, or sequences are mixed with non-sequences.
        ValueError: the sequences differ in length.

    Examples:
        >>> from mindcell import ops
        >>> ops.HyperMap(lambda a, b: a * b)((1, (2, 3)), (4, (5, 6)))
        (4, (10, 18))
        >>> ops.HyperMap()(lambda a: -a, [1, 2])
        [-1, -2]
    """


class Map(_Mapper):
    """Applies a function to the elements of tuples and lists taken element by element, one level
    deep (nested sequences are passed to the function whole): :class:`HyperMap` without the
    recursion.

    Args:
        ops (Callable, optional): the function; None means the first argument of each call is
            the function. Default: ``None``.
        reverse (bool): visit the elements last to first. Default: ``False``.

    Inputs:
        - **args** (Union[tuple, list]) - sequences of one length, preceded by the function when
          ``ops`` is None.

    Outputs:
        A tuple (or list, when the first argument is a list, as in MindSpore's GRAPH_MODE;
        its PYNATIVE_MODE gives a tuple) of the results.

    Raises:
        TypeError: the function is not callable, nothing to map over is given, or sequences
            are mixed with non-sequences.
        ValueError: the sequences differ in length.

    Examples:
        >>> from mindcell import ops
        >>> ops.Map(lambda a, b: a + b)([1, 2], [10, 20])
        [11, 22]
        >>> ops.Map(len)(((1, 2), (3,)))
        (2, 1)
    """
    _recursive = False


class Partial(Primitive):
    """Binds the first arguments of a function (``functools.partial``), as MindSpore's Partial
    primitive.

    Inputs:
        - **func** (Callable) - the function.
        - **args** (Any) - the leading arguments to bind.

    Outputs:
        functools.partial, calling ``func(*args, *more)``.

    Raises:
        TypeError: ``func`` is not callable.

    Examples:
        >>> from mindcell import ops
        >>> ops.Partial()(lambda a, b: a - b, 10)(3)
        7
    """

    def __call__(self, func, *args):
        if not callable(func):
            raise TypeError("Partial: 'func' must be callable, but got %s" % type(func).__name__)
        return functools.partial(func, *args)


def clip_by_global_norm(x, clip_norm=1.0, use_norm=None):
    """clip_by_global_norm(x, clip_norm=1.0, use_norm=None): the tensors of ``x`` scaled by
    ``clip_norm / max(global_norm, clip_norm)``, ``global_norm`` being the L2 norm of all of
    them together (gradient clipping).

    Args:
        x (Union[Tensor, tuple[Tensor], list[Tensor]]): float tensors (e.g. gradients), or one.
        clip_norm (Union[float, int]): the largest global norm kept; positive.
        use_norm (None): must be None (as in MindSpore).

    Returns:
        tuple[Tensor], the clipped tensors; a Tensor for a Tensor ``x``.

    Raises:
        TypeError: ``x`` is not a float Tensor or a non-empty tuple/list of them, or
            ``clip_norm`` is not a number.
        ValueError: ``clip_norm`` is not positive and finite, or ``use_norm`` is not None.

    Examples:
        >>> import mindcell as ms
        >>> from mindcell import ops
        >>> a, = ops.clip_by_global_norm((ms.Tensor([3.0, 4.0]),), 1.0)
        >>> a
        Tensor(shape=[2], dtype=Float32, value= [ 6.00000024e-01,  8.00000012e-01])
    """
    op = "clip_by_global_norm"
    if isinstance(x, Tensor):  # one tensor: clipped by its norm, returned alone (MindSpore 2.10)
        return clip_by_global_norm((x,), clip_norm, use_norm)[0]
    if not isinstance(x, (tuple, list)) or not x:
        raise TypeError("%s: 'x' must be a non-empty tuple or list of Tensors, but got %s"
                        % (op, type(x).__name__))
    for i, t in enumerate(x):
        if not isinstance(t, Tensor) or not mstype.is_floating(t.dtype) or \
                t.dtype == mstype.bfloat16:  # (MindSpore 2.10 refuses BFloat16: ms-oracle)
            raise TypeError("%s: x[%d] must be a float Tensor, but got %s"
                            % (op, i, t.dtype if isinstance(t, Tensor) else type(t).__name__))
    if isinstance(clip_norm, bool) or not isinstance(clip_norm, (int, float)):
        raise TypeError("%s: 'clip_norm' must be a float or int, but got %s"
                        % (op, type(clip_norm).__name__))
    if not 0 < clip_norm < float("inf"):
        raise ValueError("%s: 'clip_norm' must be positive and finite, but got %r"
                         % (op, clip_norm))
    if use_norm is not None:
        raise ValueError("%s: 'use_norm' must be None, but got %r" % (op, use_norm))
    dtype = mstype.result_type(*[t.dtype for t in x])
    total = None
    for t in x:
        sq = F.reduce_sum(F.square(F.cast(t, dtype)))
        total = sq if total is None else total + sq
    scale = clip_norm / F.maximum(F.sqrt(total), clip_norm)
    return tuple(t * F.cast(scale, t.dtype) for t in x)


def _tensor_ones_like(x):
    if not isinstance(x, Tensor):
        raise ValueError("ones_like: expects a Tensor or (nested) tuples/lists of Tensors, but "
                         "got %s" % _type_name(x))
    return F.ones_like(x)


# MindSpore's C.ones_like is a HyperMap of ones_like: tuples and lists of tensors map through
ones_like = HyperMap(_tensor_ones_like)
ones_like.__doc__ = """ones_like(x): a Tensor of ones shaped like ``x``, or the same (nested)
tuples/lists of them for tuples/lists of Tensors (MindSpore's ``ops.composite.ones_like``).

Examples:
    >>> import numpy as np
    >>> from mindcell import Tensor
    >>> from mindcell.ops import composite as C
    >>> print(C.ones_like((Tensor(np.zeros(2, np.float32)),)))
    (Tensor(shape=[2], dtype=Float32, value= [ 1.00000000e+00,  1.00000000e+00]),)
"""
# MindSpore's C.matmul: the same product as ops.matmul (a separate object there)
matmul = F.matmul
__all__ += ["ones_like", "matmul"]
from mindcell.ops.composite_augassign import *  # noqa: E402,F401,F403
from mindcell.ops import composite_augassign as _augassign  # noqa: E402
__all__ += _augassign.__all__
