"""The op table: one row per public op, driving tests/ops/test_op_db.py.

Each row: name, the mindcell callable, a numpy reference, input specs and keyword arguments,
whether it is differentiable. Input specs: a shape (standard normal values), or
("pos", shape) positive values, ("int", shape, high) integers, ("away", shape) values kept
away from 0 (kinks), ("bool", shape). Adding an op is one row here."""
import math

import numpy as np
from scipy import special

import mindcell as ms
from mindcell import ops
from mindcell import testing as mstesting

ERF = np.vectorize(math.erf)


def gelu_tanh(x):
    return 0.5 * x * (1 + np.tanh(np.sqrt(2 / np.pi) * (x + 0.044715 * x ** 3)))


def softmax(x, axis=-1):
    e = np.exp(x - x.max(axis=axis, keepdims=True))
    return e / e.sum(axis=axis, keepdims=True)


def log_softmax(x, axis=-1):
    return np.log(softmax(x, axis))


def layer_norm_ref(x, g, b, eps=1e-5):
    mu = x.mean(-1, keepdims=True)
    return (x - mu) / np.sqrt(x.var(-1, keepdims=True) + eps) * g + b


def conv2d_ref(x, w, stride=1, padding=0, dilation=1, groups=1):
    n, c, h, wd = x.shape
    o, cg, kh, kw = w.shape
    xp = np.pad(x, ((0, 0), (0, 0), (padding, padding), (padding, padding)))
    ho = (h + 2 * padding - dilation * (kh - 1) - 1) // stride + 1
    wo = (wd + 2 * padding - dilation * (kw - 1) - 1) // stride + 1
    out = np.zeros((n, o, ho, wo))
    og = o // groups
    for oc in range(o):
        g = oc // og
        for i in range(kh):
            for j in range(kw):
                patch = xp[:, g * cg:(g + 1) * cg, i * dilation:i * dilation + stride * ho:stride,
                           j * dilation:j * dilation + stride * wo:stride]
                out[:, oc] += np.einsum("nchw,c->nhw", patch, w[oc, :, i, j])
    return out


def pool_ref(x, k, s, fn):
    n, c, h, w = x.shape
    ho, wo = (h - k) // s + 1, (w - k) // s + 1
    out = np.empty((n, c, ho, wo))
    for i in range(ho):
        for j in range(wo):
            out[:, :, i, j] = fn(x[:, :, i * s:i * s + k, j * s:j * s + k], axis=(2, 3))
    return out


def _pool_out(size, k, s, before, after, ceil_mode):
    span = size + before + after - k
    out = (math.ceil(span / s) if ceil_mode else span // s) + 1
    return out - 1 if ceil_mode and (out - 1) * s >= size + before else out


def pool2d_ref(x, kind, k, s, pads=(0, 0, 0, 0), ceil_mode=False, count_include_pad=True,
               divisor_override=None):
    """Pooling of NCHW ``x`` window by window: pads are (top, bottom, left, right); padding never
    wins a max; an average divides by divisor_override, else by the window's size clipped to
    the padded input (count_include_pad) or to the input alone."""
    (kh, kw), (sh, sw), (t, b, l, r) = k, s, pads
    h, w = x.shape[2:]
    ho, wo = _pool_out(h, kh, sh, t, b, ceil_mode), _pool_out(w, kw, sw, l, r, ceil_mode)
    out = np.empty(x.shape[:2] + (ho, wo))
    for i in range(ho):
        for j in range(wo):
            r0, c0 = i * sh - t, j * sw - l
            win = x[:, :, max(r0, 0):min(r0 + kh, h), max(c0, 0):min(c0 + kw, w)]
            if kind == "max":
                out[:, :, i, j] = win.max(axis=(2, 3))
                continue
            if divisor_override:
                div = divisor_override
            elif count_include_pad:
                div = (min(r0 + kh, h + b) - r0) * (min(c0 + kw, w + r) - c0)
            else:
                div = win.shape[2] * win.shape[3]
            out[:, :, i, j] = win.sum(axis=(2, 3)) / div
    return out


def same_pads(size, k, s):
    total = max((-(-size // s) - 1) * s + k - size, 0)
    return total // 2, total - total // 2


def fast_gelu_ref(x):
    return x / (1 + np.exp(-1.702 * np.abs(x))) * np.exp(0.851 * (x - np.abs(x)))


def xent_ref(logits, labels):
    return -log_softmax(logits, 1)[np.arange(len(labels)), labels]


class OpInfo:
    def __init__(self, name, fn, ref, inputs, kwargs=None, grad=True, rtol=None, graph=True,
                 grad_inputs=None):
        self.name, self.fn, self.ref, self.inputs = name, fn, ref, inputs
        self.kwargs = kwargs or {}
        self.grad = grad
        self.rtol = rtol
        self.graph = graph
        self.grad_inputs = grad_inputs  # indices of the float inputs to differentiate

    def __repr__(self):
        return self.name


def _u(name, fn, ref, shape=(3, 4), kind=None, grad=True, **kw):
    spec = (kind, shape) if kind else shape
    return OpInfo(name, fn, ref, [spec], grad=grad, **kw)


def _b(name, fn, ref, a=(3, 4), b=(4,), kind=None, grad=True, **kw):
    sa, sb = ((kind, a), (kind, b)) if kind else (a, b)
    return OpInfo(name, fn, ref, [sa, sb], grad=grad, **kw)


OPS = [
    # elementwise math
    _b("add", ops.add, np.add), _b("add_col", ops.add, np.add, (3, 4), (3, 1)),
    _b("add_bcast3d", ops.add, np.add, (2, 1, 4), (3, 1)),
    _b("sub", ops.sub, np.subtract), _b("mul", ops.mul, np.multiply, (2, 3), (2, 3)),
    _b("mul_scalar_tensor", ops.mul, np.multiply, (5,), ()),
    _b("div", ops.div, np.divide, kind="away"),
    _b("floor_div", ops.floor_div, np.floor_divide, kind="away", grad=False),
    _b("floor_mod", ops.floor_mod, np.mod, kind="away", grad=False),
    _b("pow", ops.pow, np.power, (3, 4), (3, 4), kind="pos"),
    _b("maximum", ops.maximum, np.maximum, kind="away"),
    _b("minimum", ops.minimum, np.minimum, kind="away"),
    _u("neg", ops.neg, np.negative), _u("abs", ops.abs, np.abs, kind="away"),
    _u("exp", ops.exp, np.exp), _u("log", ops.log, np.log, kind="pos"),
    _u("log1p", ops.log1p, np.log1p, kind="pos"), _u("sqrt", ops.sqrt, np.sqrt, kind="pos"),
    _u("rsqrt", ops.rsqrt, lambda x: 1 / np.sqrt(x), kind="pos"),
    _u("square", ops.square, np.square), _u("sin", ops.sin, np.sin), _u("cos", ops.cos, np.cos),
    _u("tanh", ops.tanh, np.tanh), _u("sigmoid", ops.sigmoid, lambda x: 1 / (1 + np.exp(-x))),
    _u("erf", ops.erf, special.erf), _u("sign", ops.sign, np.sign, grad=False),
    _u("floor", ops.floor, np.floor, grad=False), _u("ceil", ops.ceil, np.ceil, grad=False),
    _u("round", ops.round, np.round, grad=False),
    _u("reciprocal", ops.reciprocal, np.reciprocal, kind="away"),
    OpInfo("clamp", ops.clamp, lambda x, min, max: np.clip(x, min, max), [("away", (3, 4))],
           {"min": -0.5, "max": 0.5}),
    OpInfo("where", lambda c, x, y: ops.where(c, x, y), np.where,
           [("bool", (3, 4)), (3, 4), (4,)], grad_inputs=(1, 2)),
    _b("equal", ops.equal, np.equal, grad=False), _b("less", ops.less, np.less, grad=False),
    _b("greater_equal", ops.greater_equal, np.greater_equal, grad=False),
    _b("logical_and", ops.logical_and, np.logical_and, kind="bool", grad=False),
    _u("logical_not", ops.logical_not, np.logical_not, kind="bool", grad=False),
    _u("isfinite", ops.isfinite, np.isfinite, grad=False),
    # activations
    _u("relu", ops.relu, lambda x: np.maximum(x, 0), kind="away"),
    _u("relu6", ops.relu6, lambda x: np.clip(x, 0, 6), kind="away"),
    _u("gelu_erf", ops.gelu, lambda x: 0.5 * x * (1 + special.erf(x / np.sqrt(2)))),
    OpInfo("gelu_tanh", ops.gelu, lambda x, approximate: gelu_tanh(x), [(3, 4)],
           {"approximate": "tanh"}),
    _u("silu", ops.silu, lambda x: x / (1 + np.exp(-x))),
    _u("elu", ops.elu, lambda x: np.where(x > 0, x, np.expm1(x)), kind="away"),
    _u("leaky_relu", ops.leaky_relu, lambda x: np.where(x >= 0, x, 0.2 * x), kind="away"),
    _u("softplus", ops.softplus, lambda x: np.log1p(np.exp(x))),
    _u("hardswish", ops.hardswish, lambda x: x * np.clip(x + 3, 0, 6) / 6, kind="away"),
    _u("softmax", ops.softmax, softmax), _u("log_softmax", ops.log_softmax, log_softmax),
    OpInfo("softmax_axis0", ops.softmax, lambda x, axis: softmax(x, axis), [(3, 4)],
           {"axis": 0}),
    # reductions
    _u("sum", lambda x: ops.sum(x), np.sum), OpInfo("sum_axis", ops.sum,
                                                    lambda x, dim, keepdim: x.sum(dim, keepdims=keepdim),
                                                    [(2, 3, 4)], {"dim": (0, 2), "keepdim": True}),
    OpInfo("mean", ops.mean, lambda x, axis: x.mean(axis), [(3, 4)], {"axis": 1}),
    OpInfo("amax", ops.amax, lambda x, axis: x.max(axis), [("distinct", (3, 4))], {"axis": 1}),
    OpInfo("amin", ops.amin, lambda x, axis: x.min(axis), [("distinct", (3, 4))], {"axis": 0}),
    OpInfo("max_values", lambda x: ops.max(x, 1)[0], lambda x: x.max(1), [("distinct", (3, 4))]),
    OpInfo("argmax", ops.argmax, lambda x, dim: x.argmax(dim), [("distinct", (3, 4))],
           {"dim": 1}, grad=False),
    OpInfo("prod", ops.prod, lambda x, axis: x.prod(axis), [("away", (3, 4))], {"axis": 1}),
    OpInfo("std", ops.std, lambda x, axis: x.std(axis), [(3, 5)], {"axis": 1}),
    OpInfo("var_ddof", ops.var, lambda x, axis, ddof: x.var(axis, ddof=ddof), [(3, 5)],
           {"axis": 0, "ddof": 1}),
    OpInfo("logsumexp", ops.logsumexp, lambda x, dim: np.log(np.exp(x).sum(dim)),
           [(3, 4)], {"dim": 1}),
    OpInfo("norm", ops.norm, lambda x, dim: np.sqrt((x * x).sum(dim)), [("away", (3, 4))],
           {"dim": 1}),
    OpInfo("cumsum", ops.cumsum, lambda x, axis: np.cumsum(x, axis), [(3, 4)], {"axis": 1}),
    OpInfo("reduce_mean_int_axis", lambda x: ops.reduce_mean(x, 0), lambda x: x.mean(0),
           [(2, 3)]),
    OpInfo("reduce_sum_neg_axis", lambda x: ops.reduce_sum(x, -1, True),
           lambda x: x.sum(-1, keepdims=True), [(2, 3, 4)]),
    OpInfo("mean_list_axis", lambda x: ops.mean(x, [0, -1], True),
           lambda x: x.mean((0, 2), keepdims=True), [(2, 3, 4)]),
    OpInfo("logsumexp_tuple", lambda x: ops.logsumexp(x, (0, 2), True),
           lambda x: np.log(np.exp(x).sum((0, 2), keepdims=True)), [(2, 3, 4)]),
    OpInfo("std_keepdims", lambda x: ops.std(x, -1, 1, True),
           lambda x: x.std(-1, ddof=1, keepdims=True), [(3, 5)]),
    # matrix products
    _b("matmul", ops.matmul, np.matmul, (3, 4), (4, 5)),
    _b("matmul_batched", ops.matmul, np.matmul, (2, 3, 4), (4, 5)),
    _b("matmul_vec", ops.matmul, np.matmul, (3, 4), (4,)),
    _b("bmm", ops.bmm, np.matmul, (2, 3, 4), (2, 4, 2)),
    OpInfo("dense", ops.dense, lambda x, w, b: x @ w.T + b, [(3, 4), (5, 4), (5,)]),
    # shape ops
    OpInfo("reshape", ops.reshape, np.reshape, [(2, 6)], {"shape": (3, -1)}),
    OpInfo("transpose", ops.transpose, lambda x, dims: np.transpose(x, dims),
           [(2, 3, 4)], {"dims": (2, 0, 1)}),
    OpInfo("concat", lambda a, b: ops.concat((a, b), 1), lambda a, b: np.concatenate((a, b), 1),
           [(2, 3), (2, 2)]),
    OpInfo("stack", lambda a, b: ops.stack((a, b), -1), lambda a, b: np.stack((a, b), -1),
           [(2, 3), (2, 3)]),
    OpInfo("split", lambda x: ops.split(x, 2, 1)[1], lambda x: np.split(x, [2, 4], 1)[1],
           [(3, 5)]),
    OpInfo("split_sections", lambda x: ops.split(x, [1, 3], 0)[1], lambda x: x[1:],
           [(4, 2)]),
    OpInfo("squeeze", ops.squeeze, np.squeeze, [(1, 3, 1)]),
    OpInfo("expand_dims", ops.expand_dims, np.expand_dims, [(3, 2)], {"axis": 1}),
    OpInfo("broadcast_to", ops.broadcast_to, np.broadcast_to, [(3, 1)], {"shape": (2, 3, 4)}),
    OpInfo("tile", ops.tile, lambda x, dims: np.tile(x, dims), [(2, 3)], {"dims": (2, 1, 2)}),
    OpInfo("flatten", ops.flatten, lambda x: x.reshape(2, -1), [(2, 3, 4)]),
    OpInfo("flip", ops.flip, lambda x, dims: np.flip(x, dims), [(3, 4)], {"dims": (1,)}),
    OpInfo("getitem_slices", lambda x: x[1:, ::2, None], lambda x: x[1:, ::2, None], [(3, 4)]),
    OpInfo("getitem_int_list", lambda x: x[[2, 0, 2]], lambda x: x[[2, 0, 2]], [(3, 4)]),
    OpInfo("getitem_ellipsis", lambda x: x[..., -1], lambda x: x[..., -1], [(2, 3, 4)]),
    OpInfo("gather", lambda x, i: ops.gather(x, i, 0), lambda x, i: np.take(x, i, 0),
           [(5, 3), ("int", (2, 2), 5)]),
    OpInfo("gather_elements", lambda x, i: ops.gather_elements(x, 1, i),
           lambda x, i: np.take_along_axis(x, i, 1), [(3, 4), ("int", (3, 2), 4)]),
    OpInfo("index_add", lambda x, y: ops.index_add(x, ms.Tensor(np.array([0, 2, 0])), y, 0),
           lambda x, y: _index_add(x, [0, 2, 0], y), [(4, 3), (3, 3)]),
    OpInfo("pad", ops.pad, lambda x, padding: np.pad(x, ((0, 0), (2, 1))), [(2, 3)],
           {"padding": (2, 1)}),
    OpInfo("masked_fill", lambda x, m: ops.masked_fill(x, m, 0.5),
           lambda x, m: np.where(m, 0.5, x), [(3, 4), ("bool", (4,))], grad_inputs=(0,)),
    OpInfo("topk", lambda x: ops.topk(x, 2)[0], lambda x: -np.sort(-x, -1)[..., :2],
           [("distinct", (3, 5))]),
    OpInfo("sort", lambda x: ops.sort(x, 0)[0], lambda x: np.sort(x, 0), [("distinct", (4, 3))]),
    OpInfo("sort_descending", lambda x: ops.sort(x, -1, True)[0], lambda x: -np.sort(-x, -1),
           [("distinct", (4, 3))]),
    OpInfo("topk_smallest", lambda x: ops.topk(x, 3, 0, False)[0],
           lambda x: np.sort(x, 0)[:3], [("distinct", (5, 2))]),
    OpInfo("one_hot", lambda i: ops.one_hot(i, 4, 1.0, 0.0), lambda i: np.eye(4)[i],
           [("int", (3,), 4)], grad=False),
    # nn ops
    OpInfo("conv2d", lambda x, w: ops.conv2d(x, w, stride=2, pad_mode="pad", padding=1),
           lambda x, w: conv2d_ref(x, w, 2, 1), [(2, 3, 6, 5), (4, 3, 3, 3)], rtol=1e-4),
    OpInfo("conv2d_groups_dilation", lambda x, w: ops.conv2d(x, w, dilation=2, groups=2),
           lambda x, w: conv2d_ref(x, w, 1, 0, 2, 2), [(1, 4, 7, 7), (2, 2, 2, 2)], rtol=1e-4),
    OpInfo("max_pool2d", lambda x: ops.max_pool2d(x, 2, 2), lambda x: pool_ref(x, 2, 2, np.max),
           [("distinct", (2, 3, 6, 4))]),
    OpInfo("avg_pool2d", lambda x: ops.avg_pool2d(x, 3, 1),
           lambda x: pool_ref(x, 3, 1, np.mean), [(2, 2, 5, 5)]),
    OpInfo("avg_pool2d_same", lambda x: ops.AvgPool(3, 2, "same")(x),
           lambda x: pool2d_ref(x, "avg", (3, 3), (2, 2), same_pads(5, 3, 2) * 2,
                                count_include_pad=False), [(2, 2, 5, 5)]),
    OpInfo("max_pool2d_same", lambda x: ops.MaxPool(3, 2, "same")(x),
           lambda x: pool2d_ref(x, "max", (3, 3), (2, 2), same_pads(6, 3, 2) + same_pads(5, 3, 2)),
           [("distinct", (1, 2, 6, 5))]),
    OpInfo("avg_pool2d_ceil", lambda x: ops.avg_pool2d(x, 3, 2, 1, True, False),
           lambda x: pool2d_ref(x, "avg", (3, 3), (2, 2), (1,) * 4, True, False),
           [(1, 2, 6, 5)]),
    OpInfo("avg_pool2d_ceil_pad", lambda x: ops.avg_pool2d(x, 3, 2, 1, True, True),
           lambda x: pool2d_ref(x, "avg", (3, 3), (2, 2), (1,) * 4, True, True),
           [(1, 2, 6, 5)]),
    OpInfo("avg_pool2d_divisor", lambda x: ops.avg_pool2d(x, 2, 2, 1, divisor_override=3),
           lambda x: pool2d_ref(x, "avg", (2, 2), (2, 2), (1,) * 4, divisor_override=3),
           [(1, 2, 5, 5)]),
    OpInfo("max_pool2d_ceil", lambda x: ops.max_pool2d(x, 2, 2, ceil_mode=True),
           lambda x: pool2d_ref(x, "max", (2, 2), (2, 2), ceil_mode=True),
           [("distinct", (1, 2, 5, 5))]),
    _u("fast_gelu", ops.fast_gelu, fast_gelu_ref),
    OpInfo("layer_norm", lambda x, g, b: ops.layer_norm(x, (5,), g, b),
           layer_norm_ref, [(3, 5), (5,), (5,)], rtol=1e-4),
    OpInfo("rms_norm", lambda x, g: ops.rms_norm(x, g, 1e-6)[0],
           lambda x, g: x / np.sqrt((x * x).mean(-1, keepdims=True) + 1e-6) * g,
           [(3, 5), (5,)], rtol=1e-4),
    OpInfo("batch_norm_train",
           lambda x, g, b: ops.batch_norm(x, _fresh(3, 0.0), _fresh(3, 1.0), g, b, True),
           lambda x, g, b: (x - x.mean((0, 2), keepdims=True)) / np.sqrt(
               x.var((0, 2), keepdims=True) + 1e-5) * g[:, None] + b[:, None],
           [(4, 3, 2), (3,), (3,)], rtol=1e-4, graph=False),
    OpInfo("cross_entropy", lambda x, t: ops.cross_entropy(x, t),
           lambda x, t: xent_ref(x, t).mean(), [(4, 5), ("int", (4,), 5)], rtol=1e-5),
    OpInfo("cross_entropy_smooth_weight",
           lambda x, t: ops.cross_entropy(x, t, ms.Tensor(np.arange(1, 6), x.dtype),
                                          label_smoothing=0.1),
           None, [(4, 5), ("int", (4,), 5)]),
    OpInfo("nll_loss", lambda x, t: ops.nll_loss(x, t),
           lambda x, t: -x[np.arange(len(t)), t].mean(), [(4, 5), ("int", (4,), 5)]),
    OpInfo("mse_loss", ops.mse_loss, lambda a, b: ((a - b) ** 2).mean(), [(3, 4), (3, 4)]),
    OpInfo("l1_loss", ops.l1_loss, lambda a, b: np.abs(a - b).mean(),
           [("away", (3, 4)), ("away", (3, 4))]),
    OpInfo("smooth_l1_loss", ops.smooth_l1_loss,
           lambda a, b: np.where(np.abs(a - b) < 1, 0.5 * (a - b) ** 2, np.abs(a - b) - 0.5),
           [(3, 4), (3, 4)]),
    OpInfo("bce_with_logits", ops.binary_cross_entropy_with_logits,
           lambda x, t: (np.maximum(x, 0) - x * t + np.log1p(np.exp(-np.abs(x)))).mean(),
           [(3, 4), ("unit", (3, 4))]),
    OpInfo("embedding", lambda i, w: ops.embedding(i, w), lambda i, w: w[i],
           [("int", (2, 3), 6), (6, 4)]),
]


def _index_add(x, idx, y):
    out = x.copy()
    np.add.at(out, idx, y)
    return out


def _fresh(n, value):
    return ms.Parameter(ms.Tensor(np.full(n, value, np.float32)), name="stat")


def make_inputs(op, dtype, seed=0):
    """numpy arrays for an op row (floats in ``dtype``)."""
    rng = np.random.default_rng(seed)
    out = []
    for spec in op.inputs:
        kind, shape = (None, spec) if not isinstance(spec[0] if spec else None, str) \
            else (spec[0], spec[1])
        if kind is None:
            a = rng.standard_normal(shape)
        elif kind == "pos":
            a = rng.uniform(0.5, 2.0, shape)
        elif kind == "away":
            a = rng.uniform(0.3, 1.5, shape) * rng.choice([-1, 1], shape)
        elif kind == "unit":
            a = rng.uniform(0, 1, shape)
        elif kind == "distinct":
            a = rng.permutation(int(np.prod(shape))).reshape(shape) / 3.0 + 0.1
        elif kind == "bool":
            out.append(rng.integers(0, 2, shape).astype(bool))
            continue
        elif kind == "int":
            out.append(rng.integers(0, spec[2], shape).astype(np.int64))
            continue
        out.append(np.asarray(a, dtype))
    return out


numeric_grad = mstesting.numeric_grad  # one finite-difference helper for every test
