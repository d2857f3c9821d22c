"""nn.ConfusionMatrixMetric against counts worked out by hand (MindSpore's recorded behaviour is
in tests/goldens/tail/009), and common.initializer.Orthogonal's properties."""
import numpy as np
import pytest

import mindcell as ms
from mindcell import nn
from mindcell.common.initializer import Orthogonal, initializer


def test_counts_summed_over_samples_and_classes():
    # one sample, 2 classes, 4 pixels: class 0 tp=1 fp=1 tn=1 fn=1, class 1 tp=2 fp=0 tn=2 fn=0
    y_pred = np.array([[[1, 1, 0, 0], [1, 1, 0, 0]]])
    y = np.array([[[1, 0, 1, 0], [1, 1, 0, 0]]])
    tp, fp, tn, fn = 3.0, 1.0, 3.0, 1.0
    expected = {"tpr": tp / (tp + fn), "tnr": tn / (tn + fp), "ppv": tp / (tp + fp),
                "f1_score": 2 * tp / (2 * tp + fp + fn), "accuracy": (tp + tn) / 8,
                "mcc": (tp * tn - fp * fn) / np.sqrt((tp + fp) * (tp + fn) * (tn + fp) * (tn + fn))}
    for name, value in expected.items():
        metric = nn.ConfusionMatrixMetric(metric_name=name)
        metric.update(y_pred, y)
        np.testing.assert_allclose(metric.eval(), [value])
    # skip_channel=False drops channel 0: only class 1's perfect counts remain
    metric = nn.ConfusionMatrixMetric(skip_channel=False, metric_name="f1")
    metric.update(y_pred, y)
    np.testing.assert_allclose(metric.eval(), [1.0])


def test_per_sample_mean_leaves_nan_scores_out():
    # sample 0: class 0 recall 1/2, class 1 absent (NaN); sample 1: both classes recall 1
    y_pred = np.array([[[[1, 0]], [[0, 0]]], [[[1, 0]], [[0, 1]]]])
    y = np.array([[[[1, 1]], [[0, 0]]], [[[1, 0]], [[0, 1]]]])
    metric = nn.ConfusionMatrixMetric(metric_name="recall", calculation_method=True)
    metric.update(y_pred, y)
    assert metric.eval() == pytest.approx((0.5 + 1.0) / 2)
    metric.clear()
    with pytest.raises(RuntimeError, match="update"):
        metric.eval()


def test_unknown_metric_name_is_reported_when_used():
    metric = nn.ConfusionMatrixMetric(metric_name="dice")
    metric.update(np.ones((1, 1, 2)), np.ones((1, 1, 2)))
    with pytest.raises(NotImplementedError, match="dice"):
        metric.eval()


@pytest.mark.parametrize("shape", [(3, 7), (7, 3), (4, 2, 3)])
def test_orthogonal_rows_or_columns_are_orthonormal(shape):
    ms.set_seed(5)
    w = initializer(Orthogonal(gain=0.5), shape, ms.float64).asnumpy().reshape(shape[0], -1)
    gram = w @ w.T if w.shape[0] <= w.shape[1] else w.T @ w
    # MindSpore orthogonalises its float32 normal draws in float32, whatever the dtype
    np.testing.assert_allclose(gram, 0.25 * np.eye(len(gram)), atol=1e-6)
    assert np.array_equal(w, w.astype(np.float32))
    ms.set_seed(5)
    again = initializer("orthogonal", shape, ms.float64).asnumpy().reshape(shape[0], -1)
    np.testing.assert_allclose(again * 0.5, w)  # seeded; the name gives gain 1
