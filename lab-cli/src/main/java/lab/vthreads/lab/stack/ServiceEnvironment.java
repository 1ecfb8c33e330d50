package lab.vthreads.lab.stack;

import lab.vthreads.infra.postgres.EmbeddedPostgresServer;

import java.util.HashMap;
import java.util.Map;

/**
 * Where the factors become the services' settings: the environment variables each service reads (the same ones
 * compose.yaml sets), and the one-line description {@code ./lab up} prints and the report keeps. A factor that is
 * not set is not passed, so the service keeps its own default.
 */
final class ServiceEnvironment {

    private ServiceEnvironment() {
    }

    static Map<String, String> pessoa(StackSettings settings) {
        StackSettings.StackPorts p = settings.ports();
        Factors f = settings.factors();
        Map<String, String> env = common(settings, p.pessoa(), p.pessoaManagement());
        env.put("SPRING_DATASOURCE_URL", settings.jdbcUrl() + (settings.jdbcUrl().contains("?") ? "&" : "?") + "reWriteBatchedInserts=true");
        env.put("SPRING_DATASOURCE_USERNAME", settings.externalDatabase() != null ? settings.externalDatabase().user() : EmbeddedPostgresServer.USER);
        env.put("SPRING_DATASOURCE_PASSWORD", settings.externalDatabase() != null ? settings.externalDatabase().password() : EmbeddedPostgresServer.PASSWORD);
        env.put("LAB_CEP_BASE_URL", settings.url(p.wiremock()));
        env.put("LAB_CEP_LOOKUP_INSIDE_TRANSACTION", Boolean.toString(f.lookupsInsideTransaction()));
        // Hikari's settings in the canonical form (no underscore for the dash): CONNECTION_TIMEOUT would also read as
        // connection.timeout, and binding that calls HikariDataSource.getConnection() before the pool is configured.
        putIfSet(env, "SPRING_DATASOURCE_HIKARI_MAXIMUMPOOLSIZE", f.poolSize());
        putIfSet(env, "SPRING_DATASOURCE_HIKARI_CONNECTIONTIMEOUT", f.poolTimeoutMs());
        putIfSet(env, "LAB_DATABASE_CONCURRENCY_LIMIT", f.concurrencyLimit());
        if (f.cepReadTimeoutMs() != null) env.put("LAB_CEP_READ_TIMEOUT", f.cepReadTimeoutMs() + "ms");
        if (f.cepLock() != null) env.put("LAB_CEP_LOCK", f.cepLock());
        return env;
    }

    static Map<String, String> gateway(StackSettings settings) {
        StackSettings.StackPorts p = settings.ports();
        Map<String, String> env = common(settings, p.gateway(), p.gatewayManagement());
        env.put("LAB_GATEWAY_PESSOA_URL", settings.url(p.pessoa()));
        return env;
    }

    static String describePessoa(StackSettings settings) {
        Factors f = settings.factors();
        return describeThreads(settings) + ", pool " + orDefault(f.poolSize(), ServiceDefaults.POOL_SIZE)
                + (f.poolTimeoutMs() != null ? ", connection timeout " + f.poolTimeoutMs() + " ms" : "")
                + ", CEP lookups " + (f.lookupsInsideTransaction() ? "inside" : "outside") + " the transaction"
                + (f.effectiveConcurrencyLimit() != null ? ", database concurrency limit " + f.effectiveConcurrencyLimit() : "")
                + (f.hikariCp() != null ? ", HikariCP " + f.hikariCp() : "")
                + (f.cepReadTimeoutMs() != null ? ", CEP read timeout " + f.cepReadTimeoutMs() + " ms" : "")
                + (f.cepLock() != null && !f.cepLock().equals("none") ? ", each CEP lookup inside " + f.cepLock() : "");
    }

    static String describeThreads(StackSettings settings) {
        Integer processors = settings.factors().jvmProcessors();
        Integer carriers = settings.factors().carriers();
        return settings.mode().label() + " threads, Tomcat max " + orDefault(settings.factors().tomcatThreads(), ServiceDefaults.TOMCAT_THREADS)
                + (processors != null ? ", JVM sized for " + processors + " CPU" + (processors == 1 ? "" : "s") : "")
                + (carriers != null ? ", " + carriers + " carrier" + (carriers == 1 ? "" : "s") : "")
                + (settings.factors().observesThreads() ? "" : ", no JFR pinning recording");
    }

    private static Map<String, String> common(StackSettings settings, int port, int managementPort) {
        Map<String, String> env = new HashMap<>();
        env.put("SERVER_PORT", Integer.toString(port));
        env.put("MANAGEMENT_SERVER_PORT", Integer.toString(managementPort));
        // Spring binds every interface unless told: the management port would expose metrics and health to the network.
        env.put("SERVER_ADDRESS", settings.bindAddress());
        env.put("MANAGEMENT_SERVER_ADDRESS", settings.bindAddress());
        env.put("SPRING_THREADS_VIRTUAL_ENABLED", Boolean.toString(settings.mode().virtual()));
        putIfSet(env, "SERVER_TOMCAT_THREADS_MAX", settings.factors().tomcatThreads());
        return env;
    }

    private static void putIfSet(Map<String, String> env, String name, Integer value) {
        if (value != null) env.put(name, value.toString());
    }

    private static String orDefault(Integer value, int fallback) {
        return value != null ? value.toString() : fallback + " (default)";
    }
}
