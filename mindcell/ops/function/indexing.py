"""``Tensor.__getitem__`` / ``__setitem__``: ints, slices, ellipsis, None, bool masks, int lists
and index tensors, normalised into a hashable spec plus index-tensor inputs."""
import numpy as np
from numpy.lib.stride_tricks import as_strided

from mindcell.common.tensor import Tensor
from mindcell._core import autodiff, trace as _trace
from mindcell.ops._helpers import (_py, as_np_dtype, cast_to, check_tensor, is_scalar,
                                   operand_scalar, to_tensor)
from mindcell.ops.defs import shape as S


def _slice_bound(v):
    if v is None:
        return None
    if isinstance(v, Tensor):
        return int(v.item())
    if isinstance(v, (int, np.integer)):
        return int(v)
    raise TypeError("Tensor index: slice bounds must be ints or None, but got %r" % (v,))


def normalize_index(index):
    """Return ``(spec, index_tensors)`` for a Python index expression."""
    if not isinstance(index, tuple):
        index = (index,)
    spec, tensors = [], []
    for item in index:
        if item is Ellipsis:
            spec.append(("e",))
        elif item is None:
            spec.append(("n",))
        elif isinstance(item, (bool, np.bool_)):
            spec.append(("b", bool(item)))  # a constant: the result's shape depends on it
        elif isinstance(item, (int, np.integer)):
            spec.append(("i", int(item)))
        elif isinstance(item, slice):
            spec.append(("s", _slice_bound(item.start), _slice_bound(item.stop),
                         _slice_bound(item.step)))
        elif isinstance(item, (Tensor, list, np.ndarray)):
            spec.append(("t", len(tensors)))
            tensors.append(_index_tensor(item))
        else:
            raise IndexError("Tensor index: unsupported index %r of type %s"
                             % (item, type(item).__name__))
    return tuple(spec), tensors


def _index_tensor(item):
    """An index tensor (int or bool) from a Tensor, list or array."""
    try:
        dtype = item._np_dtype if isinstance(item, Tensor) else np.asarray(item).dtype
    except ValueError:  # a ragged list
        dtype = np.dtype(object)
    if dtype.kind not in "biu":
        raise IndexError("Tensor index: index tensors must be integer or bool, but got %s"
                         % (item.dtype if isinstance(item, Tensor) else dtype))
    return item if isinstance(item, Tensor) else Tensor(np.asarray(item))


def _check_basic(shape, spec):
    """Raise IndexError for out-of-range ints or a bad step before anything runs."""
    if any(s[0] == "s" and s[3] == 0 for s in spec):
        raise ValueError("Tensor index: slice step cannot be zero")
    if all(s[0] in "senb" for s in spec):
        return
    dummy = as_strided(np.zeros(1, np.int8), shape, (0,) * len(shape))
    key = S.build_index(tuple(s if s[0] != "t" else ("s", None, None, None) for s in spec), ())
    try:
        dummy[key]
    except IndexError as e:
        raise IndexError("Tensor index: %s (shape %s)" % (e, shape)) from None


def getitem(x, index):
    """Returns ``x[index]``: the functional form of Tensor indexing.

    ``index`` may hold ints, slices, ``...``, None (a new axis), bools, and integer or bool
    index tensors, lists or arrays (advanced indexing, as in NumPy).

    Args:
        x (Tensor): the tensor to index.
        index (Union[int, slice, None, Ellipsis, bool, Tensor, list, tuple]): the index.

    Returns:
        Tensor, the selected elements.

    Raises:
        TypeError: ``x`` is not a Tensor, or a slice bound is not an int or None.
        IndexError: an index is out of range, or of an unsupported type or dtype.
        ValueError: a slice step is 0.

    Examples:
        >>> import numpy as np
        >>> from mindcell import Tensor, ops
        >>> x = Tensor(np.arange(6, dtype=np.float32).reshape(2, 3))
        >>> print(ops.getitem(x, (slice(None), 1)))
        [1. 4.]
        >>> print(ops.getitem(x, Tensor(np.array([1, 0], np.int32))))
        [[3. 4. 5.]
         [0. 1. 2.]]
    """
    check_tensor(x, "getitem")
    spec, tensors = normalize_index(index)
    _check_basic(x.shape, spec)
    if spec == (("e",),):
        return x
    return S.index_p.bind(x, *tensors, spec=spec)


def setitem(x, index, value):
    """Writes ``value`` into ``x`` at ``index``: the functional form of ``x[index] = value``.

    Eagerly the write is in place (views and tensors sharing storage see the change); while
    gradients are recorded it is recorded as an IndexPut and earlier tape entries keep the old
    value. While tracing (GRAPH_MODE) it is the same IndexPut as a functional update: ``x``
    names the updated value from then on.

    Args:
        x (Tensor): the tensor to write into.
        index (Union[int, slice, None, Ellipsis, bool, Tensor, list, tuple]): where to write,
            as for :func:`getitem`.
        value (Union[Tensor, number, list]): the values, broadcast to the indexed shape and
            converted to ``x``'s dtype (a Python number that does not fit an integer dtype
            raises).

    Returns:
        None.

    Raises:
        TypeError: ``x`` is not a Tensor.
        IndexError: an index is out of range or of an unsupported type.
        ValueError: a slice step is 0, ``value`` does not broadcast to the indexed shape, or a
            number does not fit ``x``'s dtype.

    Examples:
        >>> import numpy as np
        >>> from mindcell import Tensor, ops
        >>> x = Tensor(np.zeros((2, 3), np.int32))
        >>> ops.setitem(x, (0, slice(1, None)), 7)
        >>> print(x)
        [[0 7 7]
         [0 0 0]]
    """
    check_tensor(x, "setitem")
    spec, tensors = normalize_index(index)
    _check_basic(x.shape, spec)
    v = _setitem_value(value, x._np_dtype)
    current = _trace.current()
    if _recorded(current, x, v):
        current.update(x, lambda old: S.index_put_p.bind(old, v, *tensors, spec=spec))
        return
    if not x._data.flags.writeable:
        x._data = x._data.copy()
    with S.index_errors("setitem"):
        x._data[S.build_index(spec, [t._data for t in tensors])] = v._data


def _setitem_value(value, np_dtype):
    """A Python scalar converts as an operand of ``np_dtype`` does (one that does not fit an
    integer dtype raises instead of wrapping around); tensors and lists are cast."""
    if is_scalar(value):
        return operand_scalar(value, np_dtype, "setitem", "value")
    return cast_to(to_tensor(value, "setitem", "value"), np_dtype)


def _recorded(current, *tensors):
    """Whether a write goes through the trace: a graph is traced, or gradients of one of
    ``tensors`` are taped (earlier tape entries must keep the old value)."""
    return current.is_graph or bool(autodiff._state.tapes) and any(map(autodiff.is_tracked,
                                                                        tensors))


# Tensor's own (eager) definitions; tensor_methods installs the two below over them.
_eager_assign_value = Tensor.assign_value
_eager_set_dtype = Tensor.set_dtype


def assign_value(x, value):
    """``Tensor.assign_value(value)``: ``x`` takes ``value`` as its new storage, converted to
    ``x``'s dtype (with ``value``'s shape).

    Recorded (GRAPH_MODE, or gradients taped through ``x``) it is a rebinding through the trace,
    the path :func:`setitem`'s update takes, so both modes give the same values; on a Parameter
    inside ``construct`` it raises GraphModeError (use ``ops.assign``).

    Args:
        x (Tensor): the tensor to update.
        value (Union[Tensor, number, list, tuple, numpy.ndarray]): the new values.

    Returns:
        Tensor, ``x``.

    Raises:
        TypeError: ``value`` is not a Tensor, number, list, tuple or numpy array.
        ValueError: a Python number does not fit ``x``'s integer dtype.

    Examples:
        >>> import numpy as np
        >>> from mindcell import Tensor
        >>> t = Tensor(np.array([1, 2], np.int32))
        >>> _ = t.assign_value(Tensor(np.array([5.7, -6.1], np.float32)))
        >>> print(t, t.dtype)
        [ 5 -6] Int32
    """
    current = _trace.current()
    if not _recorded(current, x, value):
        return _eager_assign_value(x, value)
    if not isinstance(value, Tensor):  # Python data converts as eagerly (no fit: ValueError)
        value = _eager_assign_value(Tensor._make(np.zeros((), x._np_dtype)), value)
    v = cast_to(value, x._np_dtype)
    current.rebind(x, lambda old: S.copy_p.bind(v) if v is value else v)
    return x


def set_dtype(x, dtype):
    """``Tensor.set_dtype(dtype)``: ``x`` takes its values cast to ``dtype`` as its new storage
    (recorded, a rebinding to a Cast, as :func:`assign_value`).

    Args:
        x (Tensor): the tensor to convert.
        dtype (Union[mindcell.dtype, str, numpy.dtype]): the new dtype.

    Returns:
        Tensor, ``x``.

    Raises:
        TypeError: ``dtype`` names no mindcell dtype.

    Examples:
        >>> import numpy as np
        >>> import mindcell as ms
        >>> t = ms.Tensor(np.array([1, 2], np.int32))
        >>> _ = t.set_dtype(ms.float16)
        >>> print(t, t.dtype)
        [1. 2.] Float16
    """
    current = _trace.current()
    if not _recorded(current, x):
        return _eager_set_dtype(x, dtype)
    np_dtype = as_np_dtype(dtype, "Tensor.set_dtype")
    current.rebind(x, lambda old: cast_to(old, np_dtype))
    return x

