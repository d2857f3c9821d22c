"""``mindspore.train._utils``: the two private helpers of MindSpore's training package that
model code imports directly (checkpoint callbacks, summary writers, reinforcement-learning
trainers): :func:`_make_directory` and :func:`check_value_type`."""
import os
from collections.abc import Iterable

_MAX_PATH_LENGTH = 1024  # MindSpore's limit on a directory path


def _make_directory(path, arg_name="path"):
    """Create directory ``path`` (and its parents) if it does not exist, mode 0o700, and
    return its real absolute path.

    Args:
        path (str): the directory.
        arg_name (str, optional): the argument's name in error messages. Default: ``'path'``.

    Returns:
        str, ``os.path.realpath(path)``.

    Raises:
        TypeError: ``path`` is not a str, or the directory cannot be written.
        ValueError: ``path`` is blank or its real path is longer than 1024 characters.
        NotADirectoryError: ``path`` names a file.

    Examples:
        >>> import os, tempfile
        >>> from mindcell.train._utils import _make_directory
        >>> d = _make_directory(os.path.join(tempfile.mkdtemp(), "ckpt", "run1"))
        >>> os.path.isdir(d)
        True
    """
    if not isinstance(path, str):
        raise TypeError("The {} is invalid, the type should be string.".format(arg_name))
    if path.strip() == "":
        raise ValueError("The {} is invalid, it should be non-blank.".format(arg_name))
    path = os.path.realpath(path)
    if len(path) > _MAX_PATH_LENGTH:
        raise ValueError("The {} length is too long, it should be limited in {}."
                         .format(arg_name, _MAX_PATH_LENGTH))
    if os.path.exists(path):
        if not os.path.isdir(path):
            raise NotADirectoryError("The path({}) is a file path, it should be a directory "
                                     "path.".format(path))
        return path
    try:
        os.makedirs(path, mode=0o700, exist_ok=True)
    except PermissionError as e:
        raise TypeError("No write permission on the directory.") from e
    return path


def check_value_type(arg_name, arg_value, valid_types):
    """Raise TypeError unless ``arg_value`` is an instance of ``valid_types`` (a type or an
    iterable of types); a bool passes only when ``bool`` itself is listed.

    Args:
        arg_name (str): the argument's name in the error message.
        arg_value (Any): the value to check.
        valid_types (Union[type, Iterable[type]]): the accepted types.

    Returns:
        None.

    Raises:
        TypeError: ``arg_value`` is not of a valid type.

    Examples:
        >>> from mindcell.train._utils import check_value_type
        >>> check_value_type("num", 3, [int, float])
        >>> check_value_type("num", True, int)
        Traceback (most recent call last):
        ...
        TypeError: For `num` the type should be a valid type of ['int'], but got bool.
    """
    valid_types = tuple(valid_types) if isinstance(valid_types, Iterable) else (valid_types,)
    valid = isinstance(arg_value, valid_types) and not (
        isinstance(arg_value, bool) and bool not in valid_types)
    if not valid:
        raise TypeError("For `{}` the type should be a valid type of {}, but got {}.".format(
            arg_name, [t.__name__ for t in valid_types], type(arg_value).__name__))
