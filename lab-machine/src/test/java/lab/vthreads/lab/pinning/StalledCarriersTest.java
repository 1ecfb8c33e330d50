package lab.vthreads.lab.pinning;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The fixture is cut from a real dump: spring-petclinic on virtual threads (JDK 25, two carriers) after a window that
 * served nothing, its carriers and a few of its 1,338 virtual threads kept as jcmd wrote them.
 */
class StalledCarriersTest {

    @TempDir
    Path dir;

    private static Path fixture() throws URISyntaxException {
        return Path.of(StalledCarriersTest.class.getResource("petclinic-stalled-carriers.json").toURI());
    }

    @Test
    void namesADeadlockWhenEveryCarrierIsBlocked() throws Exception {
        assertThat(StalledCarriers.read(fixture())).hasValueSatisfying(why -> assertThat(why)
                .startsWith("every carrier (2 of 2) blocked, a pinned virtual thread on each waiting for a monitor: a deadlock")
                .contains("java.lang.ClassLoader.loadClass(ClassLoader.java:537) (1)")
                .contains("org.springframework.boot.loader.jar.NestedJarFile.hasEntry(NestedJarFile.java:251) (1)")
                .doesNotContain("java.base/")
                .endsWith(StalledCarriers.NESTED_JAR_CLASS_LOADING));
    }

    @Test
    void theKnownCauseIsNamedOnlyWhereTheFramesMatchIt() throws Exception {
        // The same deadlock with the blocked threads' frames outside Spring Boot's loader: a deadlock, no cause named.
        Path elsewhere = Files.writeString(dir.resolve("elsewhere.json"), Files.readString(fixture()).replace("org.springframework.boot.loader.", "com.example.loader."));
        assertThat(StalledCarriers.read(elsewhere)).hasValueSatisfying(why -> assertThat(why)
                .startsWith("every carrier (2 of 2) blocked").doesNotContain("known cause"));
    }

    @Test
    void thePoolsTimerThreadIsNoCarrier() throws Exception {
        // JDK 25 keeps the scheduler's DelayScheduler (virtual threads' sleeps and timeouts) in the carriers' container,
        // WAITING however blocked the carriers are: as jcmd wrote it in a corpus application deadlocked at cold start.
        String dump = Files.readString(fixture());
        int worker = dump.lastIndexOf("{", dump.lastIndexOf("\"tid\"", dump.indexOf("\"ForkJoinPool-1-worker-1\"")));
        String timer = """
                {"tid": "60", "time": "2026-12-04T14:53:40Z", "name": "ForkJoinPool-1-delayScheduler", "state": "WAITING", "stack": [
                  "java.base/jdk.internal.misc.Unsafe.park(Native Method)",
                  "java.base/java.util.concurrent.DelayScheduler.loop(DelayScheduler.java:253)",
                  "java.base/java.util.concurrent.DelayScheduler.run(DelayScheduler.java:221)"]},
                """;
        Path withTimer = Files.writeString(dir.resolve("timer.json"), dump.substring(0, worker) + timer + dump.substring(worker));

        assertThat(StalledCarriers.read(withTimer)).hasValueSatisfying(why -> assertThat(why).startsWith("every carrier (2 of 2) blocked"));
    }

    @Test
    void provesTheDeadlockWhereEachWaitEndsAtAVirtualThreadWithoutACarrier() throws Exception {
        // The fixture's chain: carrier 46's thread waits on a jar file that tomcat-handler-0 holds, unmounted; carrier 49's
        // waits on a lock that carrier 46's thread holds.
        assertThat(StalledCarriers.proven(fixture())).isTrue();
    }

    @Test
    void provesNothingWhereTheOwnerIsOnACarrierOrNotNamed() throws Exception {
        String dump = Files.readString(fixture());
        int owner = dump.indexOf("\"tomcat-handler-0\"");
        // The same owner, mounted: it can run and let go.
        Path mounted = Files.writeString(dir.resolve("mounted.json"), dump.substring(0, owner) + "\"tomcat-handler-0\", \"carrier\": \"50\""
                + dump.substring(owner + "\"tomcat-handler-0\"".length()));
        assertThat(StalledCarriers.read(mounted)).as("still every carrier blocked").isPresent();
        assertThat(StalledCarriers.proven(mounted)).isFalse();
        // No owner named for the jar file's monitor (a platform thread's, say, that the dump left out).
        String jarFile = "org.springframework.boot.loader.net.protocol.jar.UrlNestedJarFile@74f0ea28";
        assertThat(dump.indexOf(jarFile)).as("owned before it is waited on").isLessThan(dump.indexOf("\"blockedOn\": \"" + jarFile));
        Path unnamed = Files.writeString(dir.resolve("unnamed.json"), dump.replaceFirst(java.util.regex.Pattern.quote(jarFile), "java.lang.Object@0"));
        assertThat(StalledCarriers.read(unnamed)).isPresent();
        assertThat(StalledCarriers.proven(unnamed)).isFalse();
    }

    @Test
    void oneCarrierFreeIsNoDeadlock() throws Exception {
        String dump = Files.readString(fixture());
        int carrier = dump.indexOf("\"ForkJoinPool-1-worker-2\"");
        int state = dump.indexOf("\"BLOCKED\"", carrier);
        Path free = Files.writeString(dir.resolve("free.json"), dump.substring(0, state) + "\"WAITING\"" + dump.substring(state + "\"BLOCKED\"".length()));
        assertThat(StalledCarriers.read(free)).isEmpty();
        assertThat(StalledCarriers.proven(free)).isFalse();
    }

    @Test
    void aDumpWithoutCarriersNamesNothing() throws IOException {
        Path none = Files.writeString(dir.resolve("none.json"), """
                {"threadDump": {"threadContainers": [{"container": "<root>", "threads": [
                  {"tid": "1", "name": "main", "state": "BLOCKED", "stack": ["java.base/java.lang.Object.wait0(Native Method)"]}]}]}}""");
        assertThat(StalledCarriers.read(none)).isEmpty();
    }
}
