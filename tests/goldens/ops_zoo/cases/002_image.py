"""Image ops: ResizeNearestNeighbor and ResizeBilinearV2 with align_corners/half_pixel_centers,
CropAndResize, ROIAlign, AdaptiveAvgPool2D and MaxPool3D."""
import numpy as np
from _target import ops, Tensor
from _case import run


img = Tensor(np.arange(2 * 3 * 4, dtype=np.float32).reshape(1, 2, 3, 4) ** 1.3)
for ac, hp in ((False, False), (True, False), (False, True)):
    if not hp:  # MindSpore's CPU kernel ignores half_pixel_centers here: see 006_quirks
        run("RNN-up-%d%d" % (ac, hp), lambda: ops.ResizeNearestNeighbor((5, 7), ac, hp)(img))
        run("RNN-down-%d%d" % (ac, hp), lambda: ops.ResizeNearestNeighbor((2, 3), ac, hp)(img))
    run("RBV2-up-%d%d" % (ac, hp), lambda: ops.ResizeBilinearV2(ac, hp)(img, (5, 7)))
    run("RBV2-down-%d%d" % (ac, hp), lambda: ops.ResizeBilinearV2(ac, hp)(img, (2, 3)))
run("RNN-both", lambda: ops.ResizeNearestNeighbor((5, 7), True, True))
run("RNN-both.call", lambda: ops.ResizeNearestNeighbor((5, 7), True, True)(img))
run("RBV2-both.call", lambda: ops.ResizeBilinearV2(True, True)(img, (5, 7)))
run("RNN-f16", lambda: ops.ResizeNearestNeighbor((3, 3))(Tensor(np.ones((1, 1, 2, 2), np.float16))).dtype)
run("RNN-sizeint", lambda: ops.ResizeNearestNeighbor(3))
run("RBV2-both", lambda: ops.ResizeBilinearV2(True, True))
run("RNN-list", lambda: ops.ResizeNearestNeighbor([4, 4]).size)
run("RNN-int", lambda: ops.ResizeNearestNeighbor((4, 4))(Tensor(np.arange(9, dtype=np.int32)
                                                               .reshape(1, 1, 3, 3))))
run("RNN-3d", lambda: ops.ResizeNearestNeighbor((4, 4))(Tensor(np.ones((2, 3, 3), np.float32))))
run("RBV2-tensorsize", lambda: ops.ResizeBilinearV2()(img, Tensor(np.array([4, 6], np.int32))))
run("RBV2-int", lambda: ops.ResizeBilinearV2()(Tensor(np.ones((1, 1, 2, 2), np.int32)), (3, 3)))
run("RBV2-f64", lambda: ops.ResizeBilinearV2()(Tensor(np.ones((1, 1, 2, 2))), (3, 3)).dtype)
image = Tensor(np.arange(1 * 5 * 6 * 2, dtype=np.float32).reshape(1, 5, 6, 2))
boxes = Tensor(np.array([[0.1, 0.2, 0.8, 0.9], [0.5, 0.0, 1.2, 0.6], [0.9, 0.9, 0.1, 0.1]],
                        np.float32))
bi = Tensor(np.array([0, 0, 0], np.int32))
run("CropAndResize", lambda: ops.CropAndResize()(image, boxes, bi, (3, 4)))
run("CropAndResize.nearest", lambda: ops.CropAndResize("nearest", 1.5)(image, boxes, bi, (3, 4)))
run("CropAndResize.1x1", lambda: ops.CropAndResize()(image, boxes, bi, (1, 1)))
run("CropAndResize.badm", lambda: ops.CropAndResize("cubic"))
run("CropAndResize.v2", lambda: ops.CropAndResize("bilinear_v2", 7.0)(image, boxes, bi, (3, 4)))
wide = Tensor(np.array([[-0.5, -0.2, 1.5, 1.3], [0.1, 0.9, 0.8, 0.1], [0.2, 0.1, 0.7, 0.9]],
                       np.float32))
run("CropAndResize.v2.wide", lambda: ops.CropAndResize("bilinear_v2")(image, wide, bi, (4, 6)))
run("CropAndResize.v2.1x1", lambda: ops.CropAndResize("bilinear_v2")(image, wide, bi, (1, 1)))
run("crop_and_resize", lambda: ops.crop_and_resize(image, boxes, bi, (2, 2), "bilinear", 2.0))
feat = Tensor(np.arange(2 * 2 * 6 * 6, dtype=np.float32).reshape(2, 2, 6, 6) ** 0.5)
rois = Tensor(np.array([[0, 1.0, 1.0, 7.0, 9.0], [1, 0.0, 2.0, 4.0, 5.0],
                        [0, 3.0, 3.0, 3.5, 3.2]], np.float32))
run("ROIAlign", lambda: ops.ROIAlign(2, 3, 0.5, 2)(feat, rois))
run("ROIAlign.end0", lambda: ops.ROIAlign(2, 2, 0.5, 1, 0)(feat, rois))
run("ROIAlign.adaptive", lambda: ops.ROIAlign(3, 2, 1.0, 0)(feat, rois))
run("ROIAlign.scale1", lambda: ops.ROIAlign(2, 2, 1.0, 2, 1)(feat, rois))
a = Tensor(np.arange(2 * 5 * 7, dtype=np.float32).reshape(1, 2, 5, 7) ** 1.1)
run("AdaptiveAvgPool2D", lambda: ops.AdaptiveAvgPool2D(3)(a))
run("AdaptiveAvgPool2D.tuple", lambda: ops.AdaptiveAvgPool2D((2, None))(a))
run("AdaptiveAvgPool2D.3d", lambda: ops.AdaptiveAvgPool2D((4, 3))(a[0]))
run("AdaptiveAvgPool2D.attr", lambda: ops.AdaptiveAvgPool2D((2, None)).output_size)
v = Tensor(np.arange(1 * 2 * 4 * 5 * 6, dtype=np.float32).reshape(1, 2, 4, 5, 6) % 17)
run("MaxPool3D", lambda: ops.MaxPool3D(2, 2)(v))
run("MaxPool3D.same", lambda: ops.MaxPool3D((2, 3, 3), (1, 2, 2), "SAME")(v))
run("MaxPool3D.pad", lambda: ops.MaxPool3D(3, 2, "PAD", 1)(v))
run("MaxPool3D.ceil", lambda: ops.MaxPool3D(3, 2, "PAD", 1, True)(v))
run("MaxPool3D.lower", lambda: ops.MaxPool3D(2, 2, "same").pad_mode)
run("MaxPool3D.attrs", lambda: [ops.MaxPool3D((1, 2, 3), 2, "pad", (1, 1, 0, 0, 1, 1)).pad_list,
                                ops.MaxPool3D((1, 2, 3), 2).kernel_size])
run("MaxPool3D.padvalid", lambda: ops.MaxPool3D(2, 2, "VALID", 1))
run("max_pool3d", lambda: ops.max_pool3d(v, 3, 2, 1))
run("max_pool3d.idx", lambda: ops.max_pool3d(v, 2, 2, return_indices=True)[1])
