"""Batched band-diagonal and LU ops of MindSpore 2.10: ops.matrix_diag, ops.matrix_diag_part,
ops.matrix_set_diag (MatrixDiagV3 / MatrixDiagPartV3 / MatrixSetDiagV3 semantics: a band of
diagonals ``k = (k0, k1)``, each padded and aligned as ``align`` says), ops.lu_unpack,
ops.lu_solve, the Householder QR pieces ops.geqrf / ops.orgqr / ops.ormqr and ops.matrix_exp.

The band ops are gathers with an index map computed from the (static) shapes and ``k``, so
their gradients, dtypes and GRAPH_MODE tracing are those of ``ops.gather``/``ops.select``."""
import numpy as np

from mindcell.common.tensor import Tensor
from mindcell.ops._errors import check_bool, public_name
from mindcell.ops._helpers import check_tensor
from mindcell.ops.function._opdoc import array, example, opdoc

_ALIGNS = ("LEFT_RIGHT", "RIGHT_LEFT", "LEFT_LEFT", "RIGHT_RIGHT")


def _F():
    from mindcell.ops import functional
    return functional


def _int_value(v, op, arg):
    """An int from a Python int or an integer Tensor of one element."""
    if isinstance(v, Tensor):
        if v._np_dtype.kind not in "iu" or v.size != 1:
            raise TypeError("%s: '%s' must be an int or an integer Tensor of one element, but "
                            "got %s of shape %s" % (public_name(op), arg, v.dtype, v.shape))
        return int(v.asnumpy().reshape(()))
    if isinstance(v, (int, np.integer)) and not isinstance(v, bool):
        return int(v)
    raise TypeError("%s: '%s' must be an int or an integer Tensor, but got %s"
                    % (public_name(op), arg, type(v).__name__))


def _band(k, op):
    """``k`` (int, or an integer Tensor/list of 1 or 2 values) as ``(k0, k1)`` and whether it
    names a single diagonal as a scalar (the diagonals axis is then absent)."""
    if isinstance(k, Tensor):
        if k._np_dtype.kind not in "iu":
            raise TypeError("%s: 'k' must be an integer Tensor, but got %s"
                            % (public_name(op), k.dtype))
        values = [int(v) for v in k.asnumpy().reshape(-1)]
    elif isinstance(k, (list, tuple)):
        values = [_int_value(v, op, "k") for v in k]
    else:
        values = [_int_value(k, op, "k")]
    if len(values) not in (1, 2):
        raise ValueError("%s: 'k' must hold 1 or 2 values, but got %d" % (public_name(op),
                                                                        len(values)))
    k0, k1 = values[0], values[-1]
    if k0 > k1:
        raise ValueError("%s: k[0] must not exceed k[1], but got k = (%d, %d)"
                         % (public_name(op), k0, k1))
    return k0, k1


def _check_align(align, op):
    if not isinstance(align, str) or align not in _ALIGNS:
        raise ValueError("%s: 'align' must be one of %s, but got %r"
                         % (public_name(op), ", ".join(_ALIGNS), align))


def _diag_len(d, rows, cols):
    return min(rows + min(0, d), cols - max(0, d))


def _offset(d, max_len, rows, cols, align):
    """Where diagonal ``d``'s first element sits in its padded row of length ``max_len``."""
    upper_right = align in ("RIGHT_LEFT", "RIGHT_RIGHT")
    lower_right = align in ("LEFT_RIGHT", "RIGHT_RIGHT")
    right = upper_right if d >= 0 else lower_right
    return max_len - _diag_len(d, rows, cols) if right else 0


def _band_map(k0, k1, rows, cols, max_len, align):
    """For every (row, col) of a rows x cols matrix: the flat index (diagonal row * max_len +
    position) of its element in the (k1 - k0 + 1, max_len) diagonals array, or -1 off the
    band."""
    r, c = np.meshgrid(np.arange(rows), np.arange(cols), indexing="ij")
    d = c - r
    out = np.full((rows, cols), -1, np.int64)
    for dd in range(k0, k1 + 1):
        on = d == dd
        if not on.any():
            continue
        pos = np.minimum(r[on], c[on]) + _offset(dd, max_len, rows, cols, align)
        out[on] = (k1 - dd) * max_len + pos
    return out


def _pad_value(value, x, op):
    F = _F()
    if isinstance(value, Tensor):
        if value.size != 1:
            raise ValueError("%s: 'padding_value' must hold one value, but got shape %s"
                             % (public_name(op), value.shape))
        return F.cast(value.reshape(()), x.dtype)
    if isinstance(value, (bool, int, float, np.number)):
        return Tensor(np.asarray(value, x._np_dtype))
    raise TypeError("%s: 'padding_value' must be a number or a Tensor, but got %s"
                    % (public_name(op), type(value).__name__))


def _take(flat, index, pad, batch_shape, out_shape):
    """``flat`` (batch, n) gathered at ``index`` (-1: ``pad``) into ``batch_shape +
    out_shape``."""
    F = _F()
    batch = flat.shape[0]
    padded = F.concat((flat, F.broadcast_to(pad.reshape((1, 1)), (batch, 1))), 1)
    idx = np.where(index < 0, flat.shape[1], index).reshape(-1).astype(np.int32)
    out = F.gather(padded, Tensor(idx), 1)
    return out.reshape(tuple(batch_shape) + tuple(out_shape))


def matrix_diag(x, k=0, num_rows=-1, num_cols=-1, padding_value=0, align="RIGHT_LEFT"):
    op = "matrix_diag"
    check_tensor(x, op, "x")
    _check_align(align, op)
    k0, k1 = _band(k, op)
    rows, cols = _int_value(num_rows, op, "num_rows"), _int_value(num_cols, op, "num_cols")
    ndiag = k1 - k0 + 1
    need = 1 if k0 == k1 else 2
    if x.ndim < need:
        raise ValueError("%s: 'x' must have rank at least %d for k = (%d, %d), but got shape %s"
                         % (public_name(op), need, k0, k1, x.shape))
    if k0 != k1 and x.shape[-2] != ndiag:
        raise ValueError("%s: x.shape[-2] must be the number of diagonals k[1] - k[0] + 1 = %d, "
                         "but got shape %s" % (public_name(op), ndiag, x.shape))
    max_len = x.shape[-1]
    min_rows, min_cols = max_len - min(k1, 0), max_len + max(k0, 0)
    if rows == -1 and cols == -1:
        rows = cols = max(min_rows, min_cols)
    elif rows == -1:
        rows = min_rows
    elif cols == -1:
        cols = min_cols
    if rows < min_rows and cols < min_cols or not (rows == min_rows or cols == min_cols) \
            or rows < 1 or cols < 1:
        raise ValueError("%s: num_rows %d and num_cols %d do not fit diagonals of length %d "
                         "for k = (%d, %d) (one must be %d rows or %d columns)"
                         % (public_name(op), rows, cols, max_len, k0, k1, min_rows, min_cols))
    batch_shape = x.shape[:-1] if k0 == k1 else x.shape[:-2]
    if float(rows) * cols * max(1, int(np.prod(batch_shape))) > 2 ** 31 or ndiag > 2 ** 20:
        raise ValueError("%s: the output (%d x %d matrices) or the band k = (%d, %d) is too large"
                         % (public_name(op), rows, cols, k0, k1))
    flat = x.reshape((int(np.prod(batch_shape, dtype=np.int64)), ndiag * max_len))
    index = _band_map(k0, k1, rows, cols, max_len, align)
    # a diagonal longer than the matrix has it (possible when one of num_rows/num_cols is
    # larger than needed): only its first elements are used
    return _take(flat, index, _pad_value(padding_value, x, op), batch_shape, (rows, cols))


matrix_diag.__doc__ = opdoc(
    "Builds batched matrices whose diagonals ``k[0]`` to ``k[1]`` are given by ``x`` (the "
    "rest ``padding_value``): diagonal ``d`` is ``x[..., k[1] - d, :]``, aligned in its row as "
    "``align`` says.",
    ["x (Tensor): the diagonals, shape :math:`(..., M)` for one diagonal, :math:`(..., "
     "k[1] - k[0] + 1, M)` for a band.",
     "k (Union[int, Tensor]): a diagonal (0 the main one, positive above) or a band ``(k[0], "
     "k[1])``. Default: ``0``.",
     "num_rows (Union[int, Tensor]): the rows of the output, -1 to infer. Default: ``-1``.",
     "num_cols (Union[int, Tensor]): the columns of the output, -1 to infer. Default: ``-1``.",
     "padding_value (Union[number, Tensor]): the value off the band. Default: ``0``.",
     "align (str): how diagonals shorter than ``M`` sit in ``x``: ``'RIGHT_LEFT'`` (super-"
     "diagonals right-aligned, sub-diagonals left-aligned), ``'LEFT_RIGHT'``, ``'LEFT_LEFT'`` "
     "or ``'RIGHT_RIGHT'``. Default: ``'RIGHT_LEFT'``."],
    "Tensor of shape :math:`(..., num\\_rows, num\\_cols)` and ``x``'s dtype.",
    ["TypeError: ``x`` is not a Tensor, or ``k``/``num_rows``/``num_cols`` not integers.",
     "ValueError: ``align`` is not one of the above, ``k[0] > k[1]``, ``x``'s shape does not "
     "match ``k``, or ``num_rows``/``num_cols`` cannot hold the diagonals."],
    example("ops.matrix_diag(x, k=Tensor(np.array([-1, 1], np.int32)))",
            "[[3. 1. 0.]\n [6. 4. 2.]\n [0. 7. 5.]]",
            ["x = " + array([[0.0, 1.0, 2.0], [3.0, 4.0, 5.0], [6.0, 7.0, 0.0]])]))


def _part_shape(x, k0, k1, op):
    if x.ndim < 2:
        raise ValueError("%s: 'x' must have rank at least 2, but got shape %s"
                         % (public_name(op), x.shape))
    rows, cols = x.shape[-2], x.shape[-1]
    if not (-rows < k0 <= k1 < cols) and not (rows == 0 or cols == 0):
        raise ValueError("%s: k must be in (-x.shape[-2], x.shape[-1]) = (%d, %d), but got "
                         "(%d, %d)" % (public_name(op), -rows, cols, k0, k1))
    return rows, cols, min(rows + min(k1, 0), cols - max(k0, 0))


def _part_index(k0, k1, rows, cols, max_len, align):
    """For every (diagonal row, position) of the diagonals array: the flat index of its matrix
    element, or -1 (padding)."""
    index = np.full((k1 - k0 + 1, max_len), -1, np.int64)
    for dd in range(k0, k1 + 1):
        n = _diag_len(dd, rows, cols)
        off = _offset(dd, max_len, rows, cols, align)
        i = np.arange(n)
        index[k1 - dd, off:off + n] = (i + max(0, -dd)) * cols + i + max(0, dd)
    return index


def matrix_diag_part(x, k, padding_value, align="RIGHT_LEFT"):
    op = "matrix_diag_part"
    check_tensor(x, op, "x")
    _check_align(align, op)
    k0, k1 = _band(k, op)
    rows, cols, max_len = _part_shape(x, k0, k1, op)
    batch_shape = x.shape[:-2]
    flat = x.reshape((int(np.prod(batch_shape, dtype=np.int64)), rows * cols))
    index = _part_index(k0, k1, rows, cols, max_len, align)
    out_shape = (max_len,) if k0 == k1 else (k1 - k0 + 1, max_len)
    return _take(flat, index, _pad_value(padding_value, x, op), batch_shape, out_shape)


matrix_diag_part.__doc__ = opdoc(
    "The diagonals ``k[0]`` to ``k[1]`` of batched matrices, padded with ``padding_value`` to "
    "the longest one's length and aligned as ``align`` says (the inverse of "
    ":func:`matrix_diag`).",
    ["x (Tensor): matrices of shape :math:`(..., M, N)`.",
     "k (Union[int, Tensor]): a diagonal or a band ``(k[0], k[1])``, within :math:`(-M, N)`.",
     "padding_value (Union[number, Tensor]): fills positions past a shorter diagonal.",
     "align (str): ``'RIGHT_LEFT'``, ``'LEFT_RIGHT'``, ``'LEFT_LEFT'`` or ``'RIGHT_RIGHT'`` (see "
     ":func:`matrix_diag`). Default: ``'RIGHT_LEFT'``."],
    "Tensor of shape :math:`(..., L)` for one diagonal, :math:`(..., k[1] - k[0] + 1, L)` for a "
    "band (``L`` the longest diagonal's length), of ``x``'s dtype.",
    ["TypeError: ``x`` is not a Tensor or ``k`` not integer.",
     "ValueError: ``align`` is not one of the above, ``x`` has rank below 2 or ``k`` is out of "
     "range."],
    example("ops.matrix_diag_part(x, Tensor(np.array([0, 1], np.int32)), 0.0)",
            "[[2. 6.]\n [1. 5.]]",
            ["x = " + array([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]])]))


def matrix_set_diag(x, diagonal, k=0, align="RIGHT_LEFT"):
    op = "matrix_set_diag"
    check_tensor(x, op, "x")
    check_tensor(diagonal, op, "diagonal")
    _check_align(align, op)
    k0, k1 = _band(k, op)
    rows, cols, max_len = _part_shape(x, k0, k1, op)
    want = x.shape[:-2] + ((max_len,) if k0 == k1 else (k1 - k0 + 1, max_len))
    if tuple(diagonal.shape) != tuple(want):
        raise ValueError("%s: 'diagonal' must have shape %s for x of shape %s and k = (%d, %d), "
                         "but got %s" % (public_name(op), want, x.shape, k0, k1, diagonal.shape))
    if diagonal.dtype != x.dtype:
        raise TypeError("%s: 'diagonal' must have x's dtype %s, but got %s"
                        % (public_name(op), x.dtype, diagonal.dtype))
    F = _F()
    batch_shape = x.shape[:-2]
    batch = int(np.prod(batch_shape, dtype=np.int64))
    index = _band_map(k0, k1, rows, cols, max_len, align)
    zero = Tensor(np.zeros((), x._np_dtype))
    placed = _take(diagonal.reshape((batch, (k1 - k0 + 1) * max_len)), index, zero,
                   batch_shape, (rows, cols))
    mask = Tensor(np.broadcast_to(index >= 0, tuple(batch_shape) + (rows, cols)).copy())
    return F.select(mask, placed, x)


matrix_set_diag.__doc__ = opdoc(
    "Replaces the diagonals ``k[0]`` to ``k[1]`` of batched matrices with ``diagonal`` (laid "
    "out as :func:`matrix_diag_part` returns them).",
    ["x (Tensor): matrices of shape :math:`(..., M, N)`.",
     "diagonal (Tensor): the new diagonals, of ``x``'s dtype and the shape "
     ":func:`matrix_diag_part` gives for ``k``.",
     "k (Union[int, Tensor]): a diagonal or a band ``(k[0], k[1])``. Default: ``0``.",
     "align (str): ``'RIGHT_LEFT'``, ``'LEFT_RIGHT'``, ``'LEFT_LEFT'`` or ``'RIGHT_RIGHT'``. "
     "Default: ``'RIGHT_LEFT'``."],
    "Tensor of ``x``'s shape and dtype.",
    ["TypeError: ``x`` or ``diagonal`` is not a Tensor, or their dtypes differ.",
     "ValueError: ``align`` is not one of the above, ``k`` is out of range or ``diagonal`` has "
     "the wrong shape."],
    example("ops.matrix_set_diag(x, Tensor(np.array([7.0, 8.0], np.float32)), 1)",
            "[[0. 7. 0.]\n [0. 0. 8.]]", ["x = Tensor(np.zeros((2, 3), np.float32))"]))

__all__ = ["matrix_diag", "matrix_diag_part", "matrix_set_diag"]


# ----- LU ------------------------------------------------------------------------------------
_LU_FLOATS = (np.dtype(np.float16), np.dtype(np.float32), np.dtype(np.float64))


def _lu_operands(LU_data, LU_pivots, op):
    check_tensor(LU_data, op, "LU_data")
    check_tensor(LU_pivots, op, "LU_pivots")
    if LU_data._np_dtype not in _LU_FLOATS:
        raise TypeError("%s: 'LU_data' must be a Float16, Float32 or Float64 Tensor, but got %s"
                        % (public_name(op), LU_data.dtype))
    if LU_pivots._np_dtype.kind not in "iu":
        raise TypeError("%s: 'LU_pivots' must be an integer Tensor, but got %s"
                        % (public_name(op), LU_pivots.dtype))
    if LU_data.ndim < 2:
        raise ValueError("%s: 'LU_data' must have rank at least 2, but got shape %s"
                         % (public_name(op), LU_data.shape))
    m, n = LU_data.shape[-2:]
    k = min(m, n)
    if tuple(LU_pivots.shape) != tuple(LU_data.shape[:-2]) + (k,):
        raise ValueError("%s: 'LU_pivots' must have shape %s for 'LU_data' of shape %s, but got "
                         "%s" % (public_name(op), tuple(LU_data.shape[:-2]) + (k,),
                                 LU_data.shape, LU_pivots.shape))
    piv = LU_pivots.asnumpy()
    if piv.size and (piv.min() < 1 or piv.max() > m):
        raise ValueError("%s: 'LU_pivots' must be in [1, %d] (LAPACK's 1-based row swaps), but "
                         "got %s" % (public_name(op), m, piv.tolist()))


def lu_unpack(LU_data, LU_pivots, unpack_data=True, unpack_pivots=True):
    op = "lu_unpack"
    _lu_operands(LU_data, LU_pivots, op)
    check_bool(unpack_data, op, "unpack_data")
    check_bool(unpack_pivots, op, "unpack_pivots")
    from mindcell.ops.operations_from_functions import lu_unpack as unpack
    p, lower, upper = unpack(LU_data, LU_pivots)
    return (p if unpack_pivots else None, lower if unpack_data else None,
            upper if unpack_data else None)


lu_unpack.__doc__ = opdoc(
    "Splits a packed LU factorization (as LAPACK's getrf returns it) into the permutation "
    "matrix ``P``, the unit lower triangular ``L`` and the upper triangular ``U``, with "
    "``A = P @ L @ U``.",
    ["LU_data (Tensor): Float16, Float32 or Float64, shape :math:`(..., M, N)`: ``L`` below the "
     "diagonal (its unit diagonal not stored), ``U`` on and above it.",
     "LU_pivots (Tensor): integer, shape :math:`(..., min(M, N))`: row ``i`` was swapped with "
     "row ``LU_pivots[i] - 1``.",
     "unpack_data (bool): return ``L`` and ``U`` (else None in their places). Default: "
     "``True``.",
     "unpack_pivots (bool): return ``P`` (else None in its place). Default: ``True``."],
    "Tuple of (P :math:`(..., M, M)`, L :math:`(..., M, K)`, U :math:`(..., K, N)`), "
    "``K = min(M, N)``, of ``LU_data``'s dtype.",
    ["TypeError: an argument is not a Tensor of the dtypes above, or a flag not a bool.",
     "ValueError: the shapes do not fit or a pivot is outside [1, M]."],
    example("ops.lu_unpack(lu, Tensor(np.array([2, 2], np.int32)))[0]",
            "[[0. 1.]\n [1. 0.]]", ["lu = " + array([[4.0, 4.0], [0.5, -1.0]])]))


def lu_solve(b, LU_data, LU_pivots):
    op = "lu_solve"
    check_tensor(b, op, "b")
    _lu_operands(LU_data, LU_pivots, op)
    if LU_pivots._np_dtype != np.int32:
        raise TypeError("%s: 'LU_pivots' must be an Int32 Tensor (as MindSpore 2.10), but got %s"
                        % (public_name(op), LU_pivots.dtype))
    if b.dtype != LU_data.dtype:
        raise TypeError("%s: 'b' must have LU_data's dtype %s, but got %s"
                        % (public_name(op), LU_data.dtype, b.dtype))
    m = LU_data.shape[-1]
    if LU_data.shape[-2] != m or b.ndim < 2 or b.shape[-2] != m:
        raise ValueError("%s: 'LU_data' must be square (..., M, M) and 'b' (..., M, K), but got "
                         "%s and %s" % (public_name(op), LU_data.shape, b.shape))
    try:
        batch = np.broadcast_shapes(tuple(b.shape[:-2]), tuple(LU_data.shape[:-2]))
    except ValueError:
        raise ValueError("%s: the batch shapes of 'b' %s and 'LU_data' %s do not broadcast"
                         % (public_name(op), b.shape, LU_data.shape)) from None
    F = _F()
    p, lower, upper = lu_unpack(LU_data, LU_pivots)
    low = b._np_dtype == np.float16
    if low:  # the inverses compute in Float32
        p, lower, upper, b = (F.cast(t, np.float32) for t in (p, lower, upper, b))
    y = F.matmul(F.inverse(lower), F.matmul(F.swapaxes(p, -1, -2), b))
    x = F.matmul(F.inverse(upper), y)
    x = F.broadcast_to(x, tuple(batch) + tuple(x.shape[-2:]))
    return F.cast(x, LU_data.dtype) if low else x


lu_solve.__doc__ = opdoc(
    "Solves ``A @ X = b`` for ``X`` given the packed LU factorization of ``A`` (see "
    ":func:`lu_unpack`): ``X = U^{-1} L^{-1} P^T b``.",
    ["b (Tensor): the right-hand sides, shape :math:`(..., M, K)`, of ``LU_data``'s dtype.",
     "LU_data (Tensor): Float16, Float32 or Float64, shape :math:`(..., M, M)`.",
     "LU_pivots (Tensor): Int32, shape :math:`(..., M)`, LAPACK's 1-based row swaps."],
    "Tensor of the broadcast batch shape and :math:`(M, K)`, of ``b``'s dtype.",
    ["TypeError: an argument is not a Tensor, ``LU_pivots`` is not Int32 or the dtypes differ.",
     "ValueError: the shapes do not fit or a pivot is outside [1, M]."],
    example("ops.lu_solve(b, lu, Tensor(np.array([2, 2], np.int32)))", "[[1.]\n [1.]]",
            ["b = " + array([[3.0], [8.0]]), "lu = " + array([[4.0, 4.0], [0.5, -1.0]])]))

__all__ += ["lu_unpack", "lu_solve"]


# ----- Householder QR pieces, matrix exponential -------------------------------------------------
def _qr_input(x, op, arg, dtypes):
    check_tensor(x, op, arg)
    if x._np_dtype not in dtypes:
        raise TypeError("%s: '%s' must be a %s Tensor, but got %s"
                        % (public_name(op), arg, "/".join(np.dtype(d).name.capitalize()
                                                         for d in dtypes), x.dtype))
    if x.ndim < 2:
        raise ValueError("%s: '%s' must have rank at least 2, but got shape %s"
                         % (public_name(op), arg, x.shape))
    return x


def _tau(tau, x, op, k=None):
    check_tensor(tau, op, "tau")
    if tau.dtype != x.dtype:
        raise TypeError("%s: 'tau' must have the matrices' dtype %s, but got %s"
                        % (public_name(op), x.dtype, tau.dtype))
    k = min(x.shape[-2:]) if k is None else k
    if tau.ndim != x.ndim - 1 or tuple(tau.shape[:-1]) != tuple(x.shape[:-2]) or \
            tau.shape[-1] > k:
        raise ValueError("%s: 'tau' must have shape %s + (k,) with k <= %d, but got %s"
                         % (public_name(op), tuple(x.shape[:-2]), k, tau.shape))


def geqrf(input):
    from mindcell.ops.defs.qr_expm import geqrf_p
    _qr_input(input, "geqrf", "input", _LU_FLOATS)
    if input.size == 0:  # nothing to factor
        F = _F()
        return input * 1, F.zeros(tuple(input.shape[:-2]) + (min(input.shape[-2:]),),
                                  input.dtype)
    return geqrf_p.bind(input)


geqrf.__doc__ = opdoc(
    "The QR decomposition of matrices in LAPACK's packed form (geqrf): ``R`` on and above the "
    "diagonal of ``y``, the Householder vectors below it, and their scales ``tau``; "
    ":func:`orgqr` rebuilds ``Q``.",
    ["input (Tensor): Float16, Float32 or Float64, :math:`(..., M, N)`."],
    "Tuple of (y :math:`(..., M, N)`, tau :math:`(..., min(M, N))`), ``input``'s dtype.",
    ["TypeError: ``input`` is not a float Tensor of the dtypes above.",
     "ValueError: ``input`` has rank below 2."],
    example("ops.geqrf(x)[1]", "[1.8944272 0.       ]",
            ["x = " + array([[-2.0, -1.0], [1.0, 2.0]])]))

_ORGQR_FLOATS = (np.dtype(np.float32), np.dtype(np.float64))


def orgqr(input, input2):
    from mindcell.ops.defs.qr_expm import orgqr_p
    op = "orgqr"
    _qr_input(input, op, "input", _ORGQR_FLOATS)
    if input.shape[-2] < input.shape[-1]:
        raise ValueError("%s: input.shape[-2] must be >= input.shape[-1], but got shape %s"
                         % (public_name(op), input.shape))
    _tau(input2, input, op)
    if input.size == 0:
        return input * 1
    return orgqr_p.bind(input, input2)


orgqr.__doc__ = opdoc(
    "The first N columns of the orthogonal matrix ``Q = H_1 ... H_k`` of Householder "
    "reflections :math:`H_i = I - \\tau_i v_i v_i^T` (as :func:`geqrf` returns them).",
    ["input (Tensor): Float32 or Float64, :math:`(..., M, N)` with M >= N: the vectors "
     ":math:`v_i` below the diagonal (unit diagonal implied).",
     "input2 (Tensor): the scales :math:`\\tau`, :math:`(..., k)`, k <= N."],
    "Tensor of ``input``'s shape and dtype.",
    ["TypeError: the inputs are not Float32/Float64 Tensors of one dtype.",
     "ValueError: M < N or ``input2`` has a wrong shape."],
    example("ops.orgqr(y, tau)", "[[-0.8944272  0.4472136]\n [ 0.4472136  0.8944272]]",
            ["y, tau = ops.geqrf(" + array([[-2.0, -1.0], [1.0, 2.0]]) + ")"]))


def ormqr(input, tau, other, left=True, transpose=False):
    from mindcell.ops.defs.qr_expm import ormqr_p
    op = "ormqr"
    _qr_input(input, op, "input", _ORGQR_FLOATS)
    _tau(tau, input, op)
    _qr_input(other, op, "other", (input._np_dtype,))
    check_bool(left, op, "left")
    check_bool(transpose, op, "transpose")
    m = other.shape[-2] if left else other.shape[-1]
    if input.shape[-2] != m or tuple(other.shape[:-2]) != tuple(input.shape[:-2]):
        raise ValueError("%s: 'input' %s must have %d rows (the %s of 'other' %s) and the same "
                         "batch shape" % (public_name(op), input.shape, m,
                                          "rows" if left else "columns", other.shape))
    if other.size == 0 or input.size == 0:
        return other * 1
    return ormqr_p.bind(input, tau, other, left=left, transpose=transpose)


ormqr.__doc__ = opdoc(
    "The product of ``other`` with the orthogonal ``Q`` of Householder reflections (see "
    ":func:`orgqr`): ``op(Q) @ other`` with ``left``, else ``other @ op(Q)``, ``op`` the "
    "transpose with ``transpose``.",
    ["input (Tensor): Float32 or Float64, :math:`(..., M, K)`, the reflection vectors.",
     "tau (Tensor): the scales, :math:`(..., min(M, K))`.",
     "other (Tensor): :math:`(..., M, N)` (``left``) or :math:`(..., N, M)`.",
     "left (bool): Default: ``True``.", "transpose (bool): Default: ``False``."],
    "Tensor of ``other``'s shape and dtype.",
    ["TypeError: the inputs are not Float32/Float64 Tensors of one dtype or a flag not a bool.",
     "ValueError: the shapes do not fit."],
    example("ops.ormqr(y, tau, ops.eye(2, 2, y.dtype))",
            "[[-0.8944272  0.4472136]\n [ 0.4472136  0.8944272]]",
            ["y, tau = ops.geqrf(" + array([[-2.0, -1.0], [1.0, 2.0]]) + ")"]))


def matrix_exp(input):
    from mindcell.ops.defs.qr_expm import matrix_exp_p
    op = "matrix_exp"
    _qr_input(input, op, "input", _LU_FLOATS)
    if input.shape[-1] != input.shape[-2]:
        raise ValueError("%s: 'input' must be square matrices (..., M, M), but got shape %s"
                         % (public_name(op), input.shape))
    if input.size == 0:
        return input * 1
    return matrix_exp_p.bind(input)


matrix_exp.__doc__ = opdoc(
    "The matrix exponential :math:`e^A = \\sum_k A^k / k!` of square matrices (scipy's "
    "scaling and squaring with Pade approximants); differentiable.",
    ["input (Tensor): Float16, Float32 or Float64, :math:`(..., M, M)`."],
    "Tensor of ``input``'s shape and dtype.",
    ["TypeError: ``input`` is not a float Tensor of the dtypes above.",
     "ValueError: ``input`` is not square matrices."],
    example("ops.matrix_exp(x)", "[[2.7182817 5.4365635]\n [0.        2.7182817]]",
            ["x = " + array([[1.0, 2.0], [0.0, 1.0]])]))

__all__ += ["geqrf", "orgqr", "ormqr", "matrix_exp"]
