"""Cepstral coefficients of ``mindcell.dataset.audio``: MFCC (mel-frequency) and LFCC
(linear-frequency), as MindSpore 2.10 computes them (recorded with ms-oracle in
tests/goldens/audio/004): the filter-bank energies in decibels (``AmplitudeToDB``, top_db 80)
or as ``log(x + 1e-6)``, times the DCT-II matrix of :func:`~mindcell.dataset.audio.create_dct`.
Missing entries of ``melkwargs``/``speckwargs`` take their defaults (MindSpore raises KeyError
for a partial dict)."""
import numpy as np

from mindcell.dataset.transforms.transforms import TensorOperation
from mindcell.dataset.audio.transforms import AmplitudeToDB, MelSpectrogram, Spectrogram, _float
from mindcell.dataset.audio.utils import (BorderType, MelType, NormMode, NormType, ScaleType,
                                          WindowType, check_enum, check_float, check_int,
                                          create_dct, linear_fbanks)

__all__ = ["MFCC", "LFCC"]

_SPEC_KEYS = ("n_fft", "win_length", "hop_length", "pad", "window", "power", "normalized",
              "center", "pad_mode", "onesided")
_MEL_KEYS = _SPEC_KEYS + ("f_min", "f_max", "n_mels", "norm", "mel_scale")


def _spectrogram_kwargs(api, name, given, sample_rate, keys):
    """The spectrogram (and mel) keyword arguments with MindSpore's defaults filled in."""
    if given is not None and not isinstance(given, dict):
        raise TypeError("%s: '%s' must be a dict, but got %s" % (api, name, type(given).__name__))
    kwargs = dict(given or {})
    unknown = sorted(set(kwargs) - set(keys))
    if unknown:
        raise ValueError("%s: '%s' has unknown keys %s; its keys are %s"
                         % (api, name, unknown, list(keys)))
    kwargs.setdefault("n_fft", 400)
    kwargs.setdefault("win_length", kwargs["n_fft"])
    kwargs.setdefault("hop_length", kwargs["win_length"] // 2)
    for key, value in (("pad", 0), ("window", WindowType.HANN), ("power", 2.0),
                       ("normalized", False), ("center", True),
                       ("pad_mode", BorderType.REFLECT), ("onesided", True)):
        kwargs.setdefault(key, value)
    if "n_mels" in keys:
        for key, value in (("f_min", 0.0), ("f_max", sample_rate // 2), ("n_mels", 128),
                           ("norm", NormType.NONE), ("mel_scale", MelType.HTK)):
            kwargs.setdefault(key, value)
    return kwargs


def _check_dct(api, dct_type, norm, log_flag, log_name):
    if check_int(api, "dct_type", dct_type) != 2:
        raise ValueError("%s: 'dct_type' must be 2 (DCT-II, the only one supported), but got %d"
                         % (api, dct_type))
    check_enum(api, "norm", norm, NormMode)
    if not isinstance(log_flag, bool):
        raise TypeError("%s: '%s' must be a bool, but got %s"
                        % (api, log_name, type(log_flag).__name__))


def _cepstrum(energies, log_flag, dct, dtype):
    """(..., bands, time) energies -> (..., coefficients, time) cepstra."""
    if log_flag:
        scaled = np.log(energies.astype(np.float64) + 1e-6)
    else:
        scaled = AmplitudeToDB(ScaleType.POWER, 1.0, 1e-10, 80.0)._apply(energies)
    return np.swapaxes(np.swapaxes(scaled, -1, -2) @ dct.astype(np.float64), -1, -2).astype(dtype)


class MFCC(TensorOperation):
    """MFCC(sample_rate=16000, n_mfcc=40, dct_type=2, norm=NormMode.ORTHO, log_mels=False,
    melkwargs=None): the mel-frequency cepstral coefficients of a waveform: its
    :class:`MelSpectrogram` (``melkwargs``) in decibels (or ``log(x + 1e-6)`` with
    ``log_mels``), times the DCT-II matrix.

    Args:
        sample_rate (int): the waveform's rate. Default: ``16000``.
        n_mfcc (int): the coefficients kept, at most ``n_mels``. Default: ``40``.
        dct_type (int): 2 (DCT-II). Default: ``2``.
        norm (NormMode): the DCT's normalisation. Default: ``NormMode.ORTHO``.
        log_mels (bool): log energies instead of decibels. Default: ``False``.
        melkwargs (dict, optional): :class:`MelSpectrogram`'s arguments (n_fft, win_length,
            hop_length, f_min, f_max, pad, n_mels, window, power, normalized, center,
            pad_mode, onesided, norm, mel_scale); missing ones take MelSpectrogram's defaults
            (n_fft 400, n_mels 128, f_max ``sample_rate // 2``). Default: ``None``.

    Returns:
        numpy.ndarray (..., n_mfcc, time).

    Raises:
        TypeError: an argument of the wrong type.
        ValueError: ``dct_type`` is not 2, ``n_mfcc`` exceeds ``n_mels``, or another value is
            out of range.

    Examples:
        >>> import numpy as np
        >>> from mindcell.dataset import audio
        >>> wave = np.sin(np.arange(200, dtype=np.float32) * 0.3)
        >>> audio.MFCC(1600, 6, melkwargs={"n_fft": 32, "n_mels": 10})(wave).shape
        (6, 13)
    """

    def __init__(self, sample_rate=16000, n_mfcc=40, dct_type=2, norm=NormMode.ORTHO,
                 log_mels=False, melkwargs=None):
        self.sample_rate = check_int("MFCC", "sample_rate", sample_rate, 0)
        self.n_mfcc = check_int("MFCC", "n_mfcc", n_mfcc, 1)
        _check_dct("MFCC", dct_type, norm, log_mels, "log_mels")
        self.dct_type, self.norm, self.log_mels = dct_type, norm, log_mels
        self.melkwargs = _spectrogram_kwargs("MFCC", "melkwargs", melkwargs, sample_rate,
                                             _MEL_KEYS)
        if self.n_mfcc > self.melkwargs["n_mels"]:
            raise ValueError("MFCC: 'n_mfcc' (%d) must not exceed n_mels (%d)"
                             % (self.n_mfcc, self.melkwargs["n_mels"]))
        self._mel = MelSpectrogram(sample_rate=sample_rate, **self.melkwargs)
        self._dct = create_dct(self.n_mfcc, self.melkwargs["n_mels"], norm)

    def _apply(self, x):
        dtype = _float(np.asarray(x)).dtype
        return _cepstrum(self._mel._apply(x), self.log_mels, self._dct, dtype)


class LFCC(TensorOperation):
    """LFCC(sample_rate=16000, n_filter=128, n_lfcc=40, f_min=0.0, f_max=None, dct_type=2,
    norm=NormMode.ORTHO, log_lf=False, speckwargs=None): the linear-frequency cepstral
    coefficients of a waveform: its :class:`Spectrogram` (``speckwargs``) through
    ``n_filter`` triangular filters evenly spaced in [f_min, f_max], in decibels (or
    ``log(x + 1e-6)`` with ``log_lf``), times the DCT-II matrix.

    Args:
        sample_rate (int): the waveform's rate. Default: ``16000``.
        n_filter (int): the number of linear filters. Default: ``128``.
        n_lfcc (int): the coefficients kept, at most ``n_filter``. Default: ``40``.
        f_min (float): the lowest filter frequency, Hz. Default: ``0.0``.
        f_max (float, optional): the highest; None is ``sample_rate // 2``. Default: ``None``.
        dct_type (int): 2 (DCT-II). Default: ``2``.
        norm (NormMode): the DCT's normalisation. Default: ``NormMode.ORTHO``.
        log_lf (bool): log energies instead of decibels. Default: ``False``.
        speckwargs (dict, optional): :class:`Spectrogram`'s arguments; missing ones take its
            defaults (n_fft 400). Default: ``None``.

    Returns:
        numpy.ndarray (..., n_lfcc, time).

    Raises:
        TypeError: an argument of the wrong type, or ``n_lfcc`` exceeds ``n_filter`` (as
            MindSpore).
        ValueError: ``dct_type`` is not 2, ``f_max < f_min``, or another value out of range.

    Examples:
        >>> import numpy as np
        >>> from mindcell.dataset import audio
        >>> wave = np.sin(np.arange(200, dtype=np.float32) * 0.3)
        >>> audio.LFCC(1600, 12, 6, speckwargs={"n_fft": 32})(wave).shape
        (6, 13)
    """

    def __init__(self, sample_rate=16000, n_filter=128, n_lfcc=40, f_min=0.0, f_max=None,
                 dct_type=2, norm=NormMode.ORTHO, log_lf=False, speckwargs=None):
        self.sample_rate = check_int("LFCC", "sample_rate", sample_rate, 0)
        self.n_filter = check_int("LFCC", "n_filter", n_filter, 1)
        self.n_lfcc = check_int("LFCC", "n_lfcc", n_lfcc, 1)
        if self.n_lfcc > self.n_filter:  # MindSpore 2.10 raises TypeError here
            raise TypeError("LFCC: 'n_lfcc' (%d) must not exceed n_filter (%d)"
                            % (self.n_lfcc, self.n_filter))
        self.f_min = check_float("LFCC", "f_min", f_min)
        self.f_max = (sample_rate // 2 if f_max is None
                      else check_float("LFCC", "f_max", f_max))
        if self.f_max < self.f_min:
            raise ValueError("LFCC: 'f_max' (%s) must not be below f_min (%s)"
                             % (self.f_max, self.f_min))
        _check_dct("LFCC", dct_type, norm, log_lf, "log_lf")
        self.dct_type, self.norm, self.log_lf = dct_type, norm, log_lf
        self.speckwargs = _spectrogram_kwargs("LFCC", "speckwargs", speckwargs, sample_rate,
                                              _SPEC_KEYS)
        self._spectrogram = Spectrogram(**self.speckwargs)
        self._bank = linear_fbanks(self.speckwargs["n_fft"] // 2 + 1, self.f_min, self.f_max,
                                   self.n_filter, self.sample_rate)
        self._dct = create_dct(self.n_lfcc, self.n_filter, norm)

    def _apply(self, x):
        dtype = _float(np.asarray(x)).dtype
        spec = self._spectrogram._apply(x).astype(np.float64)  # (..., freq, time)
        energies = np.swapaxes(np.swapaxes(spec, -1, -2) @ self._bank.astype(np.float64), -1, -2)
        return _cepstrum(energies, self.log_lf, self._dct, dtype)
