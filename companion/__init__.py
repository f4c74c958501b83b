"""Tabletop companion core: rules engines, match flow, journal, bots, app orchestration."""

__version__ = "0.1.0"
