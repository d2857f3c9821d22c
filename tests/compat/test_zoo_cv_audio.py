"""Names and behaviours that vision, detection and audio model-zoo programs rely on (found by
running public MindSpore programs under mindcell and comparing with MindSpore 2.10)."""
import numpy as np
import pytest

import mindcell as ms
from mindcell import ops


def test_top_k_is_topk_on_the_last_axis(mode):
    # the YOLOv8 task-aligned assigner picks candidates with ops.top_k(metrics, k)
    data = np.array([[0.5, 4.0, -1.0, 3.0], [7.0, 2.0, 9.0, 8.0]], np.float32)
    values, indices = ops.top_k(ms.Tensor(data), 3)
    order = np.argsort(-data, axis=-1)[:, :3]
    np.testing.assert_array_equal(indices.asnumpy(), order)
    np.testing.assert_array_equal(values.asnumpy(), np.take_along_axis(data, order, -1))
    assert indices.dtype == ms.int32 and values.dtype == ms.float32
    assert ops.functional.top_k is ops.top_k


@pytest.mark.parametrize("k", [0, 5, -1])
def test_top_k_checks_k(k):
    with pytest.raises(ValueError, match="top_k"):
        ops.top_k(ms.Tensor(np.zeros((2, 4), np.float32)), k)
    with pytest.raises(TypeError, match="top_k"):
        ops.top_k(ms.Tensor(np.zeros((2, 4), np.float32)), 2.0)
