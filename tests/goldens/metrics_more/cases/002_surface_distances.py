"""nn.HausdorffDistance, nn.MeanSurfaceDistance, nn.RootMeanSquareDistance and
nn.OcclusionSensitivity: values on small label maps (every distance metric, percentile,
directed, symmetric, crop), empty surfaces, a model's occlusion map (margins, bounding box,
batches), and argument errors. The occlusion label is 0-d, as MindSpore documents it (with a
label of shape (1,) MindSpore 2.10 fails reshaping its scores; mindcell takes it as the
0-d label, tests/nn/test_metrics_more.py)."""
import numpy as np
from _target import ms, nn, Tensor, Parameter, emit


def run(key, fn):
    """Emit what ``fn`` returns (and the name of its type), or the exception's type."""
    try:
        out = fn()
        emit(key + ".type", type(out).__name__)
        emit(key, out)
    except Exception as e:  # noqa: BLE001 - the exception type is the recorded result
        emit(key, e)


a = np.zeros((7, 8), np.int32)
a[1:5, 1:6] = 1
a[5, 2] = 2
b = np.zeros((7, 8), np.int32)
b[2:6, 2:7] = 1
b[0, 0] = 2
a3 = np.zeros((4, 5, 6), np.float32)
a3[1:3, 1:4, 2:5] = 1
b3 = np.zeros((4, 5, 6), np.float32)
b3[0:3, 2:5, 1:4] = 1


def metric(cls, y_pred, y, label, **kw):
    m = cls(**kw)
    m.update(y_pred, y, label)
    return m.eval()


HD, MSD, RMSD = nn.HausdorffDistance, nn.MeanSurfaceDistance, nn.RootMeanSquareDistance
for dist in ("euclidean", "chessboard", "taxicab"):
    run("hd_%s" % dist, lambda: metric(HD, a, b, 1, distance_metric=dist))
    run("msd_%s" % dist, lambda: metric(MSD, a, b, 1, distance_metric=dist))
    run("msd_sym_%s" % dist, lambda: metric(MSD, a, b, 1, distance_metric=dist, symmetric=True))
    run("rmsd_%s" % dist, lambda: metric(RMSD, a, b, 1, distance_metric=dist))
    run("rmsd_sym_%s" % dist, lambda: metric(RMSD, a, b, 1, distance_metric=dist,
                                             symmetric=True))
run("hd_label2", lambda: metric(HD, a, b, 2))
run("hd_percentile", lambda: metric(HD, a, b, 1, percentile=50.0))
run("hd_directed", lambda: metric(HD, a, b, 1, directed=True))
run("hd_directed_rev", lambda: metric(HD, b, a, 1, directed=True))
run("hd_nocrop", lambda: metric(HD, a, b, 1, crop=False))
run("hd_3d", lambda: metric(HD, a3, b3, 1))
run("msd_3d", lambda: metric(MSD, a3, b3, 1.0, symmetric=True))
run("rmsd_3d", lambda: metric(RMSD, Tensor(a3), Tensor(b3), 1))
run("hd_tensor", lambda: metric(HD, Tensor(a), Tensor(b), 1))
run("hd_bool", lambda: metric(HD, a == 1, b == 1, 1))
run("hd_pred_only", lambda: metric(HD, a, np.zeros_like(b), 1))
run("msd_pred_only", lambda: metric(MSD, a, np.zeros_like(b), 1))
run("msd_true_only", lambda: metric(MSD, np.zeros_like(a), b, 1))
run("rmsd_true_only_sym", lambda: metric(RMSD, np.zeros_like(a), b, 1, symmetric=True))
run("hd_percentile_big", lambda: metric(HD, a, b, 1, percentile=150.0))
run("hd_percentile_int", lambda: HD(percentile=50))
run("hd_bad_metric", lambda: HD(distance_metric="manhattan"))
run("hd_directed_int", lambda: HD(directed=1))
run("hd_label_missing", lambda: metric(HD, a, b, 7))
run("hd_label_str", lambda: metric(HD, a, b, "1"))
run("msd_label_str", lambda: metric(MSD, a, b, "1"))
run("rmsd_label_str", lambda: metric(RMSD, a, b, "1"))
run("hd_shapes", lambda: metric(HD, a, b[:6], 1))
run("hd_two_inputs", lambda: HD().update(a, b))
run("hd_eval_first", lambda: HD().eval())
run("msd_sym_int", lambda: MSD(symmetric=1))
run("rmsd_bad_metric", lambda: RMSD(distance_metric=1))

ms.set_seed(0)


class Net(nn.Cell):
    """A fixed linear classifier of (1, 1, 4, 5) images into 3 classes."""

    def __init__(self):
        super().__init__()
        w = np.linspace(-1.0, 1.0, 60, dtype=np.float32).reshape(20, 3)
        self.w = Parameter(Tensor(w), name="w")
        self.flatten = nn.Flatten()

    def construct(self, x):
        return ms.ops.matmul(self.flatten(x), self.w)


img = np.arange(20, dtype=np.float32).reshape(1, 1, 4, 5) / 10.0


def occlusion(label, **kw):
    m = nn.OcclusionSensitivity(**kw)
    m.update(Net(), img, label)
    return m.eval()


run("occ", lambda: occlusion(np.array(1)))
run("occ_margin1", lambda: occlusion(np.array(2), margin=1, n_batch=4))
run("occ_pad", lambda: occlusion(np.array(0), pad_val=1.5, margin=3))
run("occ_bbox", lambda: occlusion(np.array(1), b_box=[0, 0, 1, 2, 0, 3], margin=1))
run("occ_bbox_neg", lambda: occlusion(np.array(1), b_box=[-1, -1, 0, -1, 2, -1]))
run("occ_tensor_label", lambda: occlusion(Tensor(np.array(1, np.int32)), n_batch=1))
run("occ_bbox_len", lambda: occlusion(np.array(1), b_box=[0, 1]))
run("occ_bbox_big", lambda: occlusion(np.array(1), b_box=[0, 0, 0, 4, 0, 2]))
run("occ_bbox_order", lambda: occlusion(np.array(1), b_box=[0, 0, 0, 0, 3, 2]))
run("occ_pad_int", lambda: nn.OcclusionSensitivity(pad_val=0))
run("occ_margin_float", lambda: nn.OcclusionSensitivity(margin=1.0))
run("occ_batch_float", lambda: nn.OcclusionSensitivity(n_batch=2.0))
run("occ_bbox_tuple", lambda: nn.OcclusionSensitivity(b_box=(0, 1)))
run("occ_eval_first", lambda: nn.OcclusionSensitivity().eval())
run("occ_not_cell", lambda: nn.OcclusionSensitivity().update(lambda x: x, img, np.array(1)))
run("occ_batch2", lambda: nn.OcclusionSensitivity().update(Net(), np.concatenate([img, img]),
                                                           np.array([1, 1])))
run("occ_labels2", lambda: nn.OcclusionSensitivity().update(Net(), img, np.array([1, 2])))
