"""EarlyStopping and LearningRateScheduler callbacks (MindSpore's API), re-exported by
``mindcell.train.callback``."""
import numpy as np

from mindcell import log
from mindcell.common.tensor import Tensor
from mindcell.train._callback_base import Callback
from mindcell.train.callback_control import _SMALLER_BETTER

__all__ = ["EarlyStopping", "LearningRateScheduler"]


def _monitored(cb, monitor):
    """The monitored value at the end of an epoch: an eval result, or the train loss."""
    results = getattr(cb, "eval_results", None) or {}
    if monitor in results:
        return float(np.mean(results[monitor]))
    if monitor == "loss" and cb.net_outputs is not None:
        out = cb.net_outputs[0] if isinstance(cb.net_outputs, (tuple, list)) else cb.net_outputs
        return float(np.mean(out.asnumpy()))
    return None


class EarlyStopping(Callback):
    """EarlyStopping(monitor='eval_loss', min_delta=0, patience=0, verbose=False, mode='auto',
    baseline=None, restore_best_weights=False): stop training when ``monitor`` has not
    improved by more than ``min_delta`` for ``patience`` epochs.

    ``monitor`` is read at each epoch end from ``cb_params.eval_results`` (``"eval_loss"``,
    ``"accuracy"`` ...) or is ``"loss"`` (the last training step's loss); a value that is not
    available is logged and does not stop. ``wait`` counts the epochs since ``best`` last
    improved; training stops once ``wait >= patience`` (at the first epoch for ``patience=0``,
    as MindSpore). The epoch it stopped at is ``stopped_epoch``.

    Args:
        monitor (str): the value watched. Default: ``'eval_loss'``.
        min_delta (float): the smallest change that counts as an improvement. Default: ``0``.
        patience (int): the epochs without improvement before stopping, non-negative.
            Default: ``0``.
        verbose (bool): print the epoch it stopped at. Default: ``False``.
        mode (str): ``'min'``, ``'max'`` or ``'auto'`` (minimise ``loss``, ``eval_loss``,
            ``mae``, ``mse``, ``perplexity`` and the distance metrics, maximise the rest).
            Default: ``'auto'``.
        baseline (float, optional): a value to improve on from the start. Default: ``None``.
        restore_best_weights (bool): on stopping, restore the parameters of the best epoch.
            Default: ``False``.

    Raises:
        TypeError: ``monitor`` is not a str or ``min_delta`` not a number.
        ValueError: ``patience`` is not a non-negative int or ``mode`` is unknown.

    Examples:
        >>> from types import SimpleNamespace
        >>> import mindcell as ms
        >>> stopper = ms.train.EarlyStopping(monitor="loss", patience=1)
        >>> ctx = ms.train.RunContext(SimpleNamespace(cur_epoch_num=1, eval_results=None,
        ...                                           net_outputs=ms.Tensor(1.0, ms.float32)))
        >>> for epoch in (1, 2, 3):
        ...     ctx.original_args().cur_epoch_num = epoch
        ...     stopper.on_train_epoch_end(ctx)
        >>> ctx.get_stop_requested(), stopper.stopped_epoch, stopper.best
        (True, 3, 1.0)
    """

    def __init__(self, monitor="eval_loss", min_delta=0, patience=0, verbose=False,
                 mode="auto", baseline=None, restore_best_weights=False):
        if not isinstance(monitor, str):
            raise TypeError("EarlyStopping: 'monitor' must be a str, but got %s"
                            % type(monitor).__name__)
        if isinstance(patience, bool) or not isinstance(patience, int) or patience < 0:
            raise ValueError("EarlyStopping: 'patience' must be an int >= 0, but got %r"
                             % (patience,))
        if isinstance(min_delta, bool) or not isinstance(min_delta, (int, float)):
            raise TypeError("EarlyStopping: 'min_delta' must be a number, but got %r"
                            % (min_delta,))
        if mode not in ("auto", "min", "max"):
            raise ValueError("EarlyStopping: 'mode' must be 'auto', 'min' or 'max', but got %r"
                             % (mode,))
        self.monitor, self.patience, self.verbose = monitor, patience, verbose
        self.baseline, self.restore_best_weights = baseline, restore_best_weights
        self.mode = mode
        self.min_delta = abs(min_delta)
        self.stopped_epoch = 0
        # MindSpore's rule for 'auto': minimise the metrics it knows to be errors, maximise the rest
        self._minimise = mode == "min" or (mode == "auto" and monitor in _SMALLER_BETTER)
        if self._minimise:
            self.is_improvement = lambda a, b: np.less(a, b - self.min_delta)
        else:
            self.is_improvement = lambda a, b: np.greater(a, b + self.min_delta)
        self.on_train_begin(None)

    def on_train_begin(self, run_context):
        self.wait = 0
        self.stopped_epoch = 0
        self.best = np.inf if self._minimise else -np.inf
        self.best_weights_param_dict = None

    def on_train_epoch_end(self, run_context):
        """As MindSpore: ``wait`` counts the epochs since the last improvement of ``best`` (that
        also improves on ``baseline``); training stops once ``wait >= patience``."""
        cb = run_context.original_args()
        value = _monitored(cb, self.monitor)
        if value is None:
            log.warning("EarlyStopping: '%s' is not available (eval results: %s); not stopping",
                        self.monitor, sorted(getattr(cb, "eval_results", None) or {}))
            return
        if self.restore_best_weights and self.best_weights_param_dict is None:
            self.best_weights_param_dict = self._weights(cb)
        self.wait += 1
        if self.is_improvement(value, self.best):
            self.best = value
            if self.restore_best_weights:
                self.best_weights_param_dict = self._weights(cb)
            if self.baseline is None or self.is_improvement(value, self.baseline):
                self.wait = 0
        if self.wait >= self.patience:
            self.stopped_epoch = cb.cur_epoch_num
            run_context.request_stop()
            if self.best_weights_param_dict is not None:
                if self.verbose:  # MindSpore 2.10's message
                    print("Restoring model weights from the end of the best epoch.", flush=True)
                for p in cb.train_network.get_parameters():
                    if p.name in self.best_weights_param_dict:
                        p.set_data(Tensor(self.best_weights_param_dict[p.name]))

    @staticmethod
    def _weights(cb):
        return {p.name: p.asnumpy().copy() for p in cb.train_network.get_parameters()}

    def on_train_end(self, run_context):
        if self.stopped_epoch and self.verbose:
            print("Epoch %05d: early stopping" % self.stopped_epoch, flush=True)  # MindSpore's


class LearningRateScheduler(Callback):
    """LearningRateScheduler(learning_rate_function): after every training step, sets the
    optimizer's learning rate to ``learning_rate_function(lr, cur_step_num)``.

    Args:
        learning_rate_function (Callable): takes the current rate (a float, or an array for a
            list rate) and the step number, returns the new rate.

    Raises:
        TypeError: ``learning_rate_function`` is not callable; at a step, the optimizer's rate
            is a schedule Cell instead of a fixed value.

    Examples:
        >>> from types import SimpleNamespace
        >>> import mindcell as ms
        >>> opt = ms.nn.SGD(ms.nn.Dense(2, 1).trainable_params(), learning_rate=0.1)
        >>> halve = ms.train.LearningRateScheduler(lambda lr, step: lr / 2 if step % 2 == 0 else lr)
        >>> state = SimpleNamespace(optimizer=opt, cur_step_num=2)
        >>> halve.on_train_step_end(ms.train.RunContext(state))
        >>> print(opt.learning_rate.asnumpy())
        0.05
    """

    def __init__(self, learning_rate_function):
        if not callable(learning_rate_function):
            raise TypeError("LearningRateScheduler: 'learning_rate_function' must be callable, "
                            "but got %s" % type(learning_rate_function).__name__)
        self.learning_rate_function = learning_rate_function

    def on_eval_step_end(self, run_context):  # the schedule follows training steps only
        pass

    def step_end(self, run_context):
        cb = run_context.original_args()
        lr_param = getattr(cb.optimizer, "learning_rate", None)
        if lr_param is None or not hasattr(lr_param, "set_data"):
            raise TypeError("LearningRateScheduler: the optimizer's learning_rate must be a "
                            "fixed value (not a schedule Cell)")
        lr = lr_param.asnumpy()
        new_lr = self.learning_rate_function(float(lr) if lr.ndim == 0 else lr,
                                             cb.cur_step_num)
        if not np.array_equal(np.asarray(new_lr, np.float32), lr):
            lr_param.set_data(Tensor(np.asarray(new_lr, np.float32).reshape(lr.shape)))
