package lab.vthreads.lab.report;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;

/** The report's static parts, read from the classpath and inlined, so a report opens offline. */
final class Assets {

    private static final String CHART_JS = "META-INF/resources/webjars/chart.js/4.5.1/dist/chart.umd.min.js";

    private Assets() {
    }

    static String css() {
        return read("lab/vthreads/lab/report/report.css");
    }

    static String reportScript() {
        return script(read("lab/vthreads/lab/report/report.js"));
    }

    static String chartJs() {
        return script(read(CHART_JS));
    }

    /** Safe inside a script element: nothing in it may close the element early. */
    private static String script(String js) {
        return js.replace("</script", "<\\/script");
    }

    private static String read(String resource) {
        try (InputStream in = Assets.class.getClassLoader().getResourceAsStream(resource)) {
            if (in == null) throw new IllegalStateException("Missing from the classpath: " + resource);
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
