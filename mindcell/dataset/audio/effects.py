"""Masking, volume, fades, phase and spectral statistics of ``mindcell.dataset.audio``
(FrequencyMasking, TimeMasking, MaskAlongAxis, Vol, Gain, DCShift, Fade, Magphase,
SpectralCentroid, ComputeDeltas), with MindSpore 2.10's arguments, checks and results (recorded
with ms-oracle in tests/goldens/audio). Waveforms are (..., time), spectrograms
(..., freq, time). A check MindSpore makes when the transform runs (its C++ kernel) raises
RuntimeError here too."""
import math

import numpy as np

from mindcell.dataset.transforms.transforms import TensorOperation
from mindcell.dataset.audio.transforms import _NUMPY_PAD, Spectrogram, _complex_pairs, _float
from mindcell.dataset.audio.utils import (BorderType, FadeShape, GainType, WindowType,
                                          check_bool, check_enum, check_float, check_int)

__all__ = ["FrequencyMasking", "TimeMasking", "MaskAlongAxis", "MaskAlongAxisIID", "Vol", "Gain",
           "DCShift", "Fade", "Magphase", "SpectralCentroid", "ComputeDeltas"]


def _mask(api, spec, axis, start, width, value):
    """``spec`` with [start, start + width) along ``axis`` (-2 freq, -1 time) set to value."""
    x = _float(np.asarray(spec))
    if x.ndim < 2:
        raise RuntimeError("%s: the input must be a spectrogram (..., freq, time), but got "
                           "shape %s" % (api, x.shape))
    size = x.shape[axis]
    if start + width > size:
        raise RuntimeError("%s: the mask [%d, %d) must lie within the %s axis of length %d"
                           % (api, start, start + width, "freq" if axis == -2 else "time", size))
    out = x.copy()
    index = [slice(None)] * x.ndim
    index[axis] = slice(start, start + width)
    out[tuple(index)] = value
    return out


class _AxisMasking(TensorOperation):
    _axis = _param_name = None

    def __init__(self, iid_masks=False, mask_param=0, mask_start=0, mask_value=0.0):
        api = type(self).__name__
        self.iid_masks = check_bool(api, "iid_masks", iid_masks)
        setattr(self, self._param_name, check_int(api, self._param_name, mask_param, 0))
        self.mask_start = check_int(api, "mask_start", mask_start, 0)
        self.mask_value = check_float(api, "mask_value", mask_value, 0.0)

    def _apply(self, x):
        api, param = type(self).__name__, getattr(self, self._param_name)
        if not self.iid_masks:
            return _mask(api, x, self._axis, self.mask_start, param, self.mask_value)
        x = _float(np.asarray(x))
        size = x.shape[self._axis] if x.ndim >= 2 else 0
        if param > size:
            raise RuntimeError("%s: '%s' %d is larger than the %s axis of length %d"
                               % (api, self._param_name, param, "freq" if self._axis == -2
                                  else "time", size))
        # iid: one random mask per example, width uniform in [0, param), start uniform in
        # [0, size - width), as MindSpore's MaskAlongAxisIID
        width = int(np.random.uniform(0.0, param))
        start = int(np.random.uniform(0.0, size - width))
        return _mask(api, x, self._axis, start, width, self.mask_value)


class FrequencyMasking(_AxisMasking):
    """FrequencyMasking(iid_masks=False, freq_mask_param=0, mask_start=0, mask_value=0.0): sets
    a band of frequency rows of a spectrogram to ``mask_value``.

    Args:
        iid_masks (bool): draw the band at random (width below ``freq_mask_param``) instead of
            masking rows [mask_start, mask_start + freq_mask_param). Default: ``False``.
        freq_mask_param (int): the band's width (its bound with ``iid_masks``), >= 0.
            Default: ``0``.
        mask_start (int): the first masked row without ``iid_masks``, >= 0. Default: ``0``.
        mask_value (float): the value written, >= 0. Default: ``0.0``.

    Returns:
        numpy.ndarray, the spectrogram (..., freq, time) with the band masked.

    Raises:
        TypeError: an argument of the wrong type.
        ValueError: a negative ``freq_mask_param``, ``mask_start`` or ``mask_value``.
        RuntimeError: the band does not fit in the frequency axis.

    Examples:
        >>> import numpy as np
        >>> from mindcell.dataset import audio
        >>> audio.FrequencyMasking(freq_mask_param=2, mask_start=1)(np.ones((4, 2), np.float32))
        array([[1., 1.],
               [0., 0.],
               [0., 0.],
               [1., 1.]], dtype=float32)
    """
    _axis, _param_name = -2, "freq_mask_param"

    def __init__(self, iid_masks=False, freq_mask_param=0, mask_start=0, mask_value=0.0):
        super().__init__(iid_masks, freq_mask_param, mask_start, mask_value)


class TimeMasking(_AxisMasking):
    """TimeMasking(iid_masks=False, time_mask_param=0, mask_start=0, mask_value=0.0): sets a
    span of time columns of a spectrogram to ``mask_value``.

    Args:
        iid_masks (bool): draw the span at random (width below ``time_mask_param``) instead of
            masking columns [mask_start, mask_start + time_mask_param). Default: ``False``.
        time_mask_param (int): the span's width (its bound with ``iid_masks``), >= 0.
            Default: ``0``.
        mask_start (int): the first masked column without ``iid_masks``, >= 0. Default: ``0``.
        mask_value (float): the value written, >= 0. Default: ``0.0``.

    Returns:
        numpy.ndarray, the spectrogram (..., freq, time) with the span masked.

    Raises:
        TypeError: an argument of the wrong type.
        ValueError: a negative ``time_mask_param``, ``mask_start`` or ``mask_value``.
        RuntimeError: the span does not fit in the time axis.

    Examples:
        >>> import numpy as np
        >>> from mindcell.dataset import audio
        >>> audio.TimeMasking(time_mask_param=2, mask_start=1)(np.ones((1, 4), np.float32))
        array([[1., 0., 0., 1.]], dtype=float32)
    """
    _axis, _param_name = -1, "time_mask_param"

    def __init__(self, iid_masks=False, time_mask_param=0, mask_start=0, mask_value=0.0):
        super().__init__(iid_masks, time_mask_param, mask_start, mask_value)


class MaskAlongAxis(TensorOperation):
    """MaskAlongAxis(mask_start, mask_width, mask_value, axis): sets [mask_start, mask_start +
    mask_width) of a spectrogram's frequency (``axis=1``) or time (``axis=2``) axis to
    ``mask_value``.

    Args:
        mask_start (int): the first masked index, >= 0.
        mask_width (int): how many, > 0.
        mask_value (float): the value written.
        axis (int): 1 (frequency) or 2 (time).

    Returns:
        numpy.ndarray, the spectrogram (..., freq, time) masked.

    Raises:
        TypeError: an argument of the wrong type.
        ValueError: a negative ``mask_start``, a ``mask_width`` below 1 or another ``axis``.
        RuntimeError: the mask does not fit in the axis.

    Examples:
        >>> import numpy as np
        >>> from mindcell.dataset import audio
        >>> audio.MaskAlongAxis(0, 1, 5.0, 2)(np.zeros((2, 3), np.float32))
        array([[5., 0., 0.],
               [5., 0., 0.]], dtype=float32)
    """

    def __init__(self, mask_start, mask_width, mask_value, axis):
        self.mask_start = check_int("MaskAlongAxis", "mask_start", mask_start, 0)
        self.mask_width = check_int("MaskAlongAxis", "mask_width", mask_width, 1)
        self.mask_value = check_float("MaskAlongAxis", "mask_value", mask_value)
        self.axis = check_int("MaskAlongAxis", "axis", axis)
        if self.axis not in (1, 2):
            raise ValueError("MaskAlongAxis: 'axis' must be 1 (frequency) or 2 (time), but got "
                             "%d" % self.axis)

    def _apply(self, x):
        return _mask("MaskAlongAxis", x, -2 if self.axis == 1 else -1, self.mask_start,
                     self.mask_width, self.mask_value)


class MaskAlongAxisIID(TensorOperation):
    """MaskAlongAxisIID(mask_param, mask_value, axis): sets a random band of a spectrogram's
    frequency (``axis=1``) or time (``axis=2``) axis to ``mask_value``: its width is drawn
    uniformly from [0, mask_param), its start uniformly from [0, size - width) (numpy's global
    generator), one band for the whole input.

    Args:
        mask_param (int): the bound of the band's width, >= 0 and at most the axis length.
        mask_value (float): the value written.
        axis (int): 1 (frequency) or 2 (time).

    Returns:
        numpy.ndarray of float32 (float64 for a float64 input), the spectrogram
        (..., freq, time) masked.

    Raises:
        TypeError: an argument of the wrong type.
        ValueError: a negative ``mask_param`` or another ``axis``.
        RuntimeError: the input is not (..., freq, time), or ``mask_param`` exceeds the axis.

    Examples:
        >>> import numpy as np
        >>> from mindcell.dataset import audio
        >>> out = audio.MaskAlongAxisIID(3, 0.0, 2)(np.ones((4, 6), np.float32))
        >>> out.shape, int((out == 0).all(axis=0).sum()) < 3
        ((4, 6), True)
    """

    def __init__(self, mask_param, mask_value, axis):
        api = "MaskAlongAxisIID"
        self.mask_param = check_int(api, "mask_param", mask_param, 0)
        self.mask_value = check_float(api, "mask_value", mask_value)
        self.axis = check_int(api, "axis", axis)
        if self.axis not in (1, 2):
            raise ValueError("%s: 'axis' must be 1 (frequency) or 2 (time), but got %d"
                             % (api, self.axis))

    def _apply(self, x):
        api, axis = "MaskAlongAxisIID", -2 if self.axis == 1 else -1
        x = _float(np.asarray(x))
        if x.ndim < 2:
            raise RuntimeError("%s: the input must be a spectrogram (..., freq, time), but got "
                               "shape %s" % (api, x.shape))
        size = x.shape[axis]
        if self.mask_param > size:
            raise RuntimeError("%s: 'mask_param' %d is larger than the %s axis of length %d"
                               % (api, self.mask_param, "freq" if axis == -2 else "time", size))
        width = int(np.random.uniform(0.0, self.mask_param))
        start = int(np.random.uniform(0.0, size - width))
        return _mask(api, x, axis, start, width, self.mask_value)


class Vol(TensorOperation):
    """Vol(gain, gain_type=GainType.AMPLITUDE): scales a waveform's volume and clips it to
    [-1, 1].

    Args:
        gain (float): the factor (``AMPLITUDE``, >= 0), the power ratio (``POWER``, > 0; the
            samples scale by its square root) or decibels (``DB``, 10 ** (gain / 20)).
        gain_type (GainType): how ``gain`` is read. Default: ``GainType.AMPLITUDE``.

    Returns:
        numpy.ndarray, the waveform's shape.

    Raises:
        TypeError: ``gain`` is not a number or ``gain_type`` not a GainType.
        ValueError: a negative amplitude or a non-positive power.

    Examples:
        >>> import numpy as np
        >>> from mindcell.dataset import audio
        >>> audio.Vol(3.0)(np.array([0.1, 0.5, -0.2], np.float32))
        array([ 0.3,  1. , -0.6], dtype=float32)
    """

    def __init__(self, gain, gain_type=GainType.AMPLITUDE):
        self.gain_type = check_enum("Vol", "gain_type", gain_type, GainType)
        if gain_type == GainType.POWER:
            self.gain = check_float("Vol", "gain", gain, 0.0, strict=True)
        elif gain_type == GainType.AMPLITUDE:
            self.gain = check_float("Vol", "gain", gain, 0.0)
        else:
            self.gain = check_float("Vol", "gain", gain)

    def _apply(self, x):
        x = _float(np.asarray(x))
        if self.gain_type == GainType.AMPLITUDE:
            factor = self.gain
        elif self.gain_type == GainType.POWER:
            factor = math.sqrt(self.gain)
        else:
            factor = 10.0 ** (self.gain / 20.0)
        return np.clip(x * factor, -1.0, 1.0).astype(x.dtype)


class Gain(TensorOperation):
    """Gain(gain_db=1.0): amplifies (or attenuates) a waveform by ``gain_db`` decibels, without
    clipping.

    Args:
        gain_db (float): the gain in decibels. Default: ``1.0``.

    Returns:
        numpy.ndarray, the waveform's shape.

    Raises:
        TypeError: ``gain_db`` is not a number.

    Examples:
        >>> import numpy as np
        >>> from mindcell.dataset import audio
        >>> audio.Gain(20.0)(np.array([0.1, -0.2], np.float32))
        array([ 1., -2.], dtype=float32)
    """

    def __init__(self, gain_db=1.0):
        self.gain_db = check_float("Gain", "gain_db", gain_db)

    def _apply(self, x):
        x = _float(np.asarray(x))
        return (x * 10.0 ** (self.gain_db / 20.0)).astype(x.dtype)


class DCShift(TensorOperation):
    """DCShift(shift, limiter_gain=None): adds ``shift`` to a waveform (clipped to [-1, 1]);
    with ``limiter_gain``, the samples that would exceed the limiter's threshold
    ``1 - (|shift| - limiter_gain)`` are held at it instead.

    Args:
        shift (float): the offset, in [-2, 2].
        limiter_gain (float, optional): the limiter's gain, well below 1 (e.g. 0.05); None for
            no limiter. Default: ``None``.

    Returns:
        numpy.ndarray, the waveform's shape.

    Raises:
        TypeError: an argument is not a number.
        ValueError: ``shift`` outside [-2, 2].

    Examples:
        >>> import numpy as np
        >>> from mindcell.dataset import audio
        >>> audio.DCShift(0.25)(np.array([0.25, 0.875, -0.5], np.float32))
        array([ 0.5 ,  1.  , -0.25], dtype=float32)
    """

    def __init__(self, shift, limiter_gain=None):
        self.shift = check_float("DCShift", "shift", shift)
        if not -2.0 <= self.shift <= 2.0:
            raise ValueError("DCShift: 'shift' must be in [-2, 2], but got %s" % shift)
        self.limiter_gain = (None if limiter_gain is None
                             else check_float("DCShift", "limiter_gain", limiter_gain))

    def _apply(self, x):
        x = _float(np.asarray(x))
        shift, gain = self.shift, self.limiter_gain
        plain = np.clip(x + shift, -1.0, 1.0)
        if gain is None or shift == 0:
            return plain.astype(x.dtype)
        threshold = 1.0 - (abs(shift) - gain)
        if shift > 0:
            over = x > threshold
            limited = np.minimum((x - threshold) * gain / (1 - threshold) + threshold + shift,
                                 threshold)
        else:
            over = x < -threshold
            limited = np.maximum((x + threshold) * gain / (1 - threshold) - threshold + shift,
                                 -threshold)
        return np.where(over, limited, plain).astype(x.dtype)


def _fade_curve(shape, ramp, rising):
    """The gain over a ramp of 0..1 (``linspace``): rising for a fade-in, falling for a fade-out
    (the ramp read as the fraction of the fade-out that has passed)."""
    if rising:
        return {FadeShape.LINEAR: lambda f: f,
                # MindSpore 2.10's exponential curve is f * 2^(f - 1) (torchaudio's has 5 (f - 1))
                FadeShape.EXPONENTIAL: lambda f: np.power(2.0, f - 1.0) * f,
                FadeShape.LOGARITHMIC: lambda f: np.log10(0.1 + f) + 1.0,
                FadeShape.QUARTER_SINE: lambda f: np.sin(f * math.pi / 2.0),
                FadeShape.HALF_SINE: lambda f: np.sin(f * math.pi - math.pi / 2.0) / 2.0 + 0.5,
                }[shape](ramp)
    return {FadeShape.LINEAR: lambda f: 1.0 - f,
            FadeShape.EXPONENTIAL: lambda f: np.power(2.0, -f) * (1.0 - f),
            FadeShape.LOGARITHMIC: lambda f: np.log10(1.1 - f) + 1.0,
            FadeShape.QUARTER_SINE: lambda f: np.sin(f * math.pi / 2.0 + math.pi / 2.0),
            FadeShape.HALF_SINE: lambda f: np.sin(f * math.pi + math.pi / 2.0) / 2.0 + 0.5,
            }[shape](ramp)


class Fade(TensorOperation):
    """Fade(fade_in_len=0, fade_out_len=0, fade_shape=FadeShape.LINEAR): fades a waveform in
    over its first ``fade_in_len`` samples and out over its last ``fade_out_len``.

    Args:
        fade_in_len (int): the fade-in's length, >= 0. Default: ``0``.
        fade_out_len (int): the fade-out's length, >= 0. Default: ``0``.
        fade_shape (FadeShape): ``LINEAR``, ``EXPONENTIAL``, ``LOGARITHMIC``,
            ``QUARTER_SINE`` or ``HALF_SINE``. Default: ``FadeShape.LINEAR``.

    Returns:
        numpy.ndarray, the waveform's shape.

    Raises:
        TypeError: an argument of the wrong type.
        ValueError: a negative length.
        RuntimeError: a fade longer than the waveform.

    Examples:
        >>> import numpy as np
        >>> from mindcell.dataset import audio
        >>> audio.Fade(3, 0)(np.ones(5, np.float32))
        array([0. , 0.5, 1. , 1. , 1. ], dtype=float32)
    """

    def __init__(self, fade_in_len=0, fade_out_len=0, fade_shape=FadeShape.LINEAR):
        self.fade_in_len = check_int("Fade", "fade_in_len", fade_in_len, 0)
        self.fade_out_len = check_int("Fade", "fade_out_len", fade_out_len, 0)
        self.fade_shape = check_enum("Fade", "fade_shape", fade_shape, FadeShape)

    def _apply(self, x):
        x = _float(np.asarray(x))
        length = x.shape[-1] if x.ndim else 0
        for name, n in (("fade_in_len", self.fade_in_len), ("fade_out_len", self.fade_out_len)):
            if n > length:
                raise RuntimeError("Fade: '%s' %d is longer than the waveform (%d samples)"
                                   % (name, n, length))
        gain = np.ones(length, np.float64)
        if self.fade_in_len:
            gain[:self.fade_in_len] = _fade_curve(
                self.fade_shape, np.linspace(0.0, 1.0, self.fade_in_len), True)
        if self.fade_out_len:
            gain[length - self.fade_out_len:] *= _fade_curve(
                self.fade_shape, np.linspace(0.0, 1.0, self.fade_out_len), False)
        return (x * gain).astype(x.dtype)


class Magphase(TensorOperation):
    """Magphase(power=1.0): splits complex values given as (..., 2) pairs into their magnitude
    raised to ``power`` and their phase.

    Args:
        power (float): the magnitude's exponent, >= 0. Default: ``1.0``.

    Returns:
        tuple of two numpy.ndarray, the magnitudes and the phases (radians), each the input's
        shape without its last axis.

    Raises:
        TypeError: ``power`` is not a number.
        ValueError: a negative ``power``, or the last axis is not 2.

    Examples:
        >>> import numpy as np
        >>> from mindcell.dataset import audio
        >>> mag, phase = audio.Magphase()(np.array([[0.0, 2.0]], np.float32))
        >>> mag, phase.round(4)
        (array([2.], dtype=float32), array([1.5708], dtype=float32))
    """

    def __init__(self, power=1.0):
        self.power = check_float("Magphase", "power", power, 0.0)

    def _apply(self, x):
        x = _complex_pairs("Magphase", np.asarray(x))
        re, im = x[..., 0].astype(np.float64), x[..., 1].astype(np.float64)
        mag = np.power(re * re + im * im, self.power / 2.0)
        return mag.astype(x.dtype), np.arctan2(im, re).astype(x.dtype)


class SpectralCentroid(TensorOperation):
    """SpectralCentroid(sample_rate, n_fft=400, win_length=None, hop_length=None, pad=0,
    window=WindowType.HANN): the centre of mass of each frame's magnitude spectrum, in Hz.

    Args:
        sample_rate (int): the waveform's sampling rate, >= 0.
        n_fft (int): the FFT size. Default: ``400``.
        win_length (int, optional): the window size; None is ``n_fft``. Default: ``None``.
        hop_length (int, optional): the frame step; None is ``win_length // 2``.
            Default: ``None``.
        pad (int): zeros added at both ends first. Default: ``0``.
        window (WindowType): the frame window. Default: ``WindowType.HANN``.

    Returns:
        numpy.ndarray (..., 1, time).

    Raises:
        TypeError: an argument of the wrong type.
        ValueError: an argument out of range.

    Examples:
        >>> import numpy as np
        >>> from mindcell.dataset import audio
        >>> wave = np.sin(np.arange(64, dtype=np.float32) * 2 * np.pi * 12.5 / 100)
        >>> audio.SpectralCentroid(sample_rate=100, n_fft=16)(wave).shape
        (1, 9)
    """

    def __init__(self, sample_rate, n_fft=400, win_length=None, hop_length=None, pad=0,
                 window=WindowType.HANN):
        self.sample_rate = check_int("SpectralCentroid", "sample_rate", sample_rate, 0)
        self.n_fft = n_fft
        self.win_length, self.hop_length, self.pad, self.window = (win_length, hop_length,
                                                                    pad, window)
        # the spectrogram checks the rest with SpectralCentroid's name in its messages
        self._spectrogram = Spectrogram(n_fft=n_fft, win_length=win_length,
                                        hop_length=hop_length, pad=pad, window=window,
                                        power=1.0)

    def _apply(self, x):
        spec = self._spectrogram(x).astype(np.float64)  # (..., freq, time)
        freqs = np.linspace(0.0, self.sample_rate // 2, self.n_fft // 2 + 1).reshape(-1, 1)
        with np.errstate(invalid="ignore", divide="ignore"):
            centroid = (freqs * spec).sum(-2, keepdims=True) / spec.sum(-2, keepdims=True)
        return centroid.astype(_float(np.asarray(x)).dtype)


class ComputeDeltas(TensorOperation):
    """ComputeDeltas(win_length=5, pad_mode=BorderType.EDGE): the delta (local slope over time)
    coefficients of a spectrogram, ``sum_n n (c[t+n] - c[t-n]) / (2 sum_n n^2)`` for n up to
    ``(win_length - 1) // 2``, the time axis padded by ``pad_mode``.

    Args:
        win_length (int): the window, >= 3. Default: ``5``.
        pad_mode (BorderType): how the time axis is extended. Default: ``BorderType.EDGE``.

    Returns:
        numpy.ndarray, the spectrogram's shape.

    Raises:
        TypeError: an argument of the wrong type.
        ValueError: ``win_length`` below 3.

    Examples:
        >>> import numpy as np
        >>> from mindcell.dataset import audio
        >>> audio.ComputeDeltas(3)(np.array([[0.0, 1.0, 2.0, 3.0]], np.float32))
        array([[0.5, 1. , 1. , 0.5]], dtype=float32)
    """

    def __init__(self, win_length=5, pad_mode=BorderType.EDGE):
        self.win_length = check_int("ComputeDeltas", "win_length", win_length, 3)
        self.pad_mode = check_enum("ComputeDeltas", "pad_mode", pad_mode, BorderType)

    def _apply(self, x):
        x = _float(np.asarray(x))
        n = (self.win_length - 1) // 2
        pad = [(0, 0)] * (x.ndim - 1) + [(n, n)]
        padded = np.pad(x.astype(np.float64), pad, mode=_NUMPY_PAD[self.pad_mode])
        length = x.shape[-1]
        out = np.zeros(x.shape, np.float64)
        for k in range(1, n + 1):  # n is small (the window's half): one vector op per lag
            out += k * (padded[..., n + k:n + k + length] - padded[..., n - k:n - k + length])
        return (out / (n * (n + 1) * (2 * n + 1) / 3.0)).astype(x.dtype)
