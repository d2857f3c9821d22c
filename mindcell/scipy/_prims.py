"""The primitives behind :mod:`mindcell.scipy`: triangular solves, the symmetric eigensolver,
LU factorisation, least squares and a Cholesky that reports a non positive-definite matrix as
MindSpore's scipy does. The forward calls numpy/scipy LAPACK; the backward rules are written
with mindcell ops (they run in graphs and differentiate again)."""
import numpy as np

from mindcell._arrays import c_contiguous
from mindcell._core.primitive import defprim
from mindcell.ops.defs import _grad_ops as G
from mindcell.ops.defs._util import no_second_order
from mindcell.ops.defs import linalg as L

mm, mT, const = L.mm, L.mT, L.const


# ----- triangular solve ---------------------------------------------------------------------
def _tri_mask(n, lower, unit_diagonal):
    """1 where solve_triangular reads ``a`` (its triangle, without the diagonal when unit)."""
    m = np.tril(np.ones((n, n))) if lower else np.triu(np.ones((n, n)))
    if unit_diagonal:
        m -= np.eye(n)
    return m


def _effective(a, lower, unit_diagonal):
    """The triangular matrix solve_triangular uses: ``a``'s triangle, a unit diagonal if asked."""
    n = a.shape[-1]
    t = np.tril(a) if lower else np.triu(a)
    if unit_diagonal:
        t = t - np.eye(n, dtype=a.dtype) * np.diagonal(a, axis1=-2, axis2=-1)[..., None, :] \
            + np.eye(n, dtype=a.dtype)
    return t


def _solve_triangular_impl(a, b, trans=0, lower=False, unit_diagonal=False):
    """Solves op(T) x = b for (..., N, N) ``a`` and (..., N, K) ``b``; op is T or T^T
    (LAPACK trtrs, one matrix at a time)."""
    import scipy.linalg as sl
    t = _effective(a, lower, unit_diagonal)
    batch = a.shape[:-2]
    ta = t.reshape((-1,) + a.shape[-2:])
    tb = b.reshape((-1,) + b.shape[-2:])
    x = np.empty(tb.shape, a.dtype)
    for i in range(ta.shape[0]):
        x[i] = sl.solve_triangular(ta[i], tb[i], trans=1 if trans else 0, lower=lower,
                                   check_finite=False)
    return c_contiguous(x.reshape(batch + b.shape[-2:]))


def _solve_triangular_bprop(a, b, out, dout, trans=0, lower=False, unit_diagonal=False):
    # x = op(T)^-1 b:  db = op(T)^-T dx,  d op(T) = -db x^T, masked to the triangle read
    db = solve_triangular_p.bind(a, dout, trans=0 if trans else 1, lower=lower,
                                 unit_diagonal=unit_diagonal)
    dt = G.neg(mm(db, out, tb=True))
    if trans:
        dt = mT(dt)
    da = G.mul(dt, const(_tri_mask(a.shape[-1], lower, unit_diagonal), a))
    return da, db


solve_triangular_p = defprim(
    "ScipySolveTriangular", _solve_triangular_impl,
    infer=lambda a, b, **k: b, bprop=_solve_triangular_bprop, fresh_outputs=True)


# ----- symmetric eigendecomposition ---------------------------------------------------------
def _eigh_impl(a):
    w, v = np.linalg.eigh(a)
    return c_contiguous(w, a.dtype), c_contiguous(v, a.dtype)


def _eigh_infer(a):
    shape, dt = tuple(a[0]), a[1]
    return (shape[:-1], dt), (shape, dt)


def _eigh_bprop(a, out, dout):
    """A = V diag(w) V^T for symmetric A: dA = V (diag(dw) + F o (V^T dV)) V^T with
    F_ij = 1 / (w_j - w_i) off the diagonal, symmetrised (A is symmetric by construction)."""
    w, v = out
    dw, dv = dout
    n = a.shape[-1]
    eye = const(np.eye(n), a)
    inner = G.mul(L._expand(dw, -2), eye)
    diff = G.sub(L._expand(w, -2), L._expand(w, -1))  # w_j - w_i
    F = G.mul(G.reciprocal(G.add(diff, eye)), const(1 - np.eye(n), a))
    inner = G.add(inner, G.mul(F, mm(v, dv, ta=True)))
    g = mm(mm(v, inner), v, tb=True)
    return (G.mul(G.add(g, mT(g)), 0.5),)


eigh_p = defprim("ScipyEigh", _eigh_impl, nout=2, infer=_eigh_infer, bprop=_eigh_bprop,
                 fresh_outputs=True)


# ----- Cholesky (MindSpore's scipy reports a failed factorisation as a RuntimeError) --------
def _cholesky_impl(x, upper=False):
    try:
        low = np.linalg.cholesky(x)
    except np.linalg.LinAlgError:
        raise RuntimeError("cholesky: Cholesky expects symmetric positive definite matrices "
                           "as inputs") from None
    return c_contiguous(np.swapaxes(low, -1, -2) if upper else low)


cholesky_p = defprim("ScipyCholesky", _cholesky_impl, infer=lambda x, upper=False: x,
                     bprop=L._cholesky_bprop, fresh_outputs=True)


# ----- LU (MindSpore 2.10 defines no gradient for LU; mindcell does) ---------------------------------------------
def _lu_factor_impl(a):
    """LAPACK getrf of a 2-D (M, N) matrix: packed LU (unit L below the diagonal, U on and
    above) and the 0-based row interchanges as int32."""
    import scipy.linalg as sl
    lu, piv = sl.lu_factor(a, check_finite=False)
    return c_contiguous(lu, a.dtype), c_contiguous(piv, np.int32)


def _lu_factor_infer(a):
    shape, dt = tuple(a[0]), a[1]
    return (shape, dt), ((min(shape[-2:]),), np.dtype(np.int32))


def _lu_grad(perm, low, up, g_low, g_up):
    """A = P L U (square): with F = L^-1 P^T dA U^-1, dL = L tril(F, -1) and dU = triu(F) U,
    so dA = P L^-T (tril(L^T gL, -1) + triu(gU U^T)) U^-T."""
    n = low.shape[-1]
    if up.shape[-2] != up.shape[-1] or low.shape[-2] != n:
        raise ValueError("lu: gradients are defined for square matrices only, but got U of "
                         "shape %s" % (up.shape,))
    inner = G.add(G.mul(mm(low, g_low, ta=True), const(np.tril(np.ones((n, n)), -1), low)),
                  G.mul(mm(g_up, up, tb=True), const(np.triu(np.ones((n, n))), low)))
    linv = L.matrix_inverse_p.bind(low, adjoint=True)  # L^-T
    uinv = L.matrix_inverse_p.bind(up, adjoint=True)  # U^-T
    return mm(perm, mm(mm(linv, inner), uinv))


def _lu_factor_bprop(a, out, dout):
    lu, piv = out
    n = a.shape[-1]
    strict = const(np.tril(np.ones((n, n)), -1), a)
    low = G.add(G.mul(lu, strict), const(np.eye(n), a))
    up = G.mul(lu, const(np.triu(np.ones((n, n))), a))
    perm = const(_pivot_matrix(piv.asnumpy(), n), a)
    g = dout[0]
    return (_lu_grad(perm, low, up, G.mul(g, strict), G.sub(g, G.mul(g, strict))),)


def _pivot_matrix(piv, n):
    """P with A = P L U from LAPACK's row interchanges."""
    order = np.arange(n)
    for i, j in enumerate(piv):
        order[i], order[j] = order[j], order[i]
    p = np.zeros((n, n))
    p[order, np.arange(n)] = 1.0
    return p


lu_factor_p = defprim("ScipyLUFactor", _lu_factor_impl, nout=2, infer=_lu_factor_infer,
                      bprop=_lu_factor_bprop, fresh_outputs=True)


def _lu_impl(a):
    """P, L, U with A = P @ L @ U; P as an int32 permutation matrix."""
    import scipy.linalg as sl
    p, low, up = sl.lu(a, check_finite=False)
    return (c_contiguous(p, np.int32), c_contiguous(low, a.dtype), c_contiguous(up, a.dtype))


def _lu_infer(a):
    shape, dt = tuple(a[0]), a[1]
    m, n = shape[-2:]
    k = min(m, n)
    return ((m, m), np.dtype(np.int32)), ((m, k), dt), ((k, n), dt)


def _lu_bprop(a, out, dout):
    perm, low, up = out
    return (_lu_grad(G.cast(perm, a._np_dtype), low, up, dout[1], dout[2]),)


lu_p = defprim("ScipyLU", _lu_impl, nout=3, infer=_lu_infer, bprop=_lu_bprop,
               fresh_outputs=True)


# ----- least squares -------------------------------------------------------------------------
def _lstsq_impl(a, b, rcond=-1.0):
    """numpy's minimum-norm least squares; ``rcond < 0`` means machine precision times
    max(M, N). Returns the solution, the rank (int64) and the singular values."""
    x, _, rank, s = np.linalg.lstsq(a, b, rcond=None if rcond < 0 else rcond)
    return c_contiguous(x, a.dtype), np.asarray(rank, np.int64), c_contiguous(s, a.dtype)


def _lstsq_infer(a, b, rcond=-1.0):
    (ash, dt), bsh = (tuple(a[0]), a[1]), tuple(b[0])
    return ((ash[-1],) + bsh[1:], dt), ((), np.dtype(np.int64)), ((min(ash),), dt)


def _pinv_impl(a, rcond=-1.0):
    if rcond < 0:
        rcond = np.finfo(a.dtype).eps * max(a.shape)
    u, s, vh = np.linalg.svd(a, full_matrices=False)
    cut = rcond * (s[0] if s.size else 0.0)  # lstsq's rule: singular values <= rcond * s_max
    s_inv = np.where(s > cut, 1.0 / np.where(s > cut, s, 1.0), 0.0)
    return c_contiguous((vh.T * s_inv) @ u.T, a.dtype)


# used inside lstsq's backward only: a gradient through it is a second-order one
pinv_p = defprim("ScipyPinv", _pinv_impl,
                 infer=lambda a, rcond=-1.0: ((a[0][1], a[0][0]), a[1]), fresh_outputs=True,
                 bprop=no_second_order("ScipyPinv"))


def _lstsq_bprop(a, b, out, dout, rcond=-1.0):
    """x = A^+ b with the derivative of the pseudo-inverse at constant rank (Golub & Pereyra):
    dA^+ = -A^+ dA A^+ + A^+ A^+T dA^T (I - A A^+) + (I - A^+ A) dA^T A^+T A^+."""
    x = out[0]
    gx = dout[0]
    p = pinv_p.bind(a, rcond=rcond)  # (N, M)
    m, n = a.shape
    gb = mm(p, gx, ta=True)  # A^+T gx
    r = G.sub(b, mm(a, x))  # (I - A A^+) b
    ga = G.neg(mm(gb, x, tb=True))
    ga = G.add(ga, mm(mm(r, gx, tb=True), mm(p, p, tb=True)))
    y = mm(p, x, ta=True)  # A^+T A^+ b
    q = G.sub(const(np.eye(n), a), mm(p, a))
    ga = G.add(ga, mm(mm(y, gx, tb=True), q))
    return ga, gb


lstsq_p = defprim("ScipyLstsq", _lstsq_impl, nout=3, infer=_lstsq_infer, bprop=_lstsq_bprop,
                  fresh_outputs=True)
