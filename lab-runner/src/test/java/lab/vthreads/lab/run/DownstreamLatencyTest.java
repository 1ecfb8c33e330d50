package lab.vthreads.lab.run;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.util.concurrent.atomic.AtomicInteger;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class DownstreamLatencyTest {

    /** What WireMock's admin client does with an I/O failure: throws it unchecked, as it is. */
    @SuppressWarnings("unchecked")
    private static <T extends Throwable> void throwUnchecked(Throwable t) throws T {
        throw (T) t;
    }

    @Test
    void aSwitchWhoseConnectionClosedWithoutAnAnswerIsAskedOnceMore() {
        AtomicInteger asked = new AtomicInteger();

        DownstreamLatency.switching(() -> {
            if (asked.incrementAndGet() == 1) throwUnchecked(new IOException("The target server failed to respond"));
        });

        assertThat(asked).hasValue(2);
    }

    @Test
    void aSecondLostAnswerFailsTheSwitchAndKeepsTheFirst() {
        AtomicInteger asked = new AtomicInteger();

        assertThatThrownBy(() -> DownstreamLatency.switching(() -> {
            asked.incrementAndGet();
            throwUnchecked(new IOException("The target server failed to respond"));
        })).isInstanceOf(IOException.class).satisfies(e -> assertThat(e.getSuppressed()).singleElement().isInstanceOf(IOException.class));
        assertThat(asked).hasValue(2);
    }

    @Test
    void aFailureThatIsNotTheConnectionsIsNotAskedAgain() {
        AtomicInteger asked = new AtomicInteger();

        assertThatThrownBy(() -> DownstreamLatency.switching(() -> {
            asked.incrementAndGet();
            throw new IllegalStateException("No CEP stub carries metadata lab.latency=cep");
        })).hasMessageContaining("No CEP stub");
        assertThat(asked).hasValue(1);
    }

    @Test
    void anIoFailureWrappedInAnUncheckedOneIsTheConnectionsToo() {
        assertThat(DownstreamLatency.lostConnection(new RuntimeException(new IOException("Connection reset")))).isTrue();
        assertThat(DownstreamLatency.lostConnection(new IllegalArgumentException("bad latency"))).isFalse();
    }
}
