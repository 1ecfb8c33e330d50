package lab.vthreads.service.rejections;

import jakarta.servlet.RequestDispatcher;
import jakarta.servlet.http.HttpServletRequest;
import lab.vthreads.service.ProblemTypes;
import lab.vthreads.service.RequestIdFilter;
import org.springframework.boot.webmvc.error.ErrorController;
import org.springframework.http.HttpStatus;
import org.springframework.http.HttpStatusCode;
import org.springframework.http.MediaType;
import org.springframework.http.ProblemDetail;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;

import java.net.URI;

/**
 * The error page an error no handler answered is sent to (Spring Boot's {@code /error}), as a problem detail instead
 * of Boot's own JSON: for instance a form body Tomcat cannot decode, which fails while a filter reads its parameters
 * (the gateway's FormFilter does), before any exception handler could answer it. Nothing from the request's content
 * is echoed back.
 */
@RestController
public class ProblemDetailErrorController implements ErrorController {

    @RequestMapping("${server.error.path:${error.path:/error}}")
    ResponseEntity<ProblemDetail> error(HttpServletRequest request) {
        HttpStatusCode status = statusOf(request);
        ProblemDetail problem = status.is5xxServerError()
                ? ProblemTypes.problem(status, "internal-error", "Internal error",
                        "The request failed on the server; the request id identifies it in the logs.")
                : ProblemTypes.problem(status, ProblemDetailErrorReportValve.TYPE, reasonPhrase(status),
                        "The server rejected the request before the application read it.");
        if (request.getAttribute(RequestDispatcher.ERROR_REQUEST_URI) instanceof String path) {
            problem.setInstance(URI.create(path.replace(" ", "%20")));
        }
        Object requestId = request.getAttribute(RequestIdFilter.ATTRIBUTE);
        if (requestId != null) {
            problem.setProperty("requestId", requestId);
        }
        return ResponseEntity.status(status).contentType(MediaType.APPLICATION_PROBLEM_JSON).body(problem);
    }

    private static HttpStatusCode statusOf(HttpServletRequest request) {
        return request.getAttribute(RequestDispatcher.ERROR_STATUS_CODE) instanceof Integer code && code >= 400
                ? HttpStatusCode.valueOf(code) : HttpStatus.INTERNAL_SERVER_ERROR;
    }

    private static String reasonPhrase(HttpStatusCode status) {
        HttpStatus known = HttpStatus.resolve(status.value());
        return known != null ? known.getReasonPhrase() : "Client Error";
    }
}
