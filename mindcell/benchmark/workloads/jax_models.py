"""The JAX jit column of the workloads (W1-W7, W9): the same computations as the mindcell
networks of :mod:`models`, written with ``jax.numpy`` and compiled with ``jax.jit``.

Every function takes the imported ``jax`` module and returns a callable that runs one step and
blocks until its result is ready (JAX dispatches asynchronously), so that a benchmark times
the computation, not its dispatch. Training steps carry their parameters from step to step, as
the other columns do."""
import numpy as np


def _dense_params(rng, sizes):
    """(weight, bias) pairs of Dense layers ``sizes[i] -> sizes[i + 1]`` (0.05-scaled normal
    weights, zero biases)."""
    return [(rng.standard_normal((a, b)).astype(np.float32) * 0.05, np.zeros(b, np.float32))
            for a, b in zip(sizes[:-1], sizes[1:])]


def _cross_entropy(jnp, logits, labels):
    """Mean softmax cross-entropy of integer ``labels``."""
    logp = logits - logits.max(-1, keepdims=True)
    logp = logp - jnp.log(jnp.exp(logp).sum(-1, keepdims=True))
    return -jnp.take_along_axis(logp, labels[:, None], -1).mean()


def _sgd_step(jax, loss_fn, params, *data, lr=0.01, extra=None):
    """A jitted SGD step on ``loss_fn(params, *data)`` that keeps the updated parameters; the
    returned callable gives the step's loss as a float. ``extra`` is state the loss function
    returns beside the loss (BatchNorm's running statistics), carried the same way."""
    if extra is None:
        @jax.jit
        def update(p):
            loss, grads = jax.value_and_grad(loss_fn)(p, *data)
            return loss, jax.tree_util.tree_map(lambda w, g: w - lr * g, p, grads)
        state = {"p": params}

        def step():
            loss, state["p"] = update(state["p"])
            return float(loss)
        return step

    @jax.jit
    def update_with_state(p, s):
        (loss, s), grads = jax.value_and_grad(loss_fn, has_aux=True)(p, s, *data)
        return loss, jax.tree_util.tree_map(lambda w, g: w - lr * g, p, grads), s
    state = {"p": params, "s": extra}

    def step_with_state():
        loss, state["p"], state["s"] = update_with_state(state["p"], state["s"])
        return float(loss)
    return step_with_state


def w1_add(jax):
    """W1: one jitted add of two (1,) float32 arrays."""
    add = jax.jit(jax.numpy.add)
    a = b = jax.numpy.ones(1, np.float32)
    return lambda: add(a, b).block_until_ready()


def w2_elementwise(jax, x):
    """W2: tanh(x * 0.5 + 0.1) * 2 - x, jitted (XLA fuses it into one loop)."""
    fn = jax.jit(lambda v: jax.numpy.tanh(v * 0.5 + 0.1) * 2.0 - v)
    xd = jax.device_put(x)
    return lambda: fn(xd).block_until_ready()


def mlp_step(jax, batch):
    """W3 / W4: 784-512-512-10 ReLU MLP, mean softmax cross-entropy, SGD lr 0.01."""
    jnp = jax.numpy
    rng = np.random.default_rng(0)
    params = _dense_params(rng, (784, 512, 512, 10))
    x = rng.standard_normal((batch, 784)).astype(np.float32)
    y = rng.integers(0, 10, batch).astype(np.int32)

    def loss_fn(p, xb, yb):
        h = xb
        for i, (w, b) in enumerate(p):
            h = h @ w + b
            if i < len(p) - 1:
                h = jnp.maximum(h, 0)
        return _cross_entropy(jnp, h, yb)
    return _sgd_step(jax, loss_fn, params, x, y)


def _conv(jax, x, w, stride=1, padding="VALID"):
    """NCHW convolution with an OIHW filter."""
    return jax.lax.conv_general_dilated(x, w, (stride, stride), padding,
                                        dimension_numbers=("NCHW", "OIHW", "NCHW"))


def lenet_step(jax):
    """W5: LeNet-5 on (32, 1, 32, 32), mean softmax cross-entropy, SGD lr 0.01."""
    jnp = jax.numpy
    rng = np.random.default_rng(0)
    params = {"c1": rng.standard_normal((6, 1, 5, 5)).astype(np.float32) * 0.2,
              "b1": np.zeros(6, np.float32),
              "c2": rng.standard_normal((16, 6, 5, 5)).astype(np.float32) * 0.08,
              "b2": np.zeros(16, np.float32),
              "fc": _dense_params(rng, (400, 120, 84, 10))}
    x = rng.standard_normal((32, 1, 32, 32)).astype(np.float32)
    y = rng.integers(0, 10, 32).astype(np.int32)

    def pool(v):
        return jax.lax.reduce_window(v, -jnp.inf, jax.lax.max, (1, 1, 2, 2), (1, 1, 2, 2),
                                     "VALID")

    def loss_fn(p, xb, yb):
        h = pool(jnp.maximum(_conv(jax, xb, p["c1"]) + p["b1"][:, None, None], 0))
        h = pool(jnp.maximum(_conv(jax, h, p["c2"]) + p["b2"][:, None, None], 0))
        h = h.reshape(h.shape[0], -1)
        for i, (w, b) in enumerate(p["fc"]):
            h = h @ w + b
            if i < 2:
                h = jnp.maximum(h, 0)
        return _cross_entropy(jnp, h, yb)
    return _sgd_step(jax, loss_fn, params, x, y)


def _layer_norm(jax, x, g, b, eps=1e-5):
    mu = x.mean(-1, keepdims=True)
    var = ((x - mu) ** 2).mean(-1, keepdims=True)
    return (x - mu) * jax.lax.rsqrt(var + eps) * g + b


def transformer_grads(jax, x):
    """W6: the pre-LayerNorm transformer block (d 256, 4 heads, tanh-GELU MLP 4x): the sum of
    its output and the gradients of every parameter, jitted."""
    jnp = jax.numpy
    rng = np.random.default_rng(0)
    d, heads = 256, 4
    up, down = _dense_params(rng, (d, 4 * d, d))
    params = {"ln1": (np.ones(d, np.float32), np.zeros(d, np.float32)),
              "ln2": (np.ones(d, np.float32), np.zeros(d, np.float32)),
              "qkv": _dense_params(rng, (d, 3 * d))[0], "proj": _dense_params(rng, (d, d))[0],
              "up": up, "down": down}

    def loss_fn(p, xb):
        b, t, _ = xb.shape
        h = _layer_norm(jax, xb, *p["ln1"]) @ p["qkv"][0] + p["qkv"][1]
        q, k, v = h.reshape(b, t, 3, heads, d // heads).transpose(2, 0, 3, 1, 4)
        att = jax.nn.softmax(q @ k.swapaxes(-1, -2) / np.sqrt(d // heads), -1) @ v
        xb = xb + att.transpose(0, 2, 1, 3).reshape(b, t, d) @ p["proj"][0] + p["proj"][1]
        m = jax.nn.gelu(_layer_norm(jax, xb, *p["ln2"]) @ p["up"][0] + p["up"][1],
                        approximate=True)
        return (xb + m @ p["down"][0] + p["down"][1]).sum()
    grad_fn = jax.jit(jax.value_and_grad(loss_fn))
    xd = jax.device_put(x)

    def step():
        loss, grads = grad_fn(params, xd)
        jax.block_until_ready(grads)
        return float(loss)
    return step


def norm_grads(jax, kind, x, dy, g, b=None, eps=1e-5):
    """W7: LayerNorm (``kind="layernorm"``) or RMSNorm forward and the gradients of x and the
    affine parameters for ``dy`` (one ``jax.vjp``), jitted; returns (y, grads...)."""
    jnp = jax.numpy

    def rms(xv, gv):
        return xv * jax.lax.rsqrt((xv * xv).mean(-1, keepdims=True) + eps) * gv

    if kind == "layernorm":
        def fwd_bwd(xv, gv, bv, dyv):
            y, vjp = jax.vjp(lambda a, c, e: _layer_norm(jax, a, c, e, eps), xv, gv, bv)
            return (y,) + vjp(dyv)
        args = (x, g, b, dy)
    else:
        def fwd_bwd(xv, gv, dyv):
            y, vjp = jax.vjp(rms, xv, gv)
            return (y,) + vjp(dyv)
        args = (x, g, dy)
    fn = jax.jit(fwd_bwd)
    args = [jax.device_put(a) for a in args]
    return lambda: jax.block_until_ready(fn(*args))


def resnet18_step(jax, shape):
    """W9: the CIFAR ResNet-18 training step of :class:`models.ResNet18` (BatchNorm in training
    mode with running statistics carried between steps), SGD lr 0.01."""
    jnp = jax.numpy
    rng = np.random.default_rng(0)

    def conv_bn(c_in, c_out, k):
        w = rng.standard_normal((c_out, c_in, k, k)).astype(np.float32)
        w *= np.sqrt(2.0 / (c_in * k * k))
        return ({"w": w, "g": np.ones(c_out, np.float32), "b": np.zeros(c_out, np.float32)},
                {"mean": np.zeros(c_out, np.float32), "var": np.ones(c_out, np.float32)})

    params, stats, layout = {}, {}, []
    params["stem"], stats["stem"] = conv_bn(3, 64, 3)
    c_in = 64
    for i, (c_out, stride) in enumerate(((64, 1), (128, 2), (256, 2), (512, 2))):
        for j, s in enumerate((stride, 1)):
            name = "s%d_b%d" % (i, j)
            for part, (ci, k) in (("conv1", (c_in, 3)), ("conv2", (c_out, 3))):
                params[name + part], stats[name + part] = conv_bn(ci, c_out, k)
            down = s != 1 or c_in != c_out
            if down:
                params[name + "short"], stats[name + "short"] = conv_bn(c_in, c_out, 1)
            layout.append((name, s, down))
            c_in = c_out
    params["head"] = _dense_params(rng, (512, 10))[0]
    x = rng.standard_normal(shape).astype(np.float32)
    y = rng.integers(0, 10, shape[0]).astype(np.int32)

    def apply_conv_bn(p, s, v, stride, k):
        pad = ((k // 2, k // 2), (k // 2, k // 2))
        h = _conv(jax, v, p["w"], stride, pad)
        mean, var = h.mean((0, 2, 3)), h.var((0, 2, 3))
        n = h.shape[0] * h.shape[2] * h.shape[3]
        new = {"mean": 0.9 * s["mean"] + 0.1 * mean,
               "var": 0.9 * s["var"] + 0.1 * var * n / (n - 1)}
        h = (h - mean[:, None, None]) * jax.lax.rsqrt(var + 1e-5)[:, None, None]
        return h * p["g"][:, None, None] + p["b"][:, None, None], new

    def loss_fn(p, s, xb, yb):
        s = dict(s)
        h, s["stem"] = apply_conv_bn(p["stem"], s["stem"], xb, 1, 3)
        h = jnp.maximum(h, 0)
        for name, stride, down in layout:
            o, s[name + "conv1"] = apply_conv_bn(p[name + "conv1"], s[name + "conv1"], h,
                                                 stride, 3)
            o, s[name + "conv2"] = apply_conv_bn(p[name + "conv2"], s[name + "conv2"],
                                                 jnp.maximum(o, 0), 1, 3)
            if down:
                short, s[name + "short"] = apply_conv_bn(p[name + "short"], s[name + "short"],
                                                         h, stride, 1)
            else:
                short = h
            h = jnp.maximum(o + short, 0)
        logits = h.mean((2, 3)) @ p["head"][0] + p["head"][1]
        return _cross_entropy(jnp, logits, yb), s
    return _sgd_step(jax, loss_fn, params, x, y, extra=stats)
