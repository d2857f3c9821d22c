"""api_table rows for shape queries, strided slicing, roll/meshgrid/triangles, n-d scatter,
einsum, linear algebra, multinomial, jvp and HookBackward."""
import numpy as np

import mindcell as ms
from mindcell import ops

from api_table import R, Op, P, S

NG = dict(grad=False)
LA = dict(f16=False)  # LAPACK has no float16: the linalg ops raise TypeError for it
X3 = (3, 4, 5)
IDX = ms.Tensor(np.array([[0], [2]], np.int32))  # distinct rows of a (3, 4) input
DUP = ms.Tensor(np.array([[1], [1]], np.int64))  # a repeated row: updates accumulate
IDX2 = ms.Tensor(np.array([[0, 1], [2, 3], [0, 1]], np.int32))
EYE = ms.Tensor(np.eye(3, dtype=np.float32))
CTC_TARGETS = ms.Tensor(np.array([[1, 2], [2, 0]], np.int32))


def _spd(a):
    return ops.matmul(a, a.swapaxes(-1, -2)) + EYE * 3


def _in_place(kind, u):
    p = ms.Parameter(ms.Tensor(np.ones((3, 4)), u.dtype), name="p")
    fn = ops.scatter_nd_add if kind == "add" else ops.scatter_nd_update
    return fn(p, IDX, u) * 1


def _hook(grads):
    return None


ROWS = [
    # Ascend's packed recurrent Primitives (tests/ops/test_dynamic_rnn.py checks their values)
    R("ops.DynamicRNN", lambda x, w, b, h, c: ops.DynamicRNN(forget_bias=1.0)(
        x, w, b, None, h, c)[0], (3, 2, 4), (6, 8), (8,), (1, 2, 2), (1, 2, 2)),
    R("ops.DynamicGRUV2", lambda x, wi, wh, bi, bh, h: ops.DynamicGRUV2()(
        x, wi, wh, bi, bh, None, h)[0], (3, 2, 4), (4, 6), (2, 6), (6,), (6,), (2, 2)),
    # shape queries
    *[Op(n, S, z=True) for n in ("shape", "rank", "size")],
    *[P(n, (), S, z=True) for n in ("Shape", "Rank", "Size", "DType")],
    R("ops.tuple_to_array", lambda x: x * ops.tuple_to_array((1.0, 2.0, 3.0)), (4, 3)),
    R("ops.scalar_to_tensor", lambda x: x * ops.scalar_to_tensor(3, x.dtype), S),
    R("ops.ctc_loss", lambda lp: ops.ctc_loss(lp, CTC_TARGETS, (4, 3), (2, 1))[0], (4, 2, 3),
      probe=1, fd="MindSpore's ctc_loss backpropagates exp(log_probs) - occupancy (as PyTorch), "
                  "the derivative only through a log_softmax (test_ctc_loss checks both)"),
    R("ops.partial", lambda x, y: ops.partial(ops.mul, x)(y), S, S, z=True),
    # strided slicing, unstack
    Op("strided_slice", X3, kw=dict(begin=(0, 1, 0), end=(3, 4, 5), strides=(2, 1, 2))),
    R("ops.strided_slice", lambda x: ops.strided_slice(x, (1, 0, -1), (0, 3, 0), (1, 2, -1),
                                                       begin_mask=1, shrink_axis_mask=1), X3),
    R("ops.strided_slice", lambda x: ops.strided_slice(x, (0, 0, 1), (0, 0, 3), (1, 1, 1),
                                                       ellipsis_mask=1, new_axis_mask=2), X3),
    P("StridedSlice", (0, 2, 0, 0, 0), X3, call=((1, 1, 0), (3, 0, 5), (1, 1, 2))),
    Op("unstack", (3, 2), kw=dict(axis=1)),
    P("Unstack", (0,), (3, 2)),
    Op("bias_add", (2, 3, 4), (3,)),
    P("BiasAdd", ("NHWC",), (2, 4, 3), (3,)),
    # roll, meshgrid, triangles, diagonals
    Op("roll", S, kw=dict(shifts=1, dims=0)),
    Op("roll", S, kw=dict(shifts=(1, -4), dims=(0, 1))),
    Op("roll", S, kw=dict(shifts=2)),
    R("ops.Roll", lambda x: ops.Roll(2, 1)(x), S),
    R("ops.meshgrid", lambda a, b, c: ops.meshgrid(a, b, c), (2,), (3,), (4,)),
    R("ops.meshgrid", lambda a, b: ops.meshgrid(a, b, indexing="ij"), (2,), (3,)),
    R("ops.Meshgrid", lambda a, b: ops.Meshgrid("xy")((a, b)), (2,), (3,)),
    Op("tril", (3, 4)), Op("tril", (2, 3, 4), kw=dict(diagonal=-1)),
    Op("triu", (3, 4), kw=dict(diagonal=1)), Op("triu", ("int", (3, 3), 5)),
    P("Tril", (1,), (3, 3)), P("Triu", (-1,), (3, 3)),
    Op("diag", (3,)), Op("diag", (2, 2)), P("Diag", (), (3,)),
    # unique: data-dependent shape
    Op("unique", ("int", (6,), 4), kind="datadep"),
    P("Unique", (), ("int", (6,), 4), kind="datadep"),
    # n-d gather / scatter
    Op("gather_nd", (3, 4), ("int", (2, 2), 3)),
    P("GatherNd", (), (3, 4, 2), ("int", (5, 1), 3)),
    R("ops.tensor_scatter_update", lambda x, u: ops.tensor_scatter_update(x, IDX, u),
      (3, 4), (2, 4)),
    R("ops.tensor_scatter_add", lambda x, u: ops.tensor_scatter_add(x, DUP, u), (3, 4), (2, 4)),
    R("ops.tensor_scatter_add", lambda x, u: ops.tensor_scatter_add(x, IDX2, u), (3, 4), (3,)),
    R("ops.TensorScatterUpdate", lambda x, u: ops.TensorScatterUpdate()(x, IDX2, u), (3, 4),
      (3,)),
    R("ops.TensorScatterAdd", lambda x, u: ops.TensorScatterAdd()(x, DUP, u), (3, 4), (2, 4)),
    R("ops.scatter_nd", lambda u: ops.scatter_nd(DUP, u, (3, 4)), (2, 4)),
    R("ops.ScatterNd", lambda u: ops.ScatterNd()(IDX2, u, (3, 4)), (3,)),
    R("ops.scatter_nd_add", lambda u: _in_place("add", u), (2, 4), **NG),  # like assign
    R("ops.scatter_nd_update", lambda u: _in_place("update", u), (2, 4), **NG),
    # einsum
    R("ops.einsum", lambda a, b: ops.einsum("ij,jk->ik", a, b), (2, 3), (3, 4)),
    R("ops.einsum", lambda a, b: ops.einsum("bij,bjk->bik", a, b), (2, 2, 3), (2, 3, 4)),
    R("ops.einsum", lambda a: ops.einsum("ii->i", a), (3, 3)),
    R("ops.einsum", lambda a: ops.einsum("...ij->...ji", a), (2, 3, 4)),
    R("ops.einsum", lambda a, b: ops.einsum("ij,ij->", a, b), S, S),
    R("ops.einsum", lambda a, b, c: ops.einsum("i,j,ij", a, b, c), (2,), (3,), S),
    R("ops.einsum", lambda a, b: ops.einsum("bij,jk->bk", a, b), (2, 3, 4), (4, 5)),
    R("ops.Einsum", lambda a, b: ops.Einsum("ij,kj->ik")((a, b)), (2, 3), (4, 3)),
    # linear algebra (well-conditioned inputs)
    R("ops.inverse", lambda a: ops.inverse(a + EYE * 4), (3, 3), **LA),
    R("ops.inverse", lambda a: ops.inverse(a + EYE * 4), (2, 3, 3), **LA),
    R("ops.matrix_inverse", lambda a: ops.matrix_inverse(a + EYE * 4, True), (3, 3), **LA),
    R("ops.MatrixInverse", lambda a: ops.MatrixInverse(True)(a + EYE * 4), (3, 3), **LA),
    R("ops.det", lambda a: ops.det(a + EYE * 2), (2, 3, 3), **LA),
    R("ops.matrix_determinant", lambda a: ops.matrix_determinant(a + EYE * 2), (3, 3), **LA),
    R("ops.MatrixDeterminant", lambda a: ops.MatrixDeterminant()(a + EYE * 2), (3, 3), **LA),
    R("ops.cholesky", lambda a: ops.cholesky(_spd(a)), (3, 3), **LA),
    R("ops.cholesky", lambda a: ops.cholesky(_spd(a), upper=True), (2, 3, 3), **LA),
    R("ops.Cholesky", lambda a: ops.Cholesky(True)(_spd(a)), (3, 3), **LA),
    Op("qr", (4, 3), **LA),
    Op("qr", (2, 3, 3), **LA),
    Op("qr", (2, 4), kw=dict(mode="complete"), grad=False, **LA),
    R("ops.Qr", lambda a: ops.Qr(False)(a), (3, 2), **LA),
    Op("svd", (4, 3), **LA),
    Op("svd", (2, 4), **LA),
    Op("svd", (2, 3, 3), kw=dict(compute_uv=False), **LA),
    R("ops.svd", lambda a: ops.svd(a, full_matrices=True), (3, 3), **LA),
    R("ops.Svd", lambda a: ops.Svd(False, False)(a)[0], (3, 2), **LA),
    # random, forward mode, hooks
    Op("multinomial", ("prob", (2, 4)), kw=dict(num_samples=3), kind="random"),
    Op("multinomial", ("prob", (5,)), kw=dict(num_samples=4, replacement=False),
       kind="random"),
    R("ops.jvp", lambda x, v: ops.jvp(lambda a: a * a * a, x, v), S, S),
    R("ops.jvp", lambda x, y, v, w: ops.jvp(lambda a, b: (ops.sin(a) * b, a + b), (x, y),
                                            (v, w)), S, S, S, S),
    R("ops.HookBackward", lambda x: ops.HookBackward(_hook)(x * 2), S, kind="datadep"),
]
