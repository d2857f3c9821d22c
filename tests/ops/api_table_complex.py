"""api_table rows for the complex-number ops and the fft family (ops/function/complex_func.py,
ops/operations_complex.py): the rows take real float tensors and return real ones (complex
results through ops.view_as_real, complex inputs made with ops.Complex), so the table's
GRAPH_MODE, gradient and float64 finite-difference checks cover the complex paths too."""
from mindcell import ops

from api_table import R

S = (2, 3)
POS = ("pos", S)
AWAY = ("away", S)
_vr = ops.view_as_real


def _c(x, y):
    return ops.Complex()(x, y)


NF = dict(f16=False)  # Complex/Polar take Float32/Float64 parts only
ROWS = [
    R("ops.Complex", lambda x, y: _vr(ops.Complex()(x, y)), S, S, **NF),
    R("ops.ComplexAbs", lambda x, y: ops.ComplexAbs()(_c(x, y)), AWAY, AWAY, **NF),
    R("ops.Conj", lambda x, y: _vr(ops.Conj()(_c(x, y))), S, S, **NF),
    R("ops.conj", lambda x, y: _vr(ops.conj(_c(x, y))), S, S, **NF),
    R("ops.Angle", lambda x, y: ops.Angle()(_c(x, y)), AWAY, AWAY, **NF),
    R("ops.angle", lambda x, y: ops.angle(_c(x, y)), AWAY, AWAY, **NF),
    R("ops.Polar", lambda r, t: _vr(ops.Polar()(r, t)), POS, S, **NF),
    R("ops.polar", lambda r, t: _vr(ops.polar(r, t)), POS, S, **NF),
    R("ops.view_as_real", lambda x, y: _vr(_c(x, y)) * 2.0, S, S, **NF),
    R("ops.adjoint", lambda x, y: _vr(ops.adjoint(_c(x, y))), S, S, **NF),
    R("ops.eig", lambda x: _vr(ops.eig(x)[0]), (3, 3), grad=False, **NF),
    R("ops.eigvals", lambda x: _vr(ops.eigvals(x)), (3, 3), grad=False, **NF),
    R("ops.Eig", lambda x: _vr(ops.Eig()(x)[0]), (3, 3), grad=False, **NF),
    R("ops.fft", lambda x: _vr(ops.fft(x)), S, **NF),
    R("ops.fft", lambda x, y: _vr(ops.fft(_c(x, y), n=5, dim=0, norm="ortho")), S, S, **NF),
    R("ops.ifft", lambda x, y: _vr(ops.ifft(_c(x, y), n=2, norm="forward")), S, S, **NF),
    R("ops.fft2", lambda x: _vr(ops.fft2(x, s=(3, 2))), S, **NF),
    R("ops.ifft2", lambda x, y: _vr(ops.ifft2(_c(x, y))), S, S, **NF),
    R("ops.fftn", lambda x, y: _vr(ops.fftn(_c(x, y), s=(4,))), S, S, **NF),
    R("ops.ifftn", lambda x: _vr(ops.ifftn(x, dim=(0,), norm="ortho")), S, **NF),
    R("ops.rfft", lambda x: _vr(ops.rfft(x)), S, **NF),
    R("ops.rfft", lambda x: _vr(ops.rfft(x, n=6, dim=0, norm="ortho")), S, **NF),
    R("ops.irfft", lambda x, y: ops.irfft(_c(x, y)), S, S, **NF),
    R("ops.irfft", lambda x, y: ops.irfft(_c(x, y), n=5, dim=0, norm="forward"), S, S, **NF),
    R("ops.rfft2", lambda x: _vr(ops.rfft2(x)), S, **NF),
    R("ops.irfft2", lambda x, y: ops.irfft2(_c(x, y), s=(3, 3)), S, S, **NF),
    R("ops.rfftn", lambda x: _vr(ops.rfftn(x, norm="forward")), (2, 3, 4), **NF),
    R("ops.irfftn", lambda x, y: ops.irfftn(_c(x, y)), S, S, **NF),
    R("ops.hfft", lambda x, y: ops.hfft(_c(x, y), n=4), S, S, **NF),
    R("ops.ihfft", lambda x: _vr(ops.ihfft(x)), S, **NF),
    R("ops.hfft2", lambda x, y: ops.hfft2(_c(x, y)), S, S, **NF),
    R("ops.ihfft2", lambda x: _vr(ops.ihfft2(x, norm="ortho")), S, **NF),
    R("ops.hfftn", lambda x, y: ops.hfftn(_c(x, y), s=(2, 5)), S, S, **NF),
    R("ops.ihfftn", lambda x: _vr(ops.ihfftn(x)), S, **NF),
    R("ops.fftfreq", lambda x: x + ops.fftfreq(3, 0.5), S, **NF),
    R("ops.rfftfreq", lambda x: x + ops.rfftfreq(5), S, **NF),
    R("ops.fftshift", lambda x: ops.fftshift(x), S),
    R("ops.ifftshift", lambda x: ops.ifftshift(x, dim=1), S),
    R("ops.FFTWithSize", lambda x: _vr(ops.FFTWithSize(1, False, True)(x)), S, **NF),
    R("ops.FFTWithSize", lambda x, y: ops.FFTWithSize(2, True, True)(_c(x, y)), S, S, **NF),
    R("ops.FFTWithSize", lambda x, y: _vr(ops.FFTWithSize(2, False, False)(_c(x, y))), S, S,
      **NF),
]
ROWS += [
    R("ops.stft", lambda x: ops.stft(x, 4, hop_length=2), (2, 12), **NF),
    R("ops.stft", lambda x, w: _vr(ops.stft(x, 4, win_length=3, window=w, pad_mode="CONSTANT",
                                         normalized=True, return_complex=True)), (12,), (3,),
      **NF),
    R("ops.STFT", lambda x, w: ops.STFT(4, 2, 4, False, True, False)(x, w), (12,), (4,), **NF),
]


def _complex_array(a):
    """A (2, 3) complex64 array of the fuzz's float arrays."""
    import numpy as np
    return (a["X"] + 1j * a["X"][::-1]).astype(np.complex64)


def base_overrides(a, t):
    """Valid base calls for tests/ops/test_bad_input_fuzz.py: name -> () -> (args, kwargs)."""
    import numpy as np
    square = lambda: t(a["X4"][0, 0])  # noqa: E731
    signal = lambda: t(np.tile(a["X"][0], 4))  # noqa: E731 (12 samples)
    return {
        "angle": lambda: ([t(_complex_array(a))], {}),
        "view_as_real": lambda: ([t(_complex_array(a))], {}),
        "eig": lambda: ([square()], {}), "eigvals": lambda: ([square()], {}),
        "stft": lambda: ([signal(), 4], {"hop_length": 2}),
    }


def ctor_overrides(a, t):
    """Primitive classes for test_bad_input_fuzz.py: name -> () -> (ctor args, call args)."""
    import numpy as np
    return {
        "Angle": lambda: ([], [t(_complex_array(a))]),
        "ComplexAbs": lambda: ([], [t(_complex_array(a))]),
        "Eig": lambda: ([], [t(a["X4"][0, 0])]),
        "FFTWithSize": lambda: ([1, False, False], [t(_complex_array(a))]),
        "STFT": lambda: ([4, 2, 4, False, True, False],
                         [t(np.tile(a["X"][0], 4)), t(np.ones(4, np.float32))]),
    }
