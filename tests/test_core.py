"""The rules-engine contract: seeded chance, untouched state on errors, notation, options."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rules.core import OptionSpec, Rng, RngState, RuleError, parse_options, registry
from rules.core.model import Event
from tests.fixtures.pig import PIG

ROOT = Path(__file__).resolve().parents[1]


def test_rng_replays_from_seed_and_logs_faces() -> None:
    sink: list[Event] = []
    a, b = Rng(RngState(seed=42), sink), Rng(RngState(seed=42))
    assert a.dice(10, 6) == b.dice(10, 6)
    assert sink[0].kind == "roll" and len(sink[0].data["faces"]) == 10
    items = list(range(20))
    a.shuffle(items)
    again = list(range(20))
    b.shuffle(again)
    assert items == again
    assert a.state.draws == b.state.draws


@given(st.integers(min_value=0, max_value=2**63), st.integers(min_value=1, max_value=1000))
def test_rng_stays_in_range(seed: int, sides: int) -> None:
    rng = Rng(RngState(seed=seed))
    assert all(1 <= face <= sides for face in rng.dice(20, sides))


def test_custom_faces() -> None:
    rng = Rng(RngState(seed=1))
    assert set(rng.roll_faces(["hit", "miss", "crit"], 50)) <= {"hit", "miss", "crit"}
    with pytest.raises(ValueError):
        rng.roll_faces([], 1)


def test_forbidden_actions_leave_state_untouched() -> None:
    state = PIG.setup(["a", "b"], {}, 9)
    before = PIG.dumps(state)
    for seat, action in [
        (1, {"type": "roll"}),
        (0, {"type": "dance"}),
        (0, {"kind": "roll"}),
        (0, "roll"),
        (7, {"type": "roll"}),
        (-1, {"type": "roll"}),
    ]:
        with pytest.raises(RuleError):
            PIG.apply(state, seat, action)  # type: ignore[arg-type]
    assert PIG.dumps(state) == before


def test_state_round_trips_through_json() -> None:
    state = PIG.setup(["a", "b"], {"target": "10"}, 5)
    state, _ = PIG.apply(state, 0, {"type": "roll"})
    assert PIG.dumps(PIG.loads(PIG.dumps(state))) == PIG.dumps(state)


def test_parse_matches_legal_notation() -> None:
    state = PIG.setup(["a"], {}, 1)
    assert PIG.parse("  ROLL ", state, 0) == {"type": "roll"}
    with pytest.raises(RuleError, match="Try: roll, hold"):
        PIG.parse("jump", state, 0)


def test_option_parsing() -> None:
    specs = [OptionSpec(name="crews", help="", default="2", choices=["2", "3", "4"])]
    assert parse_options("crews=3", specs) == {"crews": "3"}
    assert parse_options(None, specs) == {"crews": "2"}
    listed = [*specs, OptionSpec(name="ships", help="", default="")]
    assert parse_options("crews=3, ships=a,b", listed) == {"crews": "3", "ships": "a,b"}
    assert parse_options("ships=a,b,crews=4", listed) == {"crews": "4", "ships": "a,b"}
    for bad in ("crews", "crews=9", "speed=1"):
        with pytest.raises(RuleError):
            parse_options(bad, specs)


def test_registry_knows_the_test_game_and_refuses_unknown() -> None:
    assert registry.get("pig") is PIG
    with pytest.raises(RuleError, match="no game called"):
        registry.get("chess")


FORBIDDEN = {"discord", "aiosqlite", "sessions", "cogs", "table", "sqlite3", "random", "time", "datetime"}


@pytest.mark.parametrize("package", ["rules", "render"])
def test_layering(package: str) -> None:
    """rules/ and render/ never import Discord, storage, clocks or global randomness."""
    banned = FORBIDDEN if package == "rules" else {"discord", "aiosqlite", "sessions", "cogs", "table"}
    for path in (ROOT / package).rglob("*.py"):
        tree = ast.parse(path.read_text(), str(path))
        for node in ast.walk(tree):
            names = []
            if isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                names = [node.module]
            for name in names:
                assert name.split(".")[0] not in banned, f"{path.relative_to(ROOT)} imports {name}"


def test_view_never_shows_the_seed() -> None:
    state = PIG.setup(["a", "b"], {}, 123456)
    seen = PIG.view(state, None)
    assert seen.rng.seed == 0 and state.rng.seed == 123456
