"""nn.ConfusionMatrixMetric (every metric name, both calculation methods, the reductions,
skip_channel, errors) and common.initializer.Orthogonal (orthogonality, gain, dtypes, errors:
its random values differ between frameworks, so properties are recorded)."""
import warnings

import numpy as np
from _target import ms, nn, Tensor, emit

warnings.simplefilter("ignore")
init = ms.common.initializer


def call(fn):
    try:
        out = fn()
        return np.asarray(out, np.float64).round(5).tolist() if out is not None else None
    except Exception as e:  # noqa: BLE001  (the golden records the exception type)
        return type(e).__name__


rng = np.random.RandomState(0)
B, C = 3, 3
y_pred = np.eye(C)[rng.randint(0, C, (B, 4, 4))].transpose(0, 3, 1, 2)
y = np.eye(C)[rng.randint(0, C, (B, 4, 4))].transpose(0, 3, 1, 2)
y[1, 2] = 0
y[1, 0] += (y.sum(1) == 0)[1]  # class 2 absent from sample 1: NaN scores to leave out


def score(name, skip=True, calc=False, decrease="mean", pred=y_pred, true=y):
    def run():
        metric = nn.ConfusionMatrixMetric(skip_channel=skip, metric_name=name,
                                          calculation_method=calc, decrease=decrease)
        metric.update(Tensor(pred[:2], ms.float32), Tensor(true[:2], ms.float32))
        metric.update(pred[2:], true[2:])
        return metric.eval()
    return call(run)


names = ["sensitivity", "Specificity", "precision", "negative predictive value", "miss_rate",
         "fall_out", "fdr", "false_omission_rate", "prevalence_threshold", "csi", "accuracy",
         "balanced_accuracy", "f1_score", "mcc", "fowlkes_mallows_index", "informedness",
         "markedness"]
for name in names:
    emit("cmm_%s" % name, [score(name), score(name, skip=False), score(name, calc=True),
                           score(name, calc=True, decrease="sum"),
                           score(name, skip=False, calc=True)])
for decrease in ("none", "mean_batch", "sum_batch", "mean_channel", "sum_channel"):
    emit("cmm_decrease_" + decrease, [score("tpr", decrease=decrease),
                                      score("tpr", calc=True, decrease=decrease)])
one = np.array([[[[1.0]]]])
emit("cmm_one_element_none", score("tpr", calc=True, decrease="none", pred=np.concatenate(
    [one, one, one]), true=np.concatenate([one, 0 * one, one])))
emit("cmm_unknown_name", score("nope"))
emit("cmm_non_binary_pred", score("tpr", pred=y_pred * 0.7))
emit("cmm_non_binary_true", score("tpr", true=y * 0.5))
emit("cmm_2d", score("tpr", pred=y_pred[:, :, 0, 0], true=y[:, :, 0, 0]))
emit("cmm_eval_empty", call(lambda: nn.ConfusionMatrixMetric().eval()))
emit("cmm_eval_empty_calc", call(lambda: nn.ConfusionMatrixMetric(
    calculation_method=True).eval()))
emit("cmm_one_input", call(lambda: nn.ConfusionMatrixMetric().update(y_pred)))
emit("cmm_shapes", call(lambda: nn.ConfusionMatrixMetric().update(y_pred, y[:, :2])))
emit("cmm_1d", call(lambda: nn.ConfusionMatrixMetric().update(y_pred[0, :, 0, 0],
                                                               y[0, :, 0, 0])))
for kwargs in (dict(decrease="x"), dict(skip_channel=1), dict(calculation_method="x"),
               dict(metric_name=3)):
    emit("cmm_bad_%s" % list(kwargs)[0], call(lambda: nn.ConfusionMatrixMetric(**kwargs)))
emit("cmm_train_path", ms.train.ConfusionMatrixMetric is nn.ConfusionMatrixMetric)

ms.set_seed(1)
for shape in [(3, 5), (5, 3), (4, 4), (2, 3, 4), (6, 2, 2)]:
    w = init.initializer(init.Orthogonal(gain=2.0), shape, ms.float32).asnumpy()
    m = w.reshape(shape[0], -1)
    gram = m @ m.T if shape[0] <= m.shape[1] else m.T @ m
    emit("orthogonal_%s" % "x".join(map(str, shape)),
         [str(w.dtype), list(w.shape), bool(np.allclose(gram, 4 * np.eye(len(gram)), atol=1e-4))])
emit("orthogonal_by_name", call(lambda: init.initializer("orthogonal", (2, 2), ms.float32).shape))
emit("orthogonal_1d", call(lambda: init.initializer(init.Orthogonal(), (3,), ms.float32)))
emit("orthogonal_float16", str(init.initializer(init.Orthogonal(), (2, 2), ms.float16).dtype))
emit("orthogonal_int32", call(lambda: init.initializer(init.Orthogonal(), (2, 2), ms.int32)))
emit("orthogonal_gain_attr", init.Orthogonal(gain=3.0).gain)
