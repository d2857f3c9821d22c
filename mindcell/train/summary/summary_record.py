"""``SummaryRecord``: writes scalars, histograms, images and tensors to a TensorBoard event
file (``tensorboard --logdir <log_dir>`` shows them)."""
import os
import socket
import threading
import time

import numpy as np

from mindcell import log
from mindcell.train.summary import _proto, _tfrecord, _values

__all__ = ["SummaryRecord"]

_FILE_VERSION = "brain.Event:2"  # what TensorBoard's readers expect in the first event
_open_lock = threading.Lock()
_open = []  # the open SummaryRecord (MindSpore allows one per process)


def _operator_values(keep):
    """Take what summary operators (ops.ScalarSummary ...) recorded since the last call:
    ``[(plugin, tag, array)]`` (their latest value per name, tagged with the name, as
    MindSpore writes them) when ``keep``; emptied either way."""
    from mindcell.ops import operations_debug
    recorded = operations_debug._RECORDED  # the summary ops' store, {(kind, name): Tensor}
    items = list(recorded.items())
    recorded.clear()
    out = []
    for (plugin, name), value in items if keep else ():
        try:
            out.append((plugin, name, _values.check(plugin, name, value)))
        except (TypeError, ValueError, NotImplementedError) as e:
            log.warning("SummaryRecord: the %s summary %r is not written: %s", plugin, name, e)
    return out


def _check_type(api, name, value, kind, what):
    if isinstance(value, bool) and kind is not bool or not isinstance(value, kind):
        raise TypeError("%s: '%s' must be %s, but got %s" % (api, name, what,
                                                              type(value).__name__))


class SummaryRecord:
    """SummaryRecord(log_dir, file_prefix='events', file_suffix='_MS', num_process=32,
    network=None, max_file_size=None, raise_exception=False, export_options=None)

    Writes summaries to a TensorBoard event file in ``log_dir``: each :meth:`record` call
    writes the values added since the last one as one event at a step. The file is TFRecord
    framed with masked CRC-32C and holds TensorFlow's ``Event``/``Summary`` messages, so
    TensorBoard reads it (MindSpore writes MindInsight's variant of the format instead). One
    instance may be open per process, as in MindSpore. The values summary operators
    (``ops.ScalarSummary``, ``ops.HistogramSummary`` ... in PYNATIVE_MODE) recorded since
    the last ``record`` are written with them, tagged with their names.

    Args:
        log_dir (str): folder of the event file (created if missing).
        file_prefix (str): start of the file name. Default: ``"events"``.
        file_suffix (str): end of the file name. Default: ``"_MS"``. The name is
            ``<prefix>.out.tfevents.summary.<time>.0.<host><suffix>`` ("tfevents" is how
            TensorBoard finds event files).
        num_process (int): accepted (>= 1); mindcell writes from the calling process.
        network (Cell): accepted; computational graphs are not written.
        max_file_size (int): stop writing (with a warning) once the file would exceed this
            many bytes. Default: ``None`` (no limit).
        raise_exception (bool): raise OSError/RuntimeError from writing (True) or log them and
            make ``record`` return False. Default: ``False``.
        export_options (dict): ``{"tensor_format": "npy"}`` also saves each recorded
            ``tensor`` value as ``<log_dir>/export_<time>/tensor/<tag>_<step>.npy``.

    Raises:
        TypeError: an argument of the wrong type.
        ValueError: a bad ``num_process``, ``max_file_size`` or ``export_options``.
        RuntimeError: another SummaryRecord is open.

    Examples:
        >>> import tempfile
        >>> import mindcell as ms
        >>> from mindcell.train.summary import SummaryRecord
        >>> with SummaryRecord(tempfile.mkdtemp()) as summary_record:
        ...     summary_record.add_value("scalar", "loss", ms.Tensor(0.5))
        ...     summary_record.record(1)
        True
    """

    def __init__(self, log_dir, file_prefix="events", file_suffix="_MS", num_process=32,
                 network=None, max_file_size=None, raise_exception=False, export_options=None):
        api = "SummaryRecord"
        _check_type(api, "log_dir", log_dir, str, "a str")
        for name, value in (("file_prefix", file_prefix), ("file_suffix", file_suffix)):
            _check_type(api, name, value, str, "a str")
        _check_type(api, "num_process", num_process, int, "an int")
        if num_process < 1:
            raise ValueError("%s: 'num_process' must be >= 1, but got %d" % (api, num_process))
        if max_file_size is not None:
            _check_type(api, "max_file_size", max_file_size, int, "an int")
            if max_file_size <= 0:
                raise ValueError("%s: 'max_file_size' must be positive, but got %d"
                                 % (api, max_file_size))
        _check_type(api, "raise_exception", raise_exception, bool, "a bool")
        self._export_dir = self._export_folder(api, log_dir, export_options)
        self._max_file_size = max_file_size
        self._raise = raise_exception
        self._network = network
        self._pending = []
        self._mode = "train"
        self._closed = True
        self._full = False
        with _open_lock:
            if _open:
                raise RuntimeError("%s: only one instance may be open in a process; close the "
                                   "one writing %s first" % (api, _open[0].log_dir))
            os.makedirs(log_dir, exist_ok=True)
            name = "%s.out.tfevents.summary.%d.0.%s%s" % (file_prefix, int(time.time()),
                                                          socket.gethostname(), file_suffix)
            self._path = os.path.realpath(os.path.join(log_dir, name))
            self._file = open(self._path, "ab")
            self._size = self._file.tell()
            self._closed = False
            _open.append(self)
        _operator_values(keep=False)  # values from before this record existed
        self._write(_proto.event(time.time(), 0, file_version=_FILE_VERSION))
        self._file.flush()

    @staticmethod
    def _export_folder(api, log_dir, export_options):
        if export_options is None:
            return None
        if not isinstance(export_options, dict):
            raise TypeError("%s: 'export_options' must be a dict, but got %s"
                            % (api, type(export_options).__name__))
        unknown = set(export_options) - {"tensor_format"}
        if unknown:
            raise ValueError("%s: the keys %s of 'export_options' are unsupported, expected "
                             "['tensor_format']" % (api, sorted(unknown)))
        fmt = export_options.get("tensor_format")
        if fmt not in ("npy", None):
            raise ValueError("%s: 'tensor_format' %r of 'export_options' is unsupported, "
                             "expected 'npy' or None" % (api, fmt))
        if fmt is None:
            return None
        return os.path.join(log_dir, "export_%d" % int(time.time()), "tensor")

    @property
    def log_dir(self):
        """The path of the event file."""
        return self._path

    def set_mode(self, mode):
        """'train' or 'eval': in 'eval' mode the values of summary operators are not written
        (values given to :meth:`add_value` are).

        Raises:
            ValueError: another mode.
        """
        if mode not in ("train", "eval"):
            raise ValueError("SummaryRecord.set_mode: 'mode' must be 'train' or 'eval', but "
                             "got %r" % (mode,))
        self._mode = mode

    def add_value(self, plugin, name, value):
        """Add ``value`` (a Tensor) under the tag ``name`` to the next :meth:`record`.

        Args:
            plugin (str): 'scalar' (one element), 'histogram' (rank >= 1, non-empty), 'image'
                (NCHW, 1, 3 or 4 channels; floats in [0, 1] are scaled to 255) or 'tensor'.
            name (str): the tag.
            value (Tensor): the value.

        Raises:
            ValueError: an unknown plugin, a bad name or a value of the wrong shape.
            TypeError: ``value`` is not a Tensor.
            NotImplementedError: MindInsight's lineage, dataset-graph and landscape plugins.
        """
        self._pending.append((plugin, name, _values.check(plugin, name, value)))

    def record(self, step, train_network=None, plugin_filter=None):
        """Write the values added since the last call as one event at ``step``.

        Args:
            step (int): the training step.
            train_network (Cell): accepted; graphs are not written.
            plugin_filter (Callable[[str], bool]): keep only the plugins it returns True for.

        Returns:
            bool, whether the values were written (False once closed, or after a write error
            when ``raise_exception`` is False).

        Raises:
            TypeError: ``step`` is not an int, or ``plugin_filter`` not callable.
        """
        _check_type("SummaryRecord.record", "step", step, int, "an int")
        if plugin_filter is not None and not callable(plugin_filter):
            raise TypeError("SummaryRecord.record: 'plugin_filter' must be callable, but got %s"
                            % type(plugin_filter).__name__)
        if self._closed:
            return False
        items, self._pending = self._pending, []
        items += _operator_values(keep=self._mode == "train")
        if plugin_filter is not None:
            items = [it for it in items if plugin_filter(it[0])]
        if not items:
            return True
        try:
            values = [_values.encode(plugin, tag, array) for plugin, tag, array in items]
            self._write(_proto.event(time.time(), step, summary=_proto.summary(values)))
            self._file.flush()  # readers (TensorBoard) see each step as it is recorded
            self._export(step, items)
        except (OSError, RuntimeError) as e:
            if self._raise:
                raise
            log.error("SummaryRecord.record: writing step %d to %s failed: %s", step,
                      self._path, e)
            return False
        return True

    def _write(self, data):
        record = _tfrecord.frame(data)
        if self._max_file_size is not None and self._size + len(record) > self._max_file_size:
            if not self._full:
                log.warning("SummaryRecord: %s reached max_file_size (%d bytes); later "
                            "summaries are not written", self._path, self._max_file_size)
            self._full = True
            return
        self._file.write(record)
        self._size += len(record)

    def _export(self, step, items):
        if self._export_dir is None:
            return
        for plugin, tag, array in items:
            if plugin == "tensor":
                os.makedirs(self._export_dir, exist_ok=True)
                safe = tag.replace("/", "_")
                np.save(os.path.join(self._export_dir, "%s_%d.npy" % (safe, step)), array)

    def flush(self):
        """Write buffered events to disk."""
        if not self._closed:
            self._file.flush()

    def close(self):
        """Flush and close the file (a second call does nothing)."""
        with _open_lock:
            if self._closed:
                return
            self._closed = True
            if self in _open:
                _open.remove(self)
        self._file.flush()
        self._file.close()

    def __enter__(self):
        return self

    def __exit__(self, *err):
        self.close()

    def __del__(self):
        try:
            self.close()
        except Exception:  # noqa: BLE001  (interpreter shutdown: modules may be gone)
            pass
