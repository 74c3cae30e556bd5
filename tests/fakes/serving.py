"""How every fake serves: on loopback, from a daemon thread that polls every 50 ms, so stop()
returns at once rather than after half a second (tests start and stop fakes hundreds of times)."""

import threading
from http.server import ThreadingHTTPServer


def serve_in_background(server: ThreadingHTTPServer) -> int:
    """Serve `server` until stop_serving(); returns its port."""
    server.daemon_threads = True
    threading.Thread(
        target=server.serve_forever, kwargs={"poll_interval": 0.05}, daemon=True
    ).start()
    return server.server_address[1]


def stop_serving(server: ThreadingHTTPServer | None) -> None:
    """Close the socket: a client then gets "connection refused"."""
    if server is not None:
        server.shutdown()
        server.server_close()
