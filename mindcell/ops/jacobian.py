"""Jacobians: ``jacrev`` and ``jacfwd``, one reverse pass per output element on one recorded
forward run (``J[i, ...] = d out.flat[i] / d x``). The passes are recorded on any enclosing
tape, so a Jacobian of a Jacobian (a Hessian) differentiates again."""
import numpy as np

from mindcell._core import trace as _trace
from mindcell.common.tensor import Tensor
from mindcell.ops.function.array_func import stack
from mindcell.ops.grad import _Recorded, _check_positions, _differentiated, check_fn_and_aux


def _unit_seed(output, index):
    """A Tensor shaped like ``output``: one at flat position ``index``, zeros elsewhere."""
    seed = np.zeros(int(np.prod(output.shape, dtype=np.int64)), np.float32)
    seed[index] = 1
    return Tensor(seed.reshape(output.shape), dtype=output.dtype)


def _zero_seed(output):
    return Tensor(np.zeros(output.shape, np.float32), dtype=output.dtype)


def _jacobian_fn(fn, grad_position, has_aux, op):
    check_fn_and_aux(fn, has_aux, op)

    def jacobian_fn(*args):
        positions = _check_positions(grad_position, len(args), op)
        for p in positions:
            x = args[p]
            if not isinstance(x, Tensor) or not x.dtype.is_floating_point:
                raise TypeError("%s: the input at position %d must be a floating-point Tensor, "
                                "but got %s" % (op, p, x.dtype if isinstance(x, Tensor)
                                                else type(x).__name__))
        rec = _Recorded(fn, args, positions, (), op)
        outputs, aux = _differentiated(rec.out, has_aux, op)
        differentiated = rec.out[0] if has_aux else rec.out
        inputs = [args[p] for p in positions]
        per_output = []
        for k, out in enumerate(outputs):
            if not out.dtype.is_floating_point:
                raise TypeError("%s: output %d must be a floating-point Tensor, but got %s"
                                % (op, k, out.dtype))
            rows = [[] for _ in inputs]
            for i in range(int(np.prod(out.shape, dtype=np.int64))):
                seeds = [_unit_seed(o, i) if j == k else _zero_seed(o)
                         for j, o in enumerate(outputs)]
                grads, _ = rec.gradients(outputs, seeds)
                for r, g in zip(rows, grads):
                    r.append(g)
            jac = []
            for x, r in zip(inputs, rows):
                shape = tuple(out.shape) + tuple(x.shape)
                jac.append(stack(r, 0).reshape(shape) if r else
                           Tensor(np.zeros(shape, np.float32), dtype=out.dtype))
            per_output.append(jac[0] if len(jac) == 1 else tuple(jac))
        result = (tuple(per_output) if isinstance(differentiated, (tuple, list))
                  else per_output[0])
        if has_aux:
            return result, (aux[0] if len(aux) == 1 else tuple(aux))
        return result

    jacobian_fn.__name__ = "%s_of_%s" % (op, getattr(fn, "__name__", type(fn).__name__))
    return _trace.graph_mode_aware(jacobian_fn)


def jacrev(fn, grad_position=0, has_aux=False):
    """jacrev(fn, grad_position=0, has_aux=False)

    A function computing the Jacobian of ``fn`` with respect to the inputs at
    ``grad_position``, by reverse-mode differentiation: for an output of shape ``O`` and an
    input of shape ``I`` the Jacobian has shape ``O + I``.

    Args:
        fn (Callable): a function or Cell of Tensors.
        grad_position (Union[int, tuple[int]]): the positional inputs to differentiate.
            Default: 0.
        has_aux (bool): ``fn`` returns a tuple; only its first item is differentiated, the
            others are returned after the Jacobian. Default: False.

    Returns:
        Callable: called with the inputs of ``fn``, it returns the Jacobian: a Tensor for one
        output and one position (a one-element ``grad_position`` tuple counts as one), a tuple
        over the positions for several, and a tuple over the outputs when ``fn`` returns a
        tuple. With ``has_aux`` it returns ``(jacobian, aux)``.

    Raises:
        TypeError: ``fn`` is not callable, ``has_aux`` is not a bool, or a differentiated
            input or output is not a floating-point Tensor.
        ValueError: a position is out of range for the inputs.

    Examples:
        >>> import mindcell as ms
        >>> from mindcell import ops
        >>> ops.jacrev(lambda x: x * x)(ms.Tensor([1.0, 3.0]))
        Tensor(shape=[2, 2], dtype=Float32, value=
        [[ 2.00000000e+00,  0.00000000e+00],
         [ 0.00000000e+00,  6.00000000e+00]])
    """
    return _jacobian_fn(fn, grad_position, has_aux, "jacrev")


def jacfwd(fn, grad_position=0, has_aux=False):
    """jacfwd(fn, grad_position=0, has_aux=False)

    The Jacobian of ``fn`` with respect to the inputs at ``grad_position``, as MindSpore's
    forward-mode ``jacfwd`` returns it (same shapes and packing as :func:`jacrev`). mindcell
    computes it by reverse passes; the values are the same Jacobian.

    Args:
        fn (Callable): a function or Cell of Tensors.
        grad_position (Union[int, tuple[int]]): the positional inputs to differentiate.
            Default: 0.
        has_aux (bool): ``fn`` returns a tuple; only its first item is differentiated.
            Default: False.

    Returns:
        Callable: called with the inputs of ``fn``, it returns the Jacobian (packed as
        :func:`jacrev` packs it), and ``aux`` with ``has_aux``.

    Raises:
        TypeError: ``fn`` is not callable, ``has_aux`` is not a bool, or a differentiated
            input or output is not a floating-point Tensor.
        ValueError: a position is out of range for the inputs.

    Examples:
        >>> import mindcell as ms
        >>> from mindcell import ops
        >>> ops.jacfwd(lambda x, y: x * y, grad_position=1)(ms.Tensor([2.0]), ms.Tensor([5.0]))
        Tensor(shape=[1, 1], dtype=Float32, value=
        [[ 2.00000000e+00]])
    """
    return _jacobian_fn(fn, grad_position, has_aux, "jacfwd")
