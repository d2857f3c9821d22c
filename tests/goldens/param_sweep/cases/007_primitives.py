"""Parameter sweep of the mindspore.ops Primitive classes (see _sweep.py): each defaulted
__init__ parameter at one or two non-default values, the Primitive called on the sample inputs of
its api_table row; dtype, shape and values or the exception's class."""
from _sweep import sweep

sweep("a", "z", "primitives")
