package lab.vthreads.contract.suite;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.LoggerContext;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.classic.spi.ThrowableProxyUtil;
import ch.qos.logback.core.AppenderBase;
import org.slf4j.LoggerFactory;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * What the implementations running in this JVM logged at WARN and above, with their stack traces: a 5xx's answer says
 * only that the request failed, its cause is in the service's log. The properties send one request at a time, so what
 * was logged since a request was sent is that request's.
 */
final class ServerLog extends AppenderBase<ILoggingEvent> {

    private static final ServerLog INSTALLED = install();

    private final List<String> entries = new CopyOnWriteArrayList<>();

    private ServerLog() {
    }

    private static ServerLog install() {
        ServerLog log = new ServerLog();
        if (LoggerFactory.getILoggerFactory() instanceof LoggerContext logback) {
            log.setContext(logback);
            log.setName("generated-input-server-log");
            log.start();
            logback.getLogger(Logger.ROOT_LOGGER_NAME).addAppender(log);
        }
        return log;
    }

    /** Where the log stands now: what is logged after it is {@link #since}. */
    static int mark() {
        return INSTALLED.entries.size();
    }

    /** What was logged after {@code mark}, or a line saying nothing was (an implementation in another process logs there). */
    static String since(int mark) {
        // A copy first: a service may log on another thread while this reads, and a view of the list would then fail.
        List<String> all = List.copyOf(INSTALLED.entries);
        List<String> logged = all.subList(Math.min(mark, all.size()), all.size());
        return logged.isEmpty() ? "(nothing logged at WARN or above in the test JVM)" : String.join("\n", logged);
    }

    @Override
    protected void append(ILoggingEvent event) {
        if (!event.getLevel().isGreaterOrEqual(Level.WARN)) return;
        String thrown = event.getThrowableProxy() == null ? "" : "\n" + ThrowableProxyUtil.asString(event.getThrowableProxy());
        entries.add(event.getLevel() + " " + event.getLoggerName() + ": " + event.getFormattedMessage() + thrown);
    }
}
