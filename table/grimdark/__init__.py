"""Grimdark Future Star Quest at the table: the ``/grimdark`` command table and what its commands do."""
