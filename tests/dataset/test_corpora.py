"""FashionMnistDataset, WikiText/Yelp/Amazon/SQuAD, VOC and Cityscapes sources and DatasetCache
beyond what tests/goldens/datasets/009 records from MindSpore: shuffling, sharding, caches in
pipelines, errors."""
import json

import numpy as np
import pytest

import mindcell.dataset as ds


def _texts(data):
    return [str(r[0]) for r in data.create_tuple_iterator(output_numpy=True)]


@pytest.fixture
def wiki(tmp_path):
    lines = ["line %d" % i for i in range(10)]
    (tmp_path / "wiki.train.tokens").write_text("\n".join(lines[:7]) + "\n")
    (tmp_path / "wiki.test.tokens").write_text("\n".join(lines[7:]) + "\n")
    (tmp_path / "wiki.valid.tokens").write_text("")
    return tmp_path, lines


def test_wikitext_shuffle_and_shards_cover_every_line_once(wiki):
    folder, lines = wiki
    ds.config.set_seed(3)
    shuffled = _texts(ds.WikiTextDataset(str(folder), usage="all"))
    assert sorted(shuffled) == sorted(lines) and shuffled != lines
    shards = [_texts(ds.WikiTextDataset(str(folder), usage="train", shuffle=False,
                                        num_shards=3, shard_id=k)) for k in range(3)]
    assert [len(s) for s in shards] == [3, 3, 3]  # ceil(7 / 3) each, wrapping around
    assert set(sum(shards, [])) == set(lines[:7])


def test_missing_files_are_named(tmp_path):
    (tmp_path / "train.csv").write_text('"1","a"\n')
    with pytest.raises(RuntimeError, match="test.csv"):
        ds.YelpReviewDataset(str(tmp_path), usage="all")
    with pytest.raises(RuntimeError, match="wiki.train.tokens"):
        ds.WikiTextDataset(str(tmp_path), usage="train")
    with pytest.raises(RuntimeError, match="dev-v1.1.json or dev-v2.0.json"):
        ds.SQuADDataset(str(tmp_path), usage="dev")


def test_review_record_with_wrong_field_count_names_the_dataset(tmp_path):
    (tmp_path / "test.csv").write_text('"1","title only"\n')
    data = ds.AmazonReviewDataset(str(tmp_path), usage="test")
    with pytest.raises(RuntimeError, match="AmazonReviewDataset: test.csv line 1 has 2 fields"):
        list(data)


def test_squad_v2_and_bad_json(tmp_path):
    qa = {"question": "Is it?", "answers": [], "is_impossible": True}
    doc = {"data": [{"paragraphs": [{"context": "No.", "qas": [qa]}]}]}
    (tmp_path / "train-v2.0.json").write_text(json.dumps(doc))
    row = next(ds.SQuADDataset(str(tmp_path), "train").create_tuple_iterator(output_numpy=True))
    assert row[2].tolist() == [""] and row[3].tolist() == [2 ** 32 - 1]
    (tmp_path / "dev-v1.1.json").write_text("{not json")
    with pytest.raises(RuntimeError, match="not a SQuAD JSON file"):
        ds.SQuADDataset(str(tmp_path), "dev")


def test_voc_options_mindcell_refuses(tmp_path):
    for d in ("JPEGImages", "SegmentationClass", "ImageSets/Segmentation"):
        (tmp_path / d).mkdir(parents=True)
    (tmp_path / "ImageSets/Segmentation/train.txt").write_text("a\n")
    with pytest.raises(NotImplementedError, match="extra_metadata"):
        ds.VOCDataset(str(tmp_path), extra_metadata=True)
    with pytest.raises(ValueError, match="decrypt"):
        ds.VOCDataset(str(tmp_path), decrypt=lambda x: x)
    with pytest.raises(RuntimeError, match="a.jpg"):
        ds.VOCDataset(str(tmp_path))


def test_cityscapes_polygon_json_is_compact_and_keeps_unicode(tmp_path):
    for top, name in (("leftImg8bit", "leftImg8bit.png"), ("gtFine", "gtFine_polygons.json")):
        folder = tmp_path / top / "val" / "köln"
        folder.mkdir(parents=True)
        (folder / ("köln_000001_" + name)).write_text(
            json.dumps({"z": 1.5, "label": "straße"}, indent=4))
    data = ds.CityscapesDataset(str(tmp_path), usage="val", task="polygon")
    assert str(next(data.create_dict_iterator(output_numpy=True))["task"]) == \
        '{"label":"straße","z":1.5}'


def test_dataset_cache_runs_pipelines_uncached(wiki):
    folder, lines = wiki
    cache = ds.DatasetCache(session_id=7, size=64, spilling=True)
    data = ds.WikiTextDataset(str(folder), usage="train", shuffle=False, cache=cache)
    data = data.map(lambda t: np.array(str(t).upper()), "text", cache=cache)
    assert _texts(data) == [s.upper() for s in lines[:7]]
    for source in (lambda c: ds.FashionMnistDataset(str(folder), cache=c),
                   lambda c: ds.ImageFolderDataset(str(folder), cache=c)):
        with pytest.raises(TypeError, match="cache"):
            source("cache")
    with pytest.raises(RuntimeError, match="not in use"):
        cache.get_stat()
