"""ops.Adam / ops.AdamWeightDecay: the Parameters var, m, v after each step (in place), with
float or Tensor scalars, Nesterov, a float16 gradient, both modes; errors and attributes.
(The outputs are not recorded: MindSpore 2.10's CPU kernels return zero tensors for them.)"""
import numpy as np
from _target import ms, nn, ops, Tensor, Parameter, emit

P = ops.operations


def state():
    return (Parameter(Tensor(np.array([[1.0, 2.0], [3.0, -4.0]], np.float32)), name="var"),
            Parameter(Tensor(np.array([[0.1, 0.2], [0.0, -0.1]], np.float32)), name="m"),
            Parameter(Tensor(np.array([[0.01, 0.02], [0.0, 0.03]], np.float32)), name="v"))


def values(params):
    return [p.asnumpy().round(6).tolist() for p in params]


def run(key, fn):
    params = state()
    try:
        fn(*params)
        emit(key, values(params))
    except Exception as e:  # noqa: BLE001  (the golden records the exception type)
        emit(key, type(e).__name__)


grad = Tensor(np.array([[0.5, -1.0], [2.0, 0.25]], np.float32))


def T(x):
    return Tensor(np.array(x, np.float32))


for nesterov in (False, True):
    run("adam_nesterov_%s" % nesterov, lambda var, m, v: P.Adam(use_nesterov=nesterov)(
        var, m, v, 0.9, 0.999, 0.01, 0.9, 0.999, 1e-8, grad))
run("adam_tensors", lambda var, m, v: P.Adam()(var, m, v, T(0.81), T(0.998), T(0.05), T(0.9),
                                                 T(0.999), T(1e-6), grad))
run("adam_twice", lambda var, m, v: [P.Adam()(var, m, v, 0.9 ** k, 0.999 ** k, 0.01, 0.9, 0.999,
                                               1e-8, grad) for k in (1, 2)])
run("adam_f16_grad", lambda var, m, v: P.Adam()(var, m, v, 0.9, 0.999, 0.01, 0.9, 0.999, 1e-8,
                                                  Tensor(grad.asnumpy().astype(np.float16))))
run("adam_bad_shape", lambda var, m, v: P.Adam()(var, m, v, 0.9, 0.999, 0.01, 0.9, 0.999, 1e-8,
                                                   Tensor(np.ones(3, np.float32))))
run("adamwd", lambda var, m, v: P.AdamWeightDecay()(var, m, v, 0.01, 0.9, 0.999, 1e-8, 0.1, grad))
run("adamwd_tensors", lambda var, m, v: P.AdamWeightDecay()(var, m, v, T(0.02), T(0.8), T(0.99),
                                                            T(1e-6), T(0.5), grad))
run("adamwd_int_lr", lambda var, m, v: P.AdamWeightDecay()(var, m, v, 1, 0.9, 0.999, 1e-8, 0.0,
                                                           grad))
emit("adam_attrs", [P.Adam().use_locking, P.Adam(use_nesterov=True).use_nesterov])
emit("adamwd_attrs", P.AdamWeightDecay().use_locking)
for kwargs in (dict(use_locking=1), dict(use_nesterov="x")):
    try:
        P.Adam(**kwargs)
        emit("adam_bad_%s" % list(kwargs)[0], "no-error")
    except Exception as e:  # noqa: BLE001
        emit("adam_bad_%s" % list(kwargs)[0], type(e).__name__)


class Step(nn.Cell):
    def __init__(self, weight_decay):
        super().__init__()
        self.var, self.m, self.v = state()
        self.beta1_power = Parameter(T(1.0), name="beta1_power")
        self.beta2_power = Parameter(T(1.0), name="beta2_power")
        self.weight_decay = weight_decay
        self.adam, self.adamwd = P.Adam(), P.AdamWeightDecay()

    def construct(self, g):
        if self.weight_decay:
            return self.adamwd(self.var, self.m, self.v, 0.01, 0.9, 0.999, 1e-8, 0.1, g)
        self.beta1_power = self.beta1_power * 0.9
        self.beta2_power = self.beta2_power * 0.999
        return self.adam(self.var, self.m, self.v, self.beta1_power, self.beta2_power, 0.01, 0.9,
                         0.999, 1e-8, g)


ms.set_context(mode=ms.GRAPH_MODE)
for wd in (False, True):
    net = Step(wd)
    for _ in range(3):
        net(grad)
    emit("graph_three_steps_wd_%s" % wd, values((net.var, net.m, net.v)))
ms.set_context(mode=ms.PYNATIVE_MODE)
