package lab.vthreads.lab.cli;

import lab.vthreads.lab.load.GatlingResults;
import lab.vthreads.lab.load.ClientResult;
import lab.vthreads.lab.load.ResultsMerge;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import tools.jackson.databind.node.ObjectNode;

import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;

@Command(name = "merge-results", mixinStandardHelpOptions = true,
        description = "Merges the results files of one load split over several load generators (-Dshards/-Dshard, or a "
                + "Kubernetes indexed Job's pods) into one: HdrHistograms added, counts and per-second series summed, and "
                + "the nothing-lost check over all of them.")
public final class MergeResultsCommand implements Callable<Integer> {

    @Option(names = "--out", required = true, paramLabel = "FILE", description = "where to write the merged results")
    Path out;

    @Parameters(paramLabel = "PART", arity = "2..*", description = "the parts' results files")
    List<Path> parts;

    @Override
    public Integer call() {
        ObjectNode merged = ResultsMerge.merge(parts);
        ResultsMerge.write(merged, out);
        ClientResult result = GatlingResults.read(out, 0);
        System.out.printf("Merged %d parts (starts %d ms apart) into %s: %.1f req/s in the hold window, p50 %.0f ms, p99 %.0f ms, %d KO%n",
                parts.size(), merged.get("startSpreadMs").asLong(), out, result.throughput(), result.latency().p50(), result.latency().p99(),
                result.ko());
        if (result.databaseDelta() < 0) {
            System.out.println("Nothing lost? not checked: a part could not read the count endpoint");
            return 0;
        }
        System.out.printf("Nothing lost? 201 responses: %d, new rows: %d%n", result.created201(), result.databaseDelta());
        return result.consistent() ? 0 : 2;
    }
}
