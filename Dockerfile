# syntax=docker/dockerfile:1
# One Dockerfile for the lab's images, built from the repository root. compose.yaml picks the module and target:
#   service      pessoa-service, pessoa-service-reactive or gateway-service (build arg MODULE), a Spring Boot jar on a JRE
#   cep-latency  the one-shot that sets the WireMock CEP API's latency through its admin API (MODULE=lab-infra)
#   gatling      the load generator for k8s/load (no MODULE): the simulations and their classpath on a JRE

FROM eclipse-temurin:25-jdk-noble AS sources
WORKDIR /src
# The dependency cache is the Maven repository as a BuildKit cache mount: it outlives every layer and every build,
# so a source edit rebuilds without downloading dependencies again (a go-offline layer cannot be built here: the
# reactor's modules depend on each other, and their snapshots do not exist before the build).
COPY mvnw pom.xml ./
COPY .mvn .mvn
COPY lab-infra/pom.xml lab-infra/
COPY lab-test-support/pom.xml lab-test-support/
COPY lab-scenario/pom.xml lab-scenario/
COPY service-support/pom.xml service-support/
COPY pessoa-contract/pom.xml pessoa-contract/
COPY pessoa-service/pom.xml pessoa-service/
COPY pessoa-service-reactive/pom.xml pessoa-service-reactive/
COPY gateway-service/pom.xml gateway-service/
COPY gatling/pom.xml gatling/
COPY lab-corpus-app/pom.xml lab-corpus-app/
COPY lab-machine/pom.xml lab-machine/
COPY lab-model/pom.xml lab-model/
COPY lab-stack/pom.xml lab-stack/
COPY lab-results/pom.xml lab-results/
COPY lab-runner/pom.xml lab-runner/
COPY lab-cli/pom.xml lab-cli/
COPY db db
COPY lab-infra/src lab-infra/src
COPY lab-test-support/src lab-test-support/src
COPY service-support/src service-support/src
COPY pessoa-contract/src pessoa-contract/src
COPY pessoa-service/src pessoa-service/src
COPY pessoa-service-reactive/src pessoa-service-reactive/src
COPY gateway-service/src gateway-service/src

# install, not package: copy-dependencies resolves the test scope too (lab-test-support for pessoa-service;
# pessoa-service and lab-test-support for gateway-service), and without -am it finds the reactor's modules only in the local repository.
FROM sources AS build
ARG MODULE
RUN --mount=type=cache,target=/root/.m2 \
    ./mvnw -B -q -pl "${MODULE}" -am -Dmaven.test.skip=true install \
    && ./mvnw -B -q -pl "${MODULE}" dependency:copy-dependencies -DincludeScope=runtime -DoutputDirectory=/out/lib \
    && cp "${MODULE}"/target/"${MODULE}"-*.jar /out/app.jar

FROM eclipse-temurin:25-jre-noble AS runtime
# curl for the compose healthchecks; a system user so nothing runs as root.
RUN apt-get update && apt-get install -y --no-install-recommends curl && rm -rf /var/lib/apt/lists/* \
    && useradd --system --uid 10001 --no-create-home app
WORKDIR /app

FROM runtime AS service
COPY --from=build /out/app.jar /app/app.jar
USER app
# JVM defaults on purpose: in a container the JVM sizes heap (25% of the memory limit) and pools from the limits,
# as the native lab does with -XX:MaxRAM and -XX:ActiveProcessorCount.
ENTRYPOINT ["java", "-jar", "/app/app.jar"]

# The simulations are the gatling module's test classes; installing the reactor first lets copy-dependencies
# resolve lab-infra and lab-scenario, which are only in the reactor.
FROM sources AS gatling-build
COPY lab-scenario/src lab-scenario/src
COPY gatling/src gatling/src
COPY wiremock/ceps.csv wiremock/ceps.csv
RUN --mount=type=cache,target=/root/.m2 \
    ./mvnw -B -q -pl gatling -am -DskipTests install \
    && ./mvnw -B -q -pl gatling dependency:copy-dependencies -DincludeScope=test -DoutputDirectory=/out/lib \
    && cp -r gatling/target/test-classes /out/test-classes

FROM runtime AS cep-latency
COPY --from=build /out/lib /app/lib
COPY --from=build /out/app.jar /app/lib/lab-infra.jar
USER app
ENTRYPOINT ["java", "-cp", "/app/lib/*", "lab.vthreads.infra.cep.CepLatencyMain"]

FROM runtime AS gatling
COPY --from=gatling-build /out /app
COPY wiremock/ceps.csv /app/ceps.csv
USER app
# What gatling-maven-plugin gives its JVM (GatlingRun's flags); -D settings come in JDK_JAVA_OPTIONS (k8s/load).
ENTRYPOINT ["java", "-Xmx1g", "-XX:MaxInlineLevel=20", "-XX:MaxTrivialSize=12", "--add-opens=java.base/java.lang=ALL-UNNAMED", \
            "--enable-native-access=ALL-UNNAMED", "-Dceps=/app/ceps.csv", "-cp", "/app/test-classes:/app/lib/*", \
            "io.gatling.app.Gatling", "--results-folder", "/tmp/gatling"]
