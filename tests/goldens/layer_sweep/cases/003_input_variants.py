"""Input sweep (see _layer_sweep.py) of the layers of cases 001 and 002: each called on its
input in float16, float64 and int32, with one more leading axis, without the batch axis, as
numpy arrays instead of Tensors, and in training mode; the output's dtype, shape and values, or
the exception's class."""
from _layer_sweep import sweep_inputs, CONV_DENSE_NORM, POOL_ACT_RNN_LOSS

sweep_inputs(CONV_DENSE_NORM + POOL_ACT_RNN_LOSS)
