"""The one string catalogue: every visible text, in English and Spanish.

Strings live in display/strings/<lang>.json as flat `key → text` maps with `{name}`
placeholders, so a translator edits one file and a test checks both have the same keys.
"""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path

from companion.phrase import Phrase

STRINGS_DIR = Path(__file__).parent / "strings"
LANGUAGES: tuple[str, ...] = ("en", "es")
DEFAULT_LANGUAGE = "en"


@cache
def load_catalogue(language: str) -> dict[str, str]:
    """The strings of one language (read once per process)."""
    if language not in LANGUAGES:
        raise ValueError(f"unknown language {language!r}; known: {', '.join(LANGUAGES)}")
    path = STRINGS_DIR / f"{language}.json"
    doc = json.loads(path.read_text(encoding="utf-8"))
    if not isinstance(doc, dict):
        raise ValueError(f"{path} must hold one JSON object of key → text")
    return {str(k): str(v) for k, v in doc.items()}


class Translator:
    """Looks strings up in the current language; a missing key shows itself, never crashes."""

    def __init__(self, language: str = DEFAULT_LANGUAGE) -> None:
        self.language = language
        self._strings = load_catalogue(language)

    def t(self, key: str, **params: object) -> str:
        """The text for `key`, with `{name}` placeholders filled from `params`; a value
        that is a Phrase, or a list of them (one per line), is put into words first."""
        text = self._strings.get(key, key)
        return text.format(**{k: self._words(v) for k, v in params.items()}) if params else text

    def _words(self, value: object) -> object:
        if isinstance(value, Phrase):
            return self.t(value.key, **value.values)
        if isinstance(value, list) and all(isinstance(p, Phrase) for p in value):
            return "\n".join(str(self._words(p)) for p in value)
        return value

    def has(self, key: str) -> bool:
        """Is there a text for `key` (used for per-clause rule explanations)?"""
        return key in self._strings
