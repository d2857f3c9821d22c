"""Round-7 user programs from mindspore-ai/models (research/cv, research/nlp, research/recommend,
research/audio and official/cv families not tried before): the general mechanisms those programs
stopped at or differed by, each checked for its class against MindSpore 2.10 (ms-oracle)."""
import numpy as np
import pytest

import mindcell as ms
from mindcell import nn, ops


# ----- the deprecated lower-case primitive class ops.operations.identity -----------------------
# official/cv/Unet's TempLoss builds ``self.identity = ops.identity()`` from
# mindspore.ops.operations (MindSpore's mindspore.ops.deprecated.identity): the call returns its
# input object itself; mindspore.ops.identity stays the function.
def test_deprecated_identity_primitive_returns_its_input():
    from mindcell.ops import operations as P
    import mindcell.ops.deprecated as D
    assert D.identity is P.identity and isinstance(P.identity(), ops.Primitive)
    x = ms.Tensor(np.ones((2, 3), np.float32))
    y = P.identity()(x)
    assert y is x
    y[0, 0] = 5.0
    assert x.asnumpy()[0, 0] == 5.0
    assert P.identity()(3) == 3
    # the function at mindspore.ops is not replaced by the class
    assert not isinstance(ops.identity, type)


def test_deprecated_identity_in_a_loss_cell_under_model_eval():
    from mindcell.ops import operations as P

    class PassLoss(nn.Cell):
        def __init__(self):
            super().__init__()
            self.identity = P.identity()

        def construct(self, logits, label):
            return self.identity(logits)

    net = nn.Dense(3, 2)
    data = ms.dataset.NumpySlicesDataset(
        {"x": np.ones((4, 3), np.float32), "y": np.zeros((4, 2), np.float32)}, shuffle=False).batch(2)
    model = ms.train.Model(net, loss_fn=PassLoss(), metrics={"mae": nn.MAE()})
    res = model.eval(data, dataset_sink_mode=False)
    # nn.MAE sums |error| over a sample's values and averages over samples (MindSpore: 5.0 for
    # rows [1, 2] and [3, 4] against zeros)
    expect = np.abs(net(ms.Tensor(np.ones((1, 3), np.float32))).asnumpy()).sum()
    assert np.isclose(res["mae"], expect, rtol=1e-5)


# ----- Tensor(t) shares t's memory; Parameter(t) copies it ---------------------------------------
# research/cv/StarGAN builds c_org = Tensor(data['attr'], float32) and c_trg = Tensor(data['attr'],
# float32), then np.random.shuffle(c_trg): in MindSpore 2.10 all three share one buffer, so c_org
# is shuffled too (and the row swaps duplicate rows). The reverse holds for Parameter: two
# Parameters built from one tensor are separate copies (ms-oracle for every case below).
def _mk():
    return ms.Tensor(np.arange(6, dtype=np.float32).reshape(3, 2))


@pytest.mark.parametrize("build, shared", [
    (lambda t: ms.Tensor(t), True),
    (lambda t: ms.Tensor(t, ms.float32), True),
    (lambda t: ms.Tensor(input_data=t), True),
    (lambda t: ms.Tensor(t, const_arg=True), True),
    (lambda t: ms.Tensor(t[0:2]), True),
    (lambda t: ms.Tensor(t.T), True),
    (lambda t: ms.Tensor(t, ms.float16), False),
    (lambda t: ms.Parameter(t, name="p"), False),
    (lambda t: ms.Parameter(ms.Parameter(t, name="q"), name="p"), False),
])
def test_tensor_from_tensor_shares_and_parameter_copies(build, shared):
    t = _mk()
    u = build(t)
    t[0, 0] = 100.0
    assert (float(u.asnumpy().ravel()[0]) == 100.0) is shared
    t = _mk()
    u = build(t)
    u[1, 1] = -7.0  # and a write into the new one reaches the source when shared
    assert (-7.0 in t.asnumpy()) is shared


def test_numpy_shuffle_of_a_tensor_copy_reorders_the_source():
    data = ms.dataset.NumpySlicesDataset(
        {"a": np.arange(12, dtype=np.float32).reshape(4, 3)}, shuffle=False).batch(4)
    row = next(data.create_dict_iterator())
    b = ms.Tensor(row["a"], ms.float32)
    c = ms.Tensor(row["a"], ms.float32)
    np.random.seed(0)
    with pytest.warns(UserWarning):
        np.random.shuffle(b)
    expect = [[0, 1, 2], [0, 1, 2], [3, 4, 5], [0, 1, 2]]  # MindSpore 2.10, seed 0
    for t in (b, c, row["a"]):
        assert t.asnumpy().tolist() == expect


@pytest.mark.parametrize("mode", [ms.PYNATIVE_MODE, ms.GRAPH_MODE])
def test_two_parameters_from_one_tensor_train_apart(mode):
    ms.set_context(mode=mode)
    try:
        class Net(nn.Cell):
            def __init__(self):
                super().__init__()
                init = ms.Tensor(np.ones((2,), np.float32))
                self.a = ms.Parameter(init, name="a")
                self.b = ms.Parameter(init, name="b", requires_grad=False)
                self.init = init

            def construct(self, x):
                return (self.a * x).sum() + (self.b * x).sum()

        net = Net()
        opt = nn.SGD([net.a], 0.5)
        grad_fn = ms.value_and_grad(net, None, opt.parameters)
        _, grads = grad_fn(ms.Tensor(np.ones((2,), np.float32)))
        opt(grads)
        assert net.a.asnumpy().tolist() == [0.5, 0.5]
        assert net.b.asnumpy().tolist() == [1.0, 1.0]
        assert net.init.asnumpy().tolist() == [1.0, 1.0]
        net.a[0] = 5.0
        assert net.b.asnumpy().tolist() == [1.0, 1.0]
    finally:
        ms.set_context(mode=ms.PYNATIVE_MODE)


def test_set_data_still_shares():
    p = ms.Parameter(ms.Tensor(np.zeros((2,), np.float32)), name="p")
    t = ms.Tensor(np.zeros((2,), np.float32))
    p.set_data(t)
    t[0] = 5.0
    assert p.asnumpy().tolist() == [5.0, 0.0]


# ----- random vision transforms over several columns of one map --------------------------------
# research/cv/DepthNet maps RandomHorizontalFlip(0.5) over ["rgb", "ground_truth"]. MindSpore 2.10
# runs RandomCrop, RandomResizedCrop, RandomResize, RandomHorizontalFlip and RandomVerticalFlip
# on every input column with the row's one random draw (an image and its depth map flip and crop
# alike) and rejects several columns for the other vision transforms (ms-oracle, every class of
# mindspore.dataset.vision constructed with defaults).
_MULTI = [("RandomCrop", ((8, 10),)), ("RandomResizedCrop", ((8, 10),)), ("RandomResize", ((8, 10),)),
          ("RandomHorizontalFlip", ()), ("RandomVerticalFlip", ())]


@pytest.mark.parametrize("name, args", _MULTI)
def test_random_vision_transform_draws_once_for_all_columns(name, args):
    vision = ms.dataset.vision
    ms.dataset.config.set_seed(5)
    a = np.random.RandomState(0).randint(0, 255, (8, 16, 20, 3)).astype(np.uint8)
    data = ms.dataset.NumpySlicesDataset({"x": a, "y": a.copy()}, shuffle=False).map(
        operations=[getattr(vision, name)(*args)], input_columns=["x", "y"])
    rows = list(data.create_tuple_iterator(output_numpy=True))
    assert len(rows) == 8 and all(len(r) == 2 for r in rows)
    assert all(np.array_equal(r[0], r[1]) for r in rows)  # the same draw for both columns
    changed = [not (r[0].shape == a[i].shape and np.array_equal(r[0], a[i]))
               for i, r in enumerate(rows)]
    assert any(changed)
    if name in ("RandomHorizontalFlip", "RandomVerticalFlip"):  # probability 0.5: rows differ
        assert not all(changed)


def test_one_draw_per_row_also_eagerly_and_for_different_columns():
    vision = ms.dataset.vision
    ms.dataset.config.set_seed(1)
    img = np.arange(4 * 6 * 3, dtype=np.uint8).reshape(4, 6, 3)
    depth = np.arange(4 * 6, dtype=np.float32).reshape(4, 6)
    for _ in range(6):
        out_img, out_depth = vision.RandomHorizontalFlip(0.5)(img, depth)
        assert np.array_equal(out_img[:, :, 0] // 3, out_depth.astype(np.uint8) // 1)
    crop_img, crop_depth = vision.RandomCrop((2, 3))(img, depth)
    assert crop_img.shape == (2, 3, 3) and crop_depth.shape == (2, 3)
    assert np.array_equal(crop_img[:, :, 0] // 3, crop_depth.astype(np.uint8))


@pytest.mark.parametrize("name, args", [("HorizontalFlip", ()), ("Crop", ((1, 1), (2, 3))),
                                        ("Resize", ((2, 3),)), ("HWC2CHW", ()), ("Rotate", (90,))])
def test_other_vision_transforms_still_take_one_column(name, args):
    op = getattr(ms.dataset.vision, name)(*args)
    img = np.zeros((4, 5, 3), np.uint8)
    with pytest.raises(TypeError):
        op(img, img)


# ----- RandomColorAdjust on a float64 image ------------------------------------------------------
# research/cv/DepthNet feeds rgb / 255.0 (float64) to RandomColorAdjust(brightness=(0.8, 1.0)).
# MindSpore 2.10 scales a float64 image when brightness is the only active adjustment (as
# AdjustBrightness does) and raises once contrast, saturation or hue are active (ms-oracle values).
def test_brightness_only_color_adjust_takes_float64():
    vision = ms.dataset.vision
    x = np.random.RandomState(0).rand(6, 8, 3)
    y = vision.RandomColorAdjust(brightness=(0.9, 0.9))(x)
    assert y.dtype == np.float64
    np.testing.assert_allclose(y.ravel()[:3], [0.49393, 0.64367, 0.54249], atol=1e-5)
    y32 = vision.RandomColorAdjust(brightness=(0.9, 0.9))(x.astype(np.float32))
    np.testing.assert_allclose(y, y32, atol=1e-6)
    for kw in ({"contrast": (0.9, 0.9)}, {"saturation": (0.9, 0.9)}, {"hue": (0.1, 0.1)},
               {"brightness": (0.9, 0.9), "contrast": (0.8, 0.8)}):
        with pytest.raises(RuntimeError):
            vision.RandomColorAdjust(**kw)(x)
