"""Readers for ``../shared/surface`` (MindSpore 2.10's public names and signatures, and the names
public MindSpore code uses), and signature comparison. Used by test_surface_coverage.py."""
import importlib
import inspect
import json
import re
from pathlib import Path

SURFACE = Path(__file__).resolve().parents[2].parent / "shared" / "surface"
_SECTION = re.compile(r"^### `([^`]+)` \(")
# | # | name | files | repos | mc | 2.10 | ...   (per-module tables)
_MODULE_ROW = re.compile(r"^\| \d+ \| `([^`]+)` \| (\d+) \| \d+ \| [^|]* \| ([^|]*) \|")
# | # | module | name | kind | files | ...          (the top-150 table)
_TOP_ROW = re.compile(r"^\| \d+ \| `([^`]+)` \| `([^`]+)` \| \w+ \| (\d+) \|")


def available():
    return (SURFACE / "usage.md").exists() and (SURFACE / "mindspore-2.10.json").exists()


def used_names():
    """{(module path, name): (files, in the 2.10 surface at that path)} from usage.md."""
    used, module, section = {}, None, ""
    for line in (SURFACE / "usage.md").read_text().splitlines():
        if line.startswith("## "):
            section = line
        m = _SECTION.match(line)
        if m:
            module = m.group(1)
            continue
        if section.startswith("## Names by module path"):
            m = _MODULE_ROW.match(line)
            if m and module:
                used[(module, m.group(1))] = (int(m.group(2)), m.group(3).strip() == "yes")
        elif section.startswith("## Top 150"):
            m = _TOP_ROW.match(line)
            if m:
                used.setdefault((m.group(1), m.group(2)), (int(m.group(3)), True))
    return used


def mindspore_surface():
    return json.loads((SURFACE / "mindspore-2.10.json").read_text())


def lookup(module_path, name):
    """The object mindcell has at ``mindspore<module_path>.<name>``, or None."""
    try:
        module = importlib.import_module("mindcell" + ("" if module_path == "." else module_path))
    except ImportError:
        return None
    return getattr(module, name, None)


def _split_params(text):
    """Top-level comma split of a signature string's parameter list."""
    body, parts, depth, cur = text.strip()[1:text.rindex(")")], [], 0, ""
    for ch in body:
        depth += ch in "([{<"
        depth -= ch in ")]}>"
        if ch == "," and depth == 0:
            parts.append(cur.strip())
            cur = ""
        else:
            cur += ch
    return parts + ([cur.strip()] if cur.strip() else [])


_DTYPE_DEFAULT = re.compile(r"^mindspore\.(\w+)$")


def _normal_default(text):
    """MindSpore prints dtype defaults as ``mindspore.float32``; mindcell as ``Float32``."""
    m = _DTYPE_DEFAULT.match(text)
    if m:
        return m.group(1).replace("_", "").lower()
    return text.lower() if re.match(r"^[A-Z][a-z]+\d*$", text) else text


def parameters(sig_text):
    """[(name, default text or None)] without ``self`` and ``/``, annotations dropped."""
    out = []
    for p in _split_params(sig_text):
        if p in ("self", "/"):
            continue
        name = re.split(r"[:=]", p)[0].strip()
        default = p.split("=", 1)[1].strip() if "=" in p else None
        out.append((name, None if default is None else _normal_default(default)))
    return out


def signature_text(obj):
    """What the surface dump records as the signature of ``obj`` (its __init__ for classes)."""
    target = obj.__init__ if inspect.isclass(obj) and "__init__" in vars(obj) else obj
    try:
        return str(inspect.signature(target))
    except (TypeError, ValueError):
        return None


def _no_address(default):
    """A default's text without an object address: two lambdas (or functions) of the same name
    are the same default ('<function <lambda> at 0x7f..>')."""
    return re.sub(r" at 0x[0-9a-fA-F]+", "", default) if isinstance(default, str) else default


def signature_difference(ms_sig, obj):
    """None when mindcell's ``obj`` takes MindSpore's parameters (names, order, defaults) ...,
    else a short description of the first difference."""
    if ms_sig is None:
        return None
    ms_params = parameters(ms_sig)
    if ms_params == [("*args", None), ("**kwargs", None)]:
        return None  # MindSpore's signature says nothing
    mine_text = signature_text(obj)
    if mine_text is None:
        return "mindcell's signature cannot be read"
    # mindcell's own trailing ``name`` is ignored where MindSpore's callable has none
    ms_names = [n for n, _ in ms_params]
    mine = [p for p in parameters(mine_text)
            if p[0] != "name" or not ms_params or "name" in ms_names]
    if inspect.isclass(obj) and not ms_params and [n for n, _ in mine] in (
            [], ["name"], ["auto_prefix", "flags"]):
        return None  # a class whose MindSpore __init__ takes nothing
    if ms_names != [n for n, _ in mine]:
        return "parameters %s, MindSpore has %s" % ([n for n, _ in mine],
                                                      [n for n, _ in ms_params])
    for (name, want), (_, got) in zip(ms_params, mine):
        if _no_address(want) != _no_address(got):
            return "default of %r is %s, MindSpore's is %s" % (name, got, want)
    return None
