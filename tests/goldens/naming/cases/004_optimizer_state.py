"""The Parameters every built-in optimizer holds: their names and order (what checkpoints of a
TrainOneStepCell contain and what load_checkpoint matches), requires_grad (which decides what
trainable_params() lists), dtype and shape.

Not recorded (mindcell differs): the 0-d 'momentum' Parameter of SGD and Momentum (mindcell
keeps momentum as a constant of the update kernel), so it is left out of both sides' lists;
LARS (MindSpore's wrapper also holds 'fake_lr' and 'fake_param'); the position of
'learning_rate' when it is a per-step list (MindSpore creates it after the optimizer's state,
mindcell before the parameters; checkpoints match names, not positions); optimizers that
MindSpore 2.10 cannot build on CPU."""
import numpy as np

from _target import ms, nn, emit

ms.set_context(mode=ms.PYNATIVE_MODE)

OPTIMIZERS = [
    ("SGD", lambda p: nn.SGD(p, 0.1, momentum=0.9)),
    ("Momentum", lambda p: nn.Momentum(p, 0.1, 0.9)),
    ("Adam", lambda p: nn.Adam(p, 0.1)),
    ("Adam_amsgrad", lambda p: nn.Adam(p, 0.1, use_amsgrad=True)),
    ("AdamWeightDecay", lambda p: nn.AdamWeightDecay(p, 0.1)),
    ("Lamb", lambda p: nn.Lamb(p, 0.1)),
    ("FTRL", lambda p: nn.FTRL(p)),
    ("RMSProp", lambda p: nn.RMSProp(p, 0.1)),
    ("RMSProp_centered", lambda p: nn.RMSProp(p, 0.1, centered=True)),
    ("Adagrad", lambda p: nn.Adagrad(p)),
    ("Adadelta", lambda p: nn.Adadelta(p)),
    ("AdaMax", lambda p: nn.AdaMax(p, 0.1)),
    ("LazyAdam", lambda p: nn.LazyAdam(p, 0.1)),
    ("ProximalAdagrad", lambda p: nn.ProximalAdagrad(p, 0.1)),
    ("ASGD", lambda p: nn.ASGD(p, 0.1)),
    ("Rprop", lambda p: nn.Rprop(p, 0.1)),
    ("SGD_groups", lambda p: nn.SGD([{"params": p[:1], "weight_decay": 0.01},
                                     {"params": p[1:]}], 0.1)),
]


def state(opt):
    return [(q.name, bool(q.requires_grad), str(q.dtype), list(q.shape))
            for q in opt.get_parameters() if q.name != "momentum"]


for tag, make in OPTIMIZERS:
    net = nn.Dense(2, 3)
    try:
        opt = make(net.trainable_params())
    except Exception as e:  # noqa: BLE001 - the exception type is the recorded result
        emit(tag + "/build", e)
        continue
    emit(tag + "/state", state(opt))
    emit(tag + "/trainable", [q.name for q in opt.trainable_params() if q.name != "momentum"])
    step = nn.TrainOneStepCell(nn.WithLossCell(net, nn.MSELoss()), opt)
    emit(tag + "/train_cell", [q.name for q in step.get_parameters() if q.name != "momentum"])
