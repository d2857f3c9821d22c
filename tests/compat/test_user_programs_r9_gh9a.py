"""Round 9 (gh9a): small programs in the style of public MindSpore repositories by individuals,
students and courses (a LeNet/MnistDataset tutorial, a linear regression, a deformable generator,
CAN, UNet with Model.train, a GRU with GradOperation, DarkNet with SummaryCollector). Expected
behaviour was checked with MindSpore 2.10 CPU (ms-oracle)."""
import numpy as np

import mindcell as ms
from mindcell import nn
import mindcell.dataset as ds
from mindcell.train import Model, SummaryCollector, LossMonitor


def test_summary_collector_does_not_stop_a_run_whose_lr_list_is_used_up(tmp_path):
    """A DarkNet trainer gives Momentum one learning rate per step (exactly the run's steps) and
    a SummaryCollector: at train end global_step is past the list. MindSpore 2.10 finishes the
    run; the collector must not raise while reading the learning rate for its lineage."""
    np.random.seed(0)
    x = np.random.randn(6, 3).astype(np.float32)
    y = np.random.randn(6, 1).astype(np.float32)
    data = ds.NumpySlicesDataset((x, y), column_names=["x", "y"], shuffle=False).batch(2)
    net = nn.Dense(3, 1)
    lr = ms.Tensor(np.array([0.1, 0.05, 0.01], np.float32))
    opt = nn.Momentum(net.trainable_params(), lr, 0.9)
    model = Model(net, nn.MSELoss(), opt)
    losses = []

    class Record(LossMonitor):
        def step_end(self, run_context):
            losses.append(float(run_context.original_args().net_outputs.asnumpy()))

    model.train(1, data, callbacks=[SummaryCollector(str(tmp_path / "summary"), collect_freq=1),
                                    Record()], dataset_sink_mode=False)
    assert len(losses) == 3
    assert int(opt.global_step.asnumpy().reshape(-1)[0]) == 3


def test_load_param_into_net_returns_two_lists_as_mindspore():
    """A LeNet tutorial tests ``if not load_param_into_net(...)``: MindSpore 2.10 returns the
    tuple (params not loaded, checkpoint entries not used), truthy even when both are empty."""
    net = nn.Dense(2, 2)
    result = ms.load_param_into_net(net, {p.name: p for p in nn.Dense(2, 2).get_parameters()})
    assert isinstance(result, tuple) and len(result) == 2
    assert list(result[0]) == [] and list(result[1]) == []
    assert bool(result) is True


def test_1x_call_forms_are_refused_as_mindspore_2_10():
    """CAN (written for MindSpore 1.10) calls ops.avg_pool2d(..., pad_mode='same') and
    Tensor.from_numpy(tensor): MindSpore 2.10 raises TypeError for both (ms-oracle)."""
    x = ms.Tensor(np.ones((1, 1, 4, 4), np.float32))
    for call in (lambda: ms.ops.avg_pool2d(x, 2, 2, pad_mode='same'),
                 lambda: ms.Tensor.from_numpy(x)):
        try:
            call()
        except TypeError:
            continue
        raise AssertionError("expected TypeError")
