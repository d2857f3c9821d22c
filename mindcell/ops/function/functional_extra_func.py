"""The long tail of ``ops.functional`` (``F``): make_range, tuple_len, mixed_precision_cast,
tensor_scatter_elements, tensor_dot and range. Built from existing ops and Python values, so
they differentiate and trace like their parts."""
import math

import numpy as np

from mindcell import dtype as mstype
from mindcell.common.tensor import Tensor
from mindcell.ops._errors import check_int, public_name, show
from mindcell.ops._helpers import check_tensor
from mindcell.ops.function import array_func as A
from mindcell.ops.function import math_func as M
from mindcell.ops.function.reduce_func import matmul

__all__ = ["make_range", "tuple_len", "mixed_precision_cast", "tensor_scatter_elements",
           "tensor_dot", "range"]

_range = range  # the builtin, before this module's ``range`` shadows it


def _is_int(v):
    return isinstance(v, (int, np.integer)) and not isinstance(v, (bool, np.bool_))


def make_range(*args):
    """make_range(*args): ``tuple(range(*args))`` of Python ints, as graph code builds loop
    indices.

    Args:
        args (int): ``stop``, ``(start, stop)`` or ``(start, stop, step)``.

    Returns:
        tuple[int].

    Raises:
        RuntimeError: not 1 to 3 arguments, or ``step`` is 0 (MindSpore's error type).
        TypeError: an argument is not an int (bools and Tensors are refused).

    Examples:
        >>> from mindcell.ops import functional as F
        >>> F.make_range(1, 8, 3)
        (1, 4, 7)
    """
    if not 1 <= len(args) <= 3:
        raise RuntimeError("For 'make_range', the input size should within [1, 3] but got%d"
                           % len(args))
    for i, v in enumerate(args):
        if not _is_int(v):
            raise TypeError("For 'make_range', the %dth input should be a int scalar but got %s"
                            % (i, show(v)))
    if len(args) == 3 and args[2] == 0:
        raise RuntimeError("For 'range', the argument 'step' could not be 0.")
    return tuple(_range(*(int(v) for v in args)))


def tuple_len(*args):
    """tuple_len(data): the length of a tuple or list.

    Args:
        data (Union[tuple, list]): the sequence (exactly one argument).

    Returns:
        int.

    Raises:
        ValueError: not exactly one argument.
        RuntimeError: the argument is not a tuple or list (MindSpore's error type).

    Examples:
        >>> from mindcell.ops import functional as F
        >>> F.tuple_len((1, 2, 3))
        3
    """
    if len(args) != 1:
        raise ValueError("For primitive[sequence_len], the input number must be equal to 1, but "
                         "got %d." % len(args))
    if not isinstance(args[0], (tuple, list)):
        raise RuntimeError("tuple_len: the input must be a tuple or list, but got %s"
                           % show(args[0]))
    return len(args[0])


def mixed_precision_cast(dst_dtype, x):
    """mixed_precision_cast(dst_dtype, x): cast the float tensors in ``x`` to ``dst_dtype``,
    leaving integer and bool tensors and non-tensor values as they are.

    Args:
        dst_dtype (dtype): the target dtype.
        x (Union[Tensor, tuple, list, dict, Number]): a tensor or a (nested) container of them;
            lists come back as tuples, dicts unchanged (as MindSpore).

    Returns:
        The same structure with float tensors cast.

    Raises:
        TypeError: ``dst_dtype`` is not a mindcell dtype.

    Examples:
        >>> import mindcell as ms
        >>> from mindcell.ops import functional as F
        >>> print(F.mixed_precision_cast(ms.float16, ms.Tensor([1.5])).dtype)
        Float16
    """
    if not isinstance(dst_dtype, mstype.DType):
        raise TypeError("For 'mixed_precision_cast', the input 'dst_dtype' should be mindspore "
                        "dtype, but got %s." % (dst_dtype,))
    return _cast_floats(dst_dtype, x)


def _cast_floats(dst_dtype, x):
    if isinstance(x, Tensor):
        return M.cast(x, dst_dtype) if mstype.is_float_np(x._np_dtype) else x
    if isinstance(x, (tuple, list)):
        return tuple(_cast_floats(dst_dtype, v) for v in x)
    return x


def tensor_scatter_elements(input_x, indices, updates, axis=0, reduction="none"):
    """tensor_scatter_elements(input_x, indices, updates, axis=0, reduction='none'): a copy of
    ``input_x`` with ``updates`` written (or added) at ``indices`` along ``axis``.

    Args:
        input_x (Tensor): the input.
        indices (Tensor): int32/int64 indices, the rank of ``input_x`` (negative counts from the
            end of the axis).
        updates (Tensor): values, the shape of ``indices``.
        axis (int): the axis to scatter along. Default: ``0``.
        reduction (str): ``"none"`` (write) or ``"add"``. Default: ``"none"``.

    Returns:
        Tensor, the shape and dtype of ``input_x``.

    Raises:
        TypeError: an input is not a Tensor, or ``reduction`` is not a str.
        ValueError: ``reduction`` is another string; an index is out of range (MindSpore's CPU
            kernel skips such indices silently).

    Examples:
        >>> import numpy as np
        >>> from mindcell import Tensor, ops
        >>> x = Tensor(np.zeros((2, 3), np.float32))
        >>> idx = Tensor(np.array([[1, 0], [2, 1]], np.int32))
        >>> ops.tensor_scatter_elements(x, idx, Tensor(np.array([[1., 2.], [3., 4.]],
        ...     np.float32)), axis=1).asnumpy().tolist()
        [[2.0, 1.0, 0.0], [0.0, 4.0, 3.0]]
    """
    op = "tensor_scatter_elements"
    check_tensor(input_x, op, "input_x")
    check_tensor(indices, op, "indices")
    if not isinstance(reduction, str):
        raise TypeError("%s: 'reduction' must be a str, but got %s"
                        % (public_name(op), show(reduction)))
    if reduction not in ("none", "add"):
        raise ValueError("%s: 'reduction' must be 'none' or 'add', but got %r"
                         % (public_name(op), reduction))
    axis = check_int(axis, op, "axis", -max(input_x.ndim, 1), max(input_x.ndim, 1) - 1)
    ax = axis % max(input_x.ndim, 1)
    if indices.shape and input_x.ndim:
        n = input_x.shape[ax]
        indices = M.add(indices, M.mul(M.cast(M.lt(indices, 0), indices.dtype), n))
    return A._scatter(input_x, axis, indices, updates, op, reduction)


def _axes_pair(axes, nd1, nd2):
    """``axes`` as two equal-length lists of non-negative axes of x1 and x2."""
    op = "tensor_dot"
    if isinstance(axes, bool) or not isinstance(axes, (int, tuple, list)):
        raise TypeError("For 'tensor_dot', the type of 'axes' should be one of '['int', "
                        "'tuple', 'list']', but got type '%s'." % type(axes).__name__)
    if isinstance(axes, int):
        if axes < 0 or axes > nd1 or axes > nd2:
            raise ValueError("For 'tensor_dot', the 'axes' cannot be greater than the length of "
                             "'x1_shape' and 'x2_shape', but got 'axes': %d" % axes)
        return list(_range(nd1 - axes, nd1)), list(_range(axes))
    if len(axes) != 2:
        raise ValueError("For 'tensor_dot', 'axes' must be an int or a pair of axis lists, but "
                         "got %s" % (axes,))
    pair = [[a] if isinstance(a, int) else list(a) for a in axes]
    if len(pair[0]) != len(pair[1]):
        raise ValueError("For 'tensor_dot', the two axis lists must have the same length, but "
                         "got %s" % (axes,))
    out = []
    for lst, nd, name in ((pair[0], nd1, "x1"), (pair[1], nd2, "x2")):
        norm = [check_int(a, op, "axes", -nd, nd - 1) % nd for a in lst]
        if len(set(norm)) != len(norm):
            raise ValueError("For 'tensor_dot', the axes of %s must differ, but got %s"
                             % (name, lst))
        out.append(norm)
    return out[0], out[1]


def tensor_dot(x1, x2, axes):
    """tensor_dot(x1, x2, axes): the sum of products over the given axes of ``x1`` and ``x2``.

    Args:
        x1 (Tensor): the first input.
        x2 (Tensor): the second input, the same dtype.
        axes (Union[int, tuple, list]): an int ``n`` contracts the last ``n`` axes of ``x1``
            with the first ``n`` of ``x2``; a pair ``(axes1, axes2)`` (ints or lists) names them.

    Returns:
        Tensor: the free axes of ``x1`` then those of ``x2``.

    Raises:
        TypeError: an input is not a Tensor, the dtypes differ, or ``axes`` has another type.
        ValueError: the contracted dimensions differ, or an axis is out of range.

    Examples:
        >>> import numpy as np
        >>> from mindcell import Tensor, ops
        >>> a = Tensor(np.ones((2, 3, 4), np.float32))
        >>> b = Tensor(np.ones((4, 3), np.float32))
        >>> ops.tensor_dot(a, b, ((2, 1), (0, 1))).shape
        (2,)
    """
    check_tensor(x1, "tensor_dot", "x1")
    check_tensor(x2, "tensor_dot", "x2")
    if x1.dtype != x2.dtype:
        raise TypeError("For 'tensor_dot', the dtypes of 'x1' and 'x2' must be the same, but got "
                        "%s and %s" % (x1.dtype, x2.dtype))
    a1, a2 = _axes_pair(axes, x1.ndim, x2.ndim)
    s1, s2 = x1.shape, x2.shape
    if any(s1[i] != s2[j] for i, j in zip(a1, a2)):
        raise ValueError("For 'tensor_dot', the contracted dimensions must be equal, but got "
                         "'x1_shape': %s, 'x2_shape': %s, 'axes': %s" % (s1, s2, (a1, a2)))
    free1 = [i for i in _range(x1.ndim) if i not in a1]
    free2 = [j for j in _range(x2.ndim) if j not in a2]
    k = math.prod(s1[i] for i in a1)
    left = A.reshape(A.transpose(x1, tuple(free1 + a1)), (-1, k) if k else
                     (math.prod(s1[i] for i in free1), 0))
    right = A.reshape(A.transpose(x2, tuple(a2 + free2)), (k, math.prod(s2[j] for j in free2)))
    out = matmul(left, right)
    return A.reshape(out, tuple(s1[i] for i in free1) + tuple(s2[j] for j in free2))


def _range_value(v, arg):
    """(number, dtype) of a ``range`` argument: a Python number or a one-element Tensor."""
    if isinstance(v, Tensor):
        if v.size != 1:
            raise ValueError("For Range, '%s' must be a Tensor with one element (MindSpore: can "
                             "only convert tensor with one element to number), but got shape %s"
                             % (arg, v.shape))
        number, dtype = v.asnumpy().reshape(()).item(), v.dtype
    elif isinstance(v, bool) or not isinstance(v, (int, float)):
        raise TypeError("For Range, '%s' must be an int, a float or a Tensor, but got %s"
                        % (arg, show(v)))
    else:
        number, dtype = v, (mstype.int64 if isinstance(v, int) else mstype.float32)
    if isinstance(number, bool) or not math.isfinite(number) or abs(number) >= 2 ** 63:
        raise ValueError("For Range, '%s' must be a finite number within int64, but got %r"
                         % (arg, number))
    return number, dtype


def _range_length(s, e, d, floating, maxlen):
    """The number of values of the range, at most ``maxlen`` (RuntimeError otherwise)."""
    if floating:
        n = max(int(math.ceil((e - s) / d)), 0)
    else:
        n = max(-((s - e) // d) if d > 0 else -((e - s) // -d), 0)
    if n > maxlen:
        raise RuntimeError("For Range, the output would have %d elements, more than maxlen=%d"
                           % (n, maxlen))
    return n


def range(start, end, step, maxlen=1000000):  # pylint: disable=redefined-builtin
    """range(start, end, step, maxlen=1000000): the values from ``start`` up to (not including)
    ``end`` by ``step``.

    The three arguments share one dtype: integer kinds give an Int64 result, float kinds a
    Float32 one (MindSpore 2.10's rule, float64 included). The length depends on the values, so
    the op runs eagerly only (GRAPH_MODE refuses tensors it cannot read).

    Args:
        start (Union[Tensor, int, float]): the first value (a one-element Tensor or a number).
        end (Union[Tensor, int, float]): the bound.
        step (Union[Tensor, int, float]): the increment, not 0, towards ``end``.
        maxlen (int): a positive int, the most elements the result may have (MindSpore's
            documented contract: its output buffer holds ``maxlen`` elements; its 2.10 CPU kernel
            does not check it, mindcell raises). Default: ``1000000``.

    Returns:
        Tensor, 1-D.

    Raises:
        TypeError: the dtypes differ, or ``maxlen`` is not an int.
        ValueError: ``step`` is 0 or points away from ``end``, or ``maxlen`` is not positive.
        RuntimeError: the result would have more than ``maxlen`` elements.

    Examples:
        >>> from mindcell import Tensor, ops
        >>> ops.range(Tensor(0), Tensor(5), Tensor(2)).asnumpy().tolist()
        [0, 2, 4]
    """
    if isinstance(maxlen, bool) or not isinstance(maxlen, (int, np.integer)):
        raise TypeError("For Range, 'maxlen' must be an int, but got %s" % show(maxlen))
    if maxlen <= 0:
        raise ValueError("For primitive[Range], the maxlen must be greater than 0, but got %d."
                         % maxlen)
    vals = [_range_value(v, a) for v, a in ((start, "start"), (end, "end"), (step, "step"))]
    dtypes = tuple(d for _, d in vals)
    if len(set(dtypes)) != 1:
        raise TypeError("For Range, the dtypes of inputs must be the same, but got (%s)."
                        % ", ".join(str(d) for d in dtypes))
    (s, _), (e, _), (d, _) = vals
    if d == 0:
        raise ValueError("For Range, delta cannot be equal to zero.")
    if (e > s and d < 0) or (e < s and d > 0):
        raise ValueError("For Range, delta cannot be %s when limit %s start."
                         % ("negative" if d < 0 else "positive", ">" if e > s else "<"))
    floating = mstype.is_floating(dtypes[0])
    if floating:
        s, e, d = (float(np.float32(v)) for v in (s, e, d))
    n = _range_length(s, e, d, floating, maxlen)
    if floating:
        return Tensor((s + np.arange(n, dtype=np.float64) * d).astype(np.float32))
    return Tensor(s + np.arange(n, dtype=np.int64) * d)
