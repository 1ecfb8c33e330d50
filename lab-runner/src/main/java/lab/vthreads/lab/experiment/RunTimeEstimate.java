package lab.vthreads.lab.experiment;

import lab.vthreads.lab.plan.Cell;
import lab.vthreads.lab.plan.Preset;
import lab.vthreads.lab.plan.StackPlan;
import lab.vthreads.lab.prewarm.Prewarming;
import lab.vthreads.lab.prewarm.Prewarm;
import java.time.Duration;
import java.util.List;

/** Roughly how long a preset's cells take here, for the progress lines and the run's announcement. */
final class RunTimeEstimate {

    private final Preset preset;
    private final List<Cell> cells;

    RunTimeEstimate(Preset preset, List<Cell> cells) {
        this.preset = preset;
        this.cells = cells;
    }

    /** Roughly how long the measured runs take here, calibration aside. */
    Duration runs() {
        long stacks = 0;
        for (int repeat = 1; repeat <= preset.repeat(); repeat++) stacks += StackPlan.of(cells, repeat, !preset.hasFaults()).size();
        return Duration.ofSeconds(stacks * perStackSeconds() + (long) cells.size() * preset.repeat() * perRunSeconds());
    }

    /**
     * The start-up check: per kind of JVM with virtual threads and start, a fresh start, its burst's Gatling JVM and a
     * stop, about 18 s for an application of spring-petclinic's size on two cores. The platform kinds, its control,
     * start only once one of those hung, and a start that hangs adds its requests' timeout: neither is foreseen.
     */
    Duration startupChecks() {
        var kinds = StackPlan.of(cells, 1, true).stream().map(StackPlan.Group::first).toList();
        return Duration.ofSeconds((long) RepeatedStarts.Roles.of(kinds).subjects().size() * preset.startupChecks() * 18);
    }

    /**
     * A pair of services' start and stop (8-9 s here, from their AOT caches on both CPUs), and a prewarm with its own
     * Gatling JVM and drain where the preset asks for one: what a prewarm takes is what the services need, up to the
     * cap; the default preset's settled in 47-76 s here. Then the rehearsal of its first cell, as long as a measured run.
     */
    private long perStackSeconds() {
        return 12 + (preset.prewarmSeconds() > 0 ? Math.min(preset.prewarmSeconds(), 70) + 8 + withLatencySeconds() : 0)
                + (lab.vthreads.lab.prewarm.FirstCellRehearsal.rehearses(preset) ? perRunSeconds() : 0);
    }

    /** The second prewarm, with the cells' latency: its Gatling JVM, the least it lasts (it settles or stops at its cap), its drain. */
    private long withLatencySeconds() {
        boolean anyLatency = cells.stream().anyMatch(c -> !(c.factors().latency() instanceof lab.vthreads.infra.cep.CepLatency.None));
        return anyLatency ? 8 + Math.min(preset.prewarmSeconds(), (Prewarm.Rule.WITH_LATENCY.minSeconds() + Prewarming.WITH_LATENCY_SECONDS) / 2) : 0;
    }

    /** One measured run on services that are up: Gatling's JVM, the warm-up and measured seconds, the files. */
    private long perRunSeconds() {
        return 8 + preset.warmupSeconds() + preset.measuredSeconds();
    }

    /** The runs not done yet, and a share of the stacks' starts and prewarms in proportion. */
    Duration left(int runsDone) {
        long runs = (long) cells.size() * preset.repeat();
        long estimate = runs().toSeconds();
        return Duration.ofSeconds(runs == 0 ? 0 : estimate * Math.max(0, runs - runsDone) / runs);
    }
}
