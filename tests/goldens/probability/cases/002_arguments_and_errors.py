"""MindSpore's argument rules: parameters at construction or at call time (broadcast together),
missing parameters, non-Tensor arguments, invalid values, dtypes of parameters and results,
method dispatch through the Cell, properties, and the methods a distribution lacks."""
import numpy as np
from _target import ms, Tensor, emit

msd = ms.nn.probability.distribution
F32 = np.float32


def t(a, dt=F32):
    return Tensor(np.array(a, dt))


def run(key, f):
    try:
        v = f()
        if isinstance(v, Tensor):
            emit(key, [v, str(v.dtype), list(v.shape)])
        else:
            emit(key, v)
    except Exception as e:  # noqa: BLE001
        emit(key, e)


x = t([0.2, 0.5, 1.5])
# construction errors
ctors = {
    "normal_sd0": lambda: msd.Normal(0.0, 0.0), "normal_sdneg": lambda: msd.Normal(0.0, [1.0, -1.0]),
    "normal_int_dtype": lambda: msd.Normal(0.0, 1.0, dtype=ms.int32),
    "normal_seed_neg": lambda: msd.Normal(0.0, 1.0, seed=-1),
    "normal_seed_float": lambda: msd.Normal(0.0, 1.0, seed=1.5),
    "normal_name_int": lambda: msd.Normal(0.0, 1.0, name=3),
    "normal_bool": lambda: msd.Normal(True, 1.0), "normal_str": lambda: msd.Normal("a", 1.0),
    "uniform_bad": lambda: msd.Uniform(1.0, 0.0), "uniform_eq": lambda: msd.Uniform(1.0, 1.0),
    "exponential_0": lambda: msd.Exponential(0.0), "cauchy_0": lambda: msd.Cauchy(0.0, 0.0),
    "logistic_0": lambda: msd.Logistic(0.0, -1.0),
    "gamma_float": lambda: msd.Gamma(2.0, np.array([1.0], F32)),
    "gamma_rate_int": lambda: msd.Gamma(np.array([1.0], F32), 1),
    "gamma_0": lambda: msd.Gamma(np.array([0.0], F32), np.array([1.0], F32)),
    "beta_float": lambda: msd.Beta(2.0, np.array([1.0], F32)),
    "beta_int": lambda: msd.Beta(2, 3), "beta_0": lambda: msd.Beta(np.array([0.0], F32), np.array([1.0], F32)),
    "bernoulli_1": lambda: msd.Bernoulli(1.0), "bernoulli_0": lambda: msd.Bernoulli(0.0),
    "bernoulli_float_dtype": lambda: msd.Bernoulli(0.5, dtype=ms.float32),
    "geometric_1": lambda: msd.Geometric(1.0),
    "poisson_float": lambda: msd.Poisson(2.0), "poisson_0": lambda: msd.Poisson(np.array([0.0], F32)),
    "categorical_sum": lambda: msd.Categorical([0.5, 0.6]),
    "categorical_scalar": lambda: msd.Categorical(0.5),
    "categorical_zero": lambda: msd.Categorical([0.0, 1.0]),
    "lognormal_0": lambda: msd.LogNormal(0.0, 0.0),
    "gumbel_0": lambda: msd.Gumbel(0.0, 0.0),
}
for k, f in ctors.items():
    run("ctor/" + k, lambda: type(f()).__name__)

n0 = msd.Normal()
run("none/log_prob", lambda: n0.log_prob(x))
run("none/log_prob_mean_only", lambda: n0.log_prob(x, t(0.0)))
run("none/log_prob_both", lambda: n0.log_prob(x, t(0.0), t(1.0)))
run("none/kw", lambda: n0.log_prob(x, sd=t([1.0, 2.0, 3.0]), mean=t(0.5)))
run("none/python_mean", lambda: n0.log_prob(x, 0.0, t(1.0)))
run("none/mean", lambda: n0.mean(t([1.0, 2.0]), t([[1.0], [2.0]])))
run("none/sd", lambda: n0.sd(t([1.0, 2.0]), t([[1.0], [2.0]])))
run("none/entropy", lambda: n0.entropy(t(0.0), t([1.0, 2.0])))
run("none/sample", lambda: list(n0.sample((2,), t([0.0, 1.0]), t(1.0)).shape))
run("none/batch", lambda: [str(n0.batch_shape), n0.is_scalar_batch])

n = msd.Normal(0.0, 1.0)
run("normal/python_value", lambda: n.log_prob(0.5))
run("normal/numpy_value", lambda: n.log_prob(np.array([0.5], F32)))
run("normal/int_value", lambda: n.log_prob(t([0, 1, 2], np.int32)))
run("normal/f64_value", lambda: n.log_prob(t([0.5, 1.0], np.float64)))
run("normal/f16_value", lambda: n.log_prob(t([0.5, 1.0], np.float16)))
run("normal/override_sd", lambda: n.log_prob(x, None, t([2.0])))
run("normal/override_f64", lambda: n.log_prob(x, t(0.0, np.float64), t(2.0, np.float64)))
run("normal/mixed_dtypes", lambda: n.log_prob(x, t(0.0, np.float16), t(2.0)))
run("normal/not_broadcast", lambda: n.log_prob(x, t([0.0, 1.0]), t([1.0, 2.0, 3.0])))
run("normal/sample_list", lambda: n.sample([2]))
run("normal/sample_int", lambda: n.sample(2))
run("normal/get_dist_args", lambda: n.get_dist_args())
run("normal/get_dist_args2", lambda: n.get_dist_args(t(1.0)))
run("normal/get_dist_type", lambda: n.get_dist_type())
run("normal/cell_log_prob", lambda: n("log_prob", x))
run("normal/cell_cdf", lambda: n("cdf", x, t(1.0), t(1.0)))
run("normal/cell_kl", lambda: n("kl_loss", "Normal", t(1.0), t(1.0)))
run("normal/cell_sample", lambda: list(n("sample", (3,)).shape))
run("normal/cell_bad", lambda: n("foo", x))
run("normal/props", lambda: [n.name, str(n.dtype), n.seed, str(n.batch_shape), n.is_scalar_batch,
                             sorted(n.parameters.keys())])
run("normal/kl_none", lambda: n.kl_loss(None, t(1.0), t(1.0)))
run("normal/kl_python", lambda: n.kl_loss("Normal", 1.0, t(1.0)))
run("normal/kl_missing", lambda: n.kl_loss("Normal", t(1.0)))

for dt in [ms.float16, ms.float64]:
    d = msd.Normal(0.0, 1.0, dtype=dt)
    run("dtype_%s/log_prob" % dt, lambda: d.log_prob(x))
    run("dtype_%s/mean" % dt, lambda: d.mean())
    run("dtype_%s/sample" % dt, lambda: str(d.sample((2,)).dtype))
d = msd.Normal(np.array([0.0], np.float64), np.array([1.0], np.float64))
run("np64/log_prob", lambda: d.log_prob(x))
d = msd.Normal(np.array([0.0], np.float16), np.array([1.0], np.float16))
run("np16/log_prob", lambda: d.log_prob(t([0.5], np.float16)))
run("np_mixed", lambda: msd.Normal(np.array([0.0], np.float16), np.array([1.0], F32)))
d = msd.Normal(t([0.0, 1.0]), t(1.0))
run("tensor_params/log_prob", lambda: d.log_prob(t([[0.0], [1.0]])))
d = msd.Normal(np.array([1, 2], np.int32), 1.0)
run("int_params/mean", lambda: d.mean())

# methods a distribution does not have
c = msd.Cauchy(0.0, 1.0)
for m in ["mean", "sd", "var"]:
    run("cauchy/" + m, lambda: getattr(c, m)())
p = msd.Poisson(np.array([2.0], F32))
run("poisson/entropy", lambda: p.entropy())
run("poisson/sd", lambda: p.sd())
for m in ["kl_loss", "cross_entropy"]:
    run("poisson/" + m, lambda: getattr(p, m)("Poisson", t([1.0])))
for m in ["survival_function", "log_survival", "log_cdf"]:
    run("poisson/" + m, lambda: getattr(p, m)(t([1.0, 3.0])))
lg = msd.Logistic(0.0, 1.0)
run("logistic/kl_loss", lambda: lg.kl_loss("Logistic", t(0.0), t(1.0)))
run("logistic/cross_entropy", lambda: lg.cross_entropy("Logistic", t(0.0), t(1.0)))
run("logistic/var", lambda: lg.var())
b = msd.Beta(np.array([2.0], F32), np.array([3.0], F32))
for m in ["cdf", "log_cdf", "survival_function", "log_survival"]:
    run("beta/" + m, lambda: getattr(b, m)(t([0.5])))
u = msd.Uniform(0.0, 1.0)
run("uniform/mode", lambda: u.mode())
e = msd.Exponential(1.0)
run("exponential/get_dist_args", lambda: e.get_dist_args())
run("exponential/var", lambda: e.var(t([2.0, 4.0])))
g = msd.Gumbel(0.0, 1.0)
run("gumbel/get_dist_args", lambda: g.get_dist_args())
run("gumbel/log_prob_params", lambda: g.log_prob(x, t(0.0), t(1.0)))
ln = msd.LogNormal()
run("lognormal/none", lambda: ln.log_prob(x))
run("lognormal/call", lambda: ln.log_prob(x, t(0.0), t(1.0)))
run("lognormal/mean", lambda: ln.mean(t(0.0), t([1.0, 2.0])))
run("lognormal/props", lambda: [ln.name, ln.seed, str(ln.dtype), str(ln.batch_shape)])
run("lognormal/get_dist_args", lambda: msd.LogNormal(0.0, 1.0).get_dist_args())
