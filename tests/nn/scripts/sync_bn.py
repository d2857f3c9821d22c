"""SyncBatchNorm on N ranks, both modes: each rank normalises its slice of one batch; the
outputs, moving statistics and (summed) parameter gradients must equal BatchNorm2d on the whole
batch in one process. Exits non-zero (AssertionError) on a wrong value."""
import numpy as np

import mindcell as ms
from mindcell import nn, ops
from mindcell.communication import init, get_rank, get_group_size


def check(mode, full, dy_full):
    ms.set_context(mode=mode)
    r, n = get_rank(), get_group_size()
    rows = full.shape[0] // n
    x = ms.Tensor(full[r * rows:(r + 1) * rows])
    dy = ms.Tensor(dy_full[r * rows:(r + 1) * rows])
    sbn = nn.SyncBatchNorm(3, momentum=0.8)
    assert sbn.is_global and sbn.rank_size == n and sbn.rank_id == r
    sbn.set_train(True)
    fn = ms.value_and_grad(lambda v: (sbn(v) * dy).sum(), grad_position=0,
                           weights=sbn.trainable_params())
    _, (gx, (g_gamma, g_beta)) = fn(x)
    mean_after_one = sbn.moving_mean.asnumpy().copy()
    var_after_one = sbn.moving_variance.asnumpy().copy()
    y = sbn(x).asnumpy()

    ref = nn.BatchNorm2d(3, momentum=0.8)
    ref.set_train(True)
    ref_fn = ms.value_and_grad(lambda v: (ref(v) * ms.Tensor(dy_full)).sum(), grad_position=0,
                               weights=ref.trainable_params())
    _, (rgx, (r_gamma, r_beta)) = ref_fn(ms.Tensor(full))
    np.testing.assert_allclose(mean_after_one, ref.moving_mean.asnumpy(), rtol=1e-5)
    np.testing.assert_allclose(var_after_one, ref.moving_variance.asnumpy(), rtol=1e-5)
    ry = ref(ms.Tensor(full)).asnumpy()
    np.testing.assert_allclose(y, ry[r * rows:(r + 1) * rows], rtol=1e-4, atol=1e-5)
    # each rank's input gradient is its slice of the whole batch's
    np.testing.assert_allclose(gx.asnumpy(), rgx.asnumpy()[r * rows:(r + 1) * rows],
                               rtol=1e-4, atol=1e-5)
    # parameter gradients are per-rank sums; over the ranks they are the whole batch's
    total_gamma = ops.AllReduce()(g_gamma).asnumpy()
    total_beta = ops.AllReduce()(g_beta).asnumpy()
    np.testing.assert_allclose(total_gamma, r_gamma.asnumpy(), rtol=1e-4, atol=1e-5)
    np.testing.assert_allclose(total_beta, r_beta.asnumpy(), rtol=1e-4, atol=1e-5)
    # a rank's own statistics would differ: the test would fail without the all-reduce
    local = x.asnumpy().mean(axis=(0, 2, 3))
    assert not np.allclose(local, full.mean(axis=(0, 2, 3)))


def check_process_groups(full):
    """process_groups=[[0], [1]]: each rank alone (its own slice's statistics);
    [[0, 1]]: the two ranks together (the whole batch's)."""
    r, n = get_rank(), get_group_size()
    rows = full.shape[0] // n
    x = ms.Tensor(full[r * rows:(r + 1) * rows])
    alone = nn.SyncBatchNorm(3, process_groups=[[k] for k in range(n)])
    together = nn.SyncBatchNorm(3, process_groups=[list(range(n))])
    assert alone.group_name is None and together.group_name is not None
    local, whole = nn.BatchNorm2d(3), nn.BatchNorm2d(3)
    for cell in (alone, together, local, whole):
        cell.set_train(True)
    np.testing.assert_allclose(alone(x).asnumpy(), local(x).asnumpy(), rtol=1e-5, atol=1e-6)
    ref = whole(ms.Tensor(full)).asnumpy()[r * rows:(r + 1) * rows]
    np.testing.assert_allclose(together(x).asnumpy(), ref, rtol=1e-4, atol=1e-5)


if __name__ == "__main__":
    init()
    rng = np.random.default_rng(7)
    full = rng.normal(size=(4, 3, 2, 2)).astype(np.float32)
    full[2:] += 3.0  # the ranks' halves have different statistics
    dy_full = rng.normal(size=full.shape).astype(np.float32)
    check(ms.PYNATIVE_MODE, full, dy_full)
    check(ms.GRAPH_MODE, full, dy_full)
    ms.set_context(mode=ms.PYNATIVE_MODE)
    check_process_groups(full)
    print("ok rank", get_rank())
