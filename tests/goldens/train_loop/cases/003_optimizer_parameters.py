"""The Parameters every nn optimizer holds (names, dtypes, shapes, in order): they are the keys
of the checkpoints ModelCheckpoint writes, which MindSpore and mindcell must read from each
other. (LARS is left out: MindSpore's adds placeholder Parameters 'fake_lr' and
'fake_param' that mindcell's does not have; docs/porting.md.)"""
from _target import ms, nn, emit

ms.set_seed(0)
for name in ["SGD", "Momentum", "Adam", "AdamWeightDecay", "LazyAdam", "Lamb", "FTRL",
             "ProximalAdagrad", "Adagrad", "Adadelta", "AdaMax", "ASGD", "Rprop", "RMSProp"]:
    net = nn.Dense(2, 2)
    try:
        if name == "Momentum":
            opt = nn.Momentum(net.trainable_params(), 0.1, 0.9)
        elif name in ("FTRL", "ProximalAdagrad"):
            opt = getattr(nn, name)(net.trainable_params())
        else:
            opt = getattr(nn, name)(net.trainable_params(), learning_rate=0.1)
    except Exception as e:  # noqa: BLE001
        emit(name, e)
        continue
    emit(name, [[p.name, str(p.dtype), list(p.shape)] for p in opt.get_parameters()])
    emit(name + "_with_momentum" if name == "SGD" else name + "_count",
         len(list(opt.get_parameters())))
net = nn.Dense(2, 2)
emit("SGD_momentum_0.5", [[p.name, str(p.dtype)] for p in nn.SGD(
    net.trainable_params(), 0.1, momentum=0.5).get_parameters()])
