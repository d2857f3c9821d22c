"""Linear algebra over the last two axes (batched): inverse, determinant, Cholesky, QR, SVD,
einsum."""
import numpy as np

from mindcell._core.mixed_precision import as_one_primitive, running_float_type
from mindcell.common.tensor import Tensor
from mindcell.dtype import BF16_NP
from mindcell.ops._errors import check_bool, public_name
from mindcell.ops._helpers import cast_to, check_tensor
from mindcell.ops.defs import linalg as L

# bfloat16 runs in float32 and is rounded back once (Prim.compute -> _core/bf16.py)
_FLOATS = (np.dtype(np.float32), np.dtype(np.float64), BF16_NP)


def _matrices(x, op, arg="input", square=True):
    """A float32/float64/bfloat16 tensor of (batched) matrices; LAPACK has no float16."""
    check_tensor(x, op, arg)
    if x._np_dtype not in _FLOATS:
        raise TypeError("%s: '%s' must be a float32, float64 or bfloat16 tensor, but got %s"
                        % (public_name(op), arg, x.dtype))
    if x.ndim < 2:
        raise ValueError("%s: '%s' must be at least 2-D, but got shape %s"
                         % (public_name(op), arg, x.shape))
    if square and x.shape[-1] != x.shape[-2]:
        raise ValueError("%s: '%s' must hold square matrices, but got shape %s"
                         % (public_name(op), arg, x.shape))
    return x


def half_via_float32(compute, *operands):
    """``compute(*operands)``; Float16 operands are worked in Float32 and the result (or each
    result of a tuple) rounded back to Float16, as MindSpore 2.10's CPU det, cholesky, qr,
    lstsq, matrix_solve and cholesky_inverse take Float16 (LAPACK has no half precision).
    The operands' dtypes are checked to agree before this is called. Inside a mixed-precision
    cell the operands are cast to its type first and the work is not cast again (MindSpore's
    one primitive call)."""
    if running_float_type() is not None:
        return as_one_primitive(operands, lambda *ops: half_via_float32(compute, *ops))
    if not any(isinstance(x, Tensor) and x._np_dtype == np.float16 for x in operands):
        return compute(*operands)
    half, single = np.dtype(np.float16), np.dtype(np.float32)
    out = compute(*(cast_to(x, single) if isinstance(x, Tensor) and x._np_dtype == half else x
                    for x in operands))
    if isinstance(out, tuple):
        return tuple(cast_to(o, half) for o in out)
    return cast_to(out, half)


def inverse(input):
    """The inverse of each square matrix in the last two axes of ``input``.

    Args:
        input (Tensor): a float32, float64 or bfloat16 tensor of shape (..., N, N).

    Returns:
        Tensor of the shape and dtype of ``input``.

    Raises:
        TypeError: ``input`` is not a Tensor of one of those dtypes.
        ValueError: ``input`` is less than 2-D or its matrices are not square.
        numpy.linalg.LinAlgError: a matrix is singular.

    Examples:
        >>> import numpy as np
        >>> from mindcell import Tensor, ops
        >>> print(ops.inverse(Tensor(np.array([[2.0, 1.0], [1.0, 3.0]], np.float32))))
        [[ 0.6 -0.2]
         [-0.2  0.4]]
    """
    return L.matrix_inverse_p.bind(_matrices(input, "inverse"), adjoint=False)


def matrix_inverse(x, adjoint=False):
    """The inverse of each square matrix in the last two axes of ``x`` (as :func:`inverse`),
    transposed when ``adjoint``.

    Args:
        x (Tensor): a float32, float64 or bfloat16 tensor of shape (..., N, N).
        adjoint (bool): return the transpose of each inverse. Default: ``False``.

    Returns:
        Tensor of the shape and dtype of ``x``.

    Raises:
        TypeError: ``x`` is not a Tensor of one of those dtypes, or ``adjoint`` not a bool.
        ValueError: ``x`` is less than 2-D or its matrices are not square.
        numpy.linalg.LinAlgError: a matrix is singular.

    Examples:
        >>> import numpy as np
        >>> from mindcell import Tensor, ops
        >>> x = Tensor(np.array([[1.0, 2.0], [0.0, 4.0]], np.float32))
        >>> print(ops.matrix_inverse(x), ops.matrix_inverse(x, adjoint=True), sep="\\n")
        [[ 1.   -0.5 ]
         [ 0.    0.25]]
        [[ 1.    0.  ]
         [-0.5   0.25]]
    """
    check_bool(adjoint, "matrix_inverse", "adjoint")
    return L.matrix_inverse_p.bind(_matrices(x, "matrix_inverse", "x"), adjoint=adjoint)


def det(input):
    """The determinant of each square matrix in the last two axes of ``input``.

    Args:
        input (Tensor): a float16, float32, float64 or bfloat16 tensor of shape (..., N, N)
            (float16 is computed in float32).

    Returns:
        Tensor of shape (...), of ``input``'s dtype.

    Raises:
        TypeError: ``input`` is not a Tensor of one of those dtypes.
        ValueError: ``input`` is less than 2-D or its matrices are not square.

    Examples:
        >>> import numpy as np
        >>> from mindcell import Tensor, ops
        >>> x = Tensor(np.array([[[2.0, 1.0], [1.0, 3.0]], [[1.0, 2.0], [2.0, 4.0]]], np.float32))
        >>> print(ops.det(x))
        [5. 0.]
    """
    return half_via_float32(lambda x: L.matrix_determinant_p.bind(_matrices(x, "det")), input)


def matrix_determinant(input):
    """The determinant of each square matrix in the last two axes of ``input`` (the same as
    :func:`det`).

    Args:
        input (Tensor): a float16, float32, float64 or bfloat16 tensor of shape (..., N, N)
            (float16 is computed in float32).

    Returns:
        Tensor of shape (...), of ``input``'s dtype.

    Raises:
        TypeError: ``input`` is not a Tensor of one of those dtypes.
        ValueError: ``input`` is less than 2-D or its matrices are not square.

    Examples:
        >>> import numpy as np
        >>> from mindcell import Tensor, ops
        >>> print(ops.matrix_determinant(Tensor(np.array([[3.0, 1.0], [2.0, 4.0]], np.float32))))
        10.0
    """
    return half_via_float32(lambda x: L.matrix_determinant_p.bind(
        _matrices(x, "matrix_determinant")), input)


def cholesky(input_x, upper=False):
    """The Cholesky factor of each symmetric positive-definite matrix in the last two axes of
    ``input_x``: the lower-triangular ``L`` with ``A = L @ L.T``, or with ``upper`` the
    upper-triangular ``U`` with ``A = U.T @ U``.

    Args:
        input_x (Tensor): a float16, float32, float64 or bfloat16 tensor of shape (..., N, N)
            (float16 is computed in float32).
        upper (bool): return the upper-triangular factor. Default: ``False``.

    Returns:
        Tensor of the shape and dtype of ``input_x``.

    Raises:
        TypeError: ``input_x`` is not a Tensor of one of those dtypes, or ``upper`` not a bool.
        ValueError: ``input_x`` is less than 2-D, its matrices are not square, or a matrix is not
            symmetric positive definite.

    Examples:
        >>> import numpy as np
        >>> from mindcell import Tensor, ops
        >>> a = Tensor(np.array([[4.0, 2.0], [2.0, 5.0]], np.float32))
        >>> print(ops.cholesky(a), ops.cholesky(a, upper=True), sep="\\n")
        [[2. 0.]
         [1. 2.]]
        [[2. 1.]
         [0. 2.]]
    """
    check_bool(upper, "cholesky", "upper")
    return half_via_float32(lambda x: L.cholesky_p.bind(
        _matrices(x, "cholesky", "input_x"), upper=upper), input_x)


def qr(input, mode="reduced"):
    """The QR decomposition of each matrix in the last two axes of ``input``: ``input = Q @ R``
    with orthonormal columns in ``Q`` and an upper-triangular ``R``.

    Args:
        input (Tensor): a float16, float32, float64 or bfloat16 tensor of shape (..., M, N)
            (float16 is worked in float32).
        mode (str): ``'reduced'``: ``Q`` of shape (..., M, K) and ``R`` (..., K, N) with
            K = min(M, N); ``'complete'``: ``Q`` (..., M, M) and ``R`` (..., M, N).
            Default: ``'reduced'``.

    Returns:
        tuple(Tensor), ``(Q, R)``, of ``input``'s dtype.

    Raises:
        TypeError: ``input`` is not a Tensor of one of those dtypes, or ``mode`` is not
            ``'reduced'`` or ``'complete'`` (as in MindSpore 2.10).
        ValueError: ``input`` is less than 2-D.

    Examples:
        >>> import numpy as np
        >>> from mindcell import Tensor, ops
        >>> a = Tensor(np.array([[3.0, 1.0], [4.0, 2.0], [0.0, 1.0]], np.float32))
        >>> q, r = ops.qr(a)
        >>> print(q.shape, r.shape, np.allclose((q @ r).asnumpy(), a.asnumpy(), atol=1e-6))
        (3, 2) (2, 2) True
    """
    if not (isinstance(mode, str) and mode in ("reduced", "complete")):
        # a TypeError for another str too, as MindSpore 2.10's qr raises
        raise TypeError("%s: 'mode' must be 'reduced' or 'complete', but got %r"
                        % (public_name("qr"), mode))
    return half_via_float32(lambda x: L.qr_p.bind(_matrices(x, "qr", square=False),
                                                  full_matrices=mode == "complete"), input)


def svd(input, full_matrices=False, compute_uv=True):
    """The singular value decomposition of each matrix in the last two axes of ``input``:
    ``input = u @ diag(s) @ v.T`` with the singular values ``s`` in descending order.

    Args:
        input (Tensor): a float32, float64 or bfloat16 tensor of shape (..., M, N).
        full_matrices (bool): square ``u`` (..., M, M) and ``v`` (..., N, N); else (..., M, K)
            and (..., N, K) with K = min(M, N). Default: ``False``.
        compute_uv (bool): return ``u`` and ``v`` too; else only ``s``. Default: ``True``.

    Returns:
        tuple(Tensor), ``(s, u, v)``, or Tensor ``s`` (of shape (..., K)) when not
        ``compute_uv``; of ``input``'s dtype.

    Raises:
        TypeError: ``input`` is not a Tensor of one of those dtypes, or ``full_matrices`` or
            ``compute_uv`` not a bool.
        ValueError: ``input`` is less than 2-D.

    Examples:
        >>> import numpy as np
        >>> from mindcell import Tensor, ops
        >>> a = Tensor(np.array([[3.0, 0.0], [0.0, -2.0], [0.0, 0.0]], np.float32))
        >>> s, u, v = ops.svd(a)
        >>> print(s, u.shape, v.shape, ops.svd(a, full_matrices=True)[1].shape)
        [3. 2.] (3, 2) (2, 2) (3, 3)
    """
    check_bool(full_matrices, "svd", "full_matrices")
    check_bool(compute_uv, "svd", "compute_uv")
    s, u, v = L.svd_p.bind(_matrices(input, "svd", square=False), full_matrices=full_matrices)
    return (s, u, v) if compute_uv else s


# half_via_float32 is a helper of this module and linalg_more_func, not an op of ms.ops
__all__ = [_n for _n, _v in list(globals().items())
           if not _n.startswith("_") and callable(_v) and getattr(_v, "__module__", "") == __name__
           and _n != "half_via_float32"]
