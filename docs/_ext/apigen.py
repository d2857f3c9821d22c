"""Generate the API reference pages from the modules themselves.

At ``builder-inited`` every module of :data:`MODULES` is imported and its public names (its
``__all__``, else every name of ``dir()`` without a leading underscore; submodules are not
names) are written to ``docs/api/generated/<module>.rst`` as one ``autofunction`` /
``autoclass`` / ``autodata`` per name, grouped into functions, classes and constants. An
object reachable by several paths is documented once, in the module that defines it (else
at its first path in :data:`MODULES` order; see :func:`collect`); its other paths are listed
under "Aliases" (each an anchor linking to the documentation). The hand-written page ``docs/api/<page>.rst`` holds the prose and includes the
fragment of its module, which includes the fragments of its submodules. The generated files
are build products (``.gitignore``).
"""
import importlib
import inspect
import os
import types

# (module, page) in documentation order (an object defined outside these modules is
# documented at its first path here). The
# first module of a page is included by docs/api/<page>.rst (which declares the module); the
# page's other modules are sections of that fragment, in this order.
MODULES = [
    ("mindcell", "mindcell"),
    ("mindcell.ops", "ops"),
    ("mindcell.nn", "nn"),
    ("mindcell.nn.probability.distribution", "nn"),
    ("mindcell.nn.probability.bijector", "nn"),
    ("mindcell.nn.probability.bnn_layers", "nn"),
    ("mindcell.numpy", "numpy"),
    ("mindcell.mint", "mint"),
    ("mindcell.mint.nn", "mint"),
    ("mindcell.mint.nn.functional", "mint"),
    ("mindcell.amp", "amp"),
    ("mindcell.communication", "communication"),
    ("mindcell.train", "train"),
    ("mindcell.train.callback", "train"),
    ("mindcell.train.metrics", "train"),
    ("mindcell.train.serialization", "train"),
    ("mindcell.train.summary", "train"),
    ("mindcell.dataset", "dataset"),
    ("mindcell.dataset.config", "dataset"),
    ("mindcell.dataset.vision", "dataset"),
    ("mindcell.dataset.transforms", "dataset"),
    ("mindcell.dataset.text", "dataset"),
    ("mindcell.profiler", "profiler"),
    ("mindcell.mindrecord", "mindrecord"),
    ("mindcell.scipy.linalg", "scipy"),
    ("mindcell.scipy.optimize", "scipy"),
    ("mindcell.scipy.fft", "scipy"),
    ("mindcell.experimental.optim", "experimental"),
    ("mindcell.experimental.optim.lr_scheduler", "experimental"),
    ("mindcell.benchmark", "benchmark"),
    ("mindcell.testing", "testing"),
]
# documented only where they exist
OPTIONAL = {"mindcell.dataset.text"}

KINDS = (("function", "Functions"), ("class", "Classes"), ("data", "Constants"))
ROLE = {"function": "func", "class": "class", "data": "data"}
# values equal by value, not by identity: never merged into one entry
_VALUE_TYPES = (int, float, complex, str, bytes, bool, type(None))


def import_modules():
    """The importable modules of :data:`MODULES`, as ``[(name, module, page)]``."""
    found = []
    for name, page in MODULES:
        try:
            module = importlib.import_module(name)
        except ModuleNotFoundError as exc:
            if name in OPTIONAL and exc.name == name:
                continue
            raise
        found.append((name, module, page))
    return found


def public_names(module):
    """The public names of a module: its ``__all__``, else the names of ``dir(module)``
    without a leading underscore; submodules are left out (they are documented as modules).
    """
    names = getattr(module, "__all__", None)
    if names is None:
        names = [n for n in dir(module) if not n.startswith("_")]
    return [n for n in dict.fromkeys(names)
            if not isinstance(getattr(module, n), types.ModuleType)]


def kind_of(obj):
    """``"class"``, ``"function"`` (any other callable) or ``"data"``."""
    if inspect.isclass(obj):
        return "class"
    if callable(obj):
        return "function"
    return "data"


def collect():
    """Every public path of :data:`MODULES`, resolved to where it is documented.

    An object with several paths is documented at one of them, its *home*: the path in the
    module that defines it (the longest of the modules that is a prefix of its
    ``__module__``: ``train.Model`` rather than ``mindcell.Model``, ``ops.grad`` rather
    than ``mindcell.grad``), else its first path in :data:`MODULES` order; of several names
    in that module, its own (``ops.div``, not ``ops.divide``).

    Returns:
        list of ``(module_name, page, entries)``, where ``entries`` is a list of
        ``(name, kind, canonical)``: ``canonical`` is ``None`` for the path an object is
        documented at, else the full path (``"mindcell.ops.add"``) of that documentation.
    """
    modules = [(modname, module, page, public_names(module))
               for modname, module, page in import_modules()]
    paths = {}  # id(object) -> [(score, order, path)], the best first after sorting
    order = 0
    for modname, module, _, names in modules:
        for name in names:
            obj = getattr(module, name)
            if isinstance(obj, _VALUE_TYPES):
                continue
            home = getattr(obj, "__module__", None)
            score = 0
            if isinstance(home, str) and (home == modname or home.startswith(modname + ".")):
                score = -len(modname)
            own = 0 if _own_name(obj, name) else 1
            paths.setdefault(id(obj), []).append((score, order, own, "%s.%s" % (modname, name)))
        order += 1
    documented = {key: min(found)[3] for key, found in paths.items()}
    result = []
    for modname, module, page, names in modules:
        entries = []
        for name in names:
            obj = getattr(module, name)
            canonical = None
            if not isinstance(obj, _VALUE_TYPES):
                canonical = documented[id(obj)]
                if canonical == "%s.%s" % (modname, name):
                    canonical = None
            entries.append((name, kind_of(obj), canonical))
        result.append((modname, page, entries))
    return result


def _own_name(obj, name):
    """Whether ``name`` is the object's own name (its ``__name__``, or a dtype's name)."""
    own = getattr(obj, "__name__", None)
    if not isinstance(own, str):
        own = getattr(obj, "name", None)
        own = own.lower() if isinstance(own, str) else None
    return own == name


def _foreign_origin(obj):
    """``module.qualname`` of a function or class defined outside mindcell, else None."""
    module = getattr(obj, "__module__", None)
    if isinstance(module, str) and (module == "mindcell" or module.startswith("mindcell.")):
        return None
    return "%s.%s" % (module, getattr(obj, "__qualname__", type(obj).__qualname__))


def _heading(text, char):
    return [text, char * len(text), ""]


def _sort_key(entry):
    return (entry[0].lower(), entry[0])


def render(modname, entries, also, primary, submodules):
    """The reStructuredText fragment of one module.

    Args:
        modname (str): the module (imported).
        entries (list): its ``(name, kind, canonical)`` entries (see :func:`collect`).
        also (dict): full path -> the other paths of the object documented there.
        primary (bool): the page's own module (groups are sections of the page) rather than a
            section of it (a heading, the module's docstring, groups one level down).
        submodules (list): fragments of the page's other modules, included at the end.
    """
    module = importlib.import_module(modname)
    out = [".. This file is generated by docs/_ext/apigen.py at build time; do not edit.", ""]
    sub = "-"
    if not primary:
        out += _heading(modname, "-")
        out += [".. automodule:: " + modname, ""]
        sub = "~"
    for kind, title in KINDS:
        own = sorted((e for e in entries if e[1] == kind and e[2] is None), key=_sort_key)
        if not own:
            continue
        out += _heading(title, sub)
        for name, _, _ in own:
            path = "%s.%s" % (modname, name)
            origin = _foreign_origin(getattr(module, name)) if kind != "data" else None
            if origin:  # another project's docstring, not written for this reference
                out += [".. py:%s:: %s" % (kind, name), "   :module: %s" % modname, "",
                        "   ``%s``, re-exported from outside mindcell." % origin, ""]
                continue
            out.append(".. auto%s:: %s" % (kind, path))
            if kind == "class":
                out.append("   :members:")
            out.append("")
            if also.get(path):
                out.append("   Also available as %s." % ", ".join(
                    ":%s:`%s`" % (ROLE[kind], p) for p in also[path]))
                out.append("")
    aliases = sorted((e for e in entries if e[2] is not None), key=_sort_key)
    if aliases:
        out += _heading("Aliases", sub)
        out += ["Names of this module documented at another path.", ""]
        for name, kind, canonical in aliases:
            # not an index entry: cross-references by a short name ("Tensor" in a docstring's
            # types) must find the one documented object, not its aliases; the anchor keeps
            # the alias's path linkable
            out += [".. raw:: html", "", '   <span id="%s.%s"></span>' % (modname, name), "",
                    ".. py:%s:: %s" % (kind, name), "   :module: %s" % modname,
                    "   :no-index:", "",
                    "   Alias of :%s:`%s`." % (ROLE[kind], canonical), ""]
    for other in submodules:
        out += [".. include:: /api/generated/%s.rst" % other, ""]
    return "\n".join(out)


def generate(outdir):
    """Write ``<outdir>/<module>.rst`` for every module; return what :func:`collect` found."""
    modules = collect()
    also = {}
    for modname, _, entries in modules:
        for name, _, canonical in entries:
            if canonical is not None:
                also.setdefault(canonical, []).append("%s.%s" % (modname, name))
    os.makedirs(outdir, exist_ok=True)
    firsts = {}
    for modname, page, _ in modules:
        firsts.setdefault(page, modname)
    for modname, page, entries in modules:
        primary = firsts[page] == modname
        submodules = [m for m, p, _ in modules if primary and p == page and m != modname]
        text = render(modname, entries, also, primary, submodules)
        path = os.path.join(outdir, modname + ".rst")
        old = None
        if os.path.exists(path):
            with open(path, encoding="utf-8") as f:
                old = f.read()
        if old != text:  # unchanged files keep their time: Sphinx rebuilds only what changed
            with open(path, "w", encoding="utf-8") as f:
                f.write(text)
    return modules


def _builder_inited(app):
    generate(os.path.join(app.srcdir, "api", "generated"))


def setup(app):
    app.connect("builder-inited", _builder_inited)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
