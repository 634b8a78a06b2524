"""The README's example pictures: each game's board at Discord's inline width (500 px).

``python -m render.examples [game ...] [--out docs]`` sets a game up with a fixed seed, lets the
game's own bot play every seat for a while (the prompt's default where a game has no bot), and saves
the public board, scaled to 500 px wide as a chat column shows it, as ``docs/<game>-500.png``.
Run it again after a renderer changes; the same seed gives the same picture.
"""

from __future__ import annotations

import argparse
import io
from dataclasses import dataclass
from pathlib import Path

from PIL import Image

from rules.core import BaseState, registry

from . import render_board

INLINE_WIDTH = 500


@dataclass(frozen=True)
class Example:
    """Which position of a game the README shows."""

    seats: int
    steps: int  # actions played before the picture is taken (fewer if the game ends first)
    seed: int = 7
    scenario: str | None = None


EXAMPLES: dict[str, Example] = {
    "starcadia": Example(seats=3, steps=40),
    "armada": Example(seats=3, steps=88),
    "endure": Example(seats=3, steps=30),
    "grimdark": Example(seats=3, steps=25),
    "quasar": Example(seats=2, steps=25),
}


def play_position(system_id: str, example: Example) -> BaseState:
    """Set the game up and play ``example.steps`` actions with the game's bot; return the state."""
    system = registry.get(system_id)
    options = {"scenario": example.scenario} if example.scenario else {}
    seats = [f"player{i + 1}" for i in range(example.seats)]
    state = system.setup(seats, options, example.seed)
    for step in range(example.steps):
        if system.outcome(state) is not None:
            break
        prompts = system.pending(state)
        if not prompts:
            break
        prompt = prompts[0]
        view = system.view(state, prompt.seat)
        action = system.ai_action(view, prompt.seat, example.seed * 1000 + step)
        if action is None:
            action = system.default_action(state, prompt)
        state, _ = system.apply(state, prompt.seat, action)
    return state


def inline_picture(system_id: str, example: Example) -> bytes:
    """The public board of the example position, scaled to the chat column's width."""
    system = registry.get(system_id)
    state = play_position(system_id, example)
    public = system.view(state, None)
    png = render_board(public, title=system_id, description=system.describe(public))
    image = Image.open(io.BytesIO(png)).convert("RGB")
    height = round(image.height * INLINE_WIDTH / image.width)
    small = image.resize((INLINE_WIDTH, height), Image.Resampling.LANCZOS)
    out = io.BytesIO()
    small.save(out, format="PNG", optimize=True)
    return out.getvalue()


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("games", nargs="*", default=sorted(EXAMPLES), help="game ids (default: all)")
    parser.add_argument("--out", default="docs", help="folder for <game>-500.png (default: docs)")
    args = parser.parse_args(argv)
    folder = Path(args.out)
    folder.mkdir(parents=True, exist_ok=True)
    for game in args.games:
        if game not in EXAMPLES:
            parser.error(f"no example for '{game}'; games: {', '.join(sorted(EXAMPLES))}")
        path = folder / f"{game}-500.png"
        path.write_bytes(inline_picture(game, EXAMPLES[game]))
        print(path)


if __name__ == "__main__":
    main()
