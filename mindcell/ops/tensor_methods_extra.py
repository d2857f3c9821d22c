"""MindSpore 2.10's remaining Tensor methods and properties mindcell builds from its ops: the
paired reductions (``argmax_with_value``), index writes (``index_put``, ``index_copy_``,
``itemset``, ``fill_diagonal``), shape helpers (``resize``, ``sum_to_size``), the byte and
storage views (``get_bytes``, ``convert_bytes_to_tensor``, ``storage_offset``, ``data``), the
random fills (``cauchy``, ``log_normal``, ``random_``) and the device no-ops of the CPU
(``move_to``, ``is_pinned``, ``is_shared``, ``set_const_arg``).

Each method computes through existing ops (so gradients and graph mode follow theirs) unless it
is about bytes or storage, which only exist eagerly. ``install`` (called by
``tensor_methods.install``) adds the names Tensor does not define yet.
"""
import numpy as np

from mindcell import dtype as mstype
from mindcell.common.tensor import Tensor
from mindcell.ops._helpers import check_tensor


def _ops():
    from mindcell import ops
    return ops


def _check_bool(value, api, arg):
    if not isinstance(value, bool):
        raise TypeError("Tensor.%s: '%s' must be a bool, but got %s"
                        % (api, arg, type(value).__name__))


def _check_axis(axis, ndim, api):
    if isinstance(axis, bool) or not isinstance(axis, (int, np.integer)):
        raise TypeError("Tensor.%s: 'axis' must be an int or None, but got %s"
                        % (api, type(axis).__name__))
    if not -max(ndim, 1) <= axis < max(ndim, 1):
        raise ValueError("Tensor.%s: 'axis' must be in [%d, %d), but got %d"
                         % (api, -max(ndim, 1), max(ndim, 1), axis))
    return int(axis)


def _with_value(self, axis, keep_dims, api, prim):
    check_tensor(self, "Tensor." + api, "self")
    _check_bool(keep_dims, api, "keep_dims")
    x = self
    if axis is None:  # over every element: a 0-d value and flat index
        x, axis, keep_dims = self.reshape(-1), 0, False
    else:
        axis = _check_axis(axis, self.ndim, api)
    index, value = prim(axis=axis, keep_dims=keep_dims)(x)
    return value, index


def argmax_with_value(self, axis=0, keep_dims=False):
    """argmax_with_value(axis=0, keep_dims=False) -> tuple(Tensor, Tensor)

    The maximum along ``axis`` and its index (the first one for ties).

    Args:
        axis (Union[int, None]): the axis; ``None`` reduces every element. Default: ``0``.
        keep_dims (bool): keep the reduced axis with length 1. Default: ``False``.

    Returns:
        tuple(Tensor, Tensor): the values (``self``'s dtype) and the indices (Int64).

    Raises:
        TypeError: ``axis`` is not an int or None, or ``keep_dims`` not a bool.
        ValueError: ``axis`` is out of range.

    Examples:
        >>> import mindcell as ms
        >>> value, index = ms.tensor([[1, 5], [4, 2]]).argmax_with_value(axis=1)
        >>> print(value, index)
        [5 4] [1 0]
    """
    return _with_value(self, axis, keep_dims, "argmax_with_value", _ops().ArgMaxWithValue)


def argmin_with_value(self, axis=0, keep_dims=False):
    """argmin_with_value(axis=0, keep_dims=False) -> tuple(Tensor, Tensor)

    The minimum along ``axis`` and its index (the first one for ties).

    Args:
        axis (Union[int, None]): the axis; ``None`` reduces every element. Default: ``0``.
        keep_dims (bool): keep the reduced axis with length 1. Default: ``False``.

    Returns:
        tuple(Tensor, Tensor): the values (``self``'s dtype) and the indices (Int64).

    Raises:
        TypeError: ``axis`` is not an int or None, or ``keep_dims`` not a bool.
        ValueError: ``axis`` is out of range.

    Examples:
        >>> import mindcell as ms
        >>> value, index = ms.tensor([[1, 5], [4, 2]]).argmin_with_value(axis=None)
        >>> print(value, index)
        1 0
    """
    return _with_value(self, axis, keep_dims, "argmin_with_value", _ops().ArgMinWithValue)


def median(self, axis=-1, keepdims=False, **kwargs):
    """median(axis=-1, keepdims=False) -> tuple(Tensor, Tensor)

    The median along ``axis`` (the lower middle value for an even count) and its index, as
    :func:`mindcell.ops.median`; ``dim``/``keepdim`` are accepted as the keyword names of
    MindSpore's other overload.

    Args:
        axis (int): the axis. Default: ``-1``.
        keepdims (bool): keep the reduced axis with length 1. Default: ``False``.

    Returns:
        tuple(Tensor, Tensor): the medians and their indices (Int64).

    Raises:
        TypeError: an unknown keyword is given.

    Examples:
        >>> import numpy as np
        >>> from mindcell import Tensor
        >>> values, indices = Tensor(np.array([[3., 1., 2.]], np.float32)).median()
        >>> print(values, indices)
        [2.] [2]
    """
    for alias, name in (("dim", "axis"), ("keepdim", "keepdims")):
        if alias in kwargs:
            value = kwargs.pop(alias)
            if name == "axis":
                axis = -1 if value is None else value
            else:
                keepdims = value
    if kwargs:
        raise TypeError("Tensor.median: unexpected keyword argument(s) %s; its parameters are "
                        "(axis=-1, keepdims=False)" % sorted(kwargs))
    return _ops().median(self, axis, keepdims)


def choose(self, choices, mode="clip"):
    """choose(choices, mode='clip') -> Tensor

    Picks, for each element of the int tensor ``self``, the element of ``choices[self]`` at
    that position (``choices`` and ``self`` broadcast together), as ``numpy.choose``.

    Args:
        choices (Union[tuple, list, Tensor]): the arrays picked from, one dtype.
        mode (str): ``'clip'`` clips indices into range, ``'wrap'`` wraps them. Default:
            ``'clip'``.

    Returns:
        Tensor.

    Raises:
        NotImplementedError: ``mode`` is ``'raise'`` (as MindSpore 2.10).

    Examples:
        >>> import numpy as np
        >>> from mindcell import Tensor
        >>> print(Tensor(np.array([1, 0, 1])).choose([[1, 2, 3], [7, 8, 9]]))
        [7 2 9]
    """
    from mindcell import numpy as mnp
    return mnp.choose(self, choices, mode)


def fill_diagonal(self, fill_value, wrap=False):
    """fill_diagonal(fill_value, wrap=False) -> Tensor

    A new tensor equal to ``self`` with its main diagonal set to ``fill_value`` (``self`` is
    unchanged). Past 2-D every dimension must have the same size; for a tall matrix ``wrap``
    restarts the diagonal after each block of ``columns + 1`` rows.

    Args:
        fill_value (number): the value written, cast to ``self``'s dtype.
        wrap (bool): restart the diagonal in tall matrices. Default: ``False``.

    Returns:
        Tensor of ``self``'s shape and dtype.

    Raises:
        ValueError: ``self`` is not at least 2-D, or past 2-D its sizes differ.

    Examples:
        >>> import numpy as np
        >>> from mindcell import Tensor
        >>> print(Tensor(np.zeros((2, 3), np.float32)).fill_diagonal(7.0))
        [[7. 0. 0.]
         [0. 7. 0.]]
    """
    check_tensor(self, "Tensor.fill_diagonal", "self")
    _check_bool(wrap, "fill_diagonal", "wrap")
    if isinstance(fill_value, bool) or not isinstance(fill_value, (int, float, np.number)):
        raise TypeError("Tensor.fill_diagonal: 'fill_value' must be a number, but got %s"
                        % type(fill_value).__name__)
    if self.ndim < 2:
        raise ValueError("Tensor.fill_diagonal: 'self' must be at least 2-D, but got %d-D"
                         % self.ndim)
    if self.ndim > 2 and len(set(self.shape)) != 1:
        raise ValueError("Tensor.fill_diagonal: past 2-D every dimension of 'self' must have "
                         "the same size, but got shape %s" % (tuple(self.shape),))
    mask = np.zeros(self.shape, np.bool_)
    np.fill_diagonal(mask, True, wrap=wrap)
    value = np.array(fill_value).astype(self._np_dtype)
    ops = _ops()
    return ops.select(Tensor(mask), ops.fill(self.dtype, tuple(self.shape), value.item()), self)


def _index_rows(indices, x, api):
    """The (N, k) Int64 coordinates of ``indices`` (k int tensors, broadcast together)."""
    if isinstance(indices, Tensor) or not isinstance(indices, (tuple, list)) or not indices:
        raise TypeError("Tensor.%s: 'indices' must be a non-empty tuple or list of int Tensors, "
                        "but got %r" % (api, indices))
    for i, t in enumerate(indices):
        if not isinstance(t, Tensor) or t.dtype not in (mstype.int32, mstype.int64):
            raise TypeError("Tensor.%s: 'indices[%d]' must be an Int32 or Int64 Tensor, but got "
                            "%r" % (api, i, t))
    if len(indices) > x.ndim:
        raise ValueError("Tensor.%s: %d index tensors are too many for 'self' of %d dimensions"
                         % (api, len(indices), x.ndim))
    ops = _ops()
    shape = np.broadcast_shapes(*(tuple(t.shape) for t in indices))
    cols = [ops.broadcast_to(t.astype(mstype.int64), shape).reshape(-1) for t in indices]
    return ops.stack(cols, axis=1)


def _index_write(x, coords, values, accumulate, api):
    ops = _ops()
    if not isinstance(values, Tensor):
        raise TypeError("Tensor.%s: 'values' must be a Tensor, but got %s"
                        % (api, type(values).__name__))
    if values.dtype != x.dtype:
        raise TypeError("Tensor.%s: 'values' must have 'self''s dtype %s, but got %s"
                        % (api, x.dtype, values.dtype))
    k = coords.shape[1]
    coords = ops.where(coords < 0, coords + Tensor(np.array(x.shape[:k], np.int64)), coords)
    update_shape = (coords.shape[0],) + tuple(x.shape[k:])
    try:
        values = ops.broadcast_to(values, update_shape)
    except (ValueError, RuntimeError):
        raise ValueError("Tensor.%s: 'values' of shape %s does not broadcast to the indexed "
                         "shape %s" % (api, tuple(values.shape), update_shape)) from None
    if accumulate:
        return ops.tensor_scatter_add(x, coords, values)
    return ops.tensor_scatter_update(x, coords, values)


def index_put(self, indices, values, accumulate=False):
    """index_put(indices, values, accumulate=False) -> Tensor

    A new tensor equal to ``self`` with the elements at ``indices`` (one int tensor per leading
    dimension, broadcast together) replaced by ``values`` or, with ``accumulate``, increased by
    them (repeated positions add up).

    Args:
        indices (Union[tuple[Tensor], list[Tensor]]): Int32/Int64 coordinates, at most
            ``self.ndim`` tensors.
        values (Tensor): ``self``'s dtype, broadcast to the indexed shape.
        accumulate (bool): add instead of replace. Default: ``False``.

    Returns:
        Tensor of ``self``'s shape and dtype.

    Raises:
        TypeError: ``indices`` or ``values`` is not as above.
        ValueError: too many index tensors, or ``values`` does not broadcast.

    Examples:
        >>> import numpy as np
        >>> from mindcell import Tensor
        >>> x = Tensor(np.zeros((2, 2), np.int32))
        >>> idx = [Tensor(np.array([0, 0], np.int32)), Tensor(np.array([1, 1], np.int32))]
        >>> print(x.index_put(idx, Tensor(np.array([2], np.int32)), True))
        [[0 4]
         [0 0]]
    """
    check_tensor(self, "Tensor.index_put", "self")
    _check_bool(accumulate, "index_put", "accumulate")
    return _index_write(self, _index_rows(indices, self, "index_put"), values, accumulate,
                        "index_put")


def index_copy_(self, dim, index, tensor):
    """index_copy_(dim, index, tensor) -> Tensor

    In place: the slices of ``self`` at ``index`` along ``dim`` take the slices of ``tensor``
    in order.

    Args:
        dim (int): the axis.
        index (Tensor): 1-D Int32/Int64 positions along ``dim``.
        tensor (Tensor): ``self``'s dtype, of ``self``'s shape with ``len(index)`` along ``dim``.

    Returns:
        Tensor, ``self``.

    Raises:
        TypeError: an argument's type is not as above.
        ValueError: ``index`` is not 1-D or ``tensor``'s shape does not fit.

    Examples:
        >>> import numpy as np
        >>> from mindcell import Tensor
        >>> x = Tensor(np.zeros((3, 2), np.float32))
        >>> _ = x.index_copy_(0, Tensor(np.array([2, 0])), Tensor(np.array([[1., 2.], [3., 4.]], np.float32)))
        >>> print(x)
        [[3. 4.]
         [0. 0.]
         [1. 2.]]
    """
    from mindcell.ops.tensor_methods_more import _inplace
    check_tensor(self, "Tensor.index_copy_", "self")
    dim = _check_axis(dim, self.ndim, "index_copy_")
    if not isinstance(index, Tensor) or index.dtype not in (mstype.int32, mstype.int64):
        raise TypeError("Tensor.index_copy_: 'index' must be an Int32 or Int64 Tensor, but got %r"
                        % (index,))
    if index.ndim > 1:
        raise ValueError("Tensor.index_copy_: 'index' must be 0-D or 1-D, but got shape %s"
                         % (tuple(index.shape),))
    if not isinstance(tensor, Tensor):
        raise TypeError("Tensor.index_copy_: 'tensor' must be a Tensor, but got %s"
                        % type(tensor).__name__)
    ops, n = _ops(), int(np.prod(index.shape, dtype=np.int64))
    want = list(self.shape)
    if self.ndim:
        want[dim] = n
    if tuple(tensor.shape) != tuple(want) and not (n == 1 and tensor.size == int(np.prod(want))):
        raise ValueError("Tensor.index_copy_: 'tensor' must have shape %s, but got %s"
                         % (tuple(want), tuple(tensor.shape)))
    tensor = tensor.reshape(want)

    def compute(old):
        if old.ndim == 0:
            return tensor.astype(old.dtype).reshape(())
        moved = ops.moveaxis(old, dim, 0)
        src = ops.moveaxis(tensor.astype(old.dtype), dim, 0)
        rows = index.astype(mstype.int64).reshape(-1, 1)
        rows = ops.where(rows < 0, rows + old.shape[dim], rows)
        return ops.moveaxis(ops.tensor_scatter_update(moved, rows, src), 0, dim)
    return _inplace(self, compute, "index_copy_", tensor)


def itemset(self, *args):
    """itemset(*args) -> Tensor

    A copy of ``self`` with one element set: ``itemset(index, value)`` with a flat int index or
    a tuple of coordinates, or ``itemset(value)`` for a one-element tensor (``self`` is
    unchanged).

    Args:
        args: ``(index, value)`` or ``(value,)``.

    Returns:
        Tensor of ``self``'s shape and dtype.

    Raises:
        ValueError: more than two arguments are given.
        IndexError: ``itemset(value)`` on a tensor of more than one element.

    Examples:
        >>> import numpy as np
        >>> from mindcell import Tensor
        >>> print(Tensor(np.zeros((2, 2), np.float32)).itemset((1, 0), 5))
        [[0. 0.]
         [5. 0.]]
    """
    check_tensor(self, "Tensor.itemset", "self")
    if not args or len(args) > 2:
        raise ValueError("Tensor.itemset: takes (index, value) or (value,), but got %d "
                         "arguments" % len(args))
    if len(args) == 1:
        if self.size != 1:
            raise IndexError("Tensor.itemset: itemset(value) needs a one-element tensor, but "
                             "the shape is %s" % (tuple(self.shape),))
        index, value = (0,) * self.ndim, args[0]
    else:
        index, value = args
        if isinstance(index, (int, np.integer)) and not isinstance(index, bool):
            if not -self.size <= index < self.size:
                raise IndexError("Tensor.itemset: index %d is out of range for %d elements"
                                 % (index, self.size))
            index = tuple(int(i) for i in np.unravel_index(index % self.size, self.shape))
        elif isinstance(index, list):
            index = tuple(index)
    out = self.copy()
    out[index] = value
    return out


def resize(self, *new_shape):
    """resize(*new_shape) -> Tensor

    The elements of ``self`` in row-major order laid out in ``new_shape``: cut when it is
    smaller, padded with zeros when it is larger (``self`` is unchanged).

    Args:
        new_shape (Union[int, tuple[int], list[int]]): the sizes, as ints or one sequence; none
            keeps ``self``'s shape.

    Returns:
        Tensor of shape ``new_shape``.

    Raises:
        ValueError: a size is negative.

    Examples:
        >>> import numpy as np
        >>> from mindcell import Tensor
        >>> print(Tensor(np.array([1., 2., 3.], np.float32)).resize(2, 2))
        [[1. 2.]
         [3. 0.]]
    """
    check_tensor(self, "Tensor.resize", "self")
    if not new_shape:
        return self.copy()
    if len(new_shape) == 1 and isinstance(new_shape[0], (tuple, list)):
        new_shape = tuple(new_shape[0])
    for s in new_shape:
        if isinstance(s, bool) or not isinstance(s, (int, np.integer)) or s < 0:
            raise ValueError("Tensor.resize: the sizes must be non-negative ints, but got %s"
                             % (new_shape,))
    new_shape = tuple(int(s) for s in new_shape)
    ops, n = _ops(), int(np.prod(new_shape, dtype=np.int64))
    flat = self.reshape(-1)
    if n <= flat.shape[0]:
        flat = flat[:n]
    else:
        flat = ops.concat((flat, ops.zeros((n - flat.shape[0],), self.dtype)))
    return flat.reshape(new_shape)


def sum_to_size(self, *size):
    """sum_to_size(*size) -> Tensor

    ``self`` summed down to ``size``: the leading dimensions ``size`` lacks are summed away and
    the dimensions where ``size`` has 1 are summed keeping them (``self`` must broadcast to
    ``size``'s reverse, i.e. ``size`` expands to ``self``'s shape).

    Args:
        size (Union[int, tuple[int], list[int]]): the target shape, as ints or one sequence.

    Returns:
        Tensor of shape ``size`` (``self`` itself when nothing is summed).

    Raises:
        ValueError: ``size`` does not expand to ``self``'s shape.

    Examples:
        >>> import numpy as np
        >>> from mindcell import Tensor
        >>> print(Tensor(np.ones((2, 3), np.float32)).sum_to_size(1, 3))
        [[2. 2. 2.]]
    """
    check_tensor(self, "Tensor.sum_to_size", "self")
    if len(size) == 1 and isinstance(size[0], (tuple, list)):
        size = tuple(size[0])
    size = tuple(int(s) for s in size)
    shape = tuple(self.shape)
    lead = len(shape) - len(size)
    if lead < 0 or any(s not in (1, d) for s, d in zip(size, shape[lead:])):
        raise ValueError("Tensor.sum_to_size: size %s is not expandable to the tensor size %s"
                         % (size, shape))
    axes = tuple(range(lead)) + tuple(lead + i for i, (s, d) in enumerate(zip(size, shape[lead:]))
                                      if s == 1 and d != 1)
    if not axes:
        return self
    return self.sum(axis=axes, keepdims=True).reshape(size)


def get_bytes(self):
    """get_bytes() -> bytes

    The elements' bytes in row-major order (the machine's byte order).

    Returns:
        bytes, ``self.nbytes`` long.

    Examples:
        >>> import mindcell as ms
        >>> print(ms.Tensor([1, 2], ms.int16).get_bytes())
        b'\\x01\\x00\\x02\\x00'
    """
    check_tensor(self, "Tensor.get_bytes", "self")
    return np.ascontiguousarray(self._data).tobytes()


def convert_bytes_to_tensor(bytes_data, shape, dtype):
    """convert_bytes_to_tensor(bytes_data, shape, dtype) -> Tensor

    A tensor of ``shape`` and ``dtype`` read from ``bytes_data`` (as :meth:`get_bytes` writes
    them); a static method.

    Args:
        bytes_data (bytes): exactly ``prod(shape) * itemsize`` bytes.
        shape (Union[tuple[int], list[int]]): the shape.
        dtype (mindcell.dtype): the element type.

    Returns:
        Tensor.

    Raises:
        TypeError: ``bytes_data`` is not bytes-like, ``shape`` not a tuple/list of ints or
            ``dtype`` not a dtype.
        ValueError: a size is negative, or the number of bytes does not match ``shape`` and
            ``dtype``.

    Examples:
        >>> import mindcell as ms
        >>> print(ms.Tensor.convert_bytes_to_tensor(b'\\x01\\x00\\x02\\x00', (2,), ms.int16))
        [1 2]
    """
    if not isinstance(bytes_data, (bytes, bytearray, memoryview)):
        raise TypeError("Tensor.convert_bytes_to_tensor: 'bytes_data' must be bytes, but got %s"
                        % type(bytes_data).__name__)
    if not isinstance(shape, (tuple, list)) or any(
            isinstance(s, bool) or not isinstance(s, (int, np.integer)) for s in shape):
        raise TypeError("Tensor.convert_bytes_to_tensor: 'shape' must be a tuple or list of "
                        "ints, but got %r" % (shape,))
    if any(s < 0 for s in shape):
        raise ValueError("Tensor.convert_bytes_to_tensor: the sizes of 'shape' must be "
                         "non-negative, but got %s" % (tuple(shape),))
    np_dtype = mstype.to_dtype(dtype).np_dtype
    shape = tuple(int(s) for s in shape)
    need = np.dtype(np_dtype).itemsize
    for s in shape:  # Python ints: no overflow for huge sizes
        need *= s
    if len(bytes_data) != need:
        raise ValueError("Tensor.convert_bytes_to_tensor: shape %s of %s needs %d bytes, but got "
                         "%d" % (shape, dtype, need, len(bytes_data)))
    return Tensor._make(np.frombuffer(bytes(bytes_data), np_dtype).reshape(shape).copy())


def storage_offset(self):
    """storage_offset() -> int

    The position, in elements, of ``self``'s first element in the storage it views (0 for a
    tensor that owns its storage).

    Returns:
        int.

    Examples:
        >>> import numpy as np
        >>> from mindcell import Tensor
        >>> print(Tensor(np.arange(6.0, dtype=np.float32)).storage_offset())
        0
    """
    check_tensor(self, "Tensor.storage_offset", "self")
    data, base = self._data, self._data
    while isinstance(base.base, np.ndarray):
        base = base.base
    if base is data or not data.size:
        return 0
    return int((data.__array_interface__["data"][0] - base.__array_interface__["data"][0])
               // data.itemsize)


def _get_data(self):
    if self._traced:  # GRAPH_MODE: the traced values, detached as eagerly (MindSpore 2.10
        return _ops().stop_gradient(self)  # compiles a.data and gives it no gradient in both)
    return Tensor._make(self._data)


def _set_data(self, value):
    if not isinstance(value, Tensor):
        raise TypeError("Tensor.data: the value set must be a Tensor, but got %s"
                        % type(value).__name__)
    self._data = value._data


_DATA = property(_get_data, _set_data, doc="A tensor sharing ``self``'s storage; setting it "
                                           "replaces ``self``'s values, shape and dtype.")


def is_pinned(self):
    """is_pinned() -> bool: whether ``self`` is in page-locked host memory (never, on the CPU).

    Examples:
        >>> import mindcell as ms
        >>> print(ms.Tensor([1]).is_pinned())
        False
    """
    return False


def is_shared(self):
    """is_shared() -> bool: whether ``self`` is in shared memory (never: mindcell tensors are
    process-local).

    Examples:
        >>> import mindcell as ms
        >>> print(ms.Tensor([1]).is_shared())
        False
    """
    return False


_DEVICES = ("Ascend", "GPU", "CPU")


def move_to(self, to, blocking=True):
    """move_to(to, blocking=True) -> Tensor

    A copy of ``self`` on device ``to``; mindcell runs on the CPU, so ``to`` must be ``'CPU'``.

    Args:
        to (str): ``'Ascend'``, ``'GPU'`` or ``'CPU'``.
        blocking (bool): wait for the copy (it is always synchronous here). Default: ``True``.

    Returns:
        Tensor.

    Raises:
        ValueError: ``to`` is not one of the device names.
        RuntimeError: ``to`` is a device other than the CPU.

    Examples:
        >>> import mindcell as ms
        >>> print(ms.Tensor([1, 2]).move_to("CPU"))
        [1 2]
    """
    _check_bool(blocking, "move_to", "blocking")
    if not isinstance(to, str) or to not in _DEVICES:  # a ValueError as MindSpore 2.10's
        raise ValueError("Tensor.move_to: 'to' must be one of %s, but got %r" % (list(_DEVICES), to))
    if to != "CPU":
        raise RuntimeError("Tensor.move_to: 'to' must be the device target 'CPU' (mindcell runs "
                           "on the CPU), but got %r" % to)
    return self.copy()


def set_const_arg(self, const_arg=True):
    """set_const_arg(const_arg=True) -> Tensor

    Marks ``self`` as a constant argument of a compiled function (its value is then part of
    the graph, as ``Tensor(..., const_arg=True)``).

    Args:
        const_arg (bool): the mark. Default: ``True``.

    Returns:
        Tensor, ``self``.

    Raises:
        TypeError: ``const_arg`` is not a bool.

    Examples:
        >>> import mindcell as ms
        >>> print(ms.Tensor([1.]).set_const_arg().const_arg)
        True
    """
    _check_bool(const_arg, "set_const_arg", "const_arg")
    self.const_arg = const_arg
    return self


def _float_check(self, api):
    if not mstype.is_floating(self.dtype):
        raise TypeError("Tensor.%s: 'self' must be a float tensor (Float16, Float32, Float64), "
                        "but got %s" % (api, self.dtype))


def _number(value, api, arg):
    if isinstance(value, bool) or not isinstance(value, (int, float, np.number)):
        raise TypeError("Tensor.%s: '%s' must be a number, but got %s"
                        % (api, arg, type(value).__name__))
    return float(value)


def cauchy(self, median=0.0, sigma=1.0):
    """cauchy(median=0.0, sigma=1.0) -> Tensor

    A new tensor of ``self``'s shape and dtype drawn from the Cauchy distribution
    ``median + sigma * tan(pi * (u - 1/2))``, ``u`` uniform on (0, 1); the draws follow
    ``set_seed``.

    Args:
        median (float): the location. Default: ``0.0``.
        sigma (float): the scale. Default: ``1.0``.

    Returns:
        Tensor of ``self``'s shape and dtype (integer dtypes truncate).

    Raises:
        TypeError: ``median`` or ``sigma`` is not a number.

    Examples:
        >>> import numpy as np
        >>> from mindcell import Tensor
        >>> print(Tensor(np.zeros((2, 3), np.float32)).cauchy().shape)
        (2, 3)
    """
    from mindcell.ops.function.creation_func import _seed_stream, _uniform_samples
    check_tensor(self, "Tensor.cauchy", "self")
    loc, scale = _number(median, "cauchy", "median"), _number(sigma, "cauchy", "sigma")
    work = self._np_dtype if mstype.is_floating(self.dtype) else np.dtype(np.float32)
    u = _uniform_samples(tuple(self.shape), work, _seed_stream(None, "Tensor.cauchy"))
    ops = _ops()
    return (ops.tan((u - 0.5) * np.pi) * scale + loc).astype(self.dtype)


def log_normal(self, mean=1.0, std=2.0):
    """log_normal(mean=1.0, std=2.0) -> Tensor

    A new tensor of ``self``'s shape and dtype drawn from the log-normal distribution
    ``exp(mean + std * z)``, ``z`` standard normal; the draws follow ``set_seed``.

    Args:
        mean (float): the mean of the underlying normal. Default: ``1.0``.
        std (float): its standard deviation. Default: ``2.0``.

    Returns:
        Tensor of ``self``'s shape and dtype.

    Raises:
        TypeError: ``self`` is not a float tensor, or ``mean``/``std`` is not a float (as in
            MindSpore 2.10).

    Examples:
        >>> import numpy as np
        >>> from mindcell import Tensor
        >>> print(Tensor(np.zeros((2, 3), np.float32)).log_normal().shape)
        (2, 3)
    """
    from mindcell.ops.function.creation_func import _normal_samples, _seed_stream
    check_tensor(self, "Tensor.log_normal", "self")
    _float_check(self, "log_normal")
    for arg, value in (("mean", mean), ("std", std)):
        if not isinstance(value, float):
            raise TypeError("Tensor.log_normal: '%s' must be a float, but got %s"
                            % (arg, type(value).__name__))
    z = _normal_samples(tuple(self.shape), self._np_dtype, _seed_stream(None, "Tensor.log_normal"))
    return _ops().exp(z * std + mean)


def _dtype_top(dtype):
    """The exclusive upper end of ``random_`` without ``to``: past the largest integer the
    dtype holds exactly."""
    np_dtype = np.dtype(mstype.to_dtype(dtype).np_dtype)
    if np_dtype.kind in "iu":
        return int(np.iinfo(np_dtype).max)
    if np_dtype == np.bool_:
        return 1
    return 2 ** np.finfo(np_dtype).nmant + 1 if np_dtype.itemsize >= 2 else 2 ** 8


def random_(self, from_=0, to=None, *, generator=None):
    """random_(from_=0, to=None, *, generator=None) -> Tensor

    In place: ``self`` takes integers drawn uniformly from [from_, to) (to the largest integer
    ``self``'s dtype holds exactly when ``to`` is None), stored in ``self``'s dtype.

    Args:
        from_ (int): the lower end. Default: ``0``.
        to (int): the exclusive upper end. Default: ``None``.
        generator (mindcell.Generator): draws from this generator's seed and offset (advancing
            it) instead of the ``set_seed`` stream. Default: ``None``.

    Returns:
        Tensor, ``self``.

    Raises:
        TypeError: ``from_``/``to`` is not an int or ``generator`` not a Generator.
        ValueError: ``from_ >= to``.

    Examples:
        >>> import mindcell as ms
        >>> x = ms.Tensor([[0, 0, 0]])
        >>> _ = x.random_(0, 3)
        >>> print(bool(((x >= 0) & (x < 3)).all()))
        True
    """
    from mindcell.ops.tensor_methods_more import _inplace, _draw_stream
    check_tensor(self, "Tensor.random_", "self")
    for arg, value in (("from_", from_), ("to", to)):
        if (value is not None or arg == "from_") and (
                isinstance(value, bool) or not isinstance(value, (int, np.integer))):
            raise TypeError("Tensor.random_: '%s' must be an int, but got %s"
                            % (arg, type(value).__name__))
    hi = _dtype_top(self.dtype) if to is None else int(to)
    if not -2 ** 63 <= int(from_) < 2 ** 63 or hi > 2 ** 63:
        raise ValueError("Tensor.random_: 'from_' and 'to' must fit in Int64, but got %d and %d"
                         % (from_, hi))
    if int(from_) >= hi:
        raise ValueError("Tensor.random_: 'from_' (%d) must be less than 'to' (%d)"
                         % (from_, hi))
    from mindcell.ops.defs.state import uniform_int_p
    from mindcell.ops._helpers import cast_to
    stream = _draw_stream(generator, "random_")
    shape = tuple(self.shape)

    def compute(old):  # a primitive draw: a compiled graph draws anew at every run
        draws = uniform_int_p.bind(shape=shape, dtype=np.dtype(np.int64), low=int(from_),
                                   high=hi, stream=stream)
        return cast_to(draws, old._np_dtype)
    return _inplace(self, compute, "random_")


METHODS = {
    "argmax_with_value": argmax_with_value, "argmin_with_value": argmin_with_value,
    "median": median, "choose": choose, "fill_diagonal": fill_diagonal,
    "index_put": index_put, "index_copy_": index_copy_, "itemset": itemset,
    "resize": resize, "sum_to_size": sum_to_size, "get_bytes": get_bytes,
    "convert_bytes_to_tensor": staticmethod(convert_bytes_to_tensor),
    "storage_offset": storage_offset, "is_pinned": is_pinned, "is_shared": is_shared,
    "move_to": move_to, "set_const_arg": set_const_arg, "cauchy": cauchy,
    "log_normal": log_normal, "random_": random_,
}


def _conjugate(t):
    if t._np_dtype.kind != "c":
        return t  # a real tensor is its own conjugate
    from mindcell.ops.function.complex_func import conj
    return conj(t)


def _conj_transpose_2d(self):
    if self.ndim != 2:
        raise ValueError("Tensor.H: only a 2-D tensor is supported, but got %d-D" % self.ndim)
    return _conjugate(self.transpose())


PROPERTIES = {
    "data": _DATA,
    "H": property(_conj_transpose_2d, doc="The conjugate transpose of a 2-D tensor."),
    "mH": property(lambda self: _conjugate(self.swapaxes(-1, -2)),
                   doc="The conjugate transpose of the last two axes."),
}


def install():
    """Adds the methods and properties Tensor does not define yet."""
    for name, fn in METHODS.items():
        if name not in Tensor.__dict__:
            setattr(Tensor, name, fn)
    for name, prop in PROPERTIES.items():
        if name not in Tensor.__dict__:
            setattr(Tensor, name, prop)
