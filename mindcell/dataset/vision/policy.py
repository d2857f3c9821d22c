"""Augmentation policies of ``mindcell.dataset.vision``: ``RandomSelectSubpolicy`` (one of
several lists of (transform, probability) steps) and ``UniformAugment`` (a few transforms
picked at random)."""
from mindcell.dataset import config
from mindcell.dataset.transforms.transforms import TensorOperation, chain, check_transforms
from mindcell.dataset.vision import _checks as chk

__all__ = ["RandomSelectSubpolicy", "UniformAugment"]


class RandomSelectSubpolicy(TensorOperation):
    """RandomSelectSubpolicy(policy): pick one sub-policy of ``policy`` uniformly at random and
    run its steps in order; each step is an (op, prob) pair that applies ``op`` with
    probability ``prob``.

    Args:
        policy (list[list[tuple]]): the sub-policies, each a non-empty list of
            (transform, probability) pairs, the probability in [0, 1].

    Returns:
        The output of the last step applied (the input when none applies).

    Raises:
        TypeError: ``policy`` is not a list of lists, an op is not callable, or a probability
            is not a number.
        ValueError: ``policy`` or a sub-policy is empty, a step is not a pair, or a
            probability is outside [0, 1].

    Examples:
        >>> import numpy as np
        >>> from mindcell.dataset import vision
        >>> policy = [[(vision.Invert(), 1.0), (vision.HorizontalFlip(), 1.0)]]
        >>> vision.RandomSelectSubpolicy(policy)(np.array([[[0, 0, 0], [9, 9, 9]]],
        ...                                               np.uint8)).tolist()
        [[[246, 246, 246], [255, 255, 255]]]
    """

    def __init__(self, policy):
        op = "RandomSelectSubpolicy"
        if not isinstance(policy, list):
            raise TypeError("%s: 'policy' must be a list of sub-policies, but got %r"
                            % (op, policy))
        if not policy:
            raise ValueError("%s: 'policy' can not be empty" % op)
        for i, sub in enumerate(policy):
            if not isinstance(sub, list):
                raise TypeError("%s: policy[%d] must be a list of (op, prob), but got %r"
                                % (op, i, sub))
            if not sub:
                raise ValueError("%s: policy[%d] can not be empty" % (op, i))
            for j, step in enumerate(sub):
                if not isinstance(step, (list, tuple)) or len(step) != 2:
                    raise ValueError("%s: policy[%d][%d] must be an (op, prob) 2-tuple, but "
                                     "got %r" % (op, i, j, step))
                if not callable(step[0]):
                    raise TypeError("%s: the op of policy[%d][%d] is not a transform or a "
                                    "callable, but %r" % (op, i, j, step[0]))
                chk.number(op, "prob of policy[%d][%d]" % (i, j), step[1], 0, 1)
        self.policy = [[(t, float(p)) for t, p in sub] for sub in policy]

    def __call__(self, *inputs):
        rng = config.transform_rng()
        values = inputs[0] if len(inputs) == 1 else tuple(inputs)
        for t, p in self.policy[int(rng.integers(len(self.policy)))]:
            if rng.random() < p:
                values = chain([t], values if isinstance(values, tuple) else (values,))
        return values


class UniformAugment(TensorOperation):
    """UniformAugment(transforms, num_ops=2): pick ``num_ops`` of ``transforms`` without
    repetition, in a random order, and apply each with probability 0.5.

    Args:
        transforms (list[callable]): the transforms to pick from.
        num_ops (int, optional): how many to pick, in [1, len(transforms)]. Default: ``2``.

    Returns:
        The output of the last transform applied (the input when none applies).

    Raises:
        TypeError: ``transforms`` is not a list of callables or ``num_ops`` not an int.
        ValueError: ``num_ops`` is below 1 or above the number of transforms.

    Examples:
        >>> import numpy as np
        >>> from mindcell.dataset import vision
        >>> op = vision.UniformAugment([vision.Invert(), vision.HorizontalFlip()], 2)
        >>> op(np.zeros((2, 2, 3), np.uint8)).shape
        (2, 2, 3)
    """

    def __init__(self, transforms, num_ops=2):
        self.transforms = check_transforms("UniformAugment", transforms)
        self.num_ops = chk.number("UniformAugment", "num_ops", num_ops, 1, chk._MAX, True)
        if self.num_ops > len(self.transforms):
            raise ValueError("UniformAugment: 'num_ops' %d is greater than the number of "
                             "transforms %d" % (self.num_ops, len(self.transforms)))

    def __call__(self, *inputs):
        rng = config.transform_rng()
        picked = rng.permutation(len(self.transforms))[:self.num_ops]
        values = inputs[0] if len(inputs) == 1 else tuple(inputs)
        for i in picked:
            if rng.random() < 0.5:
                values = chain([self.transforms[i]], values if isinstance(values, tuple)
                               else (values,))
        return values
