#!/usr/bin/env bash
# Makes a local stand-in for the official node:24-bookworm-slim image, for machines that reach
# Debian's mirror and the npm registry but no container registry. The project's Containerfile stays
# what anyone elsewhere builds; only its base image is made here, under the same name.
#
# Stand-in: Debian 12 minbase + the Node 24 the project pins (node_modules/node/bin/node, so run
# `npm ci` first) + the machine's npm + its CA bundle. Needs root, podman and debootstrap:
#   apt-get install -y podman runc debootstrap
#
# Usage: tooling/container/base-image.sh [--force]
set -euo pipefail
cd "$(dirname "$0")/../.."

image=docker.io/library/node:24-bookworm-slim
if [[ "${1:-}" != "--force" ]] && podman image exists "$image"; then
  echo "base image: $image exists (--force makes it again)"
  exit 0
fi

node_bin=node_modules/node/bin/node
[[ -x "$node_bin" ]] || { echo "base image: $node_bin is missing; run npm ci first" >&2; exit 1; }
npm_dir=$(dirname "$(dirname "$(readlink -f "$(command -v npm)")")")
mirror=$(awk '/^URIs:/{print $2; exit}' /etc/apt/sources.list.d/debian.sources 2>/dev/null || true)

root=$(mktemp -d /tmp/fieldreport-base.XXXXXX)
trap 'rm -rf "$root"' EXIT
echo "base image: debootstrap bookworm into $root"
debootstrap --variant=minbase bookworm "$root" "${mirror:-http://deb.debian.org/debian}" >"$root.log" 2>&1 \
  || { tail -20 "$root.log" >&2; rm -f "$root.log"; exit 1; }
rm -f "$root.log"
# The official image has no apt lists either; keep the stand-in as lean.
rm -rf "$root"/var/lib/apt/lists/* "$root"/var/cache/apt/*.bin "$root"/var/cache/apt/archives/*.deb
install -D "$node_bin" "$root/usr/local/bin/node"
mkdir -p "$root/usr/local/lib/node_modules"
cp -r "$npm_dir" "$root/usr/local/lib/node_modules/npm"
ln -sf ../lib/node_modules/npm/bin/npm-cli.js "$root/usr/local/bin/npm"
ln -sf ../lib/node_modules/npm/bin/npx-cli.js "$root/usr/local/bin/npx"
install -D /etc/ssl/certs/ca-certificates.crt "$root/etc/ssl/certs/ca-certificates.crt"
# The machine's CA bundle for npm (and so for `RUN npm ci`): npm under /usr/local reads its global
# configuration from /usr/local/etc/npmrc.
echo "cafile=/etc/ssl/certs/ca-certificates.crt" >"$root/etc/npmrc"
install -D "$root/etc/npmrc" "$root/usr/local/etc/npmrc"
cp /etc/resolv.conf "$root/etc/resolv.conf"
# The official image has a `node` user (uid 1000); so does the stand-in.
chroot "$root" groupadd --gid 1000 node
chroot "$root" useradd --uid 1000 --gid node --shell /bin/bash --create-home node
tar -C "$root" -c . | podman import --change 'CMD ["node"]' --change 'ENV PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin' - "$image" >/dev/null 2>&1
echo "base image: $image made"
