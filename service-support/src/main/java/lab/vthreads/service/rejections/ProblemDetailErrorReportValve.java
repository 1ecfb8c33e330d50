package lab.vthreads.service.rejections;

import lab.vthreads.service.ProblemTypes;
import org.apache.catalina.connector.Request;
import org.apache.catalina.connector.Response;
import org.apache.catalina.valves.ErrorReportValve;
import org.springframework.http.HttpStatus;

import java.io.IOException;
import java.io.Writer;

/**
 * What Tomcat answers for a request it rejects before Spring sees it (a request line with characters RFC 9112 does
 * not allow, an encoded path Tomcat refuses, headers too large): an RFC 9457 problem detail, as every other error of
 * the API, instead of Tomcat's HTML page or an empty body. Tomcat, not the application, has to answer these: the
 * request never reached a servlet, and letting such paths through (relaxing Tomcat's checks) would open the
 * application to the traversal and smuggling tricks the checks exist for.
 *
 * <p>Errors the application handled itself already have a body, and are left as they are.
 */
public class ProblemDetailErrorReportValve extends ErrorReportValve {

    /** The problem type of every such rejection. */
    public static final String TYPE = "request-rejected";

    @Override
    protected void report(Request request, Response response, Throwable throwable) {
        int status = response.getStatus();
        // As Tomcat's own valve: not an error, an answer already written, or one already reported.
        if (status < 400 || response.getContentWritten() > 0 || !response.setErrorReported()) {
            return;
        }
        try {
            response.setContentType("application/problem+json");
            response.setCharacterEncoding("UTF-8");
            Writer writer = response.getReporter();
            if (writer != null) {
                writer.write(json(status));
                response.finishResponse();
            }
        } catch (IOException | IllegalStateException e) {
            // the connection is gone or the response committed meanwhile: nothing more can be said to this client
        }
    }

    /** The body, with no detail from the exception: what Tomcat disliked may echo the client's input. */
    static String json(int status) {
        HttpStatus known = HttpStatus.resolve(status);
        String title = known != null ? known.getReasonPhrase() : status < 500 ? "Client Error" : "Server Error";
        return "{\"type\":\"" + ProblemTypes.PREFIX + TYPE + "\",\"title\":\"" + title + "\",\"status\":" + status
                + ",\"detail\":\"The server rejected the request before the application saw it: the request line, path or headers "
                + "were malformed or too large.\"}";
    }
}
