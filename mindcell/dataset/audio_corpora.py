"""Speech corpora read from their released folder layouts (nothing is downloaded):
``YesNoDataset``, ``LJSpeechDataset`` and ``SpeechCommandsDataset``. Waveforms are the 16-bit
PCM samples of the WAV files divided by 32767, float32 of shape (channels, samples), with the
file's sample rate as int32, as MindSpore 2.10 reads them (checked on fixtures with
ms-oracle)."""
import os

import numpy as np

from mindcell.dataset._docs import source_options
from mindcell.dataset.cache import check_cache
from mindcell.dataset.sources import ArraySource, check_dir

__all__ = ["YesNoDataset", "LJSpeechDataset", "SpeechCommandsDataset"]


def read_wav(op, path):
    """(waveform float32 (channels, samples), sample rate) of a 16-bit PCM (or float) WAV."""
    from scipy.io import wavfile
    try:
        rate, data = wavfile.read(path)
    except (OSError, ValueError) as e:
        raise RuntimeError("%s: cannot read the WAV file %s: %s" % (op, path, e)) from None
    if data.dtype == np.int16:
        wave = data.astype(np.float32) / np.float32(32767)
    elif data.dtype.kind == "f":
        wave = data.astype(np.float32)
    else:
        raise RuntimeError("%s: %s holds %s samples; 16-bit PCM or float WAV files are read"
                           % (op, path, data.dtype))
    wave = wave.reshape(-1, 1) if wave.ndim == 1 else wave
    return np.ascontiguousarray(wave.T), np.int32(rate)


class _WavSource(ArraySource):
    """Rows read lazily: ``_items`` holds (wav path, other column values) per row."""

    def _init_rows(self, op, names, items, shuffle, num_samples, sampler, num_shards, shard_id,
                   num_parallel_workers):
        self._op, self._items = op, items
        super().__init__(op, names, shuffle, num_samples, sampler, num_shards, shard_id,
                         num_parallel_workers)

    def _length(self):
        return len(self._items)

    def _row_at(self, index):
        path, rest = self._items[index]
        wave, rate = read_wav(self._op, path)
        return (wave, np.array(rate, np.int32)) + tuple(np.array(v) for v in rest)


@source_options
class YesNoDataset(_WavSource):
    """YesNoDataset(dataset_dir, num_samples=None, num_parallel_workers=None, shuffle=None,
    sampler=None, num_shards=None, shard_id=None, cache=None): the Yes/No recordings, WAV files
    named by their eight 0/1 answers (``0_1_0_0_1_0_1_1.wav``), by file name.

    Columns ``waveform`` (1, samples) float32, ``sample_rate`` () int32 and ``label`` (8,)
    int32 (the answers).

    Args:
        dataset_dir (str): the folder of the WAV files.
        (the source options)

    Raises:
        ValueError: no such directory, or an option out of range.
        RuntimeError: (when read) a file is not a 16-bit PCM WAV.

    Examples:
        >>> import os, tempfile
        >>> import numpy as np
        >>> from scipy.io import wavfile
        >>> import mindcell.dataset as ds
        >>> folder = tempfile.mkdtemp()
        >>> wavfile.write(os.path.join(folder, "1_0_1_1_0_0_0_1.wav"), 8000,
        ...               np.array([0, 32767], np.int16))
        >>> row = next(ds.YesNoDataset(folder).create_dict_iterator(output_numpy=True))
        >>> row["waveform"].tolist(), int(row["sample_rate"]), row["label"].tolist()
        ([[0.0, 1.0]], 8000, [1, 0, 1, 1, 0, 0, 0, 1])
    """

    def __init__(self, dataset_dir, num_samples=None, num_parallel_workers=None, shuffle=None,
                 sampler=None, num_shards=None, shard_id=None, cache=None):
        op = "YesNoDataset"
        check_cache(op, cache)
        check_dir(op, dataset_dir)
        items = []
        for name in sorted(os.listdir(dataset_dir)):
            stem, ext = os.path.splitext(name)
            parts = stem.split("_")
            if ext.lower() == ".wav" and len(parts) == 8 and all(p in ("0", "1") for p in parts):
                items.append((os.path.join(dataset_dir, name),
                              (np.array([int(p) for p in parts], np.int32),)))
        self._init_rows(op, ["waveform", "sample_rate", "label"], items, shuffle, num_samples,
                        sampler, num_shards, shard_id, num_parallel_workers)


@source_options
class LJSpeechDataset(_WavSource):
    """LJSpeechDataset(dataset_dir, num_samples=None, num_parallel_workers=None, shuffle=None,
    sampler=None, num_shards=None, shard_id=None, cache=None): the LJ Speech recordings:
    ``metadata.csv`` (``id|transcription|normalized transcription`` lines) and
    ``wavs/<id>.wav``, in the order of the metadata.

    Columns ``waveform`` (1, samples) float32, ``sample_rate`` () int32, ``transcription`` and
    ``normalized_transcription`` () str.

    Args:
        dataset_dir (str): the ``LJSpeech-1.1`` folder.
        (the source options)

    Raises:
        ValueError: no such directory, or an option out of range.
        RuntimeError: ``metadata.csv`` is missing or a line has not 3 fields; (when read) a
            WAV file is missing or not 16-bit PCM.

    Examples:
        >>> import os, tempfile
        >>> import numpy as np
        >>> from scipy.io import wavfile
        >>> import mindcell.dataset as ds
        >>> folder = tempfile.mkdtemp()
        >>> os.makedirs(os.path.join(folder, "wavs"))
        >>> wavfile.write(os.path.join(folder, "wavs", "LJ001-0001.wav"), 22050,
        ...               np.zeros(4, np.int16))
        >>> with open(os.path.join(folder, "metadata.csv"), "w") as f:
        ...     _ = f.write("LJ001-0001|In 1.|In one.\\n")
        >>> row = next(ds.LJSpeechDataset(folder).create_dict_iterator(output_numpy=True))
        >>> row["waveform"].shape, str(row["normalized_transcription"])
        ((1, 4), 'In one.')
    """

    def __init__(self, dataset_dir, num_samples=None, num_parallel_workers=None, shuffle=None,
                 sampler=None, num_shards=None, shard_id=None, cache=None):
        op = "LJSpeechDataset"
        check_cache(op, cache)
        check_dir(op, dataset_dir)
        meta = os.path.join(dataset_dir, "metadata.csv")
        if not os.path.isfile(meta):
            raise RuntimeError("%s: missing file %s" % (op, meta))
        items = []
        with open(meta, "r", encoding="utf-8") as f:
            for number, line in enumerate(f, 1):
                line = line.rstrip("\r\n")
                if not line:
                    continue
                fields = line.split("|")
                if len(fields) != 3:
                    raise RuntimeError("%s: line %d of %s has %d fields, expected 3"
                                       % (op, number, meta, len(fields)))
                items.append((os.path.join(dataset_dir, "wavs", fields[0] + ".wav"),
                              (fields[1], fields[2])))
        self._init_rows(op, ["waveform", "sample_rate", "transcription",
                             "normalized_transcription"], items, shuffle, num_samples, sampler,
                        num_shards, shard_id, num_parallel_workers)


def _list_file(path):
    if not os.path.isfile(path):
        return set()
    with open(path, "r", encoding="utf-8") as f:
        return {line.strip() for line in f if line.strip()}


@source_options
class SpeechCommandsDataset(_WavSource):
    """SpeechCommandsDataset(dataset_dir, usage=None, num_samples=None,
    num_parallel_workers=None, shuffle=None, sampler=None, num_shards=None, shard_id=None,
    cache=None): the Speech Commands recordings ``<word>/<speaker>_nohash_<n>.wav`` (the
    ``_background_noise_`` folder is not read), by relative path; ``validation_list.txt`` and
    ``testing_list.txt`` name the 'valid' and 'test' files, the others are 'train'.

    Columns ``waveform`` (1, samples) float32, ``sample_rate`` () int32, ``label`` () str (the
    word), ``speaker_id`` () str and ``utterance_number`` () int32.

    Args:
        dataset_dir (str): the folder of the word folders and lists.
        usage (str): 'train', 'valid', 'test' or 'all' (None). Default: ``None``.
        (the source options)

    Raises:
        ValueError: no such directory, a bad ``usage``, or an option out of range.
        RuntimeError: (when read) a file is not a 16-bit PCM WAV.

    Examples:
        >>> import os, tempfile
        >>> import numpy as np
        >>> from scipy.io import wavfile
        >>> import mindcell.dataset as ds
        >>> folder = tempfile.mkdtemp()
        >>> os.makedirs(os.path.join(folder, "yes"))
        >>> wavfile.write(os.path.join(folder, "yes", "0a7c2a8d_nohash_2.wav"), 16000,
        ...               np.zeros(3, np.int16))
        >>> row = next(ds.SpeechCommandsDataset(folder).create_dict_iterator(output_numpy=True))
        >>> str(row["label"]), str(row["speaker_id"]), int(row["utterance_number"])
        ('yes', '0a7c2a8d', 2)
    """

    def __init__(self, dataset_dir, usage=None, num_samples=None, num_parallel_workers=None,
                 shuffle=None, sampler=None, num_shards=None, shard_id=None, cache=None):
        op = "SpeechCommandsDataset"
        check_cache(op, cache)
        check_dir(op, dataset_dir)
        usage = "all" if usage is None else usage
        if usage not in ("train", "valid", "test", "all"):
            raise ValueError("%s: Input usage is not within the valid set of ['train', 'valid', "
                             "'test', 'all'], but got %r" % (op, usage))
        valid = _list_file(os.path.join(dataset_dir, "validation_list.txt"))
        test = _list_file(os.path.join(dataset_dir, "testing_list.txt"))
        items = []
        for word in sorted(os.listdir(dataset_dir)):
            folder = os.path.join(dataset_dir, word)
            if word == "_background_noise_" or not os.path.isdir(folder):
                continue
            for name in sorted(os.listdir(folder)):
                stem, ext = os.path.splitext(name)
                if ext.lower() != ".wav" or "_nohash_" not in stem:
                    continue
                rel = word + "/" + name
                split = "valid" if rel in valid else "test" if rel in test else "train"
                if usage not in ("all", split):
                    continue
                speaker, _, number = stem.partition("_nohash_")
                items.append((os.path.join(folder, name),
                              (word, speaker, np.int32(int(number) if number.isdigit() else 0))))
        self._init_rows(op, ["waveform", "sample_rate", "label", "speaker_id",
                             "utterance_number"], items, shuffle, num_samples, sampler,
                        num_shards, shard_id, num_parallel_workers)
