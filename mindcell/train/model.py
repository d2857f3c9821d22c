"""``Model``: train / eval / predict loops over a dataset, with callbacks, metrics and a
per-epoch progress bar on terminals."""

import numpy as np

from mindcell.common.tensor import Tensor
from mindcell.train import _progress
from mindcell.train.callback import Callback, InternalCallbackParam, RunContext, TimeMonitor
from mindcell.train.metrics import Accuracy, Loss, Metric, get_metric_fn  # noqa: F401

__all__ = ["Model", "Accuracy", "Loss"]


def _metric(m):
    if isinstance(m, str):
        return get_metric_fn(m)
    if not isinstance(m, Metric):
        raise TypeError("Model: a metric must be a name or a Metric, but got %s"
                        % type(m).__name__)
    return m


class Model:
    """Model(network, loss_fn=None, optimizer=None, metrics=None, eval_network=None,
    eval_indexes=None, amp_level="O0", boost_level="O0", **kwargs)

    Wraps a network for training, evaluation and prediction over a dataset: with a loss and an
    optimizer, ``train`` runs a :class:`mindcell.nn.TrainOneStepCell` over
    ``nn.WithLossCell(network, loss_fn)`` for every batch (without a loss, ``network`` itself
    must return the loss; without loss and optimizer, ``network`` is the training step).

    Args:
        network (mindcell.nn.Cell): the network.
        loss_fn (mindcell.nn.Cell): the loss, called as ``loss_fn(network(data), label)``.
        optimizer (mindcell.nn.Optimizer): required by ``train``.
        metrics (Union[dict, set, list, None]): names (``"accuracy"``, ``"loss"``, see
            :func:`mindcell.train.metrics.names`) or :class:`mindcell.train.Metric` objects
            computed by ``eval``.
        eval_network (mindcell.nn.Cell): the network ``eval`` runs; by default
            :class:`mindcell.nn.WithEvalCell` over ``network`` and ``loss_fn``, returning
            ``(loss, outputs, label)``.
        eval_indexes (list[int]): the positions of loss, outputs and label among
            ``eval_network``'s outputs; without them (and with a user ``eval_network``) every
            metric's ``update`` receives all the outputs.
        amp_level, boost_level, loss_scale_manager, keep_batchnorm_fp32: the training step is
            :func:`mindcell.amp.build_train_network` with these (a ``loss_scale_manager``
            scales the loss; with ``FixedLossScaleManager(drop_overflow_update=False)`` the
            optimizer's ``loss_scale`` must be the same scale).

    Raises:
        TypeError: ``network`` is not a Cell, ``optimizer`` is not an Optimizer Cell.
        AttributeError: ``loss_fn`` is not a Cell (MindSpore's error type).
        ValueError: an unknown metric name.

    Examples:
        >>> import numpy as np
        >>> import mindcell as ms
        >>> from mindcell import nn
        >>> from mindcell.dataset import NumpySlicesDataset
        >>> ms.set_seed(0)
        >>> x = np.random.default_rng(0).normal(size=(32, 4)).astype(np.float32)
        >>> data = NumpySlicesDataset((x, (x.sum(1) > 0).astype(np.int32)), shuffle=False)
        >>> net = nn.Dense(4, 2)
        >>> model = ms.train.Model(net, nn.CrossEntropyLoss(),
        ...                        nn.Adam(net.trainable_params(), 0.05), metrics={"accuracy"})
        >>> model.train(5, data.batch(8))
        >>> model.eval(data.batch(8))["accuracy"] > 0.5
        True
    """

    def __init__(self, network, loss_fn=None, optimizer=None, metrics=None, eval_network=None,
                 eval_indexes=None, amp_level="O0", boost_level="O0", **kwargs):
        from mindcell import amp, nn
        if not isinstance(network, nn.Cell):
            raise TypeError("Model: 'network' must be a Cell, but got %s"
                            % type(network).__name__)
        unknown = sorted(set(kwargs) - {"loss_scale_manager", "keep_batchnorm_fp32"})
        if unknown:
            raise ValueError("Model: unsupported keyword arguments %s (expected amp_level, "
                             "boost_level, loss_scale_manager or keep_batchnorm_fp32)" % unknown)
        if amp_level not in ("O0", "O1", "O2", "O3", "auto"):
            raise ValueError("Model: 'amp_level' must be 'O0', 'O1', 'O2', 'O3' or 'auto', but "
                             "got %r" % (amp_level,))
        _check_parts(loss_fn, optimizer)
        self.network = network
        self.loss_fn, self.optimizer = loss_fn, optimizer
        # without loss and optimizer the network is the training step itself (a
        # TrainOneStepCell or a user's subclass of it), as in MindSpore
        self.train_network = network if loss_fn is None and optimizer is None else None
        if optimizer is None and loss_fn is not None:
            # a loss without an optimizer trains nothing: MindSpore 2.10 runs the network with
            # its loss (the steps' outputs are the losses) and leaves the weights unchanged
            self.train_network = nn.WithLossCell(network, loss_fn)
        if optimizer is not None:
            if boost_level in ("O1", "O2"):
                # MindSpore's Model configures AutoBoost at this level, which rewrites the
                # network (less BatchNorm, gradient freezing, AdaSum): not in mindcell
                raise NotImplementedError("Model: boost_level=%r (MindSpore's boost training "
                                          "algorithms) is not supported by mindcell; use 'O0'"
                                          % (boost_level,))
            # the loss scale manager and amp level shape the training step, as in MindSpore
            try:
                self.train_network = amp.build_train_network(
                    network, optimizer, loss_fn, level=amp_level, boost_level=boost_level,
                    **kwargs)
            except (TypeError, ValueError) as e:
                raise type(e)("Model: %s" % e) from None
        if metrics is None:
            metrics = {}
        if not isinstance(metrics, (dict, set, list, tuple)):
            raise TypeError("Model: 'metrics' must be None, a dict, a set or a list of metric "
                            "names or Metrics, e.g. {'accuracy'}, but got %s %r"
                            % (type(metrics).__name__, metrics))
        if isinstance(metrics, (set, list, tuple)):
            metrics = {m if isinstance(m, str) else type(m).__name__: m for m in metrics}
        self.metrics = {k: _metric(v) for k, v in metrics.items()}
        cast_fp32 = amp_level in ("O2", "O3", "auto")
        self.eval_network = eval_network or (nn.WithEvalCell(network, loss_fn, cast_fp32)
                                             if loss_fn is not None else None)
        # Which eval outputs are (loss, predictions, labels): the default eval network's, or
        # none (every metric gets all outputs) for a user's eval_network, as in MindSpore.
        if eval_indexes is not None and (not isinstance(eval_indexes, (list, tuple))
                                         or len(eval_indexes) != 3):
            raise ValueError("Model: 'eval_indexes' must be a list of 3 ints, but got %r"
                             % (eval_indexes,))
        if eval_indexes is None and eval_network is None:
            eval_indexes = [0, 1, 2]
        self._eval_indexes = eval_indexes
        # the network predict runs (MindSpore's predict_network; programs cast it with to_float)
        self._predict_network = network
        self._amp_level = amp_level
        self._loss_scale_manager = kwargs.get("loss_scale_manager")
        self._keep_bn_fp32 = kwargs.get("keep_batchnorm_fp32")

    @property
    def predict_network(self):
        """The network :meth:`predict` runs (the ``network`` given)."""
        return self._predict_network

    # MindSpore's Model keeps its parts in these attributes; subclasses of Model and scripts
    # read (and set) them. Each is the attribute of mindcell's Model of the same meaning.
    _network = property(lambda self: self.network,
                        lambda self, value: setattr(self, "network", value))
    _loss_fn = property(lambda self: self.loss_fn,
                        lambda self, value: setattr(self, "loss_fn", value))
    _optimizer = property(lambda self: self.optimizer,
                          lambda self, value: setattr(self, "optimizer", value))
    _train_network = property(lambda self: self.train_network,
                              lambda self, value: setattr(self, "train_network", value))
    _eval_network = property(lambda self: self.eval_network,
                             lambda self, value: setattr(self, "eval_network", value))
    _metric_fns = property(lambda self: self.metrics,
                           lambda self, value: setattr(self, "metrics", value))

    def train(self, epoch, train_dataset, callbacks=None, dataset_sink_mode=False,
              sink_size=-1, initial_epoch=0):
        """train(epoch, train_dataset, callbacks=None, dataset_sink_mode=False)

        Run ``epoch`` passes over ``train_dataset``, one optimizer step per batch.

        Args:
            epoch (int): the number of passes.
            train_dataset: a dataset of ``(data, label)`` batches
                (:mod:`mindcell.dataset`).
            callbacks (Union[Callback, list[Callback], None]): called at the begin and end of
                training, of every epoch and of every step (:class:`LossMonitor` ...).
            dataset_sink_mode (bool): as MindSpore on the CPU, which has no data sink, batches
                are fed from Python one step at a time either way.
            sink_size (int): -1 or positive; as MindSpore on the CPU (sink mode falls back to
                the normal loop), every epoch still runs the whole dataset, and in sink mode a
                positive ``sink_size`` is the callbacks' ``batch_num``.
            initial_epoch (int): the epoch to start counting from.

        When stderr is a terminal (and tqdm is installed) each epoch shows a progress bar with
        the loss; set the environment variable ``MINDCELL_PROGRESS=0`` to turn it off. Lines
        printed by callbacks while it is shown appear above it.

        A Model with a ``loss_fn`` but no optimizer runs the network and its loss on every
        batch (the callbacks see the losses) without changing a weight, as MindSpore does.

        Raises:
            TypeError: ``epoch`` is not an int, ``dataset_sink_mode`` is not a bool or
                ``sink_size`` not an int.
            AttributeError: ``train_dataset`` is not a dataset (MindSpore's error type).
            ValueError: ``epoch`` is not positive, ``sink_size`` neither -1 nor positive.
        """
        self._train_loop("Model.train", epoch, train_dataset, callbacks, dataset_sink_mode,
                         sink_size, initial_epoch)

    def fit(self, epoch, train_dataset, valid_dataset=None, valid_frequency=1, callbacks=None,
            dataset_sink_mode=False, valid_dataset_sink_mode=False, sink_size=-1,
            initial_epoch=0):
        """fit(epoch, train_dataset, valid_dataset=None, valid_frequency=1, callbacks=None,
        dataset_sink_mode=False, valid_dataset_sink_mode=False, sink_size=-1, initial_epoch=0)

        ``train`` that also evaluates the metrics on ``valid_dataset`` after every
        ``valid_frequency``-th epoch (an int) or after the listed epochs (a list of ints,
        counted from 1); the callbacks' on_eval_* hooks run around each evaluation and
        ``run_context.original_args().eval_results`` holds its result.

        Raises:
            RuntimeError: ``valid_dataset`` without metrics.
            TypeError / ValueError: as ``train``; ``valid_frequency`` not a positive int or a
                list of them.
        """
        op = "Model.fit"
        _check_sink(op, valid_dataset_sink_mode, -1, "valid_dataset_sink_mode")
        if isinstance(valid_frequency, bool) or not (
                isinstance(valid_frequency, int) and valid_frequency > 0
                or isinstance(valid_frequency, list) and valid_frequency and all(
                    isinstance(v, int) and not isinstance(v, bool) and v > 0
                    for v in valid_frequency)):
            raise ValueError("%s: 'valid_frequency' must be a positive int or a non-empty list "
                             "of positive ints, but got %r" % (op, valid_frequency))
        if valid_dataset is not None and not self.metrics:
            raise RuntimeError("%s: 'valid_dataset' needs metrics: pass Model(..., metrics=...)"
                               % op)

        def evaluate(cb, ctx, callbacks):
            e = cb.cur_epoch_num
            due = (e % valid_frequency == 0 if isinstance(valid_frequency, int)
                   else e in valid_frequency)
            if valid_dataset is not None and due:
                self._eval_in_fit(valid_dataset, callbacks, cb)
                self.train_network.set_train(True)

        self._train_loop(op, epoch, train_dataset, callbacks, dataset_sink_mode, sink_size,
                         initial_epoch, evaluate)

    def _train_loop(self, op, epoch, train_dataset, callbacks, dataset_sink_mode, sink_size,
                    initial_epoch, after_epoch=None):
        if isinstance(epoch, bool) or not isinstance(epoch, int):
            raise TypeError("%s: 'epoch' must be an int, but got %s %r"
                            % (op, type(epoch).__name__, epoch))
        if epoch <= 0:
            raise ValueError("%s: 'epoch' must be a positive int, but got %r" % (op, epoch))
        _check_sink(op, dataset_sink_mode, sink_size)
        _check_dataset(op, "train_dataset", train_dataset)
        callbacks = _as_list(callbacks)
        batch_num = train_dataset.get_dataset_size()
        # MindSpore on the CPU runs sink mode as the normal loop (every epoch reads the whole
        # dataset) but still reports ``sink_size`` as the callbacks' batch_num, so LossMonitor
        # numbers steps within an epoch modulo sink_size and TimeMonitor divides by it.
        cb_batch_num = sink_size if dataset_sink_mode and sink_size > 0 else batch_num
        # the keys MindSpore 2.10's Model.train gives its callbacks, no more (a callback may
        # test `"net_outputs" in cb_params`): cur_epoch_num appears at the first epoch,
        # net_outputs after the first step, metrics/eval_results from fit's evaluation until
        # the epoch ends (tests/goldens/train_loop); sink mode is reported off, as the CPU runs
        # without a sink. (`loss_scale_mananger` is MindSpore's spelling.)
        cb = InternalCallbackParam(cur_step_num=0, train_network=self.train_network,
                                   epoch_num=epoch - initial_epoch, batch_num=cb_batch_num,
                                   mode="train", loss_fn=self.loss_fn, optimizer=self.optimizer,
                                   parallel_mode="stand_alone", device_number=1,
                                   train_dataset=train_dataset, list_callback=callbacks,
                                   train_dataset_element=None, network=self.network,
                                   last_save_ckpt_step=None, latest_ckpt_file=None,
                                   loss_scale_mananger=self._loss_scale_manager,
                                   initial_step=None, dataset_sink_mode=False)
        ctx = RunContext(cb)
        self.train_network.set_train(True)
        _fire(callbacks, "on_train_begin", ctx)
        bar = _progress.EpochBar(epoch, batch_num)
        # one iterator for every epoch, as MindSpore's: a fresh one per epoch would repeat the
        # first epoch's shuffle order (each iterator starts again from epoch 0)
        rows = train_dataset.create_tuple_iterator(num_epochs=epoch - initial_epoch)
        for e in range(initial_epoch, epoch):
            cb.cur_epoch_num = e + 1
            bar.start(e + 1)
            try:
                self._run_epoch(rows, callbacks, cb, ctx, bar, after_epoch)
            finally:
                bar.finish()
            if ctx.get_stop_requested():
                break
        _fire(callbacks, "on_train_end", ctx)
        self.train_network.set_train(False)

    def _run_epoch(self, rows, callbacks, cb, ctx, bar, after_epoch):
        _fire(callbacks, "on_train_epoch_begin", ctx)
        for data in rows:
            if self.loss_fn is not None and len(data) != 2:
                # MindSpore 2.10 checks this before every step (sink mode and fit too): the
                # WithLossCell it builds takes exactly (data, label)
                raise ValueError("When 'loss_fn' is not None, 'train_dataset' should return two "
                                 "elements, but got %d, please check the number of elements "
                                 "returned by 'train_dataset'" % len(data))
            cb.cur_step_num += 1
            cb.train_dataset_element = list(data)
            _fire(callbacks, "on_train_step_begin", ctx)
            cb.net_outputs = self.train_network(*data)
            bar.step(cb.net_outputs)
            _fire(callbacks, "on_train_step_end", ctx)
            if ctx.get_stop_requested():
                break
        if after_epoch is not None:
            after_epoch(cb, ctx, callbacks)
            bar.metrics(cb.get("eval_results"))
        _fire(callbacks, "on_train_epoch_end", ctx)
        cb.pop("metrics", None)
        cb.pop("eval_results", None)

    def eval(self, valid_dataset, callbacks=None, dataset_sink_mode=False):
        """eval(valid_dataset, callbacks=None, dataset_sink_mode=False): a dict of the
        metrics; the callbacks' on_eval_* hooks run around the pass and every step
        (``cb_params.metrics`` holds the result at on_eval_end)."""
        if self.eval_network is None:
            raise RuntimeError("Model.eval: a loss_fn or an eval_network is required")
        if not self.metrics:
            raise ValueError("Model.eval: the Model has no metrics; create it with metrics, e.g. "
                             "Model(net, loss_fn, opt, metrics={'accuracy'})")
        _check_dataset("Model.eval", "valid_dataset", valid_dataset)
        callbacks = _as_list(callbacks)
        cb = InternalCallbackParam(eval_network=self.eval_network, valid_dataset=valid_dataset,
                                   batch_num=valid_dataset.get_dataset_size(), mode="eval",
                                   cur_step_num=0, list_callback=callbacks, network=self.network)
        return self._eval_pass(valid_dataset, callbacks, cb)

    def _eval_in_fit(self, valid_dataset, callbacks, cb):
        """fit's evaluation, as MindSpore 2.10 runs it: on the training run's own callback
        parameters (the eval keys are added, the training counters put back afterwards), with
        the user's callbacks but not the built-in ones (TimeMonitor excepted)."""
        saved = {k: cb[k] for k in ("cur_step_num", "batch_num", "dataset_sink_mode",
                                    "net_outputs") if k in cb}
        cb.update(eval_network=self.eval_network, valid_dataset=valid_dataset,
                  batch_num=valid_dataset.get_dataset_size(), mode="eval", cur_step_num=0)
        eval_callbacks = [c for c in callbacks if isinstance(c, TimeMonitor)
                          or type(c).__name__ not in _BUILT_IN_CALLBACKS]
        self._eval_pass(valid_dataset, eval_callbacks, cb, add_eval_loss=True)
        cb.update(saved, mode="train")

    def _eval_pass(self, valid_dataset, callbacks, cb, add_eval_loss=False):
        cb.dataset_sink_mode = False
        ctx = RunContext(cb)
        for m in self.metrics.values():
            m.clear()
        self.network.set_train(False)
        _fire(callbacks, "on_eval_begin", ctx)
        _fire(callbacks, "on_eval_epoch_begin", ctx)
        last_loss = None
        for data in valid_dataset.create_tuple_iterator():
            cb.cur_step_num += 1
            cb.eval_dataset_element = list(data)
            _fire(callbacks, "on_eval_step_begin", ctx)
            out = self.eval_network(*data)
            cb.net_outputs = out
            _fire(callbacks, "on_eval_step_end", ctx)
            out = out if isinstance(out, (tuple, list)) else (out,)
            idx = self._eval_indexes
            for m in self.metrics.values():
                if idx is None:
                    m.update(*out)
                elif isinstance(m, Loss):
                    m.update(out[idx[0]])
                else:
                    m.update(out[idx[1]], out[idx[2]])
            if add_eval_loss:
                last_loss = out[idx[0] if idx is not None else 0]
            if ctx.get_stop_requested():
                break
        _fire(callbacks, "on_eval_epoch_end", ctx)
        metrics = {k: m.eval() for k, m in self.metrics.items()}
        cb.metrics = metrics
        if add_eval_loss:
            # MindSpore 2.10 starts a new Loss metric at every step, so its eval_loss is the
            # loss of the last batch, not the mean: kept, callbacks compare against it
            cb.eval_results = dict(metrics, eval_loss=None if last_loss is None
                                   else float(np.mean(last_loss.asnumpy())))
        _fire(callbacks, "on_eval_end", ctx)
        return metrics

    def build(self, train_dataset=None, valid_dataset=None, sink_size=-1, epoch=1,
              sink_mode=True):
        """build(train_dataset=None, valid_dataset=None, sink_size=-1, epoch=1, sink_mode=True):
        MindSpore's graph pre-build for dataset sinking, which only its Ascend target has: as
        MindSpore on the CPU, it raises RuntimeError (after checking ``epoch``).

        Args:
            train_dataset (Dataset, optional): the training dataset. Default: ``None``.
            valid_dataset (Dataset, optional): the evaluation dataset. Default: ``None``.
            sink_size (int, optional): the steps per sink. Default: ``-1``.
            epoch (int, optional): the training epochs, positive. Default: ``1``.
            sink_mode (bool, optional): sink the data. Default: ``True``.

        Raises:
            ValueError: ``epoch`` is not a positive int.
            RuntimeError: always otherwise (no pre-build on the CPU target).

        Examples:
            >>> import mindcell as ms
            >>> model = ms.train.Model(ms.nn.Dense(2, 1))
            >>> try:
            ...     model.build(epoch=2)
            ... except RuntimeError as e:
            ...     print(type(e).__name__)
            RuntimeError
        """
        if isinstance(epoch, bool) or not isinstance(epoch, int) or epoch <= 0:
            raise ValueError("Model.build: 'epoch' must be a positive int, but got %r" % (epoch,))
        raise RuntimeError("Model.build: the pre-build of dataset-sink graphs only exists for "
                           "MindSpore's Ascend target (as MindSpore on the CPU: 'Pre-init "
                           "process only supports Ascend target currently.'); call train() "
                           "directly")

    def predict(self, *predict_data):
        """predict(*inputs): the outputs of ``predict_network`` (the network given) in
        inference mode."""
        self._predict_network.set_train(False)
        return self._predict_network(*[d if isinstance(d, Tensor) else Tensor(d)
                                       for d in predict_data])


# MindSpore 2.10's built-in callbacks (by class name), which fit does not call at evaluation
_BUILT_IN_CALLBACKS = frozenset((
    "Callback", "LossMonitor", "TimeMonitor", "ModelCheckpoint", "FlopsUtilizationCollector",
    "SummaryCollector", "CheckpointConfig", "RunContext", "LearningRateScheduler",
    "SummaryLandscape", "History", "LambdaCallback", "ReduceLROnPlateau", "EarlyStopping",
    "OnRequestExit", "BackupAndRestore", "TrainFaultTolerance"))


def _check_parts(loss_fn, optimizer):
    """MindSpore's error types for a loss or optimizer of the wrong kind (e.g. the strings of
    Keras' ``compile(loss="mse", optimizer="adam")``), with what to pass instead."""
    from mindcell import nn
    if optimizer is not None and not isinstance(optimizer, nn.Cell):
        raise TypeError("Model: 'optimizer' must be an Optimizer Cell, e.g. "
                        "nn.Adam(net.trainable_params(), 1e-3), but got %s %r"
                        % (type(optimizer).__name__, optimizer))
    if loss_fn is not None and not isinstance(loss_fn, nn.Cell):
        raise AttributeError("Model: 'loss_fn' must be a loss Cell, e.g. nn.MSELoss(), but got "
                             "%s %r" % (type(loss_fn).__name__, loss_fn))


def _check_dataset(op, name, dataset):
    """A numpy array, list or tensor where a dataset belongs: MindSpore's AttributeError, with
    the way to make a dataset from in-memory data."""
    if not (hasattr(dataset, "get_dataset_size") and hasattr(dataset, "create_tuple_iterator")):
        raise AttributeError(
            "%s: '%s' must be a mindcell.dataset dataset (it needs get_dataset_size and "
            "create_tuple_iterator), but got %s; wrap in-memory data as "
            "ms.dataset.NumpySlicesDataset((x, y), shuffle=True).batch(32)"
            % (op, name, type(dataset).__name__))


def _check_sink(op, sink_mode, sink_size, name="dataset_sink_mode"):
    if not isinstance(sink_mode, bool):
        raise TypeError("%s: '%s' must be a bool, but got %s" % (op, name, type(sink_mode).__name__))
    if isinstance(sink_size, bool) or not isinstance(sink_size, int):
        raise TypeError("%s: 'sink_size' must be an int, but got %s"
                        % (op, type(sink_size).__name__))
    if sink_size == 0 or sink_size < -1:
        raise ValueError("%s: 'sink_size' must be -1 or positive, but got %d" % (op, sink_size))


def _as_list(callbacks):
    if callbacks is None:
        return []
    callbacks = list(callbacks) if isinstance(callbacks, (list, tuple)) else [callbacks]
    for c in callbacks:
        if not isinstance(c, Callback):
            raise TypeError("Model: callbacks must be Callback instances, but got %s"
                            % type(c).__name__)
    return callbacks


def _fire(callbacks, hook, ctx):
    for c in callbacks:
        getattr(c, hook)(ctx)
