"""nn.OneHot, MatMul, Norm, Range, Moments, LogSigmoid, MAELoss, RMSELoss, DiceLoss,
MultiClassDiceLoss, PSNR and SSIM: values, dtypes, shapes and error types. PSNR and SSIM run in
GRAPH_MODE (MindSpore 2.10's PYNATIVE PSNR/SSIM fail in ScalarCast on CPU)."""
import numpy as np
from _target import ms, nn, Tensor, emit


def run(key, fn):
    """Emit dtype, shape and value of each output, or the exception's type (MindSpore raises
    some errors only when the result is read, so it is read inside the try)."""
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


x = Tensor(np.arange(12, dtype=np.float32).reshape(3, 4) / 10)
idx = Tensor(np.array([0, 2, 1], np.int32))
run("onehot", lambda: nn.OneHot(depth=4)(idx))
run("onehot_axis0", lambda: nn.OneHot(axis=0, depth=3, on_value=5.0, off_value=-1.0)(idx))
run("onehot_int64_2d", lambda: nn.OneHot(depth=3)(Tensor(np.array([[0, 2]], np.int64))))
run("onehot_out_of_range", lambda: nn.OneHot(depth=3)(Tensor(np.array([-1, 3], np.int32))))
run("onehot_float_idx", lambda: nn.OneHot(depth=3)(Tensor(np.array([1.0], np.float32))))
run("onehot_axis_bad", lambda: nn.OneHot(axis=-2, depth=3)(idx))
run("onehot_depth0", lambda: nn.OneHot(depth=0)(Tensor(np.array([0], np.int32))))
oh = nn.OneHot(depth=3)
emit("onehot_attrs", [oh.depth, str(oh.dtype)])
y = Tensor(np.array([[0.1, 0.5, 0.2, 0.9]] * 3, np.float32))
run("mae", lambda: nn.MAELoss()(x, y))
run("mae_sum", lambda: nn.MAELoss("sum")(x, y))
run("mae_none", lambda: nn.MAELoss("none")(x, y))
run("mae_bcast", lambda: nn.MAELoss()(x, Tensor(np.array([0.1, 0.5, 0.2, 0.9], np.float32))))
run("mae_bad", lambda: nn.MAELoss("avg"))
run("rmse", lambda: nn.RMSELoss()(x, y))
run("rmse_grad", lambda: ms.grad(nn.RMSELoss())(Tensor(np.array([1.0, 2.0], np.float32)),
                                                Tensor(np.array([0.0, 0.0], np.float32))))
ones42 = Tensor(np.ones((4, 2), np.float32))
run("mm", lambda: nn.MatMul()(x, ones42))
run("mm_t", lambda: nn.MatMul(transpose_x1=True, transpose_x2=True)(
    x, Tensor(np.ones((2, 3), np.float32))))
run("mm_batch", lambda: nn.MatMul()(Tensor(np.ones((2, 3, 4), np.float32)), ones42))
run("mm_bcast_shape", lambda: nn.MatMul()(Tensor(np.ones((2, 1, 3, 4), np.float32)),
                                          Tensor(np.ones((5, 4, 2), np.float32))).shape)
run("mm_1d", lambda: nn.MatMul()(Tensor(np.arange(4, dtype=np.float32)), ones42))
run("mm_1d_t", lambda: nn.MatMul(transpose_x1=True)(Tensor(np.ones((4,), np.float32)), ones42))
run("mm_1d1d", lambda: nn.MatMul()(Tensor(np.ones((4,), np.float32)),
                                   Tensor(np.ones((4,), np.float32))))
run("mm_int", lambda: nn.MatMul()(Tensor(np.ones((2, 2), np.int32)),
                                  Tensor(np.ones((2, 2), np.int32))))
run("mm_bad", lambda: nn.MatMul()(x, Tensor(np.ones((3, 2), np.float32))))
run("norm", lambda: nn.Norm()(x))
run("norm_axis", lambda: nn.Norm(axis=1)(x))
run("norm_axis_kd", lambda: nn.Norm(axis=(0,), keep_dims=True)(x))
run("norm_int", lambda: nn.Norm()(Tensor(np.array([3, 4], np.int32))))
run("norm_grad", lambda: ms.grad(nn.Norm(axis=1))(Tensor(np.array([[3.0, 4.0]], np.float32))))
run("range", lambda: nn.Range(1, 8, 2)())
run("range_limit_only", lambda: nn.Range(5)())
run("range_float", lambda: nn.Range(1.0, 3, 0.5)())
run("range_neg", lambda: nn.Range(5, 1, -1)())
run("range_empty", lambda: nn.Range(5, 1, 1)())
run("range_mixed", lambda: nn.Range(0, 2.0)())
run("range_delta0", lambda: nn.Range(1, 5, 0)())
run("moments", lambda: nn.Moments()(x))
run("moments_axis_kd", lambda: nn.Moments(axis=1, keep_dims=True)(x))
run("moments_axis0", lambda: nn.Moments(axis=0)(x))
run("moments_tuple", lambda: nn.Moments(axis=(0, 1))(Tensor(np.array([[1., 2], [3, 5]],
                                                                       np.float32))))
run("moments_f16", lambda: nn.Moments(axis=0)(Tensor(np.array([[1, 2], [3, 6]], np.float16))))
run("moments_int", lambda: nn.Moments(axis=0)(Tensor(np.array([[1, 2], [3, 5]], np.int32))))
run("moments_axis_float", lambda: nn.Moments(axis=0.5))
run("moments_kd_int", lambda: nn.Moments(keep_dims=1))
run("logsig", lambda: nn.LogSigmoid()(Tensor(np.array([-2.0, 0.0, 3.0], np.float32))))
run("logsig_grad", lambda: ms.grad(nn.LogSigmoid())(Tensor(np.array([-2.0, 0.0, 3.0],
                                                                    np.float32))))
run("logsig_int", lambda: nn.LogSigmoid()(Tensor(np.array([1, 2], np.int32))))
p = Tensor(np.array([[0.2, 0.5], [0.3, 0.1], [0.9, 0.7]], np.float32))
t = Tensor(np.array([[0, 1], [1, 0], [0, 1]], np.float32))
run("dice", lambda: nn.DiceLoss()(p, t))
run("dice_smooth", lambda: nn.DiceLoss(smooth=1.0)(p, t))
run("dice_4d", lambda: nn.DiceLoss()(Tensor(np.linspace(0, 1, 24, dtype=np.float32).reshape(
    1, 3, 2, 4)), Tensor(np.ones((1, 3, 2, 4), np.float32))))
run("dice_grad", lambda: ms.grad(nn.DiceLoss())(p, t))
run("dice_shape", lambda: nn.DiceLoss()(p, Tensor(np.ones((3, 3), np.float32))))
run("dice_int_smooth", lambda: nn.DiceLoss(smooth=0))
p3 = Tensor(np.array([[0.2, 0.5, 0.3], [0.3, 0.1, 0.6], [0.9, 0.05, 0.05]], np.float32))
t3 = Tensor(np.array([[0, 1, 0], [1, 0, 0], [0, 0, 1]], np.float32))
w3 = Tensor(np.array([[0.1], [0.3], [0.6]], np.float32))
run("mdice", lambda: nn.MultiClassDiceLoss()(p3, t3))
run("mdice_weights", lambda: nn.MultiClassDiceLoss(weights=w3, ignore_indiex=1)(p3, t3))
run("mdice_ignore", lambda: nn.MultiClassDiceLoss(ignore_indiex=0, activation=None)(p3, t3))
run("mdice_none", lambda: nn.MultiClassDiceLoss(activation=None)(p3, t3))
run("mdice_sigmoid", lambda: nn.MultiClassDiceLoss(activation="sigmoid")(p3, t3))
run("mdice_cell", lambda: nn.MultiClassDiceLoss(activation=nn.ReLU())(p3, t3))
lab4 = np.eye(3, dtype=np.float32)[[0, 1, 2, 0, 1, 2, 0, 1]].T.reshape(1, 3, 2, 4)
run("mdice_4d", lambda: nn.MultiClassDiceLoss()(Tensor(np.linspace(
    0, 1, 24, dtype=np.float32).reshape(1, 3, 2, 4)), Tensor(lab4)))
run("mdice_weights_1d", lambda: nn.MultiClassDiceLoss(
    weights=Tensor(np.array([0.1, 0.3, 0.6], np.float32)))(p3, t3))
run("mdice_weights_rows", lambda: nn.MultiClassDiceLoss(
    weights=Tensor(np.array([[0.1, 0.3, 0.6]], np.float32)))(p3, t3))
run("mdice_1d", lambda: nn.MultiClassDiceLoss()(Tensor(np.ones(3, np.float32)),
                                                Tensor(np.ones(3, np.float32))))
run("mdice_act_int", lambda: nn.MultiClassDiceLoss(activation=3))

ms.set_context(mode=ms.GRAPH_MODE)
base = np.linspace(0, 1, 2 * 3 * 16 * 16, dtype=np.float32).reshape(2, 3, 16, 16)
img1, img2 = Tensor(base), Tensor(base ** 2)
run("psnr", lambda: nn.PSNR()(img1, img2))
run("psnr_max", lambda: nn.PSNR(max_val=2.0)(img1, img2))
run("psnr_uint8", lambda: nn.PSNR()(Tensor(np.full((1, 1, 4, 4), 3, np.uint8)),
                                    Tensor(np.zeros((1, 1, 4, 4), np.uint8))))
run("psnr_3d", lambda: nn.PSNR()(Tensor(np.ones((3, 4, 4), np.float32)),
                                 Tensor(np.ones((3, 4, 4), np.float32))))
run("psnr_max0", lambda: nn.PSNR(max_val=0.0))
run("ssim", lambda: nn.SSIM()(img1, img2))
run("ssim_same", lambda: nn.SSIM()(img1, img1))
run("ssim_args", lambda: nn.SSIM(max_val=2.0, filter_size=5, filter_sigma=1.0, k1=0.02,
                                 k2=0.05)(img1, img2))
run("ssim_even_window", lambda: nn.SSIM(filter_size=4)(img1, img2))
rect = np.linspace(0, 1, 60, dtype=np.float32).reshape(1, 1, 6, 10)
run("ssim_rect", lambda: nn.SSIM(filter_size=3)(Tensor(rect), Tensor(rect ** 0.5)))
run("ssim_small", lambda: nn.SSIM()(Tensor(np.ones((1, 1, 8, 8), np.float32)),
                                    Tensor(np.ones((1, 1, 8, 8), np.float32))))
run("ssim_uint8", lambda: nn.SSIM(filter_size=3)(Tensor(np.full((1, 1, 4, 4), 3, np.uint8)),
                                                 Tensor(np.zeros((1, 1, 4, 4), np.uint8))))
run("ssim_max0", lambda: nn.SSIM(max_val=0))
run("ssim_sigma0", lambda: nn.SSIM(filter_sigma=0.0))
ms.set_context(mode=ms.PYNATIVE_MODE)
