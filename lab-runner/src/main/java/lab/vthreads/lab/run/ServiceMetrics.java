package lab.vthreads.lab.run;

import lab.vthreads.lab.metrics.SampleKeys;
import lab.vthreads.lab.metrics.SampleNames;
import lab.vthreads.lab.metrics.PrometheusScrape;

import java.util.Map;

import static lab.vthreads.lab.run.Sampler.API;

/** What one second's scrapes of the system's services put in its sample, under the names in {@link SampleKeys} and the system's {@link SampleNames}. */
final class ServiceMetrics {

    private ServiceMetrics() {
    }

    /**
     * @param names  the system's names for its two places: the serving service's, whose scrape is {@code server}, and the
     *               entry's; one service in both places is read once, from {@code server}
     */
    static void put(Map<String, Double> s, SampleNames names, PrometheusScrape server, PrometheusScrape entry) {
        service(s, names.server(), server);
        if (!names.entry().equals(names.server())) service(s, names.entry(), entry);
        // Whichever pool meters the service publishes, Hikari's and HttpClient's or r2dbc-pool's and Reactor Netty's: the same figures under the same keys.
        s.put(names.hikariActive(), server.sumOfFirst("hikaricp_connections_active", "r2dbc_pool_acquired_connections"));
        s.put(names.hikariPending(), server.sumOfFirst("hikaricp_connections_pending", "r2dbc_pool_pending_connections"));
        s.put(names.cepPending(), server.sumOfFirst("httpcomponents_httpclient_pool_total_pending", "reactor_netty_connection_provider_pending_connections"));
        // Cumulative counters: the calibration differences them over its window.
        s.put(names.entryRequests(), entry.sum("http_server_requests_seconds_count", API));
        s.put(names.entryRequestSeconds(), entry.sum("http_server_requests_seconds_sum", API));
        s.put(names.cepCalls(), orZero(server.sum("cep_lookups_seconds_count")));
        // Each hop's own timer, so that a response slower than predicted says in which hop it waited (ResponseHops).
        s.put(names.serverRequests(), server.sum("http_server_requests_seconds_count", API));
        s.put(names.serverRequestSeconds(), server.sum("http_server_requests_seconds_sum", API));
        s.put(names.cepSeconds(), server.sum("cep_lookups_seconds_sum"));
        // r2dbc-pool times nothing: a service on it times each transaction's hold on its connection instead.
        s.put(names.acquires(), orZero(server.sumOfFirst("hikaricp_connections_acquire_seconds_count", "pessoa_transactions_seconds_count")));
        s.put(names.usages(), orZero(server.sumOfFirst("hikaricp_connections_usage_seconds_count", "pessoa_transactions_seconds_count")));
        s.put(names.usageSeconds(), orZero(server.sumOfFirst("hikaricp_connections_usage_seconds_sum", "pessoa_transactions_seconds_sum")));
        s.put(names.proxyLeased(), entry.sum("httpcomponents_httpclient_pool_total_connections", l -> "leased".equals(l.get("state"))));
    }

    private static void service(Map<String, Double> s, String prefix, PrometheusScrape scrape) {
        s.put(SampleKeys.ServiceValue.HEAP_MB.of(prefix), scrape.sum("jvm_memory_used_bytes", l -> "heap".equals(l.get("area"))) / 1_048_576);
        s.put(SampleKeys.ServiceValue.LIVE_THREADS.of(prefix), scrape.sum("jvm_threads_live_threads"));
        s.put(SampleKeys.ServiceValue.PEAK_THREADS.of(prefix), scrape.sum("jvm_threads_peak_threads"));
        s.put(SampleKeys.ServiceValue.VIRTUAL_THREADS.of(prefix), scrape.sum("jvm_threads_virtual_live_threads"));
        // Cumulative: how much the JIT compiled, so the report can say how warm a service was in its window.
        s.put(SampleKeys.ServiceValue.JIT_MS.of(prefix), scrape.sum("jvm_compilation_time_ms_total"));
        // Cumulative too: a collector's pause stops every request at once, and they come back together.
        s.put(SampleKeys.ServiceValue.GC_PAUSE_MS.of(prefix), scrape.sum("jvm_gc_pause_seconds_sum") * 1000);
        // The CPUs the JVM believes it has: the virtual-thread scheduler's carriers, unless its parallelism is set apart.
        s.put(SampleKeys.ServiceValue.PROCESSORS.of(prefix), scrape.sum("system_cpu_count"));
        // Tomcat reports -1 busy threads when its executor is virtual: there is no pool to be busy.
        double busy = scrape.sum("tomcat_threads_busy_threads");
        s.put(SampleKeys.ServiceValue.TOMCAT_BUSY.of(prefix), busy < 0 ? Double.NaN : busy);
    }

    private static double orZero(double value) {
        return Double.isNaN(value) ? 0 : value;
    }
}
