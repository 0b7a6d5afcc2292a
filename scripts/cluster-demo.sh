#!/usr/bin/env bash
# LexSync cluster demo (issue 32): three `lexsync serve` nodes on loopback sharing one store — a new PostgreSQL
# database on 127.0.0.1:5432 (user postgres, trust authentication), S3Proxy for the blobs, Fuseki for the graphs —
# harvest three sample publishers; one node is killed with kill -9 in the middle of a harvest, another node takes its
# source over and finishes it, and `lexsync audit` proves every source equal to its publisher. Everything it starts is
# stopped on exit (the database is dropped). Nothing leaves loopback.
#
#   scripts/cluster-demo.sh [--keep DIR]      # --keep: the nodes' logs and configuration stay in DIR
#
# Needs what `./lexsync demo` needs (a JDK 21+, the Maven wrapper) and a PostgreSQL on 127.0.0.1:5432. The services
# (S3Proxy, Fuseki, the publishers) run from the benchmarks jar, built on first use; the nodes run ./lexsync.
# CLUSTER_DEMO_PORT (default 18481) is the first node's port; the others take the next two.
set -euo pipefail
here="$(cd -P "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
. "$here/scripts/find-jdk.sh"
lexsync_pick_jdk || exit 2
java="$JAVA_HOME/bin/java"

keep=""
if [ "${1:-}" = --keep ]; then
  keep="${2:?--keep needs a directory}"
  mkdir -p "$keep"
  work="$(cd "$keep" && pwd)"
else
  work="$(mktemp -d "${TMPDIR:-/tmp}/lexsync-cluster-demo.XXXXXX")"
fi
base_port="${CLUSTER_DEMO_PORT:-18481}"
ports=("$base_port" "$((base_port + 1))" "$((base_port + 2))")
started=$(date +%s)

pids=()        # everything started here, stopped by the trap
services_pid=""
cleanup() {
  local code=$?
  trap - EXIT INT TERM
  for pid in "${pids[@]}"; do kill -TERM "$pid" 2>/dev/null || true; done
  for pid in "${pids[@]}"; do wait "$pid" 2>/dev/null || true; done
  if [ -n "$services_pid" ]; then
    kill -TERM "$services_pid" 2>/dev/null || true
    wait "$services_pid" 2>/dev/null || true
  fi
  if [ -z "$keep" ]; then rm -rf "$work"; else echo "logs and configuration kept in $work"; fi
  exit "$code"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

say() { printf '\n== %s\n' "$*"; }
elapsed() { echo $(( $(date +%s) - started )); }

# GET on loopback without curl: bash's /dev/tcp, HTTP/1.0 (the server closes the connection), body only.
http_get() {
  local port="$1" path="$2"
  { exec 3<>"/dev/tcp/127.0.0.1/$port"; } 2>/dev/null || return 1
  printf 'GET %s HTTP/1.0\r\nHost: 127.0.0.1:%s\r\nConnection: close\r\n\r\n' "$path" "$port" >&3
  sed '1,/^\r$/d' <&3
  exec 3<&-
}

# The node holding SOURCE now, from /api/nodes asked at PORT ("" when none): each node's object is flat but for its
# "sources" and "runs" arrays, so one object per line after splitting at '{'.
holder_of() {
  http_get "$1" /api/nodes 2>/dev/null | tr '{' '\n' | grep "\"sources\":\[[^]]*\"$2\"" \
    | sed -n 's/^"id":"\([^"]*\)".*/\1/p' | head -1 || true
}

# "status created" of SOURCE's newest run, from /api/runs asked at PORT.
newest_run() {
  http_get "$1" "/api/runs?source=$2&limit=1" 2>/dev/null \
    | sed -n 's/.*"status":"\([a-z_]*\)".*"created":\([0-9]*\).*/\1 \2/p' | head -1 || true
}

port_free() { ! (exec 4<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null; }

for p in "${ports[@]}"; do
  port_free "$p" || { echo "cluster demo: port $p is in use; set CLUSTER_DEMO_PORT to another first port" >&2; exit 2; }
done

say "Build (first use only): the command line, and the benchmarks jar that holds S3Proxy and Fuseki"
bench_jar="$here/lexsync-bench/target/benchmarks.jar"
if [ ! -f "$bench_jar" ] || [ -n "$(find "$here"/lexsync-{core,engine,fixture,server,bench}/src/main "$here/pom.xml" \
      -newer "$bench_jar" -type f -print -quit 2>/dev/null)" ]; then
  (cd "$here" && ./mvnw -B -q -pl lexsync-bench -am package -DskipTests) >"$work/build.log" 2>&1 \
    || { cat "$work/build.log" >&2; echo "cluster demo: the build failed" >&2; exit 2; }
fi
"$here/lexsync" --help >/dev/null   # builds ./lexsync and its start-up cache once, before three nodes start at once

say "Start the shared services: a new PostgreSQL database, S3Proxy, Fuseki, three sample publishers"
"$java" -Xmx512m -cp "$bench_jar" org.lexsync.bench.cluster.ClusterServicesMain --dir "$work/services" \
  --env-file "$work/services.env" --publishers 3 --resources 600 >"$work/services.log" 2>&1 &
services_pid=$!
for _ in $(seq 1 600); do
  [ -f "$work/services.env" ] && break
  kill -0 "$services_pid" 2>/dev/null || { cat "$work/services.log" >&2; echo "cluster demo: the services did not start" >&2; exit 3; }
  sleep 0.1
done
[ -f "$work/services.env" ] || { echo "cluster demo: the services did not start within a minute" >&2; exit 3; }
set -a
. "$work/services.env"
set +a
echo "  PostgreSQL database $CLUSTER_DATABASE ($CLUSTER_JDBC_URL)"
echo "  S3Proxy $CLUSTER_S3_ENDPOINT, blobs in $CLUSTER_BLOBS"
echo "  Fuseki $CLUSTER_RDF_ENDPOINT"
for i in 1 2 3; do v="CLUSTER_PUBLISHER_$i"; echo "  publisher pub$i: ${!v} (600 acts, ResourceSync)"; done

cat >"$work/lexsync.yaml" <<EOF
# The cluster demo's configuration: the same file for every node.
store:
  jdbc-url: $CLUSTER_JDBC_URL          # user from \$LEXSYNC_DB_USER
  blobs: $CLUSTER_BLOBS
  s3: {endpoint: $CLUSTER_S3_ENDPOINT, path-style: true,
       access-key-env: LEXSYNC_S3_ACCESS_KEY, secret-key-env: LEXSYNC_S3_SECRET_KEY}
  rdf: $CLUSTER_RDF_ENDPOINT
cluster: {heartbeat: 2s, missed-heartbeats: 4, lease: 30s}   # the defaults, written out
sources:
EOF
for i in 1 2 3; do
  v="CLUSTER_PUBLISHER_$i"
  cat >>"$work/lexsync.yaml" <<EOF
  - id: pub$i
    protocol: resourcesync
    url: ${!v}
    politeness: {delay: 2}   # seconds; slow on purpose: the harvest lasts long enough to be killed
    schedule: PT1H
    approved: true
EOF
done
echo "  configuration: $work/lexsync.yaml"

say "Start three nodes (lexsync serve) on ports ${ports[*]}"
node_pid=()
start_node() {
  local i="$1"
  # --max-concurrent-runs 1 so that the three sources spread over the three nodes (the default, 4, lets one node
  # that polls first take them all).
  ( cd "$work" && exec "$here/lexsync" serve --store "$work/node$i" --config "$work/lexsync.yaml" \
      --port "${ports[$i]}" --max-concurrent-runs 1 ) >>"$work/node$i.log" 2>&1 &
  node_pid[$i]=$!
  pids+=("$!")
}
for i in 0 1 2; do start_node "$i"; done
for i in 0 1 2; do
  for _ in $(seq 1 300); do
    http_get "${ports[$i]}" /healthz 2>/dev/null | grep -q alive && break
    kill -0 "${node_pid[$i]}" 2>/dev/null || { cat "$work/node$i.log" >&2; echo "cluster demo: node $((i + 1)) exited" >&2; exit 3; }
    sleep 0.2
  done
  echo "  node $((i + 1)): pid ${node_pid[$i]}, http://127.0.0.1:${ports[$i]}/ (dashboard: /nodes)"
done

say "The nodes harvest the three publishers (each source runs on one node)"
victim=""; victim_source=""
# A node lists the sources it holds now (/api/nodes): the first one seen holding a source is the one to kill, once
# its harvest has had two seconds to commit batches. (A run's counts in /api/runs come only when it ends.)
for _ in $(seq 1 600); do
  for s in pub1 pub2 pub3; do
    holder="$(holder_of "${ports[0]}" "$s")"
    for i in 0 1 2; do
      if [ -n "$holder" ] && [ "${holder%%@*}" = "${node_pid[$i]}" ]; then victim="$i"; victim_source="$s"; fi
    done
    if [ -n "$victim" ]; then
      sleep 2
      echo "  $s: harvest in progress on node $((victim + 1)) ($holder)"
      break
    fi
  done
  if [ -n "$victim" ]; then break; fi
  sleep 0.5
done
[ -n "$victim" ] || { echo "cluster demo: no harvest was seen running within 5 minutes" >&2; exit 3; }
for s in pub1 pub2 pub3; do
  h="$(holder_of "${ports[0]}" "$s")"
  if [ -n "$h" ]; then echo "  $s is held by $h"; fi
done

say "kill -9 node $((victim + 1)) (pid ${node_pid[$victim]}) in the middle of $victim_source's harvest"
watch_port="${ports[$(( (victim + 1) % 3 ))]}"
killed_at_ms=$(date +%s%3N)
kill -KILL "${node_pid[$victim]}"
wait "${node_pid[$victim]}" 2>/dev/null || true
taker=""
for _ in $(seq 1 1200); do
  taker="$(holder_of "$watch_port" "$victim_source")"
  if [ -n "$taker" ] && [ "${taker%%@*}" != "${node_pid[$victim]}" ]; then break; fi
  taker=""
  sleep 0.1
done
[ -n "$taker" ] || { echo "cluster demo: nobody took $victim_source over within 2 minutes" >&2; exit 1; }
taken_ms=$(( $(date +%s%3N) - killed_at_ms ))
printf '  %s taken over by node %s after %d.%01d s (the killed node %s@… stays on /api/nodes, stale)\n' \
  "$victim_source" "$taker" $((taken_ms / 1000)) $(((taken_ms % 1000) / 100)) "${node_pid[$victim]}"

say "Wait until every source's harvest has ended"
for s in pub1 pub2 pub3; do
  for _ in $(seq 1 1200); do
    read -r status created <<<"$(newest_run "$watch_port" "$s")" || true
    case "${status:-}" in succeeded|finished_with_failures|aborted) break ;; esac
    sleep 0.5
  done
  echo "  $s: ${status:-unknown}"
done
echo "  the runs of $victim_source (GET /api/runs?source=$victim_source), newest first:"
http_get "$watch_port" "/api/runs?source=$victim_source&limit=5" | sed -n 's/.*"runs":\[\(.*\)\]}.*/\1/p' \
  | sed 's/},{/}\n{/g' \
  | sed -n 's/.*"id":\([0-9]*\),.*"status":"\([a-z_]*\)".*"created":\([0-9]*\).*/    run \1: \2, \3 documents created/p' || true

say "Audit every source against its publisher (any node's store: PostgreSQL + S3 + Fuseki)"
failed=0
for i in 1 2 3; do
  v="CLUSTER_PUBLISHER_$i"
  echo "  \$ lexsync audit resourcesync ${!v} --source-id pub$i --delay 0   # store: from lexsync.yaml"
  (cd "$work" && "$here/lexsync" audit resourcesync "${!v}" --source-id "pub$i" --store "$work/audit" --delay 0) \
    | sed 's/^/    /' || failed=1
done
if [ "$failed" = 0 ]; then
  echo
  echo "Cluster demo finished in $(elapsed) s: a node was killed mid-harvest, another took its source over, and"
  echo "every source is in sync with its publisher."
else
  echo "cluster demo: an audit found differences (above)" >&2
  exit 1
fi
