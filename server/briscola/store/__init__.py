"""Where tables and finished hands are kept: in memory only, or mirrored to Redis."""
