"""Round 9 (gh9b): behaviours found by running public MindSpore programs under mindcell.

Each test is a small program written for this file in the style of what a user program did;
expected values and messages were recorded from MindSpore 2.10 (CPU) through the ms-oracle.
"""
import numpy as np
import pytest

import mindcell as ms
import mindcell.dataset as ds
from mindcell import nn


class _ThreeInputNet(nn.Cell):
    def __init__(self):
        super().__init__()
        self.dense = nn.Dense(4, 2)

    def construct(self, a, b, c):
        return self.dense(a + b + c)


def _columns_dataset(ncol):
    rng = np.random.RandomState(0)
    cols = [rng.rand(8, 4).astype(np.float32) for _ in range(ncol - 1)]
    cols.append(rng.randint(0, 2, 8).astype(np.int32))
    return ds.NumpySlicesDataset(tuple(cols), column_names=["c%d" % i for i in range(ncol)],
                                 shuffle=False).batch(4)


@pytest.mark.parametrize("how", ["train", "train_sink", "fit"])
@pytest.mark.parametrize("ncol", [1, 3, 4])
def test_model_with_loss_fn_needs_two_dataset_columns(how, ncol):
    """A multi-modal program (yuanjianzhang0/mindspore_cadt) gave Model(net, loss_fn, opt) a
    dataset of 4 columns: MindSpore 2.10 stops with a ValueError naming 'loss_fn' and
    'train_dataset' before the first step (also in sink mode and fit), not with the
    WithLossCell's TypeError."""
    net = _ThreeInputNet()
    model = ms.Model(net, nn.SoftmaxCrossEntropyWithLogits(sparse=True, reduction="mean"),
                     nn.SGD(net.trainable_params()), metrics={"acc": nn.Accuracy()})
    before = net.dense.weight.asnumpy().copy()
    with pytest.raises(ValueError) as info:
        if how == "train":
            model.train(1, _columns_dataset(ncol))
        elif how == "train_sink":
            model.train(1, _columns_dataset(ncol), dataset_sink_mode=True)
        else:
            model.fit(1, _columns_dataset(ncol), _columns_dataset(ncol))
    assert str(info.value) == (
        "When 'loss_fn' is not None, 'train_dataset' should return two elements, but got %d, "
        "please check the number of elements returned by 'train_dataset'" % ncol)
    np.testing.assert_array_equal(net.dense.weight.asnumpy(), before)


def test_model_with_loss_fn_two_columns_still_trains():
    """The check lets the ordinary (data, label) dataset through."""
    net = nn.Dense(4, 2)
    model = ms.Model(net, nn.SoftmaxCrossEntropyWithLogits(sparse=True, reduction="mean"),
                     nn.SGD(net.trainable_params(), learning_rate=0.5))
    before = net.weight.asnumpy().copy()
    model.train(1, _columns_dataset(2))
    assert not np.allclose(net.weight.asnumpy(), before)
