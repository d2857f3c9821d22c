"""Checkpoints of the naming trees (cases/_trees.py) written by one framework and read by the
other: a development tool run under both; tests read the MindSpore-written files.

    # write MindSpore checkpoints (committed, under ckpt/)
    ../shared/tools/ms-oracle tests/goldens/naming/checkpoints.py write-ms
    # write mindcell checkpoints to DIR, then load them into the same trees in MindSpore
    python tests/goldens/naming/checkpoints.py write-mc DIR
    ../shared/tools/ms-oracle tests/goldens/naming/checkpoints.py check DIR

Each tree whose parameter names are unique gets ``ckpt/<tree>.ckpt``; its parameters hold
``index + 1`` (their order in get_parameters) so a value loaded into the wrong place shows.
"""
import os
import sys

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
CKPT_DIR = os.path.join(HERE, "ckpt")
sys.path.insert(0, os.path.join(HERE, "cases"))
from _trees import trees  # noqa: E402


def unique_trees(ms):
    """``(tag, build)`` of the trees whose parameter names are unique (a checkpoint of the
    others keeps one entry per name, and MindSpore cannot load into them)."""
    out = []
    for tag, build in trees(ms):
        names = [p.name for p in build().get_parameters()]
        if names and len(set(names)) == len(names):
            out.append((tag, build))
    return out


def fill(ms, net):
    """Give parameter ``i`` (get_parameters order) the value ``i + 1`` everywhere."""
    for i, p in enumerate(net.get_parameters()):
        p.set_data(ms.Tensor(np.full(p.shape, i + 1, np.float32)))


def write(ms, folder):
    os.makedirs(folder, exist_ok=True)
    for tag, build in unique_trees(ms):
        net = build()
        fill(ms, net)
        ms.save_checkpoint(net, os.path.join(folder, tag + ".ckpt"))


def check(ms, folder):
    """Load every checkpoint of ``folder`` into its tree; report what did not load."""
    bad = 0
    for tag, build in unique_trees(ms):
        net = build()
        not_loaded, unused = ms.load_param_into_net(
            net, ms.load_checkpoint(os.path.join(folder, tag + ".ckpt")))
        values = [float(p.asnumpy().reshape(-1)[0]) for p in net.get_parameters()]
        ok = not not_loaded and not unused and values == [i + 1.0 for i in range(len(values))]
        bad += not ok
        print("%-45s %s" % (tag, "ok" if ok else (not_loaded, unused, values)))
    print("%d trees, %d failed" % (len(unique_trees(ms)), bad))
    return bad


def main(argv):
    if argv[:1] == ["write-ms"]:
        import mindspore as ms
        write(ms, CKPT_DIR)
    elif argv[:1] == ["write-mc"] and len(argv) == 2:
        import mindcell as ms
        write(ms, argv[1])
    elif argv[:1] == ["check"] and len(argv) == 2:
        import mindspore as ms
        return 1 if check(ms, argv[1]) else 0
    else:
        sys.exit(__doc__)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
