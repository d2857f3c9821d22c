"""Forward-mode products: ``jvp`` by transposing a vjp (the vjp is linear in its cotangent,
so differentiating it with respect to the cotangent gives J v)."""
from mindcell.common.tensor import Tensor
from mindcell.ops.function.creation_func import zeros_like
from mindcell.ops.function.reduce_func import sum as _sum
from mindcell.ops.function.math_func import mul
from mindcell.ops.grad import check_fn_and_aux, grad, vjp


def _tensors(v, op, arg):
    items = tuple(v) if isinstance(v, (tuple, list)) else (v,)
    for i, t in enumerate(items):
        if not isinstance(t, Tensor):
            raise TypeError("%s: '%s' must be a Tensor or a tuple of Tensors, but item %d is %s"
                            % (op, arg, i, type(t).__name__))
    return items


def jvp(fn, inputs, v, has_aux=False):
    """Computes a Jacobian-vector product (forward-mode derivative): the outputs of
    ``fn(*inputs)`` and the Jacobian of ``fn`` at ``inputs`` applied to the tangents ``v``.

    It is computed by differentiating the vector-Jacobian product with respect to its
    cotangent (which it is linear in).

    Args:
        fn (Union[Callable, Cell]): a function of Tensors returning a Tensor or a tuple of
            Tensors (with ``has_aux``, a tuple whose first item is differentiated and the rest
            is returned as auxiliary data).
        inputs (Union[Tensor, tuple[Tensor], list[Tensor]]): the point of differentiation.
        v (Union[Tensor, tuple[Tensor], list[Tensor]]): the tangents, matching ``inputs`` in
            number and shapes.
        has_aux (bool): ``fn`` returns auxiliary outputs too. Default: ``False``.

    Returns:
        tuple(outputs, jvp_out), or ``(outputs, jvp_out, aux)`` with ``has_aux``; ``jvp_out``
        has the structure of ``outputs``.

    Raises:
        TypeError: ``fn`` is not a function or a Cell, ``has_aux`` is not a bool, or an item
            of ``inputs`` or ``v`` is not a Tensor.
        ValueError: ``v`` does not match ``inputs`` in number or shapes.

    Examples:
        >>> import mindcell as ms
        >>> from mindcell import ops
        >>> out, tangent = ops.jvp(lambda x: x * x, ms.Tensor([1.0, 3.0]), ms.Tensor([1.0, 1.0]))
        >>> tangent
        Tensor(shape=[2], dtype=Float32, value= [ 2.00000000e+00,  6.00000000e+00])
        >>> f = lambda x, y: x * y
        >>> x, y, dx, dy = ms.Tensor([2.0]), ms.Tensor([5.0]), ms.Tensor([1.0]), ms.Tensor([0.0])
        >>> print(ops.jvp(f, (x, y), (dx, dy))[1])
        [5.]
    """
    check_fn_and_aux(fn, has_aux, "jvp")
    xs, vs = _tensors(inputs, "jvp", "inputs"), _tensors(v, "jvp", "v")
    if len(xs) != len(vs) or any(a.shape != b.shape for a, b in zip(xs, vs)):
        raise ValueError("jvp: 'v' must match 'inputs' in number and shapes, but got %s and %s"
                         % ([t.shape for t in vs], [t.shape for t in xs]))
    try:
        res = vjp(fn, *xs, has_aux=has_aux)
    except ValueError as e:  # name the op the user called
        raise ValueError(str(e).replace("vjp:", "jvp:", 1)) from None
    out, vjp_fn, aux = res[0], res[1], (res[2] if has_aux else None)
    outs = out if isinstance(out, tuple) else (out,)

    def projected(*u):
        # <J^T u, v>: linear in u, so its gradient with respect to u is J v
        g = vjp_fn(*u)
        g = g if isinstance(g, tuple) else (g,)
        total = None
        for gi, vi in zip(g, vs):
            term = _sum(mul(gi, vi))
            total = term if total is None else total + term
        return total

    tangents = grad(projected, grad_position=tuple(range(len(outs))))(
        *[zeros_like(o) for o in outs])
    if not isinstance(out, tuple) and isinstance(tangents, tuple):
        tangents = tangents[0]
    return (out, tangents, aux) if has_aux else (out, tangents)
