"""Base calls of round 7's exfn7 ops (bessel_func, matrix_func, nn_compose_func,
random_dist_func, misc_compose_func) for test_bad_input_fuzz.py: valid calls whose arguments the
fuzz then replaces one at a time."""
import numpy as np


def base_overrides(a, t):
    """Functional ops: name -> () -> (args, kwargs)."""
    import mindcell as ms
    rng = np.random.default_rng(7)

    def f(*shape):
        return t(rng.standard_normal(shape).astype(np.float32))

    def i32(v):
        return t(np.array(v, np.int32))

    def i64(v):
        return t(np.array(v, np.int64))

    lu = t(np.array([[2., 1., 1.], [0.5, 1., 1.5], [0.5, 0., 2.5]], np.float32))
    true = i64([[1, 3], [0, 4]])
    return {
        "accumulate_n": lambda: ([[f(2, 3), f(2, 3)]], {}),
        "adaptive_max_pool3d": lambda: ([f(1, 2, 3, 3, 4), (2, 1, 2)], {}),
        "affine_grid": lambda: ([f(1, 2, 3), (1, 1, 2, 3)], {}),
        "bartlett_window": lambda: ([i32(5)], {}),
        "bidense": lambda: ([f(3, 2), f(3, 4), f(5, 2, 4)], {}),
        "col2im": lambda: ([f(1, 2, 4, 4), i32([3, 3]), 2, 1, 0, 1], {}),
        "conv3d_transpose": lambda: ([f(1, 2, 2, 3, 2), f(2, 3, 2, 2, 3)], {}),
        "deformable_conv2d": lambda: ([f(1, 2, 4, 4), f(3, 2, 2, 2), f(1, 12, 3, 3), (2, 2),
                                       (1, 1, 1, 1), (0, 0, 0, 0)], {}),
        "gamma": lambda: ([(3, 2), t(np.array([2.0, 3.0], np.float32)),
                           t(np.array([1.0], np.float32))], {}),
        "inplace_index_add": lambda: ([ms.Parameter(f(3, 2), name="fuzz_exfn7_v"), i32([0, 2]),
                                      f(2, 2), 0], {}),
        "log_matrix_determinant": lambda: ([f(2, 3, 3)], {}),
        "log_uniform_candidate_sampler": lambda: ([true, 2, 3, True, 5], {}),
        "lp_pool1d": lambda: ([f(2, 3, 4), 2, 2], {}),
        "lp_pool2d": lambda: ([f(1, 2, 4, 4), 2, 2], {}),
        "lu_solve": lambda: ([f(3, 1), lu, i32([2, 2, 3])], {}),
        "lu_unpack": lambda: ([lu, i32([2, 2, 3])], {}),
        "matrix_diag_part": lambda: ([f(2, 3, 4), i32([-1, 1]), 0.0], {}),
        "matrix_exp": lambda: ([f(2, 3, 3)], {}),
        "matrix_set_diag": lambda: ([f(2, 3, 4), f(2, 3)], {}),
        "multilabel_margin_loss": lambda: ([f(2, 3), i32([[1, -1, 0], [2, 0, -1]])], {}),
        "multinomial_with_replacement": lambda: ([t(np.array([[1.0, 2.0, 0.5]], np.float32)), 2,
                                                  5, 3, True], {}),
        "nanquantile": lambda: ([f(2, 5), 0.3], {}),
        "orgqr": lambda: ([f(4, 3), f(3)], {}),
        "ormqr": lambda: ([f(4, 3), f(3), f(4, 2)], {}),
        "quantile": lambda: ([f(2, 5), 0.3], {}),
        "random_categorical": lambda: ([f(2, 3), 4], {}),
        "random_gamma": lambda: ([i32([3, 2]), t(np.array([0.5, 1.5], np.float32))], {}),
        "random_poisson": lambda: ([i32([3, 2]), t(np.array([0.5, 4.0], np.float32))], {}),
        "sparse_segment_mean": lambda: ([f(3, 2), i32([0, 2, 1]), i32([0, 0, 2])], {}),
        "swiglu": lambda: ([f(2, 4)], {}),
        "uniform_candidate_sampler": lambda: ([true, 2, 3, False, 4], {}),
    }

