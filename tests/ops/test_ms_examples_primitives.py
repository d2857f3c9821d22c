"""MindSpore 2.10's Primitive classes as their documentation examples use them, against values
recorded with ms-oracle (MindSpore 2.10 CPU): the optimizer primitives update their state inputs
in place and return the new values as Tensors (tag exprim)."""
import numpy as np
import pytest

import mindcell as ms
from mindcell import Tensor, Parameter, ops


def T(a, dt=np.float32):
    return Tensor(np.asarray(a, dt))


def P(a, n):
    return Parameter(T(a), name=n)


V = [[0.5, -1.0, 2.0], [1.5, 0.25, -0.75]]
A = [[0.4, 1.0, 2.5], [0.1, 0.8, 1.2]]
B = [[0.3, 0.6, 0.9], [1.1, 0.2, 0.5]]
G = [[0.2, -0.6, 1.0], [-1.2, 0.4, 0.1]]
M = [[-0.5, 0.3, 0.7], [0.2, -0.9, 0.4]]

# (state Parameters, the other inputs, the primitive)
CASES = {
    "ApplyAdadelta": lambda: ((P(V, "v"), P(A, "a"), P(B, "u")), (0.1, 0.6, 1e-3, T(G)),
                              ops.ApplyAdadelta()),
    "ApplyAdagrad": lambda: ((P(V, "v"), P(A, "a")), (0.1, T(G)), ops.ApplyAdagrad()),
    "ApplyAdagradV2": lambda: ((P(V, "v"), P(A, "a")), (0.1, T(G)),
                               ops.ApplyAdagradV2(epsilon=0.1)),
    "ApplyAdagradDA": lambda: ((P(V, "v"), P(M, "ga"), P(A, "gs")),
                               (T(G), 0.1, 0.0, 0.2, Tensor(3, ms.int32)), ops.ApplyAdagradDA()),
    "ApplyAdamWithAmsgradV2": lambda: ((P(V, "v"), P(M, "m"), P(A, "vv"), P(B, "vh")),
                                       (0.5, 0.7, 0.1, 0.8, 0.9, 1e-3, T(G)),
                                       ops.ApplyAdamWithAmsgradV2()),
    "ApplyAddSign": lambda: ((P(V, "v"), P(M, "m")), (0.1, 0.5, 0.9, 0.8, T(G)),
                             ops.ApplyAddSign()),
    "ApplyPowerSign": lambda: ((P(V, "v"), P(M, "m")), (0.1, 0.5, 0.9, 0.8, T(G)),
                               ops.ApplyPowerSign()),
    "ApplyRMSProp": lambda: ((P(V, "v"), P(A, "ms"), P(B, "mom")), (0.1, T(G), 0.9, 0.5, 1e-2),
                             ops.ApplyRMSProp()),
    "ApplyCenteredRMSProp": lambda: ((P(V, "v"), P(M, "mg"), P(A, "ms"), P(B, "mom")),
                                     (T(G), 0.1, 0.9, 0.5, 1e-2), ops.ApplyCenteredRMSProp()),
    "ApplyFtrl": lambda: ((P(V, "v"), P(A, "a"), P(M, "l")), (T(G), 0.1, 0.0, 0.2, -0.7),
                          ops.ApplyFtrl()),
    "ApplyGradientDescent": lambda: ((P(V, "v"),), (0.1, T(G)), ops.ApplyGradientDescent()),
    "ApplyProximalGradientDescent": lambda: ((P(V, "v"),), (0.1, 0.5, 0.2, T(G)),
                                             ops.ApplyProximalGradientDescent()),
    "ApplyAdaMax": lambda: ((P(V, "v"), P(M, "m"), P(A, "vv")),
                            (0.9, 0.1, 0.9, 0.999, 1e-8, T(G)), ops.ApplyAdaMax()),
    "ApplyProximalAdagrad": lambda: ((P(V, "v"), P(A, "a")), (0.1, 0.05, 0.1, T(G)),
                                     ops.ApplyProximalAdagrad()),
}

# recorded with ms-oracle; for ApplyRMSProp / ApplyCenteredRMSProp 'out' is MindSpore's updated
# var (its CPU kernel returns zeros; mindcell returns the updated var as documented)
EXPECTED = {'ApplyAdaMax': {'out': [[[1.576076, -1.21021, 1.707708], [1.45, 1.213463, -1.058642]],
                         [[-0.43, 0.21, 0.73], [0.05999996, -0.7699999, 0.37]],
                         [[0.3996, 0.999, 2.4975], [1.2, 0.7992, 1.1988]]],
                 'state': [[[1.576076, -1.21021, 1.707708], [1.45, 1.213463, -1.058642]],
                           [[-0.43, 0.21, 0.73], [0.05999996, -0.7699999, 0.37]],
                           [[0.3996, 0.999, 2.4975], [1.2, 0.7992, 1.1988]]]},
 'ApplyAdadelta': {'out': [[[0.4783556, -0.9461097, 1.931155], [1.657763, 0.2257082, -0.7583128]],
                           [[0.256, 0.744, 1.9], [0.636, 0.544, 0.724]],
                           [[0.1987393, 0.4761665, 0.7295845], [1.655567, 0.1436037, 0.3027641]]],
                   'state': [[[0.4783556, -0.9461097, 1.931155],
                              [1.657763, 0.2257082, -0.7583128]],
                             [[0.256, 0.744, 1.9], [0.636, 0.544, 0.724]],
                             [[0.1987393, 0.4761665, 0.7295845],
                              [1.655567, 0.1436037, 0.3027641]]]},
 'ApplyAdagrad': {'out': [[[0.4698489, -0.9485504, 1.946548], [1.596699, 0.2091752, -0.7590909]],
                          [[0.44, 1.36, 3.5], [1.54, 0.96, 1.21]]],
                  'state': [[[0.4698489, -0.9485504, 1.946548], [1.596699, 0.2091752, -0.7590909]],
                            [[0.44, 1.36, 3.5], [1.54, 0.96, 1.21]]]},
 'ApplyAdagradDA': {'out': [[[0.04147514, 0.02446602, -0.08804509],
                             [0.07686587, 0.04808636, -0.04310345]]],
                    'state': [[[0.04147514, 0.02446602, -0.08804509],
                               [0.07686587, 0.04808636, -0.04310345]],
                              [[-0.3, -0.3, 1.7], [-1.0, -0.5, 0.5]],
                              [[0.44, 1.36, 3.5], [1.54, 0.96, 1.21]]]},
 'ApplyAdagradV2': {'out': [[[0.4737988, -0.9526138, 1.94926], [1.589488, 0.212956, -0.7583333]],
                            [[0.44, 1.36, 3.5], [1.54, 0.96, 1.21]]],
                    'state': [[[0.4737988, -0.9526138, 1.94926], [1.589488, 0.212956, -0.7583333]],
                              [[0.44, 1.36, 3.5], [1.54, 0.96, 1.21]]]},
 'ApplyAdamWithAmsgradV2': {'out': [[[0.5652564, -1.013573, 1.945727],
                                     [1.508348, 0.3316255, -0.7857881]],
                                    [[-0.36, 0.12, 0.76], [-0.08, -0.64, 0.34]],
                                    [[0.364, 0.936, 2.35], [0.234, 0.736, 1.081]],
                                    [[0.364, 0.936, 2.35], [1.1, 0.736, 1.081]]],
                            'state': [[[0.5652564, -1.013573, 1.945727],
                                       [1.508348, 0.3316255, -0.7857881]],
                                      [[-0.36, 0.12, 0.76], [-0.08, -0.64, 0.34]],
                                      [[0.364, 0.936, 2.35], [0.234, 0.736, 1.081]],
                                      [[0.364, 0.936, 2.35], [1.1, 0.736, 1.081]]]},
 'ApplyAddSign': {'out': [[[0.508, -1.024, 1.86], [1.668, 0.266, -0.764]],
                          [[-0.36, 0.12, 0.76], [-0.07999998, -0.64, 0.34]]],
                  'state': [[[0.508, -1.024, 1.86], [1.668, 0.266, -0.764]],
                            [[-0.36, 0.12, 0.76], [-0.07999998, -0.64, 0.34]]]},
 'ApplyCenteredRMSProp': {'out': [[[0.3040078, -1.236821, 1.476019],
                                   [1.194745, 0.04777141, -1.010238]]],
                          'state': [[[0.3040078, -1.236821, 1.476019],
                                     [1.194745, 0.04777141, -1.010238]],
                                    [[-0.43, 0.21, 0.73], [0.05999996, -0.77, 0.37]],
                                    [[0.364, 0.936, 2.35], [0.234, 0.736, 1.081]],
                                    [[0.1959922, 0.2368211, 0.5239807],
                                     [0.3052549, 0.2022286, 0.2602377]]]},
 'ApplyFtrl': {'out': [[[0.07989005, -0.1641661, 0.3432549], [1.313849, 0.07818548, -0.04647186]]],
               'state': [[[0.07989005, -0.1641661, 0.3432549],
                          [1.313849, 0.07818548, -0.04647186]],
                         [[0.44, 1.36, 3.5], [1.54, 0.96, 1.21]],
                         [[-0.4816422, 2.101587, -8.3875], [-18.30055, -0.7911034, 0.5496441]]]},
 'ApplyGradientDescent': {'out': [[[0.48, -0.94, 1.9], [1.62, 0.21, -0.76]]],
                          'state': [[[0.48, -0.94, 1.9], [1.62, 0.21, -0.76]]]},
 'ApplyPowerSign': {'out': [[[0.4872474, -0.9617423, 1.843169], [1.688197, 0.2244949, -0.7656831]],
                            [[-0.36, 0.12, 0.76], [-0.07999998, -0.64, 0.34]]],
                    'state': [[[0.4872474, -0.9617423, 1.843169],
                               [1.688197, 0.2244949, -0.7656831]],
                              [[-0.36, 0.12, 0.76], [-0.07999998, -0.64, 0.34]]]},
 'ApplyProximalAdagrad': {'out': [[[0.455445, -0.9362348, 1.93354],
                                   [1.579938, 0.2020103, -0.7477477]],
                                  [[0.44, 1.36, 3.5], [1.54, 0.96, 1.21]]],
                          'state': [[[0.455445, -0.9362348, 1.93354],
                                     [1.579938, 0.2020103, -0.7477477]],
                                    [[0.44, 1.36, 3.5], [1.54, 0.96, 1.21]]]},
 'ApplyProximalGradientDescent': {'out': [[[0.4215686, -0.872549, 1.813726],
                                           [1.539216, 0.1568627, -0.6960784]]],
                                  'state': [[[0.4215686, -0.872549, 1.813726],
                                             [1.539216, 0.1568627, -0.6960784]]]},
 'ApplyRMSProp': {'out': [[[0.3172965, -1.238311, 1.484905], [1.192933, 0.1036883, -1.009574]]],
                  'state': [[[0.3172965, -1.238311, 1.484905], [1.192933, 0.1036883, -1.009574]],
                            [[0.364, 0.936, 2.35], [0.234, 0.736, 1.081]],
                            [[0.1827035, 0.2383113, 0.5150945],
                             [0.3070671, 0.1463117, 0.2595739]]]},
 'SGD': {'out': [[[0.48, -1.03, 1.675], [1.62, 0.138, -0.76]]],
         'state': [[[0.48, -1.03, 1.675], [1.62, 0.138, -0.76]],
                   [[0.2, 0.3, 3.25], [-1.2, 1.12, 0.1]], [[0.0, 0.0, -1.0], [0.0, 0.0, 0.0]]]},
 'SGD_damp': {'out': [[[0.47, -1.034, 1.677], [1.59, 0.1465, -0.745]]],
              'state': [[[0.47, -1.034, 1.677], [1.59, 0.1465, -0.745]],
                        [[0.3, 0.34, 3.23], [-0.9, 1.035, -0.05]],
                        [[0.0, 0.0, -1.0], [0.0, 0.0, 0.0]]]},
 'SGD_nesterov': {'out': [[[0.4525, -0.948, 1.5695], [1.6995, 0.10445, -0.75475]]],
                  'state': [[[0.4525, -0.948, 1.5695], [1.6995, 0.10445, -0.75475]],
                            [[0.25, 0.1999999, 3.45], [-1.05, 1.145, 0.025]],
                            [[0.0, 0.0, -1.0], [0.0, 0.0, 0.0]]]},
 'sparse': {'adagrad': [[[1.0, 2.0], [0.4168078, -0.5447035], [-1.0, 0.25], [1.969854, 1.063233]],
                        [[1.5, 2.5], [3.25, 1.25], [1.5, 0.75], [2.75, 2.5]]],
            'dup': [[[-0.4169199, 0.7351809], [0.5, -0.5], [-1.92582, -0.7107689], [2.0, 1.0]],
                    [[6.5, 7.5], [1.0, 1.0], [10.5, 9.75], [2.5, 1.5]]],
            'ftrl': [[[1.0, 2.0], [0.1779, -0.09678583], [-1.0, 0.25], [0.0, 0.1440426]],
                     [[1.5, 2.5], [3.25, 1.25], [1.5, 0.75], [2.75, 2.5]],
                     [[2.0, 1.0], [-3.513878, 1.34017], [0.5, -0.5], [-0.04347181, -2.563939]]]}}


def _close(got, want):
    np.testing.assert_allclose(np.asarray(got, np.float64), np.asarray(want, np.float64),
                               rtol=1e-5, atol=1e-6)


@pytest.mark.parametrize("name", sorted(CASES))
def test_optimizer_primitive_updates_state_and_returns_tensors(name):
    state, rest, prim = CASES[name]()
    if name == "ApplyRMSProp":  # learning_rate sits between the state and grad
        out = prim(*state, *rest)
    else:
        out = prim(*state, *rest)
    leaves = out if isinstance(out, tuple) else (out,)
    want = EXPECTED[name]
    assert len(leaves) == len(want["out"])
    for leaf, w in zip(leaves, want["out"]):
        assert type(leaf) is Tensor  # new values, not the Parameters themselves
        _close(leaf.asnumpy(), w)
    for p, w in zip(state, want["state"]):
        _close(p.asnumpy(), w)


def test_returned_tensors_are_snapshots():
    var, accum = P(V, "v"), P(A, "a")
    new_var, _ = ops.ApplyAdagrad()(var, accum, 0.1, T(G))
    before = new_var.asnumpy().copy()
    ops.ApplyAdagrad()(var, accum, 0.1, T(G))
    _close(new_var.asnumpy(), before)
    assert not np.allclose(var.asnumpy(), before)


@pytest.mark.parametrize("key,nesterov,damp,wd", [("SGD", False, 0.0, 0.0),
                                                   ("SGD_damp", False, 0.3, 0.2),
                                                   ("SGD_nesterov", True, 0.0, 0.1)])
def test_sgd(key, nesterov, damp, wd):
    p, acc, st = P(V, "p"), P(A, "a"), P([[1., 0., -1.], [0.5, 0., 2.]], "s")
    out = ops.SGD(dampening=damp, weight_decay=wd, nesterov=nesterov)(p, T(G), T(0.1), acc,
                                                                     T(0.9), st)
    _close(out.asnumpy(), EXPECTED[key]["out"][0])
    for t, w in zip((p, acc, st), EXPECTED[key]["state"]):
        _close(t.asnumpy(), w)


def test_sgd_plain_tensors_are_updated_in_place_eagerly():
    p, acc, st = T([2.0, -0.5]), T([0.1, 0.3]), T([1.5, -0.3])
    out = ops.SGD()(p, T([1.0, -1.0]), T(0.01), acc, T(0.1), st)
    _close(out.asnumpy(), [1.99, -0.4903])  # MindSpore 2.10: the same in p
    _close(p.asnumpy(), [1.99, -0.4903])
    _close(acc.asnumpy(), [1.0, -0.97])
    _close(st.asnumpy(), [0.0, -0.3])


def test_sgd_nesterov_needs_zero_dampening():
    with pytest.raises(ValueError, match="dampening"):
        ops.SGD(dampening=0.3, nesterov=True)


def test_sparse_optimizer_primitives():
    var3 = [[1.0, 2.0], [0.5, -0.5], [-1.0, 0.25], [2.0, 1.0]]
    g3 = [[0.5, -1.0], [1.5, 0.5]]
    idx = Tensor(np.array([3, 1], np.int32))
    v, a = P(var3, "v"), P(np.abs(var3) + 0.5, "a")
    out = ops.SparseApplyAdagradV2(0.1, 1e-3)(v, a, T(g3), idx)
    for o, w in zip(out, EXPECTED["sparse"]["adagrad"]):
        _close(o.asnumpy(), w)
    v, a, lin = P(var3, "v"), P(np.abs(var3) + 0.5, "a"), P(np.array(var3)[::-1].copy(), "l")
    out = ops.SparseApplyFtrl(0.1, 0.2, 0.3, -0.5)(v, a, lin, T(g3), idx)
    for o, w in zip(out, EXPECTED["sparse"]["ftrl"]):
        _close(o.asnumpy(), w)
    _close(v.asnumpy(), EXPECTED["sparse"]["ftrl"][0])


def test_sparse_repeated_index_applies_in_order():
    var3 = [[1.0, 2.0], [0.5, -0.5], [-1.0, 0.25], [2.0, 1.0]]
    v, a = P(var3, "v"), P(np.abs(var3) + 0.5, "a")
    out = ops.SparseApplyAdagradV2(1.0, 1e-6)(v, a, T([[1., 1.], [2., 2.], [3., 3.]]),
                                              Tensor(np.array([0, 0, 2], np.int32)))
    for o, w in zip(out, EXPECTED["sparse"]["dup"]):
        _close(o.asnumpy(), w)


def test_sparse_index_out_of_range_is_skipped_with_a_warning():
    # MindSpore 2.10's CPU kernel logs an error and leaves the row alone
    v, a, lin = P([[0.2]], "v"), P([[0.1]], "a"), P([[0.6]], "l")
    with pytest.warns(UserWarning, match="outside"):
        out = ops.SparseApplyFtrl(0.01, 0.0, 0.0, -0.5)(v, a, lin, T([[0.7]]),
                                                        Tensor(np.ones(1, np.int32)))
    _close([o.asnumpy() for o in out], [[[0.2]], [[0.1]], [[0.6]]])


def test_sparse_adagrad_epsilon_must_be_positive():
    with pytest.raises(ValueError, match="epsilon"):
        ops.SparseApplyAdagradV2(0.1, 0.0)


def test_state_must_be_parameter_in_a_compiled_function():
    @ms.jit
    def step(v, g):
        return ops.ApplyGradientDescent()(v, 0.1, g)

    with pytest.raises(TypeError, match="ApplyGradientDescent.*Parameter"):
        step(T(V), T(G))


def test_mod_is_the_truncated_remainder():
    # MindSpore 2.10 (ms-oracle): the remainder has the dividend's sign, zeros are +0
    x = T([-4.0, 5.0, 6.0, -7.5, 7.5, -3.0])
    y = T([3.0, -2.0, 3.0, 2.0, -2.0, 3.0])
    out = ops.Mod()(x, y).asnumpy()
    _close(out, [-1.0, 1.0, 0.0, -1.5, 1.5, 0.0])
    assert not np.signbit(out[[2, 5]]).any()
    got = ops.Mod()(Tensor(np.array([-4, 5, -7], np.int32)),
                    Tensor(np.array([3, -2, 2], np.int32)))
    assert got.dtype == ms.int32 and got.asnumpy().tolist() == [-1, 1, -1]
    assert ops.Mod()(-7, Tensor(np.array([2, 3], np.int32))).asnumpy().tolist() == [-1, -1]
    _close(ops.Mod()(x, 2.0).asnumpy(), [0.0, 1.0, 0.0, -1.5, 1.5, -1.0])
    assert ops.Mod()(Tensor(np.array([-4, 5], np.int32)), T([2.0, 2.0])).dtype == ms.float32


def test_embedding_lookup_ids_outside_the_shard_give_zero_rows():
    # MindSpore 2.10 (ms-oracle): ids - offset outside [0, rows) give zeros, negative ids too
    p = T([[8, 9], [10, 11], [12, 13], [14, 15]])
    out = ops.EmbeddingLookup()(p, Tensor(np.array([[-1, 0], [4, 3]], np.int32)), 0)
    _close(out.asnumpy(), [[[0, 0], [8, 9]], [[0, 0], [14, 15]]])
    out = ops.EmbeddingLookup()(p, Tensor(np.array([5, 2, 9, 1], np.int64)), 2)
    _close(out.asnumpy(), [[14, 15], [8, 9], [0, 0], [0, 0]])
    out = ops.EmbeddingLookup()(p, Tensor(np.array([5, 2, 9, 1], np.int64)), -1)
    _close(out.asnumpy(), [[0, 0], [14, 15], [0, 0], [12, 13]])
    out = ops.EmbeddingLookup()(Tensor(np.arange(4).astype(np.int32)),
                                Tensor(np.array([5, 2, -1], np.int32)), 0)
    assert out.dtype == ms.int32 and out.asnumpy().tolist() == [0, 2, 0]


# ---- the classes generated from functions (operations_from_functions.py); values recorded
# with ms-oracle (MindSpore 2.10 CPU)

X32 = Tensor(np.array([[1, 2], [3, 4], [5, 6]]), ms.float32)
V32 = Tensor(np.array([[0.5, 1.0], [1.0, 1.5]]), ms.float32)


def test_inplace_add_sub_update_return_a_new_tensor():
    out = ops.InplaceAdd((0, 1))(X32, V32)
    _close(out.asnumpy(), [[1.5, 3.0], [4.0, 5.5], [5.0, 6.0]])
    _close(X32.asnumpy(), [[1, 2], [3, 4], [5, 6]])  # x is not changed
    _close(ops.InplaceAdd(2)(X32, V32[:1]).asnumpy(), [[1, 2], [3, 4], [5.5, 7.0]])
    _close(ops.InplaceAdd((0, 0))(X32, V32).asnumpy(), [[2.5, 4.5], [3, 4], [5, 6]])
    _close(ops.InplaceSub((0, 1))(X32, V32).asnumpy(), [[0.5, 1.0], [2.0, 2.5], [5.0, 6.0]])
    want = [[1.0, 1.5], [3.0, 4.0], [0.5, 1.0]]
    _close(ops.InplaceUpdateV2()(X32, (2, 0), V32).asnumpy(), want)
    _close(ops.InplaceUpdateV2()(X32, Tensor(np.array([2, 0]), ms.int32), V32).asnumpy(), want)
    with pytest.raises(ValueError, match="InplaceAdd"):
        ops.InplaceAdd((0, 1, 2))(X32, V32)


def test_unique_consecutive_always_returns_three_outputs():
    out, idx, counts = ops.UniqueConsecutive()(Tensor(np.array([1, 1, 2, 2, 3, 1]), ms.int32))
    assert out.asnumpy().tolist() == [1, 2, 3, 1] and out.dtype == ms.int32
    assert idx.shape == () and counts.shape == () and idx.dtype == counts.dtype == ms.int64
    out, idx, counts = ops.UniqueConsecutive(True, True, 0)(
        Tensor(np.array([[1, 1], [1, 1], [2, 3]]), ms.int32))
    assert out.asnumpy().tolist() == [[1, 1], [2, 3]]
    assert idx.asnumpy().tolist() == [0, 0, 1] and counts.asnumpy().tolist() == [2, 1]


def test_median_primitive():
    x = T([[5., 1, 2, 2], [3, 5, 7, 3]])
    values, indices = ops.Median(axis=1, keep_dims=True)(x)
    _close(values.asnumpy(), [[2.0], [3.0]])
    assert indices.asnumpy().tolist() == [[2], [3]] and indices.dtype == ms.int64
    values, indices = ops.Median(global_median=True)(T([[1., 7, 6], [5, 1, 3]]))
    assert values.shape == () and float(values) == 3.0 and int(indices) == 0
    nan = T([[np.nan, 1.], [3., np.nan], [2., 5.]])
    values, indices = ops.Median(axis=0, ignore_nan=True)(nan)
    _close(values.asnumpy(), [2.0, 1.0])
    assert indices.asnumpy().tolist() == [2, 0]
    values, indices = ops.Median(axis=0)(nan)
    assert np.isnan(values.asnumpy()).all() and indices.asnumpy().tolist() == [0, 1]


def test_eps_bounds_search_argmin():
    for dt, eps in ((ms.float16, 9.7656e-04), (ms.float32, 1.1920929e-07),
                    (ms.float64, 2.22044605e-16)):
        out = ops.Eps()(Tensor(np.ones(2), dt))
        assert out.dtype == dt
        np.testing.assert_allclose(out.asnumpy().astype(np.float64), [eps, eps], rtol=1e-4)
    out = ops.LowerBound(ms.int64)(T(np.arange(6).reshape(2, 3)), T([[2.5, 3], [0, 9]]))
    assert out.dtype == ms.int64 and out.asnumpy().tolist() == [[3, 3], [0, 3]]
    with pytest.raises(ValueError, match="LowerBound"):
        ops.LowerBound()(T(np.arange(5)), T([2.5, 3]))
    out = ops.SearchSorted()(T([1, 2, 2, 3, 4, 5, 5]), T([2, 5]))
    assert out.dtype == ms.int64 and out.asnumpy().tolist() == [1, 5]
    out = ops.Argmin(axis=0, output_type=ms.int64)(T([[2., 3.], [1., 4.]]))
    assert out.dtype == ms.int64 and out.asnumpy().tolist() == [1, 0]
    out = ops.Argmin()(Tensor(np.array([[2, 3], [1, 4]]), ms.int32))
    assert out.dtype == ms.int32 and out.asnumpy().tolist() == [0, 0]


def test_small_elementwise_classes():
    assert ops.InvertPermutation()([3, 4, 0, 2, 1]) == (2, 4, 3, 0, 1)
    with pytest.raises(ValueError, match="InvertPermutation"):
        ops.InvertPermutation()(Tensor(np.array([3, 4, 0, 2, 1]), ms.int32))
    out = ops.EqualCount()(T([1., 2, 3]), T([1., 2, 4]))
    assert out.dtype == ms.float32 and out.asnumpy().tolist() == [2.0]
    assert ops.ApproximateEqual()(T([1., 2]), T([1.000001, 2.1])).asnumpy().tolist() == \
        [True, False]
    assert ops.ApproximateEqual(0.5)(Tensor(np.array([1., 2]), ms.float16),
                                     Tensor(np.array([1.2, 3]), ms.float16)).asnumpy().tolist() \
        == [True, False]
    with pytest.raises(ValueError, match="SquareSumAll"):
        ops.SquareSumAll()(T([[1., 2]]), T([3.]))
    a, b = ops.SquareSumAll()(T([0, 0, 2, 0]), T([0, 0, 2, 4]))
    assert a.shape == () and float(a) == 4.0 and float(b) == 20.0
    assert ops.InTopK(1)(T([[1., 1., 0.5]]), Tensor(np.array([1]), ms.int32)).asnumpy().tolist() \
        == [True]
    assert ops.InTopK(3)(T([[1, 8, 5, 2, 7], [4, 9, 1, 3, 5]]),
                         Tensor(np.array([1, 3]), ms.int32)).asnumpy().tolist() == [True, False]
    out = ops.Padding(3)(T([[[1.], [2.]]]))
    assert out.shape == (1, 2, 3) and out.asnumpy().tolist() == [[[1, 0, 0], [2, 0, 0]]]
    out = ops.Padding()(Tensor(np.array([[1], [2]]), ms.int32))
    assert out.dtype == ms.int32 and out.shape == (2, 8) and int(out.sum()) == 3
    out = ops.FillV2()((2, 2), Tensor(3, ms.int8))
    assert out.dtype == ms.int8 and out.asnumpy().tolist() == [[3, 3], [3, 3]]
    out = ops.FillV2()(Tensor([2, 3], ms.int32), Tensor(1, ms.float32))
    assert out.dtype == ms.float32 and out.shape == (2, 3)
    out = ops.ParallelConcat()([T([[1., 2.]]), T([[3., 4.]])])
    assert out.asnumpy().tolist() == [[1, 2], [3, 4]]
    out = ops.MulNoNan()(Tensor(np.array([1, 2]), ms.int32), Tensor(np.array([0, 3]), ms.int32))
    assert out.dtype == ms.int32 and out.asnumpy().tolist() == [0, 6]
    out = ops.MulNoNan()(Tensor(np.array([1, 2]), ms.int32), T([0., 3.]))
    assert out.dtype == ms.float32 and out.asnumpy().tolist() == [0, 6]
    assert ops.MulNoNan()(T([1., np.inf]), 0.0).asnumpy().tolist() == [0, 0]
    out = ops.MulNoNan()(T([[-1.0, 6.0, 0], [0, np.nan, 4.0]]),
                         T([[-1.0, 4.0, np.inf], [np.nan, 0, 1.0]])).asnumpy()
    np.testing.assert_array_equal(out, [[1, 24, np.nan], [np.nan, 0, 4]])


def test_lrn_and_conv3d():
    x = Tensor(np.arange(12, dtype=np.float32).reshape(1, 4, 3, 1) / 10)
    out = ops.LRN(depth_radius=1, bias=2.0, alpha=0.5, beta=0.75)(x)
    want = [0.0, 5.76329008e-02, 1.12839080e-01, 1.64673507e-01, 2.12101176e-01,
            2.54160047e-01, 2.90525615e-01, 3.21243405e-01, 3.46629143e-01, 4.41465825e-01,
            4.68914032e-01, 4.91811067e-01]
    _close(out.asnumpy().ravel(), want)
    with pytest.raises(ValueError, match="norm_region"):
        ops.LRN(norm_region="WITHIN_CHANNEL")(x)
    w = Tensor(np.ones((2, 1, 3, 3, 3)), ms.float32)
    out = ops.Conv3D(2, 3, pad_mode="pad", pad=(1, 0, 2, 1, 0, 1))(
        Tensor(np.ones((1, 1, 4, 4, 4)), ms.float32), w)
    assert out.shape == (1, 2, 3, 5, 3)
    out = ops.Conv3D(2, 3, pad_mode="same", stride=2)(
        Tensor(np.arange(64.).reshape(1, 1, 4, 4, 4), ms.float32), w)
    _close(out.asnumpy()[0, 0], [[[567, 405], [486, 342]], [[810, 558], [612, 420]]])
    _close(out.asnumpy()[0, 1], out.asnumpy()[0, 0])
    with pytest.raises(ValueError, match="Conv3D"):
        ops.Conv3D(3, 3)(Tensor(np.ones((1, 1, 4, 4, 4)), ms.float32), w)


def test_lstm_takes_the_documented_two_bias_layout_as_mindspore_cpu():
    # MindSpore 2.10's CPU kernel (ms-oracle) reads w's first bias per direction and ignores
    # the documented second one (its example passes 112 values for I=10, H=2)
    I, H, T, B = 3, 2, 3, 2
    x = np.cos(np.arange(T * B * I)).reshape(T, B, I).astype(np.float32)
    h = (np.sin(np.arange(B * H)) * 0.5).reshape(1, B, H).astype(np.float32)
    c = (np.cos(np.arange(B * H)) * 0.5).reshape(1, B, H).astype(np.float32)
    want = {
        56: ([[0.126554, -0.183164], [-0.251941, -0.042996]],
             [[0.150764, -0.375024], [-0.261959, 0.164084]]),
        112: ([[0.20057, -0.076507, 0.156863, 0.219707],
               [-0.040542, -0.017791, 0.141973, -0.109917]],
              [[0.290893, -0.288975, 0.133094, 0.232521],
               [-0.041497, 0.119237, -0.029755, -0.071946]]),
    }
    for n, bi in ((56, False), (112, True)):
        w = (np.sin(np.arange(n) * 0.7) * 0.5).reshape(n, 1, 1).astype(np.float32)
        hh, cc = (np.concatenate([h, h]), np.concatenate([c, c])) if bi else (h, c)
        out = ops.LSTM(I, H, 1, True, bi, 0.0)(T_(x), T_(hh), T_(cc), T_(w))[0].asnumpy()
        np.testing.assert_allclose(out[0], want[n][0], atol=2e-6)
        np.testing.assert_allclose(out[-1], want[n][1], atol=2e-6)
    with pytest.raises(ValueError, match="48 or 56"):
        ops.LSTM(I, H, 1, True, False, 0.0)(T_(x), T_(h), T_(c), T_(np.ones((50, 1, 1))))


def T_(a):
    return Tensor(np.asarray(a, np.float32))


def test_bincount_windows_popcount():
    # ms-oracle (MindSpore 2.10 CPU)
    out = ops.Bincount()(Tensor(np.array([1, 2, 7, 0]), ms.int32), Tensor(3, ms.int32),
                         T([1., 2., 3., 4.]))
    assert out.dtype == ms.float32 and out.asnumpy().tolist() == [4.0, 1.0, 2.0]
    out = ops.Bincount()(Tensor(np.array([1, 1]), ms.int32), Tensor(3, ms.int32),
                         Tensor(np.array([2, 3]), ms.int32))
    assert out.dtype == ms.int32 and out.asnumpy().tolist() == [0, 5, 0]
    with pytest.raises(ValueError, match="Bincount.*nonnegative"):
        ops.Bincount()(Tensor(np.array([1, -2]), ms.int32), 3, T([1., 2.]))
    out = ops.HammingWindow(True, 0.5, 0.5, ms.float64)(Tensor(np.array([5]), ms.int64))
    assert out.dtype == ms.float64
    _close(out.asnumpy(), [0.0, 0.345492, 0.904508, 0.904508, 0.345492])
    _close(ops.HammingWindow(False, 0.5, 0.5, ms.float64)(Tensor(np.array([5]), ms.int64))
           .asnumpy(), [0.0, 0.5, 1.0, 0.5, 0.0])
    _close(ops.HammingWindow()(Tensor(np.array([6]), ms.int32)).asnumpy(),
           [0.08, 0.31, 0.77, 1.0, 0.77, 0.31])
    _close(ops.BartlettWindow()(Tensor(6, ms.int32)).asnumpy(),
           [0.0, 1 / 3, 2 / 3, 1.0, 2 / 3, 1 / 3])
    _close(ops.BartlettWindow(False)(Tensor(6, ms.int32)).asnumpy(),
           [0.0, 0.4, 0.8, 0.8, 0.4, 0.0])
    assert ops.BartlettWindow()(Tensor(1, ms.int32)).asnumpy().tolist() == [1.0]
    assert ops.BartlettWindow()(Tensor(0, ms.int32)).shape == (0,)
    _close(ops.BlackmanWindow()(Tensor(10, ms.int32)).asnumpy(),
           [0., 0.04021286, 0.20077014, 0.50978714, 0.8492299, 1., 0.8492299, 0.50978714,
            0.20077014, 0.04021286])
    out = ops.PopulationCount()(Tensor(np.array([-1, 5, 255, -128]), ms.int16))
    assert out.dtype == ms.uint8 and out.asnumpy().tolist() == [16, 2, 8, 9]
    assert ops.PopulationCount()(Tensor(np.array([-1, 5]), ms.int8)).asnumpy().tolist() == [8, 2]


def test_pdist_dim_map_solve_index_put():
    x = T([[1., 2.], [3., 5.], [0., 0.]])
    _close(ops.Pdist(p=1.0)(x).asnumpy(), [5.0, 3.0, 8.0])
    _close(ops.Pdist(p=0.0)(T([[1., 2.], [1., 5.], [0., 0.]])).asnumpy(), [1.0, 2.0, 2.0])
    _close(ops.Pdist(p=float("inf"))(x).asnumpy(), [3.0, 2.0, 5.0])
    _close(ops.Pdist()(T([[1.0, 1.0], [2.0, 2.0], [3.0, 3.0]])).asnumpy(),
           [1.4142135, 2.828427, 1.4142135])
    with pytest.raises(ValueError, match="Pdist"):
        ops.Pdist()(T(np.arange(12.).reshape(2, 3, 2)))
    assert ops.DataFormatDimMap()(Tensor(np.array([-1, -4, 2]), ms.int32)).asnumpy().tolist() \
        == [2, 0, 1]
    assert ops.DataFormatDimMap("NCHW", "NHWC")(
        Tensor(np.array([0, 1, 2, 3]), ms.int32)).asnumpy().tolist() == [0, 2, 3, 1]
    _close(ops.MatrixSolve(adjoint=True)(T([[1., 4.], [2., 7.]]), T([[1.], [3.]])).asnumpy(),
           [[-1.0], [1.0]])
    _close(ops.MatrixSolve()(T([[1., 4.], [2., 7.]]), T([[1.], [3.]])).asnumpy(), [[5.], [-1.]])
    v = Parameter(T([[1., 2], [3, 4], [5, 6]]), name="v")
    out = ops.InplaceIndexAdd(1)(v, Tensor(np.array([1, 1]), ms.int32), T(np.ones((3, 2))))
    _close(out.asnumpy(), [[1.0, 4.0], [3.0, 6.0], [5.0, 8.0]])
    _close(v.asnumpy(), [[1.0, 4.0], [3.0, 6.0], [5.0, 8.0]])
    x1 = Tensor(np.array([[1, 2, 3], [4, 5, 6]]), ms.int32)
    out = ops.IndexPut(0)(x1, Tensor(np.array([7, 8]), ms.int32),
                          [Tensor(np.array([1, 0]), ms.int32), Tensor(np.array([2, 0]), ms.int32)])
    assert out.asnumpy().tolist() == [[8, 2, 3], [4, 5, 7]]
    out = ops.IndexPut(1)(x1, Tensor(np.array([10, 20, 30]), ms.int32),
                          [Tensor(np.array([1, 1]), ms.int32)])
    assert out.asnumpy().tolist() == [[1, 2, 3], [24, 45, 66]]
    assert x1.asnumpy().tolist() == [[1, 2, 3], [4, 5, 6]]


def test_special_and_image_classes():
    # ms-oracle (MindSpore 2.10 CPU)
    out = ops.Igammac()(T([0.5, 3.0, 10.]), T([2.0, 0.1, 12.]))
    np.testing.assert_allclose(out.asnumpy(), [0.04550026, 0.9998453, 0.24239177], rtol=1e-5)
    _close(ops.Igammac()(T([2.0, 4.0, 6.0, 8.0]), T([2.0, 3.0, 4.0, 5.0])).asnumpy(),
           [0.40600574, 0.6472322, 0.78513044, 0.8666282])
    out = ops.Mvlgamma(p=2)(Tensor(np.array([0.6, 3.0]), ms.float64))
    assert out.dtype == ms.float64
    _close(out.asnumpy(), [3.22331145, 1.55019499])
    _close(ops.Mvlgamma(p=3)(T([[3, 4, 5], [4, 2, 6]])).asnumpy(),
           [[2.6949248, 5.402975, 9.140645], [5.402975, 1.5963125, 13.640454]])
    with pytest.raises(ValueError, match="Mvlgamma"):
        ops.Mvlgamma(p=3)(T([0.9, 3.0]))
    x = T(np.arange(2 * 2 * 4 * 5).reshape(2, 2, 4, 5))
    out = ops.Im2Col(ksizes=(2, 3), strides=(2, 1), dilations=1, pads=1)(x)
    _close(out.asnumpy()[1, 1, :, :4], [[0, 0, 0, 0], [0, 0, 0, 0], [0, 0, 0, 0],
                                        [0, 60, 61, 62], [60, 61, 62, 63], [61, 62, 63, 64]])
    assert ops.Im2Col((2, 3), (2, 1), (1, 2), (1, 0))(x).shape == (2, 2, 6, 3)
    with pytest.raises(ValueError, match="Im2Col"):
        ops.Im2Col(2, pads=(1, 0, 0, 1))(x)
    cols = T(np.arange(1 * 2 * 4 * 6).reshape(1, 2, 4, 6))
    out = ops.Col2Im(kernel_size=[2, 2], stride=[1, 2])(cols, Tensor([3, 6], ms.int32))
    _close(out.asnumpy(), [[[[0, 6, 1, 7, 2, 8], [15, 27, 17, 29, 19, 31],
                             [15, 21, 16, 22, 17, 23]],
                            [[24, 30, 25, 31, 26, 32], [63, 75, 65, 77, 67, 79],
                             [39, 45, 40, 46, 41, 47]]]])
    img = T(np.arange(15).reshape(1, 1, 3, 5))
    size = Tensor([5, 3], ms.int32)
    _close(ops.ResizeNearestNeighborV2()(img, size).asnumpy().ravel(),
           [0, 1, 3, 0, 1, 3, 5, 6, 8, 5, 6, 8, 10, 11, 13])
    _close(ops.ResizeNearestNeighborV2(True, False)(img, size).asnumpy().ravel(),
           [0, 2, 4, 5, 7, 9, 5, 7, 9, 10, 12, 14, 10, 12, 14])
    _close(ops.ResizeNearestNeighborV2(False, True)(img, size).asnumpy().ravel(),
           [0, 2, 4, 0, 2, 4, 5, 7, 9, 10, 12, 14, 10, 12, 14])
    xu = T([[[[1., 2.], [3., 4.]]]])
    am = Tensor(np.array([[[[0, 3], [9, 14]]]], np.int64))
    _close(ops.MaxUnpool2D(ksize=2, strides=2, pads=0)(xu, am).asnumpy(),
           [[[[1, 0, 0, 2], [0, 0, 0, 0], [0, 3, 0, 0], [0, 0, 4, 0]]]])
    out = ops.MaxUnpool2D(2, 2, 0, (1, 1, 5, 5))(xu, am).asnumpy().ravel()
    assert out.tolist()[:10] == [1, 0, 0, 2, 0, 0, 0, 0, 0, 3] and out[14] == 4
    with pytest.raises(ValueError, match="MaxUnpool2D"):
        ops.MaxUnpool2D(ksize=3, strides=2, pads=1)(xu, am)
    out = ops.GridSampler2D("nearest", "reflection", False)(
        T(np.arange(16).reshape((1, 1, 4, 4))), T(np.linspace(-1.3, 1.3, 12).reshape(1, 2, 3, 2)))
    _close(out.asnumpy(), [[[[0., 0., 5.], [10., 15., 15.]]]])


def test_shifts_upsample_space_to_batch_bernoulli():
    # ms-oracle (MindSpore 2.10 CPU): shifts as its C kernel does them (int32 promotion, the
    # count masked to 31 / 63, the result wrapped to the dtype)
    out = ops.LeftShift()(Tensor(np.array([1, -3, 64, 5, 5, 5], np.int8)),
                          Tensor(np.array([3, 2, 2, 8, 9, -2], np.int8)))
    assert out.dtype == ms.int8 and out.asnumpy().tolist() == [8, -12, 0, 0, 0, 0]
    out = ops.RightShift()(Tensor(np.array([-7, 100, -128, 5, -5, 5], np.int8)),
                           Tensor(np.array([1, 2, 7, 8, 9, -1], np.int8)))
    assert out.asnumpy().tolist() == [-4, 25, -1, 0, -1, 0]
    assert ops.RightShift()(Tensor(np.array([200, 1], np.uint8)),
                            Tensor(np.array([3, 8], np.uint8))).asnumpy().tolist() == [25, 0]
    assert ops.LeftShift()(Tensor(np.array([1, 3], np.int32)),
                           Tensor(np.array([31, 33], np.int32))).asnumpy().tolist() == \
        [-2147483648, 6]
    x = T(np.arange(1, 17).reshape(1, 1, 2, 2, 4))
    out = ops.UpsampleNearest3D()(x, [3, 3, 3], None).asnumpy().ravel()
    assert out.tolist() == [1, 2, 3, 1, 2, 3, 5, 6, 7, 1, 2, 3, 1, 2, 3, 5, 6, 7, 9, 10, 11, 9,
                            10, 11, 13, 14, 15]
    assert ops.UpsampleNearest3D()(x, None, [1.5, 2.0, 0.5]).shape == (1, 1, 3, 4, 2)
    _close(ops.UpsampleTrilinear3D()(x, [3, 3, 3], None).asnumpy().ravel()[:9],
           [1.16667, 2.5, 3.83333, 3.16667, 4.5, 5.83333, 5.16667, 6.5, 7.83333])
    _close(ops.UpsampleTrilinear3D(True)(x, [3, 3, 3], None).asnumpy().ravel()[-9:],
           [9.0, 10.5, 12.0, 11.0, 12.5, 14.0, 13.0, 14.5, 16.0])
    _close(ops.UpsampleTrilinear3D()(x, None, [1.5, 1.0, 0.5]).asnumpy().ravel(),
           [1.5, 3.5, 5.5, 7.5, 5.5, 7.5, 9.5, 11.5, 9.5, 11.5, 13.5, 15.5])
    out = ops.SpaceToBatchND([2, 1], [[1, 1], [0, 0]])(T(np.arange(12).reshape(2, 1, 2, 3)))
    _close(out.asnumpy(), [[[[0, 0, 0], [3, 4, 5]]], [[[0, 0, 0], [9, 10, 11]]],
                           [[[0, 1, 2], [0, 0, 0]]], [[[6, 7, 8], [0, 0, 0]]]])
    x = T([0.1, 0.2, 0.3])
    assert ops.Bernoulli()(x, T([1.0])).asnumpy().tolist() == [1, 1, 1]
    assert ops.Bernoulli()(x, T([0.0, 1.0, 1.0])).asnumpy().tolist() == [0, 1, 1]
    out = ops.Bernoulli()(Tensor(np.array([1, 2]), ms.int32), T([1.0, 0.0]))
    assert out.dtype == ms.int32 and out.asnumpy().tolist() == [1, 0]


def test_avg_pool3d_and_adaptive():
    # ms-oracle (MindSpore 2.10 CPU)
    x = T(np.arange(2 * 3 * 4 * 5).reshape(1, 2, 3, 4, 5))
    out = ops.AdaptiveAvgPool3D((2, 3, 2))(x)
    assert out.shape == (1, 2, 2, 3, 2)
    _close(out.asnumpy().ravel()[:6], [13.5, 15.5, 18.5, 20.5, 23.5, 25.5])
    out = ops.AdaptiveAvgPool3D((None, 2, 3))(x)
    assert out.shape == (1, 2, 3, 2, 3)
    _close(out.asnumpy().ravel()[:6], [3.0, 4.5, 6.0, 13.0, 14.5, 16.0])
    out = ops.AvgPool3D(kernel_size=2, strides=(1, 2, 2))(x)
    _close(out.asnumpy().ravel()[:8], [13.0, 15.0, 23.0, 25.0, 33.0, 35.0, 43.0, 45.0])
    out = ops.AvgPool3D(kernel_size=3, strides=2, pad_mode="pad", pad=1)(x)
    np.testing.assert_allclose(out.asnumpy().ravel()[:6],
                               [3.8519, 6.4444, 4.7407, 9.1111, 14.6667, 10.4444], rtol=1e-4)
    out = ops.AvgPool3D(3, 2, "pad", 1, count_include_pad=False)(x)
    _close(out.asnumpy().ravel()[:6], [13.0, 14.5, 16.0, 20.5, 22.0, 23.5])
    out = ops.AvgPool3D(kernel_size=2, strides=2, pad_mode="same")(x)
    _close(out.asnumpy().ravel()[:6], [13.0, 15.0, 8.25, 23.0, 25.0, 13.25])
    out = ops.AvgPool3D(kernel_size=2, strides=2, divisor_override=3)(x)
    np.testing.assert_allclose(out.asnumpy().ravel()[:4], [34.6667, 40.0, 61.3333, 66.6667],
                               rtol=1e-4)
    with pytest.raises(NotImplementedError, match="ceil_mode"):
        ops.AvgPool3D(kernel_size=2, strides=2, ceil_mode=True)(x)


def test_lu_unpack_and_random_classes():
    # ms-oracle (MindSpore 2.10 CPU): LAPACK's 1-based pivots, A = P @ L @ U
    lu = T([[[-0.3806, -0.4872, 0.5536], [-0.1287, 0.6508, -0.2396], [0.2583, 0.5239, 0.6902]],
            [[0.6706, -1.1782, 0.4574], [-0.6401, -0.4779, 0.6701], [0.1015, -0.5363, 0.6165]]])
    pivots = Tensor(np.array([[1, 3, 3], [2, 3, 3]]), ms.int32)
    p, lower, upper = ops.LuUnpack()(lu, pivots)
    _close(p.asnumpy(), [[[1, 0, 0], [0, 0, 1], [0, 1, 0]], [[0, 0, 1], [1, 0, 0], [0, 1, 0]]])
    _close(lower.asnumpy()[1], [[1, 0, 0], [-0.6401, 1, 0], [0.1015, -0.5363, 1]])
    _close(upper.asnumpy()[0], [[-0.3806, -0.4872, 0.5536], [0, 0.6508, -0.2396], [0, 0, 0.6902]])
    x = T([1, 2, 3, 4])
    out = ops.RandomShuffle(seed=1, seed2=1)(x)
    assert out.shape == (4,) and sorted(out.asnumpy().tolist()) == [1, 2, 3, 4]
    out = ops.RandomCategorical(ms.int64)(T(np.log([[0.0001, 1.0, 0.0001]] * 10)), 8, 0)
    assert out.shape == (10, 8) and out.dtype == ms.int64
    assert (out.asnumpy() == 1).mean() > 0.9


def test_multinomial_and_standard_laplace():
    out = ops.Multinomial(seed=10)(T([[0., 9., 4., 0.]]), 6)
    assert out.shape == (1, 6) and out.dtype == ms.int32  # MindSpore: Int32, values in {1, 2}
    assert set(out.asnumpy().ravel().tolist()) <= {1, 2}
    out = ops.Multinomial(dtype=ms.int64)(T([0., 9., 0., 0.]), 3)
    assert out.dtype == ms.int64 and out.asnumpy().tolist() == [1, 1, 1]
    x = ops.StandardLaplace(seed=2)((4, 16))
    assert x.shape == (4, 16) and x.dtype == ms.float32
    y = ops.StandardLaplace(seed=3)((20000,)).asnumpy()
    assert abs(y.mean()) < 0.05 and abs(np.abs(y).mean() - 1) < 0.05  # E|x| = 1
    assert np.array_equal(ops.StandardLaplace(seed=2)((4, 16)).asnumpy(), x.asnumpy())
