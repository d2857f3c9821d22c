"""Gradients inside ms.jit, mint views and in-place ops, raise/assert with constant
conditions, for over a tensor, if/while on tensors (GRAPH_MODE).

Not recorded: ms.grad of a global Cell with weights= inside ms.jit (MindSpore 2.10 raises
RuntimeError; mindcell computes it), Tensor.fill_/zero_ (MindSpore 2.10 raises RuntimeError in
graph mode; mindcell writes in place as PYNATIVE_MODE does) and Tensor.add_/mul_ (MindSpore
runs them; mindcell's Tensor has no add_/mul_ yet, in either mode)."""
from _syntax_util import ms, np, run, f32, i32, Tensor
from _target import nn, ops

ms.set_context(mode=ms.GRAPH_MODE)
X = f32(1.0, 2.0)
M = Tensor(np.array([[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]], np.float32))


def square_sum(x):
    return (x * x).sum()


@ms.jit
def grad_inside(x):
    return ms.grad(square_sum)(x)


@ms.jit
def value_and_grad_inside(x):
    v, g = ms.value_and_grad(square_sum)(x)
    return v, g



@ms.jit
def mint_views(m):
    v = m.view(2, 3)
    t = ms.mint.transpose(m, 0, 1)
    n = ms.mint.narrow(m, 0, 1, 2)
    return v, t, n, ms.mint.flatten(m)


@ms.jit
def mint_functional_inplace_free(m):
    return ms.mint.clamp(m, 2.0, 5.0), ms.mint.where(m > 3, m, 0.0)


@ms.jit
def slice_write(m):
    y = m * 1
    y[0] = 0.0
    y[:, 1] = 9.0
    return y


@ms.jit
def raise_const(x):
    if x.shape[0] == 5:
        raise ValueError("five")
    return x + 1


@ms.jit
def raise_taken(x):
    if len(x.shape) == 1:
        raise ValueError("rank one")
    return x


@ms.jit
def assert_const(x):
    assert x.shape[0] == 2, "two rows"
    return x * 2


@ms.jit
def assert_fails(x):
    assert x.ndim == 3, "needs rank 3"
    return x


@ms.jit
def for_over_tensor(m):
    total = m[0] * 0
    for row in m:
        total = total + row
    return total


@ms.jit
def if_on_tensor(x):
    if x.sum() > 2:
        y = x * 2
    else:
        y = x - 1
    return y


@ms.jit
def while_on_tensor(x):
    while x.sum() < 20:
        x = x * 2
    return x


@ms.jit
def if_on_tensor_and_python(x, flag):
    if flag and x.max() > 1:
        return x + 10
    return x


run("grad.inside_jit", grad_inside, X)
run("grad.value_and_grad_inside_jit", value_and_grad_inside, X)
run("mint.views", mint_views, M)
run("mint.functional", mint_functional_inplace_free, M)
run("setitem.slices", slice_write, M)
run("raise.const_untaken", raise_const, X)
run("raise.const_taken", raise_taken, X)
run("assert.const_holds", assert_const, X)
run("assert.const_fails", assert_fails, X)
run("for.over_tensor", for_over_tensor, M)
run("if.tensor_true", if_on_tensor, X)
run("if.tensor_false", if_on_tensor, f32(0.5, 0.5))
run("while.tensor", while_on_tensor, X)
run("if.tensor_and_python", if_on_tensor_and_python, X, True)
