"""transforms.PadEnd, Mask, Relational, RandomOrder and the vision enums' values."""
import numpy as np
from _target import ms, emit

t = ms.dataset.transforms
v = ms.dataset.vision
emit("PadEnd.pad", t.PadEnd([5])(np.array([1, 2, 3], np.int32)))
emit("PadEnd.value", t.PadEnd([5], 3)(np.array([1, 2, 3], np.int32)))
r = t.PadEnd([2, 4], 1)(np.array([[1, 2, 3]], np.int32))
emit("PadEnd.2d", [r, str(r.dtype)])
emit("PadEnd.cut", t.PadEnd([3, 1], 9)(np.array([[1, 2], [3, 4]], np.int64)))
r = t.PadEnd([1], 0.5)(np.array([1., 2.], np.float32))
emit("PadEnd.float.cut", [r, str(r.dtype)])
emit("PadEnd.str", t.PadEnd([4])(np.array(["a", "b"])).tolist())
emit("PadEnd.str.value", t.PadEnd([4], "z")(np.array(["a", "b"])).tolist())
emit("PadEnd.bool", t.PadEnd([3])(np.array([True])))
x = np.array([1, 5, 3, 7])
for op in t.Relational:
    r = t.Mask(op, 3)(x)
    emit("Mask." + op.name, [r, str(r.dtype)])
r = t.Mask(t.Relational.EQ, 2, ms.int32)(np.array([2, 1]))
emit("Mask.int32", [r, str(r.dtype)])
emit("Relational", [[m.name, int(m)] for m in t.Relational])
emit("RandomOrder", t.RandomOrder([t.TypeCast(ms.int32)])(np.array([1.5, 2.5])).dtype)
emit("ConvertMode", [[n, int(m)] for n, m in v.ConvertMode.__members__.items()])
emit("SliceMode", [[m.name, int(m)] for m in v.SliceMode])
emit("ImageBatchFormat", [[m.name, int(m)] for m in v.ImageBatchFormat])
emit("AutoAugmentPolicy", [[m.name, m.value] for m in v.AutoAugmentPolicy])
emit("ImageReadMode", [[m.name, int(m)] for m in v.ImageReadMode])
emit("utils.ConvertMode", v.utils.ConvertMode.COLOR_RGB2GRAY == v.ConvertMode.COLOR_RGB2GRAY)
emit("transforms.module", [hasattr(v.transforms, n) for n in ("RandomColorAdjust", "CutOut", "ToPIL", "SlicePatches")])
