package lab.vthreads.lab.measured;

import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * A results.json written before schema 18, brought to today's shape before it is read, so that {@code ./lab report}
 * and {@code ./lab compare} read every kept run as one written now. Before 17 a file held the blocking cells'
 * calibration and the reactive service's in two fields, and a cell did not name its implementation: what served it
 * followed from its mode and from whether the run was an application's (its samples name a process {@code app}).
 * Before 18 a cell did not name its sample names: a user's application's figures were written as pessoa-service's,
 * and again as the gateway's, so its cells are read with pessoa-service's name in both places. Only here does a
 * file's reader still tell the kinds of system apart.
 * <p>
 * What each schema added, from 3 on:
 * 3: each run's {@code stack} and the prewarm's throughput; the file's {@code verdict} and {@code model} (ResultsFiles).
 * 4: each run's {@code sampling} (seconds taken and dropped) and the verdict's {@code thin} runs.
 * 5: the run's {@code identity} (machine and code) and each verdict level's {@code betweenRuns}.
 * 6: the reactive mode's cells. 7: the reactive service's own {@code reactiveCalibration}, the environment's {@code codeSizes}.
 * 8: each {@code model} row's queueing prediction, bound, knee and mean response times (ResultsFiles).
 * 9: each run's {@code stall}: a service that served nothing, with every virtual-thread carrier blocked.
 * 10: each run's {@code firstAttempt}: a window measured while the compilers were at work, replaced by a second attempt.
 * 11: each cell's {@code coldStarts}: a pair whose first requests went unanswered (or answered otherwise than on the
 * other pair), that mode's result in place of the cells it did not run; the verdict's {@code coldStarts}.
 * 12: the run's {@code startupChecks}: each kind of JVM started many times, cold, under a burst, and how many starts
 * hung; the preset's {@code startupChecks}; the verdict's {@code startups}.
 * 13: each run's {@code stack.launches}: how each service started (its JDK, and which AOT cache or why none).
 * 14: the run's {@code stageSeconds}: where its wall time went, stage by stage ({@link StageClock}).
 * 15: the environment's {@code applicationServer}: a user's application's HTTP server, Tomcat or another; each verdict
 * level's {@code aaMoved}: what the lab saw differ between its A/A copies.
 * 16: each start-up check start's {@code keptFrom}: a start an earlier run measured, kept for runs like it.
 * 17: {@code calibrations} by implementation, in place of {@code calibration} and {@code reactiveCalibration}; each
 * cell's {@code implementation}, whose calibration predicts it. Files written before are read as if written so.
 * 18: each cell's {@code sampleNames}, the names its services' figures carry in its samples: a user's application's
 * are {@code app.*}, where they were pessoa-service's (and, again, the gateway's) before; each run's {@code server}
 * figures named by the two places, {@code serverP95Ms} for {@code pessoaP95Ms} and so on. Files before 18 are read
 * with the names they were written under.
 * 19: each window's {@code machine.speedProbeMs} and the calibration's {@code saturatedProbeMs}: how long a fixed pass of
 * work took on the services' CPUs, the machine's speed then. Earlier files have neither (null).
 */
public final class EarlierResults {

    /** The implementations' names in files before 17, as {@link lab.vthreads.lab.stack.SystemUnderTest#implementation} gives them. */
    static final String LAB_SERVICE = "pessoa-service", REACTIVE_SERVICE = "pessoa-service-reactive", APPLICATION = "app",
            TARGET = "target";

    /** The name a user's application's figures carried in files before 18. */
    private static final String PESSOA = lab.vthreads.lab.metrics.SampleNames.LABS_OWN.server();

    private EarlierResults() {
    }

    /** {@code file} as schema 18 has it; a file of 18 or later as it is. */
    public static JsonNode upgraded(JsonNode file) {
        if (!(file instanceof ObjectNode results)) return file;
        boolean application = ranAnApplication(results);
        if (!file.has("calibrations")) to17(results, application);
        if (application) {
            for (JsonNode cell : results.path("cells")) {
                if (cell instanceof ObjectNode c && !c.has("sampleNames")) c.putObject("sampleNames").put("server", PESSOA).put("entry", PESSOA);
            }
        }
        return results;
    }

    private static void to17(ObjectNode results, boolean application) {
        String blocking = results.path("target").isObject() ? TARGET : application ? APPLICATION : LAB_SERVICE;
        ObjectNode calibrations = results.putObject("calibrations");
        JsonNode calibration = results.remove("calibration"), reactive = results.remove("reactiveCalibration");
        if (calibration != null && !calibration.isNull()) calibrations.set(blocking, calibration);
        if (reactive != null && !reactive.isNull()) calibrations.set(REACTIVE_SERVICE, reactive);
        for (JsonNode cell : results.path("cells")) {
            if (cell instanceof ObjectNode c && !c.has("implementation")) {
                c.put("implementation", "reactive".equalsIgnoreCase(c.path("mode").asString()) ? REACTIVE_SERVICE : blocking);
            }
        }
    }

    private static boolean ranAnApplication(ObjectNode results) {
        for (JsonNode cell : results.path("cells")) {
            for (JsonNode repeat : cell.path("repeats")) {
                if (repeat.path("processes").has(APPLICATION)) return true;
            }
        }
        return false;
    }
}
