"""Frame sources and the camera worker: readings become proposals, never actions."""

import queue
import sys
import threading

import cv2
import numpy as np
import pytest

from companion.commands import ProposeRoll
from vision.dice import read_dice
from vision.dice_cards import read_dice_among_cards
from vision.dice_types import DiceReading, Die
from vision.sources import SourceError, open_source
from vision.synth_table import cards_alone
from vision.worker import CameraWorker, reading_to_roll


def die(value, color, x=100.0, confidence=0.9):
    return Die(value, color, (x, 50.0), (x - 20, 30.0, 40.0, 40.0), confidence)


def test_reading_to_roll_keeps_colours_and_lowest_confidence():
    reading = DiceReading((die(2, "black"), die(6, "black", 200), die(3, "red", 300, 0.6)), 40)
    roll, confidence = reading_to_roll(reading)
    assert sorted(map(str, roll.dice)) == ["B2", "B6", "R3"]
    assert roll.result == 5 and confidence == 0.6


def test_white_dice_beside_a_roll_are_card_paper_and_left_out():
    reading = DiceReading((die(4, "white", 50, 0.2), die(2, "red"), die(5, "black", 200)), 40)
    roll, confidence = reading_to_roll(reading)
    assert str(roll) == "B5 R2" and confidence == 0.9  # the white die's 0.2 does not count


@pytest.mark.parametrize(
    "dice",
    [
        (),
        (die(2, "white"),),
        (die(2, "red"), die(3, "purple", 200)),
        tuple(die(v, "red", 60.0 * v) for v in (1, 2, 3, 4)),
    ],
)
def test_readings_that_are_not_a_kwingto_roll(dice):
    assert reading_to_roll(DiceReading(dice, 40)) is None


class ScriptedSource:
    """Frames whose "reading" is scripted: the reader looks the frame's tag (its grey
    level; tags far apart, as frames within a few grey levels are the same frame) up."""

    def __init__(self, tags):
        self.tags = list(tags)
        self.closed = 0

    def read(self):
        if not self.tags:
            return None
        return np.full((4, 4, 3), self.tags.pop(0), np.uint8)

    def close(self):
        self.closed += 1


def test_worker_proposes_once_the_dice_settle():
    still = DiceReading((die(2, "black"), die(3, "red", 200)), 40)
    moving = DiceReading((die(5, "black", 400),), 40)
    readings = {0: DiceReading((), 0), 100: moving, 200: still}
    source = ScriptedSource([0, 100, 200, 200, 200, 200, 200, 200, 200, 200])
    commands = queue.Queue()
    worker = CameraWorker(source, commands, reader=lambda f: readings[int(f[0, 0, 0])])
    for _ in range(10):
        worker.step()
    assert commands.qsize() == 1  # one proposal per settled roll, not one per frame
    proposal = commands.get()
    assert isinstance(proposal, ProposeRoll) and proposal.roll.result == -1
    assert worker.latest()[1] == still
    assert worker.reads == 7  # the frames after the roll settled keep its reading
    worker.stop()
    worker.stop()
    assert source.closed == 1


def test_a_settled_roll_is_proposed_and_shown_as_read_again_among_the_cards():
    """The frame that settles a roll is read once more by `settle` (the dice among the
    card reader's cards); the roll is proposed and shown from that reading, once, and
    the still frames after it neither read it again nor unsettle the tray."""
    fast = DiceReading((die(2, "black"),), 40)
    among = DiceReading((die(2, "black"), die(3, "red", 200)), 40)
    settled = []
    commands = queue.Queue()
    worker = CameraWorker(
        ScriptedSource([200] * 9),
        commands,
        reader=lambda f: fast,
        settle=lambda f: settled.append(f) or among,
    )
    for _ in range(9):
        worker.step()
    assert len(settled) == 1 and commands.qsize() == 1
    assert str(commands.get().roll) == "B2 R3"
    assert worker.latest()[1] == among and worker.tray.state.status == "still"
    assert worker.reads == 5


def test_a_table_at_rest_the_quick_reader_sees_empty_is_read_among_the_cards_once():
    """Dice thrown against cards are mostly missed by the quick reader, and an empty tray
    never settles: a table at rest for `still_frames` frames is read once by `settle`,
    and again only after it has moved and come to rest again. A shadow passing over the
    dice is such a move: the dice still lying where they lay are not proposed again (to
    the next player), and dice thrown anew are."""
    empty = DiceReading((), 0)
    among = DiceReading((die(4, "red"), die(3, "red", 200)), 40)
    thrown = DiceReading((die(6, "black", 300),), 40)
    seen = {200: among, 60: among, 30: thrown}
    settled = []
    commands = queue.Queue()
    worker = CameraWorker(
        ScriptedSource([200] * 9 + [100] + [60] * 7 + [30] * 7),
        commands,
        reader=lambda f: empty,
        settle=lambda f: settled.append(int(f[0, 0, 0])) or seen[int(f[0, 0, 0])],
    )
    for _ in range(9):
        worker.step()
    assert settled == [200] and str(commands.get_nowait().roll) == "R3 R4"
    assert worker.latest()[1] == among and commands.empty()
    worker.step()  # the table moves: the roll read among the cards is no longer shown
    assert worker.latest()[1] == empty
    for _ in range(7):
        worker.step()
    assert settled == [200, 60] and commands.empty()
    for _ in range(7):
        worker.step()
    assert settled == [200, 60, 30] and str(commands.get_nowait().roll) == "B6"


def test_a_quick_reader_that_flickers_at_rest_leaves_the_table_to_settle():
    """Dice against cards: the quick reader sees one of two dice every other frame, so the
    tray never settles; the table at rest is read by `settle` all the same."""
    one = DiceReading((die(4, "red"),), 40)
    among = DiceReading((die(4, "red"), die(3, "red", 200)), 40)
    frames = iter(range(100))
    commands = queue.Queue()
    worker = CameraWorker(
        ScriptedSource([200] * 12),
        commands,
        reader=lambda f: one if next(frames) % 2 else DiceReading((), 0),
        settle=lambda f: among,
    )
    for _ in range(12):
        worker.step()
    assert worker.tray.state.status != "still" and str(commands.get_nowait().roll) == "R3 R4"


def test_a_settle_reading_that_is_no_roll_leaves_the_quick_one():
    """Card print read as a fourth die among the cards: the quick reader's roll stands."""
    quick = DiceReading((die(4, "red"), die(3, "red", 200)), 40)
    four = DiceReading(tuple(die(v, "red", 60.0 * v) for v in (1, 2, 3, 4)), 40)
    commands = queue.Queue()
    worker = CameraWorker(
        ScriptedSource([200] * 6), commands, reader=lambda f: quick, settle=lambda f: four
    )
    for _ in range(6):
        worker.step()
    assert str(commands.get_nowait().roll) == "R3 R4" and worker.latest()[1] == quick


@pytest.mark.parametrize(("left", "proposed"), [(50.0, None), (350.0, "R1")])
def test_a_die_only_the_quick_reader_saw_on_a_named_card_is_its_print(left, proposed):
    """The quick reader settles a red 1; among the cards no die is seen. Where the red 1
    lies on a card named there, it was the card's heart and nothing is proposed; beside
    the card, the quick roll stands as first read."""
    quick = DiceReading((die(1, "red"),), 40)  # centred at (100, 50)
    card = ((left, 0.0), (left + 100, 0.0), (left + 100, 150.0), (left, 150.0))
    among = DiceReading((), 0, cards=(card,))
    commands = queue.Queue()
    worker = CameraWorker(
        ScriptedSource([200] * 6), commands, reader=lambda f: quick, settle=lambda f: among
    )
    for _ in range(6):
        worker.step()
    assert [str(c.roll) for c in commands.queue] == ([proposed] if proposed else [])
    assert worker.latest()[1] == (quick if proposed else among)


class RepeatedFrame:
    """One frame, `count` times: a table at rest."""

    def __init__(self, frame, count):
        self.frame, self.count = frame, count

    def read(self):
        self.count -= 1
        return self.frame if self.count >= 0 else None

    def close(self):
        pass


def test_a_cards_print_settled_by_the_quick_reader_is_not_proposed():
    """A seeded table of cards alone (development seed 3066): the quick reader takes a
    card's heart for a red 1 and settles it; among the card reader's cards no die is
    seen, and the red 1 lies on a card named there (docs/vision-dice.md, "Phantom rolls
    from a card's print")."""
    table = cards_alone(3066)
    assert reading_to_roll(read_dice(table.image)) is not None  # the phantom is there
    commands = queue.Queue()
    worker = CameraWorker(
        RepeatedFrame(table.image, 6), commands, read_dice, settle=read_dice_among_cards
    )
    for _ in range(6):
        worker.step()
    assert worker.tray.state.status == "still" and commands.empty()
    shown = worker.latest()[1]
    assert not shown.dice and len(shown.cards) == len(table.cards)


def test_one_roll_is_proposed_while_the_table_rests():
    """A roll read among the cards at rest, then settled by the quick reader too (it saw
    the dice late, the frames unchanged): proposed once, not a second time over the first."""
    empty = DiceReading((), 0)
    quick = DiceReading((die(5, "black"),), 40)
    among = DiceReading((die(5, "black"), die(3, "red", 200)), 40)
    readings = [empty] * 7 + [quick] * 8
    commands = queue.Queue()
    worker = CameraWorker(
        ScriptedSource([200] * 15),
        commands,
        reader=lambda f: readings.pop(0),
        settle=lambda f: among,
    )
    for _ in range(15):
        worker.step()
    assert worker.tray.state.status == "still" and commands.qsize() == 1


def test_what_was_read_among_the_cards_is_shown_only_until_the_table_moves():
    """A die that only the card-aware reading saw is taken away, and the quick reading is
    the same as before: the tray stays still, but the die must not stay on screen. Nor
    may the old reading once the dice colours are calibrated anew (`use_reader`)."""
    quick = DiceReading((die(1, "black"),), 40)
    among = DiceReading((die(1, "black"), die(5, "black", 200)), 40)
    worker = CameraWorker(
        ScriptedSource([200] * 6 + [150] + [150] * 3),
        queue.Queue(),
        lambda f: quick,
        settle=lambda f: among,
    )
    for _ in range(6):
        worker.step()
    assert worker.latest()[1] == among
    worker.step()
    assert worker.tray.state.status == "still" and worker.latest()[1] == quick
    for _ in range(3):
        worker.step()
    assert worker.latest()[1] == quick
    again = CameraWorker(
        ScriptedSource([200] * 7), queue.Queue(), lambda f: quick, settle=lambda f: among
    )
    for _ in range(6):
        again.step()
    again.use_reader(lambda f: quick)
    again.step()
    assert again.latest()[1] == quick


def test_a_settled_roll_that_cannot_be_read_again_is_proposed_as_first_read():
    """A settle reader that fails (a taught deck's file gone bad) must not cost the roll."""
    fast = DiceReading((die(2, "black"), die(3, "red", 200)), 40)

    def broken(frame):
        raise ValueError("taught deck unreadable")

    commands = queue.Queue()
    worker = CameraWorker(ScriptedSource([200] * 6), commands, reader=lambda f: fast, settle=broken)
    for _ in range(6):
        worker.step()
    assert commands.qsize() == 1 and str(commands.get().roll) == "B2 R3"
    assert worker.latest()[1] == fast and worker.errors == 0


def test_a_reader_that_flickers_on_a_still_frame_settles_nothing():
    """Skipping matching frames must not stand in for readings that agree."""
    answers = [DiceReading((die(v, "black"),), 40) for v in (2, 6)]
    calls = []

    def reader(frame):
        calls.append(1)
        return answers[len(calls) % 2]

    commands = queue.Queue()
    worker = CameraWorker(ScriptedSource([200] * 12), commands, reader=reader)
    for _ in range(12):
        worker.step()
    assert commands.empty() and len(calls) == 12


def test_a_frame_the_reader_fails_on_is_tried_again():
    """Once settled, a changed frame whose reading fails is read again next time, and the
    frame it replaced, seen again, still keeps the settled reading."""
    still = DiceReading((die(2, "black"), die(3, "red", 200)), 40)
    calls = []

    def reader(frame):
        calls.append(int(frame[0, 0, 0]))
        if frame[0, 0, 0] == 100:
            raise ValueError("bad frame")
        return still

    worker = CameraWorker(ScriptedSource([200] * 6 + [100, 100, 200]), queue.Queue(), reader=reader)
    for _ in range(6):
        worker.step()
    for _ in range(2):
        with pytest.raises(ValueError):
            worker.step()
    worker.step()
    assert calls == [200] * 5 + [100, 100]  # the sixth and the last frame kept the reading
    assert worker.latest()[1] == still


def test_worker_thread_survives_a_crashing_frame():
    source = ScriptedSource([100] * 50)
    calls = []

    def reader(frame):
        calls.append(1)
        raise ValueError("bad frame")

    worker = CameraWorker(source, queue.Queue(), reader=reader, fps=200)
    worker.start()
    import time

    deadline = time.monotonic() + 2
    while len(calls) < 3 and time.monotonic() < deadline:
        time.sleep(0.01)
    worker.stop()
    assert worker.errors >= 3


def test_folder_source_cycles_and_skips_nothing(tmp_path):
    for i in range(2):
        cv2.imwrite(str(tmp_path / f"{i}.png"), np.full((8, 8, 3), i * 100, np.uint8))
    (tmp_path / "notes.txt").write_text("not an image")
    source = open_source(f"folder:{tmp_path}")
    values = [int(source.read()[0, 0, 0]) for _ in range(4)]
    assert values == [0, 100, 0, 100]


@pytest.mark.parametrize(
    ("spec", "words"),
    [
        ("folder:/no/such/place", "no such folder"),
        ("camera:front", "camera number"),
        ("webcam", "unknown camera source"),
    ],
)
def test_bad_source_settings_are_clear(spec, words):
    with pytest.raises(SourceError, match=words):
        open_source(spec)


def test_empty_folder_is_clear(tmp_path):
    with pytest.raises(SourceError, match="no images"):
        open_source(f"folder:{tmp_path}")


@pytest.mark.parametrize("seed", [0, 2])
def test_simulated_table_through_the_real_reader_proposes_the_thrown_roll(seed):
    """End to end: rendered frames → dice reader → DiceTray → one ProposeRoll."""
    from vision.simulated_table import SimulatedTable

    table = SimulatedTable(seed=seed, tumble_frames=2)
    commands = queue.Queue()
    worker = CameraWorker(table, commands)
    table.throw([("red", 3), ("black", 6), ("black", 2)])
    for _ in range(9):
        worker.step()
    assert commands.qsize() == 1
    proposal = commands.get()
    assert str(proposal.roll) == "B2 B6 R3" and proposal.roll.result == 5
    assert 0 < proposal.confidence <= 1
    assert worker.reads == 7  # two tumbling frames and five still ones to settle


def test_a_new_reader_reads_the_next_frame_even_when_swapped_mid_read():
    """Calibration swaps the reader from the UI thread while the camera thread may be in
    the old one: that frame, read the old way, was remembered as read the new way, and on
    a still table the old colours were kept until the dice moved."""
    purple = DiceReading((die(3, "purple"), die(4, "red", 200)), 40)
    black = DiceReading((die(3, "black"), die(4, "red", 200)), 40)
    worker = CameraWorker(ScriptedSource([200] * 12), queue.Queue(), reader=lambda f: purple)
    for _ in range(6):
        worker.step()  # the table settles on the purple reading

    def old_reader_swapped_meanwhile(frame):
        worker.use_reader(lambda f: black)
        return purple

    worker._reader = old_reader_swapped_meanwhile  # as if inside the old reader right now
    worker._memory = type(worker._memory)()  # the frame must be read, as after a move
    worker.step()
    for _ in range(3):
        worker.step()
    assert worker.latest()[1] == black


class FakeClock:
    def __init__(self):
        self.t = 0.0

    def __call__(self):
        return self.t


def test_a_camera_that_stops_giving_frames_is_lost_and_opened_again():
    """A pulled cable or a hung camera gave no frame and no word: the live view kept its
    last picture as if live. The worker says it is lost after LOST_AFTER seconds and opens
    it again every RETRY_EVERY seconds until it gives frames."""
    from vision.worker import LOST_AFTER, RETRY_EVERY

    clock, opened = FakeClock(), []
    again = ScriptedSource([200, 200])

    def reopen():
        opened.append(clock.t)
        if len(opened) == 1:
            raise SourceError("camera 0 did not open: is it plugged in?")
        return again

    dead = ScriptedSource([200])
    blank = DiceReading((), 0)
    worker = CameraWorker(dead, queue.Queue(), reader=lambda f: blank, reopen=reopen, clock=clock)
    worker.step()
    clock.t = LOST_AFTER - 0.5
    worker.step()
    worker.check_source()
    assert not worker.lost and opened == []
    clock.t = LOST_AFTER + 0.5
    worker.step()
    worker.check_source()  # the first attempt fails: still lost, the dead device released
    assert worker.lost and opened == [clock.t] and dead.closed == 1
    clock.t += RETRY_EVERY / 2
    worker.check_source()
    assert len(opened) == 1  # not before RETRY_EVERY
    clock.t += RETRY_EVERY / 2
    worker.check_source()
    worker.step()
    assert len(opened) == 2 and not worker.lost and worker.latest() is not None


def test_the_kiosk_provider_words_a_lost_camera_once():
    """The kiosk's provider words a lost camera once, then frames again once it is back."""
    from display.camera import LOST
    from display.cli import _camera_provider

    frame = np.zeros((4, 4, 3), np.uint8)

    class Table:
        lost = False
        pair = (frame, DiceReading((die(3, "red"),), 40))

        def camera_lost(self):
            return self.lost

        def latest_frame(self):
            return self.pair

    table = Table()
    latest = _camera_provider(table)
    assert latest().dice[0].value == 3 and latest() is None
    table.lost = True
    assert latest() is LOST and latest() is None
    table.lost, table.pair = False, (frame, DiceReading((), 40))
    assert latest().dice == ()


def test_a_lost_camera_survives_a_failing_close_and_open_and_a_failing_reader():
    """Picamera2 raises RuntimeError, not SourceError, when its camera is busy or gone, and
    a broken camera may fail to stop: either ended the camera thread for good. A frame that
    the reader cannot take is still a frame: the camera is not lost."""
    from vision.worker import LOST_AFTER

    class Broken(ScriptedSource):
        def close(self):
            raise RuntimeError("camera did not stop")

    clock = FakeClock()

    def reopen():
        raise RuntimeError("Camera __init__ sequence did not complete")

    worker = CameraWorker(
        Broken([200]),
        queue.Queue(),
        reader=lambda f: DiceReading((), 0),
        reopen=reopen,
        clock=clock,
    )
    assert not worker.lost  # no frame yet: a camera may take seconds to start
    clock.t = 10 * LOST_AFTER
    assert not worker.lost
    worker.step()
    clock.t += LOST_AFTER + 1
    worker.check_source()  # raises nothing
    assert worker.lost

    def failing(frame):
        raise ValueError("bad frame")

    frames = CameraWorker(ScriptedSource([200] * 3), queue.Queue(), reader=failing, clock=clock)
    for _ in range(3):
        clock.t += 1
        with pytest.raises(ValueError):
            frames.step()
    assert not frames.lost


class FakePicamera2:
    """picamera2's Picamera2 as far as `Picamera2Source` uses it: `capture_array(wait=s)`
    raises TimeoutError when no frame came in `s` seconds."""

    hung = False

    def __init__(self):
        self.waits = []
        self.stopped = self.closed = 0

    def create_video_configuration(self, main):
        return main

    def configure(self, config):
        self.config = config

    def start(self):
        pass

    def capture_array(self, wait=None):
        self.waits.append(wait)
        if self.hung:
            raise TimeoutError("no frame")
        return np.zeros((720, 1280, 3), np.uint8)

    def stop(self):
        self.stopped += 1

    def close(self):
        self.closed += 1


def test_a_pi_camera_that_gives_no_frame_gives_up_the_read(monkeypatch):
    """Asked without a time limit, picamera2 waits for a frame without end when its sensor
    stops, and the camera thread never got to open the camera again: "Camera lost" until a
    restart. Each read is now given READ_WAIT seconds, and gives no frame after them."""
    import types

    from vision.sources import READ_WAIT, Picamera2Source

    monkeypatch.setitem(sys.modules, "picamera2", types.SimpleNamespace(Picamera2=FakePicamera2))
    source = Picamera2Source()
    assert source.read().shape == (720, 1280, 3)
    source._cam.hung = True
    assert source.read() is None
    assert source._cam.waits == [READ_WAIT, READ_WAIT] and 0 < READ_WAIT < 3
    source.close()
    source.close()
    assert source._cam.stopped == source._cam.closed == 1


def test_stop_leaves_the_camera_to_its_thread_while_a_read_is_in_progress(monkeypatch):
    """An OpenCV capture waits up to 10 s for a frame that does not come, and releasing it
    from another thread meanwhile crashes OpenCV. `stop` lets the thread release it once
    the read returns."""
    import vision.worker

    monkeypatch.setattr(vision.worker, "STOP_WAIT", 0.05)

    class Slow(ScriptedSource):
        def __init__(self):
            super().__init__([])
            self.reading, self.release = threading.Event(), threading.Event()

        def read(self):
            self.reading.set()
            self.release.wait(timeout=10)
            return None

    source = Slow()
    worker = CameraWorker(source, queue.Queue(), reader=lambda f: DiceReading((), 0))
    worker.start()
    assert source.reading.wait(timeout=5)
    worker.stop()
    assert source.closed == 0
    source.release.set()
    worker._thread.join(timeout=5)
    assert source.closed == 1
