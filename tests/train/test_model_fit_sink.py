"""Model.train's dataset_sink_mode/sink_size behave as MindSpore on the CPU (no data sink: the
normal loop over the whole dataset every epoch) and are validated; Model.fit trains and
evaluates on valid_dataset at the epochs valid_frequency names."""
import numpy as np
import pytest

from mindcell.train.callback import Callback

from dense_model import dense_model_and_data


class Record(Callback):
    def __init__(self):
        self.steps, self.evals = 0, []

    def on_train_step_end(self, run_context):
        self.steps += 1

    def on_train_epoch_end(self, run_context):
        cb = run_context.original_args()
        if "eval_results" in cb:  # as in MindSpore: there only after an evaluation
            self.evals.append((cb.cur_epoch_num, cb.eval_results))


def _weights(net):
    return [p.asnumpy().copy() for p in net.trainable_params()]


@pytest.mark.parametrize("sink, sink_size", [(True, -1), (True, 1), (True, 2), (True, 50),
                                             (False, 2)])
def test_sink_mode_on_cpu_runs_the_whole_dataset_every_epoch(mode, sink, sink_size):
    model, net, data = dense_model_and_data()
    rec = Record()
    model.train(3, data, callbacks=rec, dataset_sink_mode=sink, sink_size=sink_size)
    ref_model, ref_net, ref_data = dense_model_and_data()
    ref_model.train(3, ref_data, dataset_sink_mode=False)
    assert rec.steps == 3 * 3
    for a, b in zip(_weights(net), _weights(ref_net)):
        np.testing.assert_array_equal(a, b)


@pytest.mark.parametrize("freq, epochs, expected", [(1, 3, [1, 2, 3]), (2, 5, [2, 4]),
                                                    ([1, 5], 5, [1, 5]), (7, 3, [])])
def test_fit_evaluates_at_the_valid_frequency(mode, freq, epochs, expected):
    model, net, data = dense_model_and_data()
    rec = Record()
    model.fit(epochs, data, data, valid_frequency=freq, callbacks=[rec])
    assert [e for e, _ in rec.evals] == expected
    assert rec.steps == 3 * epochs
    if expected and expected[-1] == epochs:
        results = dict(rec.evals[-1][1])
        assert isinstance(results.pop("eval_loss"), float)  # MindSpore adds the eval loss
        assert results == model.eval(data)
    ref_model, ref_net, ref_data = dense_model_and_data()
    ref_model.train(epochs, ref_data)
    for a, b in zip(_weights(net), _weights(ref_net)):
        np.testing.assert_array_equal(a, b)


@pytest.mark.parametrize("method, kwargs, err, msg", [
    ("train", {"dataset_sink_mode": "yes"}, TypeError, "'dataset_sink_mode' must be a bool"),
    ("train", {"sink_size": 0}, ValueError, "'sink_size' must be -1 or positive, but got 0"),
    ("train", {"sink_size": -2}, ValueError, "'sink_size' must be -1 or positive"),
    ("train", {"sink_size": 1.5}, TypeError, "'sink_size' must be an int, but got float"),
    ("fit", {"sink_size": 0}, ValueError, "Model.fit: 'sink_size'"),
    ("fit", {"valid_dataset_sink_mode": 1}, TypeError, "'valid_dataset_sink_mode' must be a"),
    ("fit", {"valid_frequency": 0}, ValueError, "'valid_frequency' must be a positive int"),
    ("fit", {"valid_frequency": True}, ValueError, "'valid_frequency'"),
    ("fit", {"valid_frequency": []}, ValueError, "'valid_frequency'"),
    ("fit", {"valid_frequency": [2, 0]}, ValueError, "'valid_frequency'"),
    ("fit", {"valid_frequency": 1.0}, ValueError, "'valid_frequency'"),
    ("fit", {"epoch": 0}, ValueError, "Model.fit: 'epoch' must be a positive int"),
])
def test_bad_arguments_name_the_method(method, kwargs, err, msg):
    model, _, data = dense_model_and_data()
    kwargs = dict(kwargs)
    epoch = kwargs.pop("epoch", 1)
    with pytest.raises(err, match=msg):
        getattr(model, method)(epoch, data, **kwargs)


def test_fit_with_a_valid_dataset_needs_metrics():
    model, _, data = dense_model_and_data(metrics=None)
    with pytest.raises(RuntimeError, match="Model.fit: 'valid_dataset' needs metrics"):
        model.fit(1, data, data)
    model.fit(1, data)  # without a valid_dataset it is train


def test_train_epochs_draw_new_shuffles_from_one_iterator():
    # MindSpore 2.10 (ms-oracle): Model.train reads its epochs from one iterator, so a seeded
    # shuffle differs per epoch, and the first epoch is what a fresh iterator gives
    import mindcell as ms
    import mindcell.dataset as ds
    from mindcell import nn

    ms.set_seed(3)
    x = np.arange(8, dtype=np.float32).reshape(8, 1)
    data = ds.NumpySlicesDataset((x, np.zeros_like(x)), ["x", "y"], shuffle=True).batch(8)
    seen = []

    class FirstBatch(Callback):
        def on_train_step_begin(self, run_context):
            seen.append(run_context.original_args().train_dataset_element[0].asnumpy().ravel())

    net = nn.Dense(1, 1)
    ms.Model(net, nn.MSELoss(), nn.SGD(net.trainable_params(), 0.0)).train(
        3, data, callbacks=[FirstBatch()], dataset_sink_mode=False)
    orders = [s.astype(int).tolist() for s in seen]
    assert len(orders) == 3 and len({tuple(o) for o in orders}) == 3
    fresh = next(data.create_tuple_iterator(output_numpy=True))[0].ravel().astype(int).tolist()
    assert orders[0] == fresh and sorted(fresh) == list(range(8))
