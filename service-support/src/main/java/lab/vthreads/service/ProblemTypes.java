package lab.vthreads.service;

import org.springframework.http.HttpStatusCode;
import org.springframework.http.ProblemDetail;

import java.net.URI;

/**
 * The lab's RFC 9457 problem types: {@code urn:vthreads-lab:problem:<name>}, the same namespace in both services, so a
 * client can tell a gateway's {@code upstream-timeout} from pessoa-service's {@code cep-timeout} by type alone.
 */
public final class ProblemTypes {

    public static final String PREFIX = "urn:vthreads-lab:problem:";

    private ProblemTypes() {
    }

    public static URI of(String name) {
        return URI.create(PREFIX + name);
    }

    /** A problem of this type, status, title and detail. */
    public static ProblemDetail problem(HttpStatusCode status, String name, String title, String detail) {
        ProblemDetail problem = ProblemDetail.forStatusAndDetail(status, detail);
        problem.setType(of(name));
        problem.setTitle(title);
        return problem;
    }
}
