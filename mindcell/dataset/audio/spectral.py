"""Spectral inverses and time stretching of ``mindcell.dataset.audio`` (InverseSpectrogram,
GriffinLim, TimeStretch, PhaseVocoder), with MindSpore 2.10's arguments, checks and results
(recorded with ms-oracle in tests/goldens/audio/golden/005_spectral.jsonl). Complex
spectrograms are (..., freq, time, 2) pairs of real and imaginary parts; magnitude
spectrograms are (..., freq, time). A check MindSpore makes when the transform runs (its C++
kernel) raises RuntimeError here too."""
import math

import numpy as np

from mindcell.dataset.transforms.transforms import TensorOperation
from mindcell.dataset.audio.filters import Resample
from mindcell.dataset.audio.transforms import _float, _window
from mindcell.dataset.audio.utils import (BorderType, MelType, NormType, WindowType, check_bool,
                                          check_enum, check_float, check_int, melscale_fbanks)

__all__ = ["InverseSpectrogram", "GriffinLim", "InverseMelScale", "TimeStretch", "PhaseVocoder",
           "PitchShift"]


def _sizes(api, n_fft, win_length, hop_length):
    """(n_fft, win_length, hop_length) checked, with MindSpore's defaults (win_length n_fft,
    hop_length win_length // 2)."""
    n_fft = check_int(api, "n_fft", n_fft, 1)
    win_length = n_fft if win_length is None else check_int(api, "win_length", win_length, 1)
    if win_length > n_fft:
        raise ValueError("%s: 'win_length' must be at most n_fft (%d), but got %d"
                         % (api, n_fft, win_length))
    hop_length = max(win_length // 2, 1) if hop_length is None else check_int(
        api, "hop_length", hop_length, 1)
    return n_fft, win_length, hop_length


def _full_window(kind, n_fft, win_length):
    """The periodic ``kind`` window of ``win_length`` samples centred in ``n_fft`` zeros."""
    full = np.zeros(n_fft)
    left = (n_fft - win_length) // 2
    full[left:left + win_length] = _window(kind, win_length)
    return full


def _stft(x, n_fft, hop, win):
    """Centred (reflect-padded), one-sided STFT of (..., time) -> complex (..., freq, frames)."""
    half = n_fft // 2
    x = np.pad(x, [(0, 0)] * (x.ndim - 1) + [(half, half)], mode="reflect")
    n_frames = 1 + (x.shape[-1] - n_fft) // hop
    frames = x[..., (np.arange(n_frames) * hop)[:, None] + np.arange(n_fft)[None, :]]
    return np.swapaxes(np.fft.rfft(frames * win, axis=-1), -1, -2)


def _istft(spec, n_fft, hop, win, center, onesided, normalized, length):
    """Inverse STFT of complex (..., freq, frames) -> (..., time) by windowed overlap-add,
    divided by the summed squared window wherever that exceeds 1e-11 (MindSpore divides only
    there, so an un-centred signal's first sample stays as added). Without ``length`` the
    output has ``n_fft + hop * (frames - 1) - 2 * (n_fft // 2)`` samples (centred or not)."""
    n_frames = spec.shape[-1]
    spec = np.swapaxes(spec, -1, -2)  # (..., frames, freq)
    # a two-sided spectrogram is inverted from its first n_fft // 2 + 1 bins as Hermitian, as
    # MindSpore 2.10 does (the same as the full inverse for a real signal's spectrum)
    frames = np.fft.irfft(spec[..., :n_fft // 2 + 1], n=n_fft, axis=-1)
    if normalized:
        frames = frames * math.sqrt(float(np.sum(win ** 2)))
    frames = frames * win
    total = n_fft + hop * (n_frames - 1)
    buffer = np.zeros(spec.shape[:-2] + (total,))
    envelope = np.zeros(total)
    # overlap-add: one vectorised step per frame (frames are few; samples are not looped)
    for t in range(n_frames):
        buffer[..., t * hop:t * hop + n_fft] += frames[..., t, :]
        envelope[t * hop:t * hop + n_fft] += win ** 2
    start = n_fft // 2 if center else 0
    size = total - 2 * (n_fft // 2) if length is None else length
    out, env = buffer[..., start:start + size], envelope[start:start + size]
    out = np.where(env > 1e-11, out / np.where(env > 1e-11, env, 1.0), out)
    if out.shape[-1] < size:
        out = np.pad(out, [(0, 0)] * (out.ndim - 1) + [(0, size - out.shape[-1])])
    return out


class InverseSpectrogram(TensorOperation):
    """InverseSpectrogram(length=None, n_fft=400, win_length=None, hop_length=None, pad=0,
    window=WindowType.HANN, normalized=False, center=True, pad_mode=BorderType.REFLECT,
    onesided=True): the waveform of a complex short-time Fourier transform (the inverse of
    :class:`Spectrogram` with ``power`` None), by windowed overlap-add.

    Args:
        length (int, optional): the output's number of samples (cut or zero-padded); None is
            ``hop_length * (frames - 1)`` for an even ``n_fft``. Default: ``None``.
        n_fft (int): the FFT size. Default: ``400``.
        win_length (int, optional): the window size, at most ``n_fft``; None is ``n_fft``.
            Default: ``None``.
        hop_length (int, optional): the distance between frames; None is
            ``win_length // 2``. Default: ``None``.
        pad (int): samples the forward transform padded at both ends, removed here. MindSpore
            2.10 fails (RuntimeError) for ``pad`` > 0 without ``length``, and so does this.
            Default: ``0``.
        window (WindowType): the frame window. Default: ``WindowType.HANN``.
        normalized (bool): the spectrogram was divided by the window's L2 norm. Default:
            ``False``.
        center (bool): the forward frames were centred (``n_fft // 2`` samples are dropped
            at the start). Default: ``True``.
        pad_mode (BorderType): the forward transform's padding (checked, not needed to
            invert). Default: ``BorderType.REFLECT``.
        onesided (bool): the spectrogram holds only the ``n_fft // 2 + 1`` non-negative
            frequencies; False expects ``n_fft`` bins and inverts them as the spectrum of a
            real signal (from the first ``n_fft // 2 + 1``, as MindSpore). Default: ``True``.

    Returns:
        numpy.ndarray of float32 (float64 for a float64 input), shape (..., time).

    Raises:
        TypeError: an argument has the wrong type.
        ValueError: a size is out of range.
        RuntimeError: the input is not (..., freq, time, 2) with the expected number of bins,
            ``n_fft`` is odd (as in MindSpore 2.10), or ``pad`` > 0 without ``length``.

    Examples:
        >>> import numpy as np
        >>> from mindcell.dataset import audio
        >>> spec = np.zeros((9, 5, 2), np.float32)
        >>> audio.InverseSpectrogram(n_fft=16, hop_length=8)(spec).shape
        (32,)
    """

    def __init__(self, length=None, n_fft=400, win_length=None, hop_length=None, pad=0,
                 window=WindowType.HANN, normalized=False, center=True,
                 pad_mode=BorderType.REFLECT, onesided=True):
        api = "InverseSpectrogram"
        self.length = None if length is None else check_int(api, "length", length, 0)
        self.n_fft, self.win_length, self.hop_length = _sizes(api, n_fft, win_length,
                                                              hop_length)
        self.pad = check_int(api, "pad", pad, 0)
        self.window = check_enum(api, "window", window, WindowType)
        self.normalized = check_bool(api, "normalized", normalized)
        self.center = check_bool(api, "center", center)
        self.pad_mode = check_enum(api, "pad_mode", pad_mode, BorderType)
        self.onesided = check_bool(api, "onesided", onesided)

    def _apply(self, x):
        api = "InverseSpectrogram"
        x = np.asarray(x)
        bins = self.n_fft // 2 + 1 if self.onesided else self.n_fft
        if self.n_fft % 2:
            # MindSpore 2.10 compares the bins with n_fft / 2 + 1 in floating point
            raise RuntimeError("%s: an odd n_fft (%d) is not supported: the frequency axis must "
                               "equal n_fft / 2 + 1" % (api, self.n_fft))
        if x.ndim < 3 or x.shape[-1] != 2 or x.shape[-3] != bins:
            raise RuntimeError("%s: the input must be a complex spectrogram (..., %d, time, 2) "
                               "for n_fft %d, but got shape %s" % (api, bins, self.n_fft, x.shape))
        if self.pad > 0 and self.length is None:
            raise RuntimeError("%s: 'pad' %d needs 'length' (MindSpore 2.10 cannot size the "
                               "output otherwise)" % (api, self.pad))
        x = _float(x)
        spec = x[..., 0].astype(np.float64) + 1j * x[..., 1].astype(np.float64)
        win = _full_window(self.window, self.n_fft, self.win_length)
        length = None if self.length is None else self.length + 2 * self.pad
        out = _istft(spec, self.n_fft, self.hop_length, win, self.center, self.onesided,
                     self.normalized, length)
        if self.pad:
            out = out[..., self.pad:out.shape[-1] - self.pad]
        return out.astype(x.dtype)


class GriffinLim(TensorOperation):
    """GriffinLim(n_fft=400, n_iter=32, win_length=None, hop_length=None,
    window_type=WindowType.HANN, power=2.0, momentum=0.99, length=None, rand_init=True): a
    waveform whose spectrogram has the given magnitudes, by the (fast) Griffin-Lim iteration:
    alternate inverse and forward STFTs, keeping the phases, with momentum.

    Args:
        n_fft (int): the FFT size; the input has ``n_fft // 2 + 1`` bins. Default: ``400``.
        n_iter (int): iterations, >= 1. Default: ``32``.
        win_length (int, optional): the window size, at most ``n_fft``; None is ``n_fft``.
            Default: ``None``.
        hop_length (int, optional): the distance between frames; None is
            ``win_length // 2``. Default: ``None``.
        window_type (WindowType): the frame window. Default: ``WindowType.HANN``.
        power (float): the exponent the magnitudes carry (2 power, 1 magnitude), > 0.
            Default: ``2.0``.
        momentum (float): the fast Griffin-Lim momentum, in [0, 1) (1 or more fails when the
            transform runs, as in MindSpore). As in MindSpore 2.10, the previous estimate is
            weighted by ``a / (1 + a)`` with ``a = momentum / (1 + momentum)``. Default:
            ``0.99``.
        length (int, optional): the output's number of samples; None is
            ``hop_length * (frames - 1)``. Default: ``None``.
        rand_init (bool): start from uniformly random phases (numpy's global generator) instead
            of zero phases. Default: ``True``.

    Returns:
        numpy.ndarray of float32 (float64 for a float64 input), shape (..., time).

    Raises:
        TypeError: an argument has the wrong type.
        ValueError: an argument is out of range.
        RuntimeError: the input's frequency axis is not ``n_fft // 2 + 1``, ``n_fft`` is odd (as
            in MindSpore 2.10), momentum >= 1, or
            ``length`` gives another number of frames than the input's (MindSpore 2.10
            returns NaN there).

    Examples:
        >>> import numpy as np
        >>> from mindcell.dataset import audio
        >>> spec = np.ones((9, 6), np.float32)
        >>> audio.GriffinLim(n_fft=16, n_iter=2, rand_init=False)(spec).shape
        (40,)
    """

    def __init__(self, n_fft=400, n_iter=32, win_length=None, hop_length=None,
                 window_type=WindowType.HANN, power=2.0, momentum=0.99, length=None,
                 rand_init=True):
        api = "GriffinLim"
        self.n_fft, self.win_length, self.hop_length = _sizes(api, n_fft, win_length,
                                                              hop_length)
        self.n_iter = check_int(api, "n_iter", n_iter, 1)
        self.window_type = check_enum(api, "window_type", window_type, WindowType)
        self.power = check_float(api, "power", power, 0.0, strict=True)
        self.momentum = check_float(api, "momentum", momentum, 0.0)
        self.length = None if length is None else check_int(api, "length", length, 0)
        self.rand_init = check_bool(api, "rand_init", rand_init)

    def _apply(self, x):
        api = "GriffinLim"
        x = _float(np.asarray(x))
        bins = self.n_fft // 2 + 1
        if self.n_fft % 2:
            # MindSpore 2.10 compares the bins with n_fft / 2 + 1 in floating point
            raise RuntimeError("%s: an odd n_fft (%d) is not supported: the frequency axis must "
                               "equal n_fft / 2 + 1" % (api, self.n_fft))
        if x.ndim < 2 or x.shape[-2] != bins:
            raise RuntimeError("%s: the frequency axis of the input (..., freq, time) must be "
                               "n_fft // 2 + 1 = %d, but got shape %s" % (api, bins, x.shape))
        if self.momentum >= 1.0:
            raise RuntimeError("%s: momentum equal to or greater than 1 can be unstable, but "
                               "got %s" % (api, self.momentum))
        mag = np.power(x.astype(np.float64), 1.0 / self.power)
        if self.rand_init:
            angles = np.exp(2j * math.pi * np.random.uniform(size=mag.shape))
        else:
            angles = np.ones(mag.shape, np.complex128)
        win = _full_window(self.window_type, self.n_fft, self.win_length)
        hop, n_frames = self.hop_length, mag.shape[-1]
        # MindSpore 2.10 turns momentum m into m / (1 + m) and its kernel applies that rule
        # again: the previous rebuilt STFT is weighted by a / (1 + a), a = m / (1 + m)
        # (recorded: m 0.99 weighs 0.3322, not torchaudio's 0.4975)
        alpha = self.momentum / (1.0 + self.momentum)
        weight = alpha / (1.0 + alpha)
        previous = 0.0
        for _ in range(self.n_iter):
            wave = _istft(mag * angles, self.n_fft, hop, win, True, True, False, self.length)
            rebuilt = _stft(wave, self.n_fft, hop, win)
            if rebuilt.shape[-1] != n_frames:  # MindSpore 2.10 returns NaN here
                raise RuntimeError("%s: 'length' %d gives %d frames, but the input has %d; "
                                   "use a length from %d to %d" % (
                                       api, self.length, rebuilt.shape[-1], n_frames,
                                       hop * (n_frames - 1), hop * n_frames - 1))
            angles = rebuilt - previous * weight
            angles = angles / (np.abs(angles) + 1e-16)
            previous = rebuilt
        wave = _istft(mag * angles, self.n_fft, hop, win, True, True, False, self.length)
        return wave.astype(x.dtype)


class InverseMelScale(TensorOperation):
    """InverseMelScale(n_stft, n_mels=128, sample_rate=16000, f_min=0.0, f_max=None,
    max_iter=100000, tolerance_loss=1e-05, tolerance_change=1e-08, sgdargs=None,
    norm=NormType.NONE, mel_type=MelType.HTK): a non-negative linear-frequency spectrogram whose
    mel scaling (:class:`MelScale`) approximates the input, by gradient descent (SGD with
    momentum) from a random start on the mean over frames of the squared error.

    Args:
        n_stft (int): the number of frequency bins of the result (``n_fft // 2 + 1``).
        n_mels (int): the input's number of mel bands. Default: ``128``.
        sample_rate (int): the waveform's sample rate (Hz). Default: ``16000``.
        f_min (float): the lowest frequency (Hz). Default: ``0.0``.
        f_max (float, optional): the highest frequency (Hz); None is ``sample_rate // 2``.
            Default: ``None``.
        max_iter (int): the most descent steps, > 0. Default: ``100000``.
        tolerance_loss (float): stop once the loss is below this, > 0. Default: ``1e-05``.
        tolerance_change (float): stop once the loss changes less than this, > 0.
            Default: ``1e-08``.
        sgdargs (dict, optional): ``{'sgd_lr': learning rate, 'sgd_momentum': momentum}``
            (both >= 0, both keys required); None is ``{'sgd_lr': 0.1, 'sgd_momentum': 0.9}``.
            Default: ``None``.
        norm (NormType): the mel filter normalisation. Default: ``NormType.NONE``.
        mel_type (MelType): the mel scale. Default: ``MelType.HTK``.

    Returns:
        numpy.ndarray of float32 (float64 for a float64 input), shape (..., n_stft, time)
        (a 2-D input gives (1, n_stft, time), as in MindSpore 2.10), non-negative. The start is drawn from numpy's global generator (uniform in [0, 1)).

    Raises:
        TypeError: an argument has the wrong type.
        ValueError: an argument is out of range.
        KeyError: ``sgdargs`` lacks ``'sgd_lr'`` or ``'sgd_momentum'``.
        RuntimeError: the input is not (..., n_mels, time).

    Examples:
        >>> import numpy as np
        >>> from mindcell.dataset import audio
        >>> mel = np.ones((4, 3), np.float32)
        >>> audio.InverseMelScale(9, n_mels=4, sample_rate=1600, max_iter=20)(mel).shape
        (1, 9, 3)
    """

    def __init__(self, n_stft, n_mels=128, sample_rate=16000, f_min=0.0, f_max=None,
                 max_iter=100000, tolerance_loss=1e-5, tolerance_change=1e-8, sgdargs=None,
                 norm=NormType.NONE, mel_type=MelType.HTK):
        api = "InverseMelScale"
        self.n_stft = check_int(api, "n_stft", n_stft, 1)
        self.n_mels = check_int(api, "n_mels", n_mels, 1)
        self.sample_rate = check_int(api, "sample_rate", sample_rate, 1)
        self.f_min = check_float(api, "f_min", f_min, 0.0)
        self.f_max = float(self.sample_rate // 2) if f_max is None else check_float(
            api, "f_max", f_max, 0.0, strict=True)
        if self.f_min >= self.f_max:
            raise ValueError("%s: 'f_max' must be greater than f_min (%s), but got %s"
                             % (api, self.f_min, self.f_max))
        self.max_iter = check_int(api, "max_iter", max_iter, 1)
        self.tolerance_loss = check_float(api, "tolerance_loss", tolerance_loss, 0.0,
                                          strict=True)
        self.tolerance_change = check_float(api, "tolerance_change", tolerance_change, 0.0,
                                            strict=True)
        if sgdargs is None:
            sgdargs = {"sgd_lr": 0.1, "sgd_momentum": 0.9}
        if not isinstance(sgdargs, dict):
            raise TypeError("%s: 'sgdargs' must be a dict, but got %s"
                            % (api, type(sgdargs).__name__))
        unknown = set(sgdargs) - {"sgd_lr", "sgd_momentum"}
        if unknown:
            raise ValueError("%s: 'sgdargs' takes only 'sgd_lr' and 'sgd_momentum', but got %s"
                             % (api, sorted(unknown)))
        self.sgdargs = {"sgd_lr": check_float(api, "sgd_lr", sgdargs["sgd_lr"], 0.0),
                        "sgd_momentum": check_float(api, "sgd_momentum",
                                                    sgdargs["sgd_momentum"], 0.0)}
        self.norm = check_enum(api, "norm", norm, NormType)
        self.mel_type = check_enum(api, "mel_type", mel_type, MelType)
        self._bank = melscale_fbanks(self.n_stft, self.f_min, self.f_max, self.n_mels,
                                     self.sample_rate, self.norm,
                                     self.mel_type).astype(np.float64)  # (n_stft, n_mels)

    def _apply(self, x):
        x = _float(np.asarray(x))
        if x.ndim < 2 or x.shape[-2] != self.n_mels:
            raise RuntimeError("InverseMelScale: the input must be (..., n_mels=%d, time), but "
                               "got shape %s" % (self.n_mels, x.shape))
        target = np.swapaxes(x.astype(np.float64), -1, -2)  # (..., time, n_mels)
        rows = max(int(np.prod(target.shape[:-1])), 1)
        lr, momentum = self.sgdargs["sgd_lr"], self.sgdargs["sgd_momentum"]
        spec = np.random.uniform(size=target.shape[:-1] + (self.n_stft,))
        velocity, loss = None, math.inf
        for _ in range(self.max_iter):
            diff = target - spec @ self._bank
            new_loss = float(np.sum(diff * diff) / rows)
            grad = (-2.0 / rows) * (diff @ self._bank.T)
            velocity = grad if velocity is None else momentum * velocity + grad
            spec = np.maximum(spec - lr * velocity, 0.0)
            if new_loss < self.tolerance_loss or abs(loss - new_loss) < self.tolerance_change:
                break
            loss = new_loss
        out = np.swapaxes(spec, -1, -2).astype(x.dtype)
        # MindSpore 2.10 returns a 2-D (n_mels, time) input's result as (1, n_stft, time)
        return out[None] if out.ndim == 2 else out


def _phase_vocoder(api, x, rate, phase_advance):
    """Stretch complex (..., freq, time, 2) pairs in time by 1 / rate, keeping each bin's
    phase advance: magnitudes interpolated between neighbouring frames, phases accumulated."""
    x = np.asarray(x)
    if x.ndim < 3 or x.shape[-1] != 2:
        raise RuntimeError("%s: the input must be a complex spectrogram (..., freq, time, 2), "
                           "but got shape %s" % (api, x.shape))
    x = _float(x)
    spec = x[..., 0].astype(np.float64) + 1j * x[..., 1].astype(np.float64)
    steps = np.arange(0.0, spec.shape[-1], rate, dtype=np.float32).astype(np.float64)
    alphas = np.mod(steps, 1.0)
    phase_0 = np.angle(spec[..., :1])
    padded = np.pad(spec, [(0, 0)] * (spec.ndim - 1) + [(0, 2)])
    index = steps.astype(np.int64)
    spec_0, spec_1 = padded[..., index], padded[..., index + 1]
    advance = np.asarray(phase_advance, np.float64)
    phase = np.angle(spec_1) - np.angle(spec_0) - advance
    phase = phase - 2.0 * math.pi * np.round(phase / (2.0 * math.pi)) + advance
    phase = np.cumsum(np.concatenate([phase_0, phase[..., :-1]], axis=-1), axis=-1)
    mag = alphas * np.abs(spec_1) + (1.0 - alphas) * np.abs(spec_0)
    return np.stack([mag * np.cos(phase), mag * np.sin(phase)], axis=-1).astype(x.dtype)


class TimeStretch(TensorOperation):
    """TimeStretch(hop_length=None, n_freq=201, fixed_rate=None): stretch a complex
    spectrogram in time without changing its pitch (a phase vocoder); ``fixed_rate`` > 1
    speeds up (fewer frames), < 1 slows down.

    Args:
        hop_length (int, optional): the hop of the STFT that made the spectrogram; None is
            ``n_freq - 1`` (half of ``n_fft = 2 * (n_freq - 1)``). Default: ``None``.
        n_freq (int): the number of frequency bins (sets the phase advance
            ``linspace(0, pi * hop_length, n_freq)``). Default: ``201``.
        fixed_rate (float, optional): the speed-up factor, > 0; None keeps the rate (1; the
            phases are still re-accumulated). Default: ``None``.

    Returns:
        numpy.ndarray of float32 (float64 for a float64 input), shape
        (..., freq, ceil(time / fixed_rate), 2).

    Raises:
        TypeError: an argument has the wrong type.
        ValueError: an argument is out of range.
        RuntimeError: the input is not (..., freq, time, 2).

    Examples:
        >>> import numpy as np
        >>> from mindcell.dataset import audio
        >>> spec = np.ones((9, 10, 2), np.float32)
        >>> audio.TimeStretch(n_freq=9, fixed_rate=2.0)(spec).shape
        (9, 5, 2)
    """

    def __init__(self, hop_length=None, n_freq=201, fixed_rate=None):
        api = "TimeStretch"
        self.n_freq = check_int(api, "n_freq", n_freq, 1)
        self.hop_length = self.n_freq - 1 if hop_length is None else check_int(
            api, "hop_length", hop_length, 1)
        if fixed_rate is None:
            self.fixed_rate = 1.0
        else:
            self.fixed_rate = check_float(api, "fixed_rate", fixed_rate, 0.0, strict=True)

    def _apply(self, x):
        x = np.asarray(x)
        # the advance only shifts phases by whole turns before they are wrapped, so (as in
        # MindSpore 2.10) an input whose bins differ from n_freq is stretched all the same:
        # its advance is spread over its own bins
        bins = x.shape[-3] if x.ndim >= 3 else self.n_freq
        advance = np.linspace(0.0, math.pi * self.hop_length, bins)[:, None]
        return _phase_vocoder("TimeStretch", x, self.fixed_rate, advance)


class PhaseVocoder(TensorOperation):
    """PhaseVocoder(rate, phase_advance): stretch a complex spectrogram in time by
    ``1 / rate`` with the given expected phase advance per bin (see :class:`TimeStretch`).

    Args:
        rate (float): the speed-up factor, > 0.
        phase_advance (numpy.ndarray): the expected phase advance of each bin per frame,
            shape (freq, 1).

    Returns:
        numpy.ndarray of float32 (float64 for a float64 input), shape
        (..., freq, ceil(time / rate), 2).

    Raises:
        TypeError: ``rate`` is not a number or ``phase_advance`` not a numpy array.
        ValueError: ``rate`` <= 0.
        RuntimeError: the input is not (..., freq, time, 2), or its frequency axis does not
            match ``phase_advance``.

    Examples:
        >>> import numpy as np
        >>> from mindcell.dataset import audio
        >>> advance = np.linspace(0, np.pi * 8, 9, dtype=np.float32)[:, None]
        >>> audio.PhaseVocoder(1.5, advance)(np.ones((9, 6, 2), np.float32)).shape
        (9, 4, 2)
    """

    def __init__(self, rate, phase_advance):
        api = "PhaseVocoder"
        self.rate = check_float(api, "rate", rate, 0.0, strict=True)
        if not isinstance(phase_advance, np.ndarray):
            raise TypeError("%s: 'phase_advance' must be a numpy.ndarray, but got %s"
                            % (api, type(phase_advance).__name__))
        self.phase_advance = phase_advance

    def _apply(self, x):
        x = np.asarray(x)
        advance = np.asarray(self.phase_advance, np.float64)
        if advance.ndim == 1:
            advance = advance[:, None]
        if x.ndim >= 3 and advance.shape[0] != x.shape[-3]:
            raise RuntimeError("PhaseVocoder: 'phase_advance' has %d bins but the input's "
                               "frequency axis has %d (shape %s)"
                               % (advance.shape[0], x.shape[-3], x.shape))
        return _phase_vocoder("PhaseVocoder", x, self.rate, advance)


class PitchShift(TensorOperation):
    """PitchShift(sample_rate, n_steps, bins_per_octave=12, n_fft=512, win_length=None,
    hop_length=None, window=WindowType.HANN): shift a waveform's pitch by ``n_steps`` steps of
    ``1 / bins_per_octave`` octave, keeping its length: a phase-vocoder time stretch by
    ``2 ** (n_steps / bins_per_octave)``, then band-limited resampling (:class:`Resample`,
    Hann-windowed sinc) back to the original duration.

    Args:
        sample_rate (int): the waveform's sample rate (Hz), > 0 (0 fails when the transform
            runs).
        n_steps (int): the steps to shift (negative lowers the pitch).
        bins_per_octave (int): steps per octave, not 0. Default: ``12``.
        n_fft (int): the FFT size. Default: ``512``.
        win_length (int, optional): the window size, at most ``n_fft``; None is ``n_fft``.
            Default: ``None``.
        hop_length (int, optional): the distance between frames; None is
            ``win_length // 4``. Default: ``None``.
        window (WindowType): the frame window. Default: ``WindowType.HANN``.

    Returns:
        numpy.ndarray of float32 (float64 for a float64 input), the input's shape (..., time).

    Raises:
        TypeError: an argument has the wrong type.
        ValueError: an argument is out of range.
        RuntimeError: the waveform is 0-D, ``sample_rate`` is 0 or ``n_fft`` is odd (as in
            MindSpore 2.10).

    Examples:
        >>> import numpy as np
        >>> from mindcell.dataset import audio
        >>> wave = np.sin(np.arange(256, dtype=np.float32) * 0.2)
        >>> audio.PitchShift(1600, 3, n_fft=64)(wave).shape
        (256,)
    """

    def __init__(self, sample_rate, n_steps, bins_per_octave=12, n_fft=512, win_length=None,
                 hop_length=None, window=WindowType.HANN):
        api = "PitchShift"
        # 0 passes the constructor (as in MindSpore 2.10) and fails when the transform runs
        self.sample_rate = check_int(api, "sample_rate", sample_rate, 0)
        self.n_steps = check_int(api, "n_steps", n_steps)
        self.bins_per_octave = check_int(api, "bins_per_octave", bins_per_octave)
        if self.bins_per_octave == 0:
            raise ValueError("%s: 'bins_per_octave' must not be 0" % api)
        self.n_fft = check_int(api, "n_fft", n_fft, 1)
        self.win_length = self.n_fft if win_length is None else check_int(
            api, "win_length", win_length, 1)
        if self.win_length > self.n_fft:
            raise ValueError("%s: 'win_length' must be at most n_fft (%d), but got %d"
                             % (api, self.n_fft, self.win_length))
        self.hop_length = max(self.win_length // 4, 1) if hop_length is None else check_int(
            api, "hop_length", hop_length, 1)
        self.window = check_enum(api, "window", window, WindowType)

    def _apply(self, x):
        x = _float(np.asarray(x))
        if x.ndim == 0:
            raise RuntimeError("PitchShift: the waveform must be at least 1-D, but got a 0-D "
                               "value")
        if self.sample_rate == 0:
            raise RuntimeError("PitchShift: 'sample_rate' must be positive to resample, but "
                               "got 0")
        if self.n_fft % 2:
            # MindSpore 2.10's inverse STFT compares the bins with n_fft / 2 + 1 in floating
            # point, so an odd n_fft fails
            raise RuntimeError("PitchShift: an odd n_fft (%d) is not supported" % self.n_fft)
        length = x.shape[-1]
        rate = 2.0 ** (-float(self.n_steps) / self.bins_per_octave)
        win = _full_window(self.window, self.n_fft, self.win_length)
        spec = _stft(x.astype(np.float64), self.n_fft, self.hop_length, win)
        pairs = np.stack([spec.real, spec.imag], axis=-1)
        advance = np.linspace(0.0, math.pi * self.hop_length, spec.shape[-2])[:, None]
        stretched = _phase_vocoder("PitchShift", pairs, rate, advance)
        stretched = stretched[..., 0] + 1j * stretched[..., 1]
        wave = _istft(stretched, self.n_fft, self.hop_length, win, True, True, False,
                      int(round(length / rate)))
        shifted = Resample(float(int(self.sample_rate / rate)), float(self.sample_rate))(wave)
        if shifted.shape[-1] >= length:
            shifted = shifted[..., :length]
        else:
            shifted = np.pad(shifted, [(0, 0)] * (shifted.ndim - 1)
                             + [(0, length - shifted.shape[-1])])
        return shifted.astype(x.dtype)
