"""The helpers MindSpore's ``nn.Optimizer`` gives the optimizers users derive from it: a
subclass's ``construct`` calls ``flatten_gradients``, ``decay_weight``,
``gradients_centralization`` and ``scale_grad`` on the gradients, reads ``get_lr()`` and maps
its update over ``self._parameters`` with ``self.hyper_map``."""
import numpy as np

from mindcell.common.tensor import Tensor
from mindcell.ops import functional as F


class OptimizerSubclassAPI:
    """Mixed into :class:`Optimizer`; reads its ``parameters``, ``group_wd``, ``group_lr``,
    ``loss_scale`` and ``learning_rate``."""

    @property
    def _parameters(self):
        """The optimized Parameters (MindSpore's name for ``self.parameters``)."""
        return self.parameters

    def flatten_gradients(self, gradients):
        """The gradients as given: mindcell never packs parameters into flat buffers."""
        return gradients

    def gradients_centralization(self, gradients):
        """The gradients as given, as MindSpore 2.10 returns them on the CPU even for groups
        with ``grad_centralization``."""
        return gradients

    def decay_weight(self, gradients):
        """``g + weight_decay * param`` for each decayed parameter (``decay_flags``; a group's
        own decay with groups). As in MindSpore the decay is multiplied by ``loss_scale`` so
        that :meth:`scale_grad` divides it back out."""
        if not self.exec_weight_decay:
            return gradients
        return tuple(F.add(g, F.mul(p, wd * self.loss_scale)) if wd else g
                     for p, g, wd in zip(self.parameters, gradients, self.group_wd))

    def scale_grad(self, gradients):
        """The gradients divided by ``loss_scale`` (unchanged when it is 1)."""
        if not self.need_scale:
            return gradients
        return tuple(F.div(g, self.loss_scale) for g in gradients)

    def get_weight_decay(self):
        """The weight decay times ``loss_scale``: a 0-d float32 Tensor, or with parameter
        groups a tuple with one per parameter (the ``weight_decay`` attribute, as in
        MindSpore)."""
        return self.weight_decay

    def get_lr_parameter(self, param):
        """The learning rate of ``param`` (a Parameter, or a list of them for a list): the
        optimizer's ``learning_rate``, or the group's own rate."""
        if isinstance(param, (list, tuple)):
            return [self.get_lr_parameter(p) for p in param]
        ids = [id(p) for p in self.parameters]
        if id(param) not in ids:
            raise ValueError("%s.get_lr_parameter: %r is not one of the optimized Parameters"
                             % (type(self).__name__, getattr(param, "name", param)))
        lr = self.group_lr[ids.index(id(param))]
        if not self.is_group_lr or lr is _default_marker():
            return self.learning_rate
        return lr if not isinstance(lr, (int, float, list, tuple)) else Tensor(
            np.asarray(lr, np.float32))

    def broadcast_params(self, optim_result):
        """``optim_result``: a one-process optimizer has no parameter shards to gather."""
        return optim_result

    # Where the update runs. mindcell runs on the host, so the target is 'CPU' (MindSpore's
    # value on its CPU backend) and cannot become a device.
    _target = "CPU"
    _is_device = False

    @property
    def target(self):
        """Where the parameters are updated: ``'CPU'``. Setting it raises NotImplementedError
        except on the optimizers that allow it (Adam, FTRL), whose setter calls
        :meth:`_set_base_target`; subclasses may do the same."""
        return self._target

    @target.setter
    def target(self, value):
        raise NotImplementedError

    def _set_base_target(self, value):
        """Set ``target`` as MindSpore checks it: a str among 'CPU', 'Ascend', 'GPU' (TypeError,
        ValueError otherwise), and not a device in the CPU environment (ValueError)."""
        if not isinstance(value, str):
            raise TypeError("For 'Optimizer', the property 'target' must be string, but got %s"
                            % type(value))
        if value not in ("CPU", "Ascend", "GPU"):
            raise ValueError("For 'Optimizer', the property 'target' must be one of ['CPU', "
                             "'Ascend' ,'GPU'], but got %s" % value)
        if value != "CPU":
            raise ValueError("For 'Optimizer', the property 'target' cannot be set to 'GPU' or "
                             "'Ascend' in the 'CPU' environment.")
        self._is_device = False
        self._target = value

    def _grad_sparse_indices_deduplicate(self, gradients):
        """The gradients as given: MindSpore deduplicates sparse-gradient indices only on a
        device target, and the target here is the CPU."""
        return gradients


def _default_marker():
    from mindcell.nn.optim.optimizer import _DEFAULT
    return _DEFAULT
