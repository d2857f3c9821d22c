"""``mindspore._c_expression``: the part of MindSpore's C++ binding module that model code
imports: its ``typing`` classes (``from mindspore._c_expression import typing``) and ``Cell_``,
the base of ``nn.Cell``, with ``MixedPrecisionType``."""
from mindcell._c_expression import typing  # noqa: F401
from mindcell._c_expression.cell_base import Cell_, MixedPrecisionType

__all__ = ["typing", "Cell_", "MixedPrecisionType"]
