package lab.vthreads.lab.metrics;

import org.junit.jupiter.api.Test;

import java.util.TreeMap;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

class QuantilesTest {

    @Test
    void interpolatesWithinTheBucketLikeHistogramQuantile() {
        // 10 observations ≤ 0.1 s, 30 ≤ 0.2 s, 40 in all: p50 is the 20th, 10 into the (0.1, 0.2] bucket of 20 → 0.15 s
        TreeMap<Double, Double> buckets = new TreeMap<>();
        buckets.put(0.1, 10.0);
        buckets.put(0.2, 30.0);
        buckets.put(0.4, 40.0);
        buckets.put(Double.POSITIVE_INFINITY, 40.0);

        assertThat(Quantiles.quantile(0.5, buckets)).isCloseTo(0.15, within(1e-12));
        // p95 = the 38th: 8 into (0.2, 0.4] holding 10 → 0.2 + 0.2 × 0.8 = 0.36
        assertThat(Quantiles.quantile(0.95, buckets)).isCloseTo(0.36, within(1e-12));
    }

    @Test
    void takesTheWindowBetweenTwoScrapes() {
        TreeMap<Double, Double> before = new TreeMap<>();
        before.put(0.1, 5.0);
        before.put(Double.POSITIVE_INFINITY, 5.0);
        TreeMap<Double, Double> after = new TreeMap<>();
        after.put(0.1, 5.0);
        after.put(Double.POSITIVE_INFINITY, 15.0);

        TreeMap<Double, Double> window = Quantiles.delta(before, after);

        assertThat(window).containsEntry(0.1, 0.0).containsEntry(Double.POSITIVE_INFINITY, 10.0);
        assertThat(Quantiles.quantile(0.5, window)).isEqualTo(0.1);
        assertThat(Quantiles.quantile(0.5, new TreeMap<>())).isNaN();
    }

    @Test
    void parsesThePrometheusTextFormat() {
        PrometheusScrape scrape = PrometheusScrape.parse("""
                # HELP jvm_threads_live_threads x
                jvm_threads_live_threads 42.0
                http_server_requests_seconds_bucket{method="POST",status="201",uri="/v1/pessoas",le="0.1"} 3.0
                http_server_requests_seconds_bucket{method="POST",status="201",uri="/v1/pessoas",le="+Inf"} 5.0
                http_server_requests_seconds_bucket{method="GET",status="200",uri="/actuator/health",le="+Inf"} 9.0
                jvm_memory_used_bytes{area="heap",id="G1 Eden Space"} 1048576.0
                jvm_memory_used_bytes{area="heap",id="G1 Old Gen"} 2097152.0
                jvm_memory_used_bytes{area="nonheap",id="Metaspace"} 7.0
                """);

        assertThat(scrape.sum("jvm_threads_live_threads")).isEqualTo(42);
        assertThat(scrape.sum("jvm_memory_used_bytes", l -> "heap".equals(l.get("area")))).isEqualTo(3_145_728);
        assertThat(scrape.buckets("http_server_requests_seconds", l -> "/v1/pessoas".equals(l.get("uri"))))
                .containsEntry(0.1, 3.0).containsEntry(Double.POSITIVE_INFINITY, 5.0).hasSize(2);
        assertThat(scrape.sum("no_such_metric")).isNaN();
    }
}
