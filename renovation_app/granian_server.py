"""How the production server (Granian, started by `reflex run --env prod`) runs.

1. Keep the site up when one worker dies. Reflex starts Granian without
   `respawn_failed_workers`, so one worker that crashes (killed for memory, a segfault in a C
   library) makes Granian stop every worker and the whole site goes down until systemd restarts
   and rebuilds it. With respawning, the other workers keep serving while Granian starts a new
   one; nobody is signed out (sessions are in the database, page state in Redis or on disk) and
   the outbox takes over the dead worker's mail when its claims expire. Granian still exits if a
   worker crashes again within 5.5 s of being respawned.
2. Close a connection that sends no whole request within HEADER_READ_SECONDS: a request that is
   only a blank line, headers sent a byte at a time, or a keep-alive connection left idle. Granian's
   own default holds each for 30 s, so a few hundred idle sockets would hold the workers' slots.
"""

from granian.http import HTTP1Settings

# The time a client has for a request's headers, idle keep-alive included (Apache's keep-alive
# default); a browser opens a new connection after it without the person noticing.
HEADER_READ_SECONDS = 5


def http1_settings() -> HTTP1Settings:
    return HTTP1Settings(header_read_timeout=HEADER_READ_SECONDS * 1000, keep_alive=True)


def configure_granian() -> None:
    """Make every Granian server started from this process respawn a crashed worker and close
    connections that send no request."""
    import granian.server

    base = granian.server.Server
    if getattr(base, "configured_for_the_site", False):
        return

    class SiteServer(base):
        configured_for_the_site = True

        def __init__(self, *args, **kwargs) -> None:
            kwargs.setdefault("respawn_failed_workers", True)
            kwargs.setdefault("http1_settings", http1_settings())
            super().__init__(*args, **kwargs)

    # Reflex imports `Server` from granian.server when it starts the backend.
    granian.server.Server = SiteServer
