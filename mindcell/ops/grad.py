"""Automatic differentiation API: ``grad``, ``value_and_grad``, ``GradOperation``, ``vjp``."""
from mindcell._core import autodiff, backward, trace as _trace
from mindcell import context as _context
from mindcell.common._pynative import _pynative_executor
from mindcell.common.tensor import Tensor
from mindcell.ops.defs.shape import identity_p
from mindcell.ops.function.creation_func import fill, ones_like, zeros_like


def _flatten(out):
    """The tensors of an output, in order; a dict's values count (MindSpore 2.10 seeds the
    tensors inside a returned dict too: grad of ``(a, {'k': a * 3})`` is 4, ms-oracle)."""
    if isinstance(out, Tensor):
        return [out]
    if isinstance(out, dict):
        out = list(out.values())
    if isinstance(out, (tuple, list)):
        flat = []
        for o in out:
            flat.extend(_flatten(o))
        return flat
    return []


def _alias(t):
    """A distinct tensor object for one differentiated input (recorded by outer tapes)."""
    if autodiff._state.tapes or _trace.current().is_graph:
        return identity_p.bind(t)
    return Tensor._make(t._data)


def _renamed(t):
    """A second tensor object holding ``t``'s value (no copy, no graph node), recorded on the
    active tapes as Identity(t). ``fn`` gets this one: an in-place write ``x[i] = v`` inside
    ``fn`` rebinds it, and the gradient is still read at ``t``, the input's original value."""
    new = _trace.current().alias(t)
    autodiff.record(identity_p, (t,), {}, (new,))
    return new


def _check_weights(weights, op):
    if weights is None:
        return ()
    from mindcell.common.parameter import Parameter
    if isinstance(weights, Parameter):
        return (weights,)
    if isinstance(weights, (list, tuple)):
        for w in weights:
            if not isinstance(w, Parameter):
                raise TypeError("%s: 'weights' must contain Parameters, but got %s"
                                % (op, type(w).__name__))
        return tuple(weights)
    raise TypeError("%s: 'weights' must be a Parameter, a list/tuple of Parameters or a "
                    "ParameterTuple, but got %s" % (op, type(weights).__name__))


def _check_positions(grad_position, nargs, op):
    single = isinstance(grad_position, int) and not isinstance(grad_position, bool)
    positions = (grad_position,) if single else tuple(grad_position)
    for p in positions:
        if not isinstance(p, int) or isinstance(p, bool):
            raise TypeError("%s: 'grad_position' must be an int or a tuple of ints, but got %r"
                            % (op, grad_position))
        if not -nargs <= p < nargs:
            raise ValueError("%s: 'grad_position' %d is out of range for %d inputs"
                             % (op, p, nargs))
    return tuple(p % nargs for p in positions)


class _Recorded:
    """One forward run of ``fn`` under a fresh tape, with its differentiable inputs."""

    def __init__(self, fn, args, positions, weights, op, call=None):
        self.tape = autodiff.Tape()
        args = list(args)
        self.inputs = []
        for p in positions:
            if not isinstance(args[p], Tensor):
                raise TypeError("%s: input %d must be a Tensor to be differentiated, but got %s"
                                % (op, p, type(args[p]).__name__))
            args[p] = _alias(args[p])
            self.tape.track(args[p])
            self.inputs.append(args[p])
        for w in weights:
            self.tape.track(w)
        self.weights = weights
        self.positions = tuple(positions)
        autodiff.tapes.append(self.tape)
        try:
            for p in positions:
                args[p] = _renamed(args[p])
            self.out = call(*args) if call is not None else fn(*args)
        finally:
            autodiff.tapes.remove(self.tape)

    def select(self, positions, weights):
        """This run seen as one differentiating ``positions`` and ``weights`` (it recorded
        them among others), or None when one of them was not recorded."""
        tracked = {id(w) for w in self.weights}
        if any(p not in self.positions for p in positions) or \
                any(id(w) not in tracked for w in weights):
            return None
        view = object.__new__(_Recorded)
        view.tape, view.out, view.positions = self.tape, self.out, tuple(positions)
        view.inputs = [self.inputs[self.positions.index(p)] for p in positions]
        view.weights = tuple(weights)
        return view

    def gradients(self, outputs, sens):
        grads = backward.backward(self.tape, outputs, sens)
        def pick(t):
            g = grads.get(id(t))
            return zeros_like(t) if g is None else g
        return [pick(t) for t in self.inputs], [pick(w) for w in self.weights]


# ----- forward once: a gradient reuses the forward run of the step (MindSpore 2.10) -------------
#
# A custom train step calls the network, then takes its gradient with the same inputs
# (``loss = net(x); grads = grad(net, weights)(x)``). MindSpore runs that forward once, so the
# forward's side effects (BatchNorm's moving statistics, Dropout's mask, Parameter writes) happen
# once per step and the loss returned is the one the gradients belong to. Its rule, which
# tests/goldens/forward_once pins (ms-oracle):
#
# * PYNATIVE_MODE: a Cell marked with ``set_grad()`` (TrainOneStepCell marks its network) keeps
#   its last call made outside any gradient; the next gradient of that Cell taken with the same
#   argument objects (or same-dtype casts of them) differentiates that run instead of running
#   the Cell again, and uses it up; a gradient taken with other arguments runs the Cell again
#   and leaves the kept run to a later gradient with the same arguments. The kept run outlives the step: it is the run differentiated,
#   even if the weights changed since. mindcell keeps calls in training mode only (an eval
#   forward has no effect to share; evaluation loops of a set_grad() network stay fast).
# * GRAPH_MODE: in one compiled step, a Cell called exactly once outside gradients, whose
#   gradient is taken with the same traced values (or same-dtype casts of them), is computed
#   once, also when a Parameter was written in between (the run differentiated is that call);
#   with two calls of the Cell nothing is shared (MindSpore runs all three forwards), nor
#   with two gradients of it (DANN's step: one forward, a gradient for the backbone's weights
#   and one for the classifier's: MindSpore runs three forwards, whatever their arguments).
#   set_grad() plays no part. The tracer records a call only for the cells
#   a gradient of the step asked for: a gradient finding an unrecorded call (or a second call
#   after a reuse) restarts the trace of the path with the cell marked (``Retrace``).


class Retrace(Exception):
    """Raised while tracing a graph: trace the path again, the marks of ``GraphTrace``'s
    ``forward_cells`` / ``forward_shared`` having changed (caught by the tracer)."""


def _same_value(a, b, top):
    """Whether argument ``b`` of a gradient is argument ``a`` of the kept call: the same
    object, or (Tensors) a same-dtype cast of it (the same traced value in a graph)."""
    if a is b:
        return True
    if not isinstance(b, Tensor):
        return False
    if top.is_graph:  # ``a``: the kept call's traced value
        return a is _root(top.value_of(b))
    if not isinstance(a, Tensor):
        return False
    seen = b
    for _ in range(8):  # eager: ops.cast to the same dtype remembers its source
        ref = seen.__dict__.get("_cast_of") if hasattr(seen, "__dict__") else None
        seen = ref() if ref is not None else None
        if seen is None:
            return False
        if seen is a:
            return True
    return False


def _root(v):
    """A traced value with same-dtype copies and identities peeled off."""
    from mindcell.ops.defs.shape import copy_p
    while v.producer is not None and v.producer.prim in (copy_p, identity_p) \
            and v.producer.inputs[0].dtype == v.dtype:
        v = v.producer.inputs[0]
    return v


def kept_forward(cell, args):
    """Cell call outside any gradient, in PYNATIVE_MODE for a ``set_grad()`` Cell, or while
    tracing a graph: run it, keeping the run for the cell's next gradient (rules above).
    Returns the cell's output."""
    top = _trace.current()
    if top.is_graph:
        return _graph_call(cell, args, top)
    positions = tuple(i for i, a in enumerate(args) if isinstance(a, Tensor))
    rec = _Recorded(cell, args, positions, tuple(cell.get_parameters()), "Cell",
                    call=lambda *a: cell._eager_call(a, {}))
    cell.__dict__["_kept_forward"] = (tuple(args), rec)
    return rec.out


def _graph_call(cell, args, top):
    calls = top.forward_calls.setdefault(id(cell), [])
    if calls and calls[0][2] and id(cell) not in top.forward_shared:
        top.forward_shared.add(id(cell))  # a second call after one a gradient reused: as
        raise Retrace()                   # MindSpore, no run of this cell is shared
    if id(cell) in top.forward_cells and id(cell) not in top.forward_shared:
        positions = tuple(i for i, a in enumerate(args) if isinstance(a, Tensor))
        params = tuple(cell.get_parameters())
        rec = _Recorded(cell, args, positions, params, "Cell",
                        call=lambda *a: cell._eager_call(a, {}))
        out = rec.out
    else:
        rec = None
        out = cell._eager_call(args, {})
    keys = tuple(_root(top.value_of(a)) if isinstance(a, Tensor) else a for a in args)
    calls.append([keys, rec, False])
    return out


def _recorded(fn, args, positions, weights, op):
    """The forward run a gradient of ``fn`` differentiates: the kept run of ``fn`` (rules
    above), or a new run."""
    d = getattr(fn, "__dict__", None)
    if type(d) is not dict or "_params" not in d or autodiff._state.tapes:
        return _Recorded(fn, args, positions, weights, op)
    top = _trace.current()
    if top.is_graph:
        view = _graph_kept(fn, args, positions, weights, top)
        return view if view is not None else _Recorded(fn, args, positions, weights, op)
    kept = d.get("_kept_forward")
    if kept is not None:
        saved, rec = kept
        if len(saved) == len(args) and all(_same_value(a, b, top) for a, b in zip(saved, args)):
            del d["_kept_forward"]
            view = rec.select(positions, weights)
            if view is not None:
                return view
    return _Recorded(fn, args, positions, weights, op)


def _graph_kept(fn, args, positions, weights, top):
    if autodiff.in_backward() or id(fn) in top.forward_shared:
        return None
    calls = top.forward_calls.get(id(fn), ())
    taken = top.forward_calls.setdefault(("gradients", id(fn)), [0])
    taken[0] += 1
    if taken[0] > 1:  # a second gradient of the cell in the step: as MindSpore, no run of
        top.forward_shared.add(id(fn))  # this cell is shared (every gradient runs its forward)
        if calls and calls[0][2]:
            raise Retrace()
        return None
    if len(calls) != 1:
        return None
    saved, rec, used = calls[0]
    if used or len(saved) != len(args) or \
            not all(_same_value(a, b, top) for a, b in zip(saved, args)):
        return None
    if rec is None:  # the call was not recorded: trace this path again, recording it
        top.forward_cells.add(id(fn))
        raise Retrace()
    view = rec.select(positions, weights)
    if view is not None:
        calls[0][2] = True
    return view


def _differentiated(out, has_aux, op):
    """The outputs that receive gradients and the auxiliary outputs."""
    if has_aux:
        if not isinstance(out, tuple) or len(out) < 2:
            raise ValueError("%s: with has_aux=True the function must return a tuple of at "
                             "least two outputs" % op)
        return _flatten(out[0]), out[1:]
    return _flatten(out), None


def check_fn_and_aux(fn, has_aux, op):
    """The arguments every differentiation entry point takes: a callable ``fn`` (function or
    Cell) and a bool ``has_aux``; TypeError naming ``op`` otherwise."""
    if not callable(fn):
        raise TypeError("%s: 'fn' must be a function or a Cell, but got %s"
                        % (op, type(fn).__name__))
    if not isinstance(has_aux, bool):
        raise TypeError("%s: 'has_aux' must be a bool, but got %s" % (op, type(has_aux).__name__))


def _check_vjp_args(fn, inputs, has_aux):
    """MindSpore's vjp takes Tensor inputs only (a non-Tensor would fail inside ``fn``)."""
    check_fn_and_aux(fn, has_aux, "vjp")
    for i, x in enumerate(inputs):
        if not isinstance(x, Tensor):
            raise TypeError("vjp: input %d must be a Tensor, but got %s" % (i, type(x).__name__))


_CONSTANTS = (bool, int, float, str, type(None))


def _is_single_weight(weights):
    """``weights`` given as one Parameter (not a list/tuple/ParameterTuple of them): MindSpore
    2.10 then returns its gradient as one Tensor, not a 1-tuple (GradOperation, grad,
    value_and_grad alike)."""
    from mindcell.common.parameter import Parameter
    return isinstance(weights, Parameter)


def _weights_result(weight_grads, single_weight):
    return weight_grads[0] if single_weight else tuple(weight_grads)


def _pack(pos_grads, weight_grads, single, positions_given, weights_given, single_weight=False):
    if positions_given:
        pg = pos_grads[0] if single or len(pos_grads) == 1 else tuple(pos_grads)
    if weights_given and positions_given:
        return pg, _weights_result(weight_grads, single_weight)
    if weights_given:
        return _weights_result(weight_grads, single_weight)
    return pg


def _check_grad_enabled():
    """MindSpore's PyNative check when a gradient function is made (grad, value_and_grad,
    GradOperation): not inside ``_no_grad`` / ``set_enable_grad(False)``."""
    if not _context.is_graph_mode() and not _pynative_executor.enable_grad():
        raise RuntimeError("In no_grad context, you can not calculate gradient")


def _make_grad_fn(fn, grad_position, weights, has_aux, with_value, op, return_ids=False,
                  sens_param=False):
    check_fn_and_aux(fn, has_aux, op)
    _check_grad_enabled()
    for name, flag in (("return_ids", return_ids), ("sens_param", sens_param)):
        if not isinstance(flag, bool):
            raise TypeError("%s: '%s' must be a bool, but got %s"
                            % (op, name, type(flag).__name__))
    single_weight = _is_single_weight(weights)
    weights = _check_weights(weights, op)
    if grad_position is None and not weights:
        raise ValueError("%s: 'grad_position' and 'weights' cannot both be None" % op)

    def grad_fn(*args):
        sens = None
        if sens_param:  # the last argument is the gradient of the outputs
            if not args:
                raise TypeError("%s: with sens_param=True the last argument is the "
                                "sensitivity, but no argument was given" % op)
            args, sens = args[:-1], args[-1]
        positions = () if grad_position is None else _check_positions(grad_position, len(args), op)
        # MindSpore 2.10 skips the positions that hold Python constants (numbers, None, str):
        # their gradients are left out of the result (one left is a Tensor, none is ())
        kept = tuple(p for p in positions if not isinstance(args[p], _CONSTANTS))
        single = isinstance(grad_position, int) and len(kept) == len(positions)
        positions = kept
        rec = _recorded(fn, args, positions, weights, op)
        outputs, aux = _differentiated(rec.out, has_aux, op)
        seeds = _seeds(sens, outputs, op) if sens_param else [ones_like(o) for o in outputs]
        pos_grads, weight_grads = rec.gradients(outputs, seeds)
        if return_ids:  # each gradient as (input position, grad) or (parameter name, grad)
            pos_grads = [(p, g) for p, g in zip(positions, pos_grads)]
            weight_grads = [(w.name, g) for w, g in zip(weights, weight_grads)]
        grads = _pack(pos_grads, weight_grads, single, grad_position is not None, bool(weights),
                      single_weight)
        if with_value:
            return rec.out, grads
        return (grads, tuple(aux)) if has_aux else grads  # aux: always a tuple, fn's out[1:]

    grad_fn.__name__ = "grad_of_" + getattr(fn, "__name__", type(fn).__name__)
    return _trace.graph_mode_aware(grad_fn)


def _seeds(sens, outputs, op):
    """The sensitivities given for the differentiated outputs: one Tensor per output."""
    given = list(sens) if isinstance(sens, (tuple, list)) else [sens]
    if len(given) != len(outputs):
        raise ValueError("%s: the sensitivity must give one Tensor per output (%d), but got %d"
                         % (op, len(outputs), len(given)))
    for s, o in zip(given, outputs):
        if not isinstance(s, Tensor):
            raise TypeError("%s: the sensitivity must be a Tensor, but got %s"
                            % (op, type(s).__name__))
        if tuple(s.shape) != tuple(o.shape):
            raise ValueError("%s: the sensitivity has shape %s, but the output has shape %s"
                             % (op, tuple(s.shape), tuple(o.shape)))
    return given


def grad(fn, grad_position=0, weights=None, has_aux=False, return_ids=False, sens_param=False):
    """grad(fn, grad_position=0, weights=None, has_aux=False, return_ids=False,
    sens_param=False)

    A function computing the gradient of ``fn`` (outputs summed) with respect to the inputs at
    ``grad_position`` (an int gives one Tensor, a tuple a tuple) and/or ``weights``.

    Args:
        fn (Callable): a function or Cell of Tensors. With several outputs, each is seeded
            with ones (the gradient of their sum).
        grad_position (Union[int, tuple[int], None]): the positional inputs to differentiate.
            ``None`` differentiates ``weights`` only.
        weights (Union[Parameter, list[Parameter], ParameterTuple, None]): Parameters to
            differentiate as well, e.g. ``net.trainable_params()``.
        has_aux (bool): ``fn`` returns a tuple; only its first item is differentiated, the
            others are returned unchanged next to the gradients.
        return_ids (bool): return each gradient as ``(position, gradient)`` for an input and
            ``(parameter name, gradient)`` for a weight. Default: False.
        sens_param (bool): the returned function takes one more, last, argument: the gradient
            of ``fn``'s outputs (a Tensor, or a tuple with one per differentiated output)
            instead of ones. Default: False.

    Returns:
        Callable: called with the inputs of ``fn``, it returns the gradients: one Tensor for
        an int ``grad_position``, a tuple for a tuple, ``(input_grads, weight_grads)`` when
        both positions and ``weights`` are given, and ``(gradients, aux)`` with ``has_aux``
        (``aux`` is the tuple of ``fn``'s outputs after the first, as in MindSpore).
        In GRAPH_MODE the forward and backward passes are compiled together.

    Raises:
        ValueError: ``grad_position`` and ``weights`` are both None, or a position is out of
            range for the inputs.
        TypeError: ``fn`` is not callable, ``has_aux`` not a bool, ``weights`` holds
            something other than Parameters, or a differentiated input is not a Tensor.

    Examples:
        >>> import mindcell as ms
        >>> from mindcell import ops
        >>> ops.grad(lambda x: (x * x).sum())(ms.Tensor([1.0, 2.0]))
        Tensor(shape=[2], dtype=Float32, value= [ 2.00000000e+00,  4.00000000e+00])
        >>> dx, dy = ops.grad(lambda x, y: x * y, grad_position=(0, 1))(
        ...     ms.Tensor([2.0]), ms.Tensor([3.0]))
        >>> dx, dy
        (Tensor(shape=[1], dtype=Float32, value= [ 3.00000000e+00]),
         Tensor(shape=[1], dtype=Float32, value= [ 2.00000000e+00]))
    """
    return _make_grad_fn(fn, grad_position, weights, has_aux, False, "grad", return_ids,
                         sens_param)


def value_and_grad(fn, grad_position=0, weights=None, has_aux=False, return_ids=False,
                   sens_param=False):
    """value_and_grad(fn, grad_position=0, weights=None, has_aux=False, return_ids=False,
    sens_param=False): like :func:`grad`, returning ``(fn's outputs, gradients)``.

    The usual training step: differentiate a loss with respect to the network's parameters
    and hand the gradients to an optimizer.

    Args:
        fn (Callable): a function or Cell of Tensors.
        grad_position (Union[int, tuple[int], None]): the positional inputs to differentiate,
            or ``None`` for ``weights`` only.
        weights (Union[Parameter, list[Parameter], ParameterTuple, None]): Parameters to
            differentiate as well.
        has_aux (bool): only the first output of ``fn`` is differentiated.
        return_ids (bool): return each gradient as ``(position, gradient)`` for an input and
            ``(parameter name, gradient)`` for a weight. Default: False.
        sens_param (bool): the returned function takes one more, last, argument: the gradient
            of ``fn``'s outputs (a Tensor, or a tuple with one per differentiated output)
            instead of ones. Default: False.

    Returns:
        Callable: called with the inputs of ``fn``, it returns ``(outputs, gradients)``:
        everything ``fn`` returned, and the gradients packed as :func:`grad` packs them.

    Raises:
        ValueError: ``grad_position`` and ``weights`` are both None, or a position is out of
            range.
        TypeError: ``fn`` is not callable, ``has_aux`` not a bool, or ``weights`` holds
            something other than Parameters.

    Examples:
        >>> import numpy as np
        >>> import mindcell as ms
        >>> from mindcell import nn, ops
        >>> net = nn.Dense(2, 1, weight_init="ones", bias_init="zeros")
        >>> loss_fn = lambda x: net(x).sum()
        >>> step = ops.value_and_grad(loss_fn, None, net.trainable_params())
        >>> loss, (dw, db) = step(ms.Tensor(np.array([[1.0, 2.0]], np.float32)))
        >>> loss
        Tensor(shape=[], dtype=Float32, value= 3)
        >>> dw.shape, db.shape
        ((1, 2), (1,))
    """
    return _make_grad_fn(fn, grad_position, weights, has_aux, True, "value_and_grad",
                         return_ids, sens_param)


def get_grad(gradients, identifier):
    """get_grad(gradients, identifier)

    Pick one gradient out of what :func:`grad` or :func:`value_and_grad` returned with
    ``return_ids=True``: the gradient of the input at position ``identifier`` (an int) or of
    the Parameter ``identifier`` (matched by its name).

    Args:
        gradients (Union[tuple, list]): the ``(id, gradient)`` pairs, nested as ``grad``
            packs them.
        identifier (Union[int, Parameter]): an input position or a Parameter.

    Returns:
        Tensor, the gradient tagged with ``identifier``.

    Raises:
        TypeError: ``identifier`` is neither an int nor a Parameter.
        RuntimeError: no gradient in ``gradients`` carries ``identifier``.

    Examples:
        >>> import mindcell as ms
        >>> from mindcell import ops
        >>> g = ops.grad(lambda x, y: (x * y).sum(), (0, 1), return_ids=True)(
        ...     ms.Tensor([2.0]), ms.Tensor([3.0]))
        >>> ops.get_grad(g, 1)
        Tensor(shape=[1], dtype=Float32, value= [ 2.00000000e+00])
    """
    from mindcell.common.parameter import Parameter  # (a lazy import, as _check_weights')
    if isinstance(identifier, Parameter):
        key = identifier.name
    elif isinstance(identifier, int) and not isinstance(identifier, bool):
        key = identifier
    else:
        raise TypeError("get_grad: 'identifier' must be an int (an input position) or a "
                        "Parameter, but got %r" % (identifier,))

    def find(item):
        if isinstance(item, (tuple, list)):
            if (len(item) == 2 and isinstance(item[1], Tensor) and type(item[0]) is type(key)
                    and item[0] == key):
                return item[1]
            for sub in item:
                found = find(sub)
                if found is not None:
                    return found
        return None

    found = find(gradients)
    if found is None:
        raise RuntimeError("get_grad: no gradient for %s %r in 'gradients' (was it computed "
                           "with return_ids=True?)"
                           % ("Parameter" if isinstance(key, str) else "position", key))
    return found


class GradOperation:
    """GradOperation(get_all=False, get_by_list=False, sens_param=False)

    ``GradOperation(...)(fn, weights)`` returns the gradient function: of the first input
    (default), of all inputs (``get_all``), of ``weights`` (``get_by_list``), or both. With
    ``sens_param`` the last argument scales the output gradient.

    Args:
        get_all (bool): differentiate every Tensor input (a tuple of gradients).
        get_by_list (bool): differentiate the ``weights`` given at call.
        sens_param (bool): the gradient function takes one more argument, the gradient of
            the outputs (the "sensitivity"), instead of seeding them with ones.

    Raises:
        TypeError: a flag is not a bool.
        ValueError: ``get_by_list=True`` and no ``weights`` are given at call.

    Examples:
        >>> import mindcell as ms
        >>> from mindcell import ops
        >>> grad_all = ops.GradOperation(get_all=True)
        >>> grad_all(lambda x, y: x * y)(ms.Tensor([2.0]), ms.Tensor([5.0]))
        (Tensor(shape=[1], dtype=Float32, value= [ 5.00000000e+00]),
         Tensor(shape=[1], dtype=Float32, value= [ 2.00000000e+00]))
    """

    def __init__(self, get_all=False, get_by_list=False, sens_param=False):
        for name, v in (("get_all", get_all), ("get_by_list", get_by_list),
                        ("sens_param", sens_param)):
            if not isinstance(v, bool):
                raise TypeError("GradOperation: '%s' must be a bool, but got %r" % (name, v))
        self.get_all = get_all
        self.get_by_list = get_by_list
        self.sens_param = sens_param

    def __call__(self, fn, weights=None):
        _check_grad_enabled()
        single_weight = self.get_by_list and _is_single_weight(weights)
        weights = _check_weights(weights, "GradOperation") if self.get_by_list else ()
        if self.get_by_list and not weights:
            raise ValueError("GradOperation: get_by_list=True needs 'weights'")

        def grad_fn(*args):
            sens = None
            if self.sens_param:
                if not args:
                    raise ValueError("GradOperation: sens_param=True needs the sens argument")
                args, sens = args[:-1], args[-1]
            if self.get_all:
                positions = tuple(range(len(args)))
            else:  # the first input, unless only the weights' gradients are returned
                positions = (0,) if args and not self.get_by_list else ()
            call, call_args, regroup = fn, args, None
            if any(_is_mutable_seq(args[p]) for p in positions):
                call, call_args, positions, regroup = _spread_mutable(fn, args, positions)
            positions = tuple(p for p in positions if isinstance(call_args[p], Tensor))
            rec = _recorded(call, call_args, positions, weights, "GradOperation")
            outputs = _flatten(rec.out)
            seeds = _flatten(sens) if sens is not None else [ones_like(o) for o in outputs]
            if len(seeds) != len(outputs):
                raise ValueError("GradOperation: sens has %d tensors for %d outputs"
                                 % (len(seeds), len(outputs)))
            pos_grads, weight_grads = rec.gradients(outputs, seeds)
            if regroup is not None:
                pos_grads = regroup(pos_grads)
            if self.get_all:
                pg = tuple(pos_grads)
            else:
                pg = pos_grads[0] if pos_grads else ()
            if self.get_by_list:
                wg = _weights_result(weight_grads, single_weight)
                return (pg, wg) if self.get_all else wg
            return pg

        grad_fn.__name__ = "grad_of_" + getattr(fn, "__name__", type(fn).__name__)
        return _trace.graph_mode_aware(grad_fn)


def _is_mutable_seq(value):
    from mindcell.common.mutable import MutableList, MutableTuple
    return isinstance(value, (MutableTuple, MutableList)) and bool(value) and all(
        isinstance(v, Tensor) for v in value)


def _spread_mutable(fn, args, positions):
    """GradOperation of an argument that is a ``mutable`` tuple/list of Tensors: ``fn`` called
    with each such argument spread into its Tensors (each differentiated), and a function
    that gathers their gradients back into one tuple (list) per argument, as MindSpore's
    compiled graphs return them. Returns (fn', args', positions', regroup)."""
    spans, flat = [], []
    for a in args:
        if _is_mutable_seq(a):
            spans.append((len(flat), len(a), tuple if isinstance(a, tuple) else list))
            flat.extend(a)
        else:
            spans.append((len(flat), None, None))
            flat.append(a)

    def spread_fn(*flat_args):
        rebuilt = [type(args[i])(flat_args[start:start + n]) if n is not None
                   else flat_args[start] for i, (start, n, _) in enumerate(spans)]
        return fn(*rebuilt)

    new_positions, owners = [], []
    for p in positions:
        start, n, _ = spans[p]
        for j in range(start, start + (n or 1)):
            if isinstance(flat[j], Tensor):
                new_positions.append(j)
                owners.append(p)

    def regroup(grads):
        out = []
        for p in positions:
            start, n, kind = spans[p]
            mine = [g for g, o in zip(grads, owners) if o == p]
            if n is None:
                out.extend(mine)
            else:
                out.append(kind(mine))
        return out
    spread_fn.__name__ = getattr(fn, "__name__", type(fn).__name__)
    return spread_fn, tuple(flat), tuple(new_positions), regroup


def value_and_weight_grads(fn, weights, args, sens):
    """(fn(*args), gradients of the weights) from one recorded forward run, the outputs'
    gradient filled with the scalar ``sens`` (TrainOneStepCell: the loss and its gradients
    without running the network twice)."""
    weights = _check_weights(weights, "TrainOneStepCell")
    if isinstance(getattr(fn, "__dict__", None), dict):  # this step's call replaced the run
        fn.__dict__.pop("_kept_forward", None)      # PyNative kept, and its gradient used it up
    rec = _Recorded(fn, args, (), weights, "TrainOneStepCell")
    outputs = _flatten(rec.out)
    seeds = [fill(o.dtype, o.shape, sens) for o in outputs]
    _, weight_grads = rec.gradients(outputs, seeds)
    return rec.out, tuple(weight_grads)


def vjp(fn, *inputs, weights=None, has_aux=False):
    """vjp(fn, *inputs, weights=None, has_aux=False): ``(outputs, vjp_fn)``; ``vjp_fn(v)``
    returns the input gradients of ``sum(outputs * v)``, a tuple with one gradient per input
    (a 1-tuple for one input, as MindSpore 2.10 returns it).

    Args:
        fn (Callable): a function or Cell of Tensors.
        inputs (Tensor): the inputs ``fn`` is called with, all differentiated.
        weights (Union[Parameter, list[Parameter], None]): Parameters to differentiate as
            well; ``vjp_fn`` then returns ``(input_grads, weight_grads)`` (``weight_grads``
            one Tensor when ``weights`` is one Parameter).
        has_aux (bool): ``fn`` returns a tuple whose first item is differentiated; the others
            come back as a third result.

    Returns:
        tuple: ``(outputs, vjp_fn)``, or ``(outputs, vjp_fn, aux)`` with ``has_aux``.

    Raises:
        TypeError: ``fn`` is not callable, an input is not a Tensor or ``has_aux`` not a bool.
        ValueError: ``vjp_fn`` got a number of cotangents, or shapes, that do not match the
            outputs.

    Examples:
        >>> import mindcell as ms
        >>> from mindcell import ops
        >>> out, vjp_fn = ops.vjp(lambda x: x * x, ms.Tensor([1.0, 3.0]))
        >>> vjp_fn(ms.Tensor([1.0, 0.5]))
        (Tensor(shape=[2], dtype=Float32, value= [ 2.00000000e+00,  3.00000000e+00]),)
    """
    _check_vjp_args(fn, inputs, has_aux)
    single_weight = _is_single_weight(weights)
    rec = _Recorded(fn, inputs, tuple(range(len(inputs))), _check_weights(weights, "vjp"), "vjp")
    outputs, aux = _differentiated(rec.out, has_aux, "vjp")

    def vjp_fn(*v):
        seeds = _flatten(v)
        if len(seeds) != len(outputs):
            raise ValueError("vjp: got %d cotangents for %d outputs" % (len(seeds), len(outputs)))
        for s, o in zip(seeds, outputs):
            if s.shape != o.shape:
                raise ValueError("vjp: cotangent shape %s does not match output shape %s"
                                 % (s.shape, o.shape))
        pos_grads, weight_grads = rec.gradients(outputs, seeds)
        grads = tuple(pos_grads)  # a tuple even for one input (MindSpore 2.10)
        if weights is None:
            return grads
        return grads, _weights_result(weight_grads, single_weight)

    if has_aux:
        return rec.out[0], vjp_fn, (aux if len(aux) > 1 else aux[0])
    return rec.out, vjp_fn
