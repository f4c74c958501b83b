"""Labelled folders for the eval commands: `DIR/manifest.json` in the shared data's format.

The file is checked before any image is read, so a manifest written by hand or by another
tool that is not quite right stops the command with one line naming the entry and what is
wrong with it, where it used to end, sometimes minutes in, in a KeyError or a TypeError.
"""

from __future__ import annotations

import json
import math
from pathlib import Path
from typing import Any

from vision.card_shapes import RANKS, SUITS


class ManifestError(ValueError):
    """A manifest that is not a list of labelled images; the message says where and why."""


def load_manifest(folder: Path, kind: str) -> list[dict[str, Any]]:
    """The entries of `folder/manifest.json`, each with a "file" name and an "objects" list
    whose objects of `kind` ("die": also those with no kind; or "card") carry what scoring
    reads. Raises ManifestError otherwise."""
    path = folder / "manifest.json"
    try:
        entries = json.loads(path.read_text(encoding="utf-8-sig"))
    except json.JSONDecodeError as exc:
        raise ManifestError(
            f"{path} is not valid JSON ({exc.msg}, line {exc.lineno} column {exc.colno})"
        ) from exc
    except UnicodeDecodeError as exc:
        raise ManifestError(f"{path} is not a text file") from exc
    except RecursionError as exc:
        raise ManifestError(f"{path} is nested too deeply to be a manifest") from exc
    except OSError as exc:
        raise ManifestError(f"cannot read {path} ({exc.strerror or exc})") from exc
    if not isinstance(entries, list):
        raise ManifestError(f"{path} must hold a list of labelled images, not {_kind(entries)}")
    for number, entry in enumerate(entries, start=1):
        problem = _entry_problem(entry, kind)
        if problem:
            name = entry.get("file") if isinstance(entry, dict) else None
            shown = name if isinstance(name, str) and name.isprintable() else repr(name)
            where = f"image {number}" + (f" ({shown})" if isinstance(name, str) else "")
            raise ManifestError(f"{path}: {where}: {problem}")
    return entries


def _entry_problem(entry: Any, kind: str) -> str:
    """What is wrong with one manifest entry, or "" when nothing is."""
    if not isinstance(entry, dict):
        return f'expected an object with "file" and "objects", not {_kind(entry)}'
    if not isinstance(entry.get("file"), str) or not entry["file"]:
        return 'needs a "file" name'
    objects = entry.get("objects")
    if not isinstance(objects, list) or not all(isinstance(o, dict) for o in objects):
        return 'needs an "objects" list of labels'
    check = _die_problem if kind == "die" else _card_problem
    for number, label in enumerate(objects, start=1):
        if label.get("kind", "die") == kind and (problem := check(label)):
            return f"label {number}: {problem}"
    return ""


def _die_problem(label: dict[str, Any]) -> str:
    value = label.get("value")
    if not isinstance(value, int) or isinstance(value, bool) or not 1 <= value <= 6:
        return f'"value" must be a whole number 1-6, not {value!r}'
    box = label.get("bbox")
    if not _numbers(box, 4) or box[2] <= 0 or box[3] <= 0:
        return f'"bbox" must be [x, y, width, height] with width and height over 0, not {box!r}'
    return ""


def _card_problem(label: dict[str, Any]) -> str:
    if label.get("rank") not in RANKS or label.get("suit") not in SUITS:
        return (
            f'"rank" and "suit" must be one of {" ".join(RANKS)} and one of {" ".join(SUITS)},'
            f" not {label.get('rank')!r} and {label.get('suit')!r}"
        )
    quad = label.get("quad")
    if not isinstance(quad, list) or len(quad) != 4 or not all(_numbers(p, 2) for p in quad):
        return f'"quad" must be four [x, y] corners, not {quad!r}'
    return ""


def _numbers(value: Any, count: int) -> bool:
    """Whether `value` is a list of `count` finite numbers (JSON admits NaN, 1e400 read as
    infinity, and whole numbers too long for a float: a box of infinite width matched every
    reading, and a long one ended the scoring in an OverflowError)."""
    return isinstance(value, list) and len(value) == count and all(map(_finite, value))


def _finite(value: Any) -> bool:
    """Whether a JSON value is a number that a float holds."""
    if not isinstance(value, int | float) or isinstance(value, bool):
        return False
    try:
        return math.isfinite(value)
    except OverflowError:
        return False


def _kind(value: Any) -> str:
    """A JSON value's kind in words."""
    names = {dict: "an object", list: "a list", str: "a string", bool: "true or false"}
    return "null" if value is None else names.get(type(value), "a number")
