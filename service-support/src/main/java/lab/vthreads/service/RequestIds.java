package lab.vthreads.service;

import java.util.UUID;
import java.util.regex.Pattern;

/**
 * The {@code X-Request-Id} both services pass along, log and return, so a failed request can be followed from the
 * gateway into pessoa-service.
 */
public final class RequestIds {

    public static final String HEADER = "X-Request-Id";
    /** Where the id sits in the logging context; the services' log pattern prints it. */
    public static final String MDC_KEY = "requestId";

    // Anything else is replaced: the id lands in logs, and a client must not be able to forge log lines.
    private static final Pattern SAFE = Pattern.compile("[A-Za-z0-9._:-]{1,64}");

    private RequestIds() {
    }

    /** The client's id when it is safe to log, else a new one. */
    public static String acceptOrCreate(String incoming) {
        return incoming != null && SAFE.matcher(incoming).matches() ? incoming : UUID.randomUUID().toString();
    }
}
