package lab.vthreads.reactive.support;

import org.junit.jupiter.api.Test;
import reactor.core.publisher.Mono;
import reactor.core.scheduler.Schedulers;

import java.time.Duration;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The check the service's tests rely on can fail: a sleep on a non-blocking thread is caught and recorded. */
class BlockHoundIsWatchingTest {

    @Test
    void aBlockingCallOnANonBlockingThreadIsCaughtAndRecorded() {
        NothingBlocksAnEventLoop.install();
        NothingBlocksAnEventLoop.BLOCKED.clear();

        assertThatThrownBy(() -> Mono.fromCallable(() -> {
            Thread.sleep(1);
            return "slept";
        }).subscribeOn(Schedulers.parallel()).block(Duration.ofSeconds(10))).hasMessageContaining("Blocking call");

        assertThat(NothingBlocksAnEventLoop.BLOCKED).singleElement().asString().contains("Thread.sleep");
        NothingBlocksAnEventLoop.BLOCKED.clear();
    }
}
