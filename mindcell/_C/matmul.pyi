"""Type stub of the compiled kernel module mindcell._C.matmul (csrc/matmul.pyx)."""
from typing import Any

import numpy as np

def matmul_gemm(a: np.ndarray, b: np.ndarray, transpose_a: int, transpose_b: int, out: np.ndarray) -> Any: ...
def matmul_batched(a: np.ndarray, b: np.ndarray, transpose_a: int, transpose_b: int, out: np.ndarray) -> Any: ...
