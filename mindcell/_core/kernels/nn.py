"""Matmul, conv, pooling, norm and optimizer kernel wrappers (being written)."""
