"""``mindcell.dataset.audio.utils``: the enums the audio transforms take (``WindowType``,
``BorderType``, ``NormType`` ...) and the filter-bank builders ``create_dct``,
``melscale_fbanks`` and ``linear_fbanks`` (float32 numpy arrays, as MindSpore's)."""
import math
import numbers
from enum import Enum

import numpy as np

__all__ = ["BorderType", "DensityFunction", "FadeShape", "GainType", "Interpolation", "MelType",
           "Modulation", "NormMode", "NormType", "ResampleMethod", "ScaleType", "WindowType",
           "create_dct", "linear_fbanks", "melscale_fbanks"]


class BorderType(str, Enum):
    """How a signal is padded at its ends: ``CONSTANT`` (zeros), ``EDGE`` (the end value
    repeated), ``REFLECT`` (mirrored without the end value), ``SYMMETRIC`` (mirrored with it)."""
    CONSTANT = "constant"
    EDGE = "edge"
    REFLECT = "reflect"
    SYMMETRIC = "symmetric"


class DensityFunction(str, Enum):
    """Dither noise: triangular (``TPDF``), rectangular (``RPDF``) or Gaussian (``GPDF``)."""
    TPDF = "TPDF"
    RPDF = "RPDF"
    GPDF = "GPDF"


class FadeShape(str, Enum):
    """The shape of a fade in or out."""
    QUARTER_SINE = "quarter_sine"
    HALF_SINE = "half_sine"
    LINEAR = "linear"
    LOGARITHMIC = "logarithmic"
    EXPONENTIAL = "exponential"


class GainType(str, Enum):
    """How a volume gain is given: an amplitude ratio, a power ratio or decibels."""
    AMPLITUDE = "amplitude"
    POWER = "power"
    DB = "db"


class Interpolation(str, Enum):
    """Interpolation of a modulated delay: linear or quadratic."""
    LINEAR = "linear"
    QUADRATIC = "quadratic"


class MelType(str, Enum):
    """The mel scale: ``HTK`` (2595 * log10(1 + f / 700)) or ``SLANEY`` (linear below 1 kHz,
    logarithmic above)."""
    HTK = "htk"
    SLANEY = "slaney"


class Modulation(str, Enum):
    """The modulation of a flanger or phaser: sinusoidal or triangular."""
    SINUSOIDAL = "sinusoidal"
    TRIANGULAR = "triangular"


class NormMode(str, Enum):
    """DCT normalisation: ``ORTHO`` (an orthonormal basis) or ``NONE``."""
    ORTHO = "ortho"
    NONE = "none"


class NormType(str, Enum):
    """Mel filter normalisation: ``SLANEY`` (each filter divided by its width, constant
    energy per channel) or ``NONE``."""
    SLANEY = "slaney"
    NONE = "none"


class ResampleMethod(str, Enum):
    """The resampling kernel: windowed sinc or Kaiser window."""
    SINC_INTERPOLATION = "sinc_interpolation"
    KAISER_WINDOW = "kaiser_window"


class ScaleType(str, Enum):
    """What a spectrogram holds: ``POWER`` (squared magnitudes) or ``MAGNITUDE``."""
    POWER = "power"
    MAGNITUDE = "magnitude"


class WindowType(str, Enum):
    """The window applied to each STFT frame."""
    BARTLETT = "bartlett"
    BLACKMAN = "blackman"
    HAMMING = "hamming"
    HANN = "hann"
    KAISER = "kaiser"


def check_int(api, name, value, low=None):
    if isinstance(value, bool) or not isinstance(value, numbers.Integral):
        raise TypeError("%s: '%s' must be an int, but got %s"
                        % (api, name, type(value).__name__))
    if low is not None and value < low:
        raise ValueError("%s: '%s' must be at least %d, but got %d" % (api, name, low, value))
    return int(value)


def check_float(api, name, value, low=None, strict=False):
    if isinstance(value, bool) or not isinstance(value, numbers.Real):
        raise TypeError("%s: '%s' must be a float, but got %s"
                        % (api, name, type(value).__name__))
    if low is not None and (value <= low if strict else value < low):
        raise ValueError("%s: '%s' must be %s %s, but got %s"
                         % (api, name, "greater than" if strict else "at least", low, value))
    return float(value)


def check_bool(api, name, value):
    if not isinstance(value, bool):
        raise TypeError("%s: '%s' must be a bool, but got %s" % (api, name, type(value).__name__))
    return value

def check_enum(api, name, value, enum):
    if not isinstance(value, enum):
        raise TypeError("%s: '%s' must be a %s, but got %r" % (api, name, enum.__name__, value))
    return value


def create_dct(n_mfcc, n_mels, norm=NormMode.NONE):
    """The DCT-II matrix that turns ``n_mels`` log-mel energies into ``n_mfcc`` cepstral
    coefficients (multiply a row vector of mels on the right).

    Args:
        n_mfcc (int): the number of coefficients kept, > 0.
        n_mels (int): the number of mel bands, > 0.
        norm (NormMode): ``NormMode.NONE`` (the unscaled basis, 2 * cos terms) or
            ``NormMode.ORTHO`` (orthonormal). Default: ``NormMode.NONE``.

    Returns:
        numpy.ndarray of float32, shape (n_mels, n_mfcc).

    Raises:
        TypeError: ``n_mfcc``/``n_mels`` is not an int, or ``norm`` not a NormMode.
        ValueError: ``n_mfcc`` or ``n_mels`` is not positive.

    Examples:
        >>> from mindcell.dataset.audio import utils
        >>> utils.create_dct(2, 3, utils.NormMode.ORTHO).round(4)
        array([[ 0.5774,  0.7071],
               [ 0.5774,  0.    ],
               [ 0.5774, -0.7071]], dtype=float32)
    """
    n_mfcc = check_int("create_dct", "n_mfcc", n_mfcc, 1)
    n_mels = check_int("create_dct", "n_mels", n_mels, 1)
    check_enum("create_dct", "norm", norm, NormMode)
    n = np.arange(n_mels, dtype=np.float64)[:, None]
    k = np.arange(n_mfcc, dtype=np.float64)[None, :]
    basis = np.cos(math.pi / n_mels * (n + 0.5) * k)
    if norm == NormMode.NONE:
        basis *= 2.0
    else:
        basis[:, 0] *= 1.0 / math.sqrt(2.0)
        basis *= math.sqrt(2.0 / n_mels)
    return basis.astype(np.float32)


def _hz_to_mel(freq, mel_type):
    if mel_type == MelType.HTK:
        return 2595.0 * np.log10(1.0 + np.asarray(freq, np.float64) / 700.0)
    freq = np.asarray(freq, np.float64)
    step = 200.0 / 3  # Hz per mel on the linear part (below 1 kHz)
    log_step = math.log(6.4) / 27.0
    linear = freq / step
    logarithmic = 1000.0 / step + np.log(np.maximum(freq, 1e-10) / 1000.0) / log_step
    return np.where(freq >= 1000.0, logarithmic, linear)


def _mel_to_hz(mel, mel_type):
    mel = np.asarray(mel, np.float64)
    if mel_type == MelType.HTK:
        return 700.0 * (10.0 ** (mel / 2595.0) - 1.0)
    step = 200.0 / 3
    log_step = math.log(6.4) / 27.0
    knee = 1000.0 / step
    return np.where(mel >= knee, 1000.0 * np.exp(log_step * (mel - knee)), step * mel)


def _triangles(all_freqs, f_pts):
    """(n_freqs, n_filter) triangular filters whose corners are consecutive ``f_pts``."""
    widths = np.diff(f_pts)
    offsets = f_pts[None, :] - all_freqs[:, None]
    rising = -offsets[:, :-2] / widths[:-1]
    falling = offsets[:, 2:] / widths[1:]
    return np.maximum(0.0, np.minimum(rising, falling)) + 0.0  # no negative zeros


def _check_bank_args(api, n_freqs, f_min, f_max, n_filters, sample_rate, filters_name):
    n_freqs = check_int(api, "n_freqs", n_freqs, 1)
    f_min = check_float(api, "f_min", f_min)
    f_max = check_float(api, "f_max", f_max)
    n_filters = check_int(api, filters_name, n_filters, 1)
    sample_rate = check_int(api, "sample_rate", sample_rate, 1)
    if f_min > f_max:
        raise ValueError("%s: 'f_max' must be at least 'f_min' (%s), but got %s"
                         % (api, f_min, f_max))
    return n_freqs, f_min, f_max, n_filters, sample_rate


def melscale_fbanks(n_freqs, f_min, f_max, n_mels, sample_rate, norm=NormType.NONE,
                    mel_type=MelType.HTK):
    """The triangular mel filter bank that maps an STFT's ``n_freqs`` frequency bins to
    ``n_mels`` bands (multiply a spectrogram frame on the right).

    Args:
        n_freqs (int): the number of frequency bins, from 0 to ``sample_rate // 2``.
        f_min (float): the lowest frequency (Hz).
        f_max (float): the highest frequency (Hz).
        n_mels (int): the number of mel bands, > 0.
        sample_rate (int): the sample rate of the signal (Hz).
        norm (NormType): ``NormType.SLANEY`` divides each filter by its width. Default:
            ``NormType.NONE``.
        mel_type (MelType): the mel scale. Default: ``MelType.HTK``.

    Returns:
        numpy.ndarray of float32, shape (n_freqs, n_mels).

    Raises:
        TypeError: an argument has the wrong type.
        ValueError: a count is not positive or ``f_max < f_min``.

    Examples:
        >>> from mindcell.dataset.audio import utils
        >>> utils.melscale_fbanks(5, 0.0, 800.0, 2, 1600).round(3)
        array([[0.   , 0.   ],
               [0.988, 0.   ],
               [0.243, 0.757],
               [0.   , 0.594],
               [0.   , 0.   ]], dtype=float32)
    """
    n_freqs, f_min, f_max, n_mels, sample_rate = _check_bank_args(
        "melscale_fbanks", n_freqs, f_min, f_max, n_mels, sample_rate, "n_mels")
    check_enum("melscale_fbanks", "norm", norm, NormType)
    check_enum("melscale_fbanks", "mel_type", mel_type, MelType)
    all_freqs = np.linspace(0, sample_rate // 2, n_freqs)
    mels = np.linspace(_hz_to_mel(f_min, mel_type), _hz_to_mel(f_max, mel_type), n_mels + 2)
    f_pts = _mel_to_hz(mels, mel_type)
    bank = _triangles(all_freqs, f_pts)
    if norm == NormType.SLANEY:
        bank *= (2.0 / (f_pts[2:n_mels + 2] - f_pts[:n_mels]))[None, :]
    return bank.astype(np.float32)


def linear_fbanks(n_freqs, f_min, f_max, n_filter, sample_rate):
    """Triangular filters spaced evenly in frequency (the filter bank of LFCC).

    Args:
        n_freqs (int): the number of frequency bins, from 0 to ``sample_rate // 2``.
        f_min (float): the lowest frequency (Hz).
        f_max (float): the highest frequency (Hz).
        n_filter (int): the number of filters, > 0.
        sample_rate (int): the sample rate of the signal (Hz).

    Returns:
        numpy.ndarray of float32, shape (n_freqs, n_filter).

    Raises:
        TypeError: an argument has the wrong type.
        ValueError: a count is not positive or ``f_max < f_min``.

    Examples:
        >>> from mindcell.dataset.audio import utils
        >>> utils.linear_fbanks(5, 0.0, 800.0, 3, 1600)[1:4]
        array([[1., 0., 0.],
               [0., 1., 0.],
               [0., 0., 1.]], dtype=float32)
    """
    n_freqs, f_min, f_max, n_filter, sample_rate = _check_bank_args(
        "linear_fbanks", n_freqs, f_min, f_max, n_filter, sample_rate, "n_filter")
    all_freqs = np.linspace(0, sample_rate // 2, n_freqs)
    f_pts = np.linspace(f_min, f_max, n_filter + 2)
    return _triangles(all_freqs, f_pts).astype(np.float32)
