"""nn.CentralCrop (MindSpore's nn.layer.image.CentralCrop; the model zoo's UNet imports it at
module level, so every UNet variant stopped at import). Shapes, values and errors as
MindSpore 2.10 gives them (ms-oracle)."""
import numpy as np
import pytest

import mindcell as ms
from mindcell import Tensor, nn, ops

X = np.arange(2 * 3 * 7 * 5, dtype=np.float32).reshape(2, 3, 7, 5)

# central_fraction -> (output shape, first six values), from MindSpore 2.10
CASES = {
    0.5: ((2, 3, 5, 3), [6.0, 7.0, 8.0, 11.0, 12.0, 13.0]),
    0.3: ((2, 3, 3, 3), [11.0, 12.0, 13.0, 16.0, 17.0, 18.0]),
    1.0: ((2, 3, 7, 5), [0.0, 1.0, 2.0, 3.0, 4.0, 5.0]),
    0.99: ((2, 3, 7, 5), [0.0, 1.0, 2.0, 3.0, 4.0, 5.0]),
    0.75: ((2, 3, 7, 5), [0.0, 1.0, 2.0, 3.0, 4.0, 5.0]),
    0.01: ((2, 3, 1, 1), [17.0, 52.0, 87.0, 122.0, 157.0, 192.0]),
}


def _reference(x, fraction):
    h, w = x.shape[-2:]
    top, left = int((h - h * fraction) / 2), int((w - w * fraction) / 2)
    return x[..., top:h - top, left:w - left]


@pytest.mark.parametrize("fraction", list(CASES))
def test_values_match_mindspore(fraction, mode):
    shape, head = CASES[fraction]
    out = nn.CentralCrop(fraction)(Tensor(X))
    assert out.shape == shape and out.dtype == ms.float32
    np.testing.assert_array_equal(out.asnumpy().ravel()[:6], head)
    np.testing.assert_array_equal(out.asnumpy(), _reference(X, fraction))


@pytest.mark.parametrize("dtype", [np.int32, np.float16, np.uint8])
def test_three_d_and_dtypes(dtype, mode):
    out = nn.CentralCrop(0.5)(Tensor(np.arange(108).reshape(3, 6, 6).astype(dtype)))
    assert out.shape == (3, 4, 4) and out.asnumpy().dtype == dtype
    np.testing.assert_array_equal(out.asnumpy().ravel()[:6], [7, 8, 9, 10, 13, 14])


def test_inside_a_network_with_gradient(mode):
    class Net(nn.Cell):
        def __init__(self):
            super().__init__()
            self.crop = nn.CentralCrop(0.3)

        def construct(self, x):
            return (self.crop(x) * 2).sum()

    grad = ms.grad(Net())(Tensor(X))
    want = np.zeros_like(X)
    want[..., 2:5, 1:4] = 2.0
    np.testing.assert_array_equal(grad.asnumpy(), want)


def test_errors_as_mindspore():
    for bad in (0.0, 1.5, -0.5):
        with pytest.raises(ValueError, match=r"'central_fraction' must be in range of \(0.0, 1.0\]"):
            nn.CentralCrop(bad)
    for bad in (1, "a", True):
        with pytest.raises(TypeError, match="'central_fraction' should be 'float'"):
            nn.CentralCrop(bad)
    for shape in ((6, 6), (1, 1, 1, 6, 6)):
        with pytest.raises(ValueError, match="must be 3d or 4d"):
            nn.CentralCrop(0.5)(ops.ones(shape, ms.float32))
    with pytest.raises(TypeError, match="must be a Tensor"):
        nn.CentralCrop(0.5)(np.ones((1, 1, 6, 6), np.float32))
