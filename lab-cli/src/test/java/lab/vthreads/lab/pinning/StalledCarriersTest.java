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
                .doesNotContain("java.base/"));
    }

    @Test
    void oneCarrierFreeIsNoDeadlock() throws Exception {
        String dump = Files.readString(fixture());
        int carrier = dump.indexOf("\"ForkJoinPool-1-worker-2\"");
        int state = dump.indexOf("\"BLOCKED\"", carrier);
        Path free = Files.writeString(dir.resolve("free.json"), dump.substring(0, state) + "\"WAITING\"" + dump.substring(state + "\"BLOCKED\"".length()));
        assertThat(StalledCarriers.read(free)).isEmpty();
    }

    @Test
    void aDumpWithoutCarriersNamesNothing() throws IOException {
        Path none = Files.writeString(dir.resolve("none.json"), """
                {"threadDump": {"threadContainers": [{"container": "<root>", "threads": [
                  {"tid": "1", "name": "main", "state": "BLOCKED", "stack": ["java.base/java.lang.Object.wait0(Native Method)"]}]}]}}""");
        assertThat(StalledCarriers.read(none)).isEmpty();
    }
}
