"""Spectral inverses and time stretching of ``mindcell.dataset.audio`` (InverseSpectrogram,
GriffinLim, TimeStretch, PhaseVocoder), with MindSpore 2.10's arguments, checks and results
(recorded with ms-oracle in tests/goldens/audio/golden/005_spectral.jsonl). Complex
spectrograms are (..., freq, time, 2) pairs of real and imaginary parts; magnitude
spectrograms are (..., freq, time). A check MindSpore makes when the transform runs (its C++
kernel) raises RuntimeError here too."""
import math

import numpy as np

from mindcell.dataset.transforms.transforms import TensorOperation
from mindcell.dataset.audio.transforms import _float, _window
from mindcell.dataset.audio.utils import (BorderType, WindowType, check_enum, check_float,
                                          check_int)

__all__ = ["InverseSpectrogram", "GriffinLim", "TimeStretch", "PhaseVocoder"]


def _check_bool(api, name, value):
    if not isinstance(value, bool):
        raise TypeError("%s: '%s' must be a bool, but got %s" % (api, name, type(value).__name__))
    return value


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
            or ``pad`` > 0 without ``length``.

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
        self.normalized = _check_bool(api, "normalized", normalized)
        self.center = _check_bool(api, "center", center)
        self.pad_mode = check_enum(api, "pad_mode", pad_mode, BorderType)
        self.onesided = _check_bool(api, "onesided", onesided)

    def _apply(self, x):
        api = "InverseSpectrogram"
        x = np.asarray(x)
        bins = self.n_fft // 2 + 1 if self.onesided else self.n_fft
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
        RuntimeError: the input's frequency axis is not ``n_fft // 2 + 1``, momentum >= 1, or
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
        self.rand_init = _check_bool(api, "rand_init", rand_init)

    def _apply(self, x):
        api = "GriffinLim"
        x = _float(np.asarray(x))
        bins = self.n_fft // 2 + 1
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
