"""MindSpore's abstract dataset classes: SourceDataset, MappableDataset and the data-family bases
VisionBaseDataset, TextBaseDataset, AudioBaseDataset and UnionBaseDataset.

Programs import them, subclass them and test ``isinstance(data, ds.MappableDataset)``. mindcell's
datasets keep their own class tree; each of these classes counts a mindcell dataset class as its
subclass exactly when MindSpore 2.10's class of the same public name is one (the tables below,
read from MindSpore with ``issubclass``), and a user's subclass of one of them is an ordinary
subclass."""
from mindcell.dataset.engine import Dataset

_UNARY = ("BatchDataset", "BucketBatchByLengthDataset", "ConcatDataset", "FilterDataset",
          "MapDataset", "PaddedBatchDataset", "ProjectDataset", "RenameDataset", "RepeatDataset",
          "ShuffleDataset", "SkipDataset", "SyncWaitDataset", "TakeDataset", "ZipDataset")
_UNION = _UNARY + ("CSVDataset", "Caltech101Dataset", "Flowers102Dataset", "GeneratorDataset",
                   "MindDataset", "NumpySlicesDataset", "OBSMindDataset", "PaddedDataset",
                   "SBDataset", "SVHNDataset", "TFRecordDataset")
_MAPPABLE = (
    "CMUArcticDataset", "Caltech101Dataset", "Caltech256Dataset", "CelebADataset",
    "Cifar100Dataset", "Cifar10Dataset", "CityscapesDataset", "CocoDataset", "DIV2KDataset",
    "EMnistDataset", "FakeImageDataset", "FashionMnistDataset", "FlickrDataset",
    "Flowers102Dataset", "Food101Dataset", "GTZANDataset", "GeneratorDataset", "IMDBDataset",
    "ImageFolderDataset", "KITTIDataset", "KMnistDataset", "LFWDataset", "LJSpeechDataset",
    "LSUNDataset", "LibriTTSDataset", "ManifestDataset", "MindDataset", "MnistDataset",
    "NumpySlicesDataset", "OBSMindDataset", "OmniglotDataset", "PaddedDataset",
    "PhotoTourDataset", "Places365Dataset", "QMnistDataset", "RenderedSST2Dataset", "SBDataset",
    "SBUDataset", "STL10Dataset", "SUN397Dataset", "SVHNDataset", "SemeionDataset",
    "SpeechCommandsDataset", "TedliumDataset", "VOCDataset", "WIDERFaceDataset", "YesNoDataset")
_TEXT_ONLY = ("AGNewsDataset", "AmazonReviewDataset", "CLUEDataset", "CoNLL2000Dataset",
              "DBpediaDataset", "EnWik9Dataset", "IMDBDataset", "IWSLT2016Dataset",
              "IWSLT2017Dataset", "Multi30kDataset", "PennTreebankDataset", "SQuADDataset",
              "SST2Dataset", "SogouNewsDataset", "TextFileDataset", "UDPOSDataset",
              "WikiTextDataset", "YahooAnswersDataset", "YelpReviewDataset")
_AUDIO_ONLY = ("CMUArcticDataset", "GTZANDataset", "LJSpeechDataset", "LibriTTSDataset",
               "SpeechCommandsDataset", "TedliumDataset", "YesNoDataset")
_VISION_ONLY = (
    "Caltech256Dataset", "CelebADataset", "Cifar100Dataset", "Cifar10Dataset",
    "CityscapesDataset", "CocoDataset", "DIV2KDataset", "EMnistDataset", "FakeImageDataset",
    "FashionMnistDataset", "FlickrDataset", "Food101Dataset", "ImageFolderDataset",
    "KITTIDataset", "KMnistDataset", "LFWDataset", "LSUNDataset", "ManifestDataset",
    "MnistDataset", "OmniglotDataset", "PhotoTourDataset", "Places365Dataset", "QMnistDataset",
    "RandomDataset", "RenderedSST2Dataset", "SBUDataset", "STL10Dataset", "SUN397Dataset",
    "SemeionDataset", "USPSDataset", "VOCDataset", "WIDERFaceDataset")
_SOURCE_ONLY = ("AGNewsDataset", "AmazonReviewDataset", "CLUEDataset", "CSVDataset",
                "CoNLL2000Dataset", "DBpediaDataset", "EnWik9Dataset", "IWSLT2016Dataset",
                "IWSLT2017Dataset", "Multi30kDataset", "PennTreebankDataset", "RandomDataset",
                "SQuADDataset", "SST2Dataset", "SogouNewsDataset", "TFRecordDataset",
                "TextFileDataset", "UDPOSDataset", "USPSDataset", "WikiTextDataset",
                "YahooAnswersDataset", "YelpReviewDataset")

_MEMBERS = {
    "SourceDataset": frozenset(_MAPPABLE + _SOURCE_ONLY),
    "MappableDataset": frozenset(_MAPPABLE),
    "VisionBaseDataset": frozenset(_UNION + _VISION_ONLY),
    "TextBaseDataset": frozenset(_UNION + _TEXT_ONLY),
    "AudioBaseDataset": frozenset(_UNION + _AUDIO_ONLY),
    "UnionBaseDataset": frozenset(_UNION),
}


class _FamilyMeta(type):
    """issubclass(k, Base) is True for real subclasses and for the mindcell dataset classes (or
    their subclasses) whose MindSpore namesake derives from Base."""

    def __subclasscheck__(cls, sub):
        if type.__subclasscheck__(cls, sub):
            return True
        members = _MEMBERS.get(cls.__name__, ())
        return any(k.__name__ in members and k.__module__.startswith("mindcell.dataset")
                   for k in getattr(sub, "__mro__", ()))

    def __instancecheck__(cls, obj):
        return cls.__subclasscheck__(type(obj))


class SourceDataset(Dataset, metaclass=_FamilyMeta):
    """SourceDataset: the abstract class of the datasets that read data (files, arrays, Python
    sources) rather than another dataset; every source of mindcell.dataset is one.

    Examples:
        >>> import numpy as np
        >>> import mindcell.dataset as ds
        >>> data = ds.NumpySlicesDataset({"x": np.arange(3)})
        >>> isinstance(data, ds.SourceDataset), isinstance(data.batch(2), ds.SourceDataset)
        (True, False)
    """


class MappableDataset(SourceDataset):
    """MappableDataset: the abstract class of the sources whose rows are read by index (so
    samplers and ``split`` apply), e.g. GeneratorDataset, NumpySlicesDataset, MnistDataset;
    TextFileDataset, CSVDataset and TFRecordDataset are sources that are not mappable.

    Examples:
        >>> import mindcell.dataset as ds
        >>> issubclass(ds.ImageFolderDataset, ds.MappableDataset)
        True
        >>> issubclass(ds.TextFileDataset, ds.MappableDataset)
        False
    """


class VisionBaseDataset(Dataset, metaclass=_FamilyMeta):
    """VisionBaseDataset: the abstract class of image datasets (and of the datasets of any
    kind of data: Python sources and the results of ``map``, ``batch`` ...).

    Examples:
        >>> import mindcell.dataset as ds
        >>> issubclass(ds.Cifar10Dataset, ds.VisionBaseDataset)
        True
        >>> issubclass(ds.TextFileDataset, ds.VisionBaseDataset)
        False
    """


class TextBaseDataset(Dataset, metaclass=_FamilyMeta):
    """TextBaseDataset: the abstract class of text datasets (and of the datasets of any kind of
    data: Python sources and the results of ``map``, ``batch`` ...).

    Examples:
        >>> import mindcell.dataset as ds
        >>> issubclass(ds.TextFileDataset, ds.TextBaseDataset)
        True
        >>> issubclass(ds.MnistDataset, ds.TextBaseDataset)
        False
    """


class AudioBaseDataset(Dataset, metaclass=_FamilyMeta):
    """AudioBaseDataset: the abstract class of audio datasets (and of the datasets of any kind
    of data: Python sources and the results of ``map``, ``batch`` ...).

    Examples:
        >>> import mindcell.dataset as ds
        >>> issubclass(ds.LJSpeechDataset, ds.AudioBaseDataset)
        True
        >>> issubclass(ds.MnistDataset, ds.AudioBaseDataset)
        False
    """


class UnionBaseDataset(VisionBaseDataset, TextBaseDataset, AudioBaseDataset):
    """UnionBaseDataset: the abstract class of the datasets that carry any kind of data (the
    Python and file-format sources, and the results of ``map``, ``batch``, ``zip`` ...).

    Examples:
        >>> import numpy as np
        >>> import mindcell.dataset as ds
        >>> data = ds.NumpySlicesDataset({"x": np.arange(4)}).map(lambda x: x + 1, ["x"])
        >>> isinstance(data, ds.UnionBaseDataset), isinstance(data, ds.VisionBaseDataset)
        (True, True)
    """
