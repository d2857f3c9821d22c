"""list methods on lists of tensors and numbers inside construct / ms.jit (GRAPH_MODE)."""
from _syntax_util import ms, np, run, f32
from _target import nn

ms.set_context(mode=ms.GRAPH_MODE)
X = f32(1.0, 2.0)


@ms.jit
def list_append(x):
    a = [x]
    a.append(x * 2)
    return a[0] + a[1], len(a)


@ms.jit
def list_insert(x):
    a = [x, x * 3]
    a.insert(1, x * 2)
    return a[1], len(a)


@ms.jit
def list_pop(x):
    a = [x, x * 2, x * 3]
    b = a.pop()
    return b, len(a)


@ms.jit
def list_pop_index(x):
    a = [1, 2, 3]
    b = a.pop(0)
    return x * b, a


@ms.jit
def list_extend(x):
    a = [x]
    a.extend([x + 1, x + 2])
    return a[2], len(a)


@ms.jit
def list_reverse(x):
    a = [1, 2, 3]
    a.reverse()
    return x * a[0], a


@ms.jit
def list_index(x):
    a = [3, 5, 7]
    return x * a.index(5)


@ms.jit
def list_count(x):
    a = [1, 2, 2, 3]
    return x * a.count(2)


@ms.jit
def list_concat_slice(x):
    a = [x, x + 1] + [x + 2]
    b = a[1:]
    return b[-1], len(b)


@ms.jit
def list_setitem(x):
    a = [x, x]
    a[1] = x * 10
    return a[1]


class ListCell(nn.Cell):
    def construct(self, x):
        out = []
        for i in range(3):
            out.append(x * i)
        out.reverse()
        return out[0] + out[2]


@ms.jit
def list_return(x):
    return [x, x * 2]


@ms.jit
def list_clear(x):
    a = [1, 2]
    a.clear()
    return x, len(a)


run("list.append", list_append, X)
run("list.insert", list_insert, X)
run("list.pop", list_pop, X)
run("list.pop_index", list_pop_index, X)
run("list.extend", list_extend, X)
run("list.reverse", list_reverse, X)
run("list.index", list_index, X)
run("list.count", list_count, X)
run("list.concat_slice", list_concat_slice, X)
run("list.setitem", list_setitem, X)
run("list.cell_append_reverse", ListCell(), X)
run("list.return", list_return, X)
run("list.clear", list_clear, X)
