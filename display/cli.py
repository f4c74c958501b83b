"""`companion demo` and `companion run`: the touchscreen app from the command line.

`demo` shows the companion: bot seats play a match, in a window where a screen exists,
else headless, printing what happens and saving a screenshot. `run` is the kiosk app:
fullscreen, journal in the user data dir, resuming an unfinished match after a power cut.
pygame is imported inside the handlers so other subcommands start fast.
"""

from __future__ import annotations

import argparse
import os
import queue
import random
import sys
import tempfile
import time
from pathlib import Path
from typing import TYPE_CHECKING, Any

from companion.cli import UsageError

if TYPE_CHECKING:
    from companion.phrase import Phrase

DISPLAY_KEYS = {"width", "height", "fullscreen", "language"}
DEFAULT_SIZE = (800, 480)
DEMO_SCREENSHOT = Path("out/demo-screenshot.png")


def _size(text: str) -> tuple[int, int]:
    """`800x480` → (800, 480)."""
    try:
        w, h = (int(part) for part in text.lower().split("x"))
    except ValueError:
        message = f"a size is WIDTHxHEIGHT, e.g. 800x480, not {text!r}"
        raise argparse.ArgumentTypeError(message) from None
    if w < 320 or h < 240:
        raise argparse.ArgumentTypeError(f"{text} is too small for the UI (at least 320x240)")
    return w, h


def has_screen(kiosk: bool) -> bool:
    """Is there somewhere to show a window (a desktop session, or the kiosk's KMS/DRM)?"""
    return kiosk or bool(os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY"))


def _quiet_pygame() -> None:
    """No pygame banner on stdout: the demo's output is the story of the game."""
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")


def _open_display(size: tuple[int, int], fullscreen: bool, kiosk: bool) -> Any:
    """Start pygame's display (KMS/DRM in kiosk mode) and return the window surface."""
    if kiosk:
        os.environ.setdefault("SDL_VIDEODRIVER", "kmsdrm")
    import pygame

    pygame.display.init()
    pygame.font.init()
    pygame.display.set_caption("Tabletop companion")
    flags = pygame.FULLSCREEN if fullscreen else pygame.RESIZABLE
    surface = pygame.display.set_mode((0, 0) if fullscreen else size, flags)
    if fullscreen:
        pygame.mouse.set_visible(False)
    return surface


DEMO_BOTS = ("advisor", "greedy", "advisor", "greedy")  # the window's seats: both kinds
HEADLESS_BOT = "greedy"  # headless plays a whole match: the quick strategy


def _demo(args: argparse.Namespace) -> int:
    _quiet_pygame()
    if args.screenshots is not None:
        return _screenshots(args)
    if args.headless or not has_screen(args.kiosk):
        return _demo_headless(args)
    from companion.session import new_session
    from display.app import App
    from display.scenes import start
    from display.sound import Sounds

    surface = _open_display(args.size, args.kiosk, args.kiosk)
    journal = Path(tempfile.mkdtemp(prefix="companion-demo-")) / "journal.sqlite"
    session = new_session(journal)
    rng = random.Random(args.seed)
    app = App(
        session,
        surface,
        rng=rng,
        language=args.language,
        sounds=Sounds(),
        bot_delay_s=args.pace,
    )
    if args.auto:
        start(session, args.players, bots=DEMO_BOTS[: args.players])
        app.ctl.go("roll")
        print(f"Bots play a {args.players}-player match: one move every {args.pace} s.")
    else:
        print("The companion is open: set up a match and play by touch, mouse or keys.")
    print("Enter = confirm, R = re-roll, P = pass, U = undo, F1-F5 = tabs, Ctrl+Q = quit.")
    app.run()
    return 0


def _demo_headless(args: argparse.Namespace) -> int:
    """No screen: bot seats play a match, the app draws every change off-screen."""
    os.environ["SDL_VIDEODRIVER"] = "dummy"
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    import pygame

    from display.app import App
    from display.narrate import Narrator
    from display.scenes import memory_session, start

    pygame.display.init()
    pygame.font.init()
    session = memory_session()
    rng = random.Random(args.seed)
    app = App(session, pygame.Surface(args.size), rng=rng, language=args.language)
    print(f"No screen found: {args.players} {HEADLESS_BOT} bots play a match headless.")
    start(session, args.players, bots=[HEADLESS_BOT] * args.players)
    narrator = Narrator(session)
    frames = 0
    started = time.perf_counter()
    for _ in range(args.steps):
        if not session.step_bots(rng):
            break
        for line in narrator.news():
            print(line)
        frames += app.update()
    elapsed = time.perf_counter() - started
    args.screenshot.parent.mkdir(parents=True, exist_ok=True)
    app.screenshot(args.screenshot)
    print(f"Drew {frames} frames in {elapsed:.1f} s; screenshot of the {app.ui.screen} screen:")
    print(f"  {args.screenshot}")
    return 0


def _screenshots(args: argparse.Namespace) -> int:
    """Save a PNG of every screen (the docs' pictures) and stop."""
    os.environ["SDL_VIDEODRIVER"] = "dummy"
    import pygame

    from display.scenes import save_screenshots

    pygame.display.init()
    pygame.font.init()
    for path in save_screenshots(args.screenshots, args.size):
        print(path)
    return 0


def _run(args: argparse.Namespace) -> int:
    _quiet_pygame()
    from companion.config import ConfigError, data_dir, load_config, table
    from companion.session import new_session
    from companion.table_io import TableIO
    from display.app import App
    from display.i18n import Translator
    from display.sound import Sounds

    try:
        config = load_config(args.config)
        options = table(config, "display", DISPLAY_KEYS)
        size = (
            int(options.get("width", DEFAULT_SIZE[0])),
            int(options.get("height", DEFAULT_SIZE[1])),
        )
    except (ConfigError, TypeError, ValueError) as exc:
        raise UsageError(str(exc)) from exc
    fullscreen = bool(options.get("fullscreen", not args.windowed)) and not args.windowed
    language = str(options.get("language", "en"))
    if not has_screen(not args.windowed):
        raise UsageError("no screen: set DISPLAY, or run on the Pi's console (kiosk)")
    journal = data_dir() / "journal.sqlite"
    session = new_session(journal)
    commands: queue.Queue[Any] = queue.Queue()
    try:
        io = TableIO.start(config, commands)
    except ConfigError as exc:
        raise UsageError(str(exc)) from exc
    log_words = Translator("en")  # the system log is read by the installer, in English
    for problem in io.problems:
        print(log_words.t(problem.key, **problem.values), file=sys.stderr)
    surface = _open_display(size, fullscreen, not args.windowed)
    camera = _camera_provider(io) if io.camera is not None else None
    app = App(
        session,
        surface,
        commands=commands,
        camera=camera,
        colours=io if io.camera is not None else None,
        language=language,
        sounds=Sounds(),
    )
    tell_table_problems(app, io.problems)
    print(f"journal: {journal}" + (" (match resumed)" if session.state is not None else ""))
    try:
        app.run(after_step=lambda: io.refresh(session))
    finally:
        io.close()
    return 0


def tell_table_problems(app: Any, problems: list[Phrase]) -> None:
    """Show what the table could not start (no GPIO, a camera missing, a damaged colour
    calibration) on the screen, where the players are, in their language, and not only in
    the system log. A recovered match's notice, already showing, comes first."""
    if problems and app.ui.notice is None:
        app.ctl.notify("app.table_problems", detail=problems)


def _camera_provider(io: Any) -> Any:
    """The Roll screen's frame provider over the camera worker: each new frame once, and
    once `LOST` when the camera stops giving frames."""
    from display.camera import LOST, CameraFrame

    shown: list[object] = [None]

    def latest() -> CameraFrame | None:
        pair = LOST if io.camera_lost() else io.latest_frame()
        if pair is None or pair is shown[0]:
            return None
        shown[0] = pair
        return LOST if pair is LOST else CameraFrame(pair[0], pair[1].dice)

    return latest


def register(sub: Any) -> None:
    """Add `companion demo` and `companion run`."""
    demo = sub.add_parser("demo", help="the companion in a window, or a simulated table headless")
    demo.add_argument("--kiosk", action="store_true", help="fullscreen on the Pi's console")
    demo.add_argument("--headless", action="store_true", help="no window, even if one could open")
    demo.add_argument("--manual", dest="auto", action="store_false", help="no bot players")
    demo.add_argument("--pace", type=float, default=0.8, help="seconds between bot moves")
    demo.add_argument("--size", type=_size, default=DEFAULT_SIZE, help="window size, e.g. 1024x600")
    demo.add_argument("--players", type=int, choices=(2, 3, 4), default=3)
    demo.add_argument("--steps", type=int, default=400, help="bot moves (headless)")
    demo.add_argument("--seed", type=int, default=None)
    demo.add_argument("--language", choices=("en", "es"), default="en")
    demo.add_argument("--screenshot", type=Path, default=DEMO_SCREENSHOT)
    demo.add_argument(
        "--screenshots", type=Path, default=None, metavar="DIR", help="save every screen, stop"
    )
    demo.set_defaults(handler=_demo)
    run = sub.add_parser("run", help="the kiosk app: fullscreen, journalled, resumes after a cut")
    run.add_argument("--windowed", action="store_true", help="a window instead of fullscreen")
    run.add_argument("--config", type=Path, default=None, help="config file (default: user's)")
    run.set_defaults(handler=_run)
