"""ops.Conv2DBackpropInput and ops.Conv2DTranspose: the input gradient of a convolution for
"valid", "same" and "pad" padding, strides, dilation, groups and input sizes the forward
windows do not cover. (Asymmetric "pad" padding fails on MindSpore 2.10's CPU, RuntimeError;
tests/ops/test_prim_from_functions.py checks it against the gradient of the convolution.)"""
import numpy as np
from _target import ops, Tensor, emit, rs

r = rs(40)
CASES = [
    # (out_channel, kernel, kwargs, dout shape, weight shape, input_size)
    (4, 3, dict(pad_mode="valid"), (2, 4, 3, 3), (4, 2, 3, 3), (2, 2, 5, 5)),
    (4, 3, dict(pad_mode="same"), (1, 4, 5, 5), (4, 2, 3, 3), (1, 2, 5, 5)),
    (3, 3, dict(pad_mode="same", stride=2), (1, 3, 3, 4), (3, 2, 3, 3), (1, 2, 6, 7)),
    (2, (2, 3), dict(pad_mode="pad", pad=1, stride=(2, 1)), (1, 2, 3, 4), (2, 1, 2, 3),
     (1, 1, 5, 4)),
    (4, 3, dict(pad_mode="valid", dilation=2, group=2), (1, 4, 2, 2), (4, 1, 3, 3),
     (1, 2, 6, 6)),
    (2, 2, dict(pad_mode="valid", stride=2), (1, 2, 2, 2), (2, 1, 2, 2), (1, 1, 5, 5)),
]
for k, (oc, ks, kw, dshape, wshape, size) in enumerate(CASES):
    dout = Tensor(r.standard_normal(dshape).astype(np.float32))
    weight = Tensor(r.standard_normal(wshape).astype(np.float32))
    for name in ("Conv2DBackpropInput", "Conv2DTranspose"):
        try:
            emit("%s_%d" % (name, k), getattr(ops, name)(oc, ks, **kw)(dout, weight, size))
        except Exception as e:  # noqa: BLE001 - the exception type is the recorded result
            emit("%s_%d" % (name, k), "raised " + type(e).__name__)
