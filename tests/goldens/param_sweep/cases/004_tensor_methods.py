"""Parameter sweep of the public Tensor methods with a readable signature (see _sweep.py): each
defaulted parameter at one or two non-default values, on the method's sample inputs (the first
is the Tensor); dtype, shape and values or the exception's class."""
from _sweep import sweep

sweep("a", "z", "methods")
