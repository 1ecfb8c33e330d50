#!/usr/bin/env bash
# The part of the official image's entrypoint that compose.yaml relies on: a first start creates the cluster with
# POSTGRES_USER/POSTGRES_PASSWORD and the POSTGRES_DB database, then the server runs as postgres with the arguments given.
set -euo pipefail
if [ "${1:0:1}" = '-' ]; then set -- postgres "$@"; fi
if [ "$1" != postgres ]; then exec "$@"; fi

if [ "$(id -u)" = 0 ]; then
  mkdir -p "$PGDATA"
  chown -R postgres:postgres /var/lib/postgresql /var/run/postgresql
  chmod 700 "$PGDATA"
  exec setpriv --reuid=postgres --regid=postgres --init-groups "$0" "$@"
fi

user="${POSTGRES_USER:-postgres}"
db="${POSTGRES_DB:-$user}"
if [ ! -s "$PGDATA/PG_VERSION" ]; then
  : "${POSTGRES_PASSWORD:?POSTGRES_PASSWORD must be set, as with the official image}"
  initdb -D "$PGDATA" -U "$user" --pwfile=<(printf '%s\n' "$POSTGRES_PASSWORD") --auth-local=trust --auth-host=scram-sha-256 > /dev/null
  printf "listen_addresses = '*'\nunix_socket_directories = '/var/run/postgresql'\n" >> "$PGDATA/postgresql.conf"
  echo "host all all all scram-sha-256" >> "$PGDATA/pg_hba.conf"
  if [ "$db" != postgres ]; then
    # Single-user mode: no server listens before the cluster is complete.
    echo "CREATE DATABASE \"$db\";" | postgres --single -D "$PGDATA" postgres > /dev/null
  fi
  echo "stand-in postgres: created the cluster, user $user, database $db"
fi
shift
exec postgres -D "$PGDATA" "$@"
