"""``SummaryCollector`` (MindSpore's callback): collects the loss, parameter histograms, the
learning rate and evaluation metrics during ``Model.train``/``fit`` into a TensorBoard event
file through :class:`mindcell.train.summary.SummaryRecord`."""
import re

import numpy as np

from mindcell import log
from mindcell.common.tensor import Tensor
from mindcell.train._callback_base import Callback
from mindcell.train.summary import SummaryRecord

__all__ = ["SummaryCollector"]

_DEFAULTS = {"collect_metric": True, "collect_graph": True, "collect_train_lineage": True,
             "collect_eval_lineage": True, "collect_input_data": True,
             "collect_dataset_graph": True, "histogram_regular": None,
             "collect_landscape": None}
_DEFAULT_HISTOGRAMS = 5  # without histogram_regular: the first five parameters, as MindSpore


def _need(api, name, value, kinds, what):
    if isinstance(value, bool) and bool not in kinds or not isinstance(value, kinds):
        raise TypeError("%s: '%s' must be %s, but got %s" % (api, name, what,
                                                              type(value).__name__))


def _positive(api, name, value):
    _need(api, name, value, (int,), "an int")
    if value <= 0:
        raise ValueError("%s: '%s' must be greater than 0, but got %d" % (api, name, value))


class SummaryCollector(Callback):
    """SummaryCollector(summary_dir, collect_freq=10, num_process=32,
    collect_specified_data=None, keep_default_action=True, custom_lineage_data=None,
    collect_tensor_freq=None, max_file_size=None, export_options=None)

    Writes, at the first step and every ``collect_freq``-th step of training (and at its
    end): the mean of the network's first output as the scalar ``loss/auto``; histograms
    ``<parameter name>/auto`` of the parameters matching ``histogram_regular`` (default: the
    first five); with ``collect_train_lineage`` the learning rate as ``learning_rate/auto``;
    and with ``collect_eval_lineage`` each evaluation metric of ``Model.eval`` as
    ``<metric>/eval`` (``Model.fit`` evaluates without the built-in callbacks, this one
    included, as MindSpore does). Values of summary operators go to the same file.
    TensorBoard reads it (``tensorboard --logdir summary_dir``).

    Args:
        summary_dir (str): output folder (created if missing).
        collect_freq (int): collect every this many steps (> 0). Default: ``10``.
        num_process (int): passed to SummaryRecord (accepted; one process writes).
        collect_specified_data (dict): switches: ``collect_metric``, ``collect_train_lineage``,
            ``collect_eval_lineage`` (bool), ``histogram_regular`` (regex str or None).
            ``collect_graph``, ``collect_input_data``, ``collect_dataset_graph`` are accepted
            (MindInsight data: graphs, input images and dataset graphs are not written);
            ``collect_landscape`` other than None raises NotImplementedError.
        keep_default_action (bool): with ``collect_specified_data``, collect the unnamed data
            as by default (True) or not at all (False). Default: ``True``.
        custom_lineage_data (dict): str keys, int/float/str values; numbers are written once
            as scalars ``custom_lineage_data/<key>``.
        collect_tensor_freq (int): write summary-operator ``tensor`` values only every this
            many steps. Default: ``None`` (as ``collect_freq``).
        max_file_size (int), export_options (dict): passed to SummaryRecord.

    Raises:
        TypeError / ValueError: an argument of the wrong type or value (MindSpore's checks).
        NotImplementedError: ``collect_landscape`` set.

    Examples:
        >>> import tempfile
        >>> from mindcell.train.callback_summary import SummaryCollector
        >>> collector = SummaryCollector(tempfile.mkdtemp(), collect_freq=2)
        >>> collector.collect_freq
        2
    """

    def __init__(self, summary_dir, collect_freq=10, num_process=32,
                 collect_specified_data=None, keep_default_action=True,
                 custom_lineage_data=None, collect_tensor_freq=None, max_file_size=None,
                 export_options=None):
        api = "SummaryCollector"
        _need(api, "summary_dir", summary_dir, (str,), "a str")
        _positive(api, "collect_freq", collect_freq)
        _positive(api, "num_process", num_process)
        if collect_tensor_freq is not None:
            _positive(api, "collect_tensor_freq", collect_tensor_freq)
        if max_file_size is not None:
            _need(api, "max_file_size", max_file_size, (int,), "an int")
        _need(api, "keep_default_action", keep_default_action, (bool,), "a bool")
        self.summary_dir = summary_dir
        self.collect_freq = collect_freq
        self.collect_tensor_freq = collect_tensor_freq
        self._record_args = dict(num_process=num_process, max_file_size=max_file_size,
                                 export_options=export_options)
        self.collect_specified_data = self._specified(api, collect_specified_data,
                                                      keep_default_action)
        self.custom_lineage_data = self._custom(api, custom_lineage_data)
        self._record = None
        self._step = 0
        self._training = False

    @staticmethod
    def _specified(api, data, keep_default):
        if data is None:
            return dict(_DEFAULTS)
        _need(api, "collect_specified_data", data, (dict,), "a dict or None")
        unknown = set(data) - set(_DEFAULTS)
        if unknown:
            raise ValueError("%s: the keys %s of 'collect_specified_data' are unsupported, "
                             "expected some of %s" % (api, sorted(unknown), list(_DEFAULTS)))
        for key, value in data.items():
            if key == "histogram_regular":
                if value is not None:
                    _need(api, key, value, (str,), "a str or None")
                    re.compile(value)
            elif key == "collect_landscape":
                if value is not None:
                    raise NotImplementedError("%s: 'collect_landscape' (MindInsight's loss "
                                              "landscape) is not supported" % api)
            else:
                _need(api, key, value, (bool,), "a bool")
        return dict(_DEFAULTS, **data) if keep_default else dict(data)

    @staticmethod
    def _custom(api, data):
        if data is None:
            return {}
        _need(api, "custom_lineage_data", data, (dict,), "a dict or None")
        for key, value in data.items():
            _need(api, "custom_lineage_data key %r" % (key,), key, (str,), "a str")
            _need(api, "custom_lineage_data[%r]" % key, value, (int, float, str),
                  "an int, float or str")
        return dict(data)

    def _on(self, key):
        return bool(self.collect_specified_data.get(key))

    def _open(self):
        if self._record is None:
            self._record = SummaryRecord(self.summary_dir, **self._record_args)
            for key, value in self.custom_lineage_data.items():
                if not isinstance(value, str):
                    self._record.add_value("scalar", "custom_lineage_data/" + key,
                                           Tensor(np.float32(value)))

    def _close(self):
        if self._record is not None:
            self._record.close()
            self._record = None

    def on_train_begin(self, run_context):
        self._training = True
        self._open()
        self._record.set_mode("train")
        self._step = 0

    def on_train_step_end(self, run_context):
        cb = run_context.original_args()
        self._step = cb.cur_step_num
        if self._step == 1 or self._step % self.collect_freq == 0:
            self._collect(cb)

    def on_train_end(self, run_context):
        cb = run_context.original_args()
        if cb.cur_step_num and cb.net_outputs is not None:
            self._collect(cb)  # the final state (MindSpore writes it even if just written)
        self._training = False
        self._close()

    def on_eval_begin(self, run_context):
        self._open()
        self._record.set_mode("eval")

    def on_eval_end(self, run_context):
        cb = run_context.original_args()
        if self._on("collect_eval_lineage"):
            for name, value in (getattr(cb, "metrics", None) or {}).items():
                array = np.asarray(value, np.float64)
                if array.size == 1 and np.isfinite(array).all():
                    self._record.add_value("scalar", "%s/eval" % name,
                                           Tensor(np.float32(array.reshape(-1)[0])))
        self._record.record(self._step)
        if self._training:
            self._record.set_mode("train")
        else:  # Model.eval on its own: nothing more will be written
            self._close()

    def _collect(self, cb):
        record = self._record
        if self._on("collect_metric") and cb.net_outputs is not None:
            out = cb.net_outputs[0] if isinstance(cb.net_outputs, (tuple, list)) \
                else cb.net_outputs
            record.add_value("scalar", "loss/auto",
                             Tensor(np.float32(np.mean(out.asnumpy()))))
        for p in self._histogram_parameters(cb):
            if p.asnumpy().size:
                record.add_value("histogram", p.name + "/auto", Tensor(p.asnumpy()))
        lr = self._learning_rate(cb)
        if lr is not None:
            record.add_value("scalar", "learning_rate/auto", Tensor(np.float32(lr)))
        tensor_freq = self.collect_tensor_freq or self.collect_freq
        keep_tensors = self._step == 1 or self._step % tensor_freq == 0
        record.record(self._step, plugin_filter=None if keep_tensors
                      else (lambda plugin: plugin != "tensor"))

    def _histogram_parameters(self, cb):
        """The network's weights (the optimizer's parameters: not its state) to collect."""
        if "histogram_regular" not in self.collect_specified_data:
            return []
        pattern = self.collect_specified_data["histogram_regular"]
        optimizer = getattr(cb, "optimizer", None)
        params = list(optimizer.parameters if optimizer is not None
                      else cb.train_network.trainable_params())
        if pattern is None:
            return params[:_DEFAULT_HISTOGRAMS]
        return [p for p in params if re.match(pattern, p.name)]

    def _learning_rate(self, cb):
        optimizer = getattr(cb, "optimizer", None)
        if not self._on("collect_train_lineage") or optimizer is None:
            return None
        try:
            lr = optimizer.get_lr()
        except (AttributeError, TypeError, ValueError, RuntimeError) as e:
            # RuntimeError: a per-step learning-rate list is used up when the run ends (its
            # last step moved global_step past it); MindSpore 2.10 finishes such a run.
            log.warning("SummaryCollector: the learning rate could not be read: %s", e)
            return None
        lr = lr.asnumpy() if isinstance(lr, Tensor) else np.asarray(lr)
        return float(np.mean(lr))
