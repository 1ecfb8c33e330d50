package lab.vthreads.lab.run;

import lab.vthreads.lab.metrics.SampleNames;
import lab.vthreads.lab.metrics.SampleKeys;
import lab.vthreads.lab.metrics.PrometheusScrape;
import org.junit.jupiter.api.Test;

import java.util.HashMap;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

/** One second's scrapes, as they land in the sample: the collectors' pauses summed over every collector and cause. */
class ServiceMetricsTest {

    @Test
    void theGcPausesOfEveryCollectorAndCauseAddUpInMilliseconds() {
        PrometheusScrape pessoa = PrometheusScrape.parse("""
                # TYPE jvm_gc_pause_seconds summary
                jvm_gc_pause_seconds_count{action="end of minor GC",cause="G1 Evacuation Pause",gc="G1 Young Generation"} 12
                jvm_gc_pause_seconds_sum{action="end of minor GC",cause="G1 Evacuation Pause",gc="G1 Young Generation"} 0.125
                jvm_gc_pause_seconds_sum{action="end of major GC",cause="G1 Compaction Pause",gc="G1 Old Generation"} 0.05
                jvm_compilation_time_ms_total 4000
                """);
        PrometheusScrape gateway = PrometheusScrape.parse("""
                jvm_compilation_time_ms_total 3000
                """);
        Map<String, Double> sample = new HashMap<>();

        ServiceMetrics.put(sample, SampleNames.LABS_OWN, pessoa, gateway);

        assertThat(sample.get(SampleKeys.ServiceValue.GC_PAUSE_MS.of(SampleNames.LABS_OWN.server()))).isCloseTo(175, within(1e-9));
        // A service whose scrape has no such family: not measured, not zero.
        assertThat(sample.get(SampleKeys.ServiceValue.GC_PAUSE_MS.of(SampleNames.LABS_OWN.entry()))).isNaN();
        assertThat(sample.get(SampleKeys.ServiceValue.JIT_MS.of(SampleNames.LABS_OWN.server()))).isEqualTo(4000);
    }

    @Test
    void eachHopsTimerIsReadSoThatAResponseSaysWhereItWaited() {
        PrometheusScrape pessoa = PrometheusScrape.parse("""
                http_server_requests_seconds_count{method="POST",status="201",uri="/v1/pessoas"} 90
                http_server_requests_seconds_sum{method="POST",status="201",uri="/v1/pessoas"} 27.0
                http_server_requests_seconds_count{method="POST",status="422",uri="/v1/pessoas"} 10
                http_server_requests_seconds_sum{method="POST",status="422",uri="/v1/pessoas"} 1.0
                http_server_requests_seconds_count{method="GET",status="200",uri="/actuator/prometheus"} 7
                http_server_requests_seconds_sum{method="GET",status="200",uri="/actuator/prometheus"} 0.7
                cep_lookups_seconds_count{outcome="found"} 100
                cep_lookups_seconds_sum{outcome="found"} 25.0
                cep_lookups_seconds_sum{outcome="not found"} 0.5
                """);
        Map<String, Double> sample = new HashMap<>();

        ServiceMetrics.put(sample, SampleNames.LABS_OWN, pessoa, PrometheusScrape.parse(""));

        // Every answer the API gave, not the scrapes of the lab's own sampler.
        assertThat(sample.get(SampleNames.LABS_OWN.serverRequests())).isEqualTo(100);
        assertThat(sample.get(SampleNames.LABS_OWN.serverRequestSeconds())).isCloseTo(28.0, within(1e-9));
        assertThat(sample.get(SampleNames.LABS_OWN.cepSeconds())).isCloseTo(25.5, within(1e-9));
    }
}
