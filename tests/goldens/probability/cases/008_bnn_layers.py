"""bnn_layers: the parameters DenseReparam, DenseLocalReparam and ConvReparam create (names,
shapes, trainability), their outputs and KL losses with the posterior set to fixed means and a
negligible spread (so the sampled weights are the means), WithBNNLossCell's loss and its
gradients, and the argument errors."""
import importlib

import numpy as np
from _target import ms, nn, Tensor, emit

bnn = importlib.import_module(ms.__name__ + ".nn.probability.bnn_layers")
F32 = np.float32


def run(key, f):
    try:
        emit(key, f())
    except Exception as e:  # noqa: BLE001
        emit(key, e)


def fix(net, seed):
    """Posterior means from a fixed generator, untransformed std -30 (sd ~ 1e-6)."""
    rng = np.random.RandomState(seed)
    for p in net.trainable_params():
        if p.name.endswith("mean"):
            p.set_data(Tensor(rng.randn(*p.shape).astype(F32) * 0.5))
        else:
            p.set_data(Tensor(np.full(p.shape, -30.0, F32)))
    return net


def params(net):
    return [[p.name, list(p.shape), p.requires_grad] for p in net.get_parameters()]


x = Tensor(np.random.RandomState(1).randn(4, 3).astype(F32))
img = Tensor(np.random.RandomState(2).randn(2, 2, 6, 6).astype(F32) * 0.1)
d = fix(bnn.DenseReparam(3, 5, activation="tanh"), 0)
run("dense/params", lambda: params(d))
run("dense/out", lambda: d(x))
run("dense/kl", lambda: d.compute_kl_loss())
dl = fix(bnn.DenseLocalReparam(3, 2, has_bias=False), 3)
run("dense_local/params", lambda: params(dl))
run("dense_local/out", lambda: dl(x))
run("dense_local/kl", lambda: dl.compute_kl_loss())
c = fix(bnn.ConvReparam(2, 3, 3, stride=1, pad_mode="pad", padding=1, has_bias=True), 4)
run("conv/params", lambda: params(c))
run("conv/out", lambda: c(img))
run("conv/kl", lambda: c.compute_kl_loss())
cv = fix(bnn.ConvReparam(2, 4, (3, 2), stride=2, pad_mode="valid"), 5)
run("conv_valid/out_shape", lambda: list(cv(img).shape))


class Net(nn.Cell):
    def __init__(self):
        super().__init__()
        self.fc1 = bnn.DenseReparam(3, 4, activation="relu")
        self.fc2 = bnn.DenseReparam(4, 2)

    def construct(self, v):
        return self.fc2(self.fc1(v))


net = fix(Net(), 6)
loss = bnn.WithBNNLossCell(net, nn.MSELoss(), dnn_factor=2, bnn_factor=0.001)
y = Tensor(np.random.RandomState(7).randn(4, 2).astype(F32))
run("with_bnn/loss", lambda: loss(x, y))
run("with_bnn/kl_count", lambda: len(loss.kl_loss))
run("with_bnn/params", lambda: params(loss))
grads = ms.value_and_grad(loss, None, loss.trainable_params())
run("with_bnn/grad_means", lambda: [g for g, p in zip(grads(x, y)[1], loss.trainable_params())
                                    if p.name.endswith("mean")])
run("with_bnn/prior", lambda: bnn.NormalPrior(mean=0.5, std=2.0)("kl_loss", "Normal", Tensor(0.0), Tensor(1.0)))
errors = {
    "dense_in0": lambda: bnn.DenseReparam(0, 2),
    "dense_act": lambda: bnn.DenseReparam(2, 2, activation=3),
    "dense_bias": lambda: bnn.DenseReparam(2, 2, has_bias=1),
    "conv_pad": lambda: bnn.ConvReparam(1, 1, 3, pad_mode="full"),
    "bnn_factor": lambda: bnn.WithBNNLossCell(Net(), nn.MSELoss(), bnn_factor=-1),
    "dnn_factor": lambda: bnn.WithBNNLossCell(Net(), nn.MSELoss(), dnn_factor="a"),
    "posterior_name": lambda: bnn.NormalPosterior(1, (2,)),
    "posterior_shape": lambda: bnn.NormalPosterior("w", 2),
    "posterior_std": lambda: bnn.NormalPosterior("w", (2,), loc_std=-1),
    "bad_posterior": lambda: bnn.DenseReparam(2, 2, weight_posterior_fn=lambda: None),
}
for k, f in errors.items():
    run("error/" + k, lambda: type(f()).__name__)
