"""nn.AdaFactor: four steps on three parameters in both modes (parameter values and the
factored second-moment state by name), with the relative step (and its warm-up), a fixed rate,
no first moment, weight decay, no parameter scaling; argument errors."""
from _target import ms, nn

from _optim_more import run, build  # noqa: E402

for mode, tag in ((ms.PYNATIVE_MODE, "py"), (ms.GRAPH_MODE, "graph")):
    run("adafactor_%s" % tag, lambda ps: nn.AdaFactor(ps), mode)
    run("adafactor_warmup_%s" % tag, lambda ps: nn.AdaFactor(ps, warmup_init=True,
                                                            beta1=0.5), mode)
    run("adafactor_fixed_%s" % tag, lambda ps: nn.AdaFactor(
        ps, learning_rate=0.05, relative_step=False, scale_parameter=False, beta1=None,
        clip_threshold=0.5, decay_rate=0.6), mode)
    run("adafactor_wd_%s" % tag, lambda ps: nn.AdaFactor(
        ps, learning_rate=0.05, relative_step=False, weight_decay=0.1,
        eps=(1e-20, 0.01)), mode)
    run("adafactor_beta0_%s" % tag, lambda ps: nn.AdaFactor(ps, beta1=0.0), mode)

build("adafactor_lr_relative", lambda ps: nn.AdaFactor(ps, learning_rate=0.1))
build("adafactor_no_lr", lambda ps: nn.AdaFactor(ps, relative_step=False))
build("adafactor_warmup_fixed", lambda ps: nn.AdaFactor(ps, learning_rate=0.1,
                                                        relative_step=False, warmup_init=True))
build("adafactor_eps_one", lambda ps: nn.AdaFactor(ps, eps=(1e-30,)))
build("adafactor_eps_int", lambda ps: nn.AdaFactor(ps, eps=(0, 1e-3)))
build("adafactor_eps_neg", lambda ps: nn.AdaFactor(ps, eps=(-1e-30, 1e-3)))
build("adafactor_eps_float", lambda ps: nn.AdaFactor(ps, eps=1e-3))
build("adafactor_decay_one", lambda ps: nn.AdaFactor(ps, decay_rate=1.0))
build("adafactor_wd_one", lambda ps: nn.AdaFactor(ps, weight_decay=1.0))
build("adafactor_clip_int", lambda ps: nn.AdaFactor(ps, clip_threshold=1))
build("adafactor_beta_neg", lambda ps: nn.AdaFactor(ps, beta1=-0.1))
build("adafactor_scale_int", lambda ps: nn.AdaFactor(ps, scale_parameter=1))
build("adafactor_compression_int", lambda ps: nn.AdaFactor(ps, compression=1))
