package lab.vthreads.infra.testsupport;

import java.util.stream.Stream;

/**
 * Requests Tomcat rejects before any of a service's code runs, byte for byte: service-support's TomcatRejectionsIT sends
 * each of them and expect an RFC 9457 problem detail back (service-support's ProblemDetailErrorReportValve).
 */
public final class TomcatRejections {

    /** The problem type every such answer carries. */
    public static final String PROBLEM_TYPE = "urn:vthreads-lab:problem:request-rejected";

    private TomcatRejections() {
    }

    /** What each request is, and its request line and headers, for a JUnit {@code @MethodSource}. */
    public static Stream<Object[]> requests() {
        return Stream.of(
                new Object[] {"a character the request line may not hold", "GET /v1/pessoas/{1} HTTP/1.1\r\nHost: 127.0.0.1"},
                new Object[] {"a space in the request target", "GET /v1/pessoas/a b HTTP/1.1\r\nHost: 127.0.0.1"},
                new Object[] {"a path that decodes to nothing valid", "GET /v1/pessoas/%zz HTTP/1.1\r\nHost: 127.0.0.1"},
                new Object[] {"headers larger than the server accepts",
                        "GET /v1/pessoas/count HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Padding: " + "x".repeat(20_000)});
    }

    /**
     * What is wrong with a service's answer to one of {@link #requests()}, or null when it is the problem detail it
     * must be: a 4xx, {@code application/problem+json}, this type and its own status in the body.
     */
    public static String whatIsWrong(RawHttp.Answer answer) {
        if (answer.status() < 400 || answer.status() > 499) return "status " + answer.status() + ", not a 4xx";
        String type = answer.header("Content-Type");
        if (type == null || !type.startsWith("application/problem+json")) return "Content-Type " + type + ", body: " + answer.body();
        if (!answer.body().contains("\"type\":\"" + PROBLEM_TYPE + "\"") || !answer.body().contains("\"status\":" + answer.status())) {
            return "not this problem: " + answer.body();
        }
        return null;
    }
}
