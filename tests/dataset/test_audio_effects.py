"""dataset.audio's masking/volume/fade/phase/centroid/delta transforms (values are checked
against MindSpore 2.10 in tests/goldens/audio/002): random (iid) masks, Dataset.map, dtypes."""
import numpy as np
import pytest

import mindcell.dataset as ds
from mindcell.dataset import audio


def test_iid_masks_mask_one_band_narrower_than_the_bound():
    spec = np.ones((3, 12, 20), np.float32)
    for seed in range(20):
        np.random.seed(seed)
        out = audio.TimeMasking(iid_masks=True, time_mask_param=6, mask_value=0.0)(spec)
        masked = np.where((out == 0).all(axis=(0, 1)))[0]
        assert len(masked) < 6
        if len(masked):
            assert masked.tolist() == list(range(masked[0], masked[0] + len(masked)))
        assert ((out == 0) | (out == 1)).all()
    with pytest.raises(RuntimeError, match="freq_mask_param"):
        audio.FrequencyMasking(iid_masks=True, freq_mask_param=13)(spec)


def test_transforms_run_in_dataset_map_and_keep_float64():
    wave = np.random.default_rng(0).uniform(-0.5, 0.5, (4, 2, 64)).astype(np.float32)
    data = ds.NumpySlicesDataset({"wave": wave}, shuffle=False)
    data = data.map([audio.Gain(6.0), audio.Fade(8, 8), audio.DCShift(0.1)], "wave")
    rows = [r["wave"] for r in data.create_dict_iterator(output_numpy=True)]
    assert len(rows) == 4 and rows[0].shape == (2, 64) and rows[0].dtype == np.float32
    assert rows[0][:, 0].tolist() == pytest.approx([0.1, 0.1])  # faded to 0, then shifted
    assert audio.Vol(0.5)(wave[0].astype(np.float64)).dtype == np.float64


def test_bad_arguments_name_the_transform():
    with pytest.raises(TypeError, match="FrequencyMasking: 'iid_masks'"):
        audio.FrequencyMasking(iid_masks=1)
    with pytest.raises(ValueError, match="MaskAlongAxis: 'axis'"):
        audio.MaskAlongAxis(0, 1, 0.0, 0)
    with pytest.raises(TypeError, match="Fade: 'fade_shape'"):
        audio.Fade(1, 1, "linear_ramp")
    with pytest.raises(ValueError, match="ComputeDeltas: 'win_length'"):
        audio.ComputeDeltas(1)
