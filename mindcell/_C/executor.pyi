"""Type stub of the compiled module mindcell._C.executor (csrc/executor.pyx)."""
from typing import Any

import numpy as np

KINDS: dict[str, int]

def set_blas(sgemm_address: int, dgemm_address: int) -> None: ...

class Executor:
    def __init__(self, n_slots: int, instrs: list[dict[str, Any]], py_steps: list[tuple],
                 frees: list[tuple[int, ...]], bindings: dict[str, Any]) -> None: ...
    def run(self, inputs: list[np.ndarray], params: list[np.ndarray]) -> list[np.ndarray]: ...
