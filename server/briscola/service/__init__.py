"""The I/O shell: the websocket transport and its protocol, the room runners, the manager
that owns every room and connection, and the Starlette app served by uvicorn."""
