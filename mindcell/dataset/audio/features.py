"""Frame statistics of ``mindcell.dataset.audio``: SlidingWindowCmn (cepstral mean and
variance normalisation over sliding windows, as Kaldi's apply-cmvn-sliding) and
DetectPitchFrequency (normalised cross-correlation pitch), with MindSpore 2.10's arguments,
checks and results (recorded with ms-oracle in tests/goldens/audio/golden/007_cmn_pitch.jsonl).
A check MindSpore makes when the transform runs (its C++ kernel) raises RuntimeError here too."""
import math

import numpy as np

from mindcell.dataset.transforms.transforms import TensorOperation
from mindcell.dataset.audio.transforms import _float
from mindcell.dataset.audio.utils import check_bool, check_float, check_int

__all__ = ["SlidingWindowCmn", "DetectPitchFrequency"]


def _cmn_windows(n_frames, cmn_window, min_cmn_window, center):
    """Each frame's window [start, end) of frames (Kaldi's sliding CMN rule), as two arrays."""
    t = np.arange(n_frames)
    if center:
        start = t - cmn_window // 2
        end = start + cmn_window
    else:
        start = t - cmn_window
        end = t + 1
    shift = np.minimum(start, 0)  # a window starting before frame 0 slides right
    start, end = start - shift, end - shift
    if not center:
        # an uncentred window looks ahead only to reach min_cmn_window frames
        end = np.where(end > t, np.maximum(t + 1, min_cmn_window), end)
    over = np.maximum(end - n_frames, 0)  # a window past the last frame slides left
    start, end = np.maximum(start - over, 0), end - over
    return start, end


class SlidingWindowCmn(TensorOperation):
    """SlidingWindowCmn(cmn_window=600, min_cmn_window=100, center=False, norm_vars=False):
    subtract from each frame of (..., time, freq) features the mean over a window of frames
    around it (and divide by the standard deviation with ``norm_vars``).

    Args:
        cmn_window (int): the window in frames, >= 0. Default: ``600``.
        min_cmn_window (int): an uncentred window's least size at the start (it looks ahead
            to reach it), >= 0. Default: ``100``.
        center (bool): centre the window on the frame (else it ends at the frame).
            Default: ``False``.
        norm_vars (bool): also divide by the window's standard deviation (a one-frame window
            gives 0). Default: ``False``.

    Returns:
        numpy.ndarray of float32 (float64 for a float64 input), the input's shape.

    Raises:
        TypeError: an argument has the wrong type.
        ValueError: a negative window.
        RuntimeError: the input has fewer than 2 dimensions.

    Examples:
        >>> import numpy as np
        >>> from mindcell.dataset import audio
        >>> feats = np.array([[1.0], [3.0], [5.0]], np.float32)
        >>> audio.SlidingWindowCmn(cmn_window=2, min_cmn_window=1)(feats).ravel()
        array([0., 1., 2.], dtype=float32)
    """

    def __init__(self, cmn_window=600, min_cmn_window=100, center=False, norm_vars=False):
        api = "SlidingWindowCmn"
        self.cmn_window = check_int(api, "cmn_window", cmn_window, 0)
        self.min_cmn_window = check_int(api, "min_cmn_window", min_cmn_window, 0)
        self.center = check_bool(api, "center", center)
        self.norm_vars = check_bool(api, "norm_vars", norm_vars)

    def _apply(self, x):
        x = _float(np.asarray(x))
        if x.ndim < 2:
            raise RuntimeError("SlidingWindowCmn: the input must be (..., time, freq), but got "
                               "shape %s" % (x.shape,))
        data = x.astype(np.float64)
        start, end = _cmn_windows(x.shape[-2], self.cmn_window, self.min_cmn_window,
                                  self.center)
        count = (end - start)[:, None]

        def window_sums(values):
            cum = np.concatenate([np.zeros(values.shape[:-2] + (1, values.shape[-1])),
                                  np.cumsum(values, axis=-2)], axis=-2)
            return cum[..., end, :] - cum[..., start, :]

        total = window_sums(data)
        with np.errstate(invalid="ignore", divide="ignore"):
            out = data - total / count
            if self.norm_vars:
                variance = window_sums(data * data) / count - (total / count) ** 2
                out = np.where(count == 1, 0.0, out * np.power(variance, -0.5))
        # an empty window (cmn_window 0 at a sequence's ends) subtracts nothing
        out = np.where(count == 0, 0.0 if self.norm_vars else data, out)
        return out.astype(x.dtype)


class DetectPitchFrequency(TensorOperation):
    """DetectPitchFrequency(sample_rate, frame_time=0.01, win_length=30, freq_low=85,
    freq_high=3400): the pitch of each frame of a waveform, from the lag that maximises the
    normalised cross-correlation (a lag in the first half of the range is preferred when within
    1% of the best), median-smoothed over ``win_length`` frames.

    Args:
        sample_rate (int): the waveform's sample rate (Hz), not 0.
        frame_time (float): the frame duration in seconds, > 0. Default: ``0.01``.
        win_length (int): the median filter's width in frames, > 0 (at most the number of
            frames). Default: ``30``.
        freq_low (float): the lowest pitch searched (Hz), > 0. Default: ``85``.
        freq_high (float): the highest pitch searched (Hz), > 0. Default: ``3400``.

    Returns:
        numpy.ndarray of float32 (float64 for a float64 input), shape
        (..., frames - (win_length - 1) + (win_length - 1) // 2), in Hz.

    Raises:
        TypeError: an argument has the wrong type.
        ValueError: an argument is out of range.
        RuntimeError: ``win_length`` exceeds the number of frames, or the input is 0-D.

    Examples:
        >>> import numpy as np
        >>> from mindcell.dataset import audio
        >>> wave = np.sin(2 * np.pi * 200 * np.arange(800) / 8000).astype(np.float32)
        >>> audio.DetectPitchFrequency(8000, win_length=3)(wave)[:3]
        array([200., 200., 200.], dtype=float32)
    """

    def __init__(self, sample_rate, frame_time=0.01, win_length=30, freq_low=85,
                 freq_high=3400):
        api = "DetectPitchFrequency"
        self.sample_rate = check_int(api, "sample_rate", sample_rate)
        if self.sample_rate == 0:
            raise ValueError("%s: 'sample_rate' must not be 0" % api)
        self.frame_time = check_float(api, "frame_time", frame_time, 0.0, strict=True)
        self.win_length = check_int(api, "win_length", win_length, 1)
        self.freq_low = check_float(api, "freq_low", freq_low, 0.0, strict=True)
        self.freq_high = check_float(api, "freq_high", freq_high, 0.0, strict=True)

    def _apply(self, x):
        api = "DetectPitchFrequency"
        x = _float(np.asarray(x))
        if x.ndim == 0:
            raise RuntimeError("%s: the waveform must be at least 1-D, but got a 0-D value" % api)
        lead, length = x.shape[:-1], x.shape[-1]
        wave = x.reshape(-1, length).astype(np.float64)
        eps = 1e-9
        lags = int(math.ceil(self.sample_rate / self.freq_low))
        frame = int(math.ceil(self.sample_rate * self.frame_time))
        n_frames = int(math.ceil(length / frame))
        wave = np.pad(wave, ((0, 0), (0, lags + n_frames * frame - length)))
        # the frames of the signal and of the signal advanced by each lag: (rows, frames, frame)
        starts = np.arange(n_frames) * frame
        base = wave[:, starts[:, None] + np.arange(frame)]
        norm_base = (eps + np.sqrt(np.sum(base * base, axis=-1))) ** 2
        nccf = np.empty((wave.shape[0], n_frames, lags))
        for lag in range(1, lags + 1):  # one vectorised step per lag
            shifted = wave[:, lag + starts[:, None] + np.arange(frame)]
            nccf[..., lag - 1] = (np.sum(base * shifted, axis=-1) / norm_base
                                  / (eps + np.sqrt(np.sum(shifted * shifted, axis=-1))) ** 2)
        lag_min = int(math.ceil(self.sample_rate / self.freq_high))
        best_i = np.argmax(nccf[..., lag_min:], axis=-1)
        best_v = np.take_along_axis(nccf[..., lag_min:], best_i[..., None], -1)[..., 0]
        half = nccf[..., lag_min:lags // 2]
        if half.shape[-1]:
            half_i = np.argmax(half, axis=-1)
            half_v = np.take_along_axis(half, half_i[..., None], -1)[..., 0]
            best_i = np.where(half_v > 0.99 * best_v, half_i, best_i)
        index = best_i + lag_min + 1
        if self.win_length > n_frames:
            raise RuntimeError("%s: 'win_length' %d is larger than the number of frames %d"
                               % (api, self.win_length, n_frames))
        pad = (self.win_length - 1) // 2
        index = np.concatenate([np.repeat(index[:, :1], pad, axis=1), index], axis=1)
        rolled = np.lib.stride_tricks.sliding_window_view(index, self.win_length, axis=-1)
        # the lower median, as MindSpore
        median = np.sort(rolled, axis=-1)[..., (self.win_length - 1) // 2]
        freq = self.sample_rate / (eps + median.astype(np.float64))
        return freq.reshape(lead + (freq.shape[-1],)).astype(x.dtype)
