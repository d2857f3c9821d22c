"""nn.ProximalAdagrad, nn.ASGD and nn.Rprop: four steps on three parameters in both modes
(parameter values and state by name), with weight decay, groups, learning-rate lists and
schedules; argument errors."""
from _target import ms, nn

from _optim_more import run, build  # noqa: E402

for mode, tag in ((ms.PYNATIVE_MODE, "py"), (ms.GRAPH_MODE, "graph")):
    run("proxada_%s" % tag, lambda ps: nn.ProximalAdagrad(ps, learning_rate=0.1), mode)
    run("proxada_l1l2_%s" % tag, lambda ps: nn.ProximalAdagrad(
        ps, accum=0.2, learning_rate=0.2, l1=0.05, l2=0.1, weight_decay=0.1, loss_scale=2.0),
        mode)
    run("proxada_groups_%s" % tag, lambda ps: nn.ProximalAdagrad(
        [{"params": ps[:1], "lr": 0.3}, {"params": ps[1:], "weight_decay": 0.2}],
        learning_rate=[0.1, 0.2, 0.3, 0.4], l1=0.01), mode)
    run("asgd_%s" % tag, lambda ps: nn.ASGD(ps, learning_rate=0.1), mode)
    run("asgd_t0_%s" % tag, lambda ps: nn.ASGD(ps, learning_rate=0.05, lambd=0.1, alpha=0.5,
                                              t0=1.0, weight_decay=0.1), mode)
    run("asgd_groups_%s" % tag, lambda ps: nn.ASGD(
        [{"params": ps[:1], "lr": 0.2}, {"params": ps[1:]}], learning_rate=nn.PolynomialDecayLR(
            0.1, 0.01, 4, 1.0), lambd=0.01, t0=2.0), mode)
    run("rprop_%s" % tag, lambda ps: nn.Rprop(ps, learning_rate=0.1), mode)
    run("rprop_clip_%s" % tag, lambda ps: nn.Rprop(ps, learning_rate=0.05, etas=(0.3, 1.5),
                                                  step_sizes=(0.02, 0.08), weight_decay=0.1),
        mode)
    run("rprop_groups_%s" % tag, lambda ps: nn.Rprop(
        [{"params": ps[:2], "lr": 0.2}, {"params": ps[2:]}],
        learning_rate=[0.1, 0.3, 0.3, 0.3]), mode)

build("proxada_accum_neg", lambda ps: nn.ProximalAdagrad(ps, accum=-0.1))
build("proxada_l1_int", lambda ps: nn.ProximalAdagrad(ps, l1=1))
build("proxada_l2_neg", lambda ps: nn.ProximalAdagrad(ps, l2=-1.0))
build("proxada_locking_int", lambda ps: nn.ProximalAdagrad(ps, use_locking=0))
build("asgd_lambd_int", lambda ps: nn.ASGD(ps, lambd=1))
build("asgd_alpha_int", lambda ps: nn.ASGD(ps, alpha=1))
build("asgd_t0_int", lambda ps: nn.ASGD(ps, t0=1))
build("asgd_loss_scale", lambda ps: nn.ASGD(ps, loss_scale=2.0))
build("rprop_etas_list", lambda ps: nn.Rprop(ps, etas=[0.5, 1.2]))
build("rprop_etas_three", lambda ps: nn.Rprop(ps, etas=(0.5, 1.2, 2.0)))
build("rprop_etaplus_one", lambda ps: nn.Rprop(ps, etas=(0.5, 1.0)))
build("rprop_etaplus_int", lambda ps: nn.Rprop(ps, etas=(0.5, 2)))
build("rprop_etaminus_big", lambda ps: nn.Rprop(ps, etas=(1.5, 1.2)))
build("rprop_steps_list", lambda ps: nn.Rprop(ps, step_sizes=[1e-6, 50.0]))
build("rprop_steps_order", lambda ps: nn.Rprop(ps, step_sizes=(1.0, 0.5)))
build("rprop_steps_int", lambda ps: nn.Rprop(ps, step_sizes=(1, 50.0)))
