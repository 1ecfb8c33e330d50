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
