"""Pooling and primitive arguments that used to be accepted and ignored: MaxPool2d/MaxPool1d/
ops.max_pool2d dilation and return_indices, data_format on CPU, Argmax output_type, Conv2D mode,
SparseSoftmaxCrossEntropyWithLogits is_grad."""
import numpy as np
from _target import ms, nn, ops, Tensor, emit


def run(key, fn):
    try:
        out = fn()
    except Exception as e:  # noqa: BLE001  (the golden records the exception type)
        out = e
    emit(key, out)


img = Tensor(np.arange(2 * 3 * 4 * 4, dtype=np.float32).reshape(2, 3, 4, 4))
rnd = Tensor(np.random.default_rng(0).standard_normal((1, 2, 7, 6)).astype(np.float32))
x1 = Tensor(np.arange(2 * 3 * 6, dtype=np.float32).reshape(2, 3, 6))
run("MaxPool2d.dilation", lambda: nn.MaxPool2d(2, 1, pad_mode="pad", dilation=2)(img))
run("MaxPool2d.indices", lambda: nn.MaxPool2d(2, 2, pad_mode="pad", return_indices=True)(img))
run("MaxPool2d.rnd", lambda: nn.MaxPool2d(3, 2, pad_mode="pad", padding=1, dilation=2,
                                          return_indices=True)(rnd))
run("MaxPool2d.rnd.ceil", lambda: nn.MaxPool2d(3, 2, pad_mode="pad", padding=1,
                                               return_indices=True, ceil_mode=True)(rnd))
run("MaxPool2d.dilation.valid", lambda: nn.MaxPool2d(2, 1, dilation=2))
run("MaxPool2d.indices.same", lambda: nn.MaxPool2d(2, 1, pad_mode="same", return_indices=True))
run("MaxPool2d.NHWC", lambda: nn.MaxPool2d(2, 2, data_format="NHWC")(img).asnumpy())
run("AvgPool2d.NHWC", lambda: nn.AvgPool2d(2, 2, data_format="NHWC")(img).asnumpy())
run("BatchNorm2d.NHWC", lambda: nn.BatchNorm2d(3, data_format="NHWC")(img).asnumpy())
run("MaxPool1d.dilation", lambda: nn.MaxPool1d(2, 1, pad_mode="pad", dilation=2)(x1))
run("MaxPool1d.indices", lambda: nn.MaxPool1d(2, 2, pad_mode="pad", return_indices=True)(x1))
run("MaxPool1d.dilation.valid", lambda: nn.MaxPool1d(2, 1, dilation=2))
run("max_pool2d.dilation", lambda: ops.max_pool2d(img, 2, 1, 0, dilation=2))
run("max_pool2d.indices", lambda: ops.max_pool2d(img, 2, 2, return_indices=True))
run("max_pool2d.rnd", lambda: ops.max_pool2d(rnd, (3, 2), (2, 1), (1, 1), dilation=(2, 1),
                                             return_indices=True))
run("max_pool2d.rnd.ceil", lambda: ops.max_pool2d(rnd, 3, 2, 1, return_indices=True,
                                                  ceil_mode=True))
x = Tensor(np.array([[1., 5., 2.], [7., -3., -2.]], np.float32))
run("Argmax.int64", lambda: ops.Argmax(output_type=ms.int64)(x))
run("Argmax.int64.dtype", lambda: ops.Argmax(output_type=ms.int64)(x).dtype)
run("Argmax.int32.dtype", lambda: ops.Argmax(output_type=ms.int32)(x).dtype)
run("Argmax.float", lambda: ops.Argmax(output_type=ms.float32)(x))
w = Tensor(np.ones((2, 3, 2, 2), np.float32))
run("Conv2D.mode1", lambda: ops.Conv2D(2, 2, mode=1)(img, w).shape)
run("Conv2D.mode2", lambda: ops.Conv2D(2, 2, mode=2)(img, w))
run("Conv2D.NHWC", lambda: ops.Conv2D(2, 2, data_format="NHWC")(img, w).asnumpy())
run("Conv2D.format", lambda: ops.Conv2D(2, 2, data_format="NCDHW"))
run("MaxPool.NHWC", lambda: ops.MaxPool(2, 2, data_format="NHWC")(img).asnumpy())
run("MaxPool.format", lambda: ops.MaxPool(2, 2, data_format="XX"))
lab = Tensor(np.array([1, 0], np.int32))
run("SSCE.is_grad", lambda: ops.SparseSoftmaxCrossEntropyWithLogits(is_grad=True)(x, lab))
run("SSCE", lambda: ops.SparseSoftmaxCrossEntropyWithLogits()(x, lab))
