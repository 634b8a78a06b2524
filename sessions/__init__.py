"""The session service: SQLite store, lobbies and turns, reminders, dice notation."""
