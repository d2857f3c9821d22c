"""Small helpers shared by the primitive definitions."""
from mindcell._core import autodiff


def records_backward():
    """True while an enclosing tape records the backward pass itself (grad of grad).

    LayerNormGrad, RMSNormGrad and the cross-entropy gradient outputs have no derivative of
    their own, so those bprops switch to their composite (differentiable) form in that case.
    # NOTE: the fused form is the fast path.
    """
    return bool(autodiff._state.tapes)


def no_second_order(name):
    """The bprop of a backward-only primitive whose own derivative is not written: raises
    rather than let the walk treat it as a constant (silently zero second derivatives)."""
    def bprop(*args, **kwargs):
        raise RuntimeError("%s: second-order gradients are not supported" % name)
    return bprop


def no_gradient(name, why):
    """The bprop of a primitive MindSpore defines no gradient for although its inputs are
    floats (random samples of a distribution's parameter, LAPACK's packed QR): raises, as
    MindSpore 2.10 does ("bprop not defined"), instead of a silent zero gradient."""
    def bprop(*args, **kwargs):
        raise RuntimeError("%s: cannot be differentiated (%s; MindSpore 2.10 defines no "
                           "gradient either)" % (name, why))
    return bprop
