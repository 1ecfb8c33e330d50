package lab.vthreads.lab.cli;

import lab.vthreads.lab.measured.ExperimentResults;
import lab.vthreads.lab.report.Expectation;
import lab.vthreads.lab.report.Summary;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.Option;
import picocli.CommandLine.TypeConversionException;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;

/** {@code --expect}: a run's gate for CI, parsed before anything starts, checked once the report is written. */
final class ExpectOptions {

    /** The exit code of a run, or a report, that contradicts an expectation: apart from 1 (failed) and 2 (refused). */
    static final int CONTRADICTED = 3;

    @Option(names = "--expect", paramLabel = "EXPRESSION", converter = Parser.class,
            description = "exit with status 3, saying why, when the run contradicts this (repeatable): 'virtual/platform >= 1.0 at 120' (the "
                    + "throughput ratio of the medians; without 'at', at every level), 'pinned == 0' (JFR's pinned events in every window), "
                    + "'errors == 0' (failed requests)")
    List<Expectation> expectations = new ArrayList<>();

    /** Prints each expectation's outcome; the exit code: 0 when all hold (or there are none), {@link #CONTRADICTED} otherwise. */
    int check(PrintStream out, ExperimentResults results, Summary summary) {
        boolean all = true;
        for (Expectation e : expectations) {
            Expectation.Outcome outcome = e.check(results, summary);
            out.println(outcome);
            all &= outcome.holds();
        }
        return all ? 0 : CONTRADICTED;
    }

    static final class Parser implements ITypeConverter<Expectation> {
        @Override
        public Expectation convert(String value) {
            try {
                return Expectation.parse(value);
            } catch (IllegalArgumentException e) {
                throw new TypeConversionException(e.getMessage());
            }
        }
    }
}
