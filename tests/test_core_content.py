"""The shared content helpers (rules.core.content): legal data passes, refused data names file and entry."""

from __future__ import annotations

import pytest

from rules.core.content import ContentError, get_int, get_list, get_str, get_table, read_toml, require

WHERE = "heroes.toml: hero edge"


def refused(match: str):
    return pytest.raises(ContentError, match=match)


def test_content_error_is_a_value_error_and_the_games_share_it():
    from rules.endure.content import ContentError as EndureError
    from rules.starcadia.content import ContentError as StarcadiaError

    assert issubclass(ContentError, ValueError)
    assert StarcadiaError is ContentError
    assert EndureError is ContentError


def test_read_toml(tmp_path):
    (tmp_path / "good.toml").write_text('[die]\nfaces = ["crit", "blank"]\n')
    assert read_toml(tmp_path, "good.toml") == {"die": {"faces": ["crit", "blank"]}}
    (tmp_path / "bad.toml").write_text("faces = [\n")
    with refused(r"^bad\.toml: cannot read: "):
        read_toml(tmp_path, "bad.toml")
    with refused(r"^missing\.toml: cannot read: "):
        read_toml(tmp_path, "missing.toml")


def test_require():
    require(True, WHERE, "never shown")
    with refused(r"^heroes\.toml: hero edge: duplicate id$"):
        require(False, WHERE, "duplicate id")


def test_get_int_legal():
    entry = {"life": 7, "low": 0, "high": 12, "neg": -2}
    assert get_int(entry, "life", WHERE, 1, 12) == 7
    assert get_int(entry, "low", WHERE, 0, 12) == 0
    assert get_int(entry, "high", WHERE, 0, 12) == 12
    assert get_int(entry, "neg", WHERE, -2, 6) == -2
    assert get_int(entry, "absent", WHERE, 0, 5, default=1) == 1
    assert get_int(entry, "absent", WHERE, 0, 5, 0) == 0


@pytest.mark.parametrize(
    ("value", "match"),
    [
        (13, r"^heroes\.toml: hero edge: 'life' must be a whole number from 1 to 12, not 13$"),
        (0, r"'life' must be a whole number from 1 to 12, not 0$"),
        ("two", r"'life' must be a whole number from 1 to 12, not 'two'$"),
        (2.0, r"not 2\.0$"),
        (True, r"not True$"),
        ("x" * 100, r"not 'x+\.\.\.$"),
    ],
)
def test_get_int_refused(value, match):
    with refused(match):
        get_int({"life": value}, "life", WHERE, 1, 12)


def test_get_int_missing_without_default():
    with refused(r"^heroes\.toml: hero edge: 'life' is missing: it must be a whole number from 1 to 12$"):
        get_int({}, "life", WHERE, 1, 12)


def test_get_str():
    assert get_str({"name": "Edge"}, "name", WHERE) == "Edge"
    assert get_str({}, "name", WHERE, default="Anon") == "Anon"
    with refused(r"^heroes\.toml: hero edge: 'name' must be a non-empty text, not ''$"):
        get_str({"name": ""}, "name", WHERE)
    with refused(r"'name' must be a non-empty text, not 3$"):
        get_str({"name": 3}, "name", WHERE)
    with refused(r"'name' is missing: it must be a non-empty text$"):
        get_str({}, "name", WHERE)


def test_get_list():
    assert get_list({"next": ["2", "3"]}, "next", WHERE) == ["2", "3"]
    assert get_list({"next": []}, "next", WHERE) == []
    assert get_list({}, "next", WHERE, default=[]) == []
    with refused(r"^heroes\.toml: hero edge: 'next' must be a non-empty list, not \[\]$"):
        get_list({"next": []}, "next", WHERE, non_empty=True)
    with refused(r"'next' must be a list, not '2'$"):
        get_list({"next": "2"}, "next", WHERE)
    with refused(r"'next' is missing: it must be a list$"):
        get_list({}, "next", WHERE)


def test_get_table():
    ability = {"kind": "steady", "text": "Steady."}
    assert get_table({"ability": ability}, "ability", WHERE) is ability
    assert get_table({}, "ability", WHERE, default={}) == {}
    with refused(r"^heroes\.toml: hero edge: 'ability' must be a table, not 'steady'$"):
        get_table({"ability": "steady"}, "ability", WHERE)
    with refused(r"'ability' must be a table, not \['steady'\]$"):
        get_table({"ability": ["steady"]}, "ability", WHERE)
    with refused(r"'ability' is missing: it must be a table$"):
        get_table({}, "ability", WHERE)


def test_keyed_entries_label_and_refuse_duplicates() -> None:
    from rules.core.content import keyed_entries

    raw = {"card": [{"key": "a"}, {"key": "b"}]}
    assert [(w, k) for w, k, _ in keyed_entries(raw, "x.toml", "card")] == [
        ("x.toml card #1 (a)", "a"),
        ("x.toml card #2 (b)", "b"),
    ]
    with pytest.raises(ContentError, match=r"x\.toml card #2 \(a\): duplicate key"):
        list(keyed_entries({"card": [{"key": "a"}, {"key": "a"}]}, "x.toml", "card"))
