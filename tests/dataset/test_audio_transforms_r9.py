"""dataset.audio's spectral inverses and stretching (values are checked against MindSpore 2.10
in tests/goldens/audio/005): round trips, random starts, Dataset.map, dtypes, errors."""
import numpy as np
import pytest

import mindcell.dataset as ds
from mindcell.dataset import audio


def _stft_pairs(wave, n_fft, hop):
    """A centred, reflect-padded Hann STFT as (..., freq, time, 2) pairs (numpy only)."""
    half = n_fft // 2
    x = np.pad(wave, [(0, 0)] * (wave.ndim - 1) + [(half, half)], mode="reflect")
    n = 1 + (x.shape[-1] - n_fft) // hop
    win = 0.5 - 0.5 * np.cos(2 * np.pi * np.arange(n_fft) / n_fft)
    frames = x[..., (np.arange(n) * hop)[:, None] + np.arange(n_fft)]
    spec = np.swapaxes(np.fft.rfft(frames * win, axis=-1), -1, -2)
    return np.stack([spec.real, spec.imag], -1).astype(np.float32)


def test_inverse_spectrogram_round_trips_a_waveform():
    wave = np.random.default_rng(0).standard_normal((2, 128)).astype(np.float32)
    pairs = _stft_pairs(wave, 32, 8)
    back = audio.InverseSpectrogram(n_fft=32, hop_length=8)(pairs)
    assert back.shape == (2, 128) and back.dtype == np.float32
    np.testing.assert_allclose(back, wave, atol=1e-5)
    # the two-sided spectrum of a real signal gives the same waveform
    full = np.concatenate([pairs, pairs[:, -2:0:-1] * np.array([1, -1], np.float32)], axis=1)
    np.testing.assert_allclose(audio.InverseSpectrogram(n_fft=32, hop_length=8,
                                                        onesided=False)(full), back, atol=1e-6)
    assert audio.InverseSpectrogram(length=100, n_fft=32, hop_length=8)(pairs).shape == (2, 100)


def test_griffin_lim_recovers_a_waveform_with_the_given_magnitudes():
    t = np.arange(256)
    wave = (np.sin(0.3 * t) + 0.5 * np.sin(0.71 * t)).astype(np.float32)
    mag = audio.Spectrogram(n_fft=64, hop_length=16)(wave)
    np.random.seed(0)
    out = audio.GriffinLim(n_fft=64, hop_length=16, n_iter=60)(mag)
    assert out.shape == (256,) and out.dtype == np.float32
    again = audio.Spectrogram(n_fft=64, hop_length=16)(out)
    # the rebuilt magnitudes approach the target (spectral convergence well below 1)
    assert np.linalg.norm(again - mag) / np.linalg.norm(mag) < 0.2
    with pytest.raises(RuntimeError, match="GriffinLim: momentum"):
        audio.GriffinLim(n_fft=64, momentum=1.0)(mag)
    with pytest.raises(RuntimeError, match="GriffinLim: 'length' 30"):
        audio.GriffinLim(n_fft=64, hop_length=16, length=30, rand_init=False)(mag)


def test_time_stretch_keeps_magnitudes_at_whole_steps_and_sets_the_frame_count():
    pairs = _stft_pairs(np.random.default_rng(1).standard_normal(200), 32, 8)
    out = audio.TimeStretch(hop_length=8, n_freq=17, fixed_rate=2.0)(pairs)
    assert out.shape == (17, 13, 2)
    mag = np.hypot(pairs[..., 0], pairs[..., 1])
    np.testing.assert_allclose(np.hypot(out[..., 0], out[..., 1]), mag[:, ::2], rtol=1e-5,
                               atol=1e-6)
    assert audio.TimeStretch(hop_length=8, n_freq=17, fixed_rate=0.5)(pairs).shape[-2] == 52
    advance = np.linspace(0, np.pi * 8, 17)[:, None]
    np.testing.assert_allclose(audio.PhaseVocoder(2.0, advance)(pairs), out, atol=1e-5)
    with pytest.raises(RuntimeError, match="PhaseVocoder: 'phase_advance' has 9 bins"):
        audio.PhaseVocoder(2.0, advance[:9])(pairs)
    with pytest.raises(TypeError, match="PhaseVocoder: 'phase_advance'"):
        audio.PhaseVocoder(2.0, [0.0] * 17)


def test_spectral_transforms_run_in_dataset_map_and_keep_float64():
    wave = np.random.default_rng(2).standard_normal((3, 64)).astype(np.float32)
    pairs = np.stack([_stft_pairs(w, 16, 4) for w in wave])
    data = ds.NumpySlicesDataset({"spec": pairs}, shuffle=False)
    data = data.map([audio.TimeStretch(hop_length=4, n_freq=9, fixed_rate=1.0),
                     audio.InverseSpectrogram(n_fft=16, hop_length=4)], "spec")
    rows = [r["spec"] for r in data.create_dict_iterator(output_numpy=True)]
    assert len(rows) == 3 and rows[0].shape == (64,) and rows[0].dtype == np.float32
    np.testing.assert_allclose(rows[0], wave[0], atol=1e-4)  # rate 1 keeps the signal
    assert audio.InverseSpectrogram(n_fft=16, hop_length=4)(
        pairs[0].astype(np.float64)).dtype == np.float64


def test_bad_arguments_name_the_transform():
    with pytest.raises(ValueError, match="InverseSpectrogram: 'win_length'"):
        audio.InverseSpectrogram(n_fft=16, win_length=20)
    with pytest.raises(TypeError, match="InverseSpectrogram: 'normalized'"):
        audio.InverseSpectrogram(normalized=1)
    with pytest.raises(RuntimeError, match="InverseSpectrogram: 'pad' 3 needs 'length'"):
        audio.InverseSpectrogram(n_fft=16, hop_length=8, pad=3)(np.zeros((9, 4, 2), np.float32))
    with pytest.raises(ValueError, match="GriffinLim: 'momentum'"):
        audio.GriffinLim(momentum=-0.5)
    with pytest.raises(ValueError, match="TimeStretch: 'fixed_rate'"):
        audio.TimeStretch(fixed_rate=0.0)


def test_inverse_mel_scale_fits_an_invertible_mel_spectrogram():
    power = np.abs(np.random.default_rng(3).standard_normal((17, 12))) ** 2
    mel = audio.MelScale(6, 1600, n_stft=17)(power.astype(np.float32))
    np.random.seed(0)
    out = audio.InverseMelScale(17, n_mels=6, sample_rate=1600, max_iter=3000)(mel)
    assert out.shape == (1, 17, 12) and out.dtype == np.float32 and (out >= 0).all()
    back = audio.MelScale(6, 1600, n_stft=17)(out[0])
    assert np.linalg.norm(back - mel) < 0.05 * np.linalg.norm(mel)
    batch = audio.InverseMelScale(17, n_mels=6, sample_rate=1600, max_iter=2)(
        np.stack([mel, mel]).astype(np.float64))
    assert batch.shape == (2, 17, 12) and batch.dtype == np.float64
    with pytest.raises(KeyError):
        audio.InverseMelScale(17, sgdargs={"sgd_lr": 0.1})
    with pytest.raises(ValueError, match="InverseMelScale: 'sgdargs' takes only"):
        audio.InverseMelScale(17, sgdargs={"sgd_lr": 0.1, "sgd_momentum": 0.9, "nesterov": 1})
    with pytest.raises(RuntimeError, match="InverseMelScale: the input must be"):
        audio.InverseMelScale(17, n_mels=5, sample_rate=1600)(mel)


def test_pitch_shift_by_an_octave_doubles_a_tone_and_keeps_the_length():
    rate, n = 1600, 1600
    tone = np.sin(2 * np.pi * 100 * np.arange(n) / rate).astype(np.float32)
    out = audio.PitchShift(rate, 12, n_fft=256)(tone)
    assert out.shape == (n,) and out.dtype == np.float32
    spectrum = np.abs(np.fft.rfft(out[200:1400] * np.hanning(1200)))
    assert abs(np.argmax(spectrum) * rate / 1200 - 200.0) < 3.0
    down = audio.PitchShift(rate, -12, n_fft=256)(np.stack([tone, tone]))
    spectrum = np.abs(np.fft.rfft(down[1, 200:1400] * np.hanning(1200)))
    assert down.shape == (2, n) and abs(np.argmax(spectrum) * rate / 1200 - 50.0) < 3.0
    with pytest.raises(ValueError, match="PitchShift: 'bins_per_octave'"):
        audio.PitchShift(rate, 2, bins_per_octave=0)
    with pytest.raises(RuntimeError, match="PitchShift: 'sample_rate'"):
        audio.PitchShift(0, 2, n_fft=16)(tone)


def test_sliding_window_cmn_matches_window_means_computed_frame_by_frame():
    feats = np.random.default_rng(4).standard_normal((2, 15, 3))
    out = audio.SlidingWindowCmn(cmn_window=4, min_cmn_window=3, norm_vars=True)(feats)
    assert out.shape == feats.shape and out.dtype == np.float64
    for t in range(15):  # uncentred: up to cmn_window frames back, at least 3 frames
        start = max(t - 4, 0)
        end = max(t + 1, 3)
        window = feats[:, start:end]
        expected = (feats[:, t] - window.mean(1)) / window.std(1)
        np.testing.assert_allclose(out[:, t], expected, rtol=1e-9, atol=1e-12)
    centred = audio.SlidingWindowCmn(cmn_window=5, center=True)(feats.astype(np.float32))
    np.testing.assert_allclose(centred[:, 7], feats[:, 7] - feats[:, 5:10].mean(1), atol=1e-5)
    np.testing.assert_allclose(centred[:, 0], feats[:, 0] - feats[:, 0:5].mean(1), atol=1e-5)
    with pytest.raises(RuntimeError, match="SlidingWindowCmn: the input must be"):
        audio.SlidingWindowCmn()(np.zeros(5, np.float32))


def test_detect_pitch_frequency_finds_tones_per_frame():
    rate = 8000
    t = np.arange(1600)
    low = np.sin(2 * np.pi * 160 * t / rate)
    high = np.sin(2 * np.pi * 400 * t / rate)
    waves = np.stack([low, high]).astype(np.float32)
    out = audio.DetectPitchFrequency(rate, win_length=3)(waves)
    assert out.shape == (2, 19) and out.dtype == np.float32
    np.testing.assert_allclose(out[0], 160.0, rtol=0.02)
    np.testing.assert_allclose(out[1], 400.0, rtol=0.02)
    with pytest.raises(RuntimeError, match="DetectPitchFrequency: 'win_length' 30"):
        audio.DetectPitchFrequency(rate)(waves[:, :800])
    with pytest.raises(ValueError, match="DetectPitchFrequency: 'sample_rate'"):
        audio.DetectPitchFrequency(0)


def test_flanger_and_phaser_are_bounded_and_silent_on_silence():
    wave = (np.random.default_rng(5).standard_normal((2, 300)) * 0.8).astype(np.float32)
    out = audio.Flanger(1000, regen=50.0)(wave)
    assert out.shape == (2, 300) and out.dtype == np.float32 and np.abs(out).max() <= 1.0
    # no delay and no depth: the delay line is the input itself, mixed back at full width
    same = audio.Flanger(1000, depth=0.0, width=100.0)(wave * 0.5)
    np.testing.assert_allclose(same, np.clip(wave * 0.5, -1, 1), atol=1e-6)
    assert not audio.Flanger(1000)(np.zeros((3, 50), np.float32)).any()
    with pytest.raises(RuntimeError, match="Flanger: the input must be"):
        audio.Flanger(1000)(wave[0])
    phased = audio.Phaser(1000, decay=0.0, gain_in=0.5, gain_out=1.0)(wave)
    # without feedback the delay line holds nothing but zeros: the output is the scaled input
    np.testing.assert_allclose(phased, np.clip(wave * 0.5, -1, 1), atol=1e-6)
    with pytest.raises(ValueError, match="Phaser: 'decay'"):
        audio.Phaser(1000, decay=0.995)


def test_dither_and_iid_masks():
    wave = np.random.default_rng(6).uniform(-0.5, 0.5, (2, 400)).astype(np.float32)
    out = audio.Dither()(wave)
    assert out.dtype == np.float32 and np.abs(out - wave).max() < 3.0 / 2 ** 15
    np.testing.assert_array_equal(np.round(out.astype(np.float64) * 2 ** 15),
                                  out.astype(np.float64) * 2 ** 15)  # on the 16-bit grid
    np.random.seed(1)
    for df in (audio.DensityFunction.RPDF, audio.DensityFunction.GPDF):
        noisy = audio.Dither(density_function=df)(wave)
        assert noisy.shape == wave.shape and np.abs(noisy - wave).max() < 8.0 / 2 ** 15
    spec = np.ones((2, 8, 10), np.float32)
    for seed in range(10):
        np.random.seed(seed)
        masked = audio.MaskAlongAxisIID(5, -1.0, 1)(spec)
        rows = np.where((masked == -1.0).all(axis=(0, 2)))[0]
        assert len(rows) < 5 and ((masked == 1.0) | (masked == -1.0)).all()
        assert ((masked == -1.0).any(axis=(0, 2)) == np.isin(np.arange(8), rows)).all()
    with pytest.raises(RuntimeError, match="MaskAlongAxisIID: 'mask_param' 11"):
        audio.MaskAlongAxisIID(11, 0.0, 2)(spec)
    with pytest.raises(ValueError, match="MaskAlongAxisIID: 'axis'"):
        audio.MaskAlongAxisIID(3, 0.0, 0)


def test_vad_keeps_mindspore_s_search_buffer_and_sox_s_measure_finds_the_onset():
    rate, t = 4000, np.arange(12000)
    rng = np.random.default_rng(7)
    wave = (0.002 * rng.standard_normal(12000)
            + (0.5 * np.sin(2 * np.pi * 220 * t / rate) + 0.1 * rng.standard_normal(12000))
            * (t > 6000)).astype(np.float32)
    # MindSpore 2.10: every measure is 0, so only the last search buffer (1.1 s) is kept ...
    out = audio.Vad(rate)(np.stack([wave, wave[::-1]]))
    assert out.shape == (2, 4400) and out.dtype == np.float32
    np.testing.assert_array_equal(out[0], wave[-4400:])
    # ... the whole waveform at a trigger level <= 0, and a short one's last buffer - length
    assert audio.Vad(rate, trigger_level=0.0)(wave).shape == (12000,)
    np.testing.assert_array_equal(audio.Vad(rate)(wave[:3000]), wave[1600:3000])
    # sox's measure (kept for this check) triggers at the onset and keeps the search time
    sox = audio.Vad(rate)
    sox._sox_measure = True
    kept = sox(wave)
    assert 6000 - 4400 <= 12000 - kept.shape[0] <= 6000 + 4400
    assert kept.shape[0] > 4400  # cut before the end, unlike MindSpore's zero measures
    with pytest.raises(ValueError, match="Vad: 'noise_up_time'"):
        audio.Vad(rate, noise_up_time=0.01, noise_down_time=0.1)
    with pytest.raises(RuntimeError, match="Vad: the lifter band"):
        audio.Vad(rate, hp_lifter_freq=3000.0, lp_lifter_freq=2000.0)(wave)
