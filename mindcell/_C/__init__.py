"""Compiled kernel modules (built from csrc/*.pyx). Import them only through mindcell._core.kernels."""
