"""Matching die faces to the symbols a station or a mission section asks for (pure functions)."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from functools import lru_cache
from itertools import permutations

from .content import BASIC
from .helpers import face_symbols

# -- dice matching -------------------------------------------------------------------------
#
# A station's activation in progress is kept as the symbols already put towards it
# (``Station.held``), never as a fixed list of holes: which requirement a Command face fills is
# decided afresh on every placement, by matching the held symbols to the printed requirements.
#
# Faces and requirements are a handful of letters, so the answers are remembered (``legal()`` asks
# the same questions for every die and station many times over).


def fits(symbol: str, slot: str) -> bool:
    """Whether one symbol on a die can fill one printed requirement.

    An empty box (``*``) takes any face, blanks included; a Command face is wild for a basic
    symbol, but a printed Command needs a real Command.
    """
    return slot == "*" or symbol == slot or (symbol == "C" and slot in BASIC)


def _matchings(symbols: Sequence[str], req: Sequence[str]) -> Iterator[tuple[int, ...]]:
    """Every way to give each symbol its own requirement: ``symbols[i]`` fills ``req[pick[i]]``."""
    for pick in permutations(range(len(req)), len(symbols)):
        if all(fits(sym, req[i]) for sym, i in zip(symbols, pick, strict=True)):
            yield pick


def _boxed(symbols: Sequence[str], req: Sequence[str]) -> int:
    """How many of these symbols must sit in empty boxes (the fewest over every matching)."""
    return min((sum(req[i] == "*" for i in pick) for pick in _matchings(symbols, req)), default=0)


def feed(req: Sequence[str], held: Sequence[str], face: str) -> tuple[int, list[str], bool]:
    """Put one die face on a station whose activation in progress holds ``held``.

    Returns (activations completed, symbols held afterwards, whether the die was used). Each
    symbol of the face joins when the held symbols can still each fill a different requirement;
    a full activation fires and the next one starts empty, so a die showing two matching symbols
    can fire a one-symbol station twice. A symbol that goes into an empty box uses up the die.
    """
    fires, current, used = _feed(tuple(req), tuple(held), face)
    return fires, list(current), used


def uses(req: tuple[str, ...], held: tuple[str, ...], face: str) -> bool:
    """Whether :func:`feed` would use a die of this face (``req`` and ``held`` as tuples)."""
    return _feed(req, held, face)[2]


@lru_cache(maxsize=8192)
def _feed(req: tuple[str, ...], held: tuple[str, ...], face: str) -> tuple[int, tuple[str, ...], bool]:
    current = list(held)
    fires = 0
    used = False
    for sym in face_symbols(face) or ["-"]:
        grown = [*current, sym]
        if next(_matchings(grown, req), None) is None:
            continue
        boxed = _boxed(grown, req) > _boxed(current, req)
        current, used = grown, True
        if len(current) == len(req):
            fires += 1
            current = []
        if boxed:
            break
    return fires, tuple(current), used


def can_complete(req: Sequence[str], held: Sequence[str], faces: Sequence[str], room: int) -> bool:
    """Whether some of these rolled faces, placed one at a time (``room`` dice at most), would
    finish the activation in progress."""
    if not held:
        return True
    if room <= 0:
        return False
    # which faces are tried in which order does not change the answer: sort them to share it
    return _can_complete(tuple(req), tuple(held), tuple(sorted(faces)), min(room, len(faces)))


@lru_cache(maxsize=8192)
def _can_complete(req: tuple[str, ...], held: tuple[str, ...], faces: tuple[str, ...], room: int) -> bool:
    if not held:
        return True
    if room <= 0:
        return False
    for i, face in enumerate(faces):
        fires, after, used = feed(req, held, face)
        if used and (fires or can_complete(req, after, [*faces[:i], *faces[i + 1 :]], room - 1)):
            return True
    return False


def still_needed(req: Sequence[str], held: Sequence[str]) -> list[str]:
    """What the activation in progress still lacks, for the picture and the texts.

    Usually the missing symbols (``["E"]``); when a held Command could stand for either of two
    requirements, one entry names the choices (``["T/E"]``).
    """
    if not held:
        return []
    return list(_still_needed(tuple(req), tuple(held)))


@lru_cache(maxsize=1024)
def _still_needed(req: tuple[str, ...], held: tuple[str, ...]) -> tuple[str, ...]:
    options: list[str] = []
    gaps = sorted({tuple(i for i in range(len(req)) if i not in pick) for pick in _matchings(held, req)})
    for gap in gaps:  # in the printed order
        rest = "".join(req[i] for i in gap)
        if rest not in options:
            options.append(rest)
    if len(options) == 1:
        return tuple(options[0])
    return ("/".join(options),)


def match(need: Sequence[str], face: str) -> tuple[int, list[str], bool]:
    """Feed one die face into a mission section that still needs ``need``.

    Returns (completions, symbols still missing, whether the die matched anything).
    """
    fires, held, used = feed(need, [], face)
    if fires or not used:
        return fires, [], used
    pick = next(_matchings(held, need))
    return 0, [sym for i, sym in enumerate(need) if i not in pick], used


def shows(face: str, sym: str) -> bool:
    syms = face_symbols(face)
    return sym in syms or (sym in BASIC and "C" in syms)
