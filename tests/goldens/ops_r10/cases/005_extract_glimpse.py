"""ops.ExtractGlimpse: windows for centered/normalized combinations, window sizes and offsets
inside, across and outside the image (noise='zero'), uniform noise in [-1, 1] (whatever the
image), a gaussian-noise window inside the image, attributes and errors."""
import numpy as np
from _target import ms, ops, Tensor, emit, emit_err

x = np.arange(2 * 5 * 6 * 2, dtype=np.float32).reshape(2, 5, 6, 2)
X = Tensor(x)
offs = [[0.0, 0.0], [0.3, -0.5], [-0.9, 0.9], [0.51, 0.49], [1.2, -1.3], [0.25, 0.75]]
for centered in (True, False):
    for normalized in (True, False):
        for size in ((2, 3), (3, 2), (1, 1), (4, 4)):
            for i in range(0, len(offs), 2):
                o = np.array(offs[i:i + 2], np.float32) * (1 if normalized else 3)
                out = ops.ExtractGlimpse(centered, normalized, False, "zero")(
                    X, Tensor(list(size), ms.int32), Tensor(o))
                emit("g_%d%d_%dx%d_%d" % (centered, normalized, size[0], size[1], i), out)

g = ops.ExtractGlimpse()
emit("attrs", {k: v for k, v in sorted(g.attrs.items())})
out = g(X, Tensor([3, 3], ms.int32), Tensor([[0.9, 0.9], [-0.95, 0.0]], ms.float32)).asnumpy()
emit("uniform_shape", list(out.shape))
emit("uniform_inside", out[0, 0, 0].tolist())
outside = g(X, Tensor([3, 3], ms.int32), Tensor([[5.0, 5.0], [5.0, -5.0]], ms.float32)).asnumpy()
emit("uniform_noise_in_unit_range", bool(np.all(np.abs(outside) <= 1.0)))
emit("uniform_noise_varies", bool(np.unique(outside).size > 30))
out = ops.ExtractGlimpse(uniform_noise=False, noise="gaussian")(
    X, Tensor([3, 3], ms.int32), Tensor([[0.0, 0.0], [0.0, 0.0]], ms.float32))
emit("gaussian_inside", out)

emit_err("noise_bad", lambda: ops.ExtractGlimpse(noise="x"))
emit_err("centered_int", lambda: ops.ExtractGlimpse(centered=1))
z = Tensor([[0.0, 0.0]] * 2, ms.float32)
emit_err("uniform_and_zero", lambda: ops.ExtractGlimpse(uniform_noise=True, noise="zero"))
emit_err("x_f64", g, X.astype(ms.float64), Tensor([2, 2], ms.int32), z)
emit_err("size_i64", g, X, Tensor([2, 2], ms.int64), z)
emit_err("off_f64", g, X, Tensor([2, 2], ms.int32), z.astype(ms.float64))
emit_err("off_batch", g, X, Tensor([2, 2], ms.int32), Tensor([[0.0, 0.0]]))
emit_err("x_3d", g, X[0], Tensor([2, 2], ms.int32), Tensor([[0.0, 0.0]]))
