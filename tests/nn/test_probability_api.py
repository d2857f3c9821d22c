"""mindcell.nn.probability as MindSpore programs use it: the recorded MindSpore 2.10 goldens
(tests/goldens/probability), the docstring examples, ``import mindspore.nn.probability...``
under ``python -m mindcell.run``, a policy-gradient agent training in both modes, and the
places where mindcell deliberately differs (tests/goldens/probability/known_differences.txt)."""
import doctest
import importlib
import os
import subprocess
import sys
import textwrap

import numpy as np
import pytest

import mindcell as ms
from mindcell import Parameter, Tensor, nn, ops
import mindcell.nn.probability.bijector as msb
import mindcell.nn.probability.distribution as msd

GOLDENS = os.path.join(os.path.dirname(__file__), "..", "goldens", "run_goldens.py")
F32 = np.float32


def test_values_errors_and_gradients_match_mindspore_goldens():
    proc = subprocess.run([sys.executable, GOLDENS, "probability", "--target", "mindcell"],
                          capture_output=True, text=True, timeout=900)
    assert "8 passed, 0 failed" in proc.stdout, proc.stdout + proc.stderr


@pytest.mark.parametrize("name", [
    "mindcell.nn.probability.distribution.distribution",
    "mindcell.nn.probability.distribution.transformed_distribution",
    "mindcell.nn.probability.distribution.continuous",
    "mindcell.nn.probability.distribution.discrete",
    "mindcell.nn.probability.bijector.bijector", "mindcell.nn.probability.bnn_layers"])
def test_docstring_examples(name):
    result = doctest.testmod(importlib.import_module(name),
                             optionflags=doctest.NORMALIZE_WHITESPACE)
    assert result.attempted > 0 and result.failed == 0


def test_public_names_have_mindspore_style_docstrings():
    for module in (msd, msb):
        for name in module.__all__:
            doc = getattr(module, name).__doc__ or ""
            assert "Examples:" in doc and ">>>" in doc, name
            if name not in ("Distribution", "Bijector", "Exp"):
                assert "Raises:" in doc, name


def test_mindspore_imports_under_mindcell_run(tmp_path):
    script = tmp_path / "agent.py"
    script.write_text(textwrap.dedent("""
        import numpy as np
        import mindspore as ms
        import mindspore.nn.probability.distribution as msd
        import mindspore.nn.probability.bijector as msb
        from mindspore.nn.probability.distribution import Categorical, Normal
        from mindspore import nn
        d = msd.Normal(0.0, 1.0)
        x = ms.Tensor(np.array([0.5], np.float32))
        print(type(nn.probability.distribution.Gamma).__name__, isinstance(d, nn.Cell))
        print(float(d.log_prob(x)[0]), Categorical is msd.Categorical, Normal is msd.Normal)
        print(type(msb.Exp()(msd.Normal(0.0, 1.0))).__name__)
    """))
    proc = subprocess.run([sys.executable, "-m", "mindcell.run", str(script)],
                          capture_output=True, text=True, timeout=300)
    assert proc.returncode == 0, proc.stderr
    lines = proc.stdout.split("\n")
    assert lines[0] == "type True"
    assert abs(float(lines[1].split()[0]) - (-0.5 * 0.25 - 0.5 * np.log(2 * np.pi))) < 1e-6
    assert lines[1].split()[1:] == ["True", "True"]
    assert lines[2] == "TransformedDistribution"


class _Actor(nn.Cell):
    def __init__(self):
        super().__init__()
        self.body = nn.Dense(3, 16, activation="tanh")
        self.mean = nn.Dense(16, 2)
        self.log_sd = Parameter(Tensor(np.zeros(2, F32)), name="log_sd")

    def construct(self, obs):
        return self.mean(self.body(obs)), ops.exp(self.log_sd)


class _PGLoss(nn.Cell):
    """REINFORCE with a Gaussian policy (mindrl's pattern): -log_prob(a, mean, sd) * adv."""

    def __init__(self, actor):
        super().__init__()
        self.actor = actor
        self.dist = msd.Normal()

    def construct(self, obs, act, adv):
        mean, sd = self.actor(obs)
        logp = self.dist.log_prob(act, mean, sd).sum(-1)
        return -(logp * adv).mean() - 0.001 * self.dist.entropy(mean, sd).mean()


@pytest.mark.parametrize("mode", [ms.PYNATIVE_MODE, ms.GRAPH_MODE])
def test_policy_gradient_moves_the_policy_towards_rewarded_actions(mode):
    """Actions near a target direction get positive advantages; after training the policy's
    mean points there, in both modes."""
    ms.set_context(mode=mode)
    try:
        ms.set_seed(0)
        rng = np.random.RandomState(0)
        actor = _Actor()
        step = nn.TrainOneStepCell(_PGLoss(actor), nn.Adam(actor.trainable_params(), 0.02))
        sampler = msd.Normal(seed=1)
        target = np.array([1.0, -1.0], F32)
        for _ in range(150):
            obs = Tensor(rng.randn(64, 3).astype(F32))
            mean, sd = actor(obs)
            act = sampler.sample((), mean, sd).asnumpy()
            reward = -((act - target) ** 2).sum(-1)
            adv = (reward - reward.mean()) / (reward.std() + 1e-6)
            step(obs, Tensor(act), Tensor(adv.astype(F32)))
        mean, _ = actor(Tensor(rng.randn(256, 3).astype(F32)))
        np.testing.assert_allclose(mean.asnumpy().mean(0), target, atol=0.25)
    finally:
        ms.set_context(mode=ms.PYNATIVE_MODE)


def test_categorical_policy_in_graph_mode_matches_pynative():
    probs = Tensor(np.array([[0.2, 0.3, 0.5], [0.7, 0.2, 0.1]], F32))
    act = Tensor(np.array([2, 0], np.int32))

    class Net(nn.Cell):
        def __init__(self):
            super().__init__()
            self.dist = msd.Categorical()

        def construct(self, p, a):
            return (self.dist.log_prob(a, p), self.dist.entropy(p), self.dist.prob(a, p),
                    self.dist.kl_loss("Categorical", p[::-1], p), self.dist.mode(p))

    eager = [o.asnumpy() for o in Net()(probs, act)]
    ms.set_context(mode=ms.GRAPH_MODE)
    try:
        compiled = [o.asnumpy() for o in Net()(probs, act)]
    finally:
        ms.set_context(mode=ms.PYNATIVE_MODE)
    for e, c in zip(eager, compiled):
        np.testing.assert_allclose(c, e, rtol=1e-6)
    np.testing.assert_allclose(eager[0], np.log([0.5, 0.7]), rtol=1e-6)


def test_known_differences_from_mindspore():
    # MindSpore 2.10 raises TypeError here (Less(0.5, probs)); the mode is 1 where probs > 0.5
    mode = msd.Bernoulli([0.2, 0.7], dtype=ms.float32).mode()
    assert mode.dtype == ms.float32 and mode.asnumpy().tolist() == [0.0, 1.0]
    # MindSpore raises AttributeError; the batch shape broadcast with the given shape
    assert msb.ScalarAffine(np.array([1.0, 2.0], F32), 1.0).shape_mapping((3, 1)) == (3, 2)
    # exact softplus tails where MindSpore's CPU Expm1 / log(sigmoid) lose digits
    sp = msb.Softplus()
    np.testing.assert_allclose(sp.inverse(Tensor(np.array([1e-6], F32))).asnumpy(),
                               np.log(np.expm1(1e-6)), rtol=1e-6)
    np.testing.assert_allclose(msb.Softplus(3.0).forward_log_jacobian(
        Tensor(np.array([-30.0], F32))).asnumpy(), [-90.0], rtol=1e-6)


def test_errors_name_the_argument_and_what_was_expected():
    n = msd.Normal()
    x = Tensor(np.array([0.5], F32))
    with pytest.raises(TypeError, match="mean must be subclass of Tensor"):
        n.log_prob(x)
    with pytest.raises(TypeError, match="For mean, input type must be a Tensor"):
        n.log_prob(x, 0.0, Tensor(1.0))
    with pytest.raises(ValueError, match="Expected dist input is Normal, but got Gamma"):
        msd.Normal(0.0, 1.0).kl_loss("Gamma", Tensor(1.0), Tensor(1.0))
    with pytest.raises(ValueError, match="Standard deviation must be greater than zero"):
        msd.Normal(0.0, [1.0, 0.0])
    with pytest.raises(NotImplementedError, match="entropy is not implemented for Poisson"):
        msd.Poisson(np.array([1.0], F32)).entropy()
    with pytest.raises(ValueError, match="mean is undefined for Cauchy"):
        msd.Cauchy(0.0, 1.0).mean()
    with pytest.raises(ValueError, match=r"Shape \(2,\) and \(3,\) is not broadcastable"):
        n.log_prob(x, Tensor(np.zeros(3, F32)), Tensor(np.ones(2, F32)))
    with pytest.raises(TypeError, match="For shape, input type must be a tuple"):
        msd.Normal(0.0, 1.0).sample([2])
    with pytest.raises(TypeError, match="'dtype'"):
        msd.Normal(0.0, 1.0, dtype=ms.int32)
    with pytest.raises(ValueError, match="mean function must be implemented"):
        msd.TransformedDistribution(msb.Exp(), msd.Normal(0.0, 1.0)).mean()


def test_constructor_tensors_stay_differentiable():
    """A Normal built from network outputs each step (xuance's pattern) differentiates in
    them; the golden 006 holds MindSpore's values."""
    x = Tensor(np.array([0.5, 1.0], F32))
    g_mu, g_sd = ms.grad(lambda mu, sd: msd.Normal(mu, sd).log_prob(x).sum(), (0, 1))(
        Tensor(np.array([0.0, 1.0], F32)), Tensor(np.array([1.0, 2.0], F32)))
    np.testing.assert_allclose(g_mu.asnumpy(), [0.5, 0.0], rtol=1e-6)
    np.testing.assert_allclose(g_sd.asnumpy(), [-0.75, -0.5], rtol=1e-6)


@pytest.mark.parametrize("mode", [ms.PYNATIVE_MODE, ms.GRAPH_MODE])
def test_bayesian_regression_learns_and_its_predictions_vary(mode):
    """A DenseReparam network trained with WithBNNLossCell fits y = 2x - 1 (its posterior
    means move to the data) and, sampling its weights, gives varying predictions."""
    import mindcell.nn.probability.bnn_layers as bnn
    ms.set_context(mode=mode)
    try:
        ms.set_seed(3)
        net = nn.SequentialCell([bnn.DenseReparam(1, 8, activation="tanh"),
                                 bnn.DenseReparam(8, 1)])
        loss = bnn.WithBNNLossCell(net, nn.MSELoss(), 1, 1e-4)
        step = nn.TrainOneStepCell(loss, nn.Adam(loss.trainable_params(), 0.05))
        rng = np.random.RandomState(0)
        xs = rng.uniform(-1, 1, (64, 1)).astype(F32)
        ys = (2 * xs - 1).astype(F32)
        first = float(loss(Tensor(xs), Tensor(ys)).asnumpy())
        for _ in range(200):
            step(Tensor(xs), Tensor(ys))
        preds = np.stack([net(Tensor(xs)).asnumpy() for _ in range(5)])
        assert np.mean((preds.mean(0) - ys) ** 2) < 0.05 < first
        assert preds.std(0).mean() > 1e-4
    finally:
        ms.set_context(mode=ms.PYNATIVE_MODE)


def test_cross_entropy_takes_distribution_b_by_its_public_keywords():
    # values recorded with MindSpore 2.10 (ms-oracle): cross_entropy(dist, mean_b=, sd_b=) is
    # the same as positional, for every two-parameter family
    normal = msd.Normal(3.0, 4.0, dtype=ms.float32)
    by_position = normal.cross_entropy('Normal', Tensor([1.0]), Tensor([2.0]))
    by_keyword = normal.cross_entropy('Normal', mean_b=Tensor([1.0]), sd_b=Tensor([2.0]))
    np.testing.assert_allclose(by_position.asnumpy(), [4.112086], rtol=1e-6)
    np.testing.assert_allclose(by_keyword.asnumpy(), [4.112086], rtol=1e-6)
    uniform = msd.Uniform(0.0, 1.0, dtype=ms.float32)
    np.testing.assert_allclose(uniform.cross_entropy(
        'Uniform', low_b=Tensor([-1.0]), high_b=Tensor([2.0])).asnumpy(), [1.0986123], rtol=1e-6)
    with pytest.raises(TypeError, match=r"Normal.cross_entropy: .*'sd_b'"):
        normal.cross_entropy('Normal', mean_b=Tensor([1.0]), sdb=Tensor([2.0]))
