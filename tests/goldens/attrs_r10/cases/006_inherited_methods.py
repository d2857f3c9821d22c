"""The methods subclasses and programs call on what MindSpore's classes inherit: a loss's
``get_loss``/``get_axis`` (KLDivLoss is a LossBase too), mint BatchNorm's ``reset_parameters`` and
``reset_running_stats``, InstanceNorm's running-statistics Parameters (checkpoint keys)."""
import numpy as np
from _target import ms, nn, Tensor, emit

x = Tensor(np.arange(6, dtype=np.float32).reshape(2, 3) / 4)
for name, loss in [("KLDivLoss", nn.KLDivLoss()), ("KLDivLoss_sum", nn.KLDivLoss("sum")),
                   ("MSELoss_none", nn.MSELoss("none")), ("L1Loss_sum", nn.L1Loss("sum"))]:
    emit("get_loss|" + name, [loss.average, loss.reduce, loss.get_axis(x), loss.get_loss(x),
                              loss.get_loss(x, Tensor(np.array([[1.0], [2.0]], np.float32)))])


class Cube(nn.LossBase):
    def construct(self, logits, labels):
        return self.get_loss(ms.ops.abs(logits - labels) ** 3)


c = Cube("sum")
c.average, c.reduce = True, True
emit("subclass_get_loss_flags", c(x, x * 0))

for cls in ("BatchNorm1d", "BatchNorm2d"):
    bn = getattr(ms.mint.nn, cls)(2)
    bn.weight.set_data(Tensor(np.array([3.0, 4.0], np.float32)))
    bn.running_mean.set_data(Tensor(np.array([1.0, 2.0], np.float32)))
    bn.running_var.set_data(Tensor(np.array([5.0, 6.0], np.float32)))
    bn.reset_running_stats()
    first = [bn.running_mean, bn.running_var, bn.num_batches_tracked, bn.weight]
    bn.reset_parameters()
    emit("mint_reset|" + cls, [first, [bn.running_mean, bn.running_var, bn.weight, bn.bias],
                               str(bn.dtype)])

net = nn.SequentialCell([nn.Conv2d(2, 2, 1), nn.InstanceNorm2d(2)])
emit("instance_norm_params", [[k, p.name, list(p.shape), p.requires_grad, p.asnumpy().tolist()]
                              for k, p in net[1].parameters_and_names()])
emit("instance_norm_ckpt_keys", sorted(net.parameters_dict()))
