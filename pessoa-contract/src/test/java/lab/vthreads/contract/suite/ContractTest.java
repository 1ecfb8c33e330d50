package lab.vthreads.contract.suite;

import lab.vthreads.infra.testdata.Cpfs;
import lab.vthreads.infra.testsupport.Http;
import org.junit.jupiter.api.BeforeEach;
import org.springframework.boot.test.web.server.LocalServerPort;

import java.time.Duration;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * What every test of the contract starts from, whichever implementation serves it: the service on its real port (the
 * implementation's subclass starts it, with Spring Boot's test support, against the shared PostgreSQL and CEP API), a
 * client for it, and PostgreSQL's tables empty before each test.
 */
public abstract class ContractTest {

    @LocalServerPort
    protected int port;

    protected final PessoaTables tables = PessoaTables.shared();

    protected Http http;

    @BeforeEach
    void connectAndEmptyTheTables() {
        http = new Http("http://127.0.0.1:" + port, clientTimeout());
        tables.truncate();
    }

    /** How long the client waits for an answer; a test whose requests wait on purpose waits longer. */
    protected Duration clientTimeout() {
        return Duration.ofSeconds(30);
    }

    /**
     * One registration through the whole path, then empty tables again: so that what a test times or bounds is not a
     * cold JVM's first request. On a busy machine that first request can itself miss a short CEP timeout (a 504), so it
     * is retried while the service answers 503/504, and fails the test on any other status.
     */
    protected void warmThePath() {
        assertThat(http.postJsonUntil(201, Duration.ofSeconds(60), "/v1/pessoas", () -> Http.pessoa(Cpfs.next(), "AQUECE", "01001000")).status())
                .isEqualTo(201);
        tables.truncate();
    }
}
