"""Forward and backward hooks of a Cell, and the removable handles they return."""
from collections import OrderedDict
import itertools

from mindcell._core import autodiff
from mindcell._core.primitive import defprim

_handle_ids = itertools.count()


class HookHandle:
    """Returned by ``register_*_hook``; ``remove()`` unregisters the hook."""

    def __init__(self, hooks_dict, extra_dicts=(), owner=None):
        self.id = next(_handle_ids)
        self._dicts = (hooks_dict,) + tuple(extra_dicts)
        self._owner = owner

    def remove(self):
        for d in self._dicts:
            if isinstance(d, set):
                d.discard(self.id)
            else:
                d.pop(self.id, None)
        if self._owner is not None:
            self._owner._hooks_changed()

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.remove()


def check_hook(hook_fn, method):
    if not callable(hook_fn):
        raise TypeError("Cell.%s: 'hook_fn' must be callable, but got %s"
                        % (method, type(hook_fn).__name__))


def run_forward_pre_hooks(cell, args, kwargs):
    for hid, hook in list(cell._forward_pre_hooks.items()):
        if hid in cell._forward_pre_hooks_with_kwargs:
            result = hook(cell, args, kwargs)
            if result is not None:
                if not (isinstance(result, tuple) and len(result) == 2):
                    raise RuntimeError("forward pre-hook with kwargs must return None or "
                                       "(args, kwargs), but got %r" % (type(result),))
                args, kwargs = result
        else:
            result = hook(cell, args)
            if result is not None:
                args = result if isinstance(result, tuple) else (result,)
    return args, kwargs


def run_forward_hooks(cell, args, kwargs, output):
    for hid, hook in list(cell._forward_hooks.items()):
        if hid in cell._forward_hooks_with_kwargs:
            result = hook(cell, args, kwargs, output)
        else:
            result = hook(cell, args, output)
        if result is not None:
            output = result
    return output


# ----- backward hooks ------------------------------------------------------------------------
# A Cell with backward hooks wraps its tensor inputs and its output in identity primitives whose
# backward rules call the hooks: the output boundary sees grad_output first (pre-hooks may
# replace it), the input boundary then sees grad_input and calls the hooks with both.
class BackwardHookState:
    __slots__ = ("cell", "grad_output")

    def __init__(self, cell):
        self.cell = cell
        self.grad_output = None


def _out_bprop(x, out, dout, state):
    cell = state.cell
    grads = (dout,)
    for hook in list(cell._backward_pre_hooks.values()):
        result = hook(cell, grads)
        if result is not None:
            grads = result if isinstance(result, tuple) else (result,)
    state.grad_output = grads
    return (grads[0],)


def _in_bprop(*xs, out, dout, state):
    cell = state.cell
    grad_input = tuple(dout) if isinstance(dout, tuple) else (dout,)
    grad_output = state.grad_output if state.grad_output is not None else ()
    for hook in list(cell._backward_hooks.values()):
        result = hook(cell, grad_input, grad_output)
        if result is not None:
            grad_input = result if isinstance(result, tuple) else (result,)
    return grad_input


hook_out_p = defprim("CellBackwardHookOutput", lambda x, state: x, infer=lambda x, state: x,
                     bprop=_out_bprop)
hook_in_p = defprim("CellBackwardHookInput", lambda *xs, state: tuple(xs), nout=-1,
                    infer=lambda *xs, state: tuple(xs),
                    bprop=_in_bprop)


def has_backward_hooks(cell):
    return bool(cell._backward_hooks or cell._backward_pre_hooks)


def wrap_inputs(cell, args):
    """Route tensor inputs through the input boundary (only while gradients are recorded)."""
    from mindcell.common.tensor import Tensor
    if not autodiff.tapes:
        return args, None
    positions = [i for i, a in enumerate(args) if isinstance(a, Tensor)]
    if not positions:
        return args, None
    state = BackwardHookState(cell)
    wrapped = hook_in_p.bind(*[args[i] for i in positions], state=state)
    args = list(args)
    for i, w in zip(positions, wrapped):
        args[i] = w
    return tuple(args), state


def wrap_output(output, state):
    from mindcell.common.tensor import Tensor
    if state is None or not isinstance(output, Tensor):
        return output
    return hook_out_p.bind(output, state=state)


def new_hook_dicts():
    return {"_forward_pre_hooks": OrderedDict(), "_forward_pre_hooks_with_kwargs": set(),
            "_forward_hooks": OrderedDict(), "_forward_hooks_with_kwargs": set(),
            "_backward_hooks": OrderedDict(), "_backward_pre_hooks": OrderedDict(),
            "_state_dict_pre_hooks": OrderedDict(), "_state_dict_hooks": OrderedDict(),
            "_load_state_dict_pre_hooks": OrderedDict(),
            "_load_state_dict_post_hooks": OrderedDict()}


class HooksMixin:
    """register_forward_pre_hook / register_forward_hook / register_backward_hook /
    register_backward_pre_hook."""

    def register_forward_pre_hook(self, hook_fn, with_kwargs=False):
        """register_forward_pre_hook(hook_fn, with_kwargs=False): ``hook_fn(cell, args)`` (or
        ``(cell, args, kwargs)``) runs before construct and may replace the inputs."""
        check_hook(hook_fn, "register_forward_pre_hook")
        handle = HookHandle(self._forward_pre_hooks, (self._forward_pre_hooks_with_kwargs,), self)
        self._forward_pre_hooks[handle.id] = hook_fn
        if with_kwargs:
            self._forward_pre_hooks_with_kwargs.add(handle.id)
        self._hooks_changed()
        return handle

    def register_forward_hook(self, hook_fn, with_kwargs=False):
        """register_forward_hook(hook_fn, with_kwargs=False): ``hook_fn(cell, args, output)``
        (or ``(cell, args, kwargs, output)``) runs after construct and may replace the output."""
        check_hook(hook_fn, "register_forward_hook")
        handle = HookHandle(self._forward_hooks, (self._forward_hooks_with_kwargs,), self)
        self._forward_hooks[handle.id] = hook_fn
        if with_kwargs:
            self._forward_hooks_with_kwargs.add(handle.id)
        self._hooks_changed()
        return handle

    def register_backward_hook(self, hook_fn):
        """register_backward_hook(hook_fn): ``hook_fn(cell, grad_input, grad_output)`` runs when
        the gradient of the cell's inputs is computed and may return a new grad_input."""
        check_hook(hook_fn, "register_backward_hook")
        handle = HookHandle(self._backward_hooks, owner=self)
        self._backward_hooks[handle.id] = hook_fn
        self._hooks_changed()
        return handle

    def register_backward_pre_hook(self, hook_fn):
        """register_backward_pre_hook(hook_fn): ``hook_fn(cell, grad_output)`` runs before the
        cell's backward and may return a new grad_output."""
        check_hook(hook_fn, "register_backward_pre_hook")
        handle = HookHandle(self._backward_pre_hooks, owner=self)
        self._backward_pre_hooks[handle.id] = hook_fn
        self._hooks_changed()
        return handle

    register_full_backward_hook = register_backward_hook
    register_full_backward_pre_hook = register_backward_pre_hook

    def _hooks_changed(self):
        """Hook sets changed: compiled programs of this cell are stale."""
        self._drop_compiled()
