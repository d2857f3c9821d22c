"""``DSCallback``: hooks a ``map`` operation calls as rows pass through it (pipeline begin,
epoch begin/end, step begin/end every ``step_size`` rows)."""
import numbers

__all__ = ["DSCallback"]


class _DSRunContext:
    """What a DSCallback method is told: ``cur_epoch_num`` (from 1), ``cur_step_num_in_epoch``
    (from 1) and ``cur_step_num`` (over all epochs)."""

    def __init__(self):
        self.cur_epoch_num = 0
        self.cur_step_num_in_epoch = 0
        self.cur_step_num = 0


class DSCallback:
    """DSCallback(step_size=1): the base class of dataset callbacks. Pass instances to
    ``Dataset.map(..., callbacks=[...])``; the map calls, with a run context holding
    ``cur_epoch_num``, ``cur_step_num_in_epoch`` and ``cur_step_num``:
    ``ds_begin`` once before the first row, ``ds_epoch_begin``/``ds_epoch_end`` around every
    epoch, and ``ds_step_begin``/``ds_step_end`` around the rows whose step number in the epoch
    is 1, 1 + step_size, 1 + 2 * step_size ... Override the ones you need (the base methods do
    nothing). mindcell calls them in the order the rows are computed (MindSpore's pipeline may
    compute rows ahead of the ones consumed).

    Args:
        step_size (int, optional): call the step methods every ``step_size`` rows, in
            [1, 2147483647]. Default: ``1``.

    Raises:
        TypeError: ``step_size`` is not an int.
        ValueError: ``step_size`` is out of range.

    Examples:
        >>> import mindcell.dataset as ds
        >>> from mindcell.dataset import DSCallback
        >>> class Log(DSCallback):
        ...     def ds_epoch_begin(self, ctx):
        ...         print("epoch", ctx.cur_epoch_num)
        ...     def ds_step_begin(self, ctx):
        ...         print("step", ctx.cur_step_num_in_epoch, ctx.cur_step_num)
        >>> data = ds.NumpySlicesDataset({"x": [1, 2, 3]}, shuffle=False)
        >>> data = data.map(lambda x: x, callbacks=[Log(step_size=2)])
        >>> _ = [r for r in data.create_tuple_iterator(output_numpy=True)]
        epoch 1
        step 1 1
        step 3 3
    """

    def __init__(self, step_size=1):
        if isinstance(step_size, bool) or not isinstance(step_size, numbers.Integral):
            raise TypeError("Argument step_size with value %r is not of type [<class 'int'>], "
                            "but got %s." % (step_size, type(step_size)))
        if not 1 <= step_size <= 2147483647:
            raise ValueError("Input step_size is not within the required interval of "
                             "[1, 2147483647].")
        self.step_size = int(step_size)

    def ds_begin(self, ds_run_context):
        """Called once, before the pipeline's first row.

        Args:
            ds_run_context (RunContext): the pipeline's position.
        """

    def ds_epoch_begin(self, ds_run_context):
        """Called before each epoch's first row.

        Args:
            ds_run_context (RunContext): the pipeline's position.
        """

    def ds_epoch_end(self, ds_run_context):
        """Called after each epoch's last row.

        Args:
            ds_run_context (RunContext): the pipeline's position.
        """

    def ds_step_begin(self, ds_run_context):
        """Called before every ``step_size``-th row (the first of each epoch included).

        Args:
            ds_run_context (RunContext): the pipeline's position.
        """

    def ds_step_end(self, ds_run_context):
        """Called after every ``step_size``-th row (the first of each epoch included).

        Args:
            ds_run_context (RunContext): the pipeline's position.
        """


def check_callbacks(op, callbacks):
    """``callbacks`` of a map as a list of DSCallback (None: none)."""
    if callbacks is None:
        return []
    items = list(callbacks) if isinstance(callbacks, (list, tuple)) else [callbacks]
    for cb in items:
        if not isinstance(cb, DSCallback):
            raise TypeError("%s: 'callbacks' must be DSCallback instances, but got %s"
                            % (op, type(cb).__name__))
    return items


class CallbackRunner:
    """Calls a map's callbacks as its rows are computed; one instance per map."""

    def __init__(self, callbacks):
        self.callbacks = callbacks
        self.ctx = _DSRunContext()
        self.begun = False

    def _call(self, method, due=lambda cb: True):
        for cb in self.callbacks:
            if due(cb):
                getattr(cb, method)(self.ctx)

    def epoch(self, rows, compute):
        """Yield ``compute(i, row)`` for the epoch's rows, calling the callbacks around them."""
        ctx = self.ctx
        if not self.begun:
            self.begun = True
            self._call("ds_begin")
        ctx.cur_epoch_num += 1
        ctx.cur_step_num_in_epoch = 0
        self._call("ds_epoch_begin")
        for i, row in enumerate(rows):
            ctx.cur_step_num_in_epoch += 1
            ctx.cur_step_num += 1
            step = ctx.cur_step_num_in_epoch

            def due(cb):
                return (step - 1) % cb.step_size == 0
            self._call("ds_step_begin", due)
            out = compute(i, row)
            self._call("ds_step_end", due)
            yield out
        self._call("ds_epoch_end")
