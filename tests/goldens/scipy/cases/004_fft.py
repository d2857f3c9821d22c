"""mindspore.scipy.fft: dct/idct/dctn/idctn (orthonormal type II) values and dtypes, n/s
truncation and padding, axes, and the errors for other types and norms."""
import numpy as np
import importlib

from _target import ms, Tensor, emit

F = importlib.import_module(ms.__name__ + ".scipy.fft")  # not loaded by import mindspore
x = Tensor(np.arange(12).reshape(3, 4).astype(np.float32) ** 1.5)
for fn in (F.dct, F.idct):
    for kw in (dict(), dict(norm="ortho"), dict(n=6), dict(n=3), dict(axis=0),
               dict(n=2, axis=0)):
        y = fn(x, **kw)
        emit("%s_%s" % (fn.__name__, sorted(kw.items())), y)
        emit("%s_%s_dtype" % (fn.__name__, sorted(kw.items())), y.dtype)
    for kw in (dict(type=1), dict(type=3), dict(norm="forward"), dict(norm="backward")):
        try:
            fn(x, **kw)
            emit("%s_%s" % (fn.__name__, sorted(kw.items())), "no error")
        except Exception as e:  # noqa: BLE001
            emit("%s_%s" % (fn.__name__, sorted(kw.items())), e)
for fn in (F.dctn, F.idctn):
    for kw in (dict(), dict(s=(2, 5)), dict(axes=(1,)), dict(axes=(0,)), dict(norm="ortho")):
        emit("%s_%s" % (fn.__name__, sorted(kw.items())), fn(x, **kw))
for dt in (np.float64, np.int32, np.float16):
    y = F.dct(Tensor(np.array([1, 2, 3, 4]).astype(dt)))
    emit("dct_dtype_" + np.dtype(dt).name, [str(y.dtype), y])
