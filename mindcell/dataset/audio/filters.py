"""The IIR filters of ``mindcell.dataset.audio`` (LFilter, Filtfilt, Biquad and the eleven named
biquads: the Audio EQ Cookbook's coefficients, as MindSpore 2.10 computes them), Contrast,
Overdrive and Resample (band-limited sinc interpolation with a Hann or Kaiser window). Results
and argument errors follow MindSpore 2.10 (recorded with ms-oracle in tests/goldens/audio/003).
The recursions run in ``scipy.signal.lfilter`` (a project dependency), vectorised over channels.
Waveforms are (..., time); the result keeps the input's float dtype (float64 stays float64,
everything else becomes float32)."""
import math

import numpy as np

from mindcell.dataset.transforms.transforms import TensorOperation
from mindcell.dataset.audio.transforms import _float
from mindcell.dataset.audio.utils import (ResampleMethod, check_bool, check_enum, check_float,
                                          check_int)

__all__ = ["LFilter", "Filtfilt", "Biquad", "AllpassBiquad", "BandBiquad", "BandpassBiquad",
           "BandrejectBiquad", "BassBiquad", "DeemphBiquad", "EqualizerBiquad", "HighpassBiquad",
           "LowpassBiquad", "RiaaBiquad", "TrebleBiquad", "Contrast", "Overdrive", "Resample"]


def _lfilter(x, a, b, clamp):
    """y = the IIR filter (b over a, normalised by a[0]) of x along its last axis."""
    from scipy.signal import lfilter
    x = _float(np.asarray(x))
    y = lfilter(np.asarray(b, np.float64), np.asarray(a, np.float64), x.astype(np.float64),
                axis=-1)
    if clamp:
        y = np.clip(y, -1.0, 1.0)
    return y.astype(x.dtype)


def _coefficients(api, name, values):
    if isinstance(values, (tuple, list)) and values and all(
            isinstance(v, (int, float)) and not isinstance(v, bool) for v in values):
        return [float(v) for v in values]
    raise TypeError("%s: '%s' must be a non-empty list of numbers, but got %r"
                    % (api, name, values))


class LFilter(TensorOperation):
    """LFilter(a_coeffs, b_coeffs, clamp=True): the IIR filter
    ``a[0] y[n] = sum_k b[k] x[n-k] - sum_{k>=1} a[k] y[n-k]`` along the waveform.

    Args:
        a_coeffs (list[float]): the denominator (feedback) coefficients, ``a[0]`` not 0.
        b_coeffs (list[float]): the numerator coefficients, as many as ``a_coeffs``.
        clamp (bool): clip the result to [-1, 1]. Default: ``True``.

    Returns:
        numpy.ndarray, the waveform's shape.

    Raises:
        TypeError: an argument of the wrong type.
        ValueError: the coefficient lists differ in length or ``a_coeffs[0]`` is 0.

    Examples:
        >>> import numpy as np
        >>> from mindcell.dataset import audio
        >>> audio.LFilter([1.0, -0.5], [0.5, 0.0])(np.array([1.0, 0.0, 0.0], np.float32))
        array([0.5  , 0.25 , 0.125], dtype=float32)
    """
    _name = "LFilter"

    def __init__(self, a_coeffs, b_coeffs, clamp=True):
        self.a_coeffs = _coefficients(self._name, "a_coeffs", a_coeffs)
        self.b_coeffs = _coefficients(self._name, "b_coeffs", b_coeffs)
        self.clamp = check_bool(self._name, "clamp", clamp)
        if len(self.a_coeffs) != len(self.b_coeffs):
            raise ValueError("%s: 'a_coeffs' and 'b_coeffs' must have the same length, but got "
                             "%d and %d" % (self._name, len(self.a_coeffs), len(self.b_coeffs)))
        if self.a_coeffs[0] == 0:
            raise ValueError("%s: 'a_coeffs[0]' must not be 0" % self._name)

    def _apply(self, x):
        return _lfilter(x, self.a_coeffs, self.b_coeffs, self.clamp)


class Filtfilt(LFilter):
    """Filtfilt(a_coeffs, b_coeffs, clamp=True): the IIR filter run forward and then backward
    (zero phase): ``reverse(lfilter(reverse(lfilter(x))))``, clamping only the final pass.

    Args:
        a_coeffs (list[float]): the denominator coefficients, ``a[0]`` not 0.
        b_coeffs (list[float]): the numerator coefficients, as many as ``a_coeffs``.
        clamp (bool): clip the result to [-1, 1]. Default: ``True``.

    Returns:
        numpy.ndarray, the waveform's shape.

    Raises:
        TypeError: an argument of the wrong type.
        ValueError: the coefficient lists differ in length or ``a_coeffs[0]`` is 0.

    Examples:
        >>> import numpy as np
        >>> from mindcell.dataset import audio
        >>> audio.Filtfilt([1.0, 0.0], [0.5, 0.5])(np.array([0.0, 1.0, 0.0], np.float32))
        array([0.25, 0.5 , 0.25], dtype=float32)
    """
    _name = "Filtfilt"

    def _apply(self, x):
        forward = _lfilter(x, self.a_coeffs, self.b_coeffs, False)
        back = _lfilter(forward[..., ::-1], self.a_coeffs, self.b_coeffs, self.clamp)
        return np.ascontiguousarray(back[..., ::-1])


class _Biquad(TensorOperation):
    """A second-order IIR filter whose six coefficients ``_coeffs`` computes (clamped to
    [-1, 1] as MindSpore's)."""

    def _coeffs(self):
        raise NotImplementedError

    def _apply(self, x):
        b0, b1, b2, a0, a1, a2 = self._coeffs()
        return _lfilter(x, [a0, a1, a2], [b0, b1, b2], True)


def _rate(api, sample_rate):
    rate = check_int(api, "sample_rate", sample_rate)
    if rate == 0:
        raise ValueError("%s: 'sample_rate' must not be 0" % api)
    return rate


def _q(api, q):
    q = check_float(api, "Q", q)
    if not 0.0 < q <= 1.0:
        raise ValueError("%s: 'Q' must be in (0, 1], but got %s" % (api, q))
    return q


def _shelf_terms(sample_rate, gain, freq, q):
    """w0, A and the cookbook's shelving terms (2 sqrt(A) alpha, (A-1) cos w0, (A+1) cos w0)."""
    w0 = 2 * math.pi * freq / sample_rate
    amp = math.exp(gain / 40.0 * math.log(10.0))
    alpha = math.sin(w0) / 2.0 / q
    return amp, 2 * math.sqrt(amp) * alpha, (amp - 1) * math.cos(w0), (amp + 1) * math.cos(w0)



def _high_shelf(amp, t1, t2, t3):
    """The cookbook's high-shelf coefficients from A and its terms (TrebleBiquad, and the
    de-emphasis shelf)."""
    return (amp * ((amp + 1) + t2 + t1), -2 * amp * ((amp - 1) + t3),
            amp * ((amp + 1) + t2 - t1), (amp + 1) - t2 + t1, 2 * ((amp - 1) - t3),
            (amp + 1) - t2 - t1)

class Biquad(_Biquad):
    """Biquad(b0, b1, b2, a0, a1, a2): the second-order IIR filter of these coefficients (the
    result clipped to [-1, 1]).

    Args:
        b0, b1, b2 (float): the numerator coefficients.
        a0, a1, a2 (float): the denominator coefficients; ``a0`` not 0.

    Returns:
        numpy.ndarray, the waveform's shape.

    Raises:
        TypeError: a coefficient is not a number.
        ValueError: ``a0`` is 0.

    Examples:
        >>> import numpy as np
        >>> from mindcell.dataset import audio
        >>> audio.Biquad(0.5, 0.5, 0.0, 1.0, 0.0, 0.0)(np.array([1.0, 0.0, 0.0], np.float32))
        array([0.5, 0.5, 0. ], dtype=float32)
    """

    def __init__(self, b0, b1, b2, a0, a1, a2):
        names = ("b0", "b1", "b2", "a0", "a1", "a2")
        values = [check_float("Biquad", n, v) for n, v in zip(names, (b0, b1, b2, a0, a1, a2))]
        if values[3] == 0:
            raise ValueError("Biquad: 'a0' must not be 0")
        self.b0, self.b1, self.b2, self.a0, self.a1, self.a2 = values

    def _coeffs(self):
        return self.b0, self.b1, self.b2, self.a0, self.a1, self.a2


class _CentredBiquad(_Biquad):
    """A biquad set by (sample_rate, a frequency, Q): w0 = 2 pi f / rate, alpha = sin w0 / 2Q."""
    _freq_name = "central_freq"

    def __init__(self, sample_rate, freq, q=0.707):
        api = type(self).__name__
        self.sample_rate = _rate(api, sample_rate)
        setattr(self, self._freq_name, check_float(api, self._freq_name, freq))
        self.Q = _q(api, q)

    def _w0_alpha(self):
        w0 = 2 * math.pi * getattr(self, self._freq_name) / self.sample_rate
        return w0, math.sin(w0) / 2.0 / self.Q


class AllpassBiquad(_CentredBiquad):
    """AllpassBiquad(sample_rate, central_freq, Q=0.707): a two-pole all-pass filter (phase
    only).

    Args:
        sample_rate (int): the waveform's rate, not 0.
        central_freq (float): the centre frequency, Hz.
        Q (float): the quality factor, in (0, 1]. Default: ``0.707``.

    Returns:
        numpy.ndarray, the waveform's shape.

    Raises:
        TypeError: an argument of the wrong type.
        ValueError: ``sample_rate`` is 0 or ``Q`` outside (0, 1].

    Examples:
        >>> import numpy as np
        >>> from mindcell.dataset import audio
        >>> audio.AllpassBiquad(8000, 1000.0)(np.zeros((2, 16), np.float32)).shape
        (2, 16)
    """

    def _coeffs(self):
        w0, alpha = self._w0_alpha()
        c = math.cos(w0)
        return 1 - alpha, -2 * c, 1 + alpha, 1 + alpha, -2 * c, 1 - alpha


class BandBiquad(_CentredBiquad):
    """BandBiquad(sample_rate, central_freq, Q=0.707, noise=False): a two-pole band filter
    centred at ``central_freq`` with bandwidth ``central_freq / Q``.

    Args:
        sample_rate (int): the waveform's rate, not 0.
        central_freq (float): the centre frequency, Hz.
        Q (float): the quality factor, in (0, 1]. Default: ``0.707``.
        noise (bool): the mode for unpitched audio (the gain normalised for noise instead of
            tones). Default: ``False``.

    Returns:
        numpy.ndarray, the waveform's shape.

    Raises:
        TypeError: an argument of the wrong type.
        ValueError: ``sample_rate`` is 0 or ``Q`` outside (0, 1].

    Examples:
        >>> import numpy as np
        >>> from mindcell.dataset import audio
        >>> audio.BandBiquad(8000, 1000.0)(np.zeros((2, 16), np.float32)).shape
        (2, 16)
    """

    def __init__(self, sample_rate, central_freq, Q=0.707, noise=False):
        super().__init__(sample_rate, central_freq, Q)
        self.noise = check_bool("BandBiquad", "noise", noise)

    def _coeffs(self):
        w0 = 2 * math.pi * self.central_freq / self.sample_rate
        bandwidth = self.central_freq / self.Q
        a2 = math.exp(-2 * math.pi * bandwidth / self.sample_rate)
        a1 = -4 * a2 / (1 + a2) * math.cos(w0)
        b0 = math.sqrt(1 - a1 * a1 / (4 * a2)) * (1 - a2)
        if self.noise:
            b0 *= math.sqrt(((1 + a2) ** 2 - a1 * a1) * (1 - a2) / (1 + a2)) / b0
        return b0, 0.0, 0.0, 1.0, a1, a2


class BandpassBiquad(_CentredBiquad):
    """BandpassBiquad(sample_rate, central_freq, Q=0.707, const_skirt_gain=False): a two-pole
    band-pass filter.

    Args:
        sample_rate (int): the waveform's rate, not 0.
        central_freq (float): the centre frequency, Hz.
        Q (float): the quality factor, in (0, 1]. Default: ``0.707``.
        const_skirt_gain (bool): a constant skirt gain (peak gain Q) instead of a constant
            0 dB peak gain. Default: ``False``.

    Returns:
        numpy.ndarray, the waveform's shape.

    Raises:
        TypeError: an argument of the wrong type.
        ValueError: ``sample_rate`` is 0 or ``Q`` outside (0, 1].

    Examples:
        >>> import numpy as np
        >>> from mindcell.dataset import audio
        >>> audio.BandpassBiquad(8000, 1000.0)(np.zeros((2, 16), np.float32)).shape
        (2, 16)
    """

    def __init__(self, sample_rate, central_freq, Q=0.707, const_skirt_gain=False):
        super().__init__(sample_rate, central_freq, Q)
        self.const_skirt_gain = check_bool("BandpassBiquad", "const_skirt_gain",
                                           const_skirt_gain)

    def _coeffs(self):
        w0, alpha = self._w0_alpha()
        top = math.sin(w0) / 2.0 if self.const_skirt_gain else alpha
        return top, 0.0, -top, 1 + alpha, -2 * math.cos(w0), 1 - alpha


class BandrejectBiquad(_CentredBiquad):
    """BandrejectBiquad(sample_rate, central_freq, Q=0.707): a two-pole band-reject (notch)
    filter.

    Args:
        sample_rate (int): the waveform's rate, not 0.
        central_freq (float): the rejected frequency, Hz.
        Q (float): the quality factor, in (0, 1]. Default: ``0.707``.

    Returns:
        numpy.ndarray, the waveform's shape.

    Raises:
        TypeError: an argument of the wrong type.
        ValueError: ``sample_rate`` is 0 or ``Q`` outside (0, 1].

    Examples:
        >>> import numpy as np
        >>> from mindcell.dataset import audio
        >>> audio.BandrejectBiquad(8000, 1000.0)(np.zeros((2, 16), np.float32)).shape
        (2, 16)
    """

    def _coeffs(self):
        w0, alpha = self._w0_alpha()
        c = math.cos(w0)
        return 1.0, -2 * c, 1.0, 1 + alpha, -2 * c, 1 - alpha


class HighpassBiquad(_CentredBiquad):
    """HighpassBiquad(sample_rate, cutoff_freq, Q=0.707): a two-pole high-pass filter.

    Args:
        sample_rate (int): the waveform's rate, not 0.
        cutoff_freq (float): the cut-off frequency, Hz.
        Q (float): the quality factor, in (0, 1]. Default: ``0.707``.

    Returns:
        numpy.ndarray, the waveform's shape.

    Raises:
        TypeError: an argument of the wrong type.
        ValueError: ``sample_rate`` is 0 or ``Q`` outside (0, 1].

    Examples:
        >>> import numpy as np
        >>> from mindcell.dataset import audio
        >>> audio.HighpassBiquad(8000, 1000.0)(np.zeros((2, 16), np.float32)).shape
        (2, 16)
    """
    _freq_name = "cutoff_freq"

    def _coeffs(self):
        w0, alpha = self._w0_alpha()
        c = math.cos(w0)
        return (1 + c) / 2, -1 - c, (1 + c) / 2, 1 + alpha, -2 * c, 1 - alpha


class LowpassBiquad(_CentredBiquad):
    """LowpassBiquad(sample_rate, cutoff_freq, Q=0.707): a two-pole low-pass filter.

    Args:
        sample_rate (int): the waveform's rate, not 0.
        cutoff_freq (float): the cut-off frequency, Hz.
        Q (float): the quality factor, in (0, 1]. Default: ``0.707``.

    Returns:
        numpy.ndarray, the waveform's shape.

    Raises:
        TypeError: an argument of the wrong type.
        ValueError: ``sample_rate`` is 0 or ``Q`` outside (0, 1].

    Examples:
        >>> import numpy as np
        >>> from mindcell.dataset import audio
        >>> audio.LowpassBiquad(8000, 1000.0)(np.zeros((2, 16), np.float32)).shape
        (2, 16)
    """
    _freq_name = "cutoff_freq"

    def _coeffs(self):
        w0, alpha = self._w0_alpha()
        c = math.cos(w0)
        return (1 - c) / 2, 1 - c, (1 - c) / 2, 1 + alpha, -2 * c, 1 - alpha


class EqualizerBiquad(_Biquad):
    """EqualizerBiquad(sample_rate, center_freq, gain, Q=0.707): a peaking equaliser: ``gain``
    decibels around ``center_freq``.

    Args:
        sample_rate (int): the waveform's rate, not 0.
        center_freq (float): the centre frequency, Hz.
        gain (float): the gain at the centre, dB.
        Q (float): the quality factor, in (0, 1]. Default: ``0.707``.

    Returns:
        numpy.ndarray, the waveform's shape.

    Raises:
        TypeError: an argument of the wrong type.
        ValueError: ``sample_rate`` is 0 or ``Q`` outside (0, 1].

    Examples:
        >>> import numpy as np
        >>> from mindcell.dataset import audio
        >>> audio.EqualizerBiquad(8000, 1000.0, 3.0)(np.zeros((2, 16), np.float32)).shape
        (2, 16)
    """

    def __init__(self, sample_rate, center_freq, gain, Q=0.707):
        self.sample_rate = _rate("EqualizerBiquad", sample_rate)
        self.center_freq = check_float("EqualizerBiquad", "center_freq", center_freq)
        self.gain = check_float("EqualizerBiquad", "gain", gain)
        self.Q = _q("EqualizerBiquad", Q)

    def _coeffs(self):
        w0 = 2 * math.pi * self.center_freq / self.sample_rate
        amp = math.exp(self.gain / 40.0 * math.log(10.0))
        alpha = math.sin(w0) / 2.0 / self.Q
        c = math.cos(w0)
        return 1 + alpha * amp, -2 * c, 1 - alpha * amp, 1 + alpha / amp, -2 * c, \
            1 - alpha / amp


class _ShelfBiquad(_Biquad):
    _default_freq = None

    def __init__(self, sample_rate, gain, central_freq, Q):
        api = type(self).__name__
        self.sample_rate = _rate(api, sample_rate)
        self.gain = check_float(api, "gain", gain)
        self.central_freq = check_float(api, "central_freq", central_freq)
        self.Q = _q(api, Q)


class BassBiquad(_ShelfBiquad):
    """BassBiquad(sample_rate, gain, central_freq=100.0, Q=0.707): a low shelf: ``gain``
    decibels below about ``central_freq``.

    Args:
        sample_rate (int): the waveform's rate, not 0.
        gain (float): the shelf's gain, dB.
        central_freq (float): the shelf's frequency, Hz. Default: ``100.0``.
        Q (float): the quality factor, in (0, 1]. Default: ``0.707``.

    Returns:
        numpy.ndarray, the waveform's shape.

    Raises:
        TypeError: an argument of the wrong type.
        ValueError: ``sample_rate`` is 0 or ``Q`` outside (0, 1].

    Examples:
        >>> import numpy as np
        >>> from mindcell.dataset import audio
        >>> audio.BassBiquad(8000, 6.0)(np.zeros((2, 16), np.float32)).shape
        (2, 16)
    """

    def __init__(self, sample_rate, gain, central_freq=100.0, Q=0.707):
        super().__init__(sample_rate, gain, central_freq, Q)

    def _coeffs(self):
        amp, t1, t2, t3 = _shelf_terms(self.sample_rate, self.gain, self.central_freq, self.Q)
        return (amp * ((amp + 1) - t2 + t1), 2 * amp * ((amp - 1) - t3),
                amp * ((amp + 1) - t2 - t1), (amp + 1) + t2 + t1, -2 * ((amp - 1) + t3),
                (amp + 1) + t2 - t1)


class TrebleBiquad(_ShelfBiquad):
    """TrebleBiquad(sample_rate, gain, central_freq=3000, Q=0.707): a high shelf: ``gain``
    decibels above about ``central_freq``.

    Args:
        sample_rate (int): the waveform's rate, not 0.
        gain (float): the shelf's gain, dB.
        central_freq (float): the shelf's frequency, Hz. Default: ``3000``.
        Q (float): the quality factor, in (0, 1]. Default: ``0.707``.

    Returns:
        numpy.ndarray, the waveform's shape.

    Raises:
        TypeError: an argument of the wrong type.
        ValueError: ``sample_rate`` is 0 or ``Q`` outside (0, 1].

    Examples:
        >>> import numpy as np
        >>> from mindcell.dataset import audio
        >>> audio.TrebleBiquad(8000, 6.0)(np.zeros((2, 16), np.float32)).shape
        (2, 16)
    """

    def __init__(self, sample_rate, gain, central_freq=3000, Q=0.707):
        super().__init__(sample_rate, gain, central_freq, Q)

    def _coeffs(self):
        return _high_shelf(*_shelf_terms(self.sample_rate, self.gain, self.central_freq,
                                         self.Q))


# De-emphasis (ISO 908 CD) shelves per sample rate: (frequency, width slope, gain in dB)
_DEEMPH = {44100: (5283.0, 0.4845, -9.477), 48000: (5356.0, 0.479, -9.62)}
# RIAA playback: the zeros and poles per sample rate
_RIAA = {44100: ((-0.2014898, 0.9233820), (0.7083149, 0.9924091)),
         48000: ((-0.1766069, 0.9321590), (0.7396325, 0.9931330)),
         88200: ((-0.1168735, 0.9648312), (0.8590646, 0.9964002)),
         96000: ((-0.1141486, 0.9676817), (0.8699137, 0.9966946))}


def _rate_in(api, sample_rate, rates):
    rate = check_int(api, "sample_rate", sample_rate)
    if rate not in rates:
        raise ValueError("%s: 'sample_rate' must be one of %s, but got %d"
                         % (api, sorted(rates), rate))
    return rate


class DeemphBiquad(_Biquad):
    """DeemphBiquad(sample_rate): the ISO 908 CD de-emphasis filter (a treble shelf).

    Args:
        sample_rate (int): 44100 or 48000.

    Returns:
        numpy.ndarray, the waveform's shape.

    Raises:
        TypeError: ``sample_rate`` is not an int.
        ValueError: another rate.

    Examples:
        >>> import numpy as np
        >>> from mindcell.dataset import audio
        >>> audio.DeemphBiquad(44100)(np.zeros((2, 16), np.float32)).shape
        (2, 16)
    """

    def __init__(self, sample_rate):
        self.sample_rate = _rate_in("DeemphBiquad", sample_rate, _DEEMPH)

    def _coeffs(self):
        freq, slope, gain = _DEEMPH[self.sample_rate]
        w0 = 2 * math.pi * freq / self.sample_rate
        amp = math.exp(gain / 40.0 * math.log(10.0))
        alpha = math.sin(w0) / 2 * math.sqrt((amp + 1 / amp) * (1 / slope - 1) + 2)
        return _high_shelf(amp, 2 * math.sqrt(amp) * alpha, (amp - 1) * math.cos(w0),
                           (amp + 1) * math.cos(w0))


class RiaaBiquad(_Biquad):
    """RiaaBiquad(sample_rate): the RIAA vinyl playback equalisation, normalised to 0 dB at
    1 kHz.

    Args:
        sample_rate (int): 44100, 48000, 88200 or 96000.

    Returns:
        numpy.ndarray, the waveform's shape.

    Raises:
        TypeError: ``sample_rate`` is not an int.
        ValueError: another rate.

    Examples:
        >>> import numpy as np
        >>> from mindcell.dataset import audio
        >>> audio.RiaaBiquad(44100)(np.zeros((2, 16), np.float32)).shape
        (2, 16)
    """

    def __init__(self, sample_rate):
        self.sample_rate = _rate_in("RiaaBiquad", sample_rate, _RIAA)

    def _coeffs(self):
        zeros, poles = _RIAA[self.sample_rate]
        b = [1.0, -(zeros[0] + zeros[1]), zeros[0] * zeros[1]]
        a = [1.0, -(poles[0] + poles[1]), poles[0] * poles[1]]
        y = 2 * math.pi * 1000 / self.sample_rate
        resp_b = complex(sum(c * math.cos(-k * y) for k, c in enumerate(b)),
                         sum(c * math.sin(-k * y) for k, c in enumerate(b)))
        resp_a = complex(sum(c * math.cos(-k * y) for k, c in enumerate(a)),
                         sum(c * math.sin(-k * y) for k, c in enumerate(a)))
        gain = 1.0 / abs(resp_b / resp_a)
        return b[0] * gain, b[1] * gain, b[2] * gain, a[0], a[1], a[2]


def _percent(api, name, value):
    value = check_float(api, name, value)
    if not 0.0 <= value <= 100.0:
        raise ValueError("%s: '%s' must be in [0, 100], but got %s" % (api, name, value))
    return value


class Contrast(TensorOperation):
    """Contrast(enhancement_amount=75.0): a loudness-boosting distortion (SoX's ``contrast``):
    ``sin(x pi/2 + a/750 sin(2 pi x))``.

    Args:
        enhancement_amount (float): in [0, 100]; 0 still changes the waveform. Default: ``75.0``.

    Returns:
        numpy.ndarray, the waveform's shape.

    Raises:
        TypeError: the amount is not a number.
        ValueError: the amount is outside [0, 100].

    Examples:
        >>> import numpy as np
        >>> from mindcell.dataset import audio
        >>> audio.Contrast(0.0)(np.array([1.0, 0.0], np.float32))
        array([1., 0.], dtype=float32)
    """

    def __init__(self, enhancement_amount=75.0):
        self.enhancement_amount = _percent("Contrast", "enhancement_amount", enhancement_amount)

    def _apply(self, x):
        x = _float(np.asarray(x))
        quarter = x.astype(np.float64) * (math.pi / 2)
        out = np.sin(quarter + self.enhancement_amount / 750.0 * np.sin(quarter * 4))
        return out.astype(x.dtype)


class Overdrive(TensorOperation):
    """Overdrive(gain=20.0, color=20.0): a soft-clipping overdrive (SoX's ``overdrive``): the
    amplified, offset waveform through a cubic soft clipper and a DC-blocking filter, mixed
    with the input and clipped to [-1, 1].

    Args:
        gain (float): the drive in dB, in [0, 100]. Default: ``20.0``.
        color (float): the even-harmonic content (an offset), in [0, 100]. Default: ``20.0``.

    Returns:
        numpy.ndarray, the waveform's shape.

    Raises:
        TypeError: an argument is not a number.
        ValueError: an argument outside [0, 100].

    Examples:
        >>> import numpy as np
        >>> from mindcell.dataset import audio
        >>> audio.Overdrive()(np.zeros((2, 8), np.float32)).shape
        (2, 8)
    """

    def __init__(self, gain=20.0, color=20.0):
        self.gain = _percent("Overdrive", "gain", gain)
        self.color = _percent("Overdrive", "color", color)

    def _apply(self, x):
        from scipy.signal import lfilter
        x = _float(np.asarray(x))
        wave = x.astype(np.float64)
        driven = wave * 10.0 ** (self.gain / 20.0) + self.color / 200.0
        clipped = np.where(driven < -1, -2.0 / 3.0,
                           np.where(driven > 1, 2.0 / 3.0, driven - driven ** 3 / 3.0))
        # the DC blocker y[n] = c[n] - c[n-1] + 0.995 y[n-1]
        blocked = lfilter([1.0, -1.0], [1.0, -0.995], clipped, axis=-1)
        return np.clip(wave * 0.5 + blocked * 0.75, -1.0, 1.0).astype(x.dtype)


def _sinc_kernel(orig, new, width_zeros, rolloff, method, beta):
    """The (new, 2 * width + orig) polyphase kernel of band-limited resampling from orig to new
    (both divided by their gcd) and ``width``: the windowed sinc at each output phase."""
    base = min(orig, new) * rolloff
    width = math.ceil(width_zeros * orig / base)
    idx = np.arange(-width, width + orig, dtype=np.float64) / orig
    t = (np.arange(0, -new, -1, dtype=np.float64)[:, None] / new + idx[None, :]) * base
    t = np.clip(t, -width_zeros, width_zeros)
    if method == ResampleMethod.SINC_INTERPOLATION:
        window = np.cos(t * math.pi / width_zeros / 2) ** 2
    else:
        beta = 14.769656459379492 if beta is None else beta
        window = np.i0(beta * np.sqrt(1 - (t / width_zeros) ** 2)) / np.i0(beta)
    t = t * math.pi
    with np.errstate(invalid="ignore", divide="ignore"):
        sinc = np.where(t == 0, 1.0, np.sin(t) / t)
    return sinc * window * (base / orig), width


class Resample(TensorOperation):
    """Resample(orig_freq=16000, new_freq=16000,
    resample_method=ResampleMethod.SINC_INTERPOLATION, lowpass_filter_width=6, rolloff=0.99,
    beta=None): changes a waveform's sampling rate by band-limited interpolation: a sinc
    low-pass at ``rolloff`` times the lower Nyquist rate, windowed by a Hann
    (``SINC_INTERPOLATION``) or Kaiser (``KAISER_WINDOW``) window over
    ``lowpass_filter_width`` zero crossings.

    Args:
        orig_freq (float): the waveform's rate, > 0. Default: ``16000``.
        new_freq (float): the rate wanted, > 0. Default: ``16000``.
        resample_method (ResampleMethod): the window. Default:
            ``ResampleMethod.SINC_INTERPOLATION``.
        lowpass_filter_width (int): the zero crossings on each side, > 0. Default: ``6``.
        rolloff (float): the cut-off as a fraction of the lower Nyquist rate, in (0, 1].
            Default: ``0.99``.
        beta (float, optional): the Kaiser window's shape; None is 14.769656459379492.
            Default: ``None``.

    Returns:
        numpy.ndarray (..., ceil(time * new_freq / orig_freq)).

    Raises:
        TypeError: an argument of the wrong type.
        ValueError: an argument out of range.

    Examples:
        >>> import numpy as np
        >>> from mindcell.dataset import audio
        >>> audio.Resample(16000, 8000)(np.zeros((2, 100), np.float32)).shape
        (2, 50)
    """

    def __init__(self, orig_freq=16000, new_freq=16000,
                 resample_method=ResampleMethod.SINC_INTERPOLATION, lowpass_filter_width=6,
                 rolloff=0.99, beta=None):
        self.orig_freq = check_float("Resample", "orig_freq", orig_freq, 0.0, strict=True)
        self.new_freq = check_float("Resample", "new_freq", new_freq, 0.0, strict=True)
        self.resample_method = check_enum("Resample", "resample_method", resample_method,
                                          ResampleMethod)
        self.lowpass_filter_width = check_int("Resample", "lowpass_filter_width",
                                              lowpass_filter_width, 1)
        self.rolloff = check_float("Resample", "rolloff", rolloff, 0.0, strict=True)
        if self.rolloff > 1.0:
            raise ValueError("Resample: 'rolloff' must be in (0, 1], but got %s" % rolloff)
        self.beta = None if beta is None else check_float("Resample", "beta", beta, 0.0)

    def _apply(self, x):
        x = _float(np.asarray(x))
        if self.orig_freq == self.new_freq:
            return x.copy()
        gcd = math.gcd(int(self.orig_freq), int(self.new_freq))
        orig, new = int(self.orig_freq) // gcd, int(self.new_freq) // gcd
        kernel, width = _sinc_kernel(orig, new, self.lowpass_filter_width, self.rolloff,
                                     self.resample_method, self.beta)
        lead, length = x.shape[:-1], x.shape[-1]
        flat = x.reshape(-1, length).astype(np.float64)
        padded = np.pad(flat, ((0, 0), (width, width + orig)))
        frames = np.lib.stride_tricks.sliding_window_view(padded, kernel.shape[1],
                                                          axis=-1)[:, ::orig]
        out = (frames @ kernel.T).reshape(flat.shape[0], -1)  # frame-major, phases interleaved
        target = math.ceil(new * length / orig)
        return out[:, :target].reshape(lead + (-1,)).astype(x.dtype)
