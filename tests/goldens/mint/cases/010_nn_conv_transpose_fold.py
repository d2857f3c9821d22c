"""mint.nn ConvTranspose2d, Unfold, Fold, AvgPool3d, AdaptiveAvgPool3d, MaxUnpool2d, SyncBatchNorm:
attributes, reprs and parameters."""
from _mint_util import ms, emit

mnn = ms.mint.nn
SKIP = {"training", "requires_grad", "is_top_cell", "arguments_key", "mixed_precision_type",
        "cell_type", "grad_ops_label", "has_bprop", "bprop_debug"}


def describe(key, cell):
    emit(key + ".class", type(cell).__name__)
    emit(key + ".repr", repr(cell))
    emit(key + ".attrs", {k: v for k, v in sorted(vars(cell).items())
                          if not k.startswith("_") and k not in SKIP
                          and isinstance(v, (bool, int, float, str, tuple, list, type(None)))})
    emit(key + ".params", [[p.name, list(p.shape), str(p.dtype)] for p in cell.get_parameters()])


describe("ConvTranspose2d", mnn.ConvTranspose2d(2, 4, 3))
describe("ConvTranspose2d.custom", mnn.ConvTranspose2d(4, 6, (3, 2), stride=2, padding=1,
                                                       output_padding=1, groups=2, bias=False,
                                                       dilation=(1, 2)))
describe("Unfold", mnn.Unfold((2, 3), 1, 1, 2))
describe("Fold", mnn.Fold((4, 5), 2, stride=(2, 1)))
describe("AvgPool3d", mnn.AvgPool3d(2, 1, 1, True, False, 3))
describe("AdaptiveAvgPool3d", mnn.AdaptiveAvgPool3d((1, 2, 3)))
describe("MaxUnpool2d", mnn.MaxUnpool2d(2, 1))
emit("SyncBatchNorm.params", [[p.name, list(p.shape), str(p.dtype)]
                              for p in mnn.SyncBatchNorm(3).get_parameters()])
