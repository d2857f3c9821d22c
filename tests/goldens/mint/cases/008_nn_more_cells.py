"""More mint.nn Cells: attributes, class names, reprs, parameters and the outputs MindSpore's CPU
build computes."""
from _mint_util import ms, Tensor, np, X, show, emit

mnn = ms.mint.nn
IMG = Tensor(np.arange(32, dtype=np.float32).reshape(1, 2, 4, 4) / 10)
SEQ = Tensor(np.arange(10, dtype=np.float32).reshape(1, 2, 5))
P = Tensor(np.array([0.2, 0.7, 0.9], np.float32))
T = Tensor(np.array([0., 1., 1.], np.float32))
SKIP = {"training", "requires_grad", "is_top_cell", "arguments_key", "mixed_precision_type",
        "cell_type", "grad_ops_label", "has_bprop", "bprop_debug"}


def describe(key, cell):
    emit(key + ".class", type(cell).__name__)
    # BCELoss's repr nests nn.BCELoss's, whose own repr is nn's concern: its first line only
    emit(key + ".repr", repr(cell).splitlines()[0] if key == "BCELoss" else repr(cell))
    attrs = {}
    for k, v in sorted(vars(cell).items()):
        if k.startswith("_") or k in SKIP:
            continue
        if isinstance(v, (bool, int, float, str, tuple, list, type(None))):
            attrs[k] = v
    emit(key + ".attrs", attrs)
    emit(key + ".params", [[p.name, list(p.shape), str(p.dtype), p.requires_grad]
                           for p in cell.get_parameters()])


CELLS = [("AdaptiveAvgPool1d", (3,)), ("AdaptiveAvgPool2d", ((2, 3),)),
         ("AdaptiveMaxPool1d", (3,)), ("AvgPool1d", (2,)), ("AvgPool2d", (2, 1, 1, True, False)),
         ("BCELoss", ()), ("BCEWithLogitsLoss", ()), ("ConstantPad1d", ((1, 2), 0.5)),
         ("ConstantPad2d", (1, 0.)), ("ConstantPad3d", (1, 0.)), ("CosineEmbeddingLoss", (0.1,)),
         ("ELU", (0.5,)), ("Flatten", ()), ("GELU", ("tanh",)), ("Hardshrink", ()),
         ("Hardtanh", (-2., 2.)), ("KLDivLoss", ("sum", True)), ("L1Loss", ()),
         ("LogSigmoid", ()), ("LogSoftmax", (1,)), ("MSELoss", ("sum",)), ("Mish", ()),
         ("PixelShuffle", (2,)), ("ReLU6", ()), ("ReflectionPad1d", (1,)),
         ("ReflectionPad2d", ((1, 0, 2, 1),)), ("ReflectionPad3d", (1,)),
         ("ReplicationPad1d", (1,)), ("ReplicationPad2d", (1,)), ("ReplicationPad3d", (1,)),
         ("SELU", ()), ("SiLU", ()), ("Sigmoid", ()), ("SmoothL1Loss", ("none", 0.5)),
         ("Softmax", (1,)), ("Tanh", ()), ("Threshold", (0.1, 20.)),
         ("Upsample", (None, 2., "nearest")), ("UpsamplingBilinear2d", ((3, 3),)),
         ("UpsamplingNearest2d", (None, 2.)), ("ZeroPad1d", (1,)), ("ZeroPad2d", ((1, 2, 0, 1),)),
         ("ZeroPad3d", (1,)), ("PReLU", ()), ("GroupNorm", (2, 4)), ("BatchNorm1d", (3,)),
         ("BatchNorm2d", (2, 1e-3, 0.2, False)), ("BatchNorm3d", (2, 1e-5, 0.1, True, False)),
         ("Conv1d", (2, 4, 3)), ("Conv3d", (2, 4, 3)), ("Embedding", (5, 3))]
for name, args in CELLS:
    describe(name, getattr(mnn, name)(*args))
emit("PReLU.values", mnn.PReLU(3, 0.1).weight.asnumpy())
emit("Embedding.padding_row", mnn.Embedding(5, 3, padding_idx=1).weight.asnumpy()[1])
emit("GroupNorm.no_affine", [[p.name, p.requires_grad]
                             for p in mnn.GroupNorm(2, 4, affine=False).get_parameters()])
emit("BatchNorm1d.no_stats", [p.name for p in mnn.BatchNorm1d(3, affine=False,
                                                               track_running_stats=False)
                              .get_parameters()])
show("Sigmoid.call", lambda: mnn.Sigmoid()(X))
show("Tanh.call", lambda: mnn.Tanh()(X))
show("SiLU.call", lambda: mnn.SiLU()(X))
show("Hardshrink.call", lambda: mnn.Hardshrink(1.5)(X))
show("Softmax.call", lambda: mnn.Softmax(0)(X))
show("Softmax.none", lambda: mnn.Softmax()(X))
show("Flatten.call", lambda: mnn.Flatten()(IMG))
show("Flatten.range", lambda: mnn.Flatten(0, 2)(IMG))
show("PixelShuffle.call", lambda: mnn.PixelShuffle(2)(Tensor(np.arange(16, dtype=np.float32)
                                                             .reshape(1, 4, 2, 2))))
show("GroupNorm.call", lambda: mnn.GroupNorm(1, 2)(IMG))
show("PReLU.call", lambda: mnn.PReLU()(X))
show("Upsample.call", lambda: mnn.Upsample(scale_factor=2.)(IMG))
show("UpsamplingNearest2d.call", lambda: mnn.UpsamplingNearest2d((2, 2))(IMG))
show("BCELoss.call", lambda: mnn.BCELoss()(P, T))
show("BCELoss.weight", lambda: mnn.BCELoss(Tensor(np.array([1., 2., 3.], np.float32)), "none")(
    P, T))
show("BCEWithLogitsLoss.call", lambda: mnn.BCEWithLogitsLoss()(X[0], T))
show("SmoothL1Loss.call", lambda: mnn.SmoothL1Loss()(P * 3, T))
show("SmoothL1Loss.beta", lambda: mnn.SmoothL1Loss("none", 0.5)(P * 3, T))
