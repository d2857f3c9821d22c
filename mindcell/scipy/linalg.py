"""``mindcell.scipy.linalg`` (MindSpore's ``mindspore.scipy.linalg``): SciPy-style dense linear
algebra on Tensors. As in MindSpore 2.10, inv, det, cholesky, cho_factor, lu, lu_factor and eigh
take one 2-D matrix, integer inputs are computed in float64, and solve_triangular also takes
batches. Every function is built from differentiable mindcell ops (lu and lu_factor excepted,
as in MindSpore), so ``ms.grad`` and graph mode work through them.

``overwrite_a``, ``overwrite_b`` and ``check_finite`` are SciPy's performance hints: mindcell never
writes its inputs and, as MindSpore, does not scan them for non-finite values; the results are
those SciPy gives with the hints off.
"""
import numpy as np

from mindcell import dtype as mstype
from mindcell import ops
from mindcell.common.tensor import Tensor
from mindcell.ops.defs import linalg as _L
from mindcell.scipy import _prims as P

__all__ = ["block_diag", "inv", "cho_factor", "cholesky", "cho_solve", "eigh", "lu_factor", "lu",
           "solve_triangular", "lstsq"]

_I32, _I64 = np.dtype(np.int32), np.dtype(np.int64)
_F16, _F32, _F64 = np.dtype(np.float16), np.dtype(np.float32), np.dtype(np.float64)
_INT_FLOAT = (_I32, _I64, _F32, _F64)
_INT_FLOAT_NAMES = "[mindspore.int32, mindspore.int64, mindspore.float32, mindspore.float64]"


def _check_tensor(x, op, arg):
    if not isinstance(x, Tensor):
        raise TypeError("For '%s', the type of '%s' should be Tensor, but got '%s'."
                        % (op, arg, type(x).__name__))
    return x


def _matrix(a, op, arg="a", square=True):
    """One 2-D int32/int64/float32/float64 matrix, integers cast to float64 (MindSpore's rule)."""
    _check_tensor(a, op, arg)
    if a._np_dtype not in _INT_FLOAT:
        raise TypeError("For '%s', the data type of '%s' should be one of %s, but got %s."
                        % (op, arg, _INT_FLOAT_NAMES, a.dtype))
    if a.ndim != 2:
        raise ValueError("For '%s', the dimension of '%s' should be 2, but got %d."
                         % (op, arg, a.ndim))
    if square and a.shape[0] != a.shape[1]:
        raise ValueError("For '%s', the matrix '%s' should be a square matrix like (N, N), but "
                         "got %s." % (op, arg, a.shape))
    if a._np_dtype in (_I32, _I64):
        a = ops.cast(a, mstype.float64)
    return a


def _check_bool(v, op, arg):
    if not isinstance(v, (bool, np.bool_)):
        raise TypeError("For '%s', '%s' should be a bool, but got %s."
                        % (op, arg, type(v).__name__))
    return bool(v)


def block_diag(*arrs):
    """Create a block diagonal matrix from the given tensors.

    Each argument is a block: a 0-d tensor is a 1x1 block, a 1-D tensor of length n a 1xn
    block, a 2-D tensor itself. The blocks go down the diagonal; everything else is zero.

    Args:
        arrs (Tensor): the blocks, 0-D, 1-D or 2-D; their dtypes are promoted together.

    Returns:
        Tensor, 2-D, of the blocks' promoted dtype. With no blocks, a float32 tensor of
        shape (1, 0).

    Raises:
        TypeError: a block is not a Tensor.
        ValueError: a block has more than 2 dimensions.

    Supported Platforms:
        ``CPU``

    Examples:
        >>> import numpy as np
        >>> from mindcell import Tensor
        >>> from mindcell.scipy.linalg import block_diag
        >>> a = Tensor(np.array([[1, 2], [3, 4]], np.float32))
        >>> print(block_diag(a, Tensor(np.array([5], np.float32))))
        [[1. 2. 0.]
         [3. 4. 0.]
         [0. 0. 5.]]
    """
    if not arrs:
        return Tensor(np.zeros((1, 0), np.float32))
    blocks = []
    for i, a in enumerate(arrs):
        _check_tensor(a, "block_diag", "arrs[%d]" % i)
        if a.ndim > 2:
            raise ValueError("Arguments to mindspore.scipy.linalg.block_diag must have at most "
                             "2 dimensions, but arrs[%d] has shape %s." % (i, a.shape))
        blocks.append(ops.reshape(a, (1,) * (2 - a.ndim) + tuple(a.shape)))
    dt = blocks[0]._np_dtype
    for b in blocks[1:]:
        dt = np.promote_types(dt, b._np_dtype)
    dtype = mstype.from_numpy_dtype(dt)
    blocks = [b if b._np_dtype == dt else ops.cast(b, dtype) for b in blocks]
    total = sum(b.shape[1] for b in blocks)
    rows, left = [], 0
    for b in blocks:
        r, c = b.shape
        parts = []
        if left:
            parts.append(ops.zeros((r, left), dtype))
        parts.append(b)
        if total - left - c:
            parts.append(ops.zeros((r, total - left - c), dtype))
        rows.append(ops.concat(parts, axis=1) if len(parts) > 1 else b)
        left += c
    return ops.concat(rows, axis=0) if len(rows) > 1 else rows[0]


def inv(a, overwrite_a=False, check_finite=True):
    """Compute the inverse of a matrix.

    Args:
        a (Tensor): a square matrix of shape (N, N), int32, int64, float32 or float64
            (integers are computed in float64).
        overwrite_a (bool): SciPy's hint; ``a`` is never written. Default: ``False``.
        check_finite (bool): SciPy's hint; not checked (as in MindSpore). Default: ``True``.

    Returns:
        Tensor of shape (N, N), the inverse of ``a``.

    Raises:
        TypeError: ``a`` is not a Tensor or of another dtype.
        ValueError: ``a`` is not 2-D or not square.

    Supported Platforms:
        ``CPU``

    Examples:
        >>> import numpy as np
        >>> from mindcell import Tensor
        >>> from mindcell.scipy.linalg import inv
        >>> print(inv(Tensor(np.array([[1., 2.], [3., 4.]], np.float32))))
        [[-2.   1. ]
         [ 1.5 -0.5]]
    """
    return _L.matrix_inverse_p.bind(_matrix(a, "inv"), adjoint=False)


def det(a, overwrite_a=False, check_finite=True):
    """Compute the determinant of a matrix.

    Args:
        a (Tensor): a square matrix of shape (N, N), int32, int64, float32 or float64
            (integers are computed in float64).
        overwrite_a (bool): SciPy's hint; ``a`` is never written. Default: ``False``.
        check_finite (bool): SciPy's hint; not checked (as in MindSpore). Default: ``True``.

    Returns:
        Tensor, 0-D, the determinant.

    Raises:
        TypeError: ``a`` is not a Tensor or of another dtype.
        ValueError: ``a`` is not 2-D or not square.

    Supported Platforms:
        ``CPU``

    Examples:
        >>> import numpy as np
        >>> from mindcell import Tensor
        >>> from mindcell.scipy.linalg import det
        >>> print(det(Tensor(np.array([[1., 2.], [3., 4.]], np.float64))))
        -2.0000000000000004
    """
    return _L.matrix_determinant_p.bind(_matrix(a, "det"))


def cholesky(a, lower=False, overwrite_a=False, check_finite=True):
    """Compute the Cholesky decomposition of a symmetric positive-definite matrix:
    ``a = L @ L.T`` (``lower``) or ``a = U.T @ U``.

    Args:
        a (Tensor): a symmetric positive-definite matrix of shape (N, N); int32, int64, float32
            or float64 (integers are computed in float64).
        lower (bool): return the lower-triangular factor instead of the upper one.
            Default: ``False``.
        overwrite_a (bool): SciPy's hint; ``a`` is never written. Default: ``False``.
        check_finite (bool): SciPy's hint; not checked (as in MindSpore). Default: ``True``.

    Returns:
        Tensor of shape (N, N), the triangular factor (zeros in the other triangle).

    Raises:
        TypeError: ``a`` is not a Tensor or of another dtype, or ``lower`` is not a bool.
        ValueError: ``a`` is not 2-D or not square.
        RuntimeError: ``a`` is not positive definite.

    Supported Platforms:
        ``CPU``

    Examples:
        >>> import numpy as np
        >>> from mindcell import Tensor
        >>> from mindcell.scipy.linalg import cholesky
        >>> print(cholesky(Tensor(np.array([[4., 2.], [2., 5.]], np.float32)), lower=True))
        [[2. 0.]
         [1. 2.]]
    """
    a = _matrix(a, "cholesky")
    return P.cholesky_p.bind(a, upper=not _check_bool(lower, "cholesky", "lower"))


def cho_factor(a, lower=False, overwrite_a=False, check_finite=True):
    """Compute the Cholesky decomposition of a matrix, for :func:`cho_solve`.

    Args:
        a (Tensor): a symmetric positive-definite matrix of shape (N, N); int32, int64, float32
            or float64 (integers are computed in float64).
        lower (bool): compute the lower-triangular factor instead of the upper one.
            Default: ``False``.
        overwrite_a (bool): SciPy's hint; ``a`` is never written. Default: ``False``.
        check_finite (bool): SciPy's hint; not checked (as in MindSpore). Default: ``True``.

    Returns:
        tuple ``(c, lower)``: the triangular factor ``c`` (zeros in the other triangle, as in
        MindSpore) and ``lower``.

    Raises:
        TypeError: ``a`` is not a Tensor or of another dtype, or ``lower`` is not a bool.
        ValueError: ``a`` is not 2-D or not square.
        RuntimeError: ``a`` is not positive definite.

    Supported Platforms:
        ``CPU``

    Examples:
        >>> import numpy as np
        >>> from mindcell import Tensor
        >>> from mindcell.scipy.linalg import cho_factor
        >>> c, low = cho_factor(Tensor(np.array([[4., 2.], [2., 5.]], np.float32)))
        >>> print(c, low)
        [[2. 1.]
         [0. 2.]] False
    """
    a = _matrix(a, "cho_factor")
    lower = _check_bool(lower, "cho_factor", "lower")
    return P.cholesky_p.bind(a, upper=not lower), lower


def cho_solve(c_and_lower, b, overwrite_b=False, check_finite=True):
    """Solve ``A x = b`` given the Cholesky factorisation of ``A`` from :func:`cho_factor`.

    Args:
        c_and_lower (tuple): ``(c, lower)``, the output of :func:`cho_factor`.
        b (Tensor): the right-hand side, of shape (N,) or (N, K), of ``c``'s dtype.
        overwrite_b (bool): SciPy's hint; ``b`` is never written. Default: ``False``.
        check_finite (bool): SciPy's hint; not checked (as in MindSpore). Default: ``True``.

    Returns:
        Tensor of ``b``'s shape and dtype, the solution ``x``.

    Raises:
        TypeError: ``c`` or ``b`` is not a Tensor, their dtypes differ, or ``lower`` is not
            a bool.
        ValueError: ``c`` is not a square 2-D matrix or ``b``'s rows do not match it.

    Supported Platforms:
        ``CPU``

    Examples:
        >>> import numpy as np
        >>> from mindcell import Tensor
        >>> from mindcell.scipy.linalg import cho_factor, cho_solve
        >>> a = Tensor(np.array([[4., 2.], [2., 5.]], np.float32))
        >>> print(cho_solve(cho_factor(a), Tensor(np.array([6., 7.], np.float32))))
        [1. 1.]
    """
    if not (isinstance(c_and_lower, (tuple, list)) and len(c_and_lower) == 2):
        raise TypeError("For 'cho_solve', 'c_and_lower' should be a tuple (c, lower), but got "
                        "%s." % type(c_and_lower).__name__)
    c, lower = c_and_lower
    _check_tensor(c, "cho_solve", "c")
    _check_tensor(b, "cho_solve", "b")
    lower = _check_bool(lower, "cho_solve", "lower")
    if c._np_dtype != b._np_dtype:
        raise TypeError("For 'cho_solve', the data type of 'c' and 'b' should be the same, but "
                        "got the data type of 'c' is %s and the data type of 'b' is %s."
                        % (c.dtype, b.dtype))
    c = _matrix(c, "cho_solve", "c")
    if b._np_dtype != c._np_dtype:
        b = ops.cast(b, c.dtype)
    # A = L L^T (lower) or U^T U: two triangular solves
    y = solve_triangular(c, b, trans=0 if lower else 1, lower=lower)
    return solve_triangular(c, y, trans=1 if lower else 0, lower=lower)


def _trans_code(trans, op):
    codes = {0: 0, 1: 1, 2: 1, "N": 0, "T": 1, "C": 1}
    if isinstance(trans, (bool, np.bool_)) or trans not in codes:
        raise ValueError("For '%s', 'trans' should be one of 0, 1, 2, 'N', 'T', 'C', but got %r."
                         % (op, trans))
    return codes[trans]


def solve_triangular(a, b, trans=0, lower=False, unit_diagonal=False, overwrite_b=False,
                     debug=None, check_finite=True):
    """Solve ``a x = b`` for ``x``, assuming ``a`` is a triangular matrix; batches of matrices
    are solved one by one.

    Args:
        a (Tensor): triangular matrices of shape (..., N, N); only the triangle selected by
            ``lower`` is read. float16, float32, float64, int32 or int64 (integers are solved in
            float32, float16 in float32 and rounded back, as in MindSpore).
        b (Tensor): of shape (..., N) or (..., N, K) with ``a``'s batch shape and dtype.
        trans (Union[int, str]): solve ``a x = b`` (``0``, ``'N'``) or ``a^T x = b`` (``1``,
            ``'T'``, ``2``, ``'C'``). Default: ``0``.
        lower (bool): read the lower triangle of ``a`` instead of the upper. Default: ``False``.
        unit_diagonal (bool): take ``a``'s diagonal as ones (it is not read). Default: ``False``.
        overwrite_b (bool): SciPy's hint; ``b`` is never written. Default: ``False``.
        debug (None): unused, as in SciPy (deprecated there). Default: ``None``.
        check_finite (bool): SciPy's hint; not checked (as in MindSpore). Default: ``True``.

    Returns:
        Tensor of ``b``'s shape, the solution ``x``.

    Raises:
        TypeError: ``a`` or ``b`` is not a Tensor, their dtypes differ or are not supported.
        ValueError: ``a`` is not (..., N, N), ``b``'s shape does not match it, or ``trans`` is
            not one of the values above.

    Supported Platforms:
        ``CPU``

    Examples:
        >>> import numpy as np
        >>> from mindcell import Tensor
        >>> from mindcell.scipy.linalg import solve_triangular
        >>> a = Tensor(np.array([[3, 0, 0, 0], [2, 1, 0, 0], [1, 0, 1, 0], [1, 1, 1, 1]],
        ...                     np.float64))
        >>> b = Tensor(np.array([3, 1, 3, 4], np.float64))
        >>> print(solve_triangular(a, b, lower=True))
        [ 1. -1.  2.  2.]
    """
    op = "solve_triangular"
    _check_tensor(a, op, "a")
    _check_tensor(b, op, "b")
    code = _trans_code(trans, op)
    lower = _check_bool(lower, op, "lower")
    unit_diagonal = _check_bool(unit_diagonal, op, "unit_diagonal")
    if a._np_dtype != b._np_dtype:
        raise TypeError("For 'SolveTriangular' the type of a and b must be same, but got %s "
                        "and %s." % (a.dtype, b.dtype))
    if a._np_dtype not in (_F16, _F32, _F64, _I32, _I64):
        raise TypeError("For '%s', the data type of 'a' should be one of [mindspore.float16, "
                        "mindspore.float32, mindspore.float64, mindspore.int32, mindspore.int64], "
                        "but got %s." % (op, a.dtype))
    if a.ndim < 2 or a.shape[-1] != a.shape[-2]:
        raise ValueError("For '%s', 'a' should be square matrices of shape (..., N, N), but got "
                         "shape %s." % (op, a.shape))
    vector = b.ndim == a.ndim - 1
    n = a.shape[-1]
    if not ((vector and tuple(b.shape) == tuple(a.shape[:-1]))
            or (b.ndim == a.ndim and tuple(b.shape[:-1]) == tuple(a.shape[:-1]))):
        raise ValueError("For '%s', the shapes of 'a' and 'b' should be like [..., N, N] and "
                         "[..., N, M] or [..., N], but got %s and %s." % (op, a.shape, b.shape))
    out_dtype = a.dtype
    if a._np_dtype != _F32 and a._np_dtype != _F64:
        a, b = ops.cast(a, mstype.float32), ops.cast(b, mstype.float32)
        if out_dtype != mstype.float16:
            out_dtype = mstype.float32
    bm = ops.reshape(b, tuple(b.shape) + (1,)) if vector else b
    x = P.solve_triangular_p.bind(a, bm, trans=code, lower=lower, unit_diagonal=unit_diagonal)
    if vector:
        x = ops.reshape(x, tuple(b.shape))
    del n
    return x if x.dtype == out_dtype else ops.cast(x, out_dtype)


def eigh(a, b=None, lower=True, eigvals_only=False, overwrite_a=False, overwrite_b=False,
         turbo=True, eigvals=None, type=1, check_finite=True):  # noqa: A002  (SciPy's name)
    """Solve the eigenvalue problem of a real symmetric matrix ``a``: ``a v = w v``.

    Only the triangle of ``a`` chosen by ``lower`` is read (the matrix is that triangle
    mirrored), as LAPACK does; gradients follow that rule.

    Args:
        a (Tensor): a matrix of shape (N, N), int32, int64, float32 or float64 (integers are
            computed in float64).
        b (None): the generalized problem is not implemented (as in MindSpore): must be
            ``None``. Default: ``None``.
        lower (bool): read the lower triangle of ``a``, else the upper. Default: ``True``.
        eigvals_only (bool): return only the eigenvalues. Default: ``False``.
        overwrite_a (bool): SciPy's hint; ``a`` is never written. Default: ``False``.
        overwrite_b (bool): SciPy's hint. Default: ``False``.
        turbo (bool): SciPy's algorithm choice for the generalized problem (``b``); no effect
            without it. Default: ``True``.
        eigvals (None): selecting eigenvalues is not implemented (as in MindSpore): must be
            ``None``. Default: ``None``.
        type (int): the generalized problem's type (``b``); no effect without it.
            Default: ``1``.
        check_finite (bool): SciPy's hint; not checked (as in MindSpore). Default: ``True``.

    Returns:
        Tensor ``w`` of shape (N,), the eigenvalues in ascending order, and (unless
        ``eigvals_only``) Tensor ``v`` of shape (N, N) whose column ``v[:, i]`` is the
        eigenvector of ``w[i]``.

    Raises:
        TypeError: ``a`` is not a Tensor or of another dtype, or ``lower``/``eigvals_only``
            not a bool.
        ValueError: ``a`` is not a square 2-D matrix, or ``b`` or ``eigvals`` is not None.

    Supported Platforms:
        ``CPU``

    Examples:
        >>> import numpy as np
        >>> from mindcell import Tensor
        >>> from mindcell.scipy.linalg import eigh
        >>> a = Tensor(np.array([[2., 1.], [1., 2.]], np.float64))
        >>> w, v = eigh(a)
        >>> print(w)
        [1. 3.]
        >>> print(np.allclose((a @ v).asnumpy(), (v * w).asnumpy()))
        True
    """
    if b is not None:
        raise ValueError("For 'eigh', currently only case b=None of 'eigh' is implemented.")
    if eigvals is not None:
        raise ValueError("For 'eigh', currently only case eigvals=None of 'eigh' is "
                         "implemented.")
    _check_tensor(a, "eigh", "a")
    a = _matrix(a, "eigh")
    lower = _check_bool(lower, "eigh", "lower")
    eigvals_only = _check_bool(eigvals_only, "eigh", "eigvals_only")
    tri = ops.tril(a) if lower else ops.triu(a)
    strict = ops.tril(a, -1) if lower else ops.triu(a, 1)
    sym = tri + ops.swapaxes(strict, -1, -2)
    w, v = P.eigh_p.bind(sym)
    return w if eigvals_only else (w, v)


def lu_factor(a, overwrite_a=False, check_finite=True):
    """Compute the pivoted LU decomposition of a matrix, for :func:`lu_solve`.

    Args:
        a (Tensor): a matrix of shape (M, N) with M <= N; int32, int64, float32 or float64
            (integers are computed in float64).
        overwrite_a (bool): SciPy's hint; ``a`` is never written. Default: ``False``.
        check_finite (bool): SciPy's hint; not checked (as in MindSpore). Default: ``True``.

    Returns:
        tuple ``(lu, piv)``: ``lu`` of ``a``'s shape holds U on and above the diagonal and L's
        entries (unit diagonal not stored) below it; ``piv`` (int32, of shape (min(M, N),)):
        row ``i`` was interchanged with row ``piv[i]``.

    Raises:
        TypeError: ``a`` is not a Tensor or of another dtype.
        ValueError: ``a`` is not 2-D, or has more rows than columns.

    Supported Platforms:
        ``CPU``

    Examples:
        >>> import numpy as np
        >>> from mindcell import Tensor
        >>> from mindcell.scipy.linalg import lu_factor
        >>> lu, piv = lu_factor(Tensor(np.array([[1., 2.], [3., 4.]], np.float64)))
        >>> print(lu, piv)
        [[3.         4.        ]
         [0.33333333 0.66666667]] [1 1]
    """
    a = _matrix(a, "lu_factor", square=False)
    _rows_le_cols(a, "lu_factor")
    return P.lu_factor_p.bind(a)


def _rows_le_cols(a, op):
    if a.shape[0] > a.shape[1]:
        raise ValueError("For '%s', the rows of 'a' should be no more than its columns (as in "
                         "MindSpore), but got shape %s." % (op, a.shape))


def lu(a, permute_l=False, overwrite_a=False, check_finite=True):
    """Compute the pivoted LU decomposition of a matrix: ``a = p @ l @ u``.

    Args:
        a (Tensor): a matrix of shape (M, N) with M <= N; int32, int64, float32 or float64
            (integers are computed in float64).
        permute_l (bool): return ``(p @ l, u)`` instead of ``(p, l, u)``. Default: ``False``.
        overwrite_a (bool): SciPy's hint; ``a`` is never written. Default: ``False``.
        check_finite (bool): SciPy's hint; not checked (as in MindSpore). Default: ``True``.

    Returns:
        ``(p, l, u)``: the permutation matrix ``p`` (int32, (M, M)), the unit lower-triangular
        ``l`` (M, M) and the upper-triangular ``u`` (M, N); or ``(p @ l, u)`` with
        ``permute_l`` (MindSpore 2.10 raises a TypeError there instead).

    Raises:
        TypeError: ``a`` is not a Tensor or of another dtype, or ``permute_l`` not a bool.
        ValueError: ``a`` is not 2-D, or has more rows than columns.

    Supported Platforms:
        ``CPU``

    Examples:
        >>> import numpy as np
        >>> from mindcell import Tensor
        >>> from mindcell.scipy.linalg import lu
        >>> p, l, u = lu(Tensor(np.array([[1., 2.], [3., 4.]], np.float64)))
        >>> print(p)
        [[0 1]
         [1 0]]
        >>> print(u)
        [[3.         4.        ]
         [0.         0.66666667]]
    """
    a = _matrix(a, "lu", square=False)
    permute_l = _check_bool(permute_l, "lu", "permute_l")
    _rows_le_cols(a, "lu")
    p, low, up = P.lu_p.bind(a)
    if permute_l:
        return ops.matmul(ops.cast(p, a.dtype), low), up
    return p, low, up


def lu_pivots_to_permutation(pivots, permutation_size):
    """Convert LAPACK's row interchanges (``pivots`` of :func:`lu_factor`) to a permutation:
    row ``i`` of the permuted matrix is row ``perm[i]`` of the original.

    Args:
        pivots (Tensor): int32 or int64, of shape (..., K), 0-based interchanges.
        permutation_size (int): the size N >= K of the permutation.

    Returns:
        Tensor of shape (..., N) of ``pivots``' dtype.

    Raises:
        TypeError: ``pivots`` is not an integer Tensor or ``permutation_size`` not an int.
        ValueError: ``permutation_size`` is smaller than K, or a pivot is out of range.

    Supported Platforms:
        ``CPU``

    Examples:
        >>> import numpy as np
        >>> from mindcell import Tensor
        >>> from mindcell.scipy.linalg import lu_pivots_to_permutation
        >>> print(lu_pivots_to_permutation(Tensor(np.array([2, 2, 2], np.int32)), 3))
        [2 0 1]
    """
    op = "lu_pivots_to_permutation"
    _check_tensor(pivots, op, "pivots")
    if pivots._np_dtype not in (_I32, _I64):
        raise TypeError("For '%s', the data type of 'pivots' should be int32 or int64, but got "
                        "%s." % (op, pivots.dtype))
    if isinstance(permutation_size, bool) or not isinstance(permutation_size, (int, np.integer)):
        raise TypeError("For '%s', 'permutation_size' should be an int, but got %s."
                        % (op, type(permutation_size).__name__))
    piv = pivots.asnumpy()
    k = piv.shape[-1] if piv.ndim else 0
    if permutation_size < k:
        raise ValueError("For '%s', 'permutation_size' (%d) should be at least the number of "
                         "pivots (%d)." % (op, permutation_size, k))
    if piv.size and (piv.min() < 0 or piv.max() >= permutation_size):
        raise ValueError("For '%s', 'pivots' should be in [0, %d), but got values in [%d, %d]."
                         % (op, permutation_size, piv.min(), piv.max()))
    flat = piv.reshape(-1, k)
    perm = np.tile(np.arange(permutation_size, dtype=piv.dtype), (flat.shape[0], 1))
    for row, pv in zip(perm, flat):
        for i, j in enumerate(pv):
            row[i], row[j] = row[j], row[i]
    return Tensor(perm.reshape(piv.shape[:-1] + (permutation_size,)))


def lu_solve(lu_and_piv, b, trans=0, overwrite_b=False, check_finite=True):
    """Solve ``a x = b`` (or ``a^T x = b``) given the LU factorisation of ``a`` from
    :func:`lu_factor`.

    Args:
        lu_and_piv (tuple): ``(lu, piv)``, the output of :func:`lu_factor` for a square ``a``.
        b (Tensor): the right-hand side, of shape (N,) or (N, K), of ``lu``'s dtype (MindSpore
            2.10 accepts only (N, K)).
        trans (Union[int, str]): solve ``a x = b`` (``0``, ``'N'``) or ``a^T x = b`` (``1``,
            ``'T'``, ``2``, ``'C'``). Default: ``0``.
        overwrite_b (bool): SciPy's hint; ``b`` is never written. Default: ``False``.
        check_finite (bool): SciPy's hint; not checked (as in MindSpore). Default: ``True``.

    Returns:
        Tensor of ``b``'s shape, the solution ``x``.

    Raises:
        TypeError: ``lu``, ``piv`` or ``b`` is not a Tensor, or their dtypes do not match.
        ValueError: ``lu`` is not square, ``b``'s rows do not match it, or ``trans`` is invalid.

    Supported Platforms:
        ``CPU``

    Examples:
        >>> import numpy as np
        >>> from mindcell import Tensor
        >>> from mindcell.scipy.linalg import lu_factor, lu_solve
        >>> a = Tensor(np.array([[1., 2.], [3., 4.]], np.float64))
        >>> print(lu_solve(lu_factor(a), Tensor(np.array([[5.], [11.]], np.float64))))
        [[1.]
         [2.]]
    """
    op = "lu_solve"
    if not (isinstance(lu_and_piv, (tuple, list)) and len(lu_and_piv) == 2):
        raise TypeError("For '%s', 'lu_and_piv' should be a tuple (lu, piv), but got %s."
                        % (op, type(lu_and_piv).__name__))
    m, piv = lu_and_piv
    _check_tensor(m, op, "lu")
    _check_tensor(piv, op, "piv")
    _check_tensor(b, op, "b")
    code = _trans_code(trans, op)
    if m.ndim != 2 or m.shape[0] != m.shape[1]:
        raise ValueError("For '%s', 'lu' should be a square matrix like (N, N), but got %s."
                         % (op, m.shape))
    n = m.shape[0]
    if b.ndim not in (1, 2) or b.shape[0] != n:
        raise ValueError("For '%s', 'b' should be of shape (%d,) or (%d, K), but got %s."
                         % (op, n, n, b.shape))
    if m._np_dtype != b._np_dtype:
        raise TypeError("For '%s', the data type of 'lu' and 'b' should be the same, but got %s "
                        "and %s." % (op, m.dtype, b.dtype))
    perm = lu_pivots_to_permutation(piv, n)
    if code == 0:  # P^T A = L U:  L U x = b[perm]
        y = solve_triangular(m, ops.gather(b, perm, 0), lower=True, unit_diagonal=True)
        return solve_triangular(m, y, lower=False)
    # A^T x = b:  U^T L^T (P^T x) = b
    y = solve_triangular(m, b, trans=1, lower=False)
    z = solve_triangular(m, y, trans=1, lower=True, unit_diagonal=True)
    inverse = np.argsort(perm.asnumpy()).astype(perm.asnumpy().dtype)
    return ops.gather(z, Tensor(inverse), 0)


_LSTSQ_DRIVERS = (None, "gels", "gelsy", "gelsd", "gelss")


def lstsq(A, B, rcond=None, driver=None):  # noqa: N803  (MindSpore's argument names)
    """Compute the least-squares solution of ``A x = B``: the ``x`` of minimum norm among
    those minimising ``||A x - B||``.

    Args:
        A (Tensor): of shape (M, N), float16, float32 or float64 (float16 is computed in
            float32).
        B (Tensor): of shape (M,) or (M, K), of ``A``'s dtype.
        rcond (float): singular values of ``A`` at most ``rcond`` times the largest count as
            zero; ``None``: machine precision times max(M, N). Default: ``None``.
        driver (str): the LAPACK driver MindSpore names: ``None``, ``'gels'``, ``'gelsy'``,
            ``'gelsd'`` or ``'gelss'``; all give the minimum-norm solution here, and
            ``'gelsd'``/``'gelss'`` also return the singular values. Default: ``None``.

    Returns:
        tuple ``(x, residues, rank, s)``: ``x`` of shape (N,) or (N, K); ``residues``, an empty
        tensor (as in MindSpore); ``rank``, the int64 rank of ``A`` (an empty int64 tensor for
        ``'gels'``, as in MindSpore); ``s``, ``A``'s singular values for ``'gelsd'``/``'gelss'``,
        else an empty tensor. MindSpore 2.10 ignores ``rcond``; mindcell applies it.

    Raises:
        TypeError: ``A`` or ``B`` is not a float Tensor, or their dtypes differ.
        ValueError: ``A`` is not 2-D, ``B``'s rows do not match it, or ``driver`` is unknown.

    Supported Platforms:
        ``CPU``

    Examples:
        >>> import numpy as np
        >>> from mindcell import Tensor
        >>> from mindcell.scipy.linalg import lstsq
        >>> a = Tensor(np.array([[1., 0.], [1., 1.], [1., 2.]], np.float64))
        >>> x, _, rank, _ = lstsq(a, Tensor(np.array([1., 2., 3.], np.float64)))
        >>> print(x, rank)
        [1. 1.] 2
    """
    op = "lstsq"
    _check_tensor(A, op, "A")
    _check_tensor(B, op, "B")
    if A._np_dtype not in (_F16, _F32, _F64) or B._np_dtype != A._np_dtype:
        raise TypeError("For '%s', 'A' and 'B' should be float16, float32 or float64 tensors of "
                        "one dtype, but got %s and %s." % (op, A.dtype, B.dtype))
    if driver not in _LSTSQ_DRIVERS:
        raise ValueError("For '%s', 'driver' should be one of %s, but got %r."
                         % (op, list(_LSTSQ_DRIVERS), driver))
    if rcond is not None and (isinstance(rcond, bool) or not isinstance(rcond, (int, float))):
        raise TypeError("For '%s', 'rcond' should be a float or None, but got %s."
                        % (op, type(rcond).__name__))
    if A.ndim != 2:
        raise ValueError("For '%s', 'A' should be 2-D, but got shape %s." % (op, A.shape))
    if B.ndim not in (1, 2) or B.shape[0] != A.shape[0]:
        raise ValueError("For '%s', 'B' should be of shape (%d,) or (%d, K), but got %s."
                         % (op, A.shape[0], A.shape[0], B.shape))
    out_dtype = A.dtype
    if A._np_dtype == _F16:
        A, B = ops.cast(A, mstype.float32), ops.cast(B, mstype.float32)
    b2 = ops.reshape(B, (B.shape[0], 1)) if B.ndim == 1 else B
    x, rank, s = P.lstsq_p.bind(A, b2, rcond=-1.0 if rcond is None else float(rcond))
    if B.ndim == 1:
        x = ops.reshape(x, (A.shape[1],))
    if driver not in ("gelsd", "gelss"):
        s = ops.zeros((0,), A.dtype)
    if driver == "gels":  # QR without rank detection: MindSpore returns no rank
        rank = ops.zeros((0,), mstype.int64)
    if out_dtype == mstype.float16:
        x, s = ops.cast(x, out_dtype), ops.cast(s, out_dtype)
    return x, ops.zeros((0,), out_dtype), rank, s
