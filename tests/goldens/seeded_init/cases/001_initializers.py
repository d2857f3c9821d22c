"""Seeded initializers draw MindSpore's exact float32 values: after set_seed, each random fill
takes one seed from numpy's global generator and fills from MindSpore's Philox stream (values
as uint32 bit patterns; large fills as a hash of their bytes), and numpy's global generator is
left where MindSpore leaves it."""
import hashlib

import numpy as np
from _target import ms, emit

I = ms.common.initializer
initializer, Normal, Uniform, TruncatedNormal = I.initializer, I.Normal, I.Uniform, I.TruncatedNormal
XavierUniform, XavierNormal, HeUniform, HeNormal = (I.XavierUniform, I.XavierNormal, I.HeUniform,
                                                    I.HeNormal)
Orthogonal, Sparse, VarianceScaling = I.Orthogonal, I.Sparse, I.VarianceScaling


def bits(t):
    a = t.asnumpy()
    if a.dtype == np.float16:
        return a.view(np.uint16).ravel().tolist()
    return a.astype(np.float32).view(np.uint32).ravel().tolist()


def digest(t):
    return hashlib.sha256(np.ascontiguousarray(t.asnumpy()).tobytes()).hexdigest()


CASES = (
    ("normal_default", Normal(), (3, 5)),
    ("normal_mean_sigma", Normal(sigma=0.3, mean=1.5), (7,)),
    ("uniform_default", Uniform(), (4, 3)),
    ("uniform_scale", Uniform(scale=2.5), (5,)),
    ("truncnorm_default", TruncatedNormal(), (3, 4)),
    ("truncnorm_args", TruncatedNormal(sigma=0.7, mean=0.2, a=-0.5, b=3.0), (9,)),
    ("truncnorm_tail", TruncatedNormal(sigma=1.0, mean=0.0, a=3.0, b=9.0), (6,)),
    ("xavier_uniform", XavierUniform(), (4, 6)),
    ("xavier_normal_gain", XavierNormal(gain=2.0), (2, 3, 3, 3)),
    ("he_uniform_sqrt5", HeUniform(negative_slope=5 ** 0.5), (4, 3)),
    ("he_uniform_fan_out", HeUniform(mode="fan_out", nonlinearity="relu"), (5, 2, 3)),
    ("he_normal", HeNormal(), (6, 4)),
    ("orthogonal_wide", Orthogonal(gain=1.5), (3, 5)),
    ("orthogonal_tall", Orthogonal(), (6, 2, 2)),
    ("sparse", Sparse(sparsity=0.5, sigma=0.2), (6, 3)),
    ("varscale_uniform", VarianceScaling(2.0, "fan_avg", "uniform"), (4, 5)),
    ("varscale_untrunc", VarianceScaling(1.0, "fan_out", "untruncated_normal"), (4, 5)),
    ("varscale_default", VarianceScaling(), (3, 3)),
    ("name_normal", "normal", (2, 3)),
    ("name_he_uniform", "he_uniform", (3, 2)),
    ("name_truncated", "truncatedNormal", (5,)),
)

for seed in (1, 7):
    ms.set_seed(seed)
    for name, init, shape in CASES:
        emit("%s_%d" % (name, seed), bits(initializer(init, shape, ms.float32)))
    emit("numpy_after_%d" % seed, int(np.random.randint(0, 1 << 30)))

ms.set_seed(3)
emit("normal_f16", bits(initializer(Normal(sigma=0.5), (2, 5), ms.float16)))
emit("uniform_f64", initializer(Uniform(), (4,), ms.float64).asnumpy().tolist())
big = initializer(Normal(sigma=1.0), (300, 257), ms.float32)  # a multi-thread fill there
emit("normal_big_head", bits(big)[:8])
emit("normal_big_sha", digest(big))
big = initializer(HeUniform(), (513, 129), ms.float32)
emit("he_uniform_big_sha", digest(big))
big = initializer(TruncatedNormal(sigma=0.02), (70001,), ms.float32)
emit("truncnorm_big_sha", digest(big))
emit("numpy_after_big", int(np.random.randint(0, 1 << 30)))

# an initializer called on a float32 array fills it in place with the same stream
ms.set_seed(5)
arr = np.zeros((3, 3), np.float32)
Normal(sigma=0.1)(arr)
emit("call_inplace", arr.view(np.uint32).ravel().tolist())
