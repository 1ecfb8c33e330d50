package lab.vthreads.lab.model;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;
import static org.assertj.core.api.Assertions.within;

/** Little's law in front of a pool, against examples worked by hand. */
class RecommendedLimitTest {

    @Test
    void admitsWhatThePoolServesWithinTheTarget() {
        // 10 connections each held 440 ms: X = 10 ÷ 0.44 s = 22.73 req/s; within 1 s, N = 22.73 → 22 in the database
        // section: 10 holding, 12 waiting at most 1000 − 440 = 560 ms
        RecommendedLimit r = RecommendedLimit.of(10, 440, 1000);

        assertThat(r.throughput()).isCloseTo(22.727, within(0.001));
        assertThat(r.limit()).isEqualTo(22);
        assertThat(r.connectionTimeoutMs()).isCloseTo(560, within(1e-9));
        assertThat(r.reachable()).isTrue();
        assertThat(r.explanation()).contains("22.7 req/s", "a limit of 22", "12 waiting");
    }

    @Test
    void neverRecommendsFewerThanTheConnections() {
        // 2 ms held, 1 s target: X = 5,000 req/s, N = 5,000; a short hold: the limit is large, and never below the pool
        assertThat(RecommendedLimit.of(10, 2, 1000).limit()).isEqualTo(5000);
        // 100 ms held, target 150 ms: X = 100 req/s, N = 15 ≥ 10
        assertThat(RecommendedLimit.of(10, 100, 150).limit()).isEqualTo(15);
    }

    @Test
    void aTargetBelowTheHoldTimeCannotBeMet() {
        RecommendedLimit r = RecommendedLimit.of(10, 440, 300);

        assertThat(r.reachable()).isFalse();
        assertThat(r.limit()).isEqualTo(10);
        assertThat(r.connectionTimeoutMs()).isZero();
        assertThat(r.explanation()).contains("no limit meets it");
    }

    @Test
    void refusesNonsense() {
        assertThatIllegalArgumentException().isThrownBy(() -> RecommendedLimit.of(0, 10, 100));
        assertThatIllegalArgumentException().isThrownBy(() -> RecommendedLimit.of(10, 0, 100));
    }
}
