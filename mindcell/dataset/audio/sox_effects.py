"""sox-style effects of ``mindcell.dataset.audio``: Flanger and Phaser (modulated delay lines)
and Dither (16-bit quantisation with dither noise), with MindSpore 2.10's arguments, checks and
results (recorded with ms-oracle in tests/goldens/audio/golden/008_flanger_phaser_random.jsonl).
The delay lines feed their own output back, so they step through time in Python, vectorised
over channels (one numpy step per sample; the signals of a dataset row are short)."""
import math

import numpy as np

from mindcell.dataset.transforms.transforms import TensorOperation
from mindcell.dataset.audio.transforms import _float
from mindcell.dataset.audio.utils import (DensityFunction, Interpolation, Modulation,
                                          check_bool, check_enum, check_float, check_int)

__all__ = ["Flanger", "Phaser", "Dither", "Vad"]


def _in_range(api, name, value, low, high):
    value = check_float(api, name, value)
    if not low <= value <= high:
        raise ValueError("%s: '%s' must be in [%s, %s], but got %s" % (api, name, low, high, value))
    return value


def _rate(api, sample_rate):
    sample_rate = check_int(api, "sample_rate", sample_rate)
    if sample_rate == 0:
        raise ValueError("%s: 'sample_rate' must not be 0" % api)
    return sample_rate


def _wave_table(sine, size, low, high, phase, as_int):
    """sox's modulation table: one period of a sine or triangle over ``size`` points, starting
    at ``phase`` radians, scaled to [low, high] (rounded half away from zero for ``as_int``)."""
    offset = int(phase / math.pi / 2 * size + 0.5)
    point = (np.arange(size) + offset) % size
    if sine:
        d = (np.sin(point.astype(np.float64) / size * 2 * math.pi) + 1) / 2
    else:
        d = point.astype(np.float64) * 2 / size
        quarter = (4 * point) // size
        d = np.select([quarter == 0, quarter == 1, quarter == 2, quarter == 3],
                      [d + 0.5, 1.5 - d, 1.5 - d, d - 1.5], d)
    d = d * (high - low) + low
    if as_int:
        return np.trunc(np.where(d >= 0, d + 0.5, d - 0.5)).astype(np.int64)
    return d.astype(np.float32)


class Flanger(TensorOperation):
    """Flanger(sample_rate, delay=0.0, depth=2.0, regen=0.0, width=71.0, speed=0.5, phase=25.0,
    modulation=Modulation.SINUSOIDAL, interpolation=Interpolation.LINEAR): sox's flanger: each
    channel mixed with a copy of itself delayed by a low-frequency-oscillating amount, with
    feedback; the result is clipped to [-1, 1].

    Args:
        sample_rate (int): the sample rate (Hz), not 0.
        delay (float): the base delay in ms, in [0, 30]. Default: ``0.0``.
        depth (float): the added swept delay in ms, in [0, 10]. Default: ``2.0``.
        regen (float): the feedback in percent, in [-95, 95]. Default: ``0.0``.
        width (float): the delayed signal's share in percent, in [0, 100]. Default: ``71.0``.
        speed (float): the sweeps per second (Hz), in [0.1, 10]. Default: ``0.5``.
        phase (float): the sweep's phase shift between channels in percent, in [0, 100].
            Default: ``25.0``.
        modulation (Modulation): the sweep's shape. Default: ``Modulation.SINUSOIDAL``.
        interpolation (Interpolation): between delay-line samples. Default:
            ``Interpolation.LINEAR``.

    Returns:
        numpy.ndarray of float32 (float64 for a float64 input), the input's shape
        (..., channel, time), at least 2-D.

    Raises:
        TypeError: an argument has the wrong type.
        ValueError: an argument is out of range.
        RuntimeError: the input has fewer than 2 dimensions.

    Examples:
        >>> import numpy as np
        >>> from mindcell.dataset import audio
        >>> wave = np.sin(np.arange(200, dtype=np.float32) * 0.3)[None]
        >>> audio.Flanger(1000)(wave).shape
        (1, 200)
    """

    def __init__(self, sample_rate, delay=0.0, depth=2.0, regen=0.0, width=71.0, speed=0.5,
                 phase=25.0, modulation=Modulation.SINUSOIDAL,
                 interpolation=Interpolation.LINEAR):
        api = "Flanger"
        self.sample_rate = _rate(api, sample_rate)
        self.delay = _in_range(api, "delay", delay, 0, 30)
        self.depth = _in_range(api, "depth", depth, 0, 10)
        self.regen = _in_range(api, "regen", regen, -95, 95)
        self.width = _in_range(api, "width", width, 0, 100)
        self.speed = _in_range(api, "speed", speed, 0.1, 10)
        self.phase = _in_range(api, "phase", phase, 0, 100)
        self.modulation = check_enum(api, "modulation", modulation, Modulation)
        self.interpolation = check_enum(api, "interpolation", interpolation, Interpolation)

    def _apply(self, x):
        x = _float(np.asarray(x))
        if x.ndim < 2:
            raise RuntimeError("Flanger: the input must be (..., channel, time), but got shape "
                               "%s" % (x.shape,))
        shape = x.shape
        wave = x.reshape((-1,) + shape[-2:]).astype(np.float64)
        feedback = self.regen / 100
        delay_gain = self.width / 100
        in_gain = 1.0 / (1 + delay_gain)
        delay_gain = delay_gain / (1 + delay_gain) * (1 - abs(feedback))
        delay_min, delay_depth = self.delay / 1000, self.depth / 1000
        buf_len = int((delay_min + delay_depth) * self.sample_rate + 0.5) + 2
        lfo_len = int(self.sample_rate / self.speed)
        lfo = _wave_table(self.modulation == Modulation.SINUSOIDAL, lfo_len,
                          float(math.floor(delay_min * self.sample_rate + 0.5)),
                          buf_len - 2.0, 3 * math.pi / 2, False)
        n_channels = shape[-2]
        channels = np.arange(n_channels)
        channel_phase = (channels * lfo_len * (self.phase / 100) + 0.5).astype(np.int64)
        buffers = np.zeros((wave.shape[0], n_channels, buf_len))
        last = np.zeros((wave.shape[0], n_channels))
        out = np.empty_like(wave)
        pos = 0
        quadratic = self.interpolation == Interpolation.QUADRATIC
        for i in range(shape[-1]):  # a feedback loop: one channel-vectorised step per sample
            pos = (pos + buf_len - 1) % buf_len
            delay = lfo[(i % lfo_len + channel_phase) % lfo_len].astype(np.float64)
            frac = delay - np.floor(delay)
            step = np.floor(delay).astype(np.int64)
            buffers[:, :, pos] = wave[:, :, i] + last * feedback
            d0 = buffers[:, channels, (pos + step) % buf_len]
            d1 = buffers[:, channels, (pos + step + 1) % buf_len]
            if quadratic:
                d2 = buffers[:, channels, (pos + step + 2) % buf_len] - d0
                d1 = d1 - d0
                delayed = d0 + ((d2 * 0.5 - d1) * frac + (d1 * 2 - d2 * 0.5)) * frac
            else:
                delayed = d0 + (d1 - d0) * frac
            last = delayed
            out[:, :, i] = wave[:, :, i] * in_gain + delayed * delay_gain
        return np.clip(out, -1.0, 1.0).reshape(shape).astype(x.dtype)


class Phaser(TensorOperation):
    """Phaser(sample_rate, gain_in=0.4, gain_out=0.74, delay_ms=3.0, decay=0.4, mod_speed=0.5,
    sinusoidal=True): sox's phaser: the signal plus a decaying feedback delay line whose tap
    is swept by a low-frequency oscillator; the result is clipped to [-1, 1].

    Args:
        sample_rate (int): the sample rate (Hz).
        gain_in (float): the input gain, in [0, 1]. Default: ``0.4``.
        gain_out (float): the output gain, in [0, 1e9]. Default: ``0.74``.
        delay_ms (float): the delay in ms, in [0, 5]. Default: ``3.0``.
        decay (float): the feedback gain, in [0, 0.99]. Default: ``0.4``.
        mod_speed (float): the sweeps per second (Hz), in [0.1, 2]. Default: ``0.5``.
        sinusoidal (bool): a sine sweep (else a triangle). Default: ``True``.

    Returns:
        numpy.ndarray of float32 (float64 for a float64 input), the input's shape (..., time).

    Raises:
        TypeError: an argument has the wrong type.
        ValueError: an argument is out of range, or the delay line is empty.
        RuntimeError: the input is 0-D.

    Examples:
        >>> import numpy as np
        >>> from mindcell.dataset import audio
        >>> wave = np.sin(np.arange(200, dtype=np.float32) * 0.3)
        >>> audio.Phaser(1000)(wave).shape
        (200,)
    """

    def __init__(self, sample_rate, gain_in=0.4, gain_out=0.74, delay_ms=3.0, decay=0.4,
                 mod_speed=0.5, sinusoidal=True):
        api = "Phaser"
        self.sample_rate = check_int(api, "sample_rate", sample_rate)
        self.gain_in = _in_range(api, "gain_in", gain_in, 0, 1)
        self.gain_out = _in_range(api, "gain_out", gain_out, 0, 1e9)
        self.delay_ms = _in_range(api, "delay_ms", delay_ms, 0, 5.0)
        self.decay = _in_range(api, "decay", decay, 0, 0.99)
        self.mod_speed = _in_range(api, "mod_speed", mod_speed, 0.1, 2)
        self.sinusoidal = check_bool(api, "sinusoidal", sinusoidal)

    def _apply(self, x):
        api = "Phaser"
        x = _float(np.asarray(x))
        if x.ndim == 0:
            raise RuntimeError("%s: the waveform must be at least 1-D, but got a 0-D value" % api)
        shape = x.shape
        wave = x.reshape(-1, shape[-1]).astype(np.float64) * self.gain_in
        buf_len = int(self.delay_ms * 0.001 * self.sample_rate + 0.5)
        mod_len = int(self.sample_rate / self.mod_speed + 0.5)
        if buf_len <= 0 or mod_len <= 0:
            raise ValueError("%s: delay_ms %s at sample_rate %d leaves an empty delay line"
                             % (api, self.delay_ms, self.sample_rate))
        table = _wave_table(self.sinusoidal, mod_len, 1.0, float(buf_len), math.pi / 2, True)
        buffer = np.zeros((wave.shape[0], buf_len))
        out = np.empty_like(wave)
        pos = 0
        for i in range(shape[-1]):  # a feedback loop: one row-vectorised step per sample
            tap = int((pos + table[i % mod_len]) % buf_len)
            pos = (pos + 1) % buf_len
            value = wave[:, i] + buffer[:, tap]
            buffer[:, pos] = value * self.decay
            out[:, i] = value
        return np.clip(out * self.gain_out, -1.0, 1.0).reshape(shape).astype(x.dtype)


class Dither(TensorOperation):
    """Dither(density_function=DensityFunction.TPDF, noise_shaping=False): quantise a waveform
    in [-1, 1] to 16 bits after adding dither, as MindSpore 2.10: ``TPDF`` adds a triangular
    (Bartlett) ramp over the time axis (deterministic), ``RPDF`` one randomly chosen sample of
    the signal minus 0.5, ``GPDF`` the sum of seven randomly chosen samples (numpy's global
    generator); ``noise_shaping`` adds each sample's quantisation error to the next sample.

    Args:
        density_function (DensityFunction): the dither's density. Default:
            ``DensityFunction.TPDF``.
        noise_shaping (bool): add the previous sample's error. Default: ``False``.

    Returns:
        numpy.ndarray of float32 (float64 for a float64 input), the input's shape (..., time).

    Raises:
        TypeError: an argument has the wrong type.
        RuntimeError: the input is 0-D.

    Examples:
        >>> import numpy as np
        >>> from mindcell.dataset import audio
        >>> out = audio.Dither()(np.full((1, 4), 0.25, np.float32))
        >>> bool(np.abs(out - 0.25).max() < 1e-4)
        True
    """

    def __init__(self, density_function=DensityFunction.TPDF, noise_shaping=False):
        self.density_function = check_enum("Dither", "density_function", density_function,
                                           DensityFunction)
        self.noise_shaping = check_bool("Dither", "noise_shaping", noise_shaping)

    def _apply(self, x):
        x = _float(np.asarray(x))
        if x.ndim == 0:
            raise RuntimeError("Dither: the waveform must be at least 1-D, but got a 0-D value")
        shape = x.shape
        wave = x.reshape(-1, shape[-1]).astype(np.float64)
        last_row, last_time = wave.shape[0] - 1, wave.shape[1] - 1
        scaled = wave * (2 ** 15 - 2)

        def pick(rows, times):
            return wave[np.random.randint(rows) if rows > 0 else 0,
                        np.random.randint(times) if times > 0 else 0]

        if self.density_function == DensityFunction.RPDF:
            noisy = scaled + (pick(last_row, last_time) - 0.5)
        elif self.density_function == DensityFunction.GPDF:
            noise = pick(last_row, last_time)
            for _ in range(6):
                noise = noise + pick(last_row, last_time)
            noisy = scaled + noise
        else:
            n = last_time + 1  # a periodic Bartlett window over the time axis
            ramp = 1.0 - np.abs(2.0 * np.arange(n) / n - 1.0)
            noisy = scaled + ramp
        dithered = np.round(noisy) / 2 ** 15
        if self.noise_shaping:
            error = dithered - wave
            dithered = dithered + np.concatenate([np.zeros((wave.shape[0], 1)),
                                                  error[:, :-1]], axis=1)
        return dithered.reshape(shape).astype(x.dtype)


def _hann(length):
    """The periodic Hann window."""
    return 0.5 - 0.5 * np.cos(2.0 * math.pi * np.arange(length) / length)


class Vad(TensorOperation):
    """Vad(sample_rate, trigger_level=7.0, trigger_time=0.25, search_time=1.0, allowed_gap=0.25,
    pre_trigger_time=0.0, boot_time=0.35, noise_up_time=0.1, noise_down_time=0.01,
    noise_reduction_amount=1.35, measure_freq=20.0, measure_duration=None,
    measure_smooth_time=0.4, hp_filter_freq=50.0, lp_filter_freq=6000.0, hp_lifter_freq=150.0,
    lp_lifter_freq=2000.0): sox's voice activity detector, as MindSpore 2.10 runs it: trims
    the audio before the first activity. Every ``1 / measure_freq`` s sox measures the cepstral
    power of the band-limited, noise-reduced spectrum of the last ``measure_duration`` s; once
    the smoothed measure of any channel reaches ``trigger_level`` the waveform is cut, keeping
    up to ``search_time`` s (and ``pre_trigger_time`` s) before the trigger.

    MindSpore 2.10's kernel measures 0 for every frame (its cepstrum input is read before it
    is written) and never keeps less than the whole search buffer, so its result, reproduced
    here, is: the whole waveform when ``trigger_level`` <= 0; otherwise its last
    ``pre_trigger_time + search_time + measure_duration`` seconds (a waveform shorter than
    that keeps its last buffer - length samples, one shorter than half of it is kept whole).
    The detector with sox's measure is kept for tests (``Vad._sox_measure = True``).

    Args:
        sample_rate (int): the sample rate (Hz), > 0.
        trigger_level (float): the measure that triggers. Default: ``7.0``.
        trigger_time (float): the measure's smoothing time (s), >= 0. Default: ``0.25``.
        search_time (float): how far back to look for quieter activity (s), >= 0.
            Default: ``1.0``.
        allowed_gap (float): the longest gap between activity kept (s), >= 0.
            Default: ``0.25``.
        pre_trigger_time (float): extra audio kept before the activity (s), >= 0.
            Default: ``0.0``.
        boot_time (float): the time to estimate the noise (s), >= 0. Default: ``0.35``.
        noise_up_time (float): the noise estimate's rise time (s), >= noise_down_time.
            Default: ``0.1``.
        noise_down_time (float): the noise estimate's fall time (s), >= 0. Default: ``0.01``.
        noise_reduction_amount (float): the noise subtracted, >= 0. Default: ``1.35``.
        measure_freq (float): measures per second, > 0. Default: ``20.0``.
        measure_duration (float, optional): the measured span (s); None is
            ``2 / measure_freq``. Default: ``None``.
        measure_smooth_time (float): the spectrum's smoothing time (s), >= 0. Default: ``0.4``.
        hp_filter_freq (float): the band's low edge (Hz), > 0. Default: ``50.0``.
        lp_filter_freq (float): the band's high edge (Hz), > 0. Default: ``6000.0``.
        hp_lifter_freq (float): the cepstrum's low edge (Hz), > 0. Default: ``150.0``.
        lp_lifter_freq (float): the cepstrum's high edge (Hz), > 0. Default: ``2000.0``.

    Returns:
        numpy.ndarray of float32 (float64 for a float64 input), (..., time') with the leading
        silence removed.

    Raises:
        TypeError: an argument has the wrong type.
        ValueError: an argument is out of range.
        RuntimeError: the lifter band is empty, or the input is 0-D.

    Examples:
        >>> import numpy as np
        >>> from mindcell.dataset import audio
        >>> t = np.arange(8000)
        >>> wave = (np.sin(2 * np.pi * 220 * t / 4000) * (t > 4000)).astype(np.float32)
        >>> audio.Vad(4000)(wave).shape  # MindSpore 2.10: the last 1.1 s (the search buffer)
        (4400,)
    """

    _sox_measure = False  # True: sox's measures instead of MindSpore 2.10's zeros

    def __init__(self, sample_rate, trigger_level=7.0, trigger_time=0.25, search_time=1.0,
                 allowed_gap=0.25, pre_trigger_time=0.0, boot_time=0.35, noise_up_time=0.1,
                 noise_down_time=0.01, noise_reduction_amount=1.35, measure_freq=20.0,
                 measure_duration=None, measure_smooth_time=0.4, hp_filter_freq=50.0,
                 lp_filter_freq=6000.0, hp_lifter_freq=150.0, lp_lifter_freq=2000.0):
        api = "Vad"
        self.sample_rate = check_int(api, "sample_rate", sample_rate, 1)
        self.trigger_level = check_float(api, "trigger_level", trigger_level)
        for name, value in (("trigger_time", trigger_time), ("search_time", search_time),
                            ("allowed_gap", allowed_gap), ("pre_trigger_time", pre_trigger_time),
                            ("boot_time", boot_time), ("noise_up_time", noise_up_time),
                            ("noise_down_time", noise_down_time),
                            ("noise_reduction_amount", noise_reduction_amount),
                            ("measure_smooth_time", measure_smooth_time)):
            setattr(self, name, check_float(api, name, value, 0.0))
        if self.noise_up_time < self.noise_down_time:
            raise ValueError("%s: 'noise_up_time' must be at least noise_down_time (%s), but "
                             "got %s" % (api, self.noise_down_time, self.noise_up_time))
        self.measure_freq = check_float(api, "measure_freq", measure_freq, 0.0, strict=True)
        self.measure_duration = None if not measure_duration else check_float(
            api, "measure_duration", measure_duration, 0.0)
        for name, value in (("hp_filter_freq", hp_filter_freq),
                            ("lp_filter_freq", lp_filter_freq),
                            ("hp_lifter_freq", hp_lifter_freq),
                            ("lp_lifter_freq", lp_lifter_freq)):
            setattr(self, name, check_float(api, name, value, 0.0, strict=True))

    def _apply(self, x):
        api = "Vad"
        x = _float(np.asarray(x))
        if x.ndim == 0:
            raise RuntimeError("%s: the waveform must be at least 1-D, but got a 0-D value" % api)
        rate, freq = self.sample_rate, self.measure_freq
        duration = 2.0 / freq if self.measure_duration is None else self.measure_duration
        measure_len = int(rate * duration + 0.5)
        dft_len = 16
        while dft_len < measure_len:
            dft_len *= 2
        period = int(rate / freq + 0.5)
        measures_len = int(math.ceil(self.search_time * freq))
        gap_len = int(self.allowed_gap * freq + 0.5)
        samples_len = (int(self.pre_trigger_time * rate + 0.5) + measures_len * period
                       + measure_len)
        spectrum_window = 2.0 / math.sqrt(measure_len) * _hann(measure_len)
        spec_start = max(int(self.hp_filter_freq / rate * dft_len + 0.5), 1)
        spec_end = min(int(self.lp_filter_freq / rate * dft_len + 0.5), dft_len // 2)
        band = spec_end - spec_start
        cepstrum_window = 2.0 / math.sqrt(band) * _hann(band) if band > 0 else np.zeros(0)
        cep_start = int(math.ceil(rate * 0.5 / self.lp_lifter_freq))
        cep_end = min(int(math.floor(rate * 0.5 / self.hp_lifter_freq)), dft_len // 4)
        if cep_end <= cep_start:
            raise RuntimeError("%s: the lifter band [%d, %d) is empty (hp_lifter_freq %s, "
                               "lp_lifter_freq %s at sample_rate %d)" % (
                                   api, cep_start, cep_end, self.hp_lifter_freq,
                                   self.lp_lifter_freq, rate))
        up_mult = math.exp(-1.0 / (self.noise_up_time * freq))
        down_mult = math.exp(-1.0 / (self.noise_down_time * freq))
        smooth_mult = math.exp(-1.0 / (self.measure_smooth_time * freq))
        trigger_mult = math.exp(-1.0 / (self.trigger_time * freq))
        boot_max = int(self.boot_time * freq - 0.5)

        shape = x.shape
        wave = x.reshape(-1, shape[-1]).astype(np.float64)
        rows, length = wave.shape
        padded = np.pad(wave, ((0, 0), (measure_len, 0)))  # zeros before the first sample
        spectrum = np.zeros((rows, dft_len))
        noise = np.zeros((rows, dft_len))
        measures = np.zeros((rows, max(measures_len, 1)))
        mean = np.zeros(rows)
        flush, end_pos, triggered = 0, length, False
        # measure m is taken at sample measure_len - 1 + m * period, over the measure_len
        # samples before it; the state (smoothed spectrum, noise) runs over the measures
        for m, pos in enumerate(range(measure_len - 1, length, period)):
            boot = m if m <= boot_max else -1
            frame = np.zeros((rows, dft_len))
            frame[:, :measure_len] = padded[:, pos:pos + measure_len] * spectrum_window
            dft = np.abs(np.fft.rfft(frame, axis=-1))[:, spec_start:spec_end]
            mult = boot / (1.0 + boot) if boot >= 0 else smooth_mult
            spectrum[:, spec_start:spec_end] = spectrum[:, spec_start:spec_end] * mult + dft * (
                1 - mult)
            power = spectrum[:, spec_start:spec_end] ** 2
            if boot >= 0:
                noise_mult = np.zeros_like(power)
            else:
                noise_mult = np.where(power > noise[:, spec_start:spec_end], up_mult, down_mult)
            noise[:, spec_start:spec_end] = noise[:, spec_start:spec_end] * noise_mult + power * (
                1 - noise_mult)
            clean = np.sqrt(np.maximum(0.0, power - self.noise_reduction_amount
                                       * noise[:, spec_start:spec_end]))
            cep = np.zeros((rows, dft_len // 2))
            if self._sox_measure:
                cep[:, spec_start:spec_end] = clean * cepstrum_window
            # else: MindSpore 2.10 reads its cleaned band before writing it, so the cepstrum
            # is empty and every measure is 0
            total = np.sum(np.abs(np.fft.rfft(cep, axis=-1)[:, cep_start:cep_end]) ** 2, axis=-1)
            with np.errstate(divide="ignore"):
                logs = np.where(total > 0, np.log(total / (cep_end - cep_start)), -np.inf)
            meas = np.maximum(0.0, 21.0 + logs)
            index = m % measures.shape[1]
            measures[:, index] = meas
            mean = mean * trigger_mult + meas * (1.0 - trigger_mult)
            hits = np.where(mean >= self.trigger_level)[0]
            if hits.size:
                # every channel from the first that triggered sets how many measures to keep
                n = measures_len
                for row in range(hits[0], rows):
                    k, j_trigger, j_zero = index, n, n
                    for j in range(n):
                        if measures[row, k] >= self.trigger_level and j <= j_trigger + gap_len:
                            j_zero = j_trigger = j
                        elif measures[row, k] == 0 and j_trigger >= j_zero:
                            j_zero = j
                        k = (k + n - 1) % n
                    if self._sox_measure:  # sox: j ends the loop at n
                        flush = min(max(flush, min(n, j_zero)), n)
                # MindSpore 2.10's loop counter shadows the j it keeps (0): nothing is flushed
                end_pos, triggered = pos + 1, True
                break
        flushed = (measures_len - flush) * period if triggered else 0
        start = end_pos - samples_len + flushed
        # as MindSpore 2.10 (and sox's port in torchaudio), a negative start counts from the
        # end: a waveform shorter than the search buffer keeps its last samples_len - length
        out = wave[:, start:]
        return out.reshape(shape[:-1] + (out.shape[-1],)).astype(x.dtype)
