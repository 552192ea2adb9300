# briscola: the game server and its browser client, in one slim image.
FROM python:3.11-slim

ENV PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    PIP_NO_CACHE_DIR=1 \
    BRISCOLA_CLIENT_DIR=/app/client

WORKDIR /app
COPY pyproject.toml README.md LICENSE ./
COPY server ./server
COPY client ./client
RUN pip install . && useradd --system --home /app briscola
USER briscola

EXPOSE 8000
HEALTHCHECK --interval=10s --timeout=3s --start-period=10s --retries=3 \
    CMD ["python", "-c", "import sys, urllib.request; sys.exit(urllib.request.urlopen('http://127.0.0.1:8000/healthz', timeout=2).status != 200)"]

CMD ["briscola", "serve", "--host", "0.0.0.0", "--port", "8000"]
