"""Small helpers shared by the primitive definitions."""
from mindcell._core import autodiff


def records_backward():
    """True while an enclosing tape records the backward pass itself (grad of grad).

    Fused backward kernels have no bprop of their own, so bprops switch to their composite
    (differentiable) form in that case. # NOTE: the fused form is the fast path.
    """
    return bool(autodiff.tapes)
