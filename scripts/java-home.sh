# Sourced by ./lab and .ci/run: exports JAVA_HOME pointing at a JDK 21 or newer, or explains what to install.
# Looks at JAVA_HOME, then `java` on the PATH, then the usual install locations, and takes the first 21+.

_java_major() {
  # "openjdk version "25.0.1" ..." or "java version "1.8.0_..."" -> 25 or 1
  "$1/bin/java" -version 2>&1 | awk -F'"' '/version/ {split($2, v, "."); print v[1]; exit}'
}

_java_candidates() {
  [ -n "${JAVA_HOME:-}" ] && echo "$JAVA_HOME"
  if command -v java >/dev/null 2>&1; then
    dirname "$(dirname "$(readlink -f "$(command -v java)")")"
  fi
  ls -d /usr/lib/jvm/* /opt/java/* /opt/jdk* /usr/local/opt/openjdk*/libexec/openjdk.jdk/Contents/Home \
        /Library/Java/JavaVirtualMachines/*/Contents/Home "$HOME"/.sdkman/candidates/java/* 2>/dev/null | sort -rV
}

find_java_home() {
  local candidate major
  while IFS= read -r candidate; do
    [ -x "$candidate/bin/java" ] && [ -x "$candidate/bin/javac" ] || continue
    major=$(_java_major "$candidate")
    if [ -n "$major" ] && [ "$major" -ge 21 ] 2>/dev/null; then
      export JAVA_HOME="$candidate"
      return 0
    fi
  done < <(_java_candidates)
  cat >&2 <<'MSG'
No JDK 21 or newer was found (looked at JAVA_HOME, java on the PATH and the usual install locations).
Install one, for example Eclipse Temurin 25 (https://adoptium.net) or your OS package (openjdk-21-jdk),
then set JAVA_HOME to it and run this again.
MSG
  return 1
}
