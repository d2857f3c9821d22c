"""mindcell's kernel modules compiled for the avx2 instruction set (chosen by mindcell._C)."""
