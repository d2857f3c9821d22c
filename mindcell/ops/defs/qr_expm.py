"""Householder QR pieces (Geqrf, Orgqr, Ormqr: LAPACK's packed form, numpy/scipy's LAPACK) and the
matrix exponential (MatrixExp, scipy.linalg.expm), batched over leading axes. The QR pieces have
no gradient (MindSpore 2.10 has none); MatrixExp's gradient is the upper-right block of
``expm([[A^T, G], [0, A^T]])`` (the adjoint of the Frechet derivative), first order only."""
import numpy as np

from mindcell._core.primitive import defprim
from mindcell.ops.defs._util import no_gradient, no_second_order


def _batched(fn, *arrays):
    """``fn`` on each matrix of the batch (the public ops handle empty inputs first)."""
    lead = arrays[0].shape[:-2] if arrays[0].ndim >= 2 else ()
    flat = [a.reshape((-1,) + a.shape[len(lead):]) for a in arrays]
    outs = [fn(*parts) for parts in zip(*flat)]
    if isinstance(outs[0], tuple):
        return tuple(np.stack([o[i] for o in outs]).reshape(lead + outs[0][i].shape)
                     for i in range(len(outs[0])))
    return np.stack(outs).reshape(lead + outs[0].shape)


def _geqrf_one(a):
    m, n = a.shape
    if min(m, n) == 0:
        return a.copy(), np.zeros((0,), a.dtype)
    h, tau = np.linalg.qr(a.astype(np.float64), mode="raw")
    return h.T.astype(a.dtype), tau.astype(a.dtype)


def _householder(y, tau, n_cols):
    """Q = H_1 ... H_k (its first ``n_cols`` columns), H_i = I - tau_i v_i v_i^T, v_i the i-th
    column of ``y`` below the diagonal with a unit i-th entry."""
    m = y.shape[0]
    q = np.eye(m, dtype=np.float64)
    y = y.astype(np.float64)
    for i in range(len(tau) - 1, -1, -1):
        v = np.zeros(m)
        v[i] = 1.0
        v[i + 1:] = y[i + 1:, i]
        q = q - float(tau[i]) * np.outer(v, v @ q)
    return q[:, :n_cols]


def _orgqr_one(y, tau):
    return _householder(y, tau, y.shape[1]).astype(y.dtype)


def _ormqr_one(y, tau, c, left, transpose):
    q = _householder(y, tau, y.shape[0])
    if transpose:
        q = q.T
    out = q @ c.astype(np.float64) if left else c.astype(np.float64) @ q
    return out.astype(c.dtype)


def _shape_only(*avals, **attrs):
    return avals[0]


def _as2d(tau):
    """``tau`` (..., k) as (..., 1, k) so that _batched splits it like the matrices."""
    return tau.reshape(tau.shape[:-1] + (1, tau.shape[-1]))


_PACKED = "LAPACK's packed Householder form"
geqrf_p = defprim("Geqrf", lambda a: _batched(_geqrf_one, a), nout=2,
                  infer=lambda a: ((tuple(a[0]), a[1]),
                                   (tuple(a[0][:-2]) + (min(a[0][-2:]),), a[1])),
                  bprop=no_gradient("Geqrf", _PACKED))
orgqr_p = defprim("Orgqr", lambda y, tau: _batched(lambda a, t: _orgqr_one(a, t[0]), y,
                                                   _as2d(tau)), infer=_shape_only,
                  bprop=no_gradient("Orgqr", _PACKED))
ormqr_p = defprim("Ormqr", lambda y, tau, c, left, transpose: _batched(
    lambda a, t, b: _ormqr_one(a, t[0], b, left, transpose), y, _as2d(tau), c),
    infer=lambda y, tau, c, left, transpose: c, bprop=no_gradient("Ormqr", _PACKED))


def _expm_one(a):
    from scipy.linalg import expm
    return expm(a.astype(np.float64)).astype(a.dtype)


def _matrix_exp_bprop(x, out, dout):
    return (matrix_exp_grad_p.bind(x, dout),)


def _matrix_exp_grad(x, dout):
    n = x.shape[-1]

    def one(a, g):
        from scipy.linalg import expm
        a64 = a.astype(np.float64).T
        block = np.zeros((2 * n, 2 * n))
        block[:n, :n] = a64
        block[n:, n:] = a64
        block[:n, n:] = g.astype(np.float64)
        return expm(block)[:n, n:].astype(a.dtype)
    return _batched(one, x, dout)


matrix_exp_p = defprim("MatrixExp", lambda a: _batched(_expm_one, a), infer=_shape_only,
                       bprop=_matrix_exp_bprop)
matrix_exp_grad_p = defprim("MatrixExpGrad", _matrix_exp_grad,
                            infer=lambda x, dout: x, bprop=no_second_order("MatrixExpGrad"))
