"""Linear-algebra primitives over the last two axes (batched): inverse, determinant, Cholesky,
QR and SVD. The forward calls numpy's LAPACK; the backward rules are the standard
matrix-calculus formulas written with mindcell ops (so they run in graphs and differentiate
again). Inputs are float32/float64 (the public ops check)."""
import numpy as np

from mindcell._arrays import c_contiguous
from mindcell._core.primitive import defprim
from mindcell.common.tensor import Tensor
from mindcell.ops.defs import _grad_ops as G
from mindcell.ops.defs.nn import batch_matmul_p


def mm(a, b, ta=False, tb=False):
    """Batched matrix product (numpy's batch broadcasting)."""
    return batch_matmul_p.bind(a, b, transpose_a=ta, transpose_b=tb)


def mT(x):
    """The last two axes swapped."""
    perm = tuple(range(x.ndim - 2)) + (x.ndim - 1, x.ndim - 2)
    return G.transpose(x, perm)


def const(array, like):
    return Tensor._make(c_contiguous(array, like._np_dtype))


def _expand2(x):
    """A (...,) tensor as (..., 1, 1)."""
    return G.reshape(x, x.shape + (1, 1))


# ----- inverse / determinant ----------------------------------------------------------------
def _inverse_bprop(x, out, dout, adjoint=False):
    # d(A^-1) = -A^-1 dA A^-1  =>  dA = -A^-T dY A^-T
    g = G.neg(mm(mm(out, dout, ta=True), out, tb=True))
    return (mT(g) if adjoint else g,)


def _inverse_impl(x, adjoint=False):
    y = np.linalg.inv(x)
    return c_contiguous(np.swapaxes(y, -1, -2) if adjoint else y)


matrix_inverse_p = defprim("MatrixInverse", _inverse_impl, infer=lambda x, adjoint=False: x,
                           bprop=_inverse_bprop)


def _det_bprop(x, out, dout):
    # d det(A) = det(A) tr(A^-1 dA)  =>  dA = dout det(A) A^-T
    inv = matrix_inverse_p.bind(x, adjoint=True)
    return (G.mul(_expand2(G.mul(dout, out)), inv),)


matrix_determinant_p = defprim("MatrixDeterminant",
                               lambda x: np.asarray(np.linalg.det(x), x.dtype),
                               infer=lambda x: (tuple(x[0][:-2]), x[1]), bprop=_det_bprop)


# ----- Cholesky -----------------------------------------------------------------------------
def _phi_mask(n, like):
    """Lower triangle with the diagonal halved (Murray 2016's Phi as a mask)."""
    return const(np.tril(np.ones((n, n))) - 0.5 * np.eye(n), like)


def _cholesky_bprop(x, out, dout, upper=False):
    L = mT(out) if upper else out
    dL = mT(dout) if upper else dout
    n = x.shape[-1]
    P = G.mul(mm(L, dL, ta=True), _phi_mask(n, x))
    Linv = matrix_inverse_p.bind(L, adjoint=False)
    S = mm(mm(Linv, P, ta=True), Linv)  # L^-T P L^-1
    return (G.mul(G.add(S, mT(S)), 0.5),)


def _cholesky_impl(x, upper=False):
    try:
        L = np.linalg.cholesky(x)
    except np.linalg.LinAlgError:
        raise ValueError("cholesky: the input matrix is not symmetric positive definite") from None
    return c_contiguous(np.swapaxes(L, -1, -2) if upper else L)


cholesky_p = defprim("Cholesky", _cholesky_impl, infer=lambda x, upper=False: x,
                     bprop=_cholesky_bprop)


# ----- QR -----------------------------------------------------------------------------------
def _qr_impl(x, full_matrices=False):
    q, r = np.linalg.qr(x, mode="complete" if full_matrices else "reduced")
    return c_contiguous(q), c_contiguous(r)


def _qr_infer(x, full_matrices=False):
    shape, dt = tuple(x[0]), x[1]
    m, n = shape[-2:]
    k = m if full_matrices else min(m, n)
    return ((shape[:-2] + (m, k), dt), (shape[:-2] + (k, n), dt))


def _copyltu(M):
    """The lower triangle of M mirrored onto the upper one."""
    n = M.shape[-1]
    low = G.mul(M, const(np.tril(np.ones((n, n)), -1), M))
    diag = G.mul(M, const(np.eye(n), M))
    return G.add(G.add(low, mT(low)), diag)


def _qr_bprop(x, out, dout, full_matrices=False):
    m, n = x.shape[-2:]
    if m < n or (full_matrices and m != n):
        raise ValueError("qr: gradients are defined for inputs with rows >= columns in "
                         "mode='reduced' (got a %dx%d matrix)" % (m, n))
    q, r = out
    dq, dr = dout
    # A = QR:  dA = (dQ + Q copyltu(M)) R^-T  with  M = R dR^T - dQ^T Q
    M = G.sub(mm(r, dr, tb=True), mm(dq, q, ta=True))
    b = G.add(dq, mm(q, _copyltu(M)))
    return (mm(b, matrix_inverse_p.bind(r, adjoint=True)),)


qr_p = defprim("Qr", _qr_impl, nout=2, infer=_qr_infer, bprop=_qr_bprop)


# ----- SVD ----------------------------------------------------------------------------------
# The singular vectors are always computed: the gradient of s alone needs them.
def _svd_impl(x, full_matrices=False):
    u, s, vh = np.linalg.svd(x, full_matrices=full_matrices)
    return s, c_contiguous(u), c_contiguous(np.swapaxes(vh, -1, -2))


def _svd_infer(x, full_matrices=False):
    shape, dt = tuple(x[0]), x[1]
    m, n = shape[-2:]
    k = min(m, n)
    s = (shape[:-2] + (k,), dt)
    ku, kv = (m, n) if full_matrices else (k, k)
    return s, (shape[:-2] + (m, ku), dt), (shape[:-2] + (n, kv), dt)


def _svd_bprop(x, out, dout, full_matrices=False):
    """A = U diag(s) V^T (Townsend 2016). Needs distinct non-zero singular values when U or V
    receive gradients (the gradient is undefined otherwise)."""
    s, u, v = out
    ds, du, dv = dout
    m, n = x.shape[-2:]
    k = min(m, n)
    if full_matrices and m != n:
        raise ValueError("svd: gradients of full_matrices=True need a square matrix")
    eye = const(np.eye(k), x)
    S = G.mul(_expand(s, -2), eye)
    core = G.mul(_expand(ds, -2), eye)
    s2 = G.square(s)
    diff = G.sub(_expand(s2, -2), _expand(s2, -1))  # s_j^2 - s_i^2
    F = G.mul(G.reciprocal(G.add(diff, eye)), const(1 - np.eye(k), x))
    ut_du, vt_dv = mm(u, du, ta=True), mm(v, dv, ta=True)
    J = G.mul(F, G.sub(ut_du, mT(ut_du)))
    K = G.mul(F, G.sub(vt_dv, mT(vt_dv)))
    core = G.add(core, G.add(mm(J, S), mm(S, K)))
    g = mm(mm(u, core), v, tb=True)
    s_inv = G.reciprocal(_expand(s, -2))  # 1/s_j over columns
    if m > k:  # the part of dU outside U's span
        proj = G.sub(du, mm(u, ut_du))
        g = G.add(g, mm(G.mul(proj, s_inv), v, tb=True))
    if n > k:
        proj = G.sub(dv, mm(v, vt_dv))
        g = G.add(g, mm(u, G.mul(proj, s_inv), tb=True))
    return (g,)


def _expand(x, axis):
    axis = axis % (x.ndim + 1)
    return G.reshape(x, x.shape[:axis] + (1,) + x.shape[axis:])


svd_p = defprim("Svd", _svd_impl, nout=3, infer=_svd_infer, bprop=_svd_bprop)


def _singular_values_impl(x):
    if 0 in x.shape[-2:]:  # LAPACK refuses empty matrices; they have no singular values
        return np.zeros(x.shape[:-2] + (0,), x.dtype)
    return np.linalg.svd(x, compute_uv=False)


def _singular_values_bprop(x, out, dout):
    # d s_i = u_i^T dA v_i: defined even for repeated singular values (unlike Svd's u, v)
    _, u, v = svd_p.bind(x, full_matrices=False)
    return (mm(G.mul(u, _expand(dout, -2)), v, tb=True),)


# The singular values alone (matrix 2-norms and nuclear norms).
singular_values_p = defprim(
    "SingularValues", _singular_values_impl,
    infer=lambda x: (tuple(x[0][:-2]) + (min(x[0][-2:]),), x[1]), bprop=_singular_values_bprop)
