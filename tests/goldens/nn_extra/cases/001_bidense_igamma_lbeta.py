"""nn.BiDense (values with given weights in both modes, parameter names, 3-D inputs, the
gradient, argument errors), nn.IGamma and nn.LBeta (values over their branches, broadcasting,
gradients, dtype errors). Left out: LBeta's float16 values (MindSpore evaluates its series in
float16: lbeta(1.5, 2.5) -1.6318 where the value is -1.6279) and LBeta's gradient (MindSpore
2.10 gives nan wherever an argument is 3 or more); tests/nn/test_nn_extra.py checks both
against scipy."""
import numpy as np
from _target import ms, nn, Tensor

from _nn_extra import run  # noqa: E402

rng = np.random.RandomState(0)
W = Tensor(rng.randn(4, 3, 2).astype(np.float32))
B = Tensor(rng.randn(4).astype(np.float32))
x1 = Tensor(rng.randn(5, 3).astype(np.float32))
x2 = Tensor(rng.randn(5, 2).astype(np.float32))
y1 = Tensor(rng.randn(2, 5, 3).astype(np.float32))
y2 = Tensor(rng.randn(2, 5, 2).astype(np.float32))

for mode, tag in ((ms.PYNATIVE_MODE, "py"), (ms.GRAPH_MODE, "graph")):
    ms.set_context(mode=mode)
    run("bidense_%s" % tag, lambda: nn.BiDense(3, 2, 4, W, B)(x1, x2))
    run("bidense_3d_%s" % tag, lambda: nn.BiDense(3, 2, 4, W, B)(y1, y2))
    run("bidense_nobias_%s" % tag, lambda: nn.BiDense(3, 2, 4, W, has_bias=False)(x1, x2))
    run("bidense_grad_%s" % tag, lambda: ms.grad(nn.BiDense(3, 2, 4, W, B), (0, 1))(x1, x2))
ms.set_context(mode=ms.PYNATIVE_MODE)
run("bidense_names", lambda: [(n, list(p.shape)) for n, p in
                              nn.BiDense(3, 2, 4).parameters_and_names()])
run("bidense_attrs", lambda: [nn.BiDense(3, 2, 4).in1_channels, nn.BiDense(3, 2, 4).in2_channels,
                              nn.BiDense(3, 2, 4).out_channels, nn.BiDense(3, 2, 4).has_bias])
run("bidense_default_range", lambda: bool(np.abs(nn.BiDense(9, 2, 4).weight.asnumpy()).max()
                                          <= 1 / 3.0))
run("bidense_f16", lambda: nn.BiDense(3, 2, 4, W, B, dtype=ms.float16).weight.dtype)
run("bidense_bad_w", lambda: nn.BiDense(3, 2, 5, W))
run("bidense_bad_b", lambda: nn.BiDense(3, 2, 4, W, Tensor(np.ones(3, np.float32))))
run("bidense_zero", lambda: nn.BiDense(0, 2, 4))
run("bidense_bias_int", lambda: nn.BiDense(3, 2, 4, has_bias=1))
run("bidense_last_dim", lambda: nn.BiDense(3, 2, 4, W, B)(x1, x1))
run("bidense_shapes", lambda: nn.BiDense(3, 2, 4, W, B)(x1, Tensor(np.ones((4, 2), np.float32))))
run("bidense_not_tensor", lambda: nn.BiDense(3, 2, 4, W, B)(x1, np.ones((5, 2), np.float32)))

a = Tensor(np.array([0.5, 1.0, 2.0, 3.0, 10.0, 0.5, 4.0, 20.0, 1.0, -1.0, 2.0], np.float32))
x = Tensor(np.array([0.2, 1.0, 1.5, 5.0, 3.0, 2.0, 0.0, 30.0, -1.0, 1.0, 100.0], np.float32))
run("igamma", lambda: nn.IGamma()(a, x))
run("igamma_bcast", lambda: nn.IGamma()(Tensor(np.array([[1.0], [2.5]], np.float32)),
                                        Tensor(np.array([0.5, 1.0, 4.0], np.float32))))
run("igamma_grad_x", lambda: ms.grad(nn.IGamma(), 1)(Tensor(np.array([0.5, 2.0, 3.0],
                                                                      np.float32)),
                                                     Tensor(np.array([0.7, 1.5, 5.0],
                                                                     np.float32))))
run("igamma_f16", lambda: nn.IGamma()(Tensor(np.array([1.0], np.float16)),
                                      Tensor(np.array([1.0], np.float16))))
run("igamma_f64", lambda: nn.IGamma()(Tensor(np.array([1.0], np.float64)),
                                      Tensor(np.array([1.0], np.float64))))
run("igamma_mixed", lambda: nn.IGamma()(Tensor(np.array([1.0], np.float32)),
                                        Tensor(np.array([1.0], np.float16))))
lx = Tensor(np.array([0.5, 1.0, 3.0, 7.5, 9.0, 2.0, 20.0, 0.1, 12.0], np.float32))
ly = Tensor(np.array([0.5, 2.0, 4.0, 8.5, 10.0, 30.0, 25.0, 100.0, 1.0], np.float32))
run("lbeta", lambda: nn.LBeta()(lx, ly))
run("lbeta_bcast", lambda: nn.LBeta()(Tensor(np.array([[1.0], [9.0]], np.float32)),
                                      Tensor(np.array([0.5, 3.0, 12.0], np.float32))))
run("lbeta_f64", lambda: nn.LBeta()(Tensor(np.array([1.0], np.float64)),
                                    Tensor(np.array([1.0], np.float64))))
run("lbeta_mixed", lambda: nn.LBeta()(Tensor(np.array([1.0], np.float32)),
                                      Tensor(np.array([1.0], np.float16))))
run("lbeta_int", lambda: nn.LBeta()(Tensor(np.array([1], np.int32)),
                                    Tensor(np.array([1], np.int32))))
