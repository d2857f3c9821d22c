"""Cases in the style of MindSpore 2.10's docstring examples outside mindspore.ops (Tensor
methods, nn, numpy, top-level, dataset, hal, ...) that failed or differed under mindcell; the
expected values were recorded with MindSpore 2.10 CPU (ms-oracle)."""
import numpy as np
import pytest

import mindcell as ms
from mindcell import Tensor, nn, ops


def test_softmax_xent_gradient_is_softmax_minus_labels_and_labels_get_none():
    # labels whose rows do not sum to 1: MindSpore's backprop is softmax - labels, not the
    # exact derivative, and the labels' gradient is zero
    lg = Tensor(np.array([[2.0, 1.0, 0.0], [0.5, 0.2, 0.1]], np.float32))
    lb = Tensor(np.array([[1.0, 1.0, 0.0], [0.2, 0.3, 0.1]], np.float32))
    loss, backprop = ops.SoftmaxCrossEntropyWithLogits()(lg, lb)
    np.testing.assert_allclose(loss.asnumpy(), [1.81521177, 0.658059418], rtol=1e-5)
    want = np.array([[-3.34759057e-01, -7.55271554e-01, 9.00305733e-02],
                     [2.14741871e-01, 7.24831223e-03, 1.78009778e-01]], np.float32)
    np.testing.assert_allclose(backprop.asnumpy(), want, rtol=1e-5, atol=1e-6)
    f = lambda a, b: (nn.SoftmaxCrossEntropyWithLogits()(a, b) * Tensor([1.0, 3.0])).sum()
    ga, gb = ms.grad(f, grad_position=(0, 1))(lg, lb)
    np.testing.assert_allclose(ga.asnumpy(), want * np.array([[1.0], [3.0]], np.float32),
                               rtol=1e-5, atol=1e-6)
    np.testing.assert_array_equal(gb.asnumpy(), np.zeros((2, 3), np.float32))
    # nn.ForwardValueAndGrad over a WithLossCell: inputs' and weights' gradients
    class Net(nn.Cell):
        def __init__(self):
            super().__init__()
            self.weight = ms.Parameter(Tensor(np.ones([2, 2], np.float32)), name="weight")

        def construct(self, x):
            return ops.matmul(x, self.weight)

    net = Net()
    wl = nn.WithLossCell(net, nn.SoftmaxCrossEntropyWithLogits())
    fvg = nn.ForwardValueAndGrad(wl, weights=ms.ParameterTuple(net.trainable_params()),
                                 get_all=True, get_by_list=True)
    loss, ((gx, gy), (gw,)) = fvg(Tensor(np.ones([1, 2], np.float32)),
                                  Tensor(np.ones([1, 2], np.float32)))
    np.testing.assert_allclose(loss.asnumpy(), [1.38629436], rtol=1e-6)
    np.testing.assert_allclose(gx.asnumpy(), [[-1.0, -1.0]])
    np.testing.assert_array_equal(gy.asnumpy(), [[0.0, 0.0]])
    np.testing.assert_allclose(gw.asnumpy(), np.full((2, 2), -0.5))


def test_softmax_float16_rounds_like_mindspore():
    # float16 softmax: MindSpore 2.10 CPU rounds the shifted input, the exponentials and their
    # sum to float16 (bit patterns recorded with ms-oracle); float32-all-through differs by 1ulp
    x = Tensor(np.array([-1, -2, 0, 2, 1]), ms.float16)
    assert nn.Softmax()(x).asnumpy().view(np.uint16).tolist() == [10254, 8695, 11652, 14615, 13182]
    assert nn.Softmin()(x).asnumpy().view(np.uint16).tolist() == [13182, 14615, 11652, 8695, 10254]
    a = np.array([[4.87, -1.835, -1.584, -3.219, 2.596],
                  [-6.906, 5.234, -2.283, 0.957, -0.748]], np.float16)
    assert ops.softmax(Tensor(a), axis=0).asnumpy().view(np.uint16).tolist() == \
        [[15360, 4853, 14680, 9151, 15290], [128, 15358, 13648, 15328, 10334]]
    assert nn.Softmax()(Tensor(a)).asnumpy().view(np.uint16).tolist() == \
        [[15165, 5256, 5590, 3207, 11763], [89, 15327, 4195, 8957, 6418]]


@pytest.mark.parametrize("name", ["split", "array_split", "hsplit", "vsplit"])
def test_numpy_split_family_container_and_empty_parts(name):
    import mindcell.numpy as mnp
    f = getattr(mnp, name)
    x = mnp.arange(8).reshape(2, 4).astype("float32")
    # MindSpore 2.10: a tuple for a number of sections, a list for split indices
    parts = f(x, 2)
    assert type(parts) is tuple and len(parts) == 2
    parts = f(x, [1])
    assert type(parts) is list and len(parts) == 2
    # an empty part is an error (numpy would return it)
    with pytest.raises(ValueError, match="empty"):
        f(x, [1, 1])


def test_numpy_split_rejects_out_of_range_and_uneven_empty():
    import mindcell.numpy as mnp
    x = mnp.arange(6)
    assert [p.shape for p in mnp.split(x, [-1])] == [(5,), (1,)]
    for arg in ([2, 6], [2, 7], [4, 2], [0], [6]):
        with pytest.raises(ValueError, match="mindcell.numpy.split"):
            mnp.split(x, arg)
    with pytest.raises(ValueError, match="array_split"):
        mnp.array_split(mnp.arange(2), 3)


def _v(t):
    return (t.shape, str(t.dtype), t.asnumpy().ravel().tolist())


def test_tensor_methods_take_mint_spellings_dim_keepdim():
    # MindSpore 2.10's Tensor methods take dim/keepdim (and the method's positional overloads)
    # besides axis/keepdims; values, shapes and dtypes recorded with ms-oracle
    x = Tensor(np.arange(24, dtype=np.float32).reshape(2, 3, 4))
    assert _v(x.sum(dim=1))[:2] == ((2, 4), "Float32")
    assert _v(x.sum(dim=1, keepdim=True))[2][:4] == [12.0, 15.0, 18.0, 21.0]
    assert x.sum(1, keepdim=True).shape == (2, 1, 4) and x.sum(1, True).shape == (2, 1, 4)
    assert x.sum(dim=(0, 1)).asnumpy().tolist() == [60.0, 66.0, 72.0, 78.0]
    assert x.sum(dim=1, dtype=ms.float64).dtype == ms.float64
    assert float(x.sum(dim=None)) == 276.0
    assert str(Tensor([1, 2], ms.int8).sum(dim=0).dtype) == "Int64"
    assert x.mean(1, keepdim=True).shape == (2, 1, 4)
    assert x.mean(dim=1, dtype=ms.float64).dtype == ms.float64
    assert str(Tensor([1, 2], ms.int32).mean(dim=0)) == "1"
    assert x.cumsum(dim=1).asnumpy()[0, :, 0].tolist() == [0.0, 4.0, 12.0]
    assert str(Tensor([1, 2], ms.int8).cumsum(dim=0).dtype) == "Int32"
    assert [p.shape for p in x.chunk(3, dim=1)] == [(2, 1, 4)] * 3
    assert [p.shape for p in x.split(1, dim=1)] == [(2, 1, 4)] * 3
    v, i = x.sort(dim=1, descending=True)
    assert v.asnumpy()[0, :, 0].tolist() == [8.0, 4.0, 0.0] and str(i.dtype) == "Int32"
    m = Tensor(np.array([[3, 1, 2], [1, 1, 0]], np.float32))
    assert m.sort(dim=1, stable=True)[1].asnumpy().tolist() == [[1, 2, 0], [2, 0, 1]]
    assert m.argsort(dim=1, descending=True).asnumpy().tolist() == [[0, 2, 1], [0, 1, 2]]
    np.testing.assert_allclose(x.std(dim=1, correction=1, keepdim=False).asnumpy(), 4.0)
    np.testing.assert_allclose(x.std(dim=1).asnumpy(), 3.2659862, rtol=1e-6)  # correction 0
    assert x.std(1, keepdim=True).shape == (2, 1, 4)
    np.testing.assert_allclose(m.std(dim=1, correction=2, keepdim=True).asnumpy().ravel(),
                               [1.4142135, 0.8164966], rtol=1e-6)
    np.testing.assert_allclose(float(Tensor([1, 2, 4], ms.int32).std(dim=0)), 1.2909944,
                               rtol=1e-6)
    assert m.prod(dim=1, keepdim=True).asnumpy().tolist() == [[6.0], [0.0]]
    b = Tensor(np.array([[True, False], [True, True]]))
    assert b.all(dim=1).asnumpy().tolist() == [False, True]
    assert b.any(dim=1, keepdim=True).shape == (2, 1)
    assert str(m.argmax(dim=1, keepdim=True).dtype) == "Int64"
    assert m.argmin(dim=1).asnumpy().tolist() == [1, 2] and str(m.argmin(dim=1).dtype) == "Int32"
    with pytest.raises(TypeError, match="Tensor.sum: give 'axis' or 'dim'"):
        x.sum(1, dim=1)


def test_tensor_method_positional_overloads():
    x = Tensor(np.arange(24, dtype=np.float32).reshape(2, 3, 4))
    m = Tensor(np.arange(6, dtype=np.float32).reshape(2, 3))
    # transpose(dim0, dim1): two ints swap (a 2-D transpose(0, 1) is not the identity)
    assert _v(m.transpose(0, 1)) == ((3, 2), "Float32", [0.0, 3.0, 1.0, 4.0, 2.0, 5.0])
    assert x.transpose(0, 2).asnumpy().ravel()[:6].tolist() == [0.0, 12.0, 4.0, 16.0, 8.0, 20.0]
    assert x.transpose(dim0=0, dim1=2).shape == (4, 3, 2)
    assert x.transpose(0, 2, 1).shape == (2, 4, 3) and x.transpose((0, 2, 1)).shape == (2, 4, 3)
    # flatten(start_dim, end_dim) positionally, flatten(order) with a str
    assert x.flatten(0, -1).shape == (24,) and x.flatten(1).shape == (2, 12)
    assert x.flatten(1, 2).shape == (2, 12) and x.flatten("F").shape == (24,)
    # gather(dim, index): gather_elements; gather(input_indices, axis) as before
    gi = Tensor(np.array([[0, 0], [1, 1]]), ms.int32)
    assert m.gather(1, gi).asnumpy().tolist() == [[0.0, 0.0], [4.0, 4.0]]
    assert m.gather(dim=1, index=gi).asnumpy().tolist() == [[0.0, 0.0], [4.0, 4.0]]
    assert m.gather(0, gi).asnumpy().tolist() == [[0.0, 1.0], [3.0, 4.0]]
    assert m.gather(gi, 1).shape == (2, 2, 2)
    # scatter(dim=..., index=..., src=...)
    i = Tensor(np.array([[0, 1], [1, 0]]), ms.int64)
    s = Tensor(np.ones((2, 2), np.float32))
    assert m.scatter(dim=1, index=i, src=s).asnumpy().tolist() == [[1, 1, 2], [1, 1, 5]]
    # add/sub with alpha
    assert m.sub(m, alpha=0.5).asnumpy().ravel().tolist() == [0.0, 0.5, 1.0, 1.5, 2.0, 2.5]
    assert m.sub(2, alpha=2).asnumpy().ravel().tolist() == [-4.0, -3.0, -2.0, -1.0, 0.0, 1.0]
    assert m.add(m, alpha=2).asnumpy().ravel().tolist() == [0.0, 3.0, 6.0, 9.0, 12.0, 15.0]
    with pytest.raises(TypeError, match="float 'alpha'"):
        Tensor([1, 2], ms.int32).add(1, alpha=2.5)
    # a float alpha needs one float operand (MindSpore 2.10 refuses two integers only)
    i, f = Tensor([1, 2], ms.int32), Tensor([1.0, 2.0], ms.float32)
    assert _v(i.add(f, alpha=2.5)) == ((2,), "Float32", [3.5, 7.0])
    assert _v(f.add(i, alpha=2.5)) == ((2,), "Float32", [3.5, 7.0])
    assert _v(i.add(1.0, alpha=2.5)) == ((2,), "Float32", [3.5, 4.5])
    from mindcell import mint
    assert _v(mint.sub(Tensor(np.array([4, 5, 6], np.float32)), Tensor(1, ms.int32),
                       alpha=0.5)) == ((3,), "Float32", [3.5, 4.5, 5.5])
    assert _v(mint.sub(f, i, alpha=0.5)) == ((2,), "Float32", [0.5, 1.0])
    with pytest.raises(TypeError, match="float 'alpha'"):
        mint.add(i, i, alpha=0.5)


def test_hal_on_the_cpu():
    # MindSpore 2.10 CPU's answers (ms-oracle): one CPU, no device memory pool, streams and
    # events that are always done
    from mindcell import hal
    assert hal.device_count() == 1 and hal.device_count("CPU") == 1
    assert hal.is_available("CPU") and not hal.is_available("GPU")
    assert hal.get_device_name(0) == "CPU" and hal.get_device_name(0, "CPU") == "CPU"
    assert hal.get_device_capability(0) is None and hal.get_arch_list() is None
    assert hal.get_device_properties(0, "CPU") is None and hal.is_initialized("CPU") is False
    for bad in (lambda: hal.device_count("GPU"), lambda: hal.is_available("XPU"),
                lambda: hal.get_device_name(1, "CPU"), lambda: hal.memory_allocated("GPU")):
        with pytest.raises(ValueError):
            bad()
    assert hal.memory_allocated() == hal.max_memory_reserved() == 0
    stats = hal.memory_stats()
    assert stats["total_allocated_memory"] == 0 and stats["common_mem_pool_stats"] == {
        "block_unit_size": 0, "block_counts": 0, "blocks_info": {}}
    assert hal.memory_summary().splitlines()[1] == "|" + " " * 15 + "Memory summary" + " " * 16 + "|"
    assert hal.current_stream() == hal.default_stream()
    s1 = hal.Stream()
    hal.set_cur_stream(s1)
    assert hal.current_stream() is s1
    hal.set_cur_stream(hal.default_stream())
    with hal.StreamCtx(s1):
        assert hal.current_stream() is s1
        y = ops.add(Tensor([1.0]), 1.0)
    hal.synchronize()
    assert s1.query() and float(y) == 2.0
    start, end = hal.Event(enable_timing=True), hal.Event(enable_timing=True)
    start.record()
    end.record()
    end.synchronize()
    assert start.elapsed_time(end) == 0.0 and end.query()
    assert repr(s1) == "Stream(device_name=CPU, device_id:0, stream id:0)"
    with pytest.raises(TypeError, match="StreamCtx"):
        hal.StreamCtx(1)
    with pytest.raises(TypeError, match="set_cur_stream"):
        hal.set_cur_stream(1)


def test_dtype_to_pytype_get_py_obj_dtype_and_log_config():
    assert ms.dtype_to_pytype(ms.bool_) is bool and ms.dtype_to_pytype(ms.uint16) is int
    assert ms.dtype_to_pytype(ms.bfloat16) is float and ms.dtype_to_pytype(ms.complex64) is complex
    assert ms.dtype_to_pytype(ms.string) is str and ms.dtype_to_pytype(ms.type_none) is type(None)
    with pytest.raises(KeyError):
        ms.dtype_to_pytype(1)
    assert ms.get_py_obj_dtype(1) == ms.int64 and ms.get_py_obj_dtype(1.0) == ms.float64
    assert ms.get_py_obj_dtype(True) == ms.bool_ and ms.get_py_obj_dtype(np.int32(1)) == ms.int32
    assert ms.get_py_obj_dtype(float) == ms.float64 and ms.get_py_obj_dtype(np.float32) == ms.float32
    assert repr(ms.get_py_obj_dtype([1])) == "mindspore.list_"
    assert repr(ms.get_py_obj_dtype(None)) == "mindspore.type_none"
    assert repr(ms.get_py_obj_dtype(ms.int32)) == "mindspore.type_type"
    assert ms.get_py_obj_dtype(Tensor([1])).element_type() == ms.int64
    with pytest.raises(NotImplementedError):
        ms.get_py_obj_dtype({})
    # MindSpore 2.10 logs to stderr unless told otherwise: GLOG_logtostderr '1'
    assert ms.get_log_config()["GLOG_logtostderr"] == "1"


def test_ctc_loss_unbatched_none_is_a_scalar():
    x = Tensor(np.log(np.full((5, 3), 1 / 3)), ms.float32)
    for red, want in (("none", 1.9377134), ("mean", 0.9688567), ("sum", 1.9377134)):
        loss = nn.CTCLoss(blank=0, reduction=red)(x, Tensor([1, 2], ms.int32),
                                                  Tensor([5], ms.int32), Tensor([2], ms.int32))
        assert loss.shape == ()
        np.testing.assert_allclose(float(loss), want, rtol=1e-6)


def test_has_init_is_a_property():
    from mindcell.common.initializer import One
    assert Tensor(np.array([[1, 2], [3, 4]])).has_init is False
    t = Tensor(shape=(2,), dtype=ms.float32, init=One())
    assert t.has_init is True
    t.init_data()
    assert t.has_init is False and t.init is None
    assert ms.Parameter(Tensor(shape=(2,), dtype=ms.float32, init=One()), name="w").has_init is False


def test_initializers_dirac_identity_sparse_variance_scaling():
    from mindcell.common.initializer import initializer, Dirac, Identity, Sparse, VarianceScaling
    w = initializer(Dirac(groups=2), [6, 4, 3, 3], ms.float32).asnumpy()
    assert np.argwhere(w).tolist() == [[0, 0, 1, 1], [1, 1, 1, 1], [2, 2, 1, 1], [3, 0, 1, 1],
                                       [4, 1, 1, 1], [5, 2, 1, 1]]
    assert np.argwhere(initializer("dirac", [2, 2, 2, 2], ms.float32).asnumpy()).tolist() == \
        [[0, 0, 1, 1], [1, 1, 1, 1]]
    # the errors surface at the first use of the data, as in MindSpore
    with pytest.raises(ValueError, match="divisible by groups"):
        initializer(Dirac(groups=4), [6, 4, 3, 3], ms.float32).init_data()
    with pytest.raises(ValueError, match="3, 4 or 5"):
        initializer("dirac", [2, 3], ms.float32).init_data()
    assert initializer(Identity(), [2, 3], ms.float32).asnumpy().tolist() == [[1, 0, 0], [0, 1, 0]]
    assert initializer("identity", [3, 2], ms.float32).asnumpy().tolist() == [[1, 0], [0, 1], [0, 0]]
    with pytest.raises(ValueError, match="should be 2"):
        initializer("identity", [2, 2, 2], ms.float32).init_data()
    ms.set_seed(0)
    w = initializer(Sparse(sparsity=0.1, sigma=0.01), [5, 8], ms.float32).asnumpy()
    assert (w == 0).sum(0).tolist() == [1] * 8  # ceil(0.1 * 5) zeros per column
    w = initializer(Sparse(sparsity=0.5, sigma=1.0), [10, 400], ms.float32).asnumpy()
    assert set((w == 0).sum(0).tolist()) == {5} and abs(w[w != 0].std() - 1.0) < 0.05
    # variance scale / n; 'truncated_normal' draws as 'uniform', bounded by sqrt(3 scale / n)
    for mode, n in (("fan_in", 300), ("fan_out", 200), ("fan_avg", 250)):
        for dist in ("truncated_normal", "untruncated_normal", "uniform"):
            w = initializer(VarianceScaling(2.0, mode, dist), [200, 300], ms.float32).asnumpy()
            assert abs(w.std() / np.sqrt(2.0 / n) - 1) < 0.03
            if dist != "untruncated_normal":
                assert np.abs(w).max() <= np.sqrt(6.0 / n) + 1e-6
    with pytest.raises(ValueError, match="'mode'"):
        VarianceScaling(mode="x")
    with pytest.raises(ValueError, match="'scale'"):
        VarianceScaling(scale=0)


def test_numpy_result_type_codes_and_ravel_multi_index_of_a_tensor():
    import mindcell.numpy as mnp
    assert mnp.result_type("i2", mnp.float32, True) == ms.float32
    assert mnp.result_type("i2") == ms.int16 and mnp.result_type("f8") == ms.float64
    assert mnp.result_type("?") == ms.bool_ and mnp.result_type("i2", "f2") == ms.float16
    assert mnp.result_type("int16", "u1") == ms.int16
    arr = mnp.array([[3, 6, 6], [4, 5, 1]])
    assert mnp.ravel_multi_index(arr, (7, 6)).asnumpy().tolist() == [22.0, 41.0, 37.0]
    assert float(mnp.ravel_multi_index((3, 1, 4, 1), (6, 7, 8, 9))) == 1621.0


def test_lossbase_get_axis_and_optimizer_unique():
    class L1(nn.LossBase):
        def construct(self, logits, labels):
            x = ops.abs(logits - labels)
            return self.get_loss(x), self.get_axis(x)

    loss, axis = L1()(Tensor([1.0, 2.0, 3.0]), Tensor([1.0, 2.0, 2.0]))
    np.testing.assert_allclose(float(loss), 0.33333334, rtol=1e-6)
    assert axis == (0,)
    assert L1()(Tensor(np.ones((3, 3), np.float32)), Tensor(np.ones((3, 3), np.float32)))[1] == (0, 1)
    opt = nn.Momentum(nn.Dense(2, 3).trainable_params(), 0.1, 0.9)
    assert opt.unique is True


def test_experimental_optimizer_subclass_defaults_without_weight_decay():
    from mindcell.experimental import optim

    class MySGD(optim.Optimizer):
        def __init__(self, params, lr):
            super().__init__(params, dict(lr=lr))

        def construct(self, gradients):
            for group_id, group in enumerate(self.param_groups):
                start = self.group_start_id[group_id]
                for i, param in enumerate(group["params"]):
                    ops.assign(param, param - gradients[start + i] * group["lr"])

    net = nn.Dense(3, 2, weight_init="ones", bias_init="zeros")
    opt = MySGD(net.trainable_params(), 0.1)
    assert opt.group_start_id == [0, 2] and opt.defaults == {"lr": 0.1}
    assert sorted(opt.param_groups[0]) == ["lr", "params", "weight_decay"]
    assert opt.param_groups[0]["weight_decay"] == 0.0
    _, grads = ms.value_and_grad(lambda x: net(x).sum(), None, opt.parameters)(
        Tensor(np.ones((2, 3), np.float32)))
    opt(grads)
    np.testing.assert_allclose(net.weight.asnumpy(), np.full((2, 3), 0.8), rtol=1e-6)
    np.testing.assert_allclose(net.bias.asnumpy(), [-0.2, -0.2], rtol=1e-6)
