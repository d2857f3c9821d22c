"""experimental.optim, mode 'jit', cases [10:None] of _optims.CASES: parameter values after each of
3 steps, every Parameter the optimizer holds by name, param_groups entries."""
from _optims import run

run(("jit",), 10, None)
