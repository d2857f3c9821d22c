"""Distributions built from Tensors each step (xuance's DiagGaussianDistribution builds
Normal(mean=mu, sd=std) from the network's outputs): values and gradients w.r.t. the Tensors
given at construction, and a Parameter given at construction is a trainable parameter."""
import numpy as np
from _target import ms, Tensor, Parameter, emit

msd = ms.nn.probability.distribution
F32 = np.float32


def t(a):
    return Tensor(np.array(a, F32))


def run(key, f):
    try:
        emit(key, f())
    except Exception as e:  # noqa: BLE001
        emit(key, e)


x = t([[0.5, 1.0], [-0.3, 2.0]])
k = Tensor(np.array([1, 0], np.int32))
funcs = {
    "normal": (lambda mu, sd: msd.Normal(mean=mu, sd=sd).log_prob(value=x).sum()
               + msd.Normal(mu, sd).entropy().sum(), (t([0.0, 1.0]), t([1.0, 2.0]))),
    "categorical": (lambda p: msd.Categorical(probs=p).log_prob(k).sum()
                    + msd.Categorical(p).entropy().sum(), (t([[0.2, 0.8], [0.6, 0.4]]),)),
    "bernoulli": (lambda p: msd.Bernoulli(p).log_prob(k).sum(), (t([0.3, 0.6]),)),
    "gamma": (lambda a, b: msd.Gamma(a, b).log_prob(t([0.5, 2.0])).sum(),
              (t([1.5, 3.0]), t([2.0, 0.5]))),
    "lognormal": (lambda mu, sd: msd.LogNormal(mu, sd).log_prob(t([0.5, 2.0])).sum(),
                  (t([0.0, 1.0]), t([1.0, 2.0]))),
    "uniform": (lambda lo, hi: msd.Uniform(lo, hi).entropy().sum(), (t([0.0, 1.0]), t([1.0, 4.0]))),
}
for name, (f, args) in funcs.items():
    run(name + "/value", lambda: f(*args))
    run(name + "/grad", lambda: ms.grad(f, tuple(range(len(args))))(*args))
p = Parameter(t([0.0, 1.0]), name="mu")
d = msd.Normal(p, 1.0)
run("parameter/names", lambda: [q.name for q in d.trainable_params()])
run("parameter/grad", lambda: ms.grad(lambda v: d.log_prob(v).sum(), None, d.trainable_params())(t([0.5, 1.0])))
p.set_data(t([1.0, 1.0]))
run("parameter/after_set_data", lambda: d.log_prob(t([0.5, 1.0])))
