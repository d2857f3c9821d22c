"""Gradients through the distributions (a policy-gradient loss -log_prob(a, mean, sd) * adv
differentiated w.r.t. the network giving mean and sd, entropy bonuses, kl_loss, Categorical
log_prob of softmax probabilities, the special functions of Gamma/Beta/Poisson, bijectors and
the reparameterised Normal sample w.r.t. its mean), in PYNATIVE_MODE and GRAPH_MODE, with the
distributions used inside construct."""
import numpy as np
from _target import ms, nn, ops, Tensor, Parameter, emit

msd = ms.nn.probability.distribution
msb = ms.nn.probability.bijector
F32 = np.float32


def t(a, dt=F32):
    return Tensor(np.array(a, dt))


def run(key, f):
    try:
        emit(key, f())
    except Exception as e:  # noqa: BLE001
        emit(key, e)


rng = np.random.RandomState(0)
W = rng.randn(4, 6).astype(F32) * 0.5
OBS = t(rng.randn(5, 4))
ACT = t(rng.randn(5, 3))
ADV = t(rng.randn(5))
ACT_I = t([0, 2, 1, 1, 0], np.int32)


class Policy(nn.Cell):
    def __init__(self):
        super().__init__()
        self.w = Parameter(Tensor(W), name="w")
        self.dist = msd.Normal()

    def construct(self, obs, act, adv):
        h = ops.matmul(obs, self.w)
        mean, sd = h[:, :3], ops.softplus(h[:, 3:]) + 0.1
        logp = self.dist.log_prob(act, mean, sd).sum(-1)
        ent = self.dist.entropy(mean, sd).sum(-1)
        kl = self.dist.kl_loss("Normal", ops.zeros_like(mean), ops.ones_like(sd), mean, sd).sum(-1)
        return (-logp * adv - 0.01 * ent + 0.1 * kl).mean()


class CatPolicy(nn.Cell):
    def __init__(self):
        super().__init__()
        self.w = Parameter(Tensor(W[:, :3].copy()), name="w")
        self.dist = msd.Categorical()

    def construct(self, obs, act, adv):
        probs = ops.softmax(ops.matmul(obs, self.w), -1)
        logp = self.dist.log_prob(act, probs)
        return (-logp * adv).mean() - 0.01 * self.dist.entropy(probs).mean()


class Special(nn.Cell):
    """Gamma, Beta, Poisson, LogNormal, Gumbel-free parameters in construct."""

    def __init__(self, with_beta):
        super().__init__()
        self.with_beta = with_beta
        self.gamma = msd.Gamma()
        self.beta = msd.Beta()
        self.poisson = msd.Poisson()
        self.lognormal = msd.LogNormal()
        self.exp = msd.Exponential()
        self.uniform = msd.Uniform()
        self.cauchy = msd.Cauchy()
        self.logistic = msd.Logistic()
        self.geo = msd.Geometric()
        self.bern = msd.Bernoulli()

    def construct(self, a, b, x, u):
        out = self.gamma.log_prob(x, a, b).sum() + self.gamma.entropy(a, b).sum()
        out += self.gamma.kl_loss("Gamma", b, a, a, b).sum()
        if self.with_beta:  # MindSpore's LBeta gradient is NaN for most arguments >= 1
            out += self.beta.log_prob(u, a, b).sum() + self.beta.entropy(a, b).sum()
            out += self.beta.kl_loss("Beta", b, a, a, b).sum()
        out += self.poisson.log_prob(ops.floor(x), a).sum()
        out += self.lognormal.log_prob(x, a, b).sum() + self.lognormal.mean(a, b).sum()
        out += self.exp.log_prob(x, a).sum() + self.exp.cdf(x, b).sum()
        out += self.uniform.entropy(-a, b).sum() + self.cauchy.log_prob(x, a, b).sum()
        out += self.logistic.log_prob(x, a, b).sum() + self.logistic.log_cdf(x, a, b).sum()
        out += self.geo.log_prob(ops.floor(x), u).sum() + self.bern.entropy(u).sum()
        return out


class Bij(nn.Cell):
    def __init__(self):
        super().__init__()
        self.sp = msb.Softplus(2.0)
        self.pt = msb.PowerTransform(0.5)
        self.gc = msb.GumbelCDF(0.5, 2.0)
        self.td = msd.TransformedDistribution(msb.ScalarAffine(2.0, 1.0), msd.Normal())

    def construct(self, x, m, s):
        out = self.sp.forward(x).sum() + self.sp.inverse_log_jacobian(ops.abs(x) + 0.1).sum()
        out += self.pt.forward(ops.abs(x)).sum() + self.pt.forward_log_jacobian(ops.abs(x)).sum()
        out += self.gc.forward(x).sum() + self.gc.forward_log_jacobian(x).sum()
        out += self.td.log_prob(x, m, s).sum()
        return out


class Reparam(nn.Cell):
    def __init__(self):
        super().__init__()
        self.dist = msd.Normal(seed=5)

    def construct(self, mean, sd):
        return self.dist.sample((7,), mean, sd).sum()


a = t([0.7, 1.5, 3.0])
b = t([1.2, 0.4, 2.0])
x = t([0.5, 1.7, 2.4])
u = t([0.2, 0.5, 0.8])
for mode, mode_name in [(ms.PYNATIVE_MODE, "pynative"), (ms.GRAPH_MODE, "graph")]:
    ms.set_context(mode=mode)
    net = Policy()
    run(mode_name + "/policy_loss", lambda: net(OBS, ACT, ADV))
    gf = ms.value_and_grad(net, None, net.trainable_params())
    run(mode_name + "/policy_grad", lambda: gf(OBS, ACT, ADV)[1][0])
    cnet = CatPolicy()
    run(mode_name + "/cat_loss", lambda: cnet(OBS, ACT_I, ADV))
    cg = ms.value_and_grad(cnet, None, cnet.trainable_params())
    run(mode_name + "/cat_grad", lambda: cg(OBS, ACT_I, ADV)[1][0])
    run(mode_name + "/special", lambda: Special(True)(a, b, x, u))
    sp = Special(False)
    run(mode_name + "/special_grad", lambda: ms.grad(sp, (0, 1, 2, 3))(a, b, x, u))
    bj = Bij()
    run(mode_name + "/bij", lambda: bj(x - 1.0, t(0.3), t(1.5)))
    run(mode_name + "/bij_grad", lambda: ms.grad(bj, (0, 1, 2))(x - 1.0, t(0.3), t(1.5)))
    rp = Reparam()
    run(mode_name + "/reparam_mean_grad", lambda: ms.grad(rp, 0)(t([0.0, 1.0]), t([1.0, 2.0])))
    run(mode_name + "/reparam_shape", lambda: list(ms.grad(rp, 1)(t([0.0, 1.0]), t([1.0, 2.0])).shape))
