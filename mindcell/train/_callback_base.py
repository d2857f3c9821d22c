"""The Callback base class and RunContext (``mindcell.train.callback`` re-exports them)."""
import types


class RunContext:
    """RunContext(original_args): passed to callbacks; ``original_args()`` returns the
    parameters of the run (``Model`` gives a namespace: ``cur_step_num``, ``net_outputs`` ...).

    Args:
        original_args (dict): the run's parameters (or ``Model``'s own namespace of them).

    Raises:
        TypeError: ``original_args`` is not a dict.

    Examples:
        >>> from mindcell.train import RunContext
        >>> ctx = RunContext({"cur_step_num": 3})
        >>> ctx.original_args()["cur_step_num"]
        3
        >>> ctx.request_stop()
        >>> ctx.get_stop_requested()
        True
    """

    def __init__(self, original_args):
        if not isinstance(original_args, (dict, types.SimpleNamespace)):
            raise TypeError("The argument 'original_args' of RunContext should be dict type, "
                            "but got %s." % type(original_args))
        self._params = original_args
        self._stop = False

    def original_args(self):
        return self._params

    def request_stop(self):
        self._stop = True

    def get_stop_requested(self):
        return self._stop


class Callback:
    """Callback(): the base class of the training and evaluation callbacks.

    Override any of ``on_train_begin``, ``on_train_epoch_begin``, ``on_train_step_begin``,
    ``on_train_step_end``, ``on_train_epoch_end``, ``on_train_end`` and the ``on_eval_*`` ones;
    each receives a :class:`RunContext` whose ``original_args()`` holds the run's state
    (``cur_epoch_num``, ``cur_step_num``, ``batch_num``, ``net_outputs``, ``train_network``,
    ``optimizer`` ...). As in MindSpore, by default they call the older hooks ``begin``,
    ``epoch_begin``, ``step_begin``, ``step_end``, ``epoch_end`` and ``end`` (shared by training
    and evaluation), so callbacks written either way run. ``run_context.request_stop()`` ends
    the training after the current step.

    Examples:
        >>> from types import SimpleNamespace
        >>> import mindcell as ms
        >>> class StopAtStep(ms.train.Callback):
        ...     def step_end(self, run_context):
        ...         if run_context.original_args().cur_step_num >= 3:
        ...             run_context.request_stop()
        >>> ctx = ms.train.RunContext(SimpleNamespace(cur_step_num=3))
        >>> StopAtStep().on_train_step_end(ctx)
        >>> ctx.get_stop_requested()
        True
    """

    def begin(self, run_context):
        pass

    def epoch_begin(self, run_context):
        pass

    def epoch_end(self, run_context):
        pass

    def step_begin(self, run_context):
        pass

    def step_end(self, run_context):
        pass

    def end(self, run_context):
        pass

    def on_train_begin(self, run_context):
        self.begin(run_context)

    def on_train_epoch_begin(self, run_context):
        self.epoch_begin(run_context)

    def on_train_step_begin(self, run_context):
        self.step_begin(run_context)

    def on_train_step_end(self, run_context):
        self.step_end(run_context)

    def on_train_epoch_end(self, run_context):
        self.epoch_end(run_context)

    def on_train_end(self, run_context):
        self.end(run_context)

    def on_eval_begin(self, run_context):
        self.begin(run_context)

    def on_eval_epoch_begin(self, run_context):
        self.epoch_begin(run_context)

    def on_eval_step_begin(self, run_context):
        self.step_begin(run_context)

    def on_eval_step_end(self, run_context):
        self.step_end(run_context)

    def on_eval_epoch_end(self, run_context):
        self.epoch_end(run_context)

    def on_eval_end(self, run_context):
        self.end(run_context)
