"""Complex-number ops (real, imag, conj, angle, polar, view_as_real, sgn, adjoint, eig /
eigvals) and the fft family (fft/ifft, fft2/ifft2, fftn/ifftn, rfft/irfft, rfft2/irfft2,
rfftn/irfftn, hfft/ihfft, hfft2/ihfft2, hfftn/ihfftn, fftfreq/rfftfreq, fftshift/ifftshift),
with MindSpore 2.10's signatures, dtypes and errors (checked with ms-oracle).

The transforms are built from four primitives (``ops/defs/cplx.py``): a complex-to-complex
transform over some axes, a real-to-complex and a complex-to-real one over the last axis of
the request, and a crop-or-zero-pad of axes, each with its adjoint as gradient, so the n-d
and Hermitian variants and their gradients follow from the compositions numpy.fft uses.
Values are numpy.fft's, computed in the input's precision: float64 and complex128 inputs in
complex128, every other dtype in complex64 (float16 and int16/32/64 inputs too, as MindSpore).
"""
import numpy as np

from mindcell import dtype as mstype
from mindcell.common.tensor import Tensor
from mindcell.ops._errors import public_name, show, _is_int
from mindcell.ops._helpers import check_tensor, normalize_dim, as_np_dtype
from mindcell.ops.defs import cplx as C
from mindcell.ops.defs.elementwise import cast_p
from mindcell.ops.function._opdoc import array, example, opdoc

_C64, _C128 = np.dtype(np.complex64), np.dtype(np.complex128)
_F32, _F64 = np.dtype(np.float32), np.dtype(np.float64)


def _F():
    from mindcell.ops import functional
    return functional


def _is_complex(x):
    return x._np_dtype.kind == "c"


def _cast(x, np_dtype):
    return x if x._np_dtype == np_dtype else cast_p.bind(x, dtype=np_dtype)


# ----- parts ------------------------------------------------------------------------------------
def real(input):
    check_tensor(input, "real")
    if _is_complex(input):
        return C.real_p.bind(input)
    from mindcell.ops.defs.shape import copy_p
    return copy_p.bind(input)  # a real tensor is its own real part (a copy, as MindSpore)


real.__doc__ = opdoc(
    "The real part of ``input``, elementwise; a real tensor gives a copy of itself.",
    ["input (Tensor): a tensor of any number dtype."],
    "Tensor of ``input``'s shape: Float32 for Complex64, Float64 for Complex128, else "
    "``input``'s dtype. Its gradient is the real incoming gradient as a complex one.",
    ["TypeError: ``input`` is not a Tensor."],
    example("ops.real(x)", "[ 1.5 -2. ]", ["x = Tensor(np.array([1.5 + 2j, -2 - 1j], "
                                             "np.complex64))"]))


def imag(input):
    check_tensor(input, "imag")
    return C.imag_p.bind(input)


imag.__doc__ = opdoc(
    "The imaginary part of ``input``, elementwise; zeros of ``input``'s dtype for a real "
    "tensor.",
    ["input (Tensor): a tensor of any number dtype."],
    "Tensor of ``input``'s shape: Float32 for Complex64, Float64 for Complex128, else "
    "``input``'s dtype.",
    ["TypeError: ``input`` is not a Tensor."],
    example("ops.imag(x)", "[ 2. -1.]", ["x = Tensor(np.array([1.5 + 2j, -2 - 1j], "
                                           "np.complex64))"]))


def conj(input):
    check_tensor(input, "conj")
    if input._np_dtype == np.bool_:
        raise TypeError("%s: 'input' must be a number tensor, but got Bool" % public_name("conj"))
    return C.conj_p.bind(input)


conj.__doc__ = opdoc(
    "The complex conjugate of ``input``, elementwise (a real tensor gives its values).",
    ["input (Tensor): a number tensor."], "Tensor of ``input``'s shape and dtype.",
    ["TypeError: ``input`` is not a Tensor, or is a Bool tensor."],
    example("ops.conj(x)", "[1.-2.j 3.+1.j]", ["x = Tensor(np.array([1 + 2j, 3 - 1j], "
                                                 "np.complex64))"]))


def _complex_input(input, op):
    check_tensor(input, op)
    if not _is_complex(input):
        raise TypeError("%s: 'input' must be a Complex64 or Complex128 tensor, but got %s"
                        % (public_name(op), input.dtype))
    return input


def angle(input):
    return C.angle_p.bind(_complex_input(input, "angle"))


angle.__doc__ = opdoc(
    "The argument (phase angle, radians in (-pi, pi]) of ``input``, elementwise.",
    ["input (Tensor): a Complex64 or Complex128 tensor."],
    "Tensor of ``input``'s shape, Float32 for Complex64 and Float64 for Complex128.",
    ["TypeError: ``input`` is not a complex Tensor (MindSpore 2.10 has no real kernel)."],
    example("ops.angle(x)", "[1.5707964 3.1415927]", ["x = Tensor(np.array([1j, -2], "
                                                        "np.complex64))"]))


def complex(real, imag):
    """complex(real, imag): the complex tensor ``real + 1j * imag`` (``ops.Complex()``)."""
    op = "Complex"
    check_tensor(real, op, "real")
    check_tensor(imag, op, "imag")
    if real._np_dtype != imag._np_dtype or real._np_dtype not in (_F32, _F64):
        raise TypeError("%s: 'real' and 'imag' must both be Float32 or both Float64, but got "
                        "%s and %s" % (public_name(op), real.dtype, imag.dtype))
    try:
        np.broadcast_shapes(real.shape, imag.shape)
    except ValueError:
        raise ValueError("%s: the shapes of 'real' %s and 'imag' %s do not broadcast"
                         % (public_name(op), real.shape, imag.shape)) from None
    return C.complex_p.bind(real, imag)


def polar(abs, angle):
    op = "polar"
    check_tensor(abs, op, "abs")
    check_tensor(angle, op, "angle")
    if abs._np_dtype != angle._np_dtype or abs._np_dtype not in (_F32, _F64):
        raise TypeError("%s: 'abs' and 'angle' must both be Float32 or both Float64, but got "
                        "%s and %s" % (public_name(op), abs.dtype, angle.dtype))
    if abs.shape != angle.shape:
        raise ValueError("%s: 'abs' and 'angle' must have the same shape, but got %s and %s"
                         % (public_name(op), abs.shape, angle.shape))
    F = _F()
    return C.complex_p.bind(F.mul(abs, F.cos(angle)), F.mul(abs, F.sin(angle)))


polar.__doc__ = opdoc(
    "The complex tensor of absolute values ``abs`` and angles ``angle``: "
    "``abs * (cos(angle) + 1j * sin(angle))``.",
    ["abs (Tensor): the absolute values, Float32 or Float64.",
     "angle (Tensor): the angles (radians), of ``abs``'s shape and dtype."],
    "Tensor of their shape: Complex64 for Float32, Complex128 for Float64.",
    ["TypeError: the inputs are not Tensors of one float dtype.",
     "ValueError: their shapes differ."],
    example("ops.polar(r, t)", "[2.+0.j 1.+0.j]",
            ["r = " + array([2.0, 1.0]), "t = " + array([0.0, 0.0])]))


def complex_abs(x):
    """complex_abs(x): ``|x|`` of a complex tensor (``ops.ComplexAbs()``), Float32 for Complex64
    and Float64 for Complex128."""
    _complex_input(x, "ComplexAbs")
    return C.complex_abs_p.bind(x)


def view_as_real(input):
    op = "view_as_real"
    _complex_input(input, op)
    F = _F()
    return F.stack((C.real_p.bind(input), C.imag_p.bind(input)), -1)


view_as_real.__doc__ = opdoc(
    "The real and imaginary parts of a complex tensor side by side in a new last axis of 2.",
    ["input (Tensor): a Complex64 or Complex128 tensor."],
    "Tensor of shape ``input.shape + (2,)``, Float32 for Complex64 and Float64 for "
    "Complex128 (a new tensor: mindcell does not share the memory).",
    ["TypeError: ``input`` is not a complex Tensor."],
    example("ops.view_as_real(x)", "[[ 1.  2.]\n [ 3. -4.]]",
            ["x = Tensor(np.array([1 + 2j, 3 - 4j], np.complex64))"]))


def sgn(input):
    op = "sgn"
    check_tensor(input, op)
    if input._np_dtype == np.bool_:
        raise TypeError("%s: 'input' must be a number Tensor, but got Bool" % public_name(op))
    F = _F()
    if not _is_complex(input):
        return F.sign(input)
    r = C.complex_abs_p.bind(input)
    zero = F.equal(r, 0.0)
    unit = F.div(input, _cast(F.select(zero, F.ones_like(r), r), input._np_dtype))
    return F.select(zero, F.zeros_like(input), unit)


sgn.__doc__ = opdoc(
    "The sign of ``input`` elementwise: ``x / |x|`` (0 at 0) for complex tensors, "
    ":func:`sign` for real ones.",
    ["input (Tensor): a number tensor."], "Tensor of ``input``'s shape and dtype.",
    ["TypeError: ``input`` is not a Tensor, or is a Bool tensor."],
    example("ops.sgn(x)", "[0.6-0.8j 0. +0.j ]", ["x = Tensor(np.array([3 - 4j, 0], "
                                                   "np.complex64))"]))


def adjoint(x):
    op = "adjoint"
    check_tensor(x, op, "x")
    if x.ndim < 2:
        raise ValueError("%s: 'x' must be at least 2-D, but got shape %s"
                         % (public_name(op), x.shape))
    t = _F().swapaxes(x, -1, -2)
    return C.conj_p.bind(t) if _is_complex(x) else t


adjoint.__doc__ = opdoc(
    "The conjugate transpose of the last two axes of ``x``.",
    ["x (Tensor): a tensor of at least 2 dimensions."],
    "Tensor of ``x``'s dtype with the last two axes swapped (and conjugated, complex ``x``).",
    ["TypeError: ``x`` is not a Tensor.", "ValueError: ``x`` has fewer than 2 dimensions."],
    example("ops.adjoint(x)", "[[1.-1.j 3.-0.j]\n [2.-0.j 4.+2.j]]",
            ["x = Tensor(np.array([[1 + 1j, 2], [3, 4 - 2j]], np.complex64))"]))


# ----- eigen-decomposition ------------------------------------------------------------------------
def _eig_input(A, op):
    check_tensor(A, op, "A")
    if A._np_dtype not in (_F32, _F64, _C64, _C128):
        raise TypeError("%s: 'A' must be a Float32, Float64, Complex64 or Complex128 tensor, "
                        "but got %s" % (public_name(op), A.dtype))
    if A.ndim < 2 or A.shape[-1] != A.shape[-2]:
        raise ValueError("%s: 'A' must be a batch of square matrices (..., N, N), but got "
                         "shape %s" % (public_name(op), A.shape))
    return A


def eig(A):
    A = _eig_input(A, "eig")
    return C.eig_p.bind(A, compute_v=True)


eig.__doc__ = opdoc(
    "The eigenvalues and right eigenvectors of the square matrices ``A`` (LAPACK's geev, "
    "eigenvectors of unit length).",
    ["A (Tensor): a (..., N, N) Float32, Float64, Complex64 or Complex128 tensor."],
    "Tuple of 2 Tensors: eigenvalues (..., N) and eigenvectors (..., N, N) as columns, "
    "Complex64 for Float32/Complex64 input, Complex128 for Float64/Complex128. They have no "
    "gradient (as in MindSpore 2.10).",
    ["TypeError: ``A`` is not a Tensor of those dtypes.",
     "ValueError: ``A`` is not a batch of square matrices."],
    example("ops.eig(a)[0]", "[1.+0.j 3.+0.j]", ["a = " + array([[1.0, 0.0], [0.0, 3.0]])]))


def eigvals(A):
    A = _eig_input(A, "eigvals")
    return C.eig_p.bind(A, compute_v=False)[0]


eigvals.__doc__ = opdoc(
    "The eigenvalues of the square matrices ``A``.",
    ["A (Tensor): a (..., N, N) Float32, Float64, Complex64 or Complex128 tensor."],
    "Tensor (..., N), Complex64 for Float32/Complex64 input, Complex128 otherwise.",
    ["TypeError: ``A`` is not a Tensor of those dtypes.",
     "ValueError: ``A`` is not a batch of square matrices."],
    example("ops.eigvals(a)", "[0.+1.j 0.-1.j]", ["a = " + array([[0.0, -1.0], [1.0, 0.0]])]))


# ----- the fft family ------------------------------------------------------------------------------
_NORMS = ("backward", "forward", "ortho")
_FFT_DTYPES = ("Int16, Int32, Int64, Float16, BFloat16, Float32, Float64, Complex64 or "
               "Complex128")
_REAL_FFT_DTYPES = ("Int16, Int32, Int64, Float16, BFloat16, Float32 or Float64")
_OK = {np.dtype(d) for d in (np.int16, np.int32, np.int64, np.float16, np.float32, np.float64)}
_OK.add(mstype.bfloat16.np_dtype)


def _norm(norm, op):
    if norm is None:
        return "backward"
    if not isinstance(norm, str) or norm not in _NORMS:
        raise ValueError("%s: 'norm' must be one of 'backward', 'forward', 'ortho' or None, but "
                         "got %s" % (public_name(op), show(norm)))
    return norm


def _fft_tensor(x, op, complex_ok=True):
    """``x`` in the dtype the transform computes in: complex for ``complex_ok`` ops (Complex128
    for Float64/Complex128, else Complex64), else the real Float32/Float64."""
    check_tensor(x, op)
    dt = x._np_dtype
    if dt.kind == "c":
        if not complex_ok:
            raise TypeError("%s: 'input' must be a real tensor (%s), but got %s"
                            % (public_name(op), _REAL_FFT_DTYPES, x.dtype))
        return x
    if dt not in _OK:
        raise TypeError("%s: 'input' must be a %s tensor, but got %s"
                        % (public_name(op), _FFT_DTYPES if complex_ok else _REAL_FFT_DTYPES,
                           x.dtype))
    if x.ndim == 0:
        raise ValueError("%s: 'input' must be at least 1-D, but got a 0-D tensor"
                         % public_name(op))
    if dt == mstype.bfloat16.np_dtype:
        x, dt = _cast(x, _F32), _F32
    if complex_ok:
        return _cast(x, mstype.complex_np_dtype(dt))
    return _cast(x, _F64 if dt == _F64 else _F32)


_MAX_LENGTH = 2 ** 63 - 1  # MindSpore's kernels take lengths as C longs (larger: RuntimeError)


def _length(n, op, arg="n"):
    if not _is_int(n) or not 1 <= n <= _MAX_LENGTH:
        raise ValueError("%s: '%s' must be a positive int up to 2**63 - 1, but got %s"
                         % (public_name(op), arg, show(n)))
    return int(n)


def _axes_and_sizes(x, s, dim, op, last_default=None):
    """MindSpore's (s, dim) of an n-d transform: both None, every axis; ``s`` alone, its
    length of trailing axes; ``dim`` alone, the current sizes (``last_default`` computes the
    last one for the c2r transforms). Returns (axes, sizes) as lists."""
    ndim = x.ndim
    if s is not None and not isinstance(s, (tuple, list)):
        raise TypeError("%s: 's' must be a tuple of ints, but got %s"
                        % (public_name(op), show(s)))
    if dim is None:
        axes = list(range(ndim)) if s is None else list(range(ndim - len(s), ndim))
    else:
        dims = (dim,) if _is_int(dim) else dim
        if not isinstance(dims, (tuple, list)) or not dims:
            raise TypeError("%s: 'dim' must be an int or a non-empty tuple of ints, but got %s"
                            % (public_name(op), show(dim)))
        axes = [normalize_dim(d, ndim, op, "dim") for d in dims]
        if len(set(axes)) != len(axes):
            raise ValueError("%s: 'dim' has duplicates: %s" % (public_name(op), show(dim)))
    if s is None:
        sizes = [x.shape[a] for a in axes]
        if any(n < 1 for n in sizes):  # MindSpore 2.10: ValueError (ms-oracle)
            raise ValueError("%s: the transformed dimensions of 'input' must be non-empty, but "
                             "got shape %s and dim %s" % (public_name(op), x.shape, show(dim)))
        if last_default is not None and sizes:
            sizes[-1] = last_default(x.shape[axes[-1]])
    else:
        if len(s) != len(axes) or len(s) > ndim:
            raise ValueError("%s: 's' and 'dim' must have the same length (at most the rank %d), "
                             "but got %s and %s" % (public_name(op), ndim, show(s), show(dim)))
        sizes = [_length(n, op, "s") for n in s]
    if not axes:
        raise ValueError("%s: no dimension to transform" % public_name(op))
    return axes, sizes


def _resize(x, pairs):
    pairs = tuple((a, n) for a, n in pairs if x.shape[a] != n)
    return C.fft_resize_p.bind(x, sizes=pairs) if pairs else x


def _c2c(x, axes, sizes, inverse, norm):
    x = _resize(x, zip(axes, sizes))
    return C.fft_c2c_p.bind(x, axes=tuple(axes), inverse=inverse, norm=norm)


def _r2c(x, axes, sizes, norm):
    x = _resize(x, zip(axes, sizes))
    out = C.fft_r2c_p.bind(x, axis=axes[-1], norm=norm)
    if len(axes) > 1:
        out = C.fft_c2c_p.bind(out, axes=tuple(axes[:-1]), inverse=False, norm=norm)
    return out


def _c2r(x, axes, sizes, norm):
    if len(axes) > 1:
        x = _c2c(x, axes[:-1], sizes[:-1], True, norm)
    n = sizes[-1]
    x = _resize(x, ((axes[-1], n // 2 + 1),))
    return C.fft_c2r_p.bind(x, axis=axes[-1], n=n, norm=norm)


def _one(x, n, dim, op):
    dim = normalize_dim(dim, x.ndim, op, "dim")
    return [dim], [x.shape[dim] if n is None else _length(n, op)]


def fft(input, n=None, dim=-1, norm=None):
    op = "fft"
    norm = _norm(norm, op)
    x = _fft_tensor(input, op)
    axes, sizes = _one(x, n, dim, op)
    return _c2c(x, axes, sizes, False, norm)


def ifft(input, n=None, dim=-1, norm=None):
    op = "ifft"
    norm = _norm(norm, op)
    x = _fft_tensor(input, op)
    axes, sizes = _one(x, n, dim, op)
    return _c2c(x, axes, sizes, True, norm)


def fftn(input, s=None, dim=None, norm=None):
    op = "fftn"
    norm = _norm(norm, op)
    x = _fft_tensor(input, op)
    axes, sizes = _axes_and_sizes(x, s, dim, op)
    return _c2c(x, axes, sizes, False, norm)


def ifftn(input, s=None, dim=None, norm=None):
    op = "ifftn"
    norm = _norm(norm, op)
    x = _fft_tensor(input, op)
    axes, sizes = _axes_and_sizes(x, s, dim, op)
    return _c2c(x, axes, sizes, True, norm)


def fft2(input, s=None, dim=(-2, -1), norm=None):
    return fftn(input, s, dim, norm)


def ifft2(input, s=None, dim=(-2, -1), norm=None):
    return ifftn(input, s, dim, norm)


def rfft(input, n=None, dim=-1, norm=None):
    op = "rfft"
    norm = _norm(norm, op)
    x = _fft_tensor(input, op, complex_ok=False)
    axes, sizes = _one(x, n, dim, op)
    return _r2c(x, axes, sizes, norm)


def rfftn(input, s=None, dim=None, norm=None):
    op = "rfftn"
    norm = _norm(norm, op)
    x = _fft_tensor(input, op, complex_ok=False)
    axes, sizes = _axes_and_sizes(x, s, dim, op)
    return _r2c(x, axes, sizes, norm)


def rfft2(input, s=None, dim=(-2, -1), norm=None):
    return rfftn(input, s, dim, norm)


def _hermitian_length(m):
    return 2 * (m - 1)


def _check_c2r_length(n, op):
    if n < 1:
        raise ValueError("%s: the output length along the last dim must be positive; give 'n' "
                         "(or 's') for an input of 1 element there" % public_name(op))
    return n


def irfft(input, n=None, dim=-1, norm=None):
    op = "irfft"
    norm = _norm(norm, op)
    x = _fft_tensor(input, op)
    dim_ = normalize_dim(dim, x.ndim, op, "dim")
    size = _hermitian_length(x.shape[dim_]) if n is None else _length(n, op)
    return _c2r(x, [dim_], [_check_c2r_length(size, op)], norm)


def irfftn(input, s=None, dim=None, norm=None):
    op = "irfftn"
    norm = _norm(norm, op)
    x = _fft_tensor(input, op)
    axes, sizes = _axes_and_sizes(x, s, dim, op, last_default=_hermitian_length)
    _check_c2r_length(sizes[-1], op)
    return _c2r(x, axes, sizes, norm)


def irfft2(input, s=None, dim=(-2, -1), norm=None):
    return irfftn(input, s, dim, norm)


_DUAL = {"backward": "forward", "forward": "backward", "ortho": "ortho"}


def hfft(input, n=None, dim=-1, norm=None):
    op = "hfft"
    norm = _norm(norm, op)
    x = _fft_tensor(input, op)
    dim_ = normalize_dim(dim, x.ndim, op, "dim")
    size = _hermitian_length(x.shape[dim_]) if n is None else _length(n, op)
    return _c2r(C.conj_p.bind(x), [dim_], [_check_c2r_length(size, op)], _DUAL[norm])


def ihfft(input, n=None, dim=-1, norm=None):
    op = "ihfft"
    norm = _norm(norm, op)
    x = _fft_tensor(input, op, complex_ok=False)
    axes, sizes = _one(x, n, dim, op)
    return C.conj_p.bind(_r2c(x, axes, sizes, _DUAL[norm]))


def hfftn(input, s=None, dim=None, norm=None):
    op = "hfftn"
    norm = _norm(norm, op)
    x = _fft_tensor(input, op)
    axes, sizes = _axes_and_sizes(x, s, dim, op, last_default=_hermitian_length)
    _check_c2r_length(sizes[-1], op)
    return _c2r(C.conj_p.bind(x), axes, sizes, _DUAL[norm])


def ihfftn(input, s=None, dim=None, norm=None):
    op = "ihfftn"
    norm = _norm(norm, op)
    x = _fft_tensor(input, op, complex_ok=False)
    axes, sizes = _axes_and_sizes(x, s, dim, op)
    return C.conj_p.bind(_r2c(x, axes, sizes, _DUAL[norm]))


def hfft2(input, s=None, dim=(-2, -1), norm=None):
    return hfftn(input, s, dim, norm)


def ihfft2(input, s=None, dim=(-2, -1), norm=None):
    return ihfftn(input, s, dim, norm)


def _freq(n, d, dtype, op, fn):
    n = _length(n, op)
    if isinstance(d, bool) or not isinstance(d, (int, float)) or d == 0:
        raise ValueError("%s: 'd' must be a nonzero number, but got %s" % (public_name(op),
                                                                         show(d)))
    np_dtype = as_np_dtype(dtype, op, _F32)
    return Tensor._make(fn(n, d).astype(np_dtype))


def fftfreq(n, d=1.0, dtype=None):
    return _freq(n, d, dtype, "fftfreq", np.fft.fftfreq)


def rfftfreq(n, d=1.0, dtype=None):
    return _freq(n, d, dtype, "rfftfreq", np.fft.rfftfreq)


def _shift(input, dim, op, sign):
    check_tensor(input, op)
    if dim is None:
        axes = list(range(input.ndim))
    else:
        dims = (dim,) if _is_int(dim) else dim
        if not isinstance(dims, (tuple, list)):
            raise TypeError("%s: 'dim' must be an int or a tuple of ints, but got %s"
                            % (public_name(op), show(dim)))
        axes = [normalize_dim(d, input.ndim, op, "dim") for d in dims]
    if not axes or input.ndim == 0:
        return _F().roll(input, 0, 0) if input.ndim else input
    shifts = [sign * (input.shape[a] // 2) for a in axes]
    return _F().roll(input, shifts, axes)


def fftshift(input, dim=None):
    return _shift(input, dim, "fftshift", 1)


def ifftshift(input, dim=None):
    return _shift(input, dim, "ifftshift", -1)


# ----- the docs of the fft family -----------------------------------------------------------------
_NORM_ARG = ("norm (str, optional): the scaling: ``'backward'`` (None) divides the inverse "
             "transform by n, ``'forward'`` the forward one, ``'ortho'`` both by sqrt(n). "
             "Default: ``None``.")
_FFT_RAISES = ["TypeError: ``input`` is not a Tensor of the dtypes taken.",
               "ValueError: ``n``/``s`` is not positive, ``dim`` is out of range or repeated, "
               "``s`` and ``dim`` differ in length, or ``norm`` is not a known one."]
_IN = "input (Tensor): an Int16, Int32, Int64, Float16, Float32, Float64 or complex tensor."
_IN_REAL = "input (Tensor): an Int16, Int32, Int64, Float16, Float32 or Float64 tensor."
_N_ARG = ("n (int, optional): the length of the transformed dim: the input is cropped or "
          "zero-padded to it. Default: ``None`` (its length).")
_S_ARG = ("s (tuple[int], optional): the length of each transformed dim (cropped or "
          "zero-padded). Default: ``None`` (their lengths).")
_COMPLEX_OUT = "Complex128 for Float64/Complex128 input, else Complex64"
_REAL_OUT = "Float64 for Float64/Complex128 input, else Float32"


def _fft_doc(fn, summary, args, returns, ex_call, ex_out, ex_in):
    fn.__doc__ = opdoc(summary, args, returns, _FFT_RAISES,
                       example(ex_call, ex_out, ex_in))


_X4 = "x = " + array([1.0, 2.0, 0.0, -1.0])
_X22 = "x = " + array([[1.0, 2.0], [3.0, 4.0]])
_one_args = lambda kind: [kind, _N_ARG, "dim (int): the dim transformed. Default: ``-1``.",
                          _NORM_ARG]
_n_args = lambda kind, dflt: [kind, _S_ARG, "dim (tuple[int], optional): the dims transformed. "
                              "Default: ``%s``." % dflt, _NORM_ARG]
_fft_doc(fft, "The one-dimensional discrete Fourier transform of ``input`` along ``dim``.",
         _one_args(_IN), "Tensor, " + _COMPLEX_OUT + ".", "ops.fft(x)",
         "[2.+0.j 1.-3.j 0.+0.j 1.+3.j]", [_X4])
_fft_doc(ifft, "The one-dimensional inverse discrete Fourier transform of ``input``.",
         _one_args(_IN), "Tensor, " + _COMPLEX_OUT + ".", "ops.ifft(x)",
         "[0.5 +0.j   0.25+0.75j 0.  +0.j   0.25-0.75j]", [_X4])
_fft_doc(fft2, "The two-dimensional discrete Fourier transform of ``input``.",
         _n_args(_IN, "(-2, -1)"), "Tensor, " + _COMPLEX_OUT + ".", "ops.fft2(x)",
         "[[10.+0.j -2.+0.j]\n [-4.+0.j  0.+0.j]]", [_X22])
_fft_doc(ifft2, "The two-dimensional inverse discrete Fourier transform of ``input``.",
         _n_args(_IN, "(-2, -1)"), "Tensor, " + _COMPLEX_OUT + ".", "ops.ifft2(x)",
         "[[ 2.5+0.j -0.5+0.j]\n [-1. +0.j  0. +0.j]]", [_X22])
_fft_doc(fftn, "The n-dimensional discrete Fourier transform of ``input`` (every dim by "
         "default; the last ``len(s)`` when only ``s`` is given).",
         _n_args(_IN, "None"), "Tensor, " + _COMPLEX_OUT + ".", "ops.fftn(x)",
         "[[10.+0.j -2.+0.j]\n [-4.+0.j  0.+0.j]]", [_X22])
_fft_doc(ifftn, "The n-dimensional inverse discrete Fourier transform of ``input``.",
         _n_args(_IN, "None"), "Tensor, " + _COMPLEX_OUT + ".", "ops.ifftn(x)",
         "[[ 2.5+0.j -0.5+0.j]\n [-1. +0.j  0. +0.j]]", [_X22])
_fft_doc(rfft, "The discrete Fourier transform of the real ``input`` along ``dim``: the "
         "``n // 2 + 1`` non-negative frequencies.",
         _one_args(_IN_REAL), "Tensor, Complex128 for Float64 input, else Complex64.",
         "ops.rfft(x)", "[2.+0.j 1.-3.j 0.+0.j]", [_X4])
_fft_doc(irfft, "The inverse of :func:`rfft`: the real signal of length ``n`` (default "
         "``2 * (m - 1)``) whose non-negative frequencies are ``input``.",
         _one_args(_IN), "Tensor, " + _REAL_OUT + ".", "ops.irfft(x)",
         "[0.25 1.25]", ["x = " + array([1.5, -1.0])])
_fft_doc(rfft2, "The two-dimensional discrete Fourier transform of the real ``input`` (half "
         "of the last dim's frequencies).",
         _n_args(_IN_REAL, "(-2, -1)"), "Tensor, Complex128 for Float64 input, else Complex64.",
         "ops.rfft2(x)", "[[10.+0.j -2.+0.j]\n [-4.+0.j  0.+0.j]]", [_X22])
_fft_doc(irfft2, "The inverse of :func:`rfft2`.", _n_args(_IN, "(-2, -1)"),
         "Tensor, " + _REAL_OUT + ".", "ops.irfft2(x)", "[[ 2.5 -0.5]\n [-1.   0. ]]", [_X22])
_fft_doc(rfftn, "The n-dimensional discrete Fourier transform of the real ``input`` (half of "
         "the last dim's frequencies).", _n_args(_IN_REAL, "None"),
         "Tensor, Complex128 for Float64 input, else Complex64.", "ops.rfftn(x)",
         "[[10.+0.j -2.+0.j]\n [-4.+0.j  0.+0.j]]", [_X22])
_fft_doc(irfftn, "The inverse of :func:`rfftn`.", _n_args(_IN, "None"),
         "Tensor, " + _REAL_OUT + ".", "ops.irfftn(x)", "[[ 2.5 -0.5]\n [-1.   0. ]]", [_X22])
_fft_doc(hfft, "The discrete Fourier transform of a Hermitian-symmetric signal given by its "
         "first half ``input``: a real tensor of length ``n`` (default ``2 * (m - 1)``).",
         _one_args(_IN), "Tensor, " + _REAL_OUT + ".", "ops.hfft(x)", "[0.5 2.5]",
         ["x = " + array([1.5, -1.0])])
_fft_doc(ihfft, "The inverse of :func:`hfft`: the first half of the inverse transform of the "
         "real ``input``.", _one_args(_IN_REAL), "Tensor, Complex128 for Float64 input, else "
         "Complex64.", "ops.ihfft(x)", "[0.5 -0.j   0.25+0.75j 0.  -0.j  ]", [_X4])
_fft_doc(hfft2, "The two-dimensional :func:`hfftn`.", _n_args(_IN, "(-2, -1)"),
         "Tensor, " + _REAL_OUT + ".", "ops.hfft2(x)", "[[10. -2.]\n [-4.  0.]]", [_X22])
_fft_doc(ihfft2, "The two-dimensional :func:`ihfftn`.", _n_args(_IN_REAL, "(-2, -1)"),
         "Tensor, Complex128 for Float64 input, else Complex64.", "ops.ihfft2(x)",
         "[[ 2.5-0.j -0.5-0.j]\n [-1. -0.j  0. -0.j]]", [_X22])
_fft_doc(hfftn, "The n-dimensional transform of a Hermitian-symmetric signal given by the "
         "first half of its last dim: a real tensor.", _n_args(_IN, "None"),
         "Tensor, " + _REAL_OUT + ".", "ops.hfftn(x)", "[[10. -2.]\n [-4.  0.]]", [_X22])
_fft_doc(ihfftn, "The inverse of :func:`hfftn`: half of the last dim of the n-dimensional "
         "inverse transform of the real ``input``.", _n_args(_IN_REAL, "None"),
         "Tensor, Complex128 for Float64 input, else Complex64.", "ops.ihfftn(x)",
         "[[ 2.5-0.j -0.5-0.j]\n [-1. -0.j  0. -0.j]]", [_X22])
fftfreq.__doc__ = opdoc(
    "The sample frequencies of an ``n``-point discrete Fourier transform with sample spacing "
    "``d``: ``[0, 1, ..., n/2 - 1, -n/2, ..., -1] / (d * n)``.",
    ["n (int): the window length.", "d (float): the sample spacing. Default: ``1.0``.",
     "dtype (mindcell.dtype, optional): the result's dtype. Default: ``None`` (Float32)."],
    "Tensor of shape (n,).",
    ["ValueError: ``n`` is not a positive int or ``d`` is 0.",
     "TypeError: ``dtype`` is not a dtype."],
    example("ops.fftfreq(4)", "[ 0.    0.25 -0.5  -0.25]"))
rfftfreq.__doc__ = opdoc(
    "The sample frequencies of :func:`rfft`'s result: ``[0, 1, ..., n // 2] / (d * n)``.",
    ["n (int): the window length.", "d (float): the sample spacing. Default: ``1.0``.",
     "dtype (mindcell.dtype, optional): the result's dtype. Default: ``None`` (Float32)."],
    "Tensor of shape (n // 2 + 1,).",
    ["ValueError: ``n`` is not a positive int or ``d`` is 0.",
     "TypeError: ``dtype`` is not a dtype."],
    example("ops.rfftfreq(4)", "[0.   0.25 0.5 ]"))
fftshift.__doc__ = opdoc(
    "Moves the zero frequency to the middle: rolls each dim in ``dim`` by half its length.",
    ["input (Tensor): the tensor.",
     "dim (Union[int, tuple[int]], optional): the dims. Default: ``None`` (all)."],
    "Tensor of ``input``'s shape and dtype.",
    ["TypeError: ``input`` is not a Tensor.", "ValueError: a dim is out of range."],
    example("ops.fftshift(x)", "[ 0. -1.  1.  2.]", [_X4]))
ifftshift.__doc__ = opdoc(
    "The inverse of :func:`fftshift`.",
    ["input (Tensor): the tensor.",
     "dim (Union[int, tuple[int]], optional): the dims. Default: ``None`` (all)."],
    "Tensor of ``input``'s shape and dtype.",
    ["TypeError: ``input`` is not a Tensor.", "ValueError: a dim is out of range."],
    example("ops.ifftshift(x)", "[ 0. -1.  1.  2.]", [_X4]))

# ----- short-time Fourier transform --------------------------------------------------------------
_PAD_MODES = {"REFLECT": "reflect", "CONSTANT": "constant", "SYMMETRIC": "symmetric"}


def _frames(x, n_fft, hop, op):
    """The (..., n_frames, n_fft) windows of the last axis of ``x`` (a gather, so gradients
    flow back to ``x``)."""
    length = x.shape[-1]
    if length < n_fft:
        raise ValueError("%s: the input (after padding) has %d samples along its last dim, "
                         "fewer than n_fft=%d" % (public_name(op), length, n_fft))
    n_frames = 1 + (length - n_fft) // hop
    index = np.arange(n_frames)[:, None] * hop + np.arange(n_fft)[None, :]
    return _F().gather(x, Tensor._make(index.astype(np.int64)), x.ndim - 1)


def _window(window, win_length, n_fft, like, op):
    """The window padded on both sides to ``n_fft`` (ones of ``win_length`` by default)."""
    if window is None:
        w = np.ones(win_length, mstype.real_np_dtype(like._np_dtype))
        window = Tensor._make(w)
    else:
        check_tensor(window, op, "window")
        if window.ndim != 1 or window.shape[0] != win_length:
            raise ValueError("%s: 'window' must be 1-D of win_length=%d samples, but got shape "
                             "%s" % (public_name(op), win_length, window.shape))
    left = (n_fft - win_length) // 2
    if left or n_fft - win_length - left:
        window = C.fft_resize_p.bind(window, sizes=((0, n_fft - left),))
        window = _F().flip(C.fft_resize_p.bind(_F().flip(window, (0,)), sizes=((0, n_fft),)),
                           (0,))
    return window


def _stft(x, n_fft, hop_length, win_length, window, center, pad_mode, normalized, onesided,
          return_complex, op):
    check_tensor(x, op, "x")
    if x.ndim not in (1, 2):
        raise ValueError("%s: 'x' must be 1-D (a signal) or 2-D (a batch), but got shape %s"
                         % (public_name(op), x.shape))
    if x._np_dtype not in (_F32, _F64, _C64, _C128):
        raise TypeError("%s: 'x' must be a Float32, Float64, Complex64 or Complex128 tensor, "
                        "but got %s" % (public_name(op), x.dtype))
    n_fft = _length(n_fft, op, "n_fft")
    hop = n_fft // 4 if hop_length is None else _length(hop_length, op, "hop_length")
    win_length = n_fft if win_length is None else _length(win_length, op, "win_length")
    for arg, v in (("center", center), ("normalized", normalized), ("onesided", onesided)):
        if not isinstance(v, (bool, np.bool_)) and not (arg == "onesided" and v is None):
            # MindSpore 2.10's TypeError (ms-oracle)
            raise TypeError("For '%s', the type of '%s' should be 'bool', but got type '%s'."
                            % (public_name(op), arg, type(v).__name__))
    if win_length > n_fft:
        raise ValueError("%s: 'win_length' (%d) must be at most n_fft (%d)"
                         % (public_name(op), win_length, n_fft))
    F = _F()
    if center:
        if not isinstance(pad_mode, str) or pad_mode not in _PAD_MODES:
            raise ValueError("%s: 'pad_mode' must be one of %s, but got %s"
                             % (public_name(op), sorted(_PAD_MODES), show(pad_mode)))
        half, length = n_fft // 2, x.shape[-1]
        if _PAD_MODES[pad_mode] == "constant":
            x = C.fft_resize_p.bind(x, sizes=((x.ndim - 1, length + half),))
            x = F.flip(C.fft_resize_p.bind(F.flip(x, (x.ndim - 1,)),
                                           sizes=((x.ndim - 1, length + 2 * half),)),
                       (x.ndim - 1,))
        else:
            if half >= length:
                raise ValueError("%s: pad_mode %s needs more than n_fft // 2 = %d samples, but "
                                 "'x' has %d" % (public_name(op), pad_mode, half, length))
            index = np.pad(np.arange(length), half, mode=_PAD_MODES[pad_mode])
            x = F.gather(x, Tensor._make(index.astype(np.int64)), x.ndim - 1)
    frames = _frames(x, n_fft, hop, op)
    w = _window(window, win_length, n_fft, frames, op)
    frames = F.mul(frames, w)  # (promoted: a complex window makes the frames complex)
    if onesided is None:
        onesided = not (_is_complex(frames) or _is_complex(w))
    norm = "ortho" if normalized else "backward"
    if onesided:
        if _is_complex(frames):
            raise ValueError("%s: 'onesided' needs a real input and window" % public_name(op))
        out = _r2c(frames, [frames.ndim - 1], [n_fft], norm)
    else:
        out = _c2c(_cast(frames, mstype.complex_np_dtype(frames._np_dtype)),
                   [frames.ndim - 1], [n_fft], False, norm)
    out = F.swapaxes(out, -1, -2)  # (..., n_freq, n_frames)
    return out if return_complex else view_as_real(out)


def stft(x, n_fft, hop_length=None, win_length=None, window=None, center=True,
         pad_mode="REFLECT", normalized=False, onesided=None, return_complex=None):
    if return_complex is not None and not isinstance(return_complex, (bool, np.bool_)):
        raise TypeError("For 'stft', the type of 'return_complex' should be 'bool', but got type "
                        "'%s'." % type(return_complex).__name__)
    return _stft(x, n_fft, hop_length, win_length, window, center, pad_mode, normalized,
                 onesided, bool(return_complex), "stft")


stft.__doc__ = opdoc(
    "The short-time Fourier transform of ``x``: the discrete Fourier transform of each window "
    "of ``n_fft`` samples, ``hop_length`` apart, weighted by ``window``.",
    ["x (Tensor): a 1-D signal or a 2-D batch of them, Float32, Float64 or complex.",
     "n_fft (int): the window size.",
     "hop_length (int, optional): the step between windows. Default: ``None`` "
     "(``n_fft // 4``).",
     "win_length (int, optional): the length of ``window``, padded on both sides to "
     "``n_fft``. Default: ``None`` (``n_fft``).",
     "window (Tensor, optional): the 1-D window. Default: ``None`` (ones).",
     "center (bool): pad ``x`` by ``n_fft // 2`` on both sides first. Default: ``True``.",
     "pad_mode (str): the padding of ``center``: ``'REFLECT'``, ``'CONSTANT'`` or "
     "``'SYMMETRIC'``. Default: ``'REFLECT'``.",
     "normalized (bool): scale by ``n_fft ** -0.5``. Default: ``False``.",
     "onesided (bool, optional): keep the ``n_fft // 2 + 1`` non-negative frequencies. "
     "Default: ``None`` (True for a real ``x`` and window).",
     "return_complex (bool, optional): a complex result; False/None: its real and imaginary "
     "parts in a last axis of 2. Default: ``None``."],
    "Tensor of shape (..., n_freq, n_frames) (complex) or (..., n_freq, n_frames, 2).",
    ["TypeError: ``x`` is not a Tensor of those dtypes.",
     "ValueError: an argument is out of range, or ``x`` is shorter than a window."],
    example("ops.stft(x, 4, return_complex=True).shape", "(3, 9)",
            ["x = " + array([1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0])]))


__all__ = ["stft", "real", "imag", "conj", "angle", "polar", "view_as_real", "sgn", "adjoint", "eig",
           "eigvals", "fft", "ifft", "fft2", "ifft2", "fftn", "ifftn", "rfft", "irfft", "rfft2",
           "irfft2", "rfftn", "irfftn", "hfft", "ihfft", "hfft2", "ihfft2", "hfftn", "ihfftn",
           "fftfreq", "rfftfreq", "fftshift", "ifftshift"]
