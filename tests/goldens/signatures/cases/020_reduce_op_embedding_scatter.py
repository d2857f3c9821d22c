"""ops.ReduceOp is a class of constants; nn.EmbeddingLookup's 9th parameter is dtype (no
vocab_cache_size in 2.10); F.tensor_scatter_update/scatter_nd_update take positional inputs."""
import inspect

import numpy as np
from _target import ms, nn, ops, Tensor, emit

emit("reduce_op_is_class", inspect.isclass(ops.ReduceOp))
emit("reduce_op_values", [ops.ReduceOp.SUM, ops.ReduceOp.MAX, ops.ReduceOp.MIN,
                          ops.ReduceOp.PROD])
emb = nn.EmbeddingLookup(5, 3, "ones", "CPU", "batch_slice", None, None, True, ms.float16)
emit("embedding_positional_dtype", emb.embedding_table.dtype)
try:
    nn.EmbeddingLookup(5, 3, vocab_cache_size=4)
    emit("embedding_vocab_cache_size", "accepted")
except Exception as e:  # noqa: BLE001
    emit("embedding_vocab_cache_size", e)
idx = Tensor(np.array([[2], [0]], np.int32))
upd = Tensor(np.array([[1.0, 2.0], [3.0, 4.0]], np.float32))
emit("tensor_scatter_update", ops.tensor_scatter_update(Tensor(np.zeros((3, 2), np.float32)),
                                                        idx, upd))
p = ms.Parameter(Tensor(np.zeros((3, 2), np.float32)), name="p")
emit("scatter_nd_update", ops.scatter_nd_update(p, idx, upd))
try:
    ops.tensor_scatter_update(input_x=Tensor(np.zeros((3, 2), np.float32)), indices=idx,
                              updates=upd)
    emit("tensor_scatter_update_kw", "accepted")
except Exception as e:  # noqa: BLE001
    emit("tensor_scatter_update_kw", e)
