package lab.vthreads.scenario;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;

/** One step of a flow: a request, or a pause. */
public sealed interface Step {

    /**
     * One HTTP request.
     *
     * @param name     the request's name in Gatling's report ({@code "GET /owners"} unless the file names it)
     * @param expect   the statuses that count as success
     * @param captures values taken from the answer for the flow's later steps
     */
    record Request(String name, String method, Template url, Map<String, Template> headers, Body body, Set<Integer> expect,
                   List<Capture> captures, int line) implements Step {

        public Request {
            headers = Map.copyOf(headers);
            expect = Set.copyOf(expect);
            captures = List.copyOf(captures);
        }

        public boolean succeeded(Integer status) {
            return status != null && expect.contains(status);
        }
    }

    /** A pause, as a user reading a page. */
    record Think(Duration duration) implements Step {
    }

    /** What the answer gives a later step: a header's value or a JSON path's, under the name {@code as}. */
    record Capture(Source source, String expression, String as) {
        public enum Source { HEADER, JSON }
    }
}
