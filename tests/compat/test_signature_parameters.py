"""Parameters of MindSpore 2.10's signatures mindcell lacked (tests/compat/surface_gaps.py
lists what still differs): value_and_grad(sens_param), TrainOneStepCell(return_grad),
ReduceSum(skip_mode), LayerNorm's positional order, RowTensor(shape). Values are checked
against MindSpore in tests/goldens/signatures; here both modes and the errors."""
import numpy as np
import pytest

import mindcell as ms
from mindcell import nn, ops, Tensor


def _x():
    return Tensor(np.arange(6, dtype=np.float32).reshape(2, 3))


def test_value_and_grad_sens_param_seeds_the_backward_pass(mode):
    x, sens = _x(), Tensor(np.full((2, 3), 2.0, np.float32))
    step = ms.value_and_grad(lambda a: a * a * 3.0, sens_param=True)
    if mode == ms.GRAPH_MODE:
        step = ms.jit(step)
    value, grad = step(x, sens)
    np.testing.assert_allclose(value.asnumpy(), 3 * x.asnumpy() ** 2)
    np.testing.assert_allclose(grad.asnumpy(), 2.0 * 6 * x.asnumpy())


@pytest.mark.parametrize("sens, error", [
    (None, TypeError), (Tensor(np.ones((3,), np.float32)), ValueError),
    ((Tensor(np.ones((2, 3), np.float32)),) * 2, ValueError)])
def test_value_and_grad_sens_param_checks_the_sensitivity(sens, error):
    with pytest.raises(error, match="value_and_grad: the sensitivity"):
        ms.value_and_grad(lambda a: a * a, sens_param=True)(_x(), sens)
    with pytest.raises(TypeError, match="sens_param"):
        ms.value_and_grad(lambda a: a, sens_param=1)


def test_train_one_step_return_grad(mode):
    net = nn.Dense(3, 2, weight_init="ones", bias_init="zeros")
    loss_net = nn.WithLossCell(net, nn.MSELoss())
    expected = ms.value_and_grad(loss_net, None, net.trainable_params())(
        _x(), Tensor(np.zeros((2, 2), np.float32)))[1]
    step = nn.TrainOneStepCell(loss_net, nn.SGD(net.trainable_params(), 0.1), return_grad=True)
    loss, grads = step(_x(), Tensor(np.zeros((2, 2), np.float32)))
    assert sorted(grads) == ["bias", "weight"]
    np.testing.assert_allclose(grads["weight"].asnumpy(), expected[0].asnumpy(), rtol=1e-6)
    np.testing.assert_allclose(grads["bias"].asnumpy(), expected[1].asnumpy(), rtol=1e-6)
    np.testing.assert_allclose(float(loss), 76.5)
    # MindSpore 2.10 takes any return_grad by its truth value (0a2da09, ms-oracle)
    step = nn.TrainOneStepCell(loss_net, nn.SGD(net.trainable_params(), 0.1), return_grad=1)
    assert isinstance(step(_x(), Tensor(np.zeros((2, 2), np.float32)))[1], dict)
    step = nn.TrainOneStepCell(loss_net, nn.SGD(net.trainable_params(), 0.1), return_grad=0)
    assert isinstance(step(_x(), Tensor(np.zeros((2, 2), np.float32))), Tensor)


def test_reduce_sum_skip_mode():
    x = _x()
    np.testing.assert_array_equal(ops.ReduceSum(skip_mode=True)(x).asnumpy(), x.asnumpy())
    np.testing.assert_array_equal(ops.ReduceSum(skip_mode=True)(x, 1).asnumpy(), [3.0, 12.0])
    assert float(ops.ReduceSum()(x)) == 15.0
    with pytest.raises(TypeError, match="skip_mode"):
        ops.ReduceSum(skip_mode=1)


def test_layer_norm_takes_epsilon_after_the_initializers():
    ln = nn.LayerNorm((3,), -1, -1, "ones", "zeros", 0.5)
    assert ln.epsilon == 0.5
    x = _x().asnumpy()
    want = (x - x.mean(-1, keepdims=True)) / np.sqrt(x.var(-1, keepdims=True) + 0.5)
    np.testing.assert_allclose(ln(_x()).asnumpy(), want, rtol=1e-5)


def test_row_tensor_shape_keyword():
    rt = ms.RowTensor(Tensor(np.array([0, 2], np.int32)), Tensor(np.ones((2, 3), np.float32)),
                      shape=(4, 3))
    assert rt.dense_shape == (4, 3)
    with pytest.raises(TypeError, match="'shape'"):
        ms.RowTensor(Tensor(np.array([0], np.int32)), Tensor(np.ones((1, 3), np.float32)),
                     shape=[4, 3])


def test_every_public_op_pickles_by_reference_and_shows_its_name():
    """Ops made by factories (closures) are named as the public op: pickle finds them as
    mindcell.ops.<name> and repr shows the name."""
    import pickle
    names = [n for n in dir(ops) if not n.startswith("_") and callable(getattr(ops, n))]
    assert len(names) > 400
    for name in names:
        obj = getattr(ops, name)
        assert pickle.loads(pickle.dumps(obj)) is obj, name
        assert "<locals>" not in getattr(obj, "__qualname__", ""), name
    assert repr(ops.add).startswith("<function add ")
