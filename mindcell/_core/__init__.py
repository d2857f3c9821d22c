"""Internals: primitives, traces, autodiff and the kernel table."""
