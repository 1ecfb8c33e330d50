package lab.vthreads.lab.pinning;

import lab.vthreads.infra.testdata.Cpfs;
import lab.vthreads.infra.testsupport.Http;
import lab.vthreads.lab.process.StartFailure;
import lab.vthreads.lab.stack.Factors;
import lab.vthreads.lab.stack.FreePorts;
import lab.vthreads.lab.stack.ServiceJdk;
import lab.vthreads.lab.stack.RunningStack;
import lab.vthreads.lab.stack.StackSettings;
import lab.vthreads.lab.stack.ThreadMode;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.CleanupMode;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.stream.IntStream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * pessoa-service on JDK 21 with its CEP lookups inside synchronized, on virtual threads, as the pinning preset runs it:
 * the stack starts on that JDK and says so, the contract holds (201, one row each), and the service's own JFR
 * recording, dumped and read as a measured run does, has the pins, named by the frame that holds the monitor.
 * Skipped where no JDK 21 is installed (scripts/install-jdk21; CI installs one).
 */
@Timeout(value = 6, unit = TimeUnit.MINUTES)
class Jdk21PinningIT {

    static final Path HOME = Path.of("..").toAbsolutePath().normalize();

    @Test
    void synchronizedLookupsPinTheCarriersOfJdk21AndTheRecordingSaysWhere(@TempDir(cleanup = CleanupMode.ON_SUCCESS) Path run) throws Exception {
        ServiceJdk jdk21;
        try {
            jdk21 = ServiceJdk.resolve("21");
        } catch (StartFailure e) {
            Assumptions.abort("no JDK 21 installed: " + e.getMessage());
            return;
        }
        StackSettings settings = new StackSettings(ThreadMode.VIRTUAL, Factors.builder().jdk("21").cepLock("synchronized").cepLatency("fixed:30").build(),
                FreePorts.stack(), Map.of(), null, HOME, run);
        try (RunningStack stack = RunningStack.start(settings)) {
            assertThat(stack.rows()).filteredOn(r -> r.component() == StackSettings.Component.PESSOA).singleElement()
                    .satisfies(r -> assertThat(r.settings()).contains("JDK " + jdk21.version(), "each CEP lookup inside synchronized", "no AOT cache"));
            Http gateway = new Http("http://127.0.0.1:" + settings.ports().gateway(), Duration.ofSeconds(60));
            assertThat(gateway.postJsonUntil(201, Duration.ofSeconds(60), "/v1/pessoas", () -> Http.pessoa(Cpfs.next(), "AQUECE", "01001000")).status())
                    .isEqualTo(201);

            Instant from = Instant.now();
            List<CompletableFuture<Http.Reply>> replies = IntStream.range(0, 16).mapToObj(i -> CompletableFuture.supplyAsync(
                    () -> gateway.postJson("/v1/pessoas", Http.pessoa(Cpfs.next(), "PRESO", "01001000", "22041012")))).toList();
            for (CompletableFuture<Http.Reply> reply : replies) assertThat(reply.get(2, TimeUnit.MINUTES).status()).isEqualTo(201);
            Instant to = Instant.now();

            long pid = stack.processes().get(StackSettings.Component.PESSOA).pid();
            Map<String, ServicePinning> pinning = PinningWindow.read(Map.of("pessoa-service", pid), jdk21.jcmd().orElseThrow(), run, from, to);
            ServicePinning pessoa = pinning.get("pessoa-service");

            assertThat(pessoa.notRead()).isNull();
            // 16 requests × 2 lookups of 30 ms each, every one pinned (a few may end under the 1 ms threshold: none here).
            assertThat(pessoa.events()).isGreaterThanOrEqualTo(16);
            assertThat(pessoa.pinnedMs()).isGreaterThan(16 * 30.0);
            assertThat(pessoa.top().getFirst().frame()).contains("LegacyConnectionLock$Connection.callSynchronized");
        }
    }
}
