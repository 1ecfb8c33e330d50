package lab.vthreads.lab.cli;

import lab.vthreads.lab.report.ReadmeVerdict;
import lab.vthreads.lab.report.ResultsFiles;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

import java.nio.file.Path;
import java.util.concurrent.Callable;

@Command(name = "report", mixinStandardHelpOptions = true,
        description = "Writes summary.md and index.html again from a results folder's results.json (no measuring), checks "
                + "--expect against it, and with --readme writes its verdict table into a README.")
public final class ReportCommand implements Callable<Integer> {

    @Parameters(paramLabel = "RESULTS_DIR", description = "a folder written by ./lab run")
    Path directory;

    @Mixin
    ExpectOptions expect;

    @Option(names = "--readme", paramLabel = "FILE", description = "also write the run's verdict table, with its conditions, between the "
            + "generated-table markers of this Markdown file (the lab's README.md keeps the default's latest run there)")
    Path readme;

    @Override
    public Integer call() throws java.io.IOException {
        var results = ResultsFiles.read(directory.resolve("results.json"));
        var summary = ResultsFiles.write(directory, results);
        System.out.println("Wrote " + directory.resolve("summary.md") + " and " + directory.resolve("index.html"));
        if (readme != null) {
            ReadmeVerdict.write(readme, directory.toAbsolutePath().normalize().getFileName().toString(), results, summary);
            System.out.println("Wrote the verdict table into " + readme);
        }
        return expect.check(System.out, results, summary);
    }
}
