"""MindSpore 1.x names that MindSpore 2.x removed and older public programs still use
(``mindcell/_faces/legacy.py``): ``ms_function`` / ``ms_class`` (``jit`` / ``jit_class``),
``nn.ResizeBilinear`` and ``P.ResizeBilinear``. Their math is MindSpore 2.10's
``ResizeBilinearV2``, whose values were recorded with ms-oracle (below)."""
import numpy as np
import pytest

import mindcell as ms
from mindcell import compat, nn, ops

# (align_corners, half_pixel_centers, size) -> ops.ResizeBilinearV2 on MindSpore 2.10 of
# arange(12).reshape(1, 1, 3, 4), float32
RESIZE_V2 = [
    (False, False, (5, 6), [
        [0.0, 0.666667, 1.333333, 2.0, 2.666667, 3.0],
        [2.4, 3.066666, 3.733334, 4.4, 5.066666, 5.4],
        [4.8, 5.466666, 6.133334, 6.8, 7.466667, 7.8],
        [7.2, 7.866668, 8.533333, 9.200001, 9.866667, 10.200001],
        [8.0, 8.666667, 9.333333, 10.0, 10.666667, 11.0],
    ]),
    (True, False, (5, 6), [
        [0.0, 0.6, 1.2, 1.8, 2.4, 3.0],
        [2.0, 2.6, 3.2, 3.8, 4.4, 5.0],
        [4.0, 4.6, 5.2, 5.8, 6.4, 7.0],
        [6.0, 6.6, 7.2, 7.8, 8.4, 9.0],
        [8.0, 8.6, 9.2, 9.8, 10.4, 11.0],
    ]),
    (False, True, (5, 6), [
        [0.0, 0.5, 1.166667, 1.833334, 2.5, 3.0],
        [1.6, 2.1, 2.766667, 3.433334, 4.1, 4.6],
        [4.0, 4.5, 5.166667, 5.833334, 6.5, 7.0],
        [6.4, 6.9, 7.566668, 8.233334, 8.900001, 9.400001],
        [8.0, 8.5, 9.166667, 9.833334, 10.5, 11.0],
    ]),
    (False, False, (6, 8), [
        [0.0, 0.5, 1.0, 1.5, 2.0, 2.5, 3.0, 3.0],
        [2.0, 2.5, 3.0, 3.5, 4.0, 4.5, 5.0, 5.0],
        [4.0, 4.5, 5.0, 5.5, 6.0, 6.5, 7.0, 7.0],
        [6.0, 6.5, 7.0, 7.5, 8.0, 8.5, 9.0, 9.0],
        [8.0, 8.5, 9.0, 9.5, 10.0, 10.5, 11.0, 11.0],
        [8.0, 8.5, 9.0, 9.5, 10.0, 10.5, 11.0, 11.0],
    ]),
    (False, True, (2, 3), [
        [1.166667, 2.5, 3.833334],
        [7.166667, 8.5, 9.833334],
    ]),
]
X = ms.Tensor(np.arange(12, dtype=np.float32).reshape(1, 1, 3, 4))


@pytest.mark.parametrize("align_corners, half_pixel, size, expected", RESIZE_V2)
def test_resize_bilinear_cell_and_primitive_match_mindspore_v2(align_corners, half_pixel, size,
                                                                 expected):
    cell = nn.ResizeBilinear(half_pixel_centers=half_pixel)
    out = cell(X, size=size, align_corners=align_corners)
    np.testing.assert_allclose(out.asnumpy()[0, 0], expected, rtol=1e-6, atol=1e-6)
    prim = ops.operations.ResizeBilinear(size, align_corners, half_pixel)
    np.testing.assert_allclose(prim(X).asnumpy()[0, 0], expected, rtol=1e-6, atol=1e-6)


def test_resize_bilinear_scale_factor_and_checks():
    cell = nn.ResizeBilinear()
    by_factor = cell(X, scale_factor=2)
    np.testing.assert_array_equal(by_factor.asnumpy(), cell(X, size=(6, 8)).asnumpy())
    with pytest.raises(ValueError, match="exactly one of 'size' and 'scale_factor'"):
        cell(X)
    with pytest.raises(ValueError, match="exactly one"):
        cell(X, size=(2, 2), scale_factor=2)
    with pytest.raises(ValueError, match="scale_factor"):
        cell(X, scale_factor=0)
    with pytest.raises(ValueError):
        nn.ResizeBilinear(half_pixel_centers=True)(X, size=(4, 4), align_corners=True)
    with pytest.raises(TypeError, match="half_pixel_centers"):
        nn.ResizeBilinear(half_pixel_centers=1)


def test_resize_bilinear_gradient_and_graph_mode():
    x = ms.Tensor(np.random.default_rng(0).standard_normal((2, 3, 4, 5)).astype(np.float32))
    cell = nn.ResizeBilinear()
    grad = ms.ops.grad(lambda t: (cell(t, size=(7, 9)) ** 2).sum())(x)
    eps, x64 = 1e-6, x.asnumpy().astype(np.float64)
    probe = np.zeros_like(x64)
    probe[1, 2, 3, 4] = eps
    f = lambda a: (cell(ms.Tensor(a), size=(7, 9)).asnumpy().astype(np.float64) ** 2).sum()
    fd = (f(x64 + probe) - f(x64 - probe)) / (2 * eps)
    np.testing.assert_allclose(grad.asnumpy()[1, 2, 3, 4], fd, rtol=1e-4)
    eager = cell(x, scale_factor=3).asnumpy()
    ms.set_context(mode=ms.GRAPH_MODE)
    try:
        class Net(nn.Cell):
            def __init__(self):
                super().__init__()
                self.resize = nn.ResizeBilinear()

            def construct(self, t):
                return self.resize(t, scale_factor=3)
        np.testing.assert_array_equal(Net()(x).asnumpy(), eager)
    finally:
        ms.set_context(mode=ms.PYNATIVE_MODE)


def test_ms_function_and_ms_class_at_their_1x_paths():
    compat.install()
    try:
        import mindspore
        from mindspore.common.api import ms_function, ms_class
        from mindspore.ops.operations.nn_ops import ResizeBilinear
        assert mindspore.ms_function is ms_function and mindspore.ms_class is ms_class
        assert ResizeBilinear is ops.ResizeBilinear
    finally:
        compat.uninstall()

    calls = []

    @ms.ms_function
    def double(x):
        calls.append(1)
        return x * 2
    one = ms.Tensor(np.array([1.0, 2.0], np.float32))
    assert double(one).asnumpy().tolist() == [2.0, 4.0]
    assert double(one).asnumpy().tolist() == [2.0, 4.0]
    assert len(calls) == 1  # compiled once, replayed
    decorated = ms.ms_function(input_signature=None)(lambda x: x + 1)
    assert decorated(one).asnumpy().tolist() == [2.0, 3.0]
    with pytest.raises(TypeError, match="compile_once"):
        ms.ms_function(compile_once=1)

    @ms.ms_class
    class Scale:
        k = 3
    assert Scale.__ms_class__ is True
    with pytest.raises(TypeError):
        ms.ms_class(nn.Dense)
