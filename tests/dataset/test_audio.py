"""dataset.audio: the transforms against direct numpy formulas, in Dataset.map, and the
module path MindSpore audio programs import (values from MindSpore: tests/goldens/audio)."""
import subprocess
import sys

import numpy as np
import pytest

import mindcell.dataset as ds
from mindcell.dataset import audio
from mindcell.dataset.audio import utils


def test_spectrogram_is_a_windowed_dft_of_each_frame():
    wave = np.random.RandomState(0).randn(50).astype(np.float32)
    n_fft, hop = 16, 5
    got = audio.Spectrogram(n_fft=n_fft, hop_length=hop, center=False, power=1.0)(wave)
    n = np.arange(n_fft)
    window = 0.5 - 0.5 * np.cos(2 * np.pi * n / n_fft)  # periodic Hann
    frames = [wave[s:s + n_fft] for s in range(0, len(wave) - n_fft + 1, hop)]
    k = np.arange(n_fft // 2 + 1)[:, None]
    basis = np.exp(-2j * np.pi * k * n[None, :] / n_fft)
    want = np.abs(np.stack([basis @ (f * window) for f in frames], axis=1))
    assert got.shape == want.shape == (9, 7) and got.dtype == np.float32
    np.testing.assert_allclose(got, want, rtol=1e-4, atol=1e-5)


def test_mel_bank_triangles_peak_at_one_and_slaney_divides_by_width():
    bank = utils.melscale_fbanks(201, 0.0, 8000.0, 10, 16000)
    assert bank.shape == (201, 10) and bank.min() >= 0.0
    assert np.all(bank.max(axis=0) > 0.9) and np.all(bank.max(axis=0) <= 1.0)
    slaney = utils.melscale_fbanks(201, 0.0, 8000.0, 10, 16000, utils.NormType.SLANEY)
    ratio = slaney.max(axis=0) / bank.max(axis=0)
    assert np.all(np.diff(ratio) < 0)  # wider (higher) filters are scaled down more


def test_dct_ortho_basis_is_orthonormal():
    d = utils.create_dct(6, 6, utils.NormMode.ORTHO)
    np.testing.assert_allclose(d.T @ d, np.eye(6), atol=1e-6)
    with pytest.raises(ValueError, match="create_dct"):
        utils.create_dct(0, 4)
    with pytest.raises(TypeError, match="norm"):
        utils.create_dct(2, 4, "ortho")


def test_amplitude_to_db_floors_at_top_db_below_the_global_peak():
    x = np.array([[[1.0, 1e-6]], [[1e4, 10.0]]], np.float32)  # two spectrograms
    got = audio.AmplitudeToDB(top_db=50.0)(x)
    np.testing.assert_allclose(got, [[[0.0, -10.0]], [[40.0, 10.0]]], atol=1e-5)


def test_mu_law_round_trip_and_complex_pairs():
    wave = np.linspace(-1, 1, 9, dtype=np.float32)
    codes = audio.MuLawEncoding(256)(wave)
    assert codes.dtype == np.int32 and codes.min() == 0 and codes.max() == 255
    np.testing.assert_allclose(audio.MuLawDecoding(256)(codes), wave, atol=0.02)
    pairs = np.array([[3.0, 4.0], [0.0, -2.0]], np.float32)
    np.testing.assert_allclose(audio.ComplexNorm(2.0)(pairs), [25.0, 4.0])
    np.testing.assert_allclose(audio.Angle()(pairs), [np.arctan2(4, 3), -np.pi / 2], rtol=1e-6)


def test_in_dataset_map():
    waves = np.random.RandomState(1).randn(3, 64).astype(np.float32)
    data = ds.NumpySlicesDataset(waves, ["audio"], shuffle=False)
    data = data.map(audio.MelSpectrogram(sample_rate=1600, n_fft=16, n_mels=4), "audio")
    rows = [r["audio"] for r in data.create_dict_iterator(output_numpy=True)]
    assert [r.shape for r in rows] == [(4, 9)] * 3


def test_mindspore_module_path_and_unimplemented_names():
    code = ("import mindcell.compat; mindcell.compat.install()\n"
            "import mindspore.dataset.audio as msaudio\n"
            "from mindspore.dataset.audio.utils import BorderType, NormMode, WindowType, "
            "create_dct, MelType, NormType\n"
            "print(WindowType.HANN.value, msaudio.BorderType is BorderType)\n"
            # every public name of MindSpore 2.10's module exists now; an unknown one still
            # raises AttributeError naming it
            "print(msaudio.Vad.__name__, msaudio.GriffinLim.__name__)\n"
            "try:\n    msaudio.NoSuchTransform\nexcept AttributeError as e:\n    print(e)\n")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    lines = out.stdout.splitlines()
    assert lines[0] == "hann True"
    assert lines[1] == "Vad GriffinLim"
    assert "mindspore.dataset.audio.NoSuchTransform is not implemented by mindcell" in lines[2]
