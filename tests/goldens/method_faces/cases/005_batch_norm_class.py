"""ops.BatchNorm (MindSpore's five-output primitive: in training, moving statistics updated in
place with the unbiased batch variance, the batch mean and biased variance as outputs 3 and 4),
ops.KLDivLoss and ops.DiagPart."""
import numpy as np
from _target import ms, ops, Tensor, Parameter, emit, rs

r = rs(0)
x = Tensor(r.standard_normal((4, 3, 2, 2)).astype(np.float32))
scale = Tensor(np.array([1.0, 2.0, 0.5], np.float32))
bias = Tensor(np.array([0.1, 0.0, -0.2], np.float32))
for train in (True, False):
    for fmt in ("NCHW",):  # "NHWC" is unregistered on MindSpore's CPU (test_prim_from_functions)
        tag = "%s_%s" % ("train" if train else "infer", fmt)
        mean = Parameter(Tensor(np.array([0.5, -0.5, 0.0], np.float32)), name="m_" + tag)
        var = Parameter(Tensor(np.array([1.0, 2.0, 0.5], np.float32)), name="v_" + tag)
        inp = x if fmt == "NCHW" else Tensor(x.asnumpy().transpose(0, 2, 3, 1))
        try:
            out = ops.BatchNorm(is_training=train, epsilon=1e-3, momentum=0.2,
                                data_format=fmt)(inp, scale, bias, mean, var)
            emit(tag + "_y", out[0])
            emit(tag + "_rest", list(out[1:]))
            emit(tag + "_moving", [mean, var])
        except Exception as e:  # noqa: BLE001 - the exception type is the recorded result
            emit(tag, "raised " + type(e).__name__)
# (data_format reads back as MindSpore's internal enum, 0, and is not recorded)
emit("attrs", [ops.BatchNorm().is_training, ops.BatchNorm().epsilon, ops.BatchNorm().momentum])
p = Tensor(np.array([[0.2, 0.8], [0.5, 0.5]], np.float32))
for red in ("mean", "sum", "batchmean", "none"):
    try:
        emit("kl_" + red, ops.KLDivLoss(red)(Tensor(np.log(np.array([[0.3, 0.7], [0.6, 0.4]],
                                                                     np.float32))), p))
    except Exception as e:  # noqa: BLE001
        emit("kl_" + red, "raised " + type(e).__name__)
emit("diag_part", ops.DiagPart()(Tensor(r.standard_normal((3, 3)).astype(np.float32))))
