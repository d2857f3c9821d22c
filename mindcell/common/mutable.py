"""``mutable``: MindSpore's mark for a graph input whose value may change between calls.

A marked scalar is a ``MutableInt``/``MutableFloat``/``MutableBool``: in PYNATIVE_MODE it is
that number; a GRAPH_MODE call (a Cell, ``ms.jit``) feeds it to the graph as a 0-d tensor
(Int64, Float32, Bool), so the compile cache keys it by dtype and shape and a new value does not
recompile. A marked tuple/list/dict has its scalar elements marked."""
import numbers

import numpy as np

from mindcell.common.tensor import Tensor

__all__ = ["mutable"]


class _MutableScalar:
    """A scalar marked by ``mutable``: becomes a 0-d tensor of ``np_dtype`` in a graph."""
    __slots__ = ()
    np_dtype = None
    py_type = None

    @property
    def value(self):
        return self.py_type(self)

    def to_tensor(self):
        return Tensor._make(np.asarray(self.value, self.np_dtype))

    def __repr__(self):
        return "mutable(%r)" % self.value

    def __str__(self):  # printed and formatted as the plain number (f"ckpt_{epoch}")
        return str(self.value)

    def __format__(self, spec):
        return format(self.value, spec)


class MutableInt(_MutableScalar, int):
    """An int marked by ``mutable`` (a 0-d Int64 tensor in a graph)."""
    __slots__ = ()
    np_dtype, py_type = np.dtype(np.int64), int


class MutableBool(MutableInt):
    """A bool marked by ``mutable`` (a 0-d Bool tensor in a graph); Python cannot subclass
    bool, so in PYNATIVE_MODE it is the int 0 or 1."""
    __slots__ = ()
    np_dtype, py_type = np.dtype(np.bool_), bool


class MutableFloat(_MutableScalar, float):
    """A float marked by ``mutable`` (a 0-d Float32 tensor in a graph)."""
    __slots__ = ()
    np_dtype, py_type = np.dtype(np.float32), float


class MutableTuple(tuple):
    """A tuple marked by ``mutable``: a variable graph input whose Tensors a gradient
    (``GradOperation``) differentiates, returning their gradients as a tuple, as MindSpore's
    compiled graphs do (a plain tuple argument is a constant there, with no gradient)."""
    __slots__ = ()


class MutableList(list):
    """A list marked by ``mutable`` (as :class:`MutableTuple`; gradients come as a list)."""
    __slots__ = ()


def _mark(obj):
    if isinstance(obj, (Tensor, _MutableScalar)):
        return obj
    if isinstance(obj, bool):
        return MutableBool(obj)
    if isinstance(obj, numbers.Integral):
        return MutableInt(obj)
    if isinstance(obj, numbers.Real):
        return MutableFloat(obj)
    if isinstance(obj, tuple):  # a container is marked through its scalars, and as itself
        return MutableTuple(_mark(o) for o in obj)
    if isinstance(obj, list):
        return MutableList(_mark(o) for o in obj)
    if isinstance(obj, dict):
        return {k: _mark(v) for k, v in obj.items()}
    raise TypeError("mutable: 'input_data' must be a Tensor, scalar, tuple, list or dict (or "
                    "nested ones), but got an element of type %s" % type(obj).__name__)


def mutable(input_data, dynamic_len=False):
    """mutable(input_data, dynamic_len=False): ``input_data`` marked as a variable graph input.

    A marked scalar (or a scalar inside a marked tuple, list or dict) is the same number in
    PYNATIVE_MODE; a GRAPH_MODE Cell or ``ms.jit`` function receives it as a 0-d tensor (int ->
    Int64, float -> Float32, bool -> Bool) and compiles once for all its values. Tensors are
    returned as they are (already variable inputs).

    Args:
        input_data (Union[Tensor, scalar, tuple, list, dict]): the value.
        dynamic_len (bool): whether a sequence may change length; a bool. A change of length
            still compiles again here.

    Raises:
        TypeError: ``input_data`` (or an element of it) is of another type, or ``dynamic_len``
            is not a bool or is True for a non-sequence.

    Examples:
        >>> import mindcell as ms
        >>> ms.mutable((1, 2))
        (mutable(1), mutable(2))
    """
    if not isinstance(dynamic_len, bool):
        raise TypeError("mutable: 'dynamic_len' must be a bool, but got %s"
                        % type(dynamic_len).__name__)
    ok = (Tensor, numbers.Number, tuple, list, dict)
    if not isinstance(input_data, ok) or isinstance(input_data, numbers.Complex) \
            and not isinstance(input_data, numbers.Real):
        raise TypeError("mutable: 'input_data' must be a Tensor, scalar, tuple, list or dict, "
                        "but got %s" % type(input_data).__name__)
    if dynamic_len and not isinstance(input_data, (tuple, list)):
        raise TypeError("mutable: dynamic_len=True needs a tuple or list, but got %s"
                        % type(input_data).__name__)
    return _mark(input_data)


def graph_inputs(args):
    """``args`` with every marked scalar replaced by its 0-d tensor (``args`` itself when
    there is none), for a GRAPH_MODE call's signature and trace."""
    if not _has_marked(args):
        return args
    return _unmark(args)


def _has_marked(obj):
    if isinstance(obj, _MutableScalar):
        return True
    if isinstance(obj, (tuple, list)):
        return any(_has_marked(o) for o in obj)
    if isinstance(obj, dict):
        return any(_has_marked(o) for o in obj.values())
    return False


def _unmark(obj):
    if isinstance(obj, _MutableScalar):
        return obj.to_tensor()
    if isinstance(obj, (tuple, list)):
        items = [_unmark(o) for o in obj]
        if isinstance(obj, (MutableTuple, MutableList)):
            return type(obj)(items)
        return tuple(items) if isinstance(obj, tuple) else items
    if isinstance(obj, dict):
        return {k: _unmark(v) for k, v in obj.items()}
    return obj
