package lab.vthreads.pessoa.registration;

import org.springframework.stereotype.Component;

import java.util.concurrent.atomic.LongAdder;
import java.util.function.LongSupplier;

/**
 * The {@code Retry-After} for a request the database concurrency limit refused: how long refused clients should
 * wait so that they come back at about the rate the database work admits, not all at once.
 *
 * <p>A fixed 1 s did not work: with 1000 patient users and ~22 admissions a second, they came back ~100 times a
 * second, and refusing them cost the services more CPU than the admitted work (the pool preset's patient cell: 10.7
 * req/s against a 22 req/s pool bound). By Little's law the refused clients waiting out a Retry-After of W seconds
 * number L = R × W (R: refusals a second), and they return at L / W' with the next W'. So once a second W is scaled by
 * arrivals ÷ the admissions wanted (admitted + refused, ÷ 1.2 × admitted): a few refusals are kept, so the limit
 * stays full. The scale is bounded to ½–2 per second, W to 1–60 s, and without admissions at all W doubles.
 */
@Component
public class RetryAfterEstimate {

    /** Arrivals the estimate aims at, per admission: 20% over keeps the limit full with a few refusals. */
    static final double HEADROOM = 1.2;
    static final double MIN_SECONDS = 1, MAX_SECONDS = 60;
    private static final long INTERVAL_NANOS = 1_000_000_000L;

    private final LongAdder admitted = new LongAdder();
    private final LongAdder refused = new LongAdder();
    private final LongSupplier nanoTime;
    private long since;
    private volatile double seconds = MIN_SECONDS;

    RetryAfterEstimate() {
        this(System::nanoTime);
    }

    RetryAfterEstimate(LongSupplier nanoTime) {
        this.nanoTime = nanoTime;
        this.since = nanoTime.getAsLong();
    }

    /** A request entered the limited database work. */
    public void admitted() {
        admitted.increment();
    }

    /** A request was refused; returns the Retry-After (whole seconds, rounded up) to send it. */
    public long refused() {
        refused.increment();
        update();
        return (long) Math.ceil(seconds);
    }

    private synchronized void update() {
        long now = nanoTime.getAsLong();
        if (now - since < INTERVAL_NANOS) return;
        since = now;
        double in = admitted.sumThenReset(), out = refused.sumThenReset();
        double scale = in == 0 ? 2 : (in + out) / (HEADROOM * in);
        seconds = Math.clamp(seconds * Math.clamp(scale, 0.5, 2), MIN_SECONDS, MAX_SECONDS);
    }
}
