"""Tensor: an n-d array of one dtype. Operators and most methods are attached by
``mindcell.ops.tensor_methods`` from the functional ops, so each op has one definition."""
import numpy as np

from mindcell._arrays import c_contiguous
from mindcell import dtype as mstype
from mindcell._core import trace as _trace

_FLOAT_LIST_DTYPE = np.dtype(np.float32)


def _to_array(data, dtype):
    """Convert creation input to a numpy array with MindSpore's default dtypes."""
    if isinstance(data, Tensor):
        arr = data._data
    elif isinstance(data, np.ndarray):
        arr = data
    elif isinstance(data, np.generic):
        arr = np.asarray(data)
    elif isinstance(data, (bool, int, float, complex, list, tuple)):
        return _python_array(data, dtype)
    else:
        raise TypeError("Tensor: input_data must be a Tensor, numpy array, Python scalar, list or "
                        "tuple, but got %s" % type(data).__name__)
    if dtype is not None:
        target = mstype.to_dtype(dtype).np_dtype
        if arr.dtype != target:
            return _astype(arr, target)
    if mstype.np_kind(arr.dtype) not in "biufc":
        raise TypeError("Tensor: unsupported element type %s" % arr.dtype)
    if arr.dtype == np.float64 and not isinstance(data, (np.ndarray, Tensor, np.generic)):
        return arr.astype(_FLOAT_LIST_DTYPE)
    if isinstance(data, Tensor):
        # MindSpore: Tensor(t) and Tensor(t, t.dtype) share t's memory (a write into one shows in
        # the other; np.random.shuffle(Tensor(t)) reorders t too); another dtype converts a copy
        return arr
    return arr.copy() if arr is data else arr


def _astype(arr, target):
    """``arr`` converted to the numpy dtype ``target`` as MindSpore converts on request: complex
    into a real dtype keeps the real part (said explicitly: numpy would warn and drop it)."""
    if arr.dtype.kind == "c" and target.kind != "c":
        arr = arr.real
    return arr.astype(target)


def _flat(data):
    if isinstance(data, (list, tuple)):
        for d in data:
            yield from _flat(d)
    else:
        yield data


def _not_rectangular(data):
    return TypeError("Tensor: input_data must be a rectangular list of numbers, but got %r"
                     % (data,))


def _does_not_fit(value, target):
    return ValueError("Tensor: the Python %s %r does not fit in %s (it would wrap around); "
                      "pass a wider dtype"
                      % (type(value).__name__, value, mstype.from_numpy_dtype(target)))


def _python_array(data, dtype):
    """Python scalars and (nested) lists: ints -> Int64, floats -> Float32, bools -> Bool by
    default, converted from the exact Python values (0.1 with Float64 is the float64 0.1).
    Into a float dtype a value rounds as MindSpore converts it (1e-10 in Float16 is 0, 1e6 is
    inf); into an integer dtype one that does not fit raises ValueError instead of wrapping
    around (MindSpore wraps: Tensor(300, int8) is 44 there)."""
    try:
        arr = np.asarray(data)
    except ValueError:
        raise _not_rectangular(data) from None
    kind = arr.dtype.kind
    if kind in "Ou" or (kind == "f" and arr.size and np.abs(arr).max() >= 2.0 ** 63):
        return _exotic_array(data, arr.shape, dtype)  # ints beyond Int64, maybe
    if kind not in "bifc":
        raise _not_rectangular(data)
    if kind == "c":  # Python complex numbers are Complex128 (MindSpore 2.10)
        return arr if dtype is None else _astype(arr, mstype.to_dtype(dtype).np_dtype)
    if dtype is not None:
        target = mstype.to_dtype(dtype).np_dtype
    elif kind == "f":  # Python floats are Float32; lists of float16/32 tensors keep theirs
        target = _FLOAT_LIST_DTYPE if arr.dtype == np.float64 else arr.dtype
    else:
        target = np.dtype(np.int64 if kind == "i" else np.bool_)
    if arr.dtype == target:
        return arr
    if kind == "b" or target.kind in "bc":
        return arr.astype(target)
    if mstype.is_float_np(target):  # rounded as MindSpore 2.10 converts (ms-oracle): beyond
        with np.errstate(over="ignore", under="ignore"):  # the range inf, below it 0
            return arr.astype(target)
    elif target.kind in "iu" and kind == "f":
        info = np.iinfo(target)
        t = np.trunc(np.where(np.isfinite(arr), arr, 0.0))
        bad = ~np.isfinite(arr) | (t < float(info.min)) | (t >= float(info.max) + 1.0)
        out = None if bad.any() else t.astype(target)
    else:
        info = np.iinfo(target)
        bad = (arr < info.min) | (arr > info.max)
        out = None if bad.any() else arr.astype(target)
    if bad.any():
        raise _does_not_fit(arr[bad].flat[0].item() if arr.ndim else arr.item(), target)
    return out


def _exotic_array(data, shape, dtype):
    """Python data holding ints beyond Int64 (numpy gives object, uint64 or float64)."""
    items = list(_flat(data))
    if not all(isinstance(v, (int, float, np.integer, np.floating)) for v in items):
        raise _not_rectangular(data)
    if dtype is not None:
        target = mstype.to_dtype(dtype)
    else:
        floats = any(isinstance(v, (float, np.floating)) for v in items)
        target = mstype.float32 if floats else mstype.int64
    vals = [v.item() if isinstance(v, np.generic) else v for v in items]
    for v in vals:
        if not mstype.operand_fits(v, target):
            raise _does_not_fit(v, target.np_dtype)
    if target.category == mstype._INT:
        return np.array([int(v) for v in vals], target.np_dtype).reshape(shape)
    if target is mstype.bool_:
        return np.array([bool(v) for v in vals], np.bool_).reshape(shape)
    with np.errstate(over="ignore", under="ignore"):
        return np.array([float(v) for v in vals], np.float64).astype(target.np_dtype).reshape(shape)


# PyTorch habits that MindSpore spells differently (the hint follows MindSpore's AttributeError)
_TORCH_HINTS = {
    "backward": "MindSpore computes gradients functionally: grad_fn = ms.value_and_grad("
                "forward_fn, None, optimizer.parameters); loss, grads = grad_fn(data, label); "
                "then optimizer(grads)",
    "grad": "MindSpore keeps no .grad on tensors; gradients are returned by ms.grad / "
            "ms.value_and_grad(forward_fn, None, weights)",
}


class Tensor:
    """Tensor(input_data=None, dtype=None, shape=None, init=None, const_arg=False)

    Args:
        input_data: a Tensor, numpy array, Python scalar, list or tuple. A numpy array is
            copied; a Tensor of the same dtype is shared, as in MindSpore (writes into either
            show in both); a Tensor converted to another ``dtype`` is copied.
        dtype: a mindcell dtype (``ms.float32`` ...); default inferred (int -> Int64,
            float -> Float32, numpy arrays keep theirs).
        shape, init: create a tensor of ``shape`` and ``dtype`` filled by an initializer
            (``ms.common.initializer.One()`` ...) instead of from data.

    Examples:
        >>> import mindcell as ms
        >>> print(ms.Tensor([1.0, 2.0]).dtype)
        Float32
    """

    __slots__ = ("_data", "init", "const_arg", "__weakref__", "__dict__")
    __array_priority__ = 100
    _traced = False  # True for GRAPH_MODE's SymbolicTensor, which has no data
    # True for a tensor wrapping a numpy array (from_numpy, dataset iterators): MindSpore 2.10
    # prints such a tensor's values as numpy does, until an op or assign_value gives new data
    _numpy_repr = False

    def __new__(cls, input_data=None, dtype=None, shape=None, *args, **kwargs):
        if input_data is None and shape is not None and not isinstance(shape, int) \
                and any(d is None or _is_symbol(d) or d == -1 for d in shape):
            cls = DynamicShapeTensor
        return object.__new__(cls)

    def __init__(self, input_data=None, dtype=None, shape=None, init=None, const_arg=False,
                 device=None):
        if device is not None and not (isinstance(device, str) and device == "CPU"):
            raise ValueError("Tensor: only 'CPU' is supported for 'device', but got %r"
                             % (device,))
        self.init = None
        self.const_arg = const_arg
        if input_data is None:
            if shape is None or dtype is None:
                raise ValueError("Tensor: give input_data, or both shape and dtype (with init)")
            shape = (shape,) if isinstance(shape, int) else tuple(shape)
            if isinstance(self, DynamicShapeTensor):
                self._dyn_shape = tuple(-1 if d is None or _is_symbol(d) else int(d)
                                        for d in shape)
                self._data = np.zeros(tuple(max(d, 0) for d in self._dyn_shape),
                                      mstype.to_dtype(dtype).np_dtype)
                return
            self.init = init
            if init is None:
                self._data = np.zeros(shape, mstype.to_dtype(dtype).np_dtype)
            else:
                from mindcell.common.initializer import initializer
                made = initializer(init, shape, dtype)
                fill = made.__dict__.pop("_deferred_fill", None)
                if fill is None:
                    self._data = made._data
                else:  # drawn at the first use, as MindSpore's Tensor(init=...)
                    self.__dict__["_deferred_fill"] = fill
            return
        if shape is not None:
            raise ValueError("Tensor: 'shape' is only used without input_data")
        self._data = _to_array(input_data, dtype)
        if isinstance(input_data, Tensor) and input_data._numpy_repr \
                and self._data.dtype == input_data._data.dtype:
            self._numpy_repr = True  # MindSpore's Tensor(t) shares t's numpy-backed data

    @classmethod
    def _make(cls, array):
        """Wrap a numpy array without copying (internal fast path)."""
        t = object.__new__(cls)
        t._data = array
        return t

    @classmethod
    def _make_deferred(cls, fill):
        """A tensor whose numpy array ``fill()`` makes at the first use of its data: MindSpore's
        initializer tensors draw their random seed then (a Parameter made of them, init_data,
        asnumpy, an op), not when ``initializer(...)`` returns."""
        t = object.__new__(cls)
        t.__dict__["_deferred_fill"] = fill
        return t

    def __getattr__(self, name):
        if name == "_data":
            fill = self.__dict__.pop("_deferred_fill", None)
            if fill is not None:
                try:
                    data = fill()
                except BaseException:
                    self.__dict__["_deferred_fill"] = fill  # raises again at the next use
                    raise
                self._data = data
                return data
        # Defaults for slots a _make-created tensor has not set (rarely used attributes).
        if name in ("init",):
            return None
        if name == "const_arg":
            return False
        hint = _TORCH_HINTS.get(name)
        raise AttributeError("'%s' object has no attribute '%s'%s"
                             % (type(self).__name__, name, ": " + hint if hint else ""))

    # ----- attributes ---------------------------------------------------------------------
    @property
    def shape(self):
        """The dimensions, a tuple of ints."""
        return self._data.shape

    @property
    def ndim(self):
        """The number of dimensions."""
        return self._data.ndim

    @property
    def size(self):
        """The number of elements."""
        return self._data.size

    @property
    def dtype(self):
        """The element type, a :class:`mindcell.DType` (``ms.float32`` ...)."""
        return mstype.from_numpy_dtype(self._data.dtype)

    @property
    def _np_dtype(self):
        """The numpy dtype (internal; a traced tensor has one but no data)."""
        return self._data.dtype

    @property
    def itemsize(self):
        return self._data.itemsize

    @property
    def nbytes(self):
        return self._data.nbytes

    @property
    def strides(self):
        return self._data.strides

    # ----- conversions --------------------------------------------------------------------
    def asnumpy(self):
        """A numpy copy of the data."""
        return np.array(self._data, copy=True)

    def numpy(self):
        """The same as :meth:`asnumpy`."""
        return self.asnumpy()

    def item(self, index=None):
        """item(index=None): the single element (or the element at ``index``) as a Python scalar."""
        if index is None:
            if self._data.size != 1:
                raise ValueError("Tensor.item: only a tensor with one element converts to a Python "
                                 "scalar, but the shape is %s" % (self.shape,))
            return self._data.reshape(()).item()
        return self._data.item(index)

    def tolist(self):
        """The values as (nested) Python lists of Python scalars."""
        return self._data.tolist()

    def __array__(self, dtype=None, copy=None):
        if dtype is not None:
            return self._data.astype(dtype)
        return self._data

    def __len__(self):
        if self.ndim == 0:
            raise TypeError("len() of a 0-d tensor")
        return self.shape[0]

    def __bool__(self):
        if self._data.size != 1:
            raise ValueError("The truth value of a Tensor with more than one element is ambiguous")
        return bool(self._data.reshape(()))

    def __float__(self):
        return float(self.item())

    def __int__(self):
        return int(self.item())

    def __index__(self):
        if self._np_dtype.kind not in "iub":
            raise TypeError("only integer tensors can be used as an index")
        return int(self.item())

    def __iter__(self):
        if self.ndim == 0:
            raise TypeError("iteration over a 0-d tensor")
        for i in range(self.shape[0]):
            yield self[i]

    def __hash__(self):
        return id(self)

    def __repr__(self):
        fmt = format_numpy_value if self._numpy_repr else format_value
        return "Tensor(shape=%s, dtype=%s, value=%s)" % (
            list(self.shape), self.dtype, fmt(self._data))

    def __str__(self):
        return str(self._data)

    def __format__(self, spec):
        if not spec:  # f"{t}" is str(t), as for any object (and MindSpore's Tensor)
            return str(self)
        if self._data.ndim == 0:
            return format(self._data.item(), spec)
        return format(str(self), spec)

    def __copy__(self):
        return Tensor._make(self._data.copy())

    def __deepcopy__(self, memo):
        return Tensor._make(self._data.copy())

    def __reduce__(self):
        return (Tensor, (self.asnumpy(),))

    def init_data(self, slice_index=None, shape=None, opt_shard_group=None):
        """init_data(slice_index=None, shape=None, opt_shard_group=None): the initialised
        tensor. mindcell initialises at construction, so this is ``self``, or with ``shape`` a
        new tensor of that shape from the same initializer.

        Raises:
            ValueError: ``slice_index`` or ``opt_shard_group`` is given (model-parallel slices:
                one process holds whole tensors), or ``shape`` is given for a tensor made
                without ``init``.
        """
        if slice_index is not None:
            raise ValueError("Tensor.init_data: 'slice_index' selects a model-parallel slice; "
                             "mindcell holds whole tensors in one process")
        if opt_shard_group is not None:
            raise ValueError("Tensor.init_data: 'opt_shard_group' selects an optimizer shard; "
                             "mindcell holds whole tensors in one process")
        if "_deferred_fill" in self.__dict__:
            self._data  # fills a deferred (initializer) tensor, as MindSpore does here
        if shape is None or tuple(shape) == tuple(self.shape):
            if type(self) is Tensor:
                self.init = None  # initialised: MindSpore 2.10 clears init (has_init False)
            return self
        if self.init is None:
            raise ValueError("Tensor.init_data: a new 'shape' needs a tensor made with 'init', "
                             "but this one holds data")
        return Tensor(shape=shape, dtype=self.dtype, init=self.init)

    @property
    def has_init(self):
        """Whether the tensor was made with ``init`` and :meth:`init_data` was not called
        since (a property, as in MindSpore 2.10; the values exist either way here)."""
        return self.init is not None

    def is_contiguous(self):
        return self._data.flags.c_contiguous

    def contiguous(self):
        return self if self._data.flags.c_contiguous else Tensor._make(c_contiguous(self._data))

    def data_ptr(self):
        return self._data.ctypes.data

    def is_floating_point(self):
        return mstype.is_float_np(self._np_dtype)

    def is_signed(self):
        return mstype.np_kind(self._np_dtype) in "if"

    def dim(self):
        return self.ndim

    def numel(self):
        return self.size

    def nelement(self):
        return self.size

    def element_size(self):
        return self.itemsize

    def set_dtype(self, dtype):
        self._data = self._data.astype(mstype.to_dtype(dtype).np_dtype)
        return self

    def assign_value(self, value):
        """Replace this tensor's data with ``value``'s (same shape required)."""
        try:  # converted to this tensor's dtype: a Python value that does not fit raises
            arr = _to_array(value, self._data.dtype)
        except (TypeError, ValueError) as e:
            msg = str(e).replace("Tensor: ", "", 1)
            raise type(e)("Tensor.assign_value: %s" % msg) from None
        # a copy of a Tensor's data, so a later write into self does not reach value. MindSpore
        # 2.10's PyNative shares value's memory here (t.assign_value(y); t[0] = 5 changes y) but
        # its GRAPH_MODE does not; mindcell keeps one behaviour for both modes
        self._data = arr.astype(self._data.dtype, copy=isinstance(value, Tensor))
        self.__dict__.pop("_numpy_repr", None)
        return self


class DynamicShapeTensor(Tensor):
    """A shape/dtype declaration with unknown dims (-1), as passed to ``Cell.set_inputs``:
    ``Tensor(shape=[None, 3], dtype=ms.float32)``. It holds no data."""

    @property
    def shape(self):
        return self._dyn_shape

    @property
    def ndim(self):
        return len(self._dyn_shape)

    def __repr__(self):
        return "Tensor(shape=%s, dtype=%s, value=<unknown>)" % (list(self._dyn_shape),
                                                                self.dtype)


def _is_symbol(dim):
    """A ``mindcell.Symbol`` (an unknown dimension of a dynamic-shape input)."""
    from mindcell.common.symbol import Symbol
    return isinstance(dim, Symbol)


def format_value(arr):
    """MindSpore's repr of tensor values: floats as ' 1.00000000e+00', ints/bools numpy-style;
    a 0-d float as C's ``%g`` writes it (6 significant digits: ``2``, ``0.333333``, ``1e-08``,
    ``-0``), as MindSpore 2.10 prints a float scalar."""
    if arr.ndim == 0:
        if mstype.is_float_np(arr.dtype):
            return " %g" % float(arr)
        if arr.dtype.kind == "c":
            return " " + _complex_text(arr.item())
        return " %s" % (arr.item(),)
    if arr.size == 0:  # MindSpore 2.10 prints no value: 'value= )', 'value=\n)' from 2-d on
        return " " if arr.ndim == 1 else "\n"
    if arr.dtype.kind == "c":  # each part as C's %g, MindSpore 2.10's '1+2j', '0.333333-1e-08j'
        body = np.array2string(arr, separator=", ", threshold=1000, max_line_width=1 << 30,
                               formatter={"complex_kind": _complex_text})
        body = body.replace(", ..., ", " ... ")  # MindSpore's summary: '2+2j ... 1997+1997j'
    elif mstype.is_float_np(arr.dtype):
        spec = "% .4e" if arr.dtype == np.float16 else "% .8e"  # MindSpore 2.10's float16: 4 digits
        body = np.array2string(arr.astype(np.float64), separator=", ", threshold=1000,
                               formatter={"float_kind": spec.__mod__})
    else:
        body = np.array2string(arr, separator=", ", threshold=1000)
    if arr.ndim > 2:  # numpy separates the blocks of a 3-d+ array by blank lines; MindSpore not
        body = "\n".join(line for line in body.split("\n") if line.strip())
    return (" " if arr.ndim == 1 else "\n") + body


def format_numpy_value(arr):
    """The repr of a numpy-backed tensor's values (``Tensor.from_numpy``, dataset iterator
    output) as MindSpore 2.10 writes it: numpy's own text with ', ' separators
    (``[0.1 , 0.25]``, a 0-d ``0.33333333``, an empty ``[]``, blank lines between 3-d blocks)."""
    return (" " if arr.ndim <= 1 else "\n") + np.array2string(arr, separator=", ")


def numpy_backed(t):
    """Mark ``t`` as wrapping a numpy array (its repr becomes :func:`format_numpy_value`'s)."""
    t._numpy_repr = True
    return t


def _complex_text(z):
    return "%g%+gj" % (z.real, z.imag)


def tensor(input_data=None, dtype=None, shape=None, init=None, const_arg=False, device=None):
    """tensor(input_data=None, dtype=None, shape=None, init=None, const_arg=False, device=None):
    create a Tensor (the function form of :class:`Tensor`).

    Args:
        input_data, dtype, shape, init, const_arg: as :class:`Tensor`'s.
        device (str): where the tensor lives: ``None`` or ``'CPU'`` (mindcell's only device).

    Returns:
        Tensor.

    Raises:
        ValueError: another ``device`` (``'meta'``, MindSpore's data-free tensors, included).

    Examples:
        >>> import mindcell as ms
        >>> ms.tensor([1, 2], ms.float32, device="CPU")
        Tensor(shape=[2], dtype=Float32, value= [ 1.00000000e+00,  2.00000000e+00])
    """
    return Tensor(input_data, dtype, shape, init, const_arg=const_arg, device=device)


def from_numpy(array):
    """from_numpy(array): a Tensor sharing memory with a numpy array (no copy).

    Args:
        array (numpy.ndarray): an array of a dtype mindcell has.

    Returns:
        Tensor, of the array's shape and dtype; writing to the array changes it.

    Raises:
        TypeError: ``array`` is not a numpy array, or its dtype has no mindcell dtype.

    Examples:
        >>> import numpy as np
        >>> import mindcell as ms
        >>> a = np.array([1.0, 2.0], np.float32)
        >>> t = ms.from_numpy(a)
        >>> a[0] = 5.0
        >>> print(t)
        [5. 2.]
    """
    if not isinstance(array, np.ndarray):
        raise TypeError("from_numpy: expected a numpy.ndarray, but got %s" % type(array).__name__)
    mstype.from_numpy_dtype(array.dtype)
    return numpy_backed(Tensor._make(array))


def frombuffer(buffer, dtype, count=-1, offset=0):
    """frombuffer(buffer, dtype, count=-1, offset=0): a 1-D Tensor over the bytes of an object
    with the buffer interface (``bytes``, ``bytearray``, ``memoryview``, a numpy array ...),
    sharing its memory: writing to a writable buffer changes the tensor.

    Args:
        buffer (object): the bytes.
        dtype (mindcell.dtype): the element type.
        count (int): the number of elements; -1 reads to the end. Default: ``-1``.
        offset (int): the bytes skipped at the start. Default: ``0``.

    Returns:
        Tensor of shape ``(count,)``.

    Raises:
        TypeError: ``buffer`` has no buffer interface or ``dtype`` is not a dtype.
        RuntimeError: the buffer is empty, ``offset`` is out of range, or the bytes after it
            are too few for ``count`` or not a multiple of the element size (MindSpore's
            error type).

    Examples:
        >>> import mindcell as ms
        >>> print(ms.frombuffer(bytearray([1, 2, 3, 4]), ms.uint8, count=2, offset=1))
        [2 3]
    """
    try:
        raw = memoryview(buffer).cast("B")
    except TypeError:
        raise TypeError("frombuffer: 'buffer' must support the buffer interface, but got %s"
                        % type(buffer).__name__) from None
    np_dtype = np.dtype(mstype.to_dtype(dtype).np_dtype)
    size, item = raw.nbytes, np_dtype.itemsize
    if size == 0 or count == 0:
        raise RuntimeError("frombuffer: both buffer length (%d) and count (%d) must not be 0"
                           % (size, count))
    if not 0 <= offset < size:
        raise RuntimeError("frombuffer: offset (%d bytes) must be non-negative and no greater "
                           "than buffer length (%d bytes) minus 1" % (offset, size))
    rest = size - offset
    if count < 0:
        if rest % item:
            raise RuntimeError("frombuffer: buffer length (%d bytes) after offset (%d bytes) "
                               "must be a multiple of element size (%d)" % (size, offset, item))
        count = rest // item
    elif count * item > rest:
        raise RuntimeError("frombuffer: buffer length (%d bytes) after offset (%d bytes) is not "
                           "enough for %d elements of %d bytes" % (size, offset, count, item))
    return Tensor._make(np.frombuffer(raw, np_dtype, count, offset))


def is_tensor(obj):
    """is_tensor(obj): whether ``obj`` is a Tensor (a Parameter is one).

    Args:
        obj (Any): the object.

    Returns:
        bool.

    Examples:
        >>> import numpy as np
        >>> import mindcell as ms
        >>> ms.is_tensor(ms.Tensor([1.0])), ms.is_tensor(np.array([1.0]))
        (True, False)
    """
    return isinstance(obj, Tensor)


_trace.Tensor = Tensor
