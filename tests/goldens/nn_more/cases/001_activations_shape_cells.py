"""nn.CELU, Softsign, SoftShrink, Tanhshrink, Threshold, Softmin, Softmax2d, SeLU, Tril, Triu,
Roll, Unflatten, ReduceLogSumExp, ChannelShuffle and ImageGradients: values, dtypes, shapes,
gradients and error types for default and non-default arguments. Left out, as MindSpore 2.10
fails on them: Roll values (its CPU Roll kernel raises RuntimeError), Softmin over a tuple axis,
SeLU of an integer Tensor (a truncated result; mindcell raises TypeError), SeLU's gradient
(MindSpore 2.10's is wrong for x < 0: -0.645 at x = -2.5 where the slope is +0.144). tests/nn/
test_nn_more_cells.py checks those against numpy."""
import numpy as np
from _target import ms, nn, Tensor, emit

# MindSpore runs PYNATIVE ops asynchronously: an error of one case can surface in the next case's
# op. Synchronous execution pins every error to its own case.
ms.set_context(pynative_synchronize=True)


def run(key, fn):
    """Emit dtype, shape and value of each output, or the exception's type (read inside the
    try: some errors are raised only when the result is read)."""
    try:
        out = fn()
        outs = out if isinstance(out, tuple) else (out,)
        rows = []
        for i, o in enumerate(outs):
            k = key if len(outs) == 1 else "%s.%d" % (key, i)
            if isinstance(o, Tensor):
                rows += [(k + ".dtype", str(o.dtype)), (k + ".shape", list(o.shape)),
                         (k, o.asnumpy())]
            else:
                rows.append((k, o))
    except Exception as e:  # noqa: BLE001 - the exception type is the recorded result
        rows = [(key, e)]
    for k, v in rows:
        emit(k, v)


v = Tensor(np.array([-2.5, -1.0, -0.3, 0.0, 0.4, 1.0, 3.0], np.float32))
v16 = Tensor(np.array([-2.5, -0.3, 0.0, 3.0], np.float16))
m = Tensor(np.arange(24, dtype=np.float32).reshape(2, 3, 4) / 7 - 1.5)
run("celu", lambda: nn.CELU()(v))
run("celu_a2", lambda: nn.CELU(alpha=2.0)(v))
run("celu_f16", lambda: nn.CELU(0.5)(v16))
run("celu_grad", lambda: ms.grad(nn.CELU(alpha=2.0))(v))
run("celu_a0", lambda: nn.CELU(alpha=0.0)(v))
run("celu_int_alpha", lambda: nn.CELU(alpha=2)(v))
run("celu_int_input", lambda: nn.CELU()(Tensor(np.array([1, -1], np.int32))))
run("softsign", lambda: nn.Softsign()(v))
run("softsign_f16", lambda: nn.Softsign()(v16))
run("softsign_grad", lambda: ms.grad(nn.Softsign())(v))
run("softsign_int", lambda: nn.Softsign()(Tensor(np.array([1, -1], np.int32))))
run("softshrink", lambda: nn.SoftShrink()(v))
run("softshrink_l1", lambda: nn.SoftShrink(lambd=1.0)(v))
run("softshrink_f16", lambda: nn.SoftShrink(0.2)(v16))
run("softshrink_grad", lambda: ms.grad(nn.SoftShrink(0.35))(v))
run("softshrink_neg", lambda: nn.SoftShrink(lambd=-1.0)(v))
run("softshrink_int_lambd", lambda: nn.SoftShrink(lambd=1)(v))
run("softshrink_int_input", lambda: nn.SoftShrink()(Tensor(np.array([1, -1], np.int32))))
run("tanhshrink", lambda: nn.Tanhshrink()(v))
run("tanhshrink_f16", lambda: nn.Tanhshrink()(v16))
run("tanhshrink_grad", lambda: ms.grad(nn.Tanhshrink())(v))
run("tanhshrink_int", lambda: nn.Tanhshrink()(Tensor(np.array([1, -1], np.int32))))
run("tanhshrink_list", lambda: nn.Tanhshrink()([1.0, 2.0]))
run("threshold", lambda: nn.Threshold(0.1, 20.0)(v))
run("threshold_int_args", lambda: nn.Threshold(1, 5)(v))
run("threshold_f16", lambda: nn.Threshold(0.0, -1.0)(v16))
run("threshold_int_input", lambda: nn.Threshold(0, 7)(Tensor(np.array([1, -1, 3], np.int32))))
run("threshold_grad", lambda: ms.grad(nn.Threshold(0.1, 20.0))(v))
run("threshold_str", lambda: nn.Threshold("a", 1.0)(v))
run("threshold_bool", lambda: nn.Threshold(0.0, True)(v))
run("threshold_attrs", lambda: [nn.Threshold(0.5, 2).threshold, nn.Threshold(0.5, 2).value])
run("softmin", lambda: nn.Softmin()(m))
run("softmin_axis0", lambda: nn.Softmin(axis=0)(m))
# float16 softmax differs by one float16 ulp between MindSpore's kernel and mindcell's (which
# is the closer to the exact value): compared to 3 decimals.
run("softmin_f16", lambda: (str(nn.Softmin()(v16).dtype),
                            np.round(nn.Softmin()(v16).asnumpy().astype(np.float64), 3).tolist()))
# the weights of the gradient checks are copies: MindSpore differentiates through a closure
# Tensor that is the input object itself
wm = Tensor(m.asnumpy() * 1.5)
run("softmin_grad", lambda: ms.grad(lambda x: (nn.Softmin(1)(x) * wm).sum())(m))
run("softmin_axis_bad", lambda: nn.Softmin(axis=3)(m))
run("softmin_int", lambda: nn.Softmin()(Tensor(np.array([1, 2], np.int32))))
run("softmin_float_axis", lambda: nn.Softmin(axis=1.0)(m))
run("softmax2d_3d", lambda: nn.Softmax2d()(m))
run("softmax2d_4d", lambda: nn.Softmax2d()(m.reshape(1, 2, 3, 4)))
run("softmax2d_grad", lambda: ms.grad(lambda x: (nn.Softmax2d()(x) * wm).sum())(m))
run("softmax2d_2d", lambda: nn.Softmax2d()(m[0]))
run("softmax2d_5d", lambda: nn.Softmax2d()(m.reshape(1, 1, 2, 3, 4)))
run("selu", lambda: nn.SeLU()(v))
run("selu_f16", lambda: nn.SeLU()(v16))
sq = Tensor(np.arange(1, 13, dtype=np.float32).reshape(3, 4))
run("tril", lambda: nn.Tril()(sq))
run("tril_k1", lambda: nn.Tril()(sq, 1))
run("tril_km2", lambda: nn.Tril()(sq, -2))
run("tril_int", lambda: nn.Tril()(Tensor(np.arange(9, dtype=np.int32).reshape(3, 3))))
run("tril_3d", lambda: nn.Tril()(m))
run("tril_grad", lambda: ms.grad(lambda x: (nn.Tril()(x, 0) * x).sum())(sq))
run("triu", lambda: nn.Triu()(sq))
run("triu_k1", lambda: nn.Triu()(sq, 1))
run("triu_km1", lambda: nn.Triu()(sq, -1))
run("triu_int", lambda: nn.Triu()(Tensor(np.arange(9, dtype=np.int32).reshape(3, 3)), 1))
run("triu_3d", lambda: nn.Triu()(m))
run("triu_grad", lambda: ms.grad(lambda x: (nn.Triu()(x, 1) * x).sum())(sq))
run("roll_len_mismatch", lambda: nn.Roll((1, 2), (0,)))
run("roll_float", lambda: nn.Roll(1.0, 0))
run("roll_axis_bad", lambda: nn.Roll(1, 2)(sq))
run("roll_attrs", lambda: [nn.Roll(1, 0).shift, nn.Roll(1, 0).axis, nn.Roll((1, 2), (0, 1)).shift])
run("unflatten", lambda: nn.Unflatten(1, (2, 2))(sq))
run("unflatten_list", lambda: nn.Unflatten(-1, [2, 2])(m).shape)
run("unflatten_0", lambda: nn.Unflatten(0, (1, 3))(sq).shape)
run("unflatten_neg2", lambda: nn.Unflatten(-2, (3, 1))(m).shape)
run("unflatten_attrs", lambda: [nn.Unflatten(1, [2, 2]).axis, nn.Unflatten(1, [2, 2]).unflattened_size])
run("unflatten_float_axis", lambda: nn.Unflatten(1.0, (2, 2)))
run("unflatten_int_size", lambda: nn.Unflatten(1, 4))
run("rlse", lambda: nn.ReduceLogSumExp(1)(m))
run("rlse_kd", lambda: nn.ReduceLogSumExp((0, 2), keep_dims=True)(m))
run("rlse_list", lambda: nn.ReduceLogSumExp([0])(sq))
run("rlse_big", lambda: nn.ReduceLogSumExp(0)(Tensor(np.array([1000.0, 1000.0], np.float32))))
run("rlse_grad", lambda: ms.grad(nn.ReduceLogSumExp(1))(sq))
run("rlse_float_axis", lambda: nn.ReduceLogSumExp(1.0))
run("rlse_kd_int", lambda: nn.ReduceLogSumExp(1, keep_dims=1))
cs_in = Tensor(np.arange(2 * 6 * 2 * 1, dtype=np.float32).reshape(2, 6, 2, 1))
cs_w = Tensor(cs_in.asnumpy() + 1)
run("chshuffle", lambda: nn.ChannelShuffle(3)(cs_in))
run("chshuffle_g2", lambda: nn.ChannelShuffle(2)(cs_in))
run("chshuffle_3d", lambda: nn.ChannelShuffle(2)(Tensor(np.arange(8, dtype=np.float32).reshape(1, 4, 2))))
run("chshuffle_int", lambda: nn.ChannelShuffle(2)(Tensor(np.arange(4, dtype=np.int32).reshape(1, 4, 1))))
run("chshuffle_grad", lambda: ms.grad(lambda x: (nn.ChannelShuffle(3)(x) * cs_w).sum())(cs_in))
run("chshuffle_g0", lambda: nn.ChannelShuffle(0))
run("chshuffle_float", lambda: nn.ChannelShuffle(2.0))
run("chshuffle_indiv", lambda: nn.ChannelShuffle(4)(cs_in))
run("chshuffle_attrs", lambda: nn.ChannelShuffle(3).groups)
img = Tensor(np.array([[[[1.0, 2.0, 4.0], [3.0, 7.0, 5.0]]], [[[0.0, 1.0, 1.5], [2.0, 2.0, 9.0]]]],
                      np.float32))
img_w = Tensor(img.asnumpy() * 2)
run("imggrad", lambda: nn.ImageGradients()(img))
run("imggrad_h1", lambda: nn.ImageGradients()(img[:, :, :1, :]))
run("imggrad_w1", lambda: nn.ImageGradients()(img[:, :, :, :1]))
run("imggrad_int", lambda: nn.ImageGradients()(Tensor(np.arange(6, dtype=np.int32).reshape(1, 1, 2, 3))))
run("imggrad_grad", lambda: ms.grad(lambda x: (nn.ImageGradients()(x)[0] * img_w).sum()
                                    + nn.ImageGradients()(x)[1].sum())(img))
run("imggrad_3d", lambda: nn.ImageGradients()(img[0]))
