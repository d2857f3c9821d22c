"""Three steps of nn.SGD (plain, momentum, dampening, Nesterov, weight decay), nn.Momentum
(plain, weight decay), nn.Adam (plain, Nesterov, weight decay) and nn.AdamWeightDecay on one
float32 parameter of 83 elements (a vector loop's body and tail), both modes: the parameter and
state values as their exact float32 bit patterns (uint32), since MindSpore's CPU kernels fix
the order of every float32 rounding and the fused multiply-adds.

Left out: nn.Momentum(use_nesterov=True), whose MindSpore 2.10 CPU kernel ignores use_nesterov
(computes plain momentum); mindcell takes the Nesterov step."""
import numpy as np
from _target import ms, nn, Tensor, Parameter, emit

ms.set_context(pynative_synchronize=True)

_RNG = np.random.default_rng(10)
W0 = _RNG.normal(size=83).astype(np.float32)
GRADS = [_RNG.normal(size=83).astype(np.float32) for _ in range(3)]
CONFIGS = {
    "sgd": lambda p: nn.SGD(p, 0.1),
    "sgd_momentum": lambda p: nn.SGD(p, 0.1, momentum=0.9),
    "sgd_nesterov": lambda p: nn.SGD(p, 0.1, momentum=0.9, nesterov=True),
    "sgd_dampening": lambda p: nn.SGD(p, 0.1, momentum=0.9, dampening=0.1),
    "sgd_wd": lambda p: nn.SGD(p, 0.1, weight_decay=0.01),
    "sgd_all": lambda p: nn.SGD(p, 0.05, momentum=0.8, weight_decay=0.02, nesterov=True),
    "momentum": lambda p: nn.Momentum(p, 0.1, 0.9),
    "momentum_wd": lambda p: nn.Momentum(p, 0.1, 0.9, weight_decay=0.01),
    "adam": lambda p: nn.Adam(p, 0.01),
    "adam_nesterov": lambda p: nn.Adam(p, 0.01, use_nesterov=True),
    "adam_wd": lambda p: nn.Adam(p, 0.02, beta1=0.8, beta2=0.99, eps=1e-6, weight_decay=0.01),
    "adamw": lambda p: nn.AdamWeightDecay(p, 0.01, weight_decay=0.01),
    "adamw_nowd": lambda p: nn.AdamWeightDecay(p, 0.01, beta1=0.85, eps=1e-7),
}


def bits(p):
    return p.asnumpy().astype(np.float32).view(np.uint32)


for mode, tag in ((ms.PYNATIVE_MODE, "py"), (ms.GRAPH_MODE, "graph")):
    ms.set_context(mode=mode)
    for key, make in CONFIGS.items():
        p = Parameter(Tensor(W0.copy()), name="w")
        opt = make([p])
        for g in GRADS:
            opt((Tensor(g),))
        for _, held in opt.parameters_and_names():
            if held.dtype == ms.float32 and held.shape == p.shape:
                emit("%s_%s.%s" % (key, tag, held.name), bits(held))
    ms.set_context(mode=ms.PYNATIVE_MODE)
