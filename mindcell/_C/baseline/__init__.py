"""mindcell's kernel modules compiled for the baseline instruction set (chosen by mindcell._C)."""
