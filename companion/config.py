"""The installer's config file: one TOML file, read once at start-up.

Each area reads its own table (`[gpio]`, `[pads]`, `[display]`, `[vision]`) and rejects
keys it does not know, so a typo is an error the installer sees, not a silent default.
"""

from __future__ import annotations

import os
import tomllib
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import platformdirs

APP_NAME = "tabletop-companion"


class ConfigError(ValueError):
    """A config value an installer must fix; the message names the file, key and rule."""


def config_dir() -> Path:
    """Where config.toml and calibration files live (`$COMPANION_CONFIG_DIR` overrides)."""
    env = os.environ.get("COMPANION_CONFIG_DIR")
    return Path(env) if env else Path(platformdirs.user_config_dir(APP_NAME))


def data_dir() -> Path:
    """Where journals and learned templates live (`$COMPANION_DATA_DIR` overrides)."""
    env = os.environ.get("COMPANION_DATA_DIR")
    return Path(env) if env else Path(platformdirs.user_data_dir(APP_NAME))


def load_config(path: Path | None = None) -> dict[str, Any]:
    """Read the config file; a missing file means every default."""
    path = path or config_dir() / "config.toml"
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        return {}
    except OSError as exc:
        raise ConfigError(f"cannot read config file {path}: {exc.strerror}") from exc
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise ConfigError(f"config file {path} is not valid TOML: {exc}") from exc


def table(config: Mapping[str, Any], name: str, known: set[str]) -> dict[str, Any]:
    """One table of the config, after checking it holds only `known` keys."""
    value = config.get(name, {})
    if not isinstance(value, Mapping):
        raise ConfigError(f"[{name}] in the config file must be a table, not {value!r}")
    unknown = sorted(set(value) - known)
    if unknown:
        names = ", ".join(unknown)
        raise ConfigError(f"unknown key(s) {names} in [{name}]; known: {', '.join(sorted(known))}")
    return dict(value)
