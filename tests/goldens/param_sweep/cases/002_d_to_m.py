"""Parameter sweep of the public mindspore.ops functions d..m (see _sweep.py): each defaulted
parameter at one or two non-default values, on the function's sample inputs; dtype, shape and
values or the exception's class."""
from _sweep import sweep

sweep("d", "m")
