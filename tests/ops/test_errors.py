"""Bad input raises TypeError/ValueError/RuntimeError at the call, naming the op, and changes
nothing."""
import numpy as np
import pytest

import mindcell as ms
from mindcell import ops, Tensor, Parameter

X = Tensor(np.ones((2, 3), np.float32))


@pytest.mark.parametrize("call, error, name", [
    (lambda: ops.reshape(X, (4, 2)), ValueError, "reshape"),
    (lambda: ops.reshape(X, (-1, -1)), ValueError, "reshape"),
    (lambda: ops.transpose(X, (0, 0)), ValueError, "transpose"),
    (lambda: ops.sum(X, 5), ValueError, "sum"),
    (lambda: ops.sum(X, "a"), TypeError, "sum"),
    (lambda: ops.concat([X, Tensor(np.ones((3, 3), np.float32))], 1), ValueError, "concat"),
    (lambda: ops.concat(X), TypeError, "concat"),
    (lambda: ops.split(X, [1, 1], 1), ValueError, "split"),
    (lambda: ops.matmul(X, X), RuntimeError, "matmul"),
    (lambda: ops.MatMul(transpose_b=True)(X, X.reshape(3, 2)), RuntimeError, "MatMul"),
    (lambda: ops.BatchMatMul()(X.reshape(1, 2, 3), X.reshape(1, 2, 3)), RuntimeError,
     "BatchMatMul"),
    (lambda: ops.matmul(X.reshape(2, 1, 3), ms.Tensor(np.ones((3, 3, 2), np.float32))),
     RuntimeError, "batch dimensions"),
    (lambda: ops.gather(X, Tensor(np.array([5])), 0), ValueError, "gather"),
    (lambda: ops.gather(X, Tensor(np.array([0.5])), 0), TypeError, "gather"),
    (lambda: ops.softmax(X, 2), ValueError, "softmax"),
    (lambda: ops.conv2d(X, X), ValueError, "conv2d"),
    (lambda: ops.gelu(X, "fast"), ValueError, "gelu"),
    (lambda: ops.select(X, X, X), TypeError, "select"),
    (lambda: ops.cross_entropy(X, Tensor(np.array([0.5, 1.0]))), ValueError, "cross_entropy"),
    (lambda: ops.mse_loss(X, X, "avg"), ValueError, "mse_loss"),
    (lambda: ops.dropout(X, 2.0), ValueError, "dropout"),
    (lambda: ops.cast(X, "float99"), TypeError, "cast"),
    (lambda: ops.add(X, "a"), TypeError, "add"),
    (lambda: ops.topk(X, 9), ValueError, "topk"),
    (lambda: ops.broadcast_to(X, (3, 3)), ValueError, "broadcast_to"),
    (lambda: ops.grad(lambda x: x.sum(), 3)(X), ValueError, "grad"),
    (lambda: ops.grad(lambda x: x.sum(), weights=[X])(X), TypeError, "grad"),
    (lambda: ms.set_context(mode=7), ValueError, "set_context"),
    (lambda: ms.set_context(nonsense=1), ValueError, "set_context"),
    (lambda: X[5], IndexError, "Tensor index"),
])
def test_errors_name_the_op(call, error, name):
    with pytest.raises(error, match=name):
        call()


def test_failed_assign_changes_nothing():
    p = Parameter(Tensor(np.arange(3, dtype=np.float32)), name="p")
    with pytest.raises(ValueError, match="assign"):
        ops.assign(p, Tensor(np.ones(4, np.float32)))
    assert p.asnumpy().tolist() == [0.0, 1.0, 2.0]
    with pytest.raises(TypeError, match="assign"):
        ops.assign(Tensor(np.ones(3, np.float32)), p)


def test_failed_setitem_changes_nothing():
    t = Tensor(np.arange(4, dtype=np.float32))
    with pytest.raises(IndexError):
        t[9] = 1.0
    assert t.asnumpy().tolist() == [0.0, 1.0, 2.0, 3.0]
