"""nn.FractionalMaxPool2d and nn.FractionalMaxPool3d with given ``_random_samples`` (values and
argmax indices, kernel sizes, output_size or output_ratio, 3-D/4-D inputs), the shapes and
dtypes without samples (their values come from the framework's own random stream: mindcell's
is not MindSpore's), and argument errors."""
import numpy as np
from _target import nn, Tensor

from _nn_extra import run  # noqa: E402

rng = np.random.RandomState(3)
x4 = Tensor(rng.randn(2, 3, 9, 11).astype(np.float32))
s4 = Tensor(rng.rand(2, 3, 2).astype(np.float32))
x5 = Tensor(rng.randn(1, 2, 6, 7, 8).astype(np.float32))
s5 = Tensor(rng.rand(1, 2, 3).astype(np.float32))
s0 = Tensor(np.zeros((2, 3, 2), np.float32))
s1 = Tensor(np.full((2, 3, 2), 0.999, np.float32))

run("fmp2_size", lambda: nn.FractionalMaxPool2d(3, output_size=(4, 5), return_indices=True,
                                                _random_samples=s4)(x4))
run("fmp2_ratio", lambda: nn.FractionalMaxPool2d((2, 3), output_ratio=(0.5, 0.6),
                                                 _random_samples=s4)(x4))
run("fmp2_ratio_float", lambda: nn.FractionalMaxPool2d(2, output_ratio=0.5,
                                                       return_indices=True,
                                                       _random_samples=s4)(x4))
run("fmp2_zero", lambda: nn.FractionalMaxPool2d(2, output_size=(5, 4), return_indices=True,
                                                _random_samples=s0)(x4))
run("fmp2_one", lambda: nn.FractionalMaxPool2d(2, output_size=(5, 4), return_indices=True,
                                               _random_samples=s1)(x4))
run("fmp2_3d", lambda: nn.FractionalMaxPool2d(2, output_size=(4, 4), return_indices=True,
                                              _random_samples=Tensor(s4.asnumpy()[:1]))(
    Tensor(x4.asnumpy()[0])))
run("fmp2_f16", lambda: nn.FractionalMaxPool2d(2, output_size=(4, 4), _random_samples=Tensor(
    s4.asnumpy().astype(np.float16)))(Tensor(x4.asnumpy().astype(np.float16))))
run("fmp2_random_shape", lambda: nn.FractionalMaxPool2d(2, output_size=(4, 4),
                                                        return_indices=True)(x4)[1].shape)
run("fmp3_size", lambda: nn.FractionalMaxPool3d(2, output_size=(3, 4, 5), return_indices=True,
                                                _random_samples=s5)(x5))
run("fmp3_ratio", lambda: nn.FractionalMaxPool3d((2, 3, 2), output_ratio=(0.5, 0.5, 0.5),
                                                 _random_samples=s5)(x5))
run("fmp3_4d", lambda: nn.FractionalMaxPool3d(2, output_size=(3, 3, 3), return_indices=True,
                                              _random_samples=Tensor(
                                                  s5.asnumpy().reshape(2, 1, 3)))(
    Tensor(x5.asnumpy()[0])))
run("fmp3_random_shape", lambda: nn.FractionalMaxPool3d(2, output_size=(3, 3, 3),
                                                        return_indices=True)(x5)[0].shape)
run("fmp2_none", lambda: nn.FractionalMaxPool2d(2)(x4))
run("fmp2_ratio_big", lambda: nn.FractionalMaxPool2d(2, output_ratio=1.5,
                                                     _random_samples=s4)(x4))
run("fmp2_ratio_int", lambda: nn.FractionalMaxPool2d(2, output_ratio=1, _random_samples=s4)(x4))
run("fmp2_indices_int", lambda: nn.FractionalMaxPool2d(2, output_size=(4, 4), return_indices=1,
                                                       _random_samples=s4)(x4))
run("fmp2_too_big", lambda: nn.FractionalMaxPool2d(3, output_size=(8, 10),
                                                   _random_samples=s4)(x4))
run("fmp2_samples_shape", lambda: nn.FractionalMaxPool2d(2, output_size=(4, 4),
                                                         _random_samples=s5)(x4))
run("fmp2_samples_range", lambda: nn.FractionalMaxPool2d(2, output_size=(4, 4),
                                                         _random_samples=Tensor(
                                                             s4.asnumpy() + 1.0))(x4))
run("fmp2_int_input", lambda: nn.FractionalMaxPool2d(2, output_size=(4, 4), _random_samples=s4)(
    Tensor(np.ones((2, 3, 9, 11), np.int32))))
run("fmp3_dtype_mismatch", lambda: nn.FractionalMaxPool3d(2, output_size=(3, 3, 3),
                                                          _random_samples=Tensor(
                                                              s5.asnumpy().astype(np.float16)))(
    x5))
run("fmp3_none", lambda: nn.FractionalMaxPool3d(2)(x5))
