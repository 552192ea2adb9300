#!/usr/bin/env bash
# Make sure the suite's real parts are on this machine: redis-server, haproxy, Debian's
# chromium, and node (Debian's nodejs) for the browser client's unit tests.
# Installs them with apt-get when missing and running as root; fails loudly otherwise,
# because in CI a missing Redis, HAProxy, Chromium or node is a failure, never a skip.
set -euo pipefail

missing=()
command -v redis-server >/dev/null 2>&1 || missing+=(redis-server)
# Debian puts haproxy in /usr/sbin, which is not on a normal user's PATH.
command -v haproxy >/dev/null 2>&1 || [ -x /usr/sbin/haproxy ] || missing+=(haproxy)
[ -x /usr/bin/chromium ] || missing+=(chromium)
command -v node >/dev/null 2>&1 || missing+=(nodejs)
[ ${#missing[@]} -eq 0 ] && exit 0

if [ "$(id -u)" -ne 0 ]; then
    echo "missing: ${missing[*]}; install them (apt-get install -y ${missing[*]}) or run as root" >&2
    exit 1
fi
echo "installing ${missing[*]} with apt-get"
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
apt-get install -y -qq "${missing[@]}"
