"""ms.STRICT / COMPATIBLE / LAX, set_context(jit_syntax_level=...) checks and get_context's value,
ms_memory_recycle()."""
from _target import ms, emit, emit_err

emit("levels", [ms.STRICT, ms.COMPATIBLE, ms.LAX])
emit("level_types", [type(v).__name__ for v in (ms.STRICT, ms.COMPATIBLE, ms.LAX)])
emit("default_level", ms.get_context("jit_syntax_level"))
for value in (ms.STRICT, ms.COMPATIBLE, ms.LAX, True):
    ms.set_context(jit_syntax_level=value)
    emit("set_%r" % (value,), ms.get_context("jit_syntax_level"))
for value in (3, -1, "STRICT", 1.0, None):
    emit_err("bad_%r" % (value,), ms.set_context, jit_syntax_level=value)
ms.set_context(jit_syntax_level=ms.LAX)
emit("memory_recycle", ms.ms_memory_recycle())
