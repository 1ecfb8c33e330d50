package lab.vthreads.lab.experiment;

import lab.vthreads.lab.measured.ExperimentResults;
import lab.vthreads.lab.process.StartFailure;
import lab.vthreads.lab.progress.Progress;
import lab.vthreads.lab.run.FirstRequests;
import lab.vthreads.lab.run.HangDumps;
import lab.vthreads.lab.run.ScenarioCheck;

import java.nio.file.Path;
import java.util.Map;

/**
 * An experiment's fresh pairs of JVMs and their first requests (each flow once by one user), judged across the pairs,
 * since whose fault a failure is depends on what the others got. A request that got no answer at all is the JVM's: it
 * hung, and its threads are dumped and read (a cold virtual-thread JVM can deadlock in class loading). A flow one pair
 * answered and another did not is the latter's. Only a scenario that every pair answered, none as the scenario expects,
 * is the scenario's to correct.
 */
final class ColdStarts {

    private boolean answeredOnce;
    private boolean hungOnce;
    private String answeredOtherwise;
    private Path firstCheck;

    /**
     * @param pair what the progress lines call the pair ("virtual-6u, repeat 1")
     * @return null where every request was answered as expected; else the pair's result, which stands for its cells
     */
    ExperimentResults.ColdStart judge(FirstRequests first, int repeat, Map<String, Long> pids, String pair, Path dir, Path resultsDirectory,
                                      Progress progress) {
        return switch (first) {
            case FirstRequests.Answered answered -> {
                answeredOnce = true;
                yield null;
            }
            case FirstRequests.AnsweredOtherwise otherwise -> {
                if (answeredOtherwise == null) {
                    answeredOtherwise = otherwise.reasons();
                    firstCheck = dir;
                }
                yield new ExperimentResults.ColdStart(repeat, false, otherwise.reasons(), Map.of(), Map.of());
            }
            case FirstRequests.Unanswered unanswered -> {
                hungOnce = true;
                HangDumps dumps = HangDumps.take(pids, pair + ": its first requests went unanswered (" + unanswered.reasons() + ")", "cold-start", dir,
                        resultsDirectory, progress);
                yield new ExperimentResults.ColdStart(repeat, true, unanswered.reasons(), dumps.files(), dumps.stalled());
            }
        };
    }

    /** @throws StartFailure where every pair answered the scenario's requests and none as the scenario expects */
    void requireScenarioServedSomewhere() {
        if (!answeredOnce && !hungOnce && answeredOtherwise != null) {
            throw new StartFailure(ScenarioCheck.scenarioFault(answeredOtherwise, firstCheck));
        }
    }
}
