package lab.vthreads.pessoa.primes;

import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Timeout;
import lab.vthreads.infra.testsupport.Http;
import lab.vthreads.pessoa.support.ServiceTest;
import org.junit.jupiter.api.Test;
import org.springframework.boot.test.web.server.LocalServerPort;

import static org.assertj.core.api.Assertions.assertThat;

@ServiceTest
@Timeout(value = 3, unit = TimeUnit.MINUTES)
class CountPrimesIT {

    @LocalServerPort
    int port;

    @Test
    void countsThePrimesInTheRange() {
        Http http = new Http("http://127.0.0.1:" + port);

        // 25 primes up to 100; 1,229 up to 10,000; 7919 is the 1,000th prime, 7907 the 999th.
        assertThat(http.get("/v1/primes?from=1&to=100").json().get("count").asLong()).isEqualTo(25);
        assertThat(http.get("/v1/primes?from=1&to=10000").json().get("count").asLong()).isEqualTo(1229);
        assertThat(http.get("/v1/primes?from=7907&to=7919").json().get("count").asLong()).isEqualTo(2);
    }

    @Test
    void refusesARangeItWillNotComputeWithAProblem() {
        Http http = new Http("http://127.0.0.1:" + port);

        for (String query : new String[]{"from=10&to=5", "from=0&to=5", "from=1&to=2000000", "from=x&to=5", "to=5"}) {
            Http.Reply reply = http.get("/v1/primes?" + query);
            assertThat(reply.status()).as(query).isEqualTo(400);
            assertThat(reply.header("Content-Type")).as(query).startsWith("application/problem+json");
        }
    }
}
