"""Resize with BICUBIC and AREA against per-pixel references, RandomResizedCrop,
RandomRotation, Concatenate and Slice: numpy references, seeded determinism, bad arguments."""
import math

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import mindcell as ms
import mindcell.dataset as ds
import mindcell.dataset.transforms as T
import mindcell.dataset.vision as vision
from mindcell.dataset import config
from mindcell.dataset.vision import Inter


def keys(t, a=-0.75):
    """The cubic convolution kernel (OpenCV's a = -0.75)."""
    t = abs(t)
    if t <= 1:
        return (a + 2) * t ** 3 - (a + 3) * t ** 2 + 1
    if t < 2:
        return a * t ** 3 - 5 * a * t ** 2 + 8 * a * t - 4 * a
    return 0.0


def cubic_ref(img, oh, ow):
    h, w = img.shape[:2]
    out = np.zeros((oh, ow) + img.shape[2:])
    for i in range(oh):
        for j in range(ow):
            y, x = (i + 0.5) * h / oh - 0.5, (j + 0.5) * w / ow - 0.5
            for yy in range(math.floor(y) - 1, math.floor(y) + 3):
                for xx in range(math.floor(x) - 1, math.floor(x) + 3):
                    src = img[min(max(yy, 0), h - 1), min(max(xx, 0), w - 1)]
                    out[i, j] += keys(y - yy) * keys(x - xx) * src
    return out


def area_ref(img, oh, ow):
    """Shrinking: the mean of the source over the output pixel's footprint."""
    h, w = img.shape[:2]
    sy, sx = h / oh, w / ow
    out = np.zeros((oh, ow) + img.shape[2:])
    for i in range(oh):
        for j in range(ow):
            for yy in range(h):
                cover_y = max(0.0, min((i + 1) * sy, yy + 1) - max(i * sy, yy))
                for xx in range(w):
                    cover_x = max(0.0, min((j + 1) * sx, xx + 1) - max(j * sx, xx))
                    out[i, j] += cover_y * cover_x * img[yy, xx]
    return out / (sy * sx)


@settings(max_examples=25, deadline=None)
@given(h=st.integers(1, 7), w=st.integers(1, 7), oh=st.integers(1, 9), ow=st.integers(1, 9),
       channels=st.sampled_from([None, 1, 3]))
def test_bicubic_matches_reference(h, w, oh, ow, channels):
    shape = (h, w) if channels is None else (h, w, channels)
    img = np.random.default_rng(h * 100 + w).normal(size=shape)
    got = vision.Resize((oh, ow), Inter.BICUBIC)(img)
    np.testing.assert_allclose(got, cubic_ref(img, oh, ow), rtol=1e-10, atol=1e-10)
    assert got.dtype == img.dtype


@settings(max_examples=25, deadline=None)
@given(oh=st.integers(1, 7), ow=st.integers(1, 9), h=st.integers(7, 10), w=st.integers(9, 12))
def test_area_shrink_matches_reference(oh, ow, h, w):
    img = np.random.default_rng(oh * 10 + ow).uniform(0, 255, (h, w, 3))
    np.testing.assert_allclose(vision.Resize((oh, ow), Inter.AREA)(img),
                               area_ref(img, oh, ow), rtol=1e-10)


def test_area_known_cases():
    img = np.arange(6 * 4 * 3, dtype=np.float64).reshape(6, 4, 3)
    # integer shrink: block means; integer growth: pixel repetition (OpenCV's INTER_AREA)
    np.testing.assert_allclose(vision.Resize((3, 2), Inter.AREA)(img),
                               img.reshape(3, 2, 2, 2, 3).mean((1, 3)))
    np.testing.assert_array_equal(vision.Resize((12, 12), Inter.AREA)(img),
                                  img.repeat(2, 0).repeat(3, 1))
    u8 = np.array([[0, 255], [255, 255]], np.uint8)
    out = vision.Resize((1, 1), Inter.AREA)(u8)
    assert out.dtype == np.uint8 and out.tolist() == [[191]]  # 191.25 rounded


@pytest.mark.parametrize("interp", [Inter.BICUBIC, Inter.AREA, Inter.LINEAR, Inter.NEAREST])
def test_resize_keeps_constants_and_saturates(interp):
    img = np.full((5, 7, 3), 200, np.uint8)
    np.testing.assert_array_equal(vision.Resize((9, 4), interp)(img), np.full((9, 4, 3), 200))
    edge = np.zeros((4, 8), np.uint8)
    edge[:, 4:] = 255  # bicubic overshoots at a step edge: clipped to [0, 255]
    out = vision.Resize((4, 16), interp)(edge)
    assert out.dtype == np.uint8 and out.min() == 0 and out.max() == 255


# --- RandomResizedCrop -----------------------------------------------------------------
def test_random_resized_crop_boxes():
    op = vision.RandomResizedCrop((5, 6), scale=(0.2, 0.6), ratio=(0.5, 2.0))
    rng = np.random.default_rng(0)
    for _ in range(200):
        top, left, ch, cw = op.crop_box(40, 30, rng)
        assert 0 <= top and top + ch <= 40 and 0 <= left and left + cw <= 30
        # area and ratio within range, up to the rounding of both sides
        assert 0.2 * 1200 * 0.8 <= ch * cw <= 0.6 * 1200 * 1.2
        assert 0.5 * 0.8 <= cw / ch <= 2.0 * 1.25
    # no draw fits: the central crop of the largest region in the ratio range
    wide = vision.RandomResizedCrop(4, scale=(2.0, 3.0), ratio=(0.5, 1.0))
    assert wide.crop_box(10, 40, rng) == (0, 15, 10, 10)
    whole = vision.RandomResizedCrop(4, scale=(2.0, 3.0))
    assert whole.crop_box(10, 12, rng) == (0, 0, 10, 12)


def test_random_resized_crop_is_a_resized_crop_and_seeded():
    img = np.random.default_rng(1).integers(0, 256, (12, 10, 3), dtype=np.uint8)
    op = vision.RandomResizedCrop((4, 3), scale=(0.3, 0.9), interpolation=Inter.BICUBIC)
    for seed in range(10):  # the output is Resize of the box crop_box draws from the stream
        with config.map_random(lambda s=seed: np.random.default_rng(s)):
            out = op(img)
        top, left, h, w = op.crop_box(12, 10, np.random.default_rng(seed))
        np.testing.assert_array_equal(out, vision.Resize((4, 3), Inter.BICUBIC)(
            img[top:top + h, left:left + w]))

    def pipeline(seed):
        ms.set_seed(seed)
        d = ds.NumpySlicesDataset({"image": np.stack([img] * 6)}, shuffle=False)
        d = d.map([vision.RandomResizedCrop(5, interpolation=Inter.BICUBIC),
                   vision.RandomRotation(30)], num_parallel_workers=2)
        return [r[0].tobytes() for r in d.create_tuple_iterator(output_numpy=True)]

    assert pipeline(4) == pipeline(4) and pipeline(4) != pipeline(5)


# --- RandomRotation --------------------------------------------------------------------
@pytest.mark.parametrize("angle,turns", [(90, 1), (180, 2), (-90, 3), (270, 3), (360, 0)])
@pytest.mark.parametrize("resample", [Inter.NEAREST, Inter.BILINEAR])
def test_rotation_quarter_turns_equal_rot90(angle, turns, resample):
    img = np.arange(5 * 5 * 3, dtype=np.uint8).reshape(5, 5, 3)
    op = vision.RandomRotation((angle, angle), resample=resample)
    np.testing.assert_array_equal(op(img), np.rot90(img, turns))
    tall = np.arange(4 * 6, dtype=np.float32).reshape(4, 6)
    expanded = vision.RandomRotation((angle, angle), resample=resample, expand=True)(tall)
    np.testing.assert_array_equal(expanded, np.rot90(tall, turns))


def test_rotation_fill_and_centre():
    img = np.full((4, 4, 3), 9, np.uint8)
    out = vision.RandomRotation((45, 45), fill_value=(1, 2, 3))(img)
    assert out[0, 0].tolist() == [1, 2, 3] and out[2, 2].tolist() == [9, 9, 9]
    # about the top-left pixel a quarter turn keeps only that column/row
    one = np.zeros((3, 3))
    one[0, 2] = 1.0
    out = vision.RandomRotation((90, 90), center=(0, 0))(one)
    assert out[0, 0] == 0 and out.sum() == 0  # (2, 0) went to (0, -2): outside


def test_module_paths_have_the_augmentations():
    from mindcell.dataset.transforms import c_transforms as tc
    from mindcell.dataset.vision import c_transforms, transforms
    assert transforms.RandomResizedCrop is c_transforms.RandomResizedCrop \
        is vision.RandomResizedCrop
    assert transforms.RandomRotation is vision.RandomRotation
    assert T.Slice is tc.Slice and T.Concatenate is tc.Concatenate
    with pytest.raises(AttributeError, match="RandomNothing"):
        transforms.RandomNothing  # noqa: B018


# --- Concatenate and Slice -------------------------------------------------------------
A, B = np.array([1, 2, 3]), np.array([4])
CONCAT = [
    (T.Concatenate(), (A,), [1, 2, 3]),
    (T.Concatenate(0, prepend=np.array([0])), (A,), [0, 1, 2, 3]),
    (T.Concatenate(-1, append=np.array([9, 9])), (A, B), [1, 2, 3, 4, 9, 9]),
    (T.Concatenate(0, np.array([7]), np.array([8])), (A, B), [7, 1, 2, 3, 4, 8]),
    (T.Concatenate(0, np.array(["<s>"])), (np.array(["a", "bc"]),), ["<s>", "a", "bc"]),
]


@pytest.mark.parametrize("op,inputs,want", CONCAT)
def test_concatenate(op, inputs, want):
    assert op(*inputs).tolist() == want


def test_concatenate_in_a_pipeline():
    d = ds.NumpySlicesDataset({"a": [[1, 2], [3, 4]], "b": [[5], [6]]}, shuffle=False)
    d = d.map(T.Concatenate(0, append=np.array([0])), ["a", "b"], ["ab"])
    assert [r[0].tolist() for r in d.create_tuple_iterator(output_numpy=True)] == [
        [1, 2, 5, 0], [3, 4, 6, 0]]


X = np.arange(10, 16)
SLICES = [((), X), ((None,), X), ((Ellipsis,), X), ((2,), X[[2]]), ((-1,), X[[-1]]),
          (([0, 5, -2],), X[[0, 5, -2]]), ((slice(1, 5, 2),), X[1:5:2]),
          ((slice(None, None, -1),), X[::-1])]


@pytest.mark.parametrize("slices,want", SLICES)
def test_slice(slices, want):
    np.testing.assert_array_equal(T.Slice(*slices)(X), want)


BAD = [
    (lambda: vision.RandomResizedCrop(4, scale=(0.5, 0.1)), ValueError,
     "RandomResizedCrop: 'scale'"),
    (lambda: vision.RandomResizedCrop(4, ratio=(0, 1)), ValueError, "RandomResizedCrop: 'ratio'"),
    (lambda: vision.RandomResizedCrop(4, ratio=1.0), TypeError, "RandomResizedCrop: 'ratio'"),
    (lambda: vision.RandomResizedCrop(4, max_attempts=0), ValueError, "'max_attempts'"),
    (lambda: vision.RandomResizedCrop(4, interpolation=Inter.ANTIALIAS), ValueError,
     "RandomResizedCrop: interpolation ANTIALIAS"),
    (lambda: vision.RandomRotation(-5), ValueError, "RandomRotation: 'degrees'"),
    (lambda: vision.RandomRotation("5"), TypeError, "RandomRotation: 'degrees'"),
    (lambda: vision.RandomRotation(5, resample=Inter.AREA), ValueError,
     "RandomRotation: resample AREA"),
    (lambda: vision.RandomRotation(5, expand=1), TypeError, "'expand'"),
    (lambda: vision.RandomRotation(5, center=(1,)), TypeError, "'center'"),
    (lambda: vision.RandomRotation(5, fill_value=(1, 2)), TypeError, "'fill_value'"),
    (lambda: vision.RandomRotation(5, fill_value=(1, 2, 3))(np.zeros((3, 3))), ValueError,
     "3-channel"),
    (lambda: T.Concatenate(1), ValueError, "Concatenate: 'axis'"),
    (lambda: T.Concatenate(prepend=np.zeros((2, 2))), ValueError, "'prepend'"),
    (lambda: T.Concatenate()(np.zeros((2, 2))), ValueError, "1-d"),
    (lambda: T.Concatenate(0, np.array([1.5]))(A), TypeError, "dtypes"),
    (lambda: T.Slice("1"), TypeError, "Slice: 'slices'"),
    (lambda: T.Slice(1, 2), ValueError, "Slice: 1-d"),
    (lambda: T.Slice(6)(X), ValueError, "out of range"),
    (lambda: T.Slice(1)(np.zeros((2, 2))), ValueError, "1-d array"),
]


@pytest.mark.parametrize("call,error,match", BAD)
def test_bad_arguments(call, error, match):
    with pytest.raises(error, match=match):
        call()
