"""mindspore.scipy.optimize: minimize (BFGS/LBFGS) results' fields, types and minima;
method errors; line_search on a quadratic; linear_sum_assignment with and without
dimension_limit, wide and tall matrices, and its argument errors."""
import numpy as np
import importlib

from _target import ms, Tensor, emit

O = importlib.import_module(ms.__name__ + ".scipy.optimize")  # not loaded by import mindspore


def himmelblau(p):
    x, y = p
    return (x ** 2 + y - 11.) ** 2 + (x + y ** 2 - 7.) ** 2


def coupled(x):
    return ((x - Tensor(np.array([1., 2.], np.float32))) ** 2).sum() + (x[0] * x[1]) ** 2


for method, dt in (("BFGS", np.float32), ("LBFGS", np.float64), ("lbfgs", np.float32)):
    if True:
        r = O.minimize(himmelblau, Tensor(np.zeros(2, dt)), method=method,
                       options=dict(maxiter=None, gtol=1e-6))
        key = "%s_%s" % (method, np.dtype(dt).name)
        emit(key + "_fields", list(r._fields))
        emit(key + "_x", r.x)
        emit(key + "_x_dtype", r.x.dtype)
        emit(key + "_success", r.success)
        emit(key + "_status", r.status)
        emit(key + "_fun_type", type(r.fun).__name__)
        emit(key + "_hess_inv_none", r.hess_inv is None)
        emit(key + "_types", [type(v).__name__ for v in (r.success, r.status, r.nfev, r.njev, r.nit)])
r = O.minimize(coupled, Tensor(np.zeros(2, np.float32)), method="BFGS")
emit("BFGS_coupled_x", r.x)
emit("BFGS_coupled_fun", r.fun)
for kw in (dict(method=None), dict(method="CG")):
    try:
        O.minimize(himmelblau, Tensor(np.zeros(2, np.float32)), **kw)
        emit("minimize_%s" % kw["method"], "no error")
    except Exception as e:  # noqa: BLE001
        emit("minimize_%s" % kw["method"], e)


def quad(x):
    return (x ** 2).sum()


res = O.line_search(quad, Tensor(np.ones(2, np.float32)), Tensor(np.array([-1., -1], np.float32)))
emit("ls_fields", list(res._fields))
emit("ls", [res.failed, res.a_k, res.f_k, res.g_k, res.status])
res = O.line_search(quad, Tensor(np.ones(2, np.float64)), Tensor(np.array([-0.3, -0.2])))
emit("ls64", [res.failed, res.a_k, res.f_k, res.g_k, res.status])

c = Tensor(np.array([[2, 3, 3], [3, 2, 3], [3, 3, 2]])).astype(ms.float64)
emit("lsa", O.linear_sum_assignment(c, False))
emit("lsa_dtype", O.linear_sum_assignment(c, False)[0].dtype)
emit("lsa_max_limit", O.linear_sum_assignment(c, True, Tensor(2)))
w = Tensor(np.array([[4., 1, 3, 5], [2, 0, 5, 1]], np.float32))
emit("lsa_wide", O.linear_sum_assignment(w, False))
emit("lsa_tall", O.linear_sum_assignment(w.T, False))
emit("lsa_max", O.linear_sum_assignment(w, True))
emit("lsa_int", O.linear_sum_assignment(Tensor(np.array([[5, 1], [1, 5]], np.int32)), False))
for key, args in (("lsa_maximize_int", (c, 1)), ("lsa_1d", (c[0], False)),
                  ("lsa_limit_int32", (c, False, Tensor(2, ms.int32)))):
    try:
        O.linear_sum_assignment(*args)
        emit(key, "no error")
    except Exception as e:  # noqa: BLE001
        emit(key, e)
