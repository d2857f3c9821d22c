"""Gradients of the distributions and bijectors of mindcell.nn.probability against float64
central finite differences: every differentiable method w.r.t. the value and the parameters
given at call time (MindSpore's own gradients are compared in tests/goldens/probability/005)."""
import numpy as np
import pytest

import mindcell as ms
from mindcell import Tensor, ops
import mindcell.nn.probability.bijector as msb
import mindcell.nn.probability.distribution as msd

F64 = ms.float64


def t(a, dtype=np.float64):
    return Tensor(np.array(a, dtype))


def check_fd(f, args, eps=1e-6, rtol=2e-5, atol=1e-7):
    """ops.grad of sum(f(*args)) w.r.t. every argument equals the central difference."""
    grads = ops.grad(lambda *a: f(*a).sum(), tuple(range(len(args))))(*args)
    grads = grads if isinstance(grads, tuple) else (grads,)
    base = [a.asnumpy().astype(np.float64) for a in args]
    for i, g in enumerate(grads):
        num = np.zeros_like(base[i])
        for j in np.ndindex(base[i].shape):
            up = [b.copy() for b in base]
            dn = [b.copy() for b in base]
            up[i][j] += eps
            dn[i][j] -= eps
            fu = float(f(*[Tensor(u) for u in up]).sum().asnumpy())
            fd = float(f(*[Tensor(d) for d in dn]).sum().asnumpy())
            num[j] = (fu - fd) / (2 * eps)
        np.testing.assert_allclose(g.asnumpy(), num, rtol=rtol, atol=atol,
                                   err_msg="argument %d" % i)


def two(cls, a, b, kl_a, kl_b, values):
    """Checks of a two-parameter distribution computed in float64."""
    d = cls(dtype=F64)
    out = [(m, lambda x, p, q, m=m: getattr(d, m)(x, p, q), (values, a, b))
           for m in ("log_prob", "prob", "cdf", "log_cdf", "survival_function", "log_survival")]
    out += [(m, lambda p, q, m=m: getattr(d, m)(p, q), (a, b))
            for m in ("mean", "sd", "var", "entropy")]
    out.append(("kl_loss", lambda p, q, r, s: d.kl_loss(d.get_dist_type(), r, s, p, q),
                (a, b, kl_a, kl_b)))
    out.append(("cross_entropy", lambda p, q, r, s: d.cross_entropy(d.get_dist_type(), r, s, p, q),
                (a, b, kl_a, kl_b)))
    return out


CASES = []
CASES += [("Normal/" + k, f, args) for k, f, args in two(
    msd.Normal, t([0.3, -1.0, 2.0]), t([0.7, 1.5, 2.5]), t([0.1, 0.0, 1.0]), t([1.0, 2.0, 0.5]),
    t([0.5, -2.0, 3.0]))]
CASES += [("Logistic/" + k, f, args) for k, f, args in two(
    msd.Logistic, t([0.3, -1.0, 2.0]), t([0.7, 1.5, 2.5]), t([0.1, 0.0, 1.0]),
    t([1.0, 2.0, 0.5]), t([0.5, -2.0, 3.0])) if "kl" not in k and "cross" not in k]
CASES += [("Cauchy/" + k, f, args) for k, f, args in two(
    msd.Cauchy, t([0.3, -1.0, 2.0]), t([0.7, 1.5, 2.5]), t([0.1, 0.0, 1.0]),
    t([1.0, 2.0, 0.5]), t([0.5, -2.0, 3.0])) if k not in ("mean", "sd", "var")]
CASES += [("Uniform/" + k, f, args) for k, f, args in two(
    msd.Uniform, t([0.0, -1.0, 2.0]), t([1.0, 1.5, 4.0]), t([-1.0, -2.0, 1.0]),
    t([2.0, 2.0, 5.0]), t([0.5, 0.3, 3.0]))]
CASES += [("Gamma/" + k, f, args) for k, f, args in two(
    msd.Gamma, t([0.7, 1.5, 3.0]), t([1.2, 0.4, 2.0]), t([1.0, 2.0, 0.5]), t([2.0, 1.0, 3.0]),
    t([0.5, 1.7, 2.4]))]
CASES += [("LogNormal/" + k, f, args) for k, f, args in two(
    msd.LogNormal, t([0.3, -1.0, 1.0]), t([0.7, 1.5, 0.5]), t([0.1, 0.0, 1.0]),
    t([1.0, 2.0, 0.5]), t([0.5, 0.2, 3.0]))]
_exp = msd.Exponential(dtype=F64)
CASES += [("Exponential/log_prob", lambda x, r: _exp.log_prob(x, r),
           (t([0.5, 2.0]), t([1.5, 0.3]))),
          ("Exponential/cdf", lambda x, r: _exp.cdf(x, r), (t([0.5, 2.0]), t([1.5, 0.3]))),
          ("Exponential/log_survival", lambda x, r: _exp.log_survival(x, r),
           (t([0.5, 2.0]), t([1.5, 0.3]))),
          ("Exponential/entropy", lambda r: _exp.entropy(r), (t([1.5, 0.3]),)),
          ("Exponential/sd", lambda r: _exp.sd(r), (t([1.5, 0.3]),)),
          ("Exponential/kl_loss", lambda r, s: _exp.kl_loss("Exponential", s, r),
           (t([1.5, 0.3]), t([0.5, 1.0])))]
_bern = msd.Bernoulli(dtype=F64)
_geo = msd.Geometric(dtype=F64)
_pois = msd.Poisson(dtype=F64)
_cat = msd.Categorical(dtype=F64)
_k = t([0.0, 1.0, 1.0])
CASES += [("Bernoulli/log_prob", lambda p: _bern.log_prob(_k, p), (t([0.2, 0.6, 0.9]),)),
          ("Bernoulli/entropy", lambda p: _bern.entropy(p), (t([0.2, 0.6, 0.9]),)),
          ("Bernoulli/var", lambda p: _bern.var(p), (t([0.2, 0.6, 0.9]),)),
          ("Bernoulli/kl_loss", lambda p, q: _bern.kl_loss("Bernoulli", q, p),
           (t([0.2, 0.6, 0.9]), t([0.5, 0.3, 0.4]))),
          ("Geometric/log_prob", lambda p: _geo.log_prob(t([0.0, 2.0, 5.0]), p),
           (t([0.2, 0.6, 0.9]),)),
          ("Geometric/cdf", lambda p: _geo.cdf(t([0.0, 2.0, 5.0]), p), (t([0.2, 0.6, 0.9]),)),
          ("Geometric/entropy", lambda p: _geo.entropy(p), (t([0.2, 0.6, 0.9]),)),
          ("Geometric/kl_loss", lambda p, q: _geo.kl_loss("Geometric", q, p),
           (t([0.2, 0.6, 0.9]), t([0.5, 0.3, 0.4]))),
          ("Poisson/log_prob", lambda r: _pois.log_prob(t([0.0, 2.0, 7.0]), r),
           (t([0.5, 2.5, 6.0]),)),
          ("Poisson/cdf", lambda r: _pois.cdf(t([0.0, 2.0, 7.0]), r), (t([0.5, 2.5, 6.0]),)),
          ("Categorical/log_prob", lambda p: _cat.log_prob(t([0, 2], np.int32), p),
           (t([[0.2, 0.3, 0.5], [0.1, 0.6, 0.3]]),)),
          ("Categorical/cdf", lambda p: _cat.cdf(t([0, 1], np.int32), p),
           (t([[0.2, 0.3, 0.5], [0.1, 0.6, 0.3]]),)),
          ("Categorical/entropy", lambda p: _cat.entropy(p),
           (t([[0.2, 0.3, 0.5], [0.1, 0.6, 0.3]]),)),
          ("Categorical/mean", lambda p: _cat.mean(p), (t([[0.2, 0.3, 0.5]]),)),
          ("Categorical/var", lambda p: _cat.var(p), (t([[0.2, 0.3, 0.5]]),)),
          ("Categorical/kl_loss", lambda p, q: _cat.kl_loss("Categorical", q, p),
           (t([[0.2, 0.3, 0.5]]), t([[0.4, 0.4, 0.2]])))]
_xs = t([-2.0, -0.3, 0.4, 1.5])
_ys = t([0.2, 0.7, 1.5, 4.0])
_bij = [("Exp", msb.Exp()), ("PowerTransform", msb.PowerTransform(0.5)),
        ("ScalarAffine", msb.ScalarAffine(-2.0, 0.5)), ("Softplus", msb.Softplus(1.5)),
        ("GumbelCDF", msb.GumbelCDF(0.5, 2.0)), ("Invert", msb.Invert(msb.Softplus(2.0)))]
for _name, _b in _bij:
    _x = t([0.1, 0.4, 1.0, 2.0]) if _name == "PowerTransform" else _xs
    _y = t([0.05, 0.3, 0.6, 0.95]) if _name == "GumbelCDF" else _ys
    if _name == "Invert":
        _x, _y = _ys, _xs
    for _m, _v in (("forward", _x), ("inverse", _y), ("forward_log_jacobian", _x),
                   ("inverse_log_jacobian", _y)):
        if _name == "ScalarAffine" and "jacobian" in _m:
            continue  # constant
        CASES.append(("%s/%s" % (_name, _m), lambda v, b=_b, m=_m: getattr(b, m)(v), (_v,)))
_td = msd.TransformedDistribution(msb.Softplus(), msd.Normal(dtype=F64))
CASES += [("TransformedDistribution/log_prob",
           lambda y, m, s: _td.log_prob(y, m, s), (t([0.3, 1.2, 2.5]), t([0.1, 0.5, -0.2]),
                                                   t([1.0, 0.7, 2.0]))),
          ("TransformedDistribution/cdf",
           lambda y, m, s: _td.cdf(y, m, s), (t([0.3, 1.2, 2.5]), t([0.1, 0.5, -0.2]),
                                              t([1.0, 0.7, 2.0])))]
_gum = msd.Gumbel(0.5, 2.0, dtype=F64)
CASES += [("Gumbel/log_prob", lambda x: _gum.log_prob(x), (t([-1.0, 0.5, 3.0]),)),
          ("Gumbel/cdf", lambda x: _gum.cdf(x), (t([-1.0, 0.5, 3.0]),)),
          ("Gumbel/kl_loss", lambda l, s: _gum.kl_loss("Gumbel", l, s),
           (t([0.0, 1.0]), t([1.0, 3.0])))]


@pytest.mark.parametrize("name,f,args", CASES, ids=[c[0] for c in CASES])
def test_gradient_matches_float64_finite_differences(name, f, args):
    out = f(*args)
    assert out.dtype == F64, (name, out.dtype)
    assert np.isfinite(out.asnumpy()).all(), name
    check_fd(f, args)


def test_beta_gradients_match_finite_differences_in_float32():
    """Beta's log-normaliser is nn.LBeta (float16/float32 only, as MindSpore's): the
    derivatives are checked in float32 with a coarser step."""
    d = msd.Beta()
    a = np.array([0.7, 1.5, 3.0], np.float32)
    b = np.array([1.2, 0.4, 2.0], np.float32)
    u = Tensor(np.array([0.2, 0.5, 0.8], np.float32))
    funcs = {"log_prob": lambda p, q: d.log_prob(u, p, q), "entropy": lambda p, q: d.entropy(p, q),
             "kl_loss": lambda p, q: d.kl_loss("Beta", Tensor(b[::-1].copy()),
                                               Tensor(a[::-1].copy()), p, q),
             "mean": lambda p, q: d.mean(p, q), "var": lambda p, q: d.var(p, q)}
    for name, f in funcs.items():
        grads = ops.grad(lambda p, q: f(p, q).sum(), (0, 1))(Tensor(a), Tensor(b))
        for i, g in enumerate(grads):
            num = np.zeros(3)
            for j in range(3):
                args_u = [a.astype(np.float64), b.astype(np.float64)]
                args_d = [a.astype(np.float64), b.astype(np.float64)]
                args_u[i][j] += 1e-2
                args_d[i][j] -= 1e-2
                fu = f(*[Tensor(v.astype(np.float32)) for v in args_u]).sum().asnumpy()
                fd = f(*[Tensor(v.astype(np.float32)) for v in args_d]).sum().asnumpy()
                num[j] = (float(fu) - float(fd)) / 2e-2
            np.testing.assert_allclose(g.asnumpy(), num, rtol=2e-3, atol=2e-3, err_msg=name)


def test_reparameterised_normal_sample_gradients():
    """sample(shape, mean, sd) = mean + sd * z: d/dmean is the number of draws per element and
    d/dsd the sum of the standard normal draws z = (sample - mean) / sd (same seed)."""
    d = msd.Normal(seed=3, dtype=F64)
    mean, sd = t([0.5, -1.0]), t([2.0, 0.5])
    ms.set_seed(11)
    s = d.sample((6,), mean, sd).asnumpy()
    ms.set_seed(11)
    gm, gs = ops.grad(lambda m, q: d.sample((6,), m, q).sum(), (0, 1))(mean, sd)
    np.testing.assert_allclose(gm.asnumpy(), [6.0, 6.0])
    z = (s - mean.asnumpy()) / sd.asnumpy()
    np.testing.assert_allclose(gs.asnumpy(), z.sum(0), rtol=1e-6)


def test_halfnormal_laplace_studentt_gradients():
    checks = [
        (lambda x, m, s: msd.HalfNormal(dtype=F64).log_prob(x, m, s),
         (t([0.3, 1.0, 2.5]), t([0.0, 0.5, -1.0]), t([1.0, 0.7, 2.0]))),
        (lambda x, m, s: msd.Laplace(dtype=F64).log_prob(x, m, s),
         (t([0.3, 1.0, 2.5]), t([0.0, 0.5, -1.0]), t([1.0, 0.7, 2.0]))),
        (lambda x, n, m, s: msd.StudentT(dtype=F64).log_prob(x, n, m, s),
         (t([0.3, 1.0, 2.5]), t([1.0, 4.0, 30.0]), t([0.0, 0.5, -1.0]), t([1.0, 0.7, 2.0])))]
    for f, args in checks:
        check_fd(f, args)
