"""mindcell.train.metrics against hand-computed values, and Model(metrics=...) wiring."""
import numpy as np
import pytest

import mindcell as ms
from mindcell import nn
from mindcell.train import metrics as M

PRED = np.array([[0.1, 0.7, 0.2], [0.5, 0.3, 0.2], [0.2, 0.3, 0.5], [0.6, 0.3, 0.1]],
                np.float32)
LABEL = np.array([1, 0, 1, 2])  # argmax: 1, 0, 2, 0 -> two right


def test_accuracy_labels_and_one_hot():
    acc = M.Accuracy()
    acc.update(ms.Tensor(PRED), ms.Tensor(LABEL))
    assert acc.eval() == 0.5
    acc.update(PRED[:2], np.eye(3)[LABEL[:2]])  # one-hot labels, numpy inputs
    assert acc.eval() == pytest.approx(4 / 6)
    acc.clear()
    with pytest.raises(RuntimeError, match="Accuracy"):
        acc.eval()
    with pytest.raises(ValueError, match="labels must lie"):
        acc.update(PRED, np.array([0, 1, 2, 3]))


def test_accuracy_multilabel():
    acc = M.Accuracy("multilabel")
    acc.update(np.array([[1, 0, 1], [0, 1, 1]]), np.array([[1, 0, 1], [0, 1, 0]]))
    assert acc.eval() == 0.5
    with pytest.raises(ValueError, match="eval_type"):
        M.Accuracy("binary")


def test_top_k():
    # label ranks: sample0 1st, sample1 1st, sample2 2nd, sample3 3rd
    top1, top2, top5 = M.Top1CategoricalAccuracy(), M.TopKCategoricalAccuracy(2), \
        M.Top5CategoricalAccuracy()
    for m in (top1, top2, top5):
        m.update(PRED, LABEL)
    assert top1.eval() == 0.5 and top2.eval() == 0.75 and top5.eval() == 1.0
    with pytest.raises(ValueError):
        M.TopKCategoricalAccuracy(0)


def test_precision_recall_f1():
    # predicted classes 1, 0, 2, 0; labels 1, 0, 1, 2
    p, r, f = M.Precision(), M.Recall(), M.F1()
    for m in (p, r, f):
        m.update(PRED, LABEL)
    np.testing.assert_allclose(p.eval(), [1 / 2, 1.0, 0.0])
    np.testing.assert_allclose(r.eval(), [1.0, 1 / 2, 0.0])
    np.testing.assert_allclose(f.eval(), [2 / 3, 2 / 3, 0.0])
    assert p.eval(average=True) == pytest.approx(0.5)
    fb = M.Fbeta(2.0)
    fb.update(PRED, LABEL)
    np.testing.assert_allclose(fb.eval(), [5 * 1 / (4 * 1 + 2), 5 * 1 / (4 * 2 + 1), 0.0])


def test_mae_mse_loss():
    y_pred = np.array([[0.1, 0.2], [0.6, 0.9]], np.float32)
    y = np.array([[0.1, 0.25], [0.7, 0.9]], np.float32)
    mae, mse = M.MAE(), M.MSE()
    mae.update(ms.Tensor(y_pred), ms.Tensor(y))
    mse.update(ms.Tensor(y_pred), ms.Tensor(y))
    assert mae.eval() == pytest.approx((0.05 + 0.1) / 2, rel=1e-5)  # per-sample sums, averaged
    assert mse.eval() == pytest.approx((0.05 ** 2 + 0.1 ** 2) / 2, rel=1e-4)
    loss = M.Loss()
    loss.update(ms.Tensor(np.float32(2.0)))
    loss.update(np.array([1.0, 3.0]))
    assert loss.eval() == pytest.approx(2.0)
    with pytest.raises(ValueError, match="Loss"):
        loss.update(np.ones((2, 2)))


def test_set_indexes_and_names():
    acc = M.Accuracy().set_indexes([2, 0])
    acc.update(LABEL, "ignored", PRED)
    assert acc.eval() == 0.5 and acc.indexes == [2, 0]
    assert "accuracy" in M.names() and isinstance(M.get_metric_fn("mae"), M.MAE)
    with pytest.raises(KeyError, match="get_metric_fn"):
        M.get_metric_fn("nope")


def test_model_eval_with_metrics(mode):
    from mindcell.dataset import NumpySlicesDataset
    net = nn.Dense(3, 3, weight_init="ones", bias_init="zeros")
    data = NumpySlicesDataset((PRED, LABEL.astype(np.int32)), shuffle=False).batch(2)
    model = ms.Model(net, nn.CrossEntropyLoss(), metrics={
        "acc": M.Accuracy(), "top2": M.TopKCategoricalAccuracy(2), "loss": "loss",
        "precision": M.Precision()})
    out = model.eval(data)
    assert out["acc"] == 0.25  # equal logits: argmax 0 everywhere, one label is 0
    assert out["top2"] == 0.75
    assert out["loss"] == pytest.approx(np.log(3), rel=1e-5)
    assert out["precision"].shape == (3,)
    with pytest.raises(TypeError, match="Model"):
        ms.Model(net, nn.CrossEntropyLoss(), metrics={"x": object()})
