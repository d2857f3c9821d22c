"""Shape queries, strided slicing, unstack, roll, meshgrid, triangles and diagonals, bias_add
and unique: composites of the shape primitives (their gradients come from those)."""
import numpy as np

from mindcell import dtype as mstype
from mindcell.common.tensor import Tensor
from mindcell.ops._errors import check_choice, check_int, check_ints, public_name, show
from mindcell.ops._helpers import check_tensor, normalize_dim
from mindcell.ops.defs import shape as S, special as X
from mindcell.ops.function import array_func as A, math_func as M


def shape(input_x):
    """Returns the shape of a tensor.

    Args:
        input_x (Tensor): the input tensor.

    Returns:
        tuple[int], the size of each dimension.

    Raises:
        TypeError: ``input_x`` is not a Tensor.

    Examples:
        >>> import numpy as np
        >>> from mindcell import Tensor, ops
        >>> ops.shape(Tensor(np.ones((3, 2, 1), np.float32)))
        (3, 2, 1)
    """
    return check_tensor(input_x, "shape", "input_x").shape


def rank(input_x):
    """Returns the number of dimensions of a tensor.

    Args:
        input_x (Tensor): the input tensor.

    Returns:
        int, ``input_x.ndim`` (0 for a scalar tensor).

    Raises:
        TypeError: ``input_x`` is not a Tensor.

    Examples:
        >>> import numpy as np
        >>> from mindcell import Tensor, ops
        >>> ops.rank(Tensor(np.ones((3, 2), np.float32))), ops.rank(Tensor(1.0))
        (2, 0)
    """
    return check_tensor(input_x, "rank", "input_x").ndim


def size(input_x):
    """Returns the number of elements of a tensor.

    Args:
        input_x (Tensor): the input tensor.

    Returns:
        int, the product of the shape.

    Raises:
        TypeError: ``input_x`` is not a Tensor.

    Examples:
        >>> import numpy as np
        >>> from mindcell import Tensor, ops
        >>> ops.size(Tensor(np.ones((3, 4), np.int32)))
        12
    """
    return check_tensor(input_x, "size", "input_x").size


def _bits(mask, op, arg):
    check_int(mask, op, arg, 0, 2 ** 63 - 1)
    return lambda i: bool(mask >> i & 1)


def strided_slice(input_x, begin, end, strides, begin_mask=0, end_mask=0, ellipsis_mask=0,
                  new_axis_mask=0, shrink_axis_mask=0):
    """Slices a tensor as ``input_x[begin[0]:end[0]:strides[0], begin[1]:end[1]:strides[1], ...]``.

    The masks are bit fields over the positions of ``begin``: bit ``i`` of ``begin_mask``
    (``end_mask``) ignores ``begin[i]`` (``end[i]``) and slices from the start (to the end);
    ``ellipsis_mask`` puts an ellipsis at position ``i``; ``new_axis_mask`` inserts a new axis
    there; ``shrink_axis_mask`` takes the single index ``begin[i]`` and drops that axis.
    Dimensions past those given are kept whole.

    Args:
        input_x (Tensor): the tensor to slice.
        begin (tuple[int]): the start of each sliced dimension.
        end (tuple[int]): the (exclusive) end of each, as long as ``begin``.
        strides (tuple[int]): the non-zero step of each, as long as ``begin``.
        begin_mask (int): Default: ``0``.
        end_mask (int): Default: ``0``.
        ellipsis_mask (int): at most one bit set. Default: ``0``.
        new_axis_mask (int): Default: ``0``.
        shrink_axis_mask (int): Default: ``0``.

    Returns:
        Tensor, the slice.

    Raises:
        TypeError: ``input_x`` is not a Tensor, ``begin``/``end``/``strides`` is not a tuple of
            ints, or a mask is not an int.
        ValueError: ``begin``, ``end`` and ``strides`` differ in length, a stride is 0, a mask
            is negative, ``ellipsis_mask`` has several bits, or more axes are sliced than
            ``input_x`` has.
        IndexError: a shrunk index is out of range.

    Examples:
        >>> import numpy as np
        >>> from mindcell import Tensor, ops
        >>> x = Tensor(np.arange(12, dtype=np.int32).reshape(3, 4))
        >>> print(ops.strided_slice(x, (0, 1), (3, 4), (2, 2)))
        [[ 1  3]
         [ 9 11]]
        >>> print(ops.strided_slice(x, (1, 0), (2, 4), (1, 1), shrink_axis_mask=1))
        [4 5 6 7]
    """
    op = "strided_slice"
    check_tensor(input_x, op, "input_x")
    begin, end, strides = (_int_tuple(v, op, a) for v, a in
                           ((begin, "begin"), (end, "end"), (strides, "strides")))
    if not len(begin) == len(end) == len(strides):
        raise ValueError("%s: 'begin', 'end' and 'strides' must have the same length, but got "
                         "%d, %d and %d" % (public_name(op), len(begin), len(end), len(strides)))
    if 0 in strides:
        raise ValueError("%s: 'strides' must not contain 0, but got %s"
                         % (public_name(op), strides))
    bm, em, el, na, sh = (_bits(m, op, a) for m, a in (
        (begin_mask, "begin_mask"), (end_mask, "end_mask"), (ellipsis_mask, "ellipsis_mask"),
        (new_axis_mask, "new_axis_mask"), (shrink_axis_mask, "shrink_axis_mask")))
    if bin(ellipsis_mask).count("1") > 1:
        raise ValueError("%s: 'ellipsis_mask' may have at most one bit set, but got %d"
                         % (public_name(op), ellipsis_mask))
    spec = []
    for i, (b, e, s) in enumerate(zip(begin, end, strides)):
        if el(i):
            spec.append(("e",))
        elif na(i):
            spec.append(("n",))
        elif sh(i):
            spec.append(("i", b))
        else:
            spec.append(("s", None if bm(i) else b, None if em(i) else e, s))
    used = sum(1 for k in spec if k[0] in "is")
    if used > input_x.ndim:
        raise ValueError("%s: %d sliced axes for a %d-D input" % (public_name(op), used,
                                                                   input_x.ndim))
    _check_shrink(input_x, spec, op)
    return S.index_p.bind(input_x, spec=tuple(spec))


def _check_shrink(x, spec, op):
    """Shrunk axes index one element: check it is inside the axis."""
    axis = 0
    for k in spec:
        if k[0] == "e":
            axis += x.ndim - sum(1 for j in spec if j[0] in "is")
        elif k[0] == "i":
            n = x.shape[axis]
            if not -n <= k[1] < n:
                raise IndexError("%s: index %d is out of range for axis %d of size %d"
                                 % (public_name(op), k[1], axis, n))
            axis += 1
        elif k[0] == "s":
            axis += 1


def _int_tuple(v, op, arg):
    if isinstance(v, Tensor) and v.ndim == 1 and v._np_dtype.kind in "iu":
        v = tuple(v.tolist())  # MindSpore 2.10 takes a 1-D integer Tensor for the tuple
    if not isinstance(v, (tuple, list)):
        raise TypeError("%s: '%s' must be a tuple of ints, but got %s"
                        % (public_name(op), arg, show(v)))
    return check_ints(tuple(v), op, arg, low=-2 ** 63, high=2 ** 63 - 1)


def unstack(input_x, axis=0):
    """Splits a tensor into its slices along an axis, which is removed.

    Args:
        input_x (Tensor): the tensor, at least 1-D.
        axis (int): the axis to unstack. Default: ``0``.

    Returns:
        tuple[Tensor], ``input_x.shape[axis]`` tensors of rank ``input_x.ndim - 1``.

    Raises:
        TypeError: ``input_x`` is not a Tensor, or ``axis`` is not an int.
        ValueError: ``input_x`` is 0-D, or ``axis`` is out of range.

    Examples:
        >>> import numpy as np
        >>> from mindcell import Tensor, ops
        >>> x = Tensor(np.array([[1, 2, 3], [4, 5, 6]], np.int32))
        >>> print([t.asnumpy().tolist() for t in ops.unstack(x, axis=1)])
        [[1, 4], [2, 5], [3, 6]]
    """
    check_tensor(input_x, "unstack", "input_x")
    if input_x.ndim == 0:
        raise ValueError("%s: 'input_x' must be at least 1-D" % public_name("unstack"))
    ax = normalize_dim(axis, input_x.ndim, "unstack")
    lead = (("s", None, None, None),) * ax
    return tuple(S.index_p.bind(input_x, spec=lead + (("i", i),))
                 for i in range(input_x.shape[ax]))


def roll(input, shifts, dims=None):
    """Shifts the elements of a tensor along dimensions, wrapping around.

    Args:
        input (Tensor): the tensor, at least 1-D.
        shifts (Union[int, tuple[int]]): the shift of each dimension in ``dims`` (positive:
            toward higher indices).
        dims (Union[int, tuple[int]], optional): the dimensions to shift; None rolls the
            flattened tensor (one shift) and restores the shape. Default: ``None``.

    Returns:
        Tensor of ``input``'s shape and dtype.

    Raises:
        TypeError: ``input`` is not a Tensor, ``shifts``/``dims`` are not ints, or ``shifts``
            does not have one entry per dim (one entry when ``dims`` is None).
        ValueError: ``input`` is 0-D, or a dim is out of range.

    Examples:
        >>> import numpy as np
        >>> from mindcell import Tensor, ops
        >>> x = Tensor(np.arange(6, dtype=np.int32).reshape(2, 3))
        >>> print(ops.roll(x, 1, 1))
        [[2 0 1]
         [5 3 4]]
        >>> print(ops.roll(x, -1))
        [[1 2 3]
         [4 5 0]]
    """
    check_tensor(input, "roll")
    if input.ndim == 0:
        raise ValueError("%s: 'input' must be at least 1-D" % public_name("roll"))
    if dims is None:
        (shift,) = check_ints(shifts, "roll", "shifts", 1, -2 ** 63, 2 ** 63 - 1)
        flat = A.reshape(input, (input.size,))
        return A.reshape(_roll_axis(flat, shift, 0), input.shape)
    dims = check_ints(dims, "roll", "dims", low=-2 ** 31)
    shifts = check_ints(shifts, "roll", "shifts", len(dims), -2 ** 63, 2 ** 63 - 1)
    out = input
    for shift, d in zip(shifts, dims):
        out = _roll_axis(out, shift, normalize_dim(d, input.ndim, "roll", "dims"))
    return out


def _roll_axis(x, shift, axis):
    n = x.shape[axis]
    k = shift % n if n else 0
    if k == 0:
        return x
    return A.concat([S.slice_along(x, axis, n - k, n), S.slice_along(x, axis, 0, n - k)], axis)


def meshgrid(*inputs, indexing="xy"):
    """Returns coordinate grids built from 1-D tensors.

    With N inputs of lengths ``n1, ..., nN`` each output has shape ``(n1, ..., nN)`` for
    ``'ij'`` indexing and ``(n2, n1, n3, ..., nN)`` for ``'xy'`` (Cartesian) indexing; output
    ``i`` repeats input ``i`` along every other axis.

    Args:
        inputs (Union[Tensor, tuple[Tensor], list[Tensor]]): 1-D tensors, given as separate
            arguments or one sequence.

    Keyword Args:
        indexing (str): ``'xy'`` or ``'ij'``. Default: ``'xy'``.

    Returns:
        tuple[Tensor], one grid per input.

    Raises:
        TypeError: an input is not a Tensor, or ``indexing`` is not a str.
        ValueError: no input, an input is not 1-D, or ``indexing`` is unknown.

    Examples:
        >>> import numpy as np
        >>> from mindcell import Tensor, ops
        >>> x = Tensor(np.array([1, 2, 3], np.int32))
        >>> y = Tensor(np.array([4, 5], np.int32))
        >>> gx, gy = ops.meshgrid(x, y)
        >>> print(gx)
        [[1 2 3]
         [1 2 3]]
        >>> print(ops.meshgrid(x, y, indexing="ij")[1])
        [[4 5]
         [4 5]
         [4 5]]
    """
    check_choice(indexing, "meshgrid", "indexing", ("xy", "ij"))
    if len(inputs) == 1 and isinstance(inputs[0], (tuple, list)):
        inputs = tuple(inputs[0])
    if not inputs:
        raise ValueError("%s: expected at least one tensor" % public_name("meshgrid"))
    for t in inputs:
        check_tensor(t, "meshgrid", "inputs")
        if t.ndim != 1:
            raise ValueError("%s: every input must be 1-D, but got shape %s"
                             % (public_name("meshgrid"), t.shape))
    dims = [t.shape[0] for t in inputs]
    if indexing == "xy" and len(inputs) > 1:
        dims[0], dims[1] = dims[1], dims[0]
    out = []
    for i, t in enumerate(inputs):
        axis = (1 - i if i < 2 else i) if indexing == "xy" and len(inputs) > 1 else i
        view = [1] * len(dims)
        view[axis] = t.shape[0]
        out.append(A.broadcast_to(A.reshape(t, tuple(view)), tuple(dims)))
    return tuple(out)


def _triangle(input, diagonal, op, keep_lower):
    check_tensor(input, op)
    if input.ndim < 2:
        raise ValueError("%s: 'input' must be at least 2-D, but got shape %s"
                         % (public_name(op), input.shape))
    k = check_int(diagonal, op, "diagonal", -2 ** 63, 2 ** 63 - 1)
    n, m = input.shape[-2:]
    k = max(min(k, m + 1), -n - 1)  # beyond the matrix: everything or nothing
    mask = np.tri(n, m, k, dtype=bool) if keep_lower else ~np.tri(n, m, k - 1, dtype=bool)
    zero = Tensor._make(np.zeros((), input._np_dtype))
    return M.select(Tensor._make(mask), input, zero)


def tril(input, diagonal=0):
    """Returns the lower triangle of the last two dimensions of ``input``, zeros elsewhere.

    Args:
        input (Tensor): the input tensor, at least 2-D.
        diagonal (int): the last diagonal kept: 0 the main one, positive above it, negative
            below it. Default: ``0``.

    Returns:
        Tensor of ``input``'s shape and dtype.

    Raises:
        TypeError: ``input`` is not a Tensor, or ``diagonal`` is not an int.
        ValueError: ``input`` is below 2-D.

    Examples:
        >>> import numpy as np
        >>> from mindcell import Tensor, ops
        >>> x = Tensor(np.ones((3, 3), np.float32))
        >>> print(ops.tril(x))
        [[1. 0. 0.]
         [1. 1. 0.]
         [1. 1. 1.]]
        >>> print(ops.tril(x, diagonal=-1))
        [[0. 0. 0.]
         [1. 0. 0.]
         [1. 1. 0.]]
    """
    return _triangle(input, diagonal, "tril", True)


def triu(input, diagonal=0):
    """Returns the upper triangle of the last two dimensions of ``input``, zeros elsewhere.

    Args:
        input (Tensor): the input tensor, at least 2-D.
        diagonal (int): the first diagonal kept: 0 the main one, positive above it, negative
            below it. Default: ``0``.

    Returns:
        Tensor of ``input``'s shape and dtype.

    Raises:
        TypeError: ``input`` is not a Tensor, or ``diagonal`` is not an int.
        ValueError: ``input`` is below 2-D.

    Examples:
        >>> import numpy as np
        >>> from mindcell import Tensor, ops
        >>> x = Tensor(np.arange(1, 10, dtype=np.int32).reshape(3, 3))
        >>> print(ops.triu(x, 1))
        [[0 2 3]
         [0 0 6]
         [0 0 0]]
    """
    return _triangle(input, diagonal, "triu", False)


def diag(input):
    """Returns a tensor with the values of ``input`` on its diagonal.

    For a 1-D input of length ``n`` it is the ``(n, n)`` diagonal matrix; in general the output
    has shape ``input.shape + input.shape`` and ``out[i..., i...] = input[i...]``.

    Args:
        input (Tensor): the diagonal values, at least 1-D.

    Returns:
        Tensor of ``input``'s dtype, zero off the diagonal.

    Raises:
        TypeError: ``input`` is not a Tensor.
        ValueError: ``input`` is 0-D.

    Examples:
        >>> import numpy as np
        >>> from mindcell import Tensor, ops
        >>> print(ops.diag(Tensor(np.array([1, 2, 3], np.int32))))
        [[1 0 0]
         [0 2 0]
         [0 0 3]]
    """
    check_tensor(input, "diag")
    if input.ndim == 0:
        raise ValueError("%s: 'input' must be at least 1-D" % public_name("diag"))
    n = input.size
    row = A.broadcast_to(A.reshape(input, (1, n)), (n, n))
    zero = Tensor._make(np.zeros((), input._np_dtype))
    return A.reshape(M.select(Tensor._make(np.eye(n, dtype=bool)), row, zero),
                     input.shape + input.shape)


_CHANNEL_AXIS = {"NCHW": 1, "NHWC": -1, "NCDHW": 1}


def bias_add(input_x, bias):
    """Adds a 1-D bias along the channel axis (axis 1) of ``input_x``.

    Args:
        input_x (Tensor): a 2-D to 5-D tensor (N, C, ...).
        bias (Tensor): of shape (C,) and ``input_x``'s dtype.

    Returns:
        Tensor of ``input_x``'s shape and dtype.

    Raises:
        TypeError: ``input_x`` or ``bias`` is not a Tensor, or their dtypes differ.
        ValueError: ``input_x`` is not 2-D to 5-D, or ``bias`` is not of shape (C,).

    Examples:
        >>> import numpy as np
        >>> from mindcell import Tensor, ops
        >>> x = Tensor(np.zeros((2, 3), np.float32))
        >>> print(ops.bias_add(x, Tensor(np.array([1, 2, 3], np.float32))))
        [[1. 2. 3.]
         [1. 2. 3.]]
    """
    return _bias_add(input_x, bias, "NCHW")


def _bias_add(input_x, bias, data_format):
    """``input_x`` plus the 1-D ``bias`` along the channel axis (axis 1 for 'NCHW'/'NCDHW',
    the last one for 'NHWC'): ops.bias_add and the BiasAdd primitive."""
    op = "bias_add"
    check_tensor(input_x, op, "input_x")
    check_tensor(bias, op, "bias")
    check_choice(data_format, op, "data_format", tuple(_CHANNEL_AXIS))
    if not 2 <= input_x.ndim <= 5:
        raise ValueError("%s: 'input_x' must be 2-D to 5-D, but got shape %s"
                         % (public_name(op), input_x.shape))
    axis = _CHANNEL_AXIS[data_format] % input_x.ndim
    if bias.ndim != 1 or bias.shape[0] != input_x.shape[axis]:
        raise ValueError("%s: 'bias' must be 1-D of size %d (the channels), but got shape %s"
                         % (public_name(op), input_x.shape[axis], bias.shape))
    if bias._np_dtype != input_x._np_dtype:
        raise TypeError("%s: 'bias' must have input_x's dtype %s, but got %s"
                        % (public_name(op), input_x.dtype, bias.dtype))
    view = [1] * input_x.ndim
    view[axis] = bias.shape[0]
    return M.add(input_x, A.reshape(bias, tuple(view)))


def unique(input):
    """Returns the distinct values of a tensor and where each element's value is among them.

    The output's shape depends on the values, so this op runs in PYNATIVE_MODE only.

    Args:
        input (Tensor): the input tensor (flattened).

    Returns:
        tuple(output, idx): ``output`` the distinct values (1-D) in order of first occurrence
        (as MindSpore 2.10; not sorted) and ``idx`` (Int64 for an Int64 ``input``, else Int32)
        of ``input``'s shape, the position of each element's value in ``output``
        (``output[idx]`` equals ``input``).

    Raises:
        TypeError: ``input`` is not a Tensor, or is a Bool or BFloat16 tensor.

    Examples:
        >>> import numpy as np
        >>> from mindcell import Tensor, ops
        >>> output, idx = ops.unique(Tensor(np.array([3, 1, 3, 2], np.int32)))
        >>> print(output, idx)
        [3 1 2] [0 1 0 2]
    """
    check_tensor(input, "unique")
    if input.dtype in (mstype.bool_, mstype.bfloat16):  # no such Unique kernel in MindSpore
        raise TypeError("%s: 'input' must be a number tensor other than BFloat16, but got %s"
                        % (public_name("unique"), input.dtype))
    return X.unique_p.bind(input)


__all__ = [_n for _n, _v in list(globals().items())
           if not _n.startswith("_") and callable(_v) and getattr(_v, "__module__", "") == __name__]
