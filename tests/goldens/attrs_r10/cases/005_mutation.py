"""Value semantics of the attributes subclasses and callbacks read: after construction, which
attribute changes the computation (MindSpore's layers keep most hyper-parameters in the
primitive they built: changing ``Dropout.p`` or ``Softmax.axis`` afterwards changes nothing,
while ``Dense.has_bias``, ``LeakyReLU.alpha``, ``Flatten.start_dim`` and a loss's
``average``/``reduce`` are read at each call); EarlyStopping's ``best``/``wait``/``mode`` through
epochs, and DynamicLossScaleManager's ratios."""
import numpy as np
from _target import ms, nn, ops, Tensor, Parameter, emit
class Params(dict):
    """cb_params: a dict whose items are attributes too (as MindSpore's)."""
    __getattr__ = dict.__getitem__
    __setattr__ = dict.__setitem__


def es(monitor, patience, losses, **kw):
    s = ms.train.EarlyStopping(monitor=monitor, patience=patience, **kw)
    out = [repr(s.best), getattr(s, "mode", None)]
    cb = Params(cur_epoch_num=1, eval_results={monitor: 0.0} if monitor != "loss" else {},
                net_outputs=Tensor(np.float32(1.0)), train_network=nn.Dense(2, 1))
    ctx = ms.train.RunContext(cb)
    for e, l in enumerate(losses, 1):
        cb.cur_epoch_num = e
        if monitor == "loss": cb.net_outputs = Tensor(np.float32(l))
        else: cb.eval_results = {monitor: l}
        s.on_train_epoch_end(ctx)
        out.append([float(s.best), s.wait, s.stopped_epoch, ctx.get_stop_requested()])
        ctx._stop_requested = False
    return out
for args in [("loss", 1, [1.0, 1.0, 1.0]), ("loss", 0, [1.0, 0.5]), ("loss", 2, [1.0, 0.9, 0.95, 0.97, 0.99]),
             ("f1", 1, [0.5, 0.7, 0.6, 0.6]), ("accuracy", 1, [0.5, 0.7, 0.6, 0.6]), ("loss", 1, [1.0, 0.8, 0.9], )]:
    try: emit("es|%s|%d|%s" % args, es(*args))
    except Exception as e: emit("es|%s|%d|%s" % args, type(e).__name__)
try: emit("es|baseline", es("loss", 1, [1.0, 0.8, 0.7, 0.6], baseline=0.75))
except Exception as e: emit("es|baseline", type(e).__name__)
m = ms.train.DynamicLossScaleManager(8, 2, 2)
tr = []
for o in [True, False, False, True, False, False, False]:
    m.update_loss_scale(o); tr.append(m.get_loss_scale())
emit("dlsm", [tr, m.decrease_ratio, m.increase_ratio, getattr(m, "bad_step", None)])
ms.set_seed(1)
d = nn.Dropout(p=0.5); d.set_train(True)
x = Tensor(np.ones((4, 64), np.float32))
d.p = 0.0
emit("dropout_p_mut", float((d(x).asnumpy() == 0).mean()) > 0.2)
d2 = nn.Dropout(p=0.5); d2.keep_prob = 1.0; d2.set_train(True)
emit("dropout_keep_mut", float((d2(x).asnumpy() == 0).mean()) > 0.2)
l = nn.LeakyReLU(0.2); l.alpha = 0.5
emit("leaky_mut", l(Tensor(np.array([-1.0], np.float32))))
s = nn.Softmax(axis=0); s.axis = 1
emit("softmax_mut", s(Tensor(np.array([[1.0, 2.0], [3.0, 5.0]], np.float32))))
f = nn.Flatten(); f.start_dim = 2
emit("flatten_mut", f(Tensor(np.ones((2, 3, 4, 5), np.float32))).shape)
e = nn.ELU(1.0); e.alpha = 2.0
emit("elu_mut", e(Tensor(np.array([-1.0], np.float32))))
ls = nn.MSELoss(); ls.reduction = "sum"
emit("mse_red_mut", ls(Tensor(np.ones(3, np.float32)), Tensor(np.zeros(3, np.float32))))
ls = nn.MSELoss(); ls.average = False
emit("mse_avg_mut", ls(Tensor(np.ones(3, np.float32)), Tensor(np.zeros(3, np.float32))))
dn = nn.Dense(2, 2, weight_init="ones", bias_init="ones"); dn.has_bias = False
emit("dense_hasbias_mut", dn(Tensor(np.ones((1, 2), np.float32))))
bn = nn.BatchNorm1d(2); bn.set_train(True); bn.momentum = 0.5
bn(Tensor(np.array([[1.0, 2.0], [3.0, 6.0]], np.float32)))
emit("bn_momentum_mut", bn.moving_mean)
bn = nn.BatchNorm1d(2); bn.set_train(False); bn.eps = 1.0
emit("bn_eps_mut", bn(Tensor(np.array([[1.0, 2.0]], np.float32))))
