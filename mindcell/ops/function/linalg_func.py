"""Linear algebra over the last two axes (batched): inverse, determinant, Cholesky, QR, SVD,
einsum."""
import numpy as np

from mindcell.dtype import BF16_NP
from mindcell.ops._errors import check_bool, check_choice, public_name
from mindcell.ops._helpers import check_tensor
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


def inverse(input):
    """inverse(input): the inverse of each square matrix in the last two axes."""
    return L.matrix_inverse_p.bind(_matrices(input, "inverse"), adjoint=False)


def matrix_inverse(x, adjoint=False):
    """matrix_inverse(x, adjoint=False): as :func:`inverse`; ``adjoint`` transposes the result."""
    check_bool(adjoint, "matrix_inverse", "adjoint")
    return L.matrix_inverse_p.bind(_matrices(x, "matrix_inverse", "x"), adjoint=adjoint)


def det(input):
    """det(input): the determinant of each square matrix in the last two axes."""
    return L.matrix_determinant_p.bind(_matrices(input, "det"))


def matrix_determinant(input):
    """matrix_determinant(input): same as :func:`det`."""
    return L.matrix_determinant_p.bind(_matrices(input, "matrix_determinant"))


def cholesky(input_x, upper=False):
    """cholesky(input_x, upper=False): ``L`` with ``A = L L^T`` (``U^T U`` when ``upper``) of
    symmetric positive-definite matrices; ValueError when a matrix is not."""
    check_bool(upper, "cholesky", "upper")
    return L.cholesky_p.bind(_matrices(input_x, "cholesky", "input_x"), upper=upper)


def qr(input, mode="reduced"):
    """qr(input, mode='reduced'): ``(Q, R)`` with orthonormal ``Q`` and upper-triangular ``R``;
    mode 'complete' gives a square ``Q``."""
    check_choice(mode, "qr", "mode", ("reduced", "complete"))
    x = _matrices(input, "qr", square=False)
    return L.qr_p.bind(x, full_matrices=mode == "complete")


def svd(input, full_matrices=False, compute_uv=True):
    """svd(input, full_matrices=False, compute_uv=True): ``(s, u, v)`` with
    ``input = u @ diag(s) @ v^T`` and ``s`` descending; only ``s`` when not ``compute_uv``."""
    check_bool(full_matrices, "svd", "full_matrices")
    check_bool(compute_uv, "svd", "compute_uv")
    s, u, v = L.svd_p.bind(_matrices(input, "svd", square=False), full_matrices=full_matrices)
    return (s, u, v) if compute_uv else s


__all__ = [_n for _n, _v in list(globals().items())
           if not _n.startswith("_") and callable(_v) and getattr(_v, "__module__", "") == __name__]
