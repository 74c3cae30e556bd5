"""Serve the production build already in .web, as `reflex run --env prod --single-port` does
once it has built it (reflex.reflex._run_prod), without building it again: a second server for
the browser tests that need one of their own (the worker-crash tests), beside the first.

    python tests/serve_build.py <host> <port>     (from the project's folder)
"""

import sys

from reflex import constants
from reflex.config import get_config
from reflex.utils import exec
from reflex_base.environment import environment

host, port = sys.argv[1], int(sys.argv[2])
environment.REFLEX_ENV_MODE.set(constants.Env.PROD)
environment.REFLEX_SKIP_COMPILE.set(True)
config = get_config()
config._set_persistent(frontend_port=port, backend_port=port)
exec.run_backend_prod(host, port, config.loglevel.subprocess_level(), True)
