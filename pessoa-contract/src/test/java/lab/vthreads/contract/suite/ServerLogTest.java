package lab.vthreads.contract.suite;

import org.junit.jupiter.api.Test;
import org.slf4j.LoggerFactory;

import static org.assertj.core.api.Assertions.assertThat;

class ServerLogTest {

    @Test
    void givesWhatWasLoggedAtWarnAndAboveSinceTheMarkWithItsStackTrace() {
        LoggerFactory.getLogger("before").error("an earlier request's error");
        int mark = ServerLog.mark();
        LoggerFactory.getLogger("a.service.Advice").info("not a warning");
        LoggerFactory.getLogger("a.service.Advice").error("unexpected error", new IllegalStateException("the cause"));

        assertThat(ServerLog.since(mark)).contains("ERROR a.service.Advice: unexpected error", "java.lang.IllegalStateException: the cause",
                "ServerLogTest").doesNotContain("an earlier request's error", "not a warning");
    }

    @Test
    void saysSoWhereNothingWasLogged() {
        assertThat(ServerLog.since(ServerLog.mark())).isEqualTo("(nothing logged at WARN or above in the test JVM)");
    }
}
