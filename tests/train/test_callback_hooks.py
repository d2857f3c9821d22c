"""Callbacks written with MindSpore's older hook names (begin, step_end ...) run in both
``Model.train`` and ``Model.eval``, exactly as often as the on_train_* / on_eval_* hooks;
``Model.eval`` fires its callbacks; ``Model(train_cell)`` trains a user's training step."""
import numpy as np
import pytest

from mindcell import nn
from mindcell.train import Model
from mindcell.train.callback import Callback

from dense_model import dense_model_and_data

NEW = ["on_%s_begin", "on_%s_epoch_begin", "on_%s_step_begin", "on_%s_step_end",
       "on_%s_epoch_end", "on_%s_end"]
OLD = ["begin", "epoch_begin", "step_begin", "step_end", "epoch_end", "end"]


class Legacy(Callback):
    def __init__(self):
        self.calls = []
    for _h in OLD:
        locals()[_h] = (lambda h: lambda self, ctx: self.calls.append(
            (h, ctx.original_args().cur_step_num)))(_h)


class Modern(Callback):
    def __init__(self, phase):
        self.calls = []
        for old, new in zip(OLD, NEW):
            setattr(self, new % phase, (lambda h: lambda ctx: self.calls.append(
                (h, ctx.original_args().cur_step_num)))(old))


@pytest.mark.parametrize("phase", ["train", "eval"])
def test_legacy_hooks_run_like_the_new_ones(phase):
    model, _, data = dense_model_and_data()
    legacy, modern = Legacy(), Modern(phase)
    if phase == "train":
        model.train(2, data, callbacks=[legacy, modern])
        assert len(legacy.calls) == 2 + 2 * 2 + 2 * 3 * 2
    else:
        res = model.eval(data, callbacks=[legacy, modern])
        assert len(legacy.calls) == 4 + 3 * 2 and 0.0 <= res["acc"] <= 1.0
    assert legacy.calls == modern.calls
    assert [h for h, _ in legacy.calls[:2]] == ["begin", "epoch_begin"]
    assert [h for h, _ in legacy.calls[-2:]] == ["epoch_end", "end"]


def test_eval_end_sees_the_metrics():
    model, _, data = dense_model_and_data()
    seen = {}

    class Keep(Callback):
        def on_eval_end(self, run_context):
            seen.update(run_context.original_args().metrics)

    assert model.eval(data, callbacks=Keep()) == seen and "acc" in seen


def test_model_of_a_training_step_cell_trains_it():
    model, _, data = dense_model_and_data()
    step = model.train_network
    before = [p.asnumpy().copy() for p in step.weights]
    Model(step).train(1, data)
    assert all(not np.array_equal(b, p.asnumpy()) for b, p in zip(before, step.weights))
    # a loss without an optimizer: the loss runs, no weight changes (MindSpore 2.10)
    net = nn.Dense(4, 2)
    before = [p.asnumpy().copy() for p in net.trainable_params()]
    Model(net, loss_fn=nn.CrossEntropyLoss()).train(1, data)
    assert all(np.array_equal(b, p.asnumpy()) for b, p in zip(before, net.trainable_params()))
