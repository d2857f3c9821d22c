"""ROC, auc, Dice and ConfusionMatrix against brute-force references written here, MindSpore's
documented examples, Model(metrics=...) wiring, and argument errors."""
import numpy as np
import pytest
from hypothesis import given, settings, strategies as st

import mindcell as ms
from mindcell import nn
from mindcell.train import ROC, auc, Dice, ConfusionMatrix, get_metric_fn


def roc_reference(scores, positive):
    """Threshold at every distinct score (descending) after one above them all."""
    cuts = np.unique(scores)[::-1]
    cuts = np.r_[cuts[0] + 1, cuts]
    fpr = np.array([(scores[~positive] >= c).mean() for c in cuts])
    tpr = np.array([(scores[positive] >= c).mean() for c in cuts])
    return fpr, tpr, cuts


def rank_auc(scores, positive):
    """P(score of a positive > score of a negative) + P(tie) / 2."""
    p, n = scores[positive][:, None], scores[~positive][None, :]
    return float(((p > n) + 0.5 * (p == n)).mean())


scores_st = st.lists(st.integers(0, 6), min_size=2, max_size=30).map(
    lambda v: np.array(v, np.float64) / 4)


@settings(max_examples=60, deadline=None)
@given(scores_st, st.data())
def test_binary_roc_matches_reference_and_rank_auc(scores, data):
    labels = np.array(data.draw(st.lists(st.integers(0, 2), min_size=scores.size,
                                         max_size=scores.size)))
    positive = labels == 1
    metric = ROC()
    split = data.draw(st.integers(0, scores.size))
    for part in (slice(0, split), slice(split, None)):  # batches are pooled
        if scores[part].size:
            metric.update(ms.Tensor(scores[part]), ms.Tensor(labels[part]))
    if positive.all() or not positive.any():
        with pytest.raises(ValueError, match="ROC.eval: the labels hold no"):
            metric.eval()
        return
    fpr, tpr, thr = metric.eval()
    for got, want in zip((fpr, tpr, thr), roc_reference(scores, positive)):
        np.testing.assert_allclose(got, want)
    assert auc(fpr, tpr) == pytest.approx(rank_auc(scores, positive))


def test_one_vs_rest_is_binary_per_class():
    rng = np.random.default_rng(0)
    scores = rng.integers(0, 5, (40, 3)).astype(np.float32)
    labels = np.r_[0, 1, 2, rng.integers(0, 3, 37)]
    metric = ROC(class_num=3)
    metric.update(scores[:25], labels[:25])
    metric.update(scores[25:], labels[25:])
    fprs, tprs, thrs = metric.eval()
    assert len(fprs) == len(tprs) == len(thrs) == 3
    for c in range(3):
        for got, want in zip((fprs[c], tprs[c], thrs[c]),
                             roc_reference(scores[:, c], labels == c)):
            np.testing.assert_allclose(got, want)


def test_mindspore_documented_examples():
    y = ms.Tensor(np.array([0, 1, 2, 3]))
    m = ROC(pos_label=2)
    m.update(ms.Tensor(np.array([0.28, 0.55, 0.15, 0.05])), y)
    fpr, tpr, thr = m.eval()
    np.testing.assert_allclose(fpr, [0, 1 / 3, 2 / 3, 2 / 3, 1])
    np.testing.assert_allclose(tpr, [0, 0, 0, 1, 1])
    np.testing.assert_allclose(thr, [1.55, 0.55, 0.28, 0.15, 0.05])
    m = ROC(pos_label=2)
    m.update(np.array([3, 1, 4, 2]), y)
    assert m.eval()[2].tolist() == [5, 4, 3, 2, 1]  # integer scores keep their dtype
    m = ROC(pos_label=2)
    m.update(np.array([[3, 0, 1], [1, 3, 0], [1, 0, 2]]), np.array([[0, 2, 1], [1, 2, 1], [0, 0, 1]]))
    assert auc(*m.eval()[:2]) == pytest.approx(0.5357142857142857, abs=1e-15)
    d = Dice(smooth=1e-5)
    d.update(ms.Tensor(np.array([[0.2, 0.5], [0.3, 0.1], [0.9, 0.6]])),
             ms.Tensor(np.array([[0, 1], [1, 0], [0, 1]])))
    assert d.eval() == pytest.approx(0.20467791371802546, abs=1e-15)
    c = ConfusionMatrix(num_classes=2, normalize="no_norm", threshold=0.5)
    c.update(ms.Tensor(np.array([1, 0, 1, 0])), ms.Tensor(np.array([1, 0, 0, 1])))
    np.testing.assert_array_equal(c.eval(), [[1, 1], [1, 1]])


@pytest.mark.parametrize("x, y, reorder, want", [
    ([0, 1], [0, 1], False, 0.5),
    ([0, 0.5, 1], [1, 1, 1], False, 1.0),
    ([1, 0.5, 0], [1, 0, 0], False, 0.25),         # decreasing x: same positive area
    ([1, 0, 0.5], [1, 0, 0], True, 0.25),          # reorder sorts by x
    ([0, 0, 1], [0, 1, 1], False, 1.0),            # vertical step
    ([[0], [2]], [[1], [3]], False, 4.0),          # (N, 1) columns
])
def test_auc_table(x, y, reorder, want):
    assert auc(np.array(x, float), np.array(y, float), reorder=reorder) == pytest.approx(want)


def dice_reference(batches):
    total = sum(2 * (p * t).sum() / ((p * p).sum() + (t * t).sum() + 1e-5) for p, t in batches)
    return total / sum(t.shape[0] for _, t in batches)


@pytest.mark.parametrize("shape", [(1, 5), (4, 3), (2, 3, 4)])
def test_dice_against_reference(shape):
    rng = np.random.default_rng(len(shape))
    batches = [(rng.random(shape), (rng.random(shape) > 0.5).astype(np.float32))
               for _ in range(3)]
    d = Dice()
    for p, t in batches:
        d.update(ms.Tensor(p.astype(np.float32)), t)
    assert d.eval() == pytest.approx(dice_reference(batches), rel=1e-6)
    d.clear()
    with pytest.raises(RuntimeError, match="Dice"):
        d.eval()


def confusion_reference(pred, label, n):
    m = np.zeros((n, n))
    for p, t in zip(pred.reshape(-1), label.reshape(-1)):
        m[t, p] += 1
    return m


@pytest.mark.parametrize("normalize", ["no_norm", "target", "prediction", "all"])
@pytest.mark.parametrize("form", ["scores", "indices", "threshold"])
def test_confusion_matrix(normalize, form):
    rng = np.random.default_rng(1)
    n = 2 if form == "threshold" else 4
    label = rng.integers(0, n - 1, (6, 5))  # class n-1 never a label: a zero row
    if form == "scores":
        y_pred = rng.random((6, n, 5))
        pred = y_pred.argmax(axis=1)
    elif form == "indices":
        y_pred = pred = rng.integers(0, n, (6, 5))
    else:
        y_pred = rng.random((6, 5))
        pred = (y_pred >= 0.3).astype(int)
    m = ConfusionMatrix(n, normalize=normalize, threshold=0.3)
    m.update(ms.Tensor(y_pred[:3]), ms.Tensor(label[:3]))
    m.update(y_pred[3:], label[3:])
    ref = confusion_reference(pred, label, n)
    total = {"no_norm": 1, "target": ref.sum(1, keepdims=True),
             "prediction": ref.sum(0, keepdims=True), "all": ref.sum()}[normalize]
    with np.errstate(invalid="ignore", divide="ignore"):
        want = np.nan_to_num(ref / total)
    np.testing.assert_allclose(m.eval(), want)


def test_model_eval_with_new_metrics(mode):
    from mindcell.dataset import NumpySlicesDataset
    rng = np.random.default_rng(2)
    x = rng.random((12, 3)).astype(np.float32)
    label = np.r_[0, 1, 2, rng.integers(0, 3, 9)].astype(np.int32)
    net = nn.Dense(3, 3, weight_init="ones", bias_init="zeros")
    model = ms.Model(net, nn.CrossEntropyLoss(), metrics={
        "roc": ROC(class_num=3), "cm": ConfusionMatrix(3)})
    out = model.eval(NumpySlicesDataset((x, label), shuffle=False).batch(5))
    logits = x @ np.ones((3, 3), np.float32)
    for c in range(3):
        np.testing.assert_allclose(out["roc"][1][c], roc_reference(logits[:, c], label == c)[1])
    np.testing.assert_allclose(out["cm"], confusion_reference(logits.argmax(1), label, 3))
    assert isinstance(get_metric_fn("roc"), ROC) and isinstance(get_metric_fn("dice"), Dice)


@pytest.mark.parametrize("make, exc, match", [
    (lambda: ROC(class_num=2.0), TypeError, "ROC: 'class_num' must be an int"),
    (lambda: ROC(class_num=0), ValueError, "ROC: 'class_num' must be at least 1"),
    (lambda: ROC(pos_label=True), TypeError, "ROC: 'pos_label'"),
    (lambda: ROC(class_num=3).update(np.ones(4), np.ones(4)), ValueError, "'class_num' must be"),
    (lambda: ROC(pos_label=1).update(np.ones((4, 2)), np.ones(4)), ValueError, "'pos_label'"),
    (lambda: ROC(class_num=3).update(np.ones((4, 2)), np.ones(4)), ValueError, "2 classes"),
    (lambda: ROC().update(np.ones((4, 2)), np.ones(3)), ValueError, "same shape"),
    (lambda: ROC().update(np.ones(3)), ValueError, "ROC.update: expects 2 inputs"),
    (lambda: ROC().update(np.array([np.nan, 1.0]), np.ones(2)), ValueError, "NaN"),
    (lambda: ROC().eval(), RuntimeError, "ROC"),
    (lambda: auc([0, 1], np.array([0, 1])), TypeError, "auc: 'x' must be a numpy.ndarray"),
    (lambda: auc(np.ones((2, 2)), np.ones(4)), ValueError, "auc: 'x' must be 1-D"),
    (lambda: auc(np.arange(3.), np.arange(2.)), ValueError, "same length"),
    (lambda: auc(np.zeros(1), np.zeros(1)), ValueError, "at least 2 points"),
    (lambda: auc(np.array([0, 2, 1.]), np.zeros(3)), ValueError, "increasing or decreasing"),
    (lambda: auc(np.zeros(2), np.zeros(2), reorder=1), TypeError, "'reorder' must be a bool"),
    (lambda: Dice(smooth=0), ValueError, "Dice: 'smooth' must be positive"),
    (lambda: Dice(smooth="1"), TypeError, "Dice: 'smooth' must be a float"),
    (lambda: Dice().update(np.ones((2, 3)), np.ones((3, 2))), ValueError, "same"),
    (lambda: Dice().update(np.array(["a"]), np.ones(1)), TypeError, "Dice.update: y_pred"),
    (lambda: ConfusionMatrix(2.0), TypeError, "'num_classes' must be an int"),
    (lambda: ConfusionMatrix(0), ValueError, "'num_classes' must be positive"),
    (lambda: ConfusionMatrix(2, normalize="label"), ValueError, "'normalize' must be one of"),
    (lambda: ConfusionMatrix(2, threshold=1), TypeError, "'threshold' must be a float"),
    (lambda: ConfusionMatrix(2).update(np.array([0, 2]), np.array([0, 1])), ValueError,
     r"y_pred must lie in \[0, 2\)"),
    (lambda: ConfusionMatrix(2).update(np.array([0, 1]), np.array([0.5, 1])), ValueError,
     "class indices"),
    (lambda: ConfusionMatrix(2).update(np.ones((3, 2, 4)), np.ones((3, 5))), ValueError,
     "class axis 1"),
    (lambda: ConfusionMatrix(2).eval(), RuntimeError, "ConfusionMatrix"),
])
def test_argument_errors(make, exc, match):
    with pytest.raises(exc, match=match):
        make()
