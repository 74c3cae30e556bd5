#!/usr/bin/env bash
# Serve the production build on one port and print the URL once the site answers.
set -euo pipefail
host="$1"; port="$2"
export HOST="$host" PORT="$port"
reflex run --env prod --single-port --backend-host "$host" --backend-port "$port" --frontend-port "$port" &
server=$!
trap 'kill -TERM $server 2>/dev/null; wait $server' INT TERM
shown=${host/127.0.0.1/localhost}
for _ in $(seq 1 600); do
  if ! kill -0 $server 2>/dev/null; then wait $server; exit $?; fi
  if curl -fs -o /dev/null "http://$host:$port/api/health"; then
    echo; echo "The site is up at http://$shown:$port  (Ctrl+C stops it)"; break
  fi
  sleep 1
done
wait $server
