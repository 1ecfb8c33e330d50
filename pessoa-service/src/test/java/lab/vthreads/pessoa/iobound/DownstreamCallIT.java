package lab.vthreads.pessoa.iobound;

import io.micrometer.core.instrument.MeterRegistry;
import lab.vthreads.infra.testsupport.SharedInfrastructure;
import lab.vthreads.infra.cep.CepLatency;
import lab.vthreads.infra.testsupport.Http;
import lab.vthreads.pessoa.support.ServiceTestBase;
import lab.vthreads.service.RequestThreadsFilter;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.test.context.TestPropertySource;

import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * GET /v1/io makes exactly one call to the real CEP mock and waits out its latency, on the kind of thread the mode
 * says, and writes nothing: the I/O-bound preset's request, in both thread modes.
 */
@Timeout(value = 3, unit = TimeUnit.MINUTES)
class DownstreamCallIT {

    /** Long enough that no answer can come back without having waited for the mock. */
    static final int DELAY_MS = 300;

    abstract static class OneBlockingCall extends ServiceTestBase {

        @Autowired
        MeterRegistry registry;

        @BeforeEach
        void slowDownstream() {
            SharedInfrastructure.cep().setLatency(new CepLatency.FixedLatency(DELAY_MS));
        }

        @AfterEach
        void restoreLatency() {
            SharedInfrastructure.cep().setLatency(new CepLatency.None());
        }

        abstract String threadKind();

        @Test
        void waitsForOneDownstreamCallAndStoresNothing() {
            double lookupsBefore = lookups();
            double onKindBefore = requestsOn(threadKind());

            Http.Reply reply = http.get("/v1/io");

            assertThat(reply.status()).isEqualTo(200);
            assertThat(reply.json().get("cep").asString()).isEqualTo(DownstreamCallController.CEP);
            // The mock's delay is a floor on the wait: an answer below it never reached the mock.
            assertThat(reply.json().get("waitedMs").asLong()).isGreaterThanOrEqualTo(DELAY_MS);
            assertThat(lookups() - lookupsBefore).isEqualTo(1);
            assertThat(requestsOn(threadKind()) - onKindBefore).isEqualTo(1);
            assertThat(tables.pessoas()).isZero();
            assertThat(tables.enderecos()).isZero();
        }

        private double lookups() {
            return registry.find("cep.lookups").timers().stream().mapToLong(t -> t.count()).sum();
        }

        private double requestsOn(String kind) {
            return registry.get(RequestThreadsFilter.METRIC).tag("kind", kind).counter().count();
        }
    }

    @Nested
    @TestPropertySource(properties = "spring.threads.virtual.enabled=true")
    class OnVirtualThreads extends OneBlockingCall {
        String threadKind() {
            return "virtual";
        }
    }

    @Nested
    @TestPropertySource(properties = "spring.threads.virtual.enabled=false")
    class OnPlatformThreads extends OneBlockingCall {
        String threadKind() {
            return "platform";
        }
    }
}
