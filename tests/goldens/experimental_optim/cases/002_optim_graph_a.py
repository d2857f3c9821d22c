"""experimental.optim, mode 'graph', cases [0:10] of _optims.CASES: parameter values after each of
3 steps, every Parameter the optimizer holds by name, param_groups entries."""
from _optims import run

run(("graph",), 0, 10)
