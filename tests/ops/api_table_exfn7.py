"""api_table rows for the ops functions of round 7's exfn7 (Bessel functions, zeta ...): inputs
stay inside each domain (K and Y on positive values, zeta's q positive)."""
import numpy as np

from mindcell import Parameter, Tensor, ops

from api_table import R, Op, S

POS = ("pos", S)  # [0.5, 2]
_ON_R = ("bessel_i0", "bessel_i0e", "bessel_i1", "bessel_i1e", "bessel_j0", "bessel_j1", "i0")
_ON_POS = ("bessel_k0", "bessel_k0e", "bessel_k1", "bessel_k1e", "bessel_y0", "bessel_y1")

ROWS = [
    *[Op(n, S, z=True) for n in _ON_R],
    *[Op(n, POS, z=True) for n in _ON_POS],
    # zeta(x, q): x in [2.5, 4], q in [0.5, 2]; Float32/Float64 only (no Float16 row)
    R("ops.zeta", lambda x, q: ops.zeta(x + 2.0, q), POS, POS, z=True, f16=False,
      fd="MindSpore 2.10's zeta gives the exponent x a zero gradient (ZetaGrad has none for it); "
         "mindcell follows, so only q's gradient is the derivative (test_ms_examples_functions_r7)"),
]

# band-diagonal and LU ops (matrix_func)
_PIV = Tensor(np.array([2, 2], np.int32))
ROWS += [
    R("ops.matrix_diag", lambda x: ops.matrix_diag(x, 1), (3,)),
    R("ops.matrix_diag", lambda x: ops.matrix_diag(x, [-1, 1], 3, 4, 0.5), (2, 3, 3)),
    R("ops.matrix_diag_part", lambda x: ops.matrix_diag_part(x, [-1, 2], 0.0), (2, 3, 4)),
    R("ops.matrix_set_diag", lambda x, d: ops.matrix_set_diag(x, d, [0, 1]), (2, 3, 4),
      (2, 2, 3)),
    R("ops.lu_unpack", lambda lu: ops.lu_unpack(lu, _PIV), (2, 2)),
    R("ops.lu_solve", lambda b, lu: ops.lu_solve(b, lu + 3.0 * ops.eye(2, 2, lu.dtype), _PIV),
      (2, 1), (2, 2), f16=False),
]

# nn_compose_func
_F16_32 = "MindSpore 2.10's AffineGrid takes Float16/Float32 only (no float64 to difference)"


def _inplace_index_add(y):
    p = Parameter(Tensor(np.ones((3, 2)), y.dtype), name="exfn7_inplace_index_add")
    return ops.inplace_index_add(p, Tensor(np.array([2, 0], np.int32)), y, 0) * 1


_SEG = (Tensor(np.array([0, 2, 1], np.int32)), Tensor(np.array([0, 0, 2], np.int32)))
ROWS += [
    R("ops.lp_pool1d", lambda x: ops.lp_pool1d(x, 2, 2), ("pos", (2, 3, 4))),
    R("ops.lp_pool2d", lambda x: ops.lp_pool2d(x, 2, 2), ("pos", (1, 2, 4, 4))),
    R("ops.adaptive_max_pool3d", lambda x: ops.adaptive_max_pool3d(x, (2, 1, 2)), (1, 2, 3, 3, 4)),
    R("ops.col2im", lambda x: ops.col2im(x, Tensor(np.array([3, 3], np.int32)), 2, 1, 0, 1),
      (1, 2, 4, 4)),
    R("ops.affine_grid", lambda t: ops.affine_grid(t, (2, 1, 2, 3)), (2, 2, 3), fd=_F16_32),
    R("ops.affine_grid", lambda t: ops.affine_grid(t, (1, 1, 2, 2, 3), True), (1, 3, 4),
      fd=_F16_32),
    R("ops.bidense", lambda a, b, w: ops.bidense(a, b, w), (3, 2), (3, 4), (5, 2, 4)),
    R("ops.triplet_margin_loss", lambda a, p, n: ops.triplet_margin_loss(a, p, n, margin=3.0),
      (4, 3), (4, 3), (4, 3)),
    R("ops.multilabel_margin_loss",
      lambda x: ops.multilabel_margin_loss(x * 0.1, Tensor(np.array([[1, -1, 0], [2, 0, -1]],
                                                                     np.int32))), (2, 3)),
    R("ops.sparse_segment_mean", lambda x: ops.sparse_segment_mean(x, *_SEG), (3, 2)),
    R("ops.nextafter", lambda x, y: ops.nextafter(x, y), S, S, f16=False, z=True),
    R("ops.soft_shrink", lambda x: ops.soft_shrink(x, 0.3), S),
    R("ops.accumulate_n", lambda x, y: ops.accumulate_n([x, y, x]), S, S),
    R("ops.inplace_index_add", _inplace_index_add, (2, 2), grad=False),
]

# random_dist_func: random draws, shape/dtype rows
RND = dict(kind="random")
_SH = Tensor(np.array([3, 2], np.int32))
_TRUE = Tensor(np.array([[1, 7], [0, 4], [3, 3]], np.int64))
ROWS += [
    R("ops.random_gamma", lambda a: ops.random_gamma(_SH, ops.abs(a) + 0.5, seed=5), (2,), **RND),
    R("ops.gamma", lambda a: ops.gamma((3, 1, 2), ops.abs(a) + 1.0, ops.abs(a) + 1.0), (2, 2),
      **RND),
    R("ops.random_poisson", lambda r: ops.random_poisson(_SH, ops.abs(r) * 4), (2,), **RND),
    R("ops.poisson", lambda r: ops.poisson((4, 1), ops.abs(r) * 4), (2,), **RND),
    R("ops.laplace", lambda m: ops.laplace((2, 3), m, ops.abs(m) + 1.0), (3,), **RND),
    R("ops.multinomial_with_replacement",
      lambda x: ops.multinomial_with_replacement(ops.abs(x) + 0.1, 2, 5, 4, True), (2, 3), **RND),
    R("ops.random_categorical", lambda x: ops.random_categorical(x, 4), (2, 3), **RND),
    R("ops.log_uniform_candidate_sampler",
      lambda x: ops.log_uniform_candidate_sampler(_TRUE, 2, 5, True, 5) + (x,), (2,), **RND),
    R("ops.uniform_candidate_sampler",
      lambda x: ops.uniform_candidate_sampler(_TRUE, 2, 3, False, 4) + (x,), (2,), **RND),
]

# QR pieces, matrix_exp (matrix_func); misc_compose_func
_NG = dict(grad=False)
ROWS += [
    R("ops.geqrf", lambda x: ops.geqrf(x), (3, 2), **_NG),
    R("ops.orgqr", lambda x: ops.orgqr(*ops.geqrf(x)), (3, 2), f16=False, **_NG),
    R("ops.ormqr", lambda x, c: ops.ormqr(*ops.geqrf(x), c), (3, 2), (3, 4), f16=False, **_NG),
    R("ops.matrix_exp", lambda x: ops.matrix_exp(x), (2, 3, 3)),
    R("ops.conv3d_transpose", lambda x, w: ops.conv3d_transpose(x, w, stride=2),
      (1, 2, 2, 3, 2), (2, 3, 2, 2, 3)),
    # Float32/Float64 only (MindSpore 2.10's Quantile)
    R("ops.quantile", lambda x: ops.quantile(x, 0.3, 1), (2, 5), f16=False),
    R("ops.nanquantile", lambda x: ops.nanquantile(x, 0.7), (2, 5), f16=False),
    R("ops.bartlett_window", lambda x: x * ops.bartlett_window(Tensor(4)), (4,)),
    R("ops.swiglu", lambda x: ops.swiglu(x), (2, 4)),
    R("ops.log_matrix_determinant", lambda x: ops.log_matrix_determinant(x + 3 * ops.eye(3)),
      (3, 3), f16=False),
    R("ops.tensor_exp", lambda x: ops.tensor_exp(x), S),
    # MindSpore 2.10's primitive-instance names at ops (kinds9's table found them missing)
    R("ops.tensor_expm1", lambda x: ops.tensor_expm1(x), S),
    R("ops.shape_", lambda x: x * ops.shape_(x)[0], S, z=False),
    R("ops.reduce_min", lambda x: ops.reduce_min(x, 1), S),
    R("Tensor.approximate_equal", lambda x, y: x.approximate_equal(y, 0.5), S, S, grad=False),
    R("Tensor.qr", lambda x: x.qr()[1], (3, 3), f16=False, fd="QR is defined up to the signs "
      "of R's rows; the gradient is checked through ops.qr's row"),
    R("ops.sgn", lambda x: ops.sgn(x), S, grad=False),
]

# ops.random_: the face of Tensor.random_ (method_func)
def _random_(x):
    y = x * 1
    return y, ops.random_(y, 0, 5)


ROWS += [R("ops.random_", _random_, S, kind="random")]

# deformable_conv2d: offsets away from integer sampling positions (the floor's kinks)
ROWS += [R("ops.deformable_conv2d",
           lambda x, w, o: ops.deformable_conv2d(x, w, o * 0.3 + 0.37, (2, 2), (1, 1, 1, 1),
                                                 (0, 0, 0, 0)), (1, 2, 4, 4), (3, 2, 2, 2),
           ("prob", (1, 12, 3, 3)))]
