"""Every name at every module path where MindSpore has it.

MindSpore exposes one object at several module paths (``ops.Shape`` is
``ops.operations.Shape``; ``ops.functional.partial`` is ``ops.partial``; ``common.set_seed`` is
``mindspore.set_seed``). Which paths share an object is recorded from MindSpore 2.10 itself in
:mod:`mindcell._faces.mindspore_aliases` (``tests/goldens/faces/record_aliases.py`` writes it),
not listed by hand: when mindcell defines a name at any member path of a group, the same object
is bound at every other member path whose module mindcell has. Modules that load after
``import mindcell`` are filled as they load (:class:`_FillOnImport`).

A name that mindcell defines at a path is never replaced: the fill only adds missing names.
"""
import importlib.abc
import importlib.machinery
import sys

from mindcell._faces.mindspore_aliases import GROUPS

PACKAGE = "mindcell"


def _module_name(path):
    """``".ops.operations"`` -> ``"mindcell.ops.operations"``; ``"."`` -> ``"mindcell"``."""
    return PACKAGE if path == "." else PACKAGE + path


def _index(groups):
    """module name -> the groups (tuples of (module name, attribute)) that have a member in it."""
    index = {}
    for group in groups:
        members = tuple((_module_name(p), n) for p, n in (m.split(":", 1) for m in group))
        for module_name in {m for m, _ in members}:
            index.setdefault(module_name, []).append(members)
    return index


_BY_MODULE = _index(GROUPS)
ADDED = {}  # module name -> names this mechanism bound there (for docs and the coverage test)


def _bind(module, name, obj):
    setattr(module, name, obj)
    ADDED.setdefault(module.__name__, set()).add(name)
    public = module.__dict__.get("__all__")
    if isinstance(public, list) and name not in public and not name.startswith("_"):
        public.append(name)


def fill(module_name):
    """Bind, in every loaded member module of each group touching ``module_name``, the group's
    object where that module lacks it."""
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
        fill(module.__name__)

    def __getattr__(self, name):  # get_code, get_source ... for tools that ask the loader
        return getattr(self.loader, name)


class _FillOnImport(importlib.abc.MetaPathFinder):
    """Wraps the loader of the mindcell modules that have recorded faces."""

    def find_spec(self, fullname, path=None, target=None):
        if fullname not in _BY_MODULE:
            return None
        spec = importlib.machinery.PathFinder.find_spec(fullname, path)
        if spec is not None and spec.loader is not None:
            spec.loader = _FillingLoader(spec.loader)
        return spec


_FINDER = _FillOnImport()


def install():
    """Fill every loaded module that has recorded faces, and the modules that load later."""
    if _FINDER not in sys.meta_path:
        sys.meta_path.insert(0, _FINDER)
    for module_name in list(_BY_MODULE):
        if module_name in sys.modules:
            fill(module_name)
