"""The whole search of a walking model near difficult ground, in one pass over the cost levels.

:func:`~.paths._walk` searches (cell, has-touched-difficult-ground) nodes together. Here the two kinds
are kept apart: nodes that never touched difficult ground ("plain") are reached only from plain
nodes and never stand on difficult cells; the others ("rough") cost at most the cap and are reached
from plain nodes stepping onto difficult cells, or from rough nodes. Both are settled level by level
(cost), each kind with its own cost list (one entry per cell), so the inner loop is the plain search's
own; the two lists are interleaved into ``_walk``'s node list at the end.

The answers are exactly ``_walk``'s: the final costs of a shortest-path search do not depend on the
order nodes are settled in, and the first node settled for each cell is the one of lowest (cost,
node), which is what is recorded here too, in that order. When no step onto difficult ground fits
the budget, the plain search's answer is given, as :func:`~.paths._flat` with its difficult cells
would have (it gives up exactly when such a step is met).
"""

from __future__ import annotations

from collections.abc import Collection, Sequence

Steps = Sequence[Sequence[tuple[int, int]]]


def search(
    walk: Steps,
    difficult: Sequence[bool],
    s0: int,
    budget: int,
    cap: int,
    closed: Collection[int],
    unending: Collection[int],
) -> tuple[dict[int, tuple[int, int, int]], list[int], list[int] | None]:
    """(best, plain costs, rough costs) of the search from cell ``s0``: ``best`` as
    :class:`~.paths.Reach` keeps it; the rough costs are None when no step onto difficult ground fits
    the budget (and the start is not difficult): then everything is as :func:`~.paths._flat` finds it.
    A cost list holds -1 for closed cells and more than the limit (budget, cap) for cells not reached."""
    cells = len(difficult)
    plain = [budget + 1] * cells
    rough = [cap + 1] * cells
    for n in closed:
        plain[n] = rough[n] = -1
    touched = bool(difficult[s0])
    plain_at: list[list[int]] = [[] for _ in range(budget + 1)]
    rough_at: list[list[int]] = [[] for _ in range(cap + 1)]
    if touched:
        rough[s0] = 0
        rough_at[0].append(s0)
    else:
        plain[s0] = 0
        plain_at[0].append(s0)
    best: dict[int, tuple[int, int, int]] = {}
    for p in range(budget + 1):
        a = plain_at[p]
        b = rough_at[p] if p <= cap else None
        if not a and not b:
            continue
        settled_a: list[int] = []
        if a:
            if len(a) > 1:
                a.sort()
            expand = p + 2 <= budget  # no step (2 or more) fits any more: these cells are only settled
            for i in a:
                if plain[i] != p:
                    continue  # settled cheaper already
                if b:
                    settled_a.append(i)  # recorded below, in node order with the rough ones
                elif (i == s0 or i not in unending) and i not in best:
                    best[i] = (0, p, 2 * i)
                if not expand:
                    continue
                for n, cost in walk[i]:
                    np = p + cost
                    if np < plain[n]:
                        if difficult[n]:
                            touched = True  # plain[n] is never lowered: every such step lands here
                            if np < rough[n]:
                                rough[n] = np
                                rough_at[np].append(n)
                        else:
                            plain[n] = np
                            plain_at[np].append(n)
        settled_b: list[int] = []
        if b:
            if len(b) > 1:
                b.sort()
            expand = p + 2 <= cap
            for i in b:
                if rough[i] != p:
                    continue
                settled_b.append(i)
                if not expand:
                    continue
                for n, cost in walk[i]:
                    np = p + cost
                    if np < rough[n]:
                        rough[n] = np
                        rough_at[np].append(n)
        if not b:
            continue
        for node in sorted([2 * i for i in settled_a] + [2 * i + 1 for i in settled_b]):
            i = node >> 1
            if (i == s0 or i not in unending) and i not in best:
                best[i] = (0, p, node)
    return best, plain, (rough if touched else None)


def interleaved(plain: list[int], rough: list[int]) -> list[int]:
    """The node costs as :func:`~.paths._walk` keeps them (node ``2 * cell + rough``)."""
    out = [0] * (2 * len(plain))
    out[0::2] = plain
    out[1::2] = rough
    return out
