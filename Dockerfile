# Starhost bot image: slim Python, non-root user, the SQLite file on a volume, the token from the environment.
#   docker build -t starhost .
#   docker run -e DISCORD_TOKEN=... -v starhost-data:/data starhost
# With PostgreSQL and several shard processes, see compose.yaml (STARHOST_DB=postgresql://...,
# STARHOST_SHARDS, STARHOST_SHARD_COUNT); the image is the same.
FROM python:3.11-slim

ENV PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    PIP_NO_CACHE_DIR=1 \
    STARHOST_DB=/data/starhost.db

RUN useradd --create-home --uid 10001 starhost \
    && mkdir -p /data && chown starhost:starhost /data

WORKDIR /app
COPY pyproject.toml README.md ./
COPY rules ./rules
COPY render ./render
COPY sessions ./sessions
COPY cogs ./cogs
COPY table ./table
COPY data ./data
COPY bot.py ./
RUN pip install .

USER starhost
VOLUME ["/data"]
# SIGTERM from `docker stop` closes the database cleanly.
STOPSIGNAL SIGTERM
CMD ["python", "bot.py"]
