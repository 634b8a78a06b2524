"""Thin Discord adapters: slash commands, autocomplete and buttons calling the table layer."""
