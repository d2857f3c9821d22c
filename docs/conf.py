"""Sphinx configuration for the mindcell documentation.

Build with ``python -m sphinx -W --keep-going -b html docs docs/_build/html``. The Markdown
pages (``*.md``) are read by myst-parser; the API reference (``api/*.rst``) lists every public
name of the documented modules, written to ``api/generated/`` at build time by
``_ext/apigen.py``, and documented from the docstrings by autodoc, whose Google/MindSpore-style
sections (Args, Returns, Raises, Examples) napoleon turns into fields.
"""
import inspect
import os
import re
import sys

# Build from a checkout: document the package next to this directory (it must be compiled,
# e.g. by ``pip install -e .``; the Cython kernels are imported with the package).
sys.path.insert(0, os.path.abspath(os.path.join(os.path.dirname(__file__), "..")))
# local extensions: apigen writes api/generated/<module>.rst from the modules' public names
sys.path.insert(0, os.path.abspath(os.path.join(os.path.dirname(__file__), "_ext")))

import mindcell  # noqa: E402

project = "mindcell"
author = "the mindcell authors"
copyright = "the mindcell authors"
release = mindcell.__version__
version = release

extensions = [
    "myst_parser",
    "sphinx.ext.autodoc",
    "sphinx.ext.napoleon",
    "sphinx.ext.viewcode",
    "apigen",
]

source_suffix = {".rst": "restructuredtext", ".md": "markdown"}
root_doc = "index"
# api/generated/*.rst are fragments included by the api/*.rst pages, not pages of their own
exclude_patterns = ["_build", "_ext", "api/generated", "Thumbs.db", ".DS_Store"]

# Markdown: "## Heading" anchors so pages can link to sections; ``` fences stay code blocks.
myst_heading_anchors = 3
myst_enable_extensions = ["deflist"]

# autodoc: members in source order (only the documented ones); signatures from the code.
autodoc_member_order = "bysource"
autodoc_typehints = "none"
add_module_names = False

# napoleon: MindSpore docstrings use the Google layout.
napoleon_google_docstring = True
napoleon_numpy_docstring = False
napoleon_use_rtype = False
napoleon_use_ivar = True
# MindSpore documents a Cell's call with "Inputs:" and "Outputs:" sections.
napoleon_custom_sections = [("Inputs", "params_style"), ("Outputs", "returns_style")]

html_theme = "alabaster"
html_title = "mindcell %s" % release
html_theme_options = {
    "description": "MindSpore's Cell programming model on the CPU",
    "fixed_sidebar": True,
}
html_static_path = []


# Many docstrings open with the call they describe, MindSpore style:
# ``set_seed(seed): seed every random op ...`` or, for Primitive classes,
# ``ReduceSum(keep_dims=False)(x, axis=()): ...``. autodoc already shows the signature taken
# from the code above the text, so a single leading call is dropped from the text; a
# Primitive's construct-then-call form is kept, as inline code (``*args`` in it must not be
# read as reStructuredText emphasis).
def _leading_call(app, what, name, obj, options, lines):
    text = "\n".join(lines)
    # an alias (``ops.divide = ops.div``) keeps the docstring of the function it names
    for short in (name.rsplit(".", 1)[-1], getattr(obj, "__name__", "")):
        if short and text.startswith(short + "("):
            break
    else:
        return
    end, depth, groups = len(short), 0, 0
    while end < len(text):
        ch = text[end]
        if ch == "(":
            depth += 1
        elif ch == ")":
            depth -= 1
            if depth == 0:
                groups += 1
                if not text.startswith("(", end + 1):
                    end += 1
                    break
        elif ch == "`":  # already marked up: leave the docstring alone
            return
        end += 1
    else:
        return
    rest = text[end:]
    if groups > 1:
        new = "``%s``%s" % (" ".join(text[:end].split()), rest)
    else:
        rest = rest.lstrip(":.").lstrip(" ")
        if rest.startswith("\n"):
            rest = rest.lstrip("\n")
        new = rest[:1].upper() + rest[1:]
    lines[:] = new.split("\n") if new.strip() else []


# autodoc takes a class's signature from ``__new__`` before ``__init__``; a class that
# defines ``__init__`` but inherits ``__new__`` (Parameter from Tensor) is documented with
# the arguments of its own ``__init__``.
def _init_signature(app, what, name, obj, options, signature, return_annotation):
    if what == "class" and "__init__" in vars(obj) and "__new__" not in vars(obj):
        try:
            sig = inspect.signature(obj.__init__)
        except (TypeError, ValueError):
            return None
        params = list(sig.parameters.values())[1:]
        return str(sig.replace(parameters=params)), return_annotation
    return None


# MindSpore lists a Cell's inputs as ``- **x** (Tensor) - the input.``; napoleon reads its
# "Inputs" section as parameters, ``x (Tensor): the input.``, and mangles the former (the
# dashes and the bold become part of the name). Rewritten before napoleon runs.
_MS_INPUT = re.compile(r"^(\s*)- \*\*([\w*]+)\*\* \((.+?)\) - (.*)$")


def _ms_inputs(app, what, name, obj, options, lines):
    lines[:] = [_MS_INPUT.sub(r"\1\2 (\3): \4", line) for line in lines]


# A constant without a doc comment of its own (``ms.float32``, ``ms.GRAPH_MODE``) would show
# its type's docstring (int's, for GRAPH_MODE): it is described by its type instead.
def _constant_doc(app, what, name, obj, options, lines):
    if what != "data" or inspect.isclass(obj) or inspect.isroutine(obj):
        return
    kind = type(obj)
    if "\n".join(lines).strip() != inspect.cleandoc(kind.__doc__ or "").strip():
        return
    if kind.__module__ == "builtins":
        role = ":class:`%s`" % kind.__qualname__
    else:
        role = ":class:`~%s.%s`" % (kind.__module__, kind.__qualname__)
    lines[:] = ["A constant of type %s." % role, ""]


# MindSpore's names end in "_" (``bool_``, ``uniform_``, ``from_``): written bare in a
# docstring, reStructuredText reads ``name_`` as a link to a target "name", an error. Such a
# word outside literals, roles, doctests and literal/directive blocks gets its "_" escaped
# (and stray "*", see _stars).
_NO_MARKUP = re.compile(r"(``.+?``|:[\w:.-]+:`[^`]*`|`[^`]*`_{0,2})")
_WORD_ = re.compile(r"(?<![\w\\])([A-Za-z]\w*?)_(?![\w`])")


def _escape_underscores(app, what, name, obj, options, lines):
    skip_indent = None  # inside a literal or directive block indented deeper than this
    doctest = False
    for i, line in enumerate(lines):
        stripped = line.strip()
        indent = len(line) - len(line.lstrip())
        if not stripped:
            doctest = False
            continue
        if skip_indent is not None:
            if indent > skip_indent:
                continue
            skip_indent = None
        if doctest or stripped.startswith(">>>"):
            doctest = True
            continue
        if stripped.endswith("::") or stripped.startswith(".. "):
            skip_indent = indent
            if stripped.startswith(".. "):
                continue
        parts = _NO_MARKUP.split(line)
        parts[::2] = [_stars(_WORD_.sub(r"\1\\_", part)) for part in parts[::2]]
        lines[i] = "".join(parts)


# Shapes and signatures in prose, ``(N, C, *)``, ``(*, M)``, ``(N, *output_size)``, would
# open emphasis that never closes: a "*" before ",)]" or a word with no "*" after it on the
# line is escaped (``*word*`` and ``**bold**`` stay markup).
_STAR_PUNCT = re.compile(r"(?:(?<=[\s(\[])|^)\*(?=[,)\]])")
_STAR_WORD = re.compile(r"(?<![\\*\w])\*(?=\w[^*]*$)")


def _stars(text):
    if "*" not in text:
        return text
    return _STAR_WORD.sub(r"\\*", _STAR_PUNCT.sub(r"\\*", text))


def setup(app):
    app.connect("autodoc-process-docstring", _escape_underscores, priority=600)
    app.connect("autodoc-process-docstring", _constant_doc, priority=300)
    app.connect("autodoc-process-docstring", _ms_inputs, priority=400)  # napoleon: 500
    app.connect("autodoc-process-docstring", _leading_call)
    app.connect("autodoc-process-signature", _init_signature)
