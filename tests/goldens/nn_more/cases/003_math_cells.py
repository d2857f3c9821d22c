"""nn.L1Regularizer, MatrixDiag, MatrixDiagPart, MatrixSetDiag, MatDet, MatInverse, LGamma,
DiGamma: values, dtypes, shapes, gradients and error types. MindSpore 2.10's CPU build has no
kernel for MatrixDiag, MatrixDiagPart, MatrixSetDiag, MatDet, MatInverse (or
MultilabelMarginLoss): only their argument errors are recorded, their values are checked against
numpy in tests/nn/test_nn_more_math.py. Left out: float16 LGamma/DiGamma values (MindSpore runs
its Lanczos series in float16: lgamma(0.5) 0.5713 where the value is 0.5724) and LGamma's
gradient at integers such as 3.0 or 6.0 (MindSpore gives nan)."""
import numpy as np
from _target import ms, nn, Tensor, emit

from _nn_more import run  # noqa: E402  (the shared recorder)


w = Tensor(np.array([[1.0, -2.5], [0.5, -0.25]], np.float32))
run("l1", lambda: nn.L1Regularizer(0.5)(w))
run("l1_int_scale", lambda: nn.L1Regularizer(2)(w))
run("l1_int_w", lambda: nn.L1Regularizer(0.5)(Tensor(np.array([1, -3], np.int32))))
run("l1_grad", lambda: ms.grad(nn.L1Regularizer(0.5))(w))
run("l1_zero", lambda: nn.L1Regularizer(0.0))
run("l1_inf", lambda: nn.L1Regularizer(float("inf")))
run("l1_str", lambda: nn.L1Regularizer("1"))
run("l1_bool_w", lambda: nn.L1Regularizer(1.0)(Tensor(np.array([True]))))
run("l1_attr", lambda: nn.L1Regularizer(0.5).scale)
v3 = Tensor(np.array([1.0, -2.0, 3.0], np.float32))
m23 = Tensor(np.arange(1, 7, dtype=np.float32).reshape(2, 3))
m33 = Tensor(np.arange(1, 10, dtype=np.float32).reshape(3, 3))
m234 = Tensor(np.arange(24, dtype=np.float32).reshape(2, 3, 4))
run("mdpart_1d", lambda: nn.MatrixDiagPart()(v3))
run("msetdiag_bad", lambda: nn.MatrixSetDiag()(m33, Tensor(np.ones(2, np.float32))))
spd = Tensor(np.array([[[4.0, 1.0, 0.5], [1.0, 3.0, 0.2], [0.5, 0.2, 2.0]],
                       [[2.0, 0.3, 0.0], [0.3, 1.0, 0.1], [0.0, 0.1, 5.0]]], np.float32))
run("matdet_int", lambda: nn.MatDet()(Tensor(np.eye(2, dtype=np.int32))))
run("matdet_f64", lambda: nn.MatDet()(Tensor(np.eye(2, dtype=np.float64))))
run("matinv_int", lambda: nn.MatInverse()(Tensor(np.eye(2, dtype=np.int32))))
g = Tensor(np.array([-2.5, -0.5, 0.3, 1.0, 2.0, 4.5, 10.0, -3.0, 0.0], np.float32))
run("lgamma", lambda: nn.LGamma()(g))
run("lgamma_grad", lambda: ms.grad(nn.LGamma())(Tensor(np.array([0.7, 2.5, 3.7], np.float32))))
run("lgamma_int", lambda: nn.LGamma()(Tensor(np.array([1, 2], np.int32))))
run("lgamma_f64", lambda: nn.LGamma()(Tensor(np.array([1.5], np.float64))))
run("digamma", lambda: nn.DiGamma()(g))
run("digamma_int", lambda: nn.DiGamma()(Tensor(np.array([1, 2], np.int32))))
xm = Tensor(np.array([[0.1, 0.2, 0.4, 0.8], [0.3, -0.5, 0.9, 0.05]], np.float32))
tm = Tensor(np.array([[3, 0, -1, 1], [1, 2, -1, 0]], np.int32))
