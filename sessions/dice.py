"""Dice notation for the ``/roll`` command: standard d20 notation plus success-counting dice pools.

Pure logic, no discord. :func:`roll` is the only entry point; every problem with the user's input comes
back as :class:`DiceError` whose message can be shown to the user as-is.

Two grammars are accepted:

* A dice pool, the whole expression being ``NdS<cmp>T`` with ``<cmp>`` one of ``>= > <= < = ==``
  (spaces allowed), e.g. ``8d6>=5``. Each die meeting the threshold is a success; the total is the
  number of successes. This is handled here, not by d20 (where ``>=`` would be a 0/1 comparison).
* Anything else goes to the ``d20`` library (``2d6+3``, ``4d6kh3``, ``1d20+5 adv``, ``(1d6, 2d8)kh1``,
  ``3d6e6``, ``2d20rr1``...). A trailing ``adv``/``dis`` rolls a leading ``1d20`` at (dis)advantage.

Guards, all cheap and done before anything is rolled: the input length, a regex pre-scan of the
``NdS`` terms (dice count and sides), then the same check on the parsed tree. While rolling, d20's
:class:`~d20.RollContext` caps the total number of die rolls, which is what stops endless explosions and
rerolls such as ``1d1e1`` or ``1d1rr1``.

Randomness: dice are drawn from ``rng.randrange`` when an ``rng`` is given, otherwise from the
module-level :mod:`random` exactly as d20 does. The rng travels on the per-call roll context, so
concurrent calls never share state and nothing global is patched.
"""

from __future__ import annotations

import functools
import random
import re
from dataclasses import dataclass
from typing import Protocol

import d20
import lark

__all__ = [
    "MAX_DETAIL_LENGTH",
    "MAX_DICE",
    "MAX_EXPRESSION_LENGTH",
    "MAX_ROLLS",
    "MAX_SIDES",
    "DiceError",
    "RollResult",
    "roll",
]

MAX_EXPRESSION_LENGTH = 100
"""Longest accepted expression, in characters (after stripping surrounding whitespace)."""
MAX_DICE = 100
"""Most dice an expression may ask for, summed over all of its ``NdS`` terms."""
MAX_SIDES = 1000
"""Most sides a single die may have."""
MAX_ROLLS = 500
"""Most die rolls one call may make, counting rerolls and explosions (d20's ``RollContext``)."""
MAX_DETAIL_LENGTH = 1500
"""Longest ``RollResult.detail``; longer face lists are shortened with ``...``."""


class DiceError(ValueError):
    """The expression cannot be rolled. ``str(error)`` is a sentence meant for the user."""


@dataclass(frozen=True)
class RollResult:
    """The outcome of :func:`roll`.

    ``expression`` is the normalised expression that was rolled (for ``adv``/``dis`` the leading
    ``1d20`` shows as ``2d20kh1``/``2d20kl1``). ``detail`` shows every face, Discord markdown included,
    and is at most :data:`MAX_DETAIL_LENGTH` characters. For a dice pool ``total == successes``;
    otherwise ``successes`` is None. ``dice_count`` is the number of dice the expression asks for
    (the ``N`` of every ``NdS`` term), not counting rerolls and explosions.
    """

    expression: str
    total: int
    detail: str
    successes: int | None
    is_pool: bool
    dice_count: int


class _Randrange(Protocol):
    def randrange(self, start: int, stop: int | None = ..., step: int = ...) -> int: ...


# --------------------------------------------------------------------------------------------------
# input checks


_POOL_RE = re.compile(r"\s*([0-9]*)\s*d\s*([0-9]+)\s*(>=|<=|==|=|>|<)\s*([0-9]+)\s*", re.ASCII)
_DICE_TERM_RE = re.compile(r"([0-9]*)\s*d\s*([0-9]+|%)", re.ASCII)
_ANNOTATION_RE = re.compile(r"\[[^\]\n]*\]")
_ADVANTAGE_RE = re.compile(r"\s*(adv|dis)\s*$", re.ASCII)
_RANK_CATS = frozenset({"h", "l"})
_UNBOUNDED_OPS = frozenset({"rr", "e"})
_ADV_TYPES = {"adv": d20.AdvType.ADV, "dis": d20.AdvType.DIS}


def _lowercase_outside_annotations(text: str) -> str:
    """``2D6+1D4 [Fire]`` -> ``2d6+1d4 [Fire]``: d20 only knows lowercase operators."""
    out: list[str] = []
    pos = 0
    for match in _ANNOTATION_RE.finditer(text):
        out.append(text[pos : match.start()].lower())
        out.append(match.group())
        pos = match.end()
    out.append(text[pos:].lower())
    return "".join(out)


def _check_dice(count: int, sides: int | str, total_so_far: int) -> int:
    """Checks one ``NdS`` term; returns the running dice total including it."""
    if sides != "%":
        if sides < 1:
            raise DiceError("A die needs at least one side.")
        if sides > MAX_SIDES:
            raise DiceError(f"Dice can have at most {MAX_SIDES} sides.")
    total = total_so_far + count
    if total > MAX_DICE:
        raise DiceError(f"That is too many dice: at most {MAX_DICE} dice per roll.")
    return total


def _prescan(text: str) -> None:
    """Rejects oversized ``NdS`` terms from the raw text, before parsing (annotations ignored)."""
    total = 0
    for count_text, sides_text in _DICE_TERM_RE.findall(_ANNOTATION_RE.sub(" ", text)):
        # Compare lengths first: no need to build a huge int just to find out it is too big.
        if len(count_text.lstrip("0")) > len(str(MAX_DICE)):
            raise DiceError(f"That is too many dice: at most {MAX_DICE} dice per roll.")
        if sides_text != "%" and len(sides_text.lstrip("0")) > len(str(MAX_SIDES)):
            raise DiceError(f"Dice can have at most {MAX_SIDES} sides.")
        count = int(count_text) if count_text else 1
        sides: int | str = sides_text if sides_text == "%" else int(sides_text)
        total = _check_dice(count, sides, total)


def _check_tree(tree: d20.ast.Node) -> int:
    """Same checks on the parsed tree (the authority); returns the number of dice asked for.

    Also refuses ``rr``/``e`` with a highest/lowest selector (``rrh1``, ``el2``): rerolling the highest
    die never ends, and d20 explodes by rank with a rescan per new die (quadratic, ~1 s for
    ``1d1el999el999...``). Rerolling and exploding by value (``rr1``, ``e6``, ``e>4``) is unaffected.
    """
    total = 0
    stack = [tree]
    while stack:
        node = stack.pop()
        if isinstance(node, d20.ast.Dice):
            total = _check_dice(node.num, node.size, total)
        elif isinstance(node, d20.ast.OperatedSet):
            for operation in node.operations:
                if operation.op in _UNBOUNDED_OPS and any(sel.cat in _RANK_CATS for sel in operation.sels):
                    raise DiceError(
                        "Rerolling or exploding the highest/lowest dice is not supported; "
                        "use a value instead, e.g. rr1, e6 or e>4."
                    )
        stack.extend(node.children)
    return total


# --------------------------------------------------------------------------------------------------
# d20 plumbing: rolls drawn from a per-call rng, deterministic and linear-time set operations


class _Context(d20.RollContext):
    """d20's roll counter, also carrying the random source for this one call."""

    def __init__(self, rng: _Randrange) -> None:
        super().__init__(max_rolls=MAX_ROLLS)
        self.rng = rng


class _Die(d20.Die):
    __slots__ = ()

    def _add_roll(self) -> None:
        # Mirrors d20.Die._add_roll, drawing from the context's rng instead of the random module.
        if self.size != "%" and self.size < 1:
            raise d20.RollValueError("Cannot roll a 0-sided die.")
        context = self._context
        context.count_roll()
        if self.size == "%":
            value = context.rng.randrange(0, 100, 10)
        else:
            value = context.rng.randrange(self.size) + 1
        self.values.append(d20.Literal(value))


class _Dice(d20.Dice):
    __slots__ = ()

    @classmethod
    def new(cls, num, size, context=None):
        return cls(num, size, [_Die.new(size, context=context) for _ in range(num)], context=context)

    def roll_another(self) -> None:
        self.values.append(_Die.new(self.size, context=self._context))


class _SetOperator(d20.SetOperator):
    """d20's set operators with the same meaning, but iterating in dice order and without rescans.

    d20 walks Python ``set`` objects (so which die gets which reroll depends on memory addresses),
    re-selects the whole set for every value it keeps (quadratic) and rescans every die with every
    selector after each reroll or explosion pass (``1d1e1``, ``1d1rr1rr2rr3...``). Here the order is
    the order the dice were rolled, so a seeded rng always gives the same detail, and each pass only
    looks at the dice that just changed.
    """

    __slots__ = ()

    def _ordered(self, target, max_targets=None) -> list:
        chosen = self.select(target, max_targets)
        return [value for value in target.keptset if value in chosen]

    def _by_rank(self) -> bool:
        return any(sel.cat in _RANK_CATS for sel in self.sels)

    def _value_test(self):
        """For value selectors only (``3``, ``<3``, ``>3``): one O(1) test equivalent to their union."""
        equal = {sel.num for sel in self.sels if sel.cat is None}
        above = min((sel.num for sel in self.sels if sel.cat == ">"), default=None)
        below = max((sel.num for sel in self.sels if sel.cat == "<"), default=None)
        return lambda total: (
            total in equal or (above is not None and total > above) or (below is not None and total < below)
        )

    def keep(self, target) -> None:
        # Dropping an unselected value never changes which values are selected (rank selectors are
        # stable sorts, the others test each value alone), so one selection is enough.
        chosen = self.select(target)
        for value in target.keptset:
            if value not in chosen:
                value.drop()

    def drop(self, target) -> None:
        for value in self._ordered(target):
            value.drop()

    def reroll(self, target) -> None:
        if self._by_rank():  # refused up front by _check_tree; d20's meaning kept just in case
            return super().reroll(target)
        # Each die is judged alone, so after a pass only the rerolled dice can match again.
        test = self._value_test()
        to_reroll = [die for die in target.keptset if test(die.total)]
        while to_reroll:
            for die in to_reroll:
                die.reroll()
            to_reroll = [die for die in to_reroll if test(die.total)]
        return None

    def reroll_once(self, target) -> None:
        for die in self._ordered(target):
            die.reroll()

    def explode(self, target) -> None:
        if self._by_rank():  # refused up front by _check_tree; d20's meaning kept just in case
            return super().explode(target)
        # Each die is judged alone, so after a pass only the new dice can explode.
        test = self._value_test()
        to_explode = [die for die in target.keptset if test(die.total)]
        while to_explode:
            first_new = len(target.values)
            for die in to_explode:
                die.explode()
                target.roll_another()
            to_explode = [die for die in target.values[first_new:] if test(die.total)]
        return None

    def explode_once(self, target) -> None:
        for die in self._ordered(target, max_targets=1):
            die.explode()
            target.roll_another()


class _Roller(d20.Roller):
    def _eval_dice(self, node: d20.ast.Dice) -> d20.Dice:
        return _Dice.new(node.num, node.size, context=self.context)

    def _eval_operatedset(self, node):
        target = self._eval(node.value)
        for op in node.operations:
            the_op = _SetOperator.from_ast(op)
            the_op.operate(target)
            target.operations.append(the_op)
        return target


class _Stringifier(d20.MarkdownStringifier):
    """d20's markdown, knowing our Die/Dice classes, optionally showing at most ``max_faces`` per term."""

    def __init__(self, max_faces: int | None = None) -> None:
        super().__init__()
        self._nodes[_Dice] = self._str_dice
        self._nodes[_Die] = self._str_die
        self.max_faces = max_faces

    def _str_dice(self, node) -> str:
        shown = node.values if self.max_faces is None else node.values[: self.max_faces]
        faces = [self._stringify(die) for die in shown]
        if len(shown) < len(node.values):
            faces.append("...")
        return f"{node.num}d{node.size}{self._str_ops(node.operations)} ({', '.join(faces)})"

    def _str_die(self, node) -> str:
        # A die rerolled many times shows its history; keep only the latest rolls when shortening.
        values = node.values if self.max_faces is None else node.values[-max(self.max_faces, 1) :]
        rolls = ["..."] if len(values) < len(node.values) else []
        for value in values:
            inside = self._stringify(value)
            if value.number in (1, node.size):
                inside = f"**{inside}**"
            rolls.append(inside)
        return ", ".join(rolls)


@functools.lru_cache(maxsize=512)
def _parse(text: str) -> d20.ast.Expression:
    """d20's parser (cached; rolling never mutates a tree, advantage works on a copy)."""
    try:
        return d20.ast.parser.parse(text, start="expr")
    except lark.UnexpectedInput as exc:
        # d20.Roller.parse only converts two of lark's errors; UnexpectedEOF would escape it.
        column = getattr(exc, "column", None)
        where = f" near character {column}" if isinstance(column, int) and column > 0 else ""
        raise DiceError(
            f"I couldn't read that dice expression{where}. Try something like 2d6+3, 4d6kh3 or 8d6>=5."
        ) from None


def _detail(expr: d20.Expression, expression: str, total: int) -> str:
    for max_faces in (None, 50, 20, 10, 5, 2, 1, 0):
        text = _Stringifier(max_faces).stringify(expr)
        if len(text) <= MAX_DETAIL_LENGTH:
            return text
    # Only reachable with many long annotations; the plain expression always fits.
    return f"{expression} = `{total}`"[:MAX_DETAIL_LENGTH]


def _roll_d20(text: str, rng: _Randrange) -> RollResult:
    advantage = d20.AdvType.NONE
    match = _ADVANTAGE_RE.search(text)
    if match:
        advantage = _ADV_TYPES[match.group(1)]
        text = text[: match.start()]
        if not text.strip():
            raise DiceError("Say what to roll with advantage, e.g. 1d20+5 adv.")
    tree = _parse(text)
    if advantage != d20.AdvType.NONE:
        adv_tree = d20.utils.ast_adv_copy(tree, advantage)
        if str(adv_tree) == str(tree):
            raise DiceError("Advantage and disadvantage only work when the roll starts with 1d20.")
        tree = adv_tree
    dice_count = _check_tree(tree)
    result = _Roller(_Context(rng)).roll(tree, stringifier=_Stringifier())
    total = result.total
    expression = str(tree)
    return RollResult(
        expression=expression,
        total=total,
        detail=_detail(result.expr, expression, total),
        successes=None,
        is_pool=False,
        dice_count=dice_count,
    )


# --------------------------------------------------------------------------------------------------
# dice pools

_COMPARATORS = {
    ">=": lambda face, t: face >= t,
    ">": lambda face, t: face > t,
    "<=": lambda face, t: face <= t,
    "<": lambda face, t: face < t,
    "=": lambda face, t: face == t,
}


def _roll_pool(match: re.Match[str], rng: _Randrange) -> RollResult:
    count_text, sides_text, comparator, threshold_text = match.groups()
    comparator = "=" if comparator == "==" else comparator
    count = int(count_text) if count_text else 1
    sides = int(sides_text)
    threshold = int(threshold_text)
    if count < 1:
        raise DiceError("A dice pool needs at least one die.")
    _check_dice(count, sides, 0)

    test = _COMPARATORS[comparator]
    faces = [rng.randrange(sides) + 1 for _ in range(count)]
    hits = [test(face, threshold) for face in faces]
    successes = sum(hits)

    expression = f"{count}d{sides}{comparator}{threshold}"
    shown = [f"**{face}**" if hit else str(face) for face, hit in zip(faces, hits, strict=True)]
    noun = "success" if successes == 1 else "successes"
    detail = f"{expression} ({', '.join(shown)}) = `{successes}` {noun}"
    return RollResult(
        expression=expression,
        total=successes,
        detail=detail,  # at most 100 faces of at most 4 digits: always well under the cap
        successes=successes,
        is_pool=True,
        dice_count=count,
    )


# --------------------------------------------------------------------------------------------------
# entry point


def roll(expression: str, *, rng: random.Random | None = None) -> RollResult:
    """Rolls ``expression`` and returns the result; raises :class:`DiceError` for anything unrollable.

    ``rng`` (any object with ``randrange``, normally a seeded :class:`random.Random`) is used for every
    die of this call; without it the module-level :mod:`random` is used, as d20 itself does.
    """
    if not isinstance(expression, str):
        raise DiceError("The dice expression must be text.")
    text = expression.strip()
    if not text:
        raise DiceError("Tell me what to roll, e.g. 2d6+3 or 8d6>=5.")
    if len(text) > MAX_EXPRESSION_LENGTH:
        raise DiceError(f"That expression is too long: at most {MAX_EXPRESSION_LENGTH} characters.")
    source: _Randrange = rng if rng is not None else random
    try:
        text = _lowercase_outside_annotations(text)
        pool = _POOL_RE.fullmatch(text)
        if pool:
            return _roll_pool(pool, source)
        _prescan(text)
        return _roll_d20(text, source)
    except DiceError:
        raise
    except d20.TooManyRolls:
        raise DiceError(
            f"That roll keeps going (too many rerolls or explosions): at most {MAX_ROLLS} dice per roll."
        ) from None
    except d20.RollSyntaxError:
        raise DiceError("I couldn't read that dice expression. Try something like 2d6+3, 4d6kh3 or 8d6>=5.") from None
    except d20.RollValueError as exc:
        message = str(exc).strip() or "That roll has an impossible value"
        message = message[0].upper() + message[1:].rstrip(".") + "."  # e.g. "h1 is not a valid selector..."
        raise DiceError(message) from None
    except ZeroDivisionError:
        raise DiceError("Cannot divide by zero.") from None
    except (OverflowError, RecursionError, MemoryError):
        raise DiceError("That roll produces numbers too large to handle.") from None
    except Exception as exc:  # anything else d20 or lark may raise: still the user's input at fault
        raise DiceError("That dice expression could not be rolled.") from exc
