"""Property-based tests: broadcasting matches numpy, dtype promotion follows MindSpore's rules
(recorded in shared/conformance case 063). Scalars that do not fit: test_scalar_promotion.py."""
import numpy as np
import pytest
from hypothesis import given, settings, strategies as st
from hypothesis.extra import numpy as hnp

import mindcell as ms
from mindcell import ops, Tensor
from mindcell.dtype import promote_types, from_numpy_dtype, operand_fits, scalar_result_type

FLOATS = [np.float16, np.float32, np.float64]
INTS = [np.int8, np.int16, np.int32, np.int64, np.uint8]
ALL = [np.bool_] + INTS + FLOATS
RANK = {np.bool_: 0, np.int8: 1, np.uint8: 1, np.int16: 2, np.int32: 3, np.int64: 4,
        np.float16: 5, np.float32: 6, np.float64: 7}


@settings(max_examples=50, deadline=None)
@given(hnp.mutually_broadcastable_shapes(num_shapes=2, min_dims=0, max_dims=4, max_side=4),
       st.sampled_from(["add", "sub", "mul", "maximum"]))
def test_broadcasting_matches_numpy(shapes, name):
    rng = np.random.default_rng(0)
    a, b = (rng.standard_normal(s).astype(np.float32) for s in shapes.input_shapes)
    got = getattr(ops, name)(Tensor(a), Tensor(b))
    want = getattr(np, {"add": "add", "sub": "subtract", "mul": "multiply",
                        "maximum": "maximum"}[name])(a, b)
    assert got.shape == shapes.result_shape
    np.testing.assert_allclose(got.asnumpy(), want, rtol=1e-6)


def _sum_to(g, shape):
    lead = g.ndim - len(shape)
    g = g.sum(axis=tuple(range(lead))) if lead else g
    axes = tuple(i for i, n in enumerate(shape) if n == 1 and g.shape[i] != 1)
    return g.sum(axis=axes, keepdims=True) if axes else g


@settings(max_examples=50, deadline=None)
@given(hnp.mutually_broadcastable_shapes(num_shapes=2, min_dims=0, max_dims=3, max_side=3))
def test_broadcast_gradients_sum_back_to_input_shapes(shapes):
    rng = np.random.default_rng(1)
    a, b = (rng.standard_normal(s) for s in shapes.input_shapes)
    ga, gb = ops.grad(lambda x, y: (x * y).sum(), (0, 1))(Tensor(a), Tensor(b))
    assert ga.shape == a.shape and gb.shape == b.shape
    full = shapes.result_shape
    np.testing.assert_allclose(ga.asnumpy(), _sum_to(np.broadcast_to(b, full), a.shape),
                               rtol=1e-10, atol=1e-12)
    np.testing.assert_allclose(gb.asnumpy(), _sum_to(np.broadcast_to(a, full), b.shape),
                               rtol=1e-10, atol=1e-12)


@settings(max_examples=80, deadline=None)
@given(st.sampled_from(ALL), st.sampled_from(ALL))
def test_tensor_tensor_promotion(da, db):
    a = Tensor(np.ones(2, da))
    b = Tensor(np.ones(2, db))
    got = (a + b).dtype
    # the category (bool < int < float) decides; within floats the wider wins; a signed and
    # an unsigned int of the same width widen (uint8 + int8 -> int16)
    expected = promote_types(from_numpy_dtype(np.dtype(da)), from_numpy_dtype(np.dtype(db)))
    assert got == expected
    if RANK[da] >= 5 or RANK[db] >= 5:
        assert got.is_floating_point
        wider = da if RANK[da] >= RANK[db] else db
        assert got.np_dtype == np.dtype(wider)
    elif {da, db} == {np.uint8, np.int8}:
        assert got == ms.int16
    elif da is np.bool_ and db is np.bool_:
        assert got == ms.bool_


@settings(max_examples=80, deadline=None)
@given(st.sampled_from(ALL), st.one_of(st.booleans(), st.integers(-5, 5),
                                       st.floats(-2, 2, allow_nan=False)))
def test_tensor_scalar_promotion(dt, scalar):
    t = Tensor(np.ones(2, dt))
    base = from_numpy_dtype(np.dtype(dt))
    if not operand_fits(scalar, scalar_result_type(base, scalar)):  # e.g. -1 in UInt8
        with pytest.raises(ValueError, match="mul: .*does not fit"):
            t * scalar
        return
    got = (t * scalar).dtype
    assert got == scalar_result_type(base, scalar)
    if isinstance(scalar, float) and not base.is_floating_point:
        assert got == ms.float32  # Python floats make integer tensors Float32
    if isinstance(scalar, bool) or (isinstance(scalar, int) and dt is not np.bool_):
        assert got == base  # ints and bools keep the tensor's dtype


@settings(max_examples=30, deadline=None)
@given(st.sampled_from(INTS), st.sampled_from(INTS))
def test_true_division_of_ints_is_float32(da, db):
    out = Tensor(np.full(3, 7, da)) / Tensor(np.full(3, 2, db))
    assert out.dtype == ms.float32
    np.testing.assert_allclose(out.asnumpy(), 3.5)
