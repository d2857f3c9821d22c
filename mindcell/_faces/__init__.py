"""Every name at every module path where MindSpore has it.

MindSpore exposes one object at several module paths (``ops.Shape`` is
``ops.operations.Shape``; ``ops.functional.partial`` is ``ops.partial``; ``common.set_seed`` is
``mindspore.set_seed``). Which paths share an object is recorded from MindSpore 2.10 itself in
:mod:`mindcell._faces.mindspore_aliases` (``tests/goldens/faces/record_aliases.py`` writes it),
not listed by hand (plus the 1.x names of :mod:`mindcell._faces.legacy`): when mindcell defines a name at any member path of a group, the same object
is bound at every other member path whose module mindcell has. Modules that load after
``import mindcell`` are filled as they load (:class:`_FillOnImport`). The module-level
constants of MindSpore's modules (``dataset.core.validator_helpers.INT32_MAX``), recorded in
:mod:`mindcell._faces.mindspore_constants`, are bound at their paths the same way.

A name that mindcell defines at a path is never replaced: the fill only adds missing names.
"""
import builtins
import importlib.abc
import importlib.machinery
import importlib.util
import sys

from mindcell._faces.legacy import LEGACY_GROUPS, PRIVATE_GROUPS
from mindcell._faces.mindspore_aliases import GROUPS
from mindcell._faces.mindspore_constants import CONSTANTS

PACKAGE = "mindcell"


def _index(groups):
    """module name -> the groups (tuples of (module name, attribute)) that have a member in it."""
    index = {}
    for group in groups:
        members = []
        for member in group:
            path, _, name = member.partition(":")
            members.append((PACKAGE if path == "." else PACKAGE + path, name))  # ".x" -> mindcell.x
        members = tuple(members)
        for module_name in {m for m, _ in members}:
            index.setdefault(module_name, []).append(members)
    return index


_BY_MODULE = _index(GROUPS + LEGACY_GROUPS + PRIVATE_GROUPS)
# mindcell module name -> {name: value} of the constants MindSpore's module at that path has
_CONSTANTS = {(PACKAGE if path == "." else PACKAGE + path): values
              for path, values in CONSTANTS.items()}
for _name in _CONSTANTS:
    _BY_MODULE.setdefault(_name, [])


def _ancestors(module_names):
    """Every package above a recorded module path (``mindcell.ops.operations`` for
    ``mindcell.ops.operations.nn_ops``): those must be packages for the paths below them to
    import, also where mindcell's module is a file (``ops/operations.py``) or has no file."""
    parents = set()
    for name in module_names:
        parts = name.split(".")
        parents.update(".".join(parts[:i]) for i in range(1, len(parts)))
    return frozenset(parents)


_PARENTS = _ancestors(_BY_MODULE)
ADDED = {}  # module name -> names this mechanism bound there (for docs and the coverage test)


# Names of Python's builtins (range, max, sum, slice ...). MindSpore has ops of these names in
# modules whose mindcell code calls the builtin: a global of that name would shadow it there.
_BUILTIN_NAMES = frozenset(dir(builtins))


def _attribute_only(module):
    """The dict of faces ``module`` serves as attributes only (``module.range``), through a
    module ``__getattr__`` that runs before any ``__getattr__`` the module had; its globals,
    and so its own code, keep seeing the builtins."""
    table = module.__dict__.get("_mindcell_attribute_faces")
    if table is None:
        table = module.__dict__["_mindcell_attribute_faces"] = {}
        previous = module.__dict__.get("__getattr__")

        def __getattr__(name):
            if name in table:
                return table[name]
            if previous is not None:
                return previous(name)
            raise AttributeError("module %r has no attribute %r" % (module.__name__, name))

        # mindcell.compat wraps a module's existing __getattr__: say which one it was
        __getattr__._previous = previous
        module.__getattr__ = __getattr__
    return table


def _bind(module, name, obj):
    ADDED.setdefault(module.__name__, set()).add(name)
    if name in _BUILTIN_NAMES:
        _attribute_only(module)[name] = obj  # not in __all__: a star import would shadow it
        return
    setattr(module, name, obj)
    public = module.__dict__.get("__all__")
    if isinstance(public, list) and name not in public and not name.startswith("_"):
        # a new list: modules re-export one another's __all__ object (communication shares
        # management's), and the other module did not get the name
        module.__all__ = public + [name]


def fill(module_name):
    """Bind, in every loaded member module of each group touching ``module_name``, the group's
    object where that module lacks it, and the module's recorded constants it lacks."""
    module = sys.modules.get(module_name)
    if module is not None:
        for name, value in _CONSTANTS.get(module_name, {}).items():
            if name not in module.__dict__:
                _bind(module, name, value)
    for members in _BY_MODULE.get(module_name, ()):
        loaded = [(sys.modules.get(m), n) for m, n in members]
        source = next((mod.__dict__[n] for mod, n in loaded
                       if mod is not None and n in mod.__dict__), None)
        if source is None:
            continue
        for mod, n in loaded:
            if mod is not None and n not in mod.__dict__:
                _bind(mod, n, source)


class _FillingLoader(importlib.abc.Loader):
    """Runs a module's own loader, then fills its faces."""

    def __init__(self, loader):
        self.loader = loader

    def create_module(self, spec):
        return self.loader.create_module(spec)

    def exec_module(self, module):
        self.loader.exec_module(module)
        _as_package(module)
        fill(module.__name__)
        _make_shadowed(module)

    def __getattr__(self, name):  # get_code, get_source ... for tools that ask the loader
        return getattr(self.loader, name)


class _FacesOnlyLoader(importlib.abc.Loader):
    """Makes a MindSpore module path that mindcell has no file for (``nn.optim.momentum``,
    ``nn.layer.image`` ...): a module holding the names MindSpore has at that path which mindcell
    defines elsewhere (``from mindspore.nn.optim.momentum import Momentum``)."""

    def create_module(self, spec):
        return None  # the default module

    def exec_module(self, module):
        module.__doc__ = ("MindSpore's module path %s: the names MindSpore has here that mindcell "
                          "implements (elsewhere)." % module.__name__)
        fill(module.__name__)


def _as_package(module):
    """Give a mindcell module that is a file (``ops/operations.py``, ``dataset/engine.py``) and
    has recorded MindSpore module paths below it an empty ``__path__``, so that those paths
    (``ops.operations.nn_ops``, ``dataset.engine.datasets``) import as faces-only modules."""
    if module.__name__ in _PARENTS and getattr(module, "__path__", None) is None:
        module.__path__ = []


def _faces_only_spec(fullname):
    """A spec for a recorded MindSpore module path that mindcell has no file for, or None when its
    parent package binds (in mindcell or in MindSpore) another object to that name (a function
    shadowing its submodule)."""
    parent_name, _, child = fullname.rpartition(".")
    parent = sys.modules.get(parent_name)
    if parent is None or getattr(parent, "__path__", None) is None or child in parent.__dict__:
        return None
    if any((parent_name, child) in members for members in _BY_MODULE.get(parent_name, ())):
        return None  # MindSpore's package binds its own object (nn.optim.thor, the function)
    return importlib.machinery.ModuleSpec(fullname, _FacesOnlyLoader(),
                                          is_package=fullname in _PARENTS)


def _make_shadowed(package):
    """Enter in ``sys.modules``, without binding them on ``package``, the recorded MindSpore
    module paths below ``package`` that mindcell has no file for and whose name ``package``
    binds to another object (``common.seed``, where ``mindcell.common.seed`` is the function).
    MindSpore has both: its package imports the submodule and then binds the function over it,
    so ``from mindspore.common.seed import set_seed`` imports from the module while
    ``mindspore.common.seed`` stays the function. Loading such a path through the import system
    would bind the module over the function; :mod:`mindcell.compat` aliases the entries made
    here under their ``mindspore`` names."""
    made = []
    for child_name in _SHADOWED.get(package.__name__, ()):
        child = child_name.rpartition(".")[2]
        bound = package.__dict__.get(child)
        if child_name in sys.modules or bound is None or isinstance(bound, type(sys)):
            continue
        if importlib.machinery.PathFinder.find_spec(child_name, getattr(package, "__path__", None)
                                                    or None) is not None:
            continue  # mindcell has a file there: it loads as usual
        spec = importlib.machinery.ModuleSpec(child_name, _FacesOnlyLoader(),
                                              is_package=child_name in _PARENTS)
        module = importlib.util.module_from_spec(spec)
        sys.modules[child_name] = module
        spec.loader.exec_module(module)
        made.append(child_name)
    return made


def _shadowable(module_names):
    """package name -> its recorded child module paths (those a bound object may shadow)."""
    children = {}
    for name in module_names:
        parent = name.rpartition(".")[0]
        if parent:
            children.setdefault(parent, []).append(name)
    return children


_SHADOWED = _shadowable(_BY_MODULE)


class _FillOnImport(importlib.abc.MetaPathFinder):
    """Wraps the loader of the mindcell modules that have recorded faces, and makes the recorded
    module paths that mindcell has no file for (:class:`_FacesOnlyLoader`)."""

    def find_spec(self, fullname, path=None, target=None):
        if fullname not in _BY_MODULE and fullname not in _PARENTS:
            return None
        spec = importlib.machinery.PathFinder.find_spec(fullname, path)
        if spec is None:
            return _faces_only_spec(fullname)
        if spec.loader is not None:
            spec.loader = _FillingLoader(spec.loader)
        return spec


_FINDER = _FillOnImport()


def install():
    """Fill every loaded module that has recorded faces, and the modules that load later."""
    if _FINDER not in sys.meta_path:
        sys.meta_path.insert(0, _FINDER)
    for module_name in _PARENTS:
        if module_name in sys.modules:
            _as_package(sys.modules[module_name])
    for module_name in list(_BY_MODULE):
        if module_name in sys.modules:
            fill(module_name)
    for module_name in list(_SHADOWED):
        if module_name in sys.modules:
            _make_shadowed(sys.modules[module_name])
