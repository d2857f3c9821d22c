"""The elementwise kernels are instantiated from their formulas (mindcell/ops/spec/elementwise.py
-> csrc/generate.py): the generated table agrees with the formulas, every formula computes a
registered primitive, every primitive meant to run natively has a formula, and each generated
float32 and float64 kernel agrees with its primitive's numpy reference."""
import numpy as np
import pytest

import mindcell  # noqa: F401  (registers the primitives)
from mindcell._C import elementwise as ew
from mindcell._core.primitive import REGISTRY
from mindcell.ops.spec import elementwise as spec

# The attributes a formula fixes for its primitive (one primitive, two opcodes).
ATTRS = {"GeLUTanh": {"approximate": "tanh"}, "GeLUErf": {"approximate": "none"},
         "GeLUGradTanh": {"approximate": "tanh"}, "GeLUGradErf": {"approximate": "none"}}


def test_generated_opcode_table_is_the_formulas():
    assert ew.OPCODES == spec.OPCODES
    assert ew.BINARY_LIMIT == spec.BINARY_LIMIT


def test_every_formula_computes_a_registered_primitive():
    missing = sorted(n for n, p in spec.PRIMITIVE.items() if p not in REGISTRY)
    assert not missing, "formulas naming no primitive: %s" % missing


def test_every_native_or_fusable_primitive_has_a_formula():
    for name, prim in REGISTRY.items():
        if prim.opcode is not None:
            assert prim.opcode in spec.OPCODES, "%s: opcode %s has no formula" % (
                name, prim.opcode)
        native = name in spec.NATIVE_UNARY + spec.NATIVE_BINARY
        assert (prim.lowering in ("unary", "binary")) == native, (
            "%s: lowered natively (%s) but native formula: %s" % (name, prim.lowering, native))


def _unary_input(dtype):
    x = np.linspace(-3.0, 3.0, 70001).astype(dtype)  # > PARALLEL_MIN: threaded spans too
    return x


def _reference(name, *arrays):
    prim = REGISTRY[spec.PRIMITIVE[name]]
    with np.errstate(all="ignore"):
        return prim.impl(*arrays, **ATTRS.get(name, {}))


@pytest.mark.parametrize("dtype", [np.float32, np.float64])
@pytest.mark.parametrize("name", [f.name for f in spec.FORMULAS
                                  if f.opcode >= spec.BINARY_LIMIT])
def test_unary_kernel_matches_the_primitive(name, dtype):
    x = _unary_input(dtype)
    out = np.empty_like(x)
    ew.ew_unary(spec.OPCODES[name], x, out)
    want = _reference(name, x)
    finite = np.isfinite(want)
    np.testing.assert_array_equal(np.isfinite(out), finite)
    tol = 2e-6 if dtype == np.float32 else 1e-12
    np.testing.assert_allclose(out[finite], want[finite], rtol=tol, atol=tol)


@pytest.mark.parametrize("dtype", [np.float32, np.float64])
@pytest.mark.parametrize("name", [f.name for f in spec.FORMULAS
                                  if f.opcode < spec.BINARY_LIMIT])
def test_binary_kernel_matches_the_primitive(name, dtype):
    rng = np.random.default_rng(0)
    a = rng.uniform(0.1, 2.0, 70001).astype(dtype)
    b = rng.uniform(-2.0, 2.0, 70001).astype(dtype)
    out = ew.binary_same_shape(spec.OPCODES[name], a, b)
    want = _reference(name, a, b)
    tol = 2e-6 if dtype == np.float32 else 1e-12
    np.testing.assert_allclose(out, want, rtol=tol, atol=tol)


@pytest.mark.parametrize("dtype", [np.float32, np.float64])
@pytest.mark.parametrize("name", [f.name for f in spec.FORMULAS])
def test_scalar_function_matches_the_primitive(name, dtype):
    """The VM's scalar path (a one-element input broadcast over the block) runs unary_f/d and
    binary_f/d, the other half of what the formulas generate."""
    binary = spec.OPCODES[name] < spec.BINARY_LIMIT
    values = [np.array([v], dtype) for v in ((1.7, -0.6) if binary else (-0.6,))]
    program = np.array([[spec.OPCODES[name], len(values), 0, 1 if binary else -1]], np.int32)
    out = np.empty(8, dtype)
    ew.ew_fused(program, values, out)
    want = _reference(name, *values)
    tol = 2e-6 if dtype == np.float32 else 1e-12
    np.testing.assert_allclose(out, np.broadcast_to(want, out.shape), rtol=tol, atol=tol)
