"""nn.AdaMax and nn.LazyAdam: four steps on three parameters in both modes (parameter values
and state by name), with weight decay (which skips 'gamma' without groups), parameter groups,
a per-step learning-rate list, a LearningRateSchedule, loss_scale and use_nesterov; argument
errors."""
from _target import ms, nn, Tensor
import numpy as np

from _optim_more import run, build  # noqa: E402

for mode, tag in ((ms.PYNATIVE_MODE, "py"), (ms.GRAPH_MODE, "graph")):
    run("adamax_%s" % tag, lambda ps: nn.AdaMax(ps, learning_rate=0.01), mode)
    run("adamax_wd_%s" % tag, lambda ps: nn.AdaMax(ps, learning_rate=0.02, beta1=0.8, beta2=0.99,
                                                  eps=1e-6, weight_decay=0.1, loss_scale=2.0),
        mode)
    run("adamax_groups_%s" % tag, lambda ps: nn.AdaMax(
        [{"params": ps[:1], "lr": 0.05, "weight_decay": 0.2}, {"params": ps[1:]}],
        learning_rate=0.01), mode)
    run("adamax_list_%s" % tag, lambda ps: nn.AdaMax(ps, learning_rate=[0.1, 0.05, 0.02, 0.01]),
        mode)
    run("adamax_sched_%s" % tag, lambda ps: nn.AdaMax(
        ps, learning_rate=nn.ExponentialDecayLR(0.1, 0.5, 2)), mode)
    run("lazyadam_%s" % tag, lambda ps: nn.LazyAdam(ps, learning_rate=0.01), mode)
    run("lazyadam_nesterov_%s" % tag, lambda ps: nn.LazyAdam(
        ps, learning_rate=0.02, use_nesterov=True, weight_decay=0.1, loss_scale=4.0), mode)
    run("lazyadam_groups_%s" % tag, lambda ps: nn.LazyAdam(
        [{"params": ps[:2], "lr": 0.05}, {"params": ps[2:], "weight_decay": 0.3}],
        learning_rate=Tensor(np.array(0.01, np.float32))), mode)

build("adamax_beta1_one", lambda ps: nn.AdaMax(ps, beta1=1.0))
build("adamax_beta1_zero", lambda ps: nn.AdaMax(ps, beta1=0.0))
build("adamax_beta2_int", lambda ps: nn.AdaMax(ps, beta2=1))
build("adamax_eps_zero", lambda ps: nn.AdaMax(ps, eps=0.0))
build("adamax_lr_neg", lambda ps: nn.AdaMax(ps, learning_rate=-0.1))
build("adamax_wd_neg", lambda ps: nn.AdaMax(ps, weight_decay=-0.1))
build("adamax_ls_zero", lambda ps: nn.AdaMax(ps, loss_scale=0.0))
build("lazyadam_beta2_one", lambda ps: nn.LazyAdam(ps, beta2=1.0))
build("lazyadam_eps_int", lambda ps: nn.LazyAdam(ps, eps=1))
build("lazyadam_wd_int", lambda ps: nn.LazyAdam(ps, weight_decay=0))
build("lazyadam_locking_int", lambda ps: nn.LazyAdam(ps, use_locking=1))
build("lazyadam_nesterov_str", lambda ps: nn.LazyAdam(ps, use_nesterov="yes"))
