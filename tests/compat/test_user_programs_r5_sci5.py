"""Round-5 user programs (mindspore-courses/applications, mindscience, graphlearning, mindrl):
the general mechanisms those programs stopped at or differed by, each checked for its whole class
against MindSpore 2.10 (values recorded with the ms-oracle under tests/goldens/)."""
import os
import subprocess
import sys

import numpy as np
import pytest

import mindcell as ms

GOLDENS = os.path.join(os.path.dirname(__file__), "..", "goldens", "run_goldens.py")


# ----- bilinear Resize of uint8 images -------------------------------------------------------
# SqueezeNet's ImageNet pipeline (Decode, Resize, CenterCrop, Normalize) gave inputs 1/255 off
# MindSpore's in 13% of pixels: MindSpore resizes uint8 images with OpenCV's fixed-point bilinear
# path. The golden case resizes many shapes (channels, odd sides, halving, one-pixel sides).
def test_uint8_bilinear_resize_matches_mindspore_bit_for_bit():
    proc = subprocess.run([sys.executable, GOLDENS, "vision", "--target", "mindcell", "014"],
                          capture_output=True, text=True, timeout=600)
    assert "1 passed, 0 failed" in proc.stdout, proc.stdout + proc.stderr


def test_uint8_bilinear_resize_in_an_image_pipeline():
    v = ms.dataset.vision
    rng = np.random.RandomState(0)
    images = rng.randint(0, 256, (3, 20, 24, 3)).astype(np.uint8)
    data = ms.dataset.NumpySlicesDataset({"image": images}, shuffle=False)
    data = data.map([v.Resize((15, 17)), v.CenterCrop(13)], "image")
    out = np.stack([row["image"] for row in data.create_dict_iterator(output_numpy=True)])
    assert out.dtype == np.uint8 and out.shape == (3, 13, 13, 3)
    direct = np.stack([v.CenterCrop(13)(v.Resize((15, 17))(im)) for im in images])
    np.testing.assert_array_equal(out, direct)
    # a smooth ramp stays a ramp: the fixed-point rounding never moves a pixel by more than 1
    ramp = np.add.outer(np.arange(20) * 6, np.arange(24) * 4).astype(np.uint8)
    got = v.Resize((15, 17))(ramp).astype(np.float64)
    ys = (np.arange(15) + 0.5) * 20 / 15 - 0.5
    xs = (np.arange(17) + 0.5) * 24 / 17 - 0.5
    exact = np.add.outer(np.clip(ys, 0, 19) * 6, np.clip(xs, 0, 23) * 4)
    assert np.abs(got - exact).max() <= 1.0
