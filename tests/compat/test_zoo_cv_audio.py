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


def test_identity_primitive_copies(mode):
    # mindyolo's xywh2xyxy: y = ops.Identity()(x), then y[..., 0] = x[..., 0] - x[..., 2] / 2 ...
    # MindSpore's Identity primitive copies, so the later lines still read the original x
    class XYWH2XYXY(ms.nn.Cell):
        def __init__(self):
            super().__init__()
            self.identity = ops.Identity()

        def construct(self, x):
            y = self.identity(x)
            y[..., 0] = x[..., 0] - x[..., 2] / 2
            y[..., 1] = x[..., 1] - x[..., 3] / 2
            y[..., 2] = x[..., 0] + x[..., 2] / 2
            y[..., 3] = x[..., 1] + x[..., 3] / 2
            return y

    box = np.array([[10.0, 20.0, 4.0, 6.0]], np.float32)
    x = ms.Tensor(box)
    out = XYWH2XYXY()(x)
    np.testing.assert_array_equal(out.asnumpy(), [[8.0, 17.0, 12.0, 23.0]])
    np.testing.assert_array_equal(x.asnumpy(), box)


def test_identity_function_still_shares_memory():
    # ops.identity (the function) returns x's memory in MindSpore 2.10: a write shows in x
    x = ms.Tensor(np.array([1.0, 2.0], np.float32))
    y = ops.identity(x)
    y[0] = 5.0
    np.testing.assert_array_equal(x.asnumpy(), [5.0, 2.0])


def test_parallel_private_queries_follow_the_context():
    # detection zoo training cells (SSD, FasterRCNN, YOLOv3/v4 ...) import these private helpers
    from mindcell.parallel._auto_parallel_context import auto_parallel_context
    from mindcell.parallel._utils import (_get_device_num, _get_gradients_mean,
                                          _get_parallel_mode, _get_global_rank)
    ctx = auto_parallel_context()
    assert ctx is auto_parallel_context()
    try:
        assert (_get_parallel_mode(), _get_device_num(), _get_gradients_mean(),
                _get_global_rank()) == ("stand_alone", 1, False, 0)
        assert not ctx.get_device_num_is_set() and ctx.get_pipeline_stages() == 1
        ms.set_auto_parallel_context(parallel_mode=ms.ParallelMode.DATA_PARALLEL,
                                     gradients_mean=True, device_num=4)
        assert ctx.get_device_num_is_set() and ctx.get_parallel_mode() == "data_parallel"
        assert (_get_device_num(), _get_gradients_mean()) == (4, True)
        ctx.set_all_reduce_fusion_split_indices([85, 160])
        assert ms.get_auto_parallel_context("all_reduce_fusion_config") == [85, 160]
        with pytest.raises(TypeError, match="set_all_reduce_fusion_split_indices"):
            ctx.set_all_reduce_fusion_split_indices(85)
        with pytest.raises(AttributeError, match="set_pipeline_config"):
            ctx.set_pipeline_config({})
    finally:
        ms.reset_auto_parallel_context()
    assert not ctx.get_device_num_is_set() and _get_device_num() == 1


def test_parallel_private_modules_resolve_under_the_mindspore_name():
    import subprocess
    import sys
    code = ("import mindcell.compat; mindcell.compat.install()\n"
            "from mindspore.parallel._auto_parallel_context import auto_parallel_context\n"
            "from mindspore.parallel._utils import _get_device_num, _get_parallel_mode\n"
            "print(auto_parallel_context().get_device_num_is_set(), _get_device_num(), "
            "_get_parallel_mode())\n")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.split() == ["False", "1", "stand_alone"]


def test_custom_initializer_with_initialize_method():
    # 40+ zoo programs subclass Initializer and fill the array in _initialize(arr)
    from mindcell.common.initializer import (Initializer, initializer, _assignment,
                                             _calculate_correct_fan, _calculate_gain,
                                             _calculate_fan_in_and_fan_out, _register)

    @_register("fan_in_uniform_test")
    class FanInUniform(Initializer):
        def __init__(self, gain=1.0):
            super().__init__(gain=gain)
            self.gain = gain

        def _initialize(self, arr):
            bound = self.gain / np.sqrt(_calculate_correct_fan(arr.shape, "fan_in"))
            _assignment(arr, np.random.RandomState(0).uniform(-bound, bound, arr.shape))

    w = initializer(FanInUniform(2.0), (4, 3, 2, 2), ms.float16)
    assert w.dtype == ms.float16 and w.shape == (4, 3, 2, 2)
    assert 0 < np.abs(w.asnumpy()).max() <= 2.0 / np.sqrt(12)
    dense = ms.nn.Dense(3, 2, weight_init=FanInUniform())
    assert np.abs(dense.weight.asnumpy()).max() <= 1 / np.sqrt(3) and dense.weight.asnumpy().any()
    arr = np.zeros((), np.float32)
    assert _assignment(arr, 3.0) is arr and float(arr) == 3.0
    assert initializer("fan_in_uniform_test", (2, 2)).shape == (2, 2)
    assert _calculate_fan_in_and_fan_out((8, 4, 3, 3)) == (36, 72)
    assert _calculate_gain("leaky_relu", 0) == pytest.approx(np.sqrt(2.0))
    assert _calculate_gain("conv_transpose2d") == 1.0
    with pytest.raises(ValueError, match="fewer than 2"):
        _calculate_fan_in_and_fan_out((8,))
    with pytest.raises(ValueError, match="mode"):
        _calculate_correct_fan((8, 4), "fan")
    with pytest.raises(ValueError, match="negative_slope"):
        _calculate_gain("leaky_relu", True)


def test_initializer_subclass_without_a_fill_method_says_what_to_define():
    from mindcell.common.initializer import Initializer, initializer

    class Empty(Initializer):
        pass

    with pytest.raises(NotImplementedError, match="_initialize"):  # at the first use, as there
        initializer(Empty(), (2,)).init_data()


def test_conv1d_takes_a_3d_weight_tensor(mode):
    # mindaudio's Conv1d builds its weight as initializer(HeUniform(...), (out, in, k))
    w = np.arange(24, dtype=np.float32).reshape(4, 3, 2) / 10
    conv = ms.nn.Conv1d(3, 4, 2, pad_mode="valid", weight_init=ms.Tensor(w))
    assert conv.weight.shape == (4, 3, 1, 2)
    x = np.random.RandomState(0).randn(1, 3, 5).astype(np.float32)
    want = np.stack([np.einsum("ck,ck->", w[o], x[0][:, t:t + 2]) for o in range(4)
                     for t in range(4)]).reshape(1, 4, 4)
    np.testing.assert_allclose(conv(ms.Tensor(x)).asnumpy(), want, rtol=1e-5, atol=1e-5)
    with pytest.raises(ValueError, match="3-D"):
        ms.nn.Conv1d(3, 4, 2, weight_init=ms.Tensor(np.ones((4, 3, 1, 2), np.float32)))


def test_ctc_loss_v2_primitive(mode):
    # mindaudio's CTC head: ops.CTCLossV2(blank=0, reduction="none", zero_infinity=True)
    log_probs = np.log(np.full((3, 1, 2), 0.5, np.float32))
    loss, alpha = ops.CTCLossV2(blank=0, reduction="none", zero_infinity=True)(
        ms.Tensor(log_probs), ms.Tensor(np.array([[1]], np.int32)),
        ms.Tensor(np.array([3], np.int32)), ms.Tensor(np.array([1], np.int32)))
    # label 1 in 3 frames of 2 equiprobable classes: 6 of the 8 paths collapse to [1]
    np.testing.assert_allclose(loss.asnumpy(), [-np.log(6 / 8)], rtol=1e-6)
    assert alpha.shape == (1, 3, 3)
    assert ops.operations.CTCLossV2 is ops.CTCLossV2
    with pytest.raises(ValueError, match="reduction"):
        ops.CTCLossV2(reduction="mean")
    with pytest.raises(TypeError, match="zero_infinity"):
        ops.CTCLossV2(zero_infinity=1)


def test_tensor_max_min_dim_form_returns_values_and_indices(mode):
    # MindSpore 2.10's Tensor.max(dim=d, keepdim=False) overload (both modes): (values, indices)
    x = ms.Tensor(np.array([[1.0, 5.0, 3.0], [7.0, 2.0, 9.0]], np.float32))
    values, indices = x.max(dim=1)
    np.testing.assert_array_equal(values.asnumpy(), [5.0, 9.0])
    np.testing.assert_array_equal(indices.asnumpy(), [1, 2])
    values, indices = x.min(dim=0, keepdim=True)
    np.testing.assert_array_equal(values.asnumpy(), [[1.0, 2.0, 3.0]])
    np.testing.assert_array_equal(indices.asnumpy(), [[0, 1, 0]])
    np.testing.assert_array_equal(x.max(axis=1).asnumpy(), [5.0, 9.0])  # the axis form
    with pytest.raises(TypeError, match="dim"):
        x.max(axis=1, dim=1)
    with pytest.raises(TypeError, match="keepdim"):
        x.min(keepdim=True)
