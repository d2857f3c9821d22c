"""Creation ops: ones, zeros, full, arange, linspace, eye, random tensors. Shapes go through
``check_size``, scalar bounds through ``check_scalar_arg``, dtypes through ``as_np_dtype``."""
import math

import numpy as np

from mindcell import dtype as mstype
from mindcell.common.tensor import Tensor
from mindcell.ops._helpers import (as_np_dtype, check_numel,
                                   check_scalar_arg, check_size, check_tensor, fill_scalar)
from mindcell._core.random_state import RandomStream
from mindcell.ops._errors import public_name
from mindcell.ops.defs import state as ST

_F32 = np.dtype(np.float32)
_I64 = np.dtype(np.int64)


def _size_args(size, op):
    """``rand(2, 3)`` or ``rand((2, 3))``."""
    if len(size) == 1 and isinstance(size[0], (tuple, list, Tensor)):
        size = size[0]
    return check_size(size, op, "size")


def _float_dtype(dtype, op, default=_F32, error=TypeError):
    """Random samples in [0, 1) or from N(0, 1) need a float dtype (an int one would be 0s);
    ``error`` is the class of the exception for another dtype (MindSpore 2.10's rand, randn,
    rand_like and randn_like raise ValueError)."""
    np_dtype = as_np_dtype(dtype, op, default)
    if mstype.np_kind(np_dtype) != "f":
        raise error("%s: 'dtype' must be a float dtype, but got %s"
                    % (public_name(op), mstype.from_numpy_dtype(np_dtype)))
    return np_dtype


def ones(shape, dtype=None):
    """A tensor of ``shape`` filled with ones.

    Args:
        shape (Union[int, tuple(int), list(int), Tensor]): the shape (dims >= 0).
        dtype (mindcell.dtype, optional): the dtype; None: Float32. Default: ``None``.

    Returns:
        Tensor of ``shape`` and ``dtype``.

    Raises:
        TypeError: ``shape`` is not an int, a sequence of ints or an integer Tensor, or ``dtype``
            is not a dtype.
        ValueError: a dim is negative, or the shape has too many elements.

    Examples:
        >>> import mindcell as ms
        >>> from mindcell import ops
        >>> print(ops.ones((2, 3), ms.int32))
        [[1 1 1]
         [1 1 1]]
    """
    return Tensor._make(np.ones(check_size(shape, "ones"), as_np_dtype(dtype, "ones", _F32)))


def zeros(size, dtype=None):
    """A tensor of ``size`` filled with zeros.

    Args:
        size (Union[int, tuple(int), list(int), Tensor]): the shape (dims >= 0).
        dtype (mindcell.dtype, optional): the dtype; None: Float32. Default: ``None``.

    Returns:
        Tensor of shape ``size`` and ``dtype``.

    Raises:
        TypeError: ``size`` is not an int, a sequence of ints or an integer Tensor, or ``dtype``
            is not a dtype.
        ValueError: a dim is negative, or the shape has too many elements.

    Examples:
        >>> from mindcell import ops
        >>> x = ops.zeros(3)
        >>> print(x, x.dtype)
        [0. 0. 0.] Float32
    """
    return Tensor._make(np.zeros(check_size(size, "zeros", "size"),
                                 as_np_dtype(dtype, "zeros", _F32)))


def ones_like(input, *, dtype=None):
    """A tensor of ones with the shape of ``input``.

    Args:
        input (Tensor): the tensor whose shape (and, by default, dtype) is taken.
        dtype (mindcell.dtype, optional): (keyword-only) the dtype; None: ``input``'s.
            Default: ``None``.

    Returns:
        Tensor of ``input``'s shape.

    Raises:
        TypeError: ``input`` is not a Tensor, or ``dtype`` not a dtype.

    Examples:
        >>> import numpy as np
        >>> from mindcell import Tensor, ops
        >>> print(ops.ones_like(Tensor(np.array([[1, 2], [3, 4]], np.int32))))
        [[1 1]
         [1 1]]
    """
    check_tensor(input, "ones_like")
    return Tensor._make(np.ones(input.shape, as_np_dtype(dtype, "ones_like", input._np_dtype)))


def zeros_like(input, *, dtype=None):
    """A tensor of zeros with the shape of ``input``.

    Args:
        input (Tensor): the tensor whose shape (and, by default, dtype) is taken.
        dtype (mindcell.dtype, optional): (keyword-only) the dtype; None: ``input``'s.
            Default: ``None``.

    Returns:
        Tensor of ``input``'s shape.

    Raises:
        TypeError: ``input`` is not a Tensor, or ``dtype`` not a dtype.

    Examples:
        >>> import numpy as np
        >>> import mindcell as ms
        >>> from mindcell import Tensor, ops
        >>> y = ops.zeros_like(Tensor(np.array([1.5, 2.5], np.float32)), dtype=ms.int64)
        >>> print(y, y.dtype)
        [0 0] Int64
    """
    check_tensor(input, "zeros_like")
    return Tensor._make(np.zeros(input.shape, as_np_dtype(dtype, "zeros_like",
                                                          input._np_dtype)))


def _filled(shape, fill_value, dtype, op):
    """A tensor of ``shape`` filled with ``fill_value``; the dtype defaults to the value's."""
    default = fill_scalar(fill_value, op, "fill_value")[1]
    np_dtype = as_np_dtype(dtype, op, default)
    value = fill_scalar(fill_value, op, "fill_value", np_dtype)[0]
    return Tensor._make(np.full(shape, value, np_dtype))


def full(size, fill_value, *, dtype=None):
    """A tensor of ``size`` filled with ``fill_value``.

    Args:
        size (Union[int, tuple(int), list(int), Tensor]): the shape (dims >= 0).
        fill_value (Union[number, bool, Tensor]): the value (a one-element Tensor too).
        dtype (mindcell.dtype, optional): (keyword-only) the dtype; None: Int64 whatever the
            value (a float value is truncated), as in MindSpore 2.10. Default: ``None``.

    Returns:
        Tensor of shape ``size``.

    Raises:
        TypeError: ``fill_value`` is not a number, a bool or a one-element Tensor, or ``dtype``
            not a dtype.
        ValueError: a dim is negative, ``fill_value`` has more than one element, or it does not
            fit in ``dtype``.

    Examples:
        >>> import mindcell as ms
        >>> from mindcell import ops
        >>> print(ops.full((2, 2), 7), ops.full((3,), 0.5, dtype=ms.float16))
        [[7 7]
         [7 7]] [0.5 0.5 0.5]
        >>> print(ops.full((2,), 2.5).dtype)
        Int64
    """
    # MindSpore 2.10's full is Int64 unless a dtype is given, whatever the value (ms-oracle)
    return _filled(check_size(size, "full", "size"), fill_value,
                   mstype.int64 if dtype is None else dtype, "full")


def fill(type, shape, value):
    """A tensor of ``shape`` and dtype ``type`` filled with ``value`` (MindSpore's argument order,
    dtype first; see :func:`full`).

    Args:
        type (mindcell.dtype): the dtype; None: the value's.
        shape (Union[int, tuple(int), list(int), Tensor]): the shape (dims >= 0).
        value (Union[number, bool, Tensor]): the value (a one-element Tensor too).

    Returns:
        Tensor of ``shape`` and dtype ``type``.

    Raises:
        TypeError: ``value`` is not a number, a bool or a one-element Tensor, or ``type`` not a
            dtype.
        ValueError: a dim is negative, or ``value`` does not fit in ``type``.

    Examples:
        >>> import mindcell as ms
        >>> from mindcell import ops
        >>> print(ops.fill(ms.int8, (2, 3), -1))
        [[-1 -1 -1]
         [-1 -1 -1]]
    """
    return _filled(check_size(shape, "fill", "shape"), value, type, "fill")


def full_like(input, fill_value, *, dtype=None):
    """A tensor with the shape of ``input`` filled with ``fill_value``.

    Args:
        input (Tensor): the tensor whose shape (and, by default, dtype) is taken.
        fill_value (Union[number, bool, Tensor]): the value (a one-element Tensor too).
        dtype (mindcell.dtype, optional): (keyword-only) the dtype; None: ``input``'s.
            Default: ``None``.

    Returns:
        Tensor of ``input``'s shape.

    Raises:
        TypeError: ``input`` is not a Tensor, ``fill_value`` not a number, a bool or a
            one-element Tensor, or ``dtype`` not a dtype.
        ValueError: ``fill_value`` does not fit in the dtype.

    Examples:
        >>> import numpy as np
        >>> from mindcell import Tensor, ops
        >>> print(ops.full_like(Tensor(np.zeros((2, 2), np.int32)), 9))
        [[9 9]
         [9 9]]
    """
    check_tensor(input, "full_like")
    return _filled(input.shape, fill_value, input.dtype if dtype is None else dtype, "full_like")


def arange(start=0, end=None, step=1, *, dtype=None):
    """The numbers from ``start`` up to (not including) ``end`` in steps of ``step``; with ``end``
    None, from 0 up to ``start``.

    Args:
        start (Union[int, float, Tensor]): the first number (or the end, when ``end`` is None).
            Default: ``0``.
        end (Union[int, float, Tensor], optional): the end, excluded. Default: ``None``.
        step (Union[int, float, Tensor]): the step, not 0. Default: ``1``.
        dtype (mindcell.dtype, optional): (keyword-only) the dtype; None: Int64 when all three
            are ints, else Float32. Default: ``None``.

    Returns:
        Tensor, 1-D, of ``ceil((end - start) / step)`` elements.

    Raises:
        TypeError: a bound is not a number or a one-element Tensor (or is a bool), or ``dtype``
            not a dtype.
        ValueError: ``step`` is 0 or moves away from ``end``, or a bound is not finite.

    Examples:
        >>> from mindcell import ops
        >>> print(ops.arange(5), ops.arange(1, 2, 0.25))
        [0 1 2 3 4] [1.   1.25 1.5  1.75]
    """
    start = check_scalar_arg(start, "arange", "start")
    if end is None:
        start, end = 0, start
    else:
        end = check_scalar_arg(end, "arange", "end")
    step = check_scalar_arg(step, "arange", "step")
    if step == 0:
        raise ValueError("arange: 'step' must not be zero")
    if (end - start) * step < 0:
        raise ValueError("arange: 'step' %r moves away from end %r (start %r)"
                         % (step, end, start))
    check_numel((math.ceil((end - start) / step),), "arange", "the range")
    is_float = any(isinstance(v, float) for v in (start, end, step))
    np_dtype = as_np_dtype(dtype, "arange", _F32 if is_float else _I64)
    values = np.arange(start, end, step)
    if is_float:  # MindSpore 2.10's Range kernel: start + i * step in float32, any dtype
        with np.errstate(over="ignore"):
            values = (np.arange(values.size, dtype=np.float32) * np.float32(step)
                      + np.float32(start))
    return Tensor._make(values.astype(np_dtype))


def linspace(start, end, steps):
    """``steps`` evenly spaced numbers from ``start`` to ``end``, both included.

    Args:
        start (Union[int, float, Tensor]): the first number; a one-element Tensor gives its
            dtype to the result.
        end (Union[int, float, Tensor]): the last number.
        steps (Union[int, Tensor]): the number of values, >= 1.

    Returns:
        Tensor, 1-D, of ``steps`` elements; Float32, or ``start``'s dtype when it is a Tensor.

    Raises:
        TypeError: ``start`` or ``end`` is not a number or a one-element Tensor, or ``steps`` not
            an int.
        ValueError: ``steps`` < 1, or a bound is not finite.

    Examples:
        >>> from mindcell import ops
        >>> print(ops.linspace(0, 1, 5))
        [0.   0.25 0.5  0.75 1.  ]
    """
    dtype = start._np_dtype if isinstance(start, Tensor) else _F32
    start = check_scalar_arg(start, "linspace", "start")
    end = check_scalar_arg(end, "linspace", "end")
    steps = check_scalar_arg(steps, "linspace", "steps", integer=True)
    if steps < 1:
        raise ValueError("linspace: 'steps' must be positive, but got %d" % steps)
    check_numel((steps,), "linspace", "steps")
    return Tensor._make(np.linspace(start, end, steps).astype(dtype))


def eye(n, m=None, dtype=None):
    """A 2-D tensor with ones on the main diagonal and zeros elsewhere.

    Args:
        n (int): the number of rows.
        m (int, optional): the number of columns; None: ``n``. Default: ``None``.
        dtype (mindcell.dtype, optional): the dtype; None: Float32. Default: ``None``.

    Returns:
        Tensor of shape (n, m).

    Raises:
        TypeError: ``n`` or ``m`` is not an int, or ``dtype`` not a dtype.
        ValueError: ``n`` or ``m`` is negative.

    Examples:
        >>> import mindcell as ms
        >>> from mindcell import ops
        >>> print(ops.eye(2, 3, ms.int32))
        [[1 0 0]
         [0 1 0]]
    """
    n = check_scalar_arg(n, "eye", "n", integer=True)
    m = n if m is None else check_scalar_arg(m, "eye", "m", integer=True)
    shape = check_size((n, m), "eye", "(n, m)")
    return Tensor._make(np.eye(*shape, dtype=as_np_dtype(dtype, "eye", _F32)))


def _seed_stream(seed, op, kind="op"):
    """The RandomStream of random op ``op`` called with op seed ``seed`` (None or an int >= 0;
    TypeError/ValueError naming ``op`` otherwise, as MindSpore). ``kind`` "fixed": the draws
    restart from ``seed`` at every call when it is given."""
    if seed is not None:
        if isinstance(seed, bool) or not isinstance(seed, (int, np.integer)):
            raise TypeError("%s: 'seed' must be an int or None, but got %s"
                            % (public_name(op), type(seed).__name__))
        if seed < 0:
            raise ValueError("%s: 'seed' must be >= 0, but got %d" % (public_name(op), seed))
        if kind == "fixed":
            return RandomStream.fixed(op, seed)
    return RandomStream.of_op(op, seed)


def rand(*size, dtype=None, seed=None):
    """Samples from the uniform distribution on [0, 1).

    Args:
        size (Union[int, tuple(int), list(int)]): the shape, as ints or one sequence.
        dtype (mindcell.dtype, optional): a float dtype. Default: None (Float32).
        seed (int, optional): the op seed (>= 0); the calls of this op with this seed continue
            one stream, restarted by ``set_seed``, the same in every process. Default: None.

    Returns:
        Tensor of shape ``size``.

    Raises:
        TypeError: ``seed`` is not an int, or ``dtype`` not a dtype.
        ValueError: ``seed`` is negative, ``size`` not a valid shape, or ``dtype`` not a float
            dtype (as in MindSpore 2.10).

    Examples:
        >>> import mindcell as ms
        >>> from mindcell import ops
        >>> ms.set_seed(1)
        >>> a = ops.rand(2, 3, seed=7)
        >>> ms.set_seed(1)
        >>> bool((ops.rand(2, 3, seed=7) == a).all())
        True
    """
    return _uniform_samples(_size_args(size, "rand"),
                            _float_dtype(dtype, "rand", error=ValueError),
                            _seed_stream(seed, "rand"))


def _uniform_samples(shape, dtype, stream, lo=0.0, hi=1.0):
    return ST.uniform_p.bind(shape=shape, dtype=dtype, minval=lo, maxval=hi, stream=stream)


def _normal_samples(shape, dtype, stream):
    return ST.standard_normal_p.bind(shape=shape, dtype=dtype, stream=stream)


def randn(*size, dtype=None, seed=None):
    """Samples from the standard normal distribution N(0, 1).

    Args:
        size (Union[int, tuple(int), list(int)]): the shape, as ints or one sequence.
        dtype (mindcell.dtype, optional): (keyword-only) a float dtype. Default: ``None``
            (Float32).
        seed (int, optional): (keyword-only) the op seed (>= 0), as in :func:`rand`.
            Default: ``None``.

    Returns:
        Tensor of shape ``size``.

    Raises:
        TypeError: ``seed`` is not an int, or ``dtype`` not a dtype.
        ValueError: ``seed`` is negative, ``size`` not a valid shape, or ``dtype`` not a float
            dtype (as in MindSpore 2.10).

    Examples:
        >>> import mindcell as ms
        >>> from mindcell import ops
        >>> x = ops.randn(2, 3, dtype=ms.float64, seed=3)
        >>> print(x.shape, x.dtype)
        (2, 3) Float64
    """
    return _normal_samples(_size_args(size, "randn"),
                           _float_dtype(dtype, "randn", error=ValueError),
                           _seed_stream(seed, "randn"))


def standard_normal(shape, seed=None):
    """Float32 samples from the standard normal distribution N(0, 1).

    Args:
        shape (Union[int, tuple(int), list(int)]): the shape.
        seed (int, optional): the op seed (>= 0), as in :func:`rand`. Default: ``None``.

    Returns:
        Tensor of Float32, of ``shape``.

    Raises:
        TypeError: ``seed`` is not an int.
        ValueError: ``seed`` is negative, or ``shape`` not a valid shape.

    Examples:
        >>> import mindcell as ms
        >>> from mindcell import ops
        >>> ms.set_seed(5)
        >>> x = ops.standard_normal((1000,), seed=2)
        >>> print(x.shape, abs(float(x.mean())) < 0.2, 0.8 < float(x.std()) < 1.2)
        (1000,) True True
    """
    return _normal_samples(check_size(shape, "standard_normal"), _F32,
                           _seed_stream(seed, "standard_normal"))


def uniform(shape, minval, maxval, seed=None, dtype=mstype.float32):
    """Samples from the uniform distribution on ``[minval, maxval)``.

    A float ``dtype`` draws reals; ``mstype.int32`` draws integers (MindSpore's UniformInt),
    and then ``minval`` < ``maxval`` must both be integers. Tensor bounds must be of the dtype's
    kind (int or float), as in MindSpore.

    Args:
        shape (Union[int, tuple(int), list(int)]): the shape.
        minval (Union[number, Tensor]): the lower bound, included (a one-element Tensor too).
        maxval (Union[number, Tensor]): the upper bound, excluded.
        seed (int, optional): the op seed (>= 0), as in :func:`rand`. Default: ``None``.
        dtype (mindcell.dtype): a float dtype or Int32. Default: ``mstype.float32``.

    Returns:
        Tensor of ``shape`` and ``dtype``.

    Raises:
        TypeError: ``dtype`` is neither a float dtype nor int32, or a Tensor bound is not of its
            kind.
        ValueError: ``minval`` exceeds ``maxval`` (or equals it for int32).

    Examples:
        >>> import mindcell as ms
        >>> from mindcell import ops, Tensor
        >>> x = ops.uniform((2, 3), Tensor(0, ms.int32), Tensor(4, ms.int32), dtype=ms.int32)
        >>> x.dtype, bool(((x >= 0) & (x < 4)).all())
        (mindspore.int32, True)
    """
    np_dtype = as_np_dtype(dtype, "uniform", _F32)
    if np_dtype.kind not in "fi" or (np_dtype.kind == "i" and np_dtype != np.int32):
        raise TypeError("uniform: 'dtype' must be a float dtype or int32, but got %s"
                        % mstype.from_numpy_dtype(np_dtype))
    for name, bound in (("minval", minval), ("maxval", maxval)):
        if isinstance(bound, Tensor) and (bound._np_dtype.kind == "f") != (np_dtype.kind == "f"):
            raise TypeError("uniform: '%s' is a %s tensor, which does not match dtype %s"
                            % (name, mstype.from_numpy_dtype(bound._np_dtype),
                               mstype.from_numpy_dtype(np_dtype)))
    integer = np_dtype.kind == "i"
    lo = check_scalar_arg(minval, "uniform", "minval", integer=integer)
    hi = check_scalar_arg(maxval, "uniform", "maxval", integer=integer)
    if lo > hi or (integer and lo == hi):
        raise ValueError("uniform: 'minval' (%r) must be %s 'maxval' (%r)"
                         % (lo, "less than" if integer else "at most", hi))
    shape = check_size(shape, "uniform")
    stream = _seed_stream(seed, "uniform")
    if integer:
        return ST.uniform_int_p.bind(shape=shape, dtype=np_dtype, low=int(lo), high=int(hi),
                                     stream=stream)
    return _uniform_samples(shape, np_dtype, stream, float(lo), float(hi))


_BERNOULLI_DTYPES = tuple(np.dtype(t) for t in (np.int8, np.uint8, np.int16, np.int32, np.int64,
                                                  np.bool_, np.float32, np.float64))


def bernoulli(input, p=0.5, seed=None):
    """0/1 samples, each 1 with probability ``p``, with the shape and dtype of ``input``.

    With a ``seed`` every call draws the same numbers (MindSpore's rule for bernoulli, whatever
    the global seed); without one (None or -1) the draws continue a stream that ``set_seed``
    restarts.

    Args:
        input (Tensor): the tensor whose shape and dtype are taken: int8, uint8, int16, int32,
            int64, bool, float32 or float64.
        p (Union[float, Tensor]): the probability of a 1, in [0, 1]; or a Float32/Float64 tensor
            of ``input``'s shape, one probability per element. Default: ``0.5``.
        seed (int, optional): the seed (>= 0), or None or -1 for none. Default: ``None``.

    Returns:
        Tensor of the shape and dtype of ``input``.

    Raises:
        TypeError: ``input`` is not a Tensor of those dtypes, a tensor ``p`` is not
            Float32/Float64, or ``seed`` is not an int.
        ValueError: ``p`` is outside [0, 1], a tensor ``p`` has another shape, or ``seed`` is
            negative (other than -1).

    Examples:
        >>> import numpy as np
        >>> from mindcell import Tensor, ops
        >>> x = Tensor(np.zeros((2, 4), np.int32))
        >>> a, b = ops.bernoulli(x, 0.3, seed=1), ops.bernoulli(x, 0.3, seed=1)
        >>> print(a.dtype, bool((a == b).all()), ops.bernoulli(x, 1.0))
        Int32 True [[1 1 1 1]
         [1 1 1 1]]
    """
    check_tensor(input, "bernoulli")
    if input._np_dtype not in _BERNOULLI_DTYPES:
        raise TypeError("bernoulli: 'input' must be int8, uint8, int16, int32, int64, bool, "
                        "float32 or float64, but got %s" % mstype.from_numpy_dtype(input._np_dtype))
    # MindSpore's bernoulli takes -1 for "no seed"
    unseeded = isinstance(seed, int) and not isinstance(seed, bool) and seed == -1
    stream = _seed_stream(None if unseeded else seed, "bernoulli", "fixed")
    if isinstance(p, Tensor):
        if p._np_dtype not in (np.dtype(np.float32), np.dtype(np.float64)):
            raise TypeError("bernoulli: a tensor 'p' must be float32 or float64, but got %s"
                            % mstype.from_numpy_dtype(p._np_dtype))
        if tuple(p.shape) != tuple(input.shape):
            raise ValueError("bernoulli: a tensor 'p' must have the shape of 'input' %s, but got %s"
                             % (tuple(input.shape), tuple(p.shape)))
        return ST.bernoulli_p.bind(input, p, stream=stream)
    p = check_scalar_arg(p, "bernoulli", "p")
    if not 0 <= p <= 1:
        raise ValueError("bernoulli: 'p' must be in [0, 1], but got %r" % (p,))
    return ST.bernoulli_mask_p.bind(input, keep_prob=float(p), stream=stream)


def _moment(v, op, arg):
    """A distribution parameter: a Tensor (broadcast against the samples) or a finite number."""
    return v if isinstance(v, Tensor) else check_scalar_arg(v, op, arg)


def normal(shape, mean, stddev, seed=None):
    """Samples from the normal distribution with mean ``mean`` and standard deviation ``stddev``.

    Args:
        shape (Union[int, tuple(int), list(int)]): the shape of the standard normal draws.
        mean (Union[number, Tensor]): the mean; a Tensor broadcasts against the samples.
        stddev (Union[number, Tensor]): the standard deviation (>= 0 for a number); a Tensor
            broadcasts against the samples.
        seed (int, optional): the op seed (>= 0), as in :func:`rand`. Default: ``None``.

    Returns:
        Tensor of the broadcast shape of ``shape``, ``mean`` and ``stddev``; Float32 (or the
        promoted dtype of a Tensor ``mean`` or ``stddev``).

    Raises:
        TypeError: ``mean`` or ``stddev`` is not a number or a Tensor, or ``seed`` not an int.
        ValueError: a number ``stddev`` is negative, a number ``mean``/``stddev`` not finite, or
            ``seed`` negative.

    Examples:
        >>> import numpy as np
        >>> from mindcell import Tensor, ops
        >>> x = ops.normal((2, 3), Tensor(np.array([0.0, 10.0, 100.0], np.float32)), 0.0)
        >>> print(x)
        [[  0.  10. 100.]
         [  0.  10. 100.]]
    """
    from mindcell.ops.function import math_func as M
    mean, stddev = _moment(mean, "normal", "mean"), _moment(stddev, "normal", "stddev")
    if not isinstance(stddev, Tensor) and stddev < 0:
        raise ValueError("normal: 'stddev' must be >= 0, but got %r" % (stddev,))
    z = _normal_samples(check_size(shape, "normal"), _F32, _seed_stream(seed, "normal"))
    return M.add(M.mul(z, stddev), mean)


def rand_like(input, seed=None, *, dtype=None):
    """Samples from the uniform distribution on [0, 1) with the shape of ``input``.

    Args:
        input (Tensor): the tensor whose shape is taken (of any dtype).
        seed (int, optional): the op seed (>= 0), as in :func:`rand`. Default: ``None``.
        dtype (mindcell.dtype, optional): (keyword-only) a float dtype; None: Float32, whatever
            ``input``'s dtype (as MindSpore 2.10). Default: ``None``.

    Returns:
        Tensor of ``input``'s shape.

    Raises:
        TypeError: ``input`` is not a Tensor, ``seed`` not an int, or ``dtype`` not a dtype.
        ValueError: ``seed`` is negative, or the dtype not a float dtype (as in MindSpore 2.10).

    Examples:
        >>> import numpy as np
        >>> from mindcell import Tensor, ops
        >>> x = ops.rand_like(Tensor(np.zeros((4, 2), np.float16)), seed=1)
        >>> print(x.shape, x.dtype, bool(((x >= 0) & (x < 1)).all()))
        (4, 2) Float16 True
    """
    check_tensor(input, "rand_like")
    return _uniform_samples(input.shape, _float_dtype(dtype, "rand_like", input._np_dtype,
                                                     ValueError),
                            _seed_stream(seed, "rand_like"))


def randn_like(input, seed=None, *, dtype=None):
    """Samples from the standard normal distribution N(0, 1) with the shape of ``input``.

    Args:
        input (Tensor): the tensor whose shape is taken (of any dtype).
        seed (int, optional): the op seed (>= 0), as in :func:`rand`. Default: ``None``.
        dtype (mindcell.dtype, optional): (keyword-only) a float dtype; None: Float32, whatever
            ``input``'s dtype (as MindSpore 2.10). Default: ``None``.

    Returns:
        Tensor of ``input``'s shape.

    Raises:
        TypeError: ``input`` is not a Tensor, ``seed`` not an int, or ``dtype`` not a dtype.
        ValueError: ``seed`` is negative, or the dtype not a float dtype (as in MindSpore 2.10).

    Examples:
        >>> import numpy as np
        >>> import mindcell as ms
        >>> from mindcell import Tensor, ops
        >>> x = ops.randn_like(Tensor(np.zeros((3,), np.int32)), dtype=ms.float32)
        >>> print(x.shape, x.dtype)
        (3,) Float32
    """
    check_tensor(input, "randn_like")
    # dtype None is Float32 whatever input's dtype, as MindSpore 2.10's randn_like
    return _normal_samples(input.shape, _float_dtype(dtype, "randn_like", _F32, ValueError),
                           _seed_stream(seed, "randn_like"))


def randint(low, high, size, seed=None, *, dtype=None):
    """Random integers drawn uniformly from ``[low, high)``.

    Args:
        low (int): the lowest value, included.
        high (int): the upper bound, excluded; > ``low``.
        size (Union[int, tuple(int), list(int)]): the shape.
        seed (int, optional): the op seed (>= 0), as in :func:`rand`. Default: ``None``.
        dtype (mindcell.dtype, optional): (keyword-only) an integer dtype; None: Int64.
            Default: ``None``.

    Returns:
        Tensor of ``size`` and ``dtype``.

    Raises:
        TypeError: ``low`` or ``high`` is not an int, ``seed`` not an int, or ``dtype`` not a
            dtype.
        ValueError: ``low`` >= ``high``, ``dtype`` is not an integer dtype, the range does not
            fit in ``dtype``, or ``seed`` is negative.

    Examples:
        >>> import mindcell as ms
        >>> from mindcell import ops
        >>> x = ops.randint(-2, 3, (2, 5), seed=4, dtype=ms.int8)
        >>> print(x.shape, x.dtype, int(x.min()) >= -2, int(x.max()) <= 2)
        (2, 5) Int8 True True
    """
    low = check_scalar_arg(low, "randint", "low", integer=True)
    high = check_scalar_arg(high, "randint", "high", integer=True)
    if low >= high:
        raise ValueError("randint: 'low' (%d) must be less than 'high' (%d)" % (low, high))
    np_dtype = as_np_dtype(dtype, "randint", _I64)
    if mstype.np_kind(np_dtype) not in "iu":  # a ValueError, as MindSpore 2.10's randint
        raise ValueError("%s: 'dtype' must be an integer dtype, but got %s"
                         % (public_name("randint"), mstype.from_numpy_dtype(np_dtype)))
    info = np.iinfo(np_dtype)
    if low < info.min or high - 1 > info.max:
        raise ValueError("randint: [%d, %d) does not fit in %s"
                         % (low, high, mstype.from_numpy_dtype(np_dtype)))
    return ST.uniform_int_p.bind(shape=check_size(size, "randint", "size"), dtype=np_dtype,
                                 low=low, high=high, stream=_seed_stream(seed, "randint"))


__all__ = [_n for _n, _v in list(globals().items())
           if not _n.startswith("_") and callable(_v) and getattr(_v, "__module__", "") == __name__]
