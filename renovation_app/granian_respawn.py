"""Keep the site up when one production worker dies.

`reflex run --env prod` starts Granian without `respawn_failed_workers`, so one worker that
crashes (killed for memory, a segfault in a C library) makes Granian stop every worker and the
whole site goes down until systemd restarts and rebuilds it. With respawning, the other workers
keep serving while Granian starts a new one; nobody is signed out (sessions are in the database,
page state in Redis or on disk) and the outbox takes over the dead worker's mail when its claims
expire. Granian still exits if a worker crashes again within 5.5 s of being respawned.
"""


def respawn_crashed_workers() -> None:
    """Make every Granian server started from this process respawn a crashed worker."""
    import granian.server

    base = granian.server.Server
    if getattr(base, "respawns_crashed_workers", False):
        return

    class RespawningServer(base):
        respawns_crashed_workers = True

        def __init__(self, *args, **kwargs) -> None:
            kwargs.setdefault("respawn_failed_workers", True)
            super().__init__(*args, **kwargs)

    # Reflex imports `Server` from granian.server when it starts the backend.
    granian.server.Server = RespawningServer
