"""Cast of a Python number gives a 0-d tensor, as in MindSpore 2.10 (ms-oracle): model-zoo
losses compare against ``P.Cast()(-100.0, mstype.float32)``. Lists and tuples stay refused."""
import numpy as np
import pytest

import mindcell as ms
from mindcell import Tensor, ops


@pytest.mark.parametrize("cast", [ops.Cast(), ops.cast])
@pytest.mark.parametrize("value,dtype,expected", [
    (-100.0, ms.float32, -100.0), (3, ms.float32, 3.0), (True, ms.int32, 1), (2.5, ms.int32, 2),
    (-2.5, ms.int32, -2), (7, ms.float16, 7.0),
])
def test_number_becomes_0d_tensor(cast, value, dtype, expected):
    r = cast(value, dtype)
    assert isinstance(r, Tensor) and r.shape == () and r.dtype == dtype
    assert r.asnumpy().item() == expected


@pytest.mark.parametrize("bad", [[1, 2], (1.5,), "3"])
def test_sequences_and_strings_are_refused(bad):
    with pytest.raises(TypeError):
        ops.cast(bad, ms.float32)


def test_number_cast_in_graph_compare():
    class Net(ms.nn.Cell):
        def __init__(self):
            super().__init__()
            self.cast = ops.Cast()

        def construct(self, x):
            return ops.select(x <= self.cast(-100.0, ms.float32), ops.zeros_like(x), x)

    x = Tensor(np.array([-1000.0, 5.0], np.float32))
    for mode in (ms.PYNATIVE_MODE, ms.GRAPH_MODE):
        ms.set_context(mode=mode)
        try:
            assert Net()(x).asnumpy().tolist() == [0.0, 5.0]
        finally:
            ms.set_context(mode=ms.PYNATIVE_MODE)


def test_bad_dtype_with_number_raises():
    with pytest.raises(TypeError):
        ops.cast(1.0, "float32x")
