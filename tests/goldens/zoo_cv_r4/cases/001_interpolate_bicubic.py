"""ops.interpolate with mode='bicubic' (CrossViT resizes its input per branch with it): values
for up- and down-sizing with and without align_corners, a recomputed scale_factor, the gradient,
float16, and the errors for a scale_factor alone and a non-4-D input."""
import numpy as np
from _target import ms, ops, Tensor, emit

ms.set_context(pynative_synchronize=True)

rng = np.random.default_rng(7)
x = rng.standard_normal((2, 3, 5, 7)).astype(np.float32)


def run(key, fn):
    try:
        out = fn()
        emit(key + ".dtype", str(out.dtype))
        emit(key + ".shape", list(out.shape))
        emit(key, out.asnumpy())
    except Exception as e:  # noqa: BLE001 - the exception type is the recorded result
        emit(key, e)


for name, kw in [("up", dict(size=(8, 9))), ("down", dict(size=(3, 4))),
                 ("up_corners", dict(size=(8, 9), align_corners=True)),
                 ("down_corners", dict(size=(2, 4), align_corners=True)),
                 ("odd", dict(size=(11, 3))), ("one", dict(size=(1, 1))),
                 ("same", dict(size=(5, 7))),
                 ("scale_recompute", dict(scale_factor=1.7, recompute_scale_factor=True)),
                 ("scale_alone", dict(scale_factor=2.0))]:
    run(name, lambda kw=kw: ops.interpolate(Tensor(x), mode="bicubic", **kw))
run("half", lambda: ops.interpolate(Tensor(x.astype(np.float16)), size=(6, 6), mode="bicubic"))
run("rank3", lambda: ops.interpolate(Tensor(x[0]), size=(4,), mode="bicubic"))
weights = Tensor(np.arange(2 * 3 * 8 * 9, dtype=np.float32).reshape(2, 3, 8, 9) / 100)
for ac in (False, True):
    run("grad_%s" % ac, lambda ac=ac: ms.grad(
        lambda t: (ops.interpolate(t, size=(8, 9), mode="bicubic", align_corners=ac)
                   * weights).sum())(Tensor(x)))
