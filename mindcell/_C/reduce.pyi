"""Type stub of the compiled kernel module mindcell._C.reduce (csrc/reduce.pyx)."""
from typing import Any

import numpy as np

def sum_rows(x: np.ndarray, out: np.ndarray) -> Any: ...
def sum_cols(x: np.ndarray, acc: np.ndarray, out: np.ndarray) -> Any: ...
