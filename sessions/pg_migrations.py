"""Numbered PostgreSQL schema migrations, the same tables as SQLite's (sessions/migrations.py).

Applied in order at start-up, each in its own transaction, under an advisory lock so that
shard processes starting together migrate once. Never edit a released one; add a new one.

Types: ids, Discord snowflakes and seeds are BIGINT (SQLite's INTEGER is 64-bit signed too),
times are DOUBLE PRECISION (SQLite REAL), the state is BYTEA, JSON columns stay TEXT so an
exported record is byte for byte what either backend stored.
"""

MIGRATIONS: list[tuple[int, str, str]] = [
    (
        1,
        "games, seats, actions, settings",
        """
        CREATE TABLE games (
            id BIGSERIAL PRIMARY KEY,
            guild_id BIGINT,
            channel_id BIGINT NOT NULL,
            system TEXT NOT NULL,
            scenario TEXT,
            options TEXT NOT NULL DEFAULT '{}',
            seed BIGINT NOT NULL,
            status TEXT NOT NULL CHECK (status IN ('lobby', 'active', 'finished', 'ended')),
            host_id BIGINT NOT NULL,
            version INTEGER NOT NULL DEFAULT 0,
            state BYTEA,
            created_at DOUBLE PRECISION NOT NULL,
            updated_at DOUBLE PRECISION NOT NULL,
            last_action_at DOUBLE PRECISION NOT NULL,
            reminders_sent INTEGER NOT NULL DEFAULT 0,
            last_reminder_at DOUBLE PRECISION
        );
        CREATE UNIQUE INDEX games_one_open_per_channel ON games (channel_id)
            WHERE status IN ('lobby', 'active');
        CREATE INDEX games_by_status ON games (status);
        CREATE TABLE seats (
            game_id BIGINT NOT NULL REFERENCES games (id) ON DELETE CASCADE,
            seat INTEGER NOT NULL,
            user_id BIGINT NOT NULL,
            name TEXT NOT NULL,
            PRIMARY KEY (game_id, seat),
            UNIQUE (game_id, user_id)
        );
        CREATE TABLE actions (
            game_id BIGINT NOT NULL REFERENCES games (id) ON DELETE CASCADE,
            version INTEGER NOT NULL,
            seat INTEGER,
            user_id BIGINT,
            action TEXT NOT NULL,
            events TEXT NOT NULL,
            at DOUBLE PRECISION NOT NULL,
            by_default INTEGER NOT NULL DEFAULT 0,
            PRIMARY KEY (game_id, version)
        );
        CREATE TABLE settings (
            game_id BIGINT NOT NULL REFERENCES games (id) ON DELETE CASCADE,
            key TEXT NOT NULL,
            value TEXT NOT NULL,
            PRIMARY KEY (game_id, key)
        );
        CREATE TABLE guild_settings (
            guild_id BIGINT NOT NULL,
            key TEXT NOT NULL,
            value TEXT NOT NULL,
            PRIMARY KEY (guild_id, key)
        )
        """,
    ),
    (
        2,
        "key/value facts about the installation (e.g. the synced command tree's hash)",
        """
        CREATE TABLE meta (
            key TEXT PRIMARY KEY,
            value TEXT NOT NULL
        )
        """,
    ),
    (
        3,
        "how each action came about (move, timeout, auto, bot, undo), what it revealed; per-user settings",
        """
        ALTER TABLE actions ADD COLUMN kind TEXT NOT NULL DEFAULT 'move';
        ALTER TABLE actions ADD COLUMN revealed TEXT NOT NULL DEFAULT 'recorded before reveals were kept';
        UPDATE actions SET kind = 'timeout' WHERE by_default = 1;
        CREATE TABLE user_settings (
            user_id BIGINT NOT NULL,
            key TEXT NOT NULL,
            value TEXT NOT NULL,
            PRIMARY KEY (user_id, key)
        );
        CREATE INDEX seats_by_user ON seats (user_id)
        """,
    ),
    (
        4,
        "several empty seats in one running game (a player appears once per game; empty seats are user 0)",
        """
        ALTER TABLE seats DROP CONSTRAINT seats_game_id_user_id_key;
        CREATE UNIQUE INDEX seats_one_per_player ON seats (game_id, user_id) WHERE user_id <> 0
        """,
    ),
    (
        5,
        "stats (a finished game's result, each seat's win, each action's wait) and seats handed to the bot",
        """
        ALTER TABLE games ADD COLUMN result TEXT;
        ALTER TABLE games ADD COLUMN finished_at DOUBLE PRECISION;
        ALTER TABLE seats ADD COLUMN won INTEGER;
        ALTER TABLE actions ADD COLUMN wait DOUBLE PRECISION;
        UPDATE actions SET wait = at - (SELECT p.at FROM actions p WHERE p.game_id = actions.game_id
            AND p.version = actions.version - 1);
        CREATE INDEX actions_moves_by_user ON actions (user_id, game_id, wait) WHERE kind = 'move';
        CREATE INDEX actions_moves_by_seat ON actions (game_id, seat, version) WHERE kind = 'move';
        CREATE INDEX games_by_guild_system ON games (guild_id, system, status);
        CREATE INDEX seats_by_user_game ON seats (user_id, game_id);
        CREATE TABLE handovers (
            game_id BIGINT NOT NULL REFERENCES games (id) ON DELETE CASCADE,
            seat INTEGER NOT NULL,
            user_id BIGINT NOT NULL,
            reason TEXT NOT NULL CHECK (reason IN ('away', 'deadline')),
            started_at DOUBLE PRECISION NOT NULL,
            ends_at DOUBLE PRECISION,
            PRIMARY KEY (game_id, seat)
        );
        CREATE INDEX handovers_by_user ON handovers (user_id)
        """,
    ),
    (
        6,
        "a count of changes to a game beside its state (seats, status, settings, hand-overs)",
        """
        ALTER TABLE games ADD COLUMN aside BIGINT NOT NULL DEFAULT 0
        """,
    ),
]
