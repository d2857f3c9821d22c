"""Complex numbers: the primitives that take complex parts apart and put them together (Real,
Imag, Conj, Complex, ComplexAbs, Angle), the discrete Fourier transforms the fft family is
built from (FFTC2C, FFTR2C, FFTC2R, FFTResize), and the table of existing primitives that take
complex inputs (``Prim.complex_rule``).

Gradients follow MindSpore 2.10's convention (checked with ms-oracle): the gradient of a real
loss L at z = x + iy is dL/dx + i dL/dy (``grad(real(z).sum())`` is 1, ``grad(imag(z).sum())``
is 1j, ``grad(abs(z).sum())`` is z/|z|). A linear map y = A z then passes back A^H g; a
holomorphic f passes back g * conj(f'(z)) (see ``_core/backward.py``).
"""
import numpy as np

from mindcell import dtype as mstype
from mindcell._core.primitive import COMPLEX_RULES, PUBLIC_NAME, defprim, elementwise_infer
from mindcell.common.tensor import Tensor
from mindcell.ops._errors import public_name
from mindcell.ops.defs import _grad_ops as G


def _real_dtype(aval):
    return mstype.real_np_dtype(aval[1])


def _complex_dtype(np_dtype):
    return mstype.complex_np_dtype(np_dtype)


# ----- parts ----------------------------------------------------------------------------------
def _real_impl(x):
    return np.array(x.real, copy=True)


def _imag_impl(x):
    return np.array(x.imag, copy=True) if x.dtype.kind == "c" else np.zeros_like(x)


def _as_complex(g, like):
    """A real gradient ``g`` as the complex dtype of ``like`` (imaginary part 0)."""
    return G.cast(g, like._np_dtype) if like._np_dtype.kind == "c" else g


real_p = defprim("Real", _real_impl, infer=lambda x: (x[0], _real_dtype(x)),
                 bprop=lambda x, out, dout: (_as_complex(dout, x),), fusable=False,
                 fresh_outputs=True, complex_rule="own")


def _imag_bprop(x, out, dout):
    if x._np_dtype.kind != "c":
        return (G.zeros_like(x),)
    return (complex_p.bind(G.zeros_like(dout), dout),)


imag_p = defprim("Imag", _imag_impl, infer=lambda x: (x[0], _real_dtype(x)), bprop=_imag_bprop,
                 fresh_outputs=True, complex_rule="own")
conj_p = defprim("Conj", np.conjugate, infer=elementwise_infer,
                 bprop=lambda x, out, dout: (conj_p.bind(dout),), fresh_outputs=True,
                 complex_rule="own")


def _complex_impl(re, im):
    out = np.empty(np.broadcast_shapes(re.shape, im.shape), _complex_dtype(re.dtype))
    out.real, out.imag = re, im
    return out


complex_p = defprim(
    "Complex", _complex_impl,
    infer=lambda re, im: (np.broadcast_shapes(re[0], im[0]), _complex_dtype(re[1])),
    bprop=lambda re, im, out, dout: (real_p.bind(dout), imag_p.bind(dout)),
    fresh_outputs=True, complex_rule="own")


def _safe_unit(x, r):
    """z / |z|, 0 where z is 0 (the gradient of |z|: MindSpore gives 0 there too)."""
    zero = G.equal(r, 0.0)
    den = G.select(zero, G.ones_like(r), r)
    unit = G.div(x, G.cast(den, x._np_dtype))
    return G.select(G.broadcast_to(zero, x.shape), G.zeros_like(x), unit)


complex_abs_p = defprim(
    "ComplexAbs", lambda x: np.abs(x), infer=lambda x: (x[0], _real_dtype(x)),
    bprop=lambda x, out, dout: (G.mul(G.cast(dout, x._np_dtype), _safe_unit(x, out)),),
    fresh_outputs=True, complex_rule="own")


def _angle_bprop(x, out, dout):
    # d atan2(y, x) = (-y dx + x dy) / |z|^2: the gradient dout * i z / |z|^2
    r2 = G.mul(complex_abs_p.bind(x), complex_abs_p.bind(x))
    den = G.select(G.equal(r2, 0.0), G.ones_like(r2), r2)
    iz = complex_p.bind(G.neg(imag_p.bind(x)), real_p.bind(x))
    return (G.mul(iz, G.cast(G.div(dout, den), x._np_dtype)),)


angle_p = defprim("Angle", lambda x: np.angle(x).astype(mstype.real_np_dtype(x.dtype)),
                  infer=lambda x: (x[0], _real_dtype(x)), bprop=_angle_bprop,
                  fresh_outputs=True, complex_rule="own")


# ----- discrete Fourier transforms --------------------------------------------------------------
# norm: "backward" scales the inverse by 1/n, "forward" the forward transform, "ortho" both by
# 1/sqrt(n). The adjoint of a transform is the opposite direction with the dual norm.
_DUAL = {"backward": "forward", "forward": "backward", "ortho": "ortho"}


def _c2c_impl(x, axes, inverse, norm):
    fn = np.fft.ifftn if inverse else np.fft.fftn
    return fn(x, axes=axes, norm=norm).astype(x.dtype, copy=False)


def _c2c_bprop(x, out, dout, axes, inverse, norm):
    return (fft_c2c_p.bind(dout, axes=axes, inverse=not inverse, norm=_DUAL[norm]),)


fft_c2c_p = defprim("FFTC2C", _c2c_impl, infer=lambda x, axes, inverse, norm: x,
                    bprop=_c2c_bprop, fresh_outputs=True, complex_rule="own")


def _resize_impl(x, sizes):
    """``x`` cropped or zero-padded at the end of each axis to ``sizes`` ((axis, n) pairs)."""
    index = [slice(None)] * x.ndim
    pad = [(0, 0)] * x.ndim
    for axis, n in sizes:
        if n < x.shape[axis]:
            index[axis] = slice(0, n)
        else:
            pad[axis] = (0, n - x.shape[axis])
    return np.pad(x[tuple(index)], pad)


def _resize_infer(x, sizes):
    shape = list(x[0])
    for axis, n in sizes:
        shape[axis] = n
    return (tuple(shape), x[1])


def _resize_bprop(x, out, dout, sizes):
    return (fft_resize_p.bind(dout, sizes=tuple((a, x.shape[a]) for a, _ in sizes)),)


fft_resize_p = defprim("FFTResize", _resize_impl, infer=_resize_infer, bprop=_resize_bprop,
                       fresh_outputs=True, complex_rule="own")


def _r2c_impl(x, axis, norm):
    return np.fft.rfft(x, axis=axis, norm=norm).astype(_complex_dtype(x.dtype), copy=False)


def _r2c_infer(x, axis, norm):
    shape = list(x[0])
    shape[axis] = shape[axis] // 2 + 1
    return (tuple(shape), _complex_dtype(x[1]))


def _r2c_bprop(x, out, dout, axis, norm):
    # A = the first n//2 + 1 rows of the DFT: A^H g is the inverse transform (dual norm) of g
    # padded with zeros to n; x is real, so its gradient is the real part
    full = fft_resize_p.bind(dout, sizes=((axis, x.shape[axis]),))
    back = fft_c2c_p.bind(full, axes=(axis,), inverse=True, norm=_DUAL[norm])
    return (real_p.bind(back),)


fft_r2c_p = defprim("FFTR2C", _r2c_impl, infer=_r2c_infer, bprop=_r2c_bprop,
                    fresh_outputs=True, complex_rule="own")


def _c2r_impl(x, axis, n, norm):
    return np.fft.irfft(x, n=n, axis=axis, norm=norm).astype(mstype.real_np_dtype(x.dtype),
                                                              copy=False)


def _c2r_infer(x, axis, n, norm):
    shape = list(x[0])
    shape[axis] = n
    return (tuple(shape), mstype.real_np_dtype(x[1]))


def _c2r_weights(m, n, axis, ndim, np_dtype):
    """1 for the zero frequency (and the Nyquist one of an even n), 2 for the others: how often
    each of the ``m`` stored coefficients appears in the Hermitian spectrum."""
    w = np.full(m, 2.0)
    w[0] = 1.0
    if n % 2 == 0 and n // 2 < m:
        w[n // 2] = 1.0
    shape = [1] * ndim
    shape[axis] = m
    return Tensor._make(w.reshape(shape).astype(np_dtype))


def _c2r_bprop(x, out, dout, axis, n, norm):
    # y = scale * Re(sum_k w_k X_k e^{2 pi i jk/n}): the gradient of X_k is w_k times the
    # forward transform (dual norm) of g, its first m coefficients
    g = fft_r2c_p.bind(dout, axis=axis, norm=_DUAL[norm])
    m = x.shape[axis]
    g = fft_resize_p.bind(g, sizes=((axis, m),))
    w = _c2r_weights(m, n, axis, x.ndim, mstype.real_np_dtype(x._np_dtype))
    return (G.mul(g, G.cast(w, x._np_dtype)),)


fft_c2r_p = defprim("FFTC2R", _c2r_impl, infer=_c2r_infer, bprop=_c2r_bprop,
                    fresh_outputs=True, complex_rule="own")


# ----- the existing primitives that take complex inputs -----------------------------------------
# "holomorphic": numpy computes them on complex numbers and their bprop is the analytic
# derivative (the backward walk conjugates it into MindSpore's convention); "own": no gradient
# or one that is the same for complex numbers. Every other primitive refuses complex inputs with
# a TypeError naming the public op (Prim.compute / Prim.infer).
_HOLOMORPHIC = (
    "Add", "Sub", "Mul", "RealDiv", "Neg", "Exp", "Log", "Sqrt", "Square", "Reciprocal", "Pow",
    "Sin", "Cos", "Tan", "Sinh", "Cosh", "Tanh", "Expm1", "Log1p",
    "Asin", "ACos", "Atan", "Asinh", "Acosh", "Atanh", "Rsqrt", "Sigmoid", "SigmoidGrad",
    "TanhGrad",
    "MatMul", "BatchMatMul", "ReduceSum", "ReduceProd", "CumSum",
    "Reshape", "Transpose", "Concat", "BroadcastTo", "Tile", "ReverseV2", "PadV3",
    "Gather", "GatherD", "GatherNd", "Index", "IndexGrad", "IndexPut", "IndexAdd", "Select",
    "TensorScatter", "ScatterElements", "UnsortedSegmentSum",
    "Cast", "Copy", "TensorCopy", "Identity", "StopGradient", "Depend", "UpdateState",
    "Assign", "Print", "HookBackward", "CellBackwardHookInput", "CellBackwardHookOutput",
    "CellCustomBprop")
_OWN = ("Equal", "NotEqual", "IsNan", "IsInf", "IsFinite")


PUBLIC_NAME[0] = public_name
COMPLEX_RULES.update(dict.fromkeys(_HOLOMORPHIC, "holomorphic"))
COMPLEX_RULES.update(dict.fromkeys(_OWN, "own"))


# ----- eigen-decomposition ------------------------------------------------------------------------
def _eig_impl(x, compute_v):
    out = _complex_dtype(x.dtype) if x.dtype.kind != "c" else x.dtype
    if compute_v:
        w, v = np.linalg.eig(x)
        return w.astype(out), np.ascontiguousarray(v.astype(out))
    w = np.linalg.eigvals(x)
    return w.astype(out), np.zeros(x.shape[:-2] + (0, 0), out)


def _eig_infer(x, compute_v):
    out = _complex_dtype(x[1]) if x[1].kind != "c" else x[1]
    vec = x[0] if compute_v else tuple(x[0][:-2]) + (0, 0)
    return ((tuple(x[0][:-1]), out), (tuple(vec), out))


def _eig_bprop(*args, **kwargs):
    raise RuntimeError("eig: cannot be differentiated (MindSpore 2.10 defines no gradient "
                       "for Eig either)")


eig_p = defprim("Eig", _eig_impl, infer=_eig_infer, bprop=_eig_bprop, nout=2,
                fresh_outputs=True, complex_rule="own")
