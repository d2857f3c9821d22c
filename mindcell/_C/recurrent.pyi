"""Type stub of the compiled kernel module mindcell._C.recurrent (csrc/recurrent.pyx)."""
from typing import Any, Tuple

import numpy as np

GATES: Tuple[int, int, int]
RESERVE: Tuple[int, int, int]

def set_blas(sgemm_address: int, dgemm_address: int) -> None: ...
def recurrent_forward(kind: int, relu: int, reverse: int, x: np.ndarray, w_ih: np.ndarray, w_hh: np.ndarray, b_ih: np.ndarray, b_hh: np.ndarray, lengths: np.ndarray, out_y: np.ndarray, out_h: np.ndarray, out_c: np.ndarray, out_reserve: np.ndarray, out_xproj: np.ndarray, out_gh: np.ndarray) -> Any: ...
def recurrent_backward(kind: int, relu: int, reverse: int, x: np.ndarray, w_ih: np.ndarray, w_hh: np.ndarray, lengths: np.ndarray, reserve: np.ndarray, dy: np.ndarray, out_dh: np.ndarray, out_dc: np.ndarray, out_dx: np.ndarray, out_dw_ih: np.ndarray, out_dw_hh: np.ndarray, out_db_ih: np.ndarray, out_db_hh: np.ndarray, out_dgi: np.ndarray, out_dgh: np.ndarray, out_dgs: np.ndarray, out_dhh: np.ndarray) -> Any: ...
