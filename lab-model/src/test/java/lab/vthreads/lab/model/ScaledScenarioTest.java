package lab.vthreads.lab.model;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

class ScaledScenarioTest {

    @Test
    void keepsThePublishedRatioOfThreadBoundToCpuBound() {
        // The paper: 400 threads ÷ 0.2 s = 2,000 req/s against 3,230 req/s of CPU, ratio 0.619. Here: CPU bound 250 req/s and a
        // 0.2 s hold, so a thread bound of 154.8 req/s, i.e. round(154.8 × 0.2) = 31 threads; users × 31/400 = 0.0775.
        ScaledScenario s = ScaledScenario.of(2000, 3230, 400, List.of(100, 500, 1000), 250, 0.2);

        assertThat(s.ratio()).isCloseTo(2000.0 / 3230, within(1e-12));
        assertThat(s.tomcatThreads()).isEqualTo(31);
        assertThat(s.users()).containsExactly(8, 39, 78);
        assertThat(s.explanation()).contains("31 Tomcat threads", "[100, 500, 1000] → [8, 39, 78]");
        assertThat(s.publishedUsersFor(39)).isEqualTo(500);
    }

    @Test
    void neverScalesBelowOneThreadOrOneUser() {
        ScaledScenario s = ScaledScenario.of(1, 1000, 400, List.of(1), 10, 0.01);

        assertThat(s.tomcatThreads()).isEqualTo(1);
        assertThat(s.users()).containsExactly(1);
    }
}
