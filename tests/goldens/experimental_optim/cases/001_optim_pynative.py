"""experimental.optim, mode 'py', cases [0:None] of _optims.CASES: parameter values after each of
3 steps, every Parameter the optimizer holds by name, param_groups entries."""
from _optims import run

run(("py",), 0, None)
