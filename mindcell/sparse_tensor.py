"""``COOTensor``, ``CSRTensor`` and ``SparseTensor`` (MindSpore's ``mindspore.common.sparse_tensor``
names): defined in :mod:`mindcell.ops._sparse`, where the ops they are built from live."""
from mindcell.ops._sparse import COOTensor, CSRTensor, SparseTensor

__all__ = ["COOTensor", "CSRTensor", "SparseTensor"]


def _register_with_multitype_dispatch():
    from mindcell.ops.composite import register_sparse_type
    for cls in (COOTensor, CSRTensor):
        register_sparse_type(cls)


_register_with_multitype_dispatch()
