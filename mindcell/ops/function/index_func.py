"""Shape queries, strided slicing, unstack, roll, meshgrid, triangles and diagonals, bias_add
and unique: composites of the shape primitives (their gradients come from those)."""
import numpy as np

from mindcell.common.tensor import Tensor
from mindcell.ops._errors import check_choice, check_int, check_ints, public_name, show
from mindcell.ops._helpers import check_tensor, normalize_dim
from mindcell.ops.defs import shape as S, special as X
from mindcell.ops.function import array_func as A, math_func as M


def shape(input_x):
    """shape(input_x): the shape as a tuple of ints."""
    return check_tensor(input_x, "shape", "input_x").shape


def rank(input_x):
    """rank(input_x): the number of dimensions (an int)."""
    return check_tensor(input_x, "rank", "input_x").ndim


def size(input_x):
    """size(input_x): the number of elements (an int)."""
    return check_tensor(input_x, "size", "input_x").size


def _bits(mask, op, arg):
    check_int(mask, op, arg, 0, 2 ** 63 - 1)
    return lambda i: bool(mask >> i & 1)


def strided_slice(input_x, begin, end, strides, begin_mask=0, end_mask=0, ellipsis_mask=0,
                  new_axis_mask=0, shrink_axis_mask=0):
    """strided_slice(input_x, begin, end, strides, begin_mask=0, end_mask=0, ellipsis_mask=0,
    new_axis_mask=0, shrink_axis_mask=0): ``input_x[begin:end:strides]`` per axis; bit ``i`` of
    a mask ignores ``begin[i]``/``end[i]``, puts an ellipsis or a new axis at position ``i``,
    or takes index ``begin[i]`` and drops that axis."""
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
    if not isinstance(v, (tuple, list)):
        raise TypeError("%s: '%s' must be a tuple of ints, but got %s"
                        % (public_name(op), arg, show(v)))
    return check_ints(tuple(v), op, arg, low=-2 ** 63, high=2 ** 63 - 1)


def unstack(input_x, axis=0):
    """unstack(input_x, axis=0): the slices along ``axis`` as a tuple of tensors."""
    check_tensor(input_x, "unstack", "input_x")
    if input_x.ndim == 0:
        raise ValueError("%s: 'input_x' must be at least 1-D" % public_name("unstack"))
    ax = normalize_dim(axis, input_x.ndim, "unstack")
    lead = (("s", None, None, None),) * ax
    return tuple(S.index_p.bind(input_x, spec=lead + (("i", i),))
                 for i in range(input_x.shape[ax]))


def roll(input, shifts, dims=None):
    """roll(input, shifts, dims=None): shift elements along ``dims`` (wrapping around); with
    ``dims`` None the flattened tensor is rolled and the shape restored."""
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
    """meshgrid(*inputs, indexing='xy'): coordinate grids from 1-D tensors ('xy': the first
    two output axes swapped, 'ij': matrix indexing)."""
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
    """tril(input, diagonal=0): the lower triangle (on and below diagonal ``diagonal``) of the
    last two axes, zeros elsewhere."""
    return _triangle(input, diagonal, "tril", True)


def triu(input, diagonal=0):
    """triu(input, diagonal=0): the upper triangle of the last two axes, zeros elsewhere."""
    return _triangle(input, diagonal, "triu", False)


def diag(input):
    """diag(input): a tensor of shape ``input.shape * 2`` with ``input``'s values on its
    diagonal (a diagonal matrix for a 1-D input)."""
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
    """bias_add(input_x, bias): ``input_x`` plus the 1-D ``bias`` along the channel axis 1."""
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
    """unique(input): ``(output, idx)``: the sorted distinct values and, for every element, the
    position of its value in ``output`` (PYNATIVE_MODE only: the output's shape depends on the
    values)."""
    check_tensor(input, "unique")
    return X.unique_p.bind(input)


__all__ = [_n for _n, _v in list(globals().items())
           if not _n.startswith("_") and callable(_v) and getattr(_v, "__module__", "") == __name__]
