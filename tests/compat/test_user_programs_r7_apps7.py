"""Round 7 (apps7): small programs in the style of public MindSpore application tutorials
(mindspore-courses/applications, MindSpore_ModelZoo, mindediting, mindrl, graphlearning,
golden-stick) that stopped or differed under mindcell. Each test is written for this file;
expected values come from MindSpore 2.10 (ms-oracle) where they matter
(tests/goldens/apps7/record_*.py)."""
from pathlib import Path

import numpy as np
import pytest

import mindcell as ms
from mindcell import nn, ops, Tensor
from mindcell.dataset import vision

GOLDENS = Path(__file__).resolve().parents[1] / "goldens" / "apps7"


def test_pilcubic_resize_matches_mindspore_bit_for_bit():
    """ImageNet pipelines ported from timm resize with Inter.PILCUBIC (Pillow's bicubic); every
    resizing transform takes it and computes MindSpore's uint8 result exactly (shrinking,
    enlarging, one axis each way, an int size, ResizedCrop)."""
    g = np.load(GOLDENS / "pilcubic.npz")
    sizes = [(20, 70), (80, 96), (12, 29), (9, 30), (16, 16), 13]
    for i, size in enumerate(sizes):
        y = vision.Resize(size, vision.Inter.PILCUBIC)(g["x%d" % i])
        assert y.dtype == np.uint8 and y.shape == g["y%d" % i].shape
        np.testing.assert_array_equal(y, g["y%d" % i])
    y = vision.ResizedCrop(3, 5, 20, 25, (11, 37), vision.Inter.PILCUBIC)(g["cx"])
    np.testing.assert_array_equal(y, g["cy"])


def test_pilcubic_random_crops_and_channel_rule():
    """RandomResizedCrop / RandomCropDecodeResize take PILCUBIC (the convnext/swin training
    pipelines); an image without 3 channels is refused, as MindSpore does."""
    x = np.random.RandomState(0).randint(0, 256, (40, 48, 3)).astype(np.uint8)
    assert vision.RandomResizedCrop(16, interpolation=vision.Inter.PILCUBIC)(x).shape == (16, 16, 3)
    for bad in [(40, 48), (40, 48, 1), (40, 48, 4)]:
        with pytest.raises((ValueError, RuntimeError), match="PILCUBIC"):
            vision.Resize((20, 30), vision.Inter.PILCUBIC)(np.zeros(bad, np.uint8))
