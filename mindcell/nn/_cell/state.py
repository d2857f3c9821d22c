"""state_dict / load_state_dict (PyTorch semantics, MindSpore names) and their hooks."""
from collections import OrderedDict, namedtuple

import numpy as np

from mindcell.common.tensor import Tensor
from mindcell.nn._cell.hooks import HookHandle, check_hook

_EXTRA_STATE_KEY = "_extra_state"


class _IncompatibleKeys(namedtuple("IncompatibleKeys", ["missing_keys", "unexpected_keys"])):
    def __repr__(self):
        if not self.missing_keys and not self.unexpected_keys:
            return "<All keys matched successfully>"
        return "_IncompatibleKeys(missing_keys=%r, unexpected_keys=%r)" % (
            self.missing_keys, self.unexpected_keys)

    __str__ = __repr__


def _has_extra_state(cell):
    return type(cell).get_extra_state is not StateDictMixin.get_extra_state


class StateDictMixin:
    """state_dict, load_state_dict, extra state and the four state_dict hooks."""

    def get_extra_state(self):
        """Override to save extra (picklable) state under '_extra_state' in state_dict."""
        raise RuntimeError("get_extra_state: %s does not define extra state; override "
                           "get_extra_state and set_extra_state" % type(self).__name__)

    def set_extra_state(self, state):
        """Override to restore what get_extra_state returned."""
        raise RuntimeError("set_extra_state: %s does not define extra state; override "
                           "get_extra_state and set_extra_state" % type(self).__name__)

    def _save_to_state_dict(self, destination, prefix, keep_vars):
        for name, p in self._params.items():
            if p is not None:
                destination[prefix + name] = p
        for name, b in self._buffers.items():
            if b is not None and name not in self._buffers_non_persistent:
                destination[prefix + name] = b
        if _has_extra_state(self):
            destination[prefix + _EXTRA_STATE_KEY] = self.get_extra_state()

    def state_dict(self, *args, destination=None, prefix="", keep_vars=False):
        """state_dict(destination=None, prefix='', keep_vars=False): OrderedDict of parameters
        and persistent buffers (references, not copies) keyed by attribute path. As in PyTorch
        and MindSpore, ``destination``, ``prefix`` and ``keep_vars`` may also come positionally.

        Raises:
            TypeError: more than three positional arguments.
        """
        if len(args) > 3:
            raise TypeError("state_dict: takes at most 3 positional arguments (destination, "
                            "prefix, keep_vars), but got %d" % len(args))
        destination, prefix, keep_vars = (tuple(args) + (destination, prefix, keep_vars)
                                          [len(args):])[:3]
        if destination is None:
            destination = OrderedDict()
        for hook in self._state_dict_pre_hooks.values():
            hook(self, prefix, keep_vars)
        self._save_to_state_dict(destination, prefix, keep_vars)
        for name, cell in self._cells.items():
            if cell is not None:
                cell.state_dict(destination=destination, prefix=prefix + name + ".",
                                keep_vars=keep_vars)
        for hook in self._state_dict_hooks.values():
            result = hook(self, destination, prefix, {})
            if result is not None:
                destination = result
        return destination

    def _local_entries(self):
        entries = OrderedDict((n, p) for n, p in self._params.items() if p is not None)
        entries.update((n, b) for n, b in self._buffers.items()
                       if b is not None and n not in self._buffers_non_persistent)
        return entries

    def _plan_load(self, state_dict, prefix, strict, missing, unexpected, errors, plan):
        """Collect what to copy where (no change yet), recursively."""
        for hook in self._load_state_dict_pre_hooks.values():
            hook(self, state_dict, prefix, {}, strict, missing, unexpected, errors)
        for name, target in self._local_entries().items():
            key = prefix + name
            if key not in state_dict:
                missing.append(key)
                continue
            value = state_dict[key]
            arr = value._data if isinstance(value, Tensor) else np.asarray(value)
            if arr.shape != target.shape:
                errors.append("size mismatch for %s: copying a param with shape %s from "
                              "checkpoint, the shape in current model is %s."
                              % (key, arr.shape, target.shape))
                continue
            plan.append((target, arr))
        if _has_extra_state(self):
            key = prefix + _EXTRA_STATE_KEY
            if key in state_dict:
                plan.append((self, state_dict[key]))
            else:
                missing.append(key)
        for name, cell in self._cells.items():
            if cell is not None:
                cell._plan_load(state_dict, prefix + name + ".", strict, missing, unexpected,
                                errors, plan)

    def load_state_dict(self, state_dict, strict=True):
        """load_state_dict(state_dict, strict=True): copy values into the existing parameters
        and buffers in place. Returns ``(missing_keys, unexpected_keys)``. Shape mismatches
        raise RuntimeError before anything changes; with ``strict`` so do missing or unexpected
        keys (unless a load_state_dict post-hook clears them)."""
        if not isinstance(state_dict, dict):
            raise TypeError("load_state_dict: expected a dict, but got %s"
                            % type(state_dict).__name__)
        state_dict = OrderedDict(state_dict)
        missing, errors, plan = [], [], []
        self._plan_load(state_dict, "", strict, missing, [], errors, plan)
        expected = set(self.state_dict().keys()) | set(missing)
        unexpected = [k for k in state_dict if k not in expected]
        if errors:
            raise RuntimeError("Error(s) in loading state_dict for %s:\n\t%s"
                               % (type(self).__name__, "\n\t".join(errors)))
        has_post_hooks = any(c._load_state_dict_post_hooks for _, c in self.cells_and_names())
        if strict and (missing or unexpected) and not has_post_hooks:
            raise RuntimeError(_strict_message(self, missing, unexpected))
        for target, value in plan:
            if target is self or not isinstance(target, Tensor):
                target.set_extra_state(value)
            else:
                np.copyto(target._data, value, casting="unsafe")
        result = _IncompatibleKeys(missing, unexpected)
        for _, cell in self.cells_and_names():
            for hook in cell._load_state_dict_post_hooks.values():
                hook(cell, result)
        if strict and (result.missing_keys or result.unexpected_keys):
            raise RuntimeError(_strict_message(self, result.missing_keys,
                                               result.unexpected_keys))
        return result

    def register_state_dict_pre_hook(self, hook):
        """hook(cell, prefix, keep_vars) before state_dict collects entries."""
        return self._add_state_hook(self._state_dict_pre_hooks, hook,
                                    "register_state_dict_pre_hook")

    def register_state_dict_post_hook(self, hook):
        """hook(cell, state_dict, prefix, local_metadata) after state_dict collects entries."""
        return self._add_state_hook(self._state_dict_hooks, hook, "register_state_dict_post_hook")

    def register_load_state_dict_pre_hook(self, hook):
        """hook(cell, state_dict, prefix, local_metadata, strict, missing_keys,
        unexpected_keys, error_msgs) before loading."""
        return self._add_state_hook(self._load_state_dict_pre_hooks, hook,
                                    "register_load_state_dict_pre_hook")

    def register_load_state_dict_post_hook(self, hook):
        """hook(cell, incompatible_keys) after loading; may edit the key lists in place."""
        return self._add_state_hook(self._load_state_dict_post_hooks, hook,
                                    "register_load_state_dict_post_hook")

    def _add_state_hook(self, store, hook, method):
        check_hook(hook, method)
        handle = HookHandle(store)
        store[handle.id] = hook
        return handle


def _strict_message(cell, missing, unexpected):
    parts = []
    if unexpected:
        parts.append("Unexpected key(s) in state_dict: %s." % ", ".join(repr(k) for k in unexpected))
    if missing:
        parts.append("Missing key(s) in state_dict: %s." % ", ".join(repr(k) for k in missing))
    return "Error(s) in loading state_dict for %s:\n\t%s" % (type(cell).__name__,
                                                             "\n\t".join(parts))
