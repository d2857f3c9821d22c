"""MultitypeFuncGraph dispatch on the sparse and structural type names (the values MindSpore 2.10
gives for the scalar/tensor names are in tests/goldens/composite)."""
import numpy as np
import pytest

import mindcell as ms
from mindcell import Tensor, ops


def test_row_tensor_and_structural_names_dispatch():
    f = ops.MultitypeFuncGraph("f")
    for name in ("RowTensor", "COOTensor", "CSRTensor", "Slice", "Ellipsis", "Tensor",
                 "MapTensor", "UMonad", "IOMonad"):
        f.register(name)(lambda x, name=name: name)
    row = ms.RowTensor(Tensor(np.array([0], np.int32)), Tensor(np.ones((1, 2), np.float32)),
                       (3, 2))
    coo = ms.COOTensor(Tensor(np.array([[0, 1]], np.int32)), Tensor(np.ones(1, np.float32)),
                       (2, 2))
    assert f(row) == "RowTensor" and f(coo) == "COOTensor"
    assert f(slice(1, 2)) == "Slice" and f(...) == "Ellipsis"
    assert f(Tensor(np.ones(2, np.float32))) == "Tensor"
    with pytest.raises(TypeError, match="no implementation registered"):
        f(3)


def test_gradient_scale_with_row_tensor():
    """mindocr's TrainOneStepWrapper registers ('Tensor', 'RowTensor') next to
    ('Tensor', 'Tensor'): each kind of gradient takes its own implementation."""
    scale = ops.MultitypeFuncGraph("grad_scale")

    @scale.register("Tensor", "Tensor")
    def _dense(s, g):
        return g * s

    @scale.register("Tensor", "RowTensor")
    def _rows(s, g):
        return ms.RowTensor(g.indices, g.values * s, g.dense_shape)

    s = Tensor(np.float32(0.5))
    row = scale(s, ms.RowTensor(Tensor(np.array([1], np.int32)),
                                Tensor(np.array([[2.0, 4.0]], np.float32)), (3, 2)))
    assert isinstance(row, ms.RowTensor)
    np.testing.assert_array_equal(row.values.asnumpy(), [[1.0, 2.0]])
    out = ops.HyperMap()(ops.partial(scale, s), (Tensor(np.array([2.0], np.float32)),))
    np.testing.assert_array_equal(out[0].asnumpy(), [1.0])
    with pytest.raises(TypeError, match="unknown type name 'Scalar'"):
        scale.register("Scalar")
