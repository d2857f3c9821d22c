"""Initializer argument errors and what they leave in numpy's global generator: a negative
sigma is refused before the seed draw, TruncatedNormal's zero sigma after it; fan-based
initializers refuse tensors of fewer than 2 dimensions."""
import numpy as np
from _target import ms, emit, emit_err

I = ms.common.initializer


def fill(init, shape):
    return I.initializer(init, shape, ms.float32).asnumpy()


for tag, init, shape in (
        ("normal_neg_sigma", I.Normal(sigma=-1.0), (3,)),
        ("truncnorm_neg_sigma", I.TruncatedNormal(sigma=-0.5), (3,)),
        ("truncnorm_zero_sigma", I.TruncatedNormal(sigma=0.0), (3,)),
        ("he_uniform_1d", I.HeUniform(), (4,)),
        ("he_normal_1d", I.HeNormal(), (4,)),
        ("xavier_uniform_1d", I.XavierUniform(), (4,)),
        ("xavier_normal_1d", I.XavierNormal(), (4,)),
        ("varscale_1d", I.VarianceScaling(), (4,))):
    ms.set_seed(11)
    err = emit_err(tag, fill, init, shape)
    if err is not None:
        emit(tag + "_msg", str(err).split("\n")[0])
    emit(tag + "_numpy_after", int(np.random.randint(0, 1 << 30)))

ms.set_seed(11)
emit("normal_zero_sigma", fill(I.Normal(sigma=0.0, mean=0.5), (3,)).tolist())
