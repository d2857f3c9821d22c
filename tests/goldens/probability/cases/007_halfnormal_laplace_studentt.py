"""HalfNormal, Laplace and StudentT (MindSpore 2.10 defines only their densities): prob and
log_prob with parameters at construction and at call time, broadcasting, the methods they lack
and their construction errors."""
import numpy as np
from _target import ms, Tensor, emit

msd = ms.nn.probability.distribution
F32 = np.float32


def t(a):
    return Tensor(np.array(a, F32))


def run(key, f):
    try:
        v = f()
        emit(key, [v, str(v.dtype), list(v.shape)] if isinstance(v, Tensor) else v)
    except Exception as e:  # noqa: BLE001
        emit(key, e)


x = t([-2.0, -0.5, 0.0, 0.3, 1.0, 4.0])
dists = {"halfnormal": msd.HalfNormal(0.0, 1.5), "halfnormal_b": msd.HalfNormal([0.0, 1.0], [1.0, 2.0]),
         "laplace": msd.Laplace(0.5, 2.0), "laplace_b": msd.Laplace([[0.0], [1.0]], [1.0, 3.0]),
         "studentt": msd.StudentT(3.0, 0.0, 1.0), "studentt_b": msd.StudentT([1.0, 5.0, 30.0], 0.5, 2.0)}
for name, d in dists.items():
    v = x if not name.endswith("_b") else t([[0.5], [2.0]])
    for m in ["prob", "log_prob", "cdf", "mean", "entropy", "sample", "get_dist_type"]:
        run(name + "/" + m, lambda: getattr(d, m)(v) if m in ("prob", "log_prob", "cdf") else getattr(d, m)())
run("halfnormal/call", lambda: msd.HalfNormal().prob(x, t(0.5), t([2.0])))
run("laplace/call", lambda: msd.Laplace().log_prob(x, t(0.5), t(1.0)))
run("studentt/call", lambda: msd.StudentT().log_prob(x, t(2.0), t(0.5), t(1.5)))
run("studentt/none", lambda: msd.StudentT().log_prob(x))
for k, f in {"halfnormal_sd0": lambda: msd.HalfNormal(0.0, 0.0),
             "laplace_sd0": lambda: msd.Laplace(0.0, -1.0),
             "studentt_df0": lambda: msd.StudentT(0.0, 0.0, 1.0),
             "studentt_int_dtype": lambda: msd.StudentT(1.0, 0.0, 1.0, dtype=ms.int32)}.items():
    run("ctor/" + k, lambda: type(f()).__name__)
