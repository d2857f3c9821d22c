"""mint's creation functions: sizes as ints, sequences and Tensors; default dtypes."""
from _mint_util import ms, Tensor, np, X, XI, XB, V, show

mint = ms.mint
show("zeros.tuple", lambda: mint.zeros((2, 3)))
show("zeros.int", lambda: mint.zeros(3))
show("zeros.list", lambda: mint.zeros([2]))
show("zeros.dtype", lambda: mint.zeros((2,), dtype=ms.int32))
show("zeros.varargs", lambda: mint.zeros(2, 3))
show("ones.bool", lambda: mint.ones((2, 1), dtype=ms.bool_))
show("ones.tensor_size", lambda: mint.ones(Tensor(np.array([2, 2], np.int64))))
show("ones.int", lambda: mint.ones(2))
show("empty.varargs", lambda: (mint.empty(2, 3).shape, str(mint.empty(2, 3).dtype)))
show("empty.tuple", lambda: (mint.empty((2, 3), dtype=ms.int32).shape,
                             str(mint.empty((2, 3), dtype=ms.int32).dtype)))
show("empty_like", lambda: (mint.empty_like(XI).shape, str(mint.empty_like(XI).dtype)))
show("eye", lambda: mint.eye(2, 3))
show("eye.dtype", lambda: mint.eye(2, dtype=ms.int32))
