"""ops.igamma / ops.Igamma (float32 and float64 values, both gradients, dtype errors) and
ops.fractional_max_pool2d / ops.fractional_max_pool3d with given samples."""
import numpy as np
from _target import ms, ops, Tensor

from _nn_extra import run  # noqa: E402

a = np.array([0.5, 2.0, 3.0, 7.5, 1.0], np.float64)
x = np.array([0.7, 1.5, 5.0, 4.0, 0.0], np.float64)
run("igamma_f64", lambda: ops.igamma(Tensor(a), Tensor(x)))
run("igamma_f32", lambda: ops.igamma(Tensor(a.astype(np.float32)), Tensor(x.astype(np.float32))))
run("igamma_prim", lambda: ops.Igamma()(Tensor(a), Tensor(x)))
run("igamma_bcast", lambda: ops.igamma(Tensor(np.array([[1.0], [3.0]], np.float32)),
                                       Tensor(np.array([0.5, 2.0, 6.0], np.float32))))
run("igamma_grad", lambda: ms.grad(ops.igamma, (0, 1))(Tensor(a[:4].astype(np.float32)),
                                                       Tensor(x[:4].astype(np.float32))))
run("igamma_f16", lambda: ops.igamma(Tensor(a.astype(np.float16)), Tensor(x.astype(np.float16))))
run("igamma_int", lambda: ops.igamma(Tensor(np.array([1, 2], np.int32)),
                                     Tensor(np.array([1, 2], np.int32))))
run("igamma_mixed", lambda: ops.igamma(Tensor(a.astype(np.float32)), Tensor(x)))

rng = np.random.RandomState(8)
x4 = Tensor(rng.randn(1, 2, 7, 9).astype(np.float32))
s4 = Tensor(rng.rand(1, 2, 2).astype(np.float32))
x5 = Tensor(rng.randn(1, 2, 5, 6, 7).astype(np.float32))
s5 = Tensor(rng.rand(1, 2, 3).astype(np.float32))
run("fmp2d", lambda: ops.fractional_max_pool2d(x4, 2, (3, 4), return_indices=True,
                                               _random_samples=s4))
run("fmp2d_ratio", lambda: ops.fractional_max_pool2d(x4, (3, 2), output_ratio=(0.5, 0.5),
                                                     _random_samples=s4))
run("fmp3d", lambda: ops.fractional_max_pool3d(x5, 2, (2, 3, 4), return_indices=True,
                                               _random_samples=s5))
run("fmp2d_none", lambda: ops.fractional_max_pool2d(x4, 2))
run("fmp3d_indices_int", lambda: ops.fractional_max_pool3d(x5, 2, (2, 2, 2), return_indices=0,
                                                           _random_samples=s5))
