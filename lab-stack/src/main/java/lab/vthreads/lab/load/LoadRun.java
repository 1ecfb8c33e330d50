package lab.vthreads.lab.load;

import java.util.List;

/**
 * What a load generator's run is for, which decides two things about its JVM: whether it may make the load generator's
 * AOT cache (a JVM that makes one records as it runs, so never in a window that is measured) and whether Gatling
 * writes its HTML report after the load (seconds of the load side's CPU, spent only where someone will open it).
 */
public enum LoadRun {

    /** A cell's measured window: its Gatling report is linked from the lab's report. */
    CELL(false, true),

    /** A window the lab measures for itself (a calibration's rates): read from the lab's own results, not browsed. */
    MEASURED_BY_THE_LAB(false, false),

    /** Load that nothing measures (a prewarm, a check, a start-up burst, a training run). */
    UNMEASURED(true, false),

    /** Load that nothing measures, whose Gatling report a test or a user opens (a smoke test's). */
    UNMEASURED_WITH_REPORT(true, true);

    private final boolean mayTrainCache;
    private final boolean htmlReport;

    LoadRun(boolean mayTrainCache, boolean htmlReport) {
        this.mayTrainCache = mayTrainCache;
        this.htmlReport = htmlReport;
    }

    public boolean mayTrainCache() {
        return mayTrainCache;
    }

    /** Gatling's own arguments for this kind of run: {@code --no-reports} where nobody opens the report. */
    List<String> gatlingArguments() {
        return htmlReport ? List.of() : List.of("--no-reports");
    }
}
