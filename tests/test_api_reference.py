"""The API reference is generated from the modules: docs/_ext/apigen.py writes one entry per
public name of every documented module, each object documented once (with autodoc, so with
its docstring) and its other paths listed as aliases of that one. Checked here against the
modules' public names, computed independently of the generator, without running Sphinx
(tests/test_docs_build.py runs the build)."""
import importlib
import importlib.util
import inspect
import pathlib
import re
import sys
import types

import pytest

DOCS = pathlib.Path(__file__).resolve().parent.parent / "docs"
sys.path.insert(0, str(DOCS / "_ext"))
import apigen  # noqa: E402

# the modules the reference must cover (the API of MindSpore 2.10 that mindcell provides)
REQUIRED = ["mindcell", "mindcell.ops", "mindcell.nn", "mindcell.nn.probability.distribution",
            "mindcell.nn.probability.bijector", "mindcell.numpy", "mindcell.mint",
            "mindcell.mint.nn", "mindcell.mint.nn.functional", "mindcell.amp",
            "mindcell.communication", "mindcell.train", "mindcell.train.callback",
            "mindcell.train.metrics", "mindcell.train.serialization", "mindcell.train.summary",
            "mindcell.dataset", "mindcell.dataset.vision", "mindcell.dataset.transforms",
            "mindcell.profiler", "mindcell.mindrecord"]

_DIRECTIVE = re.compile(r"^\.\. (auto|py:)(function|class|data):: (\S+)$")


def _expected(module):
    names = getattr(module, "__all__", None)
    if names is None:
        names = [n for n in vars(module) if not n.startswith("_")]
    return {n for n in names if not isinstance(getattr(module, n), types.ModuleType)}


@pytest.fixture(scope="module")
def generated(tmp_path_factory):
    out = tmp_path_factory.mktemp("generated")
    apigen.generate(str(out))
    pages = {}
    for path in out.glob("*.rst"):
        entries, module, lines = {}, None, path.read_text(encoding="utf-8").splitlines()
        for i, line in enumerate(lines):
            m = _DIRECTIVE.match(line)
            if not m:
                continue
            way, kind, target = m.groups()
            if way == "auto":
                modname, name = target.rsplit(".", 1)
                assert modname == path.stem, line
                entries[name] = ("documented", kind, None)
            else:
                assert lines[i + 1] == "   :module: %s" % path.stem, lines[i:i + 3]
                body = "\n".join(lines[i + 2:i + 6])
                alias = re.search(r"Alias of :\w+:`([\w.]+)`", body)
                entries[target] = ("alias" if alias else "foreign", kind,
                                   alias.group(1) if alias else None)
        pages[path.stem] = entries
    return pages


def test_every_required_module_is_generated(generated):
    modules = [m for m, _ in apigen.MODULES]
    for name in REQUIRED:
        assert name in modules, name
        assert name in generated, name


@pytest.mark.parametrize("modname", [m for m, _ in apigen.MODULES])
def test_every_public_name_is_listed_once(generated, modname):
    try:
        module = importlib.import_module(modname)
    except ModuleNotFoundError:
        assert modname in apigen.OPTIONAL
        assert modname not in generated
        return
    expected = _expected(module)
    assert expected, modname
    listed = generated[modname]
    assert sorted(expected - set(listed)) == [], "names missing from the reference"
    assert sorted(set(listed) - expected) == [], "names the module does not have"


def test_each_object_is_documented_once_and_aliases_point_at_it(generated):
    documented = {}  # id(object) -> full path documented at
    paths = {}  # id(object) -> every public path
    for modname, entries in generated.items():
        module = importlib.import_module(modname)
        for name, (how, kind, _) in entries.items():
            obj = getattr(module, name)
            assert kind == apigen.kind_of(obj), (modname, name)
            if isinstance(obj, apigen._VALUE_TYPES):
                continue
            paths.setdefault(id(obj), (obj, []))[1].append(modname)
            if how != "alias":
                path = "%s.%s" % (modname, name)
                assert id(obj) not in documented, (path, documented.get(id(obj)))
                documented[id(obj)] = path
    for modname, entries in generated.items():
        module = importlib.import_module(modname)
        for name, (how, _, target) in entries.items():
            if how == "alias":
                assert documented[id(getattr(module, name))] == target, (modname, name)
    # documented in the module that defines the object, else at its first module
    order = [m for m, _ in apigen.MODULES]
    for key, (obj, modules) in paths.items():
        home = getattr(obj, "__module__", None) or ""
        homes = [m for m in modules if home == m or home.startswith(m + ".")]
        want = max(homes, key=len) if homes else min(modules, key=order.index)
        assert documented[key].rsplit(".", 1)[0] == want, (documented[key], modules)


def test_only_objects_from_outside_mindcell_skip_autodoc(generated):
    for modname, entries in generated.items():
        module = importlib.import_module(modname)
        for name, (how, _, _) in entries.items():
            if how == "foreign":
                origin = getattr(getattr(module, name), "__module__", "")
                assert not origin.startswith("mindcell"), (modname, name)


def test_every_page_module_is_included_by_a_page():
    firsts = {}
    for modname, page in apigen.MODULES:
        firsts.setdefault(page, modname)
    for page, modname in firsts.items():
        text = (DOCS / "api" / (page + ".rst")).read_text(encoding="utf-8")
        assert ".. include:: /api/generated/%s.rst" % modname in text, page
        assert not re.search(r"^\.\. auto(function|class|data)::", text, re.M), \
            "%s.rst lists names by hand" % page
        toc = (DOCS / "api" / "index.rst").read_text(encoding="utf-8")
        assert "\n   %s\n" % page in toc, page


def test_generated_files_are_ignored_by_git():
    ignore = (DOCS.parent / ".gitignore").read_text(encoding="utf-8").split()
    assert "docs/api/generated/" in ignore


def test_every_documented_function_and_class_has_a_docstring(generated):
    bare = []
    for modname, entries in generated.items():
        module = importlib.import_module(modname)
        for name, (how, kind, _) in entries.items():
            if how == "documented" and kind != "data":
                if not inspect.getdoc(getattr(module, name)):
                    bare.append("%s.%s" % (modname, name))
    assert bare == []


def _conf():
    spec = importlib.util.spec_from_file_location("docs_conf", str(DOCS / "conf.py"))
    conf = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(conf)
    return conf


def test_docstring_text_that_would_break_the_build_is_escaped():
    conf = _conf()
    lines = ["Samples of U[from_, to) of shape (N, C, *) or (*, M) or (N, *rest).",
             "``bool_`` and :class:`mindcell.bool_` and *emph* and **bold** stay.",
             ":param from_: the bound (*Union[int, None]*)",
             "", ">>> f(from_=1)  # bool_", "", "Example::", "", "    y = a_ * (N, *)"]
    conf._escape_underscores(None, "function", "f", None, {}, lines)
    assert lines == [
        r"Samples of U[from\_, to) of shape (N, C, \*) or (\*, M) or (N, \*rest).",
        "``bool_`` and :class:`mindcell.bool_` and *emph* and **bold** stay.",
        r":param from\_: the bound (*Union[int, None]*)",
        "", ">>> f(from_=1)  # bool_", "", "Example::", "", "    y = a_ * (N, *)"]


def test_mindspore_input_items_become_napoleon_parameters():
    lines = ["Inputs:", "    - **x** (Tensor) - shape ``(N, C)``.",
             "    - **y** (Union[Tensor, tuple(int)]) - the other.", "      More text."]
    _conf()._ms_inputs(None, "class", "C", None, {}, lines)
    assert lines == ["Inputs:", "    x (Tensor): shape ``(N, C)``.",
                     "    y (Union[Tensor, tuple(int)]): the other.", "      More text."]
