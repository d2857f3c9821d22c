"""Gradients of mindcell.scipy against float64 central finite differences, in PyNative and in
graph mode (ms.jit)."""
import numpy as np
import pytest

import mindcell as ms
from mindcell import Tensor
from mindcell.scipy import fft, linalg

RNG = np.random.default_rng(7)
A = RNG.standard_normal((4, 4))
SPD = A @ A.T + 4 * np.eye(4)
B = RNG.standard_normal((4, 2))
V = RNG.standard_normal(4)
W4 = RNG.standard_normal((4, 4))
W2 = RNG.standard_normal((4, 2))
W5 = RNG.standard_normal(5)
W46 = RNG.standard_normal((4, 6))
W35 = RNG.standard_normal((3, 5))


def _numeric(f, args, i, eps=1e-6):
    """d f / d args[i] by central differences (f returns a float)."""
    x = args[i]
    g = np.zeros_like(x)
    for idx in np.ndindex(x.shape):
        hi = [a.copy() for a in args]
        lo = [a.copy() for a in args]
        hi[i][idx] += eps
        lo[i][idx] -= eps
        g[idx] = (f(*hi) - f(*lo)) / (2 * eps)
    return g


def _sym(a):
    """(a + a^T) / 2: Cholesky's gradient is the symmetric one (the factorisation reads one
    triangle of what is taken to be a symmetric matrix), so differences go through this."""
    return (a + a.T) / 2


CASES = {
    "inv": (lambda a: (linalg.inv(a) * Tensor(W4)).sum(), [A]),
    "det": (lambda a: linalg.det(a), [A]),
    "cholesky_lower": (lambda a: (linalg.cholesky(_sym(a), lower=True) * Tensor(W4)).sum(),
                       [SPD]),
    "cholesky_upper": (lambda a: (linalg.cholesky(_sym(a)) * Tensor(W4)).sum(), [SPD]),
    "eigh_values": (lambda a: (linalg.eigh(a, eigvals_only=True) * Tensor(V)).sum(), [A]),
    "eigh_values_upper": (lambda a: (linalg.eigh(a, lower=False)[0] * Tensor(V)).sum(), [A]),
    # eigenvectors are defined up to sign: a sign-invariant function of them
    "eigh_vectors": (lambda a: ((linalg.eigh(a)[1] ** 2) * Tensor(W4)).sum(), [SPD]),
    "solve_triangular": (lambda a, b: (linalg.solve_triangular(a, b) * Tensor(W2)).sum(),
                         [A + 5 * np.eye(4), B]),
    "solve_triangular_lower_trans_unit": (
        lambda a, b: (linalg.solve_triangular(a, b, trans=1, lower=True, unit_diagonal=True)
                      * Tensor(V)).sum(), [A, V.copy()]),
    "cho_solve": (lambda c, b: (linalg.cho_solve((c, True), b) * Tensor(W2)).sum(),
                  [np.linalg.cholesky(SPD), B]),
    "lstsq_tall": (lambda a, b: (linalg.lstsq(a, b)[0] * Tensor(W2[:3])).sum(),
                   [RNG.standard_normal((6, 3)), RNG.standard_normal((6, 2))]),
    "lstsq_wide": (lambda a, b: (linalg.lstsq(a, b)[0] * Tensor(W5)).sum(),
                   [RNG.standard_normal((3, 5)), RNG.standard_normal(3)]),
    "lu": (lambda a: ((linalg.lu(a)[1] * Tensor(W4)).sum() + (linalg.lu(a)[2] ** 2).sum()),
           [A]),
    "lu_permute_l": (lambda a: (linalg.lu(a, permute_l=True)[0] * Tensor(W4)).sum(), [A]),
    "lu_factor": (lambda a: (linalg.lu_factor(a)[0] * Tensor(W4)).sum(), [A]),
    "lu_solve": (lambda b: (linalg.lu_solve(linalg.lu_factor(Tensor(A)), b, trans=1)
                            * Tensor(W2)).sum(), [B]),
    "block_diag": (lambda a, b: (linalg.block_diag(a, b) ** 2).sum(), [A, B]),
    "dct": (lambda x: (fft.dct(x, n=6) * Tensor(W46)).sum(), [A]),
    "idctn": (lambda x: (fft.idctn(x, s=(3, 5)) * Tensor(W35)).sum(),
              [A]),
}


@pytest.mark.parametrize("name", sorted(CASES))
@pytest.mark.parametrize("graph", [False, True])
def test_gradient_matches_finite_differences(name, graph):
    f, args = CASES[name]
    fn = ms.jit(f) if graph else f
    grads = ms.grad(fn, grad_position=tuple(range(len(args))))(*[Tensor(a) for a in args])
    if len(args) == 1:
        grads = (grads,)

    def value(*xs):
        return float(f(*[Tensor(x) for x in xs]).asnumpy())
    for i, g in enumerate(grads):
        expect = _numeric(value, [a.copy() for a in args], i)
        np.testing.assert_allclose(g.asnumpy(), expect, rtol=1e-5, atol=1e-6,
                                   err_msg="%s, argument %d" % (name, i))


def test_eigh_gradient_reads_one_triangle():
    """Only the triangle eigh reads gets a gradient (the other is never used), as MindSpore."""
    g = ms.grad(lambda a: linalg.eigh(a, eigvals_only=True).sum())(Tensor(A)).asnumpy()
    assert np.all(np.triu(g, 1) == 0)
    g = ms.grad(lambda a: linalg.eigh(a, lower=False, eigvals_only=True).sum())(Tensor(A))
    assert np.all(np.tril(g.asnumpy(), -1) == 0)


def test_lu_of_a_rectangular_matrix_has_no_gradient():
    """Gradients of lu are defined for square matrices; a wide one is refused, not zero."""
    with pytest.raises(ValueError, match="square"):
        ms.grad(lambda a: linalg.lu(a)[2].sum())(Tensor(A[:3]))
