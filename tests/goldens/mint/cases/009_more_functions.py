"""More mint functions MindSpore 2.10 runs on the CPU: differences, stacking, grids, NaN sums,
selection, distances, masked selection, sorted insertion, closeness; random functions' shapes
and dtypes."""
from _mint_util import ms, Tensor, np, X, XI, V, show, emit

mint = ms.mint
S = Tensor(np.array([[0.1, 0.4, 0.4, 0.9], [0., 1., 2., 3.]], np.float32))
show("diff", lambda: mint.diff(X))
show("diff.dim0", lambda: mint.diff(X, dim=0))
show("diff.n2", lambda: mint.diff(Tensor(np.array([1., 4., 9., 16.], np.float32)), 2))
show("diff.prepend", lambda: mint.diff(X, prepend=Tensor(np.zeros((2, 1), np.float32))))
show("dstack.1d", lambda: mint.dstack([V, V]))
show("dstack.2d", lambda: mint.dstack([X, X]))
show("hstack.2d", lambda: mint.hstack([X, X]))
show("hstack.1d", lambda: mint.hstack((V, V)))
show("meshgrid", lambda: mint.meshgrid(V, V[:2]))
show("meshgrid.xy", lambda: mint.meshgrid(V, V[:2], indexing="xy"))
show("nansum", lambda: mint.nansum(Tensor(np.array([[1., np.nan], [2., 3.]], np.float32))))
show("nansum.dim", lambda: mint.nansum(Tensor(np.array([[1., np.nan], [2., 3.]], np.float32)), 1))
show("nansum.int", lambda: mint.nansum(XI))
show("ravel", lambda: mint.ravel(X))
show("select", lambda: mint.select(X, 1, 2))
show("select.neg", lambda: mint.select(X, 0, -1))
show("cdist", lambda: mint.cdist(X, X))
show("cdist.p1", lambda: mint.cdist(X, X[:1], 1.0))
show("masked_select", lambda: mint.masked_select(X, X > 0))
show("masked_select.broadcast", lambda: mint.masked_select(X, Tensor(np.array([True, False,
                                                                               True]))))
show("searchsorted", lambda: mint.searchsorted(V, Tensor(np.array([0.3, 0.75, 0.1],
                                                                  np.float32))))
show("searchsorted.right", lambda: mint.searchsorted(V, Tensor(np.array([0.5], np.float32)),
                                                     right=True))
show("searchsorted.side", lambda: mint.searchsorted(S, Tensor(np.array([[0.4], [2.]],
                                                                       np.float32)),
                                                    side="right"))
emit("allclose", mint.allclose(X, X + 1e-7))
emit("allclose.far", mint.allclose(X, X + 1))
emit("allclose.type", type(mint.allclose(X, X)).__name__)
show("rand.shape", lambda: mint.rand(2, 3).shape)
show("rand.dtype", lambda: str(mint.rand((2,), dtype=ms.float64).dtype))
show("randn.shape", lambda: mint.randn((2, 3)).shape)
show("randint.dtype", lambda: str(mint.randint(0, 5, (3,)).dtype))
show("randint.high_only", lambda: mint.randint(5, (2, 2)).shape)
show("rand_like", lambda: (mint.rand_like(X).shape, str(mint.rand_like(X).dtype)))
show("randn_like", lambda: str(mint.randn_like(X, dtype=ms.float64).dtype))
U = Tensor(np.array([1, 1, 2, 2, 1], np.int64))
show("unique_consecutive", lambda: mint.unique_consecutive(U))
show("unique_consecutive.all", lambda: mint.unique_consecutive(U, True, True))
show("unique_consecutive.dim", lambda: mint.unique_consecutive(
    Tensor(np.array([[1, 1], [1, 1], [2, 3]], np.int64)), True, True, 0))
show("unique_consecutive.float", lambda: mint.unique_consecutive(
    Tensor(np.array([[0.5, 0.5], [1., 0.5]], np.float32)), return_counts=True))
