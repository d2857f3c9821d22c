"""Complex64/Complex128 tensors (issue 16, complex8): construction, printing, promotion, casts
(no path drops an imaginary part silently), the complex ops, MindSpore's gradient convention
(dL/dx + i dL/dy) checked by float64 finite differences, GRAPH_MODE and checkpoints. Values
recorded from MindSpore 2.10 are in tests/goldens/complex."""
import os
import warnings

import numpy as np
import pytest

import mindcell as ms
from mindcell import Tensor, ops
from mindcell.common import dtype as mstype

Z = np.array([[1 + 2j, 3.5 - 4j, -0.25 + 0j], [0 + 1j, -2 - 2j, 0.5 + 0.5j]])


@pytest.fixture(autouse=True)
def _complex_warnings_are_errors():
    with warnings.catch_warnings():
        warnings.simplefilter("error", np.exceptions.ComplexWarning)
        yield


# ----- dtypes and tensors ---------------------------------------------------------------------
def test_dtype_objects():
    assert str(ms.complex64) == "Complex64" and repr(ms.complex128) == "mindspore.complex128"
    assert ms.complex64.itemsize == 8 and ms.complex128.itemsize == 16
    assert not ms.complex64.is_floating_point
    assert mstype.complex64 is ms.complex64 and mstype.cfloat is ms.complex64
    assert ms.complex128 in mstype.number_type and ms.complex64 in mstype.all_types
    assert ms.dtype_to_nptype(ms.complex64) is np.complex64
    assert ms.dtype_to_pytype(ms.complex128) is complex
    with pytest.raises(NotImplementedError):  # as MindSpore 2.10
        ms.pytype_to_dtype(np.complex64)


def test_construction_keeps_or_infers_complex_dtypes():
    assert Tensor(1 + 2j).dtype == ms.complex128  # Python complex: Complex128 (MindSpore)
    assert Tensor([1 + 2j, 3]).dtype == ms.complex128
    assert Tensor(Z.astype(np.complex64)).dtype == ms.complex64
    np.testing.assert_array_equal(Tensor(Z).asnumpy(), Z)
    assert Tensor([1, 2.5], ms.complex64).asnumpy().tolist() == [1 + 0j, 2.5 + 0j]
    assert Tensor(np.zeros(2), ms.complex128).dtype == ms.complex128
    assert ops.zeros((2,), ms.complex64).dtype == ms.complex64


def test_repr_as_mindspore_prints_it():
    t = Tensor(np.array([[1 + 2j, 3.5 - 4j], [0, 1j]], np.complex64))
    assert repr(t) == ("Tensor(shape=[2, 2], dtype=Complex64, value=\n"
                       "[[1+2j, 3.5-4j],\n [0+0j, 0+1j]])")
    assert repr(Tensor(np.array(1 / 3 - 2j / 3, np.complex64))) == \
        "Tensor(shape=[], dtype=Complex64, value= 0.333333-0.666667j)"
    assert repr(Tensor(np.arange(2000) * (1 + 1j))).endswith(
        "[0+0j, 1+1j, 2+2j ... 1997+1997j, 1998+1998j, 1999+1999j])")
    assert str(Tensor(np.array([1 + 2j, 3 - 4j], np.complex64))) == "[1.+2.j 3.-4.j]"


def test_promotion_table():
    reals = (ms.bool_, ms.int8, ms.uint8, ms.int64, ms.float16, ms.bfloat16, ms.float32)
    for r in reals:
        assert mstype.promote_types(r, ms.complex64) is ms.complex64
        assert mstype.promote_types(ms.complex128, r) is ms.complex128
    assert mstype.promote_types(ms.float64, ms.complex64) is ms.complex128
    assert mstype.promote_types(ms.complex64, ms.complex128) is ms.complex128
    z = Tensor(Z.astype(np.complex64))
    assert (z + Tensor(np.ones(3), ms.float64)).dtype == ms.complex128
    assert (Tensor(np.ones(3, np.int32)) * z).dtype == ms.complex64
    assert (z + 1).dtype == (z * 1.5).dtype == (z / 2).dtype == ms.complex64
    np.testing.assert_allclose((1 / Tensor(Z)).asnumpy(), 1 / Z)


def test_complex_python_scalar_is_refused_as_in_mindspore():
    with pytest.raises(TypeError, match="add"):
        Tensor(Z) + 2j


def test_cast_real_part_only_when_asked():
    z = Tensor(Z.astype(np.complex64))
    for d in (ms.float32, ms.float64, ms.int32, ms.float16):
        out = z.astype(d)
        assert out.dtype == d
        np.testing.assert_array_equal(out.asnumpy(), Z.real.astype(d.np_dtype))
    # Bool from the real part too (MindSpore 2.10: Cast(1j, Bool) is False)
    np.testing.assert_array_equal(ops.cast(z, ms.bool_).asnumpy(), Z.real != 0)
    assert Tensor(Z, ms.float32).asnumpy().tolist() == Z.real.astype(np.float32).tolist()
    np.testing.assert_array_equal(Tensor([1, 0, 2], ms.int32).astype(ms.complex64).asnumpy(),
                                  np.array([1, 0, 2], np.complex64))


@pytest.mark.parametrize("call", [
    lambda z: ops.relu(z), lambda z: ops.maximum(z, z), lambda z: z > z, lambda z: ops.floor(z),
    lambda z: ops.erf(z), lambda z: ops.softmax(z), lambda z: ops.sort(z), lambda z: z.max(),
    lambda z: ops.argmax(z), lambda z: ops.clamp(z, 0, 1), lambda z: ops.erfinv(z)])
def test_ops_without_complex_support_raise_naming_the_op(call):
    z = Tensor(Z.astype(np.complex64))
    with pytest.raises(TypeError, match="complex|Complex"):
        call(z)


def test_no_internal_cast_drops_the_imaginary_part():
    # an op that converts its input to Float32 internally (sqrt of ints does) must refuse complex
    # rather than cast it: the Cast primitive itself refuses complex -> real
    from mindcell.ops.defs.elementwise import cast_p
    with pytest.raises(TypeError, match="complex"):
        cast_p.bind(Tensor(Z), dtype=np.dtype(np.float32))
    from mindcell.ops._helpers import cast_to
    with pytest.raises(TypeError):
        cast_to(Tensor(Z), np.dtype(np.float32))


def test_composites_of_real_formulas_refuse_complex():
    # var's squares, cov's internal Float32 cast, norms: real-number formulas that would be
    # silently wrong on complex values (MindSpore 2.10 refuses them too)
    z = Tensor(Z.astype(np.complex64))
    for name, call in (("var", lambda: ops.var(z)), ("std", lambda: ops.std(z)),
                       ("cov", lambda: ops.cov(z)), ("vector_norm", lambda: ops.vector_norm(z)),
                       ("norm", lambda: ops.norm(z)), ("logsumexp", lambda: ops.logsumexp(z, 0))):
        with pytest.raises(TypeError, match=name):
            call()


def test_every_cast_face_takes_the_real_part():
    z = Tensor(Z.astype(np.complex64))
    want = Z.real.astype(np.float32)
    for got in (ops.cast(z, ms.float32), z.astype(ms.float32), ops.Cast()(z, ms.float32),
                z.float(), z.to(ms.float32), z.type(ms.float32), ms.jit(
                    lambda a: ops.cast(a, ms.float32))(z)):
        np.testing.assert_array_equal(got.asnumpy(), want)


def test_elementwise_math_matches_numpy():
    z = Tensor(Z.astype(np.complex64))
    w = Z.astype(np.complex64) + 0.5
    cases = {
        "add": (z + Tensor(w), Z + w), "sub": (z - Tensor(w), Z - w),
        "mul": (z * Tensor(w), Z * w), "div": (z / Tensor(w), Z / w), "neg": (-z, -Z),
        "exp": (ops.exp(z), np.exp(Z)), "log": (ops.log(Tensor(w)), np.log(w)),
        "sqrt": (ops.sqrt(z), np.sqrt(Z)), "pow": (ops.pow(z, 3), Z ** 3),
        "square": (ops.square(z), Z * Z), "sin": (ops.sin(z), np.sin(Z)),
        "tanh": (ops.tanh(z), np.tanh(Z)),
        "matmul": (ops.matmul(z, z.T), Z @ Z.T), "sum": (z.sum(axis=1), Z.sum(1)),
        "mean": (z.mean(), Z.mean()), "concat": (ops.concat((z, z), 1), np.concatenate((Z, Z), 1)),
        "stack": (ops.stack((z, z)), np.stack((Z, Z))), "slice": (z[:, 1:], Z[:, 1:]),
        "transpose": (z.T, Z.T), "reshape": (z.reshape(3, 2), Z.reshape(3, 2)),
    }
    for name, (got, want) in cases.items():
        assert got.dtype == ms.complex64, name
        np.testing.assert_allclose(got.asnumpy(), want, rtol=1e-5, atol=1e-6, err_msg=name)


def test_abs_keeps_the_complex_dtype_complexabs_is_real():
    z = Tensor(Z.astype(np.complex64))
    a = ops.abs(z)  # MindSpore 2.10: Complex64 holding |z|
    assert a.dtype == ms.complex64
    np.testing.assert_allclose(a.asnumpy(), np.abs(Z), rtol=1e-6)
    c = ops.ComplexAbs()(z)
    assert c.dtype == ms.float32
    np.testing.assert_allclose(c.asnumpy(), np.abs(Z), rtol=1e-6)


def test_parts_and_constructors():
    z = Tensor(Z)
    np.testing.assert_array_equal(ops.real(z).asnumpy(), Z.real)
    np.testing.assert_array_equal(ops.imag(z).asnumpy(), Z.imag)
    assert ops.real(z).dtype == ops.imag(z).dtype == ms.float64
    np.testing.assert_array_equal(ops.conj(z).asnumpy(), Z.conj())
    np.testing.assert_allclose(ops.angle(z).asnumpy(), np.angle(Z))
    re, im = Tensor(Z.real.astype(np.float32)), Tensor(Z.imag.astype(np.float32))
    c = ops.Complex()(re, im)
    assert c.dtype == ms.complex64
    np.testing.assert_array_equal(c.asnumpy(), Z.astype(np.complex64))
    p = ops.polar(Tensor(np.abs(Z)), Tensor(np.angle(Z)))
    np.testing.assert_allclose(p.asnumpy(), Z, atol=1e-12)
    vr = ops.view_as_real(z)
    assert vr.shape == (2, 3, 2)
    np.testing.assert_array_equal(vr.asnumpy()[..., 1], Z.imag)
    np.testing.assert_allclose(ops.sgn(z).asnumpy(), Z / np.abs(Z))
    np.testing.assert_allclose(ops.sign(z).asnumpy(), Z / np.abs(Z))  # as MindSpore 2.10
    assert ops.sgn(Tensor(np.array([0j]))).asnumpy().tolist() == [0j]
    np.testing.assert_array_equal(ops.adjoint(z).asnumpy(), Z.conj().T)
    np.testing.assert_array_equal(z.mH.asnumpy(), Z.conj().T)
    np.testing.assert_array_equal(z.conj().asnumpy(), Z.conj())
    assert z.is_complex() and not z.is_floating_point() and ops.is_complex(z)
    np.testing.assert_array_equal(ops.isreal(Tensor(np.array([1 + 0j, 1j]))).asnumpy(),
                                  [True, False])


def test_constructor_errors():
    f32, f64 = Tensor(np.ones(2, np.float32)), Tensor(np.ones(2))
    with pytest.raises(TypeError, match="Complex"):
        ops.Complex()(f32, f64)
    with pytest.raises(TypeError, match="polar"):
        ops.polar(f32, f64)
    with pytest.raises(TypeError, match="angle"):
        ops.angle(f32)  # MindSpore 2.10 has no real kernel
    with pytest.raises(TypeError, match="view_as_real"):
        ops.view_as_real(f32)
    with pytest.raises(ValueError, match="adjoint"):
        ops.adjoint(Tensor(Z[0]))


def test_eig():
    a = np.array([[1.0, 2.0], [3.0, 4.0]], np.float32)
    w, v = ops.eig(Tensor(a))
    assert w.dtype == v.dtype == ms.complex64
    np.testing.assert_allclose((a @ v.asnumpy()), v.asnumpy() * w.asnumpy(), atol=1e-5)
    np.testing.assert_allclose(np.sort(ops.eigvals(Tensor(a.astype(np.float64))).asnumpy().real),
                               np.sort(np.linalg.eigvals(a).real), rtol=1e-6)
    with pytest.raises(ValueError, match="eig"):
        ops.eig(Tensor(np.ones((2, 3), np.float32)))
    with pytest.raises(RuntimeError, match="eig"):
        ms.grad(lambda x: ops.real(ops.eigvals(x)).sum())(Tensor(a))


# ----- gradients: MindSpore's convention, float64 finite differences ----------------------------
def _fd_complex(f, z, eps=1e-6):
    """dL/dx + i dL/dy of the real scalar f at each element of the complex array z."""
    g = np.zeros_like(z)
    for i in np.ndindex(z.shape):
        for unit, part in ((1.0, 1.0), (1j, 1j)):
            zp, zm = z.copy(), z.copy()
            zp[i] += eps * unit
            zm[i] -= eps * unit
            g[i] += part * (f(zp) - f(zm)) / (2 * eps)
    return g


W = np.array([[0.5 - 1j, 2 + 0.3j, 1j], [-1 + 1j, 3 - 0.5j, 0.25 + 0.25j]])


@pytest.mark.parametrize("name, fn", [
    ("real", lambda z: ops.real(z).sum()),
    ("imag", lambda z: ops.imag(z).sum()),
    ("abs", lambda z: ops.ComplexAbs()(z).sum()),
    ("ops.abs", lambda z: ops.real(ops.abs(z)).sum()),
    ("angle", lambda z: ops.angle(z).sum()),
    ("conj_mul", lambda z: ops.real(z * ops.conj(z) * Tensor(W)).sum()),
    ("mul_w", lambda z: ops.imag(z * Tensor(W)).sum()),
    ("div", lambda z: ops.real(Tensor(W) / (z + 3)).sum()),
    ("exp", lambda z: ops.real(ops.exp(z) * Tensor(W)).sum()),
    ("log_sqrt", lambda z: ops.imag(ops.log(z + 4) + ops.sqrt(z + 4)).sum()),
    ("square_recip", lambda z: ops.real(ops.square(z) + ops.reciprocal(z + 4)).sum()),
    ("matmul", lambda z: ops.real(ops.matmul(z, Tensor(W).T) * Tensor(W[:, :2])).sum()),
    ("mean_slice", lambda z: ops.imag(z[:, 1:].mean() * Tensor(2 + 1j))),
    ("view_as_real", lambda z: (ops.view_as_real(z) ** 2).sum()),
    ("sgn", lambda z: ops.real(ops.sgn(z) * Tensor(W)).sum()),
    ("adjoint", lambda z: ops.real(ops.adjoint(z) * Tensor(W.T)).sum()),
    ("cast_real", lambda z: (z.astype(ms.float64) * 3.0).sum()),
])
def test_gradient_convention_by_finite_differences(name, fn, mode):
    z = Z + 0.1 + 0.05j  # off the negative real axis (angle's branch cut)

    def value(a):
        return float(fn(Tensor(a)).asnumpy())

    g = ms.grad(fn)(Tensor(z))
    assert g.dtype == ms.complex128
    np.testing.assert_allclose(g.asnumpy(), _fd_complex(value, z), rtol=1e-6, atol=1e-7,
                               err_msg=name)


def test_gradient_of_real_parts_through_complex(mode):
    a = np.array([0.3, -1.2, 2.0], np.float64)

    def f(x, y):
        z = ops.Complex()(x, y)
        return ops.real(z * z * Tensor(W[0])).sum() + ops.ComplexAbs()(z).sum()

    gx, gy = ms.grad(f, grad_position=(0, 1))(Tensor(a), Tensor(a[::-1].copy()))
    assert gx.dtype == gy.dtype == ms.float64

    def value(x, y):
        return float(f(Tensor(x), Tensor(y)).asnumpy())
    eps = 1e-6
    for i in range(3):
        e = np.eye(3)[i] * eps
        b = a[::-1].copy()
        np.testing.assert_allclose(gx.asnumpy()[i], (value(a + e, b) - value(a - e, b)) / (2 * eps),
                                   rtol=1e-6)
        np.testing.assert_allclose(gy.asnumpy()[i], (value(a, b + e) - value(a, b - e)) / (2 * eps),
                                   rtol=1e-6)


def test_gradients_recorded_from_mindspore():
    # ms-oracle, MindSpore 2.10 PYNATIVE (the cases its CPU backend differentiates)
    z = Tensor(np.array([1 + 2j, 3 - 1j], np.complex64))
    want = {
        "real": ([1, 1], lambda z: ops.real(z).sum()),
        "imag": ([1j, 1j], lambda z: ops.imag(z).sum()),
        "abs": ([0.4472136 + 0.8944272j, 0.94868326 - 0.31622776j], lambda z: ops.abs(z).sum()),
        "angle": ([-0.4 + 0.2j, 0.1 + 0.3j], lambda z: ops.angle(z).sum()),
        "exp": ([-1.1312044 - 2.4717267j, 10.852262 + 16.901396j],
                lambda z: ops.real(ops.exp(z)).sum()),
        "fft_ortho": ([1.4142135j, 0], lambda z: ops.imag(ops.fft(z, norm="ortho")).sum()),
        "view_as_real": ([1 + 1j, 1 + 1j], lambda z: ops.view_as_real(z).sum()),
    }
    for name, (expected, fn) in want.items():
        np.testing.assert_allclose(ms.grad(fn)(z).asnumpy(), expected, rtol=1e-5, atol=1e-6,
                                   err_msg=name)


# ----- GRAPH_MODE and checkpoints ------------------------------------------------------------------
def test_graph_mode_matches_pynative():
    z = Tensor(Z.astype(np.complex64))

    def f(z):
        return ops.exp(z) * ops.conj(z) + ops.abs(z), ops.real(z).sum(), ops.ComplexAbs()(z)

    eager = f(z)
    graph = ms.jit(f)(z)
    for a, b in zip(eager, graph):
        assert a.dtype == b.dtype
        np.testing.assert_allclose(a.asnumpy(), b.asnumpy(), rtol=1e-6)
    ge = ms.grad(lambda z: ops.real(f(z)[0]).sum())(z)
    gg = ms.jit(ms.grad(lambda z: ops.real(f(z)[0]).sum()))(z)
    np.testing.assert_allclose(ge.asnumpy(), gg.asnumpy(), rtol=1e-5)


def test_graph_mode_refuses_unsupported_op_naming_it():
    with pytest.raises(TypeError, match="relu"):
        ms.jit(lambda z: ops.relu(z))(Tensor(Z))


def test_checkpoint_round_trip_with_mindspore_tags(tmp_path):
    p = ms.Parameter(Tensor(Z.astype(np.complex64)), name="w")
    q = ms.Parameter(Tensor(Z[:, :1]), name="v")
    path = os.path.join(str(tmp_path), "c.ckpt")
    ms.save_checkpoint([{"name": "w", "data": p}, {"name": "v", "data": q}], path)
    with open(path, "rb") as f:
        raw = f.read()
    assert b"Complex64" in raw and b"Complex128" in raw  # MindSpore 2.10's tensor_type tags
    d = ms.load_checkpoint(path)
    assert d["w"].dtype == ms.complex64 and d["v"].dtype == ms.complex128
    np.testing.assert_array_equal(d["w"].asnumpy(), Z.astype(np.complex64))
    np.testing.assert_array_equal(d["v"].asnumpy(), Z[:, :1])
