"""Shared by the transformer golden cases: the transformer package of the target, deterministic
weights, and the emission of a layer's parameters, outputs and gradients.

MindSpore 2.10 no longer ships ``mindspore.parallel._transformer``; these goldens are recorded
with MindSpore 2.7.0, the last release that has it (its kernels give the same values as 2.10's
for the operations used here). To record again: install the mindspore==2.7.0 wheel into its own
virtual environment (Python 3.11) and run
``CONF_TARGET=mindspore <that python> tests/goldens/run_goldens.py transformer --target mindspore
--write-golden``."""
import importlib

import numpy as np

from _target import ms, Tensor, TARGET, emit, rs

T = importlib.import_module(ms.__name__ + ".parallel._transformer")
L = importlib.import_module(ms.__name__ + ".parallel._transformer.layers")
ms.set_context(mode=ms.PYNATIVE_MODE)

if TARGET == "mindspore":
    # MindSpore 2.7's _Linear.shard looks up the activation's primitive under the activation's name,
    # which nn.GELU no longer has (AttributeError while building any 'gelu' FeedForward). A shard
    # strategy has no effect on one device: skip the activation's.
    _orig_shard = L._Linear.shard

    def _shard(self, strategy_matmul, strategy_bias=None, strategy_activation=None):
        try:
            return _orig_shard(self, strategy_matmul, strategy_bias, strategy_activation)
        except AttributeError:
            return self
    L._Linear.shard = _shard


def f32(shape, seed):
    return Tensor(rs(seed).standard_normal(shape).astype(np.float32))


def f16(shape, seed):
    return Tensor(rs(seed).standard_normal(shape).astype(np.float16))


def mask(shape, seed, dtype=np.float16):
    return Tensor((rs(seed).rand(*shape) > 0.3).astype(dtype))


def set_weights(net, seed=0):
    """Every parameter, in get_parameters order, gets 0.3 N(0, 1) noise added to its initial value
    when that is a constant (ones, zeros), or in place of a random one (the frameworks' random
    initial values differ)."""
    for i, p in enumerate(net.get_parameters()):
        v = p.asnumpy()
        base = v if v.size and np.all(v == v.flat[0]) else 0.0
        p.set_data(Tensor((base + 0.3 * rs(seed + i).standard_normal(v.shape)).astype(v.dtype)))


def flatten(obj):
    if isinstance(obj, (tuple, list)):
        out = []
        for x in obj:
            out += flatten(x)
        return out
    return [obj]


def structure(obj):
    """The nesting of a returned tuple: lengths of tuples, 'T' for a Tensor, None."""
    if isinstance(obj, (tuple, list)):
        return [structure(x) for x in obj]
    return None if obj is None else "T"


def run(key, net, inputs, grads=True, grad_names=None):
    """Emit the parameters (name, shape, dtype), the outputs (values, dtypes, shapes, nesting) and
    the gradients of a weighted sum of the float outputs with respect to the trainable
    parameters (those whose names start with one of ``grad_names`` when it is given)."""
    emit(key + ".params", [(p.name, list(p.shape), str(p.dtype)) for p in net.get_parameters()])
    set_weights(net)
    result = net(*inputs)
    emit(key + ".structure", structure(result))
    for i, o in enumerate(flatten(result)):
        if o is not None:
            emit("%s.out%d" % (key, i), o)
            emit("%s.out%d.meta" % (key, i), (str(o.dtype), list(o.shape)))
    params = net.trainable_params()
    if not grads or not params:
        return

    def loss(*args):
        total = 0
        for i, o in enumerate(flatten(net(*args))):
            if o is not None and o.dtype in (ms.float32, ms.float16):
                total = total + (o.astype(ms.float32) * (i + 1)).sum()
        return total
    g = ms.grad(loss, grad_position=None, weights=params)(*inputs)
    for p, gp in zip(params, g):
        if grad_names is not None and not p.name.startswith(grad_names):
            continue
        emit("%s.grad.%s" % (key, p.name), gp)
