"""bitwise_and/or/xor share math_func._operands (promotion and the broadcast check) with the
arithmetic ops: results equal numpy's over dtypes and broadcast shapes, Python scalars
included; a shape mismatch is a ValueError and a float operand a TypeError, each naming the op."""
import numpy as np
import pytest
from hypothesis import given, settings, strategies as st

import mindcell as ms
from mindcell import ops

OPS = {"bitwise_and": np.bitwise_and, "bitwise_or": np.bitwise_or,
       "bitwise_xor": np.bitwise_xor}
DTYPES = [np.bool_, np.int8, np.uint8, np.int16, np.int32, np.int64]
SHAPE_PAIRS = [((3, 4), (3, 4)), ((3, 4), (4,)), ((3, 1), (1, 4)), ((2, 3, 4), (3, 1)), ((), (5,))]


def _array(rng, shape, dtype):
    if dtype is np.bool_:
        return rng.integers(0, 2, shape).astype(np.bool_)
    info = np.iinfo(dtype)
    return rng.integers(max(info.min, -100), min(info.max, 100), shape).astype(dtype)


@settings(max_examples=60, deadline=None)
@given(name=st.sampled_from(sorted(OPS)), dtype=st.sampled_from(DTYPES),
       shapes=st.sampled_from(SHAPE_PAIRS), swap=st.booleans(), seed=st.integers(0, 2 ** 16))
def test_bitwise_matches_numpy_with_broadcasting(name, dtype, shapes, swap, seed):
    rng = np.random.default_rng(seed)
    sa, sb = shapes[::-1] if swap else shapes
    a, b = _array(rng, sa, dtype), _array(rng, sb, dtype)
    out = getattr(ops, name)(ms.Tensor(a), ms.Tensor(b))
    ref = OPS[name](a, b)
    assert out.asnumpy().dtype == ref.dtype
    np.testing.assert_array_equal(out.asnumpy(), ref)


@pytest.mark.parametrize("name", sorted(OPS))
def test_bitwise_with_python_int_keeps_tensor_dtype(name):
    a = np.arange(-3, 3, dtype=np.int16)
    out = getattr(ops, name)(ms.Tensor(a), 5)
    assert out.dtype == ms.int16
    np.testing.assert_array_equal(out.asnumpy(), OPS[name](a, np.int16(5)))


@pytest.mark.parametrize("name", sorted(OPS))
def test_bitwise_shape_mismatch_is_value_error_naming_op(name):
    with pytest.raises(ValueError, match="^%s: shapes \\(2, 3\\) and \\(4,\\) do not broadcast"
                       % name):
        getattr(ops, name)(ms.Tensor(np.ones((2, 3), np.int32)), ms.Tensor(np.ones(4, np.int32)))


@pytest.mark.parametrize("other", [ms.Tensor(np.ones(3, np.float32)), 1.5])
@pytest.mark.parametrize("name", sorted(OPS))
def test_bitwise_float_operand_is_type_error_naming_op(name, other):
    with pytest.raises(TypeError, match="^%s: the inputs must be integer or bool" % name):
        getattr(ops, name)(ms.Tensor(np.ones(3, np.int32)), other)
