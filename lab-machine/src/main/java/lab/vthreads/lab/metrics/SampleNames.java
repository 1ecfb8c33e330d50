package lab.vthreads.lab.metrics;

import com.fasterxml.jackson.annotation.JsonIgnore;

import java.util.List;
import java.util.Objects;

/**
 * The names a system's services carry in each one-second sample (schema 18): the figures of the service that serves
 * the requests (its pool, its server timer, its downstream calls) begin with {@code server}'s, those of the one the load
 * reaches with {@code entry}'s. The lab's own system is two services, pessoa-service behind the gateway; a user's
 * application is both, under its own name. Every figure a service's JVM or metrics give ({@link SampleKeys.ServiceValue})
 * is read under the same names. Files written before schema 18 carry the lab's names for every system: a user's
 * application's figures were written as pessoa-service's then, and so are read as that.
 */
public record SampleNames(String server, String entry) {

    /** pessoa-service behind the gateway: either implementation of its contract, under one name. */
    public static final SampleNames LABS_OWN = new SampleNames("pessoa", "gateway");
    /** A user's application: one JVM in both places. */
    public static final SampleNames APPLICATION = new SampleNames("app", "app");

    public SampleNames {
        Objects.requireNonNull(server, "server");
        Objects.requireNonNull(entry, "entry");
    }

    /** The names of what was sampled, the serving service's first; once where one service is both. */
    @JsonIgnore
    public List<String> services() {
        return server.equals(entry) ? List.of(server) : List.of(server, entry);
    }

    /** The serving service's pool: connections in use, and requests waiting for one (HikariCP's, or r2dbc-pool's). */
    public String hikariActive() {
        return server + ".hikariActive";
    }

    public String hikariPending() {
        return server + ".hikariPending";
    }

    /** Lookups waiting for one of the CEP client's connections (HttpClient 5's pool, or Reactor Netty's). */
    public String cepPending() {
        return server + ".cepPending";
    }

    /** The entry's own requests and their seconds (its server's timer), cumulative: the calibration differences them. */
    public String entryRequests() {
        return entry + ".requests";
    }

    public String entryRequestSeconds() {
        return entry + ".requestSeconds";
    }

    /** The entry's leased connections to the serving service (the gateway's proxy client). */
    public String proxyLeased() {
        return entry + ".proxyLeased";
    }

    /** The serving service's requests and their seconds (its server's timer), cumulative. */
    public String serverRequests() {
        return server + ".requests";
    }

    public String serverRequestSeconds() {
        return server + ".requestSeconds";
    }

    /** The serving service's CEP lookups and their seconds, cumulative. */
    public String cepCalls() {
        return server + ".cepCalls";
    }

    public String cepSeconds() {
        return server + ".cepSeconds";
    }

    /** The serving service's pool acquisitions, its connections' uses and their seconds, cumulative. */
    public String acquires() {
        return server + ".acquires";
    }

    public String usages() {
        return server + ".usages";
    }

    public String usageSeconds() {
        return server + ".usageSeconds";
    }

    /** What the report's per-cell charts draw, besides every {@link SampleKeys#CPU_PREFIX} series. */
    @JsonIgnore
    public List<String> heapSeries() {
        return services().stream().map(SampleKeys.ServiceValue.HEAP_MB::of).toList();
    }

    @JsonIgnore
    public List<String> threadSeries() {
        List<String> series = new java.util.ArrayList<>(services().stream().map(SampleKeys.ServiceValue.LIVE_THREADS::of).toList());
        services().forEach(s -> series.add(SampleKeys.ServiceValue.TOMCAT_BUSY.of(s)));
        series.addAll(List.of(hikariActive(), hikariPending(), cepPending(), SampleKeys.ServiceValue.VIRTUAL_THREADS.of(server)));
        return List.copyOf(series);
    }
}
