"""History, LambdaCallback, ReduceLROnPlateau and OnRequestExit (MindSpore's callbacks),
re-exported by ``mindcell.train.callback``."""
import os
import signal

import numpy as np

from mindcell import context, log
from mindcell.common.parameter import Parameter
from mindcell.common.tensor import Tensor
from mindcell.nn.optim.optimizer import _DEFAULT as _DEFAULT_LR  # a group without its own lr
from mindcell.train._callback_base import Callback

__all__ = ["History", "LambdaCallback", "ReduceLROnPlateau", "OnRequestExit"]

_SMALLER_BETTER = ("hausdorff_distance", "mae", "mse", "loss", "perplexity",
                   "mean_surface_distance", "root_mean_square_distance", "eval_loss")


def _first_output_mean(outputs):
    out = outputs[0] if isinstance(outputs, (tuple, list)) and outputs else outputs
    return np.mean(out.asnumpy()) if isinstance(out, Tensor) else out


class History(Callback):
    """History(): records, at the end of each training epoch, the mean of the network's first
    output (``history["net_output"]``) and the metrics of the evaluation ``Model.fit`` ran
    (one list per metric name), and the epoch numbers (``epoch == {"epoch": [1, 2, ...]}``).
    With ``Model.eval`` alone, it records that pass's output.

    Examples:
        >>> from mindcell.train import History
        >>> History().history
        {}
    """

    def __init__(self):
        self.history = {}
        self.epoch = None
        self._training = False

    def on_train_begin(self, run_context):
        self.epoch = {"epoch": []}
        self._training = True

    def on_train_epoch_end(self, run_context):
        cb = run_context.original_args()
        metrics = getattr(cb, "metrics", None) or {
            k: v for k, v in (getattr(cb, "eval_results", None) or {}).items()
            if k != "eval_loss"}
        self._add(cb, metrics)

    def on_train_end(self, run_context):
        self._training = False

    # Model.fit's evaluations are not epochs of their own; Model.eval alone is one.
    def on_eval_begin(self, run_context):
        if not self._training:
            self.epoch = {"epoch": []}

    def on_eval_epoch_end(self, run_context):
        if not self._training:
            self._add(run_context.original_args(), None)

    def _add(self, cb, metrics):
        self.epoch["epoch"].append(getattr(cb, "cur_epoch_num", 1))
        entry = {"net_output": _first_output_mean(cb.net_outputs)}
        entry.update(metrics or {})
        for key, value in entry.items():
            self.history.setdefault(key, []).append(value)


_HOOKS = ("on_train_epoch_begin", "on_train_epoch_end", "on_train_step_begin",
          "on_train_step_end", "on_train_begin", "on_train_end", "on_eval_epoch_begin",
          "on_eval_epoch_end", "on_eval_step_begin", "on_eval_step_end", "on_eval_begin",
          "on_eval_end")


class LambdaCallback(Callback):
    """LambdaCallback(on_train_epoch_begin=None, on_train_epoch_end=None,
    on_train_step_begin=None, on_train_step_end=None, on_train_begin=None,
    on_train_end=None, on_eval_epoch_begin=None, on_eval_epoch_end=None,
    on_eval_step_begin=None, on_eval_step_end=None, on_eval_begin=None, on_eval_end=None)

    A callback made of functions: each given one is called with the ``RunContext`` at its
    hook; the others do nothing.

    Args:
        on_train_epoch_begin (Callable, optional): run at that hook. Default: ``None``.
        on_train_epoch_end (Callable, optional): run at that hook. Default: ``None``.
        on_train_step_begin (Callable, optional): run at that hook. Default: ``None``.
        on_train_step_end (Callable, optional): run at that hook. Default: ``None``.
        on_train_begin (Callable, optional): run at that hook. Default: ``None``.
        on_train_end (Callable, optional): run at that hook. Default: ``None``.
        on_eval_epoch_begin (Callable, optional): run at that hook. Default: ``None``.
        on_eval_epoch_end (Callable, optional): run at that hook. Default: ``None``.
        on_eval_step_begin (Callable, optional): run at that hook. Default: ``None``.
        on_eval_step_end (Callable, optional): run at that hook. Default: ``None``.
        on_eval_begin (Callable, optional): run at that hook. Default: ``None``.
        on_eval_end (Callable, optional): run at that hook. Default: ``None``.

    Raises:
        TypeError: a hook that is neither None nor callable (MindSpore fails only when the
            hook runs).

    Examples:
        >>> from mindcell.train import LambdaCallback
        >>> seen = []
        >>> cb = LambdaCallback(on_train_end=lambda run_context: seen.append("end"))
        >>> cb.on_train_end(None); seen
        ['end']
    """

    def __init__(self, on_train_epoch_begin=None, on_train_epoch_end=None,
                 on_train_step_begin=None, on_train_step_end=None, on_train_begin=None,
                 on_train_end=None, on_eval_epoch_begin=None, on_eval_epoch_end=None,
                 on_eval_step_begin=None, on_eval_step_end=None, on_eval_begin=None,
                 on_eval_end=None):
        given = dict(locals())
        for hook in _HOOKS:
            fn = given[hook]
            if fn is None:
                fn = _nothing
            elif not callable(fn):
                raise TypeError("LambdaCallback: '%s' must be callable or None, but got %s"
                                % (hook, type(fn).__name__))
            setattr(self, hook, fn)


def _nothing(run_context):
    return None


class ReduceLROnPlateau(Callback):
    """ReduceLROnPlateau(monitor='eval_loss', factor=0.1, patience=10, verbose=False,
    mode='auto', min_delta=1e-4, cooldown=0, min_lr=0)

    Multiplies the optimizer's (fixed) learning rate by ``factor`` once ``monitor`` has not
    improved by more than ``min_delta`` for ``patience`` training epochs, never below
    ``min_lr``, then waits ``cooldown`` epochs before counting again.

    ``monitor`` is ``"loss"`` (the last training step's loss), ``"eval_loss"`` or a metric
    name of ``Model.fit``'s evaluation (``run_context.original_args().eval_results``;
    ``"eval_loss"`` falls back to a ``"loss"`` metric there). ``mode`` 'auto' minimises
    loss-like names (loss, eval_loss, mae, mse, perplexity, distances) and maximises others.

    Args:
        monitor (str): the value watched. Default: ``'eval_loss'``.
        factor (float): the rate's multiplier, in (0, 1). Default: ``0.1``.
        patience (int): the epochs without improvement before reducing, non-negative.
            Default: ``10``.
        verbose (bool): print each reduction. Default: ``False``.
        mode (str): ``'auto'``, ``'min'`` or ``'max'``. Default: ``'auto'``.
        min_delta (float): the smallest change that counts as an improvement. Default:
            ``1e-4``.
        cooldown (int): the epochs after a reduction before counting again, non-negative.
            Default: ``0``.
        min_lr (float): the lowest rate. Default: ``0``.

    Raises:
        TypeError / ValueError: MindSpore's argument checks (``factor`` a float in (0, 1),
            ``patience`` and ``cooldown`` non-negative ints, ``mode`` 'auto'/'min'/'max').
        ValueError: at an epoch end, a learning-rate schedule or group learning rates, or a
            monitored value that is not a scalar.

    Examples:
        >>> from mindcell.train import ReduceLROnPlateau
        >>> ReduceLROnPlateau(monitor="eval_loss", factor=0.5, patience=2).best
        inf
    """

    def __init__(self, monitor="eval_loss", factor=0.1, patience=10, verbose=False,
                 mode="auto", min_delta=1e-4, cooldown=0, min_lr=0):
        api = "ReduceLROnPlateau"
        if not isinstance(monitor, str):
            raise TypeError("%s: 'monitor' must be a str, but got %s"
                            % (api, type(monitor).__name__))
        if isinstance(factor, bool) or not isinstance(factor, float):
            raise TypeError("%s: 'factor' must be a float, but got %s"
                            % (api, type(factor).__name__))
        if not 0.0 < factor < 1.0:
            raise ValueError("%s: 'factor' must be in (0.0, 1.0), but got %r" % (api, factor))
        for name, value in (("patience", patience), ("cooldown", cooldown)):
            if isinstance(value, bool) or not isinstance(value, int):
                raise TypeError("%s: '%s' must be an int, but got %s"
                                % (api, name, type(value).__name__))
            if value < 0:
                raise ValueError("%s: '%s' must be >= 0, but got %d" % (api, name, value))
        if not isinstance(verbose, bool):
            raise TypeError("%s: 'verbose' must be a bool, but got %s"
                            % (api, type(verbose).__name__))
        if not isinstance(mode, str):
            raise TypeError("%s: 'mode' must be a str, but got %s" % (api, type(mode).__name__))
        for name, value in (("min_delta", min_delta), ("min_lr", min_lr)):
            if isinstance(value, bool) or not isinstance(value, (int, float)):
                raise TypeError("%s: '%s' must be an int or float, but got %s"
                                % (api, name, type(value).__name__))
        if mode not in ("auto", "min", "max"):
            raise ValueError("%s: 'mode' must be 'auto', 'min' or 'max', but got %r"
                             % (api, mode))
        self.monitor, self.factor, self.patience, self.verbose = monitor, factor, patience, \
            verbose
        self.mode, self.min_delta, self.cooldown, self.min_lr = mode, abs(min_delta), cooldown, \
            min_lr
        self._minimise = mode == "min" or (mode == "auto" and monitor in _SMALLER_BETTER)
        self.on_train_begin(None)

    def is_improvement(self, current, best):
        if self._minimise:
            return current < best - self.min_delta
        return current > best + self.min_delta

    def on_train_begin(self, run_context):
        self.cooldown_counter = 0
        self.wait = 0
        self.best = np.inf if self._minimise else -np.inf

    def on_train_epoch_end(self, run_context):
        cb = run_context.original_args()
        lr = getattr(cb.optimizer, "learning_rate", None)
        if not isinstance(lr, Parameter) or lr.ndim != 0 or any(
                g is not _DEFAULT_LR for g in getattr(cb.optimizer, "group_lr", ())):
            raise ValueError("ReduceLROnPlateau: only a fixed learning rate is supported, not "
                             "a dynamic one or group learning rates")
        value = self._monitored(cb)
        if value is None:
            return
        if self.cooldown_counter > 0:
            self.cooldown_counter -= 1
            self.wait = 0
        if self.is_improvement(value, self.best):
            self.best, self.wait = value, 0
            return
        if self.cooldown_counter > 0:
            return
        self.wait += 1
        if self.wait < self.patience:
            return
        current = float(lr.asnumpy())
        if current > self.min_lr:
            new_lr = max(current * self.factor, self.min_lr)
            lr.set_data(Tensor(np.float32(new_lr)))
            if self.verbose:
                print("Epoch %05d: ReduceLROnPlateau reducing learning rate to %s."
                      % (cb.cur_epoch_num, np.float32(new_lr)), flush=True)
        self.cooldown_counter = self.cooldown
        self.wait = 0

    def _monitored(self, cb):
        results = getattr(cb, "eval_results", None) or {}
        if self.monitor == "loss":
            value = None if cb.net_outputs is None else _first_output_mean(cb.net_outputs)
        else:
            value = results.get(self.monitor)
            if value is None and self.monitor == "eval_loss":
                value = results.get("loss")
        if value is None:
            log.warning("ReduceLROnPlateau: '%s' is not available; available: %s",
                        self.monitor, sorted({"loss"} | set(results)))
            return None
        value = np.asarray(value, np.float64)
        if value.shape != ():
            raise ValueError("ReduceLROnPlateau: the monitored value must be a scalar, but "
                             "'%s' has shape %s" % (self.monitor, value.shape))
        return float(value)


class OnRequestExit(Callback):
    """OnRequestExit(save_ckpt=True, save_mindir=True, file_name='Net', directory='./',
    config_file=None, sig=signal.SIGTERM)

    Ends training (or evaluation) cleanly when the process receives ``sig``: the current
    step finishes, training stops, and the network is saved to
    ``<directory>/rank_<device_id>/<file_name>_train.ckpt`` (``_eval`` for evaluation). A
    later run with the same callback loads that checkpoint at its start, to resume. The
    previous handler of ``sig`` is restored when training ends.

    Args:
        save_ckpt (bool): save a checkpoint on exit. Default: ``True``.
        save_mindir (bool): MindIR export is not available in mindcell (``ms.export`` writes
            ONNX): True logs a warning at construction and no MindIR file is written.
        file_name (str): file name stem. Default: ``"Net"``.
        directory (str): output folder (None: the working directory). Default: ``"./"``.
        config_file (str): a JSON file; ``{"GracefulExit": 1}`` in it requests the exit too
            (checked at each step begin).
        sig (int): the signal to handle. Default: ``signal.SIGTERM``.

    Raises:
        ValueError: ``save_ckpt``/``save_mindir`` not bools (MindSpore's type), or
            ``sig`` is SIGKILL.
        TypeError: ``file_name``, ``directory``, ``config_file`` or ``sig`` of the wrong type.

    Examples:
        >>> import tempfile
        >>> from mindcell.train import OnRequestExit
        >>> cb = OnRequestExit(save_mindir=False, directory=tempfile.mkdtemp())
        >>> cb.exit
        False
    """

    def __init__(self, save_ckpt=True, save_mindir=True, file_name="Net", directory="./",
                 config_file=None, sig=signal.SIGTERM):
        api = "OnRequestExit"
        for name, value in (("save_ckpt", save_ckpt), ("save_mindir", save_mindir)):
            if not isinstance(value, bool):
                raise ValueError("%s: '%s' must be a bool, but got %r" % (api, name, value))
        if isinstance(sig, bool) or not isinstance(sig, int):
            raise TypeError("%s: 'sig' must be an int signal number, but got %s"
                            % (api, type(sig).__name__))
        if sig == getattr(signal, "SIGKILL", None):
            raise ValueError("%s: SIGKILL cannot be handled; use another signal" % api)
        for name, value in (("file_name", file_name), ("directory", directory),
                            ("config_file", config_file)):
            if value is not None and not isinstance(value, str):
                raise TypeError("%s: '%s' must be a str, but got %s"
                                % (api, name, type(value).__name__))
        if save_mindir:
            log.warning("OnRequestExit: save_mindir=True: mindcell cannot write MindIR; only "
                        "the checkpoint is saved (pass save_mindir=False to silence this)")
        self.save_ckpt, self.save_mindir, self.sig = save_ckpt, save_mindir, sig
        self.save_path = directory
        self.remote_config_file = config_file
        self.key = "GracefulExit"
        self.exit = False
        self.stop_train = False
        folder = os.path.join(directory if directory is not None else os.getcwd(),
                              "rank_%d" % (context.get_context("device_id") or 0))
        self.train_name = os.path.join(folder, "%s_train" % file_name)
        self.eval_name = os.path.join(folder, "%s_eval" % file_name)
        self._previous = None
        self._training = False

    def _handle_signal(self, signum, frame):
        self.exit = True

    def _install(self):
        self.exit = False
        self.stop_train = False
        self._previous = signal.signal(self.sig, self._handle_signal)

    def _uninstall(self):
        if self._previous is not None:
            signal.signal(self.sig, self._previous)
            self._previous = None

    def _config_requests_exit(self):
        path = self.remote_config_file
        if path is None or not os.path.exists(path):
            return False
        import json
        try:
            with open(path, encoding="utf-8") as f:
                info = json.load(f)
        except ValueError as e:
            log.warning("OnRequestExit: cannot parse %s: %s", path, e)
            return False
        return isinstance(info, dict) and info.get(self.key) == 1

    def _load(self, net, *names):
        from mindcell.train.serialization import load_checkpoint
        for name in names:
            if os.path.isfile(name + ".ckpt"):
                load_checkpoint(name + ".ckpt", net=net)
                return

    def _save(self, net, name, cb):
        if not self.save_ckpt:
            return
        from mindcell.train.serialization import save_checkpoint
        os.makedirs(os.path.dirname(name), exist_ok=True)
        append = {"epoch_num": cb.cur_epoch_num, "step_num": cb.cur_step_num}
        save_checkpoint(net, name + ".ckpt", append_dict=append)

    def on_train_begin(self, run_context):
        self._training = True
        self._install()
        if self.save_ckpt:
            self._load(run_context.original_args().train_network, self.train_name)

    def on_train_step_begin(self, run_context):
        if not self.exit and self._config_requests_exit():
            self.exit = True

    def on_train_step_end(self, run_context):
        if self.exit:
            run_context.request_stop()

    def on_train_epoch_end(self, run_context):
        if self.exit:
            run_context.request_stop()

    def on_train_end(self, run_context):
        self._training = False
        self._uninstall()
        if self.exit and not self.stop_train:
            cb = run_context.original_args()
            self._save(cb.train_network, self.train_name, cb)
            self.stop_train = True

    def on_eval_begin(self, run_context):
        if self._training:  # Model.fit's evaluations: the training run owns the state
            return
        self._install()
        if self.save_ckpt:
            self._load(run_context.original_args().eval_network, self.eval_name,
                       self.train_name)

    def on_eval_step_end(self, run_context):
        if self.exit:
            run_context.request_stop()

    def on_eval_end(self, run_context):
        if self.exit:
            self._save(run_context.original_args().eval_network, self.eval_name,
                       run_context.original_args())
        if not self._training:
            self._uninstall()
