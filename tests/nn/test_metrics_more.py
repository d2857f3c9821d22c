"""BleuScore, CosineSimilarity, Perplexity, HausdorffDistance, MeanSurfaceDistance,
RootMeanSquareDistance, OcclusionSensitivity and get_metrics against independent references
(brute-force surface distances, a linear model's occlusion map, numpy formulas); MindSpore's
own values are the golden files tests/goldens/metrics_more."""
import math

import numpy as np
import pytest

import mindcell as ms
from mindcell import Tensor, nn


def test_bleu_matches_the_formula():
    cand = [["a", "b", "c", "d", "a", "b"]]
    refs = [[["a", "b", "c", "a", "b", "e", "f"], ["b", "c", "d"]]]
    metric = nn.BleuScore(n_gram=2)
    metric.update(cand, refs)
    # unigrams: a2 b2 c1 d1 all found (clipped by the max count in one reference): 6/6
    # bigrams: ab2 bc1 cd1 da0 -> ab clipped to 2, bc 1, cd 1 (from the second ref) = 4/5
    precision = np.array([6 / 6, 4 / 5])
    bp = math.exp(1 - 7 / 6)  # c = 6 <= r = 7 (the reference length closest to 6 is 7)
    assert metric.eval() == pytest.approx(bp * math.exp(np.log(precision).mean()), rel=1e-12)
    smooth = nn.BleuScore(n_gram=2, smooth=True)
    smooth.update(cand, refs)
    assert smooth.eval() == pytest.approx(bp * math.exp(np.log([7 / 7, 5 / 6]).mean()),
                                          rel=1e-12)


def test_bleu_without_a_match_of_some_order_is_zero():
    metric = nn.BleuScore(n_gram=3)
    metric.update([["x", "y", "z"]], [[["x", "z", "y"]]])  # no trigram in common
    assert float(metric.eval()) == 0.0


@pytest.mark.parametrize("similarity", ["cosine", "dot"])
@pytest.mark.parametrize("reduction", ["none", "sum", "mean"])
def test_cosine_similarity_matches_numpy(similarity, reduction):
    x = np.random.default_rng(0).standard_normal((5, 3))
    metric = nn.CosineSimilarity(similarity, reduction, zero_diagonal=True)
    metric.update(Tensor(x.astype(np.float32)))
    unit = x / np.linalg.norm(x, axis=1, keepdims=True) if similarity == "cosine" else x
    want = unit @ unit.T
    np.fill_diagonal(want, 0)
    want = {"none": want, "sum": want.sum(-1), "mean": want.mean(-1)}[reduction]
    np.testing.assert_allclose(metric.eval(), want, rtol=1e-5, atol=1e-6)
    np.testing.assert_allclose(metric.eval(), want, rtol=1e-5, atol=1e-6)  # eval twice


def test_perplexity_reads_leading_axes_as_rows_and_ignores_a_label():
    rng = np.random.default_rng(1)
    probs = rng.dirichlet(np.ones(4), size=(2, 3))  # (2, 3, 4): 6 rows of 4 classes
    labels = rng.integers(0, 4, size=(2, 3))
    metric = nn.Perplexity(ignore_label=2)
    metric.update(probs, labels)
    rows, flat = probs.reshape(-1, 4), labels.reshape(-1)
    keep = flat != 2
    want = math.exp(-np.log(rows[np.arange(6), flat][keep]).mean())
    assert metric.eval() == pytest.approx(want, rel=1e-12)


def _edges(mask):
    """Surface voxels: in the mask with a 4/6-connected neighbour outside it (or at the
    border), as scipy's binary erosion with its default cross structure removes."""
    padded = np.pad(mask, 1)
    inner = padded.copy()
    for axis in range(mask.ndim):
        for shift in (1, -1):
            inner &= np.roll(padded, shift, axis)
    inner = inner[tuple(slice(1, -1) for _ in range(mask.ndim))]
    # scipy erodes with border_value=0: a voxel on the array border is a surface voxel
    return mask & ~inner


def _directed(a, b, metric):
    pa, pb = np.argwhere(a), np.argwhere(b)
    diff = np.abs(pa[:, None, :] - pb[None, :, :]).astype(float)
    d = {"euclidean": np.sqrt((diff ** 2).sum(-1)), "chessboard": diff.max(-1),
         "taxicab": diff.sum(-1)}[metric]
    return d.min(1)


RNG = np.random.default_rng(5)
A = np.zeros((9, 10), np.int32)
A[2:7, 1:8] = 1
A[RNG.integers(0, 9, 6), RNG.integers(0, 10, 6)] = 1
B = np.zeros((9, 10), np.int32)
B[1:6, 3:9] = 1


@pytest.mark.parametrize("metric", ["euclidean", "chessboard", "taxicab"])
def test_surface_distances_match_brute_force(metric):
    ea, eb = _edges(A == 1), _edges(B == 1)
    fwd, bwd = _directed(ea, eb, metric), _directed(eb, ea, metric)
    hd = nn.HausdorffDistance(distance_metric=metric, crop=False)
    hd.update(A, B, 1)
    assert float(hd.eval()) == pytest.approx(max(fwd.max(), bwd.max()))
    msd = nn.MeanSurfaceDistance(symmetric=True, distance_metric=metric)
    msd.update(A, B, 1)
    assert float(msd.eval()) == pytest.approx((fwd.mean() + bwd.mean()) / 2)
    rmsd = nn.RootMeanSquareDistance(symmetric=False, distance_metric=metric)
    rmsd.update(Tensor(A), Tensor(B), 1)
    assert float(rmsd.eval()) == pytest.approx((fwd ** 2).mean())
    rmsd_sym = nn.RootMeanSquareDistance(symmetric=True, distance_metric=metric)
    rmsd_sym.update(A, B, 1)
    assert float(rmsd_sym.eval()) == pytest.approx(
        np.sqrt(((fwd ** 2).mean() + (bwd ** 2).mean()) / 2))


def test_hausdorff_percentile_and_directed():
    ea, eb = _edges(A == 1), _edges(B == 1)
    fwd = _directed(ea, eb, "euclidean")
    metric = nn.HausdorffDistance(percentile=90.0, directed=True, crop=False)
    metric.update(A, B, 1)
    assert float(metric.eval()) == pytest.approx(np.percentile(fwd, 90.0))


def test_surface_distance_to_an_empty_surface_is_inf():
    metric = nn.MeanSurfaceDistance()
    metric.update(A, np.zeros_like(B), 1)
    assert metric.eval() == np.inf


class _Linear(nn.Cell):
    def __init__(self, w):
        super().__init__()
        self.w = ms.Parameter(Tensor(w), name="w")

    def construct(self, x):
        return ms.ops.matmul(x.reshape(x.shape[0], -1), self.w)


def test_occlusion_sensitivity_of_a_linear_model():
    rng = np.random.default_rng(2)
    w = rng.standard_normal((12, 3)).astype(np.float32)
    img = rng.standard_normal((1, 3, 4)).astype(np.float32)
    metric = nn.OcclusionSensitivity(pad_val=0.5, margin=[1, 2], n_batch=5)
    metric.update(_Linear(w), img, np.array([2]))  # a label of shape (1,) is the 0-d label
    flat = img.reshape(-1)
    want = np.empty((3, 4))
    for i in range(3):
        for j in range(4):
            occluded = img[0].copy()
            occluded[max(0, i - 1):i + 1, max(0, j - 2):j + 2] = 0.5
            want[i, j] = flat @ w[:, 2] - occluded.reshape(-1) @ w[:, 2]
    np.testing.assert_allclose(metric.eval(), want, rtol=1e-4, atol=1e-5)


def test_occlusion_margin_list_must_fit_the_input():
    metric = nn.OcclusionSensitivity(margin=[1, 2, 3])
    with pytest.raises(ValueError, match="margin"):
        metric.update(_Linear(np.ones((12, 3), np.float32)), np.ones((1, 3, 4), np.float32),
                      np.array(0))


def test_get_metrics_and_names():
    made = nn.get_metrics({"bleu_score", "root_mean_square_distance", "mae"})
    assert {k: type(v) for k, v in made.items()} == {
        "bleu_score": nn.BleuScore, "root_mean_square_distance": nn.RootMeanSquareDistance,
        "mae": nn.MAE}
    given = {"acc": nn.Accuracy()}
    assert nn.get_metrics(given) is given and nn.get_metrics(None) is None
    with pytest.raises(TypeError, match="get_metrics"):
        nn.get_metrics(["acc"])
    with pytest.raises(KeyError):
        nn.get_metrics({"nope"})
    assert "occlusion_sensitivity" in ms.train.names()
    assert ms.train.metrics.get_metrics is nn.get_metrics
    assert ms.train.BleuScore is nn.BleuScore is ms.train.metrics.BleuScore


def test_metric_argument_errors():
    with pytest.raises(ValueError, match="n_gram"):
        nn.BleuScore(5)
    with pytest.raises(TypeError, match="smooth"):
        nn.BleuScore(4, 1)
    with pytest.raises(ValueError, match="reduction"):
        nn.CosineSimilarity(reduction="max")
    with pytest.raises(TypeError, match="percentile"):
        nn.HausdorffDistance(percentile=50)
    with pytest.raises(TypeError, match="label index"):
        nn.RootMeanSquareDistance().update(A, B, "1")
    with pytest.raises(ValueError, match="label index"):
        nn.MeanSurfaceDistance().update(A, B, 7)
    with pytest.raises(RuntimeError, match="update"):
        nn.Perplexity().eval()
