"""The table's devices started from the config: GPIO on mock pins, camera, pads, lights."""

import queue
import time

import pytest

from companion.commands import Button, Press
from companion.config import ConfigError
from companion.kwingto import Setup
from companion.session import SeatInfo, new_session
from companion.table_io import TableIO


@pytest.fixture
def session(tmp_path):
    s = new_session(tmp_path / "j.db")
    s.start_match(Setup(("A", "B"), 1), [SeatInfo("A", "red"), SeatInfo("B", "blue")])
    yield s
    s.journal.close()


NO_CAMERA = {"vision": {"source": "none"}}


def test_buttons_feed_the_queue_and_lights_follow_the_session(mock_pins, session):
    commands = queue.Queue()
    io = TableIO.start(NO_CAMERA, commands)
    try:
        assert io.buttons is not None and io.lights is not None
        mock_pins.pin(17).drive_low()  # CONFIRM, default wiring (docs/wiring.md)
        mock_pins.pin(17).drive_high()
        assert commands.get(timeout=1) == Press(Button.CONFIRM)
        io.refresh(session)
        assert mock_pins.pin(5).state  # ready LED: waiting for the roll
        assert mock_pins.pin(20).state and not mock_pins.pin(16).state  # seat 2 is active
        assert [p.key for p in io.problems] == ["table.no_camera"]
    finally:
        io.close()
        io.close()


def test_camera_source_starts_and_stops(mock_pins, tmp_path):
    import cv2
    import numpy as np

    cv2.imwrite(str(tmp_path / "empty.png"), np.full((120, 160, 3), 200, np.uint8))
    config = {"vision": {"source": f"folder:{tmp_path}", "fps": 20}}
    io = TableIO.start(config, queue.Queue())
    try:
        deadline = time.monotonic() + 5
        while io.latest_frame() is None and time.monotonic() < deadline:
            time.sleep(0.02)
        frame, reading = io.latest_frame()
        assert frame.shape == (120, 160, 3) and reading.dice == ()
    finally:
        io.close()


def test_missing_camera_is_a_problem_not_a_crash(mock_pins):
    io = TableIO.start({"vision": {"source": "folder:/no/such/folder"}}, queue.Queue())
    assert io.camera is None and [p.key for p in io.problems] == ["table.camera_failed"]
    assert io.problems[0].values["source"] == "folder:/no/such/folder"
    io.close()


@pytest.mark.parametrize(
    ("config", "words"),
    [
        ({"vision": {"source": "none", "fps": "fast"}}, "fps"),
        ({"vision": {"source": "none", "colour": 1}}, "unknown key"),
        ({"gpio": {"confirm": 99}, **NO_CAMERA}, "confirm"),
        ({"pads": {"ports": "ttyACM0"}, **NO_CAMERA}, "ports"),
    ],
)
def test_bad_config_is_a_clear_error(mock_pins, config, words):
    with pytest.raises(ConfigError, match=words):
        TableIO.start(config, queue.Queue())


def _camera_on_dice(tmp_path, palette_file):
    """A started TableIO whose camera sees one seeded frame of dice, and its first reading."""
    import cv2

    from vision.bench_dice import synthetic_frames

    folder = tmp_path / "frames"
    folder.mkdir()
    cv2.imwrite(str(folder / "dice.png"), synthetic_frames(640, 480, 1)[0][0])
    io = TableIO.start({"vision": {"source": f"folder:{folder}"}}, queue.Queue(), palette_file)
    deadline = time.monotonic() + 10
    while io.latest_frame() is None and time.monotonic() < deadline:
        time.sleep(0.02)
    latest = io.latest_frame()
    io.close()
    assert latest is not None, "the camera read no frame"
    return io, latest[1]


def test_the_camera_reads_with_the_dice_colours_calibrated_here(mock_pins, tmp_path):
    """`calibrate-dice` saves the table's palette; the kiosk's camera must use it (it used
    the default colours whatever was calibrated). Saved with red and black swapped, every
    red die reads black and every black die red."""
    from companion.kwingto.roll import CAMERA_NAMES
    from vision.bench_dice import synthetic_frames
    from vision.dice import read_dice
    from vision.palette import Palette, default_palette, save_palette

    kwingto = default_palette().only(CAMERA_NAMES)
    swap = {"red": "black", "black": "red"}
    swapped = Palette(tuple(swap.get(n, n) for n in kwingto.names), kwingto.lab)
    io, reading = _camera_on_dice(tmp_path, save_palette(swapped, tmp_path / "p.json"))
    plain = read_dice(synthetic_frames(640, 480, 1)[0][0], kwingto)
    assert {"red", "black"} <= {d.color for d in plain.dice}
    assert [d.color for d in reading.dice] == [swap.get(d.color, d.color) for d in plain.dice]
    assert io.problems == []


def test_a_damaged_palette_is_a_problem_and_the_default_colours_are_used(mock_pins, tmp_path):
    damaged = tmp_path / "p.json"
    damaged.write_text('{"colors": [{"name": "red", "lab": [1, 2', encoding="utf-8")
    io, reading = _camera_on_dice(tmp_path, damaged)
    (problem,) = io.problems
    assert problem.key == "table.colours_unreadable" and problem.values["path"] == str(damaged)
    assert {d.color for d in reading.dice} == {"red", "black", "white"}


def test_a_palette_without_kwingtos_colours_is_a_problem(mock_pins, tmp_path):
    """A palette saved by hand (or for another game) with no black die in it would leave
    Kwingto's black dice unnamed: it is reported, and the default colours are used."""
    import numpy as np

    from vision.palette import Palette, save_palette

    ruby = Palette(("red", "white"), np.array([[40.0, 160.0, 140.0], [190.0, 128.0, 128.0]]))
    saved = save_palette(ruby, tmp_path / "p.json")
    io, reading = _camera_on_dice(tmp_path, saved)
    assert io.problems == [("table.colours_incomplete", {"path": str(saved)})]
    assert {d.color for d in reading.dice} == {"red", "black", "white"}


def test_a_palette_without_white_takes_the_default_white():
    """White is card paper, not a Kwingto die: a palette of red and black alone is used as
    it is, with the default white beside them."""
    import numpy as np

    from companion.table_io import kwingto_colours
    from vision.palette import Palette, default_palette

    red_black = Palette(("red", "black"), np.array([[70.0, 165.0, 150.0], [30.0, 130.0, 130.0]]))
    used = kwingto_colours(red_black)
    white = default_palette().lab[default_palette().names.index("white")]
    assert used.names == ("red", "black", "white")
    assert np.allclose(used.lab, [*red_black.lab, white])


def _proposed_at_table(tmp_path, seed):
    """The first roll the table proposes when its camera sees the seeded table of dice
    against cards (`dice_against_cards`), and that table."""
    import cv2

    from companion.commands import ProposeRoll
    from vision.synth_table import dice_against_cards

    folder = tmp_path / "frames"
    folder.mkdir()
    table = dice_against_cards(seed)
    cv2.imwrite(str(folder / "table.png"), table.image)
    commands = queue.Queue()
    io = TableIO.start({"vision": {"source": f"folder:{folder}", "fps": 20}}, commands)
    try:
        proposal = commands.get(timeout=20)
    finally:
        io.close()
    assert isinstance(proposal, ProposeRoll)
    return proposal.roll, table


@pytest.mark.parametrize(
    "seed",
    [
        # Each frame's quick reading (the dice reader alone) finds two of the three red dice;
        # the frame that settles them is read again among the card reader's cards.
        5068,
        # The quick reading finds none of them: the table at rest is read among the cards.
        5002,
    ],
)
def test_a_roll_against_cards_is_proposed_as_read_among_the_cards(mock_pins, tmp_path, seed):
    """Three red dice thrown against cards: the roll proposed has all three."""
    roll, table = _proposed_at_table(tmp_path, seed)
    assert sorted(str(d) for d in roll.dice) == sorted(f"R{d.value}" for d in table.dice)


def _cool_kwingto_frame(folder, dice_count=6, colours=("red",) * 3 + ("black",) * 3):
    """Kwingto's six dice (or fewer, or others) apart on a tray under cool white light,
    where all seven default colours name the black dice purple, saved as the camera's
    frame."""
    import cv2
    import numpy as np

    from vision.synth import Camera
    from vision.synth_dice import SynthDie, render_dice

    colours = colours[:dice_count]
    dice = [
        SynthDie(1 + i, c, (90 + 90 * i, 160 + 140 * (i % 2)), 44, 15 * i)
        for i, c in enumerate(colours)
    ]
    image = render_dice(dice, seed=5, cam=Camera(noise=2.0, jpeg=92)).image.astype(np.float32)
    cool = np.clip(image * np.array([1.15, 1.0, 0.8], np.float32), 0, 255).astype(np.uint8)
    folder.mkdir()
    cv2.imwrite(str(folder / "dice.png"), cool)


def _reading_after(io, test, seconds=10):
    """The camera's newest reading once `test` holds for it (or the last one seen)."""
    deadline = time.monotonic() + seconds
    while True:
        latest = io.latest_frame()
        if (latest is not None and test(latest[1])) or time.monotonic() > deadline:
            return None if latest is None else latest[1]
        time.sleep(0.02)


def test_black_dice_under_cool_light_read_black_before_any_calibration(mock_pins, tmp_path):
    """Under cool light the default colours name Kwingto's black dice purple, and no roll
    was proposed until the table was calibrated: the table reads in Kwingto's colours."""
    _cool_kwingto_frame(tmp_path / "frames")
    io = TableIO.start(
        {"vision": {"source": f"folder:{tmp_path / 'frames'}"}}, queue.Queue(), tmp_path / "p.json"
    )
    try:
        reading = _reading_after(io, lambda r: len(r.dice) == 6)
        assert reading is not None
        assert sorted(d.color for d in reading.dice) == ["black"] * 3 + ["red"] * 3
    finally:
        io.close()


def test_calibrating_at_the_table_learns_saves_and_reads_with_the_colours(mock_pins, tmp_path):
    """Settings' "Calibrate camera" had no calibration behind it in the kiosk ("no camera"),
    so a dice set far from the default colours could only be taught from a shell; "Default
    colours" undoes it, here and for the next start. The camera is handed the learned
    colours (both its readers), then the default ones again."""
    import numpy as np

    from companion.kwingto.roll import CAMERA_NAMES
    from vision.palette import default_palette, load_palette

    _cool_kwingto_frame(tmp_path / "frames")
    saved = tmp_path / "palette.json"
    io = TableIO.start(
        {"vision": {"source": f"folder:{tmp_path / 'frames'}"}}, queue.Queue(), saved
    )
    handed = []
    use_reader = io.camera.use_reader

    def spy(reader, settle=None):
        handed.append((reader.keywords["palette"], settle.keywords["palette"]))
        use_reader(reader, settle)

    io.camera.use_reader = spy
    try:
        assert _reading_after(io, lambda r: len(r.dice) == 6) is not None
        said = io.calibrate_dice()
        assert said == ("calibration.learned", {}) and saved.is_file(), said
        learned = load_palette(saved)
        assert learned.names.count("black") == 1 and set(learned.names) == set(CAMERA_NAMES)
        (quick, settle), *_ = handed
        assert quick is settle and np.allclose(quick.lab, learned.lab, atol=0.05)
        after = _reading_after(io, lambda r: len(r.dice) == 6)
        assert after is not None
        assert sorted(d.color for d in after.dice) == ["black"] * 3 + ["red"] * 3
        assert io.default_dice_colours() == ("calibration.reset", {}) and not saved.exists()
        (quick, settle) = handed[-1]
        default = default_palette().only(CAMERA_NAMES)
        assert len(handed) == 2 and quick is settle
        assert quick.names == default.names and np.array_equal(quick.lab, default.lab)
    finally:
        io.close()


def test_default_colours_without_a_camera_still_forget_the_calibration(mock_pins, tmp_path):
    from vision.palette import default_palette, save_palette

    saved = save_palette(default_palette(), tmp_path / "palette.json")
    io = TableIO(queue.Queue(), saved)
    assert io.default_dice_colours() == ("calibration.reset", {}) and not saved.exists()


def test_calibrating_with_dice_missing_says_what_to_do(mock_pins, tmp_path):
    _cool_kwingto_frame(tmp_path / "frames", dice_count=4)
    saved = tmp_path / "palette.json"
    io = TableIO.start(
        {"vision": {"source": f"folder:{tmp_path / 'frames'}"}}, queue.Queue(), saved
    )
    try:
        _reading_after(io, lambda r: len(r.dice) == 4)
        said = io.calibrate_dice()
        assert said == ("calibration.count", {"seen": 4}), said
        assert not saved.exists()
    finally:
        io.close()


def test_six_dice_of_one_colour_teach_nothing(mock_pins, tmp_path):
    """Six black dice shown: split three and three, "red" was learned as black, saved,
    and every red die after that read as black or purple."""
    _cool_kwingto_frame(tmp_path / "frames", colours=("black",) * 6)
    saved = tmp_path / "palette.json"
    config = {"vision": {"source": f"folder:{tmp_path / 'frames'}"}}
    io = TableIO.start(config, queue.Queue(), saved)
    try:
        _reading_after(io, lambda r: len(r.dice) == 6)
        said = io.calibrate_dice()
        assert said == ("calibration.one_colour", {}), said
        assert not saved.exists()
    finally:
        io.close()
