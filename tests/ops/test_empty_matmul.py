"""matmul / bmm / einsum with zero-size dimensions: empty results, and zeros for empty sums
(k == 0), in both modes, with gradients of the right (possibly empty) shapes."""
import numpy as np
import pytest

import mindcell as ms
from mindcell import ops

from fn_cell import FnCell

CASES = [((2, 3, 0), (2, 0, 4)), ((0, 3, 4), (0, 4, 5)), ((2, 0, 4), (2, 4, 5)),
         ((2, 3, 4), (2, 4, 0)), ((2, 3, 4), (4, 0)), ((3, 0), (0, 2)), ((0, 3), (3, 2)),
         ((2, 1, 3, 4), (0, 4, 2)), ((1, 3, 0), (5, 0, 2))]


def _arrays(sa, sb):
    rng = np.random.default_rng(0)
    return rng.standard_normal(sa).astype(np.float32), rng.standard_normal(sb).astype(np.float32)


@pytest.mark.parametrize("sa, sb", CASES)
def test_matmul_and_grads(mode, sa, sb):
    a, b = _arrays(sa, sb)
    out = FnCell(ops.matmul)(ms.Tensor(a), ms.Tensor(b))
    np.testing.assert_array_equal(out.asnumpy(), a @ b)
    ga, gb = ms.grad(FnCell(lambda x, y: ops.matmul(x, y).sum()), (0, 1))(ms.Tensor(a), ms.Tensor(b))
    ones = np.ones((a @ b).shape, np.float32)
    np.testing.assert_allclose(ga.asnumpy(), _sum_to(ones @ np.swapaxes(b, -1, -2), a.shape))
    np.testing.assert_allclose(gb.asnumpy(), _sum_to(np.swapaxes(a, -1, -2) @ ones, b.shape))


def _sum_to(g, shape):
    """``g`` summed over the dims broadcasting added to ``shape``."""
    g = g.sum(axis=tuple(range(g.ndim - len(shape))))
    return g.sum(axis=tuple(i for i, n in enumerate(shape) if n == 1), keepdims=True)


@pytest.mark.parametrize("sa, sb", [c for c in CASES if len(c[0]) == 3 and len(c[1]) == 3
                                    and c[0][0] == c[1][0]])
def test_bmm(mode, sa, sb):
    a, b = _arrays(sa, sb)
    out = FnCell(ops.bmm)(ms.Tensor(a), ms.Tensor(b))
    np.testing.assert_array_equal(out.asnumpy(), a @ b)


@pytest.mark.parametrize("eq, sa, sb", [("bij,bjk->bik", (2, 3, 0), (2, 0, 4)),
                                        ("bij,bjk->bik", (0, 3, 4), (0, 4, 5)),
                                        ("ij,jk->ik", (3, 0), (0, 2)),
                                        ("bij,bkj->bik", (2, 0, 3), (2, 4, 3))])
def test_einsum(mode, eq, sa, sb):
    a, b = _arrays(sa, sb)
    out = FnCell(lambda x, y: ops.einsum(eq, x, y))(ms.Tensor(a), ms.Tensor(b))
    np.testing.assert_allclose(out.asnumpy(), np.einsum(eq, a, b), atol=1e-6)
    assert out.shape == np.einsum(eq, a, b).shape
