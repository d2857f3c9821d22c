"""What the surface-distance metrics share: the checks of their inputs, the surface (edge)
voxels of a label mask, and the distance of each surface voxel of one mask to the surface of
the other (scipy.ndimage's exact Euclidean or chamfer distance transforms)."""
import numpy as np

from mindcell import _checkparam as validator

DISTANCE_METRICS = ["euclidean", "chessboard", "taxicab"]


def check_distance_metric(distance_metric):
    distance_metric = validator.check_value_type("distance_metric", distance_metric, [str])
    return validator.check_string(distance_metric, DISTANCE_METRICS, "distance_metric")


def masks(metric, inputs, label_error=ValueError):
    """The boolean masks of ``label_idx`` in (y_pred, y), from ``update``'s three inputs."""
    owner = type(metric).__name__
    if len(inputs) != 3:
        raise ValueError("For '{}.update', it needs 3 inputs (predicted value, true value, label "
                         "index), but got {}.".format(owner, len(inputs)))
    y_pred, y = metric._convert_data(inputs[0]), metric._convert_data(inputs[1])
    label_idx = inputs[2]
    if isinstance(label_idx, bool) or not isinstance(label_idx, (int, float)):
        raise label_error("For '{}.update', the label index (input[2]) must be int or float, but "
                          "got {}.".format(owner, type(label_idx)))
    if label_idx not in y_pred and label_idx not in y:
        raise ValueError("For '{}.update', the label index (input[2]) must be in predicted value "
                         "(input[0]) or true value (input[1]), but {} is not."
                         .format(owner, label_idx))
    if y_pred.size == 0 or y_pred.shape != y.shape:
        raise ValueError("For '{}.update', the predicted value (input[0]) and true value "
                         "(input[1]) must be non-empty and of the same shape, but got shapes {} "
                         "and {}.".format(owner, y_pred.shape, y.shape))
    if y_pred.dtype != bool:
        y_pred = y_pred == label_idx
    if y.dtype != bool:
        y = y == label_idx
    return y_pred, y


def edges(mask):
    """The voxels of ``mask`` that its binary erosion removes (its surface)."""
    from scipy import ndimage
    return ndimage.binary_erosion(mask) ^ mask


def surface_distances(from_edges, to_edges, distance_metric, empty_target=np.inf):
    """The distance of each voxel of ``from_edges`` to the nearest voxel of ``to_edges`` (an
    empty array if ``from_edges`` is empty; ``inf`` each if ``to_edges`` is)."""
    from scipy import ndimage
    if not np.any(from_edges):
        return np.array([])
    if not np.any(to_edges):
        dist = np.full(to_edges.shape, empty_target)
    elif distance_metric == "euclidean":
        dist = ndimage.distance_transform_edt(~to_edges)
    else:
        dist = ndimage.distance_transform_cdt(~to_edges, metric=distance_metric)
    return dist[from_edges]


def not_updated():
    return RuntimeError("Please call the 'update' method before calling 'eval' method.")
