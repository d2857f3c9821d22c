"""Unnamed Parameters are numbered "Parameter#N" when they are made, in construction order (not
when their name is first read); a named Parameter, a built-in layer's Parameters and an
optimizer's state take no number; a clone keeps its source's name. Numbers are recorded
relative to the case's first Parameter, since earlier cases in the process also take numbers."""
import numpy as np

from _target import ms, nn, Tensor, Parameter, emit


def number(p):
    return int(p.name.split("#")[1]) if p.name.startswith("Parameter#") else p.name


def value():
    return Tensor(np.ones(2, np.float32))


first = Parameter(value())
second = Parameter(value())
base = number(first)
emit("read_in_reverse", {"second": number(second) - base, "first": number(first) - base})

named = Parameter(value(), name="x")
after_named = Parameter(value())
emit("named_takes_none", {"named": named.name, "after": number(after_named) - base})

emit("clone_keeps_name", {"clone": number(first.clone()) - base})
wrapped = Parameter(first)
emit("parameter_of_parameter", {"wrapped": number(wrapped) - base})

dense = nn.Dense(2, 3)
after_dense = Parameter(value())
opt = nn.Momentum(dense.trainable_params(), 0.1, 0.9)
after_optimizer = Parameter(value())
emit("layers_and_optimizers_take_none", {
    "after_dense": number(after_dense) - base,
    "after_optimizer": number(after_optimizer) - base,
    "optimizer_params": [p.name for p in opt.parameters]})


class Holder(nn.Cell):
    def __init__(self):
        super().__init__()
        self.w = Parameter(value())
        self.plain = [Parameter(value()), Parameter(value())]

    def construct(self, x):
        return x


holder = Holder()
emit("cell_attribute_and_plain_list", {
    "attribute": holder.w.name,
    "plain": [number(p) - base for p in holder.plain],
    "next": number(Parameter(value())) - base})
