"""The audio transforms of ``mindcell.dataset.audio``: callables on one row's numpy waveform
or spectrogram (``Dataset.map`` or eager calls). Waveforms are (..., time); spectrograms are
(..., freq, time); complex values are (..., 2) pairs of real and imaginary parts."""
import math
import numbers

import numpy as np

from mindcell.dataset.transforms.transforms import TensorOperation
from mindcell.dataset.audio.utils import (BorderType, MelType, NormType, ScaleType, WindowType,
                                          check_enum, check_float, check_int, melscale_fbanks)

__all__ = ["Spectrogram", "MelScale", "MelSpectrogram", "AmplitudeToDB", "DBToAmplitude",
           "ComplexNorm", "Angle", "MuLawEncoding", "MuLawDecoding"]

_NUMPY_PAD = {BorderType.CONSTANT: "constant", BorderType.EDGE: "edge",
              BorderType.REFLECT: "reflect", BorderType.SYMMETRIC: "symmetric"}


def _float(x):
    """The input as floating point (float64 inputs stay float64, others become float32)."""
    return x if x.dtype == np.float64 else x.astype(np.float32)


def _window(kind, length):
    """A periodic window of ``length`` samples (float64)."""
    n = np.arange(length, dtype=np.float64)
    phase = 2.0 * math.pi * n / length if length > 0 else n
    if kind == WindowType.HANN:
        return 0.5 - 0.5 * np.cos(phase)
    if kind == WindowType.HAMMING:
        return 0.54 - 0.46 * np.cos(phase)
    if kind == WindowType.BLACKMAN:
        return 0.42 - 0.5 * np.cos(phase) + 0.08 * np.cos(2.0 * phase)
    if kind == WindowType.BARTLETT:
        return 1.0 - np.abs(2.0 * n / length - 1.0) if length > 0 else n
    # KAISER, beta 12 (the periodic window: one sample longer, the last one dropped)
    return np.kaiser(length + 1, 12.0)[:length]


class Spectrogram(TensorOperation):
    """Spectrogram(n_fft=400, win_length=None, hop_length=None, pad=0, window=WindowType.HANN,
    power=2.0, normalized=False, center=True, pad_mode=BorderType.REFLECT, onesided=True): the
    short-time Fourier transform's magnitudes of a waveform.

    Args:
        n_fft (int): the FFT size; ``n_fft // 2 + 1`` frequency bins. Default: ``400``.
        win_length (int, optional): the window size, at most ``n_fft`` (centred in each frame);
            None is ``n_fft``. Default: ``None``.
        hop_length (int, optional): the distance between frames; None is
            ``win_length // 2``. Default: ``None``.
        pad (int): zeros added at both ends of the waveform first. Default: ``0``.
        window (WindowType): the frame window. Default: ``WindowType.HANN``.
        power (float): the exponent of the magnitudes (1 magnitude, 2 power). Default: ``2.0``.
        normalized (bool): divide by the window's L2 norm. Default: ``False``.
        center (bool): pad ``n_fft // 2`` samples at both ends so frame t is centred at
            ``t * hop_length``. Default: ``True``.
        pad_mode (BorderType): how ``center`` pads. Default: ``BorderType.REFLECT``.
        onesided (bool): keep only the non-negative frequencies. Default: ``True``.

    Returns:
        numpy.ndarray of float32 (float64 for a float64 input), shape (..., freq, frames).

    Raises:
        TypeError: an argument has the wrong type.
        ValueError: a size is out of range, or the waveform is shorter than a frame.

    Examples:
        >>> import numpy as np
        >>> from mindcell.dataset import audio
        >>> wave = np.sin(np.arange(64, dtype=np.float32))
        >>> audio.Spectrogram(n_fft=16)(wave).shape
        (9, 9)
    """

    def __init__(self, n_fft=400, win_length=None, hop_length=None, pad=0,
                 window=WindowType.HANN, power=2.0, normalized=False, center=True,
                 pad_mode=BorderType.REFLECT, onesided=True):
        api = "Spectrogram"
        self.n_fft = check_int(api, "n_fft", n_fft, 1)
        self.win_length = self.n_fft if win_length is None else check_int(
            api, "win_length", win_length, 1)
        if self.win_length > self.n_fft:
            raise ValueError("Spectrogram: 'win_length' must be at most n_fft (%d), but got %d"
                             % (self.n_fft, self.win_length))
        self.hop_length = max(self.win_length // 2, 1) if hop_length is None else check_int(
            api, "hop_length", hop_length, 1)
        self.pad = check_int(api, "pad", pad, 0)
        self.window = check_enum(api, "window", window, WindowType)
        self.power = check_float(api, "power", power, 0.0, strict=True)
        for name, flag in (("normalized", normalized), ("center", center),
                           ("onesided", onesided)):
            if not isinstance(flag, bool):
                raise TypeError("Spectrogram: '%s' must be a bool, but got %s"
                                % (name, type(flag).__name__))
        self.normalized, self.center, self.onesided = normalized, center, onesided
        self.pad_mode = check_enum(api, "pad_mode", pad_mode, BorderType)

    def _frames_window(self):
        win = _window(self.window, self.win_length)
        left = (self.n_fft - self.win_length) // 2
        full = np.zeros(self.n_fft)
        full[left:left + self.win_length] = win
        return full

    def _apply(self, x):
        x = _float(x)
        if x.ndim == 0:
            raise ValueError("Spectrogram: the waveform must be at least 1-D, but got a 0-D value")
        if self.pad:
            x = np.pad(x, [(0, 0)] * (x.ndim - 1) + [(self.pad, self.pad)])
        if self.center:
            half = self.n_fft // 2
            x = np.pad(x, [(0, 0)] * (x.ndim - 1) + [(half, half)], mode=_NUMPY_PAD[self.pad_mode])
        if x.shape[-1] < self.n_fft:
            raise ValueError("Spectrogram: the (padded) waveform has %d samples, fewer than "
                             "n_fft (%d)" % (x.shape[-1], self.n_fft))
        n_frames = 1 + (x.shape[-1] - self.n_fft) // self.hop_length
        starts = np.arange(n_frames) * self.hop_length
        frames = x[..., starts[:, None] + np.arange(self.n_fft)[None, :]]  # (..., frames, n_fft)
        win = self._frames_window()
        spectrum = np.fft.rfft(frames * win, axis=-1) if self.onesided else np.fft.fft(
            frames * win, axis=-1)
        if self.normalized:
            spectrum = spectrum / math.sqrt(float(np.sum(win ** 2)))
        out = np.abs(spectrum) ** self.power
        return np.swapaxes(out, -1, -2).astype(x.dtype)


class MelScale(TensorOperation):
    """MelScale(n_mels=128, sample_rate=16000, f_min=0.0, f_max=None, n_stft=201,
    norm=NormType.NONE, mel_type=MelType.HTK): a spectrogram's frequency bins summed into mel
    bands with :func:`utils.melscale_fbanks`.

    Args:
        n_mels (int): the number of mel bands. Default: ``128``.
        sample_rate (int): the waveform's sample rate (Hz). Default: ``16000``.
        f_min (float): the lowest frequency (Hz). Default: ``0.0``.
        f_max (float, optional): the highest frequency (Hz); None is ``sample_rate // 2``.
            Default: ``None``.
        n_stft (int): the spectrogram's number of frequency bins. Default: ``201``.
        norm (NormType): the filter normalisation. Default: ``NormType.NONE``.
        mel_type (MelType): the mel scale. Default: ``MelType.HTK``.

    Returns:
        numpy.ndarray, shape (..., n_mels, time).

    Raises:
        TypeError: an argument has the wrong type.
        ValueError: a size is out of range, or the input's frequency axis is not ``n_stft``.

    Examples:
        >>> import numpy as np
        >>> from mindcell.dataset import audio
        >>> audio.MelScale(n_mels=4, sample_rate=1600, n_stft=9)(np.ones((9, 3))).shape
        (4, 3)
    """

    def __init__(self, n_mels=128, sample_rate=16000, f_min=0.0, f_max=None, n_stft=201,
                 norm=NormType.NONE, mel_type=MelType.HTK):
        api = "MelScale"
        self.n_mels = check_int(api, "n_mels", n_mels, 1)
        self.sample_rate = check_int(api, "sample_rate", sample_rate, 1)
        self.f_min = check_float(api, "f_min", f_min, 0.0)
        self.f_max = float(self.sample_rate // 2) if f_max is None else check_float(
            api, "f_max", f_max, 0.0, strict=True)
        self.n_stft = check_int(api, "n_stft", n_stft, 1)
        self.norm = check_enum(api, "norm", norm, NormType)
        self.mel_type = check_enum(api, "mel_type", mel_type, MelType)
        self._bank = melscale_fbanks(self.n_stft, self.f_min, self.f_max, self.n_mels,
                                     self.sample_rate, self.norm, self.mel_type)

    def _apply(self, x):
        x = _float(x)
        if x.ndim < 2 or x.shape[-2] != self.n_stft:
            raise ValueError("MelScale: the input must be (..., n_stft=%d, time), but got shape %s"
                             % (self.n_stft, x.shape))
        out = np.einsum("...ft,fm->...mt", x.astype(np.float64), self._bank.astype(np.float64))
        return out.astype(x.dtype)


class MelSpectrogram(TensorOperation):
    """MelSpectrogram(sample_rate=16000, n_fft=400, win_length=None, hop_length=None, f_min=0.0,
    f_max=None, pad=0, n_mels=128, window=WindowType.HANN, power=2.0, normalized=False,
    center=True, pad_mode=BorderType.REFLECT, onesided=True, norm=NormType.NONE,
    mel_scale=MelType.HTK): :class:`Spectrogram` followed by :class:`MelScale`.

    Args:
        sample_rate, f_min, f_max, n_mels, norm, mel_scale: as :class:`MelScale`
            (``mel_scale`` is its ``mel_type``).
        n_fft, win_length, hop_length, pad, window, power, normalized, center, pad_mode,
            onesided: as :class:`Spectrogram`.

    Returns:
        numpy.ndarray, shape (..., n_mels, frames).

    Raises:
        TypeError: an argument has the wrong type.
        ValueError: a size is out of range.

    Examples:
        >>> import numpy as np
        >>> from mindcell.dataset import audio
        >>> wave = np.sin(np.arange(64, dtype=np.float32))
        >>> audio.MelSpectrogram(sample_rate=1600, n_fft=16, n_mels=4)(wave).shape
        (4, 9)
    """

    def __init__(self, sample_rate=16000, n_fft=400, win_length=None, hop_length=None,
                 f_min=0.0, f_max=None, pad=0, n_mels=128, window=WindowType.HANN, power=2.0,
                 normalized=False, center=True, pad_mode=BorderType.REFLECT, onesided=True,
                 norm=NormType.NONE, mel_scale=MelType.HTK):
        self._spectrogram = Spectrogram(n_fft, win_length, hop_length, pad, window, power,
                                        normalized, center, pad_mode, onesided)
        self._mel = MelScale(n_mels, sample_rate, f_min, f_max, n_fft // 2 + 1, norm, mel_scale)

    def _apply(self, x):
        return self._mel._apply(self._spectrogram._apply(x))


class AmplitudeToDB(TensorOperation):
    """AmplitudeToDB(stype=ScaleType.POWER, ref_value=1.0, amin=1e-10, top_db=80.0): a power
    or magnitude spectrogram in decibels, ``m * log10(max(x, amin) / max(ref_value, amin))``
    with ``m`` 10 for power and 20 for magnitude, floored at ``top_db`` below the maximum of
    the whole input.

    Args:
        stype (ScaleType): what the input holds. Default: ``ScaleType.POWER``.
        ref_value (float): the value that maps to 0 dB, > 0. Default: ``1.0``.
        amin (float): the smallest value taken into the logarithm, > 0. Default: ``1e-10``.
        top_db (float): the dynamic range kept below the maximum, > 0. Default: ``80.0``.

    Returns:
        numpy.ndarray of the input's shape.

    Raises:
        TypeError: an argument has the wrong type.
        ValueError: ``ref_value``, ``amin`` or ``top_db`` is not positive.

    Examples:
        >>> import numpy as np
        >>> from mindcell.dataset import audio
        >>> audio.AmplitudeToDB()(np.array([[1.0, 10.0, 100.0]], np.float32))
        array([[ 0., 10., 20.]], dtype=float32)
    """

    def __init__(self, stype=ScaleType.POWER, ref_value=1.0, amin=1e-10, top_db=80.0):
        api = "AmplitudeToDB"
        self.stype = check_enum(api, "stype", stype, ScaleType)
        self.ref_value = check_float(api, "ref_value", ref_value, 0.0, strict=True)
        self.amin = check_float(api, "amin", amin, 0.0, strict=True)
        self.top_db = check_float(api, "top_db", top_db, 0.0, strict=True)

    def _apply(self, x):
        x = _float(x)
        m = 10.0 if self.stype == ScaleType.POWER else 20.0
        db = m * np.log10(np.maximum(x.astype(np.float64), self.amin))
        db -= m * math.log10(max(self.amin, self.ref_value))
        if db.size:  # one floor for the whole input (all its spectrograms), as MindSpore
            db = np.maximum(db, db.max() - self.top_db)
        return db.astype(x.dtype)


class DBToAmplitude(TensorOperation):
    """DBToAmplitude(ref, power): decibels back to amplitude, ``ref * (10 ** (x / 10)) **
    power``.

    Args:
        ref (float): the scale of the output.
        power (float): the exponent (0.5 for magnitudes from power decibels, 1 for power).

    Returns:
        numpy.ndarray of the input's shape.

    Raises:
        TypeError: ``ref`` or ``power`` is not a number.

    Examples:
        >>> import numpy as np
        >>> from mindcell.dataset import audio
        >>> audio.DBToAmplitude(1.0, 1.0)(np.array([0.0, 10.0, 20.0], np.float32))
        array([  1.,  10., 100.], dtype=float32)
    """

    def __init__(self, ref, power):
        self.ref = check_float("DBToAmplitude", "ref", ref)
        self.power = check_float("DBToAmplitude", "power", power)

    def _apply(self, x):
        x = _float(x)
        return (self.ref * np.power(np.power(10.0, x.astype(np.float64) * 0.1),
                                    self.power)).astype(x.dtype)


def _complex_pairs(op, x):
    x = _float(x)
    if x.ndim == 0 or x.shape[-1] != 2:
        raise ValueError("%s: the input must be (..., 2) pairs of real and imaginary parts, "
                         "but got shape %s" % (op, x.shape))
    return x


class ComplexNorm(TensorOperation):
    """ComplexNorm(power=1.0): the magnitude of complex values given as (..., 2) pairs, raised
    to ``power``.

    Args:
        power (float): the exponent, >= 0. Default: ``1.0``.

    Returns:
        numpy.ndarray, the input's shape without its last axis.

    Raises:
        TypeError: ``power`` is not a number.
        ValueError: ``power`` is negative, or the last axis is not 2.

    Examples:
        >>> import numpy as np
        >>> from mindcell.dataset import audio
        >>> audio.ComplexNorm()(np.array([[3.0, 4.0]], np.float32))
        array([5.], dtype=float32)
    """

    def __init__(self, power=1.0):
        self.power = check_float("ComplexNorm", "power", power, 0.0)

    def _apply(self, x):
        x = _complex_pairs("ComplexNorm", x)
        squared = x[..., 0].astype(np.float64) ** 2 + x[..., 1].astype(np.float64) ** 2
        return np.power(squared, self.power / 2.0).astype(x.dtype)


class Angle(TensorOperation):
    """Angle(): the phase (radians, in [-pi, pi]) of complex values given as (..., 2) pairs.

    Returns:
        numpy.ndarray, the input's shape without its last axis.

    Raises:
        ValueError: the last axis is not 2.

    Examples:
        >>> import numpy as np
        >>> from mindcell.dataset import audio
        >>> audio.Angle()(np.array([[0.0, 1.0]], np.float32)).round(4)
        array([1.5708], dtype=float32)
    """

    def _apply(self, x):
        x = _complex_pairs("Angle", x)
        return np.arctan2(x[..., 1], x[..., 0]).astype(x.dtype)


class MuLawEncoding(TensorOperation):
    """MuLawEncoding(quantization_channels=256): mu-law companding of a waveform in [-1, 1]
    into integer codes in [0, quantization_channels).

    Args:
        quantization_channels (int): the number of codes, > 0. Default: ``256``.

    Returns:
        numpy.ndarray of int32, the input's shape.

    Raises:
        TypeError: ``quantization_channels`` is not an int.
        ValueError: ``quantization_channels`` is not positive.

    Examples:
        >>> import numpy as np
        >>> from mindcell.dataset import audio
        >>> audio.MuLawEncoding(16)(np.array([-1.0, 0.0, 1.0], np.float32))
        array([ 0,  8, 15], dtype=int32)
    """

    def __init__(self, quantization_channels=256):
        self.quantization_channels = check_int("MuLawEncoding", "quantization_channels",
                                               quantization_channels, 1)

    def _apply(self, x):
        mu = float(self.quantization_channels - 1)
        x = _float(x).astype(np.float64)
        companded = np.sign(x) * np.log1p(mu * np.abs(x)) / math.log1p(mu)
        return np.floor((companded + 1.0) / 2.0 * mu + 0.5).astype(np.int32)


class MuLawDecoding(TensorOperation):
    """MuLawDecoding(quantization_channels=256): mu-law codes back to a waveform in [-1, 1].

    Args:
        quantization_channels (int): the number of codes, > 0. Default: ``256``.

    Returns:
        numpy.ndarray of float32, the input's shape.

    Raises:
        TypeError: ``quantization_channels`` is not an int.
        ValueError: ``quantization_channels`` is not positive.

    Examples:
        >>> import numpy as np
        >>> from mindcell.dataset import audio
        >>> audio.MuLawDecoding(16)(np.array([0, 15], np.int32))
        array([-1.,  1.], dtype=float32)
    """

    def __init__(self, quantization_channels=256):
        self.quantization_channels = check_int("MuLawDecoding", "quantization_channels",
                                               quantization_channels, 1)

    def _apply(self, x):
        mu = float(self.quantization_channels - 1)
        out_dtype = x.dtype if x.dtype == np.float64 else np.float32
        y = x.astype(np.float64) / mu * 2.0 - 1.0
        return (np.sign(y) * np.expm1(np.abs(y) * math.log1p(mu)) / mu).astype(out_dtype)
