"""One catalogue, two languages: the same keys, and every key the code asks for exists."""

from __future__ import annotations

import re
from pathlib import Path

from companion.cards import Suit
from companion.games import GAMES
from companion.kwingto.state import MatchMode
from display.i18n import LANGUAGES, load_catalogue
from display.model import SEAT_KINDS, TABS
from display.screens.scores import LINES
from display.theme import SEAT_COLOURS

ROOT = Path(__file__).resolve().parents[2]
DISPLAY = ROOT / "display"
# What the table says from outside the screen: Phrase("key", {"name": ...}).
PHRASE = re.compile(r'Phrase\(\s*"([a-z_]+\.[a-z_]+)",\s*\{([^}]*)\}')
LITERAL_KEY = re.compile(r"""(?:\bt|notify)\(\s*"([a-z_]+\.[A-Za-z0-9_.]+)\"""")
KEY_STRING = re.compile(r'"(board\.status_[a-z]+|action\.[a-z_]+|roll\.confirm)"')


def test_ui_languages_have_the_same_keys_and_no_empty_text() -> None:
    en, es = (load_catalogue(lang) for lang in LANGUAGES)
    assert set(en) == set(es)
    for key, text in es.items():
        assert text or not en[key], f"{key} is empty in Spanish"


def test_ui_every_key_used_in_the_code_is_in_the_catalogue() -> None:
    en = load_catalogue("en")
    used: set[str] = set()
    for path in DISPLAY.rglob("*.py"):
        source = path.read_text(encoding="utf-8")
        used |= set(LITERAL_KEY.findall(source))
        used |= set(KEY_STRING.findall(source))
    assert used, "the scan found no keys"
    missing = sorted(k for k in used if k not in en)
    assert not missing, f"keys used but not in the catalogue: {missing}"


def test_ui_every_phrase_of_the_table_is_in_the_catalogue_with_its_values() -> None:
    """A phrase is worded when the screen draws it, every frame: a key or a value name
    that the catalogue does not have would stop the kiosk there."""
    en = load_catalogue("en")
    field = re.compile(r"\{(\w+)\}")
    phrases = [
        match
        for path in (ROOT / "companion").rglob("*.py")
        for match in PHRASE.findall(path.read_text(encoding="utf-8"))
    ]
    assert len(phrases) >= 10, "the scan found too few phrases"
    for key, values in phrases:
        assert key in en, key
        assert set(re.findall(r'"(\w+)":', values)) == set(field.findall(en[key])), key


def test_ui_placeholders_match_between_languages() -> None:
    en, es = (load_catalogue(lang) for lang in LANGUAGES)
    field = re.compile(r"\{(\w+)\}")
    for key in en:
        assert set(field.findall(en[key])) == set(field.findall(es[key])), key


def test_ui_keys_built_from_values_exist() -> None:
    en = load_catalogue("en")
    built = (
        [f"tab.{t}" for t in TABS]
        + [f"language.{lang}" for lang in LANGUAGES]
        + [f"mode.{m.value}" for m in MatchMode]
        + [f"target.{m.value}" for m in MatchMode]
        + [f"colour.{c}" for c in SEAT_COLOURS]
        + [f"suit.{s.value}" for s in Suit]
        + [f"score.{line}" for line in LINES]
        + [f"settings.{k}" for k in ("language", "sound", "camera", "debug", "match")]
        + [f"dialog.{k}_yes" for k in ("undo", "flag")]
        + [f"game.{g}" for g in GAMES]
        + [f"bot.{kind}" for kind in SEAT_KINDS if kind is not None]
    )
    assert [k for k in built if k not in en] == []
