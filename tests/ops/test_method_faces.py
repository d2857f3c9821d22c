"""The ops functions generated from Tensor methods (mindcell/ops/function/method_func.py): their
doc examples run, each is a named picklable function of MindSpore's signature, the in-place ones
(whose kernels MindSpore's CPU build lacks, so no golden records them) agree with numpy, and a
wrong call names the op. Values against MindSpore: tests/goldens/method_faces."""
import doctest
import inspect
import json
import math
import os
import pickle

import numpy as np
import pytest

import mindcell as ms
from mindcell import Tensor, ops
from mindcell.ops.function import method_func

NAMES = [face.name for face in method_func.FACES]
SURFACE = os.path.join(os.path.dirname(__file__), "..", "..", "..", "shared", "surface",
                       "mindspore-2.10.json")


def test_every_mindspore_ops_function_that_is_a_tensor_method_is_in_ops():
    """The drift this module ends: an operation mindcell has as a method but not at ops.*"""
    with open(SURFACE) as f:
        functions = [n for n, rec in json.load(f)[".ops"].items() if rec.get("kind") == "function"]
    assert [n for n in functions if hasattr(Tensor, n) and not hasattr(ops, n)] == []


def test_every_mindspore_tensor_method_that_is_an_ops_function_is_on_tensor():
    """The other direction: a method MindSpore has whose ops function mindcell has with the same
    parameters (after ``self``) is on Tensor."""
    with open(SURFACE) as f:
        methods = json.load(f)["Tensor"]
    missing = []
    for name, rec in methods.items():
        fn = getattr(ops, name, None)
        if fn is None or hasattr(Tensor, name) or not rec.get("sig"):
            continue
        params = list(inspect.signature(fn).parameters)[1:]
        if params == [p.split("=")[0].strip() for p in rec["sig"][1:-1].split(",")][1:]:
            missing.append(name)
    assert missing == []
    assert set(method_func.FUNCTIONS_AS_METHODS) <= set(methods)


@pytest.mark.parametrize("name", method_func.FUNCTIONS_AS_METHODS)
def test_generated_method_calls_its_ops_function_with_the_same_parameters(name):
    method, fn = getattr(Tensor, name), getattr(ops, name)
    assert method._ops_function is fn
    assert list(inspect.signature(method).parameters)[1:] == \
        list(inspect.signature(fn).parameters)[1:]


def test_random_in_place_faces_follow_the_seed():
    draws = []
    for _ in range(2):
        ms.set_seed(7)
        draws.append(ops.normal_(Tensor(np.zeros((2, 3), np.float32)), 1.0, 0.5).asnumpy())
    np.testing.assert_array_equal(*draws)
    u = ops.uniform_(Tensor(np.zeros(1000, np.float32)), -2.0, 3.0).asnumpy()
    assert u.min() >= -2.0 and u.max() < 3.0 and abs(u.mean() - 0.5) < 0.2


@pytest.mark.parametrize("name", NAMES)
def test_doc_example_runs_and_prints_what_it_shows(name):
    fn = getattr(ops, name)
    test = doctest.DocTestParser().get_doctest(fn.__doc__, {}, name, None, 0)
    runner = doctest.DocTestRunner(optionflags=doctest.NORMALIZE_WHITESPACE)
    runner.run(test)
    assert test.examples and runner.failures == 0


@pytest.mark.parametrize("name", NAMES)
def test_face_is_a_named_picklable_function_of_the_recorded_signature(name):
    fn = getattr(ops, name)
    face = next(f for f in method_func.FACES if f.name == name)
    assert (fn.__name__, fn.__module__) == (name, "mindcell.ops")
    assert pickle.loads(pickle.dumps(fn)) is fn
    assert str(inspect.signature(fn)) == face.signature
    assert ms.ops.function.__dict__.get(name, fn) is fn  # the same object at every path


def test_in_place_faces_write_their_input():
    a = np.array([[-2.0, 0.25], [0.5, 3.0]], np.float32)
    x = Tensor(a)
    assert ops.clamp_(x, -1, 1) is x
    np.testing.assert_array_equal(x.asnumpy(), np.clip(a, -1, 1))
    y = Tensor(a)
    ops.tanh_(y)
    np.testing.assert_allclose(y.asnumpy(), np.tanh(a), rtol=1e-6)
    z = Tensor(a / 4)
    ops.erfinv_(z)
    np.testing.assert_allclose([math.erf(v) for v in z.asnumpy().ravel()], (a / 4).ravel(),
                               rtol=1e-5)
    w = Tensor(a)
    ops.zero_(w)
    assert not w.asnumpy().any()


def test_type_as_and_expand_forms():
    x = Tensor(np.array([1.5, -2.5], np.float32))
    out = ops.type_as(x, Tensor(np.array([1], np.int32)))
    assert out.dtype == ms.int32 and out.asnumpy().tolist() == [1, -2]
    row = Tensor(np.arange(3, dtype=np.float32)[None])
    for size in ((2, 3), [2, -1], Tensor(np.array([2, 3], np.int64))):
        np.testing.assert_array_equal(ops.expand(row, size).asnumpy(), np.tile(row.asnumpy(),
                                                                              (2, 1)))


def test_movedim_moves_several_axes_as_numpy():
    a = np.random.default_rng(0).standard_normal((1, 2, 3, 4))
    for src, dst in (((0, 1), (2, 0)), ([3, 0], [0, 3]), (-1, 1), ((), ())):
        np.testing.assert_array_equal(ops.moveaxis(Tensor(a), src, dst).asnumpy(),
                                      np.moveaxis(a, src, dst))
    with pytest.raises(ValueError, match="moveaxis.*repeated"):
        ops.moveaxis(Tensor(a), (0, 0), (1, 2))
    with pytest.raises(ValueError, match="one length"):
        ops.moveaxis(Tensor(a), (0, 1), 2)


def test_wrong_calls_name_the_op():
    x = Tensor(np.ones((2, 3), np.float32))
    with pytest.raises(TypeError, match=r"index_select: 'input' must be a Tensor"):
        ops.index_select(np.ones((2, 3)), 1, Tensor(np.array([0])))
    with pytest.raises(TypeError, match=r"ops\.numel: .*unexpected keyword"):
        ops.numel(x, dim=0)
    with pytest.raises(TypeError, match=r"ops\.addmm: .*positional"):
        ops.addmm(x, x, x.T, 1, 1)  # beta and alpha are keyword-only in MindSpore
    with pytest.raises(TypeError, match=r"ops\.expand: 'size'"):
        ops.expand(x, 3.0)
