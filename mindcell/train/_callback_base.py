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

    def __enter__(self):
        return self

    def __exit__(self, *err):
        return None

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


class _MissingRunState(AttributeError, KeyError):
    """An unset InternalCallbackParam attribute: a KeyError as in MindSpore, and an
    AttributeError so that ``hasattr`` / ``getattr(p, name, default)`` work."""

    def __str__(self):
        return str(self.args[0]) if self.args else ""


class InternalCallbackParam(dict):
    """InternalCallbackParam(): the run state handed to callbacks, a dict whose keys are also
    attributes (``p.cur_step_num = 3`` sets ``p["cur_step_num"]``). ``Model`` fills one;
    hand-written training loops build their own to drive ``ModelCheckpoint`` and friends.

    Raises:
        KeyError: reading an attribute that was never set (also an AttributeError, so
            ``getattr(p, name, default)`` returns the default).

    Examples:
        >>> from mindcell.train.callback import InternalCallbackParam
        >>> p = InternalCallbackParam()
        >>> p.cur_step_num = 3
        >>> p["cur_step_num"], p.get("batch_num", 1)
        (3, 1)
    """

    def __getattr__(self, key):
        try:
            return self[key]
        except KeyError:
            raise _MissingRunState("InternalCallbackParam has no attribute %r (set keys: %s)"
                                   % (key, sorted(self))) from None

    def __setattr__(self, key, value):
        self[key] = value

    def __delattr__(self, key):
        try:
            del self[key]
        except KeyError:
            raise _MissingRunState(key) from None


_HOOKS = ("begin", "epoch_begin", "epoch_end", "step_begin", "step_end", "end",
          "on_train_begin", "on_train_epoch_begin", "on_train_epoch_end",
          "on_train_step_begin", "on_train_step_end", "on_train_end",
          "on_eval_begin", "on_eval_epoch_begin", "on_eval_epoch_end",
          "on_eval_step_begin", "on_eval_step_end", "on_eval_end")


class CallbackManager(Callback):
    """CallbackManager(callbacks): one callback that runs several in order; every hook
    (``step_end``, ``on_train_epoch_end`` ...) is called on each of them. Used as a context
    manager it enters and exits each callback.

    Args:
        callbacks (Union[Callback, list[Callback], None]): the callbacks.

    Raises:
        TypeError: ``callbacks`` is neither None, a Callback nor a list of Callbacks.

    Examples:
        >>> from mindcell.train.callback import CallbackManager, Callback, RunContext
        >>> class Count(Callback):
        ...     n = 0
        ...     def step_end(self, run_context):
        ...         Count.n += 1
        >>> manager = CallbackManager([Count(), Count()])
        >>> manager.step_end(RunContext({}))
        >>> Count.n
        2
    """

    def __init__(self, callbacks):
        self._callbacks, self._stack = [], None
        if isinstance(callbacks, Callback):
            self._callbacks.append(callbacks)
        elif isinstance(callbacks, list):
            for cb in callbacks:
                if not isinstance(cb, Callback):
                    raise TypeError("CallbackManager: every element of 'callbacks' must be a "
                                    "Callback, but got %s" % type(cb).__name__)
                self._callbacks.append(cb)
        elif callbacks is not None:
            raise TypeError("CallbackManager: 'callbacks' must be None, a Callback or a list of "
                            "Callbacks, but got %s" % type(callbacks).__name__)

    def __enter__(self):
        if self._stack is None:
            import contextlib
            self._stack = contextlib.ExitStack().__enter__()
            entered = []
            for cb in self._callbacks:
                target = self._stack.enter_context(cb)
                entered.append(target if isinstance(target, Callback) else cb)
            self._callbacks = entered
        return self

    def __exit__(self, *err):
        stack, self._stack = self._stack, None
        return stack.__exit__(*err) if stack is not None else None


def _fan_out(name):
    def hook(self, run_context):
        for cb in self._callbacks:
            getattr(cb, name)(run_context)
    hook.__name__ = name
    hook.__doc__ = "Calls ``%s`` of every managed callback." % name
    return hook


for _name in _HOOKS:
    setattr(CallbackManager, _name, _fan_out(_name))
del _name


#: the network ``set_cur_net`` was last given (MindSpore's ``_callback.CUR_NET``)
CUR_NET = None


def set_cur_net(net):
    """set_cur_net(net): remember ``net`` as the current training network (module attribute
    ``CUR_NET`` of ``mindspore.train.callback._callback``, which hand-written training loops set
    before checkpointing).

    Args:
        net (Union[Cell, None]): the network.

    Examples:
        >>> from mindcell import nn
        >>> from mindcell.train import _callback_base as cb
        >>> net = nn.Dense(2, 1)
        >>> cb.set_cur_net(net)
        >>> cb.CUR_NET is net
        True
        >>> cb.set_cur_net(None)
    """
    global CUR_NET
    CUR_NET = net


def _handle_loss(loss):
    """_handle_loss(loss): the loss a callback reports from a step's ``net_outputs``, as
    MindSpore's private helper of that name gives it: a Tensor becomes the Python float of its
    mean; a tuple/list whose first item is a Tensor becomes that Tensor (unreduced); anything
    else is returned as it is.

    Args:
        loss (Union[Tensor, tuple, list, Any]): the network outputs.

    Returns:
        Union[float, Tensor, Any]: the loss.

    Examples:
        >>> import numpy as np
        >>> import mindcell as ms
        >>> from mindcell.train._callback_base import _handle_loss
        >>> _handle_loss(ms.Tensor(np.array([1.0, 2.0], np.float32)))
        1.5
    """
    import numpy as np
    from mindcell.common.tensor import Tensor
    if isinstance(loss, (tuple, list)):
        if isinstance(loss[0], Tensor):  # an empty one: IndexError, as in MindSpore
            loss = loss[0]
    elif isinstance(loss, Tensor):
        loss = float(np.mean(loss.asnumpy()))
    return loss
