package lab.vthreads.lab.cli;

import lab.vthreads.infra.cep.CepLatency;
import lab.vthreads.infra.cep.CepMockMain;
import lab.vthreads.lab.stack.Factors;
import picocli.CommandLine.Option;

/**
 * The experiment's factors as command-line options, shared by {@code ./lab up} and {@code ./lab run}. An option left
 * out says nothing: {@code run} keeps the preset's value, {@code up} the service's default.
 */
public class FactorOptions {

    @Option(names = "--tomcat-threads", paramLabel = "N", description = "server.tomcat.threads.max of both services (default: Spring's 200)")
    Integer tomcatThreads;

    @Option(names = "--pool-size", paramLabel = "N", description = "HikariCP maximum pool size (default: Spring's 10)")
    Integer poolSize;

    @Option(names = "--pool-timeout-ms", paramLabel = "MS", description = "HikariCP connectionTimeout in ms (default: Hikari's 30000)")
    Integer poolTimeoutMs;

    @Option(names = "--cep-latency", paramLabel = "LATENCY", converter = CepMockMain.LatencyConverter.class,
            description = "lognormal:MEDIAN_MS:SIGMA | fixed:MS | uniform:LO_MS:HI_MS | none (default: lognormal:200:0.4)")
    CepLatency cepLatency;

    @Option(names = "--cep-inside-transaction", negatable = true,
            description = "look the CEPs up while holding the DB transaction: the pool-bottleneck scenario (default: outside)")
    Boolean cepInsideTransaction;

    @Option(names = "--db-concurrency-limit", paramLabel = "N", description = "backpressure: at most N requests in a database "
            + "transaction, the rest get 503 + Retry-After at once (default: no limit)")
    Integer concurrencyLimit;

    @Option(names = "--cep-read-timeout-ms", paramLabel = "MS", description = "how long pessoa-service waits for a CEP answer "
            + "before answering 504 cep-timeout (default: 2000)")
    Integer cepReadTimeoutMs;

    @Option(names = "--client", paramLabel = "impatient|patient", description = "how the load generator's users treat a 503 with "
            + "Retry-After: impatient (a failure; the next request goes at once) or patient (sent again after it, with back-off and "
            + "jitter) (default: impatient)")
    String client;

    @Option(names = "--jvm-processors", paramLabel = "N", description = "how many CPUs the services' JVMs believe they have "
            + "(-XX:ActiveProcessorCount): carriers of virtual threads, GC (SerialGC below 2), JIT threads (default: their limit's, 2)")
    Integer jvmProcessors;

    @Option(names = "--hikari-cp", paramLabel = "VERSION", description = "run pessoa-service with this HikariCP version from "
            + "pessoa-service/target/hikari/ (default: the one in its jar)")
    String hikariCp;

    @Option(names = "--jdk", paramLabel = "21|25|DIR", description = "the services' JDK: a feature release found among the installed "
            + "JDKs (scripts/install-jdk21 installs a 21), or a JDK's directory (default: the lab's own)")
    String jdk;

    @Option(names = "--cep-lock", paramLabel = "none|synchronized|reentrant-lock", description = "each CEP lookup's I/O inside a lock of "
            + "its own, as older clients did: synchronized pins a virtual thread on JDK 21 (default: none)")
    String cepLock;

    @Option(names = "--carriers", paramLabel = "N", description = "the virtual-thread scheduler's parallelism in both services "
            + "(jdk.virtualThreadScheduler.parallelism) (default: the JVM's processors)")
    Integer carriers;

    @Option(names = "--observe-threads", negatable = true, description = "the services' JFR pinning recording and the virtual cells' "
            + "thread dumps; --no-observe-threads only to measure what they cost (default: on)")
    Boolean observeThreads;

    /** What was given on the command line, nothing else. */
    public Factors factors() {
        return Factors.builder().tomcatThreads(tomcatThreads).poolSize(poolSize).poolTimeoutMs(poolTimeoutMs)
                .cepInsideTransaction(cepInsideTransaction).concurrencyLimit(concurrencyLimit).hikariCp(hikariCp)
                .cepLatency(cepLatency != null ? cepLatency.text() : null).cepReadTimeoutMs(cepReadTimeoutMs).client(client)
                .jvmProcessors(jvmProcessors).jdk(jdk).cepLock(cepLock).carriers(carriers).observeThreads(observeThreads).build();
    }
}
