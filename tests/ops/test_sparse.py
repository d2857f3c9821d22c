"""COOTensor / CSRTensor / SparseTensor and the sparse functions and primitives (issue 16).
Expected values, dtypes, reprs and error types were recorded with MindSpore 2.10 CPU (ms-oracle);
where MindSpore CPU cannot run an op (CSR mv/mm/sum/mul/div/to_coo need its AKG compiler), the
result is checked against the same computation on the dense matrix."""
import pickle

import numpy as np
import pytest

import mindcell as ms
from mindcell import COOTensor, CSRTensor, Tensor, nn, ops


def _np(x):
    return x.asnumpy()


def _coo(dtype=ms.int32):
    return COOTensor(Tensor([[0, 1], [1, 2]], dtype), Tensor([1., 2.], ms.float32), (3, 4))


def _csr():
    return CSRTensor(Tensor([0, 1, 2], ms.int32), Tensor([0, 1], ms.int32),
                     Tensor([1., 2.], ms.float32), (2, 4))


# ----- construction and its checks -----------------------------------------------------------
@pytest.mark.parametrize("make, error", [
    (lambda: COOTensor(Tensor([[0, 1], [1, 2]], ms.uint8), Tensor([1., 2.]), (3, 4)), TypeError),
    (lambda: COOTensor(Tensor([[0., 1], [1, 2]]), Tensor([1., 2.]), (3, 4)), TypeError),
    (lambda: COOTensor(Tensor([[0, 1], [1, 2]]), Tensor([1., 2.]), [3, 4]), TypeError),
    (lambda: COOTensor(Tensor([[0, 1], [1, 2]]), Tensor([1., 2.]), (3, 4, 2)), ValueError),
    (lambda: COOTensor(Tensor([[0, 1], [1, 2]]), Tensor([1., 2.]), (3, -4)), ValueError),
    (lambda: COOTensor(Tensor([[0, 1], [1, 2]]), Tensor([1., 2.]), (3, 0)), ValueError),
    (lambda: COOTensor(Tensor([[0, 1], [1, 2]]), Tensor([1., 2., 3.]), (3, 4)), ValueError),
    (lambda: COOTensor(Tensor([[0, 1], [1, 2]]), Tensor([[1.], [2.]]), (3, 4)), ValueError),
    (lambda: COOTensor(Tensor([0, 1]), Tensor([1., 2.]), (3, 4)), ValueError),
    (lambda: COOTensor(Tensor([[0, 1, 1], [1, 2, 1]]), Tensor([1., 2.]), (3, 4)), ValueError),
    (lambda: COOTensor(np.array([[0, 1], [1, 2]]), Tensor([1., 2.]), (3, 4)), TypeError),
    (lambda: COOTensor(), TypeError),
    (lambda: CSRTensor(Tensor([0, 1, 2], ms.uint8), Tensor([0, 1]), Tensor([1., 2.]), (2, 4)),
     TypeError),
    (lambda: CSRTensor(Tensor([0, 1, 2]), Tensor([0., 1.]), Tensor([1., 2.]), (2, 4)), TypeError),
    (lambda: CSRTensor(Tensor([0, 1, 2]), Tensor([0, 1]), Tensor([1., 2.]), (2,)), ValueError),
    (lambda: CSRTensor(Tensor([0, 1, 2, 2]), Tensor([0, 1]), Tensor([1., 2.]), (2, 4)),
     ValueError),
    (lambda: CSRTensor(Tensor([0, 1, 2]), Tensor([0, 1, 2]), Tensor([1., 2.]), (2, 4)),
     ValueError),
    (lambda: CSRTensor(Tensor([[0, 1, 2]]), Tensor([0, 1]), Tensor([1., 2.]), (2, 4)), ValueError),
    (lambda: CSRTensor(Tensor([0, 1, 2]), Tensor([0, 1]), Tensor([1., 2.]), [2, 4]), TypeError),
    (lambda: CSRTensor(Tensor([0, 1, 2]), Tensor([0, 1]), Tensor([1., 2.]), (2, 0)), ValueError),
])
def test_constructor_checks(make, error):
    with pytest.raises(error):
        make()


def test_parts_properties_and_copies():
    c = _coo()
    assert (c.indices.dtype, c.values.dtype, c.shape, c.dtype) == (ms.int32, ms.float32, (3, 4),
                                                                   ms.float32)
    assert (c.size, c.itemsize, c.ndim) == (2, 4, 2)
    assert c.to_tuple()[2] == (3, 4) and _np(c.to_tuple()[0]).tolist() == [[0, 1], [1, 2]]
    assert COOTensor(coo_tensor=c).shape == (3, 4)
    assert COOTensor(Tensor([[0, 1]], ms.int16), Tensor([1.]), (2, 2)).indices.dtype == ms.int16
    s = _csr()
    assert (s.indptr.dtype, s.indices.dtype, s.shape, s.size, s.itemsize, s.ndim) == \
        (ms.int32, ms.int32, (2, 4), 2, 4, 2)
    assert len(s.to_tuple()) == 4 and CSRTensor(csr_tensor=s).shape == (2, 4)
    mixed = CSRTensor(Tensor([0, 1, 2], ms.int64), Tensor([0, 1], ms.int32), Tensor([1., 2.]),
                      (2, 4))
    assert mixed.indptr.dtype == ms.int64
    for x in (c, s):
        back = pickle.loads(pickle.dumps(x))
        assert type(back) is type(x) and _np(back.to_dense()).tolist() == \
            _np(x.to_dense()).tolist()


def test_reprs_are_mindspores():
    assert repr(_coo()) == (
        "COOTensor(shape=[3, 4], dtype=Float32, indices=Tensor(shape=[2, 2], dtype=Int32, value=\n"
        "[[0 1]\n [1 2]]), values=Tensor(shape=[2], dtype=Float32, value=[ 1.00000000e+00  "
        "2.00000000e+00]))")
    assert str(_csr()) == (
        "CSRTensor(shape=[2, 4], dtype=Float32, indptr=Tensor(shape=[3], dtype=Int32, value=[0 1 "
        "2]), indices=Tensor(shape=[2], dtype=Int32, value=[0 1]), values=Tensor(shape=[2], "
        "dtype=Float32, value=[ 1.00000000e+00  2.00000000e+00]))")
    assert "value=[ 1.0000e+00  2.0000e+00]" in repr(_coo().astype(ms.float16))
    assert "dtype=Bool" in repr(_coo().astype(ms.bool_)) and "[ True  True]" in repr(
        _coo().astype(ms.bool_))
    empty = Tensor(np.zeros((2, 3)), ms.float32).to_coo()
    assert repr(empty).endswith("indices=Tensor(shape=[0, 2], dtype=Int32, value=\n), "
                                "values=Tensor(shape=[0], dtype=Float32, value=))")
    assert repr(ms.RowTensor(Tensor([0]), Tensor([[1., 2.]]), (3, 2))) == (
        "RowTensor(shape=[3, 2], dtype=Float32, indices=Tensor(shape=[1], dtype=Int64, value=[0]),"
        " values=Tensor(shape=[1, 2], dtype=Float32, value=\n[[ 1.00000000e+00  2.00000000e+00]]))")


# ----- COOTensor methods and operators -------------------------------------------------------
def test_coo_to_dense_coalesce_add():
    dup = COOTensor(Tensor([[0, 1], [0, 1]], ms.int32), Tensor([1., 2.]), (3, 4))
    assert _np(dup.to_dense())[0].tolist() == [0, 3, 0, 0] and _np(dup.to_dense()).sum() == 3
    with pytest.raises(TypeError):  # MindSpore's TensorScatterAdd takes no int16 indices
        _coo(ms.int16).to_dense()
    with pytest.raises(ValueError):
        COOTensor(Tensor([[0, 1], [5, 2]]), Tensor([1., 2.]), (3, 4)).to_dense()
    with pytest.raises(TypeError):
        _coo().coalesce()  # int32 indices: MindSpore's Coalesce takes int64
    co = COOTensor(Tensor([[1, 2], [0, 1], [1, 2]], ms.int64), Tensor([1., 6., 3.]),
                   (3, 3)).coalesce()
    assert _np(co.indices).tolist() == [[0, 1], [1, 2]] and _np(co.values).tolist() == [6, 4]
    a = COOTensor(Tensor([[0, 1], [1, 2]], ms.int64), Tensor([1, 2], ms.int32), (3, 4))
    b = COOTensor(Tensor([[0, 0], [1, 1]], ms.int64), Tensor([3, 4], ms.int32), (3, 4))
    out = a.add(b, Tensor(0, ms.int32))
    assert _np(out.indices).tolist() == [[0, 0], [0, 1], [1, 1], [1, 2]]
    assert _np(out.values).tolist() == [3, 1, 4, 2] and out.indices.dtype == ms.int64
    assert _np(ops.coo_add(a, b, Tensor(3, ms.int32)).values).tolist() == [3, 4]  # |v| >= 3
    twice = _coo(ms.int64) + _coo(ms.int64)
    assert _np(twice.values).tolist() == [2, 4]
    with pytest.raises(TypeError):
        _coo() + _coo()  # int32 indices (MindSpore's SparseAdd)


def test_coo_with_dense_operands():
    ones = ops.ones((3, 4), ms.float32)
    expected = np.ones((3, 4), np.float32)
    expected[0, 1], expected[1, 2] = 2, 3
    assert _np(_coo() + ones).tolist() == expected.tolist()
    assert _np(ones + _coo()).tolist() == expected.tolist()
    assert _np(_coo() - ones).tolist() == (expected - 2).tolist()
    grid = Tensor(np.arange(12.).reshape(3, 4), ms.float32)
    prod = _coo() * grid
    assert isinstance(prod, COOTensor) and _np(prod.values).tolist() == [1, 12]
    rprod = grid * _coo()
    assert isinstance(rprod, COOTensor) and _np(rprod.values).tolist() == [1, 12]
    assert _np(grid - _coo())[0].tolist() == [0, 0, 2, 3]
    with pytest.raises(TypeError):
        grid / _coo()  # MindSpore: no reflected division
    quo = _coo() / Tensor(np.arange(1, 13.).reshape(3, 4), ms.float32)
    np.testing.assert_allclose(_np(quo.values), [0.5, 0.2857143], rtol=1e-6)
    with pytest.raises(ValueError):
        _coo() * Tensor([1., 2., 3., 4.])  # MindSpore: the same shape only
    assert _np((-_coo()).values).tolist() == [-1, -2]
    assert _np((-_coo()).abs().values).tolist() == [1, 2]
    assert _coo().astype(ms.int32).dtype == ms.int32


def test_coo_to_csr_and_back():
    c = COOTensor(Tensor([[1, 2], [0, 3], [1, 0]], ms.int32), Tensor([5., 6., 7.]), (3, 4))
    s = c.to_csr()
    assert _np(s.indptr).tolist() == [0, 1, 3, 3] and _np(s.indices).tolist() == [3, 0, 2]
    assert _np(s.values).tolist() == [6, 7, 5] and s.indptr.dtype == ms.int32
    back = s.to_coo()
    assert _np(back.indices).tolist() == [[0, 3], [1, 0], [1, 2]]
    assert _np(back.to_dense()).tolist() == _np(c.to_dense()).tolist()


# ----- CSRTensor methods ---------------------------------------------------------------------
def test_csr_products_and_sums():
    s = CSRTensor(Tensor([0, 1, 2], ms.int32), Tensor([0, 1], ms.int32),
                  Tensor([2., 1.], ms.float32), (2, 4))
    assert _np(s.mv(Tensor([[1.], [1.], [1.], [1.]]))).tolist() == [[2], [1]]
    m = Tensor([[1., 2.], [1, 2.], [1, 2.], [1., 2.]])
    assert _np(s.mm(m)).tolist() == [[2, 4], [1, 2]]
    assert _np(s.sum(1)).tolist() == [[2], [1]] and _np(s.sum(0)).tolist() == [[2, 1, 0, 0]]
    rng = np.random.default_rng(0)
    dense = (rng.random((5, 6)) * (rng.random((5, 6)) < 0.4)).astype(np.float32)
    x = Tensor(dense).to_csr()
    rhs = rng.random((6, 3)).astype(np.float32)
    np.testing.assert_allclose(_np(x.mm(Tensor(rhs))), dense @ rhs, rtol=1e-5)
    np.testing.assert_allclose(_np(ops.csr_mv(x, Tensor(rhs[:, :1]))), dense @ rhs[:, :1],
                               rtol=1e-5)
    np.testing.assert_allclose(_np(ops.csr_reduce_sum(x, 0)), dense.sum(0, keepdims=True),
                               rtol=1e-5)
    with pytest.raises(ValueError):
        s.mv(Tensor([[1.], [1.]]))


def test_csr_add_mul_div():
    s = _csr()
    out = s.add(s, Tensor(1., ms.float32), Tensor(2., ms.float32))
    assert _np(out.values).tolist() == [3, 6] and _np(out.indptr).tolist() == [0, 1, 2]
    assert _np((s - s).values).tolist() == [0, 0]  # kept, as MindSpore's
    with pytest.raises(TypeError):
        s + ops.ones((2, 4))
    other = CSRTensor(Tensor([0, 1, 2], ms.int32), Tensor([3, 1], ms.int32), Tensor([5., 7.]),
                      (2, 4))
    union = ops.csr_add(s, other, Tensor(1., ms.float32), Tensor(1., ms.float32))
    assert _np(union.indices).tolist() == [0, 3, 1] and _np(union.values).tolist() == [1, 5, 9]
    assert _np(union.indptr).tolist() == [0, 2, 3]
    assert _np(ops.csr_mul(s, Tensor([1., 2., 3., 4.])).values).tolist() == [1, 4]
    assert _np((s * Tensor(3.)).values).tolist() == [3, 6]
    assert _np((s * Tensor([[2.], [5.]])).values).tolist() == [2, 10]
    div = ops.csr_div(s, Tensor([1., 2., 3., 4.]))
    assert isinstance(div, Tensor) and _np(div).tolist() == [1, 1]
    with pytest.raises(ValueError):
        s * Tensor([1., 2., 3.])


def test_csr_three_d_and_bad_structure():
    x = CSRTensor(Tensor([0, 1, 2], ms.int32), Tensor([0, 1], ms.int32),
                  Tensor([[1., 2.], [3, 4]]), (2, 4, 2))
    assert x.shape == (2, 4, 2) and x.ndim == 3 and x.size == 4
    assert _np(x.to_dense())[1, 1].tolist() == [3, 4]
    with pytest.raises(ValueError):
        x.to_coo()  # MindSpore: 2-D only
    # MindSpore silently drops what a broken indptr/column points at; mindcell refuses
    with pytest.raises(ValueError):
        CSRTensor(Tensor([0, 3, 2], ms.int32), Tensor([0, 1], ms.int32), Tensor([1., 2.]),
                  (2, 4)).to_dense()
    with pytest.raises(ValueError):
        CSRTensor(Tensor([0, 1, 2], ms.int32), Tensor([0, 7], ms.int32), Tensor([1., 2.]),
                  (2, 4)).to_dense()


# ----- conversions ---------------------------------------------------------------------------
def test_dense_to_sparse():
    d = Tensor([[0, 2, 3], [4, 0, 0], [0, 0, 7]], ms.float32)
    coo = ops.dense_to_sparse_coo(d)
    assert _np(coo.indices).tolist() == [[0, 1], [0, 2], [1, 0], [2, 2]]
    assert coo.indices.dtype == ms.int32 and _np(coo.values).tolist() == [2, 3, 4, 7]
    csr = ops.dense_to_sparse_csr(d)
    assert _np(csr.indptr).tolist() == [0, 2, 3, 4] and _np(csr.indices).tolist() == [1, 2, 0, 2]
    assert csr.indptr.dtype == ms.int32 and _np(csr.values).tolist() == [2, 3, 4, 7]
    assert _np(Tensor([[1, 0], [-5, 0]], ms.int32).to_coo().values).tolist() == [1, -5]
    assert _np(Tensor([[0, 2., 3], [4, 0, 0]]).to_csr().indptr).tolist() == [0, 2, 3]
    with pytest.raises(TypeError):
        Tensor([[0, 2, 3], [4, 0, 0]], ms.bool_).to_csr()
    with pytest.raises(ValueError):
        ops.dense_to_sparse_coo(Tensor(np.ones((2, 2, 2)), ms.float32))
    with pytest.raises(ValueError):
        ops.dense_to_sparse_csr(Tensor(np.ones((2, 2, 2)), ms.float32))
    with pytest.raises(ValueError):
        ops.dense_to_sparse_coo(Tensor(np.ones((2,)), ms.float32))
    with pytest.raises(TypeError):
        ops.dense_to_sparse_coo(np.ones((2, 2)))
    assert _np(ops.csr_to_dense(_csr())).tolist() == [[1, 0, 0, 0], [0, 2, 0, 0]]
    with pytest.raises(TypeError):
        ops.csr_to_dense(_coo())
    assert _np(ops.csr_to_coo(_csr()).indices).tolist() == [[0, 0], [1, 1]]
    assert _np(ops.coo2csr(Tensor([0, 1], ms.int32), 2)).tolist() == [0, 1, 2]
    assert _np(ops.csr2coo(Tensor([0, 1, 2], ms.int32), 2)).tolist() == [0, 1]
    g = ops.csr_gather(Tensor([0, 1, 2], ms.int32), Tensor([0, 1], ms.int32),
                       Tensor([[1., 2, 3, 4], [5, 6, 7, 8]]), (2, 4))
    assert _np(g).tolist() == [1, 6]


# ----- the element-wise family ---------------------------------------------------------------
# ops.coo_<name> / ops.csr_<name> of values [-1., 2.] (MindSpore 2.10's docstring examples)
MS_UNARY = {
    "abs": "[1. 2.]", "acos": "[3.1415927       nan]", "acosh": "[     nan 1.316958]",
    "asin": "[-1.5707964        nan]", "asinh": "[-0.8813736  1.4436355]",
    "atan": "[-0.7853982  1.1071488]", "atanh": "[-inf  nan]", "ceil": "[-1.  2.]",
    "cos": "[ 0.5403023  -0.41614684]", "cosh": "[1.5430807 3.7621956]",
    "exp": "[0.36787882 7.38906   ]", "expm1": "[-0.63212055  6.389056  ]",
    "floor": "[-1.  2.]", "inv": "[-1.   0.5]", "isfinite": "[ True  True]",
    "isinf": "[False False]", "isnan": "[False False]", "log": "[      nan 0.6931472]",
    "log1p": "[     -inf 1.0986123]", "neg": "[ 1. -2.]", "relu": "[0. 2.]",
    "relu6": "[0. 2.]", "round": "[-1.  2.]", "sigmoid": "[0.26894155 0.88079715]",
    "sin": "[-0.84147096  0.9092974 ]", "sinh": "[-1.1752012  3.6268604]",
    "softsign": "[-0.5        0.6666667]", "sqrt": "[      nan 1.4142135]",
    "square": "[1. 4.]", "tan": "[-1.5574077 -2.1850398]", "tanh": "[-0.7615942  0.9640276]",
}


def _parse(text):
    items = text.strip("[]").split()
    if items[0] in ("True", "False"):
        return np.array([i == "True" for i in items])
    return np.array([float(i) for i in items], np.float32)


@pytest.mark.parametrize("prefix", ["coo", "csr"])
def test_unary_family_matches_mindspore(prefix):
    values = Tensor([-1, 2], ms.float32)
    if prefix == "coo":
        x = COOTensor(Tensor([[0, 1], [1, 2]], ms.int64), values, (3, 4))
    else:
        x = CSRTensor(Tensor([0, 1, 2, 2], ms.int32), Tensor([3, 0], ms.int32), values, (3, 4))
    for name, text in MS_UNARY.items():
        out = getattr(ops, "%s_%s" % (prefix, name))(x)
        assert type(out) is type(x) and out.shape == (3, 4), name
        assert _np(out.indices).tolist() == _np(x.indices).tolist(), name
        expected = _parse(text)
        if expected.dtype == bool:
            assert out.dtype == ms.bool_ and _np(out.values).tolist() == expected.tolist(), name
        else:  # MindSpore's CPU exp/sin/cos/tan/sigmoid are a few ulps off
            np.testing.assert_allclose(_np(out.values), expected, rtol=3e-6, err_msg=name)
        with pytest.raises(TypeError):
            getattr(ops, "%s_%s" % (prefix, name))(Tensor([1.]))
    with pytest.raises(TypeError):
        getattr(ops, "%s_abs" % prefix)(_csr() if prefix == "coo" else _coo())


def test_unary_family_dtypes():
    iv = CSRTensor(Tensor([0, 1, 2], ms.int32), Tensor([0, 1], ms.int32),
                   Tensor([-1, 2], ms.int32), (2, 4))
    relu = ops.csr_relu(iv)
    assert relu.dtype == ms.int32 and _np(relu.values).tolist() == [0, 2]
    c = COOTensor(Tensor([[0, 1], [1, 2]], ms.int32), Tensor([1, 4], ms.int32), (3, 4))
    assert ops.coo_sqrt(c).dtype == ms.float32 and _np(ops.coo_sqrt(c).values).tolist() == [1, 2]
    inv = ops.coo_inv(c)
    assert inv.dtype == ms.int32 and _np(inv.values).tolist() == [1, 0]
    half = COOTensor(Tensor([[0, 1], [1, 2]], ms.int32), Tensor([0.5, 1.5]), (3, 4))
    assert _np(ops.coo_round(half).values).tolist() == [0, 2]
    assert ops.coo_isnan(half).dtype == ms.bool_


# ----- the other sparse functions ------------------------------------------------------------
def test_concat_softmax_csr_mm():
    a = COOTensor(Tensor([[0, 1], [1, 2]], ms.int64), Tensor([1, 2], ms.int32), (3, 4))
    b = COOTensor(Tensor([[0, 0], [1, 1]], ms.int64), Tensor([3, 4], ms.int32), (3, 4))
    out = ops.coo_concat((a, b), 1)
    assert out.shape == (3, 8) and _np(out.values).tolist() == [1, 3, 2, 4]
    assert _np(out.indices).tolist() == [[0, 1], [0, 4], [1, 2], [1, 5]]
    rows = ops.coo_concat([a, b])
    assert rows.shape == (6, 4) and _np(rows.indices)[:, 0].tolist() == [0, 1, 3, 4]
    with pytest.raises(ValueError):
        ops.coo_concat((a,))
    logits = CSRTensor(Tensor([0, 4, 6], ms.int32), Tensor([0, 2, 3, 4, 3, 4], ms.int32),
                       Tensor([1, 2, 3, 4, 1, 2], ms.float32), (2, 6))
    sm = ops.csr_softmax(logits, ms.float32)
    np.testing.assert_allclose(_np(sm.values), [3.20586003e-02, 8.71443152e-02, 2.36882806e-01,
                                                6.43914223e-01, 2.68941432e-01, 7.31058598e-01],
                               rtol=1e-6)
    assert ops.csr_softmax(logits, ms.float64).dtype == ms.float64
    x = CSRTensor(Tensor([0, 1, 1, 3, 4], ms.int32), Tensor([0, 3, 4, 0], ms.int32),
                  Tensor([1.0, 5.0, -1.0, -2.0], ms.float32), (4, 5))
    y = CSRTensor(Tensor([0, 1, 1, 3, 3, 3], ms.int32), Tensor([0, 0, 1], ms.int32),
                  Tensor([2.0, 7.0, 8.0], ms.float32), (5, 3))
    c = ops.csr_mm(x, y)  # MindSpore's docstring result (it runs CSR x CSR on GPU only)
    assert c.shape == (4, 3) and _np(c.values).tolist() == [2, -4]
    assert _np(c.indptr).tolist() == [0, 1, 1, 1, 2] and _np(c.indices).tolist() == [0, 0]
    d = np.arange(12, dtype=np.float32).reshape(4, 3)
    np.testing.assert_allclose(_np(ops.csr_mm(x, Tensor(d), trans_a=True)),
                               _np(x.to_dense()).T @ d)
    assert ops.make_coo_tensor(Tensor([[0, 1]]), Tensor([1.]), (2, 2)).shape == (2, 2)
    assert ops.make_csr_tensor(Tensor([0, 1, 1]), Tensor([1]), Tensor([1.]), (2, 2)).size == 1
    assert isinstance(ops.make_sparse_tensor(Tensor([[0, 1]]), Tensor([1.]), (2, 2)), COOTensor)
    assert ops.coo_tensor_get_dense_shape(_coo()) == (3, 4)
    assert _np(ops.csr_tensor_get_indptr(_csr())).tolist() == [0, 1, 2]


# ----- primitives and nn cells ---------------------------------------------------------------
IDX = Tensor([[0, 1], [1, 0]], ms.int64)
VALS = Tensor([2., 3.])
DENSE = Tensor([[1., 2], [3, 4]])


def test_sparse_primitives():
    st = ops.SparseTensorDenseMatmul()
    assert _np(st(IDX, VALS, (2, 2), DENSE)).tolist() == [[6, 8], [3, 6]]
    assert _np(st(IDX, VALS, Tensor([2, 2], ms.int64), DENSE)).tolist() == [[6, 8], [3, 6]]
    assert _np(st(IDX.astype(ms.int32), VALS, (2, 2), DENSE)).tolist() == [[6, 8], [3, 6]]
    both = ops.SparseTensorDenseMatmul(True, True)(IDX, VALS, (2, 2), DENSE)
    assert _np(both).tolist() == [[6, 12], [2, 6]]
    with pytest.raises(TypeError):
        ops.SparseTensorDenseMatmul(adjoint_st=1)
    assert _np(ops.SparseToDense()(IDX, VALS, (2, 2))).tolist() == [[0, 2], [3, 0]]
    add = ops.SparseTensorDenseAdd()(IDX, VALS, Tensor([2, 2], ms.int64), DENSE)
    assert _np(add).tolist() == [[1, 4], [6, 4]]
    with pytest.raises(TypeError):
        ops.SparseTensorDenseAdd()(IDX, VALS, (2, 2), DENSE)
    assert _np(nn.SparseToDense()(COOTensor(IDX, VALS, (2, 2)))).tolist() == [[0, 2], [3, 0]]
    assert ops.operations.SparseToDense is ops.SparseToDense


def test_gradients_reach_values_and_dense():
    st = ops.SparseTensorDenseMatmul()
    gv, gd = ops.grad(lambda v, d: st(IDX, v, (2, 2), d).sum(), (0, 1))(VALS, DENSE)
    assert _np(gv).tolist() == [7, 3] and _np(gd).tolist() == [[3, 3], [2, 2]]
    gv, gd = ops.grad(lambda v, d: ops.matmul(COOTensor(IDX, v, (2, 2)).to_dense(), d).sum(),
                      (0, 1))(VALS, DENSE)
    assert _np(gv).tolist() == [7, 3] and _np(gd).tolist() == [[3, 3], [2, 2]]
    assert _np(ops.grad(lambda v: ops.SparseToDense()(IDX, v, (2, 2)).sum())(VALS)).tolist() == \
        [1, 1]
    ptr, cols = Tensor([0, 1, 2], ms.int32), Tensor([1, 0], ms.int32)
    w = Tensor([[1., -1.], [2., 0.5]])
    gv, gd = ops.grad(lambda v, d: (CSRTensor(ptr, cols, v, (2, 2)).mm(d) * w).sum(), (0, 1))(
        VALS, DENSE)
    gv_dense, gd_dense = ops.grad(
        lambda v, d: (ops.matmul(ops.SparseToDense()(IDX, v, (2, 2)), d) * w).sum(), (0, 1))(
        VALS, DENSE)
    assert _np(gv).tolist() == _np(gv_dense).tolist() and _np(gd).tolist() == _np(gd_dense).tolist()
    g = ops.grad(lambda v: ops.csr_softmax(CSRTensor(ptr, cols, v, (2, 2)), ms.float32).values[0])(
        VALS)
    assert _np(g).tolist() == [0, 0]  # one value per row: softmax is constant 1


# ----- names at MindSpore's paths ------------------------------------------------------------
def test_exports():
    assert ms.common.COOTensor is ms.COOTensor and ms.common.CSRTensor is ms.CSRTensor
    assert ms.common.SparseTensor is ms.SparseTensor
    x = ms.SparseTensor(Tensor([[0, 1], [1, 2]]), Tensor([1., 2.]), (3, 4))
    assert isinstance(x, COOTensor) and repr(x).startswith("COOTensor(shape=[3, 4]")
    from mindcell.ops.function import sparse_func, sparse_unary_func
    assert ops.functional.coo_abs is ops.coo_abs is sparse_unary_func.coo_abs
    assert ops.function.csr_mm is ops.csr_mm is sparse_func.csr_mm
    assert "csr_tanh" in ops.functional.__all__


# ----- GRAPH_MODE ----------------------------------------------------------------------------
class _TakesAndReturnsCOO(nn.Cell):
    def construct(self, c, d):
        return c.to_dense() + d, COOTensor(c.indices, c.values * 2, c.shape)


class _BuildsCOOInside(nn.Cell):
    """Indices computed in the graph (a self-loop added to an edge list)."""

    def construct(self, edge_index, weight, fill):
        adj = COOTensor(ops.transpose(edge_index, (1, 0)), weight, (3, 3))
        loop = ops.tile(ops.expand_dims(ops.arange(0, 3, 1, dtype=ms.int32), 0), (2, 1))
        both = COOTensor(ops.concat((adj.indices, ops.transpose(loop, (1, 0)))),
                         ops.concat((adj.values, fill)), adj.shape)
        return both.to_dense(), both


class _GCNLayer(nn.Cell):
    def __init__(self):
        super().__init__()
        self.w = ms.Parameter(Tensor(np.arange(6, dtype=np.float32).reshape(2, 3)), name="w")

    def construct(self, adj, x):
        return (adj.mm(ops.matmul(x, self.w)) ** 2).sum()


@pytest.mark.parametrize("mode", [ms.PYNATIVE_MODE, ms.GRAPH_MODE])
def test_graph_mode_sparse_arguments_and_results(mode):
    old = ms.get_context("mode")
    ms.set_context(mode=mode)
    try:
        net = _TakesAndReturnsCOO()
        dense, coo = net(COOTensor(IDX, VALS, (2, 2)), DENSE)  # ms-oracle, GRAPH_MODE too
        assert _np(dense).tolist() == [[1, 4], [6, 4]]
        assert isinstance(coo, COOTensor) and _np(coo.values).tolist() == [4, 6]
        assert _np(coo.indices).tolist() == [[0, 1], [1, 0]] and coo.indices.dtype == ms.int64
        # another sparsity pattern of the same shapes: not the first call's graph
        other = COOTensor(Tensor([[0, 0], [1, 1]], ms.int64), VALS, (2, 2))
        assert _np(net(other, DENSE)[0]).tolist() == [[3, 2], [3, 7]]
        d, both = _BuildsCOOInside()(Tensor([[1, 1, 2, 2], [0, 2, 0, 1]], ms.int32),
                                     Tensor([1., 1, 1, 1]), Tensor([2., 2, 2]))
        assert _np(d).tolist() == [[2, 0, 0], [1, 2, 1], [1, 1, 2]]
        assert _np(both.indices)[4:].tolist() == [[0, 0], [1, 1], [2, 2]]
        gcn = _GCNLayer()
        adj = CSRTensor(Tensor([0, 1, 2], ms.int32), Tensor([1, 0], ms.int32), VALS, (2, 2))
        loss, (gw,) = ms.value_and_grad(gcn, None, gcn.trainable_params())(adj, DENSE)
        a = np.array([[0, 2], [3, 0]], np.float32)
        x, w = _np(DENSE), _np(gcn.w)
        h = a @ x @ w
        assert float(loss) == pytest.approx(float((h ** 2).sum()))
        np.testing.assert_allclose(_np(gw), (a @ x).T @ (2 * h), rtol=1e-6)
    finally:
        ms.set_context(mode=old)


def test_private_csr_ops_module():
    """MindSpore's private ops.operations._csr_ops primitives (mindspore_gl's CSR backend)."""
    import importlib
    csr_ops = importlib.import_module("mindcell.ops.operations._csr_ops")
    ptr, cols, vals = Tensor([0, 1, 2], ms.int32), Tensor([0, 1], ms.int32), Tensor([2., 1.])
    assert _np(csr_ops.CSRReduceSum()(ptr, cols, vals, (2, 4), 1)).tolist() == [[2], [1]]
    assert _np(csr_ops.CSRMV()(ptr, cols, vals, (2, 2), Tensor([[1.], [3.]]))).tolist() == \
        [[2], [3]]
    assert _np(csr_ops.CSRMM()(ptr, cols, vals, (2, 2), DENSE)).tolist() == [[2, 4], [3, 4]]
    assert _np(csr_ops.CSRMul()(ptr, cols, vals, (2, 2), Tensor([3., 5.]))).tolist() == [6, 5]
    np.testing.assert_allclose(_np(csr_ops.CSRDiv()(ptr, cols, vals, (2, 2), Tensor([4., 5.]))),
                               [0.5, 0.2])
    assert _np(csr_ops.CSRGather()(ptr, cols, DENSE, (2, 2))).tolist() == [1, 4]
    assert _np(csr_ops.COO2CSR()(Tensor([0, 1], ms.int32), 2)).tolist() == [0, 1, 2]
    assert _np(csr_ops.CSR2COO()(ptr, 2)).tolist() == [0, 1]
    with pytest.raises(TypeError):
        csr_ops.CSRReduceSum()(ptr, cols, vals, [2, 4], 1)
    assert not hasattr(ops, "CSRReduceSum")  # not an ops.* name in MindSpore


def test_sparse_slice_and_gather_v2():
    def i64(*a):
        return Tensor(np.array(a, np.int64))
    idx = Tensor(np.array([[0, 1], [1, 2], [1, 3], [2, 2]], np.int64))
    cases = [((0, 1), (2, 3), [[0, 0], [1, 1], [1, 2]], [1, 2, 3], [2, 3]),  # ms-oracle
             ((1, 2), (5, 5), [[0, 0], [0, 1], [1, 0]], [2, 3, 4], [2, 2]),
             ((0, 0), (1, 1), [], [], [1, 1])]
    for start, size, want_idx, want_val, want_shape in cases:
        i, v, s = ops.SparseSlice()(idx, i64(1, 2, 3, 4), i64(3, 4), i64(*start), i64(*size))
        assert _np(i).tolist() == want_idx and i.dtype == ms.int64 and i.shape[1] == 2
        assert _np(v).tolist() == want_val and _np(s).tolist() == want_shape
    _, fv, _ = ops.SparseSlice()(idx, Tensor([1., 2, 3, 4]), i64(3, 4), i64(1, 2), i64(2, 2))
    assert fv.dtype == ms.float32 and _np(fv).tolist() == [2, 3, 4]
    with pytest.raises(TypeError):
        ops.SparseSlice()(idx.astype(ms.int32), Tensor([1., 2, 3, 4]), i64(3, 4), i64(0, 0),
                          i64(2, 2))
    x = Tensor(np.array([[1, 2, 7, 42], [3, 4, 54, 22], [2, 2, 55, 3]]), ms.float32)
    out = ops.SparseGatherV2()(x, Tensor(np.array([1, 2]), ms.int32), 1)
    assert _np(out).tolist() == [[2, 7], [4, 54], [2, 55]]
