"""Gradients through complex values, MindSpore's convention (dL/dx + i dL/dy), for the cases
MindSpore 2.10's CPU backend differentiates (its complex Mul has no gradient), and one SGD step
of a spectral layer (rfft -> complex weights from two real Parameters -> irfft) in PYNATIVE and
GRAPH_MODE."""
import numpy as np
from _target import ms, nn, ops, Tensor, Parameter, emit, emit_err

z = Tensor(np.array([1 + 2j, 3 - 1j, -0.5 + 0.25j], np.complex64))
cases = {
    "real": lambda z: ops.real(z).sum(),
    "imag": lambda z: ops.imag(z).sum(),
    "abs": lambda z: ops.abs(z).sum(),
    "complex_abs": lambda z: ops.ComplexAbs()(z).sum(),
    "angle": lambda z: ops.angle(z).sum(),
    "conj": lambda z: ops.real(ops.conj(z)).sum() + ops.imag(ops.conj(z)).sum() * 2,
    "exp": lambda z: ops.real(ops.exp(z)).sum(),
    "add_neg": lambda z: ops.imag(z + z - (-z)).sum(),
    "sum": lambda z: ops.real(z.sum()) + ops.imag(z.sum()),
    "fft": lambda z: ops.real(ops.fft(z)).sum(),
    "fft_ortho_imag": lambda z: ops.imag(ops.fft(z, norm="ortho")).sum(),
    "ifft_n": lambda z: ops.real(ops.ifft(z, n=5)).sum() + ops.imag(ops.ifft(z, n=5))[1],
    "view_as_real": lambda z: (ops.view_as_real(z) * Tensor(np.arange(6, dtype=np.float32)
                                                            .reshape(3, 2))).sum(),
}
for name, fn in cases.items():
    emit_err("grad_err_" + name, lambda: ms.grad(fn)(z).asnumpy())
    try:
        emit("grad_" + name, ms.grad(fn)(z))
    except Exception as e:
        emit("grad_" + name, type(e).__name__)

x = Tensor(np.array([0.3, -1.2, 2.0, 0.5, 1.5, -0.7], np.float32))
w = Tensor(np.arange(6, dtype=np.float32) - 2.0)
real_cases = {
    "rfft": lambda x: ops.real(ops.rfft(x)).sum() + 2 * ops.imag(ops.rfft(x)).sum(),
    "rfft_n_abs": lambda x: ops.ComplexAbs()(ops.rfft(x, n=9)).sum(),
    "rfft_forward": lambda x: ops.imag(ops.rfft(x, n=4, norm="forward")).sum(),
    "irfft": lambda x: (ops.irfft(ops.Complex()(x, x * 0.5), n=8) * ops.arange(8.0)).sum(),
    "irfft_odd": lambda x: (ops.irfft(ops.Complex()(x, -x), n=9, norm="ortho") ** 2).sum(),
    "irfft_crop": lambda x: (ops.irfft(ops.Complex()(x, x), n=6) * w).sum(),
    "hfft": lambda x: (ops.hfft(ops.Complex()(x, x * 2), n=7) ** 2).sum(),
    # (not ihfft: MindSpore 2.10's gradient of imag(ihfft(x)) has the wrong sign, against finite
    # differences and its own conj(rfft(x)); mindcell's is checked by them in tests/ops/test_fft.py)
    "ihfft_real": lambda x: ops.real(ops.ihfft(x)).sum(),
    "polar_pos": lambda x: ops.real(ops.polar(ops.abs(x) + 0.5, x)).sum(),
    "complex_parts": lambda x: ops.imag(ops.Complex()(x, x * x)).sum(),
}
for name, fn in real_cases.items():
    try:
        emit("rgrad_" + name, ms.grad(fn)(x))
    except Exception as e:
        emit("rgrad_" + name, type(e).__name__)


class Spectral(nn.Cell):
    def __init__(self):
        super().__init__()
        self.wr = Parameter(Tensor(np.linspace(0.5, 1.5, 5).astype(np.float32)), name="wr")
        self.wi = Parameter(Tensor(np.linspace(-0.3, 0.4, 5).astype(np.float32)), name="wi")

    def construct(self, x):
        X = ops.rfft(x)
        xr, xi = ops.real(X), ops.imag(X)
        return ops.irfft(ops.Complex()(xr * self.wr - xi * self.wi, xr * self.wi + xi * self.wr),
                         n=8)


for mode in ("PYNATIVE", "GRAPH"):
    ms.set_context(mode=ms.PYNATIVE_MODE if mode == "PYNATIVE" else ms.GRAPH_MODE)
    net = Spectral()
    opt = nn.SGD(net.trainable_params(), learning_rate=0.1)
    xs = Tensor(np.arange(8, dtype=np.float32) / 7)
    ys = Tensor(np.cos(np.arange(8, dtype=np.float32)))

    def loss_fn(a, b):
        return ((net(a) - b) ** 2).mean()

    grad_fn = ms.value_and_grad(loss_fn, None, opt.parameters)

    def step(a, b):
        loss, grads = grad_fn(a, b)
        opt(grads)
        return loss, grads

    if mode == "GRAPH":
        step = ms.jit(step)
    loss, grads = step(xs, ys)
    emit("train_%s_loss" % mode, loss)
    emit("train_%s_grads" % mode, list(grads))
    emit("train_%s_params" % mode, [net.wr, net.wi])
    loss2, _ = step(xs, ys)
    emit("train_%s_loss2" % mode, loss2)
ms.set_context(mode=ms.PYNATIVE_MODE)
