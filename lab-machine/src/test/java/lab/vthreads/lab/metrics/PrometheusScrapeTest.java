package lab.vthreads.lab.metrics;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/** One figure under two names: Hikari's pool gauges in pessoa-service, r2dbc-pool's in pessoa-service-reactive. */
class PrometheusScrapeTest {

    @Test
    void sumsTheFirstFamilyTheScrapeHolds() {
        PrometheusScrape reactive = PrometheusScrape.parse("""
                r2dbc_pool_acquired_connections{name="connectionFactory"} 7.0
                r2dbc_pool_pending_connections{name="connectionFactory"} 3.0
                """);
        PrometheusScrape blocking = PrometheusScrape.parse("""
                hikaricp_connections_active{pool="pessoa-pool"} 4.0
                r2dbc_pool_acquired_connections{name="other"} 9.0
                """);

        assertThat(reactive.sumOfFirst("hikaricp_connections_active", "r2dbc_pool_acquired_connections")).isEqualTo(7.0);
        assertThat(blocking.sumOfFirst("hikaricp_connections_active", "r2dbc_pool_acquired_connections")).isEqualTo(4.0);
        assertThat(reactive.sumOfFirst("hikaricp_connections_pending")).isNaN();
    }
}
