"""Primitive classes added for issue 17: ops.operations.ScalarToArray (and the optimizer
primitives Adam / AdamWeightDecay when present)."""
import numpy as np
import pytest

import mindcell as ms
from mindcell import Tensor, nn
from mindcell.ops import operations as P


@pytest.mark.parametrize("value,dtype", [(3, ms.int32), (-7, ms.int32), (2.5, ms.float32),
                                         (np.float64(0.25), ms.float32),
                                         (np.int64(4), ms.int32)])
def test_scalar_to_array_dtype_and_value(value, dtype):
    out = P.ScalarToArray()(value)
    assert isinstance(out, Tensor) and out.shape == () and out.dtype == dtype
    assert out.asnumpy().item() == pytest.approx(float(value))


@pytest.mark.parametrize("bad", [True, "1", [1], Tensor(np.array(1.0, np.float32)), None])
def test_scalar_to_array_rejects_non_numbers(bad):
    with pytest.raises(TypeError, match="ScalarToArray"):
        P.ScalarToArray()(bad)


def test_scalar_to_array_int32_range():
    with pytest.raises(ValueError, match="int32"):
        P.ScalarToArray()(2 ** 31)


@pytest.mark.parametrize("mode", [ms.PYNATIVE_MODE, ms.GRAPH_MODE])
def test_scalar_to_array_in_a_cell(mode):
    class Net(nn.Cell):
        def __init__(self):
            super().__init__()
            self.to_array = P.ScalarToArray()

        def construct(self, x):
            return self.to_array(1.5) * x

    ms.set_context(mode=mode)
    try:
        out = Net()(Tensor(np.array([2.0, 4.0], np.float32)))
    finally:
        ms.set_context(mode=ms.PYNATIVE_MODE)
    np.testing.assert_allclose(out.asnumpy(), [3.0, 6.0])
