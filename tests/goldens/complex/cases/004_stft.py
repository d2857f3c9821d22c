"""ops.stft and the STFT primitive: defaults (hop n_fft // 4, rectangular window, centered
REFLECT padding, real/imaginary parts in a last axis), hop/win_length, windows, pad modes,
normalized/two-sided, batches, complex and float64 input, errors (MindSpore 2.10, CPU)."""
import numpy as np
from _target import ms, ops, Tensor, emit, emit_err

sig = np.sin(np.arange(20) * 0.7) + 0.1 * np.cos(np.arange(20) * 2.1)
x = Tensor(sig.astype(np.float32))
han = Tensor(np.hanning(8).astype(np.float32))


def out(t):
    return [str(t.dtype), list(t.shape), t]


emit("default", out(ops.stft(x, 8)))
emit("complex", out(ops.stft(x, 8, return_complex=True)))
emit("hop_win", out(ops.stft(x, 8, hop_length=3, win_length=6, return_complex=True)))
emit("window", out(ops.stft(x, 8, window=han, return_complex=True)))
emit("short_window", out(ops.stft(x, 8, win_length=5, window=Tensor(np.hanning(5)
                                                                     .astype(np.float32)))))
emit("no_center", out(ops.stft(x, 8, center=False, return_complex=True)))
emit("normalized_twosided", out(ops.stft(x, 8, normalized=True, onesided=False,
                                         return_complex=True)))
emit("constant", out(ops.stft(x, 8, pad_mode="CONSTANT", return_complex=True)))
emit("symmetric", out(ops.stft(x, 6, hop_length=4, pad_mode="SYMMETRIC", return_complex=True)))
emit("batch", out(ops.stft(Tensor(np.stack([sig, 2 * sig]).astype(np.float32)), 8,
                           return_complex=True)))
emit("complex_input", out(ops.stft(Tensor((sig * (1 + 0.5j)).astype(np.complex64)), 8,
                                   return_complex=True)))
emit("float64", out(ops.stft(Tensor(sig), 8, return_complex=True)))
emit("STFT", out(ops.STFT(8, 2, 8, False, True, True)(x, han)))
emit("STFT_real", out(ops.STFT(8, 3, 8, True, False, False)(x, han)))
emit_err("err_pad_mode", lambda: ops.stft(x, 8, pad_mode="reflect").asnumpy())
