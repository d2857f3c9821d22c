"""mindcell's kernel modules compiled for the avx512 instruction set (chosen by mindcell._C)."""
