"""Private MindSpore 2.10 names that public code imports (``../shared/surface/usage.md``, "Names
used through non-public module paths"), at their MindSpore paths under ``mindcell.compat``,
with the behaviour ms-oracle showed for them."""
import importlib

import numpy as np
import pytest

import mindcell as ms
from mindcell import Tensor, compat, nn, ops
from mindcell import dtype as mstype

PATHS = [
    ("mindspore.communication._comm_helper", "_is_initialized"),
    ("mindspore.communication.comm_func", "barrier"),
    ("mindspore.nn.wrap.cell_wrapper", "_VirtualDatasetCell"),
    ("mindspore.nn.wrap.loss_scale", "grad_scale"),
    ("mindspore._checkparam", "check_subclass"),
    ("mindspore.common.api", "_pynative_executor"),
    ("mindspore.common.api", "cells_compile_cache"),
    ("mindspore.dataset.vision.py_transforms_util", "is_pil"),
    ("mindspore.dataset.vision.py_transforms_util", "augment_error_message"),
    ("mindspore.ops.operations", "DynamicRNN"),
    ("mindspore.ops.operations.nn_ops", "DynamicGRUV2"),
    ("mindspore.ops.auto_generate", "SplitWithSize"),
]


def test_every_name_imports_at_its_mindspore_path():
    compat.install()
    try:
        missing = []
        for module, name in PATHS:
            try:
                getattr(importlib.import_module(module), name)
            except (ImportError, AttributeError) as e:
                missing.append("%s.%s: %s" % (module, name, e))
    finally:
        compat.uninstall()
    assert not missing, missing


def test_is_initialized_follows_init_and_barrier_is_the_world_barrier():
    from mindcell.communication import _comm_helper, init, release
    from mindcell.communication.management import barrier
    init()
    try:
        assert _comm_helper._is_initialized() is True
        assert barrier() is None
    finally:
        release()
    assert _comm_helper._is_initialized() is False


def test_virtual_dataset_cell_runs_its_backbone_with_its_parameter_names():
    from mindcell.nn.wrap.cell_wrapper import _VirtualDatasetCell
    dense = nn.Dense(3, 2)
    net = _VirtualDatasetCell(dense)
    x = Tensor(np.arange(6, dtype=np.float32).reshape(2, 3))
    np.testing.assert_array_equal(net(x).asnumpy(), dense(x).asnumpy())
    assert [p.name for p in net.trainable_params()] == ["weight", "bias"]
    # MindSpore 2.10 takes any callable as the backbone (ms-oracle, round 10 gh10b)
    np.testing.assert_array_equal(_VirtualDatasetCell(lambda v: v * 2)(x).asnumpy(), 2 * x.asnumpy())


def test_grad_scale_divides_each_gradient_by_the_scale_in_its_dtype():
    from mindcell.nn.wrap.loss_scale import grad_scale
    grads = (Tensor(np.array([2.0, 8.0], np.float16)), Tensor(np.array([1.0], np.float32)))
    out = ops.HyperMap()(ops.partial(grad_scale, Tensor(4.0, ms.float32)), grads)
    assert out[0].dtype == ms.float16 and out[1].dtype == ms.float32
    np.testing.assert_allclose(out[0].asnumpy(), [0.5, 2.0])
    np.testing.assert_allclose(out[1].asnumpy(), [0.25])


def test_check_subclass_takes_members_of_a_family_and_refuses_with_mindspores_message():
    from mindcell._checkparam import check_subclass
    assert check_subclass("x", mstype.float32, mstype.Float, "Op") is None
    assert check_subclass("x", mstype.int8, (mstype.Float, mstype.Int), "Op") is None
    assert check_subclass("x", int, (int, float), "Op") is None
    with pytest.raises(TypeError, match=r"^For 'Op', the element of 'x' must be one of Float, "
                                        r"Float16, but got Int32\.The supported"):
        check_subclass("x", mstype.int32, (mstype.Float, mstype.float16), "Op")
    with pytest.raises(TypeError, match=r"must be Float32, but got type 'list' extra\.The"):
        check_subclass("x", [1], mstype.float32, "Op", "extra")


def test_pynative_executor_enable_grad_switch_makes_values_constants():
    from mindcell.common.api import _pynative_executor as executor

    def f(x):
        before = executor.enable_grad()
        executor.set_enable_grad(False)
        c = x * x
        off = executor.enable_grad()
        executor.set_enable_grad(before)
        return x * c, off

    seen = []
    grad = ops.grad(lambda x: (lambda out: seen.append(out[1]) or out[0])(f(x)))(Tensor(3.0))
    assert float(grad) == 9.0  # d(x * c)/dx with c = x * x held constant
    assert seen == [False] and executor.enable_grad() is True
    assert executor.requires_grad() is False and executor.sync() is None
    executor.set_grad_flag(True)
    assert executor.grad_flag() is True
    executor.set_grad_flag(False)
    with pytest.raises(TypeError, match="set_enable_grad"):
        executor.set_enable_grad(1)


def test_is_pil_and_its_message():
    from PIL import Image
    from mindcell.dataset.vision.py_transforms_util import augment_error_message, is_pil
    assert is_pil(Image.new("RGB", (2, 2))) is True
    assert is_pil(np.zeros((2, 2, 3), np.uint8)) is False
    assert augment_error_message.format("ndarray").startswith("img should be PIL image. Got "
                                                              "ndarray.")


def test_split_with_size_splits_by_the_sizes_as_mindspore():
    from mindcell.ops.auto_generate import SplitWithSize
    x = Tensor(np.arange(10, dtype=np.float32).reshape(5, 2))
    first, second = SplitWithSize()(x, (2, 3), 0)
    np.testing.assert_array_equal(first.asnumpy(), [[0, 1], [2, 3]])
    np.testing.assert_array_equal(second.asnumpy(), [[4, 5], [6, 7], [8, 9]])
    with pytest.raises((TypeError, ValueError)):
        SplitWithSize()(x, (2, 2), 0)
