"""ConjugateTranspose, MatrixLogarithm, TensorToTuple and coalesce where MindSpore 2.10's CPU
kernels give wrong answers (so the goldens in tests/goldens/ops_r10 cannot record them):
checked against numpy/scipy references."""
import numpy as np
import pytest
import scipy.linalg

import mindcell as ms
from mindcell import Tensor, ops


def _dense(indices, values, shape):
    out = np.zeros(shape, np.float64)
    np.add.at(out, tuple(indices), values)
    return out


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_coalesce_unsorted_duplicates_match_dense_sum(seed):
    rng = np.random.default_rng(seed)
    shape = (3, 4, 2)
    idx = np.stack([rng.integers(0, n, 12) for n in shape]).astype(np.int64)
    vals = rng.normal(size=12).astype(np.float32)
    for _ in range(2):  # repeated calls give the same (MindSpore's kernel does not)
        out_i, out_v, out_s = ops.coalesce(Tensor(idx), Tensor(vals), Tensor(np.array(shape)))
        oi, ov = out_i.asnumpy(), out_v.asnumpy()
        flat = np.ravel_multi_index(tuple(oi), shape)
        assert np.all(np.diff(flat) > 0)  # sorted, distinct positions
        np.testing.assert_allclose(_dense(oi, ov, shape), _dense(idx, vals, shape), rtol=1e-6)
        assert out_v.dtype == ms.float32 and out_s.asnumpy().tolist() == list(shape)
    cls = ops.Coalesce()(Tensor(idx), Tensor(vals), Tensor(np.array(shape)))
    np.testing.assert_array_equal(cls[0].asnumpy(), oi)


def test_conjugate_transpose_keeps_its_input():
    x = np.array([[1 + 2j, 3 - 1j]], np.complex64)
    t = Tensor(x)
    out = ops.ConjugateTranspose()(t, (1, 0))
    np.testing.assert_array_equal(out.asnumpy(), x.conj().T)
    np.testing.assert_array_equal(t.asnumpy(), x)  # MindSpore 2.10 conjugates it in place


def test_matrix_logarithm_inverts_expm_for_complex64_and_128():
    rng = np.random.default_rng(0)
    a = (rng.normal(size=(2, 3, 3)) + 1j * rng.normal(size=(2, 3, 3))) * 0.3
    x = np.stack([scipy.linalg.expm(m) for m in a])
    for dt, tol in ((np.complex64, 1e-4), (np.complex128, 1e-10)):
        out = ops.MatrixLogarithm()(Tensor(x.astype(dt)))
        assert out.asnumpy().dtype == dt
        back = np.stack([scipy.linalg.expm(m) for m in out.asnumpy().astype(np.complex128)])
        np.testing.assert_allclose(back, x, atol=tol * 10)


def test_tensor_to_tuple_refuses_what_it_cannot_convert():
    assert ops.TensorToTuple()(Tensor([1, 2])) == (1, 2)
    with pytest.raises(ValueError, match="1-D"):
        ops.TensorToTuple()(Tensor(np.ones((2, 2), np.float32)))
    with pytest.raises(TypeError):
        ops.TensorToTuple()([1, 2])


def test_dynamic_shape_is_the_shape_tensor_in_both_modes():
    x = Tensor(np.ones((2, 3, 4), np.float32))
    out = ops.DynamicShape()(x)
    assert out.dtype == ms.int64 and out.asnumpy().tolist() == [2, 3, 4]

    @ms.jit
    def second(t):
        return ops.DynamicShape()(t)[1]

    ms.set_context(mode=ms.GRAPH_MODE)
    try:
        assert int(second(x)) == 3
    finally:
        ms.set_context(mode=ms.PYNATIVE_MODE)
    with pytest.raises(ValueError, match="dtype"):
        ops.DynamicShape(3)(x)
