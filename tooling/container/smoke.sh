#!/usr/bin/env bash
# The container image's smoke test, run on demand (not part of `npm test`): builds the image from
# the working tree with podman, then runs it twice with the host's network:
#
#   1. on PostgreSQL (a fresh database on the machine's server, dropped at the end) with uploads in
#      an S3-protocol store (s3rver on a free loopback port, from the repository's node_modules);
#   2. on its embedded SQLite database and local uploads, both in a named volume at /data.
#
# Each run checks /readyz, signing in as the bootstrap administrator, the admin UI, a report with
# a photo (upload a PNG, file a report in a channel with it, fetch the photo's URL, its thumbnail),
# the image's HEALTHCHECK, `fieldreport check` and `fieldreport migrate --check` inside the
# container and that it runs as a non-root user; then it stops the container (SIGTERM: exit 0
# expected), starts it again (run 1: the same container; run 2: a new container on the same
# volume, as an upgrade would) and finds the report and its photo. It prints a summary, exits
# non-zero at the first failure, and removes its containers, volume, database and files.
#
#   tooling/container/smoke.sh                       # build localhost/fieldreport:smoke and test it
#   tooling/container/smoke.sh --image fieldreport:dev   # test an image built before
#
# Needs root, podman, psql and `npm ci` done. In a sandbox without systemd (these build
# machines), podman wants /etc/containers/containers.conf to say `default_ulimits = []` under
# [containers], `runtime = "runc"` and `cgroup_manager = "cgroupfs"` under [engine]. The base
# image node:24-bookworm-slim is pulled when missing, or, where no container registry answers,
# made locally (base-image.sh). FIELDREPORT_SMOKE_DATABASE_URL names a PostgreSQL server where
# the test may create and drop a database (default postgres://postgres@127.0.0.1:5432/postgres).
set -euo pipefail

repo=$(cd "$(dirname "$0")/../.." && pwd)
cd "$repo"

image=localhost/fieldreport:smoke
build=true
while (($#)); do
  case "$1" in
    --image) image=$2; build=false; shift 2 ;;
    -h | --help) sed -n '2,25p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) echo "smoke: unknown argument $1 (see --help)" >&2; exit 2 ;;
  esac
done

node=$repo/node_modules/node/bin/node
[[ -x "$node" ]] || { echo "smoke: $node is missing; run npm ci first" >&2; exit 2; }
for tool in podman psql; do
  command -v "$tool" >/dev/null || { echo "smoke: $tool is not installed" >&2; exit 2; }
done

admin_url=${FIELDREPORT_SMOKE_DATABASE_URL:-postgres://postgres@127.0.0.1:5432/postgres}
run_id=$$
work=$(mktemp -d /tmp/fieldreport-smoke.XXXXXX)
container=fieldreport-smoke-$run_id
volume=fieldreport-smoke-$run_id
database=fieldreport_smoke_$run_id
bucket=fieldreport
s3_pid=""
started=$SECONDS

export FIELDREPORT_BOOTSTRAP_ADMIN_EMAIL=admin@smoke.fieldreport.test
FIELDREPORT_BOOTSTRAP_ADMIN_PASSWORD="smoke $(head -c 18 /dev/urandom | base64 | tr -d '/+=')"
export FIELDREPORT_BOOTSTRAP_ADMIN_PASSWORD

cleanup() {
  local code=$?
  for name in "$container-pg" "$container-embedded"; do
    podman rm -f -v -t 5 "$name" >/dev/null 2>&1 || true
  done
  podman volume rm -f "$volume" >/dev/null 2>&1 || true
  psql -q "$admin_url" -c "DROP DATABASE IF EXISTS $database WITH (FORCE)" >/dev/null 2>&1 || true
  [[ -n "$s3_pid" ]] && kill "$s3_pid" 2>/dev/null && wait "$s3_pid" 2>/dev/null
  rm -rf "$work"
  exit "$code"
}
trap cleanup EXIT

say() { printf '%s\n' "$*"; }
pass() { say "  ok    $*"; }
fail() {
  say "  FAIL  $*"
  say ""
  say "result: FAILED after $((SECONDS - started)) s"
  exit 1
}
free_port() {
  "$node" -e 'const s = require("node:net").createServer().listen(0, "127.0.0.1", () => { console.log(s.address().port); s.close() })'
}
megabytes() { awk -v b="$1" 'BEGIN { printf "%.0f MB", b / 1000000 }'; }

# Starts the image as container $1 on port $2 with the extra `podman run` arguments after them.
start_container() {
  local name=$1 port=$2
  shift 2
  podman run -d --name "$name" --network host \
    -e FIELDREPORT_HOST=127.0.0.1 -e FIELDREPORT_PORT="$port" -e FIELDREPORT_DEMO=false \
    -e FIELDREPORT_BOOTSTRAP_ADMIN_EMAIL -e FIELDREPORT_BOOTSTRAP_ADMIN_PASSWORD \
    "$@" "$image" >/dev/null 2>>"$work/podman.log" || fail "podman run $name (see $work/podman.log)"
}

# What a failing check shows: the container's last log lines.
checks() {
  local name=$1
  shift
  if ! "$node" tooling/container/smoke-checks.ts "$@"; then
    say "  --- last lines of $name's log ---"
    podman logs --tail 20 "$name" 2>&1 | cut -c1-300 | sed 's/^/  | /'
    fail "the checks above"
  fi
}

# The checks run inside container $1: HEALTHCHECK, user, `fieldreport check` and `migrate --check`.
inside_checks() {
  local name=$1 out
  podman healthcheck run "$name" >/dev/null 2>>"$work/podman.log" || fail "the image's HEALTHCHECK reports $name unhealthy"
  pass "the image's HEALTHCHECK (node fetch of /readyz) reports healthy"
  local uid
  uid=$(podman exec "$name" id -u)
  [[ "$uid" != 0 ]] || fail "the service runs as root"
  pass "the service runs as $(podman exec "$name" id -un) (uid $uid)"
  out=$(podman exec "$name" fieldreport check 2>&1) || fail "fieldreport check: $out"
  # One line: its indented lines continue the line before.
  pass "fieldreport check: $(awk '/^[ \t]/ { sub(/^[ \t]+/, ""); printf " %s", $0; next } { printf "%s%s", (NR > 1 ? "; " : ""), $0 }' <<<"$out")"
  out=$(podman exec "$name" fieldreport migrate --check 2>&1) || fail "fieldreport migrate --check: $out"
  pass "fieldreport migrate --check: nothing pending"
}

# Stops container $1 with SIGTERM and expects a graceful exit (0).
stop_gracefully() {
  local name=$1 code
  podman stop -t 30 "$name" >/dev/null 2>>"$work/podman.log"
  code=$(podman inspect --format '{{.State.ExitCode}}' "$name")
  [[ "$code" == 0 ]] || fail "$name exited with $code after SIGTERM"
  pass "SIGTERM: the service stopped gracefully (exit 0)"
}

say "Fieldreport container smoke test"
commit=$(git rev-parse --short HEAD 2>/dev/null || echo unknown)
git diff --quiet HEAD 2>/dev/null || commit="$commit with uncommitted changes"

# --- the image -----------------------------------------------------------------------------
if $build; then
  base=docker.io/library/node:24-bookworm-slim
  if ! podman image exists "$base" && ! podman pull -q "$base" >"$work/base.log" 2>&1; then
    say "base image: no registry answers; making a local stand-in for $base (base-image.sh)"
    tooling/container/base-image.sh >"$work/base.log" 2>&1 || { cat "$work/base.log"; fail "making the base image"; }
  fi
  build_started=$SECONDS
  # The build stage is tagged too ($image-build), so that the images a rebuild replaces, which are
  # this script's own, can be removed by name: they would otherwise pile up untagged.
  replaced=$(podman image inspect --format '{{.Id}}' "$image" "$image-build" 2>/dev/null || true)
  for target in build ""; do
    if ! podman build --format docker --network host --pull=never ${target:+--target "$target"} \
      -t "$image${target:+-$target}" -f Containerfile . >>"$work/build.log" 2>&1; then
      tail -30 "$work/build.log"
      fail "podman build"
    fi
  done
  current=$(podman image inspect --format '{{.Id}}' "$image" "$image-build")
  for id in $replaced; do
    grep -qx "$id" <<<"$current" || podman rmi "$id" >/dev/null 2>&1 || true
  done
  build_note="built from $commit in $((SECONDS - build_started)) s"
else
  podman image exists "$image" || fail "no image $image"
  build_note="built before"
fi
size=$(podman image inspect --format '{{.Size}}' "$image")
say "image: $image, $(megabytes "$size") ($build_note)"
say "node in the image: $(podman run --rm --entrypoint node "$image" --version 2>/dev/null)"

# --- 1. PostgreSQL and S3 --------------------------------------------------------------------
s3_env=()
if grep -q FIELDREPORT_S3_BUCKET apps/api/src/Config.ts; then
  mkdir -p "$work/objects"
  "$node" tooling/container/object-store.ts --directory "$work/objects" --bucket "$bucket" \
    >"$work/s3.out" 2>"$work/s3.err" &
  s3_pid=$!
  for _ in $(seq 50); do [[ -s "$work/s3.out" ]] && break; sleep 0.2; done
  s3_endpoint=$(head -1 "$work/s3.out")
  [[ -n "$s3_endpoint" ]] || { cat "$work/s3.err"; fail "s3rver did not start"; }
  s3_env=(-e FIELDREPORT_S3_BUCKET="$bucket" -e FIELDREPORT_S3_ENDPOINT="$s3_endpoint"
    -e FIELDREPORT_S3_REGION=us-east-1 -e FIELDREPORT_S3_ACCESS_KEY_ID=S3RVER
    -e FIELDREPORT_S3_SECRET_ACCESS_KEY=S3RVER -e FIELDREPORT_S3_FORCE_PATH_STYLE=true)
  say ""
  say "1. PostgreSQL database $database, uploads in s3rver ($s3_endpoint, bucket $bucket)"
else
  say ""
  say "1. PostgreSQL database $database, uploads in /data (this build has no S3 support: FIELDREPORT_S3_* unknown)"
fi
psql -q "$admin_url" -c "CREATE DATABASE $database" >/dev/null || fail "CREATE DATABASE $database"
database_url=$(sed -E "s#/[^/?]*(\?.*)?\$#/$database\1#" <<<"$admin_url")
port=$(free_port)
start_container "$container-pg" "$port" -e FIELDREPORT_DATABASE_URL="$database_url" "${s3_env[@]}"
checks "$container-pg" seed --url "http://127.0.0.1:$port" --state "$work/pg.json"
inside_checks "$container-pg"
if ((${#s3_env[@]})); then
  objects=$(find "$work/objects/$bucket/uploads" -type f -name '*._S3rver_object' 2>/dev/null | wc -l)
  ((objects >= 2)) || fail "the bucket holds $objects upload objects, expected the photo and its renditions"
  local_files=$(podman exec "$container-pg" sh -c 'find /data/uploads -type f 2>/dev/null | wc -l')
  [[ "$local_files" == 0 ]] || fail "/data/uploads holds $local_files files although uploads go to S3"
  pass "the photo and its renditions are $objects objects in the bucket, none in /data"
fi
say "  restart (podman stop, podman start: the same container)"
stop_gracefully "$container-pg"
podman start "$container-pg" >/dev/null 2>>"$work/podman.log" || fail "podman start"
checks "$container-pg" verify --url "http://127.0.0.1:$port" --state "$work/pg.json"
podman rm -f -v -t 10 "$container-pg" >/dev/null 2>&1

# --- 2. Embedded database in the /data volume ------------------------------------------------
say ""
say "2. embedded SQLite database and uploads in the volume $volume at /data"
podman volume create "$volume" >/dev/null
port=$(free_port)
start_container "$container-embedded" "$port" -v "$volume:/data"
checks "$container-embedded" seed --url "http://127.0.0.1:$port" --state "$work/embedded.json"
inside_checks "$container-embedded"
listing=$(podman exec "$container-embedded" sh -c 'ls /data; find /data/uploads -type f | wc -l')
grep -qx fieldreport.db <<<"$listing" || fail "no fieldreport.db in /data: $listing"
pass "/data holds fieldreport.db and $(tail -1 <<<"$listing") upload files"
say "  upgrade-style restart (container removed, a new one on the same volume)"
stop_gracefully "$container-embedded"
podman rm "$container-embedded" >/dev/null 2>>"$work/podman.log"
start_container "$container-embedded" "$port" -v "$volume:/data"
checks "$container-embedded" verify --url "http://127.0.0.1:$port" --state "$work/embedded.json"

say ""
say "result: passed in $((SECONDS - started)) s (containers, volume, database and temporary files removed)"
