package lab.vthreads.lab.measured;

import org.junit.jupiter.api.Test;

import java.util.LinkedHashMap;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** Where a run's time went: each stage met adds up, in the stages' order, the rest is "other"; a stage that fails still counts. */
class StageClockTest {

    @Test
    void eachStageMetIsCountedInTheStagesOrderThenTheRest() throws Exception {
        StageClock clock = new StageClock();

        clock.time(StageClock.Stage.CELLS, () -> { });
        assertThat(clock.time(StageClock.Stage.PREWARM, () -> "warm")).isEqualTo("warm");
        clock.time(StageClock.Stage.CELLS, () -> { });

        assertThat(clock.seconds()).containsOnlyKeys("prewarms", "cells", "other");
        assertThat(clock.seconds().keySet()).containsExactly("prewarms", "cells", "other");
        assertThat(clock.seconds().values()).allSatisfy(seconds -> assertThat(seconds).isNotNegative());
    }

    @Test
    void aStageThatFailsIsCountedAndItsFailureGoesOn() {
        StageClock clock = new StageClock();

        assertThatThrownBy(() -> clock.time(StageClock.Stage.CALIBRATION, () -> {
            throw new IllegalStateException("too few samples");
        })).hasMessage("too few samples");

        assertThat(clock.seconds()).containsKey("calibration");
    }

    @Test
    void theLineGivesTheTotalThenTheLongestStageFirst() {
        Map<String, Double> seconds = new LinkedHashMap<>();
        seconds.put("prewarms", 150.4);
        seconds.put("cells", 190.0);
        seconds.put("infrastructure", 0.2);
        seconds.put("other", 9.6);

        assertThat(StageClock.describe(seconds)).isEqualTo("5 min 50 s in all: cells 3 min 10 s, prewarms 2 min 30 s, other 10 s");
        assertThat(StageClock.describe(null)).isNull();
    }
}
