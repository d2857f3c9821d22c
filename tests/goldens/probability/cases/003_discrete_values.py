"""Every method of the discrete distributions (Bernoulli, Geometric, Poisson, Categorical) with
parameters at construction and at call time, over integer and fractional values inside and
outside the support; sample shapes and dtypes."""
import numpy as np
from _target import ms, Tensor, emit

msd = ms.nn.probability.distribution
F32 = np.float32


def t(a, dt=F32):
    return Tensor(np.array(a, dt))


def run(key, f):
    try:
        v = f()
        emit(key, [v, str(v.dtype), list(v.shape)] if isinstance(v, Tensor) else v)
    except Exception as e:  # noqa: BLE001
        emit(key, e)


METHODS = ["prob", "log_prob", "cdf", "log_cdf", "survival_function", "log_survival"]
STATS = ["mean", "mode", "sd", "var", "entropy"]
ints = t([-2, -1, 0, 1, 2, 5], np.int32)
fracs = t([-1.5, -0.5, 0.0, 0.5, 1.0, 1.7, 3.2])
cases = [
    ("bernoulli_s", lambda: msd.Bernoulli(0.3), [ints, fracs], ("Bernoulli", t(0.6))),
    ("bernoulli_b", lambda: msd.Bernoulli([0.1, 0.6, 0.9]), [t([[0], [1]], np.int32)],
     ("Bernoulli", t([0.5, 0.5, 0.2]))),
    ("bernoulli_f", lambda: msd.Bernoulli(0.7, dtype=ms.float32), [fracs], ("Bernoulli", t(0.2))),
    ("geometric_s", lambda: msd.Geometric(0.4), [ints, fracs], ("Geometric", t(0.7))),
    ("geometric_b", lambda: msd.Geometric([0.2, 0.5]), [t([[0], [3]], np.int32)],
     ("Geometric", t([0.5, 0.1]))),
    ("poisson_s", lambda: msd.Poisson(np.array([2.5], F32)), [ints, fracs], None),
    ("poisson_b", lambda: msd.Poisson(np.array([0.5, 4.0, 12.0], F32)),
     [t([[0.0], [3.0], [10.0]])], None),
    ("categorical_s", lambda: msd.Categorical([0.2, 0.3, 0.5]), [ints, fracs, t(1, np.int32)],
     ("Categorical", t([0.5, 0.25, 0.25]))),
    ("categorical_b", lambda: msd.Categorical([[0.1, 0.9], [0.6, 0.4], [0.5, 0.5]]),
     [t([0, 1, 1], np.int32), t([[0], [1]], np.int32), t(1, np.int32), t([-1, 2, 0], np.int32)],
     ("Categorical", t([[0.3, 0.7], [0.5, 0.5], [0.9, 0.1]]))),
    ("categorical_one_row", lambda: msd.Categorical([[0.25, 0.25, 0.5]]), [t([0, 2], np.int32)],
     ("Categorical", t([[0.2, 0.3, 0.5]]))),
]
for name, make, values, other in cases:
    d = make()
    emit(name + "/type", d.get_dist_type())
    emit(name + "/batch", [str(d.batch_shape), str(d.broadcast_shape), d.is_scalar_batch])
    for i, v in enumerate(values):
        for m in METHODS:
            run("%s/%s%d" % (name, m, i), lambda: getattr(d, m)(v))
    for m in STATS:
        if name.startswith("bernoulli") and m == "mode":
            continue  # MindSpore 2.10 raises TypeError (it calls Less(0.5, probs)); mindcell computes it
        run(name + "/" + m, lambda: getattr(d, m)())
    if other is not None:
        run(name + "/kl_loss", lambda: d.kl_loss(*other))
        run(name + "/cross_entropy", lambda: d.cross_entropy(*other))
        run(name + "/kl_wrong", lambda: d.kl_loss("Normal", other[1]))
    if name.startswith("poisson"):
        continue  # MindSpore 2.10 has no CPU kernel for Poisson sampling (RuntimeError)
    for shape in [(), (3,), (2, 4)]:
        run(name + "/sample%s" % (shape,),
            lambda: [list(d.sample(shape).shape), str(d.sample(shape).dtype)])

# parameters at call time
b = msd.Bernoulli()
run("bern_none/prob", lambda: b.prob(t([0, 1], np.int32)))
run("bern_call/prob", lambda: b.prob(t([0, 1], np.int32), t([0.2, 0.9])))
run("bern_call/mean", lambda: b.mean(t([0.2, 0.9])))
run("bern_call/sample", lambda: list(b.sample((3,), t([0.2, 0.9])).shape))
run("bern_call/kl", lambda: b.kl_loss("Bernoulli", t(0.5), t([0.2, 0.9])))
c = msd.Categorical()
pc = t([[0.2, 0.8], [0.7, 0.3]])
run("cat_none/prob", lambda: c.prob(t([0, 1], np.int32)))
run("cat_call/prob", lambda: c.prob(t([0, 1], np.int32), pc))
run("cat_call/log_prob", lambda: c.log_prob(t([1, 1], np.int32), pc))
run("cat_call/cdf", lambda: c.cdf(t([0, 1], np.int32), pc))
run("cat_call/entropy", lambda: c.entropy(pc))
run("cat_call/mean", lambda: c.mean(pc))
run("cat_call/mode", lambda: c.mode(pc))
run("cat_call/sample", lambda: [list(c.sample((5,), pc).shape), str(c.sample((5,), pc).dtype)])
run("cat_call/kl", lambda: c.kl_loss("Categorical", t([0.5, 0.5]), pc))
g = msd.Geometric()
run("geo_call/prob", lambda: g.prob(t([0, 2], np.int32), t([0.3, 0.6])))
p = msd.Poisson()
run("poisson_call/log_prob", lambda: p.log_prob(t([0.0, 2.0]), t([1.0, 3.0])))
run("poisson_call/cdf", lambda: p.cdf(t([0.0, 2.0]), t([1.0, 3.0])))
run("poisson_none/mean", lambda: p.mean())
