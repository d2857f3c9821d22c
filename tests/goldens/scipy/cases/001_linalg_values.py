"""mindspore.scipy.linalg values, dtypes and shapes: inv, det, cholesky, cho_factor/cho_solve,
lu, lu_factor, lu_solve, lu_pivots_to_permutation, solve_triangular (trans, lower, unit,
batches), eigh (lower/upper triangle), lstsq (drivers, rank-deficient), block_diag."""
import numpy as np
import importlib

from _target import ms, Tensor, emit

L = importlib.import_module(ms.__name__ + ".scipy.linalg")  # not loaded by import mindspore
a = np.array([[1., 2, 3], [4, 5, 6], [7, 8, 10]])
s = a @ a.T + np.eye(3)
spd = np.array([[4., 2, 1], [2, 5, 3], [1, 3, 6]])


def out(key, r):
    if isinstance(r, (tuple, list)):
        for i, x in enumerate(r):
            out("%s[%d]" % (key, i), x)
    elif isinstance(r, Tensor):
        emit(key + ".dtype", r.dtype)
        emit(key, r)
    else:
        emit(key, r)


for dt in (np.float32, np.float64, np.int32, np.int64):
    t = Tensor(spd.astype(dt))
    n = np.dtype(dt).name
    out("inv_" + n, L.inv(t))
    out("det_" + n, L.det(t))
    out("cholesky_" + n, L.cholesky(t))
    out("cholesky_lower_" + n, L.cholesky(t, lower=True))
    out("cho_factor_" + n, L.cho_factor(t))
    out("lu_" + n, L.lu(t))
    out("lu_factor_" + n, L.lu_factor(t))
    out("eigvals_" + n, L.eigh(t, eigvals_only=True))
for dt in (np.float32, np.float64):
    t = Tensor(a.astype(dt))
    n = np.dtype(dt).name
    out("lu_pivot_" + n, L.lu(t))
    out("lu_factor_pivot_" + n, L.lu_factor(t))
    out("lu_wide_" + n, L.lu(Tensor(a[:2].astype(dt))))
    out("lu_solve_" + n, L.lu_solve(L.lu_factor(t), Tensor(np.arange(6).reshape(3, 2).astype(dt))))
    out("perm_" + n, L.lu_pivots_to_permutation(L.lu_factor(t)[1], 3))
    c = L.cho_factor(Tensor(s.astype(dt)))
    out("cho_solve_" + n, L.cho_solve(c, Tensor(np.ones(3, dt))))
    out("cho_solve_lower_" + n, L.cho_solve(L.cho_factor(Tensor(s.astype(dt)), lower=True),
                                            Tensor(np.ones((3, 2), dt))))
    one = Tensor(np.array([1., 2, 3], dt))
    for kw in (dict(), dict(trans=1), dict(trans="T"), dict(trans=2), dict(lower=True),
               dict(unit_diagonal=True), dict(lower=True, trans="C", unit_diagonal=True)):
        out("solve_triangular_%s_%s" % (n, "_".join("%s=%s" % kv for kv in sorted(kw.items()))),
            L.solve_triangular(t, one, **kw))
    out("st_matrix_" + n, L.solve_triangular(t, Tensor(np.ones((3, 2), dt))))
    out("st_batch_" + n, L.solve_triangular(Tensor(np.stack([a, a.T + 1]).astype(dt)),
                                            Tensor(np.arange(6).reshape(2, 3).astype(dt))))
    # eigenvectors up to sign: emit |v| and the reconstruction
    w, v = L.eigh(Tensor(s.astype(dt)))
    out("eigh_w_" + n, w)
    emit("eigh_absv_" + n, np.abs(v.asnumpy()))
    emit("eigh_lower_w_" + n, L.eigh(t)[0])
    emit("eigh_upper_w_" + n, L.eigh(t, lower=False)[0])
    out("lstsq_" + n, L.lstsq(t, one))
    out("lstsq_tall_" + n, L.lstsq(Tensor(np.ones((4, 2), dt)), Tensor(np.arange(4).astype(dt))))
    out("lstsq_wide_" + n, L.lstsq(Tensor(np.ones((2, 4), dt)), Tensor(np.arange(2).astype(dt))))
    out("lstsq_gelsd_" + n, L.lstsq(t, one, driver="gelsd"))
    out("lstsq_gelss_" + n, L.lstsq(Tensor(spd.astype(dt)), Tensor(np.ones((3, 2), dt)),
                                    driver="gelss"))
    out("lstsq_gelsy_" + n, L.lstsq(t, one, driver="gelsy"))
    # (rcond is not recorded: MindSpore 2.10 ignores it; mindcell applies it as numpy does)
    out("lstsq_gels_" + n, L.lstsq(t, one, driver="gels"))
out("st_int32", L.solve_triangular(Tensor(a.astype(np.int32)), Tensor(np.ones(3, np.int32))))
# float16 with a solution exact in binary (MindSpore solves in float16, mindcell in float32)
tri = np.array([[2., 1, 1], [0, 4, 2], [0, 0, 8]])
out("st_float16", L.solve_triangular(Tensor(tri.astype(np.float16)), Tensor(np.ones(3, np.float16))))
out("lstsq_float16", L.lstsq(Tensor(a.astype(np.float16)), Tensor(np.ones(3, np.float16))))
out("block_diag", L.block_diag(Tensor(spd.astype(np.float32)), Tensor(np.ones(2, np.float32)),
                               Tensor(np.float32(7))))
out("block_diag_promote", L.block_diag(Tensor(np.ones(2, np.float32)),
                                       Tensor(np.ones((1, 1), np.float64))))
out("block_diag_int", L.block_diag(Tensor(np.ones((2, 1), np.int32)), Tensor(np.ones((1, 2), np.int32))))
out("block_diag_empty", L.block_diag())
