"""One Starhost shard process for the end-to-end tests, talking to a Discord stand-in.

    python -m tests.shard_bot PORT [bot.py arguments...]

Points discord.py at the stand-in on 127.0.0.1:PORT, then runs ``bot.main`` with the given
arguments and the environment's STARHOST_* settings, exactly as ``./starhost bot`` would.
Two test-only changes: shards identify without discord.py's 5-second pause (the stand-in
has no identify rate limit), and the process prints ``ready`` once all its shards are.
"""

from __future__ import annotations

import sys


def main(argv: list[str]) -> int:
    port, args = int(argv[0]), argv[1:]
    from tests.standin import install

    install(port)
    import bot as starhost

    make_bot = starhost.make_bot

    def make_test_bot(config: starhost.Config, **options: object):  # -> StarhostBot
        bot = make_bot(config, guild_ready_timeout=0.05, **options)

        async def identify_at_once(shard_id: int | None, *, initial: bool = False) -> None:
            return None

        async def say_ready() -> None:
            print("ready", flush=True)

        bot.before_identify_hook = identify_at_once
        bot.add_listener(say_ready, "on_ready")
        return bot

    starhost.make_bot = make_test_bot
    return starhost.main(args)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
