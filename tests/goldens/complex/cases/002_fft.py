"""The fft family: values for n/s/dim/norm, result dtypes per input dtype, errors, the
frequency helpers, shifts, FFTWithSize, eig/eigvals (MindSpore 2.10, CPU)."""
import numpy as np
from _target import ms, ops, Tensor, emit, emit_err, arr

x = Tensor(arr((3, 4, 6), seed=1))
x64 = Tensor(arr((3, 4, 6), seed=1, dtype="float64"))
zc = arr((3, 4, 6), seed=2) + 1j * arr((3, 4, 6), seed=3)
z = Tensor(zc.astype(np.complex64))
z128 = Tensor(zc)

for norm in (None, "backward", "forward", "ortho"):
    tag = str(norm)
    emit("fft_%s" % tag, ops.fft(z, norm=norm))
    emit("fft_n_dim_%s" % tag, ops.fft(x, n=5, dim=1, norm=norm))
    emit("ifft_%s" % tag, ops.ifft(z128, n=8, norm=norm))
    emit("rfft_%s" % tag, ops.rfft(x, norm=norm))
    emit("rfft_n_%s" % tag, ops.rfft(x64, n=4, dim=0, norm=norm))
    emit("irfft_%s" % tag, ops.irfft(z, norm=norm))
    emit("irfft_n_%s" % tag, ops.irfft(z, n=7, dim=1, norm=norm))
    emit("hfft_%s" % tag, ops.hfft(z, n=5, norm=norm))
    emit("ihfft_%s" % tag, ops.ihfft(x, norm=norm))
    emit("fft2_%s" % tag, ops.fft2(z, norm=norm))
    emit("ifft2_%s" % tag, ops.ifft2(x, s=(3, 5), norm=norm))
    emit("fftn_%s" % tag, ops.fftn(z, norm=norm))
    emit("ifftn_%s" % tag, ops.ifftn(z, s=(2, 5), dim=(0, 2), norm=norm))
    emit("rfft2_%s" % tag, ops.rfft2(x, norm=norm))
    emit("irfft2_%s" % tag, ops.irfft2(z, s=(4, 5), norm=norm))
    emit("rfftn_%s" % tag, ops.rfftn(x, norm=norm))
    emit("irfftn_%s" % tag, ops.irfftn(z, norm=norm))
    emit("hfft2_%s" % tag, ops.hfft2(z, norm=norm))
    emit("ihfft2_%s" % tag, ops.ihfft2(x, norm=norm))
    emit("hfftn_%s" % tag, ops.hfftn(z, s=(3, 2, 5), norm=norm))
    emit("ihfftn_%s" % tag, ops.ihfftn(x, dim=(0, 2), norm=norm))

for dt in ("int16", "int32", "int64", "float16", "float32", "float64"):
    t = Tensor(np.arange(6).astype(dt))
    emit("dtype_%s" % dt, [str(ops.fft(t).dtype), str(ops.rfft(t).dtype), str(ops.irfft(t).dtype),
                           str(ops.hfft(t).dtype), str(ops.ihfft(t).dtype),
                           str(ops.fftn(t).dtype)])
emit("dtype_bfloat16", str(ops.fft(Tensor([1.0, 2.0], ms.bfloat16)).dtype))
emit("dtype_c128", [str(ops.fft(z128).dtype), str(ops.irfft(z128).dtype)])
for dt in ("bool", "int8", "uint8", "uint16"):
    t = Tensor(np.ones(4, dt))
    emit_err("dtype_err_fft_%s" % dt, lambda: ops.fft(t).asnumpy())
    emit_err("dtype_err_rfft_%s" % dt, lambda: ops.rfft(t).asnumpy())
emit_err("err_norm", lambda: ops.fft(x, norm="xx").asnumpy())
emit_err("err_n0", lambda: ops.fft(x, n=0).asnumpy())
emit_err("err_dim", lambda: ops.fft(x, dim=5).asnumpy())
emit_err("err_s_dim", lambda: ops.fftn(x, s=(2,), dim=(0, 1)).asnumpy())
emit_err("err_0d", lambda: ops.fft(Tensor(1.0)).asnumpy())

emit("fftfreq", [ops.fftfreq(5, 0.5), str(ops.fftfreq(4).dtype), ops.fftfreq(6)])
emit("rfftfreq", [ops.rfftfreq(5, dtype=ms.float64), str(ops.rfftfreq(5, dtype=ms.float64).dtype),
                  ops.rfftfreq(8, 0.1)])
emit("fftshift", [ops.fftshift(x[0]), ops.fftshift(z[0], dim=1), ops.fftshift(x, dim=(0, 2))])
emit("ifftshift", [ops.ifftshift(x[0]), ops.ifftshift(z, dim=-1)])

for ndim in (1, 2):
    for inv in (False, True):
        for real in (False, True):
            for ones in (True, False):
                inp = z if (not real or inv) else x
                key = "FFTWithSize_%d_%s_%s_%s" % (ndim, inv, real, ones)
                try:
                    emit(key, ops.FFTWithSize(ndim, inv, real, onesided=ones)(inp).asnumpy())
                except Exception as e:
                    emit(key, type(e).__name__)
emit_err("FFTWithSize_sizes", lambda: ops.FFTWithSize(1, True, True, signal_sizes=(7,))(z)
         .asnumpy())
emit("FFTWithSize_ortho", ops.FFTWithSize(2, False, False, norm="ortho")(z))

a = Tensor(np.array([[1.0, 2.0], [3.0, 4.0]], np.float32))
w, v = ops.eig(a)
emit("eig_real", [str(w.dtype), w, v])
emit("eigvals", [ops.eigvals(a), str(ops.eigvals(Tensor(a.asnumpy().astype(np.float64))).dtype)])
emit("Eig_v", ops.Eig(compute_v=True)(Tensor(np.array([[2.0, 1.0], [1.0, 3.0]])))[1])
emit("eigvals_complex", ops.eigvals(Tensor(np.array([[0.0, -1.0], [1.0, 0.0]]))))
