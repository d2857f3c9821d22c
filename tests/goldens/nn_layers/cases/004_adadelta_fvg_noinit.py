"""nn.Adadelta (three steps with weight decay, state names, argument errors),
nn.ForwardValueAndGrad (each gradient selection, sens) and nn.no_init_parameters (values after
the context)."""
import numpy as np
from _target import ms, nn, Tensor, Parameter, emit


def err(key, fn):
    try:
        fn()
        emit(key, "ok")
    except Exception as e:  # noqa: BLE001 - the exception type is the recorded result
        emit(key, e)


w = Parameter(Tensor(np.array([1.0, -2.0, 3.0], np.float32)), name="w")
b = Parameter(Tensor(np.array([0.5], np.float32)), name="b")
opt = nn.Adadelta([w, b], learning_rate=0.5, rho=0.8, epsilon=1e-3, weight_decay=0.1)
emit("adadelta.state", sorted(p.name for p in opt.accum + opt.accum_update))
emit("adadelta.hyper", [opt.rho, opt.epsilon])
for step in range(3):
    g = (Tensor(np.array([0.1, -0.3, 0.2], np.float32) * (step + 1)),
         Tensor(np.array([1.0], np.float32)))
    opt(g)
    emit("adadelta.step%d" % step, [w.asnumpy(), b.asnumpy(), opt.accum[0].asnumpy(),
                                    opt.accum_update[0].asnumpy()])
d = nn.Adadelta([w])
emit("adadelta.defaults", [d.rho, d.epsilon, float(d.get_lr().asnumpy())])
err("adadelta.rho_above_1", lambda: nn.Adadelta([w], rho=1.5))
err("adadelta.rho_int", lambda: nn.Adadelta([w], rho=1))
err("adadelta.eps_neg", lambda: nn.Adadelta([w], epsilon=-1.0))
err("adadelta.lr_neg", lambda: nn.Adadelta([w], learning_rate=-1.0))
err("adadelta.wd_neg", lambda: nn.Adadelta([w], weight_decay=-1.0))
err("adadelta.loss_scale", lambda: nn.Adadelta([w], loss_scale=2.0))

net = nn.Dense(3, 2, weight_init="ones", bias_init="zeros")
loss_net = nn.WithLossCell(net, nn.MSELoss())
x = Tensor(np.array([[1.0, 2.0, 3.0]], np.float32))
y = Tensor(np.array([[1.0, 0.0]], np.float32))
params = ms.ParameterTuple(net.trainable_params())
for mode in ("PYNATIVE_MODE", "GRAPH_MODE"):
    ms.set_context(mode=getattr(ms, mode))
    emit(mode + ".by_list", nn.ForwardValueAndGrad(loss_net, weights=params,
                                                   get_by_list=True)(x, y))
    emit(mode + ".all", nn.ForwardValueAndGrad(loss_net, get_all=True)(x, y))
    emit(mode + ".default", nn.ForwardValueAndGrad(loss_net)(x, y))
    emit(mode + ".all_list_sens", nn.ForwardValueAndGrad(
        loss_net, weights=params, get_all=True, get_by_list=True, sens_param=True)(
        x, y, Tensor(2.0, ms.float32)))
ms.set_context(mode=ms.PYNATIVE_MODE)
fvg = nn.ForwardValueAndGrad(loss_net, weights=params, get_by_list=True)
emit("fvg.attrs", [fvg.get_all, fvg.get_by_list, fvg.sens_param])
err("fvg.no_weights", lambda: nn.ForwardValueAndGrad(loss_net, get_by_list=True))
err("fvg.bad_network", lambda: nn.ForwardValueAndGrad(3))

with nn.no_init_parameters():
    d1 = nn.Dense(3, 2, weight_init="ones", bias_init="zeros")
emit("no_init.value", d1(Tensor(np.ones((1, 3), np.float32))))
d1.init_parameters_data()
emit("no_init.after_init", d1.weight.asnumpy())
emit("no_init.module_path", ms.nn.utils.no_init_parameters is nn.no_init_parameters)
