package lab.vthreads.lab.cli;

import lab.vthreads.lab.report.ResultsFiles;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Parameters;

import java.nio.file.Path;
import java.util.concurrent.Callable;

@Command(name = "report", mixinStandardHelpOptions = true,
        description = "Writes summary.md and index.html again from a results folder's results.json (no measuring), and checks "
                + "--expect against it.")
public final class ReportCommand implements Callable<Integer> {

    @Parameters(paramLabel = "RESULTS_DIR", description = "a folder written by ./lab run")
    Path directory;

    @Mixin
    ExpectOptions expect;

    @Override
    public Integer call() {
        var results = ResultsFiles.read(directory.resolve("results.json"));
        var summary = ResultsFiles.write(directory, results);
        System.out.println("Wrote " + directory.resolve("summary.md") + " and " + directory.resolve("index.html"));
        return expect.check(System.out, results, summary);
    }
}
