"""``mindcell.dataset.audio``: MindSpore's audio processing for datasets. The enums of
:mod:`~mindcell.dataset.audio.utils` (``WindowType``, ``BorderType``, ``NormType``, ``MelType``
...), the filter banks ``create_dct`` / ``melscale_fbanks`` / ``linear_fbanks``, and the
transforms ``Spectrogram``, ``MelScale``, ``MelSpectrogram``, ``AmplitudeToDB``,
``DBToAmplitude``, ``ComplexNorm``, ``Angle``, ``MuLawEncoding``, ``MuLawDecoding``, and
(:mod:`~mindcell.dataset.audio.effects`) ``FrequencyMasking``, ``TimeMasking``,
``MaskAlongAxis``, ``Vol``, ``Gain``, ``DCShift``, ``Fade``, ``Magphase``, ``SpectralCentroid``
and ``ComputeDeltas``, and (:mod:`~mindcell.dataset.audio.filters`) ``LFilter``, ``Filtfilt``,
``Biquad`` and the eleven named biquads, ``Contrast``, ``Overdrive`` and ``Resample``, and
(:mod:`~mindcell.dataset.audio.cepstra`) ``MFCC`` and ``LFCC``, and
(:mod:`~mindcell.dataset.audio.spectral`) ``InverseSpectrogram``, ``GriffinLim``,
``InverseMelScale``, ``TimeStretch``, ``PhaseVocoder`` and ``PitchShift``, and
(:mod:`~mindcell.dataset.audio.features`) ``SlidingWindowCmn`` and ``DetectPitchFrequency``, and
(:mod:`~mindcell.dataset.audio.sox_effects`) ``Flanger``, ``Phaser``, ``Dither`` and ``Vad``, and
``MaskAlongAxisIID`` (effects): all 63 public names of MindSpore 2.10's module. They work in
``Dataset.map`` on waveform columns or are called directly.

Examples:
    >>> import numpy as np
    >>> from mindcell.dataset import audio
    >>> wave = np.sin(np.arange(160, dtype=np.float32) * 0.3)
    >>> mel = audio.MelSpectrogram(sample_rate=1600, n_fft=32, n_mels=8)(wave)
    >>> audio.AmplitudeToDB()(mel).shape
    (8, 11)
"""
from mindcell.dataset.audio import utils  # noqa: F401
from mindcell.dataset.audio.filters import (AllpassBiquad, BandBiquad, BandpassBiquad,
                                            BandrejectBiquad, BassBiquad, Biquad, Contrast,
                                            DeemphBiquad, EqualizerBiquad, Filtfilt,
                                            HighpassBiquad, LFilter, LowpassBiquad, Overdrive,
                                            Resample, RiaaBiquad, TrebleBiquad)
from mindcell.dataset.audio.cepstra import LFCC, MFCC
from mindcell.dataset.audio.effects import (ComputeDeltas, DCShift, Fade, FrequencyMasking, Gain,
                                            Magphase, MaskAlongAxis, MaskAlongAxisIID,
                                            SpectralCentroid,
                                            TimeMasking, Vol)
from mindcell.dataset.audio.features import DetectPitchFrequency, SlidingWindowCmn
from mindcell.dataset.audio.sox_effects import Dither, Flanger, Phaser, Vad
from mindcell.dataset.audio.spectral import (GriffinLim, InverseMelScale, InverseSpectrogram,
                                             PhaseVocoder, PitchShift, TimeStretch)
from mindcell.dataset.audio.transforms import (Angle, AmplitudeToDB, ComplexNorm,
                                               DBToAmplitude, MelScale, MelSpectrogram,
                                               MuLawDecoding, MuLawEncoding, Spectrogram)
from mindcell.dataset.audio.utils import (BorderType, DensityFunction, FadeShape, GainType,
                                          Interpolation, MelType, Modulation, NormMode, NormType,
                                          ResampleMethod, ScaleType, WindowType, create_dct,
                                          linear_fbanks, melscale_fbanks)

__all__ = ["Angle", "AmplitudeToDB", "ComplexNorm", "DBToAmplitude", "MelScale",
           "MelSpectrogram", "MuLawDecoding", "MuLawEncoding", "Spectrogram", "BorderType",
           "DensityFunction", "FadeShape", "GainType", "Interpolation", "MelType", "Modulation",
           "NormMode", "NormType", "ResampleMethod", "ScaleType", "WindowType", "create_dct",
           "linear_fbanks", "melscale_fbanks", "ComputeDeltas", "DCShift", "Fade",
           "FrequencyMasking", "Gain", "Magphase", "MaskAlongAxis", "SpectralCentroid",
           "TimeMasking", "Vol", "AllpassBiquad", "BandBiquad", "BandpassBiquad",
           "BandrejectBiquad", "BassBiquad", "Biquad", "Contrast", "DeemphBiquad",
           "EqualizerBiquad", "Filtfilt", "HighpassBiquad", "LFilter", "LowpassBiquad",
           "Overdrive", "Resample", "RiaaBiquad", "TrebleBiquad", "LFCC", "MFCC", "GriffinLim",
           "InverseSpectrogram", "PhaseVocoder", "TimeStretch", "InverseMelScale",
           "PitchShift", "DetectPitchFrequency", "SlidingWindowCmn",
           "MaskAlongAxisIID", "Dither", "Flanger", "Phaser", "Vad"]
