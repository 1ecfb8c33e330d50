package lab.vthreads.pessoa.cep;

import lab.vthreads.infra.testdata.Cpfs;
import lab.vthreads.infra.testsupport.Http;
import lab.vthreads.pessoa.support.ServiceTestBase;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.test.context.TestPropertySource;

import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.stream.IntStream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The pinning experiment's lock factor changes how a lookup holds its thread, never what the service answers: with
 * each of its three settings, on virtual threads, a 201 stores exactly one person with its addresses, concurrent
 * requests all get through (no lock is shared), and a CEP fault is the same ProblemDetail with nothing stored.
 */
@Timeout(value = 3, unit = TimeUnit.MINUTES)
class CepLockIT {

    @Nested
    @TestPropertySource(properties = {"lab.cep.lock=none", "spring.threads.virtual.enabled=true"})
    class WithoutALock extends Contract {
        WithoutALock() {
            super(LegacyConnectionLock.Kind.NONE);
        }
    }

    @Nested
    @TestPropertySource(properties = {"lab.cep.lock=synchronized", "spring.threads.virtual.enabled=true"})
    class InsideSynchronized extends Contract {
        InsideSynchronized() {
            super(LegacyConnectionLock.Kind.SYNCHRONIZED);
        }
    }

    @Nested
    @TestPropertySource(properties = {"lab.cep.lock=reentrant-lock", "spring.threads.virtual.enabled=true"})
    class InsideAReentrantLock extends Contract {
        InsideAReentrantLock() {
            super(LegacyConnectionLock.Kind.REENTRANT_LOCK);
        }
    }

    abstract static class Contract extends ServiceTestBase {

        private final LegacyConnectionLock.Kind expected;

        @Autowired
        CepProperties properties;

        Contract(LegacyConnectionLock.Kind expected) {
            this.expected = expected;
        }

        @BeforeEach
        void warm() {
            warmThePath();
        }

        @Test
        void storesOnePersonPerCreatedAnswerEvenWhenManyArriveAtOnce() throws Exception {
            assertThat(properties.lock()).isEqualTo(expected);
            List<CompletableFuture<Http.Reply>> replies = IntStream.range(0, 12)
                    .mapToObj(i -> CompletableFuture.supplyAsync(() -> http.postJson("/v1/pessoas", Http.pessoa(Cpfs.next(), "TRAVA", "01001000", "22041012"))))
                    .toList();

            for (CompletableFuture<Http.Reply> reply : replies) {
                assertThat(reply.get(60, TimeUnit.SECONDS).status()).isEqualTo(201);
            }
            assertThat(tables.pessoas()).isEqualTo(12);
            assertThat(tables.enderecos()).isEqualTo(24);
        }

        @ParameterizedTest(name = "CEP {0} → {1} {2}")
        @CsvSource({"00000000, 422, cep-not-found", "99999001, 502, cep-unavailable"})
        void aFaultIsTheSameProblemWithNothingStored(String cep, int status, String type) {
            Http.Reply reply = http.postJson("/v1/pessoas", Http.pessoa(Cpfs.next(), "FALHA", "01001000", cep));

            assertThat(reply.status()).isEqualTo(status);
            assertThat(reply.header("Content-Type")).startsWith("application/problem+json");
            assertThat(reply.json().get("type").asString()).isEqualTo("urn:vthreads-lab:problem:" + type);
            assertThat(tables.pessoas()).isZero();
            assertThat(tables.enderecos()).isZero();
        }
    }
}
