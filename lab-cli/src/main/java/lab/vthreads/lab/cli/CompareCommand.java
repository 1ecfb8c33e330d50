package lab.vthreads.lab.cli;

import lab.vthreads.lab.report.ResultsFiles;
import lab.vthreads.lab.report.RunComparison;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;

import java.nio.file.Path;
import java.util.concurrent.Callable;

@Command(name = "compare", mixinStandardHelpOptions = true,
        description = "Two runs of one preset side by side, cell by cell (throughput, latency, CPU per request, heap and RSS, pinning), each "
                + "difference beyond the two runs' noise or not distinguishable, as Markdown on the standard output.")
public final class CompareCommand implements Callable<Integer> {

    @Parameters(index = "0", paramLabel = "RESULTS_A", description = "the first run's folder (before)")
    Path first;

    @Parameters(index = "1", paramLabel = "RESULTS_B", description = "the second run's folder (after)")
    Path second;

    @Override
    public Integer call() {
        RunComparison comparison;
        try {
            comparison = RunComparison.of(ResultsFiles.read(first.resolve("results.json")), ResultsFiles.read(second.resolve("results.json")));
        } catch (IllegalArgumentException e) {
            System.err.println("lab compare: " + e.getMessage());
            return 2;
        }
        System.out.print(comparison.markdown(first.getFileName().toString(), second.getFileName().toString()));
        return 0;
    }
}
