"""Elementwise, reduction and softmax kernel wrappers (being written)."""
