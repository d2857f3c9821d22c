"""mint.nn Cells: parameter names, shapes, dtypes, default init bounds, attributes, reprs."""
import math

from _mint_util import ms, Tensor, np, X, show, emit

mnn = ms.mint.nn
ms.set_seed(1)


def params(cell):
    return [[p.name, list(p.shape), str(p.dtype), p.requires_grad]
            for p in cell.get_parameters()]


lin = mnn.Linear(300, 20)
emit("Linear.params", params(lin))
emit("Linear.repr", repr(lin))
emit("Linear.attrs", [lin.in_features, lin.out_features, lin.has_bias])
bound = 1 / math.sqrt(300)
w, b = lin.weight.asnumpy(), lin.bias.asnumpy()
emit("Linear.weight_in_bound", bool(np.abs(w).max() <= bound))
emit("Linear.weight_spread", bool(np.abs(w).max() > 0.9 * bound))
emit("Linear.bias_in_bound", bool(np.abs(b).max() <= bound))
emit("Linear.nobias", params(mnn.Linear(3, 2, bias=False)))
emit("Linear.nobias_repr", repr(mnn.Linear(3, 2, bias=False)))
emit("Linear.fp16", params(mnn.Linear(3, 2, dtype=ms.float16)))
show("Linear.call", lambda: mnn.Linear(3, 2, weight_init="ones", bias_init="zeros")(X))
show("Linear.init_tensor", lambda: mnn.Linear(
    3, 1, weight_init=Tensor(np.array([[1., 2., 3.]], np.float32)), bias_init=0.5)(X))
emit("Linear.training", mnn.Linear(3, 2).training)

conv = mnn.Conv2d(16, 32, 3)
emit("Conv2d.params", params(conv))
emit("Conv2d.repr", repr(conv))
emit("Conv2d.attrs", [conv.in_channels, conv.out_channels, conv.kernel_size, conv.stride,
                      conv.padding, conv.dilation, conv.groups, conv.padding_mode,
                      conv.transposed, conv.output_padding])
cb = 1 / math.sqrt(16 * 9)
emit("Conv2d.weight_in_bound", bool(np.abs(conv.weight.asnumpy()).max() <= cb))
emit("Conv2d.weight_spread", bool(np.abs(conv.weight.asnumpy()).max() > 0.9 * cb))
emit("Conv2d.bias_in_bound", bool(np.abs(conv.bias.asnumpy()).max() <= cb))
c2 = mnn.Conv2d(4, 8, (3, 5), stride=2, padding=(1, 2), dilation=(1, 2), groups=2, bias=False)
emit("Conv2d.custom_params", params(c2))
emit("Conv2d.custom_repr", repr(c2))
emit("Conv2d.custom_attrs", [c2.kernel_size, c2.stride, c2.padding, c2.dilation, c2.groups])
cs = mnn.Conv2d(2, 2, 3, padding="same")
emit("Conv2d.same_padding", cs.padding)
emit("Conv2d.same_repr", repr(cs))

ln = mnn.LayerNorm(5)
emit("LayerNorm.params", params(ln))
emit("LayerNorm.repr", repr(ln))
emit("LayerNorm.class", type(ln).__name__)
emit("LayerNorm.attrs", [ln.normalized_shape, ln.eps, ln.elementwise_affine])
emit("LayerNorm.values", [ln.weight.asnumpy(), ln.bias.asnumpy()])
emit("LayerNorm.no_affine", params(mnn.LayerNorm((2, 3), elementwise_affine=False)))
emit("LayerNorm.no_bias", params(mnn.LayerNorm([4], bias=False)))
emit("LayerNorm.eps_repr", repr(mnn.LayerNorm(4, eps=1e-3)))

d = mnn.Dropout(p=0.25)
emit("Dropout.repr", repr(d))
emit("Dropout.class", type(d).__name__)
emit("Dropout.attrs", [d.p, d.inplace, d.training])
show("Dropout.eval", lambda: d(X))
emit("Dropout.params", params(d))
r = mnn.ReLU()
emit("ReLU.repr", repr(r))
show("ReLU.call", lambda: r(X))
