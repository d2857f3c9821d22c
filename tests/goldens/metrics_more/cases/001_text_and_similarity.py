"""nn.BleuScore, nn.CosineSimilarity, nn.Perplexity, nn.get_metrics and the metric names:
values of one and of several updates, the type of what eval returns, and argument errors; the
module paths that hold each metric."""
import numpy as np
from _target import ms, nn, Tensor, emit


def run(key, fn):
    """Emit what ``fn`` returns (and the name of its type), or the exception's type."""
    try:
        out = fn()
        emit(key + ".type", type(out).__name__)
        emit(key, out)
    except Exception as e:  # noqa: BLE001 - the exception type is the recorded result
        emit(key, e)


def bleu(n_gram=4, smooth=False, batches=()):
    m = nn.BleuScore(n_gram, smooth)
    for cand, refs in batches:
        m.update(cand, refs)
    return m.eval()


C1 = [["i", "have", "a", "pen", "on", "my", "desk"]]
R1 = [[["i", "have", "a", "pen", "in", "my", "desk"],
       ["there", "is", "a", "pen", "on", "the", "desk"]]]
C2 = [["the", "cat", "is", "on", "the", "mat"], ["a", "b", "c"]]
R2 = [[["the", "cat", "sat", "on", "the", "mat"]], [["a", "b", "c", "d"], ["a", "c"]]]
for n in (1, 2, 3, 4):
    run("bleu_%d" % n, lambda: bleu(n, False, [(C1, R1)]))
    run("bleu_%d_smooth" % n, lambda: bleu(n, True, [(C1, R1), (C2, R2)]))
run("bleu_two_updates", lambda: bleu(4, False, [(C1, R1), (C2, R2)]))
run("bleu_zero", lambda: bleu(4, False, [([["x", "y"]], [[["a", "b"]]])]))
run("bleu_short", lambda: bleu(2, False, [([["a", "b"]], [[["a", "b", "c", "d"]]])]))
run("bleu_ngram_5", lambda: nn.BleuScore(5))
run("bleu_ngram_0", lambda: nn.BleuScore(0))
run("bleu_ngram_str", lambda: nn.BleuScore("4"))
run("bleu_smooth_int", lambda: nn.BleuScore(4, 1))
run("bleu_eval_first", lambda: nn.BleuScore().eval())
run("bleu_one_input", lambda: nn.BleuScore().update(C1))
run("bleu_lengths", lambda: nn.BleuScore().update(C1, R2))

x = np.array([[1.0, 2.0, 3.0], [0.5, -1.0, 2.0], [3.0, 0.0, 1.0]], np.float32)


def cos(data, **kw):
    m = nn.CosineSimilarity(**kw)
    m.update(data)
    return m.eval()


for sim in ("cosine", "dot"):
    for red in ("none", "sum", "mean"):
        run("cos_%s_%s" % (sim, red), lambda: cos(x, similarity=sim, reduction=red))
run("cos_diag", lambda: cos(x, zero_diagonal=False))
run("cos_tensor", lambda: cos(Tensor(x), reduction="mean"))
run("cos_list", lambda: cos(x.tolist()))
run("cos_f64", lambda: cos(x.astype(np.float64)))
run("cos_bad_sim", lambda: nn.CosineSimilarity(similarity="euclid"))
run("cos_bad_red", lambda: nn.CosineSimilarity(reduction="max"))
run("cos_red_int", lambda: nn.CosineSimilarity(reduction=1))
run("cos_diag_int", lambda: nn.CosineSimilarity(zero_diagonal=1))
run("cos_eval_first", lambda: nn.CosineSimilarity().eval())

probs = np.array([[0.2, 0.5, 0.3], [0.6, 0.3, 0.1], [0.05, 0.05, 0.9]], np.float32)
labels = np.array([1, 0, 2], np.int32)


def ppl(pairs, **kw):
    m = nn.Perplexity(**kw)
    for p, l in pairs:
        m.update(p, l)
    return m.eval()


run("ppl", lambda: ppl([(probs, labels)]))
run("ppl_ignore", lambda: ppl([(probs, labels)], ignore_label=2))
run("ppl_two", lambda: ppl([(probs, labels), (Tensor(probs[:2]), Tensor(labels[:2]))]))
run("ppl_zero_prob", lambda: ppl([(np.array([[0.0, 1.0]], np.float32), np.array([0]))]))
run("ppl_ignore_str", lambda: nn.Perplexity(ignore_label="1"))
run("ppl_ignore_float", lambda: nn.Perplexity(ignore_label=1.0))
run("ppl_eval_first", lambda: nn.Perplexity().eval())
run("ppl_one_input", lambda: nn.Perplexity().update(probs))
run("ppl_shape", lambda: nn.Perplexity().update(probs, labels[:2]))
run("ppl_all_ignored", lambda: ppl([(probs, np.array([2, 2, 2]))], ignore_label=2))

run("get_none", lambda: nn.get_metrics(None))
run("get_set", lambda: sorted((k, type(v).__name__) for k, v in nn.get_metrics(
    {"acc", "bleu_score", "perplexity", "hausdorff_distance", "mae"}).items()))
run("get_dict", lambda: sorted(nn.get_metrics({"a": nn.Accuracy()})))
run("get_dict_bad", lambda: nn.get_metrics({"a": 1}))
run("get_dict_key", lambda: nn.get_metrics({1: nn.Accuracy()}))
run("get_list", lambda: nn.get_metrics(["acc"]))
run("get_set_unknown", lambda: nn.get_metrics({"nope"}))
run("names", lambda: ms.train.names())
run("fn_cos", lambda: type(ms.train.get_metric_fn("cosine_similarity", reduction="sum")).__name__)
run("fn_auc", lambda: float(ms.train.get_metric_fn("auc", np.array([0.0, 1.0]),
                                                 np.array([0.0, 1.0]))))
for name in ("BleuScore", "CosineSimilarity", "HausdorffDistance", "MeanSurfaceDistance",
             "RootMeanSquareDistance", "OcclusionSensitivity", "Perplexity"):
    run("paths_" + name, lambda: [getattr(ms, name, None) is getattr(nn, name)
                                  and getattr(ms.train, name) is getattr(nn, name)
                                  and getattr(ms.train.metrics, name) is getattr(nn, name)])
run("paths_get_metrics", lambda: [hasattr(m, "get_metrics") for m in (
    ms, ms.train, ms.train.metrics, nn, nn.metrics)])
