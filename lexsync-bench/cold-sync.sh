#!/usr/bin/env bash
# Issue 12's cold one-shot target: `lexsync sync resourcesync URL --baseline list --delay 0` of 20,000 x 1.4 KB into a
# fresh store, JVM start included, through each checkout's own ./lexsync launcher (and its AOT cache), alternating.
#
#   lexsync-bench/cold-sync.sh [--dynamic] RUNS CHECKOUT... [-- extra sync options]
#
# The publisher is nginx serving a static copy (org.lexsync.bench.fetch.StaticPublisher), or with --dynamic the
# fixture's own Java publisher (FixtureServer) in its JVM. Each checkout needs `./mvnw package` done; the first run of
# a build trains its AOT cache (not measured: one warm-up run per checkout comes first). Prints wall, rate and the CPU
# (user + sys) of the lexsync process per resource. Run it on a quiet machine.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
. "$here/../scripts/find-jdk.sh" && lexsync_pick_jdk
dynamic=false
if [ "${1:-}" = "--dynamic" ]; then dynamic=true; shift; fi
runs="$1"; shift
checkouts=()
while [ $# -gt 0 ] && [ "$1" != "--" ]; do checkouts+=("$(cd "$1" && pwd)"); shift; done
[ "${1:-}" = "--" ] && shift
jar="$here/target/benchmarks.jar"
work="$(mktemp -d /tmp/cold-sync.XXXXXX)"
trap 'exec 3>&-; wait 2>/dev/null; rm -rf "$work"' EXIT
if $dynamic; then
  exec 3> >("$JAVA_HOME/bin/java" -cp "$jar" org.lexsync.bench.fixture.FixtureServer 20000 1400 7 resourcesync 50000 1000 false > "$work/publisher.out" 2>/dev/null)
else
  exec 3> >("$JAVA_HOME/bin/java" -cp "$jar" org.lexsync.bench.fetch.StaticPublisher "$work/static" > "$work/publisher.out" 2>/dev/null)
fi
for _ in $(seq 600); do grep -q READY "$work/publisher.out" 2>/dev/null && break; sleep 0.2; done
url="$(awk '/READY/ {print $2}' "$work/publisher.out")"
case "$url" in */.well-known/resourcesync) ;; *) url="${url%/}/.well-known/resourcesync" ;; esac
echo "publisher: $url"
sync() { # checkout store [options]
  local d="$1" store="$2"; shift 2
  rm -rf "$store"
  (cd "$d" && /usr/bin/time -f "%e %U %S" -o "$work/time" ./lexsync sync resourcesync "$url" --baseline list \
      --delay 0 --store "$store" "$@" > "$work/out" 2> "$work/err")
}
for d in "${checkouts[@]}"; do sync "$d" "$work/store" "$@" || true; done
for r in $(seq "$runs"); do
  for d in "${checkouts[@]}"; do
    load="$(cut -d' ' -f1 /proc/loadavg)"
    rc=0; sync "$d" "$work/store" "$@" || rc=$?
    read -r wall user sys < <(tail -1 "$work/time")
    awk -v d="$d" -v r="$r" -v l="$load" -v rc="$rc" -v w="$wall" -v u="$user" -v s="$sys" 'BEGIN {
      printf "%s run %d (load %s, exit %d): %.2f s, %.0f resources/s, CPU %.2f s = %.3f ms per resource\n",
             d, r, l, rc, w, 20000 / w, u + s, 1000 * (u + s) / 20000 }'
  done
done
