"""The instance attributes MindSpore 2.10 layers store beyond those 005 covers (activations,
pooling, dropout, padding, LR schedules, losses and a few others), built with small arguments
of our own: for each name the kind of value (a primitive's class, "callable" for a function,
or the plain value), then calls of the inner primitives, which must compute what the layer
uses.
Not held by mindcell (no such primitive, or the layer lives outside mindcell.nn): the
Replication pads' 'padv3' (PadV3), ClipByNorm's 'clip_by_norm', HShrink's 'hshrink' and
Linear's 'dense', DropoutExt's 'generator_step' (mint.nn layers), MaxPool3d's and
MaxPool1d's 'pad'-mode MaxPool3DWithArgmax."""
import numpy as np
from _target import ms, nn, ops, Tensor, Parameter, emit


def kind(v):
    if isinstance(v, Parameter):
        return "Parameter:" + v.name
    if isinstance(v, Tensor):
        return "Tensor:%s:%s" % (v.dtype, list(v.shape))
    if isinstance(v, nn.Cell):
        return "Cell:" + type(v).__name__
    if isinstance(v, ops.Primitive):
        return "Prim:" + type(v).__name__
    if type(v).__name__ in ("Float", "Int", "DType", "TensorType"):
        return "dtype:" + str(v)
    if isinstance(v, (bool, int, float, str, type(None))):
        return v
    if isinstance(v, (tuple, list)) and all(isinstance(i, (int, float, str, bool)) for i in v):
        return [type(v).__name__] + list(v)
    if callable(v):
        return "callable"
    return "type:" + type(v).__name__


CASES = {
    # activations
    "ReLU6": (lambda: nn.ReLU6(), ["relu6"]),
    "Sigmoid": (lambda: nn.Sigmoid(), ["sigmoid"]),
    "Tanh": (lambda: nn.Tanh(), ["tanh"]),
    "ELU": (lambda: nn.ELU(), ["elu"]),
    "CELU": (lambda: nn.CELU(0.5), ["celu"]),
    "FastGelu": (lambda: nn.FastGelu(), ["fast_gelu"]),
    "HSigmoid": (lambda: nn.HSigmoid(), ["hsigmoid"]),
    "HSwish": (lambda: nn.HSwish(), ["hswish"]),
    "LogSoftmax": (lambda: nn.LogSoftmax(1), ["log_softmax"]),
    "Mish": (lambda: nn.Mish(), ["mish"]),
    "PReLU": (lambda: nn.PReLU(2, 0.3), ["prelu", "w"]),
    "SeLU": (lambda: nn.SeLU(), ["selu"]),
    "SoftShrink": (lambda: nn.SoftShrink(0.3), ["softshrink"]),
    "Softsign": (lambda: nn.Softsign(), ["softsign"]),
    "RReLU": (lambda: nn.RReLU(0.1, 0.2), ["sign", "lower", "upper"]),
    "GLU": (lambda: nn.GLU(1), ["dim", "sigmoid", "spilt"]),
    "Softmax2d": (lambda: nn.Softmax2d(), ["shape", "softmax"]),
    # pooling
    "MaxPool1d": (lambda: nn.MaxPool1d(3, 2), [
        "expand", "format", "kernel_size", "max_pool", "pad_mode", "reduce_mean",
        "return_indices", "shape", "squeeze", "stride", "use_pad"]),
    "MaxPool1d_same": (lambda: nn.MaxPool1d(2, 1, pad_mode="same"), [
        "kernel_size", "pad_mode", "stride", "use_pad"]),
    "AvgPool1d": (lambda: nn.AvgPool1d(3, 2), [
        "avg_pool", "expand", "format", "is_expand_3d", "kernel_size", "pad_mode",
        "reduce_mean", "shape", "slice", "squeeze", "stride"]),
    "MaxPool3d": (lambda: nn.MaxPool3d(2, 2), ["format", "max_pool", "only_pad", "kernel_size",
                                               "stride", "pad_mode", "return_indices"]),
    "AvgPool3d": (lambda: nn.AvgPool3d(2, 2), ["avg_pool", "format", "kernel_size", "stride"]),
    "AvgPool3d_tuple": (lambda: nn.AvgPool3d((2, 1, 2), 1), ["kernel_size", "stride"]),
    "AdaptiveAvgPool1d": (lambda: nn.AdaptiveAvgPool1d(2), [
        "output_size", "dtype", "expand", "shape", "squeeze"]),
    "AdaptiveMaxPool1d": (lambda: nn.AdaptiveMaxPool1d(2), [
        "output_size", "dtype", "expand", "shape", "squeeze"]),
    "AdaptiveAvgPool2d": (lambda: nn.AdaptiveAvgPool2d((2, 2)), ["adaptive_avgpool2d"]),
    "AdaptiveAvgPool3d": (lambda: nn.AdaptiveAvgPool3d((2, 2, 2)), ["adaptive_avg_pool3d"]),
    # dropout
    "Dropout1d": (lambda: nn.Dropout1d(0.4), ["prob"]),
    "Dropout2d": (lambda: nn.Dropout2d(0.4), ["dropout2d", "keep_prob"]),
    "Dropout3d": (lambda: nn.Dropout3d(0.4), ["dropout3d", "keep_prob"]),
    "Dropout2dExt": (lambda: nn.Dropout2dExt(0.4), ["p", "inplace", "generator_step"]),
    # padding
    "ReflectionPad1d": (lambda: nn.ReflectionPad1d(1), ["name"]),
    "ReflectionPad2d": (lambda: nn.ReflectionPad2d(1), ["name"]),
    "ReflectionPad3d": (lambda: nn.ReflectionPad3d(1), ["name"]),
    "ReplicationPad1d": (lambda: nn.ReplicationPad1d(1), ["name"]),
    "ReplicationPad2d": (lambda: nn.ReplicationPad2d(1), ["name"]),
    "ReplicationPad3d": (lambda: nn.ReplicationPad3d(1), ["name"]),
    # learning-rate schedules
    "ExponentialDecayLR": (lambda: nn.ExponentialDecayLR(0.1, 0.9, 4), ["cast", "pow"]),
    "InverseDecayLR": (lambda: nn.InverseDecayLR(0.1, 0.9, 4), ["cast"]),
    "NaturalExpDecayLR": (lambda: nn.NaturalExpDecayLR(0.1, 0.9, 4),
                          ["cast", "math_e", "pow"]),
    "PolynomialDecayLR": (lambda: nn.PolynomialDecayLR(0.1, 0.01, 4, 0.5), [
        "ceil", "diff_learning_rate", "max", "min", "pow", "start_learning_rate"]),
    "WarmUpLR": (lambda: nn.WarmUpLR(0.1, 4), ["cast", "min"]),
    # losses
    "KLDivLoss": (lambda: nn.KLDivLoss("sum"), [
        "average", "cast", "mul", "reduce", "reduce_mean", "reduce_sum"]),
    "PoissonNLLLoss": (lambda: nn.PoissonNLLLoss(), ["maximum"]),
    "SmoothL1Loss": (lambda: nn.SmoothL1Loss(0.5), ["smooth_l1_loss"]),
    "MultiMarginLoss": (lambda: nn.MultiMarginLoss(), ["multi_margin_loss"]),
    "FocalLoss": (lambda: nn.FocalLoss(), ["dtype", "expand_dims", "gather_d", "squeeze", "tile"]),
    "TripletMarginWithDistanceLoss": (lambda: nn.TripletMarginWithDistanceLoss(),
                                      ["maximum", "minimum"]),
    # others
    "BiDense": (lambda: nn.BiDense(2, 3, 4), ["bias_add", "matmul"]),
    "ChannelShuffle": (lambda: nn.ChannelShuffle(2), ["reshape", "shape", "transpose"]),
    "Unflatten": (lambda: nn.Unflatten(1, (2, 3)), ["reshape", "shape"]),
    "TimeDistributed": (lambda: nn.TimeDistributed(nn.Dense(3, 2), time_axis=1),
                        ["reshape", "transpose"]),
    "L1Regularizer": (lambda: nn.L1Regularizer(0.5), ["abs", "reduce_sum"]),
    "ReduceLogSumExp": (lambda: nn.ReduceLogSumExp(1), ["exp", "log", "max", "sum"]),
    "LSTMCell": (lambda: nn.LSTMCell(3, 4), ["support_non_tensor_inputs"]),
    "MultiheadAttention": (lambda: nn.MultiheadAttention(4, 2, dropout=0.25), [
        "dropout", "k_is_v", "q_is_k", "dtype", "in_proj_weight", "q_proj_weight",
        "k_proj_weight", "v_proj_weight", "bias_k", "bias_v", "head_dim"]),
    "MultiheadAttention_kdim": (lambda: nn.MultiheadAttention(4, 2, kdim=3, vdim=3), [
        "dropout", "in_proj_weight", "q_proj_weight", "k_proj_weight", "v_proj_weight"]),
}

CELLS = {}
for name, (make, attrs) in CASES.items():
    cell = CELLS[name] = make()
    emit(name, {a: kind(getattr(cell, a, "<missing>")) for a in attrs})

# the inner primitives compute what the layers use, in the layers' internal layouts
x3 = Tensor(np.arange(2 * 2 * 7, dtype=np.float32).reshape(2, 2, 7) / 7)
x5 = Tensor(np.arange(2 * 4 * 4 * 4, dtype=np.float32).reshape(1, 2, 4, 4, 4) / 9)
mp1, ap1 = CELLS["MaxPool1d"], CELLS["AvgPool1d"]
emit("call.pool1d", [mp1(x3), mp1.squeeze(mp1.max_pool(mp1.expand(x3, 2))),
                     ap1(x3), ap1.squeeze(ap1.avg_pool(ap1.expand(x3, 2)))])
ap1p = nn.AvgPool1d(3, 1, pad_mode="pad", padding=1)
emit("attr.avgpool1d_pad", {a: kind(getattr(ap1p, a, "<missing>"))
                            for a in ["is_expand_3d", "kernel_size", "stride", "pad_mode"]})
emit("call.avgpool1d_pad", [ap1p(x3), ap1p.avg_pool(x3.reshape(2, 2, 1, 1, 7)).reshape(2, 2, 7)])
emit("call.pool3d", [CELLS["MaxPool3d"](x5), CELLS["MaxPool3d"].max_pool(x5),
                     CELLS["AvgPool3d"](x5), CELLS["AvgPool3d"].avg_pool(x5)])
emit("call.adaptive", [CELLS["AdaptiveAvgPool2d"].adaptive_avgpool2d(x5[0]),
                       CELLS["AdaptiveAvgPool3d"].adaptive_avg_pool3d(x5)])
xa = Tensor(np.array([[-2.0, -0.5, 0.0], [0.25, 1.0, 3.0]], np.float32))
acts = {}
for name, prim in [("ReLU6", "relu6"), ("Sigmoid", "sigmoid"), ("Tanh", "tanh"), ("ELU", "elu"),
                   ("CELU", "celu"), ("FastGelu", "fast_gelu"), ("HSigmoid", "hsigmoid"),
                   ("HSwish", "hswish"), ("LogSoftmax", "log_softmax"), ("Mish", "mish"),
                   ("SeLU", "selu"), ("SoftShrink", "softshrink"), ("Softsign", "softsign")]:
    acts[name] = [CELLS[name](xa), getattr(CELLS[name], prim)(xa)]
emit("call.activations", acts)
pr, glu, sm2 = CELLS["PReLU"], CELLS["GLU"], CELLS["Softmax2d"]
xp = Tensor(np.arange(-8, 8, dtype=np.float32).reshape(1, 2, 2, 4) / 3)
emit("call.prelu_glu_softmax2d", [pr(xp), pr.prelu(xp, pr.w), glu(xp), list(glu.spilt(xp)),
                                  sm2(xp), sm2.softmax(xp), list(sm2.shape(xp))])
emit("call.rrelu_sign", CELLS["RReLU"].sign(xa))
emit("prim.dropout", [CELLS["Dropout2d"].dropout2d.keep_prob,
                      CELLS["Dropout3d"].dropout3d.keep_prob])
sl1, mml = CELLS["SmoothL1Loss"], CELLS["MultiMarginLoss"]
lg = Tensor(np.array([[0.1, 0.9, 0.3], [0.7, 0.2, 0.4]], np.float32))
lb = Tensor(np.array([[0.0, 1.0, 1.5], [0.2, 0.2, 0.0]], np.float32))
tg = Tensor(np.array([1, 0], np.int64))
emit("call.losses", [sl1(lg, lb), sl1.smooth_l1_loss(lg, lb), mml(lg, tg),
                     mml.multi_margin_loss(lg, tg, None)])
rl, l1r, uf = CELLS["ReduceLogSumExp"], CELLS["L1Regularizer"], CELLS["Unflatten"]
emit("call.misc", [rl(xa), rl.log(rl.sum(rl.exp(xa), 1)), rl.max(xa, 1),
                   l1r.reduce_sum(l1r.abs(xa)), list(uf.shape(uf.reshape(lg, (2, 1, 3))))])
mha = CELLS["MultiheadAttention_kdim"]
q4 = Tensor(np.ones((2, 1, 4), np.float32))
k3 = Tensor(np.ones((3, 1, 3), np.float32))
mha(q4, k3, k3)
emit("attr.mha_after_call", [mha.k_is_v, mha.q_is_k])
# stored values that differ in kind from the arguments, and a subclass changing one after
# __init__ (MindSpore's ReflectionPad reads self.padding at each call)
emit("value.stored", {
    "GELU": [nn.GELU().approximate, nn.GELU(False).approximate],
    "CTCLoss_sum": [nn.CTCLoss(reduction="sum").average, nn.CTCLoss(reduction="none").reduce],
    "ReflectionPad1d": nn.ReflectionPad1d((3, 1)).padding,
    "ReflectionPad2d": nn.ReflectionPad2d((1, 1, 2, 0)).padding,
    "ReplicationPad2d": list(nn.ReplicationPad2d((1, 1, 2, 0)).padding),
    "ZeroPad2d": kind(nn.ZeroPad2d(1).value),
})


class MyPad(nn.ReflectionPad2d):
    def __init__(self):
        super().__init__((1, 1, 2, 0))
        self.padding = [[0, 1], [2, 0]]


xr = Tensor(np.arange(12, dtype=np.float32).reshape(1, 3, 4))
emit("call.reflection_pad_changed", [MyPad().name, MyPad()(xr), nn.GELU(False)(xa)])

# optimizers built from parameter groups keep per-parameter records of the groups
def _p(n, s=(2,)):
    return Parameter(Tensor(np.arange(1, 1 + int(np.prod(s)), dtype=np.float32).reshape(s) / 4),
                     name=n)


pa, pb, pc = _p("a"), _p("b"), _p("bias", (3,))
ada = nn.Adadelta([{"params": [pa], "weight_decay": 0.01, "grad_centralization": True},
                   {"params": [pb, pc]}], weight_decay=0.1)
mom = nn.Momentum([{"params": [pa], "weight_decay": 0.01}, {"params": [pb, pc], "lr": 0.3}],
                  0.1, 0.9)
for name, o in (("Adadelta_groups", ada), ("Momentum_groups", mom)):
    emit(name, {"group_params": [p.name for p in o.group_params],
                "group_weight_decay": o.group_weight_decay,
                "group_grad_centralization": o.group_grad_centralization,
                "grad_centralization_flags": list(o.grad_centralization_flags),
                "dynamic_decay_flags": list(o.dynamic_decay_flags)})
ada1 = nn.Adadelta([_p("w")], learning_rate=0.5)
emit("Adadelta_opt", kind(ada1.opt))
w, g = ada1.parameters[0], Tensor(np.array([0.5, -1.0], np.float32))
ada1.opt(w, ada1.accum[0], ada1.accum_update[0], Tensor(0.5, ms.float32),
         Tensor(0.9, ms.float32), Tensor(1e-6, ms.float32), g)
emit("call.apply_adadelta", [w, ada1.accum[0], ada1.accum_update[0]])
