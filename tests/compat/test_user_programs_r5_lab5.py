"""Round-5 user programs (mindspore-lab/models, mindediting, mindocr): the general mechanisms
those programs stopped at or computed differently, each checked for its whole class against
MindSpore 2.10 (recorded with the ms-oracle)."""
import random

import numpy as np
import pytest

import mindcell as ms


# ----- set_seed seeds numpy's and Python's global generators --------------------------------
# DeepFM (models/research/xidian/DeepFM_Criteo) calls set_seed(1001) and then initializes its
# weights with np.random.normal: under MindSpore 2.10 set_seed calls np.random.seed(seed) and
# dataset.config.set_seed(seed) (which seeds Python's random), so the program's initial weights,
# and its losses, are the same run after run and equal MindSpore's.
@pytest.mark.parametrize("seed", [0, 7, 1001, 2 ** 32 - 1])
def test_set_seed_seeds_numpy_and_python_random_as_mindspore(seed):
    np.random.seed(seed)
    want_np = np.random.normal(size=4)
    random.seed(seed)
    want_py = [random.random() for _ in range(3)]
    np.random.seed(12345)
    random.seed(12345)
    ms.set_seed(seed)
    assert np.array_equal(np.random.normal(size=4), want_np)
    assert [random.random() for _ in range(3)] == want_py
    assert ms.dataset.config.get_seed() == seed
    assert ms.get_seed() == seed


def test_set_seed_numpy_initialized_weights_repeat():
    """A parameter built from np.random after set_seed is the same on a second run (the
    DeepFM pattern: Parameter(Tensor(np.random.normal(...)))."""
    def build():
        ms.set_seed(1001)
        return ms.Parameter(ms.Tensor(np.random.normal(0.0, 0.01, (5, 3)).astype(np.float32)),
                            name="w").asnumpy()
    first = build()
    np.random.normal(size=10)  # move the global generator on
    assert np.array_equal(build(), first)
    np.random.seed(1001)
    assert np.array_equal(first, np.random.normal(0.0, 0.01, (5, 3)).astype(np.float32))


# ----- a train step taking two gradients of the network it called once ----------------------
# DANN (models/research/xidian/DANN): loss = net(x); one GradOperation for the backbone's
# weights, one for the classifier's. MindSpore 2.10 in GRAPH_MODE shares the forward with a
# gradient only when the step takes a single gradient of that Cell: with two, every gradient
# runs its own forward (BatchNorm's moving statistics move three times). Counts recorded with
# the ms-oracle (tests/goldens/forward_once/cases/004_two_gradients.py has the full matrix).
class _BNSum(ms.nn.Cell):
    def __init__(self):
        super().__init__()
        self.bn = ms.nn.BatchNorm1d(3, momentum=0.5)
        self.fc = ms.nn.Dense(3, 1, weight_init="ones")

    def construct(self, x):
        return self.fc(self.bn(x)).sum()


class _Plan(ms.nn.Cell):
    def __init__(self, net, plan):
        super().__init__()
        self.net, self.plan = net, plan
        self.w_fc = ms.ParameterTuple(net.fc.trainable_params())
        self.w_bn = ms.ParameterTuple(net.bn.trainable_params())
        self.grad = ms.ops.GradOperation(get_by_list=True)

    def construct(self, x, x2):
        out = x.sum()
        for p in self.plan:
            if p == "f":
                out = out + self.net(x)
            elif p == "g":
                out = out + self.grad(self.net, self.w_fc)(x)[0].sum()
            elif p == "h":
                out = out + self.grad(self.net, self.w_bn)(x)[0].sum()
            else:  # "o": a gradient with another input
                out = out + self.grad(self.net, self.w_fc)(x2)[0].sum()
        return out


# plan -> forward runs under MindSpore 2.10 (GRAPH_MODE, PYNATIVE_MODE without set_grad)
_RUNS = {"fg": (1, 2), "fgh": (3, 3), "fgg": (3, 3), "fggg": (4, 4), "fgo": (3, 3),
         "fog": (3, 3), "gg": (2, 2), "f": (1, 1)}


@pytest.mark.parametrize("mode", [0, 1])
@pytest.mark.parametrize("plan", sorted(_RUNS))
def test_forward_runs_of_a_step_with_several_gradients(plan, mode):
    ms.set_context(mode=mode)
    try:
        net = _BNSum()
        step = _Plan(net, plan)
        step.set_train()
        x = ms.Tensor(np.arange(12, dtype=np.float32).reshape(4, 3))
        x2 = ms.Tensor(np.arange(12, dtype=np.float32).reshape(4, 3) * 2)
        step(x, x2)
        mean = net.bn.moving_mean.asnumpy()[0]
    finally:
        ms.set_context(mode=ms.PYNATIVE_MODE)
    # each run moves the mean halfway to its input's column mean (4.5 for x, 9 for x2)
    want = 0.0
    runs = _RUNS[plan][mode]
    order = [c for c in plan]
    inputs = []
    for c in order:
        inputs.append(9.0 if c == "o" else 4.5)
    if runs < len(inputs):  # the forward shared with the single gradient
        inputs = inputs[1:]
    for m in inputs:
        want = 0.5 * want + 0.5 * m
    assert abs(mean - want) < 1e-5, (plan, mode, mean, want)


# ----- an Initializer called on a Parameter ------------------------------------------------
# mindocr's multi-head (svtr_ppocrv3_ch) initializes LayerNorms with Constant(0.0)(m.beta):
# MindSpore 2.10's Zero / One / Constant return None and leave the tensor unchanged; its
# other initializers raise TypeError (ms-oracle).
def _initializers():
    from mindcell.common import initializer as I
    return {"Constant0": I.Constant(0.0), "Constant2.5": I.Constant(2.5), "One": I.One(),
            "Zero": I.Zero(), "Normal": I.Normal(0.02), "TruncatedNormal": I.TruncatedNormal(0.02),
            "Uniform": I.Uniform(0.1), "XavierUniform": I.XavierUniform(),
            "HeUniform": I.HeUniform(), "HeNormal": I.HeNormal(), "XavierNormal": I.XavierNormal()}


@pytest.mark.parametrize("name", sorted(_initializers()))
@pytest.mark.parametrize("kind", ["parameter", "tensor"])
def test_initializer_called_on_a_tensor(name, kind):
    init = _initializers()[name]
    t = ms.Tensor(np.full((2, 3), 7.0, np.float32))
    if kind == "parameter":
        t = ms.Parameter(t, name="p")
    if name.startswith(("Constant", "One", "Zero")):
        assert init(t) is None
        assert np.array_equal(t.asnumpy(), np.full((2, 3), 7.0, np.float32))
    else:
        with pytest.raises(TypeError):
            init(t)
    arr = np.full((2, 3), 7.0, np.float32)  # a numpy array is filled in place
    init(arr)
    if name in ("Zero", "Constant0"):
        assert not arr.any()
    elif name == "One":
        assert (arr == 1).all()
    else:
        assert not (arr == 7.0).all()
