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
    # a plain Tensor is a variable too (MindSpore 2.10 writes into it, ms-oracle); a failed
    # write leaves it unchanged
    t = Tensor(np.ones(3, np.float32))
    with pytest.raises(ValueError, match="assign"):
        ops.assign(t, Tensor(np.zeros(4, np.float32)))
    assert t.asnumpy().tolist() == [1.0, 1.0, 1.0]
    ops.assign(t, p)
    assert t.asnumpy().tolist() == [0.0, 1.0, 2.0]


def test_failed_setitem_changes_nothing():
    t = Tensor(np.arange(4, dtype=np.float32))
    with pytest.raises(IndexError):
        t[9] = 1.0
    assert t.asnumpy().tolist() == [0.0, 1.0, 2.0, 3.0]


X4 = Tensor(np.ones((1, 2, 4, 4), np.float32))
IDX = Tensor(np.array([0, 2, 1]))
X131 = Tensor(np.ones((1, 3, 1), np.float32))


@pytest.mark.parametrize("call, error, match", [
    # bad kernel sizes, strides and paddings are rejected before any computation
    (lambda: ops.avg_pool2d(X4, (2, -1)), ValueError, "avg_pool2d: 'kernel_size'"),
    (lambda: ops.avg_pool2d(X4, 0), ValueError, "avg_pool2d: 'kernel_size'"),
    (lambda: ops.max_pool2d(X4, 0), ValueError, "max_pool2d: 'kernel_size'"),
    (lambda: ops.max_pool2d(X4, 2, stride=0), ValueError, "max_pool2d: 'stride'"),
    (lambda: ops.max_pool2d(X4, 2, padding=2), ValueError, "max_pool2d: 'padding'"),
    (lambda: ops.avg_pool2d(X4, 2, padding=-1), ValueError, "avg_pool2d: 'padding'"),
    (lambda: ops.avg_pool2d(X4, 2.5), TypeError, "avg_pool2d: 'kernel_size'"),
    (lambda: ops.avg_pool2d(X4, 2, 2 ** 70), ValueError, "avg_pool2d: 'stride'"),
    (lambda: ops.conv2d(X4, X4[:, :, :2, :2], groups=0), ValueError, "conv2d: 'groups'"),
    # narrow out of range
    (lambda: ops.narrow(X131, 1, 4, 1), ValueError, "narrow: 'start'"),
    (lambda: ops.narrow(X131, 1, 2, 5), ValueError, "narrow: 'length'"),
    (lambda: ops.narrow(X131, 1, 0, -1), ValueError, "narrow: 'length'"),
    (lambda: ops.narrow(X131, 1, 0.5, 1), TypeError, "narrow: 'start'"),
    (lambda: X131.narrow(1, 0, 9), ValueError, "narrow"),
    # one_hot, flip, topk, chunk argument types
    (lambda: ops.one_hot(IDX, 1.5), TypeError, "one_hot: 'depth'"),
    (lambda: ops.one_hot(IDX, -1), ValueError, "one_hot: 'depth'"),
    (lambda: ops.one_hot(IDX, 3, axis=5), ValueError, "one_hot: 'axis'"),
    (lambda: ops.one_hot(IDX, 3, "a"), TypeError, "one_hot: 'on_value'"),
    (lambda: ops.flip(X, None), TypeError, "flip: 'dims'"),
    (lambda: ops.topk(X, None), TypeError, "topk: 'k'"),
    (lambda: ops.chunk(X, 0), ValueError, "chunk: 'chunks'"),
    (lambda: ops.chunk(X, 1.5), TypeError, "chunk: 'chunks'"),
    # Python / numpy internals never reach the user: broadcasting, scalars given as tensors
    (lambda: ops.add(X, Tensor(np.ones((5, 7), np.float32))), ValueError, "add: shapes"),
    (lambda: ops.mul((0, 0), X), ValueError, "mul: shapes"),
    (lambda: ops.select(Tensor(np.ones(4, bool)), X, X), ValueError, "select: shapes"),
    (lambda: ops.logical_and(X, Tensor(np.ones(4))), ValueError, "logical_and: shapes"),
    (lambda: ops.elu(X, X), TypeError, "elu: 'alpha'"),
    (lambda: ops.dropout(X, None), TypeError, "dropout: 'p'"),
    (lambda: ops.sum(X, 1, X), TypeError, "sum: 'keepdim'"),
    (lambda: ops.var(X, 1, None), TypeError, "var: 'ddof'"),
    (lambda: ops.norm(X, X), TypeError, "norm: 'ord'"),
    (lambda: ops.outer(None, X), TypeError, "outer"),
    (lambda: ops.layer_norm(X, (3,), eps=-1.0), ValueError, "LayerNorm|layer_norm"),
    # a composite names the op the user called, not the op it is built from
    (lambda: ops.std(X, "a"), TypeError, "^std:"),
    (lambda: X.std("a"), TypeError, "^Tensor.std:"),
    (lambda: ops.mul(None, X), TypeError, "^mul:"),
    (lambda: ops.log(None), TypeError, "^log:"),
    (lambda: ops.Softmax(5)(X), ValueError, "^Softmax:"),
])
def test_bad_arguments_raise_clear_errors(call, error, match):
    with pytest.raises(error, match=match):
        call()


def test_squeeze_empty_tuple_squeezes_all_size_one_dims():
    assert ops.squeeze(X131, ()).shape == (3,)
    assert ops.flip(X131, ()).shape == (1, 3, 1)
