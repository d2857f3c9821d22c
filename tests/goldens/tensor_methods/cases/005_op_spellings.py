"""Tensor methods that spell existing ops as MindSpore 2.10 does (bmm, det, diag, subtract,
gather_nd, invert, logical_xor, movedim/moveaxis/swapdims, reverse, cholesky, svd,
reverse_sequence, msort, ndimension, byte/short, isposinf/isneginf, fliplr/flipud)."""
import numpy as np
from _target import ms, nn, ops, Tensor, Parameter, emit, emit_err

x = Tensor(np.arange(6, dtype=np.float32).reshape(2, 3))
xi = Tensor(np.arange(6, dtype=np.int32).reshape(2, 3))
b = Tensor(np.arange(8, dtype=np.float32).reshape(2, 2, 2))
sq = Tensor(np.array([[4.0, 1.0], [1.0, 3.0]], np.float32))
emit("bmm", b.bmm(b))
emit("det", sq.det())
emit("matrix_determinant", sq.matrix_determinant())
emit("diag", Tensor([1.0, 2.0]).diag())
emit("subtract", x.subtract(1, alpha=2))
emit("gather_nd", x.gather_nd(Tensor([[0, 1], [1, 2]])))
emit("invert", xi.invert())
emit("logical_xor", x.logical_xor(xi))
emit("movedim", b.movedim(0, 2))
emit("moveaxis", b.moveaxis(0, -1))
emit("swapdims", b.swapdims(0, 2))
emit("reverse", x.reverse([1]))
emit("cholesky", sq.cholesky())
emit("svd_values", sq.svd(compute_uv=False))
emit("reverse_sequence", x.reverse_sequence(Tensor([2, 3]), seq_dim=1))
emit("msort", Tensor([[3.0, 1.0], [2.0, 4.0]]).msort())
emit("ndimension", b.ndimension())
emit("byte", str(x.byte().dtype))
emit("short", x.short())
emit("isposinf", Tensor([np.inf, -np.inf, 1.0]).isposinf())
emit("isneginf", Tensor([np.inf, -np.inf, 1.0]).isneginf())
emit("fliplr", x.fliplr())
emit("flipud", x.flipud())
emit_err("fliplr_1d", lambda: Tensor([1.0, 2.0]).fliplr().asnumpy())
