#!/usr/bin/env bash
# As the official image: WireMock's options are the arguments; /home/wiremock (the working directory) is its root.
set -euo pipefail
exec java ${JAVA_OPTS:-} -cp '/var/wiremock/lib/*:/var/wiremock/extensions/*' wiremock.Run "$@"
