"""MindSpore 1.x metric paths: ``mindcell.nn.metrics`` and ``from mindcell.nn import Accuracy``
resolve to ``mindcell.train.metrics`` (the same objects), in a fresh interpreter too."""
import subprocess
import sys

import numpy as np
import pytest

import mindcell as ms
from mindcell import nn
from mindcell.train import metrics

NAMES = metrics.__all__


@pytest.mark.parametrize("name", NAMES)
def test_nn_names_are_train_metrics(name):
    import mindcell.nn.metrics as nn_metrics
    assert nn_metrics is metrics
    assert getattr(nn, name) is getattr(metrics, name)
    assert getattr(nn.metrics, name) is getattr(metrics, name)


def test_fresh_interpreter_imports():
    code = ("from mindcell.nn.metrics import Accuracy, get_metric_fn\n"
            "from mindcell.nn import MAE\n"
            "import mindcell.train.metrics as m\n"
            "assert Accuracy is m.Accuracy and MAE is m.MAE\n"
            "assert type(get_metric_fn('acc')) is m.Accuracy\n")
    subprocess.run([sys.executable, "-c", code], check=True)


def test_metric_through_nn_path_computes():
    acc = nn.Accuracy()
    acc.update(ms.Tensor(np.array([[0.1, 0.9], [0.8, 0.2], [0.3, 0.7]], np.float32)),
               ms.Tensor(np.array([1, 0, 0], np.int32)))
    assert acc.eval() == pytest.approx(2 / 3)
    with pytest.raises(KeyError, match="get_metric_fn"):
        nn.metrics.get_metric_fn("no_such_metric")
