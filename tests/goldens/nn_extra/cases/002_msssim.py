"""nn.MSSSIM: values of float32 and uint8 images (default and custom power factors and
windows), its parameters, the gradient, and argument errors. Recorded in GRAPH_MODE: in
PYNATIVE_MODE MindSpore 2.10's MSSSIM fails on every input (ValueError "For 'ScalarCast', the
supported type is in the list: [int64, float64, bool], but got Float32"); mindcell computes it
in both modes (tests/nn/test_nn_extra.py)."""
import numpy as np
from _target import ms, nn, Tensor

from _nn_extra import run  # noqa: E402

rng = np.random.RandomState(1)
base = rng.rand(2, 3, 48, 48).astype(np.float32)
noisy = np.clip(base + 0.1 * rng.randn(2, 3, 48, 48), 0, 1).astype(np.float32)
img1, img2 = Tensor(base), Tensor(noisy)
big1 = Tensor(rng.rand(1, 1, 180, 180).astype(np.float32))
big2 = Tensor(np.clip(big1.asnumpy() + 0.05, 0, 1).astype(np.float32))
small = dict(power_factors=(0.2, 0.3, 0.5), filter_size=5, filter_sigma=1.0)

ms.set_context(mode=ms.GRAPH_MODE)
run("msssim_small", lambda: nn.MSSSIM(**small)(img1, img2))
run("msssim_default", lambda: nn.MSSSIM()(big1, big2))
run("msssim_same", lambda: nn.MSSSIM(**small)(img1, img1))
run("msssim_maxval", lambda: nn.MSSSIM(max_val=2, k1=0.02, k2=0.05, **small)(img1, img2))
run("msssim_uint8", lambda: nn.MSSSIM(max_val=255, **small)(
    Tensor((base * 255).astype(np.uint8)), Tensor((noisy * 255).astype(np.uint8))))
run("msssim_f16", lambda: nn.MSSSIM(**small)(Tensor(base.astype(np.float16)),
                                             Tensor(noisy.astype(np.float16))))
run("msssim_f64", lambda: nn.MSSSIM(**small)(Tensor(base.astype(np.float64)),
                                             Tensor(noisy.astype(np.float64))))
run("msssim_list", lambda: nn.MSSSIM(power_factors=[0.5, 0.5], filter_size=7)(img1, img2))
run("msssim_grad", lambda: ms.grad(nn.MSSSIM(**small))(img1, img2)[0, 0, :2, :4])
run("msssim_params", lambda: [(n, list(p.shape), p.requires_grad) for n, p in
                              nn.MSSSIM(**small).parameters_and_names()])
run("msssim_int_img", lambda: nn.MSSSIM(**small)(Tensor(np.ones((1, 1, 16, 16), np.int32)),
                                                 Tensor(np.ones((1, 1, 16, 16), np.int32))))
run("msssim_3d", lambda: nn.MSSSIM(**small)(Tensor(base[0]), Tensor(noisy[0])))
run("msssim_shapes", lambda: nn.MSSSIM(**small)(img1, Tensor(noisy[:1])))
run("msssim_dtypes", lambda: nn.MSSSIM(**small)(img1, Tensor(noisy.astype(np.float16))))
run("msssim_maxval_zero", lambda: nn.MSSSIM(max_val=0))
run("msssim_maxval_str", lambda: nn.MSSSIM(max_val="1"))
run("msssim_pf_int", lambda: nn.MSSSIM(power_factors=1))
run("msssim_size_zero", lambda: nn.MSSSIM(filter_size=0))
run("msssim_sigma_int", lambda: nn.MSSSIM(filter_sigma=1))
run("msssim_k1_int", lambda: nn.MSSSIM(k1=1))
ms.set_context(mode=ms.PYNATIVE_MODE)
