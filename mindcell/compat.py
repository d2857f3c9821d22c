"""Run MindSpore code unchanged: after ``install()``, ``import mindspore`` and its submodules
resolve to the mindcell modules themselves (``mindspore.nn is mindcell.nn``), and a name
mindcell does not implement fails with a message saying so.

``python -m mindcell.run script.py`` calls ``install()`` before running the script.
"""
import dis
import importlib
import importlib.abc
import importlib.machinery
import importlib.util
import sys

__all__ = ["install", "uninstall", "target_of", "NotImplementedByMindcell", "MINDSPORE_VERSION"]

PREFIX = "mindspore"
#: The MindSpore release whose API mindcell follows. While the aliases are installed,
#: ``mindspore.__version__`` (which is ``mindcell.__version__``: the two are one module) and
#: ``mindspore.version.__version__`` report it, because programs choose between MindSpore APIs by
#: it (``version.parse(ms.__version__) >= version.parse("2.0.0rc")`` picks ``jit`` over the
#: 1.x ``ms_function``); mindcell's own package version would send them down MindSpore 1.x paths.
MINDSPORE_VERSION = "2.10.0"
_PACKAGE_VERSION = None  # mindcell.__version__ while the aliases are installed
# MindSpore module paths whose mindcell module has another name; every other
# ``mindspore.<path>`` maps to ``mindcell.<path>``.
_RENAMED = {
    "mindspore.common.dtype": "mindcell.common.dtype",
    "mindspore.nn.metrics": "mindcell.train.metrics",
}
# MindSpore's private submodules, one per family, that model code imports from
# (``from mindspore.train.callback._time_monitor import TimeMonitor``): mindcell keeps each family
# in one module, which the submodule paths alias (names mindcell lacks are named as not
# implemented there). Only ``target_of`` reads this; the module keeps its public name.
_PRIVATE_SUBMODULES = {
    "mindspore.train.callback": ("mindcell.train.callback", (
        "_backup_and_restore", "_callback", "_checkpoint", "_cluster_monitor", "_dataset_graph",
        "_early_stop", "_flops_collector", "_history", "_lambda_callback", "_landscape",
        "_loss_monitor", "_lr_scheduler_callback", "_on_request_exit", "_reduce_lr_on_plateau",
        "_summary_collector", "_time_monitor", "_train_fault_tolerance")),
}
_PRIVATE_TARGETS = {package + "." + child: target
                    for package, (target, children) in _PRIVATE_SUBMODULES.items()
                    for child in children}
# MindSpore's callback/_callback.py also holds module-level helpers (set_cur_net and CUR_NET,
# _handle_loss) next to Callback/RunContext: mindcell's module of that family has them all
_PRIVATE_TARGETS["mindspore.train.callback._callback"] = "mindcell.train._callback_base"
_IMPORT_FROM = dis.opmap["IMPORT_FROM"]


class NotImplementedByMindcell(ImportError):
    """``from mindspore.x import Name`` of a name mindcell does not implement."""


def _version():
    """mindcell's own package version (also while ``mindcell.__version__`` reports MindSpore's)."""
    if _PACKAGE_VERSION is not None:
        return _PACKAGE_VERSION
    import mindcell
    return getattr(mindcell, "__version__", "?")


def _message(name):
    return "%s is not implemented by mindcell yet (mindcell %s)" % (name, _version())


def target_of(fullname):
    """The mindcell module name for a MindSpore module name (``mindspore.nn`` -> ``mindcell.nn``)."""
    if fullname in _RENAMED:
        return _RENAMED[fullname]
    for ms_name, mc_name in _RENAMED.items():  # a submodule of a renamed package
        if fullname.startswith(ms_name + "."):
            return mc_name + fullname[len(ms_name):]
    if fullname in _PRIVATE_TARGETS:
        return _PRIVATE_TARGETS[fullname]
    return "mindcell" + fullname[len(PREFIX):]


def _own_name(module):
    """The mindcell module name of ``module`` (also while it presents its MindSpore name)."""
    spec = module.__dict__.get("__spec__")
    return getattr(spec, "name", None) or module.__name__


def _public_name(module):
    """``mindspore.<path>`` of an aliased mindcell module (for messages and ``__name__``)."""
    name = _own_name(module)
    for ms_name, mc_name in _RENAMED.items():
        if mc_name == name:
            return ms_name
    return PREFIX + name[len("mindcell"):]


#: id(module) -> (module, its mindcell ``__name__``) for the modules presenting a MindSpore name
_PRESENTED = {}


def _present(module):
    """While the aliases are installed, a mindcell module reports the ``__name__`` of its
    MindSpore module (``mindspore``, ``mindspore.nn`` ...) and is in ``sys.modules`` under it, as
    in MindSpore: programs find the framework by it (graphlearning looks for the global module
    whose ``__name__`` is ``"mindspore"``; ``inspect.getmodule(nn.Dense).__name__``).
    ``__spec__`` and ``__package__`` keep the mindcell names, so imports inside mindcell and
    ``importlib.reload`` are unchanged; classes and functions keep their ``__module__`` (pickles
    stay loadable by mindcell). :func:`uninstall` restores the names."""
    own = _own_name(module)
    if own != "mindcell" and not own.startswith("mindcell."):
        return
    public = PREFIX + own[len("mindcell"):]
    if public in _PRIVATE_SUBMODULES and getattr(module, "__path__", None) is None:
        module.__path__ = []  # a package, for the paths of its private submodules
    _PRESENTED.setdefault(id(module), (module, own))
    module.__name__ = public
    if target_of(public) == own:
        sys.modules.setdefault(public, module)


def _present_loaded():
    """:func:`_present` every public mindcell module imported so far (no ``_`` path part)."""
    for name, module in list(sys.modules.items()):
        if (module is not None and (name == "mindcell" or name.startswith("mindcell."))
                and not any(part.startswith("_") for part in name.split("."))
                and getattr(module.__dict__.get("__spec__"), "name", None) == name):
            _present(module)


def _in_import_from():
    """Whether the attribute is being looked up by a ``from module import name`` statement."""
    frame = sys._getframe(2)
    try:
        return frame.f_code.co_code[frame.f_lasti] == _IMPORT_FROM
    except (IndexError, AttributeError):
        return False


def _add_missing_hook(module):
    """Give ``module`` a ``__getattr__`` that imports a real submodule on first access, and
    otherwise raises the not-implemented error (an ImportError for ``from ... import``)."""
    previous = module.__dict__.get("__getattr__")
    if getattr(previous, "_mindcell_compat", False):
        return

    def __getattr__(name):
        if previous is not None:
            try:
                return previous(name)
            except AttributeError:
                pass
        if name.startswith("__"):
            raise AttributeError(name)
        sub = _own_name(module) + "." + name
        if getattr(module, "__path__", None) is not None and importlib.util.find_spec(sub):
            submodule = importlib.import_module(sub)
            _add_missing_hook(submodule)
            _present_loaded()
            return submodule
        message = _message("%s.%s" % (_public_name(module), name))
        if _in_import_from():
            raise NotImplementedByMindcell(message, name=name)
        raise AttributeError(message)

    __getattr__._mindcell_compat = True
    __getattr__._previous = previous
    module.__getattr__ = __getattr__


def _alias_loaded_submodules(name, target):
    """Enter in ``sys.modules``, under its ``mindspore`` name, each submodule ``target`` has
    already loaded whose package binds another object to the submodule's name. A later
    ``import mindspore.x.y`` then finds it there instead of loading it again, which would bind
    the submodule over that object: ``mindspore.scipy.optimize.linear_sum_assignment`` is the
    function of that name in MindSpore (the package imports it over its submodule)."""
    prefix = target + "."
    for loaded, module in list(sys.modules.items()):
        if not loaded.startswith(prefix) or module is None:
            continue
        parent_name, _, child = loaded.rpartition(".")
        parent = sys.modules.get(parent_name)
        shadowed = getattr(parent, "__dict__", {}).get(child, module)
        alias = name + "." + loaded[len(prefix):]
        if shadowed is not module and alias not in sys.modules and target_of(alias) == loaded:
            _add_missing_hook(module)
            sys.modules[alias] = module


class _AliasLoader(importlib.abc.Loader):
    def __init__(self, target):
        self.target = target
        self._spec = None

    def create_module(self, spec):
        module = importlib.import_module(self.target)
        self._spec = module.__spec__
        _add_missing_hook(module)
        _alias_loaded_submodules(spec.name, self.target)
        _present_loaded()
        _present(module)
        return module

    def exec_module(self, module):
        # The import system has just set __spec__ to the alias spec: keep the module's own.
        module.__spec__ = self._spec


class _AliasFinder(importlib.abc.MetaPathFinder):
    """Finds ``mindspore`` and ``mindspore.*`` as aliases of the mindcell modules."""

    def find_spec(self, fullname, path=None, target=None):
        if fullname != PREFIX and not fullname.startswith(PREFIX + "."):
            return None
        name = target_of(fullname)
        try:
            found = importlib.util.find_spec(name)
        except ModuleNotFoundError:
            found = None
        if found is None:
            raise ModuleNotFoundError(_message(fullname), name=fullname)
        spec = importlib.machinery.ModuleSpec(fullname, _AliasLoader(name),
                                              is_package=found.submodule_search_locations
                                              is not None)
        return spec


_FINDER = _AliasFinder()


def install():
    """install(): make ``import mindspore`` (and ``mindspore.nn``, ``mindspore.ops`` ...) import
    the mindcell modules. Idempotent. While installed, ``mindspore.__version__`` reports
    :data:`MINDSPORE_VERSION` (the MindSpore API mindcell follows); :func:`uninstall` restores
    mindcell's package version.

    Raises:
        RuntimeError: a real ``mindspore`` package is already imported in this process.

    Examples:
        >>> import mindcell.compat
        >>> mindcell.compat.install()
        >>> import mindspore, mindcell
        >>> mindspore.nn is mindcell.nn
        True
    """
    existing = sys.modules.get(PREFIX)
    if existing is not None and not _own_name(existing).startswith("mindcell"):
        raise RuntimeError("mindcell.compat.install: the real mindspore package is already "
                           "imported; install() must run before any 'import mindspore'")
    if _FINDER not in sys.meta_path:
        sys.meta_path.insert(0, _FINDER)
    import mindcell  # (hook the public modules already imported, e.g. mindcell.ops)
    global _PACKAGE_VERSION
    if _PACKAGE_VERSION is None:
        _PACKAGE_VERSION = mindcell.__version__
        mindcell.__version__ = MINDSPORE_VERSION
    for name, module in list(sys.modules.items()):
        if (name == "mindcell" or name.startswith("mindcell.")) and not any(
                part.startswith("_") for part in name.split(".")):
            _add_missing_hook(module)
    _present_loaded()


def uninstall():
    """uninstall(): remove the aliases (``mindspore.*`` entries and the not-implemented hooks)."""
    global _PACKAGE_VERSION
    if _FINDER in sys.meta_path:
        sys.meta_path.remove(_FINDER)
    if _PACKAGE_VERSION is not None:
        sys.modules["mindcell"].__version__ = _PACKAGE_VERSION
        _PACKAGE_VERSION = None
    for name in [n for n in sys.modules if n == PREFIX or n.startswith(PREFIX + ".")]:
        sys.modules.pop(name)
    for module, name in _PRESENTED.values():
        module.__name__ = name
    _PRESENTED.clear()
    for module in list(sys.modules.values()):
        hook = getattr(module, "__dict__", {}).get("__getattr__")
        if getattr(hook, "_mindcell_compat", False):
            if hook._previous is None:
                del module.__getattr__
            else:
                module.__getattr__ = hook._previous
