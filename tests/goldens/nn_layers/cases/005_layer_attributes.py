"""The instance attributes MindSpore's most used layers hold and subclasses read (vars() of
each cell, less the attributes every Cell has): for each name the kind of value (a primitive's
class, a Parameter's name, a Tensor's dtype and shape, or the plain value), then the inner
primitives called directly: they must compute what the layer computes."""
import numpy as np
from _target import ms, nn, ops, Tensor, Parameter, emit

ATTRS = {
    "Dense": ["in_channels", "out_channels", "has_bias", "reshape", "shape_op", "bias_add",
              "matmul", "activation_flag", "activation", "weight", "bias"],
    "Conv1d": ["in_channels", "out_channels", "kernel_size", "stride", "pad_mode", "data_format",
               "padding", "dilation", "group", "has_bias", "weight_init", "bias_init", "conv2d",
               "bias_add", "expand_dims", "squeeze", "shape"],
    "Conv2d": ["in_channels", "out_channels", "kernel_size", "stride", "pad_mode", "data_format",
               "padding", "dilation", "group", "has_bias", "weight_init", "bias_init", "conv2d",
               "bias_add"],
    "Conv2d_nobias": ["has_bias", "bias_init", "bias"],
    "Conv3d": ["in_channels", "out_channels", "kernel_size", "stride", "pad_mode", "data_format",
               "padding", "dilation", "group", "has_bias", "weight_init", "bias_init", "conv3d",
               "bias_add", "shape", "concat", "split_0", "split_1"],
    "Conv2dTranspose": ["in_channels", "out_channels", "kernel_size", "stride", "pad_mode",
                        "data_format", "padding", "dilation", "group", "has_bias", "weight_init",
                        "bias_init", "shape", "is_valid", "is_same", "is_pad", "output_padding",
                        "conv2d_transpose", "bias_add", "padding_top", "padding_bottom",
                        "padding_left", "padding_right"],
    "BatchNorm1d": ["format", "use_batch_statistics", "num_features", "eps", "beta_init",
                    "gamma_init", "moving_mean_init", "moving_var_init", "parallel_mode",
                    "shape", "reduce_mean", "square", "sqrt", "cast", "dtype", "reshape",
                    "momentum", "bn_train", "bn_infer", "sub_mean", "sub_var", "mul_mean",
                    "mul_var", "assign_sub_mean", "assign_sub_var", "moving_mean",
                    "moving_variance", "gamma", "beta"],
    "BatchNorm2d": ["format", "num_features", "eps", "momentum", "bn_train", "bn_infer",
                    "moving_mean", "moving_variance", "gamma", "beta"],
    "LayerNorm": ["normalized_shape", "begin_norm_axis", "begin_params_axis", "epsilon",
                  "layer_norm", "gamma", "beta"],
    "GroupNorm": ["num_groups", "num_channels", "eps", "affine", "gamma", "beta"],
    "Dropout": ["dropout", "p", "keep_prob"],
    "Dropout_keep_prob": ["dropout", "p", "keep_prob"],
    "Embedding": ["vocab_size", "embedding_size", "use_one_hot", "dtype", "init_tensor",
                  "padding_idx", "expand", "reshape_flat", "shp_flat", "gather", "one_hot",
                  "on_value", "off_value", "array_mul", "reshape", "get_shp", "concat",
                  "embedding_table"],
    "ReLU": ["relu"],
    "Softmax": ["softmax"],
    "MaxPool2d": ["pad_mode", "format", "kernel_size", "stride", "return_indices", "use_pad",
                  "max_pool"],
    "MaxPool2d_tuple": ["pad_mode", "kernel_size", "stride", "max_pool"],
    "AvgPool2d": ["pad_mode", "format", "kernel_size", "stride", "ascend_910b_target",
                  "is_expand", "avg_pool"],
    "LSTM": ["reverse", "reverse_sequence", "hidden_size", "batch_first", "num_layers",
             "dropout", "bidirectional", "has_bias", "is_lstm", "w_ih_list", "w_hh_list",
             "b_ih_list", "b_hh_list"],
    "GRU": ["reverse", "reverse_sequence", "hidden_size", "is_lstm", "w_ih_list"],
    "Flatten": ["start_dim", "end_dim"],
    "SequentialCell": ["cell_list"],
    "SoftmaxCrossEntropyWithLogits": ["average", "reduce", "reduce_mean", "reduce_sum", "mul",
                                      "cast", "sparse", "reduction", "softmax_cross_entropy",
                                      "one_hot", "on_value", "off_value", "is_cpugpu",
                                      "sparse_softmax_cross_entropy"],
    "MSELoss": ["average", "reduce", "reduce_mean", "reduce_sum", "mul", "cast"],
    "MSELoss_sum": ["average", "reduce"],
    "L1Loss_none": ["average", "reduce", "reduction"],
    # the cells this work added
    "OneHot": ["depth", "dtype", "off_value", "on_value", "onehot"],
    "MatMul": ["expand_op", "reduce_sum_op", "shape_op", "squeeze_left_op", "squeeze_right_op",
               "transpose_x1", "transpose_x2"],
    "Norm": ["axis", "keep_dims", "reduce_sum", "sqrt", "squeeze"],
    "Range": ["ms_dtype", "result_tensor"],
    "Moments": ["axis", "cast", "keep_dims", "reduce_mean", "squeeze"],
    "LogSigmoid": ["add", "exp", "log", "mul", "rec"],
    "MAELoss": ["abs", "average", "cast", "mul", "reduce", "reduce_mean", "reduce_sum"],
    "RMSELoss": ["average", "dtype", "reduce"],
    "DiceLoss": ["average", "reduce", "reshape", "smooth"],
    "MultiClassDiceLoss": ["ignore_indiex", "reshape", "weights", "binarydiceloss",
                           "activation"],
    "SSIM": ["concat", "filter_sigma", "filter_size", "k1", "k2", "max_val", "reduce_mean"],
    "PSNR": ["max_val"],
    "Conv2dBnAct": ["after_fake", "has_act", "has_bn", "conv", "batchnorm", "activation"],
    "DenseBnAct": ["activation", "after_fake", "has_act", "has_bn", "dense"],
    "BatchNorm3d": ["reshape", "shape", "bn2d"],
    "SyncBatchNorm": ["group_name", "is_global", "process_groups", "rank_id", "rank_size",
                      "momentum", "bn_train", "format"],
    "Conv1dTranspose": ["bias_add", "bias_init", "conv2d_transpose", "data_format", "dilation",
                        "expand_dims", "is_pad", "is_same", "is_valid", "kernel_size",
                        "padding", "shape", "squeeze", "stride", "weight_init"],
    "Conv3dTranspose": ["bias_add", "bias_init", "conv3d_transpose", "data_format", "dilation",
                        "kernel_size", "output_padding", "padding", "shape", "stride",
                        "weight_init"],
    "Adadelta": ["accum", "accum_update", "epsilon", "rho", "init_args", "decay_flags",
                 "is_group", "param_length"],
    "ForwardValueAndGrad": ["get_all", "get_by_list", "sens_param", "weights"],
}

x4 = Tensor(np.arange(2 * 2 * 5 * 5, dtype=np.float32).reshape(2, 2, 5, 5) / 50)
CELLS = {
    "Dense": nn.Dense(3, 4, activation="relu"),
    "Conv1d": nn.Conv1d(2, 4, 3, has_bias=True),
    "Conv2d": nn.Conv2d(2, 4, 3, has_bias=True, weight_init="ones", bias_init="zeros",
                        pad_mode="pad", padding=(1, 2, 0, 1), stride=2),
    "Conv2d_nobias": nn.Conv2d(2, 4, 3),
    "Conv3d": nn.Conv3d(2, 4, 3, has_bias=True, group=2),
    "Conv2dTranspose": nn.Conv2dTranspose(2, 4, 3, has_bias=True, pad_mode="pad",
                                          padding=(1, 2, 0, 1), stride=2, output_padding=1),
    "BatchNorm1d": nn.BatchNorm1d(4),
    "BatchNorm2d": nn.BatchNorm2d(2, eps=1e-3, momentum=0.8),
    "LayerNorm": nn.LayerNorm((5,), epsilon=1e-5),
    "GroupNorm": nn.GroupNorm(2, 4),
    "Dropout": nn.Dropout(p=0.3),
    "Dropout_keep_prob": nn.Dropout(keep_prob=0.8),
    "Embedding": nn.Embedding(10, 4, padding_idx=2),
    "ReLU": nn.ReLU(),
    "Softmax": nn.Softmax(axis=1),
    "MaxPool2d": nn.MaxPool2d(2, 2),
    "MaxPool2d_tuple": nn.MaxPool2d(kernel_size=(2, 3), stride=1, pad_mode="same"),
    "AvgPool2d": nn.AvgPool2d(kernel_size=3, stride=(1, 2)),
    "LSTM": nn.LSTM(3, 4),
    "GRU": nn.GRU(3, 4),
    "Flatten": nn.Flatten(),
    "SequentialCell": nn.SequentialCell([nn.ReLU(), nn.Dense(2, 2)]),
    "SoftmaxCrossEntropyWithLogits": nn.SoftmaxCrossEntropyWithLogits(sparse=True,
                                                                      reduction="mean"),
    "MSELoss": nn.MSELoss(),
    "MSELoss_sum": nn.MSELoss("sum"),
    "L1Loss_none": nn.L1Loss("none"),
    "OneHot": nn.OneHot(depth=3, on_value=2.0),
    "MatMul": nn.MatMul(),
    "Norm": nn.Norm(axis=1),
    "Range": nn.Range(1, 5),
    "Moments": nn.Moments(axis=0),
    "LogSigmoid": nn.LogSigmoid(),
    "MAELoss": nn.MAELoss(),
    "RMSELoss": nn.RMSELoss(),
    "DiceLoss": nn.DiceLoss(),
    "MultiClassDiceLoss": nn.MultiClassDiceLoss(),
    "SSIM": nn.SSIM(),
    "PSNR": nn.PSNR(),
    "Conv2dBnAct": nn.Conv2dBnAct(2, 3, 3, has_bn=True, activation="relu"),
    "DenseBnAct": nn.DenseBnAct(3, 2),
    "BatchNorm3d": nn.BatchNorm3d(2),
    "SyncBatchNorm": nn.SyncBatchNorm(2, momentum=0.7),
    "Conv1dTranspose": nn.Conv1dTranspose(2, 3, 3, stride=2, pad_mode="pad", padding=1),
    "Conv3dTranspose": nn.Conv3dTranspose(2, 3, 3, output_padding=0),
    "Adadelta": nn.Adadelta([Parameter(Tensor(np.ones(2, np.float32)), name="w")]),
    "ForwardValueAndGrad": nn.ForwardValueAndGrad(nn.WithLossCell(nn.Dense(2, 1),
                                                                  nn.MSELoss())),
}


def kind(v):
    if isinstance(v, Parameter):
        return "Parameter:" + v.name
    if isinstance(v, Tensor):
        return "Tensor:%s:%s" % (v.dtype, list(v.shape))
    if isinstance(v, nn.Cell):
        return "Cell:" + type(v).__name__
    if isinstance(v, ops.Primitive):
        return "Prim:" + type(v).__name__
    if isinstance(v, dict):
        return sorted(v)
    if type(v).__name__ in ("Float", "Int", "DType", "TensorType"):
        return "dtype:" + str(v)
    if isinstance(v, (bool, int, float, str, type(None))):
        return v
    if isinstance(v, (tuple, list)) and all(isinstance(i, (int, float, str, bool)) for i in v):
        return list(v)
    if isinstance(v, (tuple, list)) and all(isinstance(i, Parameter) for i in v):
        return "Parameters:" + ",".join(p.name for p in v)
    if isinstance(v, list):
        return ["Cell:" + type(c).__name__ for c in v]
    if type(v).__name__ in ("HeUniform", "Uniform"):
        return "Initializer:" + type(v).__name__
    return "str:" + str(v)


for name, attrs in ATTRS.items():
    cell = CELLS[name]
    emit(name, {a: kind(getattr(cell, a, "<missing>")) for a in attrs})

# primitive attributes subclasses rely on
d, c, bn, ln = CELLS["Dense"], CELLS["Conv2d"], CELLS["BatchNorm2d"], CELLS["LayerNorm"]
emit("prim.dense.matmul", [d.matmul.transpose_a, d.matmul.transpose_b])
emit("prim.bn", [bn.bn_train.is_training, bn.bn_train.epsilon, bn.bn_train.momentum,
                 bn.bn_infer.is_training, bn.bn_infer.momentum, bn.reduce_mean.keep_dims])
emit("prim.ln", [ln.layer_norm.begin_norm_axis, ln.layer_norm.begin_params_axis,
                 ln.layer_norm.epsilon])
emit("prim.dropout", [CELLS["Dropout"].dropout.keep_prob,
                      CELLS["Dropout_keep_prob"].dropout.keep_prob])
emit("prim.conv2d", [c.conv2d.out_channel, list(c.conv2d.kernel_size), c.conv2d.group])
emit("prim.concat_split", [CELLS["Conv3d"].concat.axis, CELLS["Embedding"].concat.axis,
                           CELLS["Embedding"].one_hot.axis,
                           CELLS["Embedding"].array_mul.transpose_b])
emit("prim.reverse_sequence", [CELLS["LSTM"].reverse_sequence.seq_dim,
                               CELLS["LSTM"].reverse_sequence.batch_dim])
emit("value.embedding", [CELLS["Embedding"].on_value, CELLS["Embedding"].off_value,
                         CELLS["Embedding"].init_tensor.asnumpy()[2]])
emit("value.bn_momentum", [CELLS["BatchNorm1d"].momentum, bn.momentum])

# the inner primitives compute what the layers compute
x = Tensor(np.arange(6, dtype=np.float32).reshape(2, 3) / 4)
dn = nn.Dense(3, 4, weight_init="ones", bias_init="ones")
emit("call.dense", [dn(x), dn.bias_add(dn.matmul(x, dn.weight), dn.bias)])
emit("call.conv2d", [c(x4), c.bias_add(c.conv2d(x4, c.weight), c.bias)])
bn.set_train(False)
emit("call.bn_infer", [bn(x4), bn.bn_infer(x4, bn.gamma, bn.beta, bn.moving_mean,
                                           bn.moving_variance)[0]])
emit("call.bn_train", bn.bn_train(x4, bn.gamma, bn.beta, bn.moving_mean,
                                  bn.moving_variance)[0])
emit("call.bn_train_moving", [bn.moving_mean, bn.moving_variance])
emit("call.layer_norm", [ln(x4), ln.layer_norm(x4, ln.gamma, ln.beta)[0]])
emit("call.relu_softmax", [CELLS["ReLU"].relu(x - 0.5), CELLS["Softmax"].softmax(x)])
emit("call.pools", [CELLS["MaxPool2d"].max_pool(x4), CELLS["AvgPool2d"].avg_pool(x4)])
emb = nn.Embedding(10, 4, embedding_table=Tensor(np.arange(40, dtype=np.float32).reshape(10, 4)))
ids = Tensor(np.array([[1, 2], [3, 1]], np.int32))
emit("call.gather", [emb(ids), emb.gather(emb.embedding_table, ids, 0)])
ct = nn.Conv2dTranspose(2, 3, 3, stride=2, pad_mode="same", weight_init="ones")
y = ct(x4)
emit("call.conv2d_transpose", [y, ct.conv2d_transpose(x4, ct.weight, (2, 3, 10, 10))])
seq = Tensor(np.arange(12, dtype=np.float32).reshape(3, 2, 2))
lstm = CELLS["LSTM"]
emit("call.reverse", [lstm.reverse(seq), lstm.reverse_sequence(
    seq, Tensor(np.array([2, 3], np.int32)))])
mse = CELLS["MSELoss"]
emit("call.loss_prims", [mse.reduce_mean(x), mse.reduce_sum(x, 1), mse.get_loss(x)])
