"""Primitive classes of the complex-number and Fourier ops (``ops.Complex()``,
``ops.ComplexAbs()``, ``ops.Conj()``, ``ops.Angle()``, ``ops.Polar()``, ``ops.Eig()``,
``ops.FFTWithSize(...)``): attributes are checked at construction, the call forwards to the
functional ops of ``ops/function/complex_func.py``."""
from mindcell.ops._errors import check_bool, check_int, show
from mindcell.ops.function import complex_func as CF
from mindcell.ops.operations import Primitive


class Complex(Primitive):
    """Puts a complex tensor together from its real and imaginary parts.

    Inputs:
        - **real** (Tensor) - the real parts, Float32 or Float64.
        - **imag** (Tensor) - the imaginary parts, of ``real``'s dtype (the shapes broadcast).

    Outputs:
        Tensor, Complex64 for Float32 parts and Complex128 for Float64. Its gradient gives
        each part the real and the imaginary part of the incoming gradient.

    Raises:
        TypeError: the parts are not Tensors of one dtype, Float32 or Float64.
        ValueError: their shapes do not broadcast.

    Examples:
        >>> import numpy as np
        >>> from mindcell import Tensor, ops
        >>> re = Tensor(np.array([1.0, 2.0], np.float32))
        >>> im = Tensor(np.array([3.0, -1.0], np.float32))
        >>> print(ops.Complex()(re, im))
        [1.+3.j 2.-1.j]
    """

    def __call__(self, real, imag):
        return CF.complex(real, imag)


class ComplexAbs(Primitive):
    """The modulus ``|x|`` of a complex tensor, elementwise, as a real tensor.

    Inputs:
        - **x** (Tensor) - a Complex64 or Complex128 tensor.

    Outputs:
        Tensor of ``x``'s shape, Float32 for Complex64 and Float64 for Complex128.

    Raises:
        TypeError: ``x`` is not a complex Tensor.

    Examples:
        >>> import numpy as np
        >>> from mindcell import Tensor, ops
        >>> print(ops.ComplexAbs()(Tensor(np.array([3 + 4j, -1j], np.complex64))))
        [5. 1.]
    """

    def __call__(self, x):
        return CF.complex_abs(x)


class Conj(Primitive):
    """The complex conjugate, elementwise (see :func:`mindcell.ops.conj`).

    Inputs:
        - **input** (Tensor) - a number tensor.

    Outputs:
        Tensor of ``input``'s shape and dtype.

    Raises:
        TypeError: ``input`` is not a Tensor, or is a Bool tensor.

    Examples:
        >>> import numpy as np
        >>> from mindcell import Tensor, ops
        >>> print(ops.Conj()(Tensor(np.array([1 + 2j], np.complex64))))
        [1.-2.j]
    """

    def __call__(self, input):
        return CF.conj(input)


class Angle(Primitive):
    """The argument of a complex tensor, elementwise (see :func:`mindcell.ops.angle`).

    Inputs:
        - **input** (Tensor) - a Complex64 or Complex128 tensor.

    Outputs:
        Tensor of ``input``'s shape, Float32 for Complex64 and Float64 for Complex128.

    Raises:
        TypeError: ``input`` is not a complex Tensor.

    Examples:
        >>> import numpy as np
        >>> from mindcell import Tensor, ops
        >>> print(ops.Angle()(Tensor(np.array([-1 + 0j], np.complex64))))
        [3.1415927]
    """

    def __call__(self, input):
        return CF.angle(input)


class Polar(Primitive):
    """The complex tensor ``abs * (cos(angle) + 1j * sin(angle))`` (see
    :func:`mindcell.ops.polar`).

    Inputs:
        - **abs** (Tensor) - the absolute values, Float32 or Float64.
        - **angle** (Tensor) - the angles, of ``abs``'s shape and dtype.

    Outputs:
        Tensor, Complex64 for Float32 and Complex128 for Float64.

    Raises:
        TypeError: the inputs are not Tensors of one float dtype.
        ValueError: their shapes differ.

    Examples:
        >>> import numpy as np
        >>> from mindcell import Tensor, ops
        >>> r = Tensor(np.array([2.0], np.float32))
        >>> print(ops.Polar()(r, Tensor(np.array([0.0], np.float32))))
        [2.+0.j]
    """

    def __call__(self, abs, angle):
        return CF.polar(abs, angle)


class Eig(Primitive):
    """Eigenvalues (and with ``compute_v`` right eigenvectors) of square matrices.

    Args:
        compute_v (bool): also compute the eigenvectors. Default: ``False``.

    Inputs:
        - **x** (Tensor) - a (..., N, N) Float32, Float64, Complex64 or Complex128 tensor.

    Outputs:
        With ``compute_v``, a tuple (eigenvalues (..., N), eigenvectors (..., N, N)); without,
        the tuple (eigenvalues, an empty (..., 0, 0) tensor). Complex64 for Float32/Complex64
        input, Complex128 otherwise. Eigenvectors have unit length; their phase is LAPACK's
        (MindSpore 2.10 may give a complex eigenvector another phase).

    Raises:
        TypeError: ``compute_v`` is not a bool, or ``x`` is not a Tensor of those dtypes.
        ValueError: ``x`` is not a batch of square matrices.

    Examples:
        >>> import numpy as np
        >>> from mindcell import Tensor, ops
        >>> w, v = ops.Eig(compute_v=True)(Tensor(np.array([[2.0, 0.0], [0.0, 3.0]], np.float32)))
        >>> print(w)
        [2.+0.j 3.+0.j]
    """

    def __init__(self, compute_v=False):
        super().__init__()
        self.compute_v = check_bool(compute_v, "Eig", "compute_v")

    def __call__(self, x):
        CF._eig_input(x, "Eig")
        return CF.C.eig_p.bind(x, compute_v=self.compute_v)


class FFTWithSize(Primitive):
    """The discrete Fourier transforms of MindSpore's FFTWithSize over the last
    ``signal_ndim`` dims: complex-to-complex (``real`` False), real-to-complex (``real`` True,
    ``inverse`` False; half the last dim's frequencies with ``onesided``) and complex-to-real
    (``real`` and ``inverse``: the inverse of the real one, of length ``signal_sizes[-1]``, or
    ``2 * (m - 1)``; without ``onesided`` the real part of the full inverse).

    Args:
        signal_ndim (int): how many trailing dims are transformed, 1 to 3.
        inverse (bool): the inverse transform.
        real (bool): a real input (forward) or output (inverse).
        norm (str): ``'backward'``, ``'forward'`` or ``'ortho'``. Default: ``'backward'``.
        onesided (bool): real transforms keep half of the last dim. Default: ``True``.
        signal_sizes (tuple[int]): the output sizes of the complex-to-real transform: the
            input's sizes, the last ``2 * (m - 1)`` or ``2 * (m - 1) + 1``. Default: ``()``.

    Inputs:
        - **x** (Tensor) - a real (forward real) or complex tensor.

    Outputs:
        Tensor, complex except for the inverse real transform.

    Raises:
        TypeError: an argument has the wrong type.
        ValueError: ``signal_ndim`` is not 1 to 3, ``norm`` not a known one, or
            ``signal_sizes`` not a valid one.

    Examples:
        >>> import numpy as np
        >>> from mindcell import Tensor, ops
        >>> x = Tensor(np.array([1.0, 2.0, 0.0, -1.0], np.float32))
        >>> print(ops.FFTWithSize(1, False, True)(x))
        [2.+0.j 1.-3.j 0.+0.j]
    """

    def __init__(self, signal_ndim, inverse, real, norm="backward", onesided=True,
                 signal_sizes=()):
        super().__init__()
        op = "FFTWithSize"
        self.signal_ndim = check_int(signal_ndim, op, "signal_ndim", 1, 3)
        self.inverse = check_bool(inverse, op, "inverse")
        self.real = check_bool(real, op, "real")
        self.onesided = check_bool(onesided, op, "onesided")
        self.norm = CF._norm(norm, op)
        if not isinstance(signal_sizes, (tuple, list)):
            raise TypeError("%s: 'signal_sizes' must be a tuple of ints, but got %s"
                            % (op, show(signal_sizes)))
        self.signal_sizes = tuple(signal_sizes)

    def __call__(self, x):
        dim = tuple(range(-self.signal_ndim, 0))
        if not self.real:
            fn = CF.ifftn if self.inverse else CF.fftn
            return fn(x, None, dim, self.norm)
        if not self.inverse:
            if self.onesided:
                return CF.rfftn(x, None, dim, self.norm)
            return CF.fftn(x, None, dim, self.norm)
        if not self.onesided:
            return CF.real(CF.ifftn(x, None, dim, self.norm))
        sizes = self.signal_sizes or None
        if sizes is not None:
            self._check_sizes(x, sizes)
        return CF.irfftn(x, sizes, dim, self.norm)

    def _check_sizes(self, x, sizes):
        """MindSpore 2.10's rule: the sizes of the dims before the last are the input's, the
        last is 2 * (m - 1) or 2 * (m - 1) + 1 for m stored frequencies."""
        shape = x.shape[-self.signal_ndim:] if x.ndim >= self.signal_ndim else None
        if shape is None or len(sizes) != self.signal_ndim:
            raise ValueError("FFTWithSize: 'signal_sizes' must have %d entries, but got %s"
                             % (self.signal_ndim, show(sizes)))
        m = shape[-1]
        valid = (tuple(shape[:-1]) + (2 * (m - 1),), tuple(shape[:-1]) + (2 * (m - 1) + 1,))
        if tuple(sizes) not in valid:
            raise ValueError("FFTWithSize: got invalid signal_sizes %s, a valid one is %s or %s"
                             % (show(tuple(sizes)), valid[0], valid[1]))


class STFT(Primitive):
    """The short-time Fourier transform of MindSpore's STFT primitive: :func:`mindcell.ops.stft`
    without centering, the window given at the call.

    Args:
        n_fft (int): the window size.
        hop_length (int): the step between windows.
        win_length (int): the length of the window, padded on both sides to ``n_fft``.
        normalized (bool): scale by ``n_fft ** -0.5``.
        onesided (bool): keep the ``n_fft // 2 + 1`` non-negative frequencies.
        return_complex (bool): a complex result; False: real and imaginary parts in a last
            axis of 2.

    Inputs:
        - **x** (Tensor) - a 1-D signal or 2-D batch, Float32, Float64 or complex.
        - **window** (Tensor) - the 1-D window of ``win_length`` samples.

    Outputs:
        Tensor of shape (..., n_freq, n_frames) or (..., n_freq, n_frames, 2).

    Raises:
        TypeError: an argument has the wrong type.
        ValueError: an argument is out of range.

    Examples:
        >>> import numpy as np
        >>> from mindcell import Tensor, ops
        >>> x = Tensor(np.arange(8, dtype=np.float32))
        >>> print(ops.STFT(4, 2, 4, False, True, True)(x, Tensor(np.ones(4, np.float32))).shape)
        (3, 3)
    """

    def __init__(self, n_fft, hop_length, win_length, normalized, onesided, return_complex):
        super().__init__()
        op = "STFT"
        self.n_fft = check_int(n_fft, op, "n_fft", 1)
        self.hop_length = check_int(hop_length, op, "hop_length", 1)
        self.win_length = check_int(win_length, op, "win_length", 1)
        self.normalized = check_bool(normalized, op, "normalized")
        self.onesided = check_bool(onesided, op, "onesided")
        self.return_complex = check_bool(return_complex, op, "return_complex")

    def __call__(self, x, window):
        return CF._stft(x, self.n_fft, self.hop_length, self.win_length, window, False,
                        "REFLECT", self.normalized, self.onesided, self.return_complex, "STFT")


__all__ = ["Complex", "ComplexAbs", "Conj", "Angle", "Polar", "Eig", "FFTWithSize", "STFT"]
