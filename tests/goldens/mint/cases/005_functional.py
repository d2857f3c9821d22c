"""mint.nn.functional (the functions MindSpore 2.10 runs on the CPU; the others are checked
against numpy in tests/mint): activations, softmax's implicit dim, normalisation, pooling,
padding, resampling and losses."""
from _mint_util import ms, Tensor, np, X, XI, XB, V, show

F = ms.mint.nn.functional
IMG = Tensor(np.arange(32, dtype=np.float32).reshape(1, 2, 4, 4) / 10)
SEQ = Tensor(np.arange(10, dtype=np.float32).reshape(1, 2, 5))
P = Tensor(np.array([0.2, 0.7, 0.9], np.float32))
T = Tensor(np.array([0., 1., 1.], np.float32))
show("relu", lambda: F.relu(X))
show("silu", lambda: F.silu(X))
show("sigmoid", lambda: F.sigmoid(X))
show("tanh", lambda: F.tanh(X))
show("glu", lambda: F.glu(Tensor(np.arange(8, dtype=np.float32).reshape(2, 4) / 4)))
show("glu.dim0", lambda: F.glu(Tensor(np.arange(8, dtype=np.float32).reshape(2, 4) / 4), 0))
show("prelu", lambda: F.prelu(X, Tensor(np.array([0.25], np.float32))))
show("softmax.dim", lambda: F.softmax(X, 1))
show("softmax.none2d", lambda: F.softmax(X))
show("softmax.none1d", lambda: F.softmax(V))
show("softmax.none3d", lambda: F.softmax(Tensor(np.arange(8, dtype=np.float32).reshape(2, 2, 2))))
show("softmax.none4d", lambda: F.softmax(IMG))
show("linear", lambda: F.linear(X, Tensor(np.arange(6, dtype=np.float32).reshape(2, 3)),
                                Tensor(np.array([1., -1.], np.float32))))
show("linear.nobias", lambda: F.linear(X, Tensor(np.ones((1, 3), np.float32))))
show("dropout.eval", lambda: F.dropout(X, 0.5, training=False))
show("dropout.p0", lambda: F.dropout(X, 0.))
show("flatten", lambda: F.flatten(IMG))
show("flatten.start", lambda: F.flatten(IMG, 1))
W = Tensor(np.arange(36, dtype=np.float32).reshape(2, 2, 3, 3) / 36)
B = Tensor(np.array([0.5, -0.5], np.float32))
show("group_norm", lambda: F.group_norm(IMG, 2))
show("group_norm.affine", lambda: F.group_norm(IMG, 1, Tensor(np.array([2., 3.], np.float32)),
                                               Tensor(np.array([1., 0.], np.float32))))
show("pad.replicate_rank", lambda: F.pad(IMG, (2, 0), mode="replicate"))
show("pad.reflect_rank", lambda: F.pad(IMG, (1, 1), mode="reflect"))
show("interpolate", lambda: F.interpolate(IMG, scale_factor=2.))
show("upsample", lambda: F.upsample(IMG, size=(2, 2)))
show("pixel_shuffle", lambda: F.pixel_shuffle(Tensor(np.arange(16, dtype=np.float32)
                                                     .reshape(1, 4, 2, 2)), 2))
show("adaptive_max_pool2d", lambda: F.adaptive_max_pool2d(IMG, 2))
show("bce", lambda: F.binary_cross_entropy(P, T))
show("bce.weight", lambda: F.binary_cross_entropy(P, T, Tensor(np.array([1., 2., 3.], np.float32)),
                                                  "sum"))
show("bce_logits", lambda: F.binary_cross_entropy_with_logits(X[0], T))
show("bce_logits.pos", lambda: F.binary_cross_entropy_with_logits(
    X[0], T, reduction="none", pos_weight=Tensor(np.array([2., 2., 2.], np.float32))))
LAB = Tensor(np.array([2, 0], np.int64))
