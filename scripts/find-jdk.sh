# Sourced by ./mvnw, ./lexsync and .ci/run: makes JAVA_HOME point at a JDK >= 21.
# Order: the JAVA_HOME already set (if it is >= 21), then the newest /usr/lib/jvm/* that is >= 21,
# then `java` on the PATH. Fails with a clear message when none exists.
# The major version of the JDK at $1: read from its `release` file (no JVM start, which costs 0.1-0.3 s on a
# busy machine and ran on every ./lexsync call), else asked of the JVM itself. POSIX sh: ./mvnw runs it in dash.
lexsync_java_major() {
  local line version
  if [ -r "$1/release" ]; then
    while IFS= read -r line; do
      case "$line" in
        JAVA_VERSION=*)
          version=${line#JAVA_VERSION=}; version=${version#\"}; version=${version#1.}
          version=${version%%[!0-9]*}
          if [ -n "$version" ]; then echo "$version"; return 0; fi ;;
      esac
    done < "$1/release"
  fi
  "$1/bin/java" -XshowSettings:properties -version 2>&1 \
    | sed -n 's/^ *java\.specification\.version = \([0-9][0-9]*\).*/\1/p' | head -n 1
}
lexsync_pick_jdk() {
  local candidate major
  if [ -n "${JAVA_HOME:-}" ] && [ -x "$JAVA_HOME/bin/javac" ]; then
    major=$(lexsync_java_major "$JAVA_HOME")
    if [ -n "$major" ] && [ "$major" -ge 21 ]; then return 0; fi
  fi
  for candidate in $(ls -d /usr/lib/jvm/*/ 2>/dev/null | sort -V -r); do
    candidate=${candidate%/}
    [ -x "$candidate/bin/javac" ] || continue
    major=$(lexsync_java_major "$candidate")
    if [ -n "$major" ] && [ "$major" -ge 21 ]; then export JAVA_HOME="$candidate"; return 0; fi
  done
  if command -v javac >/dev/null 2>&1; then
    candidate=$(dirname "$(dirname "$(readlink -f "$(command -v javac)")")")
    major=$(lexsync_java_major "$candidate")
    if [ -n "$major" ] && [ "$major" -ge 21 ]; then export JAVA_HOME="$candidate"; return 0; fi
  fi
  echo "LexSync needs a JDK 21 or newer, and none was found (looked at JAVA_HOME, /usr/lib/jvm/*, and javac on the PATH)." >&2
  echo "Install one (e.g. 'apt-get install openjdk-21-jdk-headless' or Temurin 21+) and/or set JAVA_HOME." >&2
  return 1
}
