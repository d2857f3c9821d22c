"""Primitives with state or side effects: random draws, Assign*, Depend, Print, optimizer
updates. Random prims draw at every execution from the generator their ``stream`` attribute
names (``_core/random_state.py``: op seeds and ``set_seed``; None is the global generator), so a
compiled graph never bakes in one draw."""
import numpy as np

from mindcell._core.primitive import defprim
from mindcell._core.random_state import draw_rng


def _standard_normal(shape, dtype, stream=None):
    return draw_rng(stream).standard_normal(shape).astype(dtype)


def _uniform(shape, dtype, minval=0.0, maxval=1.0, stream=None):
    return draw_rng(stream).uniform(minval, maxval, shape).astype(dtype)


def _uniform_int(shape, dtype, low, high, stream=None):
    return draw_rng(stream).integers(low, high, shape).astype(dtype)


def _sampled(shape, dtype, *args, **attrs):
    return (tuple(shape), np.dtype(dtype))


standard_normal_p = defprim("StandardNormal", _standard_normal, infer=_sampled,
                            has_side_effect=True)
uniform_p = defprim("UniformReal", _uniform, infer=_sampled, has_side_effect=True)
uniform_int_p = defprim("UniformInt", _uniform_int, infer=_sampled, has_side_effect=True)


def _bernoulli_mask(x, keep_prob, stream=None):
    return (draw_rng(stream).random(x.shape) < keep_prob).astype(x.dtype)


bernoulli_mask_p = defprim("DropoutGenMask", _bernoulli_mask,
                           infer=lambda x, keep_prob, stream=None: x, has_side_effect=True)


def _bernoulli(x, p, stream=None):
    if not ((p >= 0) & (p <= 1)).all():
        raise ValueError("bernoulli: every value of 'p' must be in [0, 1], but got min %r, max %r"
                         % (float(np.min(p)), float(np.max(p))))
    return (draw_rng(stream).random(x.shape) < p).astype(x.dtype)


# a per-element probability tensor; a scalar probability goes through DropoutGenMask
bernoulli_p = defprim("Bernoulli", _bernoulli, infer=lambda x, p, stream=None: x,
                      has_side_effect=True)


# ----- in-place state updates ----------------------------------------------------------------
def _assign(variable, value):
    np.copyto(variable, value, casting="unsafe")
    return variable


def _assign_add(variable, value):
    np.add(variable, value, out=variable, casting="unsafe")
    return variable


def _assign_sub(variable, value):
    np.subtract(variable, value, out=variable, casting="unsafe")
    return variable


assign_p = defprim("Assign", _assign, infer=lambda v, x: v, has_side_effect=True, writes=(0,))
assign_add_p = defprim("AssignAdd", _assign_add, infer=lambda v, x: v, has_side_effect=True,
                       writes=(0,))
assign_sub_p = defprim("AssignSub", _assign_sub, infer=lambda v, x: v, has_side_effect=True,
                       writes=(0,))

depend_p = defprim("Depend", lambda value, expr: value, infer=lambda v, e: v, aliases_input=True,
                   bprop=lambda value, expr, out, dout: (dout, None))
stop_gradient_p = defprim("StopGradient", lambda x: x, infer=lambda x: x, aliases_input=True)


def _print_impl(*arrays, template, graph=False):
    parts, k = [], 0
    for item in template:
        if item is None:
            a = arrays[k]
            k += 1
            parts.append(_format_graph_tensor(a) if graph else _format_tensor(a))
        else:
            parts.append(item)
    print("\n".join(parts), flush=True)
    return np.zeros((), np.int32)


def _format_tensor(a):
    from mindcell.common.tensor import format_value
    from mindcell.dtype import from_numpy_dtype
    return "Tensor(shape=%s, dtype=%s, value=%s)" % (list(a.shape), from_numpy_dtype(a.dtype),
                                                      format_value(a))


def _format_graph_tensor(a):
    """A tensor as MindSpore 2.10's GRAPH_MODE Print writes it (its C++ formatter, not the
    Python repr): a 0-d tensor as its bare value (C's ``%g`` for floats, 1/0 for bools), others
    as ``Tensor(shape=[3], dtype=Int32, value=[1 2 3])``: the repr's numbers without commas,
    rows on their own lines after ``value=`` from two dimensions on (ms-oracle)."""
    from mindcell.dtype import from_numpy_dtype
    if a.ndim == 0:
        v = a.item()
        if isinstance(v, bool):
            return "1" if v else "0"
        return "%g" % v if isinstance(v, float) else str(v)
    from mindcell import dtype as mstype
    if mstype.is_float_np(a.dtype):
        spec = "% .4e" if a.dtype == np.float16 else "% .8e"
        body = np.array2string(a.astype(np.float64), separator=" ", threshold=1000,
                               max_line_width=1 << 30, formatter={"float_kind": spec.__mod__})
    else:
        body = np.array2string(a, separator=" ", threshold=1000, max_line_width=1 << 30)
    if a.ndim > 2:  # no blank lines between the blocks of a 3-d+ tensor
        body = "\n".join(line for line in body.split("\n") if line.strip())
    if a.ndim > 1:
        body = "\n" + body
    return "Tensor(shape=%s, dtype=%s, value=%s)" % (list(a.shape), from_numpy_dtype(a.dtype), body)


print_p = defprim("Print", _print_impl,
                  infer=lambda *a, template, graph=False: ((), np.dtype(np.int32)),
                  has_side_effect=True)


# ----- optimizer updates (in place; return the parameter) ----------------------------------
# Learning rates (and SGD's first-step flag) are tensor inputs, not attributes, so a compiled
# training step replays correctly when they change from step to step.
def _sgd_update(param, grad, accum, lr, stat, momentum, dampening, weight_decay, nesterov,
                clear_stat=False):
    lr = float(lr)
    first_step = stat.reshape(-1)[0] > 0
    g = grad + weight_decay * param if weight_decay else grad
    if momentum > 0:
        if first_step:
            accum[...] = g
        else:
            accum *= momentum
            accum += (1 - dampening) * g
        g = g + momentum * accum if nesterov else accum
    param -= (lr * g).astype(param.dtype, copy=False)
    if clear_stat and first_step:
        stat[...] = 0
    return param


def _apply_momentum(var, accum, grad, lr, momentum, use_nesterov=False):
    lr, momentum = float(lr), float(momentum)
    accum *= momentum
    accum += grad
    if use_nesterov:
        var -= (lr * (grad + momentum * accum)).astype(var.dtype, copy=False)
    else:
        var -= (lr * accum).astype(var.dtype, copy=False)
    return var


def _adam_update(param, m, v, grad, lr, lr_t, beta1, beta2, epsilon, weight_decay=0.0,
                 decoupled=False, use_nesterov=False):
    """Adam with the bias correction folded into ``lr_t``; decoupled weight decay uses ``lr``."""
    lr, lr_t = float(lr), float(lr_t)
    # the rates in the parameter's float type, as the native kernel takes them (1 - beta2 is
    # 0.00099998713 in float32: MindSpore's value, 1.3e-5 off 0.001)
    t = param.dtype.type
    beta1, beta2, epsilon = t(beta1), t(beta2), t(epsilon)
    if weight_decay and decoupled:
        param -= (lr * weight_decay * param).astype(param.dtype, copy=False)
    elif weight_decay:
        grad = grad + weight_decay * param
    m *= beta1
    m += (t(1) - beta1) * grad
    v *= beta2
    v += (t(1) - beta2) * grad * grad
    num = m * beta1 + (t(1) - beta1) * grad if use_nesterov else m
    param -= (lr_t * num / (np.sqrt(v) + epsilon)).astype(param.dtype, copy=False)
    return param


# clear_stat=True: the update also zeroes 'stat' after the first step (nn.SGD's per-parameter
# flags, as large as the parameter: one write on the first step instead of an Assign each step)
sgd_update_p = defprim("SGDUpdate", _sgd_update, infer=lambda p, *r, **k: p, has_side_effect=True,
                       writes=(0, 2, 4), lowering="sgd")  # param, accum, stat
apply_momentum_p = defprim("ApplyMomentum", _apply_momentum, infer=lambda v, *r, **k: v,
                           has_side_effect=True, writes=(0, 1))  # var, accum
adam_update_p = defprim("AdamUpdate", _adam_update, infer=lambda p, *r, **k: p,
                        has_side_effect=True, writes=(0, 1, 2))  # param, m, v


def _adam_prim(var, m, v, beta1_power, beta2_power, lr, beta1, beta2, epsilon, grad,
               use_nesterov=False):
    """ops.Adam: one Adam step with the bias correction from the beta powers."""
    b1p, b2p, lr = float(beta1_power), float(beta2_power), float(lr)
    beta1, beta2, epsilon = float(beta1), float(beta2), float(epsilon)
    lr_t = lr * np.sqrt(1.0 - b2p) / (1.0 - b1p)
    _adam_update(var, m, v, grad.astype(var.dtype, copy=False), lr, lr_t, beta1, beta2, epsilon,
                 use_nesterov=use_nesterov)
    return var


def _adam_weight_decay_prim(var, m, v, lr, beta1, beta2, epsilon, decay, grad):
    """ops.AdamWeightDecay: Adam without bias correction, weight decay added to the step."""
    lr, beta1, beta2 = float(lr), float(beta1), float(beta2)
    epsilon, decay = float(epsilon), float(decay)
    grad = grad.astype(var.dtype, copy=False)
    m *= beta1
    m += (1 - beta1) * grad
    v *= beta2
    v += (1 - beta2) * grad * grad
    var -= (lr * (m / (np.sqrt(v) + epsilon) + decay * var)).astype(var.dtype, copy=False)
    return var


adam_prim_p = defprim("Adam", _adam_prim, infer=lambda p, *r, **k: p, has_side_effect=True,
                      writes=(0, 1, 2))  # var, m, v
adam_weight_decay_prim_p = defprim("AdamWeightDecay", _adam_weight_decay_prim,
                                   infer=lambda p, *r, **k: p, has_side_effect=True,
                                   writes=(0, 1, 2))  # var, m, v
