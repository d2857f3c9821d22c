"""mindcell.scipy: values against numpy/scipy, MindSpore's dtype rules and errors (the
recorded MindSpore comparisons are tests/goldens/scipy), the optimizers, and the module paths
MindSpore programs import under ``python -m mindcell.run``."""
import subprocess
import sys
import textwrap

import numpy as np
import pytest
import scipy.linalg as sl

import mindcell as ms
from mindcell import Tensor
from mindcell.scipy import fft, linalg, optimize

A = np.array([[1., 2, 3], [4, 5, 6], [7, 8, 10]])
SPD = np.array([[4., 2, 1], [2, 5, 3], [1, 3, 6]])


@pytest.mark.parametrize("dt", [np.float32, np.float64])
def test_factorisations_match_scipy(dt):
    t = Tensor(A.astype(dt))
    tol = dict(rtol=1e-5, atol=1e-5)
    np.testing.assert_allclose(linalg.inv(t).asnumpy(), np.linalg.inv(A), **tol)
    np.testing.assert_allclose(linalg.det(t).asnumpy(), np.linalg.det(A), **tol)
    p, low, up = linalg.lu(t)
    ep, el, eu = sl.lu(A)
    assert p.dtype == ms.int32 and low.dtype == t.dtype
    np.testing.assert_array_equal(p.asnumpy(), ep)
    np.testing.assert_allclose(low.asnumpy(), el, **tol)
    np.testing.assert_allclose(up.asnumpy(), eu, **tol)
    pl, up2 = linalg.lu(t, permute_l=True)
    np.testing.assert_allclose((pl @ up2).asnumpy(), A, **tol)
    lu, piv = linalg.lu_factor(t)
    elu, epiv = sl.lu_factor(A)
    np.testing.assert_allclose(lu.asnumpy(), elu, **tol)
    np.testing.assert_array_equal(piv.asnumpy(), epiv)
    b = np.arange(6.0).reshape(3, 2)
    for trans in (0, 1):
        np.testing.assert_allclose(linalg.lu_solve((lu, piv), Tensor(b.astype(dt)),
                                                   trans=trans).asnumpy(),
                                   sl.lu_solve((elu, epiv), b, trans=trans), **tol)
    np.testing.assert_allclose(linalg.lu_solve((lu, piv), Tensor(b[:, 0].astype(dt))).asnumpy(),
                               np.linalg.solve(A, b[:, 0]), **tol)
    c = linalg.cholesky(Tensor(SPD.astype(dt)))
    np.testing.assert_allclose(c.asnumpy(), sl.cholesky(SPD), **tol)
    cl = linalg.cho_factor(Tensor(SPD.astype(dt)), lower=True)
    assert cl[1] is True
    np.testing.assert_allclose(linalg.cho_solve(cl, Tensor(b.astype(dt))).asnumpy(),
                               np.linalg.solve(SPD, b), **tol)


@pytest.mark.parametrize("kw", [{}, {"trans": 1}, {"trans": "C"}, {"lower": True},
                                {"unit_diagonal": True, "lower": True, "trans": "T"}])
def test_solve_triangular_matches_scipy_and_batches(kw):
    b = np.array([1., 2, 3])
    got = linalg.solve_triangular(Tensor(A), Tensor(b), **kw).asnumpy()
    np.testing.assert_allclose(got, sl.solve_triangular(A, b, **kw), rtol=1e-10)
    batch = np.stack([A, A.T + 2])
    rhs = np.stack([b, b[::-1]])
    got = linalg.solve_triangular(Tensor(batch), Tensor(rhs), **kw).asnumpy()
    for i in range(2):
        np.testing.assert_allclose(got[i], sl.solve_triangular(batch[i], rhs[i], **kw),
                                   rtol=1e-10)


def test_mindspore_dtype_rules():
    """Integers are computed in float64 (solve_triangular: float32); float16 is refused by the
    factorisations and kept by solve_triangular, as in MindSpore 2.10."""
    ti = Tensor(SPD.astype(np.int32))
    for f in (linalg.inv, linalg.det, linalg.cholesky):
        assert f(ti).dtype == ms.float64
    assert linalg.eigh(ti)[0].dtype == ms.float64
    assert linalg.lu(ti)[1].dtype == ms.float64
    assert linalg.solve_triangular(ti, Tensor(np.ones(3, np.int32))).dtype == ms.float32
    h = Tensor(SPD.astype(np.float16))
    assert linalg.solve_triangular(h, Tensor(np.ones(3, np.float16))).dtype == ms.float16
    for f in (linalg.inv, linalg.det, linalg.cholesky, linalg.lu, linalg.lu_factor, linalg.eigh):
        with pytest.raises(TypeError, match="Float16"):
            f(h)


def test_eigh_reads_one_triangle():
    w, v = linalg.eigh(Tensor(A))
    sym = np.tril(A) + np.tril(A, -1).T
    np.testing.assert_allclose(w.asnumpy(), np.linalg.eigvalsh(sym), rtol=1e-10)
    np.testing.assert_allclose((Tensor(sym) @ v).asnumpy(), (v * w).asnumpy(), atol=1e-10)
    up = np.triu(A) + np.triu(A, 1).T
    np.testing.assert_allclose(linalg.eigh(Tensor(A), lower=False, eigvals_only=True).asnumpy(),
                               np.linalg.eigvalsh(up), rtol=1e-10)


def test_lstsq_minimum_norm_rank_and_rcond():
    a = np.ones((4, 2))
    x, res, rank, s = linalg.lstsq(Tensor(a), Tensor(np.arange(4.0)))
    np.testing.assert_allclose(x.asnumpy(), np.linalg.lstsq(a, np.arange(4.0), rcond=None)[0])
    assert res.shape == (0,) and rank.dtype == ms.int64 and int(rank) == 1 and s.shape == (0,)
    _, _, _, s = linalg.lstsq(Tensor(A), Tensor(np.ones(3)), driver="gelsd")
    np.testing.assert_allclose(s.asnumpy(), np.linalg.svd(A, compute_uv=False))
    # rcond cuts singular values below rcond * s_max (MindSpore 2.10 ignores it)
    x, _, rank, _ = linalg.lstsq(Tensor(A), Tensor(np.ones(3)), rcond=0.1)
    np.testing.assert_allclose(x.asnumpy(), np.linalg.lstsq(A, np.ones(3), rcond=0.1)[0])
    assert int(rank) == 1


@pytest.mark.parametrize("call, error", [
    (lambda: linalg.inv(A), TypeError),
    (lambda: linalg.inv(Tensor(np.stack([A, A]))), ValueError),
    (lambda: linalg.det(Tensor(A[:2])), ValueError),
    (lambda: linalg.cholesky(Tensor(A)).asnumpy(), RuntimeError),
    (lambda: linalg.lu(Tensor(A[:, :2])), ValueError),
    (lambda: linalg.eigh(Tensor(SPD), b=Tensor(SPD)), ValueError),
    (lambda: linalg.eigh(Tensor(SPD), eigvals=(0, 1)), ValueError),
    (lambda: linalg.solve_triangular(Tensor(A), Tensor(np.ones(3, np.float32))), TypeError),
    (lambda: linalg.solve_triangular(Tensor(A), Tensor(np.ones(4))), ValueError),
    (lambda: linalg.solve_triangular(Tensor(A), Tensor(np.ones(3)), trans=3), ValueError),
    (lambda: linalg.cho_solve((Tensor(SPD), False), Tensor(np.ones(3, np.float32))), TypeError),
    (lambda: linalg.block_diag(Tensor(np.ones((1, 1, 1)))), ValueError),
    (lambda: linalg.lstsq(Tensor(A), Tensor(np.ones(3)), driver="bad"), ValueError),
    (lambda: fft.dct(Tensor(A), type=1), ValueError),
    (lambda: fft.idct(Tensor(A), norm="forward"), ValueError),
    (lambda: optimize.minimize(lambda x: (x ** 2).sum(), Tensor(np.ones(2))), ValueError),
    (lambda: optimize.minimize(lambda x: (x ** 2).sum(), Tensor(np.ones(2)), method="CG"),
     ValueError),
    (lambda: optimize.linear_sum_assignment(Tensor(A), 1), TypeError),
    (lambda: optimize.linear_sum_assignment(Tensor(A[0]), False), ValueError),
])
def test_errors_as_mindspore(call, error):
    with pytest.raises(error):
        call()


@pytest.mark.parametrize("arg", ["hess", "hessp", "bounds", "callback"])
def test_minimize_refuses_unimplemented_arguments(arg):
    """MindSpore 2.10 accepts and ignores these; mindcell says they are not implemented."""
    with pytest.raises(NotImplementedError, match=arg):
        optimize.minimize(lambda x: (x ** 2).sum(), Tensor(np.ones(2)), method="BFGS",
                          **{arg: (lambda *a: None) if arg != "bounds" else [(0, 1)] * 2})


def _rosen(x):
    return (100 * (x[1:] - x[:-1] ** 2) ** 2 + (1 - x[:-1]) ** 2).sum()


@pytest.mark.parametrize("method", ["BFGS", "LBFGS", "bfgs", "lbfgs"])
@pytest.mark.parametrize("dt", [np.float32, np.float64])
def test_minimize_finds_the_minimum(method, dt):
    r = optimize.minimize(_rosen, Tensor(np.zeros(4, dt)), method=method,
                          options=dict(maxiter=500, gtol=1e-4 if dt == np.float32 else 1e-8))
    assert r.success and r.status == 0
    assert r.x.dtype == (ms.float32 if dt == np.float32 else ms.float64)
    np.testing.assert_allclose(r.x.asnumpy(), np.ones(4), atol=2e-3 if dt == np.float32 else 1e-6)
    assert isinstance(r.fun, float) and isinstance(r.nit, int) and r.nfev >= r.nit
    assert (r.hess_inv is None) == method.lower().startswith("l")


def test_minimize_with_jac_args_and_maxiter():
    calls = []

    def f(x, c):
        return ((x - c) ** 2).sum()

    def jac(x, c):
        calls.append(1)
        return 2 * (x - c)
    c = Tensor(np.array([1., -2., 3.]))
    r = optimize.minimize(f, Tensor(np.zeros(3)), args=(c,), method="LBFGS", jac=jac)
    np.testing.assert_allclose(r.x.asnumpy(), c.asnumpy(), atol=1e-6)
    assert calls
    r = optimize.minimize(_rosen, Tensor(np.zeros(4)), method="BFGS", options=dict(maxiter=2))
    assert not r.success and r.status == 1 and r.nit == 2
    with pytest.raises(TypeError, match="foo"):
        optimize.minimize(_rosen, Tensor(np.zeros(4)), method="BFGS", options=dict(foo=1))


def test_line_search_strong_wolfe():
    def f(x):
        return (x ** 4).sum() + x[0] * x[1]
    x0 = np.array([1.5, -0.5])
    p = -np.array([4 * 1.5 ** 3 - 0.5, 4 * 0.5 ** 3 * -1 + 1.5])
    res = optimize.line_search(f, Tensor(x0), Tensor(p))
    assert not res.failed and res.status == 0

    def fn(x):
        return float(np.sum(x ** 4) + x[0] * x[1])

    def grad(x):
        return np.array([4 * x[0] ** 3 + x[1], 4 * x[1] ** 3 + x[0]])
    a = res.a_k
    d0 = grad(x0) @ p
    assert fn(x0 + a * p) <= fn(x0) + 1e-4 * a * d0 + 1e-12
    assert abs(grad(x0 + a * p) @ p) <= 0.9 * abs(d0)
    np.testing.assert_allclose(res.f_k, fn(x0 + a * p), rtol=1e-10)
    up = optimize.line_search(f, Tensor(x0), Tensor(-p))  # not a descent direction
    assert up.failed


def test_linear_sum_assignment_matches_scipy():
    from scipy.optimize import linear_sum_assignment as ref
    rng = np.random.default_rng(0)
    for shape in ((5, 5), (3, 6), (6, 3)):
        c = rng.integers(0, 20, shape).astype(np.float64)
        for maximize in (False, True):
            r, k = optimize.linear_sum_assignment(Tensor(c), maximize)
            er, ek = ref(c, maximize=maximize)
            assert r.dtype == ms.int64
            np.testing.assert_array_equal(r.asnumpy(), er)
            np.testing.assert_array_equal(k.asnumpy(), ek)
    r, k = optimize.linear_sum_assignment(Tensor(np.eye(3)), False, Tensor(2))
    assert r.asnumpy().tolist()[-1] == -1 and k.asnumpy().tolist()[-1] == -1


def test_dct_is_orthonormal_and_matches_scipy():
    import scipy.fft as sf
    x = np.random.default_rng(1).standard_normal((3, 5))
    np.testing.assert_allclose(fft.dct(Tensor(x)).asnumpy(), sf.dct(x, norm="ortho"), atol=1e-12)
    np.testing.assert_allclose(fft.idct(Tensor(x), n=7, axis=0).asnumpy(),
                               sf.idct(x, n=7, axis=0, norm="ortho"), atol=1e-12)
    np.testing.assert_allclose(fft.dctn(Tensor(x), s=(2, 4)).asnumpy(),
                               sf.dctn(x, s=(2, 4), norm="ortho"), atol=1e-12)
    np.testing.assert_allclose(fft.idctn(fft.dctn(Tensor(x))).asnumpy(), x, atol=1e-12)
    assert fft.dct(Tensor(np.ones(4, np.int32))).dtype == ms.float32


def test_mindspore_scipy_imports_under_the_runner(tmp_path):
    script = tmp_path / "prog.py"
    script.write_text(textwrap.dedent("""
        import numpy as np
        import mindspore as ms
        import mindspore.scipy
        from mindspore.scipy import linalg as lg
        from mindspore.scipy.linalg import eigh, solve_triangular
        from mindspore.scipy.optimize import minimize
        import mindspore.scipy.optimize.linear_sum_assignment as lsap
        from mindspore.scipy.fft import dct
        w, v = lg.eigh(ms.Tensor(np.array([[2., 1.], [1., 2.]], np.float32)))
        r = minimize(lambda x: ((x - 1) ** 2).sum(), ms.Tensor(np.zeros(2, np.float32)),
                     method="LBFGS")
        print(w.asnumpy().round(4).tolist(), r.x.asnumpy().round(4).tolist(),
              lsap(ms.Tensor(np.eye(2)), True)[1].asnumpy().tolist(),
              mindspore.scipy.linalg is lg)
    """))
    out = subprocess.run([sys.executable, "-m", "mindcell.run", str(script)],
                         capture_output=True, text=True, timeout=300)
    assert out.returncode == 0, out.stderr
    assert out.stdout.split() == ["[1.0,", "3.0]", "[1.0,", "1.0]", "[0,", "1]", "True"]


@pytest.mark.parametrize("name", ["mindcell.scipy.linalg", "mindcell.scipy.fft",
                                  "mindcell.scipy.optimize.minimize",
                                  "mindcell.scipy.optimize.line_search",
                                  "mindcell.scipy.optimize.linear_sum_assignment"])
def test_docstring_examples(name):
    import doctest
    import importlib
    module = sys.modules.get(name) or importlib.import_module(name)
    result = doctest.testmod(module, optionflags=doctest.NORMALIZE_WHITESPACE)
    assert result.attempted > 0 and result.failed == 0
