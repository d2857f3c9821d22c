"""The small training setup tests/train shares: a Dense(4, 2) Model with SGD and
CrossEntropyLoss over 12 samples in batches of 4 (3 steps an epoch)."""
import numpy as np

import mindcell as ms
from mindcell import nn
from mindcell.dataset import NumpySlicesDataset
from mindcell.train import Model


def dense_model_and_data(metrics=("acc",)):
    """``(model, net, data)``, seeded; ``metrics`` None gives a Model without metrics."""
    ms.set_seed(0)
    x = np.random.default_rng(0).normal(size=(12, 4)).astype(np.float32)
    data = NumpySlicesDataset({"x": x, "y": (x[:, 0] > 0).astype(np.int32)},
                              shuffle=False).batch(4)
    net = nn.Dense(4, 2)
    model = Model(net, nn.CrossEntropyLoss(), nn.SGD(net.trainable_params(), 0.1),
                  metrics=set(metrics) if metrics else None)
    return model, net, data
