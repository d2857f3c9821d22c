"""The package's layers import one way (docs/architecture.md, "Layers"): every import of every
module, at module level or inside a function, goes to its own layer or a lower one, and the
module-level imports have no cycle."""
import ast
import pathlib
import subprocess
import sys

import mindcell

PACKAGE = pathlib.Path(mindcell.__file__).parent

# Lowest first. A module belongs to the longest prefix listed.
LAYERS = [
    ("base", ["mindcell._threads", "mindcell._malloc", "mindcell._C", "mindcell.dtype",
              "mindcell.context", "mindcell._wire", "mindcell._arrays", "mindcell._docsections",
              "mindcell.communication", "mindcell.parallel",
              "mindcell.ops.spec",  # op specs: plain data the build reads too
              "mindcell._checkparam",  # MindSpore's validators: the standard library only
              "mindcell._extends"]),  # MindSpore's path of cell_attr_register (no imports)
    ("core", ["mindcell._core"]),
    ("tensor", ["mindcell.common",
                "mindcell._c_expression"]),  # MindSpore's dtype classes (typing)
    ("primitives", ["mindcell.ops.defs", "mindcell.ops._errors"]),
    ("ops", ["mindcell.ops",
             "mindcell.numpy"]),  # mindspore.numpy's face of the ops; Tensor.std/var call it
    ("graph", ["mindcell.graph"]),
    ("nn", ["mindcell.nn",
            "mindcell.parallel._transformer"]),  # MindSpore's transformer layers: Cells
    ("top", ["mindcell", "mindcell.train", "mindcell.dataset", "mindcell.experimental",
             "mindcell.testing", "mindcell.demo", "mindcell.benchmark",
             "mindcell.common.api"]),  # MindSpore's path for jit (graph layer)
]
# (importer, imported): reason. Documented exceptions only; keep it empty.
ALLOWED = {}


def _modules():
    mods = {}
    for path in sorted(PACKAGE.rglob("*.py")):
        parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
        name = ".".join(parts[:-1] if parts[-1] == "__init__" else parts)
        mods[name] = path
    return mods


MODULES = _modules()


def layer_of(module):
    best, rank = "", None
    for i, (_, prefixes) in enumerate(LAYERS):
        for p in prefixes:
            if (module == p or module.startswith(p + ".")) and len(p) > len(best):
                best, rank = p, i
    assert rank is not None, "%s is in no layer: add it to LAYERS" % module
    return rank


def _resolve(name):
    """The module an imported name lives in (``mindcell.ops.defs.nn.matmul_p`` -> its module)."""
    while name and name not in MODULES:
        name = name.rpartition(".")[0]
    return name


def imports(module, module_level_only=False):
    """``(imported module, line)`` for every mindcell import in ``module``."""
    path = MODULES[module]
    package = module if path.name == "__init__.py" else module.rpartition(".")[0]
    tree = ast.parse(path.read_text(), str(path))
    nodes = tree.body if module_level_only else ast.walk(tree)
    for node in nodes:
        if isinstance(node, ast.Import):
            names = [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parts = package.split(".")
                base = ".".join(parts[:len(parts) - node.level + 1] + ([base] if base else []))
            names = [base + "." + a.name for a in node.names] if base else []
        else:
            continue
        for name in names:
            if name == "mindcell" or name.startswith("mindcell."):
                target = _resolve(name)
                if target != module and not module.startswith(target + "."):  # own packages
                    yield target, node.lineno


def test_every_module_has_a_layer():
    for module in MODULES:
        layer_of(module)


def test_no_module_imports_a_higher_layer():
    upward = []
    for module in MODULES:
        mine = layer_of(module)
        for target, line in imports(module):
            if layer_of(target) > mine and (module, target) not in ALLOWED:
                upward.append("%s:%d imports %s (%s -> %s)" % (
                    module, line, target, LAYERS[mine][0], LAYERS[layer_of(target)][0]))
    assert not upward, "imports of a higher layer:\n" + "\n".join(upward)


def test_module_level_imports_have_no_cycle():
    graph = {m: {t for t, _ in imports(m, module_level_only=True)} for m in MODULES}
    done, path = set(), []

    def visit(m):
        if m in path:
            raise AssertionError("import cycle: " + " -> ".join(path[path.index(m):] + [m]))
        if m in done:
            return
        path.append(m)
        for t in sorted(graph[m]):
            visit(t)
        path.pop()
        done.add(m)

    for m in MODULES:
        visit(m)


def test_the_checker_sees_function_level_imports():
    lazy = {t for t, _ in imports("mindcell._core.primitive")}
    eager = {t for t, _ in imports("mindcell._core.primitive", module_level_only=True)}
    assert "mindcell._core.kernels" in lazy - eager  # Prim.resolve_kernel imports it lazily


_PRIMITIVES_ALONE = r"""
import sys, types, pathlib
import numpy as np
root = pathlib.Path(sys.argv[1])
for name, sub in (("mindcell", ""), ("mindcell.ops", "ops")):  # the packages, not their __init__
    stub = types.ModuleType(name)
    stub.__path__ = [str(root / sub)]
    sys.modules[name] = stub
import mindcell.ops.defs
from mindcell._core import autodiff, backward
from mindcell.common.tensor import Tensor
from mindcell.ops.defs import elementwise as E, nn as N, reduce as R
x = Tensor._make(np.array([[0.5, -1.0, 2.0]]))
tape = autodiff.Tape(); tape.track(x); autodiff.tapes.append(tape)
y = R.reduce_sum_p.bind(E.mul_p.bind(N.softmax_p.bind(x, axis=1), x), axis=(), keep_dims=False)
autodiff.tapes.remove(tape)
g = backward.backward(tape, [y], [Tensor._make(np.ones((), np.float64))])[id(x)]
s = np.exp(x._data) / np.exp(x._data).sum()
want = s + s * (x._data - (s * x._data).sum())  # d/dx sum(softmax(x) * x)
assert np.allclose(g._data, want), (g._data, want)
loaded = sorted(m for m in sys.modules if m.startswith("mindcell."))
higher = [m for m in loaded if m.startswith(("mindcell.ops.function", "mindcell.ops.functional",
                                             "mindcell.ops.grad", "mindcell.graph", "mindcell.nn"))]
assert not higher, higher
print("ok")
"""


def test_primitives_and_their_backward_rules_work_without_the_layers_above():
    """``mindcell.ops.defs`` imports, and its backward rules run, in a process where nothing
    above it (``ops.functional``, graph, nn) was ever imported: no hidden cycle."""
    out = subprocess.run([sys.executable, "-c", _PRIMITIVES_ALONE, str(PACKAGE)],
                         capture_output=True, text=True, timeout=120)
    assert out.returncode == 0 and out.stdout.strip() == "ok", out.stderr
