"""nn.TripletMarginWithDistanceLoss, MaxPool2dExt, LRN and Dropout2dExt (evaluation mode and
p=0): values, shapes, gradients, attributes and error types. MaxPool2dExt: attributes only
(MindSpore 2.10 runs it on Ascend only, RuntimeError on CPU); its values are checked against
numpy in tests/nn/test_nn_more_layers2.py."""
import numpy as np
from _target import ms, nn, Tensor, emit

from _nn_more import run  # noqa: E402  (the shared recorder)


a = Tensor(np.array([[0.9, -1.2, 2.0, 0.1], [-0.3, 0.5, -2.2, 1.4], [1.1, 0.0, -0.7, 0.6]],
                    np.float32))
b = Tensor(np.array([[0.5, -1.0, 1.0, 0.4], [0.3, 0.1, -2.0, 1.0], [1.0, 0.2, -1.0, 0.0]],
                    np.float32))
c = Tensor(np.array([[1.5, 0.0, -1.0, 0.2], [0.0, 0.9, -1.0, 2.0], [-1.0, 0.5, 0.3, 0.1]],
                    np.float32))
run("tmwd", lambda: nn.TripletMarginWithDistanceLoss()(a, b, c))
run("tmwd_swap_none", lambda: nn.TripletMarginWithDistanceLoss(swap=True, reduction="none",
                                                               margin=2.0)(a, b, c))
run("tmwd_fn_sum", lambda: nn.TripletMarginWithDistanceLoss(
    distance_function=lambda x, y: (x - y).abs().sum(1), reduction="sum", margin=0.5)(a, b, c))
run("tmwd_grad", lambda: ms.grad(nn.TripletMarginWithDistanceLoss(margin=3.0),
                                 grad_position=(0, 1, 2))(a, b, c))
run("tmwd_margin_int", lambda: nn.TripletMarginWithDistanceLoss(margin=1))
run("tmwd_swap_int", lambda: nn.TripletMarginWithDistanceLoss(swap=1))
run("tmwd_red_bad", lambda: nn.TripletMarginWithDistanceLoss(reduction="avg"))
run("tmwd_not_tensor", lambda: nn.TripletMarginWithDistanceLoss()(a, b, 1.0))
x4 = Tensor((np.arange(2 * 3 * 5 * 6, dtype=np.float32).reshape(2, 3, 5, 6) * 7 % 13) - 6)
run("mp2e_attrs", lambda: [nn.MaxPool2dExt(3).stride, nn.MaxPool2dExt(3, 1).kernel_size])
xl = Tensor((np.arange(1 * 7 * 2 * 3, dtype=np.float32).reshape(1, 7, 2, 3) % 5) / 2 - 0.5)
run("lrn", lambda: nn.LRN()(xl))
run("lrn_args", lambda: nn.LRN(depth_radius=2, bias=2.0, alpha=0.5, beta=0.75)(xl))
run("lrn_r0", lambda: nn.LRN(0, 1.0, 1e-3, 0.75)(xl))
run("lrn_grad", lambda: ms.grad(lambda t: (nn.LRN(2, 1.0, 0.3, 0.75)(t) * xl).sum())(xl + 0.1))
run("lrn_3d", lambda: nn.LRN()(xl[0]))
run("lrn_region", lambda: nn.LRN(norm_region="WITHIN_CHANNEL"))
run("lrn_radius_float", lambda: nn.LRN(depth_radius=2.0))
run("lrn_radius_neg", lambda: nn.LRN(depth_radius=-1))
run("lrn_beta_int", lambda: nn.LRN(beta=1))
run("d2e_eval", lambda: nn.Dropout2dExt()(x4))
run("d2e_p0_train", lambda: nn.Dropout2dExt(p=0.0).set_train()(x4))
run("d2e_attrs", lambda: [nn.Dropout2dExt().p, nn.Dropout2dExt(0.2, True).inplace])
