"""Property-based differential test: random small networks built from a random program give
the same forward outputs, gradients and training steps in PYNATIVE_MODE and GRAPH_MODE.

Tolerances: rtol 1e-5 / atol 1e-6 (fusion may reorder float arithmetic), for float16
programs too: fused float16 programs round like op-by-op execution.
"""
import numpy as np
import pytest
from hypothesis import HealthCheck, assume, given, settings, strategies as st

import mindcell as ms
from mindcell import Parameter, Tensor, nn, ops

F32_TOL = dict(rtol=1e-5, atol=1e-6)
F16_TOL = F32_TOL
UNARY = ("relu", "tanh", "sigmoid", "exp", "neg", "square")
BINARY = ("add", "sub", "mul", "div", "maximum", "minimum")
SETTINGS = settings(max_examples=30, deadline=None, derandomize=True, database=None,
                    suppress_health_check=list(HealthCheck))


def _unary(name, h):
    if name == "relu":
        return ops.relu(h)
    if name == "tanh":
        return ops.tanh(h)
    if name == "sigmoid":
        return ops.sigmoid(h)
    if name == "exp":
        return ops.exp(ops.clamp(h, -3.0, 3.0))
    if name == "neg":
        return -h
    return h * h


def _binary(op, a, b):
    if op == "add":
        return a + b
    if op == "sub":
        return a - b
    if op == "mul":
        return a * b
    if op == "div":
        return a / (b * b + 1.0)
    if op == "maximum":
        return ops.maximum(a, b)
    return ops.minimum(a, b)


def _scalar(op, h, c, rev):
    if op == "add":
        return c + h if rev else h + c
    if op == "sub":
        return c - h if rev else h - c
    if op == "mul":
        return c * h if rev else h * c
    return h / c


class ProgramNet(nn.Cell):
    """A network that interprets a program (a list of step tuples) in ``construct``; all the
    control flow is on Python values, so GRAPH_MODE unrolls it while tracing."""

    def __init__(self, spec):
        super().__init__()
        self.steps = spec["steps"]
        rng = np.random.default_rng(spec["seed"])
        dt = np.float16 if spec["dtype"] == "float16" else np.float32
        self.embed = nn.Embedding(*spec["embed"]) if spec["embed"] else None
        for i, step in enumerate(self.steps):
            kind = step[0]
            pshape = None
            if kind == "pbin":
                pshape = step[2]
            elif kind == "concat":
                pshape = step[2]
            elif kind == "setitem" and step[2] == "param":
                pshape = step[3]
            elif kind == "head":
                setattr(self, "c%d" % i, Tensor(rng.uniform(-2, 2, step[1]).astype(dt)))
            elif kind == "dense":
                setattr(self, "l%d" % i, nn.Dense(step[1], step[2]))
            elif kind == "conv":
                setattr(self, "l%d" % i, nn.Conv2d(step[1], step[2], step[3], pad_mode=step[4],
                                                   has_bias=step[6]))
            elif kind == "layernorm":
                setattr(self, "l%d" % i, nn.LayerNorm((step[1],)))
            elif kind == "batchnorm":
                cls = nn.BatchNorm1d if step[2] == 2 else nn.BatchNorm2d
                setattr(self, "l%d" % i, cls(step[1]))
            elif kind == "dropout":
                setattr(self, "l%d" % i, nn.Dropout(keep_prob=1.0) if step[1] else nn.Dropout(p=0.0))
            elif kind == "branch":
                setattr(self, "flag%d" % i, step[1])
            if pshape is not None:
                value = rng.uniform(-1.5, 1.5, pshape).astype(dt)
                setattr(self, "p%d" % i, Parameter(Tensor(value), name="p%d" % i))

    def construct(self, x):
        h = self.embed(x) if self.embed is not None else x
        saved = []
        for i, step in enumerate(self.steps):
            kind = step[0]
            if kind == "unary":
                h = _unary(step[1], h)
            elif kind == "scalar":
                h = _scalar(step[1], h, step[2], step[3])
            elif kind == "pbin":
                p = getattr(self, "p%d" % i)
                h = _binary(step[1], p, h) if step[3] else _binary(step[1], h, p)
            elif kind == "save":
                saved.append(h)
            elif kind == "combine":
                h = _binary(step[2], h, saved[step[1]])
            elif kind == "reduce":
                _, op, axis, keep, method = step
                if method:
                    h = h.sum(axis, keepdims=keep) if op == "sum" else (
                        h.mean(axis, keep_dims=keep) if op == "mean" else h.max(axis, keepdims=keep))
                else:
                    h = ops.sum(h, axis, keep) if op == "sum" else (
                        ops.mean(h, axis, keep) if op == "mean" else ops.amax(h, axis, keep))
            elif kind == "sum_all":
                h = h.sum()
            elif kind == "reshape":
                h = h.reshape(step[1]) if step[2] else ops.reshape(h, step[1])
            elif kind == "transpose":
                h = ops.transpose(h, step[1])
            elif kind == "T":
                h = h.T
            elif kind == "expand_dims":
                h = ops.expand_dims(h, step[1])
            elif kind == "squeeze":
                h = ops.squeeze(h, step[1])
            elif kind == "copy":
                h = h.copy()
            elif kind == "concat":
                p = getattr(self, "p%d" % i)
                h = ops.concat((p, h) if step[3] else (h, p), step[1])
            elif kind == "split":
                _, axis, size, mode = step
                pieces = ops.split(h, size, axis)
                if mode == "reverse":
                    h = ops.concat(tuple(pieces[::-1]), axis)
                else:
                    acc = pieces[0]
                    for k in range(1, len(pieces)):
                        acc = acc + pieces[k] * float(k + 1)
                    h = acc
            elif kind == "stack":
                h = ops.stack([h, ops.sigmoid(h)], step[1])
            elif kind == "getitem":
                h = h[step[1]]
            elif kind == "setitem":
                _, idx, vkind, val, copy = step
                y = h.copy() if copy else h
                if vkind == "scalar":
                    y[idx] = val
                elif vkind == "param":
                    y[idx] = getattr(self, "p%d" % i)
                else:
                    y[idx] = y[idx] * 2.0 + 1.0
                h = y
            elif kind == "setloop":
                y = h.copy() if step[1] else h
                for k in range(1, y.shape[0]):
                    y[k] = y[k] + y[k - 1] * 0.5
                h = y
            elif kind in ("dense", "layernorm", "batchnorm", "dropout"):
                h = getattr(self, "l%d" % i)(h)
            elif kind == "conv":
                h = getattr(self, "l%d" % i)(h)
                if step[5]:
                    h = ops.flatten(h)
            elif kind == "repeat":
                for _ in range(step[1]):
                    h = _unary(step[2], h) * step[3] + h
            elif kind == "branch":
                if getattr(self, "flag%d" % i):
                    h = h * 2.0
                else:
                    h = h - 1.0
            elif kind == "head":
                h = h * getattr(self, "c%d" % i)
        return h


# ----------------------------------------------------------------------------- strategies

def _bshape(draw, shape):
    """A shape that broadcasts to ``shape`` (a suffix with some dims set to 1)."""
    n = draw(st.integers(0, len(shape)))
    tail = shape[len(shape) - n:]
    return tuple(d if draw(st.booleans()) else 1 for d in tail)


def _index_part(draw, dim, allow_list):
    kinds = ["int", "slice", "none"] + (["list"] if allow_list else [])
    kind = draw(st.sampled_from(kinds))
    if kind == "int":
        return draw(st.integers(-dim, dim - 1)), "int"
    if kind == "none":
        return None, "none"
    if kind == "list":
        return draw(st.lists(st.integers(-dim, dim - 1), min_size=1, max_size=3)), "list"
    start = draw(st.one_of(st.none(), st.integers(-dim, dim)))
    stop = draw(st.one_of(st.none(), st.integers(-dim - 1, dim)))
    step = draw(st.sampled_from([None, 1, 2, -1, -2]))
    return slice(start, stop, step), "slice"


def _index(draw, shape, setitem):
    """A random index (ints, slices incl. negative steps, None, Ellipsis, one int list) that
    selects a non-empty part of a tensor of ``shape``; returns (index, result shape)."""
    dummy = np.empty(shape)
    for _ in range(20):
        parts, dims = [], list(shape)
        have_list = have_ellipsis = False
        for _ in range(draw(st.integers(1, len(shape) + 1))):
            if dims and draw(st.integers(0, 5)) == 0 and not have_ellipsis:
                parts.append(Ellipsis)
                have_ellipsis = True
                dims = []  # what follows indexes the trailing dims: keep it to None only
                continue
            if not dims:
                if not setitem and draw(st.booleans()):
                    parts.append(None)
                continue
            part, kind = _index_part(draw, dims[0], not have_list)
            if kind == "list":
                have_list = True
                if setitem:  # distinct targets: the winner of duplicate writes is unspecified
                    part = sorted({v % dims[0] for v in part})
            if kind == "none" and setitem:
                continue
            parts.append(part)
            if kind != "none":
                dims.pop(0)
        if not parts:
            continue
        idx = parts[0] if len(parts) == 1 and draw(st.booleans()) else tuple(parts)
        try:
            out = dummy[idx]
        except IndexError:
            continue
        if out.size:
            return idx, out.shape
    return 0, dummy[0].shape


def _factor(draw, size):
    """A random shape with ``size`` elements, rank 1-4."""
    dims = []
    rest = size
    for _ in range(draw(st.integers(0, 3))):
        divs = [d for d in range(1, rest + 1) if rest % d == 0]
        d = draw(st.sampled_from(divs))
        dims.append(d)
        rest //= d
    dims.append(rest)
    dims = draw(st.permutations(dims))
    if len(dims) > 1 and draw(st.booleans()):
        dims = list(dims)
        dims[draw(st.integers(0, len(dims) - 1))] = -1
    return tuple(dims)


def _step(draw, kind, shape, saved, f16):
    """Draw the arguments of one step of ``kind`` for a value of ``shape``; return
    (step, new shape)."""
    rank = len(shape)
    if kind == "unary":
        return ("unary", draw(st.sampled_from(UNARY))), shape
    if kind == "scalar":
        op = draw(st.sampled_from(("add", "sub", "mul", "div")))
        c = draw(st.sampled_from((0.5, -1.5, 2.0, 3, -2)))
        return ("scalar", op, c, op != "div" and draw(st.booleans())), shape
    if kind == "pbin":
        return ("pbin", draw(st.sampled_from(BINARY)), _bshape(draw, shape), draw(st.booleans())), shape
    if kind == "save":
        saved.append(shape)
        return ("save",), shape
    if kind == "combine":
        j = draw(st.integers(0, len(saved) - 1))
        try:
            out = np.broadcast_shapes(shape, saved[j])
        except ValueError:
            return ("copy",), shape
        if len(out) > 4 or int(np.prod(out)) > 256:
            return ("copy",), shape
        return ("combine", j, draw(st.sampled_from(BINARY))), tuple(out)
    if kind == "reduce":
        op = draw(st.sampled_from(("sum", "mean", "max")))
        keep = draw(st.booleans())
        form = draw(st.sampled_from(("none", "int", "tuple")))
        if form == "none":
            axis = None
        elif form == "int" or op == "max":
            axis = draw(st.integers(-rank, rank - 1))
        else:
            axis = tuple(draw(st.lists(st.integers(0, rank - 1), min_size=1, max_size=rank,
                                       unique=True)))
        out = np.empty(shape).sum(axis=axis, keepdims=keep).shape
        return ("reduce", op, axis, keep, draw(st.booleans())), out
    if kind == "sum_all":
        return ("sum_all",), ()
    if kind == "reshape":
        new = _factor(draw, int(np.prod(shape)))
        return ("reshape", new, draw(st.booleans())), np.empty(shape).reshape(new).shape
    if kind == "transpose":
        perm = tuple(draw(st.permutations(range(rank))))
        return ("transpose", perm), tuple(shape[p] for p in perm)
    if kind == "T":
        return ("T",), tuple(reversed(shape))
    if kind == "expand_dims":
        axis = draw(st.integers(-rank - 1, rank))
        return ("expand_dims", axis), np.expand_dims(np.empty(shape), axis).shape
    if kind == "squeeze":
        axis = draw(st.sampled_from([i for i, d in enumerate(shape) if d == 1]))
        return ("squeeze", axis), shape[:axis] + shape[axis + 1:]
    if kind == "copy":
        return ("copy",), shape
    if kind == "concat":
        axis = draw(st.integers(0, rank - 1))
        k = draw(st.integers(1, 2))
        pshape = shape[:axis] + (k,) + shape[axis + 1:]
        out = shape[:axis] + (shape[axis] + k,) + shape[axis + 1:]
        return ("concat", axis, pshape, draw(st.booleans())), out
    if kind == "split":
        axes = [i for i, d in enumerate(shape) if d >= 2]
        axis = draw(st.sampled_from(axes))
        size = draw(st.sampled_from([s for s in range(1, shape[axis]) if shape[axis] % s == 0]))
        mode = draw(st.sampled_from(("reverse", "sum")))
        out = shape if mode == "reverse" else shape[:axis] + (size,) + shape[axis + 1:]
        return ("split", axis, size, mode), out
    if kind == "stack":
        axis = draw(st.integers(-rank - 1, rank))
        return ("stack", axis), np.stack([np.empty(shape)] * 2, axis).shape
    if kind == "getitem":
        idx, out = _index(draw, shape, setitem=False)
        return ("getitem", idx), out
    if kind == "setitem":
        idx, target = _index(draw, shape, setitem=True)
        vkind = draw(st.sampled_from(("scalar", "param", "expr")))
        val = None
        if vkind == "scalar":
            val = draw(st.sampled_from((0.0, -1.5, 2, 0.25)))
        elif vkind == "param":
            val = _bshape(draw, target)
        return ("setitem", idx, vkind, val, draw(st.booleans())), shape
    if kind == "setloop":
        return ("setloop", draw(st.booleans())), shape
    if kind == "dense":
        out = draw(st.integers(1, 4))
        return ("dense", shape[-1], out), shape[:-1] + (out,)
    if kind == "conv":
        n, c, hh, ww = shape
        k = draw(st.sampled_from([k for k in (1, 2, 3) if k <= min(hh, ww)]))
        pad = draw(st.sampled_from(("same", "valid")))
        cout = draw(st.integers(1, 3))
        out = (n, cout) + ((hh, ww) if pad == "same" else (hh - k + 1, ww - k + 1))
        flat = draw(st.booleans())
        if flat:
            out = (n, int(np.prod(out[1:])))
        return ("conv", c, cout, k, pad, flat, draw(st.booleans())), out
    if kind == "layernorm":
        return ("layernorm", shape[-1]), shape
    if kind == "batchnorm":
        return ("batchnorm", shape[1], rank), shape
    if kind == "dropout":
        return ("dropout", draw(st.booleans())), shape
    if kind == "repeat":
        return ("repeat", draw(st.integers(1, 3)), draw(st.sampled_from(UNARY[:3])),
                draw(st.sampled_from((0.5, -0.25)))), shape
    if kind == "branch":
        return ("branch", draw(st.booleans())), shape
    raise AssertionError(kind)


def _kinds(shape, saved, f16):
    rank = len(shape)
    size = int(np.prod(shape))
    kinds = ["unary", "scalar", "pbin", "save", "copy", "repeat", "branch"]
    if saved:
        kinds.append("combine")
    if rank == 0:
        return kinds + ["expand_dims"]
    kinds += ["reduce", "sum_all", "reshape", "expand_dims", "getitem", "setitem"]
    if rank >= 2:
        kinds += ["transpose", "T"]
    if 1 in shape:
        kinds.append("squeeze")
    if size <= 96:
        kinds += ["concat", "stack"]
    if any(d >= 2 for d in shape):
        kinds.append("split")
    if shape[0] >= 2:
        kinds.append("setloop")
    if rank > 4:
        kinds = [k for k in kinds if k not in ("expand_dims", "stack")]
    if not f16:
        kinds += ["dense", "layernorm", "dropout", "getitem", "setitem"]
        if rank == 4:
            kinds += ["conv", "conv"]
        if rank in (2, 4):
            kinds += ["batchnorm"]
    return kinds


@st.composite
def programs(draw, dtype="float32", zero_d=False):
    """A random network program: input description, steps, and flags."""
    f16 = dtype == "float16"
    embed = None
    if not f16 and draw(st.integers(0, 5)) == 0:
        vocab, dim = draw(st.integers(2, 6)), draw(st.integers(1, 4))
        in_shape = (draw(st.integers(1, 3)), draw(st.integers(1, 3)))
        embed = (vocab, dim)
        shape = in_shape + (dim,)
    else:
        in_shape = tuple(draw(st.lists(st.integers(1, 4), min_size=1, max_size=4)))
        shape = in_shape
    steps, saved = [], []
    for _ in range(draw(st.integers(1, 7))):
        kind = draw(st.sampled_from(_kinds(shape, saved, f16)))
        step, shape = _step(draw, kind, shape, saved, f16)
        steps.append(step)
        if int(np.prod(shape)) > 512 or len(shape) > 5:
            break
    if zero_d and shape != ():
        steps.append(("sum_all",))
        shape = ()
    if draw(st.booleans()):
        steps.append(("head", shape))
    return dict(in_shape=in_shape, embed=embed, steps=steps, dtype=dtype,
                seed=draw(st.integers(0, 2 ** 16)), train=draw(st.booleans()),
                optim=draw(st.sampled_from(("sgd", "momentum", "adam"))), out_shape=shape)


# ----------------------------------------------------------------------------- checking

def _input(spec):
    rng = np.random.default_rng(spec["seed"] + 1)
    if spec["embed"]:
        return Tensor(rng.integers(0, spec["embed"][0], spec["in_shape"]).astype(np.int32))
    dt = np.float16 if spec["dtype"] == "float16" else np.float32
    return Tensor(rng.standard_normal(spec["in_shape"]).astype(dt))


def _label(spec, out):
    rng = np.random.default_rng(spec["seed"] + 2)
    return Tensor(rng.standard_normal(out.shape).astype(out.asnumpy().dtype))


def _leaves(obj):
    if isinstance(obj, Tensor):
        return [obj.asnumpy().copy()]
    if isinstance(obj, (tuple, list)):
        return [leaf for o in obj for leaf in _leaves(o)]
    return []


def _optimizer(kind, params):
    if kind == "sgd":
        return nn.SGD(params, learning_rate=0.01)
    if kind == "momentum":
        return nn.Momentum(params, learning_rate=0.01, momentum=0.9)
    return nn.Adam(params, learning_rate=0.01)


def _run(spec, mode, template):
    """Forward, value_and_grad and five training steps of a fresh copy of ``template``."""
    ms.set_context(mode=mode)
    net = ProgramNet(spec)
    for (_, p), (_, q) in zip(net.parameters_and_names(), template.parameters_and_names()):
        p.set_data(Tensor(q.asnumpy().copy()))
    net.set_train(spec["train"])
    res = {"forward": _leaves(net(_input(spec)))}
    params = net.trainable_params()
    value, grads = ops.value_and_grad(net, grad_position=0, weights=params)(_input(spec))
    res["value"], res["grads"] = _leaves(value), _leaves(grads)
    if params:
        label = _label(spec, value)
        step = nn.TrainOneStepCell(nn.WithLossCell(net, nn.MSELoss()), _optimizer(spec["optim"], params))
        res["losses"] = [step(_input(spec), label).asnumpy().copy() for _ in range(5)]
    res["params"] = [p.asnumpy().copy() for p in net.get_parameters()]
    return res


def _compare(spec, a, b, tol):
    assert a.keys() == b.keys()
    for key in a:
        assert len(a[key]) == len(b[key]), key
        for i, (x, y) in enumerate(zip(a[key], b[key])):
            assert x.shape == y.shape and x.dtype == y.dtype, (key, i, x.shape, y.shape, x.dtype, y.dtype)
            np.testing.assert_allclose(y, x, err_msg="%s[%d] differs: %r" % (key, i, spec["steps"]), **tol)


def check_program(spec, tol=F32_TOL):
    """Run ``spec`` in both modes from identical parameters and compare everything."""
    ms.set_seed(spec["seed"])
    template = ProgramNet(spec)
    with np.errstate(all="ignore"):
        eager = _run(spec, ms.PYNATIVE_MODE, template)
        # programs whose values blow up (exp of a square of a sum...) compare only overflow
        assume(all(np.all(np.abs(v.astype(np.float64)) < 1e3) for vs in eager.values() for v in vs))
        graph = _run(spec, ms.GRAPH_MODE, template)
    _compare(spec, eager, graph, tol)


@SETTINGS
@given(programs())
def test_random_programs_agree_float32(spec):
    check_program(spec)


@settings(SETTINGS, max_examples=15)
@given(programs(zero_d=True))
def test_random_programs_with_0d_outputs_agree(spec):
    assert spec["out_shape"] == ()
    check_program(spec)


@settings(SETTINGS, max_examples=20)
@given(programs(dtype="float16"))
def test_random_float16_programs_agree(spec):
    check_program(spec, F16_TOL)


# ----------------------------------------------------------------------------- regressions

class _WriteIntoInput(nn.Cell):
    def __init__(self, index):
        super().__init__()
        self.p = Parameter(Tensor(np.float32(0.7)), name="p")
        self.index = index

    def construct(self, x):
        x[self.index] = self.p
        return x


@pytest.mark.parametrize("index", [Ellipsis, slice(None), 0])
def test_gradients_through_a_write_into_the_differentiated_input(mode, index):
    """x[i] = p on the differentiated input: d/dx is 0 where x was overwritten and d/dp
    counts the written elements (the gradient used to be taken at the written value: dx was
    all ones, and GRAPH_MODE lost dp)."""
    net = _WriteIntoInput(index)
    x = Tensor(np.ones(3, np.float32))
    _, (dx, (dp,)) = ops.value_and_grad(net, 0, net.trainable_params())(x)
    written = np.zeros(3, bool)
    written[index] = True
    np.testing.assert_array_equal(dx.asnumpy(), np.where(written, 0.0, 1.0))
    assert float(dp.asnumpy()) == written.sum()


def test_folded_0d_float16_constant_runs_in_graph_mode():
    """Constant folding of a 0-d float16 product gave a numpy scalar, not an array, and the
    executor refused to bind it."""
    c = Tensor(np.float16(1.5))

    def f(x):
        return ops.relu(x.sum()) * c

    ms.set_context(mode=ms.GRAPH_MODE)
    value, dx = ops.value_and_grad(f, 0)(Tensor(np.ones(1, np.float16)))
    assert value.asnumpy() == np.float16(1.5) and dx.asnumpy().tolist() == [1.5]
