"""DatasetHelper in a hand-written training loop (MindSpore's recorded behaviour is in
tests/goldens/tail/010)."""
import numpy as np
import pytest

import mindcell as ms
import mindcell.dataset as ds
from mindcell import nn


@pytest.mark.parametrize("mode", [ms.PYNATIVE_MODE, ms.GRAPH_MODE])
def test_training_loop_over_a_dataset_helper(mode):
    rng = np.random.default_rng(0)
    x = rng.normal(size=(32, 3)).astype(np.float32)
    y = (x @ np.array([[1.0], [-2.0], [0.5]], np.float32)).astype(np.float32)
    data = ds.NumpySlicesDataset({"x": x, "y": y}, shuffle=False).batch(8)
    ms.set_context(mode=mode)
    try:
        ms.set_seed(1)
        net = nn.WithLossCell(nn.Dense(3, 1), nn.MSELoss())
        step = nn.TrainOneStepCell(net, nn.SGD(net.trainable_params(), 0.1))
        helper = ms.train.DatasetHelper(data, dataset_sink_mode=False, epoch_num=20)
        losses = []
        for _ in range(20):
            losses.append(np.mean([float(step(*inputs).asnumpy()) for inputs in helper]))
    finally:
        ms.set_context(mode=ms.PYNATIVE_MODE)
    assert losses[-1] < 0.01 * losses[0]
    with pytest.raises(RuntimeError, match="epoch"):
        next(iter(helper))


def test_sink_mode_is_refused_with_the_way_out():
    data = ds.NumpySlicesDataset({"x": np.arange(4.0)}, shuffle=False)
    with pytest.raises(RuntimeError, match="dataset_sink_mode=False"):
        ms.DatasetHelper(data)
