"""Parameters MindSpore 2.10 has that mindcell lacked: value_and_grad(sens_param),
TrainOneStepCell(return_grad), ReduceSum(skip_mode), LayerNorm's positional order,
RowTensor(shape)."""
import numpy as np
from _target import ms, nn, ops, Tensor, emit

x = Tensor(np.arange(6, dtype=np.float32).reshape(2, 3))
sens = Tensor(np.full((2, 3), 2.0, np.float32))
value, grad = ms.value_and_grad(lambda a: a * a, sens_param=True)(x, sens)
emit("sens_value", value)
emit("sens_grad", grad)
# (With several outputs and a tuple of sensitivities MindSpore 2.10 returns twice the
# vector-Jacobian product; mindcell returns the product itself: not recorded.)

net = nn.Dense(3, 2, weight_init="ones", bias_init="zeros")
step = nn.TrainOneStepCell(nn.WithLossCell(net, nn.MSELoss()),
                           nn.SGD(net.trainable_params(), 0.1), return_grad=True)
loss, grads = step(x, Tensor(np.zeros((2, 2), np.float32)))
emit("return_grad_loss", loss)
emit("return_grad_keys", sorted(grads))
emit("return_grad_weight", grads["weight"])
emit("return_grad_bias", grads["bias"])
emit("weight_after", net.weight)

emit("reduce_sum_skip_axis", ops.ReduceSum(skip_mode=True)(x, 1))
emit("reduce_sum_keep", ops.ReduceSum(True, False)(x, 0))

ln = nn.LayerNorm((3,), -1, -1, "ones", "zeros", 0.5)  # epsilon is the 6th parameter
emit("layer_norm_epsilon", ln.epsilon)
emit("layer_norm_out", ln(x))

rt = ms.RowTensor(Tensor(np.array([0, 2], np.int32)), Tensor(np.ones((2, 3), np.float32)),
                  shape=(4, 3))
emit("row_tensor_dense_shape", list(rt.dense_shape))
