"""The exception classes of ``mindspore.mindrecord`` (all subclasses of
:class:`MindRecordException`)."""

__all__ = ["MindRecordException", "ParamValueError", "ParamTypeError", "ParamMissError",
           "PathNotExistsError", "MRMInvalidSchemaError", "MRMBuildSchemaError",
           "MRMDefineIndexError", "MRMAddSchemaError", "MRMAddIndexError", "MRMOpenError",
           "MRMCommitError", "MRMValidateDataError", "MRMInvalidHeaderSizeError",
           "MRMInvalidPageSizeError"]


class MindRecordException(Exception):
    """The base of MindRecord's errors; ``str()`` is ``[ClassName]: what. Detail: why``."""

    what = "MindRecord error."

    def __init__(self, detail=None):
        text = "[%s]: %s" % (type(self).__name__, self.what)
        if detail:
            text += " Detail: %s" % detail
        super().__init__(text)


def _error(name, what):
    return type(name, (MindRecordException,), {"what": what, "__doc__": what,
                                               "__module__": __name__})


ParamValueError = _error("ParamValueError", "Invalid parameter value.")
ParamTypeError = _error("ParamTypeError", "Invalid parameter type.")
ParamMissError = _error("ParamMissError", "A required parameter is missing.")
PathNotExistsError = _error("PathNotExistsError", "The path does not exist.")
MRMInvalidSchemaError = _error("MRMInvalidSchemaError", "The schema is not valid.")
MRMBuildSchemaError = _error("MRMBuildSchemaError", "Failed to build the schema.")
MRMDefineIndexError = _error("MRMDefineIndexError", "Failed to define an index field.")
MRMAddSchemaError = _error("MRMAddSchemaError", "Failed to add the schema.")
MRMAddIndexError = _error("MRMAddIndexError", "Failed to add the index fields.")
MRMOpenError = _error("MRMOpenError", "Failed to open the MindRecord file.")
MRMCommitError = _error("MRMCommitError", "Failed to commit the MindRecord files.")
MRMValidateDataError = _error("MRMValidateDataError", "The data does not match the schema.")
MRMInvalidHeaderSizeError = _error("MRMInvalidHeaderSizeError", "The header size is not valid.")
MRMInvalidPageSizeError = _error("MRMInvalidPageSizeError", "The page size is not valid.")
