package lab.vthreads.lab.report;

import lab.vthreads.lab.measured.ExperimentResults;

/** {@link Fixtures}'s experiment, for the tests outside this package that need a results folder to read. */
public final class GateFixtures {

    private GateFixtures() {
    }

    public static ExperimentResults experiment() {
        return Fixtures.experiment();
    }
}
