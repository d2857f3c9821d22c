"""Parameter sweep of the public mindspore.mint.nn.functional functions with a readable
signature (see _sweep.py): each defaulted parameter at one or two non-default values, on the
sample inputs of the mindspore.ops function of the same name; dtype, shape and values or the
exception's class."""
from _sweep import sweep

sweep("a", "z", "mint_functional")
