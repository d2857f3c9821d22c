"""mindspore.scipy.linalg errors: non-Tensor, float16, non-2-D and non-square inputs, a
non positive-definite Cholesky, lu of a tall matrix, eigh's unimplemented arguments,
mismatched dtypes and shapes, block_diag of a 3-D block, an unknown lstsq driver."""
import numpy as np
import importlib

from _target import ms, Tensor, emit

L = importlib.import_module(ms.__name__ + ".scipy.linalg")  # not loaded by import mindspore
a = np.array([[1., 2, 3], [4, 5, 6], [7, 8, 10]], np.float32)
t = Tensor(a)


def err(key, f):
    try:
        f()
        emit(key, "no error")
    except Exception as e:  # noqa: BLE001
        emit(key, e)


for name in ("inv", "det", "cholesky", "cho_factor", "lu", "lu_factor", "eigh"):
    f = getattr(L, name)
    err(name + "_numpy", lambda: f(a))
    err(name + "_float16", lambda: f(Tensor(a.astype(np.float16))))
    err(name + "_1d", lambda: f(Tensor(a[0])))
    err(name + "_3d", lambda: f(Tensor(np.stack([a, a]))))
    if name not in ("lu", "lu_factor"):
        err(name + "_rect", lambda: f(Tensor(a[:2])))
err("cholesky_not_pd", lambda: L.cholesky(t).asnumpy())  # MindSpore raises when read
err("lu_tall", lambda: L.lu(Tensor(a[:, :2])))
err("eigh_b", lambda: L.eigh(t, b=t))
err("eigh_eigvals", lambda: L.eigh(t, eigvals=(0, 1)))
err("cho_solve_dtypes", lambda: L.cho_solve((t, False), Tensor(np.ones(3, np.float64))))
err("st_dtypes", lambda: L.solve_triangular(t, Tensor(np.ones(3, np.float64))))
err("st_shape", lambda: L.solve_triangular(t, Tensor(np.ones(4, np.float32))))
err("block_diag_3d", lambda: L.block_diag(Tensor(np.ones((1, 1, 1), np.float32))))
err("lstsq_driver", lambda: L.lstsq(t, Tensor(np.ones(3, np.float32)), driver="bad"))
err("lstsq_int", lambda: L.lstsq(Tensor(a.astype(np.int32)), Tensor(np.ones(3, np.int32))))
