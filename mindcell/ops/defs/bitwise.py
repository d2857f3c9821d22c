"""Bitwise primitives on integer and bool tensors: the ``&``, ``|``, ``^`` and ``~`` operators.
Integers have no gradient, so there is no bprop."""
import numpy as np

from mindcell._core.primitive import defprim, elementwise_infer

bitwise_and_p = defprim("BitwiseAnd", np.bitwise_and, infer=elementwise_infer)
bitwise_or_p = defprim("BitwiseOr", np.bitwise_or, infer=elementwise_infer)
bitwise_xor_p = defprim("BitwiseXor", np.bitwise_xor, infer=elementwise_infer)
invert_p = defprim("Invert", np.invert, infer=lambda x: x)
