"""nn.HingeEmbeddingLoss, GaussianNLLLoss, PoissonNLLLoss, MultiLabelSoftMarginLoss,
TripletMarginLoss and FocalLoss: values, dtypes, shapes, gradients and error types for default
and non-default arguments. TripletMarginLoss: only its checks and attributes (MindSpore 2.10's
CPU build has no TripletMarginLoss kernel: every call raises RuntimeError); its values are
checked against numpy in tests/nn/test_nn_more_losses.py."""
import numpy as np
from _target import ms, nn, Tensor, emit

from _nn_more import run  # noqa: E402  (the shared recorder)


a = Tensor(np.array([[0.9, -1.2, 2.0, 0.1], [-0.3, 0.5, -2.2, 1.4], [1.1, 0.0, -0.7, 0.6]],
                    np.float32))
b = Tensor(np.array([[0.5, -1.0, 1.0, 0.4], [0.3, 0.1, -2.0, 1.0], [1.0, 0.2, -1.0, 0.0]],
                    np.float32))
c = Tensor(np.array([[1.5, 0.0, -1.0, 0.2], [0.0, 0.9, -1.0, 2.0], [-1.0, 0.5, 0.3, 0.1]],
                    np.float32))
sgn = Tensor(np.array([[1, -1, -1, 1], [-1, 1, 1, -1], [1, 1, -1, -1]], np.float32))
run("hinge", lambda: nn.HingeEmbeddingLoss()(a, sgn))
run("hinge_m2_sum", lambda: nn.HingeEmbeddingLoss(margin=2, reduction="sum")(a, sgn))
run("hinge_none", lambda: nn.HingeEmbeddingLoss(0.5, "none")(a, sgn))
run("hinge_grad", lambda: ms.grad(nn.HingeEmbeddingLoss(1.5))(a, sgn))
run("hinge_red_bad", lambda: nn.HingeEmbeddingLoss(reduction="avg"))
run("hinge_margin_str", lambda: nn.HingeEmbeddingLoss(margin="1"))
run("hinge_int_input", lambda: nn.HingeEmbeddingLoss()(Tensor(np.array([1, 2], np.int32)),
                                                      Tensor(np.array([1, -1], np.int32))))
var = Tensor(np.array([[0.5, 1.0, 2.0, 0.1], [1.0, 1.0, 0.0, 3.0], [0.2, 0.7, 1.5, 1.0]],
                      np.float32))
run("gnll", lambda: nn.GaussianNLLLoss()(a, b, var))
run("gnll_full_sum", lambda: nn.GaussianNLLLoss(full=True, reduction="sum")(a, b, var))
run("gnll_none_eps", lambda: nn.GaussianNLLLoss(eps=0.3, reduction="none")(a, b, var))
run("gnll_var_1d", lambda: nn.GaussianNLLLoss(reduction="none")(a, b, var[:, 0]))
run("gnll_grad", lambda: ms.grad(nn.GaussianNLLLoss(), grad_position=(0, 2))(a, b, var))
run("gnll_eps_int", lambda: nn.GaussianNLLLoss(eps=1))
run("gnll_eps_neg", lambda: nn.GaussianNLLLoss(eps=-0.1))
run("gnll_full_int", lambda: nn.GaussianNLLLoss(full=1))
run("gnll_red_bad", lambda: nn.GaussianNLLLoss(reduction="avg"))
run("gnll_not_tensor", lambda: nn.GaussianNLLLoss()(a, b, 1.0))
cnt = Tensor(np.array([[0.0, 1.0, 3.0, 2.0], [5.0, 0.0, 1.0, 1.0], [2.0, 4.0, 0.0, 7.0]],
                      np.float32))
pos_rate = Tensor(np.abs(a.asnumpy()) + 0.2)
run("pnll", lambda: nn.PoissonNLLLoss()(a, cnt))
run("pnll_nolog", lambda: nn.PoissonNLLLoss(log_input=False)(pos_rate, cnt))
run("pnll_full_none", lambda: nn.PoissonNLLLoss(full=True, reduction="none")(a, cnt))
run("pnll_full_sum_eps", lambda: nn.PoissonNLLLoss(False, True, 0.5, "sum")(pos_rate, cnt))
run("pnll_int_target", lambda: nn.PoissonNLLLoss()(a, Tensor(cnt.asnumpy().astype(np.int32))))
run("pnll_f16", lambda: nn.PoissonNLLLoss()(Tensor(a.asnumpy().astype(np.float16)),
                                            Tensor(cnt.asnumpy().astype(np.float16))))
run("pnll_grad", lambda: ms.grad(nn.PoissonNLLLoss(full=True))(a, cnt))
run("pnll_red_bad", lambda: nn.PoissonNLLLoss(reduction="avg"))
run("pnll_not_tensor", lambda: nn.PoissonNLLLoss()(a, 1.0))
lab = Tensor(np.array([[1, 0, 1, 0], [0, 0, 1, 1], [1, 1, 0, 0]], np.float32))
w4 = Tensor(np.array([1.0, 2.0, 0.5, 1.0], np.float32))
run("mlsm", lambda: nn.MultiLabelSoftMarginLoss()(a, lab))
run("mlsm_w_sum", lambda: nn.MultiLabelSoftMarginLoss(weight=w4, reduction="sum")(a, lab))
run("mlsm_none", lambda: nn.MultiLabelSoftMarginLoss(reduction="none")(a, lab))
run("mlsm_1d", lambda: nn.MultiLabelSoftMarginLoss(reduction="none")(a[0], lab[0]))
run("mlsm_grad", lambda: ms.grad(nn.MultiLabelSoftMarginLoss(weight=w4))(a, lab))
run("mlsm_red_bad", lambda: nn.MultiLabelSoftMarginLoss(reduction="avg"))
run("mlsm_not_tensor", lambda: nn.MultiLabelSoftMarginLoss()(a, 1.0))
run("triplet_red_bad", lambda: nn.TripletMarginLoss(reduction="avg")(a, b, c))
run("triplet_p_float", lambda: nn.TripletMarginLoss(p=2.0)(a, b, c))
run("triplet_swap_int", lambda: nn.TripletMarginLoss(swap=1)(a, b, c))
run("triplet_attrs", lambda: [nn.TripletMarginLoss().p, nn.TripletMarginLoss().margin,
                              nn.TripletMarginLoss().eps, nn.TripletMarginLoss().swap])
logits = Tensor(np.array([[0.8, 1.4, -0.3], [0.2, -1.0, 2.5], [1.5, 0.4, 0.1], [0.0, 0.3, -0.6]],
                         np.float32))
onehot = Tensor(np.eye(3, dtype=np.float32)[[1, 2, 0, 0]])
idx = Tensor(np.array([[1], [2], [0], [0]], np.int32))
w3 = Tensor(np.array([1.0, 2.0, 0.5], np.float32))
run("focal", lambda: nn.FocalLoss()(logits, onehot))
run("focal_idx", lambda: nn.FocalLoss()(logits, idx))
run("focal_w_g1", lambda: nn.FocalLoss(weight=w3, gamma=1.0)(logits, onehot))
run("focal_w_idx_none", lambda: nn.FocalLoss(weight=w3, reduction="none")(logits, idx))
run("focal_sum_g0", lambda: nn.FocalLoss(gamma=0.0, reduction="sum")(logits, idx))
img_logits = Tensor(np.arange(2 * 3 * 2 * 2, dtype=np.float32).reshape(2, 3, 2, 2) % 5 / 3)
img_lab = Tensor(np.array([[[[0, 1], [2, 1]]], [[[1, 1], [0, 2]]]], np.int32))
run("focal_4d_idx", lambda: nn.FocalLoss(reduction="none")(img_logits, img_lab))
run("focal_grad", lambda: ms.grad(nn.FocalLoss(weight=w3))(logits, onehot))
run("focal_gamma_int", lambda: nn.FocalLoss(gamma=2))
run("focal_weight_list", lambda: nn.FocalLoss(weight=[1.0, 2.0]))
run("focal_weight_2d", lambda: nn.FocalLoss(weight=Tensor(np.ones((2, 2), np.float32))))
run("focal_red_bad", lambda: nn.FocalLoss(reduction="avg"))
run("focal_float_idx", lambda: nn.FocalLoss()(logits, Tensor(np.array([[1.0]] * 4, np.float32))))
run("focal_ndim", lambda: nn.FocalLoss()(logits, Tensor(np.array([1, 2, 0, 0], np.int32))))
run("focal_channels", lambda: nn.FocalLoss()(logits, onehot[:, :2]))
