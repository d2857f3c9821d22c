"""Names MindSpore 1.x programs import that MindSpore 2.10 no longer has, at the module paths
1.x had them. Each is defined by mindcell at one of its paths; :mod:`mindcell._faces` binds it at
the others, as it does for the groups recorded from MindSpore 2.10. Kept so that older public
programs run unchanged (the usage scan of ``../shared/surface`` counts 39 files importing
``ms_function`` and 97 using ``ResizeBilinear``)."""

LEGACY_GROUPS = (
    (".:ms_function", ".common.api:ms_function"),
    (".:ms_class", ".common.api:ms_class"),
    (".ops:ResizeBilinear", ".ops.operations:ResizeBilinear",
     ".ops.operations.nn_ops:ResizeBilinear"),
)

# MindSpore 2.10's private module ops.operations._csr_ops (its recorder skips private modules):
# mindspore_gl's CSR backend builds ms.ops.operations._csr_ops.CSRReduceSum() ...
PRIVATE_GROUPS = tuple(
    (".ops.operations_sparse:" + _name, ".ops.operations._csr_ops:" + _name)
    for _name in ("CSRReduceSum", "CSRMV", "CSRMM", "CSRMul", "CSRDiv", "CSRGather", "COO2CSR",
                  "CSR2COO"))

# Private names public code uses at MindSpore 2.10 paths, defined by mindcell at another path:
# comm_func.barrier is management.barrier (mindformers, the distributed docs)
PRIVATE_GROUPS += ((".communication.management:barrier", ".communication.comm_func:barrier"),)

# MindSpore 2.10's private module ops.operations._grad_ops (backward primitives that MindSpore's
# own tests and custom bprops call: G.SigmoidGrad()(y, dy)); mindcell's are ops.operations_grad
_GRAD_OPS = """
    ACosGrad AbsGrad AcoshGrad AsinGrad AsinhGrad AtanGrad AvgPoolGrad BiasAddGrad EluGrad
    FastGeLUGrad HShrinkGrad HSigmoidGrad HSwishGrad LogSoftmaxGrad MaxPoolGrad MaximumGrad
    MinimumGrad MirrorPadGrad ReLU6Grad ReciprocalGrad ReluGrad ResizeBilinearGrad
    ResizeNearestNeighborGrad RsqrtGrad SiLUGrad SigmoidCrossEntropyWithLogitsGrad
    SigmoidGrad SliceGrad SmoothL1LossGrad SoftMarginLossGrad SoftShrinkGrad SoftmaxGrad
    SoftplusGrad SqrtGrad StridedSliceGrad TanhGrad
"""
PRIVATE_GROUPS += tuple((".ops.operations_grad:" + _name, ".ops.operations._grad_ops:" + _name)
                        for _name in _GRAD_OPS.split())
