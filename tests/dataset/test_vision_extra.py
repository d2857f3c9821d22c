"""The newer vision transforms (colour, geometry, erasing, PIL, policies) and transforms.PadEnd /
Mask / RandomOrder: numpy references, properties of the random ones over many seeded draws,
PIL inputs and use in a pipeline. Pixel-exact agreement with MindSpore is in
tests/goldens/vision."""
import colorsys
import io
import math

import numpy as np
import pytest
from PIL import Image

import mindcell as ms
import mindcell.dataset as ds
import mindcell.dataset.transforms as T
import mindcell.dataset.vision as vision
from mindcell.dataset import config
from mindcell.dataset.vision import Inter


def image(seed, shape=(9, 11, 3)):
    return np.random.default_rng(seed).integers(0, 256, shape).astype(np.uint8)


IMG = image(0)
GRAY = image(1, (8, 7))


# ---- deterministic colour transforms against numpy formulas -------------------------------
def test_invert_posterize_solarize_formulas():
    np.testing.assert_array_equal(vision.Invert()(IMG), 255 - IMG.astype(int))
    for bits in range(9):
        mask = (0xFF << (8 - bits)) & 0xFF
        np.testing.assert_array_equal(vision.Posterize(bits)(GRAY), GRAY & mask)
    np.testing.assert_array_equal(vision.Solarize(100.0)(IMG),
                                  np.where(IMG >= 100, 255 - IMG.astype(int), IMG))
    inside = (IMG >= 50) & (IMG <= 150)
    np.testing.assert_array_equal(vision.Solarize((50, 150))(IMG),
                                  np.where(inside, 255 - IMG.astype(int), IMG))


def equalize_ref(plane):
    """Histogram equalisation by the textbook rule (cdf - cdf_min) / (n - cdf_min) * 255."""
    values, counts = np.unique(plane, return_counts=True)
    if len(values) == 1:
        return plane
    cdf = np.cumsum(counts)
    mapped = np.floor((cdf - cdf[0]) / (plane.size - cdf[0]) * 255 + 0.5)
    return mapped[np.searchsorted(values, plane)]


def test_equalize_matches_textbook_rule():
    got = vision.Equalize()(IMG)
    for c in range(3):
        np.testing.assert_allclose(got[..., c], equalize_ref(IMG[..., c]), atol=1)
    flat = np.full((3, 3), 77, np.uint8)
    np.testing.assert_array_equal(vision.Equalize()(flat), flat)


def test_autocontrast_stretches_each_channel():
    low = (image(2) // 4 + 60).astype(np.uint8)
    got = vision.AutoContrast()(low)
    for c in range(3):
        lo, hi = int(low[..., c].min()), int(low[..., c].max())
        ref = np.floor((low[..., c].astype(np.float64) - lo) * 255 / (hi - lo) + 1e-4)
        np.testing.assert_allclose(got[..., c], ref, atol=1)
        # float32 arithmetic truncated: the top can land on 254, as in MindSpore
        assert got[..., c].min() == 0 and got[..., c].max() >= 254
    # ignored values do not set the range; a cutoff clips the extremes
    x = np.array([[0, 100, 110, 120, 255]], np.uint8)
    assert vision.AutoContrast(ignore=[0, 255])(x).tolist() == [[0, 0, 127, 255, 255]]
    ramp = np.arange(100, dtype=np.uint8).reshape(10, 10)
    clipped = vision.AutoContrast(cutoff=10.0)(ramp)
    assert clipped[0, :10].max() == 0 and clipped[-1, -10:].min() == 255


def test_brightness_contrast_saturation_close_to_float_formulas():
    x = IMG.astype(np.float64)
    gray = x @ np.array([0.299, 0.587, 0.114])
    for f in (0.0, 0.4, 1.0, 1.6):
        np.testing.assert_allclose(vision.AdjustBrightness(f)(IMG), np.clip(x * f, 0, 255),
                                   atol=0.51)
        mean = math.floor(gray.mean() + 0.5)
        np.testing.assert_allclose(vision.AdjustContrast(f)(IMG),
                                   np.clip(x * f + mean * (1 - f), 0, 255), atol=1.01)
        np.testing.assert_allclose(vision.AdjustSaturation(f)(IMG),
                                   np.clip(x * f + gray[..., None] * (1 - f), 0, 255), atol=1.6)
    np.testing.assert_array_equal(vision.AdjustSaturation(1.0)(IMG), IMG)


def test_gamma_lut_and_float_images():
    i = np.arange(256, dtype=np.uint8).reshape(16, 16)
    for gamma, gain in ((0.5, 1.0), (2.2, 0.9), (1.0, 1.0)):
        ref = np.floor(np.minimum(255.999 * gain * (i / 255.0) ** gamma, 255))
        assert np.abs(vision.AdjustGamma(gamma, gain)(i) - ref).max() <= 1
    f = np.linspace(0, 1, 12, dtype=np.float32).reshape(3, 4)
    np.testing.assert_allclose(vision.AdjustGamma(0.5, 1.5)(f), np.clip((f * 1.5) ** 0.5, 0, 1),
                               rtol=1e-6)


def hue_ref(img, factor):
    out = np.empty(img.shape)
    for idx in np.ndindex(img.shape[:2]):
        h, s, v = colorsys.rgb_to_hsv(*(img[idx] / 255.0))
        out[idx] = np.array(colorsys.hsv_to_rgb((h + factor) % 1.0, s, v)) * 255
    return out


@pytest.mark.parametrize("factor", [0.0, 0.25, -0.4, 0.5])
def test_hue_close_to_colorsys(factor):
    for width in (11, 40):  # rows wider than 32 pixels take the truncating vector path
        x = image(3, (5, width, 3))
        got = vision.AdjustHue(factor)(x).astype(np.float64)
        # 8-bit HSV (256 hue steps, the shift rounded to 1/256 turn): a saturated pixel may
        # move by several levels
        assert np.abs(got - hue_ref(x, factor)).max() <= 12
        assert np.abs(got - hue_ref(x, factor)).mean() < 1.5


def test_sharpness_blends_with_the_smoothing_filter():
    x = IMG.astype(np.float64)
    kernel = np.ones((3, 3)) / 13
    kernel[1, 1] = 5 / 13
    smooth = x.copy()
    for r in range(1, x.shape[0] - 1):
        for c in range(1, x.shape[1] - 1):
            smooth[r, c] = np.tensordot(kernel, x[r - 1:r + 2, c - 1:c + 2], axes=2)
    for f in (0.0, 0.5, 2.0):
        ref = np.clip(x * f + np.rint(smooth) * (1 - f), 0, 255)
        np.testing.assert_allclose(vision.AdjustSharpness(f)(IMG), ref, atol=1.01)
    np.testing.assert_array_equal(vision.AdjustSharpness(1.0)(IMG), IMG)


def test_convert_color_channel_moves():
    rgba = image(4, (3, 4, 4))
    M = vision.ConvertMode
    np.testing.assert_array_equal(vision.ConvertColor(M.COLOR_RGB2BGR)(IMG), IMG[..., ::-1])
    np.testing.assert_array_equal(vision.ConvertColor(M.COLOR_RGBA2RGB)(rgba), rgba[..., :3])
    out = vision.ConvertColor(M.COLOR_RGB2RGBA)(IMG)
    assert out.shape == (9, 11, 4) and (out[..., 3] == 255).all()
    np.testing.assert_array_equal(vision.ConvertColor(M.COLOR_BGRA2RGBA)(rgba),
                                  rgba[..., [2, 1, 0, 3]])
    gray = vision.ConvertColor(M.COLOR_RGB2GRAY)(IMG)
    np.testing.assert_allclose(gray, IMG @ np.array([0.299, 0.587, 0.114]), atol=0.51)
    np.testing.assert_array_equal(vision.ConvertColor(M.COLOR_BGR2GRAY)(IMG[..., ::-1]), gray)
    assert vision.ConvertColor(M.COLOR_GRAY2RGBA)(GRAY).shape == (8, 7, 4)
    with pytest.raises(RuntimeError):
        vision.ConvertColor(M.COLOR_GRAY2RGB)(IMG)


# ---- geometry -------------------------------------------------------------------------------
def test_rotate_quarter_turns_and_expand():
    sq = image(5, (6, 6, 3))
    np.testing.assert_array_equal(vision.Rotate(90)(sq), np.rot90(sq, 1))
    np.testing.assert_array_equal(vision.Rotate(180)(sq), np.rot90(sq, 2))
    np.testing.assert_array_equal(vision.Rotate(-90)(sq), np.rot90(sq, -1))
    np.testing.assert_array_equal(vision.Rotate(0, Inter.BILINEAR)(IMG), IMG)
    wide = vision.Rotate(90, expand=True)(IMG)
    assert wide.shape == (11, 9, 3)
    np.testing.assert_array_equal(wide, np.rot90(IMG, 1))


def rotate_bilinear_ref(img, degrees, fill):
    """Inverse-map each output pixel and interpolate (the exact sampling, no 1/32 grid)."""
    h, w = img.shape[:2]
    cx, cy = (w - 1) / 2, (h - 1) / 2
    t = math.radians(degrees)
    out = np.empty(img.shape)
    src = np.pad(img.astype(np.float64), [(1, 1), (1, 1), (0, 0)], constant_values=fill)
    for y in range(h):
        for x in range(w):
            sx = math.cos(t) * (x - cx) - math.sin(t) * (y - cy) + cx
            sy = math.sin(t) * (x - cx) + math.cos(t) * (y - cy) + cy
            x0, y0 = math.floor(sx), math.floor(sy)
            fx, fy = sx - x0, sy - y0
            if not (-1 <= x0 < w and -1 <= y0 < h):
                out[y, x] = fill
                continue
            p = src[y0 + 1:y0 + 3, x0 + 1:x0 + 3]
            out[y, x] = ((1 - fy) * ((1 - fx) * p[0, 0] + fx * p[0, 1])
                         + fy * ((1 - fx) * p[1, 0] + fx * p[1, 1]))
    return out


def test_rotate_bilinear_close_to_exact_sampling():
    got = vision.Rotate(25, Inter.BILINEAR, fill_value=40)(IMG).astype(np.float64)
    ref = rotate_bilinear_ref(IMG, 25, 40)
    # OpenCV quantises the source position to 1/32 pixel
    assert np.abs(got - ref).max() <= 255 / 32 + 1


def test_affine_identity_translation_and_scale():
    np.testing.assert_array_equal(vision.Affine(0, [0, 0], 1.0, 0.0)(IMG), IMG)
    shifted = vision.Affine(0, [2 / 11, 1 / 9], 1.0, 0.0, fill_value=7)(IMG)
    np.testing.assert_array_equal(shifted[1:, 2:], IMG[:-1, :-2])
    assert (shifted[0] == 7).all() and (shifted[:, :2] == 7).all()
    assert vision.Affine(10, [0.1, 0.1], 1.3, [5.0, 2.0], Inter.BILINEAR)(GRAY).shape == GRAY.shape


def test_crop_flips_slices_and_padding():
    np.testing.assert_array_equal(vision.Crop((2, 3), (4, 5))(IMG), IMG[2:6, 3:8])
    np.testing.assert_array_equal(vision.HorizontalFlip()(IMG), IMG[:, ::-1])
    np.testing.assert_array_equal(vision.VerticalFlip()(GRAY), GRAY[::-1])
    with pytest.raises(RuntimeError):
        vision.Crop((6, 0), 4)(IMG)
    patches = vision.SlicePatches(2, 3, vision.SliceMode.PAD, 5)(IMG)
    assert len(patches) == 6 and all(p.shape == (5, 4, 3) for p in patches)
    grid = np.concatenate([np.concatenate(patches[r * 3:r * 3 + 3], 1) for r in range(2)], 0)
    np.testing.assert_array_equal(grid[:9, :11], IMG)
    assert (grid[9:] == 5).all() and (grid[:, 11:] == 5).all()
    dropped = vision.SlicePatches(2, 3, vision.SliceMode.DROP)(IMG)
    assert all(p.shape == (4, 3, 3) for p in dropped)
    padded = vision.PadToSize((12, 15), fill_value=(1, 2, 3))(IMG)
    np.testing.assert_array_equal(padded[1:10, 2:13], IMG)
    assert padded[0, 0].tolist() == [1, 2, 3]
    np.testing.assert_array_equal(vision.ResizedCrop(1, 2, 4, 4, (8, 8), Inter.NEAREST)(IMG),
                                  np.repeat(np.repeat(IMG[1:5, 2:6], 2, 0), 2, 1))


# ---- random transforms: seeded, in range, each outcome reached ------------------------------
def draws(op, x, n=200, seed=11):
    config.set_seed(seed)
    return [op(x) for _ in range(n)]


def test_random_transforms_are_reproducible_under_a_seed():
    ops = [vision.RandomColorAdjust(0.4, 0.4, 0.4, 0.1), vision.RandomAffine(20, (0.1, 0.1)),
           vision.CutOut(3, 2), vision.RandomColor(), vision.RandomSharpness(),
           vision.RandomPosterize((1, 8)), vision.RandomSolarize(), vision.RandomResize(5)]
    for op in ops:
        first = [r.tobytes() for r in draws(op, IMG, 5)]
        assert first == [r.tobytes() for r in draws(op, IMG, 5)], op
        assert len(set(first)) > 1, op


def test_random_color_adjust_brightness_factor_range():
    flat = np.full((2, 2, 3), 100, np.uint8)
    values = np.array([r[0, 0, 0] for r in draws(vision.RandomColorAdjust(brightness=0.5),
                                                 flat, 400)])
    assert values.min() >= 50 and values.max() <= 150
    assert values.min() < 60 and values.max() > 140  # the whole range [0.5, 1.5] is reached
    assert abs(values.mean() - 100) < 5


def test_random_color_adjust_random_order_and_hue():
    outs = {r.tobytes() for r in draws(vision.RandomColorAdjust(brightness=(1.5, 1.5),
                                                               contrast=(0.3, 0.3)), IMG, 40)}
    assert len(outs) == 2  # the two orders give the two possible results
    hues = draws(vision.RandomColorAdjust(hue=0.5), IMG, 50)
    assert all(h.shape == IMG.shape for h in hues) and len({h.tobytes() for h in hues}) > 20


def test_random_probabilities_and_ranges():
    inverted = [bool((r == 255 - IMG).all()) for r in draws(vision.RandomInvert(0.3), IMG, 500)]
    assert 0.22 < np.mean(inverted) < 0.38
    bits = {int(np.unique(r & 0xFF).size) for r in draws(vision.RandomPosterize((1, 2)), IMG, 60)}
    assert bits == {2, 4}  # 1 bit leaves 2 levels, 2 bits 4 levels
    for r in draws(vision.RandomSolarize((60, 120)), IMG, 50):
        flipped = IMG[r != IMG]
        a, b = int(flipped.min()), int(flipped.max())
        assert 60 <= a <= 120
        # two different draws give the range [a, b]; two equal ones the threshold a (>= a)
        assert b <= 120 or ((IMG >= a) == (r != IMG)).all()
    seen = {r.tobytes() for r in draws(vision.RandomResize((5, 7)), IMG, 80)}
    assert len(seen) == 4  # NEAREST, BILINEAR, BICUBIC and AREA give different pixels


def test_cutout_area_and_random_erasing():
    ones = np.ones((20, 20, 3), np.uint8)
    zeros = np.array([(r == 0).all(-1).sum() for r in draws(vision.CutOut(6), ones, 300)])
    assert zeros.max() == 36 and zeros.min() == 0
    # the corner is uniform on [-6, 20]: the overlap is 6 for 15 corners, 1..5 for 5 on each
    # side, so 120 / 27 per axis on average
    expected = (120 / 27) ** 2
    assert abs(zeros.mean() - expected) < 2
    chw = np.ones((3, 16, 16), np.float32)
    for r in draws(vision.RandomErasing(1.0, scale=(0.1, 0.2), value=0), chw, 100):
        erased = (r == 0).all(0)
        rows, cols = np.flatnonzero(erased.any(1)), np.flatnonzero(erased.any(0))
        assert erased.sum() == len(rows) * len(cols)  # one rectangle
        assert 0.05 * 256 <= erased.sum() <= 0.25 * 256
    src = np.ones((3, 8, 8), np.float32)
    assert vision.RandomErasing(1.0, inplace=True)(src) is src


def test_random_affine_parameter_draws():
    config.set_seed(5)
    op = vision.RandomAffine((-30, 30), translate=(-0.2, 0.2, 0.0, 0.1), scale=(0.8, 1.2),
                             shear=(-5, 5, -2, 2))
    params = np.array([[p[0], p[1][0], p[1][1], p[2], p[3][0], p[3][1]]
                       for p in (op._params() for _ in range(300))])
    lows, highs = [-30, -0.2, 0.0, 0.8, -5, -2], [30, 0.2, 0.1, 1.2, 5, 2]
    assert (params.min(0) >= lows).all() and (params.max(0) <= highs).all()
    assert (params.std(0) > 0).all()
    same = vision.RandomAffine((12, 12), (0.1, 0.1), (1.1, 1.1), (3, 3))
    np.testing.assert_array_equal(same(IMG), vision.Affine(12, [0.1, 0.0], 1.1, [3.0, 0.0])(IMG))


def test_policies():
    config.set_seed(2)
    policy = vision.RandomSelectSubpolicy([[(vision.Invert(), 1.0)], [(vision.Equalize(), 1.0)]])
    outs = {r.tobytes() for r in (policy(IMG) for _ in range(40))}
    assert outs == {vision.Invert()(IMG).tobytes(), vision.Equalize()(IMG).tobytes()}
    aug = vision.UniformAugment([vision.Invert(), vision.HorizontalFlip()], 2)
    outs = {r.tobytes() for r in (aug(IMG) for _ in range(80))}
    assert len(outs) == 4  # none, either one, or both (inverting and flipping commute)


# ---- PIL images -------------------------------------------------------------------------------
def test_pil_inputs_follow_pillow():
    from PIL import ImageEnhance, ImageOps
    pil = Image.fromarray(IMG)
    assert np.array_equal(np.asarray(vision.Invert()(pil)), np.asarray(ImageOps.invert(pil)))
    got = vision.AdjustContrast(1.4)(pil)
    assert isinstance(got, Image.Image)
    assert np.array_equal(np.asarray(got), np.asarray(ImageEnhance.Contrast(pil).enhance(1.4)))
    assert vision.Grayscale(1)(pil).mode == "L" and vision.Grayscale(3)(pil).mode == "RGB"
    with pytest.raises(TypeError):
        vision.Grayscale()(IMG)
    out = vision.Posterize(2)(pil)  # no Pillow version: runs on the pixels, returns numpy
    assert isinstance(out, np.ndarray) and np.array_equal(out, IMG & 0xC0)
    assert isinstance(vision.RandomAffine(10)(pil), Image.Image)
    assert vision.ToPIL()(GRAY).mode == "L" and vision.ToNumpy()(pil).shape == IMG.shape
    with pytest.raises(TypeError):
        vision.ToPIL()(IMG.astype(np.float32))


# ---- in a pipeline ----------------------------------------------------------------------------
def test_pipeline_with_patches_and_decode():
    buf = io.BytesIO()
    Image.fromarray(IMG).save(buf, "PNG")
    encoded = np.frombuffer(buf.getvalue(), np.uint8)
    data = ds.GeneratorDataset(lambda: iter([(encoded,)] * 3), ["image"], shuffle=False)
    data = data.map([vision.RandomCropDecodeResize(6, scale=(0.5, 1.0)),
                     vision.RandomColorAdjust(0.3, 0.3, 0.3, 0.05), vision.RandomSharpness()],
                    "image")
    data = data.map(vision.SlicePatches(2, 2), "image", ["a", "b", "c", "d"])
    rows = list(data.create_tuple_iterator(output_numpy=True))
    assert len(rows) == 3 and all(len(r) == 4 and r[0].shape == (3, 3, 3) for r in rows)


# ---- transforms.PadEnd / Mask / RandomOrder -------------------------------------------------
def test_pad_end_mask_random_order():
    assert T.PadEnd([5], 7)(np.array([1, 2, 3])).tolist() == [1, 2, 3, 7, 7]
    assert T.PadEnd([1, 3])(np.array([[1], [2]])).tolist() == [[1, 0, 0]]
    assert T.PadEnd([3])(np.array(["ab"])).tolist() == ["ab", "", ""]
    with pytest.raises(RuntimeError):
        T.PadEnd([2, 2])(np.array([1]))
    with pytest.raises(ValueError):
        T.PadEnd([0])
    x = np.array([1, 5, 3])
    assert T.Mask(T.Relational.LE, 3)(x).tolist() == [True, False, True]
    assert T.Mask(T.Relational.NE, 3, ms.int32)(x).dtype == np.int32
    config.set_seed(1)
    op = T.RandomOrder([lambda a: a * 2, lambda a: a + 1])
    assert {int(op(np.array(1))) for _ in range(30)} == {3, 4}


# ---- filters, colour spaces, linear maps, multi-crops, batch mixing, files --------------------
def test_gaussian_blur_close_to_float_convolution():
    x = image(6, (12, 14, 3))
    for ksize, sigma in ((3, 1.0), (5, 1.5), (7, 2.0)):
        t = np.arange(ksize) - ksize // 2
        k = np.exp(-t * t / (2 * sigma * sigma))
        k /= k.sum()
        p = np.pad(x.astype(np.float64), [(ksize // 2,) * 2, (ksize // 2,) * 2, (0, 0)],
                   mode="reflect")
        rows = sum(k[i] * p[:, i:i + 14] for i in range(ksize))
        ref = sum(k[i] * rows[i:i + 12] for i in range(ksize))
        got = vision.GaussianBlur(ksize, sigma)(x)
        assert np.abs(got - ref).max() <= 1.5  # 8-bit kernel weights in 1/256
    flat = np.full((5, 5), 200, np.uint8)
    np.testing.assert_array_equal(vision.GaussianBlur((5, 3))(flat), flat)


def test_perspective_identity_and_shift():
    corners = [[0, 0], [10, 0], [10, 8], [0, 8]]
    np.testing.assert_array_equal(vision.Perspective(corners, corners)(IMG), IMG)
    shifted = [[x + 2, y + 1] for x, y in corners]
    out = vision.Perspective(corners, shifted, Inter.NEAREST)(IMG)
    np.testing.assert_array_equal(out[1:, 2:], IMG[:-1, :-2])
    assert (out[0] == 0).all()
    with pytest.raises(ValueError):
        vision.RandomPerspective()(IMG)
    config.set_seed(4)
    warped = vision.RandomPerspective(0.5, 1.0)(Image.fromarray(IMG))
    assert isinstance(warped, Image.Image) and warped.size == (11, 9)


def test_hsv_round_trip_and_colorsys():
    x = image(7, (4, 5, 3)) / 255.0
    hsv = vision.RgbToHsv(is_hwc=True)(x)
    for idx in np.ndindex(4, 5):
        np.testing.assert_allclose(hsv[idx], colorsys.rgb_to_hsv(*x[idx]), atol=1e-12)
    np.testing.assert_allclose(vision.HsvToRgb(is_hwc=True)(hsv), x, atol=1e-12)
    chw = vision.RgbToHsv()(np.stack([x.transpose(2, 0, 1)] * 2))
    np.testing.assert_allclose(chw[1].transpose(1, 2, 0), hsv)


def test_normalize_pad_lighting_linear_transformation():
    out = vision.NormalizePad([10.0, 20.0, 30.0], [2.0, 4.0, 5.0])(IMG)
    np.testing.assert_allclose(out[..., :3], (IMG - [10, 20, 30]) / np.array([2, 4, 5]),
                               rtol=1e-6)
    assert out.dtype == np.float32 and (out[..., 3] == 0).all()
    half = vision.NormalizePad([0.0] * 3, [1.0] * 3, "float16", False)(IMG.transpose(2, 0, 1))
    assert half.shape == (4, 9, 11) and half.dtype == np.float16
    config.set_seed(8)
    shifts = np.array([vision.RandomLighting(0.1)(np.full((1, 1, 3), 128.0, np.float32))[0, 0]
                       for _ in range(300)]) - 128
    # the shift is eig @ n, n ~ N(0, 0.1): its covariance is 0.01 * eig @ eig.T
    from mindcell.dataset.vision.linear import _EIG
    np.testing.assert_allclose(np.cov(shifts.T), 0.01 * _EIG @ _EIG.T, rtol=0.3, atol=0.02)
    m = np.random.default_rng(0).normal(size=(12, 12))
    x = np.random.default_rng(1).normal(size=(3, 2, 2))
    np.testing.assert_allclose(vision.LinearTransformation(m, np.ones(12))(x),
                               ((x.ravel() - 1) @ m).reshape(3, 2, 2))


def test_five_and_ten_crop():
    pil = Image.fromarray(IMG)
    crops = [np.asarray(c) for c in vision.FiveCrop((3, 4))(pil)]
    expect = [IMG[:3, :4], IMG[:3, -4:], IMG[-3:, :4], IMG[-3:, -4:], IMG[3:6, 4:8]]
    for got, ref in zip(crops, expect):
        np.testing.assert_array_equal(got, ref)
    ten = [np.asarray(c) for c in vision.TenCrop((3, 4), use_vertical_flip=True)(pil)]
    np.testing.assert_array_equal(ten[5], IMG[::-1][:3, :4])
    with pytest.raises(TypeError):
        vision.FiveCrop(3)(IMG)


def test_batch_mixing():
    config.set_seed(9)
    images = image(10, (6, 5, 5, 3))
    labels = np.eye(4, dtype=np.float32)[[0, 1, 2, 3, 0, 1]]
    out, soft = vision.MixUpBatch(0.5)(images, labels)
    assert out.dtype == np.uint8 and soft.dtype == np.float32
    np.testing.assert_allclose(soft.sum(1), 1, rtol=1e-6)
    distinct = np.eye(6, dtype=np.float32)
    out, soft = vision.CutMixBatch(vision.ImageBatchFormat.NHWC, 1.0, 1.0)(images, distinct)
    for i in range(6):  # the label weight of the pasted image is the changed area (or more)
        changed = (out[i] != images[i]).any(-1).mean()
        assert soft[i].max() <= 1 and changed <= 1 - soft[i, i] + 1e-6
        assert np.count_nonzero(soft[i]) <= 2
    same, kept = vision.CutMixBatch(vision.ImageBatchFormat.NCHW, 1.0, 0.0)(
        images.transpose(0, 3, 1, 2), labels)
    np.testing.assert_array_equal(same, images.transpose(0, 3, 1, 2))
    out, soft = vision.MixUp(6, 1.0)(images, distinct)
    assert out.dtype == np.float64 and np.allclose(soft.sum(1), 1)
    assert all(set(np.flatnonzero(soft[i])) <= {i, (i + 1) % 6} for i in range(6))
    multi = vision.MixUp(6, 1.0, is_single=False)
    np.testing.assert_array_equal(multi(images, distinct)[1], distinct)  # the first batch
    second = multi(images[::-1], distinct[::-1])[1]
    assert all(set(np.flatnonzero(second[i])) <= {i, 5 - i} for i in range(6))
    with pytest.raises(RuntimeError):
        vision.MixUpBatch()(images, np.arange(6))


def test_image_files(tmp_path):
    path = str(tmp_path / "a.png")
    vision.write_png(path, IMG, compression_level=9)
    np.testing.assert_array_equal(vision.read_image(path), IMG)
    gray = vision.read_image(path, vision.ImageReadMode.GRAYSCALE)
    assert gray.shape == (9, 11, 1)
    np.testing.assert_allclose(gray[..., 0], np.floor(IMG @ np.array([0.299, 0.587, 0.114])),
                               atol=1)
    data = vision.read_file(path)
    assert data.dtype == np.uint8 and data.ndim == 1
    np.testing.assert_array_equal(vision.Decode()(data), IMG)
    smooth = np.broadcast_to(np.linspace(0, 250, 16, dtype=np.uint8)[None, :, None],
                             (16, 16, 3)).copy()  # noise would not survive chroma subsampling
    jpeg = vision.encode_jpeg(smooth, 100)
    assert np.abs(vision.Decode()(jpeg).astype(int) - smooth).max() <= 3
    vision.write_file(str(tmp_path / "b.bin"), np.arange(4, dtype=np.uint8))
    assert (tmp_path / "b.bin").read_bytes() == bytes([0, 1, 2, 3])
    assert vision.get_image_size(IMG) == [9, 11] and vision.get_image_num_channels(GRAY) == 1
    with pytest.raises(RuntimeError):
        vision.encode_png(IMG.astype(np.float32))


# ---- AutoAugment / RandAugment / TrivialAugmentWide ------------------------------------------
def test_augment_steps_equal_the_single_transforms():
    from mindcell.dataset.vision.auto_augment import apply_op
    x = image(12, (10, 12, 3))
    fill = (1, 2, 3)
    pairs = [("Brightness", 0.3, vision.AdjustBrightness(1.3)),
             ("Color", -0.4, vision.AdjustSaturation(0.6)),
             ("Contrast", 0.5, vision.AdjustContrast(1.5)),
             ("Sharpness", 0.2, vision.AdjustSharpness(1.2)),
             ("Posterize", 5.0, vision.Posterize(5)), ("Solarize", 128.0, vision.Solarize(128.0)),
             ("AutoContrast", 0.0, vision.AutoContrast()),
             ("Equalize", 0.0, vision.Equalize()), ("Invert", 0.0, vision.Invert()),
             ("ShearX", 0.2, vision.Affine(0, [0, 0], 1.0, [0.2 * 180 / math.pi, 0.0],
                                           fill_value=fill)),
             ("Rotate", 25.0, vision.Rotate(25, fill_value=fill[::-1]))]
    for name, magnitude, op in pairs:
        np.testing.assert_array_equal(apply_op(x, name, magnitude, False, fill, fill), op(x), name)
    shifted = apply_op(x, "TranslateX", 3.7, False, fill, fill)  # whole pixels: 3
    np.testing.assert_array_equal(shifted[:, 3:], x[:, :-3])
    assert (shifted[:, :3] == fill).all()
    np.testing.assert_array_equal(apply_op(x, "Identity", 0.0, False, fill, fill), x)


def test_augment_magnitude_bins_and_policies():
    from mindcell.dataset.vision.auto_augment import _POLICIES, _rand_index, space
    ops = space("auto", 10, 331, 331)
    np.testing.assert_allclose(ops["Rotate"][0], np.linspace(0, 30, 10), rtol=1e-6)
    np.testing.assert_allclose(ops["TranslateX"][0], np.linspace(0, 150, 10), rtol=1e-5)
    assert ops["Posterize"][0].tolist() == [8, 8, 7, 7, 6, 6, 5, 5, 4, 4]
    assert ops["Solarize"][0][0] == 256 and "Invert" in ops and "Identity" not in ops
    wide = space("wide", 31, 20, 20)
    assert len(wide) == 14 and wide["Rotate"][0][-1] == 135 and wide["Posterize"][0][-1] == 2
    assert all(len(p) == 25 for p in _POLICIES.values())
    rng = np.random.default_rng(0)
    counts = np.bincount([_rand_index(rng, 14) for _ in range(15000)], minlength=14)
    assert abs(counts[0] / counts[1:].mean() - 2) < 0.2  # MindSpore's folded draw


def test_augment_policies_run_and_vary():
    config.set_seed(13)
    x = image(14, (12, 16, 3))
    svhn = vision.AutoAugment(vision.AutoAugmentPolicy.SVHN, fill_value=5)
    for op in (vision.AutoAugment(), svhn,
               vision.RandAugment(3, 20, interpolation=Inter.BILINEAR),
               vision.TrivialAugmentWide(fill_value=(1, 2, 3))):
        outs = [op(x) for _ in range(30)]
        assert all(o.shape == x.shape and o.dtype == np.uint8 for o in outs)
        assert len({o.tobytes() for o in outs}) > 5
    np.testing.assert_array_equal(vision.RandAugment(0)(x), x)
    with pytest.raises(ValueError):
        vision.RandAugment(2, 31, 31)
    with pytest.raises(RuntimeError):
        vision.TrivialAugmentWide()(x[..., 0])


# ---- bounding boxes, Unique ---------------------------------------------------------------
def boxes_ref_crop(boxes, top, left, h, w):
    out = []
    for x, y, bw, bh in boxes:
        x0, y0 = max(x, left), max(y, top)
        x1, y1 = min(x + bw, left + w), min(y + bh, top + h)
        if x1 > x0 and y1 > y0:
            out.append([x0 - left, y0 - top, x1 - x0, y1 - y0])
    return np.array(out, np.float32).reshape(-1, 4)


def test_bbox_transforms():
    img = image(20, (10, 12, 3))
    boxes = np.array([[1, 2, 4, 3], [6, 5, 6, 5], [0, 0, 12, 10]], np.float32)
    out, b = vision.RandomHorizontalFlipWithBBox(1.0)(img, boxes)
    np.testing.assert_array_equal(out, img[:, ::-1])
    np.testing.assert_array_equal(b[:, 0], 12 - boxes[:, 0] - boxes[:, 2])
    out, b = vision.RandomVerticalFlipWithBBox(1.0)(img, boxes)
    np.testing.assert_array_equal(b[:, 1], 10 - boxes[:, 1] - boxes[:, 3])
    out, b = vision.ResizeWithBBox((5, 24), Inter.NEAREST)(img, boxes)
    np.testing.assert_allclose(b, boxes * np.array([2, 0.5, 2, 0.5], np.float32))
    config.set_seed(21)
    for _ in range(20):
        out, b = vision.RandomCropWithBBox((6, 7))(img, boxes)
        # find where the crop was taken and check the boxes against the reference clipping
        hits = [(t, l) for t in range(5) for l in range(6)
                if np.array_equal(img[t:t + 6, l:l + 7], out)]
        assert any(np.allclose(boxes_ref_crop(boxes, t, l, 6, 7), b) for t, l in hits)
    out, b = vision.BoundingBoxAugment(vision.Invert(), 1.0)(img, boxes[:1])
    np.testing.assert_array_equal(out[2:5, 1:5], 255 - img[2:5, 1:5].astype(int))
    assert np.array_equal(out[5:], img[5:]) and np.array_equal(b, boxes[:1])
    with pytest.raises(RuntimeError):
        vision.ResizeWithBBox(4)(img, boxes.astype(np.float64))
    with pytest.raises(RuntimeError):
        vision.RandomHorizontalFlipWithBBox()(img, np.array([[0, 0, 13, 1]], np.float32))


def test_unique_and_not_random():
    x = np.random.default_rng(3).integers(0, 5, (4, 6))
    values, index, counts = T.Unique()(x)
    np.testing.assert_array_equal(values[index], x.ravel())
    assert [int((x == v).sum()) for v in values] == counts.tolist()
    firsts = [int(np.flatnonzero(x.ravel() == v)[0]) for v in values]
    assert firsts == sorted(firsts) and index.dtype == np.int32
    f = T.not_random(lambda a: a)
    assert f.random is False and vision.not_random(lambda a: a).random is False
    assert vision.not_random is not T.not_random  # two functions in MindSpore 2.10 too


def test_bicubic_warps_close_to_exact_cubic_convolution():
    x = image(30, (12, 14, 3))
    np.testing.assert_array_equal(vision.Rotate(0, Inter.BICUBIC)(x), x)
    np.testing.assert_array_equal(vision.Rotate(90, Inter.BICUBIC)(x[:12, :12]),
                                  np.rot90(x[:12, :12]))

    def keys(t):
        t = abs(t)
        return ((1.25 * t - 2.25) * t * t + 1 if t <= 1 else
                ((-0.75 * t + 3.75) * t - 6) * t + 3 if t < 2 else 0.0)
    got = vision.Rotate(20, Inter.BICUBIC)(x).astype(np.float64)
    h, w = x.shape[:2]
    cx, cy, t = (w - 1) / 2, (h - 1) / 2, math.radians(20)
    worst = 0.0
    for yy in range(3, h - 3):  # interior pixels: all 16 taps inside the image
        for xx in range(3, w - 3):
            sx = math.cos(t) * (xx - cx) - math.sin(t) * (yy - cy) + cx
            sy = math.sin(t) * (xx - cx) + math.cos(t) * (yy - cy) + cy
            x0, y0 = math.floor(sx), math.floor(sy)
            if not (1 <= x0 < w - 2 and 1 <= y0 < h - 2):
                continue
            ref = sum(keys(sy - j) * keys(sx - i) * x[j, i].astype(np.float64)
                      for j in range(y0 - 1, y0 + 3) for i in range(x0 - 1, x0 + 3))
            worst = max(worst, np.abs(np.clip(ref, 0, 255) - got[yy, xx]).max())
    assert worst <= 255 / 32 * 1.5 + 1  # source positions are quantised to 1/32 pixel
    with pytest.raises(RuntimeError):
        vision.Rotate(10, Inter.ANTIALIAS)(x)


def test_pil_images_flow_through_the_geometric_transforms():
    pil = Image.fromarray(IMG)
    for op in (vision.Resize((4, 5)), vision.Pad(1), vision.RandomCrop(5), vision.CenterCrop(3),
               vision.RandomHorizontalFlip(1.0), vision.RandomVerticalFlip(1.0),
               vision.RandomResizedCrop(5), vision.RandomRotation(10)):
        assert isinstance(op(pil), Image.Image), op
    np.testing.assert_array_equal(np.asarray(vision.RandomHorizontalFlip(1.0)(pil)), IMG[:, ::-1])
    assert vision.Pad(2)(pil.convert("L")).mode == "L"
    config.set_seed(2)
    chain = T.Compose([vision.ToPIL(), vision.RandomResizedCrop(8), vision.RandomGrayscale(1.0),
                       vision.ToTensor()])
    out = chain(IMG)
    assert out.shape == (3, 8, 8) and np.allclose(out[0], out[1])


def test_pil_paths_use_pillow_like_mindspore():
    pil = Image.fromarray(IMG)
    np.testing.assert_array_equal(np.asarray(vision.Resize((5, 7), Inter.BICUBIC)(pil)),
                                  np.asarray(pil.resize((7, 5), Image.BICUBIC)))
    rot = vision.RandomRotation((30, 30), Inter.BILINEAR, True, (3, 4), (1, 2, 3))(pil)
    np.testing.assert_array_equal(np.asarray(rot), np.asarray(
        pil.rotate(30, Image.BILINEAR, True, (3, 4), fillcolor=(1, 2, 3))))
    # Pillow's crop at the rounded centre: (9 - 12) / 2 = -1.5 rounds to -2
    out = np.asarray(vision.CenterCrop((12, 11))(pil))
    np.testing.assert_array_equal(out[2:11], IMG)
    assert (out[:2] == 0).all() and (out[11:] == 0).all()
    with pytest.raises(TypeError):
        vision.Resize(4, Inter.AREA)(pil)
    assert vision.Inter.LINEAR.name == "BILINEAR" and vision.Inter.CUBIC.name == "BICUBIC"


def test_float_images_blend_with_float_gray():
    x = np.random.default_rng(40).uniform(0, 1, (5, 6, 3)).astype(np.float32)
    g = x @ np.array([0.299, 0.587, 0.114], np.float32)
    np.testing.assert_allclose(vision.AdjustContrast(1.3)(x), x * 1.3 - 0.3 * g.mean(),
                               rtol=1e-5, atol=1e-6)
    np.testing.assert_allclose(vision.AdjustSaturation(0.5)(x), 0.5 * x + 0.5 * g[..., None],
                               rtol=1e-5, atol=1e-6)
    np.testing.assert_allclose(vision.ConvertColor(vision.ConvertMode.COLOR_RGB2GRAY)(x), g,
                               rtol=1e-6)
    with pytest.raises(RuntimeError):  # MindSpore's float hue is garbage; mindcell refuses
        vision.AdjustHue(0.1)(x)
