"""Input validation of the reductions, axis/permutation ops, gather/scatter, sorting, tensor
indexing and vjp: a bad input raises TypeError/ValueError (IndexError for indexing) naming the
op the user called; valid inputs still match numpy."""
import numpy as np
import pytest

import mindcell as ms
from mindcell import Tensor, ops

RNG = np.random.default_rng(0)
XA = RNG.standard_normal((2, 3)).astype(np.float32)
EMPTY = np.zeros((0, 3), np.float32)


def X():
    return Tensor(XA.copy())


def _t(a):
    return Tensor(np.asarray(a))


def _setitem(x, index, value):
    x[index] = value


BAD = [
    # reductions: one validator for the tensor, the axes and keep_dims
    ("reduce_sum_none", lambda: ops.reduce_sum(None), TypeError, "reduce_sum"),
    ("reduce_mean_str", lambda: ops.reduce_mean("a"), TypeError, "reduce_mean"),
    ("sum_keepdim_int", lambda: ops.sum(X(), 1, keepdim=1), TypeError, "sum"),
    ("method_keepdims_tensor", lambda: X().sum(keepdims=X()), TypeError, "sum"),
    ("method_keep_dims_array", lambda: X().mean(keep_dims=XA), TypeError, "mean"),
    ("method_argmax_keepdims", lambda: X().argmax(keepdims=X()), TypeError, "argmax"),
    ("sum_dtype_tensor", lambda: ops.sum(X(), dtype=X()), TypeError, "sum"),
    ("cumsum_dtype_tensor", lambda: ops.cumsum(X(), 1, dtype=X()), TypeError, "cumsum"),
    ("amax_empty", lambda: ops.amax(_t(EMPTY)), ValueError, "amax"),
    ("reduce_max_empty", lambda: ops.ReduceMax()(_t(EMPTY)), ValueError, "ReduceMax"),
    ("method_min_empty_axis", lambda: _t(EMPTY).min(axis=0), ValueError, "min"),
    ("argmax_empty", lambda: ops.argmax(_t(EMPTY), 0), ValueError, "argmax"),
    ("reduce_axis_9", lambda: ops.reduce_sum(X(), 9), ValueError, "reduce_sum"),
    # permutations and axes
    ("permute_short", lambda: ops.permute(X(), (0,)), ValueError, "permute"),
    ("permute_dup", lambda: X().permute(0, 0), ValueError, "permute"),
    ("permute_huge", lambda: ops.permute(X(), (0, 2 ** 70)), ValueError, "permute"),
    ("transpose_tensor_perm", lambda: ops.transpose(X(), X()), TypeError, "transpose"),
    ("Transpose_dup", lambda: ops.Transpose()(X(), (1, 1)), ValueError, "Transpose"),
    ("movedim_none", lambda: ops.movedim(None, 0, 1), TypeError, "movedim"),
    ("swapaxes_9", lambda: ops.swapaxes(X(), 0, 9), ValueError, "swapaxes"),
    ("Squeeze_array_axis", lambda: ops.Squeeze(axis=XA)(X()), TypeError, "Squeeze"),
    # gather / scatter / index_add
    ("gather_0d", lambda: ops.gather(_t(np.float32(1)), _t([0]), 0), ValueError, "gather"),
    ("gather_elements_big_index",
     lambda: ops.gather_elements(X(), 1, _t(np.zeros((3, 3), np.int64))), ValueError,
     "gather_elements"),
    ("scatter_0d_index", lambda: ops.scatter(X(), 1, _t(0), X()), ValueError, "scatter"),
    ("scatter_index_range",
     lambda: ops.scatter(X(), 1, _t(np.full((2, 3), 3)), X()), ValueError, "scatter"),
    ("scatter_add_small_src",
     lambda: ms.mint.scatter_add(X(), 1, _t(np.zeros((2, 3), np.int64)), _t(XA[:, :1])),
     ValueError, "scatter_add"),
    ("index_add_y_shape",
     lambda: ops.index_add(X(), _t([0, 2]), _t(np.ones((5, 7), np.float32)), 1), ValueError,
     "index_add"),
    ("index_add_range", lambda: ops.index_add(X(), _t([0, 2]), X(), 0), ValueError, "index_add"),
    # sorting flags
    ("topk_largest_tensor", lambda: ops.topk(X(), 1, largest=X()), TypeError, "topk"),
    ("TopK_sorted_array", lambda: ops.TopK(sorted=XA)(X(), 1), TypeError, "TopK"),
    ("sort_descending_array", lambda: ops.sort(X(), descending=XA), TypeError, "sort"),
    ("argsort_descending_tensor", lambda: X().argsort(descending=X()), TypeError, "argsort"),
    ("nonzero_as_tuple_tensor", lambda: ops.nonzero(X(), as_tuple=X()), TypeError, "nonzero"),
    # tensor indexing
    ("getitem_not_tensor", lambda: ops.getitem(None, 0), TypeError, "getitem"),
    ("getitem_str_list", lambda: X()[["a"]], IndexError, "tensor index"),
    ("getitem_index_range", lambda: X()[_t([0, 5])], IndexError, "getitem"),
    ("setitem_shape", lambda: _setitem(X(), 0, _t(np.ones(5, np.float32))), ValueError,
     "setitem"),
    ("fill_shape", lambda: X().fill_(_t(np.ones((5, 7), np.float32))), ValueError, "fill_"),
    ("fill_huge", lambda: X().fill_(2 ** 2000), ValueError, "fill_"),  # beyond Float64
    # vjp
    ("vjp_fn_not_callable", lambda: ops.vjp(3, X()), TypeError, "vjp"),
    ("vjp_input_none", lambda: ops.vjp(lambda v: v * 2, None), TypeError, "vjp"),
    ("vjp_has_aux_tensor", lambda: ops.vjp(lambda v: v * 2, X(), has_aux=X()), TypeError,
     "vjp"),
]


@pytest.mark.parametrize("call, kind, name", [c[1:] for c in BAD], ids=[c[0] for c in BAD])
def test_bad_input_raises_naming_the_op(call, kind, name):
    with pytest.raises(kind) as info:
        call()
    assert name.lower() in str(info.value).lower()


GOOD = [
    ("amax_axes", lambda: ops.amax(X(), (0, 1)), lambda: XA.max()),
    ("ReduceMin_keep", lambda: ops.ReduceMin(keep_dims=True)(X(), 1),
     lambda: XA.min(1, keepdims=True)),
    ("method_sum_keepdims", lambda: X().sum(axis=0, keep_dims=True),
     lambda: XA.sum(0, keepdims=True)),
    ("max_0d_axis0", lambda: ops.max(_t(np.float32(2.5)), 0)[0], lambda: np.float32(2.5)),
    ("argmax_0d", lambda: ops.Argmax()(_t(np.float32(2.5))), lambda: np.int32(0)),
    ("ArgMaxWithValue", lambda: ops.ArgMaxWithValue(axis=1)(X())[1], lambda: XA.max(1)),
    ("permute_negative", lambda: ops.permute(_t(np.zeros((2, 3, 4))), (-1, 0, 1)),
     lambda: np.zeros((4, 2, 3))),
    ("movedim", lambda: ops.movedim(X(), 0, 1), lambda: XA.T),
    ("Squeeze_default", lambda: ops.Squeeze()(_t(XA[:1])), lambda: XA[0]),
    ("gather_elements_small_index",
     lambda: ops.gather_elements(X(), 1, _t(np.array([[2, 0]]))),
     lambda: np.take_along_axis(XA[:1], np.array([[2, 0]]), 1)),
    ("scatter_big_src",
     lambda: ops.scatter(X(), 1, _t(np.array([[2], [0]])), _t(np.ones((2, 3), np.float32))),
     lambda: np.where([[0, 0, 1], [1, 0, 0]], 1, XA)),
    ("index_add", lambda: ops.index_add(X(), _t([0, 2]), X()[:, :2], 1),
     lambda: XA + np.stack([XA[:, 0], 0 * XA[:, 0], XA[:, 1]], 1)),
    ("topk_flags", lambda: ops.topk(X(), 2, largest=False, sorted=True)[0],
     lambda: np.sort(XA, 1)[:, :2]),
    ("getitem_list", lambda: X()[[1, 0]], lambda: XA[[1, 0]]),
    ("fill_scalar", lambda: X().fill_(2.0), lambda: np.full((2, 3), 2.0)),
]


@pytest.mark.parametrize("call, expected", [c[1:] for c in GOOD], ids=[c[0] for c in GOOD])
def test_valid_input_matches_numpy(call, expected):
    ms.set_context(mode=ms.PYNATIVE_MODE)
    out = call()
    np.testing.assert_allclose(out.asnumpy(), expected(), rtol=1e-6, atol=1e-6)


def test_vjp_of_every_input():
    out, vjp_fn = ops.vjp(lambda a, b: a * b, X(), _t(np.full((2, 3), 2.0, np.float32)))
    da, db = vjp_fn(_t(np.ones((2, 3), np.float32)))
    np.testing.assert_allclose(da.asnumpy(), np.full((2, 3), 2.0))
    np.testing.assert_allclose(db.asnumpy(), XA)
