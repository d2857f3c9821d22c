"""Debugging gradients: a Cell with a custom bprop (gradient clipping inside the backward pass)
and forward/backward hooks that log activations and gradients, in both modes.
Run: python examples/custom_bprop_and_hooks.py"""
import numpy as np

import mindcell as ms
from mindcell import nn, ops


class ClipGrad(nn.Cell):
    """Identity forward; the backward pass clips the gradient to [-limit, limit]."""

    def __init__(self, limit):
        super().__init__()
        self.limit = limit

    def construct(self, x):
        return x

    def bprop(self, x, out, dout):
        return (ops.clamp(dout, -self.limit, self.limit),)


class Net(nn.Cell):
    def __init__(self):
        super().__init__()
        self.fc = nn.Dense(4, 4, weight_init="ones", bias_init="zeros")
        self.clip = ClipGrad(0.5)

    def construct(self, x):
        return self.clip(self.fc(x)) * 10


def main(argv=None):
    x = ms.Tensor(np.ones((2, 4), np.float32))
    results = {}
    for name, mode in (("PYNATIVE", ms.PYNATIVE_MODE), ("GRAPH", ms.GRAPH_MODE)):
        ms.set_context(mode=mode)
        net = Net()
        log = []
        h1 = net.fc.register_forward_hook(lambda cell, args, out: log.append(("fwd", out.shape)))
        # a hook may read values eagerly; in a compiled graph it runs while tracing, so it
        # records shapes (reading values there raises an error naming this line)
        h2 = net.fc.register_backward_hook(
            lambda cell, gin, gout: log.append(("bwd", gout[0].shape)))
        grads = ops.grad(net)(x).asnumpy()
        h1.remove()
        h2.remove()
        results[name] = grads
        print(name, "input gradient", grads[0], "hook log", log)
    ms.set_context(mode=ms.PYNATIVE_MODE)
    assert np.allclose(results["PYNATIVE"], results["GRAPH"])
    return results


if __name__ == "__main__":
    main()
