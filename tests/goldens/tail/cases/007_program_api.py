"""jit_class, lazy_inline, set_recursion_limit, set_deterministic, manual_seed and the default
generator's state, _no_grad."""
import numpy as np
from _target import ms, nn, ops, Tensor, emit, emit_err


class Plain:
    def __init__(self):
        self.value = 10

    def func(self, x):
        return 2 * x


emit("jit_class_same", ms.jit_class(Plain) is Plain)
emit("jit_class_flag", Plain.__ms_class__)
emit_err("jit_class_function", ms.jit_class, lambda: 1)
emit_err("jit_class_cell", ms.jit_class, nn.ReLU)


class UsesPlain(nn.Cell):
    def __init__(self):
        super().__init__()
        self.helper = Plain()

    def construct(self, x):
        return self.helper.value + self.helper.func(x)


ms.set_context(mode=ms.GRAPH_MODE)
emit("jit_class_graph", UsesPlain()(Tensor(np.array([5.], np.float32))))
ms.set_context(mode=ms.PYNATIVE_MODE)


class Block(nn.Cell):
    @ms.lazy_inline
    def __init__(self, width, scale=2):
        super().__init__()
        self.dense = nn.Dense(width, width, weight_init="ones", bias_init="zeros")
        self.scale = scale

    def construct(self, x):
        return self.dense(x) * self.scale


blk = Block(3)
emit("lazy_inline_key", blk.cell_init_args)
emit("lazy_inline_result", blk(Tensor(np.ones((1, 3), np.float32))))


class Front(nn.Cell):
    @ms.lazy_inline(policy="front")
    def __init__(self):
        super().__init__()


emit("lazy_inline_front", Front().no_inline)


class Attrs(nn.Cell):
    @ms.lazy_inline(attrs=["width"])
    def __init__(self, width):
        super().__init__()
        self.width = width


emit("lazy_inline_attrs", Attrs(7).cell_init_args)


class BadPolicy(nn.Cell):
    @ms.lazy_inline(policy="back")
    def __init__(self):
        super().__init__()


emit_err("lazy_inline_bad_policy", BadPolicy)

ms.set_recursion_limit(2000)
emit_err("recursion_negative", ms.set_recursion_limit, -1)
emit_err("recursion_float", ms.set_recursion_limit, 1.5)
emit_err("recursion_str", ms.set_recursion_limit, "a")
emit_err("recursion_bool", ms.set_recursion_limit, True)

emit_err("deterministic_int", ms.set_deterministic, 1)
ms.set_deterministic(True)
emit("deterministic_context", ms.get_context("deterministic"))
emit_err("deterministic_again", ms.set_deterministic, False)

ms.manual_seed(5)
state = ms.get_rng_state()
emit("rng_state", [str(state.dtype), list(state.shape), state])
emit("initial_seed", ms.initial_seed())
ms.manual_seed(-1)
emit("rng_state_negative", ms.get_rng_state())
ms.set_rng_state(state)
emit("rng_state_restored", ms.get_rng_state())
emit_err("manual_seed_float", ms.manual_seed, 1.5)
emit_err("manual_seed_str", ms.manual_seed, "a")
emit_err("set_rng_state_none", ms.set_rng_state, None)
emit_err("set_rng_state_int", ms.set_rng_state, 3)


def f(v):
    with ms._no_grad():
        c = v * v
    return v * c


emit("no_grad", ops.grad(f)(Tensor(np.array(3.0, np.float32))))
