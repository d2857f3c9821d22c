"""dtype names and constants of ``mindcell.numpy`` (``mnp.float32``, ``mnp.pi`` ...)."""
import math

from mindcell.dtype import (bool_, int8, int16, int32, int64, uint8, uint16, uint32,  # noqa: F401
                            uint64, float16, float32, float64, half, single, double)

int_ = int32
float_ = float32
pi = math.pi
e = math.e
euler_gamma = 0.5772156649015329
inf = float("inf")
PINF = inf
NINF = -inf
nan = float("nan")
NAN = NaN = nan
newaxis = None

__all__ = ["bool_", "int8", "int16", "int32", "int64", "uint8", "uint16", "uint32", "uint64",
           "float16", "float32", "float64", "half", "single", "double", "int_", "float_",
           "pi", "e", "euler_gamma", "inf", "PINF", "NINF", "nan", "NAN", "NaN", "newaxis"]
