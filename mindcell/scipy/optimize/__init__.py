"""``mindcell.scipy.optimize`` (MindSpore's ``mindspore.scipy.optimize``): :func:`minimize`
(BFGS, L-BFGS), :func:`line_search` and :func:`linear_sum_assignment`."""
from mindcell.scipy.optimize.line_search import line_search
from mindcell.scipy.optimize.linear_sum_assignment import linear_sum_assignment
from mindcell.scipy.optimize.minimize import minimize

__all__ = ["minimize", "line_search", "linear_sum_assignment"]
