package lab.vthreads.lab.report;

import lab.vthreads.lab.measured.ExperimentResults;

/** {@link Fixtures}'s experiment, for the tests outside this package that need results folders to read. */
public final class GateFixtures {

    private GateFixtures() {
    }

    public static ExperimentResults experiment() {
        return Fixtures.experiment();
    }

    /** The same experiment with its virtual cell alone. */
    public static ExperimentResults virtualOnly() {
        return RunFixtures.experiment(java.util.List.of(Fixtures.experiment().cells().get(1)), true);
    }
}
