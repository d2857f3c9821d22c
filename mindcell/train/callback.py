"""Training callbacks (MindSpore's API): Callback, LossMonitor, TimeMonitor, ModelCheckpoint
with CheckpointConfig, and RunContext."""
import os
import time

import numpy as np

from mindcell._checkparam import check_non_negative_int
from mindcell.train import _rank0
from mindcell.train._callback_base import (Callback, CallbackManager,  # noqa: F401
                                           InternalCallbackParam, RunContext)

# MindSpore's module exports these two under private names; hand-written training loops
# import them to drive ModelCheckpoint / LossMonitor themselves.
_InternalCallbackParam = InternalCallbackParam
_CallbackManager = CallbackManager

__all__ = ["Callback", "RunContext", "LossMonitor", "TimeMonitor", "ModelCheckpoint",
           "CheckpointConfig", "EarlyStopping", "LearningRateScheduler", "History",
           "LambdaCallback", "ReduceLROnPlateau", "OnRequestExit", "SummaryCollector"]


def _loss_value(outputs):
    out = outputs[0] if isinstance(outputs, (tuple, list)) else outputs
    return float(np.mean(out.asnumpy())) if hasattr(out, "asnumpy") else float(out)


class LossMonitor(Callback):
    """LossMonitor(per_print_times=1): prints ``epoch: E step: S, loss is L`` every
    ``per_print_times`` training steps (S counted within the epoch) and keeps every step's loss
    in ``losses``.

    Args:
        per_print_times (int): the print period in steps; 0 prints nothing. Default: ``1``.

    Raises:
        TypeError: ``per_print_times`` is not an int.
        ValueError: ``per_print_times`` is negative; at a step, the loss is NaN or infinite.

    Examples:
        >>> from types import SimpleNamespace
        >>> import mindcell as ms
        >>> monitor = ms.train.LossMonitor()
        >>> state = SimpleNamespace(cur_epoch_num=1, cur_step_num=2, batch_num=4,
        ...                         net_outputs=ms.Tensor(0.25, ms.float32))
        >>> monitor.on_train_step_end(ms.train.RunContext(state))
        epoch: 1 step: 2, loss is 0.25
        >>> monitor.losses
        [0.25]
    """

    def __init__(self, per_print_times=1):
        check_non_negative_int(per_print_times, "per_print_times", "LossMonitor")
        # MindSpore's attribute names: subclasses read them (a zoo LossMonitor subclass prints
        # when cur_step_num % self._per_print_times == 0)
        self._per_print_times = per_print_times
        self._last_print_time = 0
        self.losses = []

    @property
    def per_print_times(self):
        """The print period in steps (``_per_print_times``, as MindSpore stores it)."""
        return self._per_print_times

    def step_end(self, run_context):
        """Records the step's loss and prints it once ``per_print_times`` steps have passed
        since the last print; a NaN or infinite loss stops the run with ValueError."""
        cb = run_context.original_args()
        loss = _loss_value(cb.net_outputs)
        self.losses.append(loss)
        epoch = getattr(cb, "cur_epoch_num", 1)
        step_in_epoch = (cb.cur_step_num - 1) % max(cb.batch_num, 1) + 1
        if np.isnan(loss) or np.isinf(loss):
            raise ValueError("LossMonitor: in epoch: %s step: %s, loss is NAN or INF, training "
                             "process cannot continue, terminating training."
                             % (epoch, step_in_epoch))
        if not self._per_print_times:
            return
        while cb.cur_step_num <= self._last_print_time:  # the step count went back (resumed)
            self._last_print_time -= self._per_print_times
        if cb.cur_step_num - self._last_print_time >= self._per_print_times:
            self._last_print_time = cb.cur_step_num
            print("epoch: %s step: %d, loss is %s" % (epoch, step_in_epoch, loss), flush=True)

    def on_eval_step_end(self, run_context):  # training losses only
        pass

    def on_train_epoch_end(self, run_context):
        """In ``Model.fit``, prints the epoch's evaluation (``Eval result: epoch E, metrics:
        {...}``) when there was one."""
        cb = run_context.original_args()
        metrics = cb.get("metrics") if isinstance(cb, dict) else getattr(cb, "metrics", None)
        if metrics:
            print("Eval result: epoch %d, metrics: %s" % (cb.cur_epoch_num, metrics), flush=True)


class TimeMonitor(Callback):
    """TimeMonitor(data_size=None, data_time=False): prints the epoch time and the time per step
    at each epoch's end, of training ("Train epoch time: ...") and, passed to ``Model.eval``, of
    evaluation ("Eval epoch time: ..."), as MindSpore; with ``data_time`` also the mean time per
    step spent fetching data on the host (between a step's end and the next step's beginning).
    The epoch times (in seconds) are kept in ``epoch_times``. As MindSpore, the hooks are
    ``epoch_begin``/``epoch_end`` (shared by training and evaluation: in ``Model.fit`` the
    evaluation inside a training epoch restarts the epoch clock).

    Args:
        data_size (int, optional): the steps per epoch to divide by when the run does not
            report its ``batch_num`` (MindSpore divides by the run's ``batch_num`` when it is
            positive). Default: ``None``.
        data_time (bool): also print the data time. Default: ``False``.

    Raises:
        TypeError: ``data_time`` is not a bool.

    Examples:
        >>> from types import SimpleNamespace
        >>> import mindcell as ms
        >>> monitor = ms.train.TimeMonitor(data_size=10)
        >>> ctx = ms.train.RunContext(SimpleNamespace(batch_num=10))
        >>> monitor.on_train_epoch_begin(ctx)
        >>> monitor.on_train_epoch_end(ctx)
        epoch time: ... ms, per step time: ... ms
        >>> ctx = ms.train.RunContext(SimpleNamespace(batch_num=10, mode="train"))
        >>> monitor.on_train_epoch_end(ctx)
        Train epoch time: ... ms, per step time: ... ms
        >>> len(monitor.epoch_times)
        2
    """

    def __init__(self, data_size=None, data_time=False):
        if not isinstance(data_time, bool):
            raise TypeError("The 'data_time' must be a bool, but got %s."
                            % type(data_time).__name__)
        self.data_size = data_size
        self.data_time = data_time
        self.data_time_sum = 0.0
        # MindSpore's attribute names (time.time() values): subclasses read them
        self.epoch_time = time.time()
        self.data_time_start = 0.0
        self.epoch_times = []

    def epoch_begin(self, run_context):
        self.epoch_time = self.data_time_start = time.time()
        self.data_time_sum = 0.0

    def on_train_step_begin(self, run_context):
        if self.data_time:
            self.data_time_sum += time.time() - self.data_time_start

    def on_train_step_end(self, run_context):
        if self.data_time:
            self.data_time_start = time.time()

    def epoch_end(self, run_context):
        cb = run_context.original_args()
        elapsed = time.time() - self.epoch_time
        self.epoch_times.append(elapsed)
        batch_num = getattr(cb, "batch_num", None)
        steps = batch_num if isinstance(batch_num, int) and batch_num > 0 else self.data_size
        steps = steps or 1
        mode = getattr(cb, "mode", None) or ""
        line = "%sepoch time: %.3f ms, per step time: %.3f ms" % (
            mode.title() + " " if mode else "", elapsed * 1e3, elapsed * 1e3 / steps)
        if self.data_time:
            line += " (data time: %.3f ms)" % (self.data_time_sum * 1e3 / steps)
        print(line, flush=True)


class CheckpointConfig:
    """CheckpointConfig(save_checkpoint_steps=1, save_checkpoint_seconds=0,
    keep_checkpoint_max=5, keep_checkpoint_per_n_minutes=0, integrated_save=True,
    async_save=False, saved_network=None, append_info=None, enc_key=None, enc_mode='AES-GCM',
    exception_save=False, crc_check=False, remove_redundancy=False, format='ckpt', **kwargs):
    the checkpoint policy of :class:`ModelCheckpoint`.

    ``integrated_save``, ``async_save``, ``enc_mode``, ``crc_check``, ``remove_redundancy``,
    ``format`` and the keyword ``incremental`` go to ``save_checkpoint`` (with several ranks
    only rank 0 writes checkpoints, so none holds a redundant copy); ``append_info``
    (a list of "epoch_num", "step_num" and at most one dict) is saved with each checkpoint.
    As in MindSpore, a step period (``save_checkpoint_steps``) wins over a time period
    (``save_checkpoint_seconds``); with neither, no checkpoint is saved. A ``keep_checkpoint_max``
    of 0 or None keeps one file.

    Args:
        save_checkpoint_steps (int): save every this many steps (0 or None: no step
            period). Default: ``1``.
        save_checkpoint_seconds (int): without a step period, save every this many seconds.
            Default: ``0``.
        keep_checkpoint_max (int): the newest files kept (0 or None: 1). Default: ``5``.
        keep_checkpoint_per_n_minutes (int): MindSpore's time-based keeping, used when
            ``keep_checkpoint_max`` is 0; not supported. Default: ``0``.
        integrated_save (bool): passed to ``save_checkpoint``. Default: ``True``.
        async_save (bool): save in a background thread. Default: ``False``.
        saved_network (Cell, optional): the network to save instead of the training network.
            Default: ``None``.
        append_info (list, optional): "epoch_num", "step_num" and at most one dict of extra
            values saved with each checkpoint. Default: ``None``.
        enc_key (bytes, optional): encryption is not supported; must be None. Default:
            ``None``.
        enc_mode (str): passed to ``save_checkpoint``. Default: ``'AES-GCM'``.
        exception_save (bool): not supported; must be False. Default: ``False``.
        crc_check (bool): store a CRC with the checkpoint. Default: ``False``.
        remove_redundancy (bool): passed to ``save_checkpoint``. Default: ``False``.
        format (str): ``'ckpt'`` or ``'safetensors'``. Default: ``'ckpt'``.
        kwargs: only ``incremental``, passed to ``save_checkpoint``.

    Raises:
        ValueError: a negative period or count, all four of them 0 or None, a bad
            ``append_info`` element, or ``remove_redundancy`` not a bool.
        NotImplementedError: ``enc_key`` (encrypted checkpoints), ``exception_save``, or
            time-based keeping (``keep_checkpoint_per_n_minutes`` without
            ``keep_checkpoint_max``).
        TypeError: a period or count that is not an int, ``saved_network`` not a Cell, another
            keyword, or ``append_info`` not a list with at most one dict.

    Examples:
        >>> import mindcell as ms
        >>> config = ms.train.CheckpointConfig(save_checkpoint_steps=100, keep_checkpoint_max=2,
        ...                                    append_info=["epoch_num", {"lr": 0.01}])
        >>> config.save_checkpoint_steps, config.append_info
        (100, ['epoch_num', {'lr': 0.01}])
    """

    def __init__(self, save_checkpoint_steps=1, save_checkpoint_seconds=0, keep_checkpoint_max=5,
                 keep_checkpoint_per_n_minutes=0, integrated_save=True, async_save=False,
                 saved_network=None, append_info=None, enc_key=None, enc_mode="AES-GCM",
                 exception_save=False, crc_check=False, remove_redundancy=False, format="ckpt",
                 **kwargs):
        if not isinstance(remove_redundancy, bool):
            raise ValueError("The parameter 'remove_redundancy' must be isinstance of <class "
                             "'bool'>, but got %r." % (remove_redundancy,))
        for arg, value in (("save_checkpoint_steps", save_checkpoint_steps),
                           ("save_checkpoint_seconds", save_checkpoint_seconds),
                           ("keep_checkpoint_max", keep_checkpoint_max),
                           ("keep_checkpoint_per_n_minutes", keep_checkpoint_per_n_minutes)):
            _check_non_negative_int(arg, value)
        if saved_network is not None and not _is_cell(saved_network):
            raise TypeError("CheckpointConfig: 'saved_network' must be None or a Cell, but got %s"
                            % type(saved_network).__name__)
        if not (save_checkpoint_steps or save_checkpoint_seconds or keep_checkpoint_max
                or keep_checkpoint_per_n_minutes):
            raise ValueError("CheckpointConfig: 'save_checkpoint_steps', 'save_checkpoint_seconds', "
                             "'keep_checkpoint_max' and 'keep_checkpoint_per_n_minutes' can't be "
                             "all None or 0")
        # MindSpore's rules: a step period wins over a time period; without a count of files to
        # keep (0 or None) and without a time rule for keeping, one file is kept
        if save_checkpoint_steps:
            save_checkpoint_seconds = None
        if keep_checkpoint_max:
            keep_checkpoint_per_n_minutes = None
        elif not keep_checkpoint_per_n_minutes:
            keep_checkpoint_max = 1
        else:
            raise NotImplementedError("CheckpointConfig: keeping one checkpoint every "
                                      "'keep_checkpoint_per_n_minutes' (%r) minutes is not "
                                      "supported by mindcell; give 'keep_checkpoint_max'"
                                      % (keep_checkpoint_per_n_minutes,))
        if enc_key is not None:
            raise NotImplementedError("CheckpointConfig: encrypted checkpoints (enc_key) are not "
                                      "supported by mindcell")
        if exception_save:
            raise NotImplementedError("CheckpointConfig: exception_save (a checkpoint when "
                                      "training raises) is not supported by mindcell")
        unknown = set(kwargs) - {"incremental"}
        if unknown:
            raise TypeError("CheckpointConfig: unexpected keyword arguments %s" % sorted(unknown))
        if format == "safetensors" and (enc_mode != "AES-GCM" or crc_check):
            raise ValueError("CheckpointConfig: with format='safetensors' the other checkpoint "
                             "options (enc_mode, crc_check) must keep their defaults, but got "
                             "enc_mode=%r, crc_check=%r" % (enc_mode, crc_check))
        self.save_checkpoint_steps = save_checkpoint_steps
        self.save_checkpoint_seconds = save_checkpoint_seconds
        self.keep_checkpoint_max = keep_checkpoint_max
        self.keep_checkpoint_per_n_minutes = keep_checkpoint_per_n_minutes
        self.saved_network = saved_network
        self.append_info = _check_append_info(append_info)
        self.crc_check = crc_check
        self.format = format
        self.remove_redundancy = remove_redundancy
        # what save_checkpoint receives besides the network and the file
        self.save_options = dict(integrated_save=integrated_save, async_save=async_save,
                                 enc_mode=enc_mode, crc_check=crc_check, format=format,
                                 remove_redundancy=remove_redundancy)
        if "incremental" in kwargs:
            self.save_options["incremental"] = kwargs.get("incremental")

    # MindSpore's other public attributes, read by programs and subclasses
    integrated_save = property(lambda self: self.save_options["integrated_save"])
    async_save = property(lambda self: self.save_options["async_save"])
    enc_mode = property(lambda self: self.save_options["enc_mode"])
    enc_key = property(lambda self: None)  # encryption is refused in __init__
    exception_save = property(lambda self: False)  # refused in __init__
    map_param_inc = property(lambda self: False)
    enable_redundance = property(lambda self: False)

    @property
    def append_dict(self):
        """MindSpore's form of ``append_info``: a dict of the extra values (``epoch_num`` and
        ``step_num`` as 0 until a checkpoint is saved), None without them."""
        return _append_dict(self.append_info, None)

    # MindSpore keeps each setting as a private attribute of the same name, which subclasses
    # and programs read (``config._save_checkpoint_steps``): each reads the public one
    _save_checkpoint_steps = property(lambda self: self.save_checkpoint_steps)
    _save_checkpoint_seconds = property(lambda self: self.save_checkpoint_seconds)
    _keep_checkpoint_max = property(lambda self: self.keep_checkpoint_max)
    _keep_checkpoint_per_n_minutes = property(lambda self: self.keep_checkpoint_per_n_minutes)
    _integrated_save = property(lambda self: self.integrated_save)
    _async_save = property(lambda self: self.async_save)
    _saved_network = property(lambda self: self.saved_network)
    _append_dict = property(lambda self: self.append_dict)
    _enc_key = property(lambda self: self.enc_key)
    _enc_mode = property(lambda self: self.enc_mode)
    _crc_check = property(lambda self: self.crc_check)
    _format = property(lambda self: self.format)
    _map_param_inc = property(lambda self: self.map_param_inc)


def _check_non_negative_int(arg, value):
    """None or an int >= 0 (bools are not ints here), MindSpore's check_non_negative_int."""
    if value is None:
        return
    if isinstance(value, bool) or not isinstance(value, int):
        raise TypeError("CheckpointConfig: '%s' must be an int >= 0, but got %s"
                        % (arg, type(value).__name__))
    if value < 0:
        raise ValueError("CheckpointConfig: '%s' must be an int >= 0, but got %d" % (arg, value))


def _is_cell(obj):
    from mindcell.nn.cell import Cell
    return isinstance(obj, Cell)


def _check_append_info(info):
    """None, or a list of 'epoch_num', 'step_num' and at most one dict (MindSpore's rule)."""
    if info is None:
        return None
    if not isinstance(info, list) or sum(isinstance(i, dict) for i in info) > 1:
        raise TypeError("CheckpointConfig: 'append_info' must be a list with at most one dict, "
                        "but got %r" % (info,))
    for item in info:
        if not isinstance(item, dict) and item not in ("epoch_num", "step_num"):
            raise ValueError("CheckpointConfig: an element of 'append_info' must be "
                             "'epoch_num', 'step_num' or a dict, but got %r" % (item,))
    return info


def _append_dict(info, cb):
    """The append_dict of a checkpoint from CheckpointConfig's append_info."""
    out = {}
    for item in info or ():
        if isinstance(item, dict):
            out.update(item)
        elif cb is None:  # before any checkpoint (CheckpointConfig.append_dict)
            out[item] = 0
        else:
            out[item] = cb.cur_epoch_num if item == "epoch_num" else cb.cur_step_num
    return out or None


def _unused_prefix(directory, prefix):
    """The checkpoint prefix a new ModelCheckpoint writes with, as MindSpore 2.10 chooses it:
    ``prefix`` itself unless ``directory`` holds checkpoint files (.ckpt or .safetensors, not
    breakpoint files) of it, i.e. named ``<prefix>-...`` (then ``<prefix>_1``) or
    ``<prefix>_<n>-...`` (then one above the largest such ``n``)."""
    taken = 0
    for name in os.listdir(directory):
        if not name.endswith((".ckpt", ".safetensors")) or "_breakpoint" in name:
            continue
        rest = name[len(prefix):]
        if not name.startswith(prefix) or not rest or rest[0].isalpha():
            continue
        dash = rest.find("-")
        if dash == 0:
            taken = max(taken, 1)
        elif dash > 0 and rest[1:dash].isdigit():
            taken = max(taken, int(rest[1:dash]) + 1)
    return "%s_%d" % (prefix, taken) if taken else prefix


class ModelCheckpoint(Callback):
    """ModelCheckpoint(prefix='CKP', directory=None, config=None): saves the training network as
    ``<prefix>-<epoch>_<step>.ckpt`` every ``save_checkpoint_steps`` and keeps the newest
    ``keep_checkpoint_max`` files (the saved paths are in ``saved``). When ``directory``
    already holds checkpoints of ``prefix`` from an earlier run, the prefix gains a number
    (``<prefix>_1``, ``<prefix>_2`` ...) instead of overwriting them. In data parallel on
    several ranks rank 0 writes them (see ``save_checkpoint``).

    Args:
        prefix (str): the file name prefix, non-empty, without '/'. Default: ``'CKP'``.
        directory (str, optional): the directory, created if missing. Default: ``None`` (the
            current directory).
        config (CheckpointConfig, optional): the policy. Default: ``None`` (a default
            :class:`CheckpointConfig`).

    Raises:
        ValueError: ``prefix`` is empty or holds '/'.

    Examples:
        >>> import os, tempfile
        >>> from types import SimpleNamespace
        >>> import mindcell as ms
        >>> folder = tempfile.mkdtemp()
        >>> ckpt = ms.train.ModelCheckpoint(prefix="net", directory=folder)
        >>> state = SimpleNamespace(cur_epoch_num=1, cur_step_num=1, batch_num=1,
        ...                         train_network=ms.nn.Dense(2, 1))
        >>> ckpt.on_train_step_end(ms.train.RunContext(state))
        >>> os.listdir(folder)
        ['net-1_1.ckpt']
    """

    def __init__(self, prefix="CKP", directory=None, config=None):
        if not isinstance(prefix, str) or not prefix or "/" in prefix:
            raise ValueError("ModelCheckpoint: 'prefix' must be a non-empty file name prefix")
        self.directory = os.path.realpath(directory or os.getcwd())
        os.makedirs(self.directory, exist_ok=True)
        # as in MindSpore, a run never overwrites an earlier run's files: the prefix gains a
        # number when the directory already holds checkpoints with that prefix
        self.prefix = _unused_prefix(self.directory, prefix)
        self.config = config or CheckpointConfig()
        self.saved = []
        self._last_step = 0
        self._last_time = time.time()

    # MindSpore's attribute names, which subclasses read
    _prefix = property(lambda self: self.prefix)
    _directory = property(lambda self: self.directory)
    _config = property(lambda self: self.config)
    _latest_ckpt_file_name = property(lambda self: self.latest_ckpt_file_name)
    _last_triggered_step = property(lambda self: self._last_step)

    def step_end(self, run_context):
        """Saves a checkpoint once ``save_checkpoint_steps`` steps have passed since the last
        one (``cur_step_num`` counted over the whole run, as ``Model`` and hand-written loops
        set it)."""
        cb = run_context.original_args()
        steps, seconds = self.config.save_checkpoint_steps, self.config.save_checkpoint_seconds
        if steps:
            if cb.cur_step_num >= self._last_step + steps:
                self._save(cb)
        elif seconds and time.time() - self._last_time > seconds:
            self._last_time = time.time()
            self._save(cb)

    def end(self, run_context):
        """Saves the last step's checkpoint when the periodic rule did not already save it
        (nothing when the config has neither a step nor a time period, as in MindSpore)."""
        if self.config.save_checkpoint_steps or self.config.save_checkpoint_seconds:
            self._save(run_context.original_args())

    # training only: Model.eval's hooks do not save
    def on_eval_step_end(self, run_context):
        pass

    def on_eval_end(self, run_context):
        pass

    def _save(self, cb):
        from mindcell.train.serialization import save_checkpoint
        if cb.cur_step_num == self._last_step:
            return
        step_in_epoch = (cb.cur_step_num - 1) % max(cb.batch_num, 1) + 1
        ext = "safetensors" if self.config.format == "safetensors" else "ckpt"
        path = os.path.join(self.directory, "%s-%d_%d.%s" % (self.prefix, cb.cur_epoch_num,
                                                             step_in_epoch, ext))
        network = self.config.saved_network or cb.train_network
        save_checkpoint(network, path, append_dict=_append_dict(self.config.append_info, cb),
                        **self.config.save_options)
        self._last_step = cb.cur_step_num
        self.saved.append(path)
        writer = _rank0.writes_here()  # in data parallel only rank 0 writes (and removes)
        while len(self.saved) > self.config.keep_checkpoint_max:
            old = self.saved.pop(0)
            if writer and os.path.exists(old):
                os.chmod(old, 0o600)
                os.remove(old)

    @property
    def latest_ckpt_file_name(self):
        """The path of the newest checkpoint saved, ``''`` before the first (as MindSpore)."""
        return self.saved[-1] if self.saved else ""


from mindcell.train.callback_extra import EarlyStopping, LearningRateScheduler  # noqa: E402,F401
from mindcell.train.callback_control import (History, LambdaCallback,  # noqa: E402,F401
                                             ReduceLROnPlateau, OnRequestExit)
from mindcell.train.callback_summary import SummaryCollector  # noqa: E402,F401
