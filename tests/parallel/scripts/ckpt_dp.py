"""Checkpoints in data parallel on N ranks: ``ckpt_dp.py DIR``. Every rank trains, saves with
ModelCheckpoint and save_checkpoint (own_<rank>.ckpt, then net.ckpt) into the shared DIR, loads
net.ckpt after a barrier and writes what it loaded to DIR/loaded_<rank>.npz."""
import os
import sys

import numpy as np

import mindcell as ms
import mindcell.dataset as ds
from mindcell import nn
from mindcell.train import CheckpointConfig, Model, ModelCheckpoint
from mindcell.communication import barrier, init, get_rank, get_group_size


def main():
    out = sys.argv[1]
    init()
    ms.set_seed(get_rank() + 1)  # different initial weights: only the broadcast equalises them
    ms.set_auto_parallel_context(parallel_mode=ms.ParallelMode.DATA_PARALLEL,
                                 gradients_mean=True, parameter_broadcast=True)
    net = nn.Dense(4, 3)
    x = np.random.default_rng(0).standard_normal((8, 4)).astype(np.float32)
    y = np.zeros((8, 3), np.float32)
    data = ds.NumpySlicesDataset((x, y), num_shards=get_group_size(), shard_id=get_rank(),
                                 shuffle=False).batch(2)
    model = Model(net, nn.MSELoss(), nn.SGD(net.trainable_params(), 0.1))
    cb = ModelCheckpoint(prefix="cb", directory=out,
                            config=CheckpointConfig(save_checkpoint_steps=2,
                                                       keep_checkpoint_max=1))
    model.train(1, data, callbacks=[cb])
    # a name of each rank's own shows which ranks wrote
    ms.save_checkpoint(net, os.path.join(out, "own_%d.ckpt" % get_rank()))
    ms.save_checkpoint(net, os.path.join(out, "net.ckpt"))
    barrier()  # the other ranks do not wait for rank 0's file by themselves
    loaded = ms.load_checkpoint(os.path.join(out, "net.ckpt"))
    np.savez(os.path.join(out, "loaded_%d.npz" % get_rank()),
             **{k: v.asnumpy() for k, v in loaded.items()},
             latest=np.array(os.path.basename(cb.latest_ckpt_file_name)))


if __name__ == "__main__":
    main()
