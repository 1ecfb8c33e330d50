package lab.vthreads.lab.cli;

import lab.vthreads.infra.cep.CepLatency;
import lab.vthreads.infra.cep.CepMockMain;
import lab.vthreads.lab.stack.ResourceLimit;
import lab.vthreads.lab.stack.StackSettings;
import lab.vthreads.lab.stack.StackSettings.Component;
import lab.vthreads.lab.stack.ThreadMode;
import picocli.CommandLine;
import picocli.CommandLine.Option;

import java.nio.file.Path;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.Map;

/** The options that describe one start of the stack; shared by the commands that start it. */
public class StackOptions {

    @Option(names = "--mode", defaultValue = "virtual", description = "platform | virtual (default: ${DEFAULT-VALUE})")
    ThreadMode mode;

    @Option(names = "--tomcat-threads", description = "server.tomcat.threads.max of both services (default: Spring's 200)")
    Integer tomcatThreads;

    @Option(names = "--pool-size", description = "HikariCP maximum pool size (default: Spring's 10)")
    Integer poolSize;

    @Option(names = "--pool-timeout-ms", description = "HikariCP connectionTimeout in ms (default: Hikari's 30000)")
    Integer poolTimeoutMs;

    @Option(names = "--cep-latency", defaultValue = "lognormal:200:0.4", converter = CepMockMain.LatencyConverter.class,
            description = "lognormal:MEDIAN_MS:SIGMA | fixed:MS | uniform:LO_MS:HI_MS | none (default: ${DEFAULT-VALUE})")
    CepLatency cepLatency;

    @Option(names = "--cep-inside-transaction", description = "look the CEPs up while holding the DB transaction (pool-bottleneck scenario)")
    boolean cepInsideTransaction;

    @Option(names = "--db-concurrency-limit", description = "backpressure: at most this many requests in a database transaction, "
            + "the rest get 503 + Retry-After at once (default: no limit)")
    Integer concurrencyLimit;

    @Option(names = "--hikari-cp", description = "run pessoa-service with this HikariCP version from pessoa-service/target/hikari/ "
            + "(default: the one in its jar)")
    String hikariCp;

    @Option(names = "--limit", mapFallbackValue = "", paramLabel = "COMPONENT=CPUS[:MEMORY[:CPU_LIST]]",
            description = {"resource limits mirroring compose's deploy.resources.limits, e.g. --limit pessoa-service=2:2g "
                    + "--limit wiremock=0.5:512m:1 (components: wiremock, pessoa-service, gateway-service).",
                    "Default for each: 2 CPUs and 2 GB, as compose. CPU_LIST pins with taskset."})
    Map<String, String> limits = new LinkedHashMap<>();

    @Option(names = "--gateway-port", defaultValue = "8080") int gatewayPort;
    @Option(names = "--gateway-management-port", defaultValue = "9080") int gatewayManagementPort;
    @Option(names = "--pessoa-port", defaultValue = "8081") int pessoaPort;
    @Option(names = "--pessoa-management-port", defaultValue = "9081") int pessoaManagementPort;
    @Option(names = "--wiremock-port", defaultValue = "8089") int wiremockPort;
    @Option(names = "--postgres-port", defaultValue = "55432") int postgresPort;

    @Option(names = "--db-url", description = "use this PostgreSQL (jdbc:postgresql://...) instead of the embedded one")
    String dbUrl;
    @Option(names = "--db-user", defaultValue = "postgres") String dbUser;
    @Option(names = "--db-password", defaultValue = "postgres") String dbPassword;

    public StackSettings toSettings(Path home, Path runDirectory) {
        Map<Component, ResourceLimit> parsed = new EnumMap<>(Component.class);
        limits.forEach((name, value) -> parsed.put(component(name), ResourceLimit.parse(value)));
        return new StackSettings(mode, tomcatThreads, poolSize, poolTimeoutMs, cepLatency, cepInsideTransaction, concurrencyLimit, hikariCp,
                new StackSettings.StackPorts(gatewayPort, gatewayManagementPort, pessoaPort, pessoaManagementPort, wiremockPort, postgresPort),
                parsed,
                dbUrl != null ? new StackSettings.ExternalDatabase(dbUrl, dbUser, dbPassword) : null,
                home, runDirectory);
    }

    private static Component component(String name) {
        try {
            return Component.of(name);
        } catch (IllegalArgumentException e) {
            throw new CommandLine.TypeConversionException(e.getMessage() + " in --limit");
        }
    }
}
