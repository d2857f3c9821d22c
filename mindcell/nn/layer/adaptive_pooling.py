"""Adaptive pooling cells for any output size: window i of a dim of length L pooled to n
covers [floor(i*L/n), ceil((i+1)*L/n))."""
from mindcell.nn.cell import Cell
from mindcell.ops import functional as F


def _check_size(output_size, n, owner, allow_none):
    sizes = output_size if isinstance(output_size, (tuple, list)) else (output_size,) * n
    ok = len(sizes) == n and all(
        (o is None and allow_none) or (isinstance(o, int) and not isinstance(o, bool) and o > 0)
        for o in sizes)
    if not ok:
        raise ValueError("%s: 'output_size' must be a positive int%s or %d of them, but got %r"
                         % (owner, " (or None)" if allow_none else "", n, output_size))
    return output_size


class AdaptiveAvgPool1d(Cell):
    """AdaptiveAvgPool1d(output_size): mean over adaptive windows of (N, C, L) input."""

    def __init__(self, output_size):
        super().__init__()
        self.output_size = _check_size(output_size, 1, "AdaptiveAvgPool1d", False)

    def construct(self, input):
        return F.adaptive_avg_pool1d(input, self.output_size)


class AdaptiveMaxPool1d(Cell):
    """AdaptiveMaxPool1d(output_size): max over adaptive windows of (N, C, L) input."""

    def __init__(self, output_size):
        super().__init__()
        self.output_size = _check_size(output_size, 1, "AdaptiveMaxPool1d", False)

    def construct(self, input):
        return F.adaptive_max_pool1d(input, self.output_size)


class AdaptiveAvgPool2d(Cell):
    """AdaptiveAvgPool2d(output_size): mean over adaptive windows of (N)CHW input; an int, or
    (H, W) where None keeps that input size."""

    def __init__(self, output_size):
        super().__init__()
        self.output_size = _check_size(output_size, 2, "AdaptiveAvgPool2d", True)

    def construct(self, input):
        return F.adaptive_avg_pool2d(input, self.output_size)


class AdaptiveMaxPool2d(Cell):
    """AdaptiveMaxPool2d(output_size, return_indices=False): max over adaptive windows of
    (N)CHW input; with ``return_indices`` also the int64 flat index h*W+w of each max."""

    def __init__(self, output_size, return_indices=False):
        super().__init__()
        self.output_size = _check_size(output_size, 2, "AdaptiveMaxPool2d", True)
        if not isinstance(return_indices, bool):
            raise TypeError("AdaptiveMaxPool2d: 'return_indices' must be a bool, but got %r"
                            % (return_indices,))
        self.return_indices = return_indices

    def construct(self, input):
        return F.adaptive_max_pool2d(input, self.output_size, self.return_indices)
