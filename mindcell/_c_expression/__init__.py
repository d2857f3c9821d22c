"""``mindspore._c_expression``: the part of MindSpore's C++ binding module that model code
imports, its ``typing`` classes (``from mindspore._c_expression import typing``)."""
from mindcell._c_expression import typing  # noqa: F401

__all__ = ["typing"]
