"""The functions mindcell.numpy's unary/binary factories make get their whole docstring from a
per-function record (issue 16): Args for each input and dtype, Returns, Raises and an Example
calling that very function."""
import inspect

import mindcell.numpy as mnp
from mindcell.numpy import _utils as U


def _factory_made():
    out = []
    for name in mnp.__all__:
        f = getattr(mnp, name)
        code = getattr(f, "__code__", None)
        if code is not None and code.co_filename == U.__file__ and code.co_name == "op":
            out.append((name, f))
    return out


def test_factory_functions_are_documented_from_records():
    made = _factory_made()
    assert len(made) >= 60, len(made)
    for name, f in made:
        doc = inspect.getdoc(f)
        params = list(inspect.signature(f).parameters)
        for section in ("Args:", "Returns:", "Raises:", "Examples:"):
            assert section in doc, (name, section)
        for p in params:
            assert "\n    %s (" % p in doc, (name, p)
        assert ">>> print(mnp.%s(" % f.__name__ in doc, name
        assert doc.startswith("%s(%s" % (f.__name__, ", ".join(params[:-1]))), name


def test_record_defaults_fill_only_missing_texts():
    d = U.Doc("s.", "1", "1", x="own x.").defaults(x="group x.", returns="group returns.")
    assert (d.x, d.returns) == ("own x.", "group returns.")
    doc = d.render("f", ("x",))
    assert "x (Union[" in doc and "own x." in doc and "group returns." in doc
    assert ">>> print(mnp.f(1))\n    1\n" in doc
