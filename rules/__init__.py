"""Pure rules engines, one package per game system. Only ``rules.core`` is shared."""
