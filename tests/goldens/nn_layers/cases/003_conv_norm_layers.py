"""nn.Conv1dTranspose, Conv3dTranspose, BatchNorm3d, SyncBatchNorm (one process),
Conv2dBnAct and DenseBnAct: outputs, parameter names and shapes, moving statistics, gradients
and error types."""
import numpy as np
from _target import ms, nn, Tensor, emit


def run(key, fn):
    """Emit shape and value of the output, or the exception's type."""
    try:
        out = fn()
        rows = [(key + ".shape", list(out.shape)), (key, out.asnumpy())]
    except Exception as e:  # noqa: BLE001 - the exception type is the recorded result
        rows = [(key, e)]
    for k, v in rows:
        emit(k, v)


def params(key, net):
    emit(key, [[p.name, list(p.shape), p.requires_grad] for p in net.get_parameters()])


def grads(key, net, x):
    fn = ms.value_and_grad(lambda v: (net(v) * net(v)).sum(), grad_position=0,
                           weights=net.trainable_params())
    _, (gx, gw) = fn(x)
    emit(key + ".x", gx.asnumpy())
    for p, g in zip(net.trainable_params(), gw):
        emit(key + "." + p.name, g.asnumpy())


x1 = Tensor(np.arange(2 * 2 * 5, dtype=np.float32).reshape(2, 2, 5) / 10)
c1 = nn.Conv1dTranspose(2, 3, 3, stride=2, pad_mode="pad", padding=1, has_bias=True,
                        weight_init="ones", bias_init="zeros")
params("c1t.params", c1)
emit("c1t.attrs", [list(c1.kernel_size), list(c1.stride), list(c1.padding), list(c1.dilation)])
run("c1t.pad", lambda: c1(x1))
run("c1t.same", lambda: nn.Conv1dTranspose(2, 3, 3, stride=2, weight_init="ones")(x1))
run("c1t.valid", lambda: nn.Conv1dTranspose(2, 3, 3, stride=2, pad_mode="valid",
                                            weight_init="ones")(x1))
run("c1t.dil_group", lambda: nn.Conv1dTranspose(2, 4, 2, dilation=2, group=2, pad_mode="valid",
                                                weight_init="ones")(x1))
run("c1t.bad_input", lambda: c1(Tensor(np.ones((2, 3, 5), np.float32))))
wramp = Tensor(np.linspace(-1, 1, 2 * 3 * 3, dtype=np.float32).reshape(2, 3, 3))
grads("c1t.grad", nn.Conv1dTranspose(2, 3, 3, stride=2, pad_mode="valid", weight_init=wramp,
                                     has_bias=True, bias_init="ones"), x1)

x3 = Tensor(np.arange(1 * 2 * 2 * 3 * 2, dtype=np.float32).reshape(1, 2, 2, 3, 2) / 10)
c3 = nn.Conv3dTranspose(2, 4, 3, stride=2, pad_mode="pad", padding=1, output_padding=1,
                        has_bias=True, weight_init="ones", bias_init="ones")
params("c3t.params", c3)
run("c3t.pad_outpad", lambda: c3(x3))
run("c3t.same", lambda: nn.Conv3dTranspose(2, 2, (2, 3, 1), stride=(2, 1, 2),
                                           weight_init="ones")(x3))
run("c3t.valid_group", lambda: nn.Conv3dTranspose(2, 4, 2, dilation=(1, 2, 1), group=2,
                                                  pad_mode="valid", weight_init="ones")(x3))
run("c3t.pad6", lambda: nn.Conv3dTranspose(2, 2, 3, pad_mode="pad", padding=(0, 1, 1, 0, 1, 1),
                                           weight_init="ones")(x3))
run("c3t.outpad_bad", lambda: nn.Conv3dTranspose(2, 2, 3, pad_mode="pad", output_padding=1))
w3 = Tensor(np.linspace(-1, 1, 2 * 2 * 2 * 2 * 3, dtype=np.float32).reshape(2, 2, 2, 2, 3))
run("c3t.ramp", lambda: nn.Conv3dTranspose(2, 2, (2, 2, 3), stride=(1, 2, 2), pad_mode="pad",
                                           padding=(1, 0, 0, 1, 1, 1), weight_init=w3)(x3))
grads("c3t.grad", nn.Conv3dTranspose(2, 2, (2, 2, 3), stride=(1, 2, 2), weight_init=w3,
                                     has_bias=True, bias_init="zeros"), x3)

x5 = Tensor(np.arange(2 * 2 * 2 * 2 * 3, dtype=np.float32).reshape(2, 2, 2, 2, 3))
bn3 = nn.BatchNorm3d(2)
params("bn3.params", bn3)
bn3.set_train(True)
run("bn3.train", lambda: bn3(x5))
emit("bn3.moving", [bn3.bn2d.moving_mean.asnumpy(), bn3.bn2d.moving_variance.asnumpy()])
bn3.set_train(False)
run("bn3.eval", lambda: bn3(x5))
run("bn3.4d", lambda: bn3(Tensor(np.ones((2, 2, 2, 2), np.float32))))

x4 = Tensor(np.arange(2 * 2 * 2 * 3, dtype=np.float32).reshape(2, 2, 2, 3))
sbn = nn.SyncBatchNorm(2)
params("sbn.params", sbn)
emit("sbn.attrs", [sbn.is_global, sbn.group_name, sbn.process_groups, sbn.rank_id,
                   sbn.rank_size])
sbn.set_train(True)
run("sbn.train", lambda: sbn(x4))
emit("sbn.moving", [sbn.moving_mean.asnumpy(), sbn.moving_variance.asnumpy()])
run("sbn.2d", lambda: sbn(Tensor(np.arange(4, dtype=np.float32).reshape(2, 2))))
sbn.set_train(False)
run("sbn.eval", lambda: sbn(x4))
run("sbn.rank_out_of_world", lambda: nn.SyncBatchNorm(2, process_groups=[[0, 1]]))

cba = nn.Conv2dBnAct(2, 3, 3, has_bn=True, activation="relu", weight_init="ones")
params("cba.params", cba)
emit("cba.flags", [cba.has_bn, cba.has_act, cba.after_fake])
run("cba.eval", lambda: cba(x4))
cba.set_train(True)
run("cba.train", lambda: cba(x4))
run("cba.plain", lambda: nn.Conv2dBnAct(2, 3, 1, weight_init="ones", has_bias=True)(x4))
run("cba.leaky", lambda: nn.Conv2dBnAct(2, 3, 1, weight_init="ones", activation="leakyrelu",
                                        alpha=0.5)(x4 - 5))
run("cba.bad_act", lambda: nn.Conv2dBnAct(2, 3, 1, activation=3))
dba = nn.DenseBnAct(3, 2, has_bn=True, activation="relu", weight_init="ones")
params("dba.params", dba)
xd = Tensor(np.arange(6, dtype=np.float32).reshape(2, 3))
run("dba.eval", lambda: dba(xd))
dba.set_train(True)
run("dba.train", lambda: dba(xd))
run("dba.leaky", lambda: nn.DenseBnAct(3, 2, weight_init="ones", activation="leakyrelu",
                                       alpha=0.5)(-xd))
