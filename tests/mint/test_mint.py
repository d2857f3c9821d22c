"""mindcell.mint, mint.nn and mint.nn.functional: MindSpore's signatures, the generated functions'
metadata, pickling and doctests, GRAPH_MODE against PYNATIVE_MODE, and numpy references for the
functions MindSpore's CPU build cannot run (its goldens are in tests/goldens/mint)."""
import doctest
import inspect
import json
import math
import pickle
from pathlib import Path

import numpy as np
import pytest

import mindcell as ms
from mindcell import Tensor, mint
from mindcell.mint.nn import _table as ftable
from mindcell.mint.nn import functional as F

SURFACE = Path(__file__).resolve().parents[3] / "shared" / "surface" / "mindspore-2.10.json"
GENERATED = [(mint, f) for f in mint._FACES] + [(F, f) for f in ftable.FACES]
IDS = ["%s.%s" % (m.__name__.rsplit(".", 1)[-1], f.name) for m, f in GENERATED]
# MindSpore's overloaded functions report (*args, **kwargs); their documents state these.
DOCUMENTED = {
    "add": "(input, other, *, alpha=1)", "sub": "(input, other, *, alpha=1)",
    "div": "(input, other, *, rounding_mode=None)", "mul": "(input, other)",
    "eq": "(input, other)", "ge": "(input, other)", "greater_equal": "(input, other)",
    "lt": "(input, other)", "less": "(input, other)", "fmod": "(input, other)",
    "remainder": "(input, other)", "floor_divide": "(input, other)", "xlogy": "(input, other)",
    "bitwise_not": "(input)", "clamp": "(input, min=None, max=None)",
    "clip": "(input, min=None, max=None)", "where": "(condition, input, other)",
    "lerp": "(input, end, weight)", "repeat_interleave":
        "(input, repeats, dim=None, *, output_size=None)",
    "empty": "(*size, dtype=None, device=None, pin_memory=False)",
    "empty_like": "(input, *, dtype=None, device=None, pin_memory=False)",
    "any": "(input, dim=None, keepdim=False)", "max": "(input, dim=None, keepdim=False)",
    "min": "(input, dim=None, keepdim=False)", "squeeze": "(input, dim)",
    "flatten": "(input, start_dim=0, end_dim=-1)", "reshape": "(input, shape)", "t": "(input)",
    "gelu": "(input, *, approximate='none')", "pixel_shuffle": "(input, upscale_factor)",
    "conv3d": "(input, weight, bias=None, stride=1, padding=0, dilation=1, groups=1)",
    "conv1d": "(input, weight, bias=None, stride=1, padding=0, dilation=1, groups=1)",
    "Mish": "(self)", "SELU": "(self)", "addcdiv": "(input, tensor1, tensor2, *, value=1)",
    "index_add": "(input, dim, index, source, *, alpha=1)",
    "kthvalue": "(input, k, dim=-1, keepdim=False)",
    "nansum": "(input, dim=None, keepdim=False, *, dtype=None)",
}
# Names other modules bind into mint (the ops or nn object MindSpore also uses there, through
# mindcell._faces) whose signatures differ from MindSpore's: those modules' to fix.
NOT_MINT_OWNED = {".mint": {"nan_to_num", "nonzero", "round"},
                  ".mint.nn": {"Hardsigmoid", "Hardswish", "Identity", "ReLU"}}
X_NP = np.array([[1., -2., 3.], [4., 5., -6.]], np.float32)
RNG = np.random.default_rng(0)


def x():
    return Tensor(X_NP.copy())


def assert_close(t, ref, dtype=None, rtol=1e-5, atol=1e-6):
    got = t.asnumpy()
    np.testing.assert_allclose(got, ref, rtol=rtol, atol=atol)
    assert got.shape == np.shape(ref)
    if dtype is not None:
        assert t.dtype == dtype


# ----- generated functions ---------------------------------------------------------------------
@pytest.mark.parametrize("module,face", GENERATED, ids=IDS)
def test_generated_function_metadata_and_pickling(module, face):
    fn = getattr(module, face.name)
    assert fn.__name__ == fn.__qualname__ == face.name
    assert fn.__module__ == module.__name__
    assert str(inspect.signature(fn)) == face.sig
    for section in ("Args:" if inspect.signature(fn).parameters else "", "Returns:",
                    "Examples:"):
        assert section in fn.__doc__
    assert pickle.loads(pickle.dumps(fn)) is fn


@pytest.mark.parametrize("module,face", GENERATED, ids=IDS)
def test_generated_docstring_examples(module, face):
    fn = getattr(module, face.name)
    tests = doctest.DocTestFinder().find(fn, face.name, globs={})
    assert tests and tests[0].examples
    runner = doctest.DocTestRunner(optionflags=doctest.NORMALIZE_WHITESPACE)
    for t in tests:
        runner.run(t)
    assert runner.failures == 0


MINT_CELLS = [n for n in mint.nn.__all__
              if getattr(mint.nn, n).__module__.startswith("mindcell.mint")]


@pytest.mark.parametrize("cls", [getattr(mint.nn, n) for n in MINT_CELLS], ids=MINT_CELLS)
def test_cell_docstring_examples(cls):
    runner = doctest.DocTestRunner(optionflags=doctest.NORMALIZE_WHITESPACE)
    for t in doctest.DocTestFinder().find(cls, cls.__name__, globs={}):
        runner.run(t)
    assert runner.tries > 0 and runner.failures == 0


@pytest.mark.skipif(not SURFACE.exists(), reason="../shared/surface is not beside the repo")
@pytest.mark.parametrize("path,module", [(".mint", mint), (".mint.nn.functional", F),
                                         (".mint.nn", mint.nn)])
def test_signatures_are_mindspores(path, module):
    """Every mint name mindcell has carries MindSpore's signature (or, for MindSpore's
    overloaded functions, the one their documents state)."""
    surface = json.loads(SURFACE.read_text())[path]
    checked, wrong = 0, []
    for name, entry in surface.items():
        if name in NOT_MINT_OWNED.get(path, ()):
            continue
        obj = getattr(module, name, None)
        if obj is None or "sig" not in entry:
            continue
        want = entry["sig"]
        if want == "(*args, **kwargs)":
            want = DOCUMENTED.get(name, want)
        got = str(inspect.signature(obj.__init__ if entry["kind"] == "class" else obj))
        if entry["kind"] == "class":
            want = want.split(" -> ")[0].replace("(self, ", "(").replace("(self)", "()")
            got = got.split(" -> ")[0].replace("(self, ", "(").replace("(self)", "()")
        if got != want:
            wrong.append("%s.%s%s (MindSpore: %s)" % (path, name, got, want))
        checked += 1
    assert not wrong
    assert checked >= {".mint": 130, ".mint.nn.functional": 50, ".mint.nn": 54}[path]


def test_names_the_brief_lists_are_present():
    for name in ("mul zeros cumsum sum split add matmul cat ones argmax sub stack softmax "
                 "index_select flatten repeat_interleave minimum mean topk sigmoid eq triu sqrt "
                 "sin ne div arange transpose sort reshape pow permute isclose exp empty cos "
                 "bmm").split():
        assert callable(getattr(mint, name)), name
    assert callable(F.relu) and callable(F.softmax)


def test_alias_faces_are_the_ops_objects():
    """Where MindSpore's mint name is the same object as an ops function, so is mindcell's."""
    assert mint.matmul is ms.ops.matmul and mint.sin is ms.ops.sin
    assert mint.conv2d is F.conv2d and ms.nn.Linear is mint.nn.Linear


def test_unsupported_parameter_raises_naming_it():
    with pytest.raises(NotImplementedError, match="pin_memory"):
        mint.empty(2, pin_memory=True)
    with pytest.raises(ValueError, match="device"):
        mint.empty(2, device="Ascend")


def test_errors_name_the_mint_api_and_its_argument_names():
    with pytest.raises(ValueError, match=r"mint\.sum: 'dim'"):
        mint.sum(x(), 5)
    with pytest.raises(TypeError, match=r"mint\.add: 'alpha'"):
        mint.add(x(), x(), alpha="2")
    with pytest.raises(TypeError):
        mint.sum(x(), axis=1)  # MindSpore's keyword is dim
    with pytest.raises(TypeError, match=r"mint\.index_select"):
        mint.index_select(x(), 1, [0])


# ----- GRAPH_MODE agrees with PYNATIVE_MODE ----------------------------------------------------
GRAPH_CASES = [
    lambda a: mint.add(a, a * 2, alpha=3),
    lambda a: mint.sum(a, 1, True, dtype=ms.float64),
    lambda a: mint.softmax(a, 1),
    lambda a: mint.split(a, [1, 2], dim=1)[1],
    lambda a: mint.argmax(a, 1),
    lambda a: mint.topk(a, 2)[0],
    lambda a: mint.mean(a, (0, 1), keepdim=True),
    lambda a: F.relu(a) + F.softmax(a),
    lambda a: mint.cumsum(mint.transpose(a, 0, 1), 0),
    lambda a: mint.std(a, 1, correction=0),
    lambda a: F.unfold(mint.reshape(a, (1, 1, 2, 3)), (1, 2)),
    lambda a: F.conv_transpose2d(mint.reshape(a, (1, 1, 2, 3)), mint.ones((1, 2, 2, 2)),
                                 stride=2, padding=1, output_padding=1),
    lambda a: mint.nn.BatchNorm1d(3)(a),
]


@pytest.mark.parametrize("i", range(len(GRAPH_CASES)))
def test_graph_mode_matches_pynative(i):
    fn = GRAPH_CASES[i]
    eager = fn(x())
    graph = ms.jit(fn)(x())
    assert graph.dtype == eager.dtype
    np.testing.assert_allclose(graph.asnumpy(), eager.asnumpy(), rtol=1e-6, atol=1e-7)


def test_linear_cell_graph_mode_matches_pynative():
    net = mint.nn.Linear(3, 2)
    eager = net(x()).asnumpy()
    ms.set_context(mode=ms.GRAPH_MODE)
    try:
        graph = net(x()).asnumpy()
    finally:
        ms.set_context(mode=ms.PYNATIVE_MODE)
    np.testing.assert_allclose(graph, eager, rtol=1e-6)


# ----- numpy references (MindSpore's CPU build has no kernel for these) ------------------------
def test_index_functions_return_int64():
    assert_close(mint.argmax(x()), np.argmax(X_NP), ms.int64)
    assert_close(mint.argmin(x(), 1, True), np.argmin(X_NP, 1)[:, None], ms.int64)
    values, idx = mint.topk(x(), 2, dim=0, largest=False)
    assert_close(values, np.sort(X_NP, 0)[:2])
    assert_close(idx, np.argsort(X_NP, 0)[:2], ms.int64)
    values, idx = mint.sort(x(), dim=1, descending=True, stable=True)
    assert_close(values, -np.sort(-X_NP, 1))
    assert_close(idx, np.argsort(-X_NP, 1, kind="stable"), ms.int64)
    ties = Tensor(np.array([1., 0., 1., 0.], np.float32))
    assert_close(mint.argsort(ties, stable=True), [1, 3, 0, 2], ms.int64)
    assert_close(mint.max(x(), 1)[1], np.argmax(X_NP, 1), ms.int64)


def test_cumulative_and_statistics():
    assert_close(mint.cumsum(x(), 1), np.cumsum(X_NP, 1))
    assert_close(mint.cumsum(x(), dim=0, dtype=ms.float64), np.cumsum(X_NP, 0), ms.float64)
    assert_close(mint.cummin(x(), 1)[0], np.minimum.accumulate(X_NP, 1))
    assert_close(mint.logsumexp(x(), 1), np.log(np.exp(X_NP).sum(1)))
    for c in (0, 1, 2):
        assert_close(mint.var(x(), 1, correction=c), X_NP.var(1, ddof=c), rtol=1e-5)
        assert_close(mint.std(x(), correction=c, keepdim=True),
                     X_NP.std(ddof=c).reshape(1, 1), rtol=1e-5)
    std, mean = mint.std_mean(x(), 0)
    assert_close(std, X_NP.std(0, ddof=1)) and assert_close(mean, X_NP.mean(0))
    var, mean = mint.var_mean(x(), 1, keepdim=True)
    assert_close(var, X_NP.var(1, ddof=1, keepdims=True))
    assert_close(mean, X_NP.mean(1, keepdims=True))


def test_elementwise_references():
    v = RNG.uniform(0.1, 0.9, (2, 3)).astype(np.float32)
    t = Tensor(v)
    for name, ref in [("acos", np.arccos), ("asin", np.arcsin), ("atan", np.arctan),
                      ("asinh", np.arcsinh), ("exp2", np.exp2), ("log2", np.log2),
                      ("log10", np.log10), ("frac", lambda a: a - np.trunc(a))]:
        assert_close(getattr(mint, name)(t), ref(v), rtol=1e-5)
    assert_close(mint.acosh(t + 1), np.arccosh(v + 1), rtol=1e-5)
    assert_close(mint.atan2(x(), t), np.arctan2(X_NP, v), rtol=1e-5)
    assert_close(mint.logaddexp(x(), t), np.logaddexp(X_NP, v), rtol=1e-5)
    assert_close(mint.logaddexp2(x(), t), np.logaddexp2(X_NP, v), rtol=1e-5)
    assert_close(mint.floor_divide(x(), 2.5), np.floor_divide(X_NP, 2.5))
    xi = np.array([[5, -7, 9]], np.int32)
    assert_close(mint.floor_divide(Tensor(xi), 4), xi // 4, ms.int32)
    assert_close(mint.bitwise_or(Tensor(xi), 6), xi | 6)
    assert_close(mint.bitwise_not(Tensor(xi)), ~xi)
    assert_close(mint.trace(x()), np.trace(X_NP))
    assert_close(mint.dot(t[0], t[1]), v[0] @ v[1], rtol=1e-5)
    assert_close(mint.outer(t[0], t[1]), np.outer(v[0], v[1]))
    assert_close(mint.mm(x(), Tensor(v.T.copy())), X_NP @ v.T, rtol=1e-5)
    assert_close(mint.div(Tensor(xi), 4, rounding_mode="trunc"), np.trunc(xi / 4), ms.int32)


def test_shape_and_creation_references():
    assert_close(mint.stack([x(), x()], dim=1), np.stack([X_NP, X_NP], 1))
    assert_close(mint.index_select(x(), 1, Tensor(np.array([2, 0, 2], np.int64))),
                 X_NP[:, [2, 0, 2]])
    assert_close(mint.repeat_interleave(x(), 2), np.repeat(X_NP.ravel(), 2))
    reps = Tensor(np.array([1, 3], np.int64))
    assert_close(mint.repeat_interleave(x(), reps, dim=0, output_size=4),
                 np.repeat(X_NP, [1, 3], 0))
    with pytest.raises(ValueError, match="output_size"):
        mint.repeat_interleave(x(), reps, dim=0, output_size=5)
    assert_close(mint.arange(5), np.arange(5), ms.int64)
    assert_close(mint.arange(0, 1, 0.25), np.arange(0, 1, 0.25), ms.float32)
    assert_close(mint.full((2, 2), 7), np.full((2, 2), 7), ms.int64)
    assert_close(mint.full_like(x(), 2), np.full((2, 3), 2.), ms.float32)
    assert_close(mint.zeros_like(x(), dtype=ms.int32), np.zeros((2, 3)), ms.int32)
    assert_close(mint.tril(x(), -1), np.tril(X_NP, -1))
    assert_close(mint.roll(x(), 1, 1), np.roll(X_NP, 1, 1))
    src = Tensor(np.ones((1, 3), np.float32))
    idx = Tensor(np.array([[1, 0, 1]], np.int64))
    ref = X_NP.copy()
    np.add.at(ref, (np.array([1, 0, 1]), np.arange(3)), 1.)
    assert_close(mint.scatter_add(x(), 0, idx, src), ref)
    assert_close(mint.empty(2, 3), np.zeros((2, 3)))
    assert mint.empty((4,), dtype=ms.int8).dtype == ms.int8


def _act_refs():
    a = X_NP
    erf = np.vectorize(math.erf)
    return [
        (lambda t: F.gelu(t), 0.5 * a * (1 + erf(a / math.sqrt(2)))),
        (lambda t: F.gelu(t, approximate="tanh"),
         0.5 * a * (1 + np.tanh(math.sqrt(2 / math.pi) * (a + 0.044715 * a ** 3)))),
        (lambda t: F.elu(t, 0.5), np.where(a > 0, a, 0.5 * (np.exp(a) - 1))),
        (lambda t: F.leaky_relu(t), np.where(a > 0, a, 0.01 * a)),
        (lambda t: F.leaky_relu(t, 0.2), np.where(a > 0, a, 0.2 * a)),
        (lambda t: F.hardtanh(t, -2., 4.), np.clip(a, -2, 4)),
        (lambda t: F.relu6(t * 2), np.clip(a * 2, 0, 6)),
        (lambda t: F.threshold(t, 1., -9.), np.where(a > 1, a, -9.)),
        (lambda t: F.logsigmoid(t), -np.logaddexp(0, -a)),
        (lambda t: F.log_softmax(t, 1), a - np.log(np.exp(a).sum(1, keepdims=True))),
        (lambda t: F.log_softmax(t), a - np.log(np.exp(a).sum(1, keepdims=True))),
        (lambda t: F.normalize(t), a / np.linalg.norm(a, axis=1, keepdims=True)),
        (lambda t: F.normalize(t, 1.0, 0), a / np.abs(a).sum(0, keepdims=True)),
    ]


@pytest.mark.parametrize("i", range(13))
def test_activation_references(i):
    fn, ref = _act_refs()[i]
    assert_close(fn(x()), ref, ms.float32, rtol=1e-5, atol=1e-6)


def test_inplace_variants_write_their_input():
    for fn, ref in [(F.relu_, np.maximum(X_NP, 0)), (F.sigmoid_, 1 / (1 + np.exp(-X_NP))),
                    (lambda t: F.elu_(t), np.where(X_NP > 0, X_NP, np.exp(X_NP) - 1)),
                    (lambda t: F.hardtanh_(t), np.clip(X_NP, -1, 1)),
                    (lambda t: F.relu(t, inplace=True), np.maximum(X_NP, 0)),
                    (lambda t: F.threshold_(t, 1., 0.), np.where(X_NP > 1, X_NP, 0.))]:
        t = x()
        out = fn(t)
        assert out is t
        assert_close(t, ref, rtol=1e-5)
    t = x()
    out = F.relu(t)
    assert out is not t and t.asnumpy()[0, 1] == -2


def _conv_ref(a, w, b, stride, pad, dilation):
    a = np.pad(a, ((0, 0), (0, 0), (pad, pad), (pad, pad)))
    n, c, h, wd = a.shape
    o, _, kh, kw = w.shape
    eh, ew = (kh - 1) * dilation + 1, (kw - 1) * dilation + 1
    oh, ow = (h - eh) // stride + 1, (wd - ew) // stride + 1
    out = np.zeros((n, o, oh, ow), np.float64)
    for i in range(oh):
        for j in range(ow):
            rows = slice(i * stride, i * stride + eh, dilation)
            patch = a[:, :, rows, j * stride:j * stride + ew:dilation]
            out[:, :, i, j] = np.einsum("nchw,ochw->no", patch, w)
    return out + (0 if b is None else b[None, :, None, None])


@pytest.mark.parametrize("stride,pad,dilation", [(1, 0, 1), (2, 1, 1), (1, 2, 2)])
def test_conv2d_reference(stride, pad, dilation):
    a = RNG.standard_normal((2, 3, 7, 6)).astype(np.float32)
    w = RNG.standard_normal((4, 3, 3, 3)).astype(np.float32)
    b = RNG.standard_normal(4).astype(np.float32)
    got = F.conv2d(Tensor(a), Tensor(w), Tensor(b), stride, pad, dilation)
    assert_close(got, _conv_ref(a, w, b, stride, pad, dilation), rtol=1e-4, atol=1e-4)
    same = F.conv2d(Tensor(a), Tensor(w), None, padding="same")
    assert_close(same, _conv_ref(a, w, None, 1, 1, 1), rtol=1e-4, atol=1e-4)


def test_conv2d_cell_padding_modes():
    a = RNG.standard_normal((1, 2, 5, 5)).astype(np.float32)
    net = mint.nn.Conv2d(2, 3, 3, padding=1, padding_mode="reflect")
    w, b = net.weight.asnumpy(), net.bias.asnumpy()
    padded = np.pad(a, ((0, 0), (0, 0), (1, 1), (1, 1)), mode="reflect")
    assert_close(net(Tensor(a)), _conv_ref(padded, w, b, 1, 0, 1), rtol=1e-4, atol=1e-5)
    net.padding_mode = "zeros"
    assert_close(net(Tensor(a)), _conv_ref(a, w, b, 1, 1, 1), rtol=1e-4, atol=1e-5)


def test_normalisation_and_embedding_references():
    a = X_NP
    mean, var = np.array([1., 1., 1.]), np.array([4., 4., 4.])
    got = F.batch_norm(x(), Tensor(mean.astype(np.float32)), Tensor(var.astype(np.float32)))
    assert_close(got, (a - mean) / np.sqrt(var + 1e-5), rtol=1e-5)
    ln = (a - a.mean(1, keepdims=True)) / np.sqrt(a.var(1, keepdims=True) + 1e-5)
    assert_close(F.layer_norm(x(), (3,)), ln, rtol=1e-4, atol=1e-5)
    assert_close(mint.nn.LayerNorm(3)(x()), ln, rtol=1e-4, atol=1e-5)
    table = np.arange(6, dtype=np.float32).reshape(3, 2)
    assert_close(F.embedding(Tensor(np.array([2, 0], np.int32)), Tensor(table)), table[[2, 0]])
    assert_close(F.one_hot(Tensor(np.array([0, 2], np.int64))), np.eye(3)[[0, 2]], ms.int64)
    assert_close(F.one_hot(Tensor(np.array([1], np.int64)), 4), np.eye(4)[[1]], ms.int64)


def test_pooling_and_padding_references():
    img = RNG.standard_normal((1, 2, 4, 6)).astype(np.float32)
    t = Tensor(img)
    blocks = img.reshape(1, 2, 2, 2, 3, 2)
    assert_close(F.avg_pool2d(t, 2), blocks.mean((3, 5)), rtol=1e-5)
    assert_close(F.max_pool2d(t, 2), blocks.max((3, 5)))
    assert_close(F.adaptive_avg_pool2d(t, (2, 3)), blocks.mean((3, 5)), rtol=1e-5)
    seq = img.reshape(1, 2, 24)
    assert_close(F.adaptive_avg_pool1d(Tensor(seq), 3), seq.reshape(1, 2, 3, 8).mean(-1),
                 rtol=1e-5)
    out, idx = F.adaptive_max_pool1d(Tensor(seq), 3, True)
    assert_close(out, seq.reshape(1, 2, 3, 8).max(-1))
    assert_close(idx, seq.reshape(1, 2, 3, 8).argmax(-1) + np.arange(3) * 8, ms.int64)
    assert_close(F.pad(t, (1, 2)), np.pad(img, ((0, 0), (0, 0), (0, 0), (1, 2))))
    assert_close(F.pad(t, (1, 1, 1, 1), mode="reflect"),
                 np.pad(img, ((0, 0), (0, 0), (1, 1), (1, 1)), mode="reflect"))
    assert_close(F.pad(t, (2, 0, 0, 1), value=9.),
                 np.pad(img, ((0, 0), (0, 0), (0, 1), (2, 0)), constant_values=9.))


def test_loss_references():
    logits = RNG.standard_normal((4, 3)).astype(np.float32)
    labels = np.array([0, 2, 1, 2])
    logp = logits - np.log(np.exp(logits).sum(1, keepdims=True))
    nll = -logp[np.arange(4), labels]
    lt, lab = Tensor(logits), Tensor(labels.astype(np.int64))
    assert_close(F.cross_entropy(lt, lab), nll.mean(), rtol=1e-5)
    assert_close(F.nll_loss(Tensor(logp), lab, reduction="none"), nll, rtol=1e-5)
    assert_close(F.cross_entropy(lt, lab, ignore_index=2, reduction="sum"), nll[[0, 2]].sum(),
                 rtol=1e-5)
    p, t = RNG.uniform(0.1, 0.9, 5).astype(np.float32), RNG.uniform(0.1, 0.9, 5).astype(
        np.float32)
    kl = t * (np.log(t) - np.log(p))
    assert_close(F.kl_div(Tensor(np.log(p)), Tensor(t), reduction="none"), kl, rtol=1e-5)
    assert_close(F.kl_div(Tensor(np.log(p)), Tensor(np.log(t)), "sum", True), kl.sum(),
                 rtol=1e-5)
    assert_close(F.kl_div(Tensor(np.log(p)), Tensor(t)), kl.mean(), rtol=1e-5)
    assert_close(F.kl_div(Tensor(np.log(p)).reshape(5, 1), Tensor(t).reshape(5, 1),
                          "batchmean"), kl.sum() / 5, rtol=1e-5)
    assert_close(F.mse_loss(Tensor(p), Tensor(t), "sum"), ((p - t) ** 2).sum(), rtol=1e-5)
    y = np.sign(t - 0.5).astype(np.float32)
    assert_close(F.soft_margin_loss(Tensor(p), Tensor(y)), np.log1p(np.exp(-y * p)).mean(),
                 rtol=1e-5)
    a, b = logits[:2], logits[2:]
    cos = (a * b).sum(1) / np.linalg.norm(a, axis=1) / np.linalg.norm(b, axis=1)
    target = np.array([1, -1], np.int32)
    ref = np.where(target == 1, 1 - cos, np.maximum(0, cos - 0.1)).mean()
    assert_close(F.cosine_embedding_loss(Tensor(a), Tensor(b), Tensor(target), 0.1), ref,
                 rtol=1e-5)


def test_dropout_statistics_and_identity():
    ms.set_seed(3)
    ones = Tensor(np.ones((200, 50), np.float32))
    out = F.dropout(ones, 0.3).asnumpy()
    kept = out != 0
    assert abs(kept.mean() - 0.7) < 0.02
    np.testing.assert_allclose(out[kept], 1 / 0.7, rtol=1e-6)
    assert F.dropout(ones, 0.3, training=False) is ones
    assert (F.dropout(ones, 1.).asnumpy() == 0).all()
    net = mint.nn.Dropout(0.5)
    assert net(ones) is ones  # not training
    net.set_train(True)
    assert abs((net(ones).asnumpy() != 0).mean() - 0.5) < 0.03
    with pytest.raises(ValueError, match="'p'"):
        mint.nn.Dropout(1.5).set_train(True)(ones)
    maps = F.dropout2d(Tensor(np.ones((4, 40, 3, 3), np.float32)), 0.5).asnumpy()
    per_channel = maps.reshape(4, 40, 9)
    assert ((per_channel == 0).all(-1) | (per_channel == 2).all(-1)).all()


def test_linear_initialisation_is_uniform_in_its_bound():
    ms.set_seed(0)
    net = mint.nn.Linear(400, 300)
    w, b = net.weight.asnumpy(), net.bias.asnumpy()
    bound = 1 / math.sqrt(400)
    assert np.abs(w).max() <= bound and np.abs(b).max() <= bound
    np.testing.assert_allclose(w.std(), bound / math.sqrt(3), rtol=0.02)
    assert [p.name for p in net.get_parameters()] == ["weight", "bias"]
    out = net(Tensor(np.ones((2, 400), np.float32)))
    assert_close(out, np.ones((2, 400)) @ w.T + b, rtol=1e-4, atol=1e-4)


# ----- mint.nn Cells beyond the goldens --------------------------------------------------------
def test_batchnorm_training_updates_running_statistics():
    a = RNG.standard_normal((8, 3, 2, 2)).astype(np.float32)
    net = mint.nn.BatchNorm2d(3, momentum=0.2)
    net.set_train(True)
    out = net(Tensor(a))
    mean, var = a.mean((0, 2, 3)), a.var((0, 2, 3))
    ref = (a - mean[None, :, None, None]) / np.sqrt(var[None, :, None, None] + 1e-5)
    assert_close(out, ref, rtol=1e-4, atol=1e-5)
    assert_close(net.running_mean, 0.2 * mean, rtol=1e-5, atol=1e-7)
    assert_close(net.running_var, 0.8 + 0.2 * a.var((0, 2, 3), ddof=1), rtol=1e-5)
    assert int(net.num_batches_tracked.asnumpy()) == 1
    net.set_train(False)
    rm, rv = net.running_mean.asnumpy(), net.running_var.asnumpy()
    ref = (a - rm[None, :, None, None]) / np.sqrt(rv[None, :, None, None] + 1e-5)
    assert_close(net(Tensor(a)), ref, rtol=1e-4, atol=1e-5)
    assert int(net.num_batches_tracked.asnumpy()) == 1
    cumulative = mint.nn.BatchNorm1d(3, momentum=None)
    cumulative.set_train(True)
    b = RNG.standard_normal((5, 3)).astype(np.float32)
    cumulative(Tensor(a[:, :, 0, 0]))
    cumulative(Tensor(b))
    assert_close(cumulative.running_mean, (a[:, :, 0, 0].mean(0) + b.mean(0)) / 2, rtol=1e-5)
    stateless = mint.nn.BatchNorm1d(3, affine=False, track_running_stats=False)
    assert_close(stateless(Tensor(b)), (b - b.mean(0)) / np.sqrt(b.var(0) + 1e-5), rtol=1e-4,
                 atol=1e-5)
    with pytest.raises(ValueError, match="BatchNorm2d"):
        net(Tensor(b))


def test_group_norm_prelu_embedding():
    a = RNG.standard_normal((2, 4, 3)).astype(np.float32)
    g = a.reshape(2, 2, 6)
    ref = ((g - g.mean(-1, keepdims=True)) / np.sqrt(g.var(-1, keepdims=True) + 1e-5)).reshape(
        a.shape)
    assert_close(mint.nn.GroupNorm(2, 4)(Tensor(a)), ref, rtol=1e-4, atol=1e-5)
    with pytest.raises(ValueError, match="divisible"):
        mint.nn.GroupNorm(3, 4)
    prelu = mint.nn.PReLU(4, 0.1)
    assert_close(prelu(Tensor(a)), np.where(a > 0, a, 0.1 * a), rtol=1e-6)
    ms.set_seed(2)
    emb = mint.nn.Embedding(2000, 20, padding_idx=3)
    w = emb.weight.asnumpy()
    assert abs(w.mean()) < 0.02 and abs(w.std() - 1) < 0.02 and (w[3] == 0).all()
    idx = np.array([[3, 7], [1999, 0]], np.int32)
    assert_close(emb(Tensor(idx)), w[idx])
    with pytest.raises(NotImplementedError, match="sparse"):
        mint.nn.Embedding(3, 2, sparse=True)
    frozen = mint.nn.Embedding(3, 2, _weight=Tensor(np.ones((3, 2), np.float32)), _freeze=True)
    assert not frozen.weight.requires_grad and (frozen.weight.asnumpy() == 1).all()


def test_conv1d_and_conv3d_cells():
    a = RNG.standard_normal((2, 3, 9)).astype(np.float32)
    net = mint.nn.Conv1d(3, 4, 3, stride=2, padding=1)
    w, b = net.weight.asnumpy(), net.bias.asnumpy()
    padded = np.pad(a, ((0, 0), (0, 0), (1, 1)))[:, :, None, :]
    ref = _conv_ref(padded, w[:, :, None, :], b, 1, 0, 1)[..., ::2]
    assert_close(net(Tensor(a)), ref[:, :, 0, :], rtol=1e-4, atol=1e-5)
    net3 = mint.nn.Conv3d(2, 2, 2, bias=False)
    v = RNG.standard_normal((1, 2, 3, 3, 3)).astype(np.float32)
    w3 = net3.weight.asnumpy()
    ref3 = np.zeros((1, 2, 2, 2, 2))
    for i, j, k in np.ndindex(2, 2, 2):
        ref3[0, :, i, j, k] = np.einsum("cdhw,ocdhw->o", v[0, :, i:i + 2, j:j + 2, k:k + 2], w3)
    assert_close(net3(Tensor(v)), ref3, rtol=1e-4, atol=1e-5)


def test_generated_cells_against_numpy():
    a = X_NP
    t = x()
    selu = 1.0507009873554805 * np.where(a > 0, a, 1.6732632423543772 * (np.exp(a) - 1))
    assert_close(mint.nn.SELU()(t), selu, rtol=1e-5)
    assert_close(mint.nn.Mish()(t), a * np.tanh(np.log1p(np.exp(a))), rtol=1e-5)
    assert_close(mint.nn.Hardshrink(1.5)(t), np.where(np.abs(a) > 1.5, a, 0))
    p, q = np.array([0.2, 3., -1.], np.float32), np.array([0., 1., 1.], np.float32)
    d = np.abs(p - q)
    assert_close(mint.nn.L1Loss()(Tensor(p), Tensor(q)), d.mean(), rtol=1e-6)
    assert_close(mint.nn.SmoothL1Loss("none", 0.5)(Tensor(p), Tensor(q)),
                 np.where(d < 0.5, 0.5 * d ** 2 / 0.5, d - 0.25), rtol=1e-6)
    assert_close(mint.nn.MSELoss("sum")(Tensor(p), Tensor(q)), (d ** 2).sum(), rtol=1e-6)
    seq = RNG.standard_normal((1, 2, 6)).astype(np.float32)
    assert_close(mint.nn.AvgPool1d(2)(Tensor(seq)), seq.reshape(1, 2, 3, 2).mean(-1), rtol=1e-6)
    windows = np.pad(seq, ((0, 0), (0, 0), (1, 1)))
    ref = (windows[..., :-2] + windows[..., 1:-1] + windows[..., 2:]) / 3
    assert_close(mint.nn.AvgPool1d(3, 1, 1)(Tensor(seq)), ref, rtol=1e-5, atol=1e-6)
    assert_close(mint.nn.ReplicationPad1d((1, 2))(Tensor(seq)),
                 np.pad(seq, ((0, 0), (0, 0), (1, 2)), mode="edge"))
    assert_close(mint.nn.ZeroPad2d((1, 0, 0, 2))(Tensor(seq[None])),
                 np.pad(seq[None], ((0, 0), (0, 0), (0, 2), (1, 0))))
    assert mint.nn.ZeroPad2d(1).value == 0 and mint.nn.ZeroPad2d(1).padding == (1, 1, 1, 1)
    img = RNG.standard_normal((1, 1, 2, 2)).astype(np.float32)
    up = mint.nn.UpsamplingBilinear2d((3, 3))(Tensor(img)).asnumpy()[0, 0]
    np.testing.assert_allclose(up[::2, ::2], img[0, 0], rtol=1e-6)  # corners aligned
    np.testing.assert_allclose(up[1, 1], img.mean(), rtol=1e-5)
    with pytest.raises(TypeError, match="padding"):
        mint.nn.ReflectionPad2d((1, 2, 3))


# ----- composed functions (_impl_more) -----------------------------------------------------------
def test_add_matrix_family():
    a, b = RNG.standard_normal((2, 3)).astype(np.float32), RNG.standard_normal((3, 4)).astype(
        np.float32)
    c = RNG.standard_normal((2, 4)).astype(np.float32)
    assert_close(mint.addmm(Tensor(c), Tensor(a), Tensor(b), beta=2, alpha=0.5),
                 2 * c + 0.5 * a @ b, rtol=1e-5, atol=1e-6)
    nan = Tensor(np.full((2, 4), np.nan, np.float32))
    assert_close(mint.addmm(nan, Tensor(a), Tensor(b), beta=0), a @ b, rtol=1e-5, atol=1e-6)
    v = RNG.standard_normal(3).astype(np.float32)
    assert_close(mint.addmv(Tensor(c[:, 0]), Tensor(a), Tensor(v), alpha=3),
                 c[:, 0] + 3 * a @ v, rtol=1e-5, atol=1e-6)
    b1, b2 = RNG.standard_normal((5, 2, 3)).astype(np.float32), RNG.standard_normal(
        (5, 3, 4)).astype(np.float32)
    assert_close(mint.baddbmm(Tensor(c), Tensor(b1), Tensor(b2)), c + b1 @ b2, rtol=1e-5,
                 atol=1e-5)
    assert_close(mint.addbmm(Tensor(c), Tensor(b1), Tensor(b2), beta=0.5),
                 0.5 * c + (b1 @ b2).sum(0), rtol=1e-5, atol=1e-5)
    assert_close(mint.addcdiv(x(), x(), x() + 10, value=2), X_NP + 2 * X_NP / (X_NP + 10),
                 rtol=1e-6)
    assert_close(mint.mv(Tensor(a), Tensor(v)), a @ v, rtol=1e-5)
    assert_close(mint.vdot(Tensor(v), Tensor(v)), v @ v, rtol=1e-5)
    assert_close(mint.einsum("ij,jk->ik", Tensor(a), Tensor(b)), a @ b, rtol=1e-5, atol=1e-6)
    assert_close(mint.einsum("ii", [Tensor(np.eye(3, dtype=np.float32))]), 3.)


def test_statistics_and_indexing_references():
    a = RNG.standard_normal((3, 5)).astype(np.float32)
    t = Tensor(a)
    assert_close(mint.median(t), np.sort(a.ravel())[(a.size - 1) // 2])
    values, idx = mint.median(t, 1, keepdim=True)
    assert_close(values, np.sort(a, 1)[:, 2:3]) and assert_close(idx, np.argsort(a, 1)[:, 2:3],
                                                                 ms.int64)
    values, idx = mint.kthvalue(t, 2, 0)
    assert_close(values, np.sort(a, 0)[1])
    assert_close(idx, np.argsort(a, 0)[1], ms.int64)
    assert_close(mint.count_nonzero(Tensor(np.array([[0, 1], [2, 0]]))), 2, ms.int64)
    assert_close(mint.count_nonzero(Tensor(np.array([[0, 1], [2, 3]])), 0), [1, 2])
    assert_close(mint.bincount(Tensor(np.array([1, 3, 3], np.int64)), minlength=6),
                 [0, 1, 0, 2, 0, 0], ms.int64)
    w = Tensor(np.array([0.5, 1., 2.], np.float32))
    assert_close(mint.bincount(Tensor(np.array([1, 3, 3], np.int64)), w), [0, 0.5, 0, 3])
    for k in (-2, 0, 1):
        assert_close(mint.diag(t, k), np.diag(a, k))
        assert_close(mint.diag(Tensor(a[0]), k), np.diag(a[0], k))
    assert_close(mint.take(t, Tensor(np.array([[0, -1]], np.int64))), a.ravel()[[[0, -1]]])
    ref = a.copy()
    np.add.at(ref, (slice(None), [4, 0, 4]), 3 * np.ones((3, 3), np.float32))
    assert_close(mint.index_add(t, 1, Tensor(np.array([4, 0, 4], np.int64)),
                                Tensor(np.ones((3, 3), np.float32)), alpha=3), ref, rtol=1e-6)
    assert_close(mint.isneginf(Tensor(np.array([-np.inf, np.inf, 0.], np.float32))),
                 [True, False, False])
    for p, ref in [("fro", np.sqrt((a ** 2).sum())), (1, np.abs(a).sum()),
                   (np.inf, np.abs(a).max()), (-np.inf, np.abs(a).min()), (0, 15.),
                   (3, (np.abs(a) ** 3).sum() ** (1 / 3))]:
        assert_close(mint.norm(t, p), ref, rtol=1e-5)
    assert_close(mint.norm(t, 2, 1, True), np.linalg.norm(a, axis=1, keepdims=True), rtol=1e-5)
    # the nuclear norm, as MindSpore 2.10's mint.norm gives it (ms-oracle)
    assert_close(mint.norm(t, "nuc"), np.linalg.norm(a, "nuc"), rtol=1e-5)
    with pytest.raises(NotImplementedError, match="'p'='nux'"):
        mint.norm(t, "nux")
    seq = np.array([1., 2., 2., 5.], np.float32)
    vals = np.array([2., 0., 6.], np.float32)
    assert_close(mint.searchsorted(Tensor(seq), Tensor(vals)), np.searchsorted(seq, vals),
                 ms.int64)
    assert_close(mint.searchsorted(Tensor(seq), Tensor(vals), right=True, out_int32=True),
                 np.searchsorted(seq, vals, "right"), ms.int32)
    order = np.array([2, 0, 3, 1])
    assert_close(mint.searchsorted(Tensor(seq[np.argsort(order)]), Tensor(vals),
                                   sorter=Tensor(np.argsort(seq[np.argsort(order)]))),
                 np.searchsorted(seq, vals))
    assert_close(mint.clone(t), a)
    assert mint.clone(t) is not t


def test_random_functions():
    ms.set_seed(5)
    u = mint.rand(4000).asnumpy()
    assert u.dtype == np.float32 and 0 <= u.min() and u.max() < 1 and abs(u.mean() - 0.5) < 0.02
    n = mint.randn(100, 50).asnumpy()
    assert n.shape == (100, 50) and abs(n.mean()) < 0.03 and abs(n.std() - 1) < 0.03
    r = mint.randint(3, 7, (2000,))
    assert r.dtype == ms.int64 and set(np.unique(r.asnumpy())) == {3, 4, 5, 6}
    assert mint.randint(4, (2, 2)).asnumpy().max() < 4
    like = mint.randint_like(x(), 10)
    assert like.dtype == ms.float32 and like.shape == (2, 3)
    perm = mint.randperm(10)
    assert perm.dtype == ms.int64 and sorted(perm.asnumpy()) == list(range(10))
    g = mint.normal(Tensor(np.full((3000,), 5., np.float32)), 2.).asnumpy()
    assert abs(g.mean() - 5) < 0.15 and abs(g.std() - 2) < 0.15
    assert mint.normal(0., 1., (2, 3)).shape == (2, 3)
    with pytest.raises(ValueError, match="size"):
        mint.normal(0., 1.)
    b = mint.bernoulli(Tensor(np.full((4000,), 0.3, np.float32))).asnumpy()
    assert set(np.unique(b)) == {0., 1.} and abs(b.mean() - 0.3) < 0.03
    draws = mint.multinomial(Tensor(np.array([0., 1., 3.], np.float32)), 2)
    assert draws.dtype == ms.int64 and sorted(draws.asnumpy()) == [1, 2]
    with pytest.raises(ValueError, match="num_samples"):
        mint.multinomial(Tensor(np.array([1., 1.], np.float32)), 3)
    with pytest.raises(NotImplementedError, match="generator"):
        mint.rand(2, generator=object())
    ms.set_seed(11)
    first = mint.rand(5).asnumpy()
    ms.set_seed(11)
    np.testing.assert_array_equal(mint.rand(5).asnumpy(), first)


def _conv_transpose_ref(x, w, stride, pad, out_pad, dilation=1):
    n, c, h, wd = x.shape
    _, o, kh, kw = w.shape
    eh, ew = (kh - 1) * dilation + 1, (kw - 1) * dilation + 1
    full = np.zeros((n, o, (h - 1) * stride + eh + out_pad, (wd - 1) * stride + ew + out_pad))
    for i in range(h):
        for j in range(wd):
            full[:, :, i * stride:i * stride + eh:dilation, j * stride:j * stride + ew:dilation] \
                += np.einsum("nc,cokl->nokl", x[:, :, i, j], w)
    oh = (h - 1) * stride - 2 * pad + eh + out_pad
    ow = (wd - 1) * stride - 2 * pad + ew + out_pad
    return full[:, :, pad:pad + oh, pad:pad + ow]


@pytest.mark.parametrize("stride,pad,out_pad,dilation", [(1, 0, 0, 1), (2, 1, 1, 1),
                                                         (3, 2, 2, 1), (2, 0, 1, 2)])
def test_conv_transpose2d_reference(stride, pad, out_pad, dilation):
    a = RNG.standard_normal((2, 3, 4, 5)).astype(np.float32)
    w = RNG.standard_normal((3, 2, 3, 3)).astype(np.float32)
    got = F.conv_transpose2d(Tensor(a), Tensor(w), None, stride, pad, out_pad, 1, dilation)
    assert_close(got, _conv_transpose_ref(a, w, stride, pad, out_pad, dilation), rtol=1e-4,
                 atol=1e-4)
    net = mint.nn.ConvTranspose2d(3, 4, 3, stride, pad, out_pad, dilation=dilation)
    ref = _conv_transpose_ref(a, net.weight.asnumpy(), stride, pad, out_pad, dilation)
    assert_close(net(Tensor(a)), ref + net.bias.asnumpy()[None, :, None, None], rtol=1e-4,
                 atol=1e-4)
    with pytest.raises(ValueError, match="output_padding"):
        F.conv_transpose2d(Tensor(a), Tensor(w), stride=1, output_padding=1)


def test_unfold_and_fold():
    a = RNG.standard_normal((2, 3, 5, 4)).astype(np.float32)
    cols = F.unfold(Tensor(a), (2, 3), padding=1, stride=(2, 1))
    padded = np.pad(a, ((0, 0), (0, 0), (1, 1), (1, 1)))
    ref = []
    for i in range(0, padded.shape[2] - 1, 2):
        for j in range(0, padded.shape[3] - 2):
            ref.append(padded[:, :, i:i + 2, j:j + 3].reshape(2, -1))
    assert_close(cols, np.stack(ref, -1), rtol=1e-6)
    y = RNG.standard_normal(cols.shape).astype(np.float32)
    back = F.fold(Tensor(y), (5, 4), (2, 3), padding=1, stride=(2, 1))
    assert back.shape == a.shape
    # fold is unfold's adjoint: <unfold(a), y> == <a, fold(y)>
    np.testing.assert_allclose((cols.asnumpy() * y).sum(), (a * back.asnumpy()).sum(),
                               rtol=1e-4)
    ones = mint.nn.Fold((4, 4), 2)(mint.nn.Unfold(2)(Tensor(np.ones((1, 1, 4, 4), np.float32))))
    assert_close(ones, [[[[1, 2, 2, 1], [2, 4, 4, 2], [2, 4, 4, 2], [1, 2, 2, 1]]]])
    with pytest.raises(RuntimeError, match="blocks"):
        F.fold(Tensor(y), (6, 4), (2, 3), padding=1, stride=(2, 1))


GRAD_CASES = [
    lambda a: mint.sum(mint.add(a, a * a, alpha=0.5)),
    lambda a: mint.norm(mint.sub(a, 1., alpha=2), 3),
    lambda a: mint.sum(F.group_norm(mint.reshape(a, (1, 2, 3)), 2) * a.reshape(1, 2, 3)),
    lambda a: mint.sum(F.fold(mint.reshape(a, (1, 2, 3)), (3, 2), (1, 2)) ** 2),
    lambda a: mint.sum(F.conv_transpose2d(mint.reshape(a, (1, 1, 2, 3)), a[:1, :2].reshape(
        1, 1, 1, 2), stride=2) ** 2),
    lambda a: mint.logsumexp(a, 1).sum() + mint.std(a, 0).sum(),
]


@pytest.mark.parametrize("i", range(len(GRAD_CASES)))
def test_gradients_match_finite_differences(i):
    fn = GRAD_CASES[i]
    a = X_NP.astype(np.float64) / 3
    grad = ms.grad(fn)(Tensor(a)).asnumpy()
    eps, num = 1e-6, np.zeros_like(a)
    for idx in np.ndindex(a.shape):
        hi, lo = a.copy(), a.copy()
        hi[idx] += eps
        lo[idx] -= eps
        num[idx] = (fn(Tensor(hi)).asnumpy() - fn(Tensor(lo)).asnumpy()) / (2 * eps)
    np.testing.assert_allclose(grad, num, rtol=1e-5, atol=1e-7)


def _avg_pool3d_ref(a, k, s, p, ceil, include_pad, divisor=None):
    n, c = a.shape[:2]
    spatial = a.shape[2:]
    outs = []
    for size in spatial:
        o = (size + 2 * p - k + (s - 1 if ceil else 0)) // s + 1
        if ceil and (o - 1) * s >= size + p:
            o -= 1
        outs.append(o)
    out = np.zeros((n, c, *outs))
    for idx in np.ndindex(*outs):
        lo = [i * s - p for i in idx]
        hi = [min(l + k, size + p) for l, size in zip(lo, spatial)]
        real = tuple(slice(max(l, 0), min(h, size)) for l, h, size in zip(lo, hi, spatial))
        total = a[(slice(None), slice(None)) + real].sum((2, 3, 4))
        count = (np.prod([h - l for l, h in zip(lo, hi)]) if include_pad else
                 np.prod([r.stop - r.start for r in real]))
        out[(slice(None), slice(None)) + idx] = total / (divisor or count)
    return out


@pytest.mark.parametrize("k,s,p,ceil,include,div", [(2, 2, 0, False, True, None),
                                                    (3, 2, 1, False, False, None),
                                                    (3, 2, 1, True, True, None),
                                                    (2, 3, 1, True, False, None),
                                                    (2, 1, 0, False, True, 3)])
def test_avg_pool3d_reference(k, s, p, ceil, include, div):
    a = RNG.standard_normal((1, 2, 5, 4, 6)).astype(np.float32)
    got = F.avg_pool3d(Tensor(a), k, s, p, ceil, include, div)
    assert_close(got, _avg_pool3d_ref(a, k, s, p, ceil, include, div), rtol=1e-5, atol=1e-6)
    net = mint.nn.AvgPool3d(k, s, p, ceil, include, div)
    assert_close(net(Tensor(a)), got.asnumpy())


def test_adaptive_avg_pool3d_and_max_unpool2d():
    a = RNG.standard_normal((2, 1, 5, 3, 4)).astype(np.float32)
    got = F.adaptive_avg_pool3d(Tensor(a), (2, None, 3))
    ref = np.zeros((2, 1, 2, 3, 3))
    for i in range(2):
        for j in range(3):
            d0, d1 = (i * 5) // 2, -(-(i + 1) * 5 // 2)
            w0, w1 = (j * 4) // 3, -(-(j + 1) * 4 // 3)
            ref[:, :, i, :, j] = a[:, :, d0:d1, :, w0:w1].mean((2, 4))
    assert_close(got, ref, rtol=1e-5, atol=1e-6)
    assert mint.nn.AdaptiveAvgPool3d(1)(Tensor(a)).shape == (2, 1, 1, 1, 1)
    img = RNG.standard_normal((1, 2, 4, 6)).astype(np.float32)
    pooled, idx = F.max_pool2d(Tensor(img), 2, return_indices=True)
    back = F.max_unpool2d(pooled, idx, 2).asnumpy()
    blocks = img.reshape(1, 2, 2, 2, 3, 2)
    keep = blocks == blocks.max((3, 5), keepdims=True)
    np.testing.assert_array_equal(back, np.where(keep, blocks, 0).reshape(img.shape))
    bigger = mint.nn.MaxUnpool2d(2)(pooled, idx, (4, 7)).asnumpy()
    assert bigger.shape == (1, 2, 4, 7)
    np.testing.assert_array_equal(bigger.reshape(1, 2, -1)[..., :24],
                                  back.reshape(1, 2, -1))  # flat plane indices, as torch


def test_sync_batch_norm_is_local_batch_norm_in_one_process():
    a = RNG.standard_normal((6, 3, 2)).astype(np.float32)
    sync, local = mint.nn.SyncBatchNorm(3), mint.nn.BatchNorm1d(3)
    sync.set_train(True)
    local.set_train(True)
    assert_close(sync(Tensor(a)), local(Tensor(a)).asnumpy())
    assert_close(sync.running_var, local.running_var.asnumpy())
    assert [p.name for p in sync.get_parameters()] == [p.name for p in local.get_parameters()]


def test_histc_unique_consecutive_triangular_solve():
    a = RNG.uniform(-1, 2, 200).astype(np.float32)
    assert_close(mint.histc(Tensor(a), 7, -0.5, 1.5), np.histogram(a, 7, (-0.5, 1.5))[0],
                 ms.float32)
    assert_close(mint.histc(Tensor(a), 5), np.histogram(a, 5, (a.min(), a.max()))[0])
    out, inv, counts = mint.unique_consecutive(Tensor(np.array([3, 3, 1, 3, 3, 3])), True, True)
    assert_close(out, [3, 1, 3]) and assert_close(inv, [0, 0, 1, 2, 2, 2], ms.int64)
    assert_close(counts, [2, 1, 3], ms.int64)
    for upper in (True, False):
        for transpose in (True, False):
            for unit in (True, False):
                m = np.triu(RNG.uniform(1, 2, (2, 3, 3))) if upper else np.tril(
                    RNG.uniform(1, 2, (2, 3, 3)))
                b = RNG.standard_normal((2, 3, 2))
                eff = m.copy()
                if unit:
                    eff[:, np.arange(3), np.arange(3)] = 1
                eff = np.swapaxes(eff, -1, -2) if transpose else eff
                x, copy = mint.triangular_solve(Tensor(b), Tensor(m), upper, transpose, unit)
                assert_close(x, np.linalg.solve(eff, b), rtol=1e-9, atol=1e-10)
                assert_close(copy, m)


def test_sync_batch_norm_statistics_functions():
    a = RNG.standard_normal((6, 3, 2)).astype(np.float32)
    mean, invstd = mint.batch_norm_stats(Tensor(a), 1e-5)
    assert_close(mean, a.mean((0, 2)), rtol=1e-5, atol=1e-6)
    assert_close(invstd, 1 / np.sqrt(a.var((0, 2)) + 1e-5), rtol=1e-5)
    norm = mint.batch_norm_elemt(Tensor(a), Tensor(np.full(3, 2., np.float32)), None, mean,
                                 invstd)
    assert_close(norm, 2 * (a - a.mean((0, 2), keepdims=True)) / np.sqrt(
        a.var((0, 2), keepdims=True) + 1e-5), rtol=1e-4, atol=1e-5)
    # two "ranks" of 4 and 2 samples gather to the statistics of all 6
    m1, s1 = mint.batch_norm_stats(Tensor(a[:4]), 1e-5)
    m2, s2 = mint.batch_norm_stats(Tensor(a[4:]), 1e-5)
    rm = ms.Parameter(Tensor(np.zeros(3, np.float32)), name="rm")
    rv = ms.Parameter(Tensor(np.ones(3, np.float32)), name="rv")
    g_mean, g_invstd = mint.batch_norm_gather_stats_with_counts(
        Tensor(a), mint.stack([m1, m2]), mint.stack([s1, s2]), rm, rv, 0.1, 1e-5,
        Tensor(np.array([8., 4.], np.float32)))
    assert_close(g_mean, a.mean((0, 2)), rtol=1e-4, atol=1e-5)
    assert_close(g_invstd, 1 / np.sqrt(a.var((0, 2)) + 1e-5), rtol=1e-4)
    assert_close(rm, 0.1 * a.mean((0, 2)), rtol=1e-4, atol=1e-6)
    assert_close(rv, 0.9 + 0.1 * a.var((0, 2), ddof=1), rtol=1e-4)


def test_conv_tbc_and_addr_():
    x_tbc = RNG.standard_normal((5, 2, 3)).astype(np.float32)
    w = RNG.standard_normal((3, 3, 4)).astype(np.float32)
    b = RNG.standard_normal(4).astype(np.float32)
    padded = np.pad(x_tbc, ((1, 1), (0, 0), (0, 0)))
    ref = np.stack([np.einsum("kbc,kco->bo", padded[t:t + 3], w) for t in range(5)]) + b
    assert_close(mint.conv_tbc(Tensor(x_tbc), Tensor(w), Tensor(b), 1), ref, rtol=1e-4,
                 atol=1e-5)
    target = x()[:, :2]
    v1, v2 = np.array([1., 2.], np.float32), np.array([3., 4.], np.float32)
    expect = 2 * X_NP[:, :2] + 0.5 * np.outer(v1, v2)
    out = mint.addr_(target, Tensor(v1), Tensor(v2), beta=2, alpha=0.5)
    assert out is target
    assert_close(target, expect)


def _grid_sample_ref(img, grid, mode, padding, align):
    n, c, h, w = img.shape
    out = np.zeros((n, c) + grid.shape[1:3])

    def unnorm(v, size):
        return (v + 1) * (size - 1) / 2 if align else ((v + 1) * size - 1) / 2

    def reflect(v, size):
        lo, span = (0, size - 1) if align else (-0.5, size)
        v = abs(v - lo)
        flips, extra = divmod(v, span)
        v = extra + lo if flips % 2 == 0 else span - extra + lo
        return min(max(v, 0), size - 1)

    for b, i, j in np.ndindex(n, *grid.shape[1:3]):
        x, y = unnorm(grid[b, i, j, 0], w), unnorm(grid[b, i, j, 1], h)
        if padding == "border":
            x, y = min(max(x, 0), w - 1), min(max(y, 0), h - 1)
        elif padding == "reflection":
            x, y = reflect(x, w), reflect(y, h)
        if mode == "nearest":
            pts = [(int(np.rint(y)), int(np.rint(x)), 1.0)]
        else:
            x0, y0 = int(np.floor(x)), int(np.floor(y))
            fx, fy = x - x0, y - y0
            pts = [(y0, x0, (1 - fx) * (1 - fy)), (y0, x0 + 1, fx * (1 - fy)),
                   (y0 + 1, x0, (1 - fx) * fy), (y0 + 1, x0 + 1, fx * fy)]
        for yy, xx, wgt in pts:
            if 0 <= yy < h and 0 <= xx < w:
                out[b, :, i, j] += wgt * img[b, :, yy, xx]
    return out


@pytest.mark.parametrize("mode", ["bilinear", "nearest"])
@pytest.mark.parametrize("padding", ["zeros", "border", "reflection"])
@pytest.mark.parametrize("align", [True, False])
def test_grid_sample_reference(mode, padding, align):
    img = RNG.standard_normal((2, 3, 4, 5))
    grid = RNG.uniform(-1.6, 1.6, (2, 3, 6, 2))
    got = F.grid_sample(Tensor(img), Tensor(grid), mode, padding, align)
    assert_close(got, _grid_sample_ref(img, grid, mode, padding, align), rtol=1e-9, atol=1e-12)


def test_grid_sample_identity_grid_reproduces_the_input():
    img = RNG.standard_normal((1, 2, 3, 4)).astype(np.float32)
    ys, xs = np.meshgrid(np.linspace(-1, 1, 3), np.linspace(-1, 1, 4), indexing="ij")
    grid = np.stack([xs, ys], -1)[None].astype(np.float32)
    assert_close(F.grid_sample(Tensor(img), Tensor(grid), align_corners=True), img, rtol=1e-5,
                 atol=1e-6)
    with pytest.raises(ValueError, match="bicubic"):  # not a mode of MindSpore's grid_sample
        F.grid_sample(Tensor(img), Tensor(grid), mode="bicubic")
    with pytest.raises(ValueError, match="mode"):
        F.grid_sample(Tensor(img), Tensor(grid), mode="cubic")



# ----- GRAPH_MODE sweep over the composed functions -----------------------------------------
GRAPH_SWEEP = {
 'addmm': lambda a: mint.addmm(a, a, a.T @ a * 0 + mint.ones((3, 3)), beta=2),
 'baddbmm': lambda a: mint.baddbmm(a[None], a[None], mint.ones((1, 3, 3))),
 'diag': lambda a: mint.diag(a, 1) + mint.diag(a[0], -1).sum(),
 'kthvalue': lambda a: mint.kthvalue(a, 2, 1)[0],
 'median': lambda a: mint.median(a, 1)[0] + mint.median(a),
 'norm': lambda a: mint.norm(a, 3, 1) + mint.norm(a, float('inf')),
 'take': lambda a: mint.take(a, Tensor(np.array([0, -1], np.int64))),
 'select': lambda a: mint.select(a, 1, -1),
 'index_add': lambda a: mint.index_add(a, 1, Tensor(np.array([0, 0], np.int64)), a[:, :2],
                                       alpha=2),
 'searchsorted': lambda a: mint.searchsorted(mint.sort(a[0])[0], a[1]),
 'count_nonzero': lambda a: mint.count_nonzero(a > 0, 1),
 'nansum': lambda a: mint.nansum(a, 1),
 'dstack': lambda a: mint.dstack([a, a]),
 'meshgrid': lambda a: mint.meshgrid(a[0], a[1])[1],
 'triangular_solve': lambda a: mint.triangular_solve(a.T, mint.triu(mint.ones((3, 3))) * 2)[0],
 'batch_norm_stats': lambda a: mint.batch_norm_stats(a, 1e-5)[1],
 'conv_tbc': lambda a: mint.conv_tbc(a[:, :, None] * mint.ones((2, 3, 2)), mint.ones((3, 2, 4)),
                                     mint.zeros(4), 1),
 'squeeze': lambda a: mint.squeeze(a[None], (0, 1)),
 'max': lambda a: mint.max(a, 1)[0] + mint.max(a),
 'repeat_interleave': lambda a: mint.repeat_interleave(a, 2, 0, output_size=4),
 'index_select': lambda a: mint.index_select(a, 1, Tensor(np.array([2, 0], np.int32))),
 'one_hot': lambda a: F.one_hot(mint.argmax(a, 1), 3),
 'conv2d_same': lambda a: F.conv2d(a.reshape(1, 1, 2, 3), mint.ones((2, 1, 3, 3)),
                                   padding='same'),
 'avg_pool3d': lambda a: F.avg_pool3d(a.reshape(1, 1, 1, 2, 3), (1, 2, 2), 1, 0, True, False),
 'adaptive_avg_pool3d': lambda a: F.adaptive_avg_pool3d(a.reshape(1, 1, 1, 2, 3), (1, 1, 2)),
 'grid_sample': lambda a: F.grid_sample(a.reshape(1, 1, 2, 3),
                                       mint.clamp(a.reshape(1, 1, 3, 2), -1, 1)),
 'max_unpool2d': lambda a: F.max_unpool2d(*F.max_pool2d(a.reshape(1, 1, 2, 3), (2, 1),
                                                        return_indices=True), (2, 1)),
 'kl_div': lambda a: F.kl_div(F.log_softmax(a, 1), F.softmax(a * 2, 1), 'batchmean'),
 'group_norm': lambda a: F.group_norm(a.reshape(1, 2, 3), 2),
 'normalize': lambda a: F.normalize(a),
 'pad_reflect': lambda a: F.pad(a[None], (1, 1), mode='reflect'),
 'dropout_eval': lambda a: F.dropout(a, 0.5, training=False),
 'hardtanh': lambda a: F.hardtanh(a, -0.5, 0.5),
 'threshold': lambda a: F.threshold(a, 0.1, 9.),
 'glu': lambda a: F.glu(mint.cat([a, a], 1)),
 'cross_entropy_smooth': lambda a: F.cross_entropy(a, Tensor(np.array([2, 0], np.int64)),
                                                  label_smoothing=0.1),
 'empty_like': lambda a: mint.empty_like(a) * 0 + a,
 'zeros': lambda a: mint.zeros((2, 3)) + a,
 'arange': lambda a: mint.arange(3) + a,
 'full_like': lambda a: mint.full_like(a, 2) * a,
 'unfold': lambda a: F.unfold(a.reshape(1, 1, 2, 3), (2, 2)),
 'addr': lambda a: mint.addcdiv(a, a, a * a + 1, value=2),
 'avg_pool1d': lambda a: F.avg_pool1d(a[None], 2, 1, 1),
 'conv1d': lambda a: F.conv1d(a[None], mint.ones((1, 2, 2)), padding=1),
}


@pytest.mark.parametrize("name", sorted(GRAPH_SWEEP))
def test_composed_functions_in_graph_mode(name):
    fn = GRAPH_SWEEP[name]
    a = Tensor(np.random.default_rng(0).standard_normal((2, 3)).astype(np.float32))
    eager, graph = fn(a), ms.jit(fn)(a)
    assert graph.dtype == eager.dtype and graph.shape == eager.shape
    np.testing.assert_allclose(graph.asnumpy(), eager.asnumpy(), rtol=1e-5, atol=1e-6)
